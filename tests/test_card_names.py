"""A card's rules live in its registry entry: outside the registries no code of the app (the
engine, the server, the bots) tests a card or a place by its name (docs/architecture.md, "How
to add a card"); the browser client's guard is tests/test_no_card_switches.py.

What counts as a test by name: a comparison (`==`, `!=`, `in`, `not in`) with a card id, a
place id or a place's number constant (LAIR, BEACH...), alone or in a tuple, list or set; a
set of such ids; trying them in turn (`for card in ("mirage", "toxin")`); counting one
(`.count("clone")`). A card id given as an event's reason (`lose_will(..., "scream")`)
names, it does not test.
"""

from __future__ import annotations

import ast
from pathlib import Path

import app.engine.game  # noqa: F401  (registers every card and place)
from app.engine.cards import ALL_HUNT_CARDS, ALL_SURVIVAL_CARDS, FROZEN_PLACE_IDS, PLACE_IDS

from .source import parse

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("app",)  # the engine, the server, the bots and the app's own modules
# The registries and the catalogue: where a card's or a place's name is its home.
REGISTRIES = frozenset(f"app/engine/{name}.py" for name in (
    "cards", "catalogue", "catalogue_cards", "hunt_cards", "survival_cards", "frozen_survival",
    "base_places", "frozen_places"))
IDS = frozenset({*ALL_HUNT_CARDS, *ALL_SURVIVAL_CARDS, *PLACE_IDS.values(),
                 *FROZEN_PLACE_IDS.values()})
# Words that are a card's name but mean something else there: GameState's field `phobia`
# (what Phobia showed), listed among the fields state.py copies by hand.
NOT_A_CARD: dict[str, frozenset[str]] = {"app/engine/state.py": frozenset({"phobia"})}
PLACE_NUMBERS = frozenset({
    *(pid.upper() for pid in PLACE_IDS.values()),
    *(pid.upper().replace("-", "_") for pid in FROZEN_PLACE_IDS.values())})


def _names(node: ast.expr) -> list[str]:
    """The card or place names `node` spells: a literal id, a place constant, or a collection
    of them."""
    if isinstance(node, ast.Constant) and node.value in IDS:
        return [str(node.value)]
    if isinstance(node, ast.Name) and node.id in PLACE_NUMBERS:
        return [node.id]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [name for element in node.elts for name in _names(element)]
    return []


def _tested(node: ast.AST) -> list[str]:
    """The names `node` tests: compared, collected into a set, tried in turn, or counted."""
    if isinstance(node, ast.Compare):
        return [name for operand in (node.left, *node.comparators) for name in _names(operand)]
    if isinstance(node, ast.Set):
        return _names(node)
    if isinstance(node, ast.For | ast.comprehension) and not isinstance(node.iter, ast.Set):
        return _names(node.iter)  # trying names one by one
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("count", "index")):
        return [name for arg in node.args for name in _names(arg)]
    return []


def _line(node: ast.AST) -> int:
    return node.iter.lineno if isinstance(node, ast.comprehension) else getattr(node, "lineno", 0)


def name_tests(source: str, where: str) -> list[str]:
    """`where:line name` for each test of a card or place by its name in `source`."""
    skip = NOT_A_CARD.get(where, frozenset())
    found = [(_line(node), name) for node in ast.walk(parse(source))
             for name in _tested(node) if name not in skip]
    return [f"{where}:{line} {name}" for line, name in sorted(found)]


def test_no_card_or_place_is_tested_by_name_outside_the_registries() -> None:
    found = [problem for folder in SCANNED for path in sorted((ROOT / folder).rglob("*.py"))
             if (where := path.relative_to(ROOT).as_posix()) not in REGISTRIES
             for problem in name_tests(path.read_text(encoding="utf-8"), where)]
    assert not found, "ask the card's entry instead:\n" + "\n".join(found)


def test_the_search_finds_each_way_of_testing_a_name() -> None:
    source = "\n".join((
        'if card == "flashback": pass',
        'ok = place in (BEACH, WRECK)',
        'x = "mirage" in state.target_cards',
        'IDLE = frozenset({"force-field"})',
        'n = state.target_cards.count("clone")',
        'c = next(c for c in ("mirage", "toxin") if c in cards)',
        'lose_will(state, h, 1, events, "scream")',  # a reason: not a test
        'if kind == "creature": pass',  # a token, not a card
    ))
    assert name_tests(source, "x.py") == [
        "x.py:1 flashback", "x.py:2 BEACH", "x.py:2 WRECK", "x.py:3 mirage",
        "x.py:4 force-field", "x.py:5 clone", "x.py:6 mirage", "x.py:6 toxin"]
