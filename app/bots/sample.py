"""The bots' belief about hidden Place cards, for the engine's determinization
(app/engine/determinize.py): a Creature reads a Hunted as a sensible player."""

from __future__ import annotations

from random import Random

from app.engine import GameState
from app.engine.determinize import Likes, determinize, rebuildable

from .base import View
from .predict import PLACE_APPEAL

__all__ = ["belief", "determinize_for", "rebuildable"]


def belief(view: View) -> Likes:
    """How much a Hunted is believed to have played a Place card: Rescue places first, never a
    forbidden place, never a card Phobia showed in hand."""
    forbidden = set(view["board"]["forbidden"])
    shown = {int(seat): set(cards)
             for seat, cards in view["you"].get("shown_by_phobia", {}).items()}

    def likes(seat: int, card: int) -> float:
        return 0.02 if card in forbidden or card in shown.get(seat, ()) else PLACE_APPEAL[card]

    return likes


def determinize_for(view: View, rng: Random) -> GameState:
    """A state consistent with the view, the unseen cards in play drawn by the bots' belief."""
    return determinize(view, rng, belief(view))
