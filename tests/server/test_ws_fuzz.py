"""Websocket fuzzing: hypothesis-made frames, valid and invalid, against a real server.

A Hunted's authenticated socket in a started game receives each generated frame: random text,
random JSON, binary frames, protocol-shaped messages with random fields, and legal moves at the
current, a stale or a future version. Every frame gets a documented answer (docs/protocol.md):
`pong` for a ping, `sync` for a resync, `chat` for a line, an `update` carrying our client id
for a committed move, otherwise an `error` whose code is in the closed list; and a refusal
changes nothing: no `update` reaches the socket and the game's version and log stay as they
were. A ping after each frame fences its answers. Finally the database's log holds exactly the
moves that were answered with an `update`, whole and replayable.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.server.errors import ErrorCode
from app.server.schemas import FORBIDDEN as FORBIDDEN_RANGES

from .client import Api, Frame, Player, Table, new_client_id, open_table
from .servers import Server, ServerFactory
from .stored import check_log, current_game

EXAMPLES = 200
CODES = {code.value for code in ErrorCode}
FORBIDDEN = re.compile(f"[{FORBIDDEN_RANGES}]")
ANSWERS = {"pong", "sync", "error", "update", "chat", "whisper"}  # what may answer a frame
T = TypeVar("T")

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)
# Text with the characters every text refuses (controls, direction overrides) among others.
forbidden = st.sampled_from(["\x00", "\x1b", "\x7f", "\x9f", "\u202a", "\u202e", "\u2066",
                             "\u2069"])
texts = st.lists(st.text(max_size=6) | forbidden, min_size=1, max_size=5).map("".join)
types = st.sampled_from(["auth", "watch", "act", "resync", "chat", "ping", "pong", "dance", ""])
messages = st.fixed_dictionaries(
    {"type": types | json_values},
    optional={"action": json_values | st.fixed_dictionaries({"type": st.sampled_from(
                  ["PlayPlaceCards", "Pass", "Resist", "GiveUp", "Fly"])}, optional={
                  "cards": st.lists(st.integers(-1, 12) | json_values, max_size=3)}),
              "version": st.integers(-2, 40) | json_values,
              "client_id": st.text(max_size=70) | texts, "text": st.text(max_size=520) | texts,
              "to": st.integers(-1, 7) | json_values, "token": st.text(max_size=8) | json_values})
# ("legal", pick, version offset): one of the seat's legal moves, resolved when it is sent.
legal_moves = st.tuples(st.just("legal"), st.integers(0, 50), st.sampled_from([0, 0, 0, -1, 1]))
frames = st.one_of(
    messages.map(json.dumps), messages, json_values.map(json.dumps), st.text(max_size=120),
    st.binary(max_size=60), st.sampled_from(['{"type": "ping"}', '{"type": "resync"}',
                                             "[" * 3000 + "]" * 3000, "{", "null", '"ping"']),
    legal_moves, legal_moves)


class Loop:
    """An event loop in a thread, so that hypothesis' synchronous examples can await."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=60)

    def close(self) -> None:
        """Stop the loop and its thread."""
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


