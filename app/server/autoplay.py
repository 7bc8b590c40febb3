"""Computer moves: bot seats, and the seat's bot when a player's clock runs out (issue 6).

Bots play through the same service pipeline as people (submit, commit, then publish) and see
only their seat's view, so they can neither cheat nor break a rule.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time

from app.bots import make_bot
from app.engine import CREATURE, active_seats, view_for

from .errors import ServiceError
from .hub import Hub
from .service import GameService, GameSnapshot

log = logging.getLogger(__name__)


class Autoplay:
    """One runner task per room with work to do; woken after every published move."""

    def __init__(self, service: GameService, hub: Hub) -> None:
        self.service, self.hub = service, hub
        self.runners: dict[str, asyncio.Task[None]] = {}
        self.wakeups: dict[str, asyncio.Event] = {}
        self.since: dict[tuple[str, int], float] = {}  # when a seat started owing a move
        hub.after_publish = self.kick

    def kick(self, code: str) -> None:
        """Re-examine a room: start its runner if needed and wake it."""
        self.wakeups.setdefault(code, asyncio.Event()).set()
        runner = self.runners.get(code)
        if runner is None or runner.done():
            self.runners[code] = asyncio.create_task(self._run(code))

    async def close(self) -> None:
        """Stop every runner (at shutdown)."""
        for runner in self.runners.values():
            runner.cancel()
        for runner in self.runners.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await runner

    async def _run(self, code: str) -> None:
        wakeup = self.wakeups[code]
        try:
            while True:
                wakeup.clear()
                if not await self._step(code, wakeup):
                    return
        except Exception:  # a runner must never take the server down; the next kick restarts it
            log.exception("autoplay stopped for room %s", code)

    async def _step(self, code: str, wakeup: asyncio.Event) -> bool:
        """Make one move or wait for the next change; False when there is nothing to watch."""
        snap = await self.service.current(code)
        if snap is None or snap.state.winner:
            return False
        room, _, _, _ = await self.service.lobby(code)
        bots = await self.service.bot_seats(code)
        active = active_seats(snap.state)
        self._track(code, active)
        movers = [seat for seat in active if seat in bots]
        if movers:
            await asyncio.sleep(room.options.get("bot_delay_ms", 800) / 1000)
            await self._move(code, snap, movers[0], bots[movers[0]], "bot")
            return True
        clock = room.options.get("clock_seconds")
        if clock and active:
            seat = min(active, key=lambda s: self.since[(code, s)])
            left = self.since[(code, seat)] + clock - time.monotonic()
            if left <= 0:
                await self._move(code, snap, seat, "heuristic", "clock")
                return True
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wakeup.wait(), left)
            return True
        if not bots and not clock:
            return False
        await wakeup.wait()
        return True

    def _track(self, code: str, active: list[int]) -> None:
        now = time.monotonic()
        for key in [k for k in self.since if k[0] == code and k[1] not in active]:
            del self.since[key]
        for seat in active:
            self.since.setdefault((code, seat), now)

    async def _move(self, code: str, snap: GameSnapshot, seat: int, kind: str,
                    why: str) -> None:
        """Choose from the seat's own view and submit like any client would."""
        async with self.hub.locks[code]:
            current = await self.service.current(code)
            if current is None or current.version != snap.version:
                return  # someone moved meanwhile: look again
            role = "creature" if seat == CREATURE else "hunted"
            bot = make_bot(kind, role, secrets.randbits(32))
            action = bot.choose(view_for(current.state, seat))
            client_id = f"{why}-{seat}-{current.version}"
            try:
                committed = await self.service.submit_for_seat(code, seat, action,
                                                               current.version, client_id)
            except ServiceError:
                return  # stale or over: the next look decides
            self.since.pop((code, seat), None)
            if why == "clock":
                self.hub.broadcast(code, {"type": "timeout", "seat": seat,
                                          "version": committed.version})
            self.hub.publish(code, committed, client_id, seat)
