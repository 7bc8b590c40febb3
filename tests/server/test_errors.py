"""One test per error code of app/server/errors.py, over REST and/or the websocket.

Each refusal carries its code (and the REST status), and leaves everything as it was: the
lobby, the game's version and the log are the same before and after.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx

from app.engine import InvalidConfig
from app.engine.game import check_config
from app.main import create_app
from app.server.errors import ErrorCode
from app.server.rooms import room_config
from app.server.schemas import SERVER_CLIENT_ID
from app.server.settings import Settings

from .client import (
    JSON,
    RATE_BACKOFF,
    RETRIED,
    Api,
    Frame,
    Player,
    Table,
    async_test,
    close_all,
    connect_all,
    new_client_id,
    open_table,
    play_game,
)
from .servers import Server, ServerFactory
from .stored import current_game, room_count

# --- helpers ------------------------------------------------------------------------------


def refused(response: httpx.Response, code: str, status: int) -> None:
    """A REST refusal with this code and status, in the documented body."""
    assert response.status_code == status, response.text
    body = response.json()
    assert body["error"]["code"] == code and body["error"]["message"], body


def is_error(frame: Frame, code: str) -> None:
    """A websocket `error` frame with this code and a human message."""
    assert frame["type"] == "error" and frame["code"] == code and frame["message"], frame


async def refusal(player: Player, message: JSON) -> Frame:
    """The error a message causes; a `rate_limited` or `busy` first (a game just played fast
    can drain the socket's rate) is waited out and the message sent again, as a client does."""
    frame = await player.error(message)
    while frame["code"] in RETRIED:
        await asyncio.sleep(RATE_BACKOFF)
        frame = await player.error(message)
    return frame


async def public_state(api: Api, code: str) -> JSON:
    """Everything anyone may see of a room (presence aside): lobby, game status and log."""
    lobby = await api.lobby(code)
    for seat in lobby["seats"]:
        del seat["connected"]
    return {"lobby": lobby, "log": await api.log(code)}


@asynccontextmanager
async def nothing_changes(api: Api, code: str) -> AsyncIterator[None]:
    """Assert that the body leaves the room exactly as it found it."""
    before = await public_state(api, code)
    yield
    assert await public_state(api, code) == before


async def still_open(player: Player) -> None:
    """The socket survived the refusal: it still answers."""
    pong = await player.request({"type": "ping"}, lambda f: f["type"] in ("pong", "error"))
    assert pong["type"] == "pong", pong


async def seated(server: Server, table: Table, seat: int | None) -> Player:
    """A connected player at `seat` (None: a spectator)."""
    player = Player(server, table.code, None if seat is None else table.tokens[seat])
    sync = await player.connect()
    assert sync["type"] == "sync", sync
    return player


def legal(player: Player) -> JSON:
    """The first legal action of a player."""
    assert player.view is not None and player.view["legal_actions"], player.view
    return dict(player.view["legal_actions"][0])


def act(action: JSON, version: int, client_id: str | None = None) -> JSON:
    """An `act` message."""
    return {"type": "act", "action": action, "version": version,
            "client_id": client_id or new_client_id()}


# --- protocol -----------------------------------------------------------------------------


@async_test
async def test_bad_json(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        async with nothing_changes(api, table.code):
            is_error(await hunted.error('{"type": "act", "action": '), "bad_json")
            is_error(await hunted.error("\x00 not json"), "bad_json")
            await still_open(hunted)
            seats = await api.request("POST", f"/rooms/{table.code}/seats", content="{seat: 3")
            refused(seats, "bad_json", 400)
        rooms = await room_count(shared_server.database.url)
        refused(await api.request("POST", "/rooms", content='{"name": "X",'), "bad_json", 400)
        assert await room_count(shared_server.database.url) == rooms
        await hunted.close()


@async_test
async def test_bad_message(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        async with nothing_changes(api, table.code):
            for message in ({"type": "dance"}, "[1, 2]", {"type": "act", "version": 0},
                            act({"type": "Fly"}, 0), act({"type": "PlayPlaceCards",
                                                         "cards": "one"}, 0),
                            {"type": "chat", "text": "x" * 501}, {"type": "chat", "text": " "},
                            {"type": "auth", "token": table.tokens[2]},  # already in
                            act(legal(hunted), 0, f"{SERVER_CLIENT_ID}bot-1-0")):  # not a client's
                is_error(await hunted.error(message), "bad_message")
            binary = await hunted.error(b'{"type": "ping"}')  # JSON travels in text frames
            is_error(binary, "bad_message")
            await still_open(hunted)
            refused(await api.request("POST", f"/rooms/{table.code}/seats",
                                      json={"seat": 7, "name": "Eve"}), "bad_message", 422)
            refused(await api.request("POST", f"/rooms/{table.code}/seats",
                                      json={"seat": 1, "name": ""}), "bad_message", 422)
        rooms = await room_count(shared_server.database.url)
        refused(await api.request("POST", "/rooms", json={"name": "X", "colour": "red"}),
                "bad_message", 422)
        refused(await api.request("POST", "/rooms", json={"name": "X",
                                                          "options": {"hunted": 9}}),
                "bad_message", 422)
        assert await room_count(shared_server.database.url) == rooms
        await hunted.close()


@async_test
async def test_too_large(shared_server: Server) -> None:
    """Over REST a body over the limit is `too_large`; on the socket the protocol layer closes
    with 1009 (message too big) before the frame is buffered (docs/protocol.md, Limits)."""
    limit = Settings().max_message_bytes
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        async with nothing_changes(api, table.code):
            refused(await api.request("POST", f"/rooms/{table.code}/seats",
                                      json={"seat": 3, "name": "x" * limit}), "too_large", 413)
            is_error(await hunted.error("[" + " " * (limit - 2) + "]"), "bad_message")  # fits
            await still_open(hunted)
            await hunted.send(act(legal(hunted), hunted.version, "x" * limit))
            await hunted.wait_closed()
            assert hunted.close_code == 1009, hunted.close_code
        assert hunted.version == 0
        await hunted.close()


@async_test
async def test_rate_limited(server: ServerFactory) -> None:
    """Beyond the burst, messages are refused until the bucket refills; the socket stays."""
    burst = 4
    slow = server("sqlite", rate_burst=burst, rate_per_second=0.5)
    async with Api(slow) as api:
        table = await open_table(api)
        hunted = await seated(slow, table, 1)  # the auth message spent one token
        async with nothing_changes(api, table.code):
            mark = len(hunted.frames)
            for _ in range(burst - 1):
                await hunted.send({"type": "ping"})
            await hunted.send(act(legal(hunted), hunted.version))
            answers = [await hunted.wait_for(lambda f: f["type"] in ("pong", "error"),
                                             since=mark + i) for i in range(burst)]
            assert [f["type"] for f in answers] == ["pong"] * (burst - 1) + ["error"]
            is_error(answers[-1], "rate_limited")
            await asyncio.sleep(2.2)  # one token back at 0.5 a second
            await still_open(hunted)
        await hunted.close()


@async_test
async def test_busy(server: ServerFactory) -> None:
    """Beyond the moves a process commits at once, a move is refused as `busy` (here the
    limit is 0, so every move is): nothing is played and the socket stays."""
    full = server("sqlite", submits_in_flight=0)
    async with Api(full) as api:
        table = await open_table(api)
        hunted = await seated(full, table, 1)
        async with nothing_changes(api, table.code):
            is_error(await hunted.error(act(legal(hunted), hunted.version)), "busy")
            await still_open(hunted)
        await hunted.close()


@async_test
async def test_unauthenticated(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, start=False)
        stranger = Player(shared_server, table.code)
        await stranger.open()
        async with nothing_changes(api, table.code):
            for message in (act({"type": "Pass"}, 0), {"type": "chat", "text": "hello"},
                            {"type": "resync"}, {"type": "ping"}):
                is_error(await stranger.error(message), "unauthenticated")
            for headers in ({}, {"Authorization": f"Basic {table.tokens[0]}"},
                            {"Authorization": table.tokens[0]}):
                answer = await api.http.post(f"/api/rooms/{table.code}/start", headers=headers)
                refused(answer, "unauthenticated", 401)
            refused(await api.request("DELETE", f"/rooms/{table.code}/seats/me"),
                    "unauthenticated", 401)
        await stranger.close()


@async_test
async def test_bad_token(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        other = await open_table(api, start=False)
        player = Player(shared_server, table.code)
        await player.open()
        async with nothing_changes(api, table.code):
            for token in ("not-a-token", other.tokens[1], table.tokens[1][:-1]):
                is_error(await player.error({"type": "auth", "token": token}), "bad_token")
            # Still a stranger: refused tokens open nothing.
            is_error(await player.error(act({"type": "Pass"}, 0)), "unauthenticated")
            for method, path in (("POST", "/start"), ("POST", "/rematch"), ("GET", "/log"),
                                 ("DELETE", "/seats/me")):
                answer = await api.request(method, f"/rooms/{table.code}{path}",
                                           token=other.tokens[0])
                refused(answer, "bad_token", 403)
        await player.close()


@async_test
async def test_patches_must_be_a_boolean(shared_server: Server) -> None:
    """`patches` is true or false: any other value refuses the `auth` or `watch` as a whole
    (the socket stays a stranger), and the same message with `patches: true` is then taken."""
    async with Api(shared_server) as api:
        table = await open_table(api)
        player = Player(shared_server, table.code)
        await player.open()
        async with nothing_changes(api, table.code):
            for patches in ("yes", 1, None, [True], {"on": True}):
                for message in ({"type": "auth", "token": table.tokens[1]}, {"type": "watch"}):
                    is_error(await player.error({**message, "patches": patches}),
                             "bad_message")
            is_error(await player.error(act({"type": "Pass"}, 0)), "unauthenticated")
        await player.send({"type": "auth", "token": table.tokens[1], "patches": True})
        sync = await player.wait_for(lambda f: f["type"] == "sync")
        assert sync["seat"] == 1
        await player.close()


@async_test
async def test_unknown_room(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, start=False)
        missing = "no-such-room"
        refused(await api.request("GET", f"/rooms/{missing}"), "unknown_room", 404)
        refused(await api.request("GET", f"/rooms/{missing}/log"), "unknown_room", 404)
        rooms = await room_count(shared_server.database.url)
        async with nothing_changes(api, table.code):
            refused(await api.request("POST", f"/rooms/{missing}/seats",
                                      json={"seat": 1, "name": "Ann"}), "unknown_room", 404)
            refused(await api.request("POST", f"/rooms/{missing}/start",
                                      token=table.tokens[0]), "unknown_room", 404)
            player = Player(shared_server, missing, table.tokens[0])
            await player.open()
            is_error(await player.wait_for(lambda f: f["type"] == "error"), "unknown_room")
            await player.wait_closed()
            await player.close()
        assert await room_count(shared_server.database.url) == rooms


# --- rooms and seats ----------------------------------------------------------------------


def engine_refuses(options: JSON) -> bool:
    """Whether the engine refuses the config these room options make (the oracle)."""
    try:
        check_config(room_config(options, options["hunted"]))
    except InvalidConfig:
        return True
    return False


@async_test
async def test_bad_options(shared_server: Server) -> None:
    """Options the schema allows but the engine cannot play are refused, and no room is made."""
    candidates = [{"variant": variant, "abilities": abilities, "board_side": side,
                   "hunted": hunted}
                  for variant in ("base", "frozen-lands") for abilities in (None, False, True)
                  for side in (1, 2) for hunted in (1, 2, 3, 6)]
    refusals = [options for options in candidates if engine_refuses(options)]
    assert refusals, "the engine refuses no option any more: nothing left to test here"
    async with Api(shared_server) as api:
        url = shared_server.database.url
        rooms = await room_count(url)
        for options in refusals:
            answer = await api.request("POST", "/rooms", json={"name": "Host",
                                                               "options": options})
            refused(answer, "bad_options", 409)
        assert await room_count(url) == rooms
        accepted = next(o for o in candidates if not engine_refuses(o))
        assert (await api.request("POST", "/rooms", json={"name": "Host",
                                                          "options": accepted})).is_success


@async_test
async def test_seat_taken(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=3, start=False)
        async with nothing_changes(api, table.code):
            for seat in (0, 1, 2):
                answer = await api.request("POST", f"/rooms/{table.code}/seats",
                                           json={"seat": seat, "name": "Late"})
                refused(answer, "seat_taken", 409)
        names = [s["name"] for s in (await api.lobby(table.code))["seats"]]
        assert names == ["Creature", "Hunted 1", "Hunted 2", "Hunted 3"]


@async_test
async def test_no_such_seat(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2, start=False)
        async with nothing_changes(api, table.code):
            answer = await api.request("POST", f"/rooms/{table.code}/seats",
                                       json={"seat": 3, "name": "Extra"})
            refused(answer, "no_such_seat", 404)
        rooms = await room_count(shared_server.database.url)
        answer = await api.request("POST", "/rooms", json={"name": "Host", "seat": 4,
                                                           "options": {"hunted": 3}})
        refused(answer, "no_such_seat", 404)
        assert await room_count(shared_server.database.url) == rooms


@async_test
async def test_not_host(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, start=False)
        async with nothing_changes(api, table.code):
            for seat in (1, 2):
                refused(await api.request("POST", f"/rooms/{table.code}/start",
                                          token=table.tokens[seat]), "not_host", 403)
            # The host cannot leave: the room would have nobody to start it.
            refused(await api.request("DELETE", f"/rooms/{table.code}/seats/me",
                                      token=table.tokens[0]), "not_host", 403)
        await api.start(table.code, table.tokens[0])
        async with nothing_changes(api, table.code):
            refused(await api.request("POST", f"/rooms/{table.code}/rematch",
                                      token=table.tokens[1]), "not_host", 403)


@async_test
async def test_already_started(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=3, start=False)
        await api.request("DELETE", f"/rooms/{table.code}/seats/me", token=table.tokens[3])
        await api.start(table.code, table.tokens[0])
        async with nothing_changes(api, table.code):
            refused(await api.request("POST", f"/rooms/{table.code}/start",
                                      token=table.tokens[0]), "already_started", 409)
            refused(await api.request("POST", f"/rooms/{table.code}/seats",
                                      json={"seat": 3, "name": "Late"}), "already_started", 409)
            refused(await api.request("DELETE", f"/rooms/{table.code}/seats/me",
                                      token=table.tokens[2]), "already_started", 409)


@async_test
async def test_not_started(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, start=False)
        hunted = await seated(shared_server, table, 1)
        assert hunted.view is None and hunted.version == 0
        async with nothing_changes(api, table.code):
            message = act({"type": "PlayPlaceCards", "cards": [1]}, 0)
            is_error(await hunted.error(message), "not_started")
            refused(await api.request("POST", f"/rooms/{table.code}/rematch",
                                      token=table.tokens[0]), "not_started", 409)
        assert (await api.lobby(table.code))["started"] is False
        await hunted.close()


@async_test
async def test_cannot_start(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        # The host sits as a Hunted and nobody has taken the Creature.
        room = await api.create_room("Hunted host", seat=1, hunted=2)
        await api.claim(room["code"], 2, "Hunted 2")
        async with nothing_changes(api, room["code"]):
            refused(await api.request("POST", f"/rooms/{room['code']}/start",
                                      token=room["token"]), "cannot_start", 409)
        # The Creature alone: no Hunted to hunt.
        alone = await api.create_room("Creature", seat=0, hunted=2)
        async with nothing_changes(api, alone["code"]):
            refused(await api.request("POST", f"/rooms/{alone['code']}/start",
                                      token=alone["token"]), "cannot_start", 409)


# --- playing ------------------------------------------------------------------------------


@async_test
async def test_stale_version(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        assert (await hunted.submit(legal(hunted)))["version"] == 1
        async with nothing_changes(api, table.code):
            for version in (0, 2, -1):
                mark = len(hunted.frames)
                is_error(await hunted.error(act(legal(hunted), version)), "stale_version")
                # The refusal comes with the latest picture.
                sync = await hunted.wait_for(lambda f: f["type"] == "sync", since=mark)
                assert sync["version"] == 1
        assert (await current_game(shared_server.database.url, table.code)).version == 1
        await hunted.close()


@async_test
async def test_not_your_turn(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        creature = await seated(shared_server, table, 0)
        watcher = await seated(shared_server, table, None)
        # Closing its Exploration window leaves the Creature nothing to do until the Hunt.
        assert (await creature.submit({"type": "Pass"}))["version"] == 1
        assert creature.view is not None and creature.view["legal_actions"] == []
        async with nothing_changes(api, table.code):
            is_error(await creature.error(act({"type": "Pass"}, 1)), "not_your_turn")
            is_error(await watcher.error(act({"type": "Pass"}, 1)), "not_your_turn")
            is_error(await watcher.error({"type": "chat", "text": "boo"}), "not_your_turn")
        await close_all([creature, watcher])


@async_test
async def test_illegal_action(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted, creature = await seated(shared_server, table, 1), await seated(shared_server,
                                                                                table, 0)
        async with nothing_changes(api, table.code):
            for action in ({"type": "PlayPlaceCards", "cards": [99]},
                           {"type": "PlayPlaceCards", "cards": [1, 2]},
                           {"type": "Resist", "will": 1}):
                is_error(await hunted.error(act(action, 0)), "illegal_action")
            hunt = {"type": "PlaceHuntToken", "token": "creature", "places": [1]}
            is_error(await creature.error(act(hunt, 0)), "illegal_action")
        await close_all([hunted, creature])


@async_test
async def test_game_over(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        players = await connect_all(shared_server, table)
        moves = await play_game(players, random.Random(21))
        async with nothing_changes(api, table.code):
            for player in players:
                mark = len(player.frames)
                is_error(await refusal(player, act({"type": "Pass"}, moves)), "game_over")
                sync = await player.wait_for(lambda f: f["type"] == "sync", since=mark)
                assert sync["version"] == moves and sync["view"]["outcome"] is not None
        game = await current_game(shared_server.database.url, table.code)
        assert game.version == len(game.actions) == moves
        await close_all(players)


@async_test
async def test_not_over(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        await hunted.submit(legal(hunted))
        async with nothing_changes(api, table.code):
            refused(await api.request("POST", f"/rooms/{table.code}/rematch",
                                      token=table.tokens[0]), "not_over", 409)
        lobby = await api.lobby(table.code)
        assert lobby["game"]["number"] == 1 and lobby["game"]["version"] == 1
        await hunted.close()


@async_test
async def test_still_connected(shared_server: Server) -> None:
    """A connected player cannot be replaced by a bot: only after a grace period)."""
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        async with nothing_changes(api, table.code):
            refused(await api.request("POST", f"/rooms/{table.code}/seats/1/replace",
                                      token=table.tokens[0]), "still_connected", 409)
        lobby = await api.lobby(table.code)
        assert lobby["seats"][1]["bot"] is None
        await hunted.close()


# --- idempotency ----------------------------------------------------------------------------


@async_test
async def test_a_repeated_client_id_is_not_applied_twice(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api)
        hunted = await seated(shared_server, table, 1)
        first = act(legal(hunted), 0)
        answer = await hunted.request(first, lambda f: f["type"] in ("update", "error"))
        assert answer["type"] == "update" and answer["version"] == 1
        async with nothing_changes(api, table.code):
            retry_later = {**first, "version": 1, "action": legal(hunted)}
            for message in (first, retry_later):  # a retry, even at the new version
                mark = len(hunted.frames)
                sync = await hunted.request(message, lambda f: f["type"] in ("sync", "error"))
                assert sync["type"] == "sync" and sync["version"] == 1, sync
                assert not [f for f in hunted.frames[mark:] if f["type"] == "update"]
        game = await current_game(shared_server.database.url, table.code)
        assert [a.client_id for a in game.actions] == [first["client_id"]]
        await hunted.close()


@async_test
async def test_a_client_id_is_looked_for_among_its_own_seats_moves_only(
        shared_server: Server) -> None:
    """A stale act carrying the client id of another seat's move is refused like any stale act
    (`stale_version`, then a sync), not taken for a retry: otherwise any id could be asked
    about, the server's moves for other seats among them."""
    async with Api(shared_server) as api:
        table = await open_table(api)
        creature, hunted = [await seated(shared_server, table, seat) for seat in (0, 1)]
        theirs = act(legal(hunted), 0)
        played = await hunted.request(theirs, lambda f: f["type"] in ("update", "error"))
        assert played["type"] == "update" and played["version"] == 1, played
        await creature.wait_version(1)
        async with nothing_changes(api, table.code):
            mark = len(creature.frames)
            answer = await creature.request(act({"type": "Pass"}, 0, theirs["client_id"]),
                                            lambda f: f["type"] in ("sync", "error"))
            is_error(answer, "stale_version")
            sync = await creature.wait_for(lambda f: f["type"] == "sync", since=mark)
            assert sync["version"] == 1
        await close_all([creature, hunted])


@async_test
async def test_not_found(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        refused(await api.request("GET", "/no/such/endpoint"), "not_found", 404)
        refused(await api.request("POST", "/rooms/abc/seats/1/dance"), "not_found", 404)


@async_test
async def test_method_not_allowed(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, start=False)
        async with nothing_changes(api, table.code):
            answer = await api.request("PUT", f"/rooms/{table.code}/start",
                                       token=table.tokens[0])
            refused(answer, "method_not_allowed", 405)
            assert answer.headers["allow"] == "POST"
            refused(await api.request("DELETE", f"/rooms/{table.code}"),
                    "method_not_allowed", 405)


async def refused_socket(server: Server, code: str, error: str) -> None:
    """A socket on room `code` is answered with this error and closed, before any work."""
    player = Player(server, code)
    await player.open()
    is_error(await player.wait_for(lambda f: f["type"] == "error"), error)
    await player.wait_closed()
    assert [f["type"] for f in player.frames] == ["error"], player.frames
    await player.close()


@async_test
async def test_room_full(server: ServerFactory) -> None:
    """Caps per room (SOCKETS_PER_ROOM, SPECTATORS_PER_ROOM): the socket over the cap is
    refused; the room's players see no presence change; a freed place is taken again."""
    app = server("sqlite", sockets_per_room=4, spectators_per_room=2)
    async with Api(app) as api:
        table = await open_table(api)
        creature = await seated(app, table, 0)
        watchers = [await seated(app, table, None) for _ in range(2)]
        await creature.wait_for(lambda f: f.get("presence", {}).get("spectators") == 2)
        mark = len(creature.frames)
        third = Player(app, table.code)
        await third.open()
        is_error(await third.error({"type": "watch"}), "room_full")
        # Still open and still a stranger: it may yet authenticate with a seat's token.
        is_error(await third.error({"type": "ping"}), "unauthenticated")
        await refused_socket(app, table.code, "room_full")  # the fifth socket on the room
        assert not [f for f in creature.frames[mark:] if f["type"] == "presence"]
        await watchers[0].close()
        await third.close()
        again = await seated(app, table, None)  # places freed: admitted again
        await close_all([creature, watchers[1], again])


@async_test
async def test_too_many_sockets(server: ServerFactory) -> None:
    """At most SOCKETS_PER_ADDRESS open sockets from one address, over all rooms."""
    app = server("sqlite", sockets_per_address=3)
    async with Api(app) as api:
        first, second = await open_table(api), await open_table(api)
        players = [await seated(app, first, 0), await seated(app, first, 1),
                   await seated(app, second, 0)]
        async with nothing_changes(api, second.code):
            await refused_socket(app, second.code, "too_many_sockets")
        await players.pop().close()
        players.append(await seated(app, second, 1))
        await close_all(players)


@async_test
async def test_internal(tmp_path: Path) -> None:
    """An exception no handler expects is answered in the error shape, with the security
    headers, not the framework's plain-text page."""
    app = create_app(Settings(database_url=f"sqlite+aiosqlite:///{tmp_path / 'nao.db'}"))

    @app.get("/api/broken")
    async def broken() -> None:
        raise RuntimeError("a bug")

    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        response = await client.get("/api/broken")
    refused(response, "internal", 500)
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


def test_every_error_code_has_a_test() -> None:
    tested = {name.removeprefix("test_") for name in globals() if name.startswith("test_")}
    assert {code.value for code in ErrorCode} <= tested

