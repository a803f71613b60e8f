"""One live link code a player, kept by the database: of a player's unused codes only the
newest stays, then a unique index on ``player_id`` over the unused codes.

Revision ID: 0008_one_link_code
Revises: 0007_fair_play_backfill
Create Date: 2026-12-05

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0008_one_link_code'
down_revision: Union[str, Sequence[str], None] = '0007_fair_play_backfill'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

UNUSED = sa.text('used_at IS NULL')


def upgrade() -> None:
    op.execute(
        "DELETE FROM link_codes WHERE used_at IS NULL AND EXISTS ("
        " SELECT 1 FROM link_codes AS newer"
        " WHERE newer.player_id = link_codes.player_id AND newer.used_at IS NULL"
        " AND (newer.created_at > link_codes.created_at"
        "  OR (newer.created_at = link_codes.created_at AND newer.id > link_codes.id)))"
    )
    op.create_index(
        'ux_link_codes_unused',
        'link_codes',
        ['player_id'],
        unique=True,
        postgresql_where=UNUSED,
        sqlite_where=UNUSED,
    )


def downgrade() -> None:
    op.drop_index('ux_link_codes_unused', table_name='link_codes')
