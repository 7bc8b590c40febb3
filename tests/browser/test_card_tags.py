"""A tag on a card in the hand (its phase, « FIN DE TOUR », its symbol, a sheet's "once per
game") stays on one line and inside its card: on a narrow card (a crowded hand at 1280 px, its
cards at their minimum width) it is drawn smaller rather than wrapped over two lines, in
English and French. The hands are those of test_card_names.py, drawn without playing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .conftest import pages_of
from .test_board import DRAW_TABLE_JS
from .test_card_names import SIZES, hands

pytestmark = pytest.mark.browser

# Each tag of a card in the hand whose text takes more than one line, runs past its own box
# (to an ellipsis), or whose box is not wholly inside its card's border (the card clips what
# runs past it).
TAGS_CUT_JS = """() => [...document.querySelectorAll("#hand .card-meta > span")].flatMap((tag) => {
  const range = document.createRange();
  range.selectNodeContents(tag);
  const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
    .map((r) => Math.round(r.top))).size;
  const card = tag.closest(".card");
  const box = card.getBoundingClientRect();
  const edge = parseFloat(getComputedStyle(card).borderLeftWidth) - 0.5; // a half pixel of play
  const r = tag.getBoundingClientRect();
  const inside = r.left >= box.left + edge && r.right <= box.right - edge;
  const what = `"${tag.textContent}" on ${card.dataset.card || card.dataset.ability}`;
  const short = tag.scrollWidth > tag.clientWidth + 1;
  return [lines > 1 ? `${what}: ${lines} lines` : null, inside ? null : `${what}: cut`,
    short ? `${what}: ellipsis` : null].filter(Boolean);
})"""


def tags_cut(page: Page) -> list[str]:
    """The hand's card tags that wrap or run past their card (TAGS_CUT_JS)."""
    return list(page.evaluate(TAGS_CUT_JS))


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_no_tag_on_a_card_in_the_hand_wraps_or_is_cut(
        browser: Browser, server: str, locale: str) -> None:
    cut: set[str] = set()
    with pages_of(browser, server, locale=locale) as open_:
        page = open_("/", viewport=SIZES[0])
        page.wait_for_selector("#main form")  # the home page is drawn: the table replaces it
        sample: dict[str, Any]
        for sample in hands():
            page.set_viewport_size(SIZES[0])
            page.evaluate(DRAW_TABLE_JS, json.dumps(sample))
            page.wait_for_selector("#hand .card-name")
            for size in SIZES:
                page.set_viewport_size(size)
                where = f"{size['width']}x{size['height']}"
                cut |= {f"{where}: {tag}" for tag in tags_cut(page)}
    assert not cut, sorted(cut)
