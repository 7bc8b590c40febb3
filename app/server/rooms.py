"""The rooms role: seats, computer players, auto-pass modes, chat, start and rematch.

Each command is one unit of work (one transaction); the caller publishes after it returns.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from app.bots.base import BOT_KINDS
from app.engine import CREATURE, Config, GameStatus, InvalidConfig, new_game
from app.engine.game import check_config

from . import repository as repo
from . import scores, starts
from .auth import new_seed, new_token
from .claims import Claims
from .db import UnitOfWork, unavailable
from .errors import ErrorCode, ServiceError
from .frames import ChatLine
from .live import LiveGame, NewGame
from .models import Room, Seat
from .reads import (
    GameInfo,
    RoomInfo,
    SeatIdentity,
    chat_line,
    room_info,
    room_row,
    seat_row,
)
from .schemas import RoomOptions
from .scores import SeatOrder
from .settings import AutoPass
from .shards import sharded_code


def _not_answering(exc: Exception) -> bool:
    """True when `exc` says the database did not answer (what a client hears as `busy`)."""
    if isinstance(exc, ServiceError):
        return exc.code is ErrorCode.BUSY
    return unavailable(exc)


def room_config(options: dict[str, Any], hunted: int) -> Config:
    """The engine config for a room's options and its number of seated Hunted."""
    abilities = options.get("abilities")
    if abilities is None:
        abilities = options["variant"] == "frozen-lands"
    return Config(hunted=hunted, board_side=options["board_side"], variant=options["variant"],
                  abilities=bool(abilities),
                  rulebook_track=bool(options.get("rulebook_track", False)))  # older rooms lack it


