"""A phone-sized table (390 × 844): a bar of tabs keeps the table (prompt and board), the
hand, the players, the log and the chat one tap away, and the page never scrolls sideways."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .players import PAGE_TIMEOUT_MS, add_computer, create_room, lobby_link, start

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
