"""Artemia is the board and the hand is at hand: at 1280x800 and 1366x768 the prompt, the
board and one's hand fit in the viewport for either role in every phase (base game and Frozen
Lands), a hand too full for one row taking a second, and the Creature places its token and
plays Mirage and Scream by clicking tiles."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import pages_of, serve
from .players import (
    GAME_TIMEOUT_MS,
    add_computer,
    auto_pass_off,
    create_room,
    join,
    lobby_link,
    play,
    settle,
    start,
    version,
)
from .samples import crowded_hand, first_exploration, samples

pytestmark = pytest.mark.browser

# Every game of the seeded server is dealt from this seed: the Creature's first Hunt cards are
# Mirage, Cataclysm and Scream (whatever the number of Hunted).
SEED = 32
SIZES = ({"width": 1280, "height": 800}, {"width": 1366, "height": 768})
PHONE = {"width": 390, "height": 844}
PARTS = ("#actions", "section.board", "#hand")
PHASES = ("exploration", "hunting", "reckoning", "end_of_turn")
GAMES = 3  # games played at most to see every phase's window for both roles
# Counts the clicks that land on a list button (button.act, not a tile) rather than on the board.
COUNT_LIST_CLICKS = """() => {
  window.__listClicks = 0;
  document.addEventListener("click", (e) => {
    const list = e.target.closest && e.target.closest("button.act:not(.place-button)");
    if (list) window.__listClicks += 1;
  }, { capture: true });
}"""

# Draws one sample table of samples.py in the page, where a room draws its table (#main, the
# variant on the body), with the page's own modules: its layout can then be measured at any size
# without playing a game up to it (as render_samples.js draws the samples for their words).
DRAW_TABLE_JS = """async (json) => {
  const sample = JSON.parse(json); // one string: far quicker through the driver than objects
  const { Table } = await import("/js/table.js");
  const { setVariant, useCatalogue } = await import("/js/cards.js");
  const { fill } = await import("/js/dom.js");
  // The modules as files: the page may run them bundled, so these copies load their own
  // catalogue of the material's words, as main.js does.
  const { fetchCatalogue } = await import("/js/i18n.js");
  useCatalogue(await fetchCatalogue());
  setVariant(sample.view.config.variant);
  const names = { 0: "Morgan", 1: "Ann", 2: "Bob", 3: "Cleo", 4: "Dan", 5: "Eve", 6: "Finn" };
  const seats = Object.keys(names).map(Number).slice(0, sample.view.config.hunted + 1);
  const room = {
    code: "SAMPLE", token: null, seat: sample.seat, names, view: sample.view, version: 1,
    events: sample.events, chat: [], presence: { seats, spectators: 0 },
    lobby: {
      game: { number: 1 }, options: { variant: sample.view.config.variant, clock_seconds: 60 },
      seats: seats.map((seat) => ({ seat, name: names[seat], host: seat === 0, bot: null,
        away: false })),
    },
    isHost: false, clockSeconds: 60, autoPass: "when_nothing", armedToken: null,
    armedCard: null, pickedPlace: null, openLists: new Set(), autoPassing: () => false,
    yourMove: () => true, render() {},
    act(action) { window.sampleActs.push(action); }, armCard() {}, setAutoPass() {},
    pickPlace(n) { this.pickedPlace = n; this.table.render(true); }, replaceableAt: () => null,
    replaceSeat() {}, rematch: async () => {},
  };
  window.sampleActs = []; // what the player played, in order
  window.sampleRoom = room; // a test may draw another view on the same table
  Object.assign(document.body.dataset, { variant: sample.view.config.variant,
    phase: sample.view.phase, seat: String(sample.seat), yourMove: "1" });
  const table = new Table(room);
  room.table = table;
  fill(document.getElementById("main"), table.root);
  table.render(true);
}"""


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose every game is dealt from SEED."""
    with serve(tmp_path_factory.mktemp("seeded-server"), seed=SEED) as base:
        yield base


@pytest.fixture
def open_seeded(browser: Browser, seeded: str) -> Iterator[Callable[..., Page]]:
    """Open pages of the seeded server, as `open_page` does."""
    with pages_of(browser, seeded) as open_:
        yield open_


