"""`tabletop serve`: bad databases are one-line errors before anything listens."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tabletop.cli import app


def test_serve_refuses_bad_databases(tmp_path: Path) -> None:
    runner = CliRunner()
    for url, expected in (
        ("mysql://somewhere/db", "the database is SQLite"),
        ("not a url", "not a database URL"),
        ("postgresql+psycopg://nobody@127.0.0.1:1/none", "cannot use the database"),
        (f"sqlite:///{tmp_path}/missing/dir/x.db", "cannot use the database"),
    ):
        result = runner.invoke(app, ["serve", "--db", url])
        assert result.exit_code == 2, (url, result.output)
        assert expected in result.output and "Traceback" not in result.output
