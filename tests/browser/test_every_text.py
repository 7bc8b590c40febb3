"""No English left in French, whatever the game brings: the whole table is drawn
in French and in English, with the page's own modules, for sample tables from seeded games
that hold every event kind, every prompt kind and every kind of legal action
(tests/browser/samples.py), and each word is checked."""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from app.engine.actions import ACTION_TYPES
from app.engine.catalogue import catalogue as catalogue_of

from .samples import ALL_EVENTS, ALL_PROMPTS, kinds, offered, samples
from .shots import DESKTOP
from .test_french import MESSAGES_JS, english_words
from .words import ENGLISH, FRENCH_SLIPS

pytestmark = pytest.mark.browser
RENDER_JS = (Path(__file__).resolve().parent / "render_samples.js").read_text()

# A placeholder left unfilled, a value that is no word, or a message key shown as it is.
BROKEN = re.compile(r"\{\w+\}|undefined|NaN|\bnull\b|\[object|\b[a-z]+\.[a-z][a-z_]+\b")
UNKNOWN = {"Something happened", "Il s'est passé quelque chose"}


@pytest.fixture(scope="module")
def drawn(browser: Browser, server: str) -> Iterator[Callable[[str], dict[str, Any]]]:
    """The samples' words as drawn by a page in `language`, and its messages (one page each)."""
    found = samples()
    cache: dict[str, dict[str, Any]] = {}
    contexts = []

    def draw(language: str) -> dict[str, Any]:
        if language not in cache:
            context = browser.new_context(viewport=DESKTOP, base_url=server, locale=language)
            contexts.append(context)
            page: Page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto("/")
            page.wait_for_selector("#main form")
            cache[language] = {"samples": json.loads(page.evaluate(RENDER_JS, json.dumps(found))),
                               "messages": page.evaluate(MESSAGES_JS)}
            assert not errors, errors
        return cache[language]

    yield draw
    for context in contexts:
        context.close()


def test_the_samples_hold_every_event_prompt_action_and_card() -> None:
    found = samples()
    events, prompts = kinds(found)
    assert events >= ALL_EVENTS, sorted(ALL_EVENTS - events)
    assert prompts >= ALL_PROMPTS, sorted(ALL_PROMPTS - prompts)
    types = offered(found, "type")
    assert types >= set(ACTION_TYPES), sorted(set(ACTION_TYPES) - types)
    catalogue = catalogue_of("en")
    cards = set(catalogue["hunt_cards"]) | set(catalogue["survival_cards"])
    assert offered(found, "card") >= cards, sorted(cards - offered(found, "card"))
    # Pack Instinct acts by itself and Long Stride through Resist: no action names them.
    abilities = set(catalogue["abilities"]) - {"pack-instinct", "long-stride"}
    assert offered(found, "ability") >= abilities, sorted(abilities - offered(found, "ability"))


def lines(sample: dict[str, Any]) -> Iterator[str]:
    """Every text of one drawn sample: the table's, then each event's sentence."""
    yield from sample["texts"]
    yield from (text for _, text in sample["log"])


def where(sample: dict[str, Any], text: str) -> str:
    return f"seat {sample['seat']}, prompt {sample['prompt']}: {text!r}"


def test_no_text_is_broken_in_either_language(drawn: Callable[[str], dict[str, Any]]) -> None:
    for language in ("en-GB", "fr-FR"):
        bad = {where(s, text) for s in drawn(language)["samples"] for text in lines(s)
               if BROKEN.search(text) or any(u in text for u in UNKNOWN)}
        assert sorted(bad) == [], sorted(bad)[:40]


def test_every_text_of_the_table_is_french_in_french(
        drawn: Callable[[str], dict[str, Any]], server: str) -> None:
    french = drawn("fr-FR")
    phrases = english_words(server, french["messages"])
    catalogue = httpx.get(f"{server}/api/catalogue/en").json()
    ids = {key for group in ("hunt_cards", "survival_cards", "abilities", "sheets")
           for key in catalogue[group] if "-" in key}
    # An English word, a card's id, or a phrase of the English catalogue or messages.
    alone = r"(?<![\w'’-])({})(?![\w'’-])"
    words = re.compile(alone.format("|".join(sorted(ENGLISH))), re.I)
    longest_first = sorted(phrases | ids, key=len, reverse=True)
    named = re.compile(alone.format("|".join(map(re.escape, longest_first))))
    texts = {text: sample for sample in french["samples"] for text in lines(sample)}
    bad = sorted(where(sample, text) for text, sample in texts.items()
                 if words.search(text) or named.search(text))
    assert bad == [], bad[:60]
    slips = sorted(where(sample, text) for text, sample in texts.items()
                   if FRENCH_SLIPS.search(text))
    assert slips == [], slips[:60]


def test_ones_own_row_of_a_team_vote_speaks_to_one(
        drawn: Callable[[str], dict[str, Any]]) -> None:
    """In the decision box one's own row reads "You have not voted yet" ("Vous n'avez pas
    encore voté"), never the third person of the other Hunted's rows."""
    for language, you, second, third in (("en-GB", "You", "have not voted yet",
                                          "has not voted yet"),
                                         ("fr-FR", "Vous", "n'avez pas encore voté",
                                          "n'a pas encore voté")):
        pairs = [pair for sample in drawn(language)["samples"]
                 for pair in itertools.pairwise(sample["texts"])]
        assert (you, second) in pairs, f"no sample shows one's own row unvoted ({language})"
        assert (you, third) not in pairs, language


def test_a_frozen_lands_table_names_no_place_of_the_base_game(
        drawn: Callable[[str], dict[str, Any]], server: str) -> None:
    """Base cards that name base places (Interference, Drone, Gate) read by the Frozen Lands
    places of the same numbers (docs/rules-notes.md): no Frozen Lands table shows a base
    place's name, in either language, while the base tables do show them."""
    for language in ("en", "fr"):
        places = httpx.get(f"{server}/api/catalogue/{language}").json()["places"]
        base = {p["name"] for p in places["base"].values()}
        frozen = {p["name"] for p in places["frozen-lands"].values()}
        drawn_texts = drawn("en-GB" if language == "en" else "fr-FR")["samples"]
        named = {variant: {name for s in drawn_texts if s["variant"] == variant
                           for text in lines(s) for name in base - frozen
                           if re.search(rf"\b{re.escape(name.split(' ', 1)[-1])}\b", text)}
                 for variant in ("base", "frozen-lands")}
        assert named["base"], f"the base tables name no base place ({language})"
        assert not named["frozen-lands"], (language, sorted(named["frozen-lands"]))
