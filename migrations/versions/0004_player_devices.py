"""Players on several devices: a token per device (devices), one-time link codes
(link_codes); each player's existing token becomes their first device.

Revision ID: 0004_player_devices
Revises: 0003_daily_par
Create Date: 2026-12-02

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


revision: str = '0004_player_devices'
down_revision: Union[str, Sequence[str], None] = '0003_daily_par'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    op.create_table('devices',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('player_id', sa.String(length=32), nullable=False),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('label', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('last_used_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_devices_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_devices')),
    sa.UniqueConstraint('token_hash', name=op.f('uq_devices_token_hash'))
    )
    op.create_index(op.f('ix_devices_player_id'), 'devices', ['player_id'], unique=False)
    op.create_table('link_codes',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('player_id', sa.String(length=32), nullable=False),
    sa.Column('lookup', sa.String(length=8), nullable=False),
    sa.Column('salt', sa.String(length=32), nullable=False),
    sa.Column('code_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('expires_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('used_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('tries', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['player_id'], ['players.id'], name=op.f('fk_link_codes_player_id_players')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_link_codes'))
    )
    op.create_index(op.f('ix_link_codes_expires_at'), 'link_codes', ['expires_at'], unique=False)
    op.create_index(op.f('ix_link_codes_lookup'), 'link_codes', ['lookup'], unique=False)
    op.create_index(op.f('ix_link_codes_player_id'), 'link_codes', ['player_id'], unique=False)
    # Each player's one token so far is their first device (the player's id, unique and
    # known to them, serves as its id).
    op.execute(
        "INSERT INTO devices (id, player_id, token_hash, label, created_at, last_used_at) "
        "SELECT id, id, token_hash, 'first device', created_at, created_at FROM players"
    )
    with op.batch_alter_table('players') as batch:
        batch.drop_constraint('uq_players_token_hash', type_='unique')
        batch.drop_column('token_hash')


def downgrade() -> None:
    with op.batch_alter_table('players') as batch:
        batch.add_column(sa.Column('token_hash', sa.String(length=64), nullable=True))
    # Each player keeps their first device's token; a player with none (signed out
    # everywhere, or deleted) keeps a hash no token has.
    op.execute(
        "UPDATE players SET token_hash = (SELECT d.token_hash FROM devices d "
        "WHERE d.player_id = players.id ORDER BY d.created_at, d.id LIMIT 1)"
    )
    op.execute("UPDATE players SET token_hash = 'none:' || id WHERE token_hash IS NULL")
    with op.batch_alter_table('players') as batch:
        batch.alter_column('token_hash', existing_type=sa.String(length=64), nullable=False)
        batch.create_unique_constraint('uq_players_token_hash', ['token_hash'])
    op.drop_index(op.f('ix_link_codes_player_id'), table_name='link_codes')
    op.drop_index(op.f('ix_link_codes_lookup'), table_name='link_codes')
    op.drop_index(op.f('ix_link_codes_expires_at'), table_name='link_codes')
    op.drop_table('link_codes')
    op.drop_index(op.f('ix_devices_player_id'), table_name='devices')
    op.drop_table('devices')
