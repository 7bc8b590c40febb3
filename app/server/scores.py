"""The running score of a room: each finished game's winner, reason, turns and
who played which seat, and the rematch's seat order (keep, or rotate the Creature on).

A result is written when the room moves on to its next game (the seats may rotate then); the
current game, once over, is read from its final snapshot and the seats as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app.engine import CREATURE, GameState, Winner, action_from_json, apply_action

from . import repository as repo
from .models import Game, GameResult, Room, Seat


class SeatOrder(StrEnum):
    """How a rematch seats the players: as they were, or each one seat on, so that the
    first Hunted becomes the Creature and the Creature the last Hunted."""

    KEEP = "keep"
    ROTATE = "rotate"


def players_of(seats: Sequence[Seat]) -> list[dict[str, Any]]:
    """Who sits where, as a result records it."""
    return [{"seat": s.number, "seat_id": s.id, "name": s.name, "bot": s.bot} for s in seats]


def result_row(room_id: int, game: Game, number: int, state: GameState,
               seats: Sequence[Seat]) -> GameResult:
    """A finished game's result from its final state."""
    return GameResult(game_id=game.id, room_id=room_id, number=number, winner=state.winner,
                      reason=state.reason, turns=state.turn, players=players_of(seats))


async def final_state(session: AsyncSession, game: Game) -> GameState:
    """A game's last state: its last snapshot (one is written at the end), with any later
    logged action folded in by the engine (not the whole log replayed: a rematch read it all)."""
    state = GameState.from_json(game.snapshot)
    for row in await repo.actions_of(session, game.id, since=game.snapshot_version):
        state, _ = apply_action(state, row.seat, action_from_json(row.action))
    return state


async def record(session: AsyncSession, room: Room, game: Game) -> None:
    """Keep the result of the room's finished current game, before its seats change."""
    number = await repo.game_number(session, room.id, game.id)  # not every game's snapshot
    seats = await repo.seats_of(session, room.id)
    session.add(result_row(room.id, game, number, await final_state(session, game), seats))
    await session.flush()


async def rotate(session: AsyncSession, room: Room) -> None:
    """Everyone moves one seat down: Hunted 1 becomes the Creature, the Creature the last
    Hunted. The host's seat number follows the host."""
    seats = list(await repo.seats_of(session, room.id))
    last = max(s.number for s in seats)
    after = {s.number: last if s.number == CREATURE else s.number - 1 for s in seats}
    room.host_seat = after[room.host_seat]
    # Through numbers no seat holds, one row at a time, so (room, number) stays unique.
    for seat in seats:
        seat.number += last + 1
        await session.flush()
    for seat in seats:
        seat.number = after[seat.number - last - 1]
        await session.flush()


async def results_of(session: AsyncSession, room_id: int) -> list[GameResult]:
    """The recorded results of a room, oldest first."""
    query = select(GameResult).where(GameResult.room_id == room_id).order_by(GameResult.number)
    return list((await session.execute(query)).scalars().all())


def result_out(row: GameResult) -> dict[str, Any]:
    """A result as the REST answer shows it (seat row ids stay on the server)."""
    players = [{"seat": p["seat"], "name": p["name"], "bot": p["bot"],
                "role": "creature" if p["seat"] == CREATURE else "hunted",
                "won": (p["seat"] == CREATURE) == (row.winner == Winner.CREATURE)}
               for p in row.players]
    return {"number": row.number, "winner": row.winner, "reason": row.reason,
            "turns": row.turns, "players": players}


def tally(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Wins by side and by player name, over the room's finished games."""
    sides = {"creature": 0, "hunted": 0}
    players: dict[str, int] = {}
    for result in results:
        sides[result["winner"]] += 1
        for p in result["players"]:
            players[p["name"]] = players.get(p["name"], 0) + int(p["won"])
    return {"sides": sides, "players": players}
