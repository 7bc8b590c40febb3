"""The server's own moves: bot seats, clocks that run out, auto-pass, and the computer
standing in for a player who left.

Only rooms with work run a task: a bot, a clock, a human seat whose auto-pass mode is not
`off`, or people whose seats a computer takes over when they leave (the room's `take_over`
option, on by default). Each room's plan is read once and then kept in memory (changed by the
commands that change it), and every decision is made from the live game in memory and the
merged presence: no database read per move. The moves go through the same path as a player's
(`Moves.play`), so they are checked, committed and published like any other; a move the
server makes for a person's seat is marked with its `By` in the log and on its events (an
automatic pass only on its own seat's, while the game runs: to the other seats it looks
exactly like a clicked one). Bots see only their seat's view.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time

from app.bots import make_bot
from app.engine import CREATURE, Action, active_seats, legal_actions, view_for
from app.engine.actions import Pass

from .automatic import By
from .db import unavailable
from .errors import ErrorCode, ServiceError
from .frames import TimeoutFrame
from .leases import Leases
from .live import LiveGame
from .moves import Moves
from .plans import Job, Plan, Why, pass_delay, plan_of
from .publish import Publisher
from .reads import Reads, RoomInfo
from .rooms import Rooms
from .schemas import SERVER_CLIENT_ID
from .settings import AutoPass

log = logging.getLogger(__name__)
BUSY_RETRY = 1.0  # seconds before a runner stopped by a busy database looks again
_BY = {Why.AUTO: By.AUTO_PASS, Why.CLOCK: By.CLOCK}  # a bot job's mark depends on whose seat


class Autoplay:
    """One runner task per room with work to do; woken after every published move."""

    def __init__(self, moves: Moves, rooms: Rooms, reads: Reads, publisher: Publisher,
                 leases: Leases, grace: float = 30.0) -> None:
        self.moves, self.rooms, self.reads, self.publisher = moves, rooms, reads, publisher
        self.grace = grace  # seconds a person is gone before a computer takes their seat
        self.leases = leases  # a room's runner runs only where its lease is held
        # A room's plan is read again when its lease comes here: on a per-room bus, a process
        # that waited for the lease without holding the room did not hear its lobby change.
        leases.on_gained = self._gained
        self.plans: dict[str, Plan] = {}
        self.runners: dict[str, asyncio.Task[None]] = {}
        self.idle: set[str] = set()  # rooms whose runner waits for a kick with no job due
        self.wakeups: dict[str, asyncio.Event] = {}
        # By room, then seat, so that a room's entries are found without a scan of every room:
        self.owing: dict[str, dict[int, float]] = {}  # since when a seat owes a move
        self.passing: dict[str, dict[int, float]] = {}  # when the server passes for a seat
        publisher.watchers.append(self.kick)  # after each move, and when seats come or go
        moves.rooms_read.append(self._seen)  # a join's read of the room: no read of its own

    def kick(self, code: str) -> None:
        """Re-examine a room (cheap when its plan has nothing to do)."""
        plan = self.plans.get(code)
        if plan is not None and not self._worth_a_look(code, plan):
            return
        self.wakeups.setdefault(code, asyncio.Event()).set()
        runner = self.runners.get(code)
        if runner is None or runner.done():
            self.runners[code] = asyncio.create_task(self._run(code))

    def _worth_a_look(self, code: str, plan: Plan) -> bool:
        """Whether a look could find something due, from memory alone (no read, no lock): not
        for a plan without bots, clock or auto-pass while no person is away with another here
        (a take-over needs both), the game is held and runs, and no runner has a job pending.
        A look skipped after each move was most of a flood's autoplay cost."""
        if not plan.has_work:
            return False
        if plan.bots or plan.clock or any(m is not AutoPass.OFF for m in plan.modes.values()):
            return True
        live = self.moves.peek(code)
        if live is None or live.over or (self.running(code) and code not in self.idle):
            return True  # its runner loads the game, ends, or has a job to look at again
        here = self.publisher.hub.seated(code) & plan.modes.keys()
        if here and here != plan.modes.keys():
            return True
        self.owing.pop(code, None)  # seats' turns went unwatched: the next look starts afresh
        return False

    def replan(self, code: str, room: RoomInfo | None = None) -> None:
        """The room's seats, bots or options changed: its plan is `room`'s (as the command
        that changed it left it), or read again."""
        if room is None:
            self.plans.pop(code, None)
        else:
            self.plans[code] = plan_of(room)
        self.kick(code)

    def lobby_heard(self, code: str) -> None:
        """Another process changed the room's seats: a room planned, run or held here (its
        game or a socket) is planned again; one unknown here is left alone."""
        # On Postgres's channel every process hears every lobby: planning each made them all
        # read, hold and lease every room, so a routed room's moves were sent to all of them.
        known = code in self.plans or self.running(code) or self.moves.peek(code) is not None
        if known or self.publisher.hub.connections(code):
            self.replan(code)

    def unplanned(self, code: str) -> None:
        """The seats changed before the start: the plan is read again, at the start (until
        then the room has nothing to play, so no runner looks)."""
        self.plans.pop(code, None)

    def _seen(self, code: str, room: RoomInfo) -> None:
        """The room was read whole (by a join) with nothing changed since: its plan."""
        self.plans.setdefault(code, plan_of(room))

    def _gained(self, code: str) -> None:
        """The room's lease came here. On a per-room bus a process that waited for it without
        holding the room did not hear its lobby change: the plan is read again."""
        if not self.publisher.bus.every_room:
            self.plans.pop(code, None)
        self.kick(code)

    def set_mode(self, code: str, seat: int, mode: AutoPass) -> None:
        """A seat chose its auto-pass mode (already stored)."""
        plan = self.plans.get(code)
        if plan is not None and seat in plan.modes:
            plan.modes[seat] = mode
        self.passing.get(code, {}).pop(seat, None)
        self.kick(code)

    def running(self, code: str) -> bool:
        """True while the room has a runner."""
        runner = self.runners.get(code)
        return runner is not None and not runner.done()

    async def close(self) -> None:
        """Stop every runner (at shutdown)."""
        for runner in self.runners.values():
            runner.cancel()
        for runner in self.runners.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner

    async def _plan(self, code: str) -> Plan:
        plan = self.plans.get(code)
        if plan is None:
            plan = self.plans[code] = plan_of(await self.reads.room(code))
        return plan

    async def _run(self, code: str) -> None:
        wakeup, done = self.wakeups[code], True
        try:
            while (plan := await self._plan(code)).has_work:
                if not self.leases.held(code):  # another process runs it; we wait our turn
                    self.leases.want(code)
                    done = False
                    return
                wakeup.clear()
                live = await self.moves.live(code)
                if live is None or live.over:
                    return
                job = self._next(code, plan, live)
                if job is None:
                    self.idle.add(code)
                    await wakeup.wait()
                    self.idle.discard(code)
                    continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(wakeup.wait(), job.due - time.monotonic())
                if not wakeup.is_set():
                    await self._do(code, plan, live, job)
        except Exception as exc:  # a runner must never take the server down
            if not _busy(exc):  # a bug: the next kick restarts it
                log.exception("autoplay stopped for room %s", code)
            else:  # the database is slow or full for now: look again in a moment
                log.warning("autoplay of room %s waits: the database is busy", code)
                asyncio.get_running_loop().call_later(BUSY_RETRY, self.kick, code)
        finally:
            self.idle.discard(code)
            self.owing.pop(code, None)  # the room's times (kept by room: no scan)
            self.passing.pop(code, None)
            if done:  # nothing left to run here: let another process have it if it must
                await self.leases.drop(code)
                if not self.publisher.hub.connections(code):  # nor any socket: not held
                    self.plans.pop(code, None)
                    self.moves.forget(code)

    def _next(self, code: str, plan: Plan, live: LiveGame) -> Job | None:
        """The earliest thing due in the room, from the live game alone."""
        now = time.monotonic()
        active = active_seats(live.state)
        self._track(code, active, now)
        jobs = []
        for seat in active:
            since = self.owing[code][seat]
            if seat in plan.bots:
                jobs.append(Job(since + plan.bot_delay, seat, Why.BOT))
                continue
            if plan.clock:
                jobs.append(Job(since + plan.clock, seat, Why.CLOCK))
            job = self._auto_pass(code, seat, plan.modes.get(seat, AutoPass.OFF), live, now)
            if job is not None:
                jobs.append(job)
        if plan.take_over:
            jobs += self._take_overs(code, plan, now)
        return min(jobs, key=lambda j: j.due, default=None)

    def _take_overs(self, code: str, plan: Plan, now: float) -> list[Job]:
        """For each person not connected on any process: the end of their grace period; none
        while no person is connected (nobody waits, and nobody would watch the game)."""
        present = self.publisher.hub.presence(code).seats  # once per look (was once per seat)
        if not set(present) & plan.modes.keys():
            return []
        jobs = []
        for seat in plan.modes:
            absent = None if seat in present else self.publisher.hub.absent_for(code, seat)
            if absent is not None:
                jobs.append(Job(now - absent + self.grace, seat, Why.TAKE_OVER))
        return jobs

    def _auto_pass(self, code: str, seat: int, mode: AutoPass, live: LiveGame,
                   now: float) -> Job | None:
        """A pass due for a seat by its mode, or the end of `until_decision`."""
        if mode is AutoPass.OFF:
            return None
        legal = legal_actions(live.state, seat)
        passes = Pass() in legal
        if mode is AutoPass.UNTIL_DECISION and not passes and legal:
            return Job(now, seat, Why.DECIDED)
        if (mode is AutoPass.WHEN_NOTHING and legal == [Pass()]) or (
                mode is AutoPass.UNTIL_DECISION and passes):
            due = self.passing.setdefault(code, {}).setdefault(seat, now + pass_delay())
            return Job(due, seat, Why.AUTO)
        self.passing.get(code, {}).pop(seat, None)
        return None

    def _track(self, code: str, active: list[int], now: float) -> None:
        """Note since when each active seat owes a move; forget the seats that moved."""
        for seats in (self.owing.get(code, {}), self.passing.get(code, {})):
            for seat in [s for s in seats if s not in active]:
                del seats[seat]
        owing = self.owing.setdefault(code, {})
        for seat in active:
            owing.setdefault(seat, now)

    async def _do(self, code: str, plan: Plan, live: LiveGame, job: Job) -> None:
        """Carry out a job; a refusal (someone moved first, busy) is looked at again."""
        seat, version = job.seat, live.version
        if job.why is Why.DECIDED:
            plan.modes[seat] = AutoPass.WHEN_NOTHING
            await self.rooms.set_auto_pass(code, seat, AutoPass.WHEN_NOTHING)
            await self.publisher.auto_pass(code, seat, AutoPass.WHEN_NOTHING)
            return
        if job.why is Why.TAKE_OVER:
            absent = self.publisher.hub.absent_for(code, seat)
            if absent is None or absent < self.grace:
                return  # back (or back and gone again) meanwhile: the next look plans again
            if await self.rooms.take_over(code, seat):
                await self.publisher.lobby(code)  # everyone sees who plays the seat now
            self.replan(code)
            return
        action = Pass() if job.why is Why.AUTO else await self._choose(plan, seat, live)
        first = TimeoutFrame(seat=seat, version=version + 1) if job.why is Why.CLOCK else None
        by = _BY.get(job.why) or (By.COMPUTER if seat in plan.stand_ins else None)
        client_id = f"{SERVER_CLIENT_ID}{job.why}-{seat}-{version}"  # no client's (schemas.py)
        with contextlib.suppress(ServiceError):
            if await self.moves.play(code, seat, action, version, client_id, first=first, by=by):
                self.passing.get(code, {}).pop(seat, None)
                self.owing.get(code, {}).pop(seat, None)

    async def _choose(self, plan: Plan, seat: int, live: LiveGame) -> Action:
        """A computer's move for the seat, handed back no sooner than the longest its choice
        may take (`Plan.thinking`) after the choice began: an expert chooses a forced move at
        once and searches a real choice, so a move played as soon as chosen would tell the
        others whether the seat's hidden hand offered a choice."""
        started = time.monotonic()
        kind = plan.bots.get(seat, "heuristic")
        role = "creature" if seat == CREATURE else "hunted"
        bot = make_bot(kind, role, secrets.randbits(32), plan.bot_seconds)
        # An expert searches for up to bot_seconds: in a worker thread, off the event loop
        # (the move is refused and looked at again if the game moved meanwhile).
        action = await asyncio.to_thread(bot.choose, view_for(live.state, seat))
        await asyncio.sleep(started + plan.thinking(seat) - time.monotonic())
        return action


def _busy(exc: Exception) -> bool:
    """True when `exc` says the database cannot take the work now (not a bug)."""
    if isinstance(exc, ServiceError):
        return exc.code is ErrorCode.BUSY
    return unavailable(exc)
