"""The catalogue names and describes every card, place, sheet and ability the engine knows,
in English and in French, and nothing the engine does not know."""

from __future__ import annotations

from typing import Any

import pytest

from app.engine import Config, InvalidConfig, new_game
from app.engine.cards import (
    ALL_HUNT_CARDS,
    CREATURE_ABILITIES,
    FROZEN,
    FROZEN_PLACE_IDS,
    FROZEN_SURVIVAL_CARDS,
    HUNTED_SHEETS,
    PLACE_IDS,
    SHEET_ABILITIES,
    SURVIVAL_CARDS,
    hunt_deck,
    survival_deck,
)
from app.engine.catalogue import LANGUAGES, catalogue


def test_every_card_place_sheet_and_ability_has_words_in_both_languages() -> None:
    for language in LANGUAGES:
        words = catalogue(language)
        assert set(words["hunt_cards"]) == set(ALL_HUNT_CARDS)
        assert set(words["survival_cards"]) == {*SURVIVAL_CARDS, *FROZEN_SURVIVAL_CARDS}
        assert set(words["places"]["base"]) == {str(n) for n in PLACE_IDS}
        assert set(words["places"][FROZEN]) == {str(n) for n in FROZEN_PLACE_IDS}
        assert set(words["sheets"]) == set(HUNTED_SHEETS)
        assert set(words["abilities"]) == {*SHEET_ABILITIES.values(), *CREATURE_ABILITIES}
        for group in ("hunt_cards", "survival_cards"):
            for card, entry in words[group].items():
                assert entry["name"] and entry["text"], (language, card)


def test_the_french_names_follow_the_french_edition() -> None:
    en, fr = catalogue("en"), catalogue("fr")
    assert [fr["places"]["base"][str(n)]["name"] for n in range(1, 11)] == [
        "L'Antre", "La Jungle", "La Rivière", "La Plage", "Le Rover", "Le Marais", "L'Abri",
        "L'Épave", "La Source", "L'Artefact"]
    assert en["places"]["base"]["1"]["name"] == "The Lair"
    # Every French text differs from the English one, so none was left untranslated.
    for group in ("hunt_cards", "survival_cards"):
        for card in en[group]:
            assert fr[group][card]["text"] != en[group][card]["text"], card
    assert fr["hunt_cards"]["despair"]["phase"] == en["hunt_cards"]["despair"]["phase"] == 1


def _place_words(words: dict[str, Any], variant: str) -> set[str]:
    """The names of a variant's places without their articles ("Lair", "Antre", "Hummocks")."""
    return {p["name"].split(" ", 1)[-1].removeprefix("L'")
            for p in words["places"][variant].values()}


def test_a_frozen_lands_game_reads_each_base_card_by_its_own_places() -> None:
    """A base card in the Frozen Lands decks whose text names a base place has a Frozen Lands
    reading (`frozen_text`) that names the place of the same number instead."""
    for language in LANGUAGES:
        words = catalogue(language)
        base, frozen = _place_words(words, "base"), _place_words(words, FROZEN)
        in_decks = {"hunt_cards": set(hunt_deck(FROZEN)),
                    "survival_cards": set(survival_deck(FROZEN))}
        read = 0
        for group, cards in in_decks.items():
            for card in cards:
                entry = words[group][card]
                text = entry.get("frozen_text", entry["text"])
                assert not any(name in text for name in base - frozen), (language, card, text)
                if "frozen_text" in entry:
                    read += 1
                    assert any(name in text for name in frozen), (language, card, text)
        assert read == 3, "Interference, Drone and Gate read otherwise in Frozen Lands"


def test_the_fewest_hunted_it_gives_are_those_a_game_starts_with() -> None:
    fewest = catalogue("en")["fewest_hunted"]
    assert fewest == {"base": 1, FROZEN: 3}  # Frozen Lands: 4 players at least (C1)
    for variant, n in fewest.items():
        new_game(Config(hunted=n, variant=variant), seed=1)
        with pytest.raises(InvalidConfig):
            new_game(Config(hunted=n - 1, variant=variant), seed=1)