def outside(page: Page) -> list[str]:
    """The parts of the table whose box is not wholly inside the viewport (or not shown), or
    that hide some of their content sideways (a card of the hand scrolled out of sight); then
    the sections of the hand whose content is wider than they are, once nothing moves (a card
    played slides from one section to another, outside both on its way: motion.js)."""
    return list(page.evaluate("""async (parts) => {
      const sideways = (el) => el.scrollWidth > el.clientWidth + 1;
      const misfits = parts.filter((sel) => {
        const el = document.querySelector(sel);
        if (!el || el.hidden) return true;
        const r = el.getBoundingClientRect();
        return !r.width || !r.height || r.top < 0 || r.left < 0
          || r.bottom > innerHeight || r.right > innerWidth || sideways(el);
      });
      const moving = () => document.getAnimations().filter((a) => a.playState === "running"
        && a.effect && a.effect.getComputedTiming().endTime !== Infinity);
      while (moving().length) await Promise.all(moving().map((a) => a.finished.catch(() => null)));
      const sections = [...document.querySelectorAll("#hand .hand-section")].filter(sideways);
      return misfits.concat(sections.map((el) => `#hand .${[...el.classList].join(".")}`));
    }""", list(PARTS)))


def fits_everywhere(page: Page) -> dict[str, list[str]]:
    """At each desktop size: the parts that do not fit (none, when the table fits)."""
    out = {}
    for size in SIZES:
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        out[f"{size['width']}x{size['height']}"] = outside(page)
    page.set_viewport_size(SIZES[0])
    return out


@pytest.mark.parametrize("variant", ["base", "frozen-lands"])
def test_prompt_board_and_hand_fit_the_screen_in_every_phase_for_both_roles(
        open_page: Callable[..., Page], variant: str) -> None:
    host, ann = open_page(), open_page()
    hunted = 3 if variant == "frozen-lands" else 2
    create_room(host, "Morgan", hunted=hunted, variant=variant, bot_delay_ms=0)
    link = lobby_link(host)
    ann.goto(link)
    join(ann, "Ann")
    for seat in range(2, hunted + 1):
        add_computer(host, seat)
    start(host, [host, ann])
    auto_pass_off([host, ann])  # every window waits for a click: each phase can be looked at
    roles = {"creature": host, "hunted": ann}
    seen: dict[tuple[str, str], dict[str, list[str]]] = {}

    def look(states: list[dict[str, Any]]) -> bool:
        for (role, page), state in zip(roles.items(), states, strict=True):
            if state["phase"] in PHASES and (role, state["phase"]) not in seen:
                seen[role, state["phase"]] = fits_everywhere(page)
        return len(seen) == 2 * len(PHASES)

    # A phase opens a window to a person only as the cards fall (a random uniform game shows
    # no End of turn window to both roles about two times in five): a finished game is
    # followed by a rematch, up to GAMES games.
    rng = random.Random(5)
    for _ in range(GAMES):
        play([host, ann], rng, max_steps=600, until=look)
        if len(seen) == 2 * len(PHASES) or not host.locator("#rematch").is_visible():
            break  # all seen, or the clicks ran out before the end
        host.click("#rematch")
        for page in (host, ann):
            expect(page.locator("#end")).to_be_hidden(timeout=GAME_TIMEOUT_MS)
    assert sorted(seen) == sorted((r, p) for r in roles for p in PHASES), sorted(seen)
    misfits = {key: where for key, where in seen.items() if any(where.values())}
    assert not misfits, misfits


def hand_rows(page: Page) -> int:
    """How many rows the sections of the hand take."""
    return int(page.evaluate("""() => new Set([...document.querySelectorAll("#hand .hand-section")]
      .map((el) => Math.round(el.getBoundingClientRect().top))).size"""))


# What each tile of the board does not wholly show, named by its place: its name (a line of it
# outside the tile, or a word running past its side with no ellipsis to say so), one of its
# pieces or labels (by class), each inside the tile's border.
TILES_CUT_JS = """() => [...document.querySelectorAll(".artemia .tile")].flatMap((tile) => {
  const button = tile.querySelector(".place-button");
  const box = button.getBoundingClientRect();
  const edge = parseFloat(getComputedStyle(button).borderTopWidth) - 0.5; // a half pixel of play
  const inside = (r) => r.top >= box.top + edge && r.bottom <= box.bottom - edge
    && r.left >= box.left + edge && r.right <= box.right - edge;
  const out = [];
  const name = tile.querySelector(".place-name");
  const style = getComputedStyle(name);
  const ellipsis = style.textOverflow === "ellipsis" && style.overflowX !== "visible";
  if (!inside(name.getBoundingClientRect())
      || (name.scrollWidth > name.clientWidth + 1 && !ellipsis)) out.push("name");
  for (const mark of tile.querySelectorAll(".place-marks > *")) {
    if (!inside(mark.getBoundingClientRect())) out.push(mark.className);
  }
  return out.map((what) => `${tile.dataset.place}: ${what}`);
})"""


