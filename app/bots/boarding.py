"""The Frozen Lands end game for a heuristic Hunted (frozen_lands.md §6): board the rescue
only when the reveal looks clean enough, otherwise wait and clean up the tokens."""

from __future__ import annotations

from typing import Any

from app.engine import odds
from app.engine.actions import Choice, Vote
from app.engine.vocab import Decision, Effect

from .base import View


def vote_worth(view: View, action: Vote) -> float:
    """Board only when the reveal looks clean enough; otherwise wait and clean up."""
    decision = view["you"]["prompt"]["data"]["decision"]
    if decision == Decision.BOARD:
        board = clean_chance(view) >= waiting_odds(view)
        return 1.0 if (action.option == Choice.BOARD) == board else 0.0
    if action.option == Choice.NOBODY:
        return 0.5
    seat = int(action.option)
    hunted = next(h for h in view["hunted"] if h["seat"] == seat)
    if decision == Decision.CLEANSE:
        tokens: list[dict[str, Any]] = hunted["tokens"]
        icons = sum(1 for t in tokens if t["face"] == "icon")
        return 1.0 + len(tokens) + 3.0 * icons
    return 1.0 + float(hunted["hand"]) * 0.1  # Blizzard: whoever holds the most cards pays


def clean_chance(view: View, cleaned: int = 0) -> float:
    """Chance that no held token shows the icon (frozen_lands.md §6), after `cleaned` tokens
    are discarded (a known icon first, then unknown ones): the engine's odds (the view's
    `contamination`) with those tokens gone."""
    known: dict[str, int] = view["contamination"]
    dropped = min(cleaned, known["icon"])
    unknown = max(known["unknown"] - (cleaned - dropped), 0)
    return odds.clean_chance(unknown, known["blank"], known["icon"] - dropped)


# The chance the Hunted get through one more turn, by Assimilation spaces left: the Creature
# catches someone on most turns, and a last Will lost moves the counter twice.
SURVIVE_A_TURN = {1: 0.2, 2: 0.6, 3: 0.85}


def waiting_odds(view: View) -> float:
    """Chance of boarding clean a turn later: survive it, and be one token cleaner."""
    survive = SURVIVE_A_TURN.get(view["board"]["assimilation"], 0.95)
    quarantined = Effect.QUARANTINE in view["board"]["effects"]
    return survive * clean_chance(view, 0 if quarantined else 2)


def cleanse_worth(view: View, seat: int) -> float:
    """Cleaning someone's token is worth more near the end and more on a known icon."""
    tokens: list[dict[str, Any]] = next(h for h in view["hunted"] if h["seat"] == seat)["tokens"]
    icons = sum(t["face"] == "icon" for t in tokens)
    late = view["board"]["rescue"] <= 3
    return 1.0 + 0.4 * len(tokens) + 2.5 * float(icons) + (1.5 if late else 0.0)
