"""One settings object, read from the environment (pydantic-settings)."""

from __future__ import annotations

from enum import StrEnum

from pydantic_settings import BaseSettings, SettingsConfigDict

from .shards import shard_urls


class AutoPass(StrEnum):
    """When the server passes for a human seat (docs/protocol.md)."""

    OFF = "off"
    WHEN_NOTHING = "when_nothing"  # when Pass is the seat's only legal action
    UNTIL_DECISION = "until_decision"  # whenever Pass is legal, until a decision without it


class Settings(BaseSettings):
    """Server settings; every field can be set by its upper-case environment variable."""

    model_config = SettingsConfigDict(frozen=True, extra="ignore")

    database_url: str = "sqlite+aiosqlite:///./data/not-alone.db"
    # Several Postgres databases (shards), in order, separated by commas or spaces: a room
    # lives wholly in one, named by its code (shards.py, docs/cluster.md). Unset: one shard,
    # `database_url`. Only ever appended to: a room's shard is its place in this list.
    database_urls: str = ""
    host: str = "127.0.0.1"  # where the serve entry listens
    port: int = 8000
    workers: int = 1  # uvicorn worker processes (`python -m app`); >1 needs Postgres
    log_level: str = "info"
    forwarded_allow_ips: str = "127.0.0.1"  # proxies trusted for X-Forwarded-For/-Proto
    max_message_bytes: int = 16_384  # a websocket message larger than this is refused
    rate_per_second: float = 20.0  # sustained websocket messages per connection
    rate_burst: int = 40
    # Syncs built for `resync` per room (one build per seat and per change of what it shows;
    # a sync asked again unchanged is sent as kept and costs nothing): docs/protocol.md, Limits.
    resync_builds_per_second: float = 5.0
    resync_builds_burst: int = 20
    sockets_per_address: int = 64  # open sockets from one client address (behind a NAT too)
    sockets_per_room: int = 128  # open sockets on one room, authenticated or not
    spectators_per_room: int = 100
    # REST calls per client address and process (docs/protocol.md, Limits): rooms opened, the
    # reads of finished games (replay pages, results, logs), and every other /api call.
    rooms_per_minute: float = 6.0
    rooms_burst: int = 20
    finished_per_minute: float = 120.0
    finished_burst: int = 40
    requests_per_second: float = 20.0
    requests_burst: int = 120
    rate_exempt_ips: str = ""  # client addresses with no REST limit (comma-separated)
    grace_seconds: float = 30.0  # how long a player must be gone before a bot may replace them
    snapshot_every: int = 20  # moves between two stored snapshots (and always at the end)
    # Moves being committed at once in a process (waiting for their room or a connection
    # included); more are refused as `busy`. A bound on memory only (each socket sends one
    # message at a time): how long moves may wait is `move_wait`'s to say. At 256, 2,000
    # rooms on a loaded machine were refused 0.8-7 % of their moves where the relay took all.
    submits_in_flight: int = 4096
    # Postgres connections, opened as needed and kept: `pool_size` for everything but moves,
    # `move_pool` for the moves alone, and one each for the bus's listener and sender and the
    # leases: 20 + 4 + 3 per process. A move connection writes every move that waited for it
    # in one statement (groupcommit.py): fewer of them batch more, and the database's CPU per
    # move falls. With 20, a flood of 200 rooms carried 0.96x the relay's moves, with 4 1.08x
    # (docs/performance.md, "Group commit").
    pool_size: int = 20
    move_pool: int = 4
    pool_timeout: float = 5.0  # seconds to wait for a connection before answering `busy`
    # A move is refused `busy` on arrival, before any work, once the oldest move waiting for a
    # move connection has waited this many seconds (admission.py); a move admitted waits its
    # turn, at most `pool_timeout` beyond this, so only a database that answers nobody fails it.
    # The browser client gives up on a move after 10 s (and resyncs): a move refused here would
    # not have landed in time anyway. At 5 s, 1,000 rooms beside a CPU hog were refused 2,347.
    move_wait: float = 10.0
    auto_pass_default: AutoPass = AutoPass.WHEN_NOTHING  # a new human seat's mode
    presence_interval: float = 0.15  # at most one presence frame per room per this many s
    # The processes' bus (docs/cluster.md): unset, Postgres's NOTIFY channel (every process
    # hears every room); a NATS URL (nats://host:4222), one subject per room, heard only by
    # the processes that hold the room.
    bus_url: str | None = None

    @property
    def shards(self) -> list[str]:
        """The URL of each shard, shard 0 first."""
        return shard_urls(self.database_url, self.database_urls)

    @classmethod
    def from_env(cls) -> Settings:
        """The defaults, overridden by DATABASE_URL, HOST, PORT, MAX_MESSAGE_BYTES, ..."""
        return cls()
