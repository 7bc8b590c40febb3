"""Replays of finished games, rebuilt through the engine from the stored
(config, seed, actions), never from stored views or snapshots.

A finished game never changes, so its replayed states are kept in a small LRU cache; each
request then builds the views of the page of steps it asks for, for one perspective: a seat
(`view_for`) or the whole table (`table_view`, every secret face up, finished games only).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from app.engine import (
    Config,
    Event,
    GameState,
    GameStatus,
    action_from_json,
    apply_action,
    new_game,
    phase_name,
    view_for,
)
from app.engine.actions import Choose, Pass
from app.engine.offers import action_fields, reading
from app.engine.table_view import table_events, table_view

from . import repository as repo
from .db import UnitOfWork
from .errors import ErrorCode, ServiceError
from .models import Game, GameAction, GameResult, Room, Seat
from .scores import players_of, result_out, result_row, results_of, tally

TABLE = "table"  # the perspective that shows everything
CACHED_GAMES = 8
MAX_PAGE = 100


@dataclass(frozen=True, slots=True)
class Replayed:
    """A finished game step by step: `states[i]` after `i` actions; `events[i]` came with
    action `i` (`events[0]` is empty: the set-up); `by[i]` says why the server made it for
    a person's seat (None: the seat's own move)."""

    number: int
    config: Config
    seats: tuple[int | None, ...]  # the actor of each step (None for the set-up)
    actions: tuple[dict[str, Any] | None, ...]
    states: tuple[GameState, ...]
    events: tuple[tuple[Event, ...], ...]
    by: tuple[str | None, ...]
    passes: tuple[bool, ...]  # whether each step's action is a Pass
    # How each step's move reads, as its offer said: the key of its words and its targets
    # (wire form); a prompt's option may point at what only its actor saw (the card given).
    readings: tuple[dict[str, Any] | None, ...] = ()

    @property
    def last(self) -> int:
        """The index of the final step."""
        return len(self.states) - 1


def rebuild(number: int, config: Config, seed: int, log: Sequence[GameAction]) -> Replayed:
    """Fold the logged actions over a new game, each checked by the engine again."""
    state = new_game(config, seed)
    seats: list[int | None] = [None]
    actions: list[dict[str, Any] | None] = [None]
    states = [state]
    events: list[tuple[Event, ...]] = [()]
    by: list[str | None] = [None]
    passes = [False]
    readings: list[dict[str, Any] | None] = [None]
    for row in log:
        action = action_from_json(row.action)
        readings.append(_told(state, row.seat, action))
        state, produced = apply_action(state, row.seat, action)
        seats.append(row.seat)
        actions.append(action_fields(action))  # every field, so the client fills in no default
        states.append(state)
        events.append(tuple(produced))
        by.append(row.by)
        passes.append(isinstance(action, Pass))
    return Replayed(number, config, tuple(seats), tuple(actions), tuple(states), tuple(events),
                    tuple(by), tuple(passes), tuple(readings))


def _told(state: GameState, seat: int, action: Any) -> dict[str, Any]:
    """How a move reads (`wording`, `targets`), and whether only its actor may read it."""
    words, aimed = reading(state, seat, action)
    return {"wording": words, "targets": [{"kind": x.kind, "value": x.value} for x in aimed],
            "private": isinstance(action, Choose)}


def step_index(replayed: Replayed) -> list[dict[str, Any]]:
    """Each step's turn, phase, actor and whether it is a pass the server made for the seat
    (`auto_pass`, skipped by default): small enough to send whole, so that a client can jump
    to a turn, or over automatic passes, before it has the views."""
    return [{"turn": s.turn, "phase": phase_name(s), "seat": seat,
             "auto_pass": by is not None and passed}
            for s, seat, by, passed in zip(replayed.states, replayed.seats, replayed.by,
                                           replayed.passes, strict=True)]


def frame(replayed: Replayed, step: int, perspective: int | str) -> dict[str, Any]:
    """One step as `perspective` sees it: the action taken, its events and the view after."""
    state = replayed.states[step]
    events = replayed.events[step]
    if perspective == TABLE:
        view, shown = table_view(state), table_events(list(events))
    else:
        assert isinstance(perspective, int)
        view = view_for(state, perspective)
        shown = [e for e in events if e.visible_to(perspective)]
    view["legal_actions"] = view["offers"] = []  # a replay offers nothing to do
    by = replayed.by[step]
    told = replayed.readings[step] if step < len(replayed.readings) else None
    seen = told is not None and (not told["private"] or perspective in (TABLE,
                                                                          replayed.seats[step]))
    return {"step": step, "seat": replayed.seats[step], "action": replayed.actions[step],
            **({"wording": told["wording"], "targets": told["targets"]}
               if seen and told is not None else {}),
            "by": by, "events": [{"seq": step, "kind": e.kind, "data": e.data, "by": by}
                                 for e in shown],
            "view": view}


class Replays:
    """Reads finished games of a room and replays them through the engine."""

    def __init__(self, uow: UnitOfWork) -> None:
        self.uow = uow
        # by (room code, game id): game ids are counted per shard
        self._cache: OrderedDict[tuple[str, int], Replayed] = OrderedDict()

    async def page(self, code: str, number: int, token: str | None, perspective: str | None,
                   start: int, limit: int) -> dict[str, Any]:
        """Steps `start`..`start + limit - 1` of game `number`, seen from `perspective`
        (a seat number, "table", or by default the bearer's seat, else the table)."""
        async with self.uow.read(code) as session:
            room, game = await self._finished_game(session, code, number)
            players = await self._players(session, room, game)
            mine = await self._bearer_seat(session, room, token, players)
            replayed = await self._replayed(session, code, game, number)
        seen = self._perspective(perspective, mine, replayed.config)
        # Building views is CPU work: off the event loop, so sockets keep flowing.
        page = await asyncio.to_thread(self._build_page, replayed, mine, seen, start, limit)
        page["players"] = [{"seat": p["seat"], "name": p["name"], "bot": p["bot"]}
                           for p in players]
        return page

    async def results(self, code: str) -> dict[str, Any]:
        """The room's finished games (the current one too, once over) and the tally."""
        async with self.uow.read(code) as session:
            room = await repo.room_by_code(session, code)
            if room is None:
                raise ServiceError(ErrorCode.UNKNOWN_ROOM)
            rows = await results_of(session, room.id)
            games = await repo.games_of(session, room.id)
            current = games[-1] if games else None
            if current is not None and current.status == GameStatus.OVER and all(
                    r.game_id != current.id for r in rows):
                state = (await self._replayed(session, code, current, len(games))).states[-1]
                seats = await repo.seats_of(session, room.id)
                rows.append(result_row(room.id, current, len(games), state, seats))
        out = [result_out(row) for row in rows]
        return {"games": out, "tally": tally(out)}

    @staticmethod
    def _build_page(replayed: Replayed, mine: int | None, seen: int | str, start: int,
                    limit: int) -> dict[str, Any]:
        stop = min(replayed.last + 1, start + max(1, min(limit, MAX_PAGE)))
        last = replayed.states[-1]
        return {
            "number": replayed.number, "config": replayed.config.to_json(), "seat": mine,
            "perspective": seen, "steps": replayed.last,
            "outcome": {"winner": last.winner, "reason": last.reason},
            "index": step_index(replayed),
            "frames": [frame(replayed, i, seen) for i in range(start, stop)],
        }

    async def _finished_game(self, session: AsyncSession, code: str,
                             number: int) -> tuple[Room, Game]:
        room = await repo.room_by_code(session, code)
        if room is None:
            raise ServiceError(ErrorCode.UNKNOWN_ROOM)
        games = await repo.games_of(session, room.id)
        if not 1 <= number <= len(games):
            raise ServiceError(ErrorCode.NOT_FOUND, f"This room has no game {number}.")
        game = games[number - 1]
        if game.status != GameStatus.OVER:
            # A running game is not replayable by anyone: each seat sees only its live view.
            raise ServiceError(ErrorCode.NOT_OVER, "A game can be replayed once it is over.")
        return room, game

    async def _players(self, session: AsyncSession, room: Room,
                       game: Game) -> list[dict[str, Any]]:
        """Who sat where in this game: as recorded, or (the current game) as seated now."""
        recorded = await session.get(GameResult, game.id)
        if recorded is not None:
            return list(recorded.players)
        return players_of(await repo.seats_of(session, room.id))

    async def _bearer_seat(self, session: AsyncSession, room: Room, token: str | None,
                           players: list[dict[str, Any]]) -> int | None:
        """The bearer's seat in that game (seats may have rotated since)."""
        if token is None:
            return None
        seat: Seat | None = await repo.seat_by_token(session, room.id, token)
        if seat is None:
            raise ServiceError(ErrorCode.BAD_TOKEN)
        return next((p["seat"] for p in players if p["seat_id"] == seat.id), None)

    async def _replayed(self, session: AsyncSession, code: str, game: Game,
                        number: int) -> Replayed:
        key = (code, game.id)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        log = await repo.actions_of(session, game.id)
        replayed = await asyncio.to_thread(rebuild, number, Config.from_json(game.config),
                                           game.seed, log)
        self._cache[key] = replayed
        while len(self._cache) > CACHED_GAMES:
            self._cache.popitem(last=False)
        return replayed

    @staticmethod
    def _perspective(asked: str | None, mine: int | None, config: Config) -> int | str:
        if asked is None:
            return TABLE if mine is None else mine
        if asked == TABLE:
            return TABLE
        seats = {str(seat): seat for seat in range(config.hunted + 1)}  # "0", "1"... only
        if asked in seats:
            return seats[asked]
        raise ServiceError(ErrorCode.BAD_MESSAGE,
                           f"view: a seat from 0 to {config.hunted}, or \"table\".")
