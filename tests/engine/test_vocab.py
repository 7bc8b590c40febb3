"""The engine's vocabulary is named (app/engine/vocab.py) and the wire format did not change.

Source: architecture.md (enums for steps, prompt kinds, effects, token kinds, place-power options,
termination and winner, game status and event kinds; one prompt table refusing duplicates; the
JSON unchanged). The golden playthroughs (test_golden.py), recorded before the vocabulary was
named, prove that stored games still load and replay to the same JSON.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.engine import Config, GameState, new_game, view_for
from app.engine.answers import PROMPTS
from app.engine.flow import STEPS
from app.engine.prompts import DuplicatePrompt, PromptRule, prompt_table
from app.engine.vocab import (
    Effect,
    EventKind,
    GameStatus,
    PromptKind,
    Step,
    TokenKind,
    Whisper,
    effect_from_json,
)

ENGINE = Path(__file__).resolve().parents[2] / "app" / "engine"


def _rule() -> PromptRule:
    return PROMPTS[PromptKind.WINDOW]


def test_the_prompt_table_refuses_a_kind_defined_twice() -> None:
    with pytest.raises(DuplicatePrompt, match="window"):
        prompt_table([(PromptKind.EXPLORE, _rule())],
                     [(PromptKind.WINDOW, _rule()), (PromptKind.WINDOW, _rule())])


def test_every_prompt_kind_has_exactly_one_rule() -> None:
    assert sorted(PROMPTS) == sorted(PromptKind)


def test_every_step_but_the_end_has_a_handler() -> None:
    assert set(STEPS) == set(Step) - {Step.OVER}


def test_every_event_kind_is_emitted_somewhere_and_no_event_is_a_bare_string() -> None:
    source = "\n".join(p.read_text() for p in ENGINE.glob("*.py") if p.name != "vocab.py")
    assert {kind for kind in EventKind if f"EventKind.{kind.name}" not in source} == set()
    assert re.findall(r'emit(?:_secret)?\(\w+, "', source) == []


def test_names_serialise_as_the_strings_they_name() -> None:
    assert json.dumps([Step.RESCUE, TokenKind.TARGET, Effect.DESPAIR, GameStatus.OVER]) == (
        '["rescue", "target", "despair", "over"]')
    assert {"rescue": 1}[Step.RESCUE] == 1 and PromptKind("team") is PromptKind.TEAM


def test_whisper_is_a_named_value_stored_in_the_old_form() -> None:
    state = new_game(Config(hunted=3, variant="frozen-lands"), 1)
    state.effects = (Effect.ISOLATION, Whisper(1, 3))
    raw = state.to_json()
    assert raw["effects"] == ["isolation", "whisper:1:3"]
    loaded = GameState.from_json(json.loads(json.dumps(raw)))
    assert loaded.effects == (Effect.ISOLATION, Whisper(1, 3))
    assert effect_from_json("whisper:2:4") == Whisper(2, 4)
    assert view_for(loaded, 1)["you"]["whisper"] == [3]
    assert view_for(loaded, 2)["board"]["effects"] == ["isolation"]


def test_a_loaded_state_holds_names_not_bare_strings() -> None:
    state = GameState.from_json(json.loads(json.dumps(new_game(Config(hunted=2), 3).to_json())))
    assert type(state.step) is Step
    assert all(type(p.kind) is PromptKind for layer in state.layers for p in layer)
