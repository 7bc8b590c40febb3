"""The game state: plain data that round-trips through JSON; `apply_action` never mutates it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final, Literal

from .config import Config
from .sides import Creature, Hunted, Token
from .vocab import (
    PromptKind,
    Reason,
    Step,
    TokenKind,
    TurnEffect,
    Winner,
    effect_from_json,
)

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




@dataclass(slots=True)
class GameState:
    """Everything about one game; the fold of (config, seed, actions).

    The read-only types (Sequence, Mapping) mark what an action replaces and never changes in
    place: successors share them (see `successor`).
    """

    config: Config
    seed: int
    rng_counter: int = 0
    turn: int = 1
    phase: int = 1  # 1 Exploration, 2 Hunting, 3 Reckoning, 4 End-of-turn
    step: Step = Step.START_TURN
    rescue: int = 0  # spaces to Victory
    assimilation: int = 0  # spaces to Victory
    marker_on_beach: bool = False
    reserve: Mapping[int, int] = field(default_factory=dict)
    hunted: list[Hunted] = field(default_factory=list)
    creature: Creature = field(default_factory=Creature)
    survival_deck: Sequence[str] = field(default_factory=list)
    survival_discard: Sequence[str] = field(default_factory=list)
    # tokens and phobia: their lists too are replaced, never changed.
    tokens: Mapping[TokenKind, list[int]] = field(default_factory=dict)  # creature/artemia/target
    # This turn's marks are tuples: a change replaces them, so states share them unchanged.
    effects: tuple[TurnEffect, ...] = ()  # this turn's Hunt and Survival effects
    target_cards: tuple[str, ...] = ()  # Target-symbol cards in effect
    artemia_card: bool = False  # an Artemia-symbol card was played this turn
    anticipation: tuple[int, ...] = ()  # Hunted named by Anticipation
    cataclysm: tuple[int, ...] = ()  # places made ineffective
    forbidden: tuple[int, ...] = ()  # Force Field: may not be played
    used_once: tuple[int, ...] = ()  # max-1x places used this turn
    phobia: Mapping[int, list[int]] = field(default_factory=dict)  # seat -> cards shown
    layers: list[list[Prompt]] = field(default_factory=list)  # the last layer is active
    queue: Sequence[tuple[str, int, int]] = field(default_factory=list)  # Reckoning tasks
    caught: tuple[int, ...] = ()  # Hunted caught by a Creature token
    lost_last: bool = False
    winner: Winner | Literal[""] = ""
    reason: Reason | Literal[""] = ""
    contamination: Sequence[bool] = field(default_factory=list)  # the reserve, face down: icon?
    token_serial: int = 0  # a token gets a fresh identity each time it leaves the reserve
    vaccinated: tuple[int, ...] = ()  # Vaccine: take no token this turn
    creature_used: Sequence[str] = field(default_factory=list)  # once-per-game Creature ones
    votes: Mapping[int, str] = field(default_factory=dict)  # the Hunted's ballots (C11)
    extra_turns: int = 0  # turns played after a refusal to board (E2)
    # Bit s-1 set: this state alone holds the Hunted at seat s and may change it in place;
    # _CREATURE_BIT: the same for the Creature's holdings. A successor shares them all with
    # its source until changed (copy on write): the hottest saving.
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
        new.hunted, new.owned = list(map(Hunted.clone, self.hunted)), -1
        new.creature = self.creature.clone()
        new.reserve, new.votes = dict(self.reserve), dict(self.votes)
        new.survival_deck, new.survival_discard = [*self.survival_deck], [*self.survival_discard]
        new.tokens = {kind: places[:] for kind, places in self.tokens.items()}
        new.phobia = {seat: cards[:] for seat, cards in self.phobia.items()}
        new.queue, new.contamination = [*self.queue], [*self.contamination]
        new.creature_used = [*self.creature_used]
        return new

    def successor(self) -> GameState:
        """A copy sharing each Hunted with this state until `hunted_at` or `each_hunted` asks
        to change it (copy on write), and sharing what actions replace rather than change (the
        decks, reserves, tokens, queue, votes): the working copy of every action."""
        new = GameState.__new__(GameState)
        new.config, new.seed, new.rng_counter = self.config, self.seed, self.rng_counter
        new.turn, new.phase, new.step = self.turn, self.phase, self.step
        new.rescue, new.assimilation = self.rescue, self.assimilation
        new.marker_on_beach, new.reserve = self.marker_on_beach, self.reserve
        new.hunted, new.owned = self.hunted[:], 0
        self.owned = 0  # this state, were it changed again, must not change the successor's
        new.creature = self.creature
        new.survival_deck, new.survival_discard = self.survival_deck, self.survival_discard
        new.tokens, new.phobia = self.tokens, self.phobia
        new.effects, new.target_cards = self.effects, self.target_cards
        new.artemia_card, new.anticipation = self.artemia_card, self.anticipation
        new.cataclysm, new.forbidden = self.cataclysm, self.forbidden
        new.used_once = self.used_once
        new.layers = list(map(list.copy, self.layers))
        new.queue, new.caught = self.queue, self.caught
        new.lost_last, new.winner, new.reason = self.lost_last, self.winner, self.reason
        new.contamination, new.token_serial = self.contamination, self.token_serial
        new.vaccinated, new.creature_used = self.vaccinated, self.creature_used
        new.votes, new.extra_turns = self.votes, self.extra_turns
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding every secret: for persistence, never for a player."""
        out: dict[str, Any] = {}
        for name in _STORED:
            value = getattr(self, name)
            if name in ("config", "creature"):
                value = value.to_json()
            elif name == "hunted":
                value = [h.to_json() for h in value]
            elif name == "layers":
                value = [[p.to_json() for p in layer] for layer in value]
            elif name == "queue":
                value = [list(t) for t in value]
            elif name in ("reserve", "phobia", "votes"):
                value = {str(k): (list(v) if isinstance(v, list) else v) for k, v in value.items()}
            elif name == "tokens":
                value = {str(k): list(v) for k, v in value.items()}
            elif name == "effects":
                value = [str(e) for e in value]  # a Whisper is stored as "whisper:<a>:<b>"
            elif name in ("step", "winner", "reason"):
                value = str(value)
            elif isinstance(value, (list, tuple)):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> GameState:
        """Inverse of `to_json`."""
        state = cls(Config.from_json(raw["config"]), int(raw["seed"]))
        for name in _STORED:
            value = raw[name]
            if name == "config":
                continue
            if name == "creature":
                value = Creature.from_json(value)
            elif name == "hunted":
                value = [Hunted.from_json(h) for h in value]
            elif name == "layers":
                value = [[Prompt.from_json(p) for p in layer] for layer in value]
            elif name == "queue":
                value = [(str(k), int(p), int(s)) for k, p, s in value]
            elif name in ("reserve", "phobia", "votes"):
                value = {int(k): (list(v) if isinstance(v, list) else v) for k, v in value.items()}
            elif name == "tokens":
                value = {TokenKind(k): list(v) for k, v in value.items()}
            elif name == "effects":
                value = tuple(effect_from_json(e) for e in value)
            elif name in _NAMED:
                value = _NAMED[name](value) if value else value
            elif name in TURN_MARKS:
                value = tuple(value)
            elif isinstance(value, list):
                value = list(value)
            setattr(state, name, value)
        return state


_ALL_HUNTED = (1 << 6) - 1  # seats 1..6
_CREATURE_BIT = 1 << 6
_STORED = tuple(f.name for f in fields(GameState) if f.name != "owned")  # owned: no rule
_NAMED = {"step": Step, "winner": Winner, "reason": Reason}  # "" stays "" (no winner yet)
# This turn's marks: tuples, cleared when a turn starts.
TURN_MARKS = ("effects", "target_cards", "anticipation", "cataclysm", "forbidden", "used_once",
              "caught", "vaccinated")
