"""Typed errors raised by `apply_action`; each names the action, the seat and the phase."""

from __future__ import annotations

from typing import ClassVar


class EngineError(Exception):
    """Base of the engine's refusals."""

    code: ClassVar[str] = "engine_error"

    def __init__(self, message: str, *, action: object = None, seat: int | None = None,
                 phase: str = "") -> None:
        super().__init__(f"{message} (action={action!r}, seat={seat}, phase={phase})")
        self.reason = message
        self.action = action
        self.seat = seat
        self.phase = phase


class IllegalAction(EngineError):
    """The action is not among the seat's legal actions."""

    code: ClassVar[str] = "illegal_action"


class NotYourTurn(EngineError):
    """The seat has nothing to do at this moment."""

    code: ClassVar[str] = "not_your_turn"


class GameOver(EngineError):
    """The game has ended; no action applies."""

    code: ClassVar[str] = "game_over"


class InvalidConfig(ValueError):
    """A game configuration the rules forbid (player count, board side, variant)."""
