"""The ASGI entry point: `uvicorn app.main:app` (settings come from the environment)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse

from app.server import catalogue_routes, metrics, replay_routes, routes, web, ws
from app.server.autoplay import Autoplay
from app.server.bus import Listener, Move, listener_dsn
from app.server.db import make_engine, make_sessions
from app.server.hub import Hub
from app.server.replays import Replays
from app.server.service import GameService
from app.server.settings import Settings
from app.server.sync import resync_room

STATIC = Path(__file__).resolve().parent.parent / "static"


def create_app(settings: Settings | None = None) -> FastAPI:
    """Build the app; the database engine opens at startup and closes at shutdown."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url)
        app.state.settings = settings
        app.state.service = GameService(make_sessions(engine))
        app.state.hub = Hub()
        app.state.replays = Replays(make_sessions(engine))
        app.state.autoplay = Autoplay(app.state.service, app.state.hub)
        listener = _listener(settings, app.state.service, app.state.hub)
        if listener is not None:
            listener.start()
        yield
        if listener is not None:
            await listener.close()
        await app.state.autoplay.close()
        await engine.dispose()

    app = FastAPI(title="Not Alone Online", version="0.1.0", lifespan=lifespan)
    app.include_router(routes.router)
    app.include_router(replay_routes.router)
    app.include_router(catalogue_routes.router)
    app.include_router(ws.router)
    app.include_router(metrics.router)
    web.install(app, settings.max_message_bytes)
    _mount_static(app)
    return app


def _listener(settings: Settings, service: GameService, hub: Hub) -> Listener | None:
    """On Postgres, hear the moves other server processes commit and pass them on."""
    dsn = listener_dsn(settings.database_url)
    if dsn is None:
        return None

    async def on_move(move: Move) -> None:
        code = move["room"]
        if not hub.connections(code):
            return
        committed = await service.committed_at(code, move["version"])
        if committed is not None:
            hub.publish(code, committed, move["client_id"], move["seat"])

    async def on_gap() -> None:
        for code in list(hub.rooms):
            await resync_room(service, hub, code)

    return Listener(dsn, on_move, on_gap)


def _mount_static(app: FastAPI) -> None:
    """Serve the browser client; a shared room link opens the same page."""
    if not STATIC.is_dir():
        return
    index = STATIC / "index.html"

    @app.get("/r/{code}", include_in_schema=False)
    async def room_page(code: str) -> FileResponse:
        return FileResponse(index)

    @app.get("/r/{code}/games/{number}", include_in_schema=False)
    async def replay_page(code: str, number: str) -> FileResponse:
        return FileResponse(index)

    web.mount_client(app, STATIC)


app = create_app()
