"""A heuristic Creature: predicts the Hunted from public discards, plays Hunt cards on purpose."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from random import Random
from typing import Any

from app.engine.actions import Action, Pass, PlaceHuntToken, PlayHuntCard, UseAbility
from app.engine.cards import ADJACENT
from app.engine.hunt_registry import HUNT
from app.engine.vocab import Phase, TokenKind

from .base import View, best, legal
from .keep import DETOUR_CATCH, HELD_FOR, Hold, held, holds, keep_worth
from .predict import candidates, choice_odds, denied_gains, mass, place_scores, presence
from .seat import creature_like

KEEN_SENSES_RESCUE = 3  # Keen Senses waits for the last turns of the Rescue counter
PLAY_THRESHOLD = 0.02  # Hunt cards refill every turn: an idle card is a wasted one


# Log-odds that a Hunted picks by appeal before any reveal: leaning to appeal, because a
# Creature that reads a sensible Hunted as random hunts the Lair for its extra Will and is read.
TASTE_PRIOR = 1.0
# A lone Hunted is read leaning to chance until her reveals say otherwise (they move the lean
# either way within a few turns): against the random Hunted the lean to appeal cost catches, on
# 3,000 games at 1 Hunted 81.6 % won with 1.0, 82.2 % with 0, 83.2 % with -1 (docs/balance.md).
SOLO_TASTE_PRIOR = -1.0


class HeuristicCreature:
    """Hunts where the Hunted are likeliest to be and spends cards when they pay."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)
        self.scores: dict[int, float] = {}
        self.crowd: dict[int, float] = {}
        self.denied: dict[int, float] = {}
        self.where: dict[int, dict[int, float]] = {}
        # Per Hunted: the log-odds that she picks by PLACE_APPEAL rather than at random, from
        # her revealed cards; and the cards she could have played, kept until the reveal.
        self.taste_log: dict[int, float] = {}
        self.prior = TASTE_PRIOR
        self.pools: dict[int, tuple[int, list[int]]] = {}

    def choose(self, view: View) -> Action:
        """The best-scored legal action (a Pass when nothing is worth it)."""
        options = legal(view)
        self.read(view)
        scored = [(action, self._score(view, action)) for action in options]
        # Small noise keeps the Creature from being perfectly predictable on ties.
        scored = [(a, s + self.rng.random() * 1e-3) for a, s in scored]
        return best(scored)

    def ranked(self, view: View) -> list[tuple[Action, float]]:
        """Every legal action with this bot's liking for it, best first (for search)."""
        self.read(view)
        scored = [(action, self._score(view, action)) for action in legal(view)]
        return sorted(scored, key=lambda pair: -pair[1])

    def read(self, view: View) -> None:
        """One reading of the table per decision, shared by every option's score (public facts
        only: a Hunted may read the table as this Creature would, threat.py)."""
        self.prior = SOLO_TASTE_PRIOR if len(view["hunted"]) == 1 else TASTE_PRIOR
        self._learn_tastes(view)
        self.where = presence(view, self.tastes(h["seat"] for h in view["hunted"]))
        self.scores, self.crowd = place_scores(view, self.where), mass(view, self.where)
        self.denied = denied_gains(view, self.where)

    def tastes(self, seats: Iterable[int]) -> dict[int, float]:
        """Per Hunted seat, the weight of PLACE_APPEAL in her choices (the prior before any
        reveal: TASTE_PRIOR, SOLO_TASTE_PRIOR against a lone Hunted)."""
        return {seat: 1.0 / (1.0 + math.exp(-self.taste_log.get(seat, self.prior)))
                for seat in seats}

    def _learn_tastes(self, view: View) -> None:
        """Compare each revealed single card with the two readings of the hand it came from:
        by appeal, or every card alike. Public facts only: the hand's possible cards and the
        place she stood on."""
        for hunted in view["hunted"]:
            seat = hunted["seat"]
            if not hunted["positions"]:
                if hunted["played"] == 1:
                    self.pools[seat] = (view["turn"], candidates(view, hunted))
                continue
            turn, pool = self.pools.pop(seat, (0, []))
            card = hunted["positions"][0][1]
            if turn != view["turn"] or len(hunted["positions"]) != 1 or card not in pool:
                continue
            liked = choice_odds(pool, 1.0)[card]
            self.taste_log[seat] = self.taste_log.get(seat, self.prior) + math.log(
                liked * len(pool))

    def _score(self, view: View, action: Action) -> float:
        if isinstance(action, PlaceHuntToken):
            return self._token(view, action)
        if isinstance(action, PlayHuntCard):
            return self._card(view, action)
        if isinstance(action, Pass):
            if _token_missing(view):
                return 0.0
            return max(PLAY_THRESHOLD, keep_worth(view, self.where))
        if isinstance(action, UseAbility) and action.place is not None:
            return self._keen_senses(view, action.place)
        return 0.1

    def _keen_senses(self, view: View, place: int) -> float:
        """Keen Senses, once a game, before the first token: kept for the last turns, where a
        count at the likeliest place settles the hunt; before then a token comes first. (Its
        count reaches the Creature as an event, not in its view, so this bot hunts as before.)"""
        if view["board"]["rescue"] > KEEN_SENSES_RESCUE:
            return 0.0
        return 20.0 + self.scores[place]

    def _token(self, view: View, action: PlaceHuntToken) -> float:
        place = action.places[0]
        if action.token == TokenKind.CREATURE:
            # A token also stops the place's power: the Rover's card would be hers for good.
            score = self.scores[place] + self.denied[place]
            if holds(view, Hold.DRAG):
                # With Detour in hand, a Hunted next door can be dragged onto the token.
                score += 0.8 * sum(self.scores[q] for q in ADJACENT[place])
            return 10.0 + score
        creature = view["board"]["tokens"].get("creature", [])
        if place in creature:
            return 0.0
        return 5.0 + self.crowd[place] + self.denied[place]

    def _card(self, view: View, action: PlayHuntCard) -> float:
        """What playing this Hunt card is worth now (Flashback: the card it copies)."""
        card = action.card
        if HUNT[card].copies_last_discard:  # Flashback: the card it copies, the engine's answer
            card = view["creature"]["flashback_copies"] or card
        rules = {**self._base_rules(view, action), **self._frozen_rules(view, action)}
        rule = rules.get(card)
        return rule() if rule is not None else 0.3

    def _base_rules(self, view: View, action: PlayHuntCard) -> dict[str, Callable[[], float]]:
        """The worth of each base-game Hunt card played with this action's places."""
        board, crowd, places = view["board"], self.crowd, action.places
        return {
            # Despair also brings the Artemia token out on a turn without the symbol.
            "despair": lambda: 0.3 + 0.2 * sum(h["survival"] > 0 for h in view["hunted"])
            + (0.0 if board["artemia_symbol"] else 0.3),
            "force-field": lambda: _force_field(view, places, self.where),
            "fierceness": lambda: _fierceness(view, self.where),
            "interference": lambda: crowd[4] * (1.0 if board["marker_on_beach"] else 0.4)
            + crowd[8],
            "mutation": lambda: 0.3 + 0.4 * max(crowd.values()),
            "virus": lambda: 0.4 * self._fresh_mass(view, places),
            "forbidden-zone": lambda: 0.3 + 0.15 * sum(h["hand"] <= 3 for h in view["hunted"]),
            "clone": lambda: 0.9 * self._second_catch(view, places[0]) if places else 0.5,
            "scream": lambda: 0.6 * self._fresh_mass(view, places) if places else 0.3,
            "toxin": lambda: 0.4 * self._fresh_mass(view, places) if places else 0.2,
            "mirage": lambda: 0.4 * self._fresh_mass(view, places) if places else 0.2,
            "cataclysm": lambda: _cataclysm(view, places),
            "detour": lambda: _detour(view, action),
            # A held Rescue counter is one more turn to catch someone, whenever it is played.
            "stasis": lambda: 1.5 if board["rescue"] <= 3 else 1.0,
            "tracking": lambda: 0.5,
            "persecution": lambda: 0.35,
            "phobia": lambda: _phobia(view, action),
            "ascendancy": lambda: _ascendancy(view, action),
            "anticipation": lambda: (0.3 if action.hunted is None
                                     else _anticipation(view, action.hunted, self.where)),
        }

    def _frozen_rules(self, view: View, action: PlayHuntCard) -> dict[str, Callable[[], float]]:
        """The worth of each Frozen Lands Hunt card played with this action's places."""
        board, crowd, places = view["board"], self.crowd, action.places
        top = max(self.scores.values())
        return {
            "contagion": lambda: 0.2 + top * 0.5,
            "quarantine": lambda: 0.8 if board["rescue"] <= 2 else 0.15,
            "sundog": lambda: 0.5 * crowd[places[0]] if places else 0.3,
            "avalanche": lambda: 0.4 * self._edge_mass(places) if places else 0.3,
            "tainted-meltwater": lambda: 0.5 * crowd[places[0]] if places else 0.3,
            "hypothermia": lambda: 0.3 + 0.3 * max(crowd.values()),
            "thin-ice": lambda: 0.7,
            "blizzard": lambda: 1.0 if board["rescue"] <= 3 else 0.3,
        }

    def _second_catch(self, view: View, place: int) -> float:
        """A second Creature token's worth here: a new place doubles the chance of a catch,
        while the token's own place only costs its Hunted one more Will."""
        if place in view["board"]["tokens"].get("creature", []):
            return 0.3 * self.scores[place]
        return self.scores[place]

    def _fresh_mass(self, view: View, places: tuple[int, ...]) -> float:
        """Hunted expected at these places, half-counted under the Creature token (caught
        there already: a second effect adds less than reaching someone new)."""
        creature = view["board"]["tokens"].get("creature", [])
        return sum(self.crowd[p] * (0.5 if p in creature else 1.0) for p in places)

    def _edge_mass(self, places: tuple[int, ...]) -> float:
        """How many Hunted are expected at these places, together."""
        return sum(self.crowd[p] for p in places)


