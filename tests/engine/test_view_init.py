"""The seat view's classes that write their `__init__` out (compiled: the generated one runs
interpreted) take exactly their fields, in order and with their defaults, set every one, and
stay frozen and equal by value.

Source: app/engine/public_view.py (why the constructors are written out)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest

from app.engine import Config, new_game, seat_views
from app.engine.public_view import Board, CreaturePublic, HuntedPublic, TokenView
from app.engine.seat_view import (
    Cost,
    CreaturePrivate,
    HuntedPrivate,
    NoSeat,
    Offer,
    PromptView,
    SeatView,
    Target,
    Waiting,
)

WRITTEN = (Board, CreaturePublic, HuntedPublic, TokenView, Cost, CreaturePrivate, HuntedPrivate,
           Offer, PromptView, SeatView, Target, Waiting)
ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"


def written_inits() -> list[tuple[str, ast.ClassDef, ast.FunctionDef]]:
    """Each class of the two modules with an `__init__` in its source (compiled, the built
    one has no signature to read)."""
    found = []
    for module in ("public_view", "seat_view"):
        tree = ast.parse((ENGINE / f"{module}.py").read_text())
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                found += [(node.name, node, item) for item in node.body
                          if isinstance(item, ast.FunctionDef) and item.name == "__init__"]
    return found


def test_each_written_init_takes_the_fields_in_order_and_sets_each() -> None:
    inits = written_inits()
    assert sorted(name for name, _, _ in inits) == sorted(c.__name__ for c in WRITTEN)
    for name, cls, init in inits:
        fields = [item for item in cls.body
                  if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)]
        names = [f.target.id for f in fields if isinstance(f.target, ast.Name)]
        assert [a.arg for a in init.args.args[1:]] == names, name
        assert not init.args.kwonlyargs and init.args.vararg is None, name
        defaults = [ast.unparse(d) for d in init.args.defaults]
        declared = [d for f in fields if (d := _default(f.value)) is not None]
        assert defaults == declared, name
        sets = [ast.unparse(s.value.args[1]) for s in init.body
                if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)]
        assert sets == [repr(n) for n in names], name


def _default(value: ast.expr | None) -> str | None:
    """A field's default as its source gives it (`x = 0`, `field(default=0, ...)`), or None."""
    if isinstance(value, ast.Call):
        return next((ast.unparse(k.value) for k in value.keywords if k.arg == "default"), None)
    return None if value is None else ast.unparse(value)


def test_the_built_views_set_every_field_and_stay_frozen() -> None:
    state = new_game(Config(hunted=3), seed=7)
    views = seat_views(state, (0, 1, None))
    offers = views[1].offers
    objects: list[Any] = [*views.values(), views[0].board, *views[0].hunted, *offers,
                          views[0].creature, views[0].you, views[1].you, *views[0].waiting_on,
                          *(o.cost for o in offers), *(t for o in offers for t in o.targets)]
    objects += [you.prompt for you in (views[0].you, views[1].you)
                if not isinstance(you, NoSeat) and you.prompt is not None]
    assert {type(obj) for obj in objects} >= set(WRITTEN) - {TokenView, Target}, "each checked"
    for obj in objects:
        values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}
        again = type(obj)(**values)  # every field set, by name, to the same value
        assert again == obj
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, dataclasses.fields(obj)[0].name, None)
    assert dataclasses.replace(views[1], turn=views[1].turn + 1).turn == views[1].turn + 1
