"""A move you cannot miss and controls close at hand: the tab title and icon say "your move",
a card in hand is the control that plays it, the Creature hunts with the keyboard alone, and
the host's "Let a computer play" waits out the grace period with a countdown."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .players import (
    GAME_TIMEOUT_MS,
    add_computer,
    auto_pass_off,
    create_room,
    join,
    lobby_link,
    start,
)

pytestmark = pytest.mark.browser
IDLE_TITLE = "Not Alone Online"


def computers_around(page: Page, name: str, *, creature: bool, seats: tuple[int, ...]) -> None:
    """A room where `name` plays one seat and computers (no delay) play `seats`."""
    create_room(page, name, hunted=2, creature=creature, bot_delay_ms=0)
    lobby_link(page)
    for seat in seats:
        add_computer(page, seat)


def test_the_title_and_icon_say_your_move_and_a_card_in_hand_plays_it(
        open_page: Callable[..., Page]) -> None:
    ann = open_page()
    computers_around(ann, "Ann", creature=False, seats=(0, 2))
    assert ann.title() == IDLE_TITLE
    idle_icon = ann.get_attribute("link[rel=icon]", "href")
    start(ann, [ann])

    # Turn 1: Ann must choose a Place card. The tab says so, however she looks at it.
    expect(ann).to_have_title(re.compile(r"^● Your move"))
    expect(ann.locator("link[rel=icon]")).to_have_attribute("data-state", "move")
    assert ann.get_attribute("link[rel=icon]", "href") != idle_icon
    # The cards in her hand are the controls: clicking one plays it, face down (auto-pass off,
    # so the table waits for her at the next window instead of running on to turn 2).
    auto_pass_off([ann])
    card = ann.locator("#hand li.card.playable[data-card='2'] button.card-play")
    expect(card).to_have_accessible_description(re.compile(r"^Play The "))
    card.click()
    expect(ann.locator("#hand .face-down li.card[data-card='2']")).to_be_visible()
    expect(ann.locator("#log")).to_contain_text("You chose, face down.")


def test_the_creature_puts_its_token_with_the_keyboard_in_at_most_five_presses(
        open_page: Callable[..., Page]) -> None:
    host = open_page()
    computers_around(host, "Morgan", creature=True, seats=(1, 2))
    start(host, [host])
    # Auto-pass off: after the token, confirming the hunt stays the Creature's own decision even
    # when it holds no Hunting card (else the server confirms for it and no control is left).
    # Unchecked in one step that leaves no focus on the box: a hunt drawn meanwhile finds the
    # focus free (a box the player holds keeps it) and puts it on a place.
    host.evaluate("document.querySelector('#auto-pass').click()")
    expect(host.locator("div.auto-pass")).to_have_attribute("data-mode", "off")
    # Until the hunt, the Creature declines every card window (a click on the secondary Pass).
    ready = """() => {
      const prompt = document.querySelector('#actions[data-prompt]');
      if (prompt && prompt.dataset.prompt === 'hunt') return 'hunt';
      const decline = document.querySelector('button.act.decline:not([disabled])');
      return document.body.dataset.yourMove === '1' && decline ? 'window' : null;
    }"""
    while host.wait_for_function(ready, timeout=GAME_TIMEOUT_MS).json_value() != "hunt":
        host.evaluate("document.querySelector('button.act.decline').click()")
        host.wait_for_function("() => !document.body.dataset.busy")

    # The hunt: focus is already on a place; two arrows and Enter put the Creature token.
    presses = ["ArrowRight", "ArrowRight", "Enter"]
    expect(host.locator("button.place-button.act").first).to_be_focused()
    for key in presses:
        host.keyboard.press(key)
    expect(host.locator("li.place[data-place='3'] .token-creature")).to_be_visible()
    assert len(presses) <= 5
    # Focus lands on the next sensible control (another token's place, or Confirm the hunt).
    host.wait_for_function("""() => {
      const el = document.activeElement;
      return el && (el.matches('button.place-button.act') || el.matches('button.act.confirm'));
    }""")


RECORD_JS = """() => {
  window.__replace = [];
  const seen = () => {
    for (const b of document.querySelectorAll('button.replace')) {
      window.__replace.push([b.textContent, b.disabled]);
    }
  };
  new MutationObserver(seen).observe(document.body,
    { subtree: true, childList: true, characterData: true, attributes: true });
}"""


def test_let_a_computer_play_waits_for_the_grace_period_with_a_countdown(
        open_page: Callable[..., Page]) -> None:
    host = open_page()
    create_room(host, "Morgan", hunted=2, bot_delay_ms=0, take_over=False)
    link = lobby_link(host)
    add_computer(host, 2)
    ann = open_page(link)
    join(ann, "Ann")
    start(host, [host, ann])
    host.evaluate(RECORD_JS)

    ann.goto("about:blank")  # Ann drops
    replace = host.locator(".hunted-panel[data-seat='1'] button.replace")
    expect(replace).to_have_text("Let a computer play")  # once the grace period is over
    expect(replace).to_be_enabled()
    states = host.evaluate("window.__replace")
    assert states[0][1], f"offered at once: {states[:3]}"
    assert any(disabled and re.fullmatch(r"Let a computer play in \d+ s", text)
               for text, disabled in states), states
    replace.click()
    expect(host.locator(".hunted-panel[data-seat='1'] .badge.bot")).to_be_visible()
