"""Each field of `GameState` is declared once (`kept`, app/engine/state_fields.py) and the
declaration drives successor, clone, JSON and determinization.

`successor`, the hottest copy, is written out attribute by attribute in state.py, rendered from
the declarations: a test checks the written body against the rendering, and
`python -m tests.engine.test_state_fields` rewrites it after a field changes. The
copy-on-write rule is held by types: what successors share has a read-only type, so mypy
refuses a change in place (docs/architecture.md, "The game state").
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from random import Random

from app.engine import Config, GameState, active_seats, apply_unchecked, legal_actions, new_game
from app.engine.state import STORED
from app.engine.state_fields import Share, share_of

from ..source import parse

STATE_PY = Path(__file__).resolve().parents[2] / "app" / "engine" / "state.py"
BEGIN = "        new = GameState.__new__(GameState)\n"
END = "    # End of the rendered part.\n"
WIDTH = 99  # ruff's line length, less one
SHARED = (Share.VALUE, Share.REPLACED, Share.OWNER)


def render() -> str:
    """The body of `successor` the declarations call for."""
    lines, group = [BEGIN], []
    for name in [f.name for f in STORED if share_of(f) in SHARED]:
        if len(_assign([*group, name])) > WIDTH:
            lines.append(_assign(group))
            group = []
        group.append(name)
    lines.append(_assign(group))
    for spec in STORED:
        if share_of(spec) is Share.SEATS:  # each Hunted stays shared until hunted_at
            lines.append(f"        new.{spec.name} = self.{spec.name}[:]\n")
        elif share_of(spec) is Share.LAYERS:
            lines.append(f"        new.{spec.name} = list(map(list.copy, self.{spec.name}))\n")
    lines += ["        new.owned = 0  # shares every Hunted and the Creature with this state\n",
              "        self.owned = 0  # which, changed again, must not change the successor's\n",
              "        return new\n"]
    return "".join(lines)


def _assign(names: list[str]) -> str:
    return (f"        {', '.join(f'new.{n}' for n in names)}"
            f" = {', '.join(f'self.{n}' for n in names)}\n")


def written() -> str:
    """The body of `successor` as state.py has it."""
    text = STATE_PY.read_text()
    return text[text.index(BEGIN): text.index(END)]


def test_successor_is_the_rendering_of_the_declarations() -> None:
    assert written() == render(), "run: python -m tests.engine.test_state_fields"


def test_every_stored_field_is_declared_with_kept() -> None:
    names = [f.name for f in GameState.__dataclass_fields__.values()]
    assert [f.name for f in STORED] == [n for n in names if n != "owned"]


# A shared field's type must be read-only all the way down: mypy then refuses to change it in
# place, so a successor may share it. Immutable scalars, names and tuples are values.
READ_ONLY = re.compile(r"^(Sequence|Mapping|tuple|Config|int|bool|str|Step|Winner|Reason|Task|"
                       r"TokenKind|TurnEffect|Literal|None|\.\.\.)$")


def declared_types() -> dict[str, str]:
    """Each field's type as state.py writes it (a compiled class keeps only the outer type)."""
    tree = parse(STATE_PY.read_text())
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameState")
    return {n.target.id: ast.unparse(n.annotation) for n in body.body
            if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}


def test_what_successors_share_has_a_read_only_type() -> None:
    types = declared_types()
    for spec in STORED:
        if share_of(spec) in (Share.VALUE, Share.REPLACED):
            words = re.findall(r"\.\.\.|\w+", types[spec.name])
            assert all(READ_ONLY.match(w) for w in words), f"{spec.name}: {types[spec.name]}"
            if share_of(spec) is Share.VALUE:
                assert not {"Sequence", "Mapping"} & set(words), spec.name


def midgame() -> GameState:
    """A Frozen Lands state some way into a seeded random game (every container in use)."""
    chooser = Random(3)
    state = new_game(Config(hunted=4, variant="frozen-lands", abilities=True), 3)
    for _ in range(150):
        seat = chooser.choice(active_seats(state))
        state, _ = apply_unchecked(state, seat, chooser.choice(legal_actions(state, seat)))
    return state


def test_a_successor_shares_and_copies_as_declared() -> None:
    state = midgame()
    new = state.successor()
    for spec in STORED:
        old, copy = getattr(state, spec.name), getattr(new, spec.name)
        if share_of(spec) in SHARED:
            assert copy is old, spec.name
        else:
            assert copy == old and copy is not old, spec.name
            assert all(a is b for a, b in zip(copy, old, strict=True)) == (
                share_of(spec) is Share.SEATS), spec.name
    assert new.owned == state.owned == 0


def test_a_clone_shares_no_container() -> None:
    state = midgame()
    new = state.clone()
    assert new.to_json() == state.to_json()
    for spec in STORED:
        if share_of(spec) is not Share.VALUE:
            assert getattr(new, spec.name) is not getattr(state, spec.name), spec.name
    assert all(a is not b for a, b in zip(new.hunted, state.hunted, strict=True))
    assert all(new.tokens[k] is not v for k, v in state.tokens.items() if v)


if __name__ == "__main__":
    source = STATE_PY.read_text()
    STATE_PY.write_text(source.replace(written(), render()))
    sys.exit(0)
