"""REST fuzzing: schemathesis against the ASGI app, every check, a bounded number of examples,
on SQLite and on Postgres; and hypothesis on the text rules of names.

Each operation of /openapi.json is called with generated valid and invalid inputs (its examples,
its coverage cases, including methods the path does not take, and random fuzzing); every answer
must follow the schema: a documented status, our error shape, the right `Allow`, no 5xx, invalid
input refused and valid input accepted. The app runs in-process on a fresh migrated database of
each backend (the Postgres one dropped at the end). Names made of any characters, the refused
ones (controls, NUL, direction overrides) among them, padded with spaces or too long, are
stored trimmed when the rules allow them and refused `bad_message` otherwise, never a 5xx.
"""

from __future__ import annotations

import re
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from fastapi import FastAPI
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.python.asgi import shutdown_lifespans
from schemathesis.specs.openapi.schemas import OpenApiSchema
from starlette.testclient import TestClient

from app.main import create_app
from app.server.schemas import FORBIDDEN as FORBIDDEN_RANGES
from app.server.settings import Settings

from .servers import BACKENDS, PG_HOST, PG_PORT, PG_USER, _postgres_ready, _psql, migrate

EXAMPLES = 25  # per operation and phase: about 1,000 cases in all, a few seconds
NAMES = 150  # names tried per backend
FORBIDDEN = re.compile(f"[{FORBIDDEN_RANGES}]")
NAME_LIMIT = 40
CASES: list[str] = []
DATABASES: list[str] = []  # the Postgres databases made here, dropped at the end


def fuzz_url(backend: str) -> str | None:
    """A fresh migrated database (None: Postgres is not reachable), made at collection:
    schemathesis' lazy fixture loader does not run on pytest 9."""
    if backend == "sqlite":
        url = f"sqlite+aiosqlite:///{Path(tempfile.mkdtemp(prefix='nao-fuzz-')) / 'nao.db'}"
    elif _postgres_ready():
        name = f"nao_fuzz_{uuid.uuid4().hex[:12]}"
        _psql(f'CREATE DATABASE "{name}"')
        DATABASES.append(name)
        url = f"postgresql+asyncpg://{PG_USER}@{PG_HOST}:{PG_PORT}/{name}"
    else:
        return None
    migrate(url)
    return url


def fuzzed_app(url: str) -> FastAPI:
    """The app on `url`; the calls come from Starlette's test client, no limit applies."""
    return create_app(Settings(database_url=url, rate_exempt_ips="testclient"))


URLS = {"sqlite": fuzz_url("sqlite"), "postgres": fuzz_url("postgres")}


def app_schema(backend: str) -> OpenApiSchema | None:
    """The app's own OpenAPI schema, bound to the app in-process on `backend`."""
    url = URLS[backend]
    return None if url is None else schemathesis.openapi.from_asgi("/openapi.json",
                                                                   fuzzed_app(url))


FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
schema, postgres_schema = app_schema("sqlite"), app_schema("postgres")
assert schema is not None


@schema.parametrize()
@FUZZ
def test_every_rest_answer_follows_the_schema(case: schemathesis.Case) -> None:
    CASES.append(f"{case.method} {case.path}")
    case.call_and_validate()


if postgres_schema is not None:
    @pytest.mark.postgres
    @postgres_schema.parametrize()
    @FUZZ
    def test_every_rest_answer_follows_the_schema_on_postgres(case: schemathesis.Case) -> None:
        CASES.append(f"{case.method} {case.path} (postgres)")
        case.call_and_validate()
else:
    @pytest.mark.postgres
    def test_every_rest_answer_follows_the_schema_on_postgres() -> None:
        pytest.fail(f"Postgres is not reachable at {PG_HOST}:{PG_PORT} "
                    "(start it, or deselect with -m 'not postgres')")


@pytest.fixture(scope="module", params=BACKENDS)
def client(request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """A test client of the app on each backend's fuzz database."""
    url = URLS[str(request.param)]
    if url is None:
        pytest.fail(f"Postgres is not reachable at {PG_HOST}:{PG_PORT}")
    with TestClient(fuzzed_app(url)) as test_client:
        yield test_client


refused = st.sampled_from(["\x00", "\x01", "\x1b", "\x7f", "\x85", "\x9f", "\u202a", "\u202e",
                           "\u2066", "\u2069"])
spaces = st.text(" \u00a0\u3000", max_size=3)
names = st.one_of(
    st.text(max_size=NAME_LIMIT + 4),
    st.tuples(spaces, st.text(min_size=NAME_LIMIT - 2, max_size=NAME_LIMIT), spaces).map("".join),
    st.lists(st.text(max_size=6) | refused, min_size=1, max_size=6).map("".join))


@given(name=names)
@settings(max_examples=NAMES, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_a_name_is_stored_trimmed_or_refused_by_the_text_rules(client: TestClient,
                                                               name: str) -> None:
    body = {"name": name, "seat": 0, "options": {"variant": "base", "hunted": 1}}
    response = client.post("/api/rooms", json=body)
    allowed = (not FORBIDDEN.search(name) and bool(name.strip())
               and len(name) <= NAME_LIMIT)
    if not allowed:
        assert response.status_code == 422, (name, response.text)
        assert response.json()["error"]["code"] == "bad_message"
        return
    assert response.status_code == 201, (name, response.text)
    lobby = client.get(f"/api/rooms/{response.json()['code']}").json()
    assert lobby["seats"][0]["name"] == name.strip()


def teardown_module() -> None:
    print(f"\nREST fuzz cases: {len(CASES)}")
    shutdown_lifespans()  # the apps' connections closed before their databases go
    for name in DATABASES:
        _psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
