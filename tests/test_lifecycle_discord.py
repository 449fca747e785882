"""What players see across a bot's life, through the real discord.py dispatch (simcord).

A match that ended just as the process died (its end saved, its message never edited) shows
its result and Revancha once the bot is back; a table whose message did show its end is not
touched again at later starts.

A slow database (a write waiting seconds for a lock, here on the virtual clock) never makes an
interaction fail: simcord, like Discord, refuses a first answer after 3 s, so a click or command
still working after 2 s is deferred, and its answer arrives when the write is done; if even that
is impossible (the token expired after 15 minutes) the table's public message still comes to
show what was saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest

from tapete.bot.storage import Tx
from tapete.bot.tables import Table
from tests.conftest import make_bot
from tests.driver import bot_of, play_to_the_end, table_in


def setup_guild(env: Any, *names: str) -> tuple[Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    return channel, [guild.add_member(env.create_user(n)) for n in names]


def labels(message: Any) -> list[str]:
    return [c["label"] for row in message.components for c in row.to_dict()["components"]]


def message_of(channel: Any, table: Table) -> Any:
    return next(m for m in channel.history() if m.id == table.message_id)


def edits_of(env: Any, message_id: int) -> int:
    return sum(1 for r in env.http_requests
               if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}"))


async def start_habanero(env: Any, channel: Any, ana: Any, luis: Any) -> Table:
    await ana.slash(channel, "tute nueva", modalidad="habanero", juegos=1)
    await luis.click(channel.last_message, label="Unirse")
    await ana.click(channel.last_message, label="Empezar")
    return table_in(env, channel)


async def test_a_match_ended_as_the_bot_died_shows_its_end_after_the_restart(
    simcord_env: Any, settings: Any
) -> None:
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    table = await start_habanero(env, channel, ana, luis)
    service = bot_of(env).tables
    publish = service.publish
    assert publish is not None

    async def dies_at_the_end(shown: Table) -> None:
        """The process dies once the last move is saved, before the message shows it."""
        if shown.status == "finished":
            raise ConnectionResetError("killed")
        await publish(shown)

    service.publish = dies_at_the_end
    await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=9)
    assert table.status == "finished"
    assert labels(message_of(channel, table)) == ["Ver mi mano"]  # left mid-hand

    await env.restart_bot(make_bot(settings))  # what a kill -9 leaves: no clean close
    final = message_of(channel, table)
    assert labels(final) == ["Revancha"]
    assert any(f["name"] == "Partida terminada" for f in final.embeds[0].to_dict()["fields"])
    again = await luis.click(final, label="Revancha")
    assert not again.ephemeral and table_in(env, channel).status == "playing"

    edits = edits_of(env, final.id)
    await env.restart_bot(make_bot(settings))
    assert edits_of(env, final.id) == edits  # shown once: not redrawn at every start


async def test_a_match_whose_end_was_shown_is_not_redrawn_at_start_up(
    simcord_env: Any, settings: Any
) -> None:
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    table = await start_habanero(env, channel, ana, luis)
    await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=9)
    final = message_of(channel, table)
    assert labels(final) == ["Revancha"]
    edits = edits_of(env, final.id)
    await env.restart_bot(make_bot(settings))
    assert edits_of(env, final.id) == edits
    assert await bot_of(env).storage.tables.to_refresh() == []


# -- a slow database ---------------------------------------------------------------------------


def slow_writes(bot: Any, monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """From now on every write first waits ``seconds`` (virtual) for the database's lock."""
    storage = bot.storage
    real = storage.transaction

    @contextlib.asynccontextmanager
    async def waiting() -> AsyncIterator[Tx]:
        await asyncio.sleep(seconds)  # another writer holds the lock
        async with real() as db:
            yield db

    monkeypatch.setattr(storage, "transaction", waiting)


def seated(message: Any) -> str:
    return message.embeds[0].description or ""


def failures(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_lobby_click_on_a_slow_database_is_deferred_then_answered(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    slow_writes(bot_of(env), monkeypatch, 8.5)
    joined = await luis.click(lobby, label="Unirse")
    assert joined.acknowledged and joined.deferred  # within Discord's 3 s
    assert f"<@{luis.id}>" not in seated(channel.last_message)  # the write still waits
    await env.advance_time(9)
    assert f"<@{luis.id}>" in seated(channel.last_message)  # edited through the deferred answer
    assert joined.followups == [] and failures(caplog) == []
    assert [s.user_id for s in table_in(env, channel).seats] == [ana.id, luis.id]


async def test_a_slash_command_on_a_slow_database_is_deferred_then_answered(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    env = simcord_env
    channel, (ana,) = setup_guild(env, "ana")
    slow_writes(bot_of(env), monkeypatch, 8.5)
    created = await ana.slash(channel, "tute nueva", modalidad="habanero")
    assert created.acknowledged and created.deferred and not created.ephemeral
    await env.advance_time(9)
    table = table_in(env, channel)
    assert created.response is not None and created.response.id == table.message_id
    assert created.response.embeds[0].title == "Mesa de Tute"
    assert "Unirse" in labels(created.response.message)
    assert failures(caplog) == []


async def test_a_public_answer_after_a_private_deferral_still_goes_to_the_channel(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A command defers privately unless it says otherwise; /tapete idioma answers the
    channel: the answer goes out beside the private placeholder, which is then removed."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    slow_writes(bot_of(env), monkeypatch, 8.5)
    done = await admin.slash(channel, "tapete idioma", idioma="en")
    assert done.deferred and done.ephemeral
    await env.advance_time(9)
    [said] = done.followups
    assert not said.ephemeral and said.content.startswith("🌐 Server language: English")
    assert done.response is None  # the placeholder is gone
    assert failures(caplog) == []


async def test_a_card_played_on_a_slow_database_is_deferred_then_shown(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    table = await start_habanero(env, channel, ana, luis)
    player = ana if table.seats[table.state.to_act].user_id == ana.id else luis
    hand = await player.click(message_of(channel, table), label="Ver mi mano")
    card = next(c for row in hand.response.components for c in row["components"]
                if not c.get("disabled") and c.get("custom_id", "").startswith("tapete:act:"))
    before = table.state.to_json()
    slow_writes(bot_of(env), monkeypatch, 8.5)
    played = await player.click(hand.response.message, custom_id=card["custom_id"])
    assert played.acknowledged and played.deferred and table.state.to_json() == before
    await env.advance_time(9)
    assert table.state.to_json() != before
    assert "Hecho" in played.response.embeds[0].description  # the hand, redrawn in place
    assert played.response.ephemeral and failures(caplog) == []


async def test_an_answer_that_cannot_arrive_still_brings_the_table_message_in_line(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The write waits past the interaction's 15 minutes: the join is saved, its deferred
    answer cannot be delivered any more, and the table layer redraws the lobby instead."""
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    slow_writes(bot_of(env), monkeypatch, 16 * 60)
    joined = await luis.click(lobby, label="Unirse")
    assert joined.deferred
    await env.advance_time(16 * 60 + 1)
    assert [s.user_id for s in table_in(env, channel).seats] == [ana.id, luis.id]
    assert f"<@{luis.id}>" in seated(next(m for m in channel.history() if m.id == lobby.id))
