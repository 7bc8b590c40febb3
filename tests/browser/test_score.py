"""The running score in the browser: after a game and a rematch that rotates
the seats, the end screen shows both games, who was the Creature in each, and the wins."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .players import GAME_TIMEOUT_MS
from .test_replay import finish_against_computers

pytestmark = pytest.mark.browser


def test_the_score_after_two_games_and_a_rotated_rematch(
        open_page: Callable[..., Page], artifacts: Path) -> None:
    host = open_page()
    finish_against_computers(host, "Morgan", 41)
    first = host.locator("#end").get_attribute("class") or ""
    score = host.locator("#score")
    expect(score.locator("tbody tr")).to_have_count(1)
    expect(score.locator("tr[data-game='1'] .score-creature")).to_have_text("Morgan")

    # The next player becomes the Creature: Morgan moves to the last Hunted seat.
    host.click("#rematch-rotate")
    expect(host.locator("#seat-label")).to_contain_text("Hunted 2")
    expect(host.locator(".creature-panel")).to_contain_text("Bot 1")
    host.evaluate("window.__bot.start(42)")
    expect(host.locator("#end-title")).to_contain_text("win", timeout=GAME_TIMEOUT_MS)
    host.evaluate("window.__bot.stop()")

    expect(score.locator("tbody tr")).to_have_count(2)
    expect(score.locator("tr[data-game='2'] .score-creature")).to_have_text("Bot 1")
    winners = [row.get_attribute("data-winner") for row in score.locator("tbody tr").all()]
    assert f"winner-{winners[0]}" in first
    creature, hunted = winners.count("creature"), winners.count("hunted")
    expect(host.locator(".score-sides")).to_have_text(
        f"The Creature {creature} · the Hunted {hunted}")
    # Morgan was the Creature in game 1 and a Hunted in game 2.
    morgan = int(winners[0] == "creature") + int(winners[1] == "hunted")
    expect(score.locator("li[data-player='Morgan']")).to_contain_text(
        f"{morgan} {'win' if morgan == 1 else 'wins'}")
    link = score.locator("tr[data-game='1'] a").get_attribute("href") or ""
    assert link.endswith("/games/1") and host.url.endswith(link.removesuffix("/games/1"))
    # Every column, the replay links included, fits the end screen's side column.
    for size in ({"width": 1280, "height": 900}, {"width": 1366, "height": 768}):
        host.set_viewport_size(size)
        hidden = host.evaluate("(el) => el.scrollWidth - el.clientWidth",
                               score.element_handle())
        assert hidden <= 1, f"{hidden} px of the score hidden sideways at {size}"
        host.screenshot(path=artifacts / f"score-{size['width']}.png")
