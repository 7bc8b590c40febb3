"""`python -m app [--host H] [--port P] [--workers N] [--log-level L]`: serve the app with
uvicorn and the project's flags; everything else comes from Settings (the environment).

Every way of starting the server goes through here (Makefile, Dockerfile, compose, the cluster
script, tests, bench), so the websocket frame limit is enforced by the protocol layer before a
frame is buffered: uvicorn's `ws_max_size` is the message limit, and per-message deflate (a
decompression bomb's door) is off.
"""

from __future__ import annotations

import argparse
import copy
from typing import Any

import uvicorn
from uvicorn.config import LOG_LEVELS, LOGGING_CONFIG

from app.server.settings import Settings


def settings_from(argv: list[str] | None = None) -> Settings:
    """Settings from the environment, with the command line's overrides."""
    settings = Settings.from_env()
    parser = argparse.ArgumentParser(prog="python -m app", description=__doc__)
    parser.add_argument("--host", default=settings.host)
    parser.add_argument("--port", type=int, default=settings.port)
    parser.add_argument("--workers", type=int, default=settings.workers)
    parser.add_argument("--log-level", default=settings.log_level)
    args = parser.parse_args(argv)
    return settings.model_copy(update={"host": args.host, "port": args.port,
                                       "workers": args.workers, "log_level": args.log_level})


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging, and the app's own loggers (`app.*`) at `level` on stderr, stamped
    with the time and the logger: without a handler Python printed only their warnings, bare,
    and two processes' logs could not be read side by side."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["app"] = {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}
    config["handlers"]["app"] = {"formatter": "app", "class": "logging.StreamHandler",
                                 "stream": "ext://sys.stderr"}
    config["loggers"]["app"] = {"handlers": ["app"], "level": LOG_LEVELS[level.lower()],
                                "propagate": False}
    return config


def main(argv: list[str] | None = None) -> None:
    """Run uvicorn until interrupted."""
    settings = settings_from(argv)
    uvicorn.run(
        "app.main:app",
        host=settings.host,
        port=settings.port,
        workers=settings.workers,
        log_level=settings.log_level,
        log_config=log_config(settings.log_level),
        ws_max_size=settings.max_message_bytes,
        ws_per_message_deflate=False,
        proxy_headers=True,
        forwarded_allow_ips=settings.forwarded_allow_ips,
    )


if __name__ == "__main__":
    main()
