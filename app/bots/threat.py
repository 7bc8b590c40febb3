"""The Hunted reading the Creature: where its tokens are likely to fall this turn, read from the
public table the way a Creature hunting the likeliest Hunted (creature.py) reads it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .base import View
from .creature import HeuristicCreature

# How sharply the Creature goes for its best-scored place: its token takes the top place, but
# its reading of her tastes and its Hunt cards are not all hers to see.
TOKEN_SHARPNESS = 3.0
# An Artemia token needs an Artemia symbol: on the Rescue track's space, or from a Hunt card.
ARTEMIA_CARD_ODDS = 0.25


@dataclass(frozen=True, slots=True)
class Threat:
    """Per place, the chance the Creature token and the Artemia token land there this turn."""

    creature: dict[int, float]
    artemia: dict[int, float]


NO_THREAT = Threat(dict.fromkeys(range(1, 11), 0.0), dict.fromkeys(range(1, 11), 0.0))


class ThreatReader:
    """Reads the table as the Creature would, learning each Hunted's tastes from her reveals."""

    def __init__(self) -> None:
        self.creature = HeuristicCreature()

    def read(self, view: View) -> Threat:
        """Where the tokens are likely to fall, from this view's public facts."""
        reader = self.creature
        reader.read(view)
        token = _softmax({p: reader.scores[p] + reader.denied[p] for p in range(1, 11)})
        top = max(token, key=lambda p: token[p])
        artemia = _softmax({p: reader.crowd[p] + reader.denied[p]
                            for p in range(1, 11) if p != top})
        odds = 1.0 if view["board"]["artemia_symbol"] else ARTEMIA_CARD_ODDS
        return Threat(token, {p: odds * artemia.get(p, 0.0) for p in range(1, 11)})


def _softmax(scores: dict[int, float]) -> dict[int, float]:
    """The chance of each place being picked by a chooser that mostly takes the best."""
    top = max(scores.values())
    weights = {p: math.exp(TOKEN_SHARPNESS * (s - top)) for p, s in scores.items()}
    total = sum(weights.values())
    return {p: w / total for p, w in weights.items()}
