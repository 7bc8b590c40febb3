"""The only place that reads and writes ORM rows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.engine import GameStatus

from .auth import hash_token, is_room_code, token_matches
from .models import ChatMessage, Game, GameAction, Room, Seat


async def room_by_code(session: AsyncSession, code: str, *, lock: bool = False) -> Room | None:
    """The room with this code, if any; `lock` takes the row lock (FOR UPDATE) for the rest
    of the transaction: a second command on the room waits, then reads what the first did.
    (SQLite ignores it: there every write transaction takes the database's write lock.)"""
    if not is_room_code(code):
        return None
    query = select(Room).where(Room.code == code)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return (await session.execute(query)).scalar_one_or_none()


async def add_room(session: AsyncSession, code: str, options: dict[str, Any],
                   host_seat: int) -> Room:
    """Create a room row."""
    room = Room(code=code, options=options, host_seat=host_seat)
    session.add(room)
    await session.flush()
    return room


async def seats_of(session: AsyncSession, room_id: int) -> Sequence[Seat]:
    """A room's claimed seats, by number."""
    query = select(Seat).where(Seat.room_id == room_id).order_by(Seat.number)
    return (await session.execute(query)).scalars().all()


async def seat_by_token(session: AsyncSession, room_id: int, token: str) -> Seat | None:
    """The seat this token holds in this room (compared in constant time), if any."""
    query = select(Seat).where(Seat.room_id == room_id, Seat.token_hash == hash_token(token))
    seat = (await session.execute(query)).scalar_one_or_none()
    return seat if seat is not None and token_matches(token, seat.token_hash) else None


async def add_seat(session: AsyncSession, room_id: int, number: int, name: str,
                   token: str, auto_pass: str | None = None) -> Seat:
    """Claim a seat (`auto_pass`: its mode, else the column's default); the unique (room,
    number) constraint refuses a double claim."""
    seat = Seat(room_id=room_id, number=number, name=name, token_hash=hash_token(token))
    if auto_pass is not None:
        seat.auto_pass = auto_pass
    session.add(seat)
    await session.flush()
    return seat


async def set_auto_pass(session: AsyncSession, room_id: int, number: int, mode: str) -> None:
    """Store a seat's auto-pass mode."""
    await session.execute(update(Seat).where(Seat.room_id == room_id, Seat.number == number)
                          .values(auto_pass=mode))


async def remove_seat(session: AsyncSession, seat: Seat) -> None:
    """Free a seat."""
    await session.execute(delete(Seat).where(Seat.id == seat.id))


async def game_by_id(session: AsyncSession, game_id: int, *, lock: bool = False) -> Game:
    """A game row; `lock` takes the row lock (FOR UPDATE) for the rest of the transaction."""
    query = select(Game).where(Game.id == game_id)
    if lock:
        query = query.with_for_update().execution_options(populate_existing=True)
    return (await session.execute(query)).scalar_one()


async def add_game(session: AsyncSession, room_id: int, config: dict[str, Any], seed: int,
                   snapshot: dict[str, Any]) -> Game:
    """Create a game row at version 0."""
    game = Game(room_id=room_id, config=config, seed=seed, version=0, status=GameStatus.ACTIVE,
                snapshot=snapshot)
    session.add(game)
    await session.flush()
    return game


async def action_by_client_id(session: AsyncSession, game_id: int,
                              client_id: str) -> GameAction | None:
    """An action already committed under this client id, if any."""
    query = select(GameAction).where(GameAction.game_id == game_id,
                                     GameAction.client_id == client_id)
    return (await session.execute(query)).scalar_one_or_none()


async def add_action(session: AsyncSession, game_id: int, seq: int, seat: int,
                     action: dict[str, Any], events: list[Any], client_id: str) -> None:
    """Append to the action log; (game, seq) is the primary key, so two can never share it."""
    session.add(GameAction(game_id=game_id, seq=seq, seat=seat, action=action, events=events,
                           client_id=client_id))
    await session.flush()


async def actions_of(session: AsyncSession, game_id: int,
                     since: int = 0) -> Sequence[GameAction]:
    """The action log from `since` (exclusive), in order."""
    query = (select(GameAction).where(GameAction.game_id == game_id, GameAction.seq > since)
             .order_by(GameAction.seq))
    return (await session.execute(query)).scalars().all()


async def actions_between(session: AsyncSession, game_id: int, after: int,
                          upto: int) -> list[tuple[int, int, list[Any], str | None]]:
    """(seq, seat, events, by) of the logged actions after `after` up to `upto`, in order."""
    query = (select(GameAction.seq, GameAction.seat, GameAction.events, GameAction.by)
             .where(GameAction.game_id == game_id, GameAction.seq > after,
                    GameAction.seq <= upto)
             .order_by(GameAction.seq))
    return [(seq, seat, events, by)
            for seq, seat, events, by in (await session.execute(query)).all()]


async def game_and_number(session: AsyncSession, room_id: int, game_id: int) -> tuple[Game, int]:
    """A room's game and its number (1 for the room's first game)."""
    return await game_by_id(session, game_id), await game_number(session, room_id, game_id)


async def game_number(session: AsyncSession, room_id: int, game_id: int) -> int:
    """The number of a room's game (1 for its first), counted without reading any game."""
    query = select(func.count()).select_from(Game).where(Game.room_id == room_id,
                                                         Game.id <= game_id)
    return int((await session.execute(query)).scalar_one())


async def games_of(session: AsyncSession, room_id: int) -> Sequence[Game]:
    """A room's games, oldest first."""
    query = select(Game).where(Game.room_id == room_id).order_by(Game.id)
    return (await session.execute(query)).scalars().all()


async def add_chat(session: AsyncSession, room_id: int, seat: int, name: str,
                   text: str) -> ChatMessage:
    """Store a chat line."""
    line = ChatMessage(room_id=room_id, seat=seat, name=name, text=text)
    session.add(line)
    await session.flush()
    return line


async def recent_chat(session: AsyncSession, room_id: int, limit: int) -> list[ChatMessage]:
    """The last `limit` chat lines, oldest first."""
    query = (select(ChatMessage).where(ChatMessage.room_id == room_id)
             .order_by(ChatMessage.id.desc()).limit(limit))
    return list(reversed((await session.execute(query)).scalars().all()))
