"""Determinization, the inverse of a seat's view (view.py): whole game states consistent with
it, every secret drawn at random.

The public fields come back from the view: those declared `Seen.BOARD` (state_fields.py) from
its board, decoded as their stored JSON is. The hidden card pools are the catalogue minus what
the view shows (the seat's own cards, the public discards). Nothing here is given anything but
the view, so nothing here reads another seat's secrets. Only moments whose turn flow the view
pins down are rebuilt (`rebuildable`): Exploration, the Creature's Hunting prompt, its card
windows and the Hunted's team votes. The caller passes the random generator: the engine keeps
no randomness of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from random import Random
from typing import Any

from .cards import CONTAMINATION_BLANKS, CONTAMINATION_ICONS, hunt_deck, survival_deck
from .config import Config
from .flow import PHASE_NUMBERS
from .state import CREATURE, STORED, Creature, GameState, Hunted, Prompt, Token
from .state_fields import Seen, codec_of, seen_of
from .vocab import Decision, Moment, Phase, PromptKind, Step

View = dict[str, Any]
# How much a seat's belief likes a Hunted (seat) to have played a Place card (card); the
# default likes every card alike.
Likes = Callable[[int, int], float]

VOTE_STEPS = {Decision.BOARD: Step.BOARD_RESULT, Decision.CLEANSE: Step.CLEANSE_RESULT,
              Decision.BLIZZARD: Step.BLIZZARD_RESULT}
ON_THE_BOARD = tuple((f.name, codec_of(f).load) for f in STORED if seen_of(f) is Seen.BOARD)


def rebuildable(view: View) -> bool:
    """True when the view alone fixes the turn flow (step, prompts, queue) of the moment."""
    return _step(view) is not None


def worlds(view: View, rng: Random, likes: Likes | None = None) -> Iterator[GameState]:
    """Endless states consistent with the view (`determinize`), each drawn when asked for."""
    while True:
        yield determinize(view, rng, likes)


def determinize(view: View, rng: Random, likes: Likes | None = None) -> GameState:
    """A whole state whose view for `view["seat"]` is `view`, the hidden parts drawn from `rng`
    (the unseen Place cards in play weighted by `likes`); ValueError unless `rebuildable`."""
    step = _step(view)
    if step is None:
        raise ValueError("this moment's turn flow is not in the view")
    board = view["board"]
    state = GameState(Config.from_json(view["config"]), rng.getrandbits(31))  # the real is secret
    state.rng_counter, state.turn, state.step = 1, view["turn"], step
    state.phase = PHASE_NUMBERS[view["phase"]]
    for name, load in ON_THE_BOARD:
        setattr(state, name, load(board[name]))
    state.creature_used = list(view["creature"]["abilities_used"])
    state.hunted = [_hunted(view, raw, rng, likes or _alike) for raw in view["hunted"]]
    state.creature = _creature(view, rng)
    _survival_cards(view, state, rng)
    _contamination(view, state, rng)
    if view["seat"] == CREATURE:
        state.phobia = {int(k): list(v) for k, v in view["you"]["shown_by_phobia"].items()}
    state.layers = [[_prompt(view, w) for w in view["waiting_on"]]]
    return state


def _alike(seat: int, card: int) -> float:
    return 1.0


def _step(view: View) -> Step | None:
    """The engine step that follows this moment's prompts, when the view pins it down."""
    waiting = view["waiting_on"]
    kinds = {w["kind"] for w in waiting}
    phase = view["phase"]
    if not waiting or view["outcome"] is not None:
        return None
    if phase == Phase.EXPLORATION and kinds <= {PromptKind.EXPLORE, PromptKind.WINDOW}:
        return Step.HUNTING
    if phase == Phase.HUNTING and kinds == {PromptKind.HUNT}:
        return Step.HUNTING_WINDOW
    if (phase == Phase.RECKONING and [w["seat"] for w in waiting] == [CREATURE]
            and kinds == {PromptKind.WINDOW}):
        return Step.HUNTED_WINDOW_3  # the Creature's window after the reveal
    if kinds == {PromptKind.TEAM}:
        prompt = view["you"].get("prompt")
        return VOTE_STEPS.get(prompt["data"]["decision"]) if prompt else None
    if phase == Phase.END_OF_TURN and kinds <= {PromptKind.WINDOW}:
        mine = view["you"].get("prompt")  # a late window comes after steps 1-4 (endgame.py)
        late = mine is not None and mine["data"].get("moment") == Moment.LATE
        return Step.RESCUE if late else Step.END_OF_TURN
    return None


def _prompt(view: View, waiting: dict[str, Any]) -> Prompt:
    """The prompt a waiting seat owes: ours from the view, the others' from their kind."""
    mine = view["you"].get("prompt")
    seat, kind = waiting["seat"], PromptKind(waiting["kind"])
    if seat == view["seat"] and mine is not None:
        return Prompt(seat, PromptKind(mine["kind"]), dict(mine["data"]))
    if kind == PromptKind.WINDOW:
        # One layer's windows open at one moment (endgame.py's late window, say): ours names it.
        moment = mine["data"].get("moment") if mine and mine["kind"] == PromptKind.WINDOW else None
        data: dict[str, Any] = {"phase": PHASE_NUMBERS[view["phase"]]}
        return Prompt(seat, kind, data if moment is None else {**data, "moment": moment})
    if kind == PromptKind.TEAM:
        assert mine is not None  # a vote is put to every Hunted at once, with the same data
        return Prompt(seat, kind, dict(mine["data"]))
    return Prompt(seat, kind)


def _hunted(view: View, raw: dict[str, Any], rng: Random, likes: Likes) -> Hunted:
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
    _place_cards(raw, h, rng, likes)
    return h


def _place_cards(raw: dict[str, Any], h: Hunted, rng: Random, likes: Likes) -> None:
    """Split a Hunted's unseen cards into hand, played and (under Smokescreen) discard."""
    pool = [c for c in raw["owned"] if raw["discard"] is None or c not in raw["discard"]]
    if raw["discard"] is None:
        h.discard = sorted(_weighted_draw(pool, raw["discard_count"], rng, lambda c: 1.0))
        pool = [c for c in pool if c not in h.discard]
    else:
        h.discard = list(raw["discard"])
    if raw["positions"]:  # revealed: the cards in play are the places stood on
        h.played = [c for _, c in raw["positions"]][: raw["played"]]
    else:
        seat = h.seat
        h.played = sorted(_weighted_draw(pool, raw["played"], rng, lambda c: likes(seat, c)))
    h.hand = sorted(c for c in pool if c not in h.played)


def _weighted_draw(pool: list[int], count: int, rng: Random,
                   weight: Callable[[int], float]) -> list[int]:
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
