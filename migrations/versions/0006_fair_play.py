"""Fair-play marks on won games: the foreknowledge statistic and its mark.

Revision ID: 0006_fair_play
Revises: 0005_ranked_deals
Create Date: 2026-12-02

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0006_fair_play'
down_revision: Union[str, Sequence[str], None] = '0005_ranked_deals'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    with op.batch_alter_table('games') as batch:
        batch.add_column(sa.Column('fair_play', sa.String(length=16), nullable=True))
        batch.add_column(sa.Column('foreknowledge', sa.Float(), nullable=True))
    op.create_index('ix_games_fair_play', 'games', ['fair_play'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_games_fair_play', table_name='games')
    with op.batch_alter_table('games') as batch:
        batch.drop_column('foreknowledge')
        batch.drop_column('fair_play')
