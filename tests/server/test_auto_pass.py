"""Auto-pass: the server passes for a seat that holds nothing it could play.

A seat in `when_nothing` (every human seat's default) whose legal actions are exactly [Pass] is
passed for after a short random delay, through the same move path as a click, so the other
seats receive exactly what a clicked pass would send them; a dropped socket does not stop it.
"""

from __future__ import annotations

import asyncio
import inspect
import random
import re

from app.engine import legal_actions, view_for
from app.server.plans import PASS_DELAY, pass_delay
from app.server.schemas import SERVER_CLIENT_ID

from .client import (
    JSON,
    RATE_BACKOFF,
    RETRIED,
    Api,
    Frame,
    Player,
    async_test,
    close_all,
    connect_all,
    open_table,
)
from .servers import Server, ServerFactory
from .stored import StoredGame, as_json, check_log, current_game

PASS = {"type": "Pass"}
AUTOMATIC = f"{SERVER_CLIENT_ID}auto-"  # the client ids the server gives its passes


def only_pass(player: Player) -> bool:
    """The game waits on this seat and Pass is all it may do."""
    return player.must_act() and player.view is not None and \
        player.view["legal_actions"] == [PASS]


async def play_around_passes(players: list[Player], rng: random.Random, moves: int) -> None:
    """Play `moves` decisions at random, never a pass-only one: the server makes those."""
    for _ in range(moves):
        view = players[0].view
        if view is None or view["outcome"] is not None:
            return
        movers = [p for p in players if p.must_act() and not only_pass(p)]
        if not movers:  # only pass-only seats are waited on: the server must move
            target = max(p.version for p in players) + 1
            await asyncio.gather(*(p.wait_version(target) for p in players))
            continue
        mover = rng.choice(movers)
        assert mover.view is not None
        frame = await mover.submit(rng.choice(mover.view["legal_actions"]))
        if frame["type"] == "error":  # an automatic pass came first: look again
            assert frame["code"] == "stale_version", frame
            await mover.wait_for(lambda f: f["type"] == "sync")
            continue
        await asyncio.gather(*(p.wait_version(frame["version"]) for p in players))


def expected_update(game: StoredGame, version: int, seat: int) -> JSON:
    """What a seat that did not act is sent for the move that made `version`."""
    state = game.states()[version]
    events = [e for e in game.visible_events(seat) if e["seq"] == version]
    return {"type": "update", "version": version, "view": as_json(view_for(state, seat)),
            "events": events}


def update_at(player: Player, version: int) -> Frame:
    """The update of `version` this socket received."""
    [frame] = [f for f in player.frames if f["type"] == "update" and f["version"] == version]
    return frame


def test_the_delay_is_one_distribution_for_everyone() -> None:
    """It takes nothing about the seat (no hand, no state) and stays within 0.5–1.5 s."""
    assert inspect.signature(pass_delay).parameters == {}
    samples = [pass_delay() for _ in range(2000)]
    assert PASS_DELAY == (0.5, 1.5)
    assert all(0.5 <= s <= 1.5 for s in samples)
    assert min(samples) < 0.6 and max(samples) > 1.4  # spread over the range


@async_test
async def test_a_seat_with_only_pass_is_passed_for_like_a_click(server: ServerFactory) -> None:
    live: Server = server("sqlite", auto_pass_default="when_nothing")
    async with Api(live) as api:
        table = await open_table(api, hunted=2)
    players = await connect_all(live, table)
    assert all(p.frames[0]["auto_pass"] == "when_nothing" for p in players)
    rng = random.Random(8)
    await play_around_passes(players, rng, moves=60)
    await close_all(players)

    game = await current_game(live.database.url, table.code)
    check_log(game)
    states = game.states()
    automatic = [row for row in game.actions if row.client_id.startswith(AUTOMATIC)]
    clicked = [row for row in game.actions
               if row.action == PASS and not row.client_id.startswith(AUTOMATIC)]
    assert len(automatic) >= 3, "the server never passed for anyone"
    for row in [*automatic, *clicked]:
        assert row.action == PASS
        by = "auto_pass" if row in automatic else None  # logged as the server's pass
        assert row.by == by
        if row in automatic:  # only for a seat that had nothing else to do
            legal = legal_actions(states[row.seq - 1], row.seat)
            assert [a.to_json() for a in legal] == [PASS]
        for seat, player in enumerate(players):
            frame = update_at(player, row.seq)
            if seat == row.seat:  # the acting seat's sockets find the move's client id,
                assert frame["client_id"] == row.client_id
                assert {e["by"] for e in frame["events"]} == {by}  # and whether it was theirs
            else:  # the others get exactly what any pass sends them (no mark: it would
                # tell that the seat had nothing else to play)
                assert frame == expected_update(game, row.seq, seat)


