"""The seat view's types: what one seat may see, as frozen values (docs/protocol.md, the seat
view; its public parts in public_view.py). `view.py` builds them, `wire.py` encodes them;
docs/seat-view.schema.json is their JSON Schema, generated from these classes.

A field whose metadata says `OMIT_EMPTY` (or `OMIT_NONE`) is left out of the wire form when it
is empty (or None): a cost names only what changes, and a Hunted's Whisper partners exist only
in the Frozen Lands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .actions import Action
from .config import Config
from .public_view import Board, CreaturePublic, HuntedPublic
from .vocab import Phase, PromptKind, Reason, TargetKind, Winner
from .wire_marks import FULL_ACTION, OMIT_EMPTY, OMIT_NONE, SHORT_ACTION

# Any JSON value: what a prompt's data holds (each prompt kind frames its own answers).
JsonValue = None | bool | int | float | str | Sequence["JsonValue"] | Mapping[str, "JsonValue"]


Role = Literal["creature", "hunted", "spectator"]


@dataclass(frozen=True, slots=True)
class Target:
    """What one choice of an action points at: a place, a seat, a card or a token."""

    kind: TargetKind
    value: int | str

    def __init__(self, kind: TargetKind, value: int | str) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "value", value)


@dataclass(frozen=True, slots=True)
class Cost:
    """What an action does at once (offers.py `cost`); only the changes are sent."""

    rescue: int = field(default=0, metadata=OMIT_EMPTY)  # spaces the Rescue counter advances
    assimilation: int = field(default=0, metadata=OMIT_EMPTY)
    will: int = field(default=0, metadata=OMIT_EMPTY)  # the actor's Will
    places: int = field(default=0, metadata=OMIT_EMPTY)  # the actor's Place cards in hand
    tokens: int = field(default=0, metadata=OMIT_EMPTY)  # the actor's Contamination tokens
    ends_game: bool = field(default=False, metadata=OMIT_EMPTY)
    winner: Winner | None = field(default=None, metadata=OMIT_EMPTY)  # unless faces decide it

    def __init__(self, rescue: int = 0, assimilation: int = 0, will: int = 0, places: int = 0,
                 tokens: int = 0, ends_game: bool = False, winner: Winner | None = None) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "rescue", rescue)
        object.__setattr__(self, "assimilation", assimilation)
        object.__setattr__(self, "will", will)
        object.__setattr__(self, "places", places)
        object.__setattr__(self, "tokens", tokens)
        object.__setattr__(self, "ends_game", ends_game)
        object.__setattr__(self, "winner", winner)


@dataclass(frozen=True, slots=True)
class Offer:
    """One legal action: what it sends (every field), what it points at, its cost, how it reads.

    `wording` is the key of its words in the client's message catalogue ("" when the action's
    type alone words it: docs/protocol.md), filled with its targets.

    Its identity is its action: the client finds an offer by the action's fields."""

    action: Action = field(metadata=FULL_ACTION)
    targets: tuple[Target, ...]
    cost: Cost
    wording: str = field(default="", metadata=OMIT_EMPTY)

    def __init__(self, action: Action, targets: tuple[Target, ...], cost: Cost,
                 wording: str = "") -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "cost", cost)
        object.__setattr__(self, "wording", wording)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended."""

    winner: Winner
    reason: Reason


@dataclass(frozen=True, slots=True)
class Waiting:
    """A seat the game waits on, and the kind of decision it owes."""

    seat: int
    kind: PromptKind

    def __init__(self, seat: int, kind: PromptKind) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "kind", kind)


@dataclass(frozen=True, slots=True)
class PromptView:
    """The decision this seat owes: its kind and the data that frames its answers."""

    kind: PromptKind
    data: Mapping[str, JsonValue]

    def __init__(self, kind: PromptKind, data: Mapping[str, JsonValue]) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "data", data)


@dataclass(frozen=True, slots=True)
class Closed:
    """An option the prompt names that the rules close now, with the rule's reason."""

    option: str
    why: str


