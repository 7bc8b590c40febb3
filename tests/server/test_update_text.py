"""The `update` text built from plain dicts on the hot path is the one the frame models encode.

Source: docs/protocol.md (the `update` frame, `client_id` on the acting seat's sockets only);
the move's budget (each frame encoded once per audience, without the models' validation per move).
"""

from __future__ import annotations

from random import Random

from app.engine import (
    Config,
    active_seats,
    apply_action,
    legal_actions,
    new_game,
    seat_view,
    seat_views,
)
from app.server.frames import EventOut, OwnUpdateFrame, UpdateFrame
from app.server.publish import seen_events, update_frame
from app.server.texts import StateWire, encode_fields, encode_update


def test_every_seat_gets_the_text_the_models_would_encode() -> None:
    rng = Random("update-text")
    checked = 0
    for seed, variant in ((0, "base"), (1, "base"), (2, "frozen-lands")):
        state = new_game(Config(hunted=3, variant=variant), seed)
        for version in range(1, 120):
            seats = active_seats(state)
            if not seats:
                break
            actor = rng.choice(seats)
            state, events = apply_action(state, actor, rng.choice(legal_actions(state, actor)))
            shared = seat_views(state, (None, *range(4)))  # as the publisher builds them
            cache = StateWire()
            for seat in (None, *range(4)):
                seen = [EventOut(seq=version, kind=e.kind, data=e.data)
                        for e in events if e.visible_to(seat)]
                view = seat_view(state, seat)
                model = (OwnUpdateFrame(version=version, view=view, events=seen, client_id="c")
                         if seat == actor else UpdateFrame(version=version, view=view,
                                                           events=seen))
                own = "c" if seat == actor else None
                text = model.encode()
                assert update_frame(version, shared[seat], events, seat, own) == text
                assert update_frame(version, shared[seat], events, seat, own, None, cache) == text
                fields = cache.fields(shared[seat])  # a socket that takes patches, first update
                assert encode_fields(version, fields, seen_events(version, events, seat),
                                     own, None) == text
                checked += 1
    assert checked > 1000


def test_a_key_that_is_not_a_string_is_written_as_the_models_write_it() -> None:
    """No view or event has one today; the fast path must not make one a failed publish."""
    state = new_game(Config(hunted=3), 0)
    view = seat_view(state, 1)
    events = [EventOut(seq=1, kind="pass", data={"by_seat": {2: "x"}})]
    model = UpdateFrame(version=1, view=view, events=events).encode()
    shown = [{"seq": 1, "kind": "pass", "data": {"by_seat": {2: "x"}}, "by": None}]
    assert encode_update(1, view, shown, None) == model
    assert '"by_seat":{"2":"x"}' in model
