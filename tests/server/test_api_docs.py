"""The API viewers at /docs and /redoc work offline: every file they load comes from this server."""

from __future__ import annotations

import re

import httpx
import pytest

from .client import async_test
from .servers import Server

LOADED = re.compile(r"""(?:src|href|url)\s*[:=]\s*['"]([^'"]+)['"]""")


@pytest.mark.parametrize("shared_server", ["sqlite"], indirect=True)
@pytest.mark.parametrize("page", ["/docs", "/redoc"])
@async_test
async def test_the_api_viewers_load_everything_from_this_server(shared_server: Server,
                                                                page: str) -> None:
    async with httpx.AsyncClient(base_url=shared_server.http) as http:
        answer = await http.get(page)
        assert answer.status_code == 200, answer.text
        loaded = LOADED.findall(answer.text)
        assert any(path.endswith(".js") for path in loaded), loaded  # the viewer itself
        for path in loaded:
            assert path.startswith("/") and not path.startswith("//"), (page, path)
            asset = await http.get(path)
            assert asset.status_code == 200 and asset.content, (page, path)
        csp = answer.headers["content-security-policy"]
        assert "http" not in csp, csp  # nothing from elsewhere may even be allowed
