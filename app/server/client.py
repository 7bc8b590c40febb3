"""The browser client as served: its page with versioned asset URLs (the bundle when it is
current, else the modules themselves), the service worker with the list of the shell, and
the Cache-Control of every static file (docs/architecture.md, "Serving the client")."""

from __future__ import annotations

import hashlib
import json
import logging
import mimetypes
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

log = logging.getLogger(__name__)

# A versioned URL names one content for ever; anything else is checked again on each use
# (a 304 when unchanged, thanks to the ETag).
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
PAGE, WORKER, STYLE, MODULES, ENTRY = "index.html", "sw.js", "style.css", "js", "js/main.js"
# What `python -m app.bundle` writes (git-ignored): the modules bundled from the entry, and
# the digest of the modules it was built from, so a bundle older than them is never served.
BUNDLE, BUNDLE_SOURCES = "dist/main.js", "dist/sources.sha256"
# The shell the service worker keeps for offline starts, besides the page and the scripts.
SHELL_FILES = ("manifest.webmanifest", "icons/icon.svg", "icons/icon-180.png")
VERSION_LENGTH = 16

mimetypes.add_type("application/manifest+json", ".webmanifest")


def digest(*contents: bytes) -> str:
    """A short content hash, for versioned URLs and the bundle's freshness."""
    hasher = hashlib.sha256()
    for content in contents:
        hasher.update(hashlib.sha256(content).digest())
    return hasher.hexdigest()[:VERSION_LENGTH]


def modules_digest(static: Path) -> str:
    """The digest of every module of the client (their paths and contents)."""
    files = sorted((static / MODULES).rglob("*.js"))
    return digest(*(part for f in files
                    for part in (f.relative_to(static).as_posix().encode(), f.read_bytes())))


def current_bundle(static: Path) -> bool:
    """Whether the bundle exists and was built from the modules as they are now."""
    sources = static / BUNDLE_SOURCES
    return ((static / BUNDLE).is_file() and sources.is_file()
            and sources.read_text().strip() == modules_digest(static))


@dataclass(frozen=True)
class Shell:
    """The page and the service worker as served, and the versions of the files they name."""

    page: bytes
    worker: bytes
    versions: dict[str, str]  # a static file's path (no leading slash) -> its version

    def url(self, path: str) -> str:
        """The URL that names `path` as it is now."""
        return f"/{path}?v={self.versions[path]}" if path in self.versions else f"/{path}"

    def cache_control(self, path: str, query: bytes) -> str:
        """Immutable for a URL carrying the file's current version, else revalidate."""
        wanted = parse_qs(query.decode("latin-1")).get("v", [None])[0]
        return IMMUTABLE if wanted is not None and wanted == self.versions.get(path) \
            else REVALIDATE


def build_shell(static: Path) -> Shell:
    """Read the client once at start-up: the bundle if current, every version, the page."""
    script = BUNDLE if current_bundle(static) else ENTRY
    if script == ENTRY and (static / BUNDLE).is_file():
        log.warning("the client bundle is older than static/js: serving the modules "
                    "(rebuild it with `make client`)")
    versioned = [STYLE, *SHELL_FILES, *([BUNDLE] if script == BUNDLE else [])]
    versions = {path: digest((static / path).read_bytes())
                for path in versioned if (static / path).is_file()}
    shell = Shell(b"", b"", versions)
    page = (static / PAGE).read_text()
    for path in (STYLE, ENTRY, *SHELL_FILES):
        page = page.replace(f'"/{path}"', f'"{shell.url(script if path == ENTRY else path)}"')
    # Without the bundle the modules load one by one, and the worker keeps them all.
    scripts = [BUNDLE] if script == BUNDLE else sorted(
        f.relative_to(static).as_posix() for f in (static / MODULES).rglob("*.js"))
    kept = [p for p in (STYLE, *scripts, *SHELL_FILES) if (static / p).is_file()]
    # The version covers the contents, not only the URLs: unversioned modules change too.
    build = {"version": digest(page.encode(), *((static / p).read_bytes() for p in kept)),
             "shell": ["/", *map(shell.url, kept)]}
    worker = f"const BUILD = {json.dumps(build)};\n" + (static / WORKER).read_text()
    return Shell(page.encode(), worker.encode(), versions)


def shell_response(body: bytes, media_type: str, if_none_match: str | None) -> Response:
    """The page or the worker, revalidated by its ETag (a 304 when the browser has it)."""
    etag = f'"{digest(body)}"'
    headers = {"cache-control": REVALIDATE, "etag": etag}
    if if_none_match is not None and etag in if_none_match:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


class ClientFiles(StaticFiles):
    """The static files, each with its Cache-Control (see `Shell.cache_control`)."""

    def __init__(self, directory: Path, shell: Shell) -> None:
        super().__init__(directory=directory)
        self.shell = shell

    async def get_response(self, path: str, scope: Scope) -> Response:
        """The file as Starlette serves it, and how long it may be kept."""
        response = await super().get_response(path, scope)
        name = Path(path).as_posix().lstrip("/")
        response.headers["cache-control"] = self.shell.cache_control(
            name, scope.get("query_string", b""))
        return response
