"""A host opens a room, shares the link, two friends join, and the three play to the end."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .players import (
    Wire,
    add_bot,
    assert_offers_exactly,
    create_room,
    join,
    lobby_link,
    phase,
    run_bots,
    start,
)
from .shots import PHASES, Photographer

pytestmark = pytest.mark.browser
CHECKS_PER_PAGE = 8  # comparisons of a page's buttons with its legal actions


def creature_secrets(wire: Wire) -> list[str]:
    """What the Creature must never receive: a chosen Place (private event, you.played)."""
    problems = [text[:120] for text in wire.raw if "place_cards_chosen_by_you" in text]
    problems += [f"you.played at version {v}" for v, view in wire.views.items()
                 if "played" in (view.get("you") or {})]
    return problems


def test_three_players_play_a_whole_game(open_page: Callable[..., Page], artifacts: Path) -> None:
    host = open_page()
    wires = {host: Wire(host)}
    add_bot(host)
    create_room(host, "Morgan", hunted=2)
    link = lobby_link(host)
    host.click("#copy-link")
    expect(host.locator(".copy-status")).to_have_text("Copied!")
    assert host.evaluate("navigator.clipboard.readText()") == link

    ann, bob = open_page(None), open_page(None)
    for page, name in ((ann, "Ann"), (bob, "Bob")):
        wires[page] = Wire(page)  # before the page opens its socket
        add_bot(page)
        page.goto(link)
        join(page, name)
    pages = [host, ann, bob]
    for page in pages:  # everyone sees everyone seated and connected
        expect(page.locator("li.seat .dot.on")).to_have_count(3)
    start(host, pages)
    expect(host.locator("#seat-label")).to_have_text("Creature · Morgan")
    expect(ann.locator("#seat-label")).to_have_text("Hunted 1 · Ann")
    host.fill("#chat-input", "Good luck out there.")
    host.press("#chat-input", "Enter")
    expect(bob.locator("#chat")).to_contain_text("Morgan: Good luck out there.")

    # Each page clicks random offered actions when its player must decide. At its first
    # changes of phase it waits while we compare its buttons with its legal actions, and
    # while we photograph the Creature's and a Hunted's table in each phase.
    photos = Photographer(artifacts)
    roles = {host: "creature", ann: "hunted"}
    checks = dict.fromkeys(pages, 0)

    def on_pause(page: Page, status: dict[str, Any]) -> bool:
        view = wires[page].views.get(status["version"])
        if view is not None:
            assert_offers_exactly(status, view)
            checks[page] += 1
        if page not in roles:
            return checks[page] < CHECKS_PER_PAGE
        photos.see(roles[page], page, status["phase"])
        missing = set(PHASES) - {"over"} - photos.phases_of(roles[page])
        return checks[page] < CHECKS_PER_PAGE or bool(missing)

    clicks = run_bots(pages, 7, on_pause=on_pause)
    for page in pages:
        expect(page.locator("#end-title")).to_contain_text("win")
        assert phase(page) == "over", f"no end after {clicks} clicks"
    expect(host.locator("#rematch")).to_be_visible()  # the host may start a rematch
    expect(ann.locator("#rematch")).to_have_count(0)
    for page, role in roles.items():
        photos.see(role, page, "over")
        assert {"exploration", "hunting", "reckoning", "over"} <= photos.phases_of(role)
    assert sum(checks.values()) >= 2 * CHECKS_PER_PAGE, "offered actions rarely compared"
    errors = [m for wire in wires.values() for m in wire.messages if m["type"] == "error"]
    # Pages act at the same time, so a click may race another page's move: the server then
    # answers stale_version (or game_over, if that move ended the game) and sends the latest
    # view. Nothing else may be refused.
    assert [m for m in errors if m["code"] not in ("stale_version", "game_over")] == []
    assert wires[host].views, "the Creature's page received no view"
    assert not creature_secrets(wires[host])

    host.click("#rematch")  # a new game with the same seats
    for page in pages:
        expect(page.locator("#phase")).to_have_text("Exploration")
        expect(page.locator("#turn")).to_have_text("1")
        expect(page.locator("#end")).to_be_hidden()
