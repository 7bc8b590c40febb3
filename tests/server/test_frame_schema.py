"""The frames' JSON Schema (docs/seat-view.schema.json): generated from the engine's seat-view
dataclasses and the frame models, and true of real frames of both variants.

Source: docs/protocol.md (every frame, the seat view). The committed file must equal what
`python -m app.server.view_schema` prints; then real frames are checked against it: every
`update` every seat receives over seeded games played by the engine (built by the server's
own `update_frame`), and every frame the sockets receive over complete games of the base game
and of the Frozen Lands, with a chat line, a ping, a refusal and an auto-pass answer; the kinds a
short game does not bring (a lobby change, a timeout, a Whisper line, the moves played for an
absent player) are built by the frame models from that game's own values.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, ValidationError

from app.engine import Config, active_seats, apply_unchecked, legal_actions, new_game, seat_views
from app.server.frames import (
    FRAME_KINDS,
    LobbyFrame,
    PlayedForYouFrame,
    PlayedMove,
    TimeoutFrame,
    WhisperFrame,
    WhisperLine,
)
from app.server.publish import update_frame
from app.server.schemas import Lobby
from app.server.view_schema import schema_text

from .client import JSON, Api, Player, async_test, close_all, connect_all, open_table, play_game
from .servers import Server

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "docs" / "seat-view.schema.json"
VALIDATOR = Draft202012Validator(json.loads(SCHEMA_FILE.read_text()))
KINDS = {kind.model_fields["type"].default for kind in FRAME_KINDS}


def check(frame: JSON) -> None:
    """`frame` fits the schema (the best-matching branch's error, if not)."""
    errors = sorted(VALIDATOR.iter_errors(frame), key=lambda e: -len(e.path))
    assert not errors, f"{frame.get('type')}: {errors[0].message} at {list(errors[0].path)}"


def test_the_committed_schema_is_the_generated_one() -> None:
    assert SCHEMA_FILE.read_text() == schema_text(), (
        "docs/seat-view.schema.json is stale: python -m app.server.view_schema > it")


def test_the_schema_refuses_a_view_out_of_contract() -> None:
    """Not vacuous: a view with an unknown field, a missing one or a wrong type fails."""
    state = new_game(Config(hunted=2), 1)
    frame = json.loads(update_frame(1, seat_views(state, (1,))[1], [], 1, None))
    check(frame)
    bad = [{**frame, "view": {**frame["view"], "hunt_cards": ["ambush"]}},
           {**frame, "view": {k: v for k, v in frame["view"].items() if k != "offers"}},
           {**frame, "view": {**frame["view"], "turn": "one"}},
           {**frame, "view": {**frame["view"], "offers": [{"action": {"type": "Resist"},
                                                           "targets": [], "cost": {}}]}}]
    for wrong in bad:
        with pytest.raises(AssertionError):
            check(wrong)
    with pytest.raises(ValidationError):
        VALIDATOR.validate({**frame, "type": "nonsense"})
    patch = {"type": "update", "version": 1, "patch": True, "view": {"phase": "reckoning"},
             "events": []}
    check(patch)
    for wrong in ({**patch, "view": {"hunt_cards": ["ambush"]}}, {**patch, "patch": False},
                  {**patch, "view": {"turn": "one"}}):
        with pytest.raises(AssertionError):
            check(wrong)


@pytest.mark.parametrize(("config", "seed"), [
    (Config(hunted=3, abilities=True), 4), (Config(hunted=4, variant="frozen-lands"), 7),
    (Config(hunted=3, variant="frozen-lands", rulebook_track=True), 8)])
def test_every_update_of_a_played_game_fits(config: Config, seed: int) -> None:
    chooser = random.Random(seed)
    state = new_game(config, seed)
    seats = [*range(config.hunted + 1), None]
    version = 0
    while not state.winner:
        movers = active_seats(state)
        mover = chooser.choice(movers)
        state, events = apply_unchecked(state, mover, chooser.choice(legal_actions(state, mover)))
        version += 1
        views = seat_views(state, seats)
        for seat in seats:
            check(json.loads(update_frame(version, views[seat], events, seat,
                                          "c" if seat == mover else None)))
    assert version > 50


async def _every_kind(server: Server, options: JSON, seed: int,
                      patches: bool) -> dict[str, list[JSON]]:
    """Frames of a complete game over real sockets, by kind (`patches`: the seats ask for
    patches; the spectator always does)."""
    async with Api(server) as api:
        table = await open_table(api, **options)
    players = await connect_all(server, table, patches)
    watcher = Player(server, table.code, patches=True)
    await watcher.connect()
    await players[1].say("hello")
    await players[1].request({"type": "ping"}, lambda f: f["type"] == "pong")
    await players[1].error({"type": "act"})
    await players[1].request({"type": "auto_pass", "mode": "off"},
                             lambda f: f["type"] == "auto_pass")
    await play_game(players, random.Random(seed), watchers=[watcher])
    await close_all([*players, watcher])
    by_kind: dict[str, list[JSON]] = {}
    for frame in (f for p in [*players, watcher] for f in p.frames):
        by_kind.setdefault(frame["type"], []).append(frame)
    return by_kind


def _built(by_kind: dict[str, list[JSON]]) -> list[Any]:
    """The kinds a short game does not bring, from that game's own values."""
    sync = by_kind["sync"][-1]
    offer = next(u["view"]["offers"][0] for u in by_kind["update"] if u["view"].get("offers"))
    line = WhisperLine(seat=1, name="Hunted 1", text="psst", to=2)
    return [LobbyFrame(lobby=Lobby.model_validate(sync["lobby"])),
            TimeoutFrame(seat=1, version=sync["version"]), WhisperFrame(line=line),
            PlayedForYouFrame(moves=[PlayedMove(seq=1, action=offer["action"])])]


@pytest.mark.parametrize("shared_server", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("options", "seed", "patches"),
                         [({"variant": "base", "hunted": 2}, 5, False),
                          ({"variant": "frozen-lands", "hunted": 3}, 9, True)])
@async_test
async def test_every_frame_kind_of_a_real_game_fits(shared_server: Server, options: JSON,
                                                    seed: int, patches: bool) -> None:
    by_kind = await _every_kind(shared_server, options, seed, patches)
    for frame in _built(by_kind):
        by_kind.setdefault(frame.type, []).append(json.loads(frame.encode()))
    assert set(by_kind) == KINDS, f"kinds not seen: {KINDS - set(by_kind)}"
    for frames in by_kind.values():
        for frame in frames:
            check(frame)
    assert any(f.get("client_id") for f in by_kind["update"])  # the acting seat's own update
    own_patches = any(f.get("patch") and f.get("client_id") for f in by_kind["update"])
    assert any(f.get("patch") for f in by_kind["update"]) and own_patches == patches
