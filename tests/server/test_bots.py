"""Computer players in rooms: bot seats, clocks, and leavers replaced and returning."""

from __future__ import annotations

import asyncio
import random

from .client import WAIT_SECONDS, Api, Player, async_test
from .servers import ServerFactory

FAST = {"bot_delay_ms": 0}


async def human_move(player: Player, rng: random.Random) -> None:
    """A random legal move; losing a race to a bot (stale_version) is normal: look again."""
    assert player.view is not None
    frame = await player.submit(rng.choice(player.view["legal_actions"]))
    if frame["type"] == "error":
        assert frame["code"] in ("stale_version", "rate_limited"), frame
        await asyncio.sleep(0.02)


async def play_until(player: Player, rng: random.Random, done: object) -> None:
    """Move whenever the game waits on `player`, until `done()` is true."""
    assert callable(done)
    while not done():
        if player.must_act():
            await human_move(player, rng)
        else:
            await asyncio.sleep(0.01)


async def _room_with_bots(api: Api, hunted: int, **options: object) -> tuple[str, str]:
    """A room where the host is the Creature and every Hunted seat is a bot."""
    room = await api.create_room("Human", 0, hunted=hunted, **options)
    code, token = room["code"], room["token"]
    for seat in range(1, hunted + 1):
        response = await api.request("POST", f"/rooms/{code}/seats/{seat}/bot", token=token,
                                     json={"kind": "heuristic"})
        assert response.status_code == 201, response.text
    return code, token


@async_test
async def test_one_human_and_bots_play_a_game_to_its_end(server: ServerFactory) -> None:
    live = server("sqlite")
    async with Api(live) as api:
        code, token = await _room_with_bots(api, 2, **FAST)
        lobby = await api.lobby(code)
        assert [s["bot"] for s in lobby["seats"]] == [None, "heuristic", "heuristic"]
        await api.start(code, token)
        human = Player(live, code, token)
        await human.connect()
        rng = random.Random(3)
        async with asyncio.timeout(120):
            await play_until(human, rng,
                             lambda: human.view is not None and human.view["outcome"] is not None)
        assert human.view["outcome"]["winner"] in ("creature", "hunted")
        log = await api.log(code, token)
        chosen = {e["data"]["hunted"] for e in log["events"]
                  if e["kind"] == "place_cards_chosen"}
        assert chosen == {1, 2}, "both bot Hunted chose their Place cards"
        await human.close()


@async_test
async def test_only_the_host_seats_bots_and_only_on_free_seats(server: ServerFactory) -> None:
    live = server("sqlite")
    async with Api(live) as api:
        room = await api.create_room("Host", 0, hunted=2)
        guest = await api.claim(room["code"], 1, "Guest")
        path = f"/rooms/{room['code']}/seats/2/bot"
        refused = await api.request("POST", path, token=guest["token"], json={})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_host"
        taken = await api.request("POST", f"/rooms/{room['code']}/seats/1/bot",
                                  token=room["token"], json={})
        assert taken.json()["error"]["code"] == "seat_taken"
        lobby = await api.lobby(room["code"])
        assert [s["bot"] for s in lobby["seats"]] == [None, None, None]


@async_test
async def test_a_clock_timeout_makes_the_move_and_the_game_goes_on(
        server: ServerFactory) -> None:
    live = server("sqlite")
    async with Api(live) as api:
        room = await api.create_room("Creature", 0, hunted=1, clock_seconds=5, **FAST)
        hunted = await api.claim(room["code"], 1, "Slow")
        await api.start(room["code"], room["token"])
        creature = Player(live, room["code"], room["token"])
        slow = Player(live, room["code"], hunted["token"])
        await creature.connect()
        await slow.connect()
        assert slow.must_act() and creature.must_act()
        start = creature.version
        # Nobody moves: after the clock runs out, the seats' bots move for them.
        await creature.wait_for(lambda f: f["type"] == "timeout", timeout=20)
        await creature.wait_version(start + 1, timeout=20)
        assert creature.version > start
        await creature.close()
        await slow.close()


@async_test
async def test_a_leaver_replaced_by_a_bot_gets_the_seat_back(server: ServerFactory) -> None:
    live = server("sqlite", grace_seconds=0.5)
    async with Api(live) as api:
        room = await api.create_room("Host", 0, hunted=1, **FAST)
        leaver = await api.claim(room["code"], 1, "Leaver")
        await api.start(room["code"], room["token"])
        host = Player(live, room["code"], room["token"])
        gone = Player(live, room["code"], leaver["token"])
        await host.connect()
        await gone.connect()
        path = f"/rooms/{room['code']}/seats/1/replace"
        early = await api.request("POST", path, token=room["token"])
        assert early.json()["error"]["code"] == "still_connected"
        await gone.close()
        replaced = early
        async with asyncio.timeout(WAIT_SECONDS):  # refused until the grace period is over
            while replaced.status_code != 200:
                assert replaced.json()["error"]["code"] == "still_connected", replaced.text
                await asyncio.sleep(0.05)
                replaced = await api.request("POST", path, token=room["token"])
        assert replaced.json()["seats"][1]["bot"] == "heuristic"
        # The bot now plays the Hunted's Exploration: the version moves without them.
        version = host.version
        rng = random.Random(1)
        async with asyncio.timeout(30):
            await play_until(host, rng, lambda: host.version >= version + 3)
        back = Player(live, room["code"], leaver["token"])
        sync = await back.connect()
        assert sync["seat"] == 1
        lobby = await api.lobby(room["code"])
        assert lobby["seats"][1]["bot"] is None and lobby["seats"][1]["connected"]
        await host.close()
        await back.close()
