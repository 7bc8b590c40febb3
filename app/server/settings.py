"""One settings object, read from the environment."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Settings:
    """Server settings; every field can be set by the upper-case environment variable."""

    database_url: str = "sqlite+aiosqlite:///./data/not-alone.db"
    host: str = "127.0.0.1"
    port: int = 8000
    workers: int = 1  # uvicorn worker processes (`python -m app`); >1 needs Postgres
    log_level: str = "info"
    forwarded_allow_ips: str = "127.0.0.1"  # proxies trusted for X-Forwarded-For/-Proto
    max_message_bytes: int = 16_384  # a websocket message larger than this is refused
    rate_per_second: float = 20.0  # sustained websocket messages per connection
    rate_burst: int = 40
    sockets_per_address: int = 64  # open sockets from one client address (behind a NAT too)
    sockets_per_room: int = 128  # open sockets on one room, authenticated or not
    spectators_per_room: int = 100
    chat_max_chars: int = 500
    grace_seconds: float = 30.0  # how long a player must be gone before a bot may replace them

    @classmethod
    def from_env(cls) -> Settings:
        """Defaults overridden by DATABASE_URL, HOST, PORT, MAX_MESSAGE_BYTES, ..."""
        defaults = cls()
        values: dict[str, object] = {}
        for name in cls.__slots__:
            raw = os.environ.get(name.upper())
            if raw is not None:
                values[name] = type(getattr(defaults, name))(raw)
        return cls(**values)  # type: ignore[arg-type]
