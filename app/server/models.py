"""The tables (ORM rows); only the repository touches them."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def now() -> datetime:
    """The current UTC time (the server's clock; the engine never sees it)."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    """Declarative base; Alembic reads its metadata."""


class Room(Base):
    """A table: its code for the shared link, its options, and its current game."""

    __tablename__ = "room"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(32), unique=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    host_seat: Mapped[int] = mapped_column(Integer)  # seat number of the host
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Seat(Base):
    """A claimed seat: 0 is the Creature, 1..H the Hunted."""

    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("room_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("room.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    # "random" or "heuristic" when a computer plays the seat (a bot seat, or a replaced leaver)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True, default=None)
    # An AutoPass mode: when the server passes for this (human) seat.
    auto_pass: Mapped[str] = mapped_column(String(16), server_default="when_nothing")
    # The game's version when a computer took over from a player who left (None: not away);
    # the player's return clears it and is told the moves logged for the seat since.
    away_since: Mapped[int | None] = mapped_column(Integer, nullable=True, default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Game(Base):
    """One game of a room: its config and seed, its `version`, and a snapshot at
    `snapshot_version` (written every K moves and at the end; the action log is the truth)."""

    __tablename__ = "game"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("room.id", ondelete="CASCADE"), index=True)
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    version: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="active")
    snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    snapshot_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class GameAction(Base):
    """The action log: one row per committed action, with the events it produced."""

    __tablename__ = "game_action"
    __table_args__ = (UniqueConstraint("game_id", "client_id"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"),
                                         primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    events: Mapped[list[Any]] = mapped_column(JSON)
    client_id: Mapped[str] = mapped_column(String(64))
    # A `By` when the server made the move for a person's seat (auto-pass, clock, stand-in).
    by: Mapped[str | None] = mapped_column(String(16), nullable=True, default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class ChatMessage(Base):
    """Table chat: every seat reads it (the Hunted may only talk openly)."""

    __tablename__ = "chat_message"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("room.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class GameResult(Base):
    """How a finished game of a room ended and who played which seat (the running score);
    written when the room moves on to its next game, since seats may rotate then."""

    __tablename__ = "game_result"

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"),
                                         primary_key=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("room.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # 1, 2… in the room
    winner: Mapped[str] = mapped_column(String(16))
    reason: Mapped[str] = mapped_column(String(32))
    turns: Mapped[int] = mapped_column(Integer)
    # [{"seat", "seat_id", "name", "bot"}]: the seat rows as they sat in this game
    players: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


# The tables for statements written in SQLAlchemy Core (the ORM types `__table__` loosely).
ROOM = cast(Table, Room.__table__)
SEAT = cast(Table, Seat.__table__)
GAME = cast(Table, Game.__table__)
ACTION = cast(Table, GameAction.__table__)
