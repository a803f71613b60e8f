"""Ranked pool progress in the database: the next candidate of each ranked deal's search
(ranked_fill_progress), so that a Redis restart or a killed worker loses at most the
candidate in flight.

Revision ID: 0009_ranked_fill_progress
Revises: 0008_one_link_code
Create Date: 2026-12-05

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0009_ranked_fill_progress'
down_revision: Union[str, Sequence[str], None] = '0008_one_link_code'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('ranked_fill_progress',
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('next_candidate', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('game', 'name', name=op.f('pk_ranked_fill_progress'))
    )


def downgrade() -> None:
    op.drop_table('ranked_fill_progress')
