"""The `sync` text built from plain data in a storm of joins is the one the frame model encodes.

Source: docs/protocol.md (the `sync` frame: seat, lobby, presence, chat, version, view, events,
auto-pass); docs/performance.md, "Storms" (a sync's encoding is a join's largest cost).
"""

from __future__ import annotations

from random import Random

from app.engine import Config, active_seats, apply_action, legal_actions, new_game, seat_views
from app.server.frames import ChatLine, EventOut, Presence, SyncFrame
from app.server.publish import lobby_of
from app.server.reads import GameInfo, RoomInfo, SeatInfo
from app.server.settings import AutoPass
from app.server.texts import StateWire, encode_sync, sync_room


def room_of(version: int) -> RoomInfo:
    seats = [SeatInfo(0, "Morgan", None, AutoPass.OFF),
             SeatInfo(1, "Ada", "heuristic", AutoPass.WHEN_NOTHING, away=True),
             SeatInfo(3, "Ché \"quoted\" ✓", None, AutoPass.UNTIL_DECISION)]
    return RoomInfo("room-code", {"variant": "base", "hunted": 3, "board_side": "a",
                                  "clock_seconds": 12.5}, 0, seats,
                    GameInfo(2, version, False, 3, None))


def test_every_seat_gets_the_sync_text_the_model_would_encode() -> None:
    rng = Random("sync-text")
    presence = Presence(seats=[0, 3], spectators=2)
    chat = [ChatLine(id=i, seat=i % 4, name=f"n{i}", text=f"line {i} ✓ \"q\"",
                     at="2026-12-01T23:00:00.123456+00:00") for i in range(3)]
    checked = 0
    for seed, variant in ((0, "base"), (2, "frozen-lands")):
        state = new_game(Config(hunted=3, variant=variant), seed)
        for version in range(1, 60, 7):
            for _ in range(7):
                if seats := active_seats(state):
                    actor = rng.choice(seats)
                    state, events = apply_action(state, actor,
                                                 rng.choice(legal_actions(state, actor)))
            room = room_of(version)
            lobby = lobby_of(room, presence)
            plain = sync_room(lobby, presence, chat)
            views, cache = seat_views(state, (None, *range(4))), StateWire()
            for seat in (None, *range(4)):
                seen = [EventOut(seq=version, kind=e.kind, data=e.data, by="clock")
                        for e in events if e.visible_to(seat)]
                mode = None if seat is None else AutoPass.OFF
                model = SyncFrame(seat=seat, lobby=lobby, presence=presence, chat=chat,
                                  version=version, view=views[seat], events=seen, auto_pass=mode)
                assert encode_sync(seat, plain, version, views[seat], seen, mode,
                                   cache) == model.encode()
                checked += 1
    lobby = lobby_of(RoomInfo("r", {"variant": "base", "hunted": 2}, 0, [], None), presence)
    before_start = SyncFrame(seat=None, lobby=lobby, presence=presence, chat=[], version=0,
                             view=None, events=[], auto_pass=None)
    assert encode_sync(None, sync_room(lobby, presence, []), 0, None, [], None) == \
        before_start.encode()
    assert checked > 50
