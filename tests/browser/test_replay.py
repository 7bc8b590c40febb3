"""Replays in the browser: a finished game replayed from its link, stepped to
turn 1 and back to the end, ends on the same board as the live end screen; a running game's
replay link refuses."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .players import GAME_TIMEOUT_MS, add_bot, add_computer, create_room, lobby_link, start

pytestmark = pytest.mark.browser

# What must match between the live end screen and the replay's last step.
BOARD = ["ol.artemia", "div.tracks", "#hand"]


def finish_against_computers(host: Page, name: str, seed: int) -> str:
    """The host (the Creature, played by the in-page bot) and two computer Hunted play a
    whole game; returns the room's link."""
    add_bot(host)
    create_room(host, name, hunted=2, bot_delay_ms=0)
    link = lobby_link(host)
    add_computer(host, 1)
    add_computer(host, 2)
    start(host, [host])
    host.evaluate(f"window.__bot.pausing = false; window.__bot.start({seed})")
    expect(host.locator("#end-title")).to_contain_text("win", timeout=GAME_TIMEOUT_MS)
    host.evaluate("window.__bot.stop()")
    return link


def texts(page: Page) -> dict[str, str]:
    """The text of the board, the tracks and the hand, whichever of its wordings a layout
    draws: on the live table a crowded tile writes its labels as signs ("×2" for "Reserve 2",
    board.js `tightenTiles`), where the replay's tiles, as tall as their content, need not."""
    return {selector: page.locator(selector).first.text_content() or "" for selector in BOARD}


def test_a_finished_game_replays_from_its_link_to_the_same_final_board(
        open_page: Callable[..., Page], artifacts: Path) -> None:
    host = open_page()
    link = finish_against_computers(host, "Morgan", 31)
    live = texts(host)
    title = host.locator("#end-title").inner_text()

    host.click("#replay-link")
    host.wait_for_url(f"{link}/games/1")
    expect(host.locator("#replay")).to_be_visible()
    expect(host.locator("#replay-step")).to_have_text(re.compile(r"^0 / \d+$"))
    expect(host.locator("#turn")).to_have_text("1")
    expect(host.locator("#replay-view")).to_have_value("0")  # the host's own seat
    steps = int(host.locator("#replay-step").inner_text().split("/")[1])

    host.click("#replay-last")
    expect(host.locator("#replay-step")).to_have_text(f"{steps} / {steps}")
    expect(host.locator("#end-title")).to_have_text(title)
    assert texts(host) == live

    # Back to turn 1, move by move and turn by turn, then to the end again.
    host.select_option("#replay-turn", "1")
    expect(host.locator("#turn")).to_have_text("1")
    expect(host.locator("#replay-step")).to_have_text(f"0 / {steps}")
    host.click("#replay-next")
    host.click("#replay-next")
    expect(host.locator("#replay-step")).to_have_text(f"2 / {steps}")
    host.click("#replay-prev")
    expect(host.locator("#replay-step")).to_have_text(f"1 / {steps}")
    host.click("#replay-next-turn")
    expect(host.locator("#turn")).to_have_text("2")
    host.click("#replay-prev-turn")
    expect(host.locator("#turn")).to_have_text("1")
    while host.locator("#replay-next-turn").is_enabled():
        host.click("#replay-next-turn")
    expect(host.locator("#replay-step")).to_have_text(f"{steps} / {steps}")
    assert texts(host) == live

    # The whole table: every seat's cards face up.
    host.select_option("#replay-view", "table")
    expect(host.locator(".seat-hand")).to_have_count(3)
    host.screenshot(path=artifacts / "replay-table-desktop.png", full_page=True)
    # At the end, Play starts again from the first move (not yet loaded for this view).
    host.click("#replay-play")
    host.wait_for_function("(last) => { const step = Number(document.body.dataset.step);"
                           " return step > 0 && step < last; }", arg=steps)
    host.click("#replay-play")  # pause
    # Playing at a chosen speed moves on by itself.
    host.click("#replay-first")
    host.select_option("#replay-speed", "8")
    host.click("#replay-play")
    host.wait_for_function("() => Number(document.body.dataset.step) >= 3")
    host.click("#replay-play")  # pause
    expect(host.locator("#replay-play")).to_have_attribute("title", "Play")


def test_the_replay_link_of_a_running_game_refuses(open_page: Callable[..., Page]) -> None:
    host = open_page()
    create_room(host, "Morgan", hunted=2, bot_delay_ms=0)
    link = lobby_link(host)
    add_computer(host, 1)
    add_computer(host, 2)
    start(host, [host])
    expect(host.locator("#replay-link")).to_have_count(0)
    host.goto(f"{link}/games/1")
    expect(host.locator("#replay-refused")).to_contain_text("once it is over")
    expect(host.locator("ol.artemia")).to_have_count(0)
