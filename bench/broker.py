"""NATS against Redis pub/sub as the per-room bus: CPU per notice for sender, receiver, broker.

One process (the sender) publishes `--notices` notices of a move's size (~250 bytes) over
`--rooms` rooms, one subject (NATS) or sharded channel (Redis) per room, in batches as the bus
sends them; another process (the receiver) subscribes to half of the rooms only, as a process
holding those rooms' sockets would, and counts what it gets. Each side reads its own CPU time;
the broker's is read from /proc. Both brokers run in the same invocation, alternately
(`--rounds`), on 127.0.0.1 at their standard ports; it also times subscribing to every room and
unsubscribing. Prints one JSON line per broker and round; progress on stderr.

    .venv/bin/python bench/broker.py [--rooms 1000] [--notices 20000] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import subprocess
import sys
import time
from multiprocessing.connection import Connection
from typing import Any

import nats
import redis.asyncio as aioredis

NATS_URL, REDIS_URL = "nats://127.0.0.1:4222", "redis://127.0.0.1:6379"
BATCH = 200  # notices per send, as the bus's sender batches what is waiting
PAYLOAD = json.dumps({"k": "move", "o": "0" * 32, "r": "ROOMCODE", "t": 1.0, "d": {
    "game_id": 1, "version": 123, "seat": 2, "action": {"type": "play_place_card", "card": 5},
    "client_id": "c" * 36}}).encode()
SERVER = {"nats": "nats-server", "redis": "redis-server"}


def subject(broker: str, room: int) -> str:
    return f"na.room.R{room:05d}" if broker == "nats" else f"na:room:R{room:05d}"


def broker_cpu(broker: str) -> float:
    """The broker process's CPU seconds so far (utime + stime)."""
    pid = subprocess.run(["pgrep", "-xo", SERVER[broker]], capture_output=True, text=True,
                         check=True).stdout.split()[0]
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the receiver (its own process) ------------------------------------------------------------

async def receive(broker: str, rooms: list[int], expected: int, pipe: Connection) -> None:
    got = 0
    done = asyncio.Event()

    def count() -> None:
        nonlocal got
        got += 1
        if got >= expected:
            done.set()

    started = time.process_time()
    if broker == "nats":
        client = await nats.connect(NATS_URL)

        async def on_message(_msg: Any) -> None:
            count()

        subscriptions = [await client.subscribe(subject(broker, r), cb=on_message) for r in rooms]
        await client.flush()
        subscribed = time.process_time() - started
        pipe.send(("ready", subscribed))
        await asyncio.wait_for(done.wait(), 300)
        cpu = time.process_time() - started - subscribed
        for sub in subscriptions:
            await sub.unsubscribe()
        await client.close()
    else:
        client = aioredis.from_url(REDIS_URL)
        pubsub = client.pubsub()

        def on_message(_msg: Any) -> None:
            count()

        confirmed = asyncio.Event()
        await pubsub.ssubscribe(**{subject(broker, r): on_message for r in rooms})
        reader = asyncio.create_task(_read_redis(pubsub, len(rooms), confirmed))
        await confirmed.wait()
        subscribed = time.process_time() - started
        pipe.send(("ready", subscribed))
        await asyncio.wait_for(done.wait(), 300)
        cpu = time.process_time() - started - subscribed
        reader.cancel()
        await pubsub.aclose()
        await client.aclose()
    pipe.send(("done", got, cpu))


async def _read_redis(pubsub: Any, rooms: int, confirmed: asyncio.Event) -> None:
    """Read the subscriptions' confirmations (then set `confirmed`) and hand on messages."""
    count = 0
    while True:
        message = await pubsub.get_message(timeout=1.0)
        if message is not None and message["type"] == "ssubscribe":
            count += 1
            if count == rooms:
                confirmed.set()


def receiver_main(broker: str, rooms: list[int], expected: int, pipe: Connection) -> None:
    asyncio.run(receive(broker, rooms, expected, pipe))


# --- the sender --------------------------------------------------------------------------------

async def send(broker: str, rooms: int, notices: int) -> float:
    """Publish `notices` over every room, in batches; the sender's CPU seconds."""
    started = time.process_time()
    if broker == "nats":
        client = await nats.connect(NATS_URL)
        for first in range(0, notices, BATCH):
            for n in range(first, min(first + BATCH, notices)):
                await client.publish(subject(broker, n % rooms), PAYLOAD)
            await client.flush()
        await client.close()
    else:
        client = aioredis.from_url(REDIS_URL)
        for first in range(0, notices, BATCH):
            async with client.pipeline(transaction=False) as pipe:
                for n in range(first, min(first + BATCH, notices)):
                    pipe.spublish(subject(broker, n % rooms), PAYLOAD)
                await pipe.execute()
        await client.aclose()
    return time.process_time() - started


async def one_round(broker: str, rooms: int, notices: int) -> dict[str, Any]:
    held = [r for r in range(rooms) if r % 2 == 0]  # the receiver holds half of the rooms
    expected = sum(1 for n in range(notices) if (n % rooms) % 2 == 0)
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    receiver = context.Process(target=receiver_main, args=(broker, held, expected, theirs))
    receiver.start()
    _, subscribe_cpu = await _answer(ours)
    broker_before, wall = broker_cpu(broker), time.monotonic()
    sender_cpu = await send(broker, rooms, notices)
    _, got, receiver_cpu = await _answer(ours)
    wall, broker_used = time.monotonic() - wall, broker_cpu(broker) - broker_before
    receiver.join(30)
    micro = 1e6
    return {"broker": broker, "rooms": rooms, "notices": notices, "received": got,
            "expected": expected, "seconds": round(wall, 2),
            "sender_us_per_notice": round(sender_cpu * micro / notices, 1),
            "receiver_us_per_notice_received": round(receiver_cpu * micro / max(got, 1), 1),
            "broker_us_per_notice": round(broker_used * micro / notices, 1),
            "subscribe_us_per_room": round(subscribe_cpu * micro / len(held), 1),
            "load_average": list(os.getloadavg())}


async def _answer(pipe: Connection) -> Any:
    while not pipe.poll():
        await asyncio.sleep(0.01)
    return pipe.recv()


async def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--notices", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    if not (1 <= args.rooms <= 10000 and 1 <= args.notices <= 200000 and 1 <= args.rounds <= 5):
        parser.error("keep it bounded: rooms 1..10000, notices up to 200000, rounds 1..5")
    for _ in range(args.rounds):
        for broker in ("nats", "redis"):
            print(json.dumps(await one_round(broker, args.rooms, args.notices)), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
