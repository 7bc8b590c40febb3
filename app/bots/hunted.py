"""A heuristic Hunted: spreads out, stays unpredictable, manages Will, plays cards on purpose."""

from __future__ import annotations

from random import Random
from typing import Any

from app.engine.actions import (
    Action,
    Choose,
    DiscardContamination,
    DiscardPlaceCard,
    DiscardSurvivalCard,
    GiveUp,
    KeepHidden,
    KeepPlaceCard,
    KeepSurvivalCard,
    LookAtToken,
    Pass,
    PlayPlaceCards,
    PlaySurvivalCard,
    Resist,
    TakeBackPlaceCard,
    UseAbility,
    UsePlacePower,
    Vote,
)

from .base import View, best, legal, weighted_choice
from .boarding import cleanse_worth, vote_worth

# What a Place card in hand is worth keeping (Rescue places and recovery places first).
CARD_VALUE: dict[int, float] = {1: 1.2, 2: 1.4, 3: 0.9, 4: 1.6, 5: 1.2, 6: 1.6, 7: 1.2,
                                8: 2.0, 9: 1.3, 10: 1.0}
SURVIVAL_VALUE: dict[str, float] = {
    "dodge": 3.0, "wrong-track": 2.8, "detector": 2.0, "hologram": 2.0, "vortex": 2.2,
    "adrenaline": 1.8, "strike-back": 1.6, "amplifier": 1.5, "sixth-sense": 1.4, "drone": 1.3,
    "gate": 1.3, "double-back": 1.2, "sacrifice": 1.2, "ingenuity": 1.0, "smokescreen": 0.8,
}


class HeuristicHunted:
    """Chooses by prompt: explore with weighted randomness, otherwise the best-scored answer."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)

    def choose(self, view: View) -> Action:
        """One of the view's legal actions."""
        options = legal(view)
        prompt = view["you"]["prompt"]
        kind = prompt["kind"] if prompt else "explore"
        if kind == "explore":
            return self._explore(view, options)
        return best([(a, self._score(view, a)) for a in options])

    def ranked(self, view: View) -> list[tuple[Action, float]]:
        """Every legal action with this bot's liking for it, best first (for search)."""
        options = legal(view)
        prompt = view["you"]["prompt"]
        if (prompt["kind"] if prompt else "explore") != "explore":
            scored = [(a, self._score(view, a)) for a in options]
        else:
            scored = [(a, self._explore_liking(view, a)) for a in options]
        return sorted(scored, key=lambda pair: -pair[1])

    def _explore_liking(self, view: View, action: Action) -> float:
        if isinstance(action, PlayPlaceCards):
            return float(sum(place_worth(view, _me(view), c) for c in action.cards)) ** 2
        if isinstance(action, PlaySurvivalCard):
            return 10.0 * self._phase1_card(view, action)
        if isinstance(action, Resist):
            return 1.0 / action.will
        return 0.0

    # --- Exploration -----------------------------------------------------------------------

    def _explore(self, view: View, options: list[Action]) -> Action:
        me = _me(view)
        hand = view["you"]["hand"]
        for action in options:
            if isinstance(action, PlaySurvivalCard) and self._phase1_card(view, action) > 1.0:
                return action
        resist = [a for a in options if isinstance(a, Resist)]
        if resist and len(hand) <= 2 and me["will"] >= 2:
            return min(resist, key=lambda a: a.will)
        plays = [a for a in options if isinstance(a, PlayPlaceCards)]
        if not plays:
            give_up = [a for a in options if isinstance(a, GiveUp)]
            return give_up[0] if give_up else options[0]
        weighted = [(a, float(sum(place_worth(view, _me(view), c) for c in a.cards)) ** 2)
                    for a in plays]
        return weighted_choice(self.rng, weighted)

    def _phase1_card(self, view: View, action: PlaySurvivalCard) -> float:
        me = _me(view)
        card = action.card
        if card == "adrenaline":
            return 2.0 if me["will"] <= 2 else 0.0
        if card == "strike-back":
            return 1.5 if view["creature"]["hand"] >= 2 else 0.0
        if card == "sixth-sense":
            return 1.5 if me["discard_count"] >= 2 and len(view["you"]["hand"]) <= 3 else 0.0
        if card == "ingenuity":
            return 1.2
        return 0.0

    # --- Every other prompt ----------------------------------------------------------------

    def _score(self, view: View, action: Action) -> float:
        if isinstance(action, Pass):
            return 0.0
        if isinstance(action, UsePlacePower):
            return self._power(view, action)
        if isinstance(action, TakeBackPlaceCard):
            return 0.7 * CARD_VALUE[action.card]
        if isinstance(action, DiscardPlaceCard):
            return -CARD_VALUE[action.card]
        if isinstance(action, KeepPlaceCard):
            return -10.0 * _danger(view, action.card) + CARD_VALUE[action.card] * 0.1
        if isinstance(action, KeepHidden):
            return sum(CARD_VALUE[c] for c in action.cards)
        if isinstance(action, KeepSurvivalCard):
            return SURVIVAL_VALUE.get(action.card, 1.0)
        if isinstance(action, DiscardSurvivalCard):
            return -SURVIVAL_VALUE.get(action.card, 1.0)
        if isinstance(action, Choose):
            return _choose(view, action)
        if isinstance(action, PlaySurvivalCard):
            return self._window_card(view, action)
        if isinstance(action, Vote):
            return vote_worth(view, action)
        if isinstance(action, DiscardContamination):
            known = _token_face(view, action.token)
            return 1.0 + (2.5 if known == "icon" else -0.8 if known == "blank" else 0.0) + (
                0.8 if view["board"]["rescue"] <= 3 else 0.0) + (
                1.5 if view["board"]["rescue"] <= 1 else 0.0)
        if isinstance(action, LookAtToken):
            return 1.0
        if isinstance(action, UseAbility):
            return 1.0
        return 0.1

    def _power(self, view: View, action: UsePlacePower) -> float:
        me = _me(view)
        place, option = action.place, action.option
        frozen = view["config"]["variant"] == "frozen-lands"
        if frozen and place == 8 and option == "advance" and view["board"]["rescue"] == 1:
            return -10.0  # E4: the Capsule onto Victory loses the game
        if place in (4, 8):
            return 3.0 if place == 8 or view["board"]["marker_on_beach"] else 1.6
        if place == 5 and action.card is not None:
            return 1.0 + 0.3 * CARD_VALUE[action.card]
        if place == 9:
            if option == "will" and action.hunted is not None:
                target = next(h for h in view["hunted"] if h["seat"] == action.hunted)
                return 2.4 if target["will"] == 1 else 1.5
            return 1.3
        if place == 1:
            if option == "copy" and action.copy is not None:
                return 2.5 if action.copy in (4, 8) else 1.2
            return 0.4 * float(me["discard_count"])
        if frozen and place == 6 and option == "cleanse" and action.hunted is not None:
            return cleanse_worth(view, action.hunted)
        if place in (2, 6):
            return 2.0 if option in ("", "this") else 1.0
        if place in (3, 10):
            return 0.9
        return 1.4

    def _window_card(self, view: View, action: PlaySurvivalCard) -> float:
        card = action.card
        tokens = view["board"]["tokens"]
        mine = [p for p, _ in _me(view)["positions"]]
        if card == "dodge":
            return 3.0
        if card == "detector":
            return 1.5
        if card in ("wrong-track", "hologram"):
            origin, destination = action.places
            if origin not in mine:
                return -1.0
            crowd = sum(1 for h in view["hunted"] for p, _ in h["positions"] if p == destination)
            return 2.5 - crowd
        if card == "vortex":
            out, into = action.places
            if _danger(view, out) and not _danger(view, into):
                return 2.5
            return -1.0
        if card in ("drone", "gate"):
            return 1.2 if card == "drone" and _rover_useful(view) else 1.0
        if card == "amplifier":
            return 2.0
        if card == "double-back":
            return 1.2 if len(view["you"]["hand"]) <= 2 else -0.5
        return -0.5 if not tokens else 0.0


