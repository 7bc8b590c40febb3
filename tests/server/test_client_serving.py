"""How the browser client is served: the bundle only while it is current, versioned URLs kept
for ever and everything else revalidated, compressed answers, the page and worker by ETag."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import httpx
import pytest

from app.server.client import (
    BUNDLE,
    BUNDLE_SOURCES,
    IMMUTABLE,
    REVALIDATE,
    build_shell,
    modules_digest,
)

from .servers import ROOT, Server

STATIC = ROOT / "static"


@pytest.fixture
def static(tmp_path: Path) -> Path:
    """A copy of the client, with a bundle built from its modules as they are."""
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy, ignore=shutil.ignore_patterns("dist"))
    (copy / "dist").mkdir()
    (copy / BUNDLE).write_text("console.log('bundled');\n")
    (copy / BUNDLE_SOURCES).write_text(modules_digest(copy) + "\n")
    return copy


def worker_shell(worker: bytes) -> list[str]:
    """The shell's URLs the server put before the service worker."""
    first = worker.decode().split("\n", 1)[0]
    return list(json.loads(first.removeprefix("const BUILD = ").removesuffix(";"))["shell"])


def test_a_current_bundle_is_the_pages_script_under_its_version(static: Path) -> None:
    shell = build_shell(static)
    version = shell.versions[BUNDLE]
    assert f'<script type="module" src="/dist/main.js?v={version}">' in shell.page.decode()
    assert f"/dist/main.js?v={version}" in worker_shell(shell.worker)
    assert not any(url.startswith("/js/") for url in worker_shell(shell.worker))


def test_a_module_edited_after_the_bundle_is_served_as_a_module(static: Path) -> None:
    module = static / "js" / "dom.js"
    module.write_text(module.read_text() + "\n// edited\n")
    shell = build_shell(static)
    assert '<script type="module" src="/js/main.js">' in shell.page.decode()
    assert BUNDLE not in shell.versions
    assert "/js/dom.js" in worker_shell(shell.worker)


def test_a_new_module_makes_the_bundle_old_without_any_list(static: Path) -> None:
    (static / "js" / "sound.js").write_text("export const on = true;\n")
    assert "/js/main.js\"" in build_shell(static).page.decode()


def test_only_the_current_version_is_kept_for_ever(static: Path) -> None:
    shell = build_shell(static)
    current = shell.versions["style.css"].encode()
    assert shell.cache_control("style.css", b"v=" + current) == IMMUTABLE
    assert shell.cache_control("style.css", b"v=0123456789abcdef") == REVALIDATE
    assert shell.cache_control("style.css", b"") == REVALIDATE
    assert shell.cache_control("js/dom.js", b"") == REVALIDATE


def test_a_deploy_changes_the_worker(static: Path) -> None:
    before = build_shell(static).worker
    (static / "style.css").write_text("body { color: red; }\n")
    assert build_shell(static).worker != before


def test_an_edited_module_changes_the_worker_without_the_bundle(static: Path) -> None:
    (static / BUNDLE).unlink()
    before = build_shell(static).worker
    module = static / "js" / "dom.js"
    module.write_text(module.read_text() + "\n// edited\n")
    assert build_shell(static).worker != before


def test_the_served_page_names_versions_the_server_keeps_for_ever(
        shared_server: Server) -> None:
    base = shared_server.http
    page = httpx.get(f"{base}/r/some-room")
    assert page.headers["cache-control"] == REVALIDATE
    assert httpx.get(f"{base}/r/some-room",
                     headers={"if-none-match": page.headers["etag"]}).status_code == 304
    urls = re.findall(r'(?:href|src)="(/[^"]+\?v=[0-9a-f]+)"', page.text)
    assert any(url.startswith("/style.css?v=") for url in urls)
    for url in urls:
        answer = httpx.get(f"{base}{url}")
        assert answer.status_code == 200, url
        assert answer.headers["cache-control"] == IMMUTABLE, url
    assert httpx.get(f"{base}/index.html").text == page.text
    assert httpx.head(f"{base}/").status_code == 200
    module = httpx.get(f"{base}/js/dom.js")
    assert module.headers["cache-control"] == REVALIDATE
    worker = httpx.get(f"{base}/sw.js")
    assert worker.headers["cache-control"] == REVALIDATE
    assert worker.text.startswith("const BUILD = ")
    manifest = httpx.get(f"{base}/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")


@pytest.mark.parametrize("encoding", ["zstd", "br", "gzip"])
def test_text_is_sent_compressed_as_the_browser_accepts(
        shared_server: Server, encoding: str) -> None:
    for path in ("/", "/style.css", "/js/messages.js", "/api/catalogue/en"):
        answer = httpx.get(f"{shared_server.http}{path}",
                           headers={"accept-encoding": encoding})
        assert answer.headers["content-encoding"] == encoding, path
        assert "accept-encoding" in answer.headers["vary"].lower(), path
    plain = httpx.get(f"{shared_server.http}/style.css", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers
