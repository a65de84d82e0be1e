"""A server on a fresh database per test: SQLite in a temporary directory, or the
PostgreSQL server named by ``TABLETOP_TEST_PG`` (a URL; `.ci/run` starts one) for the
tests parametrised over both."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from tabletop.server.app import create_app
from tabletop.server.hub import Hub
from tabletop.server.settings import Settings

PG_URL = os.environ.get("TABLETOP_TEST_PG")


class Clock:
    """A settable clock (the server's ``now``)."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


def _pg_database() -> Iterator[str]:
    """A new empty PostgreSQL database for one test, dropped afterwards."""
    assert PG_URL is not None
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    base = PG_URL.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tabletop.db'}"
        return
    if PG_URL is None:
        pytest.skip("no PostgreSQL server: set TABLETOP_TEST_PG to a URL (.ci/run does)")
    yield from _pg_database()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tabletop.db'}"


@pytest.fixture
def clock() -> Clock:
    return Clock()


def make_app(url: str, tmp_path: Path, clock: Clock, **kwargs: Any) -> FastAPI:
    settings = Settings(db=url, secret_key="k" * 40, secret_file=tmp_path / "secret")
    return create_app(settings, now=clock, **kwargs)


@pytest.fixture
def app(db_url: str, tmp_path: Path, clock: Clock) -> Iterator[FastAPI]:
    application = make_app(db_url, tmp_path, clock, start_hub=False)
    with TestClient(application):  # runs the lifespan: schema, hub
        yield application


class Player:
    """A browser: its own cookies and CSRF token."""

    def __init__(self, app: FastAPI, name: str | None = None) -> None:
        self.client = TestClient(app)
        self.name = name
        token = self.client.get("/api/me").json()["csrf"]
        self.client.headers["X-CSRF-Token"] = token
        if name is not None:
            response = self.post("/api/signup", {"name": name, "password": "secret-password"})
            assert response.status_code == 200, response.text

    def post(self, url: str, body: Any = None) -> Any:
        return self.client.post(url, json=body if body is not None else {})

    def get(self, url: str) -> Any:
        return self.client.get(url)


def hub(app: FastAPI) -> Hub:
    found: Hub = app.state.hub
    return found


def settle(app: FastAPI, table_id: str) -> None:
    """Wait until the table's bots have moved."""
    hub(app).wait_for_bots(table_id)
