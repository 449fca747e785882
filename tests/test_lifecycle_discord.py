"""What players see across a bot's life, through the real discord.py dispatch (simcord).

A match that ended just as the process died (its end saved, its message never edited) shows
its result and Revancha once the bot is back; a table whose message did show its end is not
touched again at later starts.
"""

from __future__ import annotations

from typing import Any

from bot.tables import Table
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
