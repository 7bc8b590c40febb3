"""a seat played by a computer while its player is away; automatic moves marked

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 16:45:00

`seat.away_since` holds the game's version when a computer took over from a player who left
(NULL: the player plays); `game_action.by` says why the server made a move for a person's
seat (`auto_pass`, `clock` or `computer`; NULL: the seat's own move). Existing rows keep NULL.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0005'
down_revision: str | None = '0004'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('away_since', sa.Integer(), nullable=True))
    with op.batch_alter_table('game_action', schema=None) as batch_op:
        batch_op.add_column(sa.Column('by', sa.String(length=16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('game_action', schema=None) as batch_op:
        batch_op.drop_column('by')
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('away_since')
