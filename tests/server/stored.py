"""What the database holds, read through the server's own repository (no server involved)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select

from app.engine import Config, Event, GameState, action_from_json, apply_action, new_game, replay
from app.server import repository as repo
from app.server.automatic import seen_by
from app.server.db import make_engine, make_sessions
from app.server.models import Room


@dataclass(frozen=True)
class StoredAction:
    """One row of the action log."""

    seq: int
    seat: int
    action: dict[str, Any]
    events: list[dict[str, Any]]
    client_id: str
    by: str | None = None


@dataclass(frozen=True)
class StoredGame:
    """One game row and its action log, oldest first."""

    config: dict[str, Any]
    seed: int
    version: int
    status: str
    snapshot: dict[str, Any]
    snapshot_version: int
    actions: list[StoredAction]

    def replayed(self, upto: int | None = None) -> GameState:
        """The state the engine rebuilds from (config, seed, log), at `upto` (default: all)."""
        moves = [(a.seat, action_from_json(a.action)) for a in self.actions[:upto]]
        return replay(Config.from_json(self.config), self.seed, moves)

    def states(self) -> list[GameState]:
        """The state at every version, 0 to `version`, replayed from the log."""
        state = new_game(Config.from_json(self.config), self.seed)
        states = [state]
        for row in self.actions:
            state, _ = apply_action(state, row.seat, action_from_json(row.action))
            states.append(state)
        return states

    def visible_events(self, seat: int | None) -> list[dict[str, Any]]:
        """The log's events that `seat` may see, in the wire form {seq, kind, data, by}."""
        return [{"seq": row.seq, "kind": raw["kind"], "data": raw["data"],
                 "by": seen_by(row.by, row.seat, seat)}
                for row in self.actions for raw in row.events
                if Event.from_json(raw).visible_to(seat)]


def as_json(value: Any) -> Any:
    """`value` as it looks after a trip through JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


async def stored_games(url: str, code: str) -> list[StoredGame]:
    """Every game of the room `code`, oldest first, with its action log."""
    engine = make_engine(url)
    try:
        async with make_sessions(engine)() as session:
            room = await repo.room_by_code(session, code)
            assert room is not None, f"no room {code}"
            games = []
            for game in await repo.games_of(session, room.id):
                rows = await repo.actions_of(session, game.id)
                actions = [StoredAction(r.seq, r.seat, r.action, r.events, r.client_id, r.by)
                           for r in rows]
                games.append(StoredGame(game.config, game.seed, game.version, game.status,
                                        game.snapshot, game.snapshot_version, actions))
            return games
    finally:
        await engine.dispose()


async def current_game(url: str, code: str) -> StoredGame:
    """The room's latest game."""
    return (await stored_games(url, code))[-1]


async def room_count(url: str) -> int:
    """How many rooms the database holds."""
    engine = make_engine(url)
    try:
        async with make_sessions(engine)() as session:
            return int((await session.execute(select(func.count()).select_from(Room))).scalar_one())
    finally:
        await engine.dispose()


def check_log(game: StoredGame) -> None:
    """The log is whole: seq 1..version with no gap or double, and its first
    `snapshot_version` actions replay to the snapshot (taken at the end of a finished game)."""
    assert [a.seq for a in game.actions] == list(range(1, game.version + 1))
    assert len({a.client_id for a in game.actions}) == len(game.actions)
    assert 0 <= game.snapshot_version <= game.version
    if game.status == "over":
        assert game.snapshot_version == game.version
    replayed = game.replayed(game.snapshot_version)
    assert as_json(replayed.to_json()) == as_json(game.snapshot)
