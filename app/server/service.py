"""The service layer: each command is one short transaction; nothing is sent before commit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.engine import (
    CREATURE,
    Action,
    Config,
    EngineError,
    Event,
    GameState,
    InvalidConfig,
    MalformedAction,
    action_from_json,
    apply_action,
    new_game,
    outcome,
)
from app.engine.game import check_config

from . import repository as repo
from . import scores
from .auth import new_room_code, new_seed, new_token
from .bus import CHANNEL, move_payload
from .errors import ErrorCode, ServiceError
from .models import Game, Room, Seat
from .schemas import RoomOptions
from .scores import SeatOrder

ENGINE_ERRORS = {
    "illegal_action": ErrorCode.ILLEGAL_ACTION,
    "not_your_turn": ErrorCode.NOT_YOUR_TURN,
    "game_over": ErrorCode.GAME_OVER,
}


@dataclass(frozen=True, slots=True)
class SeatIdentity:
    """Who is speaking: a seat of a room (after its token was checked)."""

    room_code: str
    seat: int
    name: str
    host: bool


@dataclass(frozen=True, slots=True)
class Committed:
    """An action that is now in the database: the new state and its events, to publish."""

    game_id: int
    version: int
    state: GameState
    events: list[Event]
    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class GameSnapshot:
    """A room's current game as loaded: for `sync` and the log."""

    game_id: int
    number: int
    version: int
    state: GameState


def utc_iso(moment: datetime) -> str:
    """ISO 8601 with its UTC offset; SQLite hands back stored UTC times without one."""
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def room_config(options: dict[str, Any], hunted: int) -> Config:
    """The engine config for a room's options and its number of seated Hunted."""
    abilities = options.get("abilities")
    if abilities is None:
        abilities = options["variant"] == "frozen-lands"
    return Config(hunted=hunted, board_side=options["board_side"], variant=options["variant"],
                  abilities=bool(abilities))


