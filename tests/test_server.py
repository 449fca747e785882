"""What a server expects around the tables, through the real discord.py dispatch: where
commands work, the server's settings, ratings, history, and players who walk away."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest
from discord import app_commands

from tapete.bot.commands import CatalogTranslator
from tapete.bot.cpu import CpuPlayers
from tapete.bot.settings import Settings
from tests.conftest import make_bot
from tests.driver import bot_of, play_to_the_end, public_text, table_in

LOCALES = (discord.Locale.spain_spanish, discord.Locale.american_english)


def setup(env: Any, *names: str) -> tuple[Any, Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    members = [guild.add_member(env.create_user(n)) for n in names]
    return guild, channel, admin, members


def walk(command: Any) -> list[Any]:
    """A command and, for a group, every command below it."""
    if isinstance(command, app_commands.Group):
        return [command, *(c for sub in command.commands for c in walk(sub))]
    return [command]


async def test_every_command_is_for_servers_except_help_and_every_option_is_described(
    simcord_env: Any,
) -> None:
    bot = bot_of(simcord_env)
    translator = CatalogTranslator()
    seen = set()
    for top in bot.tree.get_commands():
        for command in walk(top):
            if isinstance(command, app_commands.Group):
                continue
            path = command.qualified_name
            seen.add(path)
            # help, and a user's own data (their right wherever they ask: tapete/bot/privacy.py)
            anywhere = path in ("tapete ayuda", "tapete datos ver", "tapete datos borrar")
            guild_only = command.guild_only or (command.parent is not None
                                                and command.parent.guild_only)
            assert guild_only != anywhere, f"/{path}: guild only = {guild_only}"
            payload = await command.get_translated_payload(bot.tree, translator)
            for option in payload.get("options", []):
                assert option["description"] and option["description"] != "…", (path, option)
                for locale in LOCALES:
                    text = option.get("description_localizations", {}).get(locale.value)
                    assert text and text != "…", f"/{path} {option['name']}: no {locale}"
    assert {"tapete ayuda", "tapete ajustes", "tapete ranking", "tapete perfil",
            "tapete historial", "tomate ajustar", "tute nueva"} <= seen
    assert bot.help_command is None  # no English prefix help


async def test_admin_commands_are_checked_and_settings_survive_a_restart(
    simcord_env: Any, settings: Settings,
) -> None:
    env = simcord_env
    guild, channel, admin, (ana, luis) = setup(env, "ana", "luis")
    refused = await ana.slash(channel, "tapete ajustes", turno=30)
    assert refused.ephemeral and "Gestionar servidor" in refused.response.content
    assert [type(e) for e in env.errors] == [app_commands.MissingPermissions]
    assert bot_of(env).servers.timing(guild.id).turn_timeout == 120.0
    other = guild.create_text_channel("partidas")
    done = await admin.slash(channel, "tapete ajustes", turno=45, pausa_cpu=2.5, canal=other)
    shown = done.response.embeds[0].to_dict()["description"]
    assert done.ephemeral and "45 s" in shown and "2,5 s" in shown and f"<#{other.id}>" in shown
    # tables only in the chosen channel, with the server's timing
    wrong = await ana.slash(channel, "tute nueva", modalidad="habanero")
    assert wrong.ephemeral and f"<#{other.id}>" in wrong.response.content
    await ana.slash(other, "tute nueva", modalidad="habanero")
    table = table_in(env, other)
    assert (table.timing.turn_timeout, table.timing.cpu_delay) == (45.0, 2.5)
    # a restart: the server's settings and the table's timing are read back
    await env.restart_bot(make_bot(settings))
    await env.advance_time(0.01)
    bot = bot_of(env)
    assert bot.servers.timing(guild.id).turn_timeout == 45.0
    assert bot.servers.config(guild.id).table_channel == other.id
    assert table_in(env, other).timing.cpu_delay == 2.5
    await luis.click(other.last_message, label="Unirse")
    await ana.click(other.last_message, label="Empezar")
    sleeper = table_in(env, other).state.to_act
    await env.advance_time(44)
    assert table_in(env, other).state.to_act == sleeper
    await env.advance_time(2)
    assert sleeper in table_in(env, other).auto  # the server's 45 s turn
    reset = await admin.slash(channel, "tapete ajustes", por_defecto=True)
    assert reset.ephemeral and bot_of(env).servers.config(guild.id).table_channel is None
    assert bot_of(env).servers.timing(guild.id).turn_timeout == 120.0


async def test_a_match_with_cpu_seats_updates_ratings_profile_and_history(
    simcord_env: Any,
) -> None:
    env = simcord_env
    _, channel, _, (ana, luis) = setup(env, "ana", "luis")
    await ana.slash(channel, "tute nueva", modalidad="parejas", juegos=1)
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    for _ in range(2):
        await ana.click(lobby, label="Añadir CPU normal")
    await ana.click(lobby, label="Empezar")
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=4)
    assert table.status == "finished"
    ranking = await luis.slash(channel, "tapete ranking", juego="tute")
    text = ranking.response.embeds[0].to_dict()["description"]
    assert not ranking.ephemeral
    assert f"<@{ana.id}>" in text and f"<@{luis.id}>" in text and "CPU (normal)" in text
    assert "1 partida," in text
    ratings = await bot_of(env).storage.ratings.top(channel.guild.id, "tute")
    assert {r.account for r in ratings} == {f"user:{ana.id}", f"user:{luis.id}", "cpu:normal"}
    accounts = [f"user:{s.user_id}" if s.user_id else "cpu:normal" for s in table.seats]
    won = {accounts[s] for s in table.state.result.winners}
    lost = {a for s, a in enumerate(accounts) if s not in table.state.result.winners}
    for rating in ratings:
        assert rating.matches == 1
        if rating.account in won and rating.account not in lost:
            assert rating.mu > 25 and rating.wins == 1
        elif rating.account in lost and rating.account not in won:
            assert rating.mu < 25 and rating.wins == 0
        else:  # CPU seats on both sides: their mean moves nowhere
            assert rating.mu == pytest.approx(25)
    profile = await ana.slash(channel, "tapete perfil")
    embed = profile.response.embeds[0].to_dict()
    assert profile.ephemeral and embed["fields"][0]["name"] == "Tute"
    assert "1 partida," in embed["fields"][0]["value"]
    history = await ana.slash(channel, "tapete historial", juego="tute")
    assert history.ephemeral and "Tute" in history.response.embeds[0].to_dict()["description"]
    select = history.response.components[0]["components"][0]
    picked = await ana.select(history.response.message, [select["options"][0]["value"]],
                              custom_id=select["custom_id"])
    summary = picked.response.embeds[0].to_dict()
    assert picked.ephemeral and summary["fields"][-1]["value"].startswith("Mano 1:")


@pytest.fixture
def quick_settings(settings: Settings) -> Settings:
    return settings.model_copy(update={"turn_timeout": 40.0, "cpu_delay": 5.0})


async def test_a_table_whose_players_are_all_away_pauses_and_moves_no_tantos(
    simcord_env: Any, quick_settings: Settings,
) -> None:
    env = simcord_env
    await env.restart_bot(make_bot(quick_settings))
    _, channel, _, (ana, luis) = setup(env, "ana", "luis")
    await ana.slash(channel, "tomate nueva")
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Añadir CPU normal")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    storage = bot_of(env).storage

    async def ledger_rows() -> int:
        return len(await storage.fetchall("SELECT id FROM ledger WHERE table_id = ?",
                                          (table.id,)))

    warned = False
    for _ in range(400):  # nobody plays: turns time out, then the CPU plays for both
        await env.advance_time(10)
        warned = warned or "se te acaba el tiempo" in public_text(channel)
        if table.presence.paused:
            break
    assert warned and table.presence.paused
    assert table.presence.absent == {0, 1, 2} - {i for i, s in enumerate(table.seats)
                                                 if s.is_cpu}
    assert "Mesa en pausa" in public_text(channel) and "💤" in public_text(channel)
    rows, snapshot = await ledger_rows(), table.state.to_json()
    await env.advance_time(3600)  # an hour later nothing has moved
    assert await ledger_rows() == rows and table.state.to_json() == snapshot
    # still paused after a restart
    await env.restart_bot(make_bot(quick_settings))
    await env.advance_time(600)
    restored = table_in(env, channel)
    assert restored.presence.paused and restored.state.to_json() == snapshot
    # a player comes back: the table goes on
    message = next(m for m in channel.history() if m.id == restored.message_id)
    shown = await ana.click(message, label="Ver mi mano")
    assert shown.ephemeral and not restored.presence.paused
    await env.advance_time(200)
    assert restored.state.to_json() != snapshot


async def test_the_lobby_shows_options_in_words(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, _, (ana,) = setup(env, "ana")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    tute = public_text(channel)
    assert "Juegos: 3" in tute and "Tute: lo habitual (sí, salvo en habanero)" in tute
    assert "Modalidad: habanero (2 jugadores)" in tute
    await ana.slash(channel, "tute cancelar")
    await ana.slash(channel, "tomate nueva", tope=5000)
    tomate = public_text(channel)
    assert "Manos: sin límite" in tomate and "Reserva por mano: toda la reserva" in tomate
    assert "Tope: 5.000" in tomate  # numbers grouped as Spanish writes them
    assert "None" not in tute + tomate


async def test_the_history_of_a_tomate_session_shows_each_hand_from_the_ledger(
    simcord_env: Any,
) -> None:
    env = simcord_env
    _, channel, _, (ana, luis) = setup(env, "ana", "luis")
    await ana.slash(channel, "tomate nueva", manos=2)
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Añadir CPU normal")
    await ana.click(lobby, label="Empezar")
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=2)
    assert table.status == "finished"
    history = await luis.slash(channel, "tapete historial", juego="tomate")
    select = history.response.components[0]["components"][0]
    picked = await luis.select(history.response.message, [select["options"][0]["value"]],
                               custom_id=select["custom_id"])
    hands = picked.response.embeds[0].to_dict()["fields"][-1]["value"].splitlines()
    assert [line.split(":")[0] for line in hands] == ["Mano 1", "Mano 2"]
    # every hand moved tantos (the dealer's ante at least), each shown as a signed figure
    assert all(re.search(r" [+-]\d", line) for line in hands)


async def test_cpu_levels_from_the_lobby_and_a_hard_cpu_match(
    simcord_env: Any, settings: Settings,
) -> None:
    """The lobby adds a CPU of each level, named with it; a difícil seat plays a whole match
    (searching in the bot's process here: the worker pool has its own test)."""
    env = simcord_env
    await env.restart_bot(make_bot(settings))
    bot_of(env).tables.cpu = CpuPlayers(think_ms=5, workers=0)
    _, channel, _, (ana,) = setup(env, "ana")
    await ana.slash(channel, "tute nueva", modalidad="arrastrado", juegos=1)
    lobby = channel.last_message
    await ana.click(lobby, label="Añadir CPU difícil")
    await ana.click(lobby, label="Añadir CPU fácil")
    table = table_in(env, channel)
    assert [(s.name, s.level) for s in table.seats[1:]] == [
        ("CPU 1 (difícil)", "dificil"), ("CPU 2 (fácil)", "facil")]
    assert "CPU 1 (difícil)" in public_text(channel) and "CPU 2 (fácil)" in public_text(channel)
    await ana.click(lobby, label="Empezar")
    table = await play_to_the_end(env, channel, {ana.id: ana}, seed=5)
    assert table.status == "finished"
