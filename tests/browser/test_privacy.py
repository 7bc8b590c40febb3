"""The Creature's page never holds a Hunted's chosen Place before the reveal."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, WebSocket, expect

from .players import create_room, join, lobby_link, play, start

pytestmark = pytest.mark.browser
REVEAL = "#log li[data-kind=place_cards_revealed]"


def leaks(payload: str | bytes) -> list[str]:
    """What a frame sent to the Creature must never hold."""
    text = payload if isinstance(payload, str) else payload.decode()
    found = ["place_cards_chosen_by_you"] if "place_cards_chosen_by_you" in text else []
    view = json.loads(text).get("view") or {}
    if "played" in (view.get("you") or {}):
        found.append("you.played")
    return found


def choose_a_place(hunted: Page) -> list[int]:
    """The Hunted plays the first Place card offered, with the keyboard; returns the card(s)."""
    expect(hunted.locator("#actions[data-prompt=explore]")).to_be_visible()
    button = hunted.locator(".group-place button.act").first
    cards: list[int] = json.loads(button.get_attribute("data-key") or "{}")["cards"]
    button.focus()
    hunted.keyboard.press("Enter")
    expect(hunted.locator("#hand .card.played")).to_have_count(len(cards))
    return cards


def assert_creature_sees_only_that_a_place_was_chosen(creature: Page) -> None:
    panel = creature.locator(".hunted-panel[data-seat='1']")
    expect(panel).to_contain_text("has chosen")
    assert creature.locator(".artemia .figure").count() == 0  # no Hunted figure on Artemia
    assert creature.locator(".card.played").count() == 0
    assert "Face down" not in creature.locator("body").inner_text()


def test_the_creature_never_sees_a_chosen_place_before_the_reveal(
        open_page: Callable[..., Page]) -> None:
    creature = open_page()
    frames: list[str | bytes] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(payload))

    creature.on("websocket", watch)
    create_room(creature, "Morgan", hunted=1)
    hunted = open_page(lobby_link(creature))
    join(hunted, "Ann")
    start(creature, [creature, hunted])
    pages, rng = [creature, hunted], random.Random(3)

    for turn in (1, 2):
        expect(creature.locator("#turn")).to_have_text(str(turn))
        choose_a_place(hunted)
        assert_creature_sees_only_that_a_place_was_chosen(creature)
        # The rest of the turn at random, up to the reveal: then the figure shows.
        play(pages, rng, max_steps=60,
             until=lambda _, turn=turn: creature.locator(REVEAL).count() >= turn)
        expect(creature.locator(REVEAL).nth(turn - 1)).to_contain_text("Reveal: Ann at")
        if creature.locator("#phase").get_attribute("data-phase") in ("reckoning", "end_of_turn"):
            # (with nothing to decide, the table may already have moved on to the next turn)
            expect(creature.locator(".artemia .figure")).not_to_have_count(0)
        # ... and on to the next turn's Exploration.
        play(pages, rng, max_steps=60,
             until=lambda states: states[0]["phase"] == "exploration")
        if creature.locator("#phase").get_attribute("data-phase") == "over":
            break

    assert frames, "no websocket frame reached the Creature's page"
    problems = [found for frame in frames for found in leaks(frame)]
    assert not problems, problems
