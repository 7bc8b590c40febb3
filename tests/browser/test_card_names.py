"""A card's name in the hand never breaks inside a word: on a narrow card (a crowded hand at
1280 px, its cards at their minimum width) a long single word ("Hummocks", "Interférences",
"Chaufferettes") is drawn smaller rather than split over two lines, in English and French, for
the Place cards, the Survival cards and the Hunt cards, and the sections' headings likewise.
The hands are sample tables (samples.py) drawn without playing, as test_board.py draws them."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from app.engine.catalogue import catalogue

from .conftest import pages_of
from .samples import crowded_hand, first_exploration, samples
from .test_board import BROKEN_WORDS_JS, DRAW_TABLE_JS

pytestmark = pytest.mark.browser

SIZES = ({"width": 1280, "height": 900}, {"width": 1280, "height": 800})

# Each word of a card's name or a section's heading in the hand that its lines split.
HAND_WORDS_BROKEN_JS = f"""() => ({BROKEN_WORDS_JS})("#hand .card-name, #hand .hand-section h3")"""


def _chunks(ids: list[str], size: int) -> Iterator[list[str]]:
    for i in range(0, len(ids), size):
        yield ids[i:i + size]


def hands() -> Iterator[dict[str, Any]]:
    """Crowded hands holding every Place card (both variants), every Survival card (three at a
    time beside the crowded Places) and every Hunt card (four at a time); and a first
    Exploration's hand, whose Place cards are buttons (a narrower box for the name)."""
    crowded = crowded_hand()
    yield crowded
    yield first_exploration()
    yield first_exploration("fjord")
    other = copy.deepcopy(crowded)
    other["view"]["you"].update(hand=[6, 7, 8, 10, 1], played=[2, 3])
    yield other
    base = next(s for s in samples() if s["seat"] == 1 and s["view"]["outcome"] is None
                and s["view"]["config"]["variant"] == "base" and s["view"]["role"] == "hunted")
    for hand, played in (([1, 2, 3, 4, 5], [6, 10]), ([6, 7, 8, 9, 10], [1, 3])):
        view = copy.deepcopy(base["view"])
        view["you"].update(hand=hand, played=played, survival_cards=["adrenaline"])
        yield {"seat": 1, "view": view, "events": []}
    for cards in _chunks(sorted(catalogue("en")["survival_cards"]), 3):
        sample = copy.deepcopy(crowded)
        sample["view"]["you"]["survival_cards"] = cards
        yield sample
    creature = next(s for s in samples() if s["seat"] == 0 and s["view"]["outcome"] is None
                    and s["view"]["config"]["variant"] == "frozen-lands")
    for cards in _chunks(sorted(catalogue("en")["hunt_cards"]), 4):
        view = copy.deepcopy(creature["view"])
        view["you"]["hunt_cards"] = cards
        yield {"seat": 0, "view": view, "events": []}


def faults_in_hands(page: Page, faults_js: str) -> set[str]:
    """What `faults_js` finds in each of the `hands` drawn at each of SIZES, with the size."""
    found: set[str] = set()
    for sample in hands():
        page.set_viewport_size(SIZES[0])
        page.evaluate(DRAW_TABLE_JS, json.dumps(sample))
        page.wait_for_selector("#hand .card-name")
        for size in SIZES:
            page.set_viewport_size(size)
            where = f"{size['width']}x{size['height']}"
            found |= {f"{where}: {fault}" for fault in page.evaluate(faults_js)}
    return found


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_no_card_name_in_the_hand_breaks_inside_a_word(
        browser: Browser, server: str, locale: str) -> None:
    with pages_of(browser, server, locale=locale) as open_:  # fails on the pages' JS errors
        page = open_("/", viewport=SIZES[0])
        page.wait_for_selector("#main form")  # the home page is drawn: the table replaces it
        broken = faults_in_hands(page, HAND_WORDS_BROKEN_JS)
    assert not broken, sorted(broken)
