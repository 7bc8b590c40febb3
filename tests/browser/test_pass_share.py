"""Play that flows: three people play a complete base game (the Creature and two Hunted,
default settings, so the server passes for a seat that holds nothing it could play) through
clicks on cards and places, and the share of clicks that only decline (Pass, "Do nothing
here") is printed beside its goal, under 10 % (49 % before auto-pass).

The driver picks uniformly among the controls a person sees, so it declines a card window where
it holds cards as often as it plays one. When it declines a card window it does what the table
offers a player keeping their cards: one click on "Pass until my next decision" (itself counted
as a decline), after which the server passes the following windows for it. Declining with the
window's own Pass button instead measured 20.9 % without auto-pass and 10.2-18 % with it; with
"Pass until my next decision", 7.1, 12.5, 9.8, 8.8 and 7.5 % in five games (44 of 496 clicks,
8.9 %; what is left is mostly a place's "Do nothing here", which this driver picks as often as
the place's real options). One game is about 60 clicks, so its share is dice: at 8.9 % a game
declines 10 of 62 times (16 %) about once in 22 games. The assertion guards the level as a
statistician would: it fails when a game's declines are so many that, were the level still
8.9 %, so many would come less than once in a thousand games (auto-pass broken, 49 %, always
fails; declining with the window's Pass, about 21 %, fails about half the games)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .players import HANG_GUARD_SECONDS, PAGE_TIMEOUT_MS, create_room, join, lobby_link, start

pytestmark = pytest.mark.browser
GOAL = 0.10  # the goal, printed beside the measure
LEVEL = 44 / 496  # the share measured over five games (7.1-12.5 % each)
ODDS = 0.001  # a game this far above the level comes by chance less often than this
# A hang guard: every card window waits 0.5-1.5 s for the automatic passes, and a busy
# machine plays the whole game slowly.
GAME_SECONDS = 2 * HANG_GUARD_SECONDS

# The controls a player may click now, as a person sees them: cards and places first; a
# button of the row only when no card or place stands for the same action.
CONTROLS_JS = """() => {
  const body = document.body.dataset;
  if (body.busy || body.yourMove !== "1" || body.phase === "over") return null;
  const cards = [...document.querySelectorAll("button.card-play:not([disabled])")];
  const keys = new Set(cards.map((b) => b.dataset.key));
  const carded = new Set(cards.map((b) => b.dataset.card));
  const places = [...document.querySelectorAll("button.place-button.act:not([disabled])")];
  const row = [...document.querySelectorAll("#actions button.act:not([disabled])")].filter((b) => {
    const block = b.closest("[data-choices]");
    return !keys.has(b.dataset.key) && !(block && carded.has(block.dataset.choices));
  });
  window.__controls = [...cards, ...places, ...row];
  return window.__controls.map((b) => ({
    decline: b.classList.contains("decline"),
    choices: (b.dataset.key || "").startsWith("choices:") ? b.dataset.card : null,
    arms: (b.dataset.key || "").startsWith("arm:"),
    picks: (b.dataset.key || "").startsWith("pick:"),
  }));
}"""
# After a card that goes on places is picked: an edge between two tiles, else a tile (a pair's
# first place, then its second).
TILES = "button.edge:not([disabled])"
TILE = "button.place-button.target:not([disabled]):not(.picked)"
PICKED_JS = "() => !!document.querySelector('button.place-button.picked')"
# After the first card of a pair is picked in the hand: a second card, or its play alone.
PAIRS = "#hand button.card-play.picks:not([data-key^='pick:']), #hand .pair-hint button[data-key]"

AIM_JS = """([index, selector]) => {
  const button = selector ? document.querySelectorAll(selector)[index] : window.__controls[index];
  if (!button || !button.isConnected) return null;
  button.scrollIntoView({ block: "center", inline: "center" });
  const box = button.getBoundingClientRect();
  window.__aimedAt = document.body.dataset.version;
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}"""
# A card window (not a place's "Do nothing here"), with "Pass until my next decision" on offer.
KEEPING_JS = """() => document.querySelector("#actions").dataset.prompt === "window"
  && !!document.querySelector("#pass-until[aria-pressed='false']")"""
# Whether the click sent a move: the page is busy with it, or already shows its answer. A click
# the table redrew under (a teammate's move landed between the aim and the click) may send
# nothing, and a refused move leaves the version as it was: either way the player looks again.
SENT_JS = """() => !!document.body.dataset.busy
  || document.body.dataset.version !== window.__aimedAt"""
ANSWERED_JS = "() => !document.body.dataset.busy"
# Whether the page took "Pass until my next decision": the button shows it pressed, or the table
# moved on. Until the server's answer arrives the window still offers its controls, and a driver
# that looked again would count one decision's decline twice (more often the busier the machine).
UNTIL_TAKEN_JS = """() => !document.querySelector("#pass-until[aria-pressed='false']")
  || document.body.dataset.version !== window.__aimedAt"""


def chance_of_at_least(declines: int, clicks: int, share: float = LEVEL) -> float:
    """The chance that a game of `clicks` clicks declines `declines` times or more, were each
    click a decline with probability `share` (the binomial tail)."""
    return sum(math.comb(clicks, k) * share ** k * (1 - share) ** (clicks - k)
               for k in range(declines, clicks + 1))


def click(page: Page, index: int, selector: str | None = None) -> bool:
    """A real mouse click on a control; False if the table changed under the mouse."""
    point = page.evaluate(AIM_JS, [index, selector])
    if point is None:
        return False
    page.mouse.click(point["x"], point["y"])
    return True


def place_on_tiles(page: Page, rng: random.Random) -> int:
    """Click where a picked card goes (an edge, or one tile or two); the clicks made."""
    clicks = 0
    for _ in range(2):
        selector = TILES if page.locator(TILES).count() else TILE
        count = page.locator(selector).count()
        if not count or not click(page, rng.randrange(count), selector):
            return clicks
        clicks += 1
        if selector == TILES or not page.evaluate(PICKED_JS):
            return clicks
    return clicks


def take_a_turn(page: Page, rng: random.Random, tally: dict[str, int]) -> bool:
    """If this page's player must decide, click one of their controls at random (a card with
    several uses, then one of its uses; a pair's first card, then its second); count the clicks
    and the declines."""
    controls: list[dict[str, Any]] | None = page.evaluate(CONTROLS_JS)
    if not controls:
        return False
    pick = rng.randrange(len(controls))
    keeping = controls[pick]["decline"] and page.evaluate(KEEPING_JS)
    if keeping:
        clicked = click(page, 0, "#pass-until")  # keeps the cards: the server passes from now
    else:
        clicked = click(page, pick)
    if not clicked:
        return False
    if keeping:
        page.wait_for_function(UNTIL_TAKEN_JS, timeout=PAGE_TIMEOUT_MS, polling=20)
    tally["clicks"] += 1
    tally["declines"] += controls[pick]["decline"]
    tally["until"] += keeping
    if controls[pick]["arms"]:  # the card waits for its places on the board: click them
        tally["clicks"] += place_on_tiles(page, rng)
    elif controls[pick]["picks"]:  # the first card of a pair: a second one completes it
        count = page.locator(PAIRS).count()
        if not count or not click(page, rng.randrange(count), PAIRS):
            return True
        tally["clicks"] += 1
    elif controls[pick]["choices"]:  # the card led to its choices: pick one of them
        block = f"[data-choices='{controls[pick]['choices']}'] button.act:not([disabled])"
        count = page.locator(block).count()
        if not count or not click(page, rng.randrange(count), block):
            return True
        tally["clicks"] += 1
    if page.evaluate(SENT_JS):
        page.wait_for_function(ANSWERED_JS, timeout=PAGE_TIMEOUT_MS, polling=20)
    return True


def test_a_whole_base_game_needs_few_pass_clicks(open_page: Callable[..., Page]) -> None:
    host = open_page()
    create_room(host, "Morgan", hunted=2)
    link = lobby_link(host)
    ann, bob = open_page(link), open_page(link)
    join(ann, "Ann")
    join(bob, "Bob")
    pages = {"Creature": host, "Ann": ann, "Bob": bob}
    start(host, list(pages.values()))
    expect(ann.locator("#auto-pass")).to_be_checked()  # on by default

    rng = random.Random(10)
    tallies = {name: {"clicks": 0, "declines": 0, "until": 0} for name in pages}
    deadline = time.monotonic() + GAME_SECONDS
    while host.evaluate("document.body.dataset.phase") != "over":
        assert time.monotonic() < deadline, f"no end in {GAME_SECONDS} s: {tallies}"
        moved = False
        for name in rng.sample(list(pages), len(pages)):
            moved = take_a_turn(pages[name], rng, tallies[name]) or moved
        if not moved:
            time.sleep(0.05)
    for page in pages.values():
        expect(page.locator("#end-title")).to_contain_text("win")

    clicks = sum(t["clicks"] for t in tallies.values())
    declines = sum(t["declines"] for t in tallies.values())
    share = declines / clicks
    until = sum(t["until"] for t in tallies.values())
    per_player = ", ".join(f"{name} {t['clicks']}" for name, t in tallies.items())
    print(f"\nclicks per player: {per_player}; "
          f"Pass / 'Do nothing' clicks: {declines} of {clicks} = {share:.1%} "
          f"({until} of them 'Pass until my next decision')")
    chance = chance_of_at_least(declines, clicks)
    print(f"goal: under {GOAL:.0%}; at the level measured ({LEVEL:.1%}) a game declines this "
          f"often or more with a chance of {chance:.2%}")
    assert chance >= ODDS, f"{share:.0%} of the clicks only declined ({until} Pass until)"


def test_the_guard_fails_a_broken_auto_pass_and_passes_the_dice_of_one_game() -> None:
    assert chance_of_at_least(0, 62) == pytest.approx(1.0)
    assert chance_of_at_least(10, 62) > ODDS  # the 16 % game a busy machine once played
    assert chance_of_at_least(14, 62) < ODDS  # 23 %: more than one game's dice
    assert chance_of_at_least(30, 62) < 1e-9  # auto-pass broken (49 %)