class Rooms:
    """Commands on rooms and seats; every method is one unit of work."""

    def __init__(self, uow: UnitOfWork, auto_pass_default: AutoPass) -> None:
        self.uow = uow
        self.auto_pass_default = auto_pass_default
        self.claims = Claims(uow)
        self.starts = starts.Starts(uow)

    async def create_room(self, options: RoomOptions, name: str, seat: int) -> tuple[str, str]:
        """Open a room and seat its host; returns (room code, host's token)."""
        raw = options.model_dump()
        try:
            check_config(room_config(raw, options.hunted))
        except InvalidConfig as exc:
            raise ServiceError(ErrorCode.BAD_OPTIONS, str(exc)) from exc
        if seat > options.hunted:
            raise ServiceError(ErrorCode.NO_SUCH_SEAT, f"Seats are 0 to {options.hunted}.")
        token = new_token()
        shards = self.uow.placement.order()
        for shard in shards:  # a shard that is down: the room is made on the next one
            code = sharded_code(shard)
            try:
                await self.claims.open(code, raw, seat, name, token, self.auto_pass_default.value)
                return code, token
            except (ServiceError, SQLAlchemyError) as exc:
                if shard == shards[-1] or not _not_answering(exc):
                    raise
        raise AssertionError("unreachable: the last shard's failure was raised")

    async def claim_seat(self, code: str, seat: int, name: str) -> str:
        """Claim a free seat before the start (one statement: claims.py); returns its token."""
        token = new_token()
        await self.claims.claim(code, seat, name, token, self.auto_pass_default.value)
        return token

    async def leave_seat(self, code: str, token: str) -> None:
        """Give a seat back before the start (the host cannot leave their own room)."""
        async with self.uow.write(code) as session:
            room = await room_row(session, code, lock=True)
            seat = await seat_row(session, room, token)
            if room.game_id is not None:
                raise ServiceError(ErrorCode.ALREADY_STARTED)
            if seat.number == room.host_seat:
                raise ServiceError(ErrorCode.NOT_HOST, "The host keeps their seat.")
            await repo.remove_seat(session, seat)

    async def add_bot(self, code: str, token: str, seat: int, kind: str) -> None:
        """Host only, before the start: a computer takes a free seat."""
        try:
            async with self.uow.write(code) as session:
                room = await self._before_start(session, code, seat, host_token=token)
                if kind not in BOT_KINDS:
                    raise ServiceError(ErrorCode.BAD_MESSAGE)
                # A bot's token is never handed out: nobody can speak for it.
                bot = await repo.add_seat(session, room.id, seat, f"Bot {seat}", new_token())
                bot.bot = kind
        except IntegrityError as exc:  # the room lock orders claims; this is a second guard
            raise ServiceError(ErrorCode.SEAT_TAKEN) from exc

    async def replace_with_bot(self, code: str, token: str, seat: int) -> None:
        """Any seated player, during a game: a computer plays a (disconnected) player's seat."""
        async with self.uow.write(code) as session:
            room = await room_row(session, code, lock=True)
            await seat_row(session, room, token)
            await _stand_in(session, room, seat)

    async def take_over(self, code: str, seat: int) -> bool:
        """The server, once a player has been gone for the grace period: a computer plays
        their seat until they return; False if one already does."""
        async with self.uow.write(code) as session:
            return await _stand_in(session, await room_row(session, code, lock=True), seat)

    async def take_back(self, code: str, token: str) -> int | None:
        """A replaced player takes their seat back from the computer playing it (a join saw
        one there: seating.py); returns the game's version when it took over, None if the
        seat was given back meanwhile."""
        async with self.uow.write(code) as session:
            room = await room_row(session, code)
            seat = await seat_row(session, room, token)
            # A bot seat's token is never handed out, so a valid token is the replaced player's.
            since = (seat.away_since or 0) if seat.bot is not None else None
            seat.bot, seat.away_since = None, None
            return since

    async def set_auto_pass(self, code: str, seat: int, mode: AutoPass) -> None:
        """Keep a seat's auto-pass mode (in the seat row, so it outlives its sockets)."""
        async with self.uow.write(code) as session:
            room = await room_row(session, code)
            await repo.set_auto_pass(session, room.id, seat, mode.value)

    async def set_own_auto_pass(self, code: str, token: str, mode: AutoPass) -> int:
        """Keep the auto-pass mode of the seat `token` holds now; returns its number."""
        async with self.uow.write(code) as session:
            room = await room_row(session, code)
            seat = await seat_row(session, room, token)
            seat.auto_pass = mode.value
            return seat.number

    async def chat(self, who: SeatIdentity, text: str) -> ChatLine:
        """Store a chat line and return it for broadcast."""
        async with self.uow.write(who.room_code) as session:
            room = await room_row(session, who.room_code)
            return chat_line(await repo.add_chat(session, room.id, who.seat, who.name, text))

    async def start(self, code: str, token: str) -> NewGame:
        """Host only: start with the Creature and the seated Hunted, renumbered 1..k; returns
        the room as the start left it and its game (Core statements: starts.py)."""
        async with self.starts.transaction(code) as run:
            room = await starts.seated(run, code, token)
            if room.game_id is not None:
                raise ServiceError(ErrorCode.ALREADY_STARTED)
            if not room.seats or room.seats[0].number != CREATURE:
                raise ServiceError(ErrorCode.CANNOT_START, "Nobody has taken the Creature.")
            hunted = len(room.seats) - 1
            config = room_config(room.options, hunted)
            try:
                check_config(config)
            except InvalidConfig as exc:
                raise ServiceError(ErrorCode.CANNOT_START, str(exc)) from exc
            # Empty Hunted seats are dropped: the others sit at 1..k in their order.
            await starts.renumber(run, room, list(range(len(room.seats))))
            game_id, state = await starts.first_game(run, room, config, self.uow.postgres)
        # As the start left it, from what it holds (the room's first game, at version 0).
        info = RoomInfo(code, dict(room.options), room.host_seat, room.infos(),
                        GameInfo(1, 0, False, hunted, None))
        return NewGame(info, LiveGame(code, game_id, 0, state, 0))

    async def rematch(self, code: str, token: str,
                      order: SeatOrder = SeatOrder.KEEP) -> NewGame:
        """Host only, after the end: a new game with the same options; the finished game's
        result is kept, and the seats are kept or rotated; returns the room as it left it
        and its new game."""
        async with self.uow.write(code) as session:
            room = await room_row(session, code, lock=True)
            await self._host(session, room, token)
            if room.game_id is None:
                raise ServiceError(ErrorCode.NOT_STARTED)
            game = await repo.game_by_id(session, room.game_id, lock=True)
            if game.status != GameStatus.OVER:
                raise ServiceError(ErrorCode.NOT_OVER)
            await scores.record(session, room, game)
            if order is SeatOrder.ROTATE:
                await scores.rotate(session, room)
            live = await _new_game(session, room, Config.from_json(game.config))
            return NewGame(await room_info(session, code, room), live)

    async def _before_start(self, session: AsyncSession, code: str, seat: int,
                            host_token: str | None = None) -> Room:
        """The room (locked), if `seat` is one of its free seats and the game has not
        started."""
        room = await room_row(session, code, lock=True)
        if host_token is not None:
            await self._host(session, room, host_token)
        if room.game_id is not None:
            raise ServiceError(ErrorCode.ALREADY_STARTED)
        if not 0 <= seat <= room.options["hunted"]:
            raise ServiceError(ErrorCode.NO_SUCH_SEAT, f"Seats are 0 to {room.options['hunted']}.")
        if any(s.number == seat for s in await repo.seats_of(session, room.id)):
            raise ServiceError(ErrorCode.SEAT_TAKEN)
        return room

    async def _host(self, session: AsyncSession, room: Room, token: str) -> Seat:
        seat = await seat_row(session, room, token)
        if seat.number != room.host_seat:
            raise ServiceError(ErrorCode.NOT_HOST)
        return seat


async def _stand_in(session: AsyncSession, room: Room, number: int) -> bool:
    """A computer plays a person's seat from the game's current version; False if a computer
    plays it already."""
    if room.game_id is None:
        raise ServiceError(ErrorCode.NOT_STARTED)
    seat = next((s for s in await repo.seats_of(session, room.id) if s.number == number), None)
    if seat is None:
        raise ServiceError(ErrorCode.NO_SUCH_SEAT)
    if seat.bot is not None:
        return False
    seat.bot = "heuristic"
    seat.away_since = (await repo.game_by_id(session, room.game_id)).version
    return True


async def _new_game(session: AsyncSession, room: Room, config: Config) -> LiveGame:
    """The room's next game, at version 0, as written and as held live."""
    seed = new_seed()
    state = new_game(config, seed)
    game = await repo.add_game(session, room.id, config.to_json(), seed, state.to_json())
    room.game_id = game.id
    return LiveGame(room.code, game.id, 0, state, 0)
