"""A heuristic Hunted: spreads out, stays unpredictable, manages Will, plays cards on purpose."""

from __future__ import annotations

import math
from random import Random
from typing import Any

from app.engine.actions import (
    Action,
    Choice,
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
from app.engine.vocab import PowerOption, PromptKind

from .base import View, best, legal, weighted_choice
from .boarding import cleanse_worth, vote_worth
from .seat import danger, me, rover_useful, token_face
from .supplies import (
    CARD_VALUE,
    HUNT_CARD_HARM,
    PLAY_NOW,
    ability_worth,
    phase1_worth,
    window_worth,
)
from .threat import NO_THREAT, Threat, ThreatReader

# What a Survival card is worth keeping when one of two must go (others: 1.0).
SURVIVAL_VALUE: dict[str, float] = {
    "dodge": 3.0, "wrong-track": 2.8, "detector": 2.0, "hologram": 2.0, "vortex": 2.2,
    "adrenaline": 1.8, "strike-back": 1.6, "amplifier": 1.5, "sixth-sense": 1.4, "drone": 1.3,
    "gate": 1.3, "double-back": 1.2, "sacrifice": 1.2, "ingenuity": 1.0, "smokescreen": 0.8,
}


# What the tokens cost, in the units of place_worth: a catch moves Assimilation and takes Will
# (a last Will twice over: Assimilation again and a hand given back); Artemia takes a card.
CATCH_COST = 2.0
LAST_WILL_COST = 1.5
ARTEMIA_COST = 0.7
# What a Place card gained is worth less for each other Hunted who owns it (gain_worth).
GAIN_SPREAD = 0.3
# How much the token reading weighs, by the number of Hunted (base game; threat_heed).
THREAT_HEED: dict[int, float] = {1: 0.5, 2: 0.5, 3: 0.2, 4: 0.07, 5: 0.05, 6: 0.04}
FROZEN_THREAT_HEED = 0.0
# How firmly the Hunted takes her best play (a softmax): some surprise keeps her unread.
CHOICE_SHARPNESS = 2.0
FROZEN_CHOICE_SHARPNESS = 0.4


class HeuristicHunted:
    """Chooses by prompt: explore with weighted randomness, otherwise the best-scored answer."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Random(seed)
        self.threats = ThreatReader()

    def choose(self, view: View) -> Action:
        """One of the view's legal actions."""
        options = legal(view)
        prompt = view["you"]["prompt"]
        kind = prompt["kind"] if prompt else "explore"
        if kind == PromptKind.EXPLORE:
            return self._explore(view, options)
        return best([(a, self._score(view, a)) for a in options])

    def ranked(self, view: View) -> list[tuple[Action, float]]:
        """Every legal action with this bot's liking for it, best first (for search)."""
        options = legal(view)
        prompt = view["you"]["prompt"]
        if (prompt["kind"] if prompt else PromptKind.EXPLORE) != PromptKind.EXPLORE:
            scored = [(a, self._score(view, a)) for a in options]
        else:
            threat = self._threat(view)
            scored = [(a, self._explore_liking(view, threat, a)) for a in options]
        return sorted(scored, key=lambda pair: -pair[1])

    def _threat(self, view: View) -> Threat:
        """Where the tokens will likely fall (not read at all when the reading weighs nothing)."""
        return self.threats.read(view) if threat_heed(view) else NO_THREAT

    def _explore_liking(self, view: View, threat: Threat, action: Action) -> float:
        if isinstance(action, PlayPlaceCards):
            return math.exp(choice_sharpness(view) * play_worth(view, threat, action.cards))
        if isinstance(action, PlaySurvivalCard):
            return 10.0 * phase1_worth(view, action)
        if isinstance(action, Resist):
            return 1.0 / action.will
        if isinstance(action, UseAbility):
            return 10.0 * ability_worth(view, action)
        return 0.0

    # --- Exploration -----------------------------------------------------------------------

    def _explore(self, view: View, options: list[Action]) -> Action:
        mine = me(view)
        hand = view["you"]["hand"]
        early: list[tuple[Action, float]] = [
            (a, phase1_worth(view, a)) for a in options if isinstance(a, PlaySurvivalCard)]
        early += [(a, ability_worth(view, a)) for a in options if isinstance(a, UseAbility)]
        if early and max(w for _, w in early) > PLAY_NOW:
            return best(early)
        resist = [a for a in options if isinstance(a, Resist)]
        if resist and len(hand) <= 2 and mine["will"] >= 2:
            return min(resist, key=lambda a: a.will)
        plays = [a for a in options if isinstance(a, PlayPlaceCards)]
        if not plays:
            give_up = [a for a in options if isinstance(a, GiveUp)]
            return give_up[0] if give_up else options[0]
        threat = self._threat(view)
        weighted = [(a, math.exp(choice_sharpness(view) * play_worth(view, threat, a.cards)))
                    for a in plays]
        return weighted_choice(self.rng, weighted)

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
            return -10.0 * danger(view, action.card) + CARD_VALUE[action.card] * 0.1
        if isinstance(action, KeepHidden):
            return sum(CARD_VALUE[c] for c in action.cards)
        if isinstance(action, KeepSurvivalCard):
            return SURVIVAL_VALUE.get(action.card, 1.0)
        if isinstance(action, DiscardSurvivalCard):
            return -SURVIVAL_VALUE.get(action.card, 1.0)
        if isinstance(action, Choose):
            return _choose(view, action)
        if isinstance(action, PlaySurvivalCard):
            return window_worth(view, action)
        if isinstance(action, PlayPlaceCards):  # Change of Plan's new card
            return place_worth(view, me(view), action.cards[0]) - 10.0 * danger(
                view, action.cards[0])
        if isinstance(action, Vote):
            return vote_worth(view, action)
        if isinstance(action, DiscardContamination):
            known = token_face(view, action.token)
            return 1.0 + (2.5 if known == "icon" else -0.8 if known == "blank" else 0.0) + (
                0.8 if view["board"]["rescue"] <= 3 else 0.0) + (
                1.5 if view["board"]["rescue"] <= 1 else 0.0)
        if isinstance(action, LookAtToken):
            return 1.0
        if isinstance(action, UseAbility):
            return ability_worth(view, action)
        return 0.1

    def _power(self, view: View, action: UsePlacePower) -> float:
        mine = me(view)
        place, option = action.place, action.option
        frozen = view["config"]["variant"] == "frozen-lands"
        if frozen and place == 8 and option == PowerOption.ADVANCE and view["board"]["rescue"] == 1:
            return -10.0  # E4: the Capsule onto Victory loses the game
        if place in (4, 8):
            return 3.0 if place == 8 or view["board"]["marker_on_beach"] else 1.6
        if place == 5 and action.card is not None:
            return 1.0 + 0.3 * gain_worth(view, action.card)
        if place == 9:
            if option == PowerOption.WILL and action.hunted is not None:
                target = next(h for h in view["hunted"] if h["seat"] == action.hunted)
                return 2.4 if target["will"] == 1 else 1.5
            return 1.3
        if place == 1:
            if option == PowerOption.COPY and action.copy is not None:
                return 2.5 if action.copy in (4, 8) else 1.2
            return 0.4 * float(mine["discard_count"])
        if frozen and place == 6 and option == PowerOption.CLEANSE and action.hunted is not None:
            return cleanse_worth(view, action.hunted)
        if place in (2, 6):
            return 2.0 if option in (PowerOption.ONLY, PowerOption.THIS) else 1.0
        if place in (3, 10):
            return 0.9
        return 1.4


def play_worth(view: View, threat: Threat, cards: tuple[int, ...]) -> float:
    """What playing these Place cards is worth to me, less what the tokens likely cost there."""
    mine = me(view)
    lost = 1 + (view["config"]["variant"] != "frozen-lands")  # the base Lair's extra Will
    heed = threat_heed(view)
    worth = 0.0
    for card in cards:
        will_lost = lost if card == 1 else 1
        catch = CATCH_COST + (LAST_WILL_COST if mine["will"] <= will_lost else 0.0)
        worth += place_worth(view, mine, card) - heed * (
            catch * threat.creature[card] + ARTEMIA_COST * threat.artemia[card])
    return worth


def threat_heed(view: View) -> float:
    """How much the token reading weighs: less at a larger table, where every Hunted steering
    clear of the one place the Creature reads best leaves its token nobody to catch."""
    if view["config"]["variant"] == "frozen-lands":
        return FROZEN_THREAT_HEED
    return THREAT_HEED[len(view["hunted"])]


def choice_sharpness(view: View) -> float:
    """How firmly the Hunted takes her best-worth play, by variant."""
    frozen = view["config"]["variant"] == "frozen-lands"
    return FROZEN_CHOICE_SHARPNESS if frozen else CHOICE_SHARPNESS


def place_worth(view: View, hunted: dict[str, Any], card: int) -> float:
    """What playing a Place card is worth to this Hunted, from public facts (her view's entry)."""
    board = view["board"]
    worth: float = {1: 0.8 + 0.15 * hunted["discard_count"], 2: 1.0, 3: 0.6,
                    4: 1.8 if board["marker_on_beach"] else 1.2, 5: 1.0, 6: 1.3, 7: 1.0,
                    8: 2.0, 9: 1.0 + 0.4 * (3 - hunted["will"]), 10: 1.1}[card]
    if card == 5 and not rover_useful(view, hunted):
        worth = 0.4
    if card == 1 and view["config"]["variant"] == "frozen-lands" and board["rescue"] <= 5:
        worth *= 0.5  # caught in the Ice Cave = a token, which the end-game reveal punishes
    return worth


def gain_worth(view: View, card: int) -> float:
    """A Place card gained from the reserve: the team spreads its cards, since two Hunted on
    a once-a-turn place (the Beach, the Wreck) or one power twice gain less than two powers."""
    others = sum(1 for h in view["hunted"] if h["seat"] != view["seat"] and card in h["owned"])
    return CARD_VALUE[card] - GAIN_SPREAD * others


def _choose(view: View, action: Choose) -> float:
    """Named options of small prompts: Scream, Thin Ice, gifts, reserve picks."""
    kind = view["you"]["prompt"]["kind"]
    will = me(view)["will"]
    if kind == PromptKind.SCREAM:
        return 1.0 if (action.option == Choice.WILL) == (will >= 2) else 0.0
    if kind == PromptKind.THIN_ICE:
        return 1.0 if (action.option == Choice.WILL) == (will >= 2) else 0.0
    if kind == PromptKind.GAIN and action.option.isdigit():
        return gain_worth(view, int(action.option))
    if kind == PromptKind.INTERCEPT:  # the Hunt card sent under the deck: the one that hurts most
        return HUNT_CARD_HARM.get(action.option, 0.5)
    if kind == PromptKind.GIVE_SURVIVAL:
        return 0.0 if action.option == Choice.DISCARD else 1.0
    return 0.1
