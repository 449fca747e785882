"""Settings read from the environment and ``.env`` (pydantic-settings).

A bad value gets one readable line (``SettingsError``, in English like the README and
``.env.example``) instead of a traceback, so a typo in ``.env`` is easy to fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from tapete.bot.shards import Shards
from tapete.bot.storage import is_postgres_url

TOKEN_HELP = (
    "DISCORD_TOKEN is missing: create an application at "
    "https://discord.com/developers/applications, copy its bot's token and put it in the .env "
    "file (DISCORD_TOKEN=...). See the README."
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
    database_url: SecretStr | None = Field(
        default=None, description="postgresql://user:password@host:port/database; empty: "
        "the SQLite file at DATABASE_PATH.")
    database_pool_size: int = Field(
        default=10, ge=1, le=100, description="PostgreSQL connections per process.")
    shard_count: int | None = Field(
        default=None, ge=1, le=100_000, description="Shards of the whole bot (all processes).")
    shard_ids: Annotated[list[int] | None, NoDecode] = Field(
        default=None, description="The shards this process connects: 0,1 or 0-3.")
    turn_timeout: float = Field(default=120.0, gt=0, description="Seconds before the CPU plays.")
    cpu_delay: float = Field(default=1.5, ge=0, description="Pause before a CPU move, seconds.")
    dev_guild_id: int | None = Field(default=None, description="Sync commands to this guild.")
    log_level: str = Field(default="INFO", pattern=r"^(DEBUG|INFO|WARNING|ERROR)$")
    cpu_think_ms: float = Field(
        default=700.0, ge=10, le=10_000, description="Thinking time of a difícil CPU, ms.")
    card_emojis: bool = Field(
        default=True, description="Upload the card faces as application emojis at start-up.")
    pace_edits: bool = Field(
        default=True, description="At most 5 public-message edits per channel in 5 s.")
    # -- observability (tapete/bot/metrics.py, tapete/bot/reporting.py) --
    sentry_dsn: SecretStr | None = Field(
        default=None, description="Send errors to Sentry (needs tapete[sentry]); empty: off.")
    metrics_log_seconds: float = Field(
        default=600.0, ge=0, description="A log line with the counters this often; 0: never.")
    metrics_port: int | None = Field(
        default=None, ge=1, le=65535, description="Serve /metrics (Prometheus) on this port.")
    metrics_host: str = Field(
        default="127.0.0.1", min_length=1, description="The address /metrics listens on.")

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not is_postgres_url(value.get_secret_value().strip()):
            raise ValueError("must start with postgresql:// (leave it empty to use SQLite)")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_ids(cls, value: Any) -> Any:
        """``0,2,5``, ``0-3`` or a mix of both (``[0, 1]`` too)."""
        if not isinstance(value, str):
            return value
        text = value.strip().strip("[]")
        ids: list[int] = []
        for part in (p.strip() for p in text.split(",") if p.strip()):
            first, dash, last = part.partition("-")
            try:
                if dash:
                    ids.extend(range(int(first), int(last) + 1))
                else:
                    ids.append(int(part))
            except ValueError:
                raise ValueError(f"{part!r} is not a shard number or range (0,1 or 0-3)") \
                    from None
        return ids

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT (the shards of every process)")
            try:
                Shards.of(self.shard_count, self.shard_ids)
            except ValueError as exc:
                raise ValueError(f"SHARD_IDS: {exc}") from None
        return self

    @property
    def database(self) -> Path | str:
        """Where the data lives: the PostgreSQL URL when there is one, else the SQLite file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value().strip()
        return self.database_path

    def database_name(self) -> str:
        """The database, for messages: a URL without its password."""
        if self.database_url is None:
            return str(self.database_path)
        url = self.database_url.get_secret_value().strip()
        scheme, _, rest = url.partition("://")
        credentials, at, place = rest.rpartition("@")
        user = credentials.partition(":")[0]
        return f"{scheme}://{user + '@' if at else ''}{place}"

    def shards(self) -> Shards:
        """The servers this process owns: all of them without SHARD_COUNT."""
        return Shards.of(self.shard_count, self.shard_ids)

    @property
    def sharded(self) -> bool:
        """Whether the bot connects through discord.py's AutoShardedBot."""
        return self.shard_count is not None

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
            f"{'.'.join(str(p) for p in err['loc']).upper() or 'value'}: "
            f"{err['msg'].removeprefix('Value error, ')}"
            for err in exc.errors()
        )
        raise SettingsError(f"Invalid settings in .env or the environment: {problems}") from None
    except (UnicodeDecodeError, OSError) as exc:
        raise SettingsError(f"Cannot read .env: {exc}") from None
