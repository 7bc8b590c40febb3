"""The seat view's one encoder: its frozen values (seat_view.py) as JSON-ready data.

`wire_fields` turns one value into a dict of its fields, as the wire names and orders them (the
field order of its class), leaving nested values as they are: a serializer that walks the rest
itself needs no more. `to_wire` goes all the way down, for a caller that wants plain dicts and
lists; wire_view.py writes the same out class by class, for the server's per-move frames.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass

from .actions import Action
from .seat_view import JsonValue

# (name, omit: "empty" | "none" | "", action: "full" | "short" | "") for each field of a class.
Plan = tuple[tuple[str, str, str], ...]
_PLANS: dict[type, Plan] = {}
_PLAIN: dict[type, tuple[str, ...]] = {}  # the classes whose fields all go out as they are


def _plan(kind: type) -> Plan:
    plan = _PLANS.get(kind)
    if plan is None:
        plan = tuple((f.name, str(f.metadata.get("omit", "")), str(f.metadata.get("action", "")))
                     for f in fields(kind))
        _PLANS[kind] = plan
    return plan


def action_fields(action: Action) -> dict[str, JsonValue]:
    """Every field of an action, defaults included (the wire form leaves those out)."""
    out: dict[str, JsonValue] = {"type": action.type}
    for f in fields(action):
        value = getattr(action, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def wire_fields(value: object) -> Mapping[str, object]:
    """One seat-view value (a dataclass) as a dict of its wire fields, nested values as is."""
    if isinstance(value, Action):
        return action_fields(value)
    kind = type(value)
    names = _PLAIN.get(kind)
    if names is not None:  # every field as it is: the most of a view, and the fast path
        return {name: getattr(value, name) for name in names}
    plan = _plan(kind)
    if not any(omit or action for _, omit, action in plan):
        _PLAIN[kind] = tuple(name for name, _, _ in plan)
        return wire_fields(value)
    out: dict[str, object] = {}
    for name, omit, action in plan:
        item = getattr(value, name)
        if (omit == "empty" and not item) or (omit == "none" and item is None):
            continue
        if action == "full":
            item = action_fields(item)
        elif action == "short":
            item = [a.to_json() for a in item]
        out[name] = item
    return out


def wire_object(value: object) -> dict[str, JsonValue]:
    """One seat-view value (a dataclass) as plain JSON data, all the way down."""
    return {k: to_wire(v) for k, v in wire_fields(value).items()}


def to_wire(value: object) -> JsonValue:
    """A seat-view value as plain JSON data (dicts, lists, str, numbers, bools, None)."""
    if is_dataclass(value) and not isinstance(value, type):
        return wire_object(value)
    if isinstance(value, (tuple, list)):
        return [to_wire(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_wire(v) for k, v in value.items()}
    if isinstance(value, (str, int, float)) or value is None:
        return value
    raise TypeError(f"not a seat-view value: {type(value).__name__}")
