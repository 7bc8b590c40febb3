"""The public parts of a seat view (seat_view.py): the table, the Creature and each Hunted as
everyone may see them (a Hunted's discard pile and token faces depend on who looks).

The classes built for every update to every seat write their `__init__` out: the one that
`@dataclass` generates runs interpreted even in the compiled engine, and for a frozen class it
calls `object.__setattr__` per field (a `HuntedPublic` took 4.3 µs); written in the class it
is compiled, each call a direct store (tens of nanoseconds). tests/engine/test_view_init.py
keeps each one's parameters the class's fields, in order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .vocab import Effect, TokenKind

Face = Literal["icon", "blank"]


@dataclass(frozen=True, slots=True)
class Board:
    """The public table: counters, tokens, this turn's marks and the printed tracks."""

    rescue: int
    assimilation: int
    artemia_symbol: bool
    marker_on_beach: bool
    reserve: Mapping[str, int]  # Place number -> copies left
    tokens: Mapping[str, tuple[int, ...]]  # Hunt token -> places
    effects: tuple[Effect, ...]
    target_cards: tuple[str, ...]
    artemia_card: bool
    anticipation: tuple[int, ...]
    cataclysm: tuple[int, ...]
    forbidden: tuple[int, ...]
    used_once: tuple[int, ...]
    survival_deck: int
    survival_discard: int
    contamination_reserve: int
    vaccinated: tuple[int, ...]
    votes: Mapping[str, str]  # seat -> ballot
    extra_turns: int
    rescue_start: int
    assimilation_start: int
    artemia_spaces: tuple[int, ...]
    decision: str | None  # the team decision being voted on

    def __init__(self, rescue: int, assimilation: int, artemia_symbol: bool,
                 marker_on_beach: bool, reserve: Mapping[str, int],
                 tokens: Mapping[str, tuple[int, ...]], effects: tuple[Effect, ...],
                 target_cards: tuple[str, ...], artemia_card: bool,
                 anticipation: tuple[int, ...], cataclysm: tuple[int, ...],
                 forbidden: tuple[int, ...], used_once: tuple[int, ...], survival_deck: int,
                 survival_discard: int, contamination_reserve: int, vaccinated: tuple[int, ...],
                 votes: Mapping[str, str], extra_turns: int, rescue_start: int,
                 assimilation_start: int, artemia_spaces: tuple[int, ...],
                 decision: str | None) -> None:
        """The fields in their order (module docstring: why written out)."""
        object.__setattr__(self, "rescue", rescue)
        object.__setattr__(self, "assimilation", assimilation)
        object.__setattr__(self, "artemia_symbol", artemia_symbol)
        object.__setattr__(self, "marker_on_beach", marker_on_beach)
        object.__setattr__(self, "reserve", reserve)
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "effects", effects)
        object.__setattr__(self, "target_cards", target_cards)
        object.__setattr__(self, "artemia_card", artemia_card)
        object.__setattr__(self, "anticipation", anticipation)
        object.__setattr__(self, "cataclysm", cataclysm)
        object.__setattr__(self, "forbidden", forbidden)
        object.__setattr__(self, "used_once", used_once)
        object.__setattr__(self, "survival_deck", survival_deck)
        object.__setattr__(self, "survival_discard", survival_discard)
        object.__setattr__(self, "contamination_reserve", contamination_reserve)
        object.__setattr__(self, "vaccinated", vaccinated)
        object.__setattr__(self, "votes", votes)
        object.__setattr__(self, "extra_turns", extra_turns)
        object.__setattr__(self, "rescue_start", rescue_start)
        object.__setattr__(self, "assimilation_start", assimilation_start)
        object.__setattr__(self, "artemia_spaces", artemia_spaces)
        object.__setattr__(self, "decision", decision)


@dataclass(frozen=True, slots=True)
class CreaturePublic:
    """What everyone sees of the Creature."""

    hand: int
    deck: int
    discard: tuple[str, ...]
    plays_left: int
    played_this_turn: int
    tracking_next: bool
    abilities_used: tuple[str, ...]
    flashback_copies: str | None

    def __init__(self, hand: int, deck: int, discard: tuple[str, ...], plays_left: int,
                 played_this_turn: int, tracking_next: bool, abilities_used: tuple[str, ...],
                 flashback_copies: str | None) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "plays_left", plays_left)
        object.__setattr__(self, "played_this_turn", played_this_turn)
        object.__setattr__(self, "tracking_next", tracking_next)
        object.__setattr__(self, "abilities_used", abilities_used)
        object.__setattr__(self, "flashback_copies", flashback_copies)


@dataclass(frozen=True, slots=True)
class TokenView:
    """A Contamination token and its face as this seat knows it (None: unknown)."""

    id: int
    face: Face | None

    def __init__(self, id: int, face: Face | None) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "face", face)


@dataclass(frozen=True, slots=True)
class HuntedPublic:
    """What this seat sees of one Hunted."""

    seat: int
    will: int
    hand: int
    owned: tuple[int, ...]
    discard: tuple[int, ...] | None  # None: hidden from this seat
    discard_count: int
    survival: int
    has_chosen: bool
    played: int
    positions: tuple[tuple[int, int], ...]
    double: str  # "river" or "artefact": this turn's two-card play ("" if none)
    next_double: str
    resisted: bool
    survival_played: bool
    lost_last_will: bool
    immune: tuple[TokenKind, ...]
    tokens: tuple[TokenView, ...]
    sheet: str  # "" without abilities
    used_this_turn: tuple[str, ...]
    used_this_game: tuple[str, ...]

    def __init__(self, seat: int, will: int, hand: int, owned: tuple[int, ...],
                 discard: tuple[int, ...] | None, discard_count: int, survival: int,
                 has_chosen: bool, played: int, positions: tuple[tuple[int, int], ...],
                 double: str, next_double: str, resisted: bool, survival_played: bool,
                 lost_last_will: bool, immune: tuple[TokenKind, ...], tokens: tuple[TokenView, ...],
                 sheet: str, used_this_turn: tuple[str, ...],
                 used_this_game: tuple[str, ...]) -> None:
        """The fields in their order (module docstring: why written out)."""
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "will", will)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "owned", owned)
        object.__setattr__(self, "discard", discard)
        object.__setattr__(self, "discard_count", discard_count)
        object.__setattr__(self, "survival", survival)
        object.__setattr__(self, "has_chosen", has_chosen)
        object.__setattr__(self, "played", played)
        object.__setattr__(self, "positions", positions)
        object.__setattr__(self, "double", double)
        object.__setattr__(self, "next_double", next_double)
        object.__setattr__(self, "resisted", resisted)
        object.__setattr__(self, "survival_played", survival_played)
        object.__setattr__(self, "lost_last_will", lost_last_will)
        object.__setattr__(self, "immune", immune)
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "sheet", sheet)
        object.__setattr__(self, "used_this_turn", used_this_turn)
        object.__setattr__(self, "used_this_game", used_this_game)
