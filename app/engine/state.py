"""The game state: plain data that round-trips through JSON; `apply_action` never mutates it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .config import Config
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
_new = object.__new__  # clones set every slot themselves, skipping __init__'s defaults


@dataclass(frozen=True, slots=True)
class Prompt:
    """A decision a seat owes: its kind and the data that frames the legal answers."""

    seat: int
    kind: PromptKind
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"seat": self.seat, "kind": str(self.kind), "data": self.data}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Prompt:
        """Inverse of `to_json`."""
        return cls(int(raw["seat"]), PromptKind(raw["kind"]), dict(raw["data"]))


@dataclass(frozen=True, slots=True)
class Token:
    """A Contamination token held face down: its face and who has looked at it (C9)."""

    id: int
    icon: bool
    known: tuple[int, ...] = ()  # seats that looked at it; everyone once it is face up
    face_up: bool = False

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {"id": self.id, "icon": self.icon, "known": list(self.known),
                "face_up": self.face_up}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Token:
        """Inverse of `to_json`."""
        return cls(int(raw["id"]), bool(raw["icon"]), tuple(raw["known"]), bool(raw["face_up"]))


@dataclass(slots=True)
class Hunted:
    """One Hunted: Will, Place cards by zone, Survival cards and this turn's flags."""

    seat: int
    will: int = 3
    hand: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    played: list[int] = field(default_factory=list)  # face down until the reveal
    positions: list[tuple[int, int]] = field(default_factory=list)  # (place, card) after reveal
    survival: list[str] = field(default_factory=list)
    ready: bool = False  # has chosen this turn's Place card(s)
    double: str = ""  # "river" or "artefact": this turn's two-card play
    next_double: str = ""  # the same, owed for the next turn
    resisted: bool = False  # used Resist or Give Up this turn
    survival_played: bool = False
    lost_last_will: bool = False
    immune: list[TokenKind] = field(default_factory=list)  # ignored this turn (Dodge, Detector)
    tokens: list[Token] = field(default_factory=list)  # Contamination tokens (Frozen Lands)
    sheet: str = ""  # the Hunted sheet, when abilities are on
    used_this_turn: list[str] = field(default_factory=list)  # abilities used this turn
    used_this_game: list[str] = field(default_factory=list)  # once-per-game abilities used

    def owns(self, card: int) -> bool:
        """True if the card is in hand, in the discard pile or in play."""
        return card in self.hand or card in self.discard or card in self.played

    def clone(self) -> Hunted:
        """An independent copy (attributes set directly: the hottest path of every action)."""
        new = _new(Hunted)
        new.seat, new.will, new.sheet = self.seat, self.will, self.sheet
        new.hand, new.discard, new.played = self.hand[:], self.discard[:], self.played[:]
        new.positions, new.survival = self.positions[:], self.survival[:]
        new.ready, new.double, new.next_double = self.ready, self.double, self.next_double
        new.resisted, new.survival_played = self.resisted, self.survival_played
        new.lost_last_will, new.immune, new.tokens = self.lost_last_will, self.immune[:], \
            self.tokens[:]
        new.used_this_turn, new.used_this_game = self.used_this_turn[:], self.used_this_game[:]
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
            value = getattr(self, name)
            if name == "positions":
                value = [list(p) for p in value]
            elif name == "tokens":
                value = [t.to_json() for t in value]
            elif name == "immune":
                value = [str(t) for t in value]
            elif isinstance(value, list):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Hunted:
        """Inverse of `to_json`."""
        h = cls(int(raw["seat"]))
        for name in cls.__slots__:
            value = raw[name]
            if name == "positions":
                value = [(int(p), int(c)) for p, c in value]
            elif name == "tokens":
                value = [Token.from_json(t) for t in value]
            elif name == "immune":
                value = [TokenKind(t) for t in value]
            elif isinstance(value, list):
                value = list(value)
            setattr(h, name, value)
        return h


@dataclass(slots=True)
class Creature:
    """The Creature's Hunt cards and its per-turn play allowance."""

    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)  # face up; the last is the most recent
    plays_left: int = 1
    played_this_turn: int = 0
    tracking_next: bool = False

    def clone(self) -> Creature:
        """An independent copy."""
        new = _new(Creature)
        new.hand, new.deck, new.discard = self.hand[:], self.deck[:], self.discard[:]
        new.plays_left, new.played_this_turn = self.plays_left, self.played_this_turn
        new.tracking_next = self.tracking_next
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {name: (list(v) if isinstance(v := getattr(self, name), list) else v)
                for name in self.__slots__}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Creature:
        """Inverse of `to_json`."""
        return cls(list(raw["hand"]), list(raw["deck"]), list(raw["discard"]),
                   int(raw["plays_left"]), int(raw["played_this_turn"]),
                   bool(raw["tracking_next"]))