@dataclass(frozen=True, slots=True)
class NoSeat:
    """A spectator's private part: nothing."""


@dataclass(frozen=True, slots=True)
class CreaturePrivate:
    """The Creature's own part: its prompt and its Hunt cards."""

    prompt: PromptView | None
    unavailable: tuple[Closed, ...]
    hunt_cards: tuple[str, ...]
    shown_by_phobia: Mapping[str, tuple[int, ...]]  # seat -> Place cards shown

    def __init__(self, prompt: PromptView | None, unavailable: tuple[Closed, ...],
                 hunt_cards: tuple[str, ...],
                 shown_by_phobia: Mapping[str, tuple[int, ...]]) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "unavailable", unavailable)
        object.__setattr__(self, "hunt_cards", hunt_cards)
        object.__setattr__(self, "shown_by_phobia", shown_by_phobia)


@dataclass(frozen=True, slots=True)
class HuntedPrivate:
    """A Hunted's own part: its prompt and its cards."""

    prompt: PromptView | None
    unavailable: tuple[Closed, ...]
    hand: tuple[int, ...]
    played: tuple[int, ...]
    survival_cards: tuple[str, ...]
    # The Hunted it may whisper to (Frozen Lands only: absent in the base game).
    whisper: tuple[int, ...] | None = field(default=None, metadata=OMIT_NONE)

    def __init__(self, prompt: PromptView | None, unavailable: tuple[Closed, ...],
                 hand: tuple[int, ...], played: tuple[int, ...], survival_cards: tuple[str, ...],
                 whisper: tuple[int, ...] | None = None) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "unavailable", unavailable)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "played", played)
        object.__setattr__(self, "survival_cards", survival_cards)
        object.__setattr__(self, "whisper", whisper)


Private = NoSeat | CreaturePrivate | HuntedPrivate


@dataclass(frozen=True, slots=True)
class Odds:
    """What this seat knows of the Contamination tokens the Hunted hold (Frozen Lands)."""

    total: int
    icons: int
    held: int
    unknown: int
    blank: int
    icon: int
    clean: float  # the chance a reveal now shows no icon


@dataclass(frozen=True, slots=True)
class SeatView:
    """The state as one seat may see it (seat None: a spectator); never another's secret."""

    seat: int | None
    role: Role
    config: Config
    turn: int
    phase: Phase
    board: Board
    creature: CreaturePublic
    hunted: tuple[HuntedPublic, ...]
    waiting_on: tuple[Waiting, ...]
    you: Private
    legal_actions: tuple[Action, ...] = field(metadata=SHORT_ACTION)
    offers: tuple[Offer, ...]  # offers[i] is legal_actions[i] with every field
    contamination: Odds | None  # Frozen Lands only
    outcome: Outcome | None

    def __init__(self, seat: int | None, role: Role, config: Config, turn: int, phase: Phase,
                 board: Board, creature: CreaturePublic, hunted: tuple[HuntedPublic, ...],
                 waiting_on: tuple[Waiting, ...], you: Private,
                 legal_actions: tuple[Action, ...], offers: tuple[Offer, ...],
                 contamination: Odds | None, outcome: Outcome | None) -> None:
        """The fields in their order, compiled (public_view.py says why)."""
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "role", role)
        object.__setattr__(self, "config", config)
        object.__setattr__(self, "turn", turn)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "board", board)
        object.__setattr__(self, "creature", creature)
        object.__setattr__(self, "hunted", hunted)
        object.__setattr__(self, "waiting_on", waiting_on)
        object.__setattr__(self, "you", you)
        object.__setattr__(self, "legal_actions", legal_actions)
        object.__setattr__(self, "offers", offers)
        object.__setattr__(self, "contamination", contamination)
        object.__setattr__(self, "outcome", outcome)
