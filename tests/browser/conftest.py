"""Browser tests: a real uvicorn server on a migrated SQLite file, and Debian's Chromium.

Chromium comes from `apt-get install chromium` (`make test` installs it when missing);
Playwright is the pinned Python package, driving it through `executable_path` with no browser
download.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from app import bundle

from .players import PAGE_TIMEOUT_MS
from .shots import DESKTOP

# Assertions on a page wait for its state; the hang guard is generous for a busy machine.
expect.set_options(timeout=PAGE_TIMEOUT_MS)

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
GRACE_SECONDS = 1.0
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_healthy(base: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"uvicorn exited early:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"uvicorn did not answer in 30 s:\n{log.read_text()}")


# Deals every game from one seed (the server draws seeds from the OS otherwise): the test's
# own entry around `python -m app`, so the app has no way to choose a deal.
SEEDED_ENTRY = ("import runpy, sys, app.server.auth as auth; seed = int(sys.argv.pop(1)); "
                "auth.new_seed = lambda: seed; runpy.run_module('app', run_name='__main__')")


@contextmanager
def serve(tmp: Path, seed: int | None = None) -> Iterator[str]:
    """Base URL of a uvicorn process serving the app on a fresh, migrated SQLite database
    (every game dealt from `seed` when given)."""
    # A player may be handed to a computer after 1 s away (30 s by default), so that the
    # browser tests need not wait.
    # Every page comes from 127.0.0.1: the REST limits per address are lifted for it.
    env = dict(os.environ, DATABASE_URL=f"sqlite+aiosqlite:///{tmp / 'nao.db'}",
               PYTHONPATH=str(ROOT), GRACE_SECONDS=str(GRACE_SECONDS),
               RATE_EXEMPT_IPS="127.0.0.1")
    bin_dir = Path(sys.executable).parent
    subprocess.run([str(bin_dir / "alembic"), "upgrade", "head"], cwd=ROOT, env=env,
                   check=True, capture_output=True, timeout=60)
    # The client as served: bundled from the modules as they are now (`make client`), when
    # esbuild is installed; else the modules one by one (test_first_load then fails).
    bundle.build()
    port = _free_port()
    log = tmp / "uvicorn.log"
    entry = ["-m", "app"] if seed is None else ["-c", SEEDED_ENTRY, str(seed)]
    with log.open("wb") as out:  # the serve entry: uvicorn with the project's flags
        process = subprocess.Popen(
            [sys.executable, *entry, "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(base, process, log)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL of a uvicorn process serving the app on a fresh, migrated SQLite database."""
    with serve(tmp_path_factory.mktemp("browser-server")) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, launched once per test module.

    Not once per session: while Playwright's sync API runs, its event loop counts as running
    in this thread, so `asyncio.run` in other tests of the same worker would fail.
    """
    if not CHROMIUM.exists():
        # A failure, never a skip: a green run must have run the browser tests.
        pytest.fail("Chromium is not installed: apt-get install -y chromium "
                    "(`make test` does it when run as root)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@contextmanager
def pages_of(browser: Browser, base: str,
             locale: str | None = None) -> Iterator[Callable[..., Page]]:
    """Open pages of the server at `base` in fresh browser contexts (separate players), in the
    browser's language `locale` when given; fail on uncaught JS errors."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def open_(path: str | None = "/", viewport: dict[str, int] | None = None) -> Page:
        context = browser.new_context(viewport=viewport or DESKTOP, base_url=base, locale=locale)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(PAGE_TIMEOUT_MS)
        page.on("pageerror", lambda error: errors.append(f"{error}\n{error.stack[:3000]}"))
        if path is not None:
            page.goto(path)
        return page

    yield open_
    for context in contexts:
        context.close()
    assert not errors, "uncaught errors in the pages:\n" + "\n".join(errors)


@pytest.fixture
def open_page(browser: Browser, server: str) -> Iterator[Callable[..., Page]]:
    """Open pages in fresh browser contexts (separate players); fail on uncaught JS errors."""
    with pages_of(browser, server) as open_:
        yield open_


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where screenshots go (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
