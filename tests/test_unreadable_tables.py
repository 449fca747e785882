"""A table whose saved game cannot be read after an update: closed, told, its hand undone.

At start-up such a table is closed (its row kept for inspection); its channel is told, in the
server's language, on the table's public message (or in a new one if that is gone); and a Tomate
table's hand in progress is undone in the books (tapete/cogs/tomate.py), so that balances, plato and
reserva are as before that hand was dealt and still sum to 0. The table layer is tested on
SQLite and PostgreSQL with the real saved tables of ``tests/fixtures/snapshots/``; what players
see, through the real discord.py dispatch (simcord).
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import discord
import pytest

from tapete.bot.bank import Bank, user_account
from tapete.bot.i18n import Text, catalog
from tapete.bot.storage import Storage, TableRecord, Tx
from tapete.bot.tables import Table, TableError, TableService
from tapete.cogs.tomate import PLATO, REFUND, RESERVA, TomateHooks
from tapete.rules import tomate
from tests.conftest import make_bot
from tests.driver import bot_of, public_messages, table_in
from tests.saved_tables import FIXTURES, read_fixture, specs, write_fixture
from tests.test_tomate_discord import (
    assert_books_balance,
    by_seat,
    open_table,
    play_full_hand,
    press,
    settle,
    setup_guild,
)

ES, EN = catalog("es"), catalog("en")


def corrupted(snapshot: str) -> str:
    """What a change of layout without its upgrade leaves: a saved field under another name."""
    data = json.loads(snapshot)
    return json.dumps({("opciones" if k == "options" else k): v for k, v in data.items()})


def before_the_deal(balances: dict[str, int], state: tomate.State,
                    seats: list[dict[str, Any]]) -> dict[str, int]:
    """The books as they were before the hand in progress was dealt, from the engine's own
    tally of that hand (what each seat, the plato and the reserva gained in it)."""
    books = dict(balances)
    for seat, net in enumerate(state.hand_net):
        account = user_account(seats[seat]["user_id"])
        books[account] = books.get(account, 0) - net
    books[PLATO] = books.get(PLATO, 0) - state.hand_plato_delta
    books[RESERVA] = books.get(RESERVA, 0) - state.hand_reserva_delta
    return nonzero(books)


def nonzero(balances: dict[str, int]) -> dict[str, int]:
    return {account: n for account, n in balances.items() if n}


class Told:
    """The notices the service sends, as its ``notice`` callback."""

    def __init__(self) -> None:
        self.notices: list[tuple[TableRecord, list[Text]]] = []
        self.arrived = asyncio.Event()

    async def __call__(self, record: TableRecord, lines: Any) -> None:
        self.notices.append((record, list(lines)))
        self.arrived.set()


async def open_service(path: Path | str, told: Told) -> TableService:
    storage = Storage(path)
    await storage.open()
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, notice=told)
    for spec in specs(storage):
        service.register(spec)
    return service


async def close(service: TableService) -> None:
    await service.shutdown()
    await service.storage.close()


@pytest.mark.parametrize("name", ["tomate-normal-v1", "tomate-panfilo-v1"])
async def test_an_unreadable_tomate_table_is_closed_told_and_its_hand_undone(
    database: Path | str, name: str
) -> None:
    fixture = read_fixture(FIXTURES / f"{name}.json")
    row, guild = fixture["table"], fixture["table"]["guild_id"]
    told = Told()
    service = await open_service(database, told)
    broken = corrupted(row["state"])
    table_id = await write_fixture(service.storage, fixture, state=broken)
    ledger = service.storage.ledger
    now = await ledger.balances(guild)
    expected = before_the_deal(now, tomate.State.from_json(row["state"]), row["seats"])
    assert expected != nonzero(now)  # the hand had moved tantos
    try:
        assert await service.restore() == []
        record = await service.storage.tables.get(table_id)
        assert record is not None and record.status == "cancelled" and record.state == broken
        after = await ledger.balances(guild)
        assert nonzero(after) == expected
        assert sum(after.values()) == 0 and await ledger.replay(guild) == after
        refunds = [m for m in await ledger.of_table(table_id) if m.reason == REFUND]
        hand_rows = [m for m in await ledger.of_table(table_id) if m.hand == 2
                     and m.reason != REFUND]
        assert len(refunds) == len(hand_rows) and {m.hand for m in refunds} == {2}
        await asyncio.wait_for(told.arrived.wait(), 10)
        [(about, lines)] = told.notices
        assert about.id == table_id
        assert lines == [Text.of("table-unreadable"), Text.of("tomate-unreadable-refund")]
        assert [r.id for r in await service.storage.tables.open_tables()] == []
    finally:
        await close(service)


async def test_the_plato_gives_back_only_what_it_still_holds(database: Path | str) -> None:
    """Another table of the server collected most of the plato meanwhile: the dealer gets
    back what is left of it; the rest stays won."""
    fixture = read_fixture(FIXTURES / "tomate-normal-v1.json")
    row, guild = fixture["table"], fixture["table"]["guild_id"]
    told = Told()
    service = await open_service(database, told)
    table_id = await write_fixture(service.storage, fixture, state=corrupted(row["state"]))
    bank = Bank(service.storage, (PLATO, RESERVA))
    plato, _ = await bank.pot(guild)
    hand = [m for m in fixture["ledger"] if m["hand"] == 2]
    ante = next(m for m in hand if m["reason"] == "dealer_ante")
    reserva = next(m for m in hand if m["reason"] == "reserva_to_plato")
    assert plato >= ante["amount"] + reserva["amount"]
    await bank.adjust(guild, "user:999", plato - 1, PLATO, "won at another table")
    before = await service.storage.ledger.balances(guild)
    try:
        assert await service.restore() == []
        record = await service.storage.tables.get(table_id)
        assert record is not None and record.status == "cancelled"
        after = await service.storage.ledger.balances(guild)
        assert after[PLATO] == 0 and after[RESERVA] == before[RESERVA]
        assert after[ante["source"]] == before[ante["source"]] + 1
        assert sum(after.values()) == 0
        await asyncio.wait_for(told.arrived.wait(), 10)
        [(_, lines)] = told.notices
        short = ante["amount"] - 1 + reserva["amount"]
        assert lines[1] == Text.of("tomate-unreadable-refund-short", n=short)
    finally:
        await close(service)


async def test_a_hand_already_paid_is_not_undone(database: Path | str) -> None:
    """The table's latest hand in the ledger was settled (its next deal moved nothing): that
    hand is over, and nothing is undone."""
    fixture = read_fixture(FIXTURES / "tomate-a_ciegas-v1.json")
    fixture["ledger"] = [m for m in fixture["ledger"] if m["hand"] == 1]
    assert {m["reason"] for m in fixture["ledger"]} == {"dealer_ante", "trick"}
    guild = fixture["table"]["guild_id"]
    told = Told()
    service = await open_service(database, told)
    await write_fixture(service.storage, fixture, state=corrupted(fixture["table"]["state"]))
    before = await service.storage.ledger.balances(guild)
    try:
        await service.restore()
        assert await service.storage.ledger.balances(guild) == before
        await asyncio.wait_for(told.arrived.wait(), 10)
        assert told.notices[0][1] == [Text.of("table-unreadable")]
    finally:
        await close(service)


class BrokenHooks(TomateHooks):
    async def on_unreadable(self, record: TableRecord, db: Tx) -> Text | None:
        await super().on_unreadable(record, db)
        raise OSError("disk full")


async def test_a_hand_that_cannot_be_undone_still_lets_the_bot_start(
    database: Path | str, caplog: pytest.LogCaptureFixture
) -> None:
    """If undoing the hand fails, none of it is written, and the table is closed anyway."""
    fixture = read_fixture(FIXTURES / "tomate-panfilo-v1.json")
    guild = fixture["table"]["guild_id"]
    told = Told()
    service = await open_service(database, told)
    spec = service.games["tomate"]
    service.register(type(spec)(spec.game, spec.render_table,
                                BrokenHooks(Bank(service.storage, (PLATO, RESERVA)))))
    table_id = await write_fixture(service.storage, fixture,
                                   state=corrupted(fixture["table"]["state"]))
    before = await service.storage.ledger.balances(guild)
    try:
        assert await service.restore() == []
        assert "could not be undone" in caplog.text
        assert await service.storage.ledger.balances(guild) == before
        record = await service.storage.tables.get(table_id)
        assert record is not None and record.status == "cancelled"
        await asyncio.wait_for(told.arrived.wait(), 10)
        assert told.notices[0][1] == [Text.of("table-unreadable")]
    finally:
        await close(service)


# -- through Discord ----------------------------------------------------------------------------


async def corrupt(bot: Any, table: Table) -> str:
    """Overwrite the table's saved game as a layout change without upgrade would leave it."""
    record = await bot.storage.tables.get(table.id)
    broken = corrupted(record.state)
    async with bot.storage.transaction() as db:
        await bot.storage.execute(db, "UPDATE game_tables SET state = ? WHERE id = ?",
                                  (broken, table.id))
    return broken


