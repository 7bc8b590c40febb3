"""Whisper (Frozen Lands): a private line between two Hunted, and nobody else hears it."""

from __future__ import annotations

import json
import sqlite3

from app.engine import GameState
from app.engine.actions import PlaySurvivalCard

from .client import Api, Player, async_test
from .servers import ServerFactory


def _give_whisper(path: str) -> None:
    """Put Whisper in Hunted 1's hand in the stored snapshot (the server is stopped)."""
    with sqlite3.connect(path) as db:
        (raw,) = db.execute("SELECT snapshot FROM game").fetchone()
        state = GameState.from_json(json.loads(raw))
        for pile in (state.survival_deck, *(h.survival for h in state.hunted)):
            if "whisper" in pile:
                pile.remove("whisper")
        state.hunted_at(1).survival.append("whisper")
        db.execute("UPDATE game SET snapshot = ?", (json.dumps(state.to_json()),))


@async_test
async def test_whisper_reaches_only_the_two_hunted(server: ServerFactory) -> None:
    database = server.database("sqlite")
    first = server.on(database)
    async with Api(first) as api:
        room = await api.create_room("Creature", 0, hunted=3, variant="frozen-lands")
        tokens = {0: room["token"]}
        for seat in (1, 2, 3):
            tokens[seat] = (await api.claim(room["code"], seat, f"H{seat}"))["token"]
        await api.start(room["code"], tokens[0])
    first.kill()
    _give_whisper(database.name)
    second = server.on(database)
    players = {seat: Player(second, room["code"], token) for seat, token in tokens.items()}
    for player in players.values():
        await player.connect()
    refused = await players[1].error({"type": "chat", "text": "psst", "to": 2})
    assert refused["code"] == "not_your_turn"
    whisper = PlaySurvivalCard("whisper", (2,)).to_json()
    update = await players[1].submit(whisper)
    assert update["type"] == "update", update
    await players[1].send({"type": "chat", "text": "Hummocks?", "to": 2})
    heard = await players[2].wait_for(lambda f: f["type"] == "whisper")
    assert heard["line"]["text"] == "Hummocks?" and heard["line"]["seat"] == 1
    await players[1].send({"type": "chat", "text": "everyone", "to": None})
    await players[0].wait_for(lambda f: f["type"] == "chat")  # the public line arrives ...
    for seat in (0, 3):  # ... and the whisper never did
        assert not [f for f in players[seat].frames if f["type"] == "whisper"]
        assert all("Hummocks?" not in str(f) for f in players[seat].frames)
    for player in players.values():
        await player.close()
