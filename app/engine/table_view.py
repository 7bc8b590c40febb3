"""The whole table, every secret face up: for replaying a finished game, never a live one.

`view_for` is what one seat may see; once a game is over nothing is secret any more, and a
replay may show each hand, each deck and each Contamination token's face.
"""

from __future__ import annotations

from typing import Any

from .events import Event
from .state import CREATURE, GameState
from .view import private_view, view_for


def table_view(state: GameState) -> dict[str, Any]:
    """The spectator's view plus every seat's private part and every hidden card and face.

    The caller guarantees the game is over (the server serves it for finished games only).
    """
    view = view_for(state, None)
    view["role"] = "table"
    for public, hunted in zip(view["hunted"], state.hunted, strict=True):
        public["discard"] = list(hunted.discard)
        public["tokens"] = [{"id": t.id, "face": "icon" if t.icon else "blank"}
                            for t in hunted.tokens]
    view["creature"]["deck_cards"] = list(state.creature.deck)
    view["board"]["survival_deck_cards"] = list(state.survival_deck)
    view["board"]["contamination_faces"] = ["icon" if icon else "blank"
                                            for icon in state.contamination]
    seats = [CREATURE, *(h.seat for h in state.hunted)]
    view["seats"] = {str(seat): private_view(state, seat) for seat in seats}
    return view


def table_events(events: list[Event]) -> list[Event]:
    """Every event in full: private ones included, the redacted copies made for the others
    (those with a `but`) left out, since the full one is there."""
    return [e for e in events if not e.but]


__all__ = ["table_events", "table_view"]