@dataclass(slots=True)
class GameState:
    """Everything about one game; the fold of (config, seed, actions)."""

    config: Config
    seed: int
    rng_counter: int = 0
    turn: int = 1
    phase: int = 1  # 1 Exploration, 2 Hunting, 3 Reckoning, 4 End-of-turn
    step: Step = Step.START_TURN
    rescue: int = 0  # spaces to Victory
    assimilation: int = 0  # spaces to Victory
    marker_on_beach: bool = False
    reserve: dict[int, int] = field(default_factory=dict)
    hunted: list[Hunted] = field(default_factory=list)
    creature: Creature = field(default_factory=Creature)
    survival_deck: list[str] = field(default_factory=list)
    survival_discard: list[str] = field(default_factory=list)
    tokens: dict[TokenKind, list[int]] = field(default_factory=dict)  # creature / artemia / target
    effects: list[TurnEffect] = field(default_factory=list)  # this turn's Hunt and Survival effects
    target_cards: list[str] = field(default_factory=list)  # Target-symbol cards in effect
    artemia_card: bool = False  # an Artemia-symbol card was played this turn
    anticipation: list[int] = field(default_factory=list)  # Hunted named by Anticipation
    cataclysm: list[int] = field(default_factory=list)  # places made ineffective
    forbidden: list[int] = field(default_factory=list)  # Force Field: may not be played
    used_once: list[int] = field(default_factory=list)  # max-1x places used this turn
    phobia: dict[int, list[int]] = field(default_factory=dict)  # seat -> cards shown
    layers: list[list[Prompt]] = field(default_factory=list)  # the last layer is active
    queue: list[tuple[str, int, int]] = field(default_factory=list)  # Reckoning tasks
    caught: list[int] = field(default_factory=list)  # Hunted caught by a Creature token
    lost_last: bool = False
    winner: Winner | Literal[""] = ""
    reason: Reason | Literal[""] = ""
    contamination: list[bool] = field(default_factory=list)  # the reserve, face down (icon?)
    token_serial: int = 0  # a token gets a fresh identity each time it leaves the reserve
    vaccinated: list[int] = field(default_factory=list)  # Vaccine: take no token this turn
    creature_used: list[str] = field(default_factory=list)  # once-per-game Creature abilities
    votes: dict[int, str] = field(default_factory=dict)  # the Hunted's ballots (C11)
    extra_turns: int = 0  # turns played after a refusal to board (E2)

    def hunted_at(self, seat: int) -> Hunted:
        """The Hunted sitting at `seat` (1..H)."""
        return self.hunted[seat - 1]

    def clone(self) -> GameState:
        """An independent copy: the state is a value, copied before every change."""
        new = _new(GameState)
        new.config, new.seed, new.rng_counter = self.config, self.seed, self.rng_counter
        new.turn, new.phase, new.step = self.turn, self.phase, self.step
        new.rescue, new.assimilation = self.rescue, self.assimilation
        new.marker_on_beach, new.reserve = self.marker_on_beach, self.reserve.copy()
        new.hunted = list(map(Hunted.clone, self.hunted))  # map: no comprehension frame
        new.creature = self.creature.clone()
        new.survival_deck, new.survival_discard = self.survival_deck[:], self.survival_discard[:]
        new.tokens = {k: v[:] for k, v in self.tokens.items()} if self.tokens else {}
        new.effects, new.target_cards = self.effects[:], self.target_cards[:]
        new.artemia_card, new.anticipation = self.artemia_card, self.anticipation[:]
        new.cataclysm, new.forbidden = self.cataclysm[:], self.forbidden[:]
        new.used_once = self.used_once[:]
        new.phobia = {k: v[:] for k, v in self.phobia.items()} if self.phobia else {}
        new.layers = list(map(list.copy, self.layers))
        new.queue, new.caught = self.queue[:], self.caught[:]
        new.lost_last, new.winner, new.reason = self.lost_last, self.winner, self.reason
        new.contamination, new.token_serial = self.contamination[:], self.token_serial
        new.vaccinated, new.creature_used = self.vaccinated[:], self.creature_used[:]
        new.votes, new.extra_turns = self.votes.copy(), self.extra_turns
        return new

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict holding every secret: for persistence, never for a player."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
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
            elif isinstance(value, list):
                value = list(value)
            out[name] = value
        return out

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> GameState:
        """Inverse of `to_json`."""
        state = cls(Config.from_json(raw["config"]), int(raw["seed"]))
        for name in cls.__slots__:
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
                value = [effect_from_json(e) for e in value]
            elif name in _NAMED:
                value = _NAMED[name](value) if value else value
            elif isinstance(value, list):
                value = list(value)
            setattr(state, name, value)
        return state


_NAMED = {"step": Step, "winner": Winner, "reason": Reason}  # "" stays "" (no winner yet)
