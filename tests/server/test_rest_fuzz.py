"""REST fuzzing: schemathesis against the ASGI app, every check, a bounded number of examples.

Each operation of /openapi.json is called with generated valid and invalid inputs (its examples,
its coverage cases, including methods the path does not take, and random fuzzing); every answer
must follow the schema: a documented status, our error shape, the right `Allow`, no 5xx, invalid
input refused and valid input accepted. The app runs in-process on a fresh migrated SQLite file.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.schemas import OpenApiSchema

from app.main import create_app
from app.server.settings import Settings

from .servers import migrate

EXAMPLES = 25  # per operation and phase: about 1,000 cases in all, a few seconds


def app_schema() -> OpenApiSchema:
    """The app's own OpenAPI schema, bound to the app in-process on a fresh migrated SQLite
    file (made at collection: schemathesis' lazy fixture loader does not run on pytest 9)."""
    url = f"sqlite+aiosqlite:///{Path(tempfile.mkdtemp(prefix='nao-fuzz-')) / 'nao.db'}"
    migrate(url)
    return schemathesis.openapi.from_asgi("/openapi.json",
                                          create_app(Settings(database_url=url)))


schema = app_schema()
CASES: list[str] = []


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_every_rest_answer_follows_the_schema(case: schemathesis.Case) -> None:
    CASES.append(f"{case.method} {case.path}")
    case.call_and_validate()


def teardown_module() -> None:
    print(f"\nREST fuzz cases: {len(CASES)}")
