"""Per-server settings the bot keeps in memory and in storage: the language of public messages.

A server speaks Spanish until an admin picks another language with ``/tapete idioma``.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, Lang, catalog, lang_for
from bot.storage import Storage


class ServerSettings:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._languages: dict[int, str] = {}

    async def load(self) -> None:
        self._languages = await self.storage.guilds.languages()

    def language(self, guild_id: int | None) -> str:
        if guild_id is None:
            return DEFAULT_LANGUAGE
        return self._languages.get(guild_id, DEFAULT_LANGUAGE)

    async def set_language(self, guild_id: int, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language {language!r}")
        await self.storage.guilds.set_language(guild_id, language)
        self._languages[guild_id] = language

    def public(self, guild_id: int | None) -> Lang:
        """The language of a server's public messages."""
        return catalog(self.language(guild_id))

    def private(self, interaction: discord.Interaction[Any]) -> Lang:
        """The language of a reply only this user sees: their locale, else the server's."""
        return lang_for(interaction.locale, self.language(interaction.guild_id))
