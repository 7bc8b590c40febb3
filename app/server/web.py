"""HTTP plumbing around the routes: one error shape for the framework's own refusals, security
headers on every response, compressed answers, the REST rate limits, and a static mount that
leaves `/api` and `/ws` to the routers."""

from __future__ import annotations

import math
from collections.abc import Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.routing import Match, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette_compress import CompressMiddleware

from .errors import ErrorCode, ServiceError
from .settings import Settings
from .throttle import AddressBuckets, allowances, limited

# The framework's refusals, by HTTP status, as codes of the closed list (docs/protocol.md).
FRAMEWORK_CODES: dict[int, ErrorCode] = {
    400: ErrorCode.BAD_JSON,  # a body that cannot be read as JSON (e.g. invalid UTF-8)
    404: ErrorCode.NOT_FOUND,
    405: ErrorCode.METHOD_NOT_ALLOWED,
    413: ErrorCode.TOO_LARGE,
    422: ErrorCode.BAD_MESSAGE,
}

# The client is plain JS modules and one stylesheet from this origin; its socket goes back to
# it ('self' covers ws:/wss: on the same host). Nothing may frame the page.
CLIENT_CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
              "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
              "frame-ancestors 'none'")
# The /docs and /redoc pages load their viewer from DOCS_ASSETS (the fastapi-offline package's
# files, served here: they work offline) with an inline bootstrap; ReDoc runs a blob: worker.
DOCS_ASSETS = "/docs-assets"
DOCS_CSP = ("default-src 'self'; script-src 'self' 'unsafe-inline'; "
            "style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            "worker-src 'self' blob:; connect-src 'self'; object-src 'none'; "
            "frame-ancestors 'none'")
DOCS_PATHS = ("/docs", "/redoc")
# Bodies shorter than this go as they are: framing would eat what compressing them saves.
COMPRESS_MIN_BYTES = 128
RETRY_AFTER_MAX = 3600.0  # seconds; a zero rate never refills
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def install(app: FastAPI, settings: Settings) -> None:
    """Error handlers for every refusal, the security headers, the REST body and rate
    limits."""
    app.add_exception_handler(ServiceError, service_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, validation_error)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, framework_error)  # type: ignore[arg-type]
    # Every text answer compressed (zstd, brotli or gzip, as the browser accepts); the sockets
    # are left alone (no per-message deflate: app/__main__.py).
    app.add_middleware(CompressMiddleware, minimum_size=COMPRESS_MIN_BYTES)
    app.add_middleware(RestLimits, settings=settings)
    app.add_middleware(BodyLimit, max_bytes=settings.max_message_bytes)
    app.add_middleware(SecurityHeaders)  # added last: outermost, so it sees every answer


def error_response(error: ServiceError,
                   headers: Mapping[str, str] | None = None) -> JSONResponse:
    """The one REST error body: {"error": {"code", "message"}} with the code's status."""
    return JSONResponse({"error": error.to_json()}, status_code=error.status, headers=headers)


async def service_error(_: Request, exc: ServiceError) -> JSONResponse:
    """A refusal of the service layer."""
    return error_response(exc)


async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
    """A body, path or header that does not follow the schema."""
    errors = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return error_response(ServiceError(ErrorCode.BAD_JSON))
    first = errors[0] if errors else {}
    where = ".".join(str(p) for p in first.get("loc", ()))
    return error_response(
        ServiceError(ErrorCode.BAD_MESSAGE, f"{where}: {first.get('msg', '')}".strip()))


async def framework_error(_: Request, exc: HTTPException) -> JSONResponse:
    """Starlette's own refusals (unknown path, wrong method, unreadable body) in our shape;
    a 405 keeps the route's `Allow` header."""
    code = FRAMEWORK_CODES.get(exc.status_code, ErrorCode.BAD_MESSAGE)
    return error_response(ServiceError(code), headers=exc.headers)


class SecurityHeaders:
    """Adds the security headers to every HTTP response (pure ASGI: streaming stays intact),
    and answers an unexpected exception with the error shape (`internal`, 500) and the
    headers before the framework's last resort (plain text, no headers) would."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        csp = DOCS_CSP if path.startswith(DOCS_PATHS) else CLIENT_CSP
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                headers += [*SECURITY_HEADERS, (b"content-security-policy", csp.encode())]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if not started:
                answer = error_response(ServiceError(ErrorCode.INTERNAL))
                await answer(scope, receive, send_with_headers)
            raise  # the server's log keeps the traceback


class BodyTooLarge(HTTPException):
    """A REST body over the limit (answered `too_large`, 413)."""

    def __init__(self) -> None:
        super().__init__(status_code=413)


class BodyLimit:
    """Refuses REST bodies over `max_bytes` before buffering them: at once when the declared
    Content-Length is too large, else as soon as the bytes read pass the limit."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.max_bytes:
            await error_response(ServiceError(ErrorCode.TOO_LARGE))(scope, receive, send)
            return
        seen = 0

        async def receive_bounded() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.max_bytes:  # a chunked body that grows past the limit
                raise BodyTooLarge
            return message

        await self.app(scope, receive_bounded, send)


class RestLimits:
    """Each /api request spends a token of its kind for its client address (the peer's, or
    X-Forwarded-For's from a trusted proxy: uvicorn has put it in the scope); without one it
    is answered `rate_limited` with Retry-After, and goes no further."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.exempt = {a.strip() for a in settings.rate_exempt_ips.split(",") if a.strip()}
        self.kinds = {kind: AddressBuckets(allowance)
                      for kind, allowance in allowances(settings).items()}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            kind = limited(scope["method"], scope["path"])
            address = scope["client"][0] if scope.get("client") else ""
            if kind is not None and address not in self.exempt:
                buckets = self.kinds[kind]
                wait = buckets.wait(address)
                if wait > 0:
                    retry = str(max(1, math.ceil(min(wait, RETRY_AFTER_MAX))))
                    error = ServiceError(ErrorCode.RATE_LIMITED, buckets.allowance.said(kind))
                    await error_response(error, {"Retry-After": retry})(scope, receive, send)
                    return
        await self.app(scope, receive, send)


class ClientMount(Mount):
    """The static client at `/`, except under `/api/` and `/ws/`: there the routers' own
    404 and 405 (with the route's `Allow`) apply, not the file server's."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        """No match for the API's and the sockets' paths."""
        path: str = scope.get("path", "")
        if path == "/api" or path.startswith(("/api/", "/ws/")):
            return Match.NONE, {}
        return super().matches(scope)


def mount_client(app: FastAPI, files: StaticFiles) -> None:
    """Serve the browser client's files at `/`."""
    app.router.routes.append(ClientMount("/", app=files, name="static"))
