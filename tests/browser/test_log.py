"""A log you can read: the seat's whole history comes from the server, so a reload still
shows turn 1; headings name each turn and phase, and runs of passes fold into one line."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest
from playwright.sync_api import Page, expect

from .players import GAME_TIMEOUT_MS, add_bot, add_computer, create_room, lobby_link, start

pytestmark = pytest.mark.browser
RECENT_ACTIONS = 30  # what a sync carries (app/server/sync.py)

LINES_JS = """() => [...document.querySelectorAll('#log > li')].map(
  li => [li.dataset.kind || li.className, li.textContent])"""


def test_after_a_reload_the_log_still_begins_with_turn_one(
        open_page: Callable[..., Page]) -> None:
    host = open_page()
    add_bot(host)
    create_room(host, "Morgan", hunted=2, bot_delay_ms=0, take_over=False)  # a reload is no leave
    lobby_link(host)
    add_computer(host, 1)
    add_computer(host, 2)
    start(host, [host])
    host.evaluate("window.__bot.pausing = false; window.__bot.start(3)")
    host.wait_for_function(f"() => Number(document.body.dataset.version) > {RECENT_ACTIONS + 15}",
                           timeout=GAME_TIMEOUT_MS)
    host.evaluate("window.__bot.stop()")
    first = host.evaluate(LINES_JS)[:4]

    host.reload()
    expect(host.locator("#phase")).to_be_visible()
    version = int(host.evaluate("Number(document.body.dataset.version)"))
    assert version > RECENT_ACTIONS, "the game is too short to leave the sync's window"
    log = host.locator("#log > li")
    expect(log.first).to_have_text("Turn 1")
    host.wait_for_function("n => document.querySelectorAll('#log > li').length >= n", arg=4)
    assert host.evaluate(LINES_JS)[:4] == first
    expect(host.locator("#log-more")).to_be_hidden()  # one page holds it all
    lines = host.evaluate(LINES_JS)
    headings = [text for kind, text in lines if kind == "phase_started"]
    assert "Turn 1 · Hunting" in headings and "Turn 2 · Exploration" in headings
    kinds = [kind for kind, _ in lines]
    assert all(a != b or a != "passed" for a, b in pairwise(kinds)), \
        "two pass lines in a row: runs of passes are not folded"
