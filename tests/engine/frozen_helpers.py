"""Building blocks for the Frozen Lands tests (frozen_lands.md): a table, tokens, Reckoning drives.

`tests/engine/helpers.py` builds base-game tables; these helpers build a Frozen Lands one and
reuse its drivers (`explore`, `hunt`, `play_turn`, `pass_windows` work for any variant).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from app.engine import GameState, active_seats, legal_actions
from app.engine.actions import Action, Pass, UsePlacePower
from app.engine.cards import CONTAMINATION_BLANKS, CONTAMINATION_ICONS, FROZEN, RESERVE_PLACES
from app.engine.state import Token

from .helpers import act, prompt_of, table

TOTAL_TOKENS = CONTAMINATION_ICONS + CONTAMINATION_BLANKS
A = TypeVar("A", bound=Action)


def frozen_table(hunted: int = 3, seed: int = 1, *, board_side: int = 1,
                 abilities: bool = False, survival: bool = False,
                 hunt_cards: Iterable[str] = ()) -> GameState:
    """A new Frozen Lands game at the first Exploration decision, staged like `helpers.table`:
    empty Survival hands (unless `survival`) and the Creature holding only `hunt_cards`."""
    return table(hunted, seed, board_side, survival=survival, hunt_cards=hunt_cards,
                 variant=FROZEN, abilities=abilities)


def stage(state: GameState, seat: int, hand: Iterable[int], discard: Iterable[int] = (),
          will: int = 3) -> None:
    """Give a Hunted this hand, discard pile and Will; Places 6-10 come out of the reserve."""
    h = state.hunted_at(seat)
    for card in (*h.hand, *h.discard):
        if card in RESERVE_PLACES:
            state.reserve[card] += 1
    h.hand, h.discard, h.will = sorted(hand), list(discard), will
    for card in (*h.hand, *h.discard):
        if card in RESERVE_PLACES:
            state.reserve[card] -= 1
            assert state.reserve[card] >= 0


def give_tokens(state: GameState, seat: int, *faces: bool) -> list[int]:
    """Move tokens with these faces (True = icon) from the reserve to a Hunted, face down."""
    ids = []
    for face in faces:
        state.contamination.remove(face)
        state.token_serial += 1
        state.hunted_at(seat).tokens.append(Token(state.token_serial, face))
        ids.append(state.token_serial)
    return ids


def token_ids(state: GameState, seat: int) -> list[int]:
    """The ids of the tokens a Hunted holds."""
    return [t.id for t in state.hunted_at(seat).tokens]


def token_totals(state: GameState) -> tuple[int, int]:
    """(tokens, icons) over the reserve and every Hunted: always (14, 3), our retuned mix."""
    held = [t.icon for h in state.hunted for t in h.tokens]
    faces = held + state.contamination
    return len(faces), sum(faces)


def kind_of(state: GameState, seat: int) -> str | None:
    """The kind of prompt `seat` must answer now, if any."""
    prompt = prompt_of(state, seat)
    return None if prompt is None else prompt.kind


def powers(state: GameState, seat: int) -> list[UsePlacePower]:
    """The place-power options open to `seat` now."""
    return [a for a in legal_actions(state, seat) if isinstance(a, UsePlacePower)]


def of_type(state: GameState, seat: int, kind: type[A]) -> list[A]:
    """The legal actions of `seat` of one type."""
    return [a for a in legal_actions(state, seat) if isinstance(a, kind)]


PASSABLE = frozenset({"window", "place_action"})


def pass_until(state: GameState, stop_kinds: Iterable[str] = (), seat: int | None = None,
               limit: int = 60) -> GameState:
    """Pass windows and place actions until a prompt of `stop_kinds` is owed (by `seat`, if
    given), someone owes another kind of decision, or the game is over."""
    stops = frozenset(stop_kinds)
    for _ in range(limit):
        if state.winner or not state.layers:
            return state
        owed = [p for p in (prompt_of(state, s) for s in active_seats(state)) if p is not None]
        if any(p.kind in stops and seat in (None, p.seat) for p in owed):
            return state
        passable = [p for p in owed if p.kind in PASSABLE]
        if not passable:
            return state
        state = act(state, passable[0].seat, Pass())
    raise AssertionError("pass_until did not stop")


def to_place_action(state: GameState, seat: int) -> GameState:
    """Pass others' place actions and windows until `seat` owes its place action."""
    state = pass_until(state, {"place_action"}, seat)
    assert kind_of(state, seat) == "place_action", f"seat {seat} owes {kind_of(state, seat)}"
    return state
