"""What one seat may see, built by listing allowed fields (docs/protocol.md, the seat view)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .actions import Action
from .board import artemia_symbol_now
from .cards import ARTEMIA_SPACES, FROZEN, assimilation_start, rescue_start
from .contamination import face_for
from .frozen_survival import whisper_partners
from .game import legal_actions, outcome, phase_name
from .hunt import copied_card
from .odds import contamination_odds
from .offers import offers, unavailable
from .prompts import current_prompt
from .public_view import Board, CreaturePublic, Face, HuntedPublic, TokenView
from .seat_view import (
    CreaturePrivate,
    HuntedPrivate,
    JsonValue,
    NoSeat,
    Outcome,
    Private,
    PromptView,
    Role,
    SeatView,
    Waiting,
)
from .state import CREATURE, GameState, Hunted
from .vocab import Effect, Phase, PromptKind, Whisper
from .wire import wire_object


def seat_view(state: GameState, seat: int | None) -> SeatView:
    """The state as `seat` may see it (None = spectator); never holds another seat's secret."""
    return seat_views(state, (seat,))[seat]


def seat_views(state: GameState, seats: Iterable[int | None]) -> dict[int | None, SeatView]:
    """`seat_view` of each seat; the parts every seat sees alike are built once and shared
    between the views (frozen, so sharing them is safe)."""
    result = outcome(state)
    common = _Common(
        turn=state.turn, phase=phase_name(state), board=_board(state),
        creature=_creature_public(state), waiting_on=_waiting_on(state),
        outcome=None if result is None else Outcome(result.winner, result.reason))
    hunted: dict[_Audience, tuple[HuntedPublic, ...]] = {}
    views = {}
    for seat in seats:
        key = _audience(state, seat)
        if key not in hunted:
            hunted[key] = tuple(_hunted_public(h, faces, sees_discards=key[0])
                                for h, faces in zip(state.hunted, key[1] or _unknown(state),
                                                    strict=True))
        views[seat] = _seat_view(state, seat, common, hunted[key])
    return views


def view_for(state: GameState, seat: int | None) -> dict[str, JsonValue]:
    """`seat_view` as plain JSON data (wire.py), for a reader of the wire form (the bots)."""
    return wire_object(seat_view(state, seat))


def views_for(state: GameState,
              seats: Iterable[int | None]) -> dict[int | None, dict[str, JsonValue]]:
    """`view_for` of each seat (`seat_views`, encoded)."""
    return {seat: wire_object(view) for seat, view in seat_views(state, seats).items()}


# Whether a seat sees the discard piles, and the token faces it knows, Hunted by Hunted.
_Audience = tuple[bool, tuple[tuple[Face | None, ...], ...]]


@dataclass(frozen=True, slots=True)
class _Common:
    """The parts of a view every seat sees alike."""

    turn: int
    phase: Phase
    board: Board
    creature: CreaturePublic
    waiting_on: tuple[Waiting, ...]
    outcome: Outcome | None


def _seat_view(state: GameState, seat: int | None, common: _Common,
               hunted: tuple[HuntedPublic, ...]) -> SeatView:
    legal = [] if seat is None else legal_actions(state, seat)
    return SeatView(
        seat=seat, role=_role(state, seat), config=state.config, turn=common.turn,
        phase=common.phase, board=common.board, creature=common.creature, hunted=hunted,
        waiting_on=common.waiting_on, you=_private(state, seat, legal),
        legal_actions=tuple(legal),
        offers=() if seat is None else offers(state, seat, legal),
        contamination=contamination_odds(state, seat) if state.config.variant == FROZEN
        else None,
        outcome=common.outcome)


def _audience(state: GameState, seat: int | None) -> _Audience:
    """What the Hunted's public part depends on for `seat`: whether it sees the discard piles,
    and the faces it knows of each Hunted's Contamination tokens (face_for; () if none are
    held), so that seats which know the same share one part."""
    # Under Smokescreen only the Hunted see discard piles (spectators see what everyone sees).
    sees_discards = seat not in (CREATURE, None) or Effect.SMOKESCREEN not in state.effects
    if not any(h.tokens for h in state.hunted):
        return sees_discards, ()
    return sees_discards, tuple(tuple(face_for(t, seat) for t in h.tokens) for h in state.hunted)


def _role(state: GameState, seat: int | None) -> Role:
    if seat == CREATURE:
        return "creature"
    if seat is not None and 1 <= seat <= state.config.hunted:
        return "hunted"
    return "spectator"


