"""What the server plays in a room (its plan, from the room's seats and options), the jobs
it schedules there (autoplay.py), and how long it waits: never by what a seat holds, so that
when the server moves for a seat tells nobody about its hidden hand."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from .reads import RoomInfo
from .settings import AutoPass

PASS_DELAY = (0.5, 1.5)  # seconds, uniform, the same for everyone whatever their hand
_chance = random.SystemRandom()  # not the engine's randomness, and not predictable
# The longest a computer's choice takes, which its move waits for (Plan.thinking): a heuristic
# or random bot chooses in well under a millisecond; an expert searches for up to the room's
# `bot_seconds`, and was measured stopping within 45 ms past them (at 0.05-0.3 s).
QUICK_CHOICE = 0.02  # seconds, for any bot
SEARCH_MARGIN = 1.25  # an expert's `bot_seconds`, times this, on top


class Why(StrEnum):
    """What a job is for."""

    BOT = "bot"  # a computer's move for its seat
    CLOCK = "clock"  # the seat's time ran out: a computer moves for it
    AUTO = "auto"  # the server passes for the seat (its auto-pass mode)
    DECIDED = "decided"  # `until_decision` ends: the seat has a decision to make
    TAKE_OVER = "take_over"  # a computer takes the seat of a player gone too long


@dataclass(slots=True)
class Plan:
    """What the server plays in a room: bot seats (`stand_ins` among them: people's seats a
    computer plays until they return), the clock, the human seats' auto-pass, and whether a
    computer takes over from a person gone past the grace period."""

    bots: dict[int, str]
    modes: dict[int, AutoPass]
    clock: float | None
    bot_delay: float
    bot_seconds: float = 1.0  # an expert's search per decision
    stand_ins: frozenset[int] = frozenset()
    take_over: bool = False

    def thinking(self, seat: int) -> float:
        """The longest the choice of a computer moving for `seat` may take (the heuristic bot
        for a person's seat whose clock ran out), by its kind only, never by what the seat may
        do: its move is played no sooner after the choice began."""
        expert = self.bots.get(seat) == "expert"
        return QUICK_CHOICE + (self.bot_seconds * SEARCH_MARGIN if expert else 0.0)

    @property
    def has_work(self) -> bool:
        """False for a room of people who all play every move themselves, with no clock and
        no take-over."""
        return bool(self.bots or self.clock or (self.take_over and self.modes)
                    or any(mode is not AutoPass.OFF for mode in self.modes.values()))


@dataclass(frozen=True, slots=True)
class Job:
    """The next thing to do in a room: at `due` (monotonic seconds), for `seat`."""

    due: float
    seat: int
    why: Why


def pass_delay() -> float:
    """How long the server waits before passing for a seat."""
    return _chance.uniform(*PASS_DELAY)


def plan_of(room: RoomInfo) -> Plan:
    """The room's plan, from its seats and options as read (or as a start left them)."""
    clock = room.options.get("clock_seconds")
    return Plan(
        bots={s.number: s.bot for s in room.seats if s.bot},
        modes={s.number: s.auto_pass for s in room.seats if not s.bot},
        clock=float(clock) if clock else None,
        bot_delay=room.options.get("bot_delay_ms", 800) / 1000,
        bot_seconds=float(room.options.get("bot_seconds", 1.0)),
        stand_ins=frozenset(s.number for s in room.seats if s.bot and s.away),
        take_over=bool(room.options.get("take_over", True)))
