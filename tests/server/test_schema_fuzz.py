"""Schemathesis over the OpenAPI schema: no request, however malformed, gets a 500.

Every operation is called with generated paths, queries and bodies by a signed-in
browser holding the CSRF token (so that writes get past the header check and reach the
handlers), on a table in play.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from tabletop.server.app import create_app
from tabletop.server.settings import Settings

_DIR = Path(tempfile.mkdtemp(prefix="tabletop-fuzz-"))
APP = create_app(
    Settings(db=f"sqlite:///{_DIR / 'fuzz.db'}", secret_key="f" * 40, secret_file=_DIR / "key"),
    start_hub=False,
)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module")
def browser() -> Iterator[TestClient]:
    with TestClient(APP) as client:
        client.headers["X-CSRF-Token"] = client.get("/api/me").json()["csrf"]
        signup = {"name": "fuzzer", "password": "fuzz-password"}
        assert client.post("/api/signup", json=signup).status_code == 200
        seats = [{"kind": "me"}, {"kind": "bot", "name": "random"}]
        table = client.post("/api/tables", json={"game": "terra-mystica", "seats": seats}).json()
        client.post(f"/api/tables/{table['id']}/start")
        yield client


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gets_a_server_error(case: Any, browser: TestClient) -> None:
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    for own in ("headers", "cookies"):  # keep the browser's cookie and CSRF header
        kwargs.pop(own, None)
    response = browser.request(**kwargs)
    assert response.status_code < 500, (kwargs, response.text)
    if response.status_code >= 400:
        detail = response.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail
