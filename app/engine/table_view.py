"""The whole table, every secret face up: for replaying a finished game, never a live one.

`view_for` is what one seat may see; once a game is over nothing is secret any more, and a
replay may show each hand, each deck and each Contamination token's face.
"""

from __future__ import annotations

from dataclasses import replace

from .events import Event
from .public_view import TokenView
from .seat_view import JsonValue
from .state import CREATURE, GameState
from .view import private_view, seat_view
from .wire import wire_object


def table_view(state: GameState) -> dict[str, JsonValue]:
    """The spectator's view plus every seat's private part and every hidden card and face.

    The caller guarantees the game is over (the server serves it for finished games only).
    """
    spectator = seat_view(state, None)
    hunted = tuple(replace(public, discard=tuple(h.discard),
                           tokens=tuple(TokenView(t.id, "icon" if t.icon else "blank")
                                        for t in h.tokens))
                   for public, h in zip(spectator.hunted, state.hunted, strict=True))
    view = wire_object(replace(spectator, hunted=hunted))
    view["role"] = "table"
    view["creature"] = {**wire_object(spectator.creature),
                        "deck_cards": list(state.creature.deck)}
    view["board"] = {**wire_object(spectator.board),
                     "survival_deck_cards": list(state.survival_deck),
                     "contamination_faces": ["icon" if icon else "blank"
                                             for icon in state.contamination]}
    seats = [CREATURE, *(h.seat for h in state.hunted)]
    view["seats"] = {str(seat): wire_object(private_view(state, seat)) for seat in seats}
    return view


def table_events(events: list[Event]) -> list[Event]:
    """Every event in full: private ones included, the redacted copies made for the others
    (those with a `but`) left out, since the full one is there."""
    return [e for e in events if not e.but]


__all__ = ["table_events", "table_view"]
