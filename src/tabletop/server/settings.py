"""The server's settings: the only reader of the environment (``TABLETOP_*`` variables).

``TABLETOP_DB`` (the database URL), ``TABLETOP_SECRET_KEY`` (signs session cookies; when
unset, a random key is made once and kept in ``TABLETOP_SECRET_FILE``, by default
``tabletop-secret.key`` beside the working directory, so sessions survive a restart),
``TABLETOP_COOKIE_SECURE`` (send cookies over HTTPS only: set it behind TLS),
``TABLETOP_MAX_BODY`` (largest request body, bytes) and ``TABLETOP_BOT_SECONDS`` (time
budget of a bot's move).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from tabletop.engine.errors import TabletopError

#: A secret shorter than this is refused (it would make cookies forgeable).
MIN_SECRET = 32


class SettingsError(TabletopError):
    """A setting that cannot be used."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="TABLETOP_")

    db: str | None = None
    secret_key: str | None = None
    secret_file: Path = Path("tabletop-secret.key")
    cookie_secure: bool = False
    max_body: int = Field(default=64 * 1024, ge=1024)
    bot_seconds: float = Field(default=2.0, gt=0)
    #: Seconds between two looks at the clocks of the tables in play.
    clock_interval: float = Field(default=1.0, gt=0)

    def session_secret(self) -> str:
        """The key that signs session cookies (made and kept on first use if unset)."""
        if self.secret_key is not None:
            if len(self.secret_key) < MIN_SECRET:
                raise SettingsError(f"TABLETOP_SECRET_KEY must be at least {MIN_SECRET} characters")
            return self.secret_key
        path = self.secret_file
        if path.exists():
            key = path.read_text(encoding="utf-8").strip()
            if len(key) >= MIN_SECRET:
                return key
        key = secrets.token_urlsafe(48)
        path.write_text(key + "\n", encoding="utf-8")
        os.chmod(path, 0o600)
        return key