def tiles_cut(page: Page) -> list[str]:
    """What the board's tiles do not wholly show (TILES_CUT_JS): none, when all of it shows."""
    return list(page.evaluate(TILES_CUT_JS))


# Each word of the texts that `selector` finds which their lines split (the word's boxes, one
# per line it is drawn on, stand at more than one height), as 'word in "text"': a name breaks
# only between its words ("Banquis" over "e" is a fault).
BROKEN_WORDS_JS = """(selector) => [...document.querySelectorAll(selector)].flatMap((el) => {
  const out = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(`${m[0]} in "${el.textContent}"`);
    }
  }
  return out;
})"""


def words_broken(page: Page) -> list[str]:
    """The words of the board's tiles' names broken across lines (BROKEN_WORDS_JS)."""
    return list(page.evaluate(BROKEN_WORDS_JS, ".artemia .place-name"))


# The places whose tile is short (less than two lines of name over its pieces) and still draws
# its name's article ("The", « La »): a short tile gives that room to the words that tell the
# places apart.
SHORT_TILES_WITH_ARTICLES_JS = """() => [...document.querySelectorAll(".artemia .tile")]
  .filter((tile) => tile.getBoundingClientRect().height < 78)
  .map((tile) => [tile.dataset.place, tile.querySelector(".place-name .the")])
  .filter(([, the]) => the && the.textContent && the.getBoundingClientRect().width > 0)
  .map(([place]) => place)"""


def short_tiles_with_articles(page: Page) -> list[str]:
    """The short tiles that draw their name's article (SHORT_TILES_WITH_ARTICLES_JS)."""
    return list(page.evaluate(SHORT_TILES_WITH_ARTICLES_JS))


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_a_crowded_frozen_lands_hand_wraps_and_the_table_still_fits(
        browser: Browser, server: str, locale: str) -> None:
    """A Hunted's fullest Frozen Lands hand at End of turn (two tokens, two Places in play, five
    in hand, three Survival cards and her sheet: samples.crowded_hand, drawn without playing)
    is wider than the hand's panel even with every card at its minimum. Its sections take a
    second row: nothing is hidden sideways, the board gives up the height so that nothing falls
    below the viewport, and every tile still shows its name and its pieces whole, in English
    and in French (whose longer names and texts leave the tiles shorter)."""
    with pages_of(browser, server, locale=locale) as open_:
        page = open_("/")
        page.wait_for_selector("#main form")  # the home page is drawn: the table replaces it
        page.evaluate(DRAW_TABLE_JS, json.dumps(crowded_hand()))
        expect(page.locator("#hand .hand-section")).to_have_count(5)
        for size in SIZES:
            page.set_viewport_size(size)
            where = f"{size['width']}x{size['height']}"
            assert not outside(page), (where, outside(page))
            assert hand_rows(page) == 2, where
            assert not tiles_cut(page), (where, tiles_cut(page))


# Laptops' viewports under the browser's bars (a 1366x768 screen leaves about 657 pixels), and a
# small tablet's: a crowded hand does not fit whole beside the board there.
SHORT = ({"width": 1366, "height": 657}, {"width": 1280, "height": 720},
         {"width": 1024, "height": 768})


