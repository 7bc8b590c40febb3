"""The catalogue names and describes every card, place, sheet and ability the engine knows,
in English and in French, and nothing the engine does not know."""

from __future__ import annotations

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
