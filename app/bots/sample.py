"""Determinization: a whole game state consistent with one seat's view, its secrets sampled.

The hidden card pools come from the engine's public catalogue minus what the view shows (the
seat's own cards, the public discards); nothing here reads another seat's secrets, because
nothing here is given anything but the view. Only moments whose turn flow the view pins down
are rebuilt (`rebuildable`): Exploration, the Creature's Hunting prompt, its card windows and
the Hunted's team votes.
"""

from __future__ import annotations

from random import Random
from typing import Any

from app.engine import CREATURE, Config, GameState
from app.engine.cards import (
    CONTAMINATION_BLANKS,
    CONTAMINATION_ICONS,
    hunt_deck,
    survival_deck,
)
from app.engine.state import Creature, Hunted, Prompt, Token
from app.engine.vocab import Step

from .base import View
from .predict import PLACE_APPEAL

PHASES = {"exploration": 1, "hunting": 2, "reckoning": 3, "end_of_turn": 4}
VOTE_STEPS = {"board": "board_result", "cleanse": "cleanse_result",
              "blizzard": "blizzard_result"}


def rebuildable(view: View) -> bool:
    """True when the view alone fixes the turn flow (step, prompts, queue) of the moment."""
    return _step(view) is not None


def _step(view: View) -> str | None:
    """The engine step that follows this moment's prompts, when the view pins it down."""
    waiting = view["waiting_on"]
    kinds = {w["kind"] for w in waiting}
    phase = view["phase"]
    if not waiting or view["outcome"] is not None:
        return None
    if phase == "exploration" and kinds <= {"explore", "window"}:
        return "hunting"
    if phase == "hunting" and kinds == {"hunt"}:
        return "hunting_window"
    if phase == "reckoning" and [w["seat"] for w in waiting] == [CREATURE] and kinds == {"window"}:
        return "hunted_window_3"  # the Creature's window after the reveal
    if kinds == {"team"}:
        prompt = view["you"].get("prompt")
        return VOTE_STEPS.get(prompt["data"]["decision"]) if prompt else None
    if phase == "end_of_turn" and kinds <= {"window"}:
        return "end_of_turn"
    return None


def determinize(view: View, rng: Random) -> GameState:
    """A full state whose view for `view["seat"]` is `view`, hidden parts drawn at random."""
    step = _step(view)
    if step is None:
        raise ValueError("this moment's turn flow is not in the view")
    config = Config.from_json(view["config"])
    board = view["board"]
    state = GameState(config, rng.getrandbits(31))  # our own seed: the real one is secret
    state.rng_counter, state.turn, state.step = 1, view["turn"], Step(step)
    state.phase = PHASES[view["phase"]]
    state.rescue, state.assimilation = board["rescue"], board["assimilation"]
    state.marker_on_beach = board["marker_on_beach"]
    state.reserve = {int(n): c for n, c in board["reserve"].items()}
    state.tokens = {k: list(v) for k, v in board["tokens"].items()}
    for name in ("effects", "target_cards", "anticipation", "cataclysm", "forbidden",
                 "used_once", "vaccinated"):
        setattr(state, name, tuple(board[name]))
    state.artemia_card = board["artemia_card"]
    state.votes = {int(k): v for k, v in board["votes"].items()}
    state.extra_turns = board["extra_turns"]
    state.creature_used = list(view["creature"]["abilities_used"])
    state.hunted = [_hunted(view, raw, rng) for raw in view["hunted"]]
    state.creature = _creature(view, rng)
    _survival_cards(view, state, rng)
    _contamination(view, state, rng)
    if view["seat"] == CREATURE:
        state.phobia = {int(k): list(v) for k, v in view["you"]["shown_by_phobia"].items()}
    state.layers = [[_prompt(view, w) for w in view["waiting_on"]]]
    return state


def _prompt(view: View, waiting: dict[str, Any]) -> Prompt:
    """The prompt a waiting seat owes: ours from the view, the others' from their kind."""
    mine = view["you"].get("prompt")
    if waiting["seat"] == view["seat"] and mine is not None:
        return Prompt(waiting["seat"], mine["kind"], dict(mine["data"]))
    kind = waiting["kind"]
    if kind == "window":
        return Prompt(waiting["seat"], kind, {"phase": PHASES[view["phase"]]})
    if kind == "team":
        assert mine is not None  # a vote is put to every Hunted at once, with the same data
        return Prompt(waiting["seat"], kind, dict(mine["data"]))
    return Prompt(waiting["seat"], kind)


