"""The computer players look at a room after a move only when something there may be due: a
bot, a clock, an auto-pass, or a person away while another is here (a take-over). A room of
people who are all here is not looked at, nor one they all left; one with a bot, or with a
seat whose person left, still is, and the leaver's seat is taken over.

Source: docs/performance.md, "Where a move's CPU goes" (the look after each move)."""

from __future__ import annotations

import asyncio
import contextlib
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from app.engine import action_from_json, view_for
from app.server.autoplay import Autoplay
from app.server.errors import ServiceError
from app.server.hub import Connection
from app.server.live import LiveGame
from app.server.schemas import RoomOptions
from app.server.settings import AutoPass

from .harness import Service, play_on

WAIT = 30.0  # seconds: a bound on waiting for state, never a pause
BOT_SEAT = 2


async def seated_room(service: Service, *, bot: bool = False,
                      mode: AutoPass = AutoPass.OFF) -> tuple[str, list[Connection]]:
    """A started room of three seats (the last a bot's when `bot`), each person connected
    and passing by `mode` (the bench's players pass themselves: `off`)."""
    rooms = service.roles.rooms
    code, host = await rooms.create_room(RoomOptions(hunted=2, bot_delay_ms=0), "Morgan", 0)
    tokens = [host, await rooms.claim_seat(code, 1, "Ada")]
    if bot:
        await rooms.add_bot(code, host, BOT_SEAT, "heuristic")
    else:
        tokens.append(await rooms.claim_seat(code, 2, "Grace"))
    for seat in range(len(tokens)):
        await rooms.set_auto_pass(code, seat, mode)
    await service.roles.new_game(code, partial(rooms.start, code, host))
    conns = [await service.connect(code, token) for token in tokens]
    service.roles.autoplay.kick(code)  # as a socket's join does (ws.py)
    return code, conns


def count_looks(autoplay: Autoplay, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rooms of each look the computer players take, in order."""
    looks: list[str] = []
    look = autoplay._next

    def counted(code: str, *args: Any) -> Any:
        looks.append(code)
        return look(code, *args)

    monkeypatch.setattr(autoplay, "_next", counted)
    return looks


async def live_game(service: Service, code: str) -> LiveGame:
    """The room's live game (it has started)."""
    live = await service.roles.moves.live(code)
    assert live is not None
    return live


async def play_moves(service: Service, code: str, count: int) -> None:
    """Play `count` moves of the people's seats."""
    for n in range(count):
        await play_on(service, code, await live_game(service, code), f"move-{n}")


def test_a_room_of_people_all_here_is_not_looked_at_until_one_leaves(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            autoplay = service.roles.autoplay
            autoplay.grace = 0.0  # a leaver's seat is taken over at the next look
            looks = count_looks(autoplay, monkeypatch)
            code, conns = await seated_room(service)
            await play_moves(service, code, 6)
            assert looks == [] and not autoplay.running(code)
            service.roles.hub.leave(conns[2])  # as a closed socket leaves (ws.py)
            autoplay.kick(code)
            async with asyncio.timeout(WAIT):
                while code not in autoplay.plans or 2 not in autoplay.plans[code].stand_ins:
                    await asyncio.sleep(0.01)
            assert looks and set(looks) == {code}
            await autoplay.close()
    asyncio.run(run())


def test_a_room_whose_seats_pass_by_themselves_is_looked_at_after_a_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A new seat's default mode passes for it when Pass is all it may do: a look decides."""
    async def run() -> None:
        async with Service(tmp_path) as service:
            autoplay = service.roles.autoplay
            looks = count_looks(autoplay, monkeypatch)
            code, _ = await seated_room(service, mode=AutoPass.WHEN_NOTHING)
            async with asyncio.timeout(WAIT):
                while not looks:
                    await asyncio.sleep(0.01)
            await play_moves(service, code, 1)
            seen = len(looks)
            async with asyncio.timeout(WAIT):
                while len(looks) == seen:  # the move's kick looks again
                    await asyncio.sleep(0.01)
            await autoplay.close()
    asyncio.run(run())


def test_a_room_everyone_left_is_not_looked_at(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            autoplay, hub = service.roles.autoplay, service.roles.hub
            looks = count_looks(autoplay, monkeypatch)
            code, conns = await seated_room(service)
            for conn in conns:
                hub.leave(conn)
            autoplay.kick(code)
            await play_moves(service, code, 3)
            assert looks == [] and not autoplay.running(code)
    asyncio.run(run())


def test_a_room_with_a_bot_is_looked_at_and_the_bot_plays(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            autoplay, moves = service.roles.autoplay, service.roles.moves
            looks = count_looks(autoplay, monkeypatch)
            code, _ = await seated_room(service, bot=True)
            start = (await live_game(service, code)).version
            played = 0
            async with asyncio.timeout(WAIT):
                while (live := await live_game(service, code)).version == start + played:
                    people = [w["seat"] for w in view_for(live.state, None)["waiting_on"]
                              if w["seat"] != BOT_SEAT]
                    if not people:  # only the bot is waited on: the runner moves for it
                        await asyncio.sleep(0.01)
                        continue
                    action = view_for(live.state, people[0])["legal_actions"][0]
                    with contextlib.suppress(ServiceError):  # the bot moved first
                        played += await moves.play(code, people[0], action_from_json(action),
                                                   live.version, f"move-{played}")
            assert looks and autoplay.running(code)
            await autoplay.close()
    asyncio.run(run())


def test_a_finished_or_unheld_game_is_looked_at(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The look that ends a runner (the game is over) or loads the game is never skipped."""
    async def run() -> None:
        async with Service(tmp_path) as service:
            autoplay, moves = service.roles.autoplay, service.roles.moves
            code, _ = await seated_room(service)
            plan = autoplay.plans[code]
            assert not autoplay._worth_a_look(code, plan)
            monkeypatch.setattr(moves, "peek", lambda _: None)  # not held here
            assert autoplay._worth_a_look(code, plan)
            live = moves.games[code]
            monkeypatch.setattr(moves, "peek", lambda _: type("Over", (), {"over": True})())
            assert autoplay._worth_a_look(code, plan) and not live.over
    asyncio.run(run())