def compact(page: Page) -> bool:
    """Whether the hand is drawn compact (its cards without their texts), once the table has
    been fitted to the viewport's size: a resize is observed in the next frame's rendering,
    before its animation callbacks run."""
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return bool(page.evaluate("document.getElementById('hand').classList.contains('compact')"))


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_on_a_laptop_screen_a_crowded_hand_turns_compact_and_the_board_keeps_its_pieces(
        browser: Browser, server: str, locale: str) -> None:
    """Where the crowded hand (samples.crowded_hand) would leave the board's tiles too short
    for their pieces, the hand gives up its cards' texts (each whole in its card's title) and
    every tile still shows its name (without its article, on a short tile) and its pieces, the
    whole table in the viewport. On a screen where it fits whole (1280x800), and for a hand of
    one row (a first Exploration's), the hand is not compact."""
    with pages_of(browser, server, locale=locale) as open_:
        page = open_("/")
        page.wait_for_selector("#main form")
        page.evaluate(DRAW_TABLE_JS, json.dumps(crowded_hand()))
        for size in SHORT:
            page.set_viewport_size(size)
            where = f"{size['width']}x{size['height']}"
            assert compact(page), where
            assert not outside(page), (where, outside(page))
            assert not tiles_cut(page), (where, tiles_cut(page))
            assert not short_tiles_with_articles(page), (where, short_tiles_with_articles(page))
            assert page.locator("#hand .place-card .card-text").first.evaluate(
                "(text) => text.getBoundingClientRect().width <= 1"), "a power drawn"  # read only
            first_card = page.locator("#hand .place-card").first
            expect(first_card).to_have_attribute("title", re.compile(".+"))  # its text, whole
        page.set_viewport_size(SIZES[0])
        assert not compact(page)
        page.evaluate(DRAW_TABLE_JS, json.dumps(first_exploration()))
        for size in SHORT[:2]:
            page.set_viewport_size(size)
            assert not compact(page), size


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_every_tile_shows_its_name_in_whole_words_from_a_small_tablet_to_a_laptop(
        browser: Browser, server: str, locale: str) -> None:
    """On a 1024x768 tablet, on the laptops' screens and with a hand of one row or two, each
    tile's name breaks only between its words (« Banquise », not « Banquis » over « e »), and
    the name and the pieces stay inside the tile."""
    with pages_of(browser, server, locale=locale) as open_:
        page = open_("/")
        page.wait_for_selector("#main form")
        for sample in (first_exploration(), crowded_hand()):
            page.evaluate(DRAW_TABLE_JS, json.dumps(sample))
            for size in ({"width": 1024, "height": 768}, *SIZES, *SHORT):
                page.set_viewport_size(size)
                compact(page)  # the table fitted to the new size
                where = f"{size['width']}x{size['height']}"
                assert not words_broken(page), (where, words_broken(page))
                assert not tiles_cut(page), (where, tiles_cut(page))


# The top bar's parts, each as the middle of its box from the top of the page.
TOP_ROW_JS = """() => Object.fromEntries([".brand", ".room-code", "#seat-label", ".conn",
  "button.language", "#switches"].map((s) => {
    const box = document.querySelector(s).getBoundingClientRect();
    return [s, Math.round(box.top + box.height / 2)];
  }))"""


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_the_top_bar_keeps_one_row_down_to_a_1024_tablet(
        browser: Browser, server: str, locale: str) -> None:
    """Every row the top bar takes is a row the lobby or the board loses: at 1024 px the room's
    code gives way (it ends in an ellipsis; the lobby shows it whole) and the rest stays on one
    row."""
    with pages_of(browser, server, locale=locale) as open_:
        page = open_("/", viewport={"width": 1024, "height": 768})
        create_room(page, "Morgan", hunted=1)
        lobby_link(page)
        add_computer(page, 1)
        middles = page.evaluate(TOP_ROW_JS)  # the lobby's, at 1024 px
        assert max(middles.values()) - min(middles.values()) <= 2, ("lobby", middles)
        start(page, [page])
        for width in (1024, 1280, 1366):
            page.set_viewport_size({"width": width, "height": 768})
            middles = page.evaluate(TOP_ROW_JS)
            assert max(middles.values()) - min(middles.values()) <= 2, (width, middles)


def a_hand_beside_a_sheet() -> dict[str, Any]:
    """A Hunted's hand of four Place cards or more beside her sheet (samples.py)."""
    return next(s for s in samples() if s["view"]["role"] == "hunted"
                and len(s["view"]["you"]["hand"]) >= 4
                and any(h["seat"] == s["seat"] and h["sheet"] for h in s["view"]["hunted"]))


