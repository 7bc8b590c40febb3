"""The first load of a table page, as a seated player's phone would make it on a fresh cache:
few requests, every text response compressed, every static file with Cache-Control, and the
web app manifest and the service worker in place (the table is installable)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from app.server.web import COMPRESS_MIN_BYTES

from .players import PAGE_TIMEOUT_MS, add_computer, create_room, lobby_link, start
from .shots import DESKTOP

pytestmark = pytest.mark.browser

MAX_REQUESTS = 10
TEXT_TYPES = ("text/", "application/javascript", "application/json",
              "application/manifest+json", "image/svg+xml")


@dataclass(frozen=True)
class Fetched:
    """One request of the page, as the browser saw it."""

    url: str
    kind: str  # Playwright's resource type: document, script, fetch, websocket...
    status: int
    headers: dict[str, str]
    bytes: int  # transferred: the response's headers and its (encoded) body
    length: int  # the body's length once decoded

    @property
    def path(self) -> str:
        return "/" + self.url.split("/", 3)[3] if self.url.count("/") >= 3 else self.url

    @property
    def is_text(self) -> bool:
        return self.headers.get("content-type", "").startswith(TEXT_TYPES)

    @property
    def is_static(self) -> bool:
        return self.kind not in ("fetch", "xhr", "websocket") and "/api/" not in self.url


def fetched(request: Request) -> Fetched:
    """What the browser fetched for `request` (finished)."""
    response = request.response()
    assert response is not None, request.url
    sizes = request.sizes()
    return Fetched(request.url, request.resource_type, response.status,
                   response.all_headers(),
                   sizes["responseHeadersSize"] + sizes["responseBodySize"],
                   len(response.body()) if response.status == 200 else 0)


def seated_player_state(browser: Browser, server: str, variant: str) -> tuple[str, Any]:
    """A game started by a Hunted host against computers; returns the room's link and the
    host's browser storage (its seat token), to open the table from a fresh cache."""
    context = browser.new_context(viewport=DESKTOP, base_url=server)
    page = context.new_page()
    page.set_default_timeout(PAGE_TIMEOUT_MS)
    create_room(page, "Morgan", hunted=3 if variant == "frozen-lands" else 2,
                creature=False, variant=variant)
    link = lobby_link(page)
    for seat in (0, 2, *((3,) if variant == "frozen-lands" else ())):
        add_computer(page, seat)
    start(page, [page])
    state = context.storage_state()
    context.close()
    return link, state


def first_load(page: Page, link: str) -> list[Fetched]:
    """Open `link` in `page` and wait until the table is drawn and the service worker is
    ready; returns every request the page made meanwhile (its socket included)."""
    requests: list[Request] = []
    sockets: list[str] = []
    page.on("requestfinished", lambda request: requests.append(request))
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(link)
    expect(page.locator("#phase")).to_be_visible()
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    return [*map(fetched, requests), *(Fetched(url, "websocket", 101, {}, 0, 0) for url in sockets)]


def report(loaded: list[Fetched]) -> str:
    """One line per request, and the totals (printed: docs/performance.md quotes them)."""
    lines = [f"{f.status} {f.kind:<9} {f.bytes:>7} B "
             f"{f.headers.get('content-encoding', '-'):<5} "
             f"{f.headers.get('cache-control', '-'):<40} {f.path}" for f in loaded]
    total = sum(f.bytes for f in loaded)
    return "\n".join([*lines, f"{len(loaded)} requests, {total} bytes transferred"])


@pytest.mark.parametrize("variant", ["base", "frozen-lands"])
def test_the_table_loads_in_few_compressed_cached_requests_and_is_installable(
        browser: Browser, server: str, variant: str) -> None:
    link, state = seated_player_state(browser, server, variant)
    context = browser.new_context(viewport=DESKTOP, base_url=server, storage_state=state)
    try:
        page = context.new_page()
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        loaded = first_load(page, link)
        print(f"\nfirst load of the {variant} table:\n{report(loaded)}")

        assert len(loaded) <= MAX_REQUESTS, report(loaded)
        # Only a body too short to gain anything goes as it is (app/server/web.py).
        uncompressed = [f.path for f in loaded if f.is_text and f.length >= COMPRESS_MIN_BYTES
                        and "content-encoding" not in f.headers]
        assert not uncompressed, f"text sent uncompressed: {uncompressed}"
        uncached = [f.path for f in loaded if f.is_static and "cache-control" not in f.headers]
        assert not uncached, f"static files without Cache-Control: {uncached}"

        manifest = page.evaluate("""async () => {
            const link = document.querySelector("link[rel=manifest]");
            const answer = await fetch(link.href);
            return { type: answer.headers.get("content-type"), body: await answer.json() };
        }""")
        assert manifest["type"].startswith("application/manifest+json")
        assert manifest["body"]["theme_color"] and manifest["body"]["icons"]
        worker = page.evaluate("navigator.serviceWorker.ready.then(r => r.active.scriptURL)")
        assert worker.endswith("/sw.js")
    finally:
        context.close()
