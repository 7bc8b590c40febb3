"""The JSON Schema of every frame, the seat view's part generated from the engine's dataclasses.

`python -m app.server.view_schema` prints it; docs/seat-view.schema.json is that output,
committed (tests/server/test_frame_schema.py keeps the two equal and checks real frames).

The seat view's classes are read from their source (seat_view.py, public_view.py, actions.py,
config.py): the compiled engine keeps only coarse runtime annotations (`tuple` for
`tuple[int, ...]`). The frames' own models give theirs through pydantic, with the view a
reference to `SeatView`.
"""

from __future__ import annotations

import ast
import json
from enum import StrEnum
from pathlib import Path

from pydantic.json_schema import models_json_schema

from app.engine import vocab
from app.engine.actions import ACTION_TYPES

from . import frames

ENGINE = Path(__file__).resolve().parent.parent / "engine"
Schema = dict[str, object]
ANY: Schema = {}  # a prompt's data: any JSON (each prompt kind frames its own)
_PRIMITIVE: dict[str, Schema] = {
    "int": {"type": "integer"}, "str": {"type": "string"}, "bool": {"type": "boolean"},
    "float": {"type": "number"}, "None": {"type": "null"}, "JsonValue": ANY,
}


class _Source:
    """The dataclasses and aliases of a few engine modules, as their source declares them."""

    def __init__(self, *names: str) -> None:
        self.classes: dict[str, ast.ClassDef] = {}
        self.aliases: dict[str, ast.expr] = {}
        for name in names:
            tree = ast.parse((ENGINE / f"{name}.py").read_text())
            for node in tree.body:
                if isinstance(node, ast.ClassDef):
                    self.classes[node.name] = node
                elif isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
                    self.aliases[node.targets[0].id] = node.value
        self.defs: dict[str, Schema] = {}

    def ref(self, name: str) -> Schema:
        """A reference to the class or enum `name`, defining it on first use."""
        if name not in self.defs:
            self.defs[name] = {}  # reserved first: a class may refer to itself
            enum = getattr(vocab, name, None)
            if isinstance(enum, type) and issubclass(enum, StrEnum):
                self.defs[name] = {"enum": [str(m) for m in enum]}
            else:
                self.defs[name] = self.object_of(self.classes[name])
        return {"$ref": f"#/$defs/{name}"}

    def object_of(self, node: ast.ClassDef, short: bool = False) -> Schema:
        """A dataclass as an object: its fields, required unless left out when empty."""
        properties: dict[str, Schema] = {}
        required: list[str] = []
        for item in node.body:
            if not (isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)):
                continue
            name, metadata = item.target.id, _metadata(item.value)
            schema = self.of(item.annotation, metadata)
            if metadata == "OMIT_NONE":  # left out rather than null
                schema = next(o for o in _options(schema) if o != _PRIMITIVE["None"])
            properties[name] = schema
            if metadata not in ("OMIT_EMPTY", "OMIT_NONE") and not short:
                required.append(name)
        out: Schema = {"type": "object", "properties": properties, "required": required,
                       "additionalProperties": False}
        doc = ast.get_docstring(node)
        if doc:
            out["description"] = doc.split("\n")[0]
        return out

    def of(self, node: ast.expr, metadata: str = "") -> Schema:
        """The schema of one annotation."""
        if metadata == "FULL_ACTION":
            return {"$ref": "#/$defs/Action"}
        if metadata == "SHORT_ACTION":
            return {"type": "array", "items": {"$ref": "#/$defs/ActionShort"}}
        if isinstance(node, ast.Constant) and node.value is None:
            return _PRIMITIVE["None"]
        if isinstance(node, ast.BinOp):  # X | Y
            return {"anyOf": [*_options(self.of(node.left)), *_options(self.of(node.right))]}
        if isinstance(node, ast.Subscript):
            return self.generic(node)
        name = ast.unparse(node)
        if name in _PRIMITIVE:
            return _PRIMITIVE[name]
        if name in self.aliases:
            return self.of(self.aliases[name])
        return self.ref(name)

    def generic(self, node: ast.Subscript) -> Schema:
        """tuple[X, ...], tuple[X, Y], Mapping[str, X], Sequence[X] or Literal[...]."""
        head = ast.unparse(node.value)
        args = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if head == "Literal":
            return {"enum": [a.value for a in args if isinstance(a, ast.Constant)]}
        if head == "Mapping":
            return {"type": "object", "additionalProperties": self.of(args[1])}
        if head == "Sequence" or ast.unparse(args[-1]) == "...":
            return {"type": "array", "items": self.of(args[0])}
        items = [self.of(a) for a in args]
        return {"type": "array", "prefixItems": items, "minItems": len(items),
                "maxItems": len(items)}


def _metadata(value: ast.expr | None) -> str:
    """The name given as a field's `metadata=` (OMIT_EMPTY, FULL_ACTION...), else ""."""
    if isinstance(value, ast.Call):
        for keyword in value.keywords:
            if keyword.arg == "metadata":
                return ast.unparse(keyword.value)
    return ""


def _options(schema: Schema) -> list[Schema]:
    any_of = schema.get("anyOf")
    return list(any_of) if isinstance(any_of, list) else [schema]


def _actions(source: _Source) -> None:
    """Every action in full (an offer's) and in its wire form (only `type` required)."""
    for short in (False, True):
        refs = []
        for name in ACTION_TYPES:
            schema = source.object_of(source.classes[name], short=short)
            schema["properties"] = {"type": {"const": name}, **_dict(schema["properties"])}
            schema["required"] = ["type", *_list(schema["required"])]
            key = f"{name}.short" if short else name
            source.defs[key] = schema
            refs.append({"$ref": f"#/$defs/{key}"})
        source.defs["ActionShort" if short else "Action"] = {"anyOf": refs}


def _dict(value: object) -> dict[str, object]:
    assert isinstance(value, dict)
    return value


def _list(value: object) -> list[object]:
    assert isinstance(value, list)
    return value


def view_schema() -> Schema:
    """The JSON Schema of every frame the server sends, `SeatView` among its definitions."""
    source = _Source("seat_view", "public_view", "actions", "config")
    source.ref("SeatView")
    patch = {**_dict(source.defs["SeatView"]), "required": [],
             "description": "Some fields of a seat view: a patch's (the rest as they were)."}
    source.defs["SeatViewPatch"] = patch
    _actions(source)
    kinds = frames.FRAME_KINDS
    _, models = models_json_schema([(kind, "serialization") for kind in kinds],
                                   ref_template="#/$defs/{model}")
    models_defs = _dict(models.get("$defs", {}))
    for kind in kinds:  # a frame has its type, and nothing the model does not declare
        frame = _dict(models_defs[kind.__name__])
        frame["required"] = ["type", *_list(frame.get("required", []))]
        frame["additionalProperties"] = False
    defs = {**models_defs, **dict(sorted(source.defs.items()))}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Not Alone Online frames",
        "description": "Every server-to-client frame; a sync's or an update's `view` is a "
                       "SeatView (docs/protocol.md).",
        "anyOf": [{"$ref": f"#/$defs/{kind.__name__}"} for kind in kinds],
        "$defs": defs,
    }


def schema_text() -> str:
    """The schema as committed: indented, keys in a stable order, a final newline."""
    return json.dumps(view_schema(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
