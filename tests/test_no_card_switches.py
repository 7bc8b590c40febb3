"""The browser client keeps no switch on a card, a place or an ability: what an action points at
and how it reads come from the view's offers (`targets`, `wording`), the names from the
catalogue, the words from the message catalogue (docs/protocol.md, the seat view's offers).

What counts as a switch in static/js (its message catalogues, messages*.js, are data keyed by
card and are left out): a card's, a place's or an ability's id compared (`=== "vortex"`,
`case "gate":`) or gathered into a literal list or set tested for membership; a place's number
compared with something named like a place or a card (`a.place === 2`, `n === 4`) or a
`case 5:`. The Python side is tests/test_card_names.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import app.engine.game  # noqa: F401  (registers every card and place)
from app.engine.cards import (
    ALL_HUNT_CARDS,
    ALL_SURVIVAL_CARDS,
    CREATURE_ABILITIES,
    FROZEN_PLACE_IDS,
    PLACE_IDS,
    SHEET_ABILITIES,
)
from app.engine.vocab import EventKind, PromptKind

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "static" / "js"
# Ids that are also the name of a prompt or an event kind ("scream", "intercept"): a text
# search cannot tell `kind === "scream"` from a test of the card, so these are left out.
SHARED_WORDS = frozenset({*PromptKind, *EventKind})
IDS = frozenset({*ALL_HUNT_CARDS, *ALL_SURVIVAL_CARDS, *PLACE_IDS.values(),
                 *FROZEN_PLACE_IDS.values(), *SHEET_ABILITIES.values(),
                 *CREATURE_ABILITIES}) - SHARED_WORDS
PLACE_NUMBERS = frozenset(str(n) for n in PLACE_IDS)
# Names that hold a place's or a card's number in the client (an action's fields, a tile's n).
PLACE_LIKE = frozenset({"place", "places", "card", "cards", "copy", "n", "out", "into", "at",
                        "where", "number", "value", "p"})

_QUOTED = r'"([a-z][a-z-]*)"'
_COMPARED = re.compile(rf"(?:[!=]==?\s*{_QUOTED})|(?:{_QUOTED}\s*[!=]==?)|(?:case\s+{_QUOTED}\s*:)")
_COLLECTED = re.compile(r"(?:new Set\(\[([^\]]*)\]\))|(?:\[([^\]]*)\]\s*\.(?:includes|indexOf)\()")
_NUMBER_CASE = re.compile(r"\bcase\s+(\d+)\s*:")
_NUMBER_COMPARED = re.compile(
    r"([\w.\]\[]+)\s*[!=]==?\s*(\d+)\b|\b(\d+)\s*[!=]==?\s*([\w.\]\[]+)")


def _line(source: str, at: int) -> int:
    return source.count("\n", 0, at) + 1


def _last_name(expression: str) -> str:
    """`a.place` -> "place", `p[0]` -> "p", `n` -> "n"."""
    return re.sub(r"\[.*$", "", expression).rsplit(".", 1)[-1]


def switches(source: str, where: str) -> list[str]:
    """`where:line name` for each test of a card, place or ability in a client module."""
    found: list[tuple[int, str]] = []
    for match in _COMPARED.finditer(source):
        found += [(_line(source, match.start()), name) for name in match.groups()
                  if name in IDS]
    for match in _COLLECTED.finditer(source):
        listed = " ".join(group for group in match.groups() if group)
        found += [(_line(source, match.start()), name) for name in re.findall(_QUOTED, listed)
                  if name in IDS]
    for match in _NUMBER_CASE.finditer(source):
        if match.group(1) in PLACE_NUMBERS:
            found.append((_line(source, match.start()), f"case {match.group(1)}"))
    for match in _NUMBER_COMPARED.finditer(source):
        name, number = (match.group(1), match.group(2)) if match.group(1) else (
            match.group(4), match.group(3))
        if number in PLACE_NUMBERS and _last_name(name) in PLACE_LIKE:
            found.append((_line(source, match.start()), f"{name} == {number}"))
    return [f"{where}:{line} {name}" for line, name in sorted(found)]


def client_modules() -> list[Path]:
    """The client's modules but its message catalogues (data keyed by card, place, ability)."""
    return [path for path in sorted(JS.glob("*.js")) if not path.name.startswith("messages")]


def test_the_client_switches_on_no_card_place_or_ability() -> None:
    found = [problem for path in client_modules()
             for problem in switches(path.read_text(encoding="utf-8"), path.name)]
    assert not found, "read the offer's targets and wording instead:\n" + "\n".join(found)


def test_the_search_finds_each_way_of_switching() -> None:
    source = "\n".join((
        'case "vortex": return 1;',
        'if (a.card === "detour") x();',
        'if ("gate" !== card) x();',
        'const SEAT_CARDS = new Set(["whisper", "vaccine"]);',
        'if (["huddle", "scrub-down"].includes(d.card)) x();',
        "switch (a.place) { case 5: return 2; }",
        "if (n === 4 && b.marker_on_beach) x();",
        "if (a.place === 2) x();",
        "if (10 == p[0]) x();",
        'if (kind === "seat") x();',  # a target's kind, not a card
        "if (items.length === 1) x();",  # a count, not a place
        't("survival.vortex", params);',  # a message's key: data
    ))
    assert switches(source, "x.js") == [
        "x.js:1 vortex", "x.js:2 detour", "x.js:3 gate", "x.js:4 vaccine", "x.js:4 whisper",
        "x.js:5 huddle", "x.js:5 scrub-down", "x.js:6 case 5", "x.js:7 n == 4",
        "x.js:8 a.place == 2", "x.js:9 p[0] == 10"]