def _force_field(view: View, places: tuple[int, ...],
                 where: dict[int, dict[int, float]]) -> float:
    """Two places nobody may play: each Hunted's choice narrows to the rest of the hand, and a
    Hunted whose whole hand is barred must Resist or Give Up instead."""
    value = 0.0
    hunted: dict[int, dict[str, Any]] = {h["seat"]: h for h in view["hunted"]}
    for seat, chances in where.items():
        total = sum(chances.values()) or 1.0
        barred = sum(chances.get(p, 0.0) for p in places) / total
        if barred < 0.95:
            value += barred / (1.0 - barred)
        else:
            value += _cornered(hunted[seat], {*view["board"]["forbidden"], *places})
    return 0.8 * value


def _cornered(hunted: dict[str, Any], barred: set[int]) -> float:
    """What barring a Hunted's whole hand is worth: she must Resist (Will lost) or Give Up
    (Assimilation moves), and with 1 Will left only Give Up is open. Nothing if the rules let
    her play a barred card anyway (she has resisted, or her discard holds only barred places)."""
    discard = hunted["discard"] or []
    if hunted["resisted"] or all(card in barred for card in discard):
        return 0.0
    return 1.25 if hunted["will"] == 1 else 0.6


def _ascendancy(view: View, action: PlayHuntCard) -> float:
    """Worth the cards its Hunted would discard (down to 2)."""
    if action.hunted is None:
        return 0.3
    hunted: dict[int, dict[str, Any]] = {h["seat"]: h for h in view["hunted"]}
    return 0.35 * float(hunted[action.hunted]["hand"] - 2)