def test_on_a_wide_screen_the_cards_are_drawn_whole_beside_the_sheet(
        browser: Browser, server: str) -> None:
    """At 1920x1080 the hand has room for its cards at full size: the sheet's text, which
    could run on one line across the screen, takes only the room the cards leave, and every
    Place card shows its power."""
    with pages_of(browser, server) as open_:
        page = open_("/", viewport={"width": 1920, "height": 1080})
        page.wait_for_selector("#main form")
        page.evaluate(DRAW_TABLE_JS, json.dumps(a_hand_beside_a_sheet()))
        texts = page.locator("#hand .place-card .card-text")
        expect(texts).not_to_have_count(0)
        for i in range(texts.count()):
            expect(texts.nth(i)).to_be_visible()


def an_ending_of_seven() -> dict[str, Any]:
    """The end of a game of seven at the Creature's seat (samples.py), after a reveal of one
    Place card for each of the six Hunted (the end screen lists them)."""
    end = copy.deepcopy(next(s for s in samples() if s["view"]["outcome"] and s["seat"] == 0
                             and s["view"]["config"]["hunted"] == 6))
    places = {str(seat): [seat + 1] for seat in range(1, 7)}
    end["events"] = [*end["events"], {"seq": 1, "kind": "place_cards_revealed",
                                      "data": {"places": places}}]
    return end


END_SHOWS_REMATCH_JS = """() => {
  const end = document.getElementById('end').getBoundingClientRect();
  const button = document.querySelector('#end .rematch button').getBoundingClientRect();
  return button.top >= end.top && button.bottom <= end.bottom && button.bottom <= innerHeight;
}"""


def test_on_a_laptop_screen_the_end_of_a_game_of_seven_shows_the_rematch_at_once(
        browser: Browser, server: str) -> None:
    """At 1366x657 the end screen, beside the board, shows who won and why, then, without a
    scroll, the host's Rematch, above the counters and the last reveal of six Hunted."""
    with pages_of(browser, server) as open_:
        page = open_("/", viewport=SHORT[0])
        page.wait_for_selector("#main form")
        page.evaluate(DRAW_TABLE_JS, json.dumps(an_ending_of_seven()))
        page.evaluate("() => { window.sampleRoom.isHost = true;"
                      " window.sampleRoom.table.render(true); }")
        expect(page.locator("#end .end-reveal-seats li")).to_have_count(6)
        assert page.evaluate(END_SHOWS_REMATCH_JS)


def two_decisions() -> tuple[dict[str, Any], dict[str, Any]]:
    """Two decisions of one seat in one game's config (samples.py), the two with the most
    offers (the Creature's hunts of two turns: each prompt is longer than a laptop's panel)."""
    asked = sorted((s for s in samples() if s["view"]["legal_actions"]),
                   key=lambda s: -len(s["view"]["legal_actions"]))
    first = asked[0]
    second = next(s for s in asked if s["seat"] == first["seat"]
                  and s["view"]["config"] == first["view"]["config"]
                  and s["view"]["turn"] != first["view"]["turn"])
    return first, second


DRAW_VIEW_JS = """(json) => {
  window.sampleRoom.view = JSON.parse(json);
  window.sampleRoom.table.render(false);
}"""
SCROLLED_JS = "() => document.getElementById('actions').scrollTop"


def test_a_new_decision_is_shown_from_its_top_and_the_same_one_keeps_its_scroll(
        browser: Browser, server: str) -> None:
    """On a short screen a long prompt scrolls in its panel; the player who scrolled down to
    its last buttons sees the next decision from its top, while the same decision drawn again
    (a teammate's move) stays where they scrolled to."""
    first, second = two_decisions()
    with pages_of(browser, server) as open_:
        page = open_("/", viewport=SHORT[0])
        page.wait_for_selector("#main form")
        page.evaluate(DRAW_TABLE_JS, json.dumps(first))
        page.evaluate("() => { const a = document.getElementById('actions');"
                      " a.scrollTop = a.scrollHeight; }")
        scrolled = page.evaluate(SCROLLED_JS)
        assert scrolled > 0, "the prompt fits: nothing to scroll"
        page.evaluate(DRAW_VIEW_JS, json.dumps(first["view"]))
        assert page.evaluate(SCROLLED_JS) == scrolled
        page.evaluate(DRAW_VIEW_JS, json.dumps(second["view"]))
        assert page.evaluate("() => { const a = document.getElementById('actions');"
                             " return a.scrollHeight > a.clientHeight; }"), "the next one fits"
        assert page.evaluate(SCROLLED_JS) == 0


