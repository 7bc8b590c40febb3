"""When a computer player moves tells nobody what its hidden hand offered.

An expert chooses a forced move at once and searches a real choice for up to the room's
`bot_seconds`: were its move played as soon as it was chosen, its delay would tell the other
players whether its seat had a choice. Counted from when the seat began owing the move, the
move comes as late whatever the seat may do. Checked on the runner itself, with a fake clock
that only the bot's thinking and the runner's waits move: no real time passes, none is measured.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from app.engine import CREATURE, Action, GameState, action_from_json, legal_actions, new_game
from app.engine.config import Config
from app.server import autoplay as runner
from app.server.autoplay import Autoplay
from app.server.live import LiveGame
from app.server.plans import Plan, Why
from app.server.settings import AutoPass

HUNTED = 1
CODE = "ROOM"
SEARCH = 1.0  # the room's bot_seconds
REAL_SLEEP = asyncio.sleep


class FakeClock:
    """The runner's monotonic clock, moved only by the bot's search and by waits."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.0)
        await REAL_SLEEP(0)


class ExpertLike:
    """Chooses as the expert does: a forced move at once, a real choice after its search."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock

    def choose(self, view: dict[str, Any]) -> Action:
        if len(view["legal_actions"]) > 1:
            self.clock.now += SEARCH
        return action_from_json(view["legal_actions"][0])


class PlayedAt:
    """The move path, reduced to noting when the server plays."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock = clock
        self.rooms_read: list[Any] = []
        self.times: list[float] = []

    async def play(self, *_: Any, **__: Any) -> bool:
        self.times.append(self.clock.now)
        return True


def opening() -> GameState:
    """A game's first state: the Creature may only Pass, the Hunted picks a Place card."""
    state = new_game(Config(hunted=1, board_side=1, variant="base", abilities=False), 1)
    assert len(legal_actions(state, CREATURE)) == 1 and len(legal_actions(state, HUNTED)) > 1
    return state


async def moved_after(seat: int, clock: FakeClock) -> float:
    """How long after its seat began owing the move an expert in `seat` plays it, the runner
    looking (the seat begins owing then), waiting for the job, and doing it."""
    other = HUNTED if seat == CREATURE else CREATURE
    plan = Plan(bots={seat: "expert"}, modes={other: AutoPass.OFF}, clock=None, bot_delay=0.8,
                bot_seconds=SEARCH)
    moves = PlayedAt(clock)
    autoplay = Autoplay(moves, None, None, SimpleNamespace(watchers=[]),  # type: ignore[arg-type]
                        SimpleNamespace())  # type: ignore[arg-type]
    live = LiveGame(CODE, 1, 0, opening(), 0)
    began = clock.now
    job = autoplay._next(CODE, plan, live)
    assert job is not None and (job.seat, job.why) == (seat, Why.BOT)
    await clock.sleep(job.due - clock.now)
    await autoplay._do(CODE, plan, live, job)
    [played] = moves.times
    return played - began


def test_a_bot_with_one_legal_action_moves_as_late_as_one_with_a_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(runner, "time", clock)
    monkeypatch.setattr(asyncio, "sleep", clock.sleep)
    monkeypatch.setattr(runner, "make_bot", lambda *_, **__: ExpertLike(clock))

    async def run() -> None:
        forced = await moved_after(CREATURE, clock)
        chosen = await moved_after(HUNTED, clock)
        assert forced == chosen
    asyncio.run(run())
