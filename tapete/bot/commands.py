"""Slash commands from data: localized through the catalogs, options read from the rules.

* :class:`CatalogTranslator` gives Discord every command's name, description, option and
  choice in each language we speak (``en-US``/``en-GB``, ``es-ES``/``es-419``). A string
  carries its catalog key in ``locale_str(..., key=...)``; strings without one get a key
  from where they sit (``cmd-<command>-name``, ``cmd-<command>-<option>-desc``...).
* :func:`options_command` builds a game's ``nueva`` command from its ``Options`` model: a
  ``Literal`` becomes choices, ``ge``/``le`` become limits, the default stays the default,
  and the descriptions come from the catalog, so options are written once, in ``rules/``.
"""

from __future__ import annotations

import inspect
import math
import types
import typing
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord
from annotated_types import Ge, Le
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from tapete.bot.i18n import DEFAULT_LANGUAGE, Lang, catalog, language_of_locale

SPOKEN = (discord.Locale.american_english, discord.Locale.british_english,
          discord.Locale.spain_spanish, discord.Locale.latin_american_spanish)
Kind = discord.AppCommandOptionType
SNOWFLAKES = (Kind.user, Kind.channel, Kind.role, Kind.mentionable, Kind.attachment)


def base() -> Lang:
    return catalog(DEFAULT_LANGUAGE)


def ls(key: str, **values: Any) -> app_commands.locale_str:
    """A translatable string: its Spanish text (Discord's default) and its catalog key."""
    shown = dict(values)
    if "game" in shown:
        shown["game"] = base().first([f"game-{shown['game']}"]) or shown["game"]
    return app_commands.locale_str(base().t(key, **shown), key=key, values=values)


def command_path(command: Any) -> list[str]:
    """``["<game>", "nueva"]`` for ``/<game> nueva`` (names as written in code)."""
    names = []
    while command is not None:
        names.append(command.name)
        command = getattr(command, "parent", None)
    return names[::-1]


