"""Settings read from the environment and ``.env`` (pydantic-settings).

A bad value gets one readable line (``SettingsError``) instead of a traceback, so a typo in
``.env`` is easy to fix.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

TOKEN_HELP = (
    "Falta DISCORD_TOKEN: crea una aplicación en https://discord.com/developers/applications, "
    "copia el token de su bot y ponlo en el archivo .env (DISCORD_TOKEN=...). Ver README."
)


class SettingsError(Exception):
    """The environment or .env holds a value that cannot be used."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", case_sensitive=False,
        env_ignore_empty=True,
    )

    discord_token: SecretStr | None = Field(default=None, description="The bot's token.")
    database_path: Path = Field(default=Path("data/tapete.sqlite3"))
    turn_timeout: float = Field(default=120.0, gt=0, description="Seconds before the CPU plays.")
    cpu_delay: float = Field(default=1.5, ge=0, description="Pause before a CPU move, seconds.")
    dev_guild_id: int | None = Field(default=None, description="Sync commands to this guild.")
    log_level: str = Field(default="INFO", pattern=r"^(DEBUG|INFO|WARNING|ERROR)$")
    cpu_think_ms: float = Field(
        default=700.0, ge=10, le=10_000, description="Thinking time of a difícil CPU, ms.")
    pace_edits: bool = Field(
        default=True, description="At most 5 public-message edits per channel in 5 s.")

    def token(self) -> str:
        """The token, or SettingsError with the one-line help when it is missing."""
        if self.discord_token is None or not self.discord_token.get_secret_value().strip():
            raise SettingsError(TOKEN_HELP)
        return self.discord_token.get_secret_value().strip()


def load_settings(env_file: Path | str | None = ".env") -> Settings:
    """Read the settings; raise SettingsError with one line per bad value."""
    try:
        return Settings(_env_file=env_file)  # type: ignore[call-arg]
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']).upper() or 'valor'}: {err['msg']}"
            for err in exc.errors()
        )
        raise SettingsError(f"Configuración no válida en .env o el entorno: {problems}") from None
    except (UnicodeDecodeError, OSError) as exc:
        raise SettingsError(f"No se puede leer .env: {exc}") from None
