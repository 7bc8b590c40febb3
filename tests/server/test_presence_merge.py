"""Presence across processes (merged per origin, with expiry) and coalesced presence frames."""

from __future__ import annotations

import asyncio

from app.server.presence import Coalescer, Presence, PresenceBoard, RoomPresence

from .client import async_test, until


class Clock:
    """A hand-moved clock for the board's expiry."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_presence_of_sockets_counts_seats_once_and_spectators_each() -> None:
    presence = Presence.of([0, 2, 2, None, None])
    assert presence.to_json() == {"seats": [0, 2], "spectators": 2}
    assert Presence.from_json(presence.to_json()) == presence
    assert not Presence() and Presence.of([None])


def test_the_board_merges_every_origin_of_a_room() -> None:
    board = PresenceBoard(clock=Clock())
    assert board.heard("A", "ROOM", Presence.of([0, None]))
    assert board.heard("B", "ROOM", Presence.of([1, 0, None, None]))
    assert not board.heard("B", "ROOM", Presence.of([0, 1, None, None]))  # nothing new
    assert board.remote("ROOM") == Presence(frozenset({0, 1}), 3)
    assert board.remote("ELSEWHERE") == Presence()

    assert board.heard("A", "ROOM", Presence())  # A's last socket left
    assert board.remote("ROOM") == Presence(frozenset({0, 1}), 2)
    assert board.heard("B", "ROOM", Presence())
    assert board.rooms == {}


def test_a_silent_origin_leaves_every_room_after_the_ttl() -> None:
    clock = Clock()
    board = PresenceBoard(ttl=5.0, clock=clock)
    board.heard("dead", "R1", Presence.of([1]))
    board.heard("dead", "R2", Presence.of([None]))
    board.heard("live", "R1", Presence.of([2]))
    clock.now += 4.0
    board.alive("live")  # a heartbeat
    assert board.expire() == set()
    clock.now += 2.0  # dead has been silent 6 s, live 2 s
    assert board.expire() == {"R1", "R2"}
    assert board.remote("R1") == Presence.of([2])
    assert board.remote("R2") == Presence()
    assert board.expire() == set()


@async_test
async def test_a_burst_of_changes_makes_one_flush_then_one_more_at_most() -> None:
    flushed: list[str] = []
    coalescer = Coalescer(flushed.append, interval=1.0)
    for _ in range(300):  # 300 spectators join within one turn of the loop
        coalescer.changed("ROOM")
    await asyncio.sleep(0)
    assert flushed == ["ROOM"]  # the first change is not delayed

    for _ in range(300):  # then 300 more, one loop turn apart, within the interval
        coalescer.changed("ROOM")
        await asyncio.sleep(0)
    assert flushed == ["ROOM"]
    await asyncio.sleep(1.2)
    assert flushed == ["ROOM", "ROOM"]  # the trailing flush sees all of them at once
    await asyncio.sleep(1.2)
    assert flushed == ["ROOM", "ROOM"]  # nothing changed since: no frame


@async_test
async def test_rooms_are_coalesced_separately() -> None:
    flushed: list[str] = []
    coalescer = Coalescer(flushed.append, interval=1.0)
    coalescer.changed("A")
    coalescer.changed("B")
    coalescer.changed("A")
    await asyncio.sleep(0)
    assert sorted(flushed) == ["A", "B"]
    coalescer.changed("A")
    coalescer.cancel()  # shutdown drops what is pending
    await asyncio.sleep(1.2)
    assert sorted(flushed) == ["A", "B"]


class Room:
    """A process's sockets in one room, and what its presence flow sent and announced."""

    def __init__(self, spectator_interval: float = 1.0) -> None:
        self.sockets: list[int | None] = []
        self.sent: list[dict[str, object]] = []
        self.told: list[dict[str, object]] = []
        self.board = PresenceBoard()
        self.flow = RoomPresence(lambda _code: Presence.of(self.sockets),
                                 lambda _code, p: self.sent.append(p.to_json()),
                                 lambda _code, p: self.told.append(p.to_json()),
                                 interval=0.05, board=self.board, gone_since={},
                                 spectator_interval=spectator_interval)

    async def change(self, *sockets: int | None) -> None:
        """The room's sockets are now these; let the flow run."""
        self.sockets = list(sockets)
        self.flow.changed("ROOM")
        await asyncio.sleep(0.1)


@async_test
async def test_the_room_hears_seat_changes_soon_and_spectator_counts_at_most_each_interval(
        ) -> None:
    room = Room(spectator_interval=1.0)
    await room.change(0)
    await room.change(0, None)  # a spectator: the count alone waits for the interval
    await room.change(0, None, None)
    assert room.sent == [{"seats": [0], "spectators": 0}]
    await room.change(0, 1, None, None)  # a seat: at once, with the count so far
    assert room.sent[-1] == {"seats": [0, 1], "spectators": 2}
    await room.change(0, 1, None)
    await asyncio.sleep(1.0)  # the held-back count follows within the interval
    assert room.sent[-1] == {"seats": [0, 1], "spectators": 1}
    assert len(room.sent) == 3
    # The others hear our own part whenever it changes (they merge it themselves).
    assert room.told[-1] == {"seats": [0, 1], "spectators": 1} and len(room.told) == 5


@async_test
async def test_another_process_sockets_are_merged_and_seats_that_leave_are_dated() -> None:
    room = Room()
    await room.change(0)
    room.board.heard("B", "ROOM", Presence.of([2, None]))
    room.flow.changed("ROOM")
    await asyncio.sleep(0.1)
    assert room.sent[-1] == {"seats": [0, 2], "spectators": 1}
    assert room.flow.current("ROOM") == Presence.of([0, 2, None])
    room.board.heard("B", "ROOM", Presence())
    room.flow.changed("ROOM")
    await asyncio.sleep(0.1)
    assert room.sent[-1] == {"seats": [0], "spectators": 0}
    assert ("ROOM", 2) in room.flow.gone_since
    assert room.told == [{"seats": [0], "spectators": 0}]  # B's sockets are not ours to tell


@async_test
async def test_sockets_arriving_together_are_announced_once() -> None:
    room = Room()
    for count in range(1, 5):  # a room's four seats reconnect, one loop turn apart
        room.sockets = list(range(count))
        room.flow.changed("ROOM")
        await asyncio.sleep(0)
    await until(lambda: room.told)
    assert room.told == [{"seats": [0, 1, 2, 3], "spectators": 0}]  # one notice, not four
    assert room.sent[0] == {"seats": [0], "spectators": 0}  # the room's own sockets: at once
