"""The server's pot never creates nor loses a tanto (docs/rules/en/tomate.md).

Hundreds of random hands (thousands with ``--long``) at two Tomate tables of one server, on
SQLite and on PostgreSQL,
played concurrently through the table layer (humans with random legal actions through
``TableService.act``, CPU seats on their own, moved here explicitly so runs are reproducible),
with the database closed and reopened at random points (mid-hand included) and tables
cancelled and reopened with other options. Afterwards the ledger replays to the balances,
everything sums to 0, the pot is never negative and every engine's pot copy matched the DB
whenever it moved tantos.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from tapete.bot.bank import CPU_ACCOUNT, Bank
from tapete.bot.games import GameSpec
from tapete.bot.storage import Storage
from tapete.bot.tables import Table, TableError, TableService
from tapete.cogs.tomate import PLATO, RESERVA, TomateHooks
from tapete.rules import tomate
from tapete.rules.engine import Action, Event
from tests.sizes import size

GUILD = 4242
CHANNELS = (1, 2)
HANDS = size(500, 2000)
SEED = 20240601
REOPEN = 0.005  # chance, per decision, that a table is closed and another opened


class CheckedHooks(TomateHooks):
    """TomateHooks plus checks inside the very transaction that moves the tantos."""

    def __init__(self, storage: Storage, stats: dict[str, Any]) -> None:
        super().__init__(Bank(storage, (PLATO, RESERVA)))
        self.stats = stats

    async def after_apply(
        self, table: Table, events: Sequence[Event], db: aiosqlite.Connection, before: Any
    ) -> None:
        await super().after_apply(table, events, db, before)
        state = table.state
        assert isinstance(state, tomate.State)
        plato, reserva = await self.bank.pot(GUILD, db)
        assert plato >= 0 and reserva >= 0
        assert (state.plato, state.reserva) == (plato, reserva), "engine and DB pots differ"
        self.stats["hands"] += sum(isinstance(e, tomate.HandScored) for e in events)
        self.stats["moves"] += sum(isinstance(e, tomate.TantosMoved) for e in events)
        for e in events:
            if isinstance(e, tomate.HandScored):
                outcomes = self.stats["outcomes"]
                outcomes[e.outcome] = outcomes.get(e.outcome, 0) + 1


def make_service(storage: Storage, stats: dict[str, Any], seed: int) -> TableService:
    service = TableService(storage, cpu_delay=10_000, turn_timeout=10_000, publish=None,
                           seed=seed)
    service.register(GameSpec(tomate.GAME, lambda table, lang: None,  # type: ignore[arg-type,return-value]
                              CheckedHooks(storage, stats)))
    return service


VARIANTS = ("normal", "mosca", "a_ciegas", "panfilo")


def random_options(rng: random.Random, opened: int) -> dict[str, Any]:
    """Variants in turn (every one is played whatever the seed), the rest at random."""
    return {
        "variante": VARIANTS[opened % len(VARIANTS)],
        "baceta": rng.choice(["mesa", "propia"]),
        "reserva_por_mano": rng.choice([None, None, 0, 1, 5]),
    }


async def open_table(service: TableService, channel: int, rng: random.Random,
                     stats: dict[str, Any]) -> Table:
    """Two or three humans (user 1 sits at both tables) and some CPU seats."""
    stats["opened"] += 1
    humans = [1, *rng.sample(range(10 * channel, 10 * channel + 5), rng.randint(1, 2))]
    table = await service.create(
        "tomate", random_options(rng, stats["opened"]), guild_id=GUILD, channel_id=channel,
        host_id=humans[0], host_name=f"u{humans[0]}",
    )
    for user in humans[1:]:
        await service.join(table, user, f"u{user}")
    for _ in range(rng.randint(0, 2)):
        await service.add_cpu(table, humans[0])
    await service.start(table, humans[0])
    return table


async def drive(service: TableService, channel: int, steps: int, rng: random.Random,
                stats: dict[str, Any]) -> None:
    """Play ``steps`` decisions at one table; CPU turns are left to the service's timers."""
    for _ in range(steps):
        if stats["hands"] >= stats["target"]:
            return
        table = service.in_channel(channel)
        if table is None or rng.random() < REOPEN:
            if table is not None:  # close it mid-session: tantos moved stay moved
                await service.cancel(table, table.host_id)
            await open_table(service, channel, rng, stats)
            continue
        state = table.state
        assert state is not None and state.to_act is not None
        seat = state.to_act
        if table.seats[seat].is_cpu:
            # CPU timers are parked (deterministic run); the CPU moves when asked, and the
            # two tables still interleave on the shared pot through asyncio.gather.
            await service.cpu_move(table)
            continue
        user = table.seats[seat].user_id
        assert user is not None
        await service.act(table, user, choose(state, seat, rng))


def choose(state: tomate.State, seat: int, rng: random.Random) -> Action:
    """A random legal action, except that an exchange often keeps the hand's longest suit,
    as a player after a mosca would: random exchanges alone almost never make one."""
    legal = state.legal_actions()
    if legal[0].verb == "exchange" and rng.random() < 0.7:
        hand = state.hands[seat]
        suit = max({c.suit for c in hand}, key=lambda s: sum(c.suit == s for c in hand))
        off = tuple(str(c) for c in hand if c.suit != suit)
        wanted = Action("exchange", off) if off else Action("pass")
        if wanted in legal:
            return wanted
    return rng.choice(legal)


