"""``/tapete datos`` through the real discord.py dispatch (simcord): a Tomate player downloads
and deletes their data (refused while seated), and an admin exports the server's ledger."""

from __future__ import annotations

import csv
import gzip
import io
import json
from typing import Any

import discord
import pytest
import simcord.interactions
from discord import app_commands

from tapete.bot.i18n import catalog
from tests.driver import bot_of
from tests.test_tomate_discord import (
    assert_books_balance,
    by_seat,
    open_table,
    play_full_hand,
    settle,
)

ES = catalog("es")
YES, NO = ES.t("data-erase-button"), ES.t("data-erase-cancel")


def setup(env: Any) -> tuple[Any, Any, Any, list[Any], list[Any]]:
    """A server with an admin (Manage Server) and three players: the members and their
    users (who can also write to the bot directly)."""
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    users = [env.create_user(n) for n in ("ana", "luis", "eva")]
    return guild, channel, admin, [guild.add_member(u) for u in users], users


def buttons(message: Any) -> list[str]:
    return [c.get("label", "") for row in message.components for c in row.get("components", [])]


async def attachments(result: Any) -> list[tuple[str, bytes, str]]:
    """(filename, bytes, message text) of every file of a reply (after "thinking…", the first
    follow-up becomes the reply itself)."""
    found = []
    for message in [result.response, *result.followups]:
        assert message.ephemeral
        for attachment in message.attachments:
            found.append((attachment.filename, await attachment.read(), message.content))
    return found


async def ledger_rows(env: Any, guild: Any) -> list[Any]:
    return await bot_of(env).storage.fetchall(
        "SELECT * FROM ledger WHERE guild_id = ? ORDER BY id", (guild.id,))


async def test_a_player_gets_and_deletes_their_data_and_the_books_still_balance(
    simcord_env: Any,
) -> None:
    env = simcord_env
    guild, channel, _, members, users = setup(env)
    ana = members[0]
    table = await open_table(env, channel, ana, members[1:], reserva_por_mano=1)
    await play_full_hand(env, channel, table, by_seat(table, members))
    await settle(env)
    before = await assert_books_balance(env, guild)
    ledger_before = [(r["id"], r["amount"]) for r in await ledger_rows(env, guild)]

    # seated at an open table: refused, and the table is named
    asked = await ana.slash(channel, "tapete datos borrar")
    assert asked.response.ephemeral and buttons(asked.response) == [YES, NO]
    await ana.click(asked.response.message, label=YES)
    assert asked.response.content == ES.t("data-erase-seated",
                        tables=ES.t("data-seated-table", game="Tomate",
                                    channel=f"<#{channel.id}>"))
    assert await assert_books_balance(env, guild) == before

    await ana.slash(channel, "tomate cancelar")
    assert table.status == "cancelled"

    # her copy: her side of the books, her balance, her seat
    copy_reply = await ana.slash(channel, "tapete datos ver")
    [(name, data, text)] = await attachments(copy_reply)
    assert name == f"tapete-{ana.id}.json" and text == ES.t("data-copy", parts=1)
    copy = json.loads(data)
    account = f"user:{ana.id}"
    assert copy["balances"] == [{"server": str(guild.id), "balance": before[account]}]
    assert [m["id"] for m in copy["ledger"]] == [
        r["id"] for r in await ledger_rows(env, guild) if account in (r["source"], r["target"])]
    assert [m["name"] for m in copy["matches"]] == ["ana"]

    # "No" deletes nothing
    asked = await ana.slash(channel, "tapete datos borrar")
    await ana.click(asked.response.message, label=NO)
    assert asked.response.content == ES.t("data-kept")
    assert await assert_books_balance(env, guild) == before

    asked = await ana.slash(channel, "tapete datos borrar")
    await ana.click(asked.response.message, label=YES)
    done = asked.response
    assert done.content.startswith("Hecho: tus datos están borrados (0 clasificaciones,"
                                   " 1 partida anonimizada,")
    assert not done.components  # the buttons are gone
    after = await assert_books_balance(env, guild)
    [gone] = [a for a in after if a.startswith("gone:")]
    assert account not in after and after[gone] == before[account]
    assert {a: b for a, b in after.items() if a != gone} == {
        a: b for a, b in before.items() if a != account}
    assert [(r["id"], r["amount"]) for r in await ledger_rows(env, guild)] == ledger_before

    # the server's pages show an anonymous player, in the server's words
    ranking = await ana.slash(channel, "tomate ranking")
    assert ES.t("data-anonymous") in str(ranking.response.embeds[0].to_dict())
    history = await members[1].slash(channel, "tapete historial")
    shown = str(history.response.embeds[0].to_dict())
    assert ES.t("data-anonymous") in shown and f"<@{ana.id}>" not in shown
    again = json.loads((await attachments(await ana.slash(channel, "tapete datos ver")))[0][1])
    assert all(again[s] == [] for s in ("ratings", "balances", "ledger", "tables", "matches"))

    # Luis's data was not touched, and he can ask for it in a direct message too
    direct = await users[1].slash("tapete datos ver")
    [(_, data, _)] = await attachments(direct)
    assert json.loads(data)["balances"] == [
        {"server": str(guild.id), "balance": before[f"user:{members[1].id}"]}]


async def test_only_an_admin_exports_the_ledger_in_parts_within_the_limit(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = simcord_env
    guild, channel, admin, members, _ = setup(env)
    table = await open_table(env, channel, members[0], members[1:], reserva_por_mano=1)
    await play_full_hand(env, channel, table, by_seat(table, members))
    await settle(env)
    stored = await ledger_rows(env, guild)

    denied = await members[1].slash(channel, "tapete datos exportar")
    assert denied.response.ephemeral and denied.response.content == ES.t("error-forbidden")
    assert [type(e) for e in env.errors] == [app_commands.MissingPermissions]
    assert not await attachments(denied)

    exported = await admin.slash(channel, "tapete datos exportar")
    [(name, data, text)] = await attachments(exported)
    assert name == f"tapete-ledger-{guild.id}.csv"
    assert text == ES.t("data-ledger", rows=len(stored), parts=1)
    rows = list(csv.reader(io.StringIO(data.decode())))
    assert rows[0] == ["id", "time", "table", "hand", "from", "to", "amount", "reason"]
    assert [(int(r[0]), r[4], r[5], int(r[6]), r[7]) for r in rows[1:]] == [
        (s["id"], s["source"], s["target"], s["amount"], s["reason"]) for s in stored]

    # a server whose files may hold 300 bytes: gzip parts, each within it, each a CSV
    limit = 300
    base = simcord.interactions.base_payload

    def small_files(backend: Any, **kwargs: Any) -> Any:
        record, payload = base(backend, **kwargs)
        payload["attachment_size_limit"] = limit
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", small_files)
    exported = await admin.slash(channel, "tapete datos exportar")
    parts = await attachments(exported)
    assert len(parts) > 1
    assert [p[0] for p in parts] == [f"tapete-ledger-{guild.id}-{n}.csv.gz"
                                     for n in range(1, len(parts) + 1)]
    assert all(len(p[1]) <= limit for p in parts)
    assert parts[0][2].startswith(ES.t("data-ledger", rows=len(stored), parts=len(parts)))
    joined = []
    for _, data, _ in parts:
        part = list(csv.reader(io.StringIO(gzip.decompress(data).decode())))
        assert part[0][0] == "id"
        joined += part[1:]
    assert [int(r[0]) for r in joined] == [s["id"] for s in stored]