class CatalogTranslator(app_commands.Translator):
    """Discord's command localizations, from the same catalogs as every message."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        language = language_of_locale(locale.value)
        if language is None:
            return None
        key = string.extras.get("key") or self._key(context)
        if key is None:
            return None
        lang = catalog(language)
        values = string.extras.get("values") or {}
        candidates = self._candidates(key, context)
        text = lang.first(candidates, **self._values(lang, values, context))
        if text is None:
            return None
        if context.location in (Where.command_name, Where.group_name, Where.parameter_name):
            text = text.lower().replace(" ", "_")[:32]
        else:
            text = text[:100]
        return text

    @staticmethod
    def _key(context: app_commands.TranslationContext[Any, Any]) -> str | None:
        data = context.data
        if context.location in (Where.command_name, Where.group_name):
            return f"cmd-{data.name}-name"
        if context.location in (Where.command_description, Where.group_description):
            return f"cmd-{data.name}-desc"
        if context.location is Where.parameter_name:
            return f"cmd-{data.command.name}-{data.name}-name"
        if context.location is Where.parameter_description:
            return f"cmd-{data.command.name}-{data.name}-desc"
        return None

    @staticmethod
    def _candidates(key: str, context: app_commands.TranslationContext[Any, Any]) -> list[str]:
        """A command of one group may have its own text: ``cmd-<group>-<name>-desc`` first."""
        data = context.data
        command = getattr(data, "command", data)
        parent = getattr(command, "parent", None)
        if parent is not None and key.startswith("cmd-"):
            return [f"cmd-{parent.name}-{key.removeprefix('cmd-')}", key]
        return [key]

    @staticmethod
    def _values(
        lang: Lang, values: dict[str, Any], context: app_commands.TranslationContext[Any, Any]
    ) -> dict[str, Any]:
        out = dict(values)
        command = getattr(context.data, "command", context.data)
        parent = getattr(command, "parent", None)
        if parent is not None:
            out.setdefault("game", lang.first([f"game-{parent.name}"]) or parent.name)
        if "game" in out and lang.has(f"game-{out['game']}"):
            out["game"] = lang.t(f"game-{out['game']}")
        return out

    async def load(self) -> None:
        return None


def _bounds(info: FieldInfo) -> tuple[int | None, int | None]:
    low = next((m.ge for m in info.metadata if isinstance(m, Ge)), None)
    high = next((m.le for m in info.metadata if isinstance(m, Le)), None)
    return (int(low) if low is not None else None,  # type: ignore[call-overload]
            int(high) if high is not None else None)  # type: ignore[call-overload]


def _slash_type(info: FieldInfo) -> tuple[Any, list[str]]:
    """The slash option type of a model field, and its choices (for a ``Literal``)."""
    annotation = info.annotation
    optional = False
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        optional, annotation = True, args[0]
    choices: list[str] = []
    if typing.get_origin(annotation) is Literal:
        choices = [str(c) for c in typing.get_args(annotation)]
        slash: Any = str
    elif annotation is bool:
        slash = bool
    elif annotation is int:
        low, high = _bounds(info)
        slash = app_commands.Range[int, low, high] if (low, high) != (None, None) else int
    else:
        slash = str
    return (slash | None if optional else slash), choices


def options_command(
    game: str, model: type[BaseModel],
    handler: Callable[[discord.Interaction[Any], dict[str, Any]], Awaitable[None]],
) -> app_commands.Command[Any, ..., None]:
    """The ``nueva`` command of a game: one slash option per field of its ``Options``."""
    parameters = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                    annotation=discord.Interaction)]
    describe: dict[str, app_commands.locale_str] = {}
    rename: dict[str, app_commands.locale_str] = {}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    for name, info in model.model_fields.items():
        annotation, values = _slash_type(info)
        parameters.append(inspect.Parameter(
            name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=info.default,
        ))
        describe[name] = ls(f"option-{game}-{name}")
        rename[name] = app_commands.locale_str(name, key=f"option-{game}-{name}-name")
        if values:
            choices[name] = [
                app_commands.Choice(name=ls(f"option-{game}-{name}-{v}"), value=v)
                for v in values
            ]

    async def nueva(interaction: discord.Interaction[Any], **options: Any) -> None:
        await handler(interaction, options)

    nueva.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    callback: Any = app_commands.describe(**describe)(nueva)
    callback = app_commands.rename(**rename)(callback)
    if choices:
        callback = app_commands.choices(**choices)(callback)
    return app_commands.Command(
        name=app_commands.locale_str("nueva", key="cmd-nueva-name"),
        description=ls("cmd-nueva-desc", game=game), callback=callback,
    )


# -- what the Discord client checks, checked again -------------------------------------------


class BadOption(app_commands.AppCommandError):
    """A slash option with a value the Discord client would never send (a forged payload)."""

    def __init__(self, option: str) -> None:
        self.option = option
        super().__init__(f"bad value for option {option!r}")


def bad_option(interaction: discord.Interaction[Any]) -> str | None:
    """The first option of a slash command whose raw value the Discord client would not send,
    by its name: the wrong JSON type, outside its declared range or length, not one of its
    choices, a number that is not finite, a missing required one. Discord checks these in
    its client only, so a forged payload reaches the bot without them. None: all fine."""
    command = interaction.command
    if interaction.type is not discord.InteractionType.application_command \
            or not isinstance(command, app_commands.Command):
        return None
    data: dict[str, Any] = dict(interaction.data or {})
    options: list[Any] = list(data.get("options") or [])
    while len(options) == 1 and options[0].get("type") in (1, 2):  # into the subcommand
        options = list(options[0].get("options") or [])
    parameters = {p.display_name: p for p in command.parameters}
    given = set()
    for option in options:
        name = str(option.get("name"))
        parameter = parameters.get(name)
        if parameter is None or not _allowed(parameter, option.get("value")):
            return name[:32]
        given.add(name)
    return next((n for n, p in parameters.items() if p.required and n not in given), None)


def _allowed(parameter: app_commands.Parameter, value: Any) -> bool:
    """Whether a raw option value is one the Discord client could send for ``parameter``."""
    kind = parameter.type
    size: int | float
    if kind is Kind.boolean:
        return type(value) is bool
    if kind in SNOWFLAKES:
        return type(value) in (str, int) and str(value).isdigit()
    if kind is Kind.string:
        if type(value) is not str:
            return False
        size = len(value)
    elif kind is Kind.integer:
        if type(value) is not int:
            return False
        size = value
    elif kind is Kind.number:
        if type(value) not in (int, float) or not math.isfinite(value):
            return False
        size = value
    else:
        return False
    low, high = parameter.min_value, parameter.max_value
    if (low is not None and size < low) or (high is not None and size > high):
        return False
    choices = [c.value for c in parameter.choices]
    return not choices or value in choices


class CheckedTree(app_commands.CommandTree[Any]):
    """The bot's command tree: a slash command whose options Discord's client would not have
    let through is refused before any handler runs (see :func:`bad_option`)."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        option = bad_option(interaction)
        if option is not None:
            raise BadOption(option)
        return True
