"""What one seat may see, built by listing allowed fields (docs/protocol.md, the seat view)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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
from .state import CREATURE, GameState, Hunted
from .vocab import Effect, PromptKind, Whisper


def view_for(state: GameState, seat: int | None) -> dict[str, Any]:
    """The state as `seat` may see it (None = spectator); never holds another seat's secret."""
    return views_for(state, (seat,))[seat]


def views_for(state: GameState, seats: Iterable[int | None]) -> dict[int | None, dict[str, Any]]:
    """`view_for` of each seat; the parts every seat sees alike are built once and shared
    between the views (so a view must be read, never changed)."""
    result = outcome(state)
    common: dict[str, Any] = {
        "config": state.config.to_json(),
        "turn": state.turn,
        "phase": phase_name(state),
        "board": _board(state),
        "creature": _creature_public(state),
        "waiting_on": _waiting_on(state),
        "outcome": None if result is None else {"winner": result.winner, "reason": result.reason},
    }
    hunted: dict[tuple[bool, int | None], list[dict[str, Any]]] = {}
    views = {}
    for seat in seats:
        key = _audience(state, seat)
        if key not in hunted:
            hunted[key] = [_hunted_public(h, seat, sees_discards=key[0]) for h in state.hunted]
        views[seat] = _seat_view(state, seat, common, hunted[key])
    return views


def _seat_view(state: GameState, seat: int | None, common: dict[str, Any],
               hunted: list[dict[str, Any]]) -> dict[str, Any]:
    legal = [] if seat is None else legal_actions(state, seat)
    return {
        "seat": seat,
        "role": _role(state, seat),
        "config": common["config"],
        "turn": common["turn"],
        "phase": common["phase"],
        "board": common["board"],
        "creature": common["creature"],
        "hunted": hunted,
        "waiting_on": common["waiting_on"],
        "you": _private(state, seat, legal),
        "legal_actions": [a.to_json() for a in legal],
        # offers[i] tells legal_actions[i]'s every field and what it costs (offers.py).
        "offers": [] if seat is None else offers(state, seat, legal),
        "contamination": contamination_odds(state, seat) if state.config.variant == FROZEN
        else None,
        "outcome": common["outcome"],
    }


def _audience(state: GameState, seat: int | None) -> tuple[bool, int | None]:
    """What the Hunted's public part depends on for `seat`: whether it sees the discard piles,
    and the seat itself while any Hunted holds a Contamination token (faces: face_for)."""
    # Under Smokescreen only the Hunted see discard piles (spectators see what everyone sees).
    sees_discards = seat not in (CREATURE, None) or Effect.SMOKESCREEN not in state.effects
    return sees_discards, seat if any(h.tokens for h in state.hunted) else None


def _role(state: GameState, seat: int | None) -> str:
    if seat == CREATURE:
        return "creature"
    if seat is not None and 1 <= seat <= state.config.hunted:
        return "hunted"
    return "spectator"


def _board(state: GameState) -> dict[str, Any]:
    return {
        "rescue": state.rescue,
        "assimilation": state.assimilation,
        "artemia_symbol": artemia_symbol_now(state),
        "marker_on_beach": state.marker_on_beach,
        "reserve": {str(n): c for n, c in sorted(state.reserve.items())},
        "tokens": {k: list(v) for k, v in sorted(state.tokens.items())},
        # Whisper names its two Hunted: only they see it (in "you").
        "effects": [e for e in state.effects if not isinstance(e, Whisper)],
        "target_cards": list(state.target_cards),
        "artemia_card": state.artemia_card,
        "anticipation": list(state.anticipation),
        "cataclysm": list(state.cataclysm),
        "forbidden": list(state.forbidden),
        "used_once": list(state.used_once),
        "survival_deck": len(state.survival_deck),
        "survival_discard": len(state.survival_discard),
        "contamination_reserve": len(state.contamination),
        "vaccinated": list(state.vaccinated),
        # Team ballots are public (C11); Thin Ice's choices stay secret until all are made.
        "votes": {} if any(p.kind == PromptKind.THIN_ICE for layer in state.layers for p in layer)
        else {str(k): v for k, v in sorted(state.votes.items())},
        "extra_turns": state.extra_turns,
        # The tracks as printed for this table: where each counter starts, and the Rescue
        # track's spaces that show the Artemia symbol.
        "rescue_start": rescue_start(state.config.players),
        "assimilation_start": assimilation_start(state.config.players, state.config.variant),
        "artemia_spaces": sorted(ARTEMIA_SPACES[state.config.board_side]),
        "decision": _team_decision(state),
    }


