"""A pair of Place cards (a double play from The Fjord or The Aurora; the 2 that Phobia lets a
Hunted keep hidden) is chosen in the hand as at the table: the first card clicked is picked up,
a second one completes the pair; with The Fjord's "may play 2", the picked card can also be
played alone. A click never plays one card where the player meant two. The hands are the
engine's views (samples.first_exploration, samples.keeping_hidden), drawn without playing, as
test_board.py draws them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .samples import first_exploration, keeping_hidden
from .test_board import DRAW_TABLE_JS

pytestmark = pytest.mark.browser

ACTS = "() => window.sampleActs"


def draw(open_page: Callable[..., Page], place: str = "",
         sample: dict[str, Any] | None = None) -> Page:
    """Hunted 1's table with a double play from `place` pending (or `sample`), at 1280x800."""
    page = open_page("/")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_selector("#main form")  # the home page is drawn: the table now replaces it
    page.evaluate(DRAW_TABLE_JS, json.dumps(sample or first_exploration(place)))
    return page


def hand_card(page: Page, n: int) -> str:
    return f"#hand li.card[data-card='{n}'] button.card-play"


def test_the_first_card_is_picked_and_a_second_plays_both(open_page: Callable[..., Page]) -> None:
    """The Fjord: a click on The Ice Cave plays nothing and lifts it; a click on The Fjord then
    plays both, in one move."""
    page = draw(open_page, "fjord")
    expect(page.locator("#actions")).to_contain_text("Choose 1 or 2 Place cards")
    page.click(hand_card(page, 1))
    expect(page.locator("#hand li.card.picked")).to_have_attribute("data-card", "1")
    expect(page.locator("#hand .pair-hint")).to_contain_text("The Ice Cave picked")
    assert page.evaluate(ACTS) == []
    page.click(hand_card(page, 3))
    assert page.evaluate(ACTS) == [{"type": "PlayPlaceCards", "cards": [1, 3]}]


def test_the_fjord_lets_the_picked_card_be_played_alone_or_put_back(
    open_page: Callable[..., Page],
) -> None:
    """The picked card goes back at a second click on it, and "Play … alone" plays it alone."""
    page = draw(open_page, "fjord")
    page.click(hand_card(page, 2))
    page.click(hand_card(page, 2))
    expect(page.locator("#hand li.card.picked")).to_have_count(0)
    expect(page.locator("#hand .pair-hint")).to_have_count(0)
    page.click(hand_card(page, 4))
    page.click("#hand .pair-hint button:has-text('Play The Hummocks alone')")
    assert page.evaluate(ACTS) == [{"type": "PlayPlaceCards", "cards": [4]}]


def test_the_aurora_offers_no_card_alone(open_page: Callable[..., Page]) -> None:
    """The Aurora's 2 cards are a must: the prompt says 2, and the picked card has no play of
    its own."""
    page = draw(open_page, "aurora")
    expect(page.locator("#actions")).to_contain_text("Choose 2 Place cards")
    page.click(hand_card(page, 5))
    expect(page.locator("#hand .pair-hint")).to_contain_text("The Sled picked")
    expect(page.locator("#hand .pair-hint button:has-text('alone')")).to_have_count(0)
    page.click(hand_card(page, 2))
    assert page.evaluate(ACTS) == [{"type": "PlayPlaceCards", "cards": [2, 5]}]


def test_phobias_two_hidden_cards_are_picked_the_same_way(
        open_page: Callable[..., Page]) -> None:
    """Phobia: the first card clicked is picked, the second keeps both hidden."""
    sample = keeping_hidden()
    first, second = sample["view"]["you"]["hand"][:2]
    page = draw(open_page, sample=sample)
    page.click(hand_card(page, first))
    expect(page.locator("#hand .pair-hint")).to_contain_text("keep both hidden")
    assert page.evaluate(ACTS) == []
    page.click(hand_card(page, second))
    assert page.evaluate(ACTS) == [{"type": "KeepHidden", "cards": [first, second]}]
