"""Reading the public table: where each Hunted may be this turn, and what places are worth."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.engine.cards import FROZEN, RESERVE_PLACES, ROVER

View = dict[str, Any]

# How much a sensible Hunted likes each place (Rescue first, then recovery and supplies).
PLACE_APPEAL: dict[int, float] = {1: 1.0, 2: 1.1, 3: 0.7, 4: 1.3, 5: 1.0, 6: 1.2, 7: 1.0,
                                  8: 1.6, 9: 1.0, 10: 0.8}
# A sensible Hunted goes to her favourite places more than in proportion to their appeal: the
# reading by appeal weighs each card by PLACE_APPEAL to this power (1.0 read the Wreck too rarely).
APPEAL_SHARPNESS = 1.5


def candidates(view: View, hunted: dict[str, Any]) -> list[int]:
    """The Place cards a Hunted may have played: owned, not in the discard pile, not forbidden."""
    discard = hunted["discard"] if hunted["discard"] is not None else []
    forbidden = set(view["board"]["forbidden"])
    # Cards Phobia showed the Creature are in hand, so they are not the one in play.
    shown = set(view["you"].get("shown_by_phobia", {}).get(str(hunted["seat"]), []))
    pool = [c for c in hunted["owned"] if c not in discard and c not in shown]
    allowed = [c for c in pool if c not in forbidden]
    return allowed or pool


def presence(view: View, taste: Mapping[int, float] | None = None) -> dict[int, dict[int, float]]:
    """For each Hunted seat, the chance of standing on each place this turn: the places she
    may have played, liked by PLACE_APPEAL with weight `taste[seat]` (default 1) and alike
    otherwise (a Hunted who picks at random)."""
    out: dict[int, dict[int, float]] = {}
    for hunted in view["hunted"]:
        if hunted["positions"]:
            out[hunted["seat"]] = {place: 1.0 for place, _ in hunted["positions"]}
            continue
        pool = candidates(view, hunted)
        liking = 1.0 if taste is None else taste.get(hunted["seat"], 1.0)
        odds = choice_odds(pool, liking)
        plays = max(1, hunted["played"])
        out[hunted["seat"]] = {c: min(1.0, plays * odds[c]) for c in pool}
    return out


def choice_odds(pool: list[int], liking: float) -> dict[int, float]:
    """The chance of each card of `pool` being the one played: by appeal (PLACE_APPEAL **
    APPEAL_SHARPNESS) with weight `liking`, every card alike with weight 1 - liking."""
    appeal = {c: PLACE_APPEAL[c] ** APPEAL_SHARPNESS for c in pool}
    total = sum(appeal.values()) or 1.0
    return {c: liking * appeal[c] / total + (1.0 - liking) / len(pool) for c in pool}


def catch_value(view: View, seat: int, place: int) -> float:
    """What catching this Hunted here is worth to the Creature (last Will counts double)."""
    hunted = next(h for h in view["hunted"] if h["seat"] == seat)
    value = 1.0
    if hunted["will"] == 1 or (place == 1 and hunted["will"] == 2):
        value += 1.0  # a lost last Will moves Assimilation once more
    if place == 1:
        value += 0.3
    return value


def place_scores(view: View, where: dict[int, dict[int, float]] | None = None
                 ) -> dict[int, float]:
    """Expected worth of the Creature token on each place (`where`: presence(view))."""
    scores = dict.fromkeys(range(1, 11), 0.0)
    for seat, chances in (presence(view) if where is None else where).items():
        for place, chance in chances.items():
            scores[place] += chance * catch_value(view, seat, place)
    return scores


def mass(view: View, where: dict[int, dict[int, float]] | None = None) -> dict[int, float]:
    """Expected number of Hunted on each place (`where`: presence(view))."""
    out = dict.fromkeys(range(1, 11), 0.0)
    for chances in (presence(view) if where is None else where).values():
        for place, chance in chances.items():
            out[place] += chance
    return out


# A Place card gained for good (the Rover's power), in catches, at the start of the game: every
# hand she recovers (Give Up, a lost last Will) holds it until the end, while a card taken back
# is handed back at her next recovery anyway. Worth less as the Rescue counter nears the end.
GAINED_CARD_WORTH = 1.0


def gains_a_card(view: View, hunted: dict[str, Any]) -> bool:
    """True if the Rover would gain this Hunted a Place card: the reserve holds one she lacks."""
    reserve = view["board"]["reserve"]
    return any(reserve.get(str(n), 0) > 0 and n not in hunted["owned"] for n in RESERVE_PLACES)


def denied_gains(view: View, where: dict[int, dict[int, float]] | None = None
                 ) -> dict[int, float]:
    """Per place, what a token there is expected to deny the Hunted for good: the Place card
    the Rover would gain her, by the share of the game left (base game; `where`: presence)."""
    out = dict.fromkeys(range(1, 11), 0.0)
    if view["config"]["variant"] == FROZEN:
        return out
    board = view["board"]
    worth = GAINED_CARD_WORTH * board["rescue"] / board["rescue_start"]
    hunted = {h["seat"]: h for h in view["hunted"]}
    for seat, chances in (presence(view) if where is None else where).items():
        if gains_a_card(view, hunted[seat]):
            out[ROVER] += chances.get(ROVER, 0.0) * worth
    return out
