"""Spanish and English through the real discord.py dispatch: replies in the user's language,
public messages in the server's, ``/tapete idioma`` and ``/tapete ayuda``, localized commands.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from fluent.syntax import ast as fl
from fluent.syntax import parse

from bot.commands import CatalogTranslator
from bot.i18n import LOCALES
from bot.settings import Settings
from tests.conftest import make_bot
from tests.driver import USER_LOCALES, bot_of, play_to_the_end, privacy_check, table_in

HAND = {"es": "Ver mi mano", "en": "Show my hand"}
LOCALE = {"es": "es-ES", "en": "en-US"}


def fragments(language: str) -> set[str]:
    """Phrases of a catalog's own text (words only it uses), to spot it in replies."""
    found: set[str] = set()
    for path in (LOCALES / language).glob("*.ftl"):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fl.Message) and entry.value is not None:
                for element in entry.value.elements:
                    if isinstance(element, fl.TextElement):
                        for piece in re.split(r"[\n.:;,()«»“”!?¡¿—·*]+", element.value):
                            piece = piece.strip()
                            if len(piece) >= 12 and " " in piece:
                                found.add(piece)
    return found


def other_language_phrases(language: str) -> set[str]:
    other = "en" if language == "es" else "es"
    mine = fragments(language)
    return {p for p in fragments(other) if not any(p in m for m in mine)}


def everything_shown(channel: Any, extra: list[Any]) -> list[str]:
    """Every text a user could read: the channel's messages and the replies collected."""
    texts = []
    for message in [*channel.history(), *extra]:
        texts.append(message.content or "")
        for embed in message.embeds:
            texts.append(str(embed.to_dict()))
        for row in message.components:
            texts.append(str(row.to_dict() if hasattr(row, "to_dict") else row))
    return texts


def assert_only(language: str, texts: list[str]) -> None:
    foreign = other_language_phrases(language)
    assert foreign, "the catalogs differ"
    for text in texts:
        for phrase in foreign:
            assert phrase not in text, f"{phrase!r} ({language} expected) in {text[:200]!r}"


def setup(env: Any, language: str, *names: str) -> tuple[Any, Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    members = [guild.add_member(env.create_user(n)) for n in names]
    for member in [admin, *members]:
        USER_LOCALES[member.id] = LOCALE[language]
    return guild, channel, admin, members


def table_message(env: Any, channel: Any) -> Any:
    table = table_in(env, channel)
    return next(m for m in channel.history() if m.id == table.message_id)


async def set_language(channel: Any, admin: Any, language: str) -> Any:
    done = await admin.slash(channel, "tapete idioma", idioma=language)
    assert not done.ephemeral
    return done


async def tute_match(env: Any, language: str) -> None:
    _, channel, admin, (ana, luis) = setup(env, language, "ana", "luis")
    await set_language(channel, admin, language)
    replies: list[Any] = []
    created = await ana.slash(channel, "tute nueva", modalidad="habanero", juegos=1)
    assert not created.ephemeral
    lobby = channel.last_message
    title = {"es": "Mesa de Tute", "en": "Tute table"}[language]
    assert lobby.embeds[0].title == title
    join = {"es": "Unirse", "en": "Join"}[language]
    start = {"es": "Empezar", "en": "Start"}[language]
    await luis.click(lobby, label=join)
    await ana.click(lobby, label=start)
    message = table_message(env, channel)
    stranger_hand = await admin.click(message, label=HAND[language])
    assert stranger_hand.ephemeral
    replies.append(stranger_hand.response)
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=3,
                                  check=privacy_check(channel, _tute_exposed, language),
                                  hand_label=HAND[language])
    assert table.state is not None and table.state.is_over
    assert_only(language, everything_shown(channel, replies))


def _tute_exposed(table: Any) -> set[str]:
    from tests.test_tute_discord import exposed_cards

    return exposed_cards(table)


async def test_tute_match_in_english(simcord_env: Any) -> None:
    await tute_match(simcord_env, "en")


async def test_tute_match_in_spanish(simcord_env: Any) -> None:
    await tute_match(simcord_env, "es")


