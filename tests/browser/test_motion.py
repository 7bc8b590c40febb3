"""Moves you can see and hear: the table animates what happens unless the player asks for
reduced motion, sounds wait for a gesture and obey a remembered mute switch, the end screen
says who won and how and offers rematch and replay, and on a phone a new decision brings the
player to it, under a top bar of one row; the prompt never says "nothing to decide" beside a
control that still acts."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from .players import (
    GAME_TIMEOUT_MS,
    PAGE_TIMEOUT_MS,
    add_bot,
    add_computer,
    create_room,
    lobby_link,
    start,
    version,
)
from .samples import samples
from .shots import DESKTOP

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}

# The most animations running at once since the page loaded, sampled every frame.
COUNT_ANIMATIONS_JS = """(() => {
  window.__mostAnimations = 0;
  const sample = () => {
    window.__mostAnimations = Math.max(window.__mostAnimations, document.getAnimations().length);
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
})();"""

# Every state of the actions panel the page drew: its heading, its text, its live buttons.
# Every animation of the page has run its course (the end screen has risen).
SETTLED_JS = "() => document.getAnimations().every(a => a.playState !== 'running')"

WATCH_ACTIONS_JS = """(() => {
  window.__panels = [];
  const look = () => {
    const panel = document.getElementById("actions");
    if (!panel) return;
    const live = [...panel.querySelectorAll("button.act:not([disabled])")]
      .map((b) => b.innerText.trim());
    window.__panels.push({ head: (panel.querySelector("h2") || {}).innerText || "",
      text: (panel.querySelector(".prompt") || {}).innerText || "", live });
    if (panel.querySelector("#pass-until[aria-pressed='true']")) window.__passingUntil = true;
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
})();"""


# The board's tiles that the reveal stands over (their numbers).
COVERED_TILES_JS = """() => {
  const box = document.querySelector(".motion-layer .reveal").getBoundingClientRect();
  return [...document.querySelectorAll(".tile")].filter((tile) => {
    const r = tile.getBoundingClientRect();
    return r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right;
  }).map((tile) => Number(tile.dataset.place));
}"""

# The in-page player plays until the first reveal, and stops there.
STOP_AT_REVEAL_JS = """() => {
  new MutationObserver((_, watch) => {
    if (!document.querySelector(".motion-layer .reveal")) return;
    window.__bot.stop();
    watch.disconnect();
  }).observe(document.body, { childList: true, subtree: true });
  window.__bot.pausing = false;
  window.__bot.start(3);
}"""


def computers_around(page: Page, name: str, *, creature: bool) -> None:
    """A room where `name` plays one seat and two computers (no delay) the others."""
    create_room(page, name, hunted=2, creature=creature, bot_delay_ms=0)
    lobby_link(page)
    for seat in ((1, 2) if creature else (0, 2)):
        add_computer(page, seat)
    start(page, [page])


def turn(page: Page) -> int:
    return int(page.inner_text("#turn"))


def bot_plays_until(page: Page, done: str, seed: int, timeout: int = GAME_TIMEOUT_MS) -> None:
    """The in-page random player clicks for `page` until the JS condition `done` holds."""
    page.evaluate("seed => { window.__bot.pausing = false; window.__bot.start(seed); }", seed)
    page.wait_for_function(f"() => ({done})", timeout=timeout, polling=20)
    page.evaluate("window.__bot.stop()")
    assert page.evaluate("window.__bot.problem") is None


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_reduced_motion_turns_every_animation_off(
        open_page: Callable[..., Page], reduced: bool) -> None:
    page = open_page()
    page.emulate_media(reduced_motion="reduce" if reduced else "no-preference")
    add_bot(page)
    page.add_init_script(COUNT_ANIMATIONS_JS)
    computers_around(page, "Morgan", creature=True)
    # Two reveals, tokens placed, cards played, Will lost: whatever two turns bring.
    bot_plays_until(page, "Number(document.getElementById('turn').textContent) >= 3"
                    " || document.body.dataset.phase === 'over'", seed=7)
    motions = int(page.evaluate("Number(document.body.dataset.motions || 0)"))
    most = int(page.evaluate("window.__mostAnimations"))
    if reduced:
        assert motions == 0 and most == 0, f"{motions} motions, up to {most} animations at once"
        assert page.evaluate("document.getAnimations().length") == 0
    else:  # the same game with motion allowed does animate (the check above can fail)
        assert motions > 0 and most > 0, f"{motions} motions, up to {most} animations at once"


def test_the_reveal_turns_the_chosen_places_over_on_the_table(
        open_page: Callable[..., Page], artifacts: Path) -> None:
    """On a desktop the reveal stands over the hand, never over the board's tiles."""
    for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = open_page(viewport=viewport)
        add_bot(page)
        computers_around(page, "Morgan", creature=True)
        page.evaluate(STOP_AT_REVEAL_JS)
        reveal = page.locator(".motion-layer .reveal")
        expect(reveal).to_be_attached(timeout=GAME_TIMEOUT_MS)
        # One card per Hunted (turn 1: one Place card each), each turning over.
        expect(reveal.locator(".flip-card")).to_have_count(2)
        expect(reveal.locator(".reveal-who")).to_have_count(2)
        if size == "desktop":  # over the hand: the tiles lighting up as revealed stay in sight
            assert not page.evaluate(COVERED_TILES_JS), page.evaluate(COVERED_TILES_JS)
        page.wait_for_timeout(450)  # a photograph mid-turn, for people to look at
        page.screenshot(path=str(artifacts / f"motion-reveal-{size}.png"))
        # Then it clears the table by itself.
        expect(reveal).to_have_count(0, timeout=PAGE_TIMEOUT_MS)


def test_the_end_screen_says_who_won_how_and_offers_rematch_and_replay(
        open_page: Callable[..., Page], artifacts: Path) -> None:
    page = open_page()
    add_bot(page)
    computers_around(page, "Morgan", creature=True)
    bot_plays_until(page, "document.body.dataset.phase === 'over'", seed=21,
                    timeout=GAME_TIMEOUT_MS)
    end = page.locator("#end")
    expect(end).to_be_visible()
    expect(page.locator("#end-title")).to_have_text(re.compile(r"^The (Hunted win|Creature wins)$"))
    expect(end.locator(".verdict")).to_have_text(
        re.compile(r"^(Victory is yours\.|Defeat, this time\.)$"))
    expect(end.locator(".reason")).to_contain_text(re.compile(r"counter reached Victory"))
    expect(end.locator(".reason")).to_contain_text(re.compile(r"After \d+ turns?\."))
    expect(end.locator(".end-counter.reached")).to_have_count(1)  # the winners' counter
    expect(end.locator(".end-reveal .mini-card").first).to_be_visible()  # the last reveal
    expect(end.locator("#rematch")).to_be_enabled()
    expect(end.locator("#rematch-rotate")).to_be_enabled()
    expect(end.locator("#replay-link")).to_have_attribute("href", re.compile(r"^/r/.+/games/1$"))
    expect(end.locator("#score")).to_be_visible()  # the running score
    page.wait_for_function(SETTLED_JS)  # the screen has risen
    end.screenshot(path=str(artifacts / "motion-end-desktop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(artifacts / "motion-end-phone.png"), full_page=True)


def test_the_mute_switch_is_remembered_and_sound_waits_for_a_gesture(
        open_page: Callable[..., Page]) -> None:
    page = open_page()
    computers_around(page, "Ann", creature=False)
    page.reload()  # the table as a link opens it: no click on this page yet
    expect(page.locator("body")).to_have_attribute("data-your-move", "1")
    # Your move, but no gesture yet: no audio at all (the browser's autoplay rule).
    assert page.evaluate("document.body.dataset.audio") is None
    assert page.evaluate("document.body.dataset.sounds") is None
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-pressed", "true")
    sound.click()  # the gesture: sound off
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(sound).to_have_accessible_name("Sound off")
    page.reload()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    page.locator("#sound").click()  # on again: a short call says so
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    # At least that call: a decision arriving meanwhile (the computers play on) sounds too.
    page.wait_for_function("() => Number(document.body.dataset.sounds || 0) >= 1")
    page.reload()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")


def test_a_new_decision_brings_a_phone_player_to_it(open_page: Callable[..., Page]) -> None:
    page = open_page(viewport=PHONE)
    computers_around(page, "Ann", creature=False)
    expect(page.locator("body")).to_have_attribute("data-your-move", "1")
    # Ann plays her Place card from the Hand tab...
    page.click("#tab-hand")
    played_at = version(page)
    page.locator("#hand li.card.playable button.card-play").first.click()
    # ...and her next decision brings her back to the table, its prompt in view.
    page.wait_for_function("""v => Number(document.body.dataset.version) > v
      && document.body.dataset.yourMove === "1" && !document.body.dataset.busy""",
                           arg=played_at, timeout=GAME_TIMEOUT_MS)
    expect(page.locator("body")).to_have_attribute("data-tab", "table")
    expect(page.locator("#tab-table")).to_have_attribute("aria-current", "page")
    expect(page.locator("#actions")).to_be_in_viewport()
    # Looking at another tab while it is her move, the way back is over the tabs.
    page.click("#tab-log")
    call = page.locator("#decision-call")
    expect(call).to_be_visible()
    expect(call).to_have_text("Your move: back to the table")
    call.click()
    expect(page.locator("body")).to_have_attribute("data-tab", "table")
    expect(call).to_be_hidden()


ONE_ROW_JS = """() => {
  const bar = document.querySelector(".topbar");
  const parts = [...bar.querySelectorAll(".brand, #seat-label, .conn, #language, #sound, #notify")]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0);
  const phase = document.getElementById("phase");
  return { height: bar.getBoundingClientRect().height, parts: parts.length,
    oneRow: Math.max(...parts.map((r) => r.top)) < Math.min(...parts.map((r) => r.bottom)),
    right: Math.max(...parts.map((r) => r.right)), wide: bar.scrollWidth - bar.clientWidth,
    phase: phase.textContent, phaseFits: phase.scrollWidth <= phase.clientWidth,
    phaseShown: phase.getBoundingClientRect().width > 0,
    phasebar: document.querySelector(".phasebar").getBoundingClientRect().height };
}"""


@pytest.mark.parametrize("creature", [False, True], ids=["hunted", "creature"])
def test_the_phone_top_bar_is_one_row_and_the_phase_is_not_clipped(
        open_page: Callable[..., Page], artifacts: Path, creature: bool) -> None:
    page = open_page(viewport=PHONE)
    add_bot(page)
    computers_around(page, "Ann-Sophie Delacroix", creature=creature)
    seen = set()
    page.evaluate("seed => window.__bot.start(seed)", 5)
    while len(seen) < 3:  # Exploration (the longest word) and the phases after it
        status = page.evaluate("window.__bot.status()")
        if status["paused"] is None:
            page.wait_for_timeout(20)
            continue
        bar = page.evaluate(ONE_ROW_JS)
        assert bar["parts"] >= 5 and bar["oneRow"], bar  # every part crosses one line
        assert bar["height"] <= 56 and bar["wide"] <= 0 and bar["right"] <= PHONE["width"], bar
        assert bar["phaseShown"] and bar["phaseFits"], bar  # "Exploration", whole
        assert bar["phasebar"] <= 52, bar
        if bar["phase"] not in seen:
            page.screenshot(path=str(artifacts / f"motion-topbar-{bar['phase'].lower()}-phone.png"))
        seen.add(bar["phase"])
        page.evaluate("window.__bot.resume()")
    page.evaluate("window.__bot.stop()")
    assert "Exploration" in seen


def test_nothing_to_decide_never_stands_beside_a_live_control(
        open_page: Callable[..., Page]) -> None:
    page = open_page()
    add_bot(page)
    page.add_init_script(WATCH_ACTIONS_JS)
    computers_around(page, "Morgan", creature=True)
    page.click("#pass-until")  # the server passes for the Creature wherever Pass is offered
    # ... until a decision without a Pass: that may come at once, so the pressed button is
    # seen by the page's watcher, not looked for afterwards.
    page.wait_for_function("() => window.__passingUntil === true", polling=20)
    bot_plays_until(page, "Number(document.getElementById('turn').textContent) >= 3"
                    " || document.body.dataset.phase === 'over'", seed=11)
    panels = page.evaluate("window.__panels")
    nothing = re.compile(r"nothing to (decide|do)", re.I)
    contradictions = [p for p in panels if p["live"] and nothing.search(p["text"])]
    assert not contradictions, contradictions[:3]
    # While the server is about to pass, the words name the button still there to click
    # (unless the page is busy with a move in flight: then every button waits, disabled).
    passing = [p for p in panels if p["head"].lower() == "the server passes for you" and p["live"]]
    assert passing, "the server never passed for the Creature"
    for panel in passing:
        named = [label for label in panel["live"] if f"“{label}”" in panel["text"]]
        assert named or "until your next decision" in panel["text"], panel


# The actions panel of one sample table, drawn by the page's own modules: each drawn card's
# block, its text and its buttons.
DRAW_CHOICES_JS = """async (json) => {
  const sample = JSON.parse(json);
  const { Table } = await import("/js/table.js");
  const { setVariant, useCatalogue } = await import("/js/cards.js");
  // The modules as files (the page may run them bundled): they load their own catalogue.
  const { fetchCatalogue } = await import("/js/i18n.js");
  useCatalogue(await fetchCatalogue());
  setVariant(sample.view.config.variant);
  const room = { code: "SAMPLE", seat: sample.seat, names: {}, view: sample.view, version: 1,
    events: [], chat: [], presence: { seats: [], spectators: 0 },
    lobby: { game: { number: 1 }, options: {}, seats: [] },
    isHost: false, clockSeconds: null, autoPass: "off", armedToken: null, openLists: new Set(),
    autoPassing: () => false, yourMove: () => true, render() {}, act() {}, setAutoPass() {},
    replaceableAt: () => null };
  const table = new Table(room);
  table.render(true);
  return [...table.actions.querySelectorAll("[data-drawn]")].map((block) => ({
    card: block.dataset.drawn,
    text: block.querySelector(".card-text").textContent,
    buttons: [...block.querySelectorAll("button.act")].map((b) => b.textContent.trim()) }));
}"""


def test_a_drawn_survival_card_to_keep_shows_its_text(
        open_page: Callable[..., Page], server: str) -> None:
    def keeps(sample: dict[str, Any]) -> int:
        return sum(a["type"] == "KeepSurvivalCard" for a in sample["view"]["legal_actions"])

    drawn = next(s for s in samples() if keeps(s) >= 2)
    cards = httpx.get(f"{server}/api/catalogue/en").json()["survival_cards"]
    page = open_page("/")
    page.wait_for_selector("#main form")  # the catalogue is loaded
    blocks = page.evaluate(DRAW_CHOICES_JS, json.dumps(drawn))
    offered = [a["card"] for a in drawn["view"]["legal_actions"] if a["type"] == "KeepSurvivalCard"]
    assert sorted(b["card"] for b in blocks) == sorted(offered)
    for block in blocks:  # "Keep Double Back" stands under Double Back's own text
        assert block["text"] == cards[block["card"]]["text"], block
        assert block["buttons"] == [f"Keep {cards[block['card']]['name']}"], block
