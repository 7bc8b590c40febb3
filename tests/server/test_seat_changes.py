"""A seat is never someone else's: sockets that authenticate while the seats change.

Two commands change which seat a token holds: the start (empty Hunted seats are dropped and
the others renumbered) and a rematch with `{"seats": "rotate"}`. In each trial one socket sends
`auth` and, at once, an `act` (a move legal for the seat it would have been given by mistake),
at a random moment around the host's command. Whatever the order, the socket never receives a
view of another seat, the move is never logged as another seat, and its final seat is the
token's. On one process, and with the command on one process and the socket on another.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from http import HTTPStatus

import httpx
import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine
from websockets.exceptions import ConnectionClosed

from app.engine import Config, active_seats, apply_action, legal_actions, new_game
from app.server import repository as repo
from app.server.db import make_engine, make_sessions
from app.server.models import Game, GameAction

from .client import JSON, RATE_BACKOFF, RETRIED, Api, Frame, Player, async_test, new_client_id
from .servers import Server, ServerFactory

TRIALS = 120  # per kind of change and per server layout
AT_ONCE = 12  # trials run side by side (the server is busy, as in real life)
REOPENS = 100  # a hang guard: sockets refused `busy` in a row before the trial fails
SPREAD = 0.06  # seconds: the socket speaks up to this long before or after the command
# Postgres connections per process (the database's 100 are shared with other test runs).
SMALL_POOLS = {"pool_size": 6, "move_pool": 6}
ONE_HUNTED = Config(hunted=1, board_side=1, variant="base", abilities=False)


@dataclass(frozen=True)
class Finished:
    """A whole game played by the engine alone, to be stored as a room's finished game."""

    seed: int
    actions: list[tuple[int, JSON, list[JSON]]]  # (seat, action, events) per version
    final: JSON


def finished_game(seed: int) -> Finished:
    """Random legal moves from `new_game(ONE_HUNTED, seed)` until the game has a winner."""
    rng = random.Random(seed)
    state, actions = new_game(ONE_HUNTED, seed), []
    while not state.winner:
        seat = rng.choice(active_seats(state))
        action = rng.choice(legal_actions(state, seat))
        state, events = apply_action(state, seat, action)
        actions.append((seat, action.to_json(), [e.to_json() for e in events]))
    return Finished(seed, actions, state.to_json())


async def store_finished(engine: AsyncEngine, code: str, game: Finished) -> None:
    """Give a room that never started this finished game as its first, as if played there
    (the server has never loaded a game of the room, so it holds nothing stale)."""
    async with make_sessions(engine)() as session, session.begin():
        room = await repo.room_by_code(session, code)
        assert room is not None and room.game_id is None
        last = len(game.actions)
        row = Game(room_id=room.id, config=ONE_HUNTED.to_json(), seed=game.seed,
                   version=last, status="over", snapshot=game.final, snapshot_version=last)
        session.add(row)
        await session.flush()
        session.add_all(GameAction(game_id=row.id, seq=seq, seat=seat, action=action,
                                   events=events, client_id=f"played-{seq}")
                        for seq, (seat, action, events) in enumerate(game.actions, 1))
        room.game_id = row.id


@dataclass
class Trial:
    """One room about to change its seats, and the token whose seat changes."""

    code: str
    host: str
    token: str
    before: int  # the token's seat until the change
    after: int  # and from the change on
    move: JSON  # legal at version 0 for the seat it would wrongly get
    command: Callable[[Api], Awaitable[None]]


async def polite(call: Callable[[], Awaitable[httpx.Response]]) -> httpx.Response:
    """A call, made again after a pause while the server says it is `busy` (nothing done)."""
    while (response := await call()).status_code == HTTPStatus.SERVICE_UNAVAILABLE:
        await asyncio.sleep(RATE_BACKOFF)
    return response


async def start_trial(api: Api, _: Finished) -> Trial:
    """Three Hunted seats, the first left empty: at the start Hunted 2 becomes Hunted 1 and
    Hunted 3 becomes Hunted 2. Hunted 2's token, bound to its old number, would play Hunted 3's
    seat."""
    room = await api.create_room("Creature", 0, hunted=3)
    code, host = room["code"], room["token"]
    token = (await api.claim(code, 2, "Second"))["token"]
    await api.claim(code, 3, "Third")

    async def start(api: Api) -> None:
        response = await polite(lambda: api.request("POST", f"/rooms/{code}/start", token=host))
        assert response.status_code == 200, response.text

    return Trial(code, host, token, 2, 1, {"type": "PlayPlaceCards", "cards": [1]}, start)


async def rotate_trial(api: Api, finished: Finished, database: AsyncEngine) -> Trial:
    """The Creature and one Hunted after a finished game: a rotating rematch makes the Creature
    Hunted 1 and Hunted 1 the Creature. The old Creature's token, bound to its old number,
    would pass for the new Creature."""
    room = await api.create_room("Creature", 0, hunted=1)
    code, host = room["code"], room["token"]
    await api.claim(code, 1, "Hunted")
    await store_finished(database, code, finished)

    async def rotate(api: Api) -> None:
        response = await polite(lambda: api.request("POST", f"/rooms/{code}/rematch",
                                                    token=host, json={"seats": "rotate"}))
        assert response.status_code == 200, response.text

    return Trial(code, host, host, 0, 1, {"type": "Pass"}, rotate)


