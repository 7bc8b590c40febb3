"""At start-up, each database must hold the schema of this code: an unmigrated one is refused
with what to run, rather than served with every request answered `busy`."""

from __future__ import annotations

import logging
from pathlib import Path

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
log = logging.getLogger(__name__)


class NotMigrated(RuntimeError):
    """A database this code cannot serve until `alembic upgrade head` has run on it."""


async def check_migrated(engine: AsyncEngine) -> None:
    """Return if the database is at this code's migration head, or past it (a newer release's
    schema during a rolling deploy), or does not answer now (it may be starting: requests are
    answered `busy` until it does); each logged. Raise NotMigrated if it is behind or empty."""
    where = engine.url.render_as_string(hide_password=True)
    script = ScriptDirectory(str(MIGRATIONS))
    heads = set(script.get_heads())
    try:
        async with engine.connect() as connection:
            current = set(await connection.run_sync(_current_heads))
    except (SQLAlchemyError, OSError) as exc:
        log.warning("The database %s does not answer (%s): its schema is not checked.", where, exc)
        return
    if current == heads:
        return
    known = {revision.revision for revision in script.walk_revisions()}
    if current and not current <= known:
        log.warning("The database %s is at revision %s, newer than this code's %s.", where,
                    ", ".join(sorted(current)), ", ".join(sorted(heads)))
        return
    found = ", ".join(sorted(current)) or "no revision (empty)"
    needed = ", ".join(sorted(heads))
    raise NotMigrated(f"The database {where} is at {found}; this code needs revision {needed}. "
                      "Run `alembic upgrade head` first (README, Run).")


def _current_heads(connection: Connection) -> tuple[str, ...]:
    return tuple(MigrationContext.configure(connection).get_current_heads())
