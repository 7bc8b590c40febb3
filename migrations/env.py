"""Alembic environment: the same migrations for SQLite and Postgres, URL from Settings."""

from __future__ import annotations

import asyncio
from logging.config import fileConfig

from alembic import context
from sqlalchemy.engine import Connection

from app.server.db import make_engine
from app.server.models import Base
from app.server.settings import Settings

config = context.config
if config.config_file_name is not None:
    fileConfig(config.config_file_name, disable_existing_loggers=False)
target_metadata = Base.metadata


def database_urls() -> list[str]:
    """An explicit `sqlalchemy.url` (tests) wins over the environment: every shard of
    DATABASE_URLS, or DATABASE_URL alone (one shard)."""
    explicit = config.get_main_option("sqlalchemy.url")
    return [explicit] if explicit else Settings.from_env().shards


def run_migrations_offline() -> None:
    """Emit SQL without a connection (the same for every shard: shard 0's dialect)."""
    context.configure(url=database_urls()[0], target_metadata=target_metadata,
                      literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def _run(connection: Connection) -> None:
    # Batch mode lets later migrations alter SQLite tables (it copies and swaps them).
    context.configure(connection=connection, target_metadata=target_metadata,
                      render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


async def run_migrations_online() -> None:
    """Run migrations over the app's own async engine (WAL and locking settings included),
    on each shard in turn: one `alembic upgrade head` brings every shard to the head."""
    for url in database_urls():
        engine = make_engine(url)
        async with engine.connect() as connection:
            await connection.run_sync(_run)
            await connection.commit()
        await engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    asyncio.run(run_migrations_online())