def _board(state: GameState) -> Board:
    return Board(
        rescue=state.rescue,
        assimilation=state.assimilation,
        artemia_symbol=artemia_symbol_now(state),
        marker_on_beach=state.marker_on_beach,
        reserve={str(n): c for n, c in sorted(state.reserve.items())},
        tokens={k.value: tuple(v) for k, v in sorted(state.tokens.items())},  # str keys (frames.py)
        # Whisper names its two Hunted: only they see it (in "you").
        effects=tuple(e for e in state.effects if not isinstance(e, Whisper)),
        target_cards=state.target_cards,
        artemia_card=state.artemia_card,
        anticipation=state.anticipation,
        cataclysm=state.cataclysm,
        forbidden=state.forbidden,
        used_once=state.used_once,
        survival_deck=len(state.survival_deck),
        survival_discard=len(state.survival_discard),
        contamination_reserve=len(state.contamination),
        vaccinated=state.vaccinated,
        # Team ballots are public (C11); Thin Ice's choices stay secret until all are made.
        votes={} if any(p.kind == PromptKind.THIN_ICE for layer in state.layers for p in layer)
        else {str(k): v for k, v in sorted(state.votes.items())},
        extra_turns=state.extra_turns,
        # The tracks as printed for this table: where each counter starts, and the Rescue
        # track's spaces that show the Artemia symbol.
        rescue_start=rescue_start(state.config.players),
        assimilation_start=assimilation_start(state.config.players, state.config.variant,
                                              state.config.rulebook_track),
        artemia_spaces=tuple(sorted(ARTEMIA_SPACES[state.config.board_side])),
        decision=_team_decision(state),
    )


def _team_decision(state: GameState) -> str | None:
    """The team decision the Hunted are voting on now (C11), if any: public, like the votes."""
    team = (p for p in state.layers[-1] if p.kind == PromptKind.TEAM) if state.layers else ()
    return next((str(p.data["decision"]) for p in team), None)


def _creature_public(state: GameState) -> CreaturePublic:
    c = state.creature
    return CreaturePublic(
        hand=len(c.hand), deck=len(c.deck), discard=tuple(c.discard), plays_left=c.plays_left,
        played_this_turn=c.played_this_turn, tracking_next=c.tracking_next,
        abilities_used=tuple(state.creature_used),
        flashback_copies=copied_card(state))  # the Hunt card Flashback would repeat


def _hunted_public(h: Hunted, faces: tuple[Face | None, ...], *,
                   sees_discards: bool) -> HuntedPublic:
    return HuntedPublic(
        seat=h.seat,
        will=h.will,
        hand=len(h.hand),
        # Public knowledge: everyone starts with 1-5 and Place cards gained from the face-up
        # reserve are announced, so the set of numbers a Hunted owns is no secret.
        owned=tuple(sorted({*h.hand, *h.discard, *h.played})),
        discard=tuple(h.discard) if sees_discards else None,
        discard_count=len(h.discard),
        survival=len(h.survival),
        has_chosen=h.ready,
        played=len(h.played),
        positions=tuple(h.positions),
        double=h.double,
        next_double=h.next_double,
        resisted=h.resisted,
        survival_played=h.survival_played,
        lost_last_will=h.lost_last_will,
        immune=tuple(h.immune),
        # Contamination tokens: a face shows only to who looked, or to all once revealed (C9).
        tokens=tuple(TokenView(t.id, face) for t, face in zip(h.tokens, faces, strict=True)),
        sheet=h.sheet,
        used_this_turn=tuple(h.used_this_turn),
        used_this_game=tuple(h.used_this_game),
    )


def _waiting_on(state: GameState) -> tuple[Waiting, ...]:
    if not state.layers:
        return ()
    seen: list[Waiting] = []
    for prompt in state.layers[-1]:
        if all(w.seat != prompt.seat for w in seen):
            seen.append(Waiting(prompt.seat, prompt.kind))
    return tuple(seen)


def _private(state: GameState, seat: int | None, legal: list[Action]) -> Private:
    if seat is None or _role(state, seat) == "spectator":
        return NoSeat()
    prompt = current_prompt(state, seat)
    asked = None if prompt is None else PromptView(prompt.kind, prompt.data)
    # What the prompt names but the rules close now, with why (`you.unavailable`).
    closed = () if prompt is None else unavailable(state, prompt, legal)
    if seat == CREATURE:
        return CreaturePrivate(
            prompt=asked, unavailable=closed, hunt_cards=tuple(state.creature.hand),
            shown_by_phobia={str(k): tuple(v) for k, v in state.phobia.items()})
    h = state.peek_hunted(seat)  # read only: a view never takes a Hunted of its own
    return HuntedPrivate(
        prompt=asked, unavailable=closed, hand=tuple(h.hand), played=tuple(h.played),
        survival_cards=tuple(h.survival),
        # Whisper: a private chat is open with these Hunted (Frozen Lands only).
        whisper=tuple(whisper_partners(state, seat)) if state.config.variant == FROZEN
        else None)


def private_view(state: GameState, seat: int) -> Private:
    """A seat's own part of its view (`you`): its prompt and its cards."""
    return _private(state, seat, legal_actions(state, seat))


def _unknown(state: GameState) -> tuple[tuple[Face | None, ...], ...]:
    """No token faces, for each Hunted: while none holds a Contamination token."""
    return ((),) * len(state.hunted)