def place_worth(view: View, hunted: dict[str, Any], card: int) -> float:
    """What playing a Place card is worth to this Hunted, from public facts (her view's entry)."""
    board = view["board"]
    worth: float = {1: 0.8 + 0.15 * hunted["discard_count"], 2: 1.0, 3: 0.6,
                    4: 1.8 if board["marker_on_beach"] else 1.2, 5: 1.0, 6: 1.3, 7: 1.0,
                    8: 2.0, 9: 1.0 + 0.4 * (3 - hunted["will"]), 10: 0.7}[card]
    if card == 5 and not _rover_useful(view, hunted):
        worth = 0.4
    if card == 1 and view["config"]["variant"] == "frozen-lands" and board["rescue"] <= 5:
        worth *= 0.5  # caught in the Ice Cave = a token, which the end-game reveal punishes
    return worth


def _choose(view: View, action: Choose) -> float:
    """Named options of small prompts: Scream, Thin Ice, gifts, reserve picks."""
    kind = view["you"]["prompt"]["kind"]
    will = _me(view)["will"]
    if kind == "scream":
        return 1.0 if (action.option == "will") == (will >= 2) else 0.0
    if kind == "thin_ice":
        return 1.0 if (action.option == "will") == (will >= 2) else 0.0
    if kind == "gain" and action.option.isdigit():
        return CARD_VALUE[int(action.option)]
    if kind == "give_survival":
        return 0.0 if action.option == "discard" else 1.0
    return 0.1


def _token_face(view: View, token: int) -> str | None:
    for t in _me(view)["tokens"]:
        if t["id"] == token:
            face: str | None = t["face"]
            return face
    return None


def _me(view: View) -> dict[str, Any]:
    return next(h for h in view["hunted"] if h["seat"] == view["seat"])


def _danger(view: View, place: int) -> bool:
    tokens = view["board"]["tokens"]
    creature_like = set(tokens.get("creature", []))
    if "clone" in view["board"]["target_cards"]:
        creature_like |= set(tokens.get("target", []))
    return place in creature_like or place in tokens.get("artemia", [])


def _rover_useful(view: View, hunted: dict[str, Any] | None = None) -> bool:
    owned = set((hunted or _me(view))["owned"])
    return any(int(n) not in owned and count > 0 for n, count in view["board"]["reserve"].items())
