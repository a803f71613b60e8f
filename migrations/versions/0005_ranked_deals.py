"""Ranked deals: the daily deals dealt from the server's secret and proven winnable ahead
(ranked_deals). Earlier daily games keep their numbered deals and their dates.

Revision ID: 0005_ranked_deals
Revises: 0004_player_devices
Create Date: 2026-12-02

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0005_ranked_deals'
down_revision: Union[str, Sequence[str], None] = '0004_player_devices'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('ranked_deals',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('ruleset', sa.String(length=64), nullable=False),
    sa.Column('day', sa.Date(), nullable=True),
    sa.Column('closes_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('candidate', sa.Integer(), nullable=False),
    sa.Column('layout', sa.JSON(), nullable=False),
    sa.Column('solution', sa.JSON(), nullable=False),
    sa.Column('proven_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_ranked_deals')),
    sa.UniqueConstraint('game', 'name', name=op.f('uq_ranked_deals_game'))
    )
    op.create_index('ix_ranked_deals_day', 'ranked_deals', ['game', 'day'], unique=False)


def downgrade() -> None:
    op.drop_index('ix_ranked_deals_day', table_name='ranked_deals')
    op.drop_table('ranked_deals')