def _hunted(view: View, raw: dict[str, Any], rng: Random) -> Hunted:
    """A Hunted with public fields copied and, unless it is us, Place cards drawn."""
    h = Hunted(raw["seat"], raw["will"])
    h.positions = [(p, c) for p, c in raw["positions"]]
    h.ready, h.double, h.next_double = raw["has_chosen"], raw["double"], raw["next_double"]
    h.resisted, h.survival_played = raw["resisted"], raw["survival_played"]
    h.lost_last_will, h.immune, h.sheet = raw["lost_last_will"], list(raw["immune"]), raw["sheet"]
    h.used_this_turn, h.used_this_game = list(raw["used_this_turn"]), list(raw["used_this_game"])
    if raw["seat"] == view["seat"]:
        you = view["you"]
        h.hand, h.played = list(you["hand"]), list(you["played"])
        h.survival = list(you["survival_cards"])
        h.discard = list(raw["discard"])
        return h
    _place_cards(view, raw, h, rng)
    return h


def _place_cards(view: View, raw: dict[str, Any], h: Hunted, rng: Random) -> None:
    """Split a Hunted's unseen cards into hand, played and (under Smokescreen) discard."""
    pool = [c for c in raw["owned"] if raw["discard"] is None or c not in raw["discard"]]
    if raw["discard"] is None:
        h.discard = sorted(_weighted_draw(pool, raw["discard_count"], rng, lambda c: 1.0))
        pool = [c for c in pool if c not in h.discard]
    else:
        h.discard = list(raw["discard"])
    forbidden = set(view["board"]["forbidden"])
    shown = set(view["you"].get("shown_by_phobia", {}).get(str(raw["seat"]), []))

    def appeal(card: int) -> float:
        # A Creature reads a Hunted as a sensible player: Rescue places first, never a
        # forbidden place, never a card Phobia showed in hand.
        return 0.02 if card in forbidden or card in shown else PLACE_APPEAL[card]

    if raw["positions"]:  # revealed: the cards in play are the places stood on
        h.played = [c for _, c in raw["positions"]][: raw["played"]]
    else:
        h.played = sorted(_weighted_draw(pool, raw["played"], rng, appeal))
    h.hand = sorted(c for c in pool if c not in h.played)


def _weighted_draw(pool: list[int], count: int, rng: Random,
                   weight: Any) -> list[int]:
    """`count` distinct items of `pool`, each drawn with probability proportional to weight."""
    left, out = list(pool), []
    for _ in range(min(count, len(left))):
        total = sum(weight(c) for c in left)
        pick = rng.random() * total
        for card in left:
            pick -= weight(card)
            if pick <= 0:
                break
        out.append(card)
        left.remove(card)
    return out


def _creature(view: View, rng: Random) -> Creature:
    """The Creature: public counters; its hand (unless it is us) and deck drawn from the rest."""
    public = view["creature"]
    creature = Creature(discard=list(public["discard"]), plays_left=public["plays_left"],
                        played_this_turn=public["played_this_turn"],
                        tracking_next=public["tracking_next"])
    unseen = list(hunt_deck(view["config"]["variant"]))
    for card in public["discard"]:
        unseen.remove(card)
    if view["seat"] == CREATURE:
        creature.hand = list(view["you"]["hunt_cards"])
        for card in creature.hand:
            unseen.remove(card)
    rng.shuffle(unseen)
    if view["seat"] != CREATURE:
        creature.hand, unseen = unseen[: public["hand"]], unseen[public["hand"]:]
    creature.deck = unseen[: public["deck"]]
    return creature


def _survival_cards(view: View, state: GameState, rng: Random) -> None:
    """Deal the unseen Survival cards to the other Hunted, the deck and the discard pile."""
    unseen = list(survival_deck(view["config"]["variant"]))
    me = view["seat"]
    for card in view["you"].get("survival_cards", []) if me != CREATURE else []:
        unseen.remove(card)
    rng.shuffle(unseen)
    for h, raw in zip(state.hunted, view["hunted"], strict=True):
        if h.seat != me:
            h.survival, unseen = unseen[: raw["survival"]], unseen[raw["survival"]:]
    board = view["board"]
    state.survival_deck, unseen = unseen[: board["survival_deck"]], unseen[board["survival_deck"]:]
    state.survival_discard = unseen[: board["survival_discard"]]


def _contamination(view: View, state: GameState, rng: Random) -> None:
    """Give unseen token faces from the 14 minus the faces this seat knows."""
    faces: dict[int, str | None] = {t["id"]: t["face"] for raw in view["hunted"]
                                    for t in raw["tokens"]}
    known = [f for f in faces.values() if f is not None]
    icons = CONTAMINATION_ICONS - known.count("icon")
    blanks = CONTAMINATION_BLANKS - known.count("blank")
    unseen = [True] * max(icons, 0) + [False] * max(blanks, 0)
    rng.shuffle(unseen)
    me = view["seat"]
    for h, raw in zip(state.hunted, view["hunted"], strict=True):
        for t in raw["tokens"]:
            face = t["face"]
            icon = face == "icon" if face is not None else bool(unseen and unseen.pop())
            h.tokens = [*h.tokens, Token(t["id"], icon, (me,) if face is not None else ())]
    state.contamination = unseen[: view["board"]["contamination_reserve"]]
    state.token_serial = max([0, *faces]) + 100  # fresh ids never collide with held ones
