"""Nobody waits on a ghost: when a player leaves, the others see the grace period run out, a
computer takes the seat by itself (the log says so) and plays for them until they return; the
returner is told what was played. The replay skips the passes the server made unless asked."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .players import GAME_TIMEOUT_MS, add_bot, add_computer, create_room, join, lobby_link, start

GAMES_FOR_AN_AUTOMATIC_PASS = 4  # games played at most to meet one automatic pass

pytestmark = pytest.mark.browser

# Every text the countdown of a player who left shows, in order, without repeats.
RECORD_JS = """() => {
  window.__away = [];
  const seen = () => {
    for (const el of document.querySelectorAll('.away-countdown')) {
      const text = el.textContent;
      if (window.__away[window.__away.length - 1] !== text) window.__away.push(text);
    }
  };
  new MutationObserver(seen).observe(document.body,
    { subtree: true, childList: true, characterData: true });
}"""
COUNTDOWN = re.compile(r"^Left — a computer (plays for them (soon|in \d+ s)|takes over…)$")
TAKEN_OVER = "Bob (Hunted 2) left — a computer plays for them until they return."


def test_the_table_plays_on_when_a_player_leaves(
        open_page: Callable[..., Page], artifacts: Path) -> None:
    host = open_page()
    create_room(host, "Morgan", hunted=2, bot_delay_ms=0)
    link = lobby_link(host)
    ann, bob = open_page(link), open_page(link)
    join(ann, "Ann")
    join(bob, "Bob")
    start(host, [host, ann, bob])
    for page in (host, ann):
        page.evaluate(RECORD_JS)

    bob.goto("about:blank")  # Bob leaves while the table waits on his Place card
    for page in (host, ann):  # nobody does anything: a computer takes his seat
        expect(page.locator("#log li.note[data-kind=taken-over]")).to_have_text(TAKEN_OVER)
        expect(page.locator(".hunted-panel[data-seat='2'] .badge.stand-in")).to_have_text(
            "computer until they return")
        texts = page.evaluate("window.__away")
        assert texts and all(COUNTDOWN.match(text) for text in texts), texts
        # The computer's move for him is in the log, marked as the computer's.
        expect(page.locator("#log li[data-by=computer]").first).to_have_text(
            re.compile(r"^Bob .+\. \(played by the computer\)$"))
    expect(host.locator(".away-countdown")).to_have_count(0)
    host.screenshot(path=artifacts / "take-over-host.png", full_page=True)

    bob.goto(link)  # the same link (and token): his seat again, and what was played for him
    expect(bob.locator("#seat-label")).to_have_text("Hunted 2 · Bob")
    expect(bob.locator("#log li.note[data-kind=played-for-you]")).to_contain_text(
        "While you were away, the computer played for you: Play ")
    expect(bob.locator("#log li.note[data-kind=played-for-you]")).not_to_contain_text("instead")
    for page in (host, ann):
        expect(page.locator("#log li.note[data-kind=back]")).to_have_text(
            "Bob (Hunted 2) is back and plays again.")
        expect(page.locator(".hunted-panel[data-seat='2'] .badge.bot")).to_have_count(0)
    bob.screenshot(path=artifacts / "take-over-returner.png", full_page=True)


def test_the_replay_skips_the_passes_the_server_made_unless_shown(
        open_page: Callable[..., Page], artifacts: Path) -> None:
    host = open_page()
    add_bot(host)  # the host is the Creature; the server passes for it when it holds nothing
    create_room(host, "Morgan", hunted=2, bot_delay_ms=0)
    link = lobby_link(host)
    add_computer(host, 1)
    add_computer(host, 2)
    start(host, [host])
    # The page's player leaves to the server every pass it is about to make for it. Whether
    # the Creature is ever left with Pass alone depends on the server's deal: a game without
    # such a moment is followed by a rematch (a few games at most).
    host.evaluate("window.__bot.pausing = false; window.__bot.leaveAutoPasses = true")
    auto_lines = host.locator("#log li.passes[data-by=auto]")
    for game in range(1, GAMES_FOR_AN_AUTOMATIC_PASS + 1):
        if game > 1:
            host.click("#rematch")
            expect(host.locator("#end")).to_be_hidden()
        host.evaluate(f"window.__bot.start({6 + game})")
        expect(host.locator("#end-title")).to_contain_text("win", timeout=GAME_TIMEOUT_MS)
        host.evaluate("window.__bot.stop()")
        if auto_lines.count():
            break
    # The live log folds the server's passes for the Creature on lines of their own.
    expect(auto_lines.first).to_contain_text("You passed automatically")

    host.goto(f"{link}/games/{game}")
    expect(host.locator("#replay-show-auto")).not_to_be_checked()
    index = host.evaluate("window.__replay.meta.index")
    automatic = [step for step, s in enumerate(index) if s["auto_pass"]]
    assert automatic, "the server never passed for the Creature"
    first = automatic[0]
    expect(host.locator("#replay-play")).to_have_text("▶ Play")
    expect(host.locator("#replay-next")).not_to_have_text("▶ Play")

    def from_before(step: int) -> int:
        """Go to the step before `step`, press Next, and return where it lands."""
        host.evaluate(f"window.__replay.goto({step - 1})")
        host.wait_for_function(f"() => document.body.dataset.step === '{step - 1}'")
        host.click("#replay-next")
        host.wait_for_function(f"() => document.body.dataset.step !== '{step - 1}'")
        return int(host.evaluate("document.body.dataset.step"))

    landed = from_before(first)
    assert landed > first and landed not in automatic, (first, landed)
    host.check("#replay-show-auto")
    assert from_before(first) == first
    expect(host.locator("#replay-action")).to_contain_text(" — automatic: ")
    host.screenshot(path=artifacts / "replay-automatic-pass.png", full_page=True)

    # Another seat's hand is headed with its name, never "your cards".
    host.select_option("#replay-view", "1")
    expect(host.locator("#hand h2").first).to_have_text("Bot 1's cards · Hunted 1")
