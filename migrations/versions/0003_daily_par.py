"""Daily deals (the date a game was started as a daily) and pars per deal and ruleset.

Revision ID: 0003_daily_par
Revises: 0002_leaderboard_trust
Create Date: 2026-12-01

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0003_daily_par'
down_revision: Union[str, Sequence[str], None] = '0002_leaderboard_trust'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('daily', sa.Date(), nullable=True))
    op.create_index('ix_games_daily', 'games', ['game', 'daily'], unique=False)
    op.create_table('pars',
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('ruleset', sa.String(length=64), nullable=False),
    sa.Column('deal', sa.BigInteger(), nullable=False),
    sa.Column('moves', sa.Integer(), nullable=False),
    sa.Column('proven', sa.Boolean(), nullable=False),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.Column('line', sa.JSON(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('game', 'ruleset', 'deal', name=op.f('pk_pars'))
    )


def downgrade() -> None:
    op.drop_table('pars')
    op.drop_index('ix_games_daily', table_name='games')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('daily')
