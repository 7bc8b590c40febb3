"""A phone-sized table (390 × 844): a bar of tabs keeps the table (prompt and board), the
hand, the players, the log and the chat one tap away, the page never scrolls sideways, and
every tile shows its name and what lies on it whole, in English and in French."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import pages_of
from .players import PAGE_TIMEOUT_MS, add_computer, create_room, lobby_link, start
from .samples import crowded_hand, samples
from .test_board import DRAW_TABLE_JS, tiles_cut

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
WIDE_JS = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def in_view(page: Page, selector: str) -> bool:
    """The element's top is inside the viewport (no scrolling needed to see it)."""
    return bool(page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
      return r.height > 0 && r.top >= 0 && r.top < window.innerHeight; }""", selector))


@pytest.mark.parametrize("creature", [False, True], ids=["hunted", "creature"])
def test_every_part_of_the_table_is_one_tap_away_on_a_phone(
        open_page: Callable[..., Page], creature: bool) -> None:
    page = open_page(viewport=PHONE)
    create_room(page, "Ann", hunted=2, creature=creature, bot_delay_ms=0)
    lobby_link(page)
    for seat in ((1, 2) if creature else (0, 2)):
        add_computer(page, seat)
    start(page, [page])
    # A new decision brings the player back to the table tab: let the first one come (the
    # computers move at once) before touring the tabs.
    expect(page.locator("body")).to_have_attribute("data-your-move", "1", timeout=PAGE_TIMEOUT_MS)
    tabs = page.locator("nav.tabbar button.tab")
    expect(tabs).to_have_text(["Table", "Hand", "Players", "Log", "Chat"])
    # The table first: the prompt and the board, with no sideways scroll.
    expect(page.locator("#actions")).to_be_visible()
    assert in_view(page, "#actions")
    expect(page.locator(".artemia")).to_be_visible()
    assert page.evaluate(WIDE_JS) <= 0

    shown = {"hand": "#hand", "players": "#players", "log": "#log", "chat": "#chat-input",
             "table": "#actions"}
    for tab, selector in [("hand", "#hand"), ("players", "#players"), ("log", "#log"),
                          ("chat", "#chat-input"), ("table", "#actions"), ("hand", "#hand")]:
        page.click(f"#tab-{tab}")  # one tap from wherever we are
        expect(page.locator(selector)).to_be_visible()
        assert in_view(page, selector), f"{selector} is below the fold on the {tab} tab"
        for other, hidden in shown.items():
            if other != tab and hidden != selector:
                expect(page.locator(hidden)).to_be_hidden()
        assert page.evaluate(WIDE_JS) <= 0, f"sideways scroll on the {tab} tab"
        expect(page.locator(f"#tab-{tab}")).to_have_attribute("aria-current", "page")


# The names whose text (its laid-out lines, whatever an ellipsis paints over them) runs past
# the side of its tile's content, into the padding or beyond.
NAMES_PAST_JS = """() => [...document.querySelectorAll(".artemia .tile")].filter((tile) => {
  const button = tile.querySelector(".place-button");
  const box = button.getBoundingClientRect();
  const style = getComputedStyle(button);
  const left = box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
  const right = box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
  const range = document.createRange();
  range.selectNodeContents(tile.querySelector(".place-name"));
  return [...range.getClientRects()].some((r) => r.width > 0
    && (r.left < left - 0.5 || r.right > right + 0.5)); // a half pixel of play
}).map((tile) => tile.querySelector(".place-name").textContent)"""


def crowded_board(variant: str) -> dict[str, Any]:
    """A Hunted's table (samples.py) whose every tile holds all its labels at once (Forbidden,
    its power failing, used, and its reserve in Frozen Lands) and the three Hunt tokens."""
    base = crowded_hand() if variant == "frozen-lands" else next(
        s for s in samples() if s["seat"] == 1 and s["view"]["outcome"] is None
        and s["view"]["config"]["variant"] == variant)
    view = copy.deepcopy(base["view"])
    places = list(range(1, 11))
    view["board"].update(forbidden=places, cataclysm=places, used_once=places,
                         tokens={kind: places for kind in ("creature", "artemia", "target")})
    if variant == "frozen-lands":
        view["board"]["reserve"] = {str(n): 2 for n in places}
    return {"seat": base["seat"], "view": view, "events": []}


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
@pytest.mark.parametrize("variant", ["base", "frozen-lands"])
def test_every_tile_shows_its_name_and_labels_whole_on_a_phone(
        browser: Browser, server: str, variant: str, locale: str) -> None:
    """A tile of the phone's board takes the height its content needs: its name (« Les Sources
    chaudes ») and its labels (« Pouvoir inactif ») wrap between words, never run past its
    sides, and a name's longest word is drawn small enough to fit whole ("Hummocks")."""
    with pages_of(browser, server, locale=locale) as open_:
        page = open_("/", viewport=PHONE)
        page.wait_for_selector("#main form")  # the home page is drawn: the table replaces it
        page.evaluate(DRAW_TABLE_JS, json.dumps(crowded_board(variant)))
        expect(page.locator(".artemia .tile")).to_have_count(10)
        assert not tiles_cut(page), tiles_cut(page)
        assert not page.evaluate(NAMES_PAST_JS), page.evaluate(NAMES_PAST_JS)
        assert page.evaluate(WIDE_JS) <= 0
