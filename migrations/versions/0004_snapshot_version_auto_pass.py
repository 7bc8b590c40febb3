"""snapshot every K moves; auto-pass per seat

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30 11:40:00

The game row's snapshot is now written every K moves and at the end, so it records the version
it holds (`snapshot_version`); a game is loaded as that snapshot plus the later actions of the
log. Existing rows hold the snapshot of their current version. Each seat keeps its auto-pass
mode (docs/protocol.md, "Auto-pass"), `when_nothing` by default.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0004'
down_revision: str | None = '0003'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('snapshot_version', sa.Integer(), nullable=False,
                                      server_default='0'))
    op.execute("UPDATE game SET snapshot_version = version")
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('auto_pass', sa.String(length=16), nullable=False,
                                      server_default='when_nothing'))


def downgrade() -> None:
    # The older schema reads the snapshot as the state at `version`: refuse rather than
    # hand it a snapshot that is behind (finished games are always level).
    behind = op.get_bind().execute(
        sa.text("SELECT count(*) FROM game WHERE snapshot_version <> version")).scalar_one()
    if behind:
        raise RuntimeError(f"{behind} games have a snapshot behind their version")
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('auto_pass')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('snapshot_version')
