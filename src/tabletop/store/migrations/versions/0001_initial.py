"""The initial schema: accounts, tables, seats, journal entries, snapshots, ratings, results.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=32), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("user_id", "game"),
    )
    op.create_table(
        "tables",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=True),
        sa.Column("invite", sa.String(length=64), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("started", sa.Float(), nullable=True),
        sa.Column("finished", sa.Float(), nullable=True),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("to_move", sa.JSON(), nullable=False),
        sa.Column("outcome", sa.JSON(), nullable=True),
        sa.ForeignKeyConstraint(
            ["owner_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("invite"),
    )
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tables_game"), ["game"], unique=False)
        batch_op.create_index(batch_op.f("ix_tables_status"), ["status"], unique=False)

    op.create_table(
        "entries",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "seq"),
    )
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=32), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("faction", sa.String(length=32), nullable=True),
        sa.Column("score", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.create_index("ix_results_game_faction", ["game", "faction"], unique=False)
        batch_op.create_index(batch_op.f("ix_results_user_id"), ["user_id"], unique=False)

    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("bot", sa.String(length=64), nullable=True),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("guest_name", sa.String(length=32), nullable=True),
        sa.Column("guest_key_hash", sa.String(length=128), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "seat"),
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seats_user_id"), ["user_id"], unique=False)

    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
        ),
        sa.PrimaryKeyConstraint("table_id", "seq"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seats_user_id"))

    op.drop_table("seats")
    with op.batch_alter_table("results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_results_user_id"))
        batch_op.drop_index("ix_results_game_faction")

    op.drop_table("results")
    op.drop_table("entries")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tables_status"))
        batch_op.drop_index(batch_op.f("ix_tables_game"))

    op.drop_table("tables")
    op.drop_table("ratings")
    op.drop_table("users")
