"""A leaderboard people can trust: solve requests, wins and personal bests marked
solver-assisted, and pauses counted.

Revision ID: 0002_leaderboard_trust
Revises: 9a4c23624fa8
Create Date: 2026-12-01

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0002_leaderboard_trust'
down_revision: Union[str, Sequence[str], None] = '9a4c23624fa8'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('solve_requests',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('player_id', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('ruleset', sa.String(length=64), nullable=False),
    sa.Column('deal', sa.BigInteger(), nullable=False),
    sa.Column('job_id', sa.String(length=64), nullable=False),
    sa.Column('requested_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_solve_requests_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_solve_requests'))
    )
    op.create_index('ix_solve_requests_deal', 'solve_requests', ['player_id', 'game', 'ruleset', 'deal'], unique=False)
    op.create_index(op.f('ix_solve_requests_job_id'), 'solve_requests', ['job_id'], unique=False)
    for table in ('wins', 'personal_bests'):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('solver_assisted', sa.Boolean(), server_default=sa.false(), nullable=False))
    for table in ('games', 'wins', 'personal_bests'):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('pauses', sa.Integer(), server_default='0', nullable=False))


def downgrade() -> None:
    for table in ('personal_bests', 'wins', 'games'):
        with op.batch_alter_table(table) as batch:
            batch.drop_column('pauses')
    for table in ('personal_bests', 'wins'):
        with op.batch_alter_table(table) as batch:
            batch.drop_column('solver_assisted')
    op.drop_index(op.f('ix_solve_requests_job_id'), table_name='solve_requests')
    op.drop_index('ix_solve_requests_deal', table_name='solve_requests')
    op.drop_table('solve_requests')