class Target:
    """The fuzzed socket, the REST client that watches the room, and what was committed."""

    def __init__(self, server: Server, table: Table, api: Api, player: Player) -> None:
        self.server, self.table, self.api, self.player = server, table, api, player
        self.committed: list[str] = []  # client ids answered with an update
        self.cases = 0

    async def version(self) -> tuple[int, int]:
        """The game's version and the length of the log a spectator sees."""
        lobby = await self.api.lobby(self.table.code)
        log = await self.api.log(self.table.code)
        return lobby["game"]["version"], len(log["events"])

    async def close(self) -> None:
        """Close the socket and the REST client."""
        await self.player.close()
        await self.api.http.aclose()

    def resolve(self, frame: Any) -> str | bytes:
        """The frame to send (a legal move is picked from the seat's current view)."""
        if isinstance(frame, tuple):
            _, pick, offset = frame
            legal = (self.player.view or {}).get("legal_actions") or [{"type": "Pass"}]
            return json.dumps({"type": "act", "action": legal[pick % len(legal)],
                               "version": self.player.version + offset,
                               "client_id": new_client_id()})
        return json.dumps(frame) if isinstance(frame, dict) else frame

    async def probe(self, frame: Any) -> None:
        """Send one frame, fence it with a ping, and check what came back."""
        raw = self.resolve(frame)
        before = await self.version()
        mark = len(self.player.frames)
        await self.player.send(raw)
        await self.player.send('{"type": "ping"}')
        pongs = 2 if raw in ('{"type": "ping"}', '{"type":"ping"}') else 1
        await self.player.wait_for(lambda _: sum(
            f["type"] == "pong" for f in self.player.frames[mark:]) >= pongs, since=mark)
        answers = self.player.frames[mark:]
        self.cases += 1
        check_answers(answers, raw)
        updates = [f for f in answers if f["type"] == "update"]
        if updates:
            assert len(updates) == 1 and updates[0].get("client_id") == client_id_of(raw), answers
            self.committed.append(updates[0]["client_id"])
        elif any(f["type"] == "error" for f in answers):
            assert await self.version() == before, (raw, answers)


def client_id_of(raw: str | bytes) -> Any:
    """The `client_id` of a frame that parses as a JSON object, if it has one."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    return data.get("client_id") if isinstance(data, dict) else None


def check_answers(answers: list[Frame], raw: str | bytes) -> None:
    """Every frame is documented; every error carries a code of the closed list."""
    assert answers, raw
    for frame in answers:
        assert frame["type"] in ANSWERS, (raw, frame)
        if frame["type"] == "error":
            assert frame["code"] in CODES and frame["message"], (raw, frame)
    if isinstance(raw, bytes):
        assert answers[0]["type"] == "error" and answers[0]["code"] == "bad_message", answers
        return
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        assert answers[0]["type"] == "error" and answers[0]["code"] == "bad_json", answers
        return
    if refused_text(data):  # a chat line or a client id with a forbidden character: refused
        assert not any(f["type"] in ("chat", "update") for f in answers), (raw, answers)
        if data.get("type") in ("chat", "act"):
            assert answers[0]["type"] == "error", (raw, answers)


def refused_text(data: Any) -> bool:
    """True for a message whose `text` or `client_id` holds a character every text refuses."""
    if not isinstance(data, dict):
        return False
    return any(isinstance(data.get(field), str) and FORBIDDEN.search(data[field])
               for field in ("text", "client_id"))


def test_every_frame_gets_a_documented_answer_and_refusals_change_nothing(
        tmp_path: Path, backend: str) -> None:
    factory = ServerFactory(tmp_path)
    loop = Loop()
    try:
        # The room's other seats never connect: no computer may take them over mid-run (the
        # default grace is 30 s, which a slow machine crosses), or the lobby and the log change
        # between a probe and its check for a reason that is not the probe.
        server = factory(backend, rate_per_second=100_000, rate_burst=100_000,  # fast fuzzer
                         grace_seconds=86_400.0)
        fuzzed = loop.run(seated_hunted(server))

        @settings(max_examples=EXAMPLES, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(frame=frames)
        def probe(frame: Any) -> None:
            loop.run(fuzzed.probe(frame))

        probe()
        game = loop.run(current_game(server.database.url, fuzzed.table.code))
        check_log(game)  # nothing refused was stored: the log is exactly the answered moves
        assert [a.client_id for a in game.actions] == fuzzed.committed
        assert fuzzed.cases >= EXAMPLES, fuzzed.cases
        print(f"\nwebsocket fuzz: {fuzzed.cases} frames, {len(fuzzed.committed)} moves")
        loop.run(fuzzed.close())
    finally:
        loop.close()
        factory.close()


async def seated_hunted(server: Server) -> Target:
    """A started game for one Hunted, and her authenticated socket."""
    api = Api(server)
    table = await open_table(api, hunted=1)
    player = Player(server, table.code, table.tokens[1])
    assert (await player.connect())["type"] == "sync"
    return Target(server, table, api, player)
