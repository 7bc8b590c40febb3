"""The engine and the bots name game vocabulary by the engine's enums: no comparison in
app/engine or app/bots pits a value against a bare string that is a value of a vocabulary
enum (a phase, a step, a prompt or event kind, a winner, a token, a Reckoning task, a
choice...).

A card's or an ability's id that is also such a word ("stasis" the card, Effect.STASIS its
effect) is left to the catalogue: comparing card ids is another matter than vocabulary. The wire
encoding builds and parses strings (to_json, from_json) and compares none, so no module is
exempt."""

from __future__ import annotations

import inspect
from enum import StrEnum
from pathlib import Path

import app.bots
import app.engine
from app.engine import actions, vocab
from app.engine.cards import (
    CREATURE_ABILITIES,
    SHEET_ABILITIES,
    hunt_deck,
    place_ids,
    survival_deck,
)

from ..source import offences

PACKAGES = [Path(app.engine.__file__).parent, Path(app.bots.__file__).parent]


def card_ids() -> set[str]:
    """Every card's and ability's id, of both variants."""
    ids = {*SHEET_ABILITIES.values(), *CREATURE_ABILITIES}
    for variant in ("base", "frozen-lands"):
        ids |= {*place_ids(variant).values(), *hunt_deck(variant), *survival_deck(variant)}
    return ids


def enum_values() -> dict[str, str]:
    """Every non-empty value of a StrEnum of the engine's vocabulary (and the actions' Choice)
    but card ids, with the enum naming it."""
    values: dict[str, str] = {}
    for module in (vocab, actions):
        for name, enum in inspect.getmembers(module, inspect.isclass):
            if issubclass(enum, StrEnum) and enum is not StrEnum:
                values.update({member.value: name for member in enum if member.value})
    return {value: name for value, name in values.items() if value not in card_ids()}


def test_the_engine_and_the_bots_compare_vocabulary_by_its_enums() -> None:
    values = enum_values()
    assert {"hunted", "place_cards_revealed", "creature_hit", "board", "nobody"} <= set(values)
    assert "stasis" not in values
    found = {f"{path.parent.name}/{path.name}": offences(path.read_text(), values)
             for package in PACKAGES for path in sorted(package.glob("*.py"))}
    assert {name: lines for name, lines in found.items() if lines} == {}


def test_the_guard_sees_a_bare_string() -> None:
    values = enum_values()
    source = 'if state.winner == "hunted" or event.kind in ("voted", "will_lost"):\n    pass\n'
    assert len(offences(source, values)) == 3
    assert offences("if state.winner == Winner.HUNTED:\n    pass\n", values) == []
