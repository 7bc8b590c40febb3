"""Patches: a socket that asked for them (`patches` in its `auth` or `watch`) and holds the view
of the version before gets an `update` whose view has only the fields that changed (and the few
small ones that always go); merged over the view before, it is the seat's whole view. A socket
that did not ask, or whose last view is not the one before, gets the whole view.

Source: docs/protocol.md ("Patches").
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from app.engine import view_for
from app.server.hub import Connection
from app.server.live import LiveGame
from app.server.roles import Delivery
from app.server.texts import COMPARED

from .harness import Service, frames, play_on

JSON = dict[str, Any]


def whole(live: LiveGame, seat: int | None) -> JSON:
    """The seat's view of the live game, as the wire carries it."""
    result: JSON = json.loads(json.dumps(view_for(live.state, seat)))
    return result


async def one_update(conn: Connection) -> JSON:
    """The one frame sent to `conn` since the last look: an `update`."""
    [update] = await frames(conn)
    assert update["type"] == "update", update
    return update


def test_a_socket_that_asked_gets_the_changed_fields_and_their_merge_is_its_view(
        tmp_path: Path) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            code, tokens = await service.open_table(hunted=3)
            live = await service.roles.moves.live(code)
            assert live is not None
            patched = {seat: await service.connect(code, tokens.get(seat), patches=True)
                       for seat in (0, 1, None)}
            plain = await service.connect(code, tokens[2])
            views: dict[int | None, JSON] = {}
            for seat, conn in patched.items():
                [sync] = await frames(conn)
                views[seat] = sync["view"]
            await frames(plain)
            left_out = 0
            for number in range(1, 25):
                await play_on(service, code, live, f"c{number}")
                for seat, conn in patched.items():
                    update = await one_update(conn)
                    assert update["patch"] is True and update["version"] == number
                    expected = whole(live, seat)
                    changed = {k for k in COMPARED if expected[k] != views[seat][k]}
                    assert changed <= update["view"].keys() <= expected.keys()
                    left_out += len(expected.keys() - update["view"].keys())
                    views[seat] = {**views[seat], **update["view"]}
                    assert views[seat] == expected
                update = await one_update(plain)
                assert "patch" not in update and update["view"] == whole(live, 2)
            assert left_out > 0, "every patch carried the whole view: nothing was tested"
    asyncio.run(run())


def test_a_socket_whose_last_view_is_not_the_one_before_gets_the_whole_view(
        tmp_path: Path) -> None:
    """On a process that loaded the room for its sockets, the first update is a patch too (the
    fields before are built from the state before); a socket whose last view is not known to
    be the version before gets the whole view, and patches again once it holds one."""
    async def run() -> None:
        async with Service(tmp_path) as here, Service(tmp_path) as there:
            code, tokens = await there.open_table(hunted=2)
            first = await here.connect(code, tokens[1], patches=True)
            other = await here.connect(code, tokens[1], patches=True)
            [sync] = await frames(first)
            await frames(other)
            live = await there.roles.moves.live(code)
            assert live is not None
            delivery = Delivery(here.roles)

            await delivery.moved(code, await play_on(there, code, live, "c1"))
            for conn in (first, other):
                update = await one_update(conn)
                assert update["patch"] is True
                assert {**sync["view"], **update["view"]} == whole(live, 1)

            other.shown = None  # as a socket whose last view is not known to be version 1
            await delivery.moved(code, await play_on(there, code, live, "c2"))
            assert (await one_update(first))["patch"] is True
            update = await one_update(other)
            assert "patch" not in update and update["view"] == whole(live, 1)

            await delivery.moved(code, await play_on(there, code, live, "c3"))
            for conn in (first, other):  # both hold version 2 now
                assert (await one_update(conn))["patch"] is True
    asyncio.run(run())


def test_a_socket_synced_mid_game_gets_patches_from_its_sync_on(tmp_path: Path) -> None:
    async def run() -> None:
        async with Service(tmp_path) as service:
            code, tokens = await service.open_table(hunted=2)
            live = await service.roles.moves.live(code)
            assert live is not None
            for number in range(1, 4):
                await play_on(service, code, live, f"c{number}")
            late = await service.connect(code, tokens[1], patches=True)
            [sync] = await frames(late)
            assert sync["version"] == 3
            await play_on(service, code, live, "c4")
            update = await one_update(late)
            assert update["patch"] is True
            assert {**sync["view"], **update["view"]} == whole(live, 1)
    asyncio.run(run())