def creature_at_the_hunt(open_page: Callable[..., Page]) -> Page:
    """The Creature's page against 2 computer Hunted (auto-pass off)."""
    host = open_page()
    create_room(host, "Morgan", hunted=2, bot_delay_ms=0)
    lobby_link(host)
    add_computer(host, 1)
    add_computer(host, 2)
    start(host, [host])
    auto_pass_off([host])
    host.evaluate(COUNT_LIST_CLICKS)
    return host


def wait_for_hunt(page: Page) -> None:
    """Decline the card windows (the secondary Pass) until the Creature hunts."""
    ready = """() => {
      const prompt = document.querySelector('#actions[data-prompt]');
      if (prompt && prompt.dataset.prompt === 'hunt' && !document.body.dataset.busy) return 'hunt';
      const decline = document.querySelector('button.act.decline:not([disabled])');
      return document.body.dataset.yourMove === '1' && decline && !document.body.dataset.busy
        ? 'window' : null;
    }"""
    while page.wait_for_function(ready, timeout=GAME_TIMEOUT_MS).json_value() != "hunt":
        page.evaluate("document.querySelector('button.act.decline').click()")
        page.wait_for_function("() => !document.body.dataset.busy")
    page.evaluate("window.__listClicks = 0")  # the declines were list buttons: not counted


def target_on(page: Page, place: int) -> Any:
    return page.locator(f".tile[data-place='{place}'] .piece[data-token='target']")


def click_tile(page: Page, place: int) -> None:
    before = version(page)
    page.locator(f".tile[data-place='{place}'] button.place-button").click()
    page.wait_for_function("() => !document.body.dataset.busy")
    settle([page], before)


def test_the_creature_hunts_by_clicking_tiles_token_mirage_and_scream(
        open_seeded: Callable[..., Page]) -> None:
    host = creature_at_the_hunt(open_seeded)
    wait_for_hunt(host)
    expect(host.locator("#hand .card[data-card='mirage']")).to_be_visible()
    expect(host.locator("#hand .card[data-card='scream']")).to_be_visible()

    # The Creature token: one click on the Jungle.
    click_tile(host, 2)
    expect(host.locator(".tile[data-place='2'] .piece[data-token='creature']")).to_be_visible()

    # Mirage: the card in hand, then 2 adjacent tiles; the first one is picked and lit.
    host.locator("#hand .card[data-card='mirage'] button.card-play").click()
    expect(host.locator(".target-bar")).to_contain_text("Mirage")
    host.locator(".tile[data-place='4'] button.place-button").hover()
    expect(host.locator(".tile.covers")).not_to_have_count(0)  # what the pick would cover
    host.locator(".tile[data-place='4'] button.place-button").click()
    expect(host.locator(".tile[data-place='4'] button.place-button.picked")).to_be_visible()
    # A place that is not next to the Beach says why on focus.
    far = host.locator(".tile[data-place='1'] .place-button.closed")
    far.focus()
    expect(far.locator(".why")).to_be_visible()
    click_tile(host, 9)
    for place in (4, 9):
        expect(target_on(host, place)).to_be_visible()
    expect(host.locator("#hand .card[data-card='mirage']")).to_have_count(0)
    expect(host.locator("#log")).to_contain_text("Mirage")
    assert host.evaluate("window.__listClicks") == 0, "a list button was used"

    # Confirm the hunt; on to the next turn's hunt, where Scream goes on one tile.
    host.locator("button.act.confirm").click()
    host.evaluate("window.__listClicks = 0")
    host.wait_for_function("() => Number(document.querySelector('#turn').textContent) >= 2")
    wait_for_hunt(host)
    click_tile(host, 5)
    host.locator("#hand .card[data-card='scream'] button.card-play").click()
    host.locator(".tile[data-place='3'] button.place-button").hover()
    expect(host.locator(".tile.covers[data-place='3']")).to_be_visible()
    click_tile(host, 3)
    expect(target_on(host, 3)).to_be_visible()
    expect(host.locator("#log")).to_contain_text("Scream")
    assert host.evaluate("window.__listClicks") == 0, "a list button was used"


