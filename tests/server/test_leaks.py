"""No socket ever receives what its seat may not see (docs/rules-notes.md, who sees what).

Over a complete game every frame of every socket is recorded: the Creature's, each Hunted's and
a spectator's. Then the game is replayed from the database and each `sync`/`update` is checked
against the state at its version: it is exactly that seat's view, its events are exactly those
of the log the seat may see, and the secrets are where they belong: Place hands, chosen Place
cards and Survival cards only in their owner's `you`, Hunt cards only in the Creature's.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from app.engine import Config, GameState, new_game, view_for

from .client import (
    JSON,
    Api,
    Frame,
    Player,
    async_test,
    close_all,
    connect_all,
    open_table,
    play_game,
)
from .servers import Server
from .stored import StoredGame, as_json, current_game

CREATURE_OWN = {"prompt", "unavailable", "hunt_cards", "shown_by_phobia"}
HUNTED_OWN = {"prompt", "unavailable", "hand", "played", "survival_cards"}
FROZEN_HUNTED_OWN = HUNTED_OWN | {"whisper"}  # the Hunted a Whisper links her with
OWNER_ONLY_EVENTS = {"place_cards_chosen_by_you", "survival_card_kept",
                     "survival_card_discarded_by_you"}
COUNTS = ("hand", "played", "survival")  # what everyone sees of a Hunted's cards


def pairs(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, value) of a JSON document, depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield f"{path}.{key}", item
            yield from pairs(item, f"{path}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from pairs(item, f"{path}[{index}]")


def check_view(view: JSON, seat: int | None) -> None:
    """Secrets only in the owner's `you`; everyone else's cards are counts."""
    you = view["you"]
    assert view["seat"] == seat
    if seat is None:
        assert you == {} and view["legal_actions"] == view["offers"] == []
        assert view["role"] == "spectator"
    elif seat == 0:
        assert set(you) == CREATURE_OWN, sorted(you)
    else:
        frozen = view["config"]["variant"] == "frozen-lands"
        assert set(you) == (FROZEN_HUNTED_OWN if frozen else HUNTED_OWN), sorted(you)
    for hunted in view["hunted"]:
        assert all(isinstance(hunted[k], int) for k in COUNTS), hunted
    assert isinstance(view["creature"]["hand"], int)
    assert len(view["offers"]) == len(view["legal_actions"])  # one offer per legal action
    outside_you = {p.rsplit(".", 1)[-1] for p, _ in pairs({k: v for k, v in view.items()
                                                           if k != "you"})}
    assert not outside_you & {"hunt_cards", "survival_cards", "shown_by_phobia"}


def check_monotonic(frames: list[Frame]) -> None:
    """A socket never goes back in time: no `sync` or `update` older than one it already got."""
    newest = -1
    for frame in frames:
        if frame["type"] in ("sync", "update"):
            assert frame["version"] >= newest, (frame["type"], frame["version"], newest)
            newest = frame["version"]


def merged(frames: list[Frame]) -> list[Frame]:
    """The frames, each patch's view merged over the view the socket had (the version before's:
    a patch never follows anything else)."""
    out: list[Frame] = []
    view: JSON | None = None
    version = -1
    for frame in frames:
        if frame.get("patch"):
            assert view is not None and frame["version"] == version + 1, frame
            assert frame["view"].keys() <= view.keys(), frame["view"].keys() - view.keys()
            frame = {**frame, "view": {**view, **frame["view"]}}
        if frame["type"] in ("sync", "update"):
            view, version = frame["view"], frame["version"]
        out.append(frame)
    return out


def check_frame(frame: Frame, seat: int | None, game: StoredGame,
                states: list[GameState]) -> None:
    """One recorded frame against the database's story."""
    if frame["type"] not in ("sync", "update"):
        assert not {"view", "events"} & set(frame), frame
        return
    version = frame["version"]
    view = frame["view"]
    assert view == as_json(view_for(states[version], seat)), f"not seat {seat}'s own view"
    check_view(view, seat)
    visible = game.visible_events(seat)
    if frame["type"] == "update":
        assert frame["events"] == [e for e in visible if e["seq"] == version]
    else:
        assert all(e in visible and e["seq"] <= version for e in frame["events"])
    kinds = {e["kind"] for e in frame["events"]}
    if seat == 0 or seat is None:
        assert not kinds & OWNER_ONLY_EVENTS, kinds


@pytest.mark.parametrize("shared_server", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("options", "seed", "patches"),
                         [({"variant": "base", "hunted": 2}, 31, False),
                          ({"variant": "frozen-lands", "hunted": 3}, 7, True)])
@async_test
async def test_no_socket_ever_receives_another_seats_secrets(
        shared_server: Server, options: JSON, seed: int, patches: bool) -> None:
    """A complete random game with every seat's socket and a spectator's: every frame any
    socket receives is exactly what its seat may see (the engine's view_for and the events'
    audiences); with `patches`, every update's view merged over the socket's view before."""
    async with Api(shared_server) as api:
        table = await open_table(api, **options)
    players = await connect_all(shared_server, table, patches)
    watcher = Player(shared_server, table.code, patches=patches)
    await watcher.connect()
    everyone: list[tuple[int | None, Player]] = [*enumerate(players), (None, watcher)]
    rng = random.Random(seed)

    async def resync_someone() -> None:  # syncs mid-game, not only at the start
        if rng.random() < 0.1:
            seat, player = rng.choice(everyone)
            sync = await player.resync()
            assert sync["seat"] == seat

    await play_game(players, rng, watchers=[watcher], each=resync_someone)
    await close_all([*players, watcher])

    game = await current_game(shared_server.database.url, table.code)
    states = game.states()
    chosen_by_hunted = checked = patched = 0
    for seat, player in everyone:
        assert sum(f["type"] == "update" for f in player.frames) == game.version
        patched += sum(bool(f.get("patch")) for f in player.frames)
        check_monotonic(player.frames)
        for frame in merged(player.frames):
            check_frame(frame, seat, game, states)
            checked += 1
            events = frame.get("events", [])
            chosen_by_hunted += sum(e["kind"] == "place_cards_chosen_by_you" for e in events)
    assert chosen_by_hunted > 0, "the Hunted never saw their own choices: nothing was tested"
    assert (patched > 0) == patches, f"{patched} patches to sockets that asked: {patches}"
    print(f"\nleak check ({options['variant']}): {game.version} moves, {checked} frames")


def test_the_checks_catch_a_leak() -> None:
    """The checks above are not vacuous: a Hunted's cards in the Creature's view are caught."""
    state = new_game(Config(hunted=2), 1)
    creature = as_json(view_for(state, 0))
    check_view(creature, 0)
    for leak in ({**creature, "you": {**creature["you"], "played": [3]}},
                 {**creature, "hunted": [{**creature["hunted"][0], "hand": [1, 2]},
                                         creature["hunted"][1]]},
                 {**creature, "board": {**creature["board"], "hunt_cards": ["x"]}},
                 as_json(view_for(state, 1))):
        with pytest.raises(AssertionError):
            check_view(leak, 0)


def test_the_order_check_catches_a_sync_from_the_past() -> None:
    """Seat 0 got v2, v3, then a sync of v1: caught."""
    check_monotonic([{"type": "sync", "version": 0}, {"type": "update", "version": 1},
                     {"type": "presence"}, {"type": "sync", "version": 1}])
    with pytest.raises(AssertionError):
        check_monotonic([{"type": "update", "version": 2}, {"type": "update", "version": 3},
                         {"type": "sync", "version": 1}])
