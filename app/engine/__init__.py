"""Not Alone's rules: pure, deterministic, standard library only."""

from .actions import Action, MalformedAction, action_from_json
from .config import Config
from .errors import EngineError, GameOver, IllegalAction, InvalidConfig, NotYourTurn
from .events import Event
from .game import (
    Outcome,
    active_seats,
    apply_action,
    apply_unchecked,
    legal_actions,
    may_whisper,
    new_game,
    outcome,
    phase_name,
    replay,
    status,
)
from .seat_view import SeatView
from .state import CREATURE, GameState
from .view import seat_view, seat_views, view_for, views_for
from .vocab import (
    Effect,
    EventKind,
    GameStatus,
    Phase,
    PowerOption,
    PromptKind,
    Reason,
    Step,
    TokenKind,
    Winner,
)
from .wire import wire_fields, wire_object
from .wire_view import WireCache

__all__ = [
    "CREATURE",
    "Action",
    "Config",
    "Effect",
    "EngineError",
    "Event",
    "EventKind",
    "GameOver",
    "GameState",
    "GameStatus",
    "IllegalAction",
    "InvalidConfig",
    "MalformedAction",
    "NotYourTurn",
    "Outcome",
    "Phase",
    "PowerOption",
    "PromptKind",
    "Reason",
    "SeatView",
    "Step",
    "TokenKind",
    "Winner",
    "WireCache",
    "action_from_json",
    "active_seats",
    "apply_action",
    "apply_unchecked",
    "legal_actions",
    "may_whisper",
    "new_game",
    "outcome",
    "phase_name",
    "replay",
    "seat_view",
    "seat_views",
    "status",
    "view_for",
    "views_for",
    "wire_fields",
    "wire_object",
]