async def test_the_channel_of_an_unreadable_tomate_table_is_told_and_the_hand_undone(
    simcord_env: Any, settings: Any
) -> None:
    env = simcord_env
    guild, channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_table(env, channel, members[0], members[1:], reserva_por_mano=1)
    seats = by_seat(table, members)
    await play_full_hand(env, channel, table, seats)  # hand 2 dealt: an ante and the reserva
    await press(channel, table, seats[1], label="Paso")
    now = await assert_books_balance(env, guild)
    state = table.state
    assert state.hand_no == 2 and state.hand_reserva_delta < 0
    expected = before_the_deal(now, state, table.seat_data())
    shown = len(public_messages(channel))
    broken = await corrupt(bot_of(env), table)

    await env.restart_bot(make_bot(settings))
    await settle(env)
    record = await bot_of(env).storage.tables.get(table.id)
    assert record.status == "cancelled" and record.state == broken
    assert bot_of(env).tables.in_channel(channel.id) is None
    message = next(m for m in channel.history() if m.id == table.message_id)
    embed = message.embeds[0].to_dict()
    assert embed["title"] == ES.t("table-unreadable-title", game=ES.t("game-tomate"))
    assert embed["description"] == "\n".join(
        [ES.t("table-unreadable"), ES.t("tomate-unreadable-refund")])
    assert message.components == [] and not message.attachments
    with pytest.raises(TableError) as gone:  # a button left on any old message
        await bot_of(env).tables.find(table.id)
    assert gone.value.text.key == "table-gone"
    assert len(public_messages(channel)) == shown  # told on the table's message
    after = await assert_books_balance(env, guild)
    assert nonzero(after) == expected
    created = await members[0].slash(channel, "tomate nueva")  # the channel is free again
    assert not created.ephemeral


async def test_a_notice_is_posted_in_the_servers_language_when_the_message_is_gone(
    simcord_env: Any, settings: Any
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(
        manage_guild=True, manage_messages=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    ana, luis = (guild.add_member(env.create_user(n)) for n in ("ana", "luis"))
    assert not (await admin.slash(channel, "tapete idioma", idioma="en")).ephemeral
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    await luis.click(channel.last_message, label=EN.t("button-join"))
    await ana.click(channel.last_message, label=EN.t("button-start"))
    table = table_in(env, channel)
    await settle(env)
    await admin.delete(next(m for m in channel.history() if m.id == table.message_id))
    await corrupt(bot_of(env), table)

    await env.restart_bot(make_bot(settings))
    await settle(env)
    notice = channel.last_message
    assert notice.id != table.message_id and not notice.flags.ephemeral
    embed = notice.embeds[0].to_dict()
    assert embed["title"] == EN.t("table-unreadable-title", game=EN.t("game-tute"))
    assert embed["description"] == EN.t("table-unreadable")
    record = await bot_of(env).storage.tables.get(table.id)
    assert record.status == "cancelled"
