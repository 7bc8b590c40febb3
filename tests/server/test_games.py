"""Complete games through a real server, on SQLite and on Postgres.

The database must hold the whole story: the snapshot is the fold of the logged actions, the REST
log gives each seat only the events it may see, and a rematch starts game 2 on the same seats.
"""

from __future__ import annotations

import random

from .client import JSON, Api, Player, async_test, close_all, connect_all, open_table, play_game
from .servers import Server
from .stored import as_json, check_log, current_game, stored_games

PRIVATE_TO_OWNER = "place_cards_chosen_by_you"


@async_test
async def test_a_complete_game_is_stored_whole_and_replays_to_its_snapshot(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(shared_server, table)
        moves = await play_game(players, random.Random(11))
        outcome = players[0].view["outcome"] if players[0].view else None
        assert outcome is not None and outcome["winner"] in ("creature", "hunted")
        for player in players:
            assert player.version == moves and player.view is not None
            assert player.view["outcome"] == outcome and player.view["phase"] == "over"
        await close_all(players)

        game = await current_game(shared_server.database.url, table.code)
        assert game.status == "over" and game.version == moves == len(game.actions)
        check_log(game)
        replayed = game.replayed()
        assert replayed.winner == outcome["winner"] and replayed.reason == outcome["reason"]
        lobby = await api.lobby(table.code)
        assert lobby["game"] == {"number": 1, "version": moves, "status": "over",
                                 "outcome": outcome}


@async_test
async def test_the_rest_log_gives_each_seat_only_the_events_it_may_see(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(shared_server, table)
        await play_game(players, random.Random(12), stop_after=40)
        await close_all(players)
        game = await current_game(shared_server.database.url, table.code)
        assert any("to" in e for a in game.actions for e in a.events), "no private event yet"

        logs: dict[int | None, JSON] = {None: await api.log(table.code)}
        for number, token in table.tokens.items():
            logs[number] = await api.log(table.code, token)
        for seat, log in logs.items():
            assert log == {"version": game.version, "events": game.visible_events(seat),
                           "before": None}  # one page holds the whole game
        chosen = {seat: [e for e in log["events"] if e["kind"] == PRIVATE_TO_OWNER]
                  for seat, log in logs.items()}
        assert chosen[0] == [] and chosen[None] == []
        for hunted in (1, 2):
            assert chosen[hunted], f"Hunted {hunted} sees none of its own choices"
            # Its own choices only: each one comes from a move it made.
            own = {a.seq for a in game.actions if a.seat == hunted}
            assert {e["seq"] for e in chosen[hunted]} <= own


@async_test
async def test_a_rematch_starts_game_two_with_the_same_seats(shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=2)
        players = await connect_all(shared_server, table)
        await play_game(players, random.Random(13))
        before = await api.lobby(table.code)
        marks = [len(p.frames) for p in players]

        lobby = await api.rematch(table.code, table.tokens[0])
        assert lobby["game"] == {"number": 2, "version": 0, "status": "active", "outcome": None}
        assert lobby["seats"] == before["seats"]
        for seat, (player, mark) in enumerate(zip(players, marks, strict=True)):
            sync = await player.wait_for(lambda f: f["type"] == "sync", since=mark)
            assert sync["seat"] == seat and sync["version"] == 0
            assert sync["lobby"]["game"]["number"] == 2 and sync["view"]["outcome"] is None
        # The same tokens play game 2; game 1 stays stored as it ended.
        moves = await play_game(players, random.Random(14), stop_after=10)
        await close_all(players)
        first, second = await stored_games(shared_server.database.url, table.code)
        assert first.status == "over" and second.status == "active"
        assert second.version == moves and second.seed != first.seed
        assert as_json(second.config) == as_json(first.config)
        check_log(first)
        check_log(second)


@async_test
async def test_the_start_drops_empty_hunted_seats_and_renumbers_the_others(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        # The host takes Hunted 3 first, then Hunted 2 and the Creature; Hunted 1 stays empty.
        host = await api.create_room("Host", seat=3, hunted=3)
        code = host["code"]
        second = await api.claim(code, 2, "Second")
        await api.claim(code, 0, "Creature")
        sockets = {3: Player(shared_server, code, host["token"]),
                   2: Player(shared_server, code, second["token"])}
        for player in sockets.values():
            await player.connect()

        lobby = await api.start(code, host["token"])
        assert [(s["seat"], s["name"], s["host"]) for s in lobby["seats"]] == [
            (0, "Creature", False), (1, "Second", False), (2, "Host", True)]
        assert lobby["game"]["version"] == 0
        for old, new in ((2, 1), (3, 2)):  # each socket follows its seat to its new number
            sync = await sockets[old].wait_for(lambda f: f["type"] == "sync" and bool(f["view"]))
            assert sync["seat"] == new and sync["view"]["seat"] == new
        # The host's token still holds the host's seat: a rematch is refused only as early.
        early = await api.request("POST", f"/rooms/{code}/rematch", token=host["token"])
        assert early.json()["error"]["code"] == "not_over"
        await close_all(list(sockets.values()))


@async_test
async def test_a_socket_whose_seat_was_given_back_watches_the_game_it_left(
        shared_server: Server) -> None:
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=3, start=False)
        players = await connect_all(shared_server, table)
        left = await api.request("DELETE", f"/rooms/{table.code}/seats/me",
                                 token=table.tokens[3])
        assert left.status_code == 204
        marks = [len(p.frames) for p in players]

        lobby = await api.start(table.code, table.tokens[0])  # the leaver's socket is still open
        assert lobby["game"]["version"] == 0 and len(lobby["seats"]) == 3
        syncs = [await p.wait_for(lambda f: f["type"] == "sync", since=m)
                 for p, m in zip(players, marks, strict=True)]
        assert [s["seat"] for s in syncs] == [0, 1, 2, None]
        assert syncs[3]["view"]["you"] == {} and syncs[3]["view"]["legal_actions"] == []
        await close_all(players)


@async_test
async def test_a_frozen_lands_room_may_play_the_rulebooks_assimilation_track(
        shared_server: Server) -> None:
    """The room option `rulebook_track` (docs/protocol.md): the game's config carries it, and
    the table's Assimilation track starts 5 + players spaces from Victory (13 by default)."""
    async with Api(shared_server) as api:
        table = await open_table(api, hunted=3, variant="frozen-lands", rulebook_track=True)
        lobby = await api.lobby(table.code)
        player = Player(shared_server, table.code, table.tokens[1])
        sync = await player.connect()
        await player.close()
    assert lobby["options"]["rulebook_track"] is True
    assert sync["view"]["config"]["rulebook_track"] is True
    assert sync["view"]["board"]["assimilation_start"] == sync["view"]["board"]["assimilation"] == 9