def test_mirage_on_an_edge_and_the_list_behind_a_disclosure(
        open_seeded: Callable[..., Page]) -> None:
    host = creature_at_the_hunt(open_seeded)
    wait_for_hunt(host)
    click_tile(host, 1)
    block = host.locator("[data-choices='hunt:mirage']")
    # The 13 plays wait behind the disclosure (the keyboard's and screen reader's path) ...
    expect(block.locator("details.choice-list")).not_to_have_attribute("open", "")
    expect(block.locator("details button.act")).to_have_count(13)
    # ... and the board shows each pair as the edge between its two tiles.
    block.locator("button.arm").click()
    edge = host.locator("button.edge[data-places='6-7']")
    edge.hover()
    expect(host.locator(".tile.covers")).to_have_count(2)
    before = version(host)
    edge.click()
    settle([host], before + 1)
    for place in (6, 7):
        expect(target_on(host, place)).to_be_visible()
    assert host.evaluate("window.__listClicks") == 0



def test_an_unfolded_list_stays_unfolded_when_someone_comes_to_watch(
        open_seeded: Callable[..., Page]) -> None:
    """A spectator's arrival draws the table again at the same version: the list of Mirage's
    plays the Creature unfolded stays unfolded (folding it would take the button from under
    the pointer)."""
    host = creature_at_the_hunt(open_seeded)
    wait_for_hunt(host)
    click_tile(host, 1)
    plays = host.locator("[data-choices='hunt:mirage'] details.choice-list")
    plays.locator("summary").click()
    expect(plays).to_have_attribute("open", "")
    before = version(host)
    host.evaluate("window.__unfolded = document.querySelector("
                  "\"[data-choices='hunt:mirage'] details\")")
    open_seeded().goto(host.url)
    host.wait_for_function("() => !window.__unfolded.isConnected")  # the table was drawn again
    assert version(host) == before
    expect(plays).to_have_attribute("open", "")
    expect(plays.locator("button.act").first).to_be_visible()

def shoot(page: Page, folder: Path, name: str) -> None:
    """The page at 1280x800, 1366x768 and on a 390 px phone (as a player sees it)."""
    page.evaluate("document.getElementById('toasts').replaceChildren()")
    for width, size in (("1280", SIZES[0]), ("1366", SIZES[1]), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=folder / f"board-{name}-{width}.png")
    page.set_viewport_size(SIZES[0])


@pytest.mark.parametrize("variant", ["base", "frozen-lands"])
def test_screenshots_of_the_table(open_seeded: Callable[..., Page], artifacts: Path,
                                  variant: str) -> None:
    """Pictures for looking at the table as a player, both roles, from the first choice to the
    end (a whole game played through the pages): every picture is of a table that fits."""
    host, ann = open_seeded(), open_seeded()
    hunted = 3 if variant == "frozen-lands" else 2
    create_room(host, "Morgan", hunted=hunted, variant=variant, bot_delay_ms=0)
    link = lobby_link(host)
    ann.goto(link)
    join(ann, "Ann")
    for seat in range(2, hunted + 1):
        add_computer(host, seat)
    start(host, [host, ann])
    auto_pass_off([host, ann])  # the table moves only on the pages' clicks: no redraw mid-aim
    tag = "frozen-" if variant == "frozen-lands" else ""
    roles = {"creature": host, "hunted": ann}
    for role, page in roles.items():
        page.evaluate("document.activeElement && document.activeElement.blur()")
        shoot(page, artifacts, f"{tag}{role}-exploration")

    def hunting(states: list[dict[str, Any]]) -> bool:
        return bool(states[0]["prompt"] and host.locator("#actions[data-prompt=hunt]").count())

    play([host, ann], random.Random(3), max_steps=80, until=hunting)
    if variant == "base":  # Mirage is in the Creature's first hand
        host.locator("#hand .card[data-card='mirage'] button.card-play").click()
        host.locator(".tile[data-place='3'] button.place-button").hover()
    shoot(host, artifacts, f"{tag}creature-hunting")
    taken = set()

    def later(states: list[dict[str, Any]]) -> bool:
        for (role, page), state in zip(roles.items(), states, strict=True):
            if state["phase"] in ("reckoning", "over") and (role, state["phase"]) not in taken:
                taken.add((role, state["phase"]))
                shoot(page, artifacts, f"{tag}{role}-{state['phase']}")
                assert not outside(page) or state["phase"] == "over", (role, outside(page))
        return states[0]["phase"] == "over"

    play([host, ann], random.Random(4), max_steps=2000, until=later)
    settle([host, ann], version(host))
    for role, page in roles.items():
        shoot(page, artifacts, f"{tag}{role}-over")
