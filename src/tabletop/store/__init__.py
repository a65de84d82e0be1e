"""Storage: the database behind the server (SQLAlchemy 2, Alembic migrations)."""