async def escoba_pairs(env: Any, language: str) -> None:
    _, channel, admin, (ana, luis) = setup(env, language, "ana", "luis")
    await set_language(channel, admin, language)
    await ana.slash(channel, "escoba nueva", parejas=True, objetivo=5)
    lobby = channel.last_message
    labels = {"es": ("Unirse", "Añadir CPU normal", "Empezar"),
              "en": ("Join", "Add normal CPU", "Start")}
    join, cpu, start = labels[language]
    early = await ana.click(lobby, label=start)
    assert early.ephemeral
    await luis.click(lobby, label=join)
    for _ in range(2):
        await ana.click(lobby, label=cpu)
    await ana.click(lobby, label=start)
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=8,
                                  check=privacy_check(channel, None, language),
                                  hand_label=HAND[language])
    assert table.state is not None and table.state.is_over
    assert_only(language, everything_shown(channel, [early.response]))


async def test_escoba_pairs_in_english(simcord_env: Any) -> None:
    await escoba_pairs(simcord_env, "en")


async def test_escoba_pairs_in_spanish(simcord_env: Any) -> None:
    await escoba_pairs(simcord_env, "es")


async def belote_match(env: Any, language: str) -> None:
    _, channel, admin, (ana, luis) = setup(env, language, "ana", "luis")
    await set_language(channel, admin, language)
    await ana.slash(channel, "belote nueva", objetivo=150)
    lobby = channel.last_message
    join, start = {"es": ("Unirse", "Empezar"), "en": ("Join", "Start")}[language]
    await luis.click(lobby, label=join)
    await ana.click(lobby, label=start)
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=4,
                                  check=privacy_check(channel, _belote_exposed, language),
                                  hand_label=HAND[language])
    assert table.state is not None and table.state.is_over
    help_reply = await ana.slash(channel, "tapete ayuda", juego="belote")
    assert_only(language, everything_shown(channel, [help_reply.response]))


def _belote_exposed(table: Any) -> set[str]:
    from tests.test_belote_discord import exposed_cards

    return exposed_cards(table)


async def test_belote_match_in_english(simcord_env: Any) -> None:
    await belote_match(simcord_env, "en")


async def tomate_session(env: Any, language: str, variante: str) -> None:
    """A two-hand Tomate session between three users, then the pot commands."""
    _, channel, admin, (ana, luis, eva) = setup(env, language, "ana", "luis", "eva")
    await set_language(channel, admin, language)
    await ana.slash(channel, "tomate nueva", variante=variante, manos=2)
    lobby = channel.last_message
    join, start = {"es": ("Unirse", "Empezar"), "en": ("Join", "Start")}[language]
    for member in (luis, eva):
        await member.click(lobby, label=join)
    await ana.click(lobby, label=start)
    seen: set[str] = set()

    def turned_up(table: Any) -> set[str]:
        """Pintas are dealt face up: once seen, a pinta the dealer takes is no secret."""
        pinta = table.state.view(None).pinta
        if pinta is not None:
            seen.add(str(pinta))
        return seen

    table = await play_to_the_end(env, channel, {m.id: m for m in (ana, luis, eva)}, seed=5,
                                  check=privacy_check(channel, turned_up, language),
                                  hand_label=HAND[language])
    assert table.state is not None and table.state.is_over
    replies = [(await ana.slash(channel, f"tomate {command}")).response
               for command in ("bote", "saldo", "ranking")]
    assert all(r is not None for r in replies)
    assert_only(language, everything_shown(channel, replies))


async def test_tomate_session_in_english(simcord_env: Any) -> None:
    await tomate_session(simcord_env, "en", "normal")


async def test_tomate_mosca_session_in_spanish(simcord_env: Any) -> None:
    await tomate_session(simcord_env, "es", "mosca")


async def test_private_replies_follow_the_user_public_ones_the_server(
    simcord_env: Any,
) -> None:
    """A Spanish server with an English-speaking player: the table stays Spanish, the
    player's hand and refusals come in English."""
    env = simcord_env
    _, channel, _, (ana, luis) = setup(env, "es", "ana", "luis")
    USER_LOCALES[luis.id] = "en-US"
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    again = await luis.click(lobby, label="Unirse")
    assert again.ephemeral and again.response.content == "You are already seated at this table."
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    message = table_message(env, channel)
    shown = await luis.click(message, label="Ver mi mano")
    assert shown.ephemeral
    description = shown.response.embeds[0].description or ""
    assert "Your turn." in description or "Wait for your turn" in description
    waiting = table.seats[1 - table.state.to_act].user_id
    if waiting == luis.id:
        refused = await luis.slash(channel, "tute jugar", carta="1o")
        assert refused.ephemeral and "not your turn" in refused.response.content


