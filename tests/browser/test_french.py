"""English and French: every message key has both languages, the language comes
from the browser and a visible switch that is remembered, and a turn is played in French with
no English name or sentence of the catalogues left on the page."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.server.errors import ErrorCode

from .players import (
    HANG_GUARD_SECONDS,
    PAGE_TIMEOUT_MS,
    click_random_action,
    create_room,
    join,
    lobby_link,
    start,
)
from .shots import DESKTOP
from .words import english_or_slips

pytestmark = pytest.mark.browser
JS = Path(__file__).resolve().parents[2] / "static" / "js"

# Every message as the page holds it, its placeholders, and what its functions give.
MESSAGES_JS = """async () => {
  const { MESSAGES } = await import("/js/messages.js");
  const sample = { n: 2, who: "Ann", you: false, will: 1, places: "X", card: "X", cards: "X",
    place: "X", phase: "X", why: "X", left: 1, spaces: 1, choice: "", label: "X", s: 1,
    place_name: () => "X" };  // an offer's words may name a place of the board by its number
  const out = {};
  for (const [key, entry] of Object.entries(MESSAGES)) {
    out[key] = { fn: typeof entry.en === "function" || typeof entry.fr === "function" };
    for (const lang of ["en", "fr"]) {
      const value = entry[lang];
      out[key][lang] = typeof value === "function" ? value(sample) : value;
    }
  }
  return out;
}"""


@pytest.fixture
def french(browser: Browser, server: str) -> Iterator[Callable[[], Page]]:
    """Pages of a browser whose language is French; uncaught errors fail the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_() -> Page:
        context = browser.new_context(viewport=DESKTOP, base_url=server, locale="fr-FR")
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, errors


def english_words(server: str, messages: dict[str, dict[str, Any]]) -> set[str]:
    """English phrases that a French page must not show: catalogue names and texts that
    differ in French, and the client's English messages of two words or more."""
    en = httpx.get(f"{server}/api/catalogue/en").json()
    fr = httpx.get(f"{server}/api/catalogue/fr").json()
    words = set()
    for group in ("hunt_cards", "survival_cards"):
        for card, entry in en[group].items():
            words |= {entry[f] for f in ("name", "text") if entry[f] != fr[group][card][f]}
    for variant, places in en["places"].items():
        for n, entry in places.items():
            words |= {entry[f] for f in ("name", "text")
                      if entry[f] != fr["places"][variant][n][f]}
    for entry in messages.values():
        if entry["fn"]:
            continue
        text = re.sub(r"\{\w+\}", "|", entry["en"])
        words |= {part.strip(" .:;,()") for part in text.split("|")
                  if len(part.strip().split()) >= 2 and entry["en"] != entry["fr"]}
    return {w for w in words if len(w) > 3}


# Texts that stand as a sentence or a label of their own: the banner while placing a token or
# a card's target, the token picker's choices, the decision's title and prompt.
HEADS_JS = """() => [...document.querySelectorAll(
  ".target-bar > span:not(.target-card), .token-picker label > span:not(.piece),"
  + " #actions h2, #actions p"
)].map((e) => e.textContent.trim()).filter(Boolean)"""


def lowercase_heads(page: Page) -> list[str]:
    """The page's stand-alone texts that begin with a small letter (« jeton Créature : … »)."""
    return [f"starts small: {text}" for text in page.evaluate(HEADS_JS)
            if text[0].isalpha() and text[0].islower()]


def left_in_english(page: Page, words: set[str]) -> list[str]:
    """The English phrases and words the page shows (its text and its labels), and its slips
    of French typography."""
    text = page.evaluate("""() => document.body.innerText + "\\n" + [...document.querySelectorAll(
        "[aria-label],[title],[placeholder]")].map((e) => [e.getAttribute("aria-label"),
        e.getAttribute("title"), e.getAttribute("placeholder")].join("\\n")).join("\\n")""")
    phrases = [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
    return sorted(phrases + english_or_slips(text))


def test_every_message_key_exists_in_both_languages(
        open_page: Callable[..., Page]) -> None:
    page = open_page()
    messages = page.evaluate(MESSAGES_JS)
    for key, entry in messages.items():
        assert entry["en"] and entry["fr"], key
        if entry["fn"]:
            continue  # a function of its parameters: checked by giving it some above
        en_holes = set(re.findall(r"\{\w+\}", entry["en"]))
        assert en_holes == set(re.findall(r"\{\w+\}", entry["fr"])), key
    # Every error code of the server has its words in both languages.
    assert {f"error.{code.value}" for code in ErrorCode} <= set(messages)
    # Every key the client asks for exists.
    used = set()
    for source in JS.glob("*.js"):
        used |= set(re.findall(r"\bt_?\(\"([a-z_]+\.[a-z_.0-9-]+)\"", source.read_text()))
    assert used <= set(messages), sorted(used - set(messages))


def test_the_language_comes_from_the_browser_and_the_switch_is_remembered(
        french: Callable[[], Page]) -> None:
    page = french()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("h1")).to_have_text("Ouvrir une table")
    page.click("#language")
    expect(page.locator("h1")).to_have_text("Open a room")
    page.reload()
    expect(page.locator("h1")).to_have_text("Open a room")  # remembered over the browser's
    page.click("#language")
    expect(page.locator("h1")).to_have_text("Ouvrir une table")


def test_a_turn_played_in_french_shows_no_english(
        french: Callable[[], Page], server: str, artifacts: Path) -> None:
    host, ann = french(), french()
    words = english_words(server, host.evaluate(MESSAGES_JS) if host.goto("/") else {})
    assert {"The Lair", "Take this card back, plus 1 discarded Place."} <= words
    assert left_in_english(host, words) == []  # the home page
    create_room(host, "Morgan", hunted=1)
    link = lobby_link(host)
    ann.goto(link)
    assert left_in_english(ann, words) == []  # the lobby
    join(ann, "Ann")
    start(host, [host, ann])
    expect(host.locator(".place-name").first).to_contain_text("Antre")
    rng = random.Random(7)
    seen: set[str] = set()
    guard = time.monotonic() + HANG_GUARD_SECONDS
    while time.monotonic() < guard:  # the whole of turn 1, both pages read after each move
        if host.locator("#turn").inner_text() != "1":
            break
        for page in (host, ann):
            seen |= set(left_in_english(page, words)) | set(lowercase_heads(page))
        movers = [p for p in (host, ann) if p.locator("#actions[data-prompt]").count()
                  and p.locator("button.act:not([disabled])").count()]
        if movers:
            click_random_action(rng.choice(movers), rng)
        else:
            host.wait_for_timeout(50)
    expect(host.locator("#turn")).to_have_text("2")
    host.screenshot(path=artifacts / "french-creature-desktop.png", full_page=True)
    ann.screenshot(path=artifacts / "french-hunted-desktop.png", full_page=True)
    assert sorted(seen) == []
