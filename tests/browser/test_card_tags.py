"""A tag on a card in the hand (its phase, « FIN DE TOUR », its symbol, a sheet's "once per
game") stays on one line and inside its card: on a narrow card (a crowded hand at 1280 px, its
cards at their minimum width) it is drawn smaller rather than wrapped over two lines, in
English and French. The hands are those of test_card_names.py, drawn without playing."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .conftest import pages_of
from .test_card_names import SIZES, faults_in_hands

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


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_no_tag_on_a_card_in_the_hand_wraps_or_is_cut(
        browser: Browser, server: str, locale: str) -> None:
    with pages_of(browser, server, locale=locale) as open_:
        page = open_("/", viewport=SIZES[0])
        page.wait_for_selector("#main form")  # the home page is drawn: the table replaces it
        cut = faults_in_hands(page, TAGS_CUT_JS)
    assert not cut, sorted(cut)
