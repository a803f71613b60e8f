"""Wins from before fair-play marks: an empty mark becomes ``pending``, so that the worker's
sweep (and ``patience fair-play``) weighs them like any win whose weighing was lost.

Revision ID: 0007_fair_play_backfill
Revises: 0006_fair_play
Create Date: 2026-12-05

"""
from typing import Sequence, Union

from alembic import op


revision: str = '0007_fair_play_backfill'
down_revision: Union[str, Sequence[str], None] = '0006_fair_play'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.execute(
        "UPDATE games SET fair_play = 'pending' "
        "WHERE status = 'won' AND (fair_play IS NULL OR fair_play = '')"
    )


def downgrade() -> None:
    pass  # a mark weighed since stands; one still pending reads as it did when empty
