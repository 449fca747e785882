"""Discord's payload limits and the bank's bounds: whatever a user types, every reply fits,
reads and pings nobody, and no amount or balance leaves the range storage holds exactly."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest

from tapete.bot.bank import MAX_TANTOS, Bank, BeyondLimit, user_account
from tapete.bot.i18n import catalog
from tapete.bot.render import FIELD_LIMIT, clip, fit_lines
from tapete.bot.storage import Storage
from tests.driver import bot_of


def test_fit_lines_keeps_whole_lines_within_the_limit() -> None:
    lines = [f"line {i} " + "x" * 300 for i in range(10)]
    first = fit_lines(lines)
    assert len(first) <= FIELD_LIMIT and first.startswith("line 0") and first.endswith("…")
    last = fit_lines(lines, newest_last=True)
    assert len(last) <= FIELD_LIMIT and last.startswith("…") and "line 9" in last
    assert fit_lines(["a", "b"]) == "a\nb"
    assert len(fit_lines(["y" * 5000])) <= FIELD_LIMIT
    assert clip("abc", 3) == "abc" and clip("abcd", 3) == "ab…"


async def test_a_huge_card_name_is_echoed_cut(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    ana, luis = (guild.add_member(env.create_user(n)) for n in ("ana", "luis"))
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    table = bot_of(env).tables.in_channel(channel.id)
    player = ana if table.seats[table.state.to_act].user_id == ana.id else luis
    typed = "z" * 3000
    refused = await player.slash(channel, "tute jugar", carta=typed)
    text = refused.response.content
    assert refused.ephemeral and len(text) <= 2000
    assert "z" * 99 + "…" in text and "z" * 101 not in text


async def test_long_reasons_keep_bote_and_saldo_within_limits(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("jefa"), roles=[mods])
    ana = guild.add_member(env.create_user("ana"))
    for i in range(5):
        done = await boss.slash(channel, "tomate ajustar", jugador=ana, cantidad=-(i + 1),
                                motivo=str(i) * 200, bote="reserva")
        assert not done.ephemeral
    for reply in (await ana.slash(channel, "tomate bote"),
                  await ana.slash(channel, "tomate saldo")):
        embed = reply.response.embeds[0]
        assert all(len(f.value or "") <= FIELD_LIMIT for f in embed.fields)
        assert len(embed) <= 6000
        assert "4" * 150 in str(embed.to_dict())  # the newest movement is shown


async def test_amounts_and_balances_stay_within_bounds(tmp_path: Path) -> None:
    storage = Storage(tmp_path / "t.sqlite3")
    await storage.open()
    bank = Bank(storage, ("plato", "reserva"))
    ana = user_account(1)
    with pytest.raises(BeyondLimit):
        await bank.adjust(7, ana, -(MAX_TANTOS + 1), "reserva", "too much")
    await bank.adjust(7, ana, -MAX_TANTOS, "reserva", "all one may owe")
    with pytest.raises(BeyondLimit):  # the reserva would pass the limit, ana's balance too
        await bank.adjust(7, ana, -1, "reserva", "one more")
    balances = await bank.all_balances(7)
    assert balances == {ana: -MAX_TANTOS, "reserva": MAX_TANTOS}
    assert all(isinstance(v, int) for v in balances.values())
    history = await bank.history(7)
    assert [m.amount for m in history] == [MAX_TANTOS]
    await storage.close()


def test_no_value_is_too_long_for_a_message() -> None:
    """Fluent refuses a text value over 2,500 characters and shows "{???}" instead of the
    whole placeable (a 3,000-character reason did that): a value that long is cut, and the
    message reads."""
    text = catalog("es").t("tomate-adjusted", amount=5, direction="x", reason="y" * 3000)
    assert "{???}" not in text and "y" * 1000 in text and len(text) < 2100


async def test_a_reason_that_names_everybody_pings_nobody(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("jefa"), roles=[mods])
    luis = guild.add_member(env.create_user("luis"))
    reason = f"@everyone @here <@{luis.id}> <@&{guild.default_role.id}>"
    done = await boss.slash(channel, "tomate ajustar", jugador=luis, cantidad=-1, motivo=reason)
    assert not done.ephemeral and reason in done.response.content
    stored = env.backend.get_message(channel.id, done.response.id)
    assert not stored.mention_everyone and stored.ping_user_ids == []
    assert stored.ping_role_ids == [] and luis.id in stored.mention_user_ids  # shown, silent
    await boss.slash(channel, "tomate nueva")  # a table's public message: the same
    lobby = env.backend.get_message(channel.id, channel.last_message.id)
    assert lobby.ping_user_ids == [] and not lobby.mention_everyone
    mentions = bot_of(env).allowed_mentions
    assert mentions is not None and mentions.to_dict() == {"parse": []}
