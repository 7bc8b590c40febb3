"""game results: the running score of a room

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 12:20:00

One row per finished game that the room has moved on from (rematch): the winner, the reason,
the number of turns and who sat in which seat, since a rematch may rotate the seats.
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = '0003'
down_revision: str | None = '0002'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        'game_result',
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('room_id', sa.Integer(), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('winner', sa.String(length=16), nullable=False),
        sa.Column('reason', sa.String(length=32), nullable=False),
        sa.Column('turns', sa.Integer(), nullable=False),
        sa.Column('players', sa.JSON(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['room_id'], ['room.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('game_id'),
    )
    with op.batch_alter_table('game_result', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_result_room_id'), ['room_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('game_result', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_result_room_id'))
    op.drop_table('game_result')
