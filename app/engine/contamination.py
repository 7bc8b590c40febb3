"""Contamination tokens (Frozen Lands §6, C9-C10): taken blind, faces known only by looking."""

from __future__ import annotations

from .board import Events, board_the_ship, emit, held_tokens, holder_of, reveal
from .cards import CONTAMINATION_BLANKS, CONTAMINATION_ICONS
from .public_view import Face
from .rng import shuffled
from .sides import replaced, without
from .state import GameState, Hunted, Token
from .vocab import Effect, EventKind

__all__ = ["board_the_ship", "held_tokens", "holder_of", "reveal"]


def setup_reserve(state: GameState) -> None:
    """Shuffle the 14 tokens face down into the reserve."""
    faces = [True] * CONTAMINATION_ICONS + [False] * CONTAMINATION_BLANKS
    state.contamination = shuffled(state.seed, state.rng_counter, faces)
    state.rng_counter += 1


def take_token(state: GameState, hunted: Hunted, events: Events, why: str) -> None:
    """The Hunted takes one token at random, unseen; Vaccine or an empty reserve give none."""
    if hunted.seat in state.vaccinated:
        emit(events, EventKind.CONTAMINATION_PREVENTED, hunted=hunted.seat, why=why)
        return
    if not state.contamination:
        emit(events, EventKind.CONTAMINATION_RESERVE_EMPTY, hunted=hunted.seat, why=why)
        return
    state.token_serial += 1
    *state.contamination, icon = state.contamination
    token = Token(state.token_serial, icon)
    hunted.tokens = [*hunted.tokens, token]
    emit(events, EventKind.CONTAMINATION_TAKEN, hunted=hunted.seat, token=token.id, why=why)


def may_discard_tokens(state: GameState) -> bool:
    """Quarantine forbids every token discard this turn."""
    return Effect.QUARANTINE not in state.effects


def discard_token(state: GameState, hunted: Hunted, token_id: int, events: Events,
                  why: str) -> None:
    """Return a held token to the reserve, which is shuffled: what was known of it is gone."""
    token = next(t for t in hunted.tokens if t.id == token_id)
    hunted.tokens = without(hunted.tokens, token)
    state.contamination = shuffled(state.seed, state.rng_counter,
                                   [*state.contamination, token.icon])
    state.rng_counter += 1
    emit(events, EventKind.CONTAMINATION_DISCARDED, hunted=hunted.seat, token=token.id, why=why)


def look(state: GameState, seat: int, token_id: int, events: Events) -> None:
    """`seat` looks at a held token: only that seat learns its face."""
    holder = holder_of(state, token_id)
    index = next(i for i, t in enumerate(holder.tokens) if t.id == token_id)
    token = holder.tokens[index]
    if seat not in token.known:
        seen = Token(token.id, token.icon, (*token.known, seat), token.face_up)
        holder.tokens = replaced(holder.tokens, index, seen)
    emit(events, EventKind.CONTAMINATION_LOOKED_AT, looker=seat, hunted=holder.seat, token=token.id)
    emit(events, EventKind.CONTAMINATION_SEEN, (seat,), token=token.id, icon=token.icon)


def face_for(token: Token, seat: int | None) -> Face | None:
    """What `seat` knows of a token's face: "icon", "blank" or None."""
    if token.face_up or (seat is not None and seat in token.known):
        return "icon" if token.icon else "blank"
    return None
