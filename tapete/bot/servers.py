"""Per-server settings, kept in memory and in storage: the language of public messages, the
timing of new tables (turn timeout, CPU pause), optionally the one channel where tables
may be opened, and whether tables show pictures of the felt.

A server uses the ``.env`` values until an admin changes them with ``/tapete ajustes`` (or
``/tapete idioma``); a change applies to tables opened afterwards (the language to every
table at once) and survives restarts. Until an admin chooses a language, a server's public
messages follow its Discord locale (the "Server Primary Language" of its Community settings,
``guild.preferred_locale``, which every interaction also carries as ``guild_locale``) when
the bot speaks it, else the bot's default, Spanish.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, replace
from typing import Any

import discord

from tapete.bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, Lang, catalog, lang_for, language_of_locale
from tapete.bot.shards import Shards
from tapete.bot.storage import Storage
from tapete.bot.tables import TableError, Timing

# The documented ranges of a server's timing (``/tapete ajustes``), in seconds: a turn is a
# whole number of seconds; the CPU's pause any number, tenths included.
TURN_RANGE = (15, 3600)
CPU_DELAY_RANGE = (0.0, 30.0)

# What storage holds as the language of a server that follows its Discord locale (the column
# is NOT NULL): nothing chosen.
FOLLOW_LOCALE = ""


@dataclass(frozen=True)
class ServerConfig:
    """One server's choices; ``None`` means the bot's default (from ``.env``)."""

    language: str | None = None  # None: the server's Discord locale (see the module)
    turn_timeout: float | None = None
    cpu_delay: float | None = None
    table_channel: int | None = None  # tables only in this channel; None: anywhere
    pictures: bool | None = None  # tables show a picture of the felt; None: yes


class ServerSettings:
    def __init__(self, storage: Storage, defaults: Timing | None = None) -> None:
        self.storage = storage
        self.defaults = defaults or Timing(120.0, 1.5)
        self._configs: dict[int, ServerConfig] = {}
        self._locales: dict[int, str] = {}  # each server's Discord locale, as we speak it

    async def load(self, shards: Shards | None = None) -> None:
        """Read the servers' settings (with ``shards``, of the servers this process owns)."""
        self._configs = {guild: ServerConfig(**{k: v for k, v in values.items()
                                                if v not in (None, FOLLOW_LOCALE)})
                         for guild, values in (await self.storage.guilds.all(shards)).items()}

    def config(self, guild_id: int | None) -> ServerConfig:
        if guild_id is None:
            return ServerConfig()
        return self._configs.get(guild_id, ServerConfig())

    async def update(self, guild_id: int, **changes: Any) -> ServerConfig:
        """Change some settings of a server (a value of ``None`` goes back to the default).
        A value outside its documented range, or of the wrong kind, is refused with a
        :class:`TableError` and nothing changes."""
        changes = {name: None if value is None else checked(name, value)
                   for name, value in changes.items()}
        config = replace(self.config(guild_id), **changes)
        await self.storage.guilds.save(guild_id, {**asdict(config),
                                                  "language": config.language or FOLLOW_LOCALE})
        self._configs[guild_id] = config
        return config

    def language(self, guild_id: int | None) -> str:
        """The language of a server's public messages: the admin's choice, else the
        server's Discord locale if we speak it, else the default."""
        chosen = self.config(guild_id).language
        if chosen is not None:
            return chosen
        return self._locales.get(guild_id or 0, DEFAULT_LANGUAGE)

    def chosen_language(self, guild_id: int | None) -> str | None:
        """The language an admin chose for the server (None: it follows Discord's locale)."""
        return self.config(guild_id).language

    def learn_locale(self, guild_id: int | None, locale: object) -> None:
        """Remember a server's Discord locale (from a guild or an interaction)."""
        language = language_of_locale(locale) if locale is not None else None
        if guild_id is not None and language is not None:
            self._locales[guild_id] = language

    def learn(self, interaction: discord.Interaction[Any]) -> None:
        self.learn_locale(interaction.guild_id, interaction.guild_locale)

    async def set_language(self, guild_id: int, language: str) -> None:
        await self.update(guild_id, language=language)

    def timing(self, guild_id: int | None) -> Timing:
        """The timing a new table of this server gets."""
        config = self.config(guild_id)
        return Timing(
            config.turn_timeout if config.turn_timeout is not None
            else self.defaults.turn_timeout,
            config.cpu_delay if config.cpu_delay is not None else self.defaults.cpu_delay,
        )

    def pictures(self, guild_id: int | None) -> bool:
        """Whether this server's tables show pictures (the text is there either way)."""
        return self.config(guild_id).pictures in (None, True, 1)  # stored as 0/1

    def public(self, guild_id: int | None) -> Lang:
        """The language of a server's public messages."""
        return catalog(self.language(guild_id))

    def public_for(self, interaction: discord.Interaction[Any]) -> Lang:
        """The public language of the interaction's server (learning its locale)."""
        self.learn(interaction)
        return self.public(interaction.guild_id)

    def private(self, interaction: discord.Interaction[Any]) -> Lang:
        """The language of a reply only this user sees: their locale, else the server's."""
        self.learn(interaction)
        return lang_for(interaction.locale, self.language(interaction.guild_id))


def checked(name: str, value: Any) -> Any:
    """A setting's value as stored, if it is one a server may have; else the refusal."""
    if name == "language":
        if value not in LANGUAGES:
            raise TableError("settings-bad-language", languages=", ".join(LANGUAGES))
        return value
    if name == "turn_timeout":
        low, high = TURN_RANGE
        if type(value) is not int or not low <= value <= high:
            raise TableError("settings-bad-turn", low=low, high=high)
        return float(value)
    if name == "cpu_delay":
        low_delay, high_delay = CPU_DELAY_RANGE
        if type(value) not in (int, float) or not math.isfinite(value) \
                or not low_delay <= value <= high_delay:
            raise TableError("settings-bad-cpu", low=int(low_delay), high=int(high_delay))
        return float(value)
    if name == "pictures":
        if type(value) is not bool:
            raise ValueError(f"pictures must be true or false, not {value!r}")
        return value
    if name == "table_channel":
        if type(value) is not int or value <= 0:
            raise TableError("settings-bad-channel")
        return value
    raise ValueError(f"unknown setting {name!r}")
