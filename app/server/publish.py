"""The one publish path: every frame a socket may receive leaves through a `Publisher`.

Local delivery goes through the hub, each frame encoded once per audience; other processes
hear through a `Bus` (`LocalBus`: one process, nothing to tell). Everything is announced after
its commit (a move's notice by the move log, movelog.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from app.engine import Event, GameState, SeatView, seat_views

from .automatic import seen_by
from .frames import (
    AutoPassFrame,
    ChatFrame,
    ChatLine,
    Frame,
    LobbyFrame,
    Presence,
    PresenceFrame,
    TimeoutFrame,
    WhisperFrame,
    WhisperLine,
)
from .hub import Connection, Hub
from .live import LiveGame
from .notices import Bus, Notice
from .presence import PRESENCE_INTERVAL, RoomPresence
from .presence import Presence as Sockets
from .reads import Reads, RoomInfo
from .schemas import GameOut, Lobby, SeatOut
from .settings import AutoPass
from .syncs import Syncs
from .texts import StateWire, encode_fields, encode_update


def room_link(code: str) -> str:
    """The path of the shared link to a room."""
    return f"/r/{code}"


def lobby_of(room: RoomInfo, presence: Presence) -> Lobby:
    """The public lobby of a room, with who is connected."""
    seats = {s.number: s for s in room.seats}
    connected = set(presence.seats)
    count = room.options["hunted"] if room.game is None else room.game.hunted
    seat_list = [SeatOut(seat=n, role="creature" if n == 0 else "hunted",
                         name=seats[n].name if n in seats else None, connected=n in connected,
                         host=n == room.host_seat, bot=seats[n].bot if n in seats else None,
                         away=n in seats and seats[n].away)
                 for n in range(count + 1)]
    game = None
    if room.game is not None:
        game = GameOut(number=room.game.number, version=room.game.version,
                       status="over" if room.game.over else "active",
                       outcome=room.game.outcome)
    return Lobby(code=room.code, link=room_link(room.code), options=room.options,
                 seats=seat_list, started=game is not None, game=game)


def update_frame(version: int, view: SeatView, events: Sequence[Event], seat: int | None,
                 client_id: str | None, by: str | None = None,
                 wire: StateWire | None = None) -> str:
    """The encoded `update` one seat receives for one committed action (`view`: its view;
    `wire`: one per state, shared by its seats' views)."""
    return encode_update(version, view, seen_events(version, events, seat, by), client_id, wire)


def seen_events(version: int, events: Sequence[Event], seat: int | None,
                by: str | None = None) -> list[dict[str, Any]]:
    """The events of one action that `seat` may see, as `EventOut` encodes them."""
    return [{"seq": version, "kind": e.kind, "data": e.data, "by": by}
            for e in events if e.visible_to(seat)]


def _fields_before(live: LiveGame, previous: GameState,
                   seats: set[int | None]) -> dict[int | None, dict[str, bytes]]:
    """The compared fields' bytes of the seats' views before this update: as the last update kept
    them, or, for a seat it did not (a socket synced since, a game loaded since), built from
    `previous`."""
    kept = live.sent if live.sent_version == live.version - 1 else {}
    if missing := seats - kept.keys():
        wire = StateWire()
        kept = {**kept, **{seat: wire.fields(view).data
                           for seat, view in seat_views(previous, missing).items()}}
    return kept


class Publisher:
    """Sends frames to this process's sockets and announces changes to the others."""

    def __init__(self, hub: Hub, reads: Reads, bus: Bus,
                 presence_interval: float = PRESENCE_INTERVAL, syncs: Syncs | None = None) -> None:
        self.hub, self.reads, self.bus = hub, reads, bus
        # Told of each published move, and of each seat coming or going.
        self.watchers: list[Callable[[str], None]] = []
        self.flow = RoomPresence(hub.local_presence, self._send_presence, self._tell_presence,
                                 presence_interval, bus.board, hub.gone_since,
                                 seats_changed=self._seats_changed)
        self._sending: set[asyncio.Task[None]] = set()
        self.syncs = syncs or Syncs()  # each room's syncs, kept until something they show changes

    def update(self, live: LiveGame, previous: GameState, events: Sequence[Event],
               client_id: str, actor: int, by: str | None = None) -> None:
        """After a commit (`live` at its new version, `previous` its state before): each
        socket gets its seat's view; one view and one encoding per audience, what every seat
        sees alike built once. A socket that asked for patches and holds the view before gets
        only what changed."""
        code, version = live.code, live.version
        connections = self.hub.connections(code)
        views = seat_views(live.state, {conn.seat for conn in connections})
        wire = StateWire()  # what every seat sees alike is encoded once
        patched = {conn.seat for conn in connections
                   if conn.takes_patch(live.game_id, version - 1)}
        before = _fields_before(live, previous, patched)
        # The seats with a socket that takes patches: their views field by field, kept for
        # the next update's patches.
        fields = {seat: wire.fields(views[seat])
                  for seat in {conn.seat for conn in connections if conn.patches}}
        texts: dict[tuple[int | None, bool], str] = {}
        for conn in connections:
            seat = conn.seat
            patch = conn.takes_patch(live.game_id, version - 1)
            text = texts.get((seat, patch))
            if text is None:
                own = client_id if seat == actor else None
                mark = seen_by(by, actor, seat)
                if seat in fields:
                    text = encode_fields(version, fields[seat],
                                         seen_events(version, events, seat, mark), own,
                                         before[seat] if patch else None)
                else:
                    text = update_frame(version, views[seat], events, seat, own, mark, wire)
                texts[seat, patch] = text
            conn.send(text)
            conn.shown = (live.game_id, version, seat)
        live.sent = {seat: parts.data for seat, parts in fields.items()}
        live.sent_version = version
        for watcher in self.watchers:
            watcher(code)

    def _seats_changed(self, code: str) -> None:
        for watcher in self.watchers:
            watcher(code)

    def to_room(self, code: str, frame: Frame) -> None:
        """The same frame to every socket of the room here, encoded once."""
        text = frame.encode()
        for conn in self.hub.connections(code):
            conn.send(text)

    def to_seat(self, code: str, seats: set[int], frame: Frame) -> None:
        """A frame to the sockets of some seats only."""
        text = frame.encode()
        for conn in self.hub.connections(code):
            if conn.seat in seats:
                conn.send(text)

    @staticmethod
    def send(conn: Connection, frame: Frame) -> None:
        """A frame to one socket."""
        conn.send(frame.encode())

    async def lobby(self, code: str, *, announce: bool = True) -> None:
        """Send the room's current lobby to its sockets (and tell the other processes); a
        room with no socket here is not read (players claiming seats before they connect)."""
        self.syncs.changed(code)
        if self.hub.connections(code):
            lobby = lobby_of(await self.reads.room(code), self.hub.presence(code))
            self.to_room(code, LobbyFrame(lobby=lobby))
        if announce:
            await self.bus.announce(code, Notice.LOBBY, {})

    def presence(self, code: str) -> None:
        """Sockets came or went (here or elsewhere): the room hears who is connected, at most
        once per interval, and the other processes hear of a change in our sockets."""
        self.flow.changed(code)

    def _send_presence(self, code: str, presence: Sockets) -> None:
        """To the sockets that have their sync (a joining one gets it there, first) and were
        last shown another presence (a sync may have shown one the room's frames never did)."""
        text = PresenceFrame(presence=Presence(**presence.to_json())).encode()
        for conn in self.hub.connections(code):
            if conn.synced and conn.told != presence:
                conn.send(text)
                conn.told = presence

    def _tell_presence(self, code: str, mine: Sockets) -> None:
        task = asyncio.create_task(self.bus.announce(code, Notice.PRESENCE, mine.to_json()))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def whisper(self, code: str, line: WhisperLine, *, announce: bool = True) -> None:
        """A whisper to the sockets of its two seats, wherever they are."""
        self.to_seat(code, {line.seat, line.to}, WhisperFrame(line=line))
        if announce:
            await self.bus.announce(code, Notice.WHISPER, line.model_dump())

    async def auto_pass(self, code: str, seat: int, mode: AutoPass, *,
                        announce: bool = True) -> None:
        """A seat's auto-pass mode, to that seat's sockets wherever they are."""
        self.syncs.changed(code)
        self.to_seat(code, {seat}, AutoPassFrame(mode=mode))
        if announce:
            await self.bus.announce(code, Notice.AUTO_PASS, {"seat": seat, "mode": mode})

    async def chat(self, code: str, line: ChatLine, *, announce: bool = True) -> None:
        """A chat line to the whole room."""
        self.syncs.changed(code)
        self.to_room(code, ChatFrame(line=line))
        if announce:
            await self.bus.announce(code, Notice.CHAT, line.model_dump())

    async def timeout(self, code: str, seat: int, version: int, *,
                      announce: bool = True) -> None:
        """A seat's clock ran out (sent before the bot's move is committed and published)."""
        self.to_room(code, TimeoutFrame(seat=seat, version=version))
        if announce:
            await self.bus.announce(code, Notice.TIMEOUT, {"seat": seat, "version": version})

    async def game(self, code: str) -> None:
        """A game started here: the other processes resync their sockets of the room."""
        await self.bus.announce(code, Notice.GAME, {})
