"""Honest prompts: the table names only moves that exist now, says why an option
is closed, and every button states its whole cost, from the engine's view (`offers`,
`you.unavailable`) rather than from rules re-derived in the browser.

Tables are set up through the engine, and their views drawn with the page's own modules
(render_samples.js), in English.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from app.engine import GameState, view_for
from tests.engine.frozen_helpers import frozen_table, stage
from tests.engine.helpers import table
from tests.engine.test_abilities import stride_table

from .shots import DESKTOP

pytestmark = pytest.mark.browser
RENDER_JS = (Path(__file__).resolve().parent / "render_samples.js").read_text()


@pytest.fixture(scope="module")
def page(browser: Browser, server: str) -> Iterator[Page]:
    """One English page of the site, its modules loaded; uncaught errors fail the test."""
    context = browser.new_context(viewport=DESKTOP, base_url=server, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    page.wait_for_selector("#main form")
    yield page
    context.close()
    assert not errors, errors


def drawn(page: Page, state: GameState, seat: int) -> str:
    """Every text the table shows `seat` for this state, one per line."""
    sample = {"seat": seat, "view": view_for(state, seat), "events": []}
    [out] = json.loads(page.evaluate(RENDER_JS, json.dumps([sample])))
    return "\n".join(out["texts"])


def label_of(text: str, start: str) -> str:
    """The one drawn line that starts with `start` (a button's label)."""
    found = [line for line in text.splitlines() if line.startswith(start)]
    assert found, f"no line starts with {start!r} in:\n{text}"
    return found[0]


def test_turn_one_names_no_resist_and_says_why(page: Page) -> None:
    text = drawn(page, table(hunted=2), 1)
    assert "Choose a Place card to play face down." in text
    assert "Resist or Give Up" not in text and "You may Resist" not in text
    assert "No Resist: your discard pile holds no Place card to take back." in text
    assert "No Give Up: your Will is full" in text


def test_give_up_in_frozen_lands_states_its_token_and_assimilation(page: Page) -> None:
    state = frozen_table()
    stage(state, 1, [5], [1, 2, 3, 4], will=1)
    text = drawn(page, state, 1)
    assert "You may Resist or Give Up first." not in text  # Will 1: no Resist
    assert "You may Give Up first." in text
    give_up = label_of(text, "Give Up:")
    assert "Assimilation +1" in give_up and "you take 1 Contamination token" in give_up


def test_a_give_up_that_ends_the_game_says_so(page: Page) -> None:
    state = table(hunted=2)
    stage(state, 1, [5], [1, 2, 3, 4], will=1)
    state.assimilation = 1
    assert "this ends the game: the Creature wins" in label_of(drawn(page, state, 1), "Give Up:")


def test_long_stride_changes_resists_count(page: Page) -> None:
    assert label_of(drawn(page, stride_table(), 1), "Resist:") == (
        "Resist: lose 1 Will, take back 3 Places")
    assert label_of(drawn(page, stride_table(), 2), "Resist:") == (
        "Resist: lose 1 Will, take back 2 Places")



def test_a_window_with_nothing_playable_says_so(page: Page) -> None:
    text = drawn(page, table(hunted=1, hunt_cards=["detour"]), 0)  # Detour is a phase-3 card
    assert "Nothing you hold can be played in this Exploration window: pass." in text
    assert "You may play a Hunt card" not in text


def test_the_log_does_not_count_resists_places_itself(page: Page) -> None:
    state = stride_table()
    sample = {"seat": 2, "view": view_for(state, 2),
              "events": [{"seq": 1, "kind": "resisted", "data": {"hunted": 1, "will": 1}}]}
    [out] = json.loads(page.evaluate(RENDER_JS, json.dumps([sample])))
    [(_, line)] = out["log"]
    assert line == "Ann resisted: 1 Will to take back Places."  # Long Stride: 3, not 2