async def test_language_changes_a_running_table_and_survives_a_restart(
    simcord_env: Any, settings: Settings,
) -> None:
    env = simcord_env
    guild, channel, admin, (ana, luis) = setup(env, "es", "ana", "luis")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)

    def table_message() -> Any:
        return next(m for m in channel.history() if m.id == table.message_id)

    assert table_message().components[0].children[0].label == "Ver mi mano"
    denied = await ana.slash(channel, "tapete idioma", idioma="en")
    assert denied.ephemeral
    assert denied.response.content == "Necesitas el permiso Gestionar servidor para eso."
    assert [type(e) for e in env.errors] == [discord.app_commands.MissingPermissions]
    assert table_message().components[0].children[0].label == "Ver mi mano"
    await set_language(channel, admin, "en")
    await env.advance_time(0.01)
    assert table_message().components[0].children[0].label == "Show my hand"
    assert "Players" in str(table_message().embeds[0].to_dict())

    await env.restart_bot(make_bot(settings))
    await env.advance_time(0.01)
    restored = table_in(env, channel)
    message = next(m for m in channel.history() if m.id == restored.message_id)
    assert message.components[0].children[0].label == "Show my hand"
    assert "The bot restarted" in str(message.embeds[0].to_dict())
    assert bot_of(env).servers.language(guild.id) == "en"


async def test_help_answers_privately_in_the_users_language(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, _, (ana,) = setup(env, "en", "ana")
    general = await ana.slash(channel, "tapete ayuda")
    assert general.ephemeral and general.response.embeds[0].title == "🃏 Tapete: how to play"
    tute = await ana.slash(channel, "tapete ayuda", juego="tute")
    first = tute.response.embeds[0].to_dict()
    assert tute.ephemeral and first["title"] == "Tute"  # the rule book, in pages
    pages = int(first["footer"]["text"].rsplit(" ", 1)[1])
    assert first["footer"]["text"] == f"Page 1 of {pages}" and pages > 3
    message = tute.response.message
    for page in range(2, pages + 1):  # turn every page with ▶
        turned = await ana.click(message, label="▶")
        message = turned.response.message
        embed = message.embeds[0].to_dict()
        assert embed["footer"]["text"] == f"Page {page} of {pages}"
    assert embed["title"] == "Options of `/tute new`"
    for option in ("mode", "games"):
        assert f"`{option}`" in embed["description"], embed["description"]
    USER_LOCALES[ana.id] = "es-ES"
    spanish = await ana.slash(channel, "tapete ayuda", juego="escoba")
    assert spanish.response.embeds[0].to_dict()["title"] == "Escoba"
    assert spanish.response.embeds[0].to_dict()["footer"]["text"].startswith("Página 1 de")


async def test_commands_are_localized_for_english_clients(simcord_env: Any) -> None:
    bot = bot_of(simcord_env)
    translator = CatalogTranslator()
    payloads = {}
    for command in bot.tree.get_commands():
        payload = await command.get_translated_payload(bot.tree, translator)
        payloads[payload["name"]] = payload
    tute = payloads["tute"]
    nueva = next(o for o in tute["options"] if o["name"] == "nueva")
    assert nueva["name_localizations"]["en-US"] == "new"
    assert nueva["description_localizations"]["en-US"] == "Open a new Tute table in this channel."
    assert nueva["description"] == "Abrir una mesa de Tute en este canal."
    modalidad = next(o for o in nueva["options"] if o["name"] == "modalidad")
    assert modalidad["name_localizations"]["es-ES"] == "modalidad"
    assert modalidad["choices"][0]["name_localizations"]["en-US"]
    tapete = payloads["tapete"]
    ayuda = next(o for o in tapete["options"] if o["name"] == "ayuda")
    assert ayuda["name_localizations"]["en-GB"] == "help"