def wrong_views(frames: list[Frame], trial: Trial, changed: int) -> list[Frame]:
    """The frames that show a view of a seat other than the token's in that view's game
    (`changed`: the number of the game the change started, 1 or 2)."""
    wrong = []
    game = 0
    for frame in frames:
        if frame["type"] == "sync":
            game = frame["lobby"]["game"]["number"] if frame["lobby"]["game"] else 0
        view = frame.get("view")
        if frame["type"] not in ("sync", "update") or view is None:
            continue
        # Before the change: the finished game (its outcome set); after: the new one.
        new = view["outcome"] is None if changed == 2 else True
        seat = trial.after if new else trial.before
        if view["seat"] != seat or frame.get("seat", seat) != seat or (new and game < changed):
            wrong.append(frame)
    return wrong


async def settled(player: Player, changed: int) -> bool:
    """Whether the socket got through: its `auth` answered with a sync, its move answered
    (refused, or played) and a sync of the new game received (from another process the change
    comes on the bus). False when it was refused `busy` (the database's connections all in
    use) or closed with `busy` (a socket's open, or a re-bind, found no connection)."""
    try:
        answer = await player.wait_for(lambda f: f["type"] in ("sync", "error"))
        if answer["type"] == "error" and answer["code"] in RETRIED:
            return False
        await player.wait_for(lambda f: f["type"] in ("error", "update"))
        await player.wait_for(lambda f: f["type"] == "sync" and f["lobby"]["game"] is not None
                              and f["lobby"]["game"]["number"] == changed)
    except AssertionError:  # closed
        if not any(f["type"] == "error" and f["code"] in RETRIED for f in player.frames):
            raise
        return False
    return True


async def run_trial(command_api: Api, socket_server: Server, trial: Trial, log: AsyncEngine,
                    changed: int, rng: random.Random) -> list[str]:
    """The command and the socket's `auth` + `act`, `SPREAD` apart at most, either first;
    returns what went wrong. A socket refused `busy` comes back, as a client does (after a
    pause, with the same move): every socket's frames are checked."""
    sockets = [Player(socket_server, trial.code, trial.token)]
    await sockets[0].open()
    client_id = new_client_id()

    async def speak(player: Player) -> None:
        try:
            await player.send({"type": "auth", "token": trial.token})
            await player.send({"type": "act", "action": trial.move, "version": 0,
                               "client_id": client_id})
        except ConnectionClosed:  # told `busy` at its open, and closed: `settled` sees it
            pass

    lead = rng.uniform(-SPREAD, SPREAD)

    async def later(delay: float, what: Awaitable[None]) -> None:
        await asyncio.sleep(max(delay, 0))
        await what

    await asyncio.gather(later(lead, trial.command(command_api)), later(-lead, speak(sockets[0])))
    while not await settled(sockets[-1], changed):
        assert len(sockets) < REOPENS, f"{trial.code}: refused busy {REOPENS} times"
        await sockets[-1].close()
        await asyncio.sleep(RATE_BACKOFF)
        sockets.append(Player(socket_server, trial.code, trial.token))
        await sockets[-1].open()
        await speak(sockets[-1])
    player = sockets[-1]  # settled: now ask for its seat
    final = await player.resync()
    await player.close()
    frames = [frame for each in sockets for frame in each.frames]
    problems = [f"{trial.code}: a {f['type']} of seat {f.get('seat')} showing seat "
                f"{f['view']['seat']}'s view (the token's: {trial.before} then {trial.after})"
                for f in wrong_views(frames, trial, changed)]
    if final["seat"] != trial.after:
        problems.append(f"{trial.code}: left on seat {final['seat']}, not {trial.after}")
    async with log.connect() as connection:
        seats = (await connection.execute(
            select(GameAction.seat).where(GameAction.client_id == client_id))).scalars().all()
    problems += [f"{trial.code}: move logged as seat {seat}, not {trial.after}"
                 for seat in seats if seat != trial.after]
    return problems


async def trials(command_server: Server, socket_server: Server, kind: str) -> None:
    """TRIALS trials of one kind, AT_ONCE at a time; every problem is reported."""
    url = command_server.database.url
    finished = finished_game(7)
    rng = random.Random(f"{kind}{socket_server.port}")
    problems: list[str] = []
    log = make_engine(url, pool_size=1)  # the test's own reads and writes: one connection
    try:
        async with Api(command_server) as api:
            for _ in range(TRIALS // AT_ONCE):
                if kind == "start":
                    made = [await start_trial(api, finished) for _ in range(AT_ONCE)]
                else:
                    made = [await rotate_trial(api, finished, log) for _ in range(AT_ONCE)]
                changed = 1 if kind == "start" else 2
                for found in await asyncio.gather(*(
                        run_trial(api, socket_server, t, log, changed, rng) for t in made)):
                    problems += found
    finally:
        await log.dispose()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("kind", ["start", "rotate"])
@async_test
async def test_a_socket_authenticating_as_the_seats_change_keeps_its_own_seat(
        server: ServerFactory, backend: str, kind: str) -> None:
    one = server(backend, **SMALL_POOLS)
    await trials(one, one, kind)


@pytest.mark.postgres
@pytest.mark.parametrize("kind", ["start", "rotate"])
@async_test
async def test_across_two_processes_a_socket_keeps_its_own_seat(
        server: ServerFactory, kind: str) -> None:
    first = server("postgres", **SMALL_POOLS)
    second = server.on(first.database, **SMALL_POOLS)
    await trials(first, second, kind)
