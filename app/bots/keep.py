"""Keeping the Creature's one play a turn for a card of a later phase (a Detour after the
reveal, a Stasis at the end of the turn), and what that keeping is worth."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from app.engine.cards import ADJACENT, ALL_HUNT_CARDS
from app.engine.flow import PHASE_NUMBERS
from app.engine.hunt_registry import HUNT
from app.engine.vocab import TokenKind

View = dict[str, Any]

# A rough worth of holding a later-phase card: a phase-1 card must beat it to spend the turn's play.
LATER_CARD_WORTH: dict[str, float] = {
    "stasis": 3.0, "tracking": 0.4, "clone": 0.6, "phobia": 0.45, "detour": 0.4, "scream": 0.35,
    "fierceness": 0.35,
    "mutation": 0.3, "virus": 0.3, "forbidden-zone": 0.3, "anticipation": 0.3,
    "ascendancy": 0.25, "interference": 0.25, "cataclysm": 0.25, "toxin": 0.2, "mirage": 0.2,
    "persecution": 0.2,
}


class Hold(StrEnum):
    """Why the Creature's strategy holds a card for later in the turn: to drag a Hunted next
    door onto the Creature token, or to hold the Rescue counter on its last turns."""

    DRAG = "drag"
    RESCUE = "rescue"


# The cards held for a reason of their own (a strategy's table, keyed by card: not a rule).
HELD_FOR: dict[str, Hold] = {"detour": Hold.DRAG, "stasis": Hold.RESCUE}
LAST_CHANCE = 5.0  # holding the Rescue counter when it is about to reach the end beats any card
DETOUR_CATCH = 1.5  # a Detour that drags a Hunted onto the Creature token


def held(view: View) -> list[str]:
    """The Hunt cards in hand as they would play: a Flashback as the card it copies, as the
    view tells it (a Flashback kept after a Detour is a second Detour)."""
    copied = view["creature"]["flashback_copies"]
    return [str(copied or card) if HUNT[card].copies_last_discard else card
            for card in view["you"]["hunt_cards"]]


def holds(view: View, why: Hold) -> bool:
    """Whether a card in hand is held for `why`."""
    return any(HELD_FOR.get(card) == why for card in held(view))


def keep_worth(view: View, where: dict[int, dict[int, float]]) -> float:
    """What keeping the turn's play for a held card of a later phase is worth (a Detour after
    the reveal, a Stasis at the end of the turn): a turn has one play, and holding a card past
    its phase costs nothing. A Stasis must be played before the Rescue counter reaches the end."""
    phase = PHASE_NUMBERS.get(view["phase"], 4)
    worths = [0.0]
    for card in held(view):
        if card not in ALL_HUNT_CARDS or ALL_HUNT_CARDS[card].phase <= phase:
            continue
        hold = HELD_FOR.get(card)
        if hold == Hold.RESCUE and view["board"]["rescue"] <= 2:
            worths.append(LAST_CHANCE)  # this turn may be the Hunted's last: hold her here
        elif hold == Hold.DRAG and TokenKind.CREATURE in view["board"]["tokens"]:
            worths.append(DETOUR_CATCH * next_door(view, where))
        else:
            worths.append(LATER_CARD_WORTH.get(card, 0.0))
    return max(worths)


def next_door(view: View, where: dict[int, dict[int, float]]) -> float:
    """The chance that a Hunted stands next to the Creature token (a Detour's catch)."""
    creature = view["board"]["tokens"]["creature"]
    near = {q for p in creature for q in ADJACENT[p]} - set(creature)
    chances = [sum(c.get(q, 0.0) for q in near) for c in where.values()]
    return min(1.0, max(chances, default=0.0))
