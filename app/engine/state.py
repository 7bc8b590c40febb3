"""The game state: plain data that round-trips through JSON; `apply_action` never mutates it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal

from .config import Config
from .sides import Creature, Hunted, Token
from .state_fields import (
    CONFIG,
    EFFECTS,
    HUNTED,
    LIST,
    PLAIN,
    QUEUE,
    SEAT_MAP,
    TOKENS,
    TUPLE,
    Codec,
    Seen,
    Share,
    codec_of,
    kept,
    named,
    per_turn,
    share_of,
)
from .state_fields import (
    CREATURE as CREATURE_CODEC,
)
from .vocab import PromptKind, Reason, Step, Task, TokenKind, TurnEffect, Winner

CREATURE = 0  # seat 0 is the Creature; seats 1..H are the Hunted
__all__ = ["CREATURE", "Creature", "GameState", "Hunted", "Prompt", "Token"]


# A record like an event (events.py): `Final` fields and an `__init__` of its own, not frozen.
@dataclass(slots=True, init=False)
class Prompt:
    """A decision a seat owes: its kind and the data that frames the legal answers."""

    seat: Final[int]
    kind: Final[PromptKind]
    data: Final[dict[str, Any]]

    def __init__(self, seat: int, kind: PromptKind, data: dict[str, Any] | None = None) -> None:
        self.seat = seat
        self.kind = kind
        self.data = {} if data is None else data

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"seat": self.seat, "kind": str(self.kind), "data": self.data}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Prompt:
        """Inverse of `to_json`."""
        return cls(int(raw["seat"]), PromptKind(raw["kind"]), dict(raw["data"]))


# The prompts' layers: answers change them in place, so every successor copies them.
LAYERS = Codec(lambda v: [[p.to_json() for p in layer] for layer in v],
               lambda v: [[Prompt.from_json(p) for p in layer] for layer in v],
               lambda v: list(map(list.copy, v)))
VALUE, REPLACED, BOARD = Share.VALUE, Share.REPLACED, Seen.BOARD


@dataclass(slots=True)
class GameState:
    """Everything about one game; the fold of (config, seed, actions).

    Each field is declared once with `kept` (state_fields.py): how successors share it, how it
    is stored, where determinization finds it. The read-only types (Sequence, Mapping, tuple)
    mark what an action replaces and never changes in place, so successors share them.
    """

    config: Config = kept(VALUE, CONFIG)
    seed: int = kept(VALUE, PLAIN)
    rng_counter: int = kept(VALUE, PLAIN, default=0)
    turn: int = kept(VALUE, PLAIN, default=1)
    phase: int = kept(VALUE, PLAIN, default=1)  # 1 Exploration, 2 Hunting, 3 Reckoning, 4 End
    step: Step = kept(VALUE, named(Step), default=Step.START_TURN)
    rescue: int = kept(VALUE, PLAIN, BOARD, default=0)  # spaces to Victory
    assimilation: int = kept(VALUE, PLAIN, BOARD, default=0)  # spaces to Victory
    marker_on_beach: bool = kept(VALUE, PLAIN, BOARD, default=False)
    reserve: Mapping[int, int] = kept(REPLACED, SEAT_MAP, BOARD, factory=dict)
    hunted: list[Hunted] = kept(Share.SEATS, HUNTED, factory=list)
    creature: Creature = kept(Share.OWNER, CREATURE_CODEC, factory=Creature)
    survival_deck: Sequence[str] = kept(REPLACED, LIST, factory=list)
    survival_discard: Sequence[str] = kept(REPLACED, LIST, factory=list)
    # The Hunt tokens on the board: creature/artemia/target -> places.
    tokens: Mapping[TokenKind, Sequence[int]] = kept(REPLACED, TOKENS, BOARD, factory=dict)
    # This turn's marks (per_turn) are tuples: a change replaces them, so states share them.
    # This turn's Hunt and Survival effects.
    effects: tuple[TurnEffect, ...] = kept(VALUE, EFFECTS, BOARD, default=(), per_turn=True)
    # The Target-symbol cards in effect.
    target_cards: tuple[str, ...] = kept(VALUE, TUPLE, BOARD, default=(), per_turn=True)
    # An Artemia-symbol card was played this turn.
    artemia_card: bool = kept(VALUE, PLAIN, BOARD, default=False)
    # The Hunted named by Anticipation.
    anticipation: tuple[int, ...] = kept(VALUE, TUPLE, BOARD, default=(), per_turn=True)
    # The places made ineffective (Cataclysm).
    cataclysm: tuple[int, ...] = kept(VALUE, TUPLE, BOARD, default=(), per_turn=True)
    # The places Force Field forbids to play.
    forbidden: tuple[int, ...] = kept(VALUE, TUPLE, BOARD, default=(), per_turn=True)
    # The once-per-turn places used this turn.
    used_once: tuple[int, ...] = kept(VALUE, TUPLE, BOARD, default=(), per_turn=True)
    # Phobia: seat -> the Place cards it showed.
    phobia: Mapping[int, Sequence[int]] = kept(REPLACED, SEAT_MAP, factory=dict)
    layers: list[list[Prompt]] = kept(Share.LAYERS, LAYERS, factory=list)  # the last is active
    queue: Sequence[tuple[Task, int, int]] = kept(REPLACED, QUEUE, factory=list)  # Reckoning
    # The Hunted caught by a Creature token.
    caught: tuple[int, ...] = kept(VALUE, TUPLE, default=(), per_turn=True)
    lost_last: bool = kept(VALUE, PLAIN, default=False)
    winner: Winner | Literal[""] = kept(VALUE, named(Winner), default="")
    reason: Reason | Literal[""] = kept(VALUE, named(Reason), default="")
    # The Contamination reserve, face down: icon or not.
    contamination: Sequence[bool] = kept(REPLACED, LIST, factory=list)
    # A token gets a fresh identity each time it leaves the reserve.
    token_serial: int = kept(VALUE, PLAIN, default=0)
    # Vaccine: these take no token this turn.
    vaccinated: tuple[int, ...] = kept(VALUE, TUPLE, BOARD, default=(), per_turn=True)
    # The once-per-game Creature abilities used.
    creature_used: Sequence[str] = kept(REPLACED, LIST, factory=list)
    votes: Mapping[int, str] = kept(REPLACED, SEAT_MAP, BOARD, factory=dict)  # ballots (C11)
    extra_turns: int = kept(VALUE, PLAIN, BOARD, default=0)  # after a refusal to board (E2)
    # Bit s-1 set: this state alone holds the Hunted at seat s and may change it in place;
    # _CREATURE_BIT: the same for the Creature's holdings. A successor shares them all with
    # its source until changed (copy on write): the hottest saving. Not stored: no rule.
    owned: int = field(default=-1, compare=False, repr=False)

    def hunted_at(self, seat: int) -> Hunted:
        """The Hunted sitting at `seat` (1..H), this state's own: safe to change."""
        bit = 1 << (seat - 1)
        if not self.owned & bit:
            self.hunted[seat - 1] = self.hunted[seat - 1].copy()
            self.owned |= bit
        return self.hunted[seat - 1]

    def peek_hunted(self, seat: int) -> Hunted:
        """The Hunted sitting at `seat`, possibly shared with other states: read, never change."""
        return self.hunted[seat - 1]

    def each_hunted(self) -> list[Hunted]:
        """Every Hunted, this state's own: safe to change."""
        if ~self.owned & _ALL_HUNTED:
            self.hunted[:] = [h if self.owned & (1 << i) else h.copy()
                              for i, h in enumerate(self.hunted)]
            self.owned |= _ALL_HUNTED
        return self.hunted

    def own_creature(self) -> Creature:
        """The Creature's Hunt cards and allowance, this state's own: safe to change."""
        if not self.owned & _CREATURE_BIT:
            self.creature = self.creature.copy()
            self.owned |= _CREATURE_BIT
        return self.creature

    def clone(self) -> GameState:
        """An independent copy: changing either, by any path, leaves the other as it was."""
        new = self.successor()
        for name, copy in _CLONED:
            setattr(new, name, copy(getattr(self, name)))
        new.owned = -1
        return new

    # Rendered from the declarations above by tests/engine/test_state_fields.py (which checks
    # it): the hottest copy, attribute by attribute, as a loop over names would be slower.
    def successor(self) -> GameState:
        """A copy sharing what actions replace rather than change and each Hunted until
        `hunted_at` or `each_hunted` asks to change it (copy on write): every action's copy."""
        new = GameState.__new__(GameState)
        new.config, new.seed, new.rng_counter = self.config, self.seed, self.rng_counter
        new.turn, new.phase, new.step, new.rescue = self.turn, self.phase, self.step, self.rescue
        new.assimilation, new.marker_on_beach = self.assimilation, self.marker_on_beach
        new.reserve, new.creature = self.reserve, self.creature
        new.survival_deck, new.survival_discard = self.survival_deck, self.survival_discard
        new.tokens, new.effects, new.target_cards = self.tokens, self.effects, self.target_cards
        new.artemia_card, new.anticipation = self.artemia_card, self.anticipation
        new.cataclysm, new.forbidden = self.cataclysm, self.forbidden
        new.used_once, new.phobia, new.queue = self.used_once, self.phobia, self.queue
        new.caught, new.lost_last, new.winner = self.caught, self.lost_last, self.winner
        new.reason, new.contamination = self.reason, self.contamination
        new.token_serial, new.vaccinated = self.token_serial, self.vaccinated
        new.creature_used, new.votes = self.creature_used, self.votes
        new.extra_turns = self.extra_turns
        new.hunted = self.hunted[:]
        new.layers = list(map(list.copy, self.layers))
        new.owned = 0  # shares every Hunted and the Creature with this state
        self.owned = 0  # which, changed again, must not change the successor's
        return new
    # End of the rendered part.

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding every secret: for persistence, never for a player."""
        return {name: codec.dump(getattr(self, name)) for name, codec in _CODECS}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> GameState:
        """Inverse of `to_json`."""
        return cls(**{name: codec.load(raw[name]) for name, codec in _CODECS})


_ALL_HUNTED = (1 << 6) - 1  # seats 1..6
_CREATURE_BIT = 1 << 6
STORED = tuple(f for f in fields(GameState) if "share" in f.metadata)  # all but `owned`
_CODECS = tuple((f.name, codec_of(f)) for f in STORED)
_CLONED = tuple((f.name, codec_of(f).clone) for f in STORED if share_of(f) is not VALUE)
TURN_MARKS = tuple(f.name for f in STORED if per_turn(f))  # emptied when a turn starts
