"""The seat view's wire form written out class by class, for the per-move hot path.

`WireCache.view` gives the same JSON data as wire.py's `to_wire` (tests/server/test_update_text.py
compares the texts), without walking each value's fields and metadata: the server encodes every
seat's view on every move. The parts the views of one state share (the board, the Creature, the
Hunted as one audience sees them) are turned into dicts once per cache.
"""

from __future__ import annotations

from .actions import Action, field_defaults
from .config import Config
from .public_view import Board, CreaturePublic, HuntedPublic
from .seat_view import (
    Closed,
    Cost,
    CreaturePrivate,
    HuntedPrivate,
    Odds,
    Offer,
    Outcome,
    Private,
    PromptView,
    SeatView,
    Waiting,
)

Wire = dict[str, object]


def full_action(action: Action) -> Wire:
    """Every field of an action (wire.py `action_fields`)."""
    out: Wire = {"type": type(action).__name__}
    for name, _ in field_defaults(type(action)):
        out[name] = getattr(action, name)
    return out


def short_action(action: Action) -> Wire:
    """An action's non-default fields (`Action.to_json`), as a move is sent."""
    out: Wire = {"type": type(action).__name__}
    for name, default in field_defaults(type(action)):
        value = getattr(action, name)
        if value != default:
            out[name] = value
    return out


class WireCache:
    """Encodes the views of one state: each shared part (by identity) becomes a dict once."""

    def __init__(self) -> None:
        # By identity; the value is kept so that its id is not reused while the cache lives.
        self._boards: dict[int, tuple[object, Wire]] = {}
        self._hunted: dict[int, tuple[object, list[Wire]]] = {}

    def view(self, v: SeatView) -> Wire:
        """The wire form of one seat's view (wire.py `wire_object`)."""
        return {
            "seat": v.seat, "role": v.role, "config": _config(v.config), "turn": v.turn,
            "phase": v.phase, "board": self._board(v.board), "creature": self._creature(v.creature),
            "hunted": self._hunted_all(v.hunted),
            "waiting_on": [_waiting(w) for w in v.waiting_on], "you": _private(v.you),
            "legal_actions": [short_action(a) for a in v.legal_actions],
            "offers": [_offer(o) for o in v.offers],
            "contamination": None if v.contamination is None else _odds(v.contamination),
            "outcome": None if v.outcome is None else _outcome(v.outcome),
        }

    def _board(self, b: Board) -> Wire:
        hit = self._boards.get(id(b))
        if hit is not None and hit[0] is b:
            return hit[1]
        out = _board(b)
        self._boards[id(b)] = (b, out)
        return out

    def _creature(self, c: CreaturePublic) -> Wire:
        hit = self._boards.get(id(c))
        if hit is not None and hit[0] is c:
            return hit[1]
        out = _creature(c)
        self._boards[id(c)] = (c, out)
        return out

    def _hunted_all(self, hunted: tuple[HuntedPublic, ...]) -> list[Wire]:
        hit = self._hunted.get(id(hunted))
        if hit is not None and hit[0] is hunted:
            return hit[1]
        out = [_hunted(h) for h in hunted]
        self._hunted[id(hunted)] = (hunted, out)
        return out


def _config(c: Config) -> Wire:
    out: Wire = {"hunted": c.hunted, "board_side": c.board_side, "variant": c.variant,
                 "abilities": c.abilities}
    if c.rulebook_track:  # omitted while off, as the field's metadata says
        out["rulebook_track"] = True
    return out


def _board(b: Board) -> Wire:
    return {
        "rescue": b.rescue, "assimilation": b.assimilation, "artemia_symbol": b.artemia_symbol,
        "marker_on_beach": b.marker_on_beach, "reserve": b.reserve, "tokens": b.tokens,
        "effects": b.effects, "target_cards": b.target_cards, "artemia_card": b.artemia_card,
        "anticipation": b.anticipation, "cataclysm": b.cataclysm, "forbidden": b.forbidden,
        "used_once": b.used_once, "survival_deck": b.survival_deck,
        "survival_discard": b.survival_discard,
        "contamination_reserve": b.contamination_reserve, "vaccinated": b.vaccinated,
        "votes": b.votes, "extra_turns": b.extra_turns, "rescue_start": b.rescue_start,
        "assimilation_start": b.assimilation_start, "artemia_spaces": b.artemia_spaces,
        "decision": b.decision,
    }


def _creature(c: CreaturePublic) -> Wire:
    return {"hand": c.hand, "deck": c.deck, "discard": c.discard, "plays_left": c.plays_left,
            "played_this_turn": c.played_this_turn, "tracking_next": c.tracking_next,
            "abilities_used": c.abilities_used, "flashback_copies": c.flashback_copies}


def _hunted(h: HuntedPublic) -> Wire:
    return {
        "seat": h.seat, "will": h.will, "hand": h.hand, "owned": h.owned, "discard": h.discard,
        "discard_count": h.discard_count, "survival": h.survival, "has_chosen": h.has_chosen,
        "played": h.played, "positions": h.positions, "double": h.double,
        "next_double": h.next_double, "resisted": h.resisted,
        "survival_played": h.survival_played, "lost_last_will": h.lost_last_will,
        "immune": h.immune, "tokens": [{"id": t.id, "face": t.face} for t in h.tokens],
        "sheet": h.sheet, "used_this_turn": h.used_this_turn,
        "used_this_game": h.used_this_game,
    }


def _waiting(w: Waiting) -> Wire:
    return {"seat": w.seat, "kind": w.kind}


def _outcome(o: Outcome) -> Wire:
    return {"winner": o.winner, "reason": o.reason}


def _odds(o: Odds) -> Wire:
    return {"total": o.total, "icons": o.icons, "held": o.held, "unknown": o.unknown,
            "blank": o.blank, "icon": o.icon, "clean": o.clean}


def _prompt(p: PromptView | None) -> Wire | None:
    return None if p is None else {"kind": p.kind, "data": p.data}


def _closed(closed: tuple[Closed, ...]) -> list[Wire]:
    return [{"option": c.option, "why": c.why} for c in closed]


def _private(you: Private) -> Wire:
    if isinstance(you, CreaturePrivate):
        return {"prompt": _prompt(you.prompt), "unavailable": _closed(you.unavailable),
                "hunt_cards": you.hunt_cards, "shown_by_phobia": you.shown_by_phobia}
    if isinstance(you, HuntedPrivate):
        out: Wire = {"prompt": _prompt(you.prompt), "unavailable": _closed(you.unavailable),
                     "hand": you.hand, "played": you.played,
                     "survival_cards": you.survival_cards}
        if you.whisper is not None:
            out["whisper"] = you.whisper
        return out
    return {}


def _offer(o: Offer) -> Wire:
    out: Wire = {"action": full_action(o.action),
                 "targets": [{"kind": t.kind, "value": t.value} for t in o.targets],
                 "cost": _cost(o.cost)}
    if o.wording:
        out["wording"] = o.wording
    return out


def _cost(c: Cost) -> Wire:
    out: Wire = {}
    if c.rescue:
        out["rescue"] = c.rescue
    if c.assimilation:
        out["assimilation"] = c.assimilation
    if c.will:
        out["will"] = c.will
    if c.places:
        out["places"] = c.places
    if c.tokens:
        out["tokens"] = c.tokens
    if c.ends_game:
        out["ends_game"] = c.ends_game
    if c.winner:
        out["winner"] = c.winner
    return out
