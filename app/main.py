"""The ASGI entry point: `uvicorn app.main:app` (settings come from the environment)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from app.server import routes, ws
from app.server.autoplay import Autoplay
from app.server.db import make_engine, make_sessions
from app.server.errors import ErrorCode, ServiceError
from app.server.hub import Hub
from app.server.service import GameService
from app.server.settings import Settings

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
        app.state.autoplay = Autoplay(app.state.service, app.state.hub)
        yield
        await app.state.autoplay.close()
        await engine.dispose()

    app = FastAPI(title="Not Alone Online", version="0.1.0", lifespan=lifespan)
    app.include_router(routes.router)
    app.include_router(ws.router)
    app.add_exception_handler(ServiceError, _service_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _validation_error)  # type: ignore[arg-type]
    _mount_static(app)
    return app


async def _service_error(_: Request, exc: ServiceError) -> JSONResponse:
    return JSONResponse({"error": exc.to_json()}, status_code=exc.status)


async def _validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        error = ServiceError(ErrorCode.BAD_JSON)
    else:
        first = errors[0] if errors else {}
        where = ".".join(str(p) for p in first.get("loc", ()))
        error = ServiceError(ErrorCode.BAD_MESSAGE, f"{where}: {first.get('msg', '')}".strip())
    return JSONResponse({"error": error.to_json()}, status_code=error.status)


def _mount_static(app: FastAPI) -> None:
    """Serve the browser client; a shared room link opens the same page."""
    if not STATIC.is_dir():
        return
    index = STATIC / "index.html"

    @app.get("/r/{code}", include_in_schema=False)
    async def room_page(code: str) -> FileResponse:
        return FileResponse(index)

    app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")


app = create_app()
