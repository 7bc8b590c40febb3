"""The ASGI entry point: `uvicorn app.main:app` (settings come from the environment)."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from fastapi_offline import FastAPIOffline
from sqlalchemy.exc import SQLAlchemyError

from app.server import (
    catalogue_routes,
    client,
    history,
    metrics,
    replay_routes,
    routes,
    sharded,
    web,
    ws,
)
from app.server.db import busy, unavailable
from app.server.leases import PostgresLeases
from app.server.migrated import check_migrated
from app.server.replays import Replays
from app.server.roles import Delivery, Roles
from app.server.settings import Settings

STATIC = Path(__file__).resolve().parent.parent / "static"
# The collector's youngest generation is collected every this many allocations (700 by
# default): under load a move allocates thousands of short-lived objects, and the older
# generations held ~600k objects whose full collections paused the loop for ~0.4 s.
GC_THRESHOLDS = (50_000, 20, 100)
READ = ["GET", "HEAD"]  # the client's page and worker, as the file server answered them


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app; the database engine opens at startup and closes at shutdown."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engines = sharded.engines(settings)
        for engine in engines:  # before anything is served: an unmigrated one says so
            await check_migrated(engine)
        bus, leases = sharded.bus_and_leases(settings)
        roles = app.state.roles = Roles.build(settings, engines, bus, leases)
        app.state.hub, app.state.engines = roles.hub, engines  # read by /metrics
        app.state.replays = Replays(roles.reads.uow)
        await bus.start(Delivery(roles))
        if isinstance(leases, PostgresLeases | sharded.ShardedLeases):
            leases.start()
        _tune_gc()
        yield
        await bus.close()
        await roles.autoplay.close()
        await leases.close()
        await roles.moves.log.close()
        await roles.reads.uow.dispose()

    # /docs and /redoc load their viewers from this server (web.DOCS_ASSETS), not a CDN.
    app = FastAPIOffline(title="Not Alone Online", version="0.1.0", lifespan=lifespan,
                         static_url=web.DOCS_ASSETS)
    app.include_router(routes.router)
    app.include_router(replay_routes.router)
    app.include_router(catalogue_routes.router)
    app.include_router(history.router)
    app.include_router(ws.router)
    app.include_router(metrics.router)
    web.install(app, settings)
    app.add_exception_handler(SQLAlchemyError, _busy)  # the database is slow, away or full
    _mount_static(app)
    return app


def _tune_gc() -> None:
    """Move what start-up made out of the collector's sight, and collect the young less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


async def _busy(_: Request, exc: Exception) -> JSONResponse:
    if not unavailable(exc):
        raise exc  # a refused statement is a bug: the server's own error page, and a traceback
    error = busy()
    return JSONResponse({"error": error.to_json()}, status_code=error.status)


def _mount_static(app: FastAPI) -> None:
    """Serve the browser client; a shared room link opens the same page."""
    if not STATIC.is_dir():
        return
    shell = client.build_shell(STATIC)

    def page(request: Request) -> Response:
        return client.shell_response(shell.page, "text/html",
                                     request.headers.get("if-none-match"))

    @app.api_route("/", methods=READ, include_in_schema=False)
    @app.api_route("/index.html", methods=READ, include_in_schema=False)
    async def home_page(request: Request) -> Response:
        return page(request)

    @app.api_route("/r/{code}", methods=READ, include_in_schema=False)
    async def room_page(code: str, request: Request) -> Response:
        return page(request)

    @app.api_route("/r/{code}/games/{number}", methods=READ, include_in_schema=False)
    async def replay_page(code: str, number: str, request: Request) -> Response:
        return page(request)

    @app.api_route("/sw.js", methods=READ, include_in_schema=False)
    async def service_worker(request: Request) -> Response:
        return client.shell_response(shell.worker, "text/javascript",
                                     request.headers.get("if-none-match"))

    web.mount_client(app, client.ClientFiles(STATIC, shell))


app = create_app()
