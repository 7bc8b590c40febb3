"""How each field of the game state is kept: its one declaration (`kept`) says how a successor
and a clone copy it, how it is stored as JSON, and where determinization finds it.

`GameState` (state.py) declares every field with `kept`; its successor, clone, JSON and the
determinization (determinize.py) read these declarations, so a field is listed once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, Field, dataclass, field
from enum import Enum
from typing import Any

from .config import Config
from .sides import Creature, Hunted
from .vocab import Task, TokenKind, effect_from_json


class Share(Enum):
    """What a successor (the working copy of every action) does with a field."""

    VALUE = "value"  # immutable (a number, a name, a tuple): every copy shares it
    REPLACED = "replaced"  # a read-only container that actions replace, never change: shared
    LAYERS = "layers"  # the prompts, changed in place by answers: each successor copies them
    SEATS = "seats"  # the Hunted: shared seat by seat until `hunted_at` (copy on write)
    OWNER = "owner"  # the Creature's holdings: shared until `own_creature` (copy on write)


class Seen(Enum):
    """Where determinization finds a field for a state consistent with a seat's view."""

    BOARD = "board"  # public: the view's board holds it, decoded as its stored JSON is
    REBUILT = "rebuilt"  # secret or turn flow: determinize.py draws or derives it


@dataclass(frozen=True, slots=True)
class Codec:
    """A field's JSON form (`dump`, `load`) and its independent copy (`clone`)."""

    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]
    clone: Callable[[Any], Any]


def _same(value: Any) -> Any:
    return value


def _seat_keys(value: Any) -> dict[int, Any]:
    return {int(k): (list(v) if isinstance(v, list) else v) for k, v in value.items()}


def _str_keys(value: Any) -> dict[str, Any]:
    return {str(k): (list(v) if isinstance(v, list) else v) for k, v in value.items()}


def _copied_values(value: Any) -> dict[Any, Any]:
    return {k: (v[:] if isinstance(v, list) else v) for k, v in value.items()}


PLAIN = Codec(_same, _same, _same)  # a number or a flag
LIST = Codec(list, list, list)  # a read-only list of plain items
TUPLE = Codec(list, tuple, _same)  # this turn's marks: tuples, cleared when a turn starts
SEAT_MAP = Codec(_str_keys, _seat_keys, _copied_values)  # seat or place number -> plain items
TOKENS = Codec(lambda v: {str(k): list(p) for k, p in v.items()},
               lambda v: {TokenKind(k): list(p) for k, p in v.items()}, _copied_values)
EFFECTS = Codec(lambda v: [str(e) for e in v],  # a Whisper is stored as "whisper:<a>:<b>"
                lambda v: tuple(effect_from_json(e) for e in v), _same)
QUEUE = Codec(lambda v: [list(t) for t in v],
              lambda v: [(Task(k), int(p), int(s)) for k, p, s in v], list)

CONFIG = Codec(Config.to_json, Config.from_json, _same)
HUNTED = Codec(lambda v: [h.to_json() for h in v], lambda v: [Hunted.from_json(h) for h in v],
               lambda v: list(map(Hunted.clone, v)))
CREATURE = Codec(Creature.to_json, Creature.from_json, Creature.clone)


def named(kind: Callable[[str], Any]) -> Codec:
    """A name of the vocabulary, stored as its string; "" (none yet) stays ""."""
    return Codec(str, lambda v: kind(v) if v else v, _same)


def kept(share: Share, codec: Codec, seen: Seen = Seen.REBUILT, *, default: Any = MISSING,
         factory: Callable[[], Any] | None = None, per_turn: bool = False) -> Any:
    """A stored field of the game state: how it is shared, stored and found (the module doc),
    and whether it is one of this turn's marks (`per_turn`: emptied when a turn starts); with
    no `default` nor `factory`, the field has no default."""
    meta = {"share": share, "codec": codec, "seen": seen, "per_turn": per_turn}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


def share_of(spec: Field[Any]) -> Share:
    """The field's `Share`."""
    found: Share = spec.metadata["share"]
    return found


def codec_of(spec: Field[Any]) -> Codec:
    """The field's `Codec`."""
    found: Codec = spec.metadata["codec"]
    return found


def seen_of(spec: Field[Any]) -> Seen:
    """The field's `Seen`."""
    found: Seen = spec.metadata["seen"]
    return found


def per_turn(spec: Field[Any]) -> bool:
    """True for this turn's marks, emptied when a turn starts."""
    return bool(spec.metadata["per_turn"])