class GameService:
    """Rooms, seats and games; every method is one unit of work."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions
        self._states: dict[int, tuple[int, GameState]] = {}  # parsed snapshots by game id

    # --- rooms and seats ------------------------------------------------------------------

    async def create_room(self, options: RoomOptions, name: str, seat: int) -> tuple[str, str]:
        """Open a room and seat its host; returns (room code, host's token)."""
        raw = options.model_dump()
        try:
            check_config(room_config(raw, options.hunted))
        except InvalidConfig as exc:
            raise ServiceError(ErrorCode.BAD_OPTIONS, str(exc)) from exc
        if seat > options.hunted:
            raise ServiceError(ErrorCode.NO_SUCH_SEAT, f"Seats are 0 to {options.hunted}.")
        code, token = new_room_code(), new_token()
        async with self.sessions() as session, session.begin():
            room = await repo.add_room(session, code, raw, seat)
            await repo.add_seat(session, room.id, seat, name, token)
        return code, token

    async def claim_seat(self, code: str, seat: int, name: str) -> str:
        """Claim a free seat before the start; returns its token."""
        token = new_token()
        try:
            async with self.sessions() as session, session.begin():
                room = await self._room(session, code)
                if room.game_id is not None:
                    raise ServiceError(ErrorCode.ALREADY_STARTED)
                if not 0 <= seat <= room.options["hunted"]:
                    raise ServiceError(ErrorCode.NO_SUCH_SEAT,
                                       f"Seats are 0 to {room.options['hunted']}.")
                taken = {s.number for s in await repo.seats_of(session, room.id)}
                if seat in taken:
                    raise ServiceError(ErrorCode.SEAT_TAKEN)
                await repo.add_seat(session, room.id, seat, name, token)
        except IntegrityError as exc:  # two claims raced for the same seat
            raise ServiceError(ErrorCode.SEAT_TAKEN) from exc
        return token

    async def leave_seat(self, code: str, token: str) -> None:
        """Give a seat back before the start (the host cannot leave their own room)."""
        async with self.sessions() as session, session.begin():
            room = await self._room(session, code)
            seat = await self._seat(session, room, token)
            if room.game_id is not None:
                raise ServiceError(ErrorCode.ALREADY_STARTED)
            if seat.number == room.host_seat:
                raise ServiceError(ErrorCode.NOT_HOST, "The host keeps their seat.")
            await repo.remove_seat(session, seat)

    async def identify(self, code: str, token: str) -> SeatIdentity:
        """Check a token against a room: who holds it."""
        async with self.sessions() as session:
            room = await self._room(session, code)
            seat = await self._seat(session, room, token)
            return SeatIdentity(code, seat.number, seat.name, seat.number == room.host_seat)

    async def lobby(self, code: str) -> tuple[Room, Sequence[Seat], Game | None, int]:
        """A room, its seats, its current game and that game's number."""
        async with self.sessions() as session:
            room = await self._room(session, code)
            seats = await repo.seats_of(session, room.id)
            game, number = None, 0
            if room.game_id is not None:
                games = await repo.games_of(session, room.id)
                game, number = games[-1], len(games)
            return room, seats, game, number

    # --- computer players -----------------------------------------------------------------

    async def add_bot(self, code: str, token: str, seat: int, kind: str) -> None:
        """Host only, before the start: a computer takes a free seat."""
        async with self.sessions() as session, session.begin():
            room = await self._room(session, code)
            await self._host(session, room, token)
            if room.game_id is not None:
                raise ServiceError(ErrorCode.ALREADY_STARTED)
            if not 0 <= seat <= room.options["hunted"]:
                raise ServiceError(ErrorCode.NO_SUCH_SEAT)
            if any(s.number == seat for s in await repo.seats_of(session, room.id)):
                raise ServiceError(ErrorCode.SEAT_TAKEN)
            # A bot's token is never handed out: nobody can speak for it.
            bot = await repo.add_seat(session, room.id, seat, f"Bot {seat}", new_token())
            bot.bot = kind

    async def replace_with_bot(self, code: str, token: str, seat: int) -> None:
        """Host only, during a game: a computer plays a (disconnected) player's seat."""
        async with self.sessions() as session, session.begin():
            room = await self._room(session, code)
            await self._host(session, room, token)
            if room.game_id is None:
                raise ServiceError(ErrorCode.NOT_STARTED)
            target = await self._seat_number(session, room, seat)
            target.bot = target.bot or "heuristic"

    async def take_seat_back(self, code: str, token: str) -> bool:
        """A replaced player who comes back gets the seat back; True if it was replaced."""
        async with self.sessions() as session, session.begin():
            room = await self._room(session, code)
            seat = await self._seat(session, room, token)
            # A bot seat's token is never handed out, so a valid token is the replaced player's.
            if seat.bot is None:
                return False
            seat.bot = None
            return True

    async def bot_seats(self, code: str) -> dict[int, str]:
        """Seats a computer plays, with the kind of bot."""
        async with self.sessions() as session:
            room = await self._room(session, code)
            return {s.number: s.bot for s in await repo.seats_of(session, room.id) if s.bot}

    # --- starting -------------------------------------------------------------------------

    async def start(self, code: str, token: str) -> None:
        """Host only: start with the Creature and the seated Hunted, renumbered 1..k."""
        async with self.sessions() as session, session.begin():
            room = await self._room(session, code)
            await self._host(session, room, token)
            if room.game_id is not None:
                raise ServiceError(ErrorCode.ALREADY_STARTED)
            seats = list(await repo.seats_of(session, room.id))
            if not seats or seats[0].number != CREATURE:
                raise ServiceError(ErrorCode.CANNOT_START, "Nobody has taken the Creature.")
            hunted = [s for s in seats if s.number != CREATURE]
            # Empty Hunted seats are dropped: the others sit at 1..k in their order.
            for new_number, seat in enumerate(hunted, start=1):
                if seat.number != new_number:
                    if room.host_seat == seat.number:
                        room.host_seat = new_number
                    seat.number = new_number
                    # One UPDATE at a time, lowest first: the number taken is always free,
                    # whereas one flush may order the rows by id and break (room, number).
                    await session.flush()
            config = room_config(room.options, len(hunted))
            try:
                check_config(config)
            except InvalidConfig as exc:
                raise ServiceError(ErrorCode.CANNOT_START, str(exc)) from exc
            await self._new_game(session, room, config)

    async def rematch(self, code: str, token: str, order: SeatOrder = SeatOrder.KEEP) -> None:
        """Host only, after the end: a new game with the same options; the finished game's
        result is kept, and the seats are kept or rotated."""
        async with self.sessions() as session, session.begin():
            room = await self._room(session, code)
            await self._host(session, room, token)
            if room.game_id is None:
                raise ServiceError(ErrorCode.NOT_STARTED)
            game = await repo.game_by_id(session, room.game_id, lock=True)
            if game.status != "over":
                raise ServiceError(ErrorCode.NOT_OVER)
            await scores.record(session, room, game)
            if order is SeatOrder.ROTATE:
                await scores.rotate(session, room)
            await self._new_game(session, room, Config.from_json(game.config))

    async def _new_game(self, session: AsyncSession, room: Room, config: Config) -> None:
        seed = new_seed()
        state = new_game(config, seed)
        game = await repo.add_game(session, room.id, config.to_json(), seed, state.to_json())
        room.game_id = game.id
        self._states[game.id] = (0, state)

    # --- playing --------------------------------------------------------------------------

    async def current(self, code: str) -> GameSnapshot | None:
        """The room's current game state, or None before the start."""
        async with self.sessions() as session:
            room = await self._room(session, code)
            if room.game_id is None:
                return None
            game = await repo.game_by_id(session, room.game_id)
            number = len(await repo.games_of(session, room.id))
            return GameSnapshot(game.id, number, game.version, self._load(game))

    async def submit(self, code: str, token: str, raw_action: Any, version: int,
                     client_id: str) -> Committed:
        """Parse, authenticate, lock, check, apply and persist in one transaction.

        The caller publishes only after this returns, i.e. after the commit.
        """
        try:
            action = action_from_json(raw_action)
        except MalformedAction as exc:
            raise ServiceError(ErrorCode.BAD_MESSAGE, str(exc)) from exc
        return await self._submit(code, token, None, action, version, client_id)

    async def submit_for_seat(self, code: str, seat: int, action: Action, version: int,
                              client_id: str) -> Committed:
        """The server's own move for a seat (a bot, or a clock running out)."""
        return await self._submit(code, None, seat, action, version, client_id)

    async def _submit(self, code: str, token: str | None, number: int | None, action: Action,
                      version: int, client_id: str) -> Committed:
        try:
            return await self._commit(code, token, number, action, version, client_id)
        except IntegrityError:
            # The (game, client id) key: this id was already applied (a retry sent at the new
            # version). Nothing was written; answer as for any duplicate, with where we are.
            current = await self.current(code)
            assert current is not None
            return Committed(current.game_id, current.version, current.state, [], duplicate=True)

    async def _commit(self, code: str, token: str | None, number: int | None, action: Action,
                      version: int, client_id: str) -> Committed:
        async with self.sessions() as session, session.begin():
            room, seat = await repo.room_and_seat(session, code, token=token, number=number)
            if room is None:
                raise ServiceError(ErrorCode.UNKNOWN_ROOM)
            if seat is None:
                raise ServiceError(ErrorCode.BAD_TOKEN if token is not None
                                   else ErrorCode.NO_SUCH_SEAT)
            if room.game_id is None:
                raise ServiceError(ErrorCode.NOT_STARTED)
            game = await repo.game_by_id(session, room.game_id, lock=True)
            # A retry of a committed move carries the version it was made at, now past; only
            # then can its client id be in the log (a reuse at the current version hits the key).
            stale = version != game.version or game.status == "over"
            if stale and await repo.action_by_client_id(session, game.id, client_id) is not None:
                return Committed(game.id, game.version, self._load(game), [], duplicate=True)
            if game.status == "over":
                raise ServiceError(ErrorCode.GAME_OVER)
            if version != game.version:
                raise ServiceError(ErrorCode.STALE_VERSION,
                                   f"You saw version {version}; it is now {game.version}.")
            try:
                state, events = apply_action(self._load(game), seat.number, action)
            except EngineError as exc:
                raise ServiceError(ENGINE_ERRORS.get(exc.code, ErrorCode.ILLEGAL_ACTION),
                                   exc.reason) from exc
            game.version += 1
            game.snapshot = state.to_json()
            game.status = "over" if outcome(state) else "active"
            await repo.add_action(session, game.id, game.version, seat.number, action.to_json(),
                                  [e.to_json() for e in events], client_id)
            if session.get_bind().dialect.name == "postgresql":
                # Delivered to the other server processes on commit, never on rollback.
                await session.execute(text("SELECT pg_notify(:channel, :payload)"), {
                    "channel": CHANNEL,
                    "payload": move_payload(code, game.version, seat.number, client_id)})
        self._states[game.id] = (game.version, state)
        return Committed(game.id, game.version, state, events)

    async def committed_at(self, code: str, version: int) -> Committed | None:
        """A move committed elsewhere, if it is still the latest: its state and events."""
        async with self.sessions() as session:
            room = await self._room(session, code)
            if room.game_id is None:
                return None
            game = await repo.game_by_id(session, room.game_id)
            if game.version != version:
                return None  # a later move exists: its own notice brings the newer view
            rows = await repo.actions_of(session, game.id, version - 1)
            events = [Event.from_json(raw) for raw in rows[0].events] if rows else []
            return Committed(game.id, version, self._load(game), events)

    async def visible_events(self, code: str, seat: int | None,
                             limit: int | None = None) -> tuple[int, list[dict[str, Any]]]:
        """The current game's events that `seat` may see (None = spectator), oldest first."""
        async with self.sessions() as session:
            room = await self._room(session, code)
            if room.game_id is None:
                return 0, []
            game = await repo.game_by_id(session, room.game_id)
            since = 0 if limit is None else max(0, game.version - limit)
            rows = await repo.actions_of(session, game.id, since)
        out: list[dict[str, Any]] = []
        for row in rows:
            for raw in row.events:
                event = Event.from_json(raw)
                if event.visible_to(seat):
                    out.append({"seq": row.seq, "kind": event.kind, "data": event.data})
        return game.version, out

    async def chat(self, who: SeatIdentity, text: str) -> dict[str, Any]:
        """Store a chat line and return it for broadcast."""
        async with self.sessions() as session, session.begin():
            room = await self._room(session, who.room_code)
            line = await repo.add_chat(session, room.id, who.seat, who.name, text)
            return {"id": line.id, "seat": who.seat, "name": who.name, "text": text,
                    "at": utc_iso(line.created_at)}

    async def recent_chat(self, code: str, limit: int = 50) -> list[dict[str, Any]]:
        """The last chat lines of a room."""
        async with self.sessions() as session:
            room = await self._room(session, code)
            lines = await repo.recent_chat(session, room.id, limit)
            return [{"id": c.id, "seat": c.seat, "name": c.name, "text": c.text,
                     "at": utc_iso(c.created_at)} for c in lines]

    # --- helpers --------------------------------------------------------------------------

    def _load(self, game: Game) -> GameState:
        """The game's state at its version: the cached value, or parsed from the snapshot."""
        cached = self._states.get(game.id)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        state = GameState.from_json(game.snapshot)
        self._states[game.id] = (game.version, state)
        return state

    async def _room(self, session: AsyncSession, code: str) -> Room:
        room = await repo.room_by_code(session, code)
        if room is None:
            raise ServiceError(ErrorCode.UNKNOWN_ROOM)
        return room

    async def _seat(self, session: AsyncSession, room: Room, token: str) -> Seat:
        seat = await repo.seat_by_token(session, room.id, token)
        if seat is None:
            raise ServiceError(ErrorCode.BAD_TOKEN)
        return seat

    async def _seat_number(self, session: AsyncSession, room: Room, number: int | None) -> Seat:
        seat = next((s for s in await repo.seats_of(session, room.id) if s.number == number),
                    None)
        if seat is None:
            raise ServiceError(ErrorCode.NO_SUCH_SEAT)
        return seat

    async def _host(self, session: AsyncSession, room: Room, token: str) -> Seat:
        seat = await self._seat(session, room, token)
        if seat.number != room.host_seat:
            raise ServiceError(ErrorCode.NOT_HOST)
        return seat