@async_test
async def test_nobody_can_ask_whether_the_server_passed_for_another_seat(
        server: ServerFactory) -> None:
    """A stale act carrying the client id of the server's pass for another seat is answered
    as one naming a version at which the server did not pass for it: the answer would
    otherwise tell that seat's hand held nothing it could play."""
    live = server("sqlite", auto_pass_default="when_nothing")
    async with Api(live) as api:
        table = await open_table(api, hunted=2)
    players = await connect_all(live, table)
    rng = random.Random(5)
    for _ in range(10):
        await play_around_passes(players, rng, moves=10)
        game = await current_game(live.database.url, table.code)
        passes = [row for row in game.actions if row.by == "auto_pass"]
        if passes:
            break
    assert passes, "the server never passed for anyone"
    passed = passes[0]  # the server passed for `passed.seat` at version `passed.seq - 1`
    missed = next(row.seq - 1 for row in game.actions if row.seat != passed.seat)
    asker = next(p for p in players if p.seat != passed.seat)
    answers = []
    for version in (passed.seq - 1, missed):
        # The server's client id for that seat at `version` (its ids end with the version).
        client_id = re.sub(r"\d+$", str(version), passed.client_id)
        message = {"type": "act", "action": PASS, "version": version, "client_id": client_id}
        answers.append(await answer_to(asker, message))
    assert [a["type"] for a in answers] == ["error", "error"], answers  # no retry's bare sync
    assert answers[0]["code"] == answers[1]["code"], answers
    await close_all(players)


async def answer_to(player: Player, message: JSON) -> Frame:
    """The `sync` or `error` a message is answered with (and the sync after a refusal that
    brings one, so that it is not taken for the next answer); a refusal that says "not now"
    (a socket that played fast may have spent its rate) is waited out and the message resent."""
    while True:
        mark = len(player.frames)
        frame = await player.request(message, lambda f: f["type"] in ("sync", "error"))
        if frame["type"] == "sync" or frame["code"] not in RETRIED:
            break
        await asyncio.sleep(RATE_BACKOFF)
    if frame["type"] == "error" and frame["code"] in ("stale_version", "game_over"):
        await player.wait_for(lambda f: f["type"] == "sync", since=mark)
    return frame


@async_test
async def test_a_dropped_socket_does_not_stop_auto_pass(server: ServerFactory) -> None:
    live = server("sqlite", auto_pass_default="when_nothing")
    async with Api(live) as api:
        table = await open_table(api, hunted=1)
    players = await connect_all(live, table)
    creature, hunted = players
    # Both seats click everything, so the server cannot pass the moment away before we reach it.
    for player in players:
        await set_mode(player, "off")
    rng = random.Random(3)
    # The deal is the server's: about 1 game in 20 ends before that moment, so rematch then.
    for _ in range(4):
        if await play_until_only_the_hunted_passes(players, rng):
            break
        marks = [len(p.frames) for p in players]
        async with Api(live) as api:
            await api.rematch(table.code, table.tokens[0])
        for player, mark in zip(players, marks, strict=True):
            await player.wait_for(lambda f: f["type"] == "sync", since=mark)
    assert only_pass(hunted) and not creature.must_act(), "the Hunted never held only Pass"
    version = hunted.version
    await set_mode(hunted, "when_nothing")  # the pass is due 0.5-1.5 s from now
    await hunted.close()
    await creature.wait_version(version + 1)  # the server passed for the Hunted anyway
    game = await current_game(live.database.url, table.code)
    assert game.actions[version].client_id.startswith(AUTOMATIC)
    assert game.actions[version].seat == 1
    await creature.close()


async def play_until_only_the_hunted_passes(players: list[Player], rng: random.Random) -> bool:
    """Random decisions until the game waits on the Hunted alone, with Pass all she may do:
    True then, False if the game ended first."""
    creature, hunted = players
    while hunted.must_act() or creature.must_act():
        if only_pass(hunted) and not creature.must_act():
            return True
        await play_one(players, rng, skip=hunted if only_pass(hunted) else None)
    return False


async def set_mode(player: Player, mode: str) -> None:
    """Choose the seat's auto-pass mode and wait for the server's answer."""
    answer = await player.request({"type": "auto_pass", "mode": mode},
                                  lambda f: f["type"] == "auto_pass")
    assert answer["mode"] == mode


async def play_one(players: list[Player], rng: random.Random, skip: Player | None) -> None:
    """One random decision by a seat the game waits on (not `skip`); all see its version."""
    mover = rng.choice([p for p in players if p.must_act() and p is not skip])
    assert mover.view is not None
    action = rng.choice(mover.view["legal_actions"])
    while (frame := await mover.submit(action))["type"] == "error":
        assert frame["code"] in RETRIED, frame  # clicking this fast may spend the socket's rate
        await asyncio.sleep(RATE_BACKOFF)
    await asyncio.gather(*(p.wait_version(frame["version"]) for p in players))


@async_test
async def test_the_mode_is_kept_answered_and_synced(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
    hunted = Player(shared_server, table.code, table.tokens[1])
    await hunted.connect()
    answer = await hunted.request({"type": "auto_pass", "mode": "off"},
                                  lambda f: f["type"] == "auto_pass")
    assert answer == {"type": "auto_pass", "mode": "off"}
    sync = await hunted.resync()
    assert sync["auto_pass"] == "off"
    # Facing a decision without Pass (Exploration), "until my next decision" ends at once.
    mark = len(hunted.frames)
    await hunted.send({"type": "auto_pass", "mode": "until_decision"})
    await hunted.wait_for(lambda _: len(modes_since(hunted, mark)) == 2, since=mark)
    assert modes_since(hunted, mark) == ["until_decision", "when_nothing"]
    watcher = Player(shared_server, table.code)
    assert (await watcher.connect())["auto_pass"] is None
    refused = await watcher.error({"type": "auto_pass", "mode": "off"})
    assert refused["code"] == "not_your_turn"
    await close_all([hunted, watcher])


def modes_since(player: Player, mark: int) -> list[str]:
    """The modes of the `auto_pass` frames a socket got from frame `mark` on."""
    return [f["mode"] for f in player.frames[mark:] if f["type"] == "auto_pass"]
