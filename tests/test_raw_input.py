"""Values the Discord client would never send are refused all the same.

A forged payload skips every check Discord makes in its client (types, ranges, lengths,
choices). Through simcord the raw values go in untouched; then the same values are put to the
services directly (the bank, the server settings, the table layer) and to the database itself,
on SQLite and on PostgreSQL.
"""

from __future__ import annotations

import contextlib
import math
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord.interactions

from tapete.bot import schema
from tapete.bot.bank import Bank, NotWhole, user_account
from tapete.bot.games import GameSpec, TableHooks
from tapete.bot.i18n import catalog
from tapete.bot.servers import ServerSettings
from tapete.bot.storage import Storage
from tapete.bot.tables import TableError, TableService
from tapete.cogs.tomate import PLATO, RESERVA
from tapete.rules import tomate
from tests import schema_history
from tests.driver import bot_of

ES = catalog("es")


@contextlib.contextmanager
def unchecked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Let simcord send option values as given, as a forged payload would carry them."""
    with monkeypatch.context() as patch:
        patch.setattr(simcord.interactions, "validate_option_value",
                      lambda command, option, value: value)
        yield


def server(env: Any) -> tuple[Any, Any, Any, Any]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("jefa"), roles=[mods])
    return guild, channel, boss, guild.add_member(env.create_user("luis"))


async def refused(member: Any, channel: Any, command: str, monkeypatch: pytest.MonkeyPatch,
                  option: str, **options: Any) -> None:
    with unchecked(monkeypatch):
        reply = await member.slash(channel, command, **options)
    assert reply.ephemeral, (command, options)
    assert reply.response.content == ES.t("error-bad-option", option=option), (command, options)


async def test_raw_amounts_reasons_and_pots_of_an_adjustment_are_refused(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = simcord_env
    guild, channel, boss, luis = server(env)
    good = {"jugador": luis, "cantidad": -5, "motivo": "deuda", "bote": "reserva"}
    for option, value in (("cantidad", 1.5), ("cantidad", "7"), ("cantidad", True),
                          ("cantidad", -(10**16)), ("motivo", "x" * 3000), ("motivo", 5),
                          ("motivo", "no"), ("bote", "bolsillo")):
        await refused(boss, channel, "tomate ajustar", monkeypatch, option,
                      **{**good, option: value})
    assert await bot_of(env).storage.fetchall("SELECT * FROM ledger") == []
    done = await boss.slash(channel, "tomate ajustar", **good)  # the real thing still works
    assert not done.ephemeral
    assert await bot_of(env).storage.ledger.balances(guild.id) == {
        user_account(luis.id): -5, RESERVA: 5}
    env.errors  # noqa: B018  (acknowledge the refusals, answered by the error handler)


async def test_raw_timings_are_refused_and_nothing_is_saved(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = simcord_env
    guild, channel, boss, _ = server(env)
    for option, value in (("turno", -5), ("turno", 10**12), ("turno", "7"), ("turno", 45.5),
                          ("turno", True), ("pausa_cpu", -1), ("pausa_cpu", math.inf),
                          ("pausa_cpu", math.nan), ("pausa_cpu", 1e308), ("pausa_cpu", "2")):
        await refused(boss, channel, "tapete ajustes", monkeypatch, option, **{option: value})
    bot = bot_of(env)
    assert await bot.storage.fetchall("SELECT * FROM guild_settings") == []
    assert bot.servers.timing(guild.id) == bot.servers.defaults
    shown = await boss.slash(channel, "tapete ajustes", turno=45, pausa_cpu=2.5)
    assert "45" in shown.response.embeds[0].description
    env.errors  # noqa: B018


async def test_raw_options_of_a_new_table_and_a_card_are_refused(
    simcord_env: Any, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = simcord_env
    _, channel, boss, luis = server(env)
    for option, value in (("tope", "7"), ("tope", 1.5), ("tope", 0), ("variante", "rapida"),
                          ("manos", -1)):
        await refused(boss, channel, "tomate nueva", monkeypatch, option, **{option: value})
    assert await bot_of(env).storage.fetchall("SELECT * FROM game_tables") == []
    await boss.slash(channel, "tute nueva")
    await luis.click(channel.last_message, label="Unirse")
    await boss.click(channel.last_message, label="Empezar")
    for member in (boss, luis):
        await refused(member, channel, "tute jugar", monkeypatch, "carta", carta=5)
    env.errors  # noqa: B018


async def test_the_services_refuse_what_is_not_a_whole_or_in_range(tmp_path: Path) -> None:
    """The same values put to the services directly (any other caller than a slash command)."""
    storage = Storage(tmp_path / "t.sqlite3")
    await storage.open()
    bank = Bank(storage, (PLATO, RESERVA))
    for amount in (1.5, "7", True, 2.0):
        with pytest.raises(NotWhole):
            await bank.adjust(1, user_account(2), amount, RESERVA, "raro")  # type: ignore[arg-type]
    assert await bank.all_balances(1) == {}
    servers = ServerSettings(storage)
    for name, key, values in (
        ("turn_timeout", "settings-bad-turn", (-5, 10**12, "7", 45.5, True, math.inf)),
        ("cpu_delay", "settings-bad-cpu", (-1, math.inf, math.nan, 1e308, "2", 31)),
        ("language", "settings-bad-language", ("xx", 5)),
        ("table_channel", "settings-bad-channel", ("general", -3, 1.5)),
    ):
        for value in values:
            with pytest.raises(TableError) as refusal:
                await servers.update(1, **{name: value})
            assert refusal.value.text.key == key, (name, value)
    assert await storage.fetchall("SELECT * FROM guild_settings") == []
    await servers.update(1, turn_timeout=45, cpu_delay=0.5)
    assert servers.timing(1).turn_timeout == 45 and servers.timing(1).cpu_delay == 0.5
    tables = TableService(storage, cpu_delay=1, turn_timeout=60)
    tables.register(GameSpec(tomate.GAME, lambda t, lang: None,  # type: ignore[arg-type,return-value]
                             TableHooks()))
    for options in ({"tope": "7"}, {"tope": 1.5}, {"manos": True}):
        with pytest.raises(TableError) as refusal:
            await tables.create("tomate", options, guild_id=1, channel_id=2, host_id=3,
                                host_name="ana")
        assert refusal.value.text.key == "table-bad-options"
    with pytest.raises(TableError) as refusal:  # a table belongs to a server
        await tables.create("tomate", {}, guild_id=None, channel_id=2, host_id=3,
                            host_name="ana")
    assert refusal.value.text.key == "error-guild-only"
    await storage.close()


# Errors the database raises when it refuses a row: SQLite's triggers, PostgreSQL's CHECKs.
REFUSED: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)
with contextlib.suppress(ImportError):
    import asyncpg

    REFUSED = (*REFUSED, asyncpg.CheckViolationError)


async def test_the_database_keeps_whole_tantos_and_timings_in_range(
    database: Path | str,
) -> None:
    """SQLite would store 1.5 in an INTEGER column: its triggers refuse it. PostgreSQL's BIGINT
    holds whole numbers only (asyncpg would round 1.5 on the way: the ledger's repository
    refuses it before, on both engines). Timings out of range are refused by both."""
    storage = Storage(database)
    await storage.open()
    ledger = ("INSERT INTO ledger (guild_id, source, target, amount, reason, created_at)"
              " VALUES (1, 'reserva', 'user:2', ?, 'x', 'now')")
    account = "INSERT INTO accounts (guild_id, account, balance) VALUES (1, ?, ?)"
    setting = ("INSERT INTO guild_settings (guild_id, language, turn_timeout, cpu_delay)"
               " VALUES (?, 'es', ?, ?)")
    bad: list[tuple[str, tuple[Any, ...]]] = [
        (setting, (1, -5.0, None)), (setting, (2, 1e12, None)), (setting, (3, None, -1.0)),
        (setting, (4, None, math.inf)),
    ]
    if storage.dialect == "sqlite":
        bad += [(ledger, (1.5,)), (ledger, ("siete",)), (account, ("user:2", 2.5))]
    else:
        bad.append((setting, (5, math.nan, None)))  # SQLite stores NaN as NULL (the default)
    for amount in (1.5, "7"):
        with pytest.raises(ValueError):
            async with storage.transaction() as db:
                await storage.ledger.move(db, 1, "reserva", "user:2", amount, "x")  # type: ignore[arg-type]
    for sql, values in bad:
        with pytest.raises(REFUSED):
            async with storage.transaction() as db:
                await storage.execute(db, sql, values)
    async with storage.transaction() as db:
        await storage.execute(db, ledger, (3,))
        await storage.execute(db, account, ("user:2", -3))
        await storage.execute(db, setting, (9, 45.0, 2.5))
    assert [tuple(r) for r in await storage.fetchall("SELECT amount FROM ledger")] == [(3,)]
    await storage.close()


async def test_settings_saved_out_of_range_before_go_back_to_the_default(
    database: Path | str,
) -> None:
    """A database of the previous version holding what the checks now refuse still opens:
    the timings saved out of range go back to the server's default, whole REALs become
    INTEGERs."""
    if isinstance(database, Path):
        schema_history.build_sqlite(database, 5)
        db = sqlite3.connect(database)
        db.executescript(
            "INSERT INTO guild_settings VALUES (1, 'es', -5, 1e308, NULL);"
            "INSERT INTO guild_settings VALUES (2, 'en', 45, 2.5, NULL);"
            "INSERT INTO ledger (guild_id, source, target, amount, reason, created_at)"
            " VALUES (1, 'reserva', 'user:2', 3.0, 'x', 'now');")
        db.close()
    else:
        await schema_history.build_postgresql(database, 5)
        connection = await asyncpg.connect(database)
        await connection.execute(
            "INSERT INTO guild_settings VALUES (1, 'es', -5, 'NaN', NULL);"
            "INSERT INTO guild_settings VALUES (2, 'en', 45, 2.5, NULL);")
        await connection.close()
    storage = Storage(database)
    await storage.open()
    assert await storage.version() == schema.LATEST
    rows = await storage.fetchall(
        "SELECT guild_id, turn_timeout, cpu_delay FROM guild_settings ORDER BY guild_id")
    assert [tuple(r) for r in rows] == [(1, None, None), (2, 45.0, 2.5)]
    if storage.dialect == "sqlite":
        rows = await storage.fetchall("SELECT typeof(amount) FROM ledger")
        assert [r[0] for r in rows] == ["integer"]
    await storage.close()
