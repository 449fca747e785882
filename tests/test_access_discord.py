"""Who may reach what, through the real discord.py dispatch (simcord), with forged payloads.

Discord's client sends a control's custom_id only from the message that carries it, and server
commands only from a server; a forged interaction payload can carry any table's id from any
server, channel or DM. Such payloads are built here by the bot posting a message that carries
the forged controls in the other place (its custom_ids are what a forger would send), and by
letting simcord send a server command from a DM.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import simcord.actors

from tapete.bot.i18n import catalog
from tapete.bot.views import ActButton, ChoiceSelect, LobbyButton, SubsetSelect, TableButton
from tests.driver import bot_of, play_to_the_end, table_in

ES = catalog("es")


async def forged_controls(env: Any, channel: Any, table_id: int, stamp: str = "0" * 8) -> Any:
    """A message in ``channel`` with every kind of control of the table ``table_id``."""
    view = discord.ui.View(timeout=None)
    for op in ("join", "cpu", "start", "cancel"):
        view.add_item(LobbyButton(op, table_id, op))
    for op in ("hand", "rematch"):
        view.add_item(TableButton(op, table_id, op))
    view.add_item(ActButton(table_id, stamp, "pass", "act"))
    view.add_item(ChoiceSelect(table_id, stamp, "choose",
                               [discord.SelectOption(label="pass", value="pass")]))
    view.add_item(SubsetSelect(table_id, stamp, "exchange", discord.ui.Select(
        custom_id=f"tapete:subset:{table_id}:{stamp}:exchange", min_values=0,
        options=[discord.SelectOption(label="2c", value="2c")])))
    target = bot_of(env).get_channel(channel.id)
    assert isinstance(target, discord.TextChannel)
    sent = await target.send("…", view=view)
    return next(m for m in channel.history() if m.id == sent.id)


async def refused_everywhere(member: Any, message: Any) -> None:
    """Every control of a forged message, pressed by ``member``: each one is refused, as if
    the table did not exist (and the forged message stays as it was)."""
    for row in message.components:
        for item in row.children:
            if isinstance(item, discord.SelectMenu):
                value = item.options[0].value
                reply = await member.select(message, [value], custom_id=item.custom_id)
            else:
                reply = await member.click(message, custom_id=item.custom_id)
            assert reply.ephemeral and reply.response.content == ES.t("table-gone"), \
                item.custom_id


async def test_a_control_naming_another_servers_or_channels_table_is_refused(
    simcord_env: Any,
) -> None:
    env = simcord_env
    home, away = env.create_guild("A"), env.create_guild("B")
    here, beside = home.create_text_channel("mesa"), home.create_text_channel("otra")
    there = away.create_text_channel("mesa")
    ana_user, bob_user = env.create_user("ana"), env.create_user("bob")
    ana, eva = home.add_member(ana_user), home.add_member(env.create_user("eva"))
    ana_away, bob = away.add_member(ana_user), away.add_member(bob_user)
    await ana.slash(here, "tomate nueva", manos=1)
    table = table_in(env, here)
    for member, channel in ((bob, there), (eva, beside)):  # another server, another channel
        await refused_everywhere(member, await forged_controls(env, channel, table.id))
    assert [s.user_id for s in table.seats] == [ana.id] and table.status == "lobby"
    assert bot_of(env).tables.in_channel(there.id) is None

    # seated and on turn, ana's own controls still act only from the table's channel
    await ana.click(here.last_message, label="Añadir CPU normal")
    await ana.click(here.last_message, label="Empezar")
    before = table.state.to_json()
    for member, channel in ((ana_away, there), (ana, beside)):
        forged = await forged_controls(env, channel, table.id, table.stamp)
        await refused_everywhere(member, forged)
    assert table.state.to_json() == before and len(table.seats) == 2

    # once over, Revancha from another server opens no table (and points nowhere else)
    await play_to_the_end(env, here, {ana.id: ana})
    forged = await forged_controls(env, there, table.id)
    rematch = await ana_away.click(forged, custom_id=f"tapete:table:rematch:{table.id}")
    assert rematch.ephemeral and rematch.response.content == ES.t("table-gone")
    assert bot_of(env).tables.in_channel(here.id) is None
    played = await ana.click(next(m for m in here.history() if m.id == table.message_id),
                             label="Revancha")
    assert not played.ephemeral and table_in(env, here).rematch_of == table.id


@contextlib.contextmanager
def from_anywhere(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Let simcord send a command from where Discord's client would not offer it."""
    with monkeypatch.context() as patch:
        patch.setattr(simcord.actors, "_check_command_access", lambda *args: None)
        yield


async def test_server_commands_sent_from_a_dm_are_refused(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = simcord_env
    guild = env.create_guild()
    guild.create_text_channel("mesa")
    ana = env.create_user("ana")
    guild.add_member(ana)
    bot = bot_of(env)
    commands: list[tuple[str, dict[str, Any]]] = [
        ("tute nueva", {}), ("tomate nueva", {}), ("tute mano", {}), ("tute cancelar", {}),
        ("tute jugar", {"carta": "1o"}), ("tapete perfil", {}),
        ("tapete ranking", {"juego": "tute"}), ("tapete historial", {}), ("tomate bote", {}),
        ("tomate saldo", {}), ("tomate ranking", {}),
    ]
    for name, options in commands:
        with from_anywhere(monkeypatch):
            reply = await ana.slash(name, **options)
        assert reply.ephemeral and reply.response.content == ES.t("error-guild-only"), name
    assert await bot.storage.fetchall("SELECT * FROM game_tables") == []
    # the commands outside a guarded callback went through the error handler: acknowledged
    assert {str(getattr(e, "original", e)) for e in env.errors} <= {"error-guild-only"}
    # help is the one command for DMs
    helped = await ana.slash("tapete ayuda")
    assert helped.response.embeds and helped.response.content != ES.t("error-guild-only")


async def test_a_player_who_left_the_server_still_has_a_profile_and_a_balance(
    simcord_env: Any,
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("jefa"), roles=[mods])
    ana, luis = env.create_user("ana"), env.create_user("luis")
    asker = guild.add_member(ana)
    guild.add_member(luis)
    await boss.slash(channel, "tomate ajustar", jugador=luis, cantidad=-7, motivo="deuda")
    guild.remove_member(luis)
    saldo = await asker.slash(channel, "tomate saldo", jugador=luis)
    assert saldo.ephemeral and ES.t("tomate-saldo", name=f"<@{luis.id}>", n=-7) in str(
        saldo.response.embeds[0].to_dict())
    perfil = await asker.slash(channel, "tapete perfil", jugador=luis)
    assert perfil.ephemeral and perfil.response.embeds[0].title == ES.t(
        "profile-title", name="luis")
    # and an admin may still settle the account of someone who has gone
    settled = await boss.slash(channel, "tomate ajustar", jugador=luis, cantidad=7,
                               motivo="saldada")
    assert not settled.ephemeral
    assert (await bot_of(env).storage.ledger.balances(guild.id))[f"user:{luis.id}"] == 0
