"""What a browser fetches to open the client (docs/performance.md, "The browser's first load").

Starts the server on a throw-away SQLite file, then with Debian's Chromium: the home page on a
fresh cache; a seated player's table (a base game against computers) on a fresh cache; the same
table opened again once the service worker runs. For each it prints every request (status,
type, bytes transferred, encoding, Cache-Control, where the answer came from) and the totals.
`--modules` serves the modules one by one (the bundle moved aside for the run). Everything
stays on 127.0.0.1 and stops by itself.

    .venv/bin/python bench/first_load.py [--modules]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from playwright.sync_api import Browser, Request, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, _free_port, _wait_healthy  # noqa: E402
from tests.browser.shots import DESKTOP  # noqa: E402
from tests.browser.test_first_load import fetched, first_load, report, seated_player_state  # noqa: E402


@contextmanager
def serving(modules: bool) -> Iterator[str]:
    """The app on a fresh SQLite file; with `modules`, without its bundle."""
    dist = ROOT / "static" / "dist"
    aside = ROOT / "static" / "dist.aside"
    if modules and dist.exists():
        dist.rename(aside)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, DATABASE_URL=f"sqlite+aiosqlite:///{tmp}/bench.db")
        subprocess.run([sys.executable, "-m", "alembic", "upgrade", "head"], cwd=ROOT, env=env,
                       check=True, capture_output=True)
        port = _free_port()
        log = Path(tmp) / "server.log"
        with log.open("wb") as out:
            process = subprocess.Popen([sys.executable, "-m", "app", "--port", str(port)],
                                       cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_healthy(base, process, log)
            yield base
        finally:
            process.terminate()
            process.wait(10)
            if aside.exists():
                shutil.rmtree(dist, ignore_errors=True)
                aside.rename(dist)


def home(browser: Browser, base: str) -> None:
    """The home page on a fresh cache, until its form is drawn and the page is idle."""
    context = browser.new_context(viewport=DESKTOP, base_url=base)
    page = context.new_page()
    requests: list[Request] = []
    page.on("requestfinished", lambda request: requests.append(request))
    page.goto("/")
    page.wait_for_selector("#create")
    page.wait_for_load_state("networkidle")
    print(f"\n== the home page, fresh cache\n{report([fetched(r) for r in requests])}")
    context.close()


def table(browser: Browser, base: str) -> None:
    """A seated player's table on a fresh cache, then again with the worker and the cache."""
    link, state = seated_player_state(browser, base, "base")
    context = browser.new_context(viewport=DESKTOP, base_url=base, storage_state=state)
    worker: list[str] = []
    context.on("request", lambda r: worker.append(r.url) if r.service_worker else None)
    page = context.new_page()
    print(f"\n== the table, fresh cache\n{report(first_load(page, link))}")
    print(f"   and the service worker fetched {len(worker)}: {worker}")
    again = context.new_page()
    print(f"\n== the table again (worker running, HTTP cache warm)\n"
          f"{report(first_load(again, link))}")
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--modules", action="store_true", help="serve without the bundle")
    args = parser.parse_args()
    with serving(args.modules) as base, sync_playwright() as playwright:
        script = "/dist/main.js" if "/dist/main.js" in httpx.get(base + "/").text else "modules"
        print(f"the page's script: {script}")
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                             args=CHROMIUM_ARGS)
        home(browser, base)
        table(browser, base)
        browser.close()


if __name__ == "__main__":
    main()