def _team_decision(state: GameState) -> str | None:
    """The team decision the Hunted are voting on now (C11), if any: public, like the votes."""
    team = (p for p in state.layers[-1] if p.kind == PromptKind.TEAM) if state.layers else ()
    return next((str(p.data["decision"]) for p in team), None)


def _creature_public(state: GameState) -> dict[str, Any]:
    c = state.creature
    return {"hand": len(c.hand), "deck": len(c.deck), "discard": list(c.discard),
            "plays_left": c.plays_left, "played_this_turn": c.played_this_turn,
            "tracking_next": c.tracking_next, "abilities_used": list(state.creature_used),
            "flashback_copies": copied_card(state)}  # the Hunt card Flashback would repeat


def _hunted_public(h: Hunted, seat: int | None, *, sees_discards: bool) -> dict[str, Any]:
    return {
        "seat": h.seat,
        "will": h.will,
        "hand": len(h.hand),
        # Public knowledge: everyone starts with 1-5 and Place cards gained from the face-up
        # reserve are announced, so the set of numbers a Hunted owns is no secret.
        "owned": sorted({*h.hand, *h.discard, *h.played}),
        "discard": list(h.discard) if sees_discards else None,
        "discard_count": len(h.discard),
        "survival": len(h.survival),
        "has_chosen": h.ready,
        "played": len(h.played),
        "positions": [list(p) for p in h.positions],
        "double": h.double,
        "next_double": h.next_double,
        "resisted": h.resisted,
        "survival_played": h.survival_played,
        "lost_last_will": h.lost_last_will,
        "immune": list(h.immune),
        # Contamination tokens: a face shows only to who looked, or to all once revealed (C9).
        "tokens": [{"id": t.id, "face": face_for(t, seat)} for t in h.tokens],
        "sheet": h.sheet,
        "used_this_turn": list(h.used_this_turn),
        "used_this_game": list(h.used_this_game),
    }


def _waiting_on(state: GameState) -> list[dict[str, Any]]:
    if not state.layers:
        return []
    seen: list[dict[str, Any]] = []
    for prompt in state.layers[-1]:
        if all(w["seat"] != prompt.seat for w in seen):
            seen.append({"seat": prompt.seat, "kind": prompt.kind})
    return seen


def _private(state: GameState, seat: int | None, legal: list[Action]) -> dict[str, Any]:
    if seat is None or _role(state, seat) == "spectator":
        return {}
    prompt = current_prompt(state, seat)
    mine: dict[str, Any] = {
        "prompt": None if prompt is None else {"kind": prompt.kind, "data": prompt.data},
        # What the prompt names but the rules close now, with why (`you.unavailable`).
        "unavailable": [] if prompt is None else unavailable(state, prompt, legal),
    }
    if seat == CREATURE:
        mine["hunt_cards"] = list(state.creature.hand)
        mine["shown_by_phobia"] = {str(k): list(v) for k, v in state.phobia.items()}
        return mine
    h = state.peek_hunted(seat)  # read only: a view never takes a Hunted of its own
    mine["hand"] = list(h.hand)
    mine["played"] = list(h.played)
    mine["survival_cards"] = list(h.survival)
    if state.config.variant == FROZEN:  # Whisper: a private chat is open with these Hunted
        mine["whisper"] = whisper_partners(state, seat)
    return mine


def private_view(state: GameState, seat: int) -> dict[str, Any]:
    """A seat's own part of its view (`you`): its prompt and its cards."""
    return _private(state, seat, legal_actions(state, seat))