def _phobia(view: View, action: PlayHuntCard) -> float:
    """Seeing a hand narrows where its owner went: worth most before the token is placed."""
    if action.hunted is None:
        return 0.3
    target = next(h for h in view["hunted"] if h["seat"] == action.hunted)
    tokens, cards = view["board"]["tokens"], held(view)
    if TokenKind.CREATURE in tokens or any(card in HELD_FOR for card in cards):
        return 0.2  # a held Detour or Stasis wants the turn's play later in the turn
    return 20.0 + float(target["hand"])  # before any token: the reading then guides every token


def _fierceness(view: View, where: dict[int, dict[int, float]]) -> float:
    """One more Will lost per catch: worth most when it takes a last Will (Assimilation moves
    once more), nothing when the catch would take the last one anyway."""
    placed = view["board"]["tokens"].get("creature", [])
    value = 0.0
    for hunted in view["hunted"]:
        chances = where.get(hunted["seat"], {})
        places = placed or [max(chances, key=lambda p: chances[p], default=1)]
        for place in places:
            left = hunted["will"] - 1 - (place == 1)  # the Lair takes 1 more in the base game
            extra = 1.0 if left == 1 else 0.35 if left >= 2 else 0.0
            value += chances.get(place, 0.0) * extra
    return value


def _anticipation(view: View, seat: int, where: dict[int, dict[int, float]]) -> float:
    """One more Assimilation space if the token catches this Hunted: worth the chance of it."""
    chances = where.get(seat, {})
    placed = view["board"]["tokens"].get("creature", [])
    if placed:
        return 0.1 + sum(chances.get(p, 0.0) for p in placed)
    return 0.1 + max(chances.values(), default=0.0)


def _token_missing(view: View) -> bool:
    return TokenKind.CREATURE not in view["board"]["tokens"] and view["phase"] == Phase.HUNTING


def _cataclysm(view: View, places: tuple[int, ...]) -> float:
    """Worth it on a Rescue place where a Hunted stands free of tokens."""
    place = places[0]
    standing = sum(1 for h in view["hunted"] for p, _ in h["positions"] if p == place)
    return (0.9 if place in (4, 8) else 0.3) * standing


def _detour(view: View, action: PlayHuntCard) -> float:
    """Drag a Hunted onto the Creature token (or Clone's Target token, which acts as one)."""
    if action.hunted is None or len(action.places) != 2:
        return 0.0
    origin, destination = action.places
    catching = creature_like(view)
    return DETOUR_CATCH if destination in catching and origin not in catching else 0.0