async def audit(storage: Storage) -> None:
    """The books, read with no service running (every move either committed or not)."""
    ledger = storage.ledger
    balances = await ledger.balances(GUILD)
    assert await ledger.replay(GUILD) == balances
    assert sum(balances.values()) == 0
    assert balances.get(PLATO, 0) >= 0 and balances.get(RESERVA, 0) >= 0
    # each table's ledger rows add up, per account, to the saved engine's nets of its seats
    for record in await storage.fetchall("SELECT * FROM game_tables WHERE state IS NOT NULL"):
        state = tomate.State.from_json(record["state"])
        seats = json.loads(record["seats"])
        rows = await storage.fetchall(
            "SELECT source, target, amount FROM ledger WHERE table_id = ?", (record["id"],)
        )
        per_account: dict[str, int] = {}
        for r in rows:
            per_account[r["source"]] = per_account.get(r["source"], 0) - r["amount"]
            per_account[r["target"]] = per_account.get(r["target"], 0) + r["amount"]
        nets: dict[str, int] = {}
        for seat, net in zip(seats, state.nets, strict=True):
            account = f"user:{seat['user_id']}" if seat["user_id"] is not None else CPU_ACCOUNT
            nets[account] = nets.get(account, 0) + net
        assert {a: n for a, n in per_account.items() if a not in (PLATO, RESERVA) and n} == {
            a: n for a, n in nets.items() if n
        }


async def test_random_hands_with_restarts_keep_the_books(database: Path | str) -> None:
    rng = random.Random(SEED)
    stats: dict[str, Any] = {"hands": 0, "moves": 0, "outcomes": {}, "restarts": 0, "opened": 0,
                             "target": HANDS}
    path = database
    storage = Storage(path)
    await storage.open()
    service = make_service(storage, stats, rng.randrange(2**32))
    for channel in CHANNELS:
        await open_table(service, channel, rng, stats)
    def covered() -> bool:
        outcomes = set(stats["outcomes"])
        return {"void", "unopposed", "tricks"} <= outcomes \
            and bool(outcomes & {"mosca", "mosca_mesa"})

    # The tables interleave on the shared pot as the database lets them (PostgreSQL's pool
    # does not always in the same order), so the hands played differ from run to run: past
    # HANDS, play on (up to four times as many) until every way a hand ends has been seen.
    while stats["hands"] < HANDS or (not covered() and stats["hands"] < 4 * HANDS):
        stats["target"] = HANDS if stats["hands"] < HANDS else 4 * HANDS
        await asyncio.gather(*(
            drive(service, channel, rng.randint(1, 400), random.Random(rng.random()), stats)
            for channel in CHANNELS
        ))
        # close the database at a random point (often mid-hand) and start again from disk
        await service.shutdown()
        await storage.close()
        stats["restarts"] += 1
        storage = Storage(path)
        await storage.open()
        await audit(storage)
        service = make_service(storage, stats, rng.randrange(2**32))
        restored = await service.restore()
        assert {t.channel_id for t in restored} == set(CHANNELS)
        for table in restored:  # the engine's pot is the DB's once it syncs
            state = table.state
            assert isinstance(state, tomate.State)
            state.sync_pot(*await Bank(storage, (PLATO, RESERVA)).pot(GUILD))
    await service.shutdown()
    await storage.close()
    storage = Storage(path)
    await storage.open()
    await audit(storage)
    await storage.close()
    assert stats["restarts"] >= 10 and stats["opened"] > len(VARIANTS)
    outcomes = set(stats["outcomes"])
    assert {"void", "unopposed", "tricks"} <= outcomes
    assert outcomes & {"mosca", "mosca_mesa"}  # a mosca won, with the hand or with the table


async def test_a_failed_start_moves_no_tanto_and_the_bank_cache_follows(
    database: Path | str, monkeypatch: Any
) -> None:
    """Disk full at Empezar: the dealer's ante is neither in the ledger nor in the balances the
    table shows; once the disk has room the table starts with the ante recorded once."""
    storage = Storage(database)
    await storage.open()
    bank = Bank(storage, (PLATO, RESERVA))
    service = TableService(storage, cpu_delay=3600, turn_timeout=3600, seed=3)
    service.register(GameSpec(tomate.GAME, lambda table, lang: None, TomateHooks(bank)))
    table = await service.create("tomate", {}, guild_id=5, channel_id=9, host_id=1,
                                 host_name="ana")
    for user, name in ((2, "luis"), (3, "eva")):
        await service.join(table, user, name)
    accounts = [f"user:{u}" for u in (1, 2, 3)]
    await bank.balances(5, accounts)  # the table's balances are known (and all 0)

    async def full(*args: Any, **kwargs: Any) -> None:
        raise aiosqlite.OperationalError("database or disk is full")

    monkeypatch.setattr(storage.tables, "save", full)
    with pytest.raises(TableError) as refused:
        await service.start(table, 1)
    assert refused.value.text.key == "table-not-saved"
    assert table.state is None and table.status == "lobby"
    assert await bank.all_balances(5) == {}  # no ledger row survived
    assert bank.known(5, accounts) == dict.fromkeys(accounts, 0)
    assert bank.known(5, [PLATO]) in ({}, {PLATO: 0})
    monkeypatch.undo()
    await service.start(table, 1)
    dealer = f"user:{table.seats[0].user_id}"
    assert await bank.all_balances(5) == {dealer: -tomate.ANTE, PLATO: tomate.ANTE}
    assert bank.known(5, [dealer]) == {dealer: -tomate.ANTE}
    await service.shutdown()
    await storage.close()
