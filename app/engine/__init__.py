"""Not Alone's rules: pure, deterministic, standard library only."""

from .actions import Action, MalformedAction, action_from_json
from .errors import EngineError, GameOver, IllegalAction, InvalidConfig, NotYourTurn
from .events import Event
from .game import (
    Outcome,
    active_seats,
    apply_action,
    apply_unchecked,
    legal_actions,
    new_game,
    outcome,
    phase_name,
    replay,
)
from .state import CREATURE, Config, GameState
from .view import view_for

__all__ = [
    "CREATURE", "Action", "Config", "EngineError", "Event", "GameOver", "GameState",
    "IllegalAction", "InvalidConfig", "MalformedAction", "NotYourTurn", "Outcome",
    "action_from_json", "active_seats", "apply_action", "apply_unchecked", "legal_actions",
    "new_game", "outcome", "phase_name", "replay", "view_for",
]
