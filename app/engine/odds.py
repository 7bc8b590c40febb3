"""The Contamination odds one seat may know (Frozen Lands §6): from the faces it has seen only."""

from __future__ import annotations

from math import comb

from .board import held_tokens
from .cards import CONTAMINATION_BLANKS, CONTAMINATION_ICONS
from .contamination import face_for
from .seat_view import Odds
from .state import GameState


def contamination_odds(state: GameState, seat: int | None) -> Odds:
    """What `seat` knows of the tokens the Hunted hold, and the chance that a reveal now shows
    no icon: the unknown ones are drawn from the tokens it has not seen as blank (the reserve
    is shuffled after every discard, so nothing else is known of it)."""
    faces = [face_for(t, seat) for t in held_tokens(state)]
    unknown, blank, icon = faces.count(None), faces.count("blank"), faces.count("icon")
    clean = clean_chance(unknown, blank, icon)
    return Odds(total=CONTAMINATION_ICONS + CONTAMINATION_BLANKS, icons=CONTAMINATION_ICONS,
                held=len(faces), unknown=unknown, blank=blank, icon=icon, clean=round(clean, 4))


def clean_chance(unknown: int, blank: int, icon: int) -> float:
    """The chance that a reveal shows no icon when the Hunted hold `unknown` face-down tokens
    and `blank` and `icon` seen ones: the unknown ones are drawn from the tokens not seen."""
    if icon:
        return 0.0
    pool = CONTAMINATION_ICONS + CONTAMINATION_BLANKS - blank
    return comb(CONTAMINATION_BLANKS - blank, unknown) / comb(pool, unknown)  # 0 past the blanks
