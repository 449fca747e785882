"""A user's data (tapete/bot/privacy.py) on real databases, SQLite and PostgreSQL: Tomate sessions
played through the table layer in two servers, then the user's copy and erasure. The books
must balance afterwards exactly as before, with nothing left that names the user."""

from __future__ import annotations

import csv
import gzip
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tapete.bot.bank import Bank
from tapete.bot.cpu import CpuPlayers
from tapete.bot.exports import Packer, worst_case
from tapete.bot.games import GameSpec
from tapete.bot.i18n import Text
from tapete.bot.privacy import LEDGER_HEADER, StillSeated, collect, erase, ledger_csv
from tapete.bot.storage import SCHEMA_TABLES, Storage
from tapete.bot.tables import Table, TableService
from tapete.cogs.tomate import PLATO, RESERVA, TomateHooks
from tapete.rules import tomate

GUILDS = (713578103489396796, 913578103489396797)
ANA, LUIS = 312345678901234567, 412345678901234568  # Discord-sized ids: unique in any text
ANA_NAME = "Anabel Quintanilla"


def service_for(storage: Storage, seed: int = 5) -> TableService:
    service = TableService(storage, cpu_delay=10_000, turn_timeout=10_000, publish=None,
                           seed=seed, cpu=CpuPlayers(workers=0))
    service.register(GameSpec(tomate.GAME, lambda table, lang: None,  # type: ignore[arg-type,return-value]
                              TomateHooks(Bank(storage, (PLATO, RESERVA)))))
    return service


async def play_session(service: TableService, guild: int, channel: int, hands: int,
                       rng: random.Random) -> Table:
    """A Tomate session of ``hands`` hands: Ana hosts, Luis and a CPU sit, random legal
    moves."""
    table = await service.create("tomate", {"manos": hands}, guild_id=guild,
                                 channel_id=channel, host_id=ANA, host_name=ANA_NAME)
    await service.join(table, LUIS, "Luis")
    await service.add_cpu(table, ANA)
    await service.start(table, ANA)
    while table.status == "playing":
        state = table.state
        assert state is not None and state.to_act is not None
        seat = table.seats[state.to_act]
        if seat.is_cpu:
            await service.cpu_move(table)
            continue
        assert seat.user_id is not None
        if seat.user_id == ANA:
            # her turns run out, as the table layer's timer has it, so the saved public log
            # names her ("se ha quedado sin tiempo", then "vuelve" when she plays)
            table.presence.timed_out(state.to_act)
            table.log.append(Text.of("turn-timeout", name=seat.name))
        await service.act(table, seat.user_id, rng.choice(state.legal_actions()))
    return table


async def books(storage: Storage, guild: int) -> dict[str, Any]:
    balances = await storage.ledger.balances(guild)
    assert await storage.ledger.replay(guild) == balances
    assert sum(balances.values()) == 0  # the balances and the plato and reserva
    rows = await storage.fetchall(
        "SELECT id, table_id, hand, amount, reason FROM ledger WHERE guild_id = ? ORDER BY id",
        (guild,))
    return {"pots": (balances.get(PLATO, 0), balances.get(RESERVA, 0)),
            "rows": [tuple(r) for r in rows], "balances": balances}


async def everything(storage: Storage) -> str:
    """Every value of every table of the schema, as text."""
    parts = []
    for table in SCHEMA_TABLES:
        for row in await storage.fetchall(f"SELECT * FROM {table}"):
            parts.append(" ".join(str(v) for v in tuple(row)))
    return "\n".join(parts)


async def test_erasure_anonymises_the_ledger_and_the_books_still_balance(
    database: Path | str,
) -> None:
    storage = Storage(database)
    await storage.open()
    service = service_for(storage)
    rng = random.Random(3)
    try:
        for number, guild in enumerate(GUILDS):
            await play_session(service, guild, 100 + number, 3, rng)
        # a lobby with Ana in it: erasure is refused, and nothing changes
        lobby = await service.create("tomate", {}, guild_id=GUILDS[1], channel_id=200,
                                     host_id=LUIS, host_name="Luis")
        await service.join(lobby, ANA, ANA_NAME)
        before = {g: await books(storage, g) for g in GUILDS}
        assert all(f"user:{ANA}" in before[g]["balances"] for g in GUILDS)
        text_before = await everything(storage)
        assert str(ANA) in text_before and ANA_NAME in text_before
        logs = await storage.fetchall("SELECT runtime FROM game_tables WHERE runtime LIKE ?",
                                      (f"%{ANA_NAME}%",))
        assert len(logs) == 2  # her name in each finished session's saved public log
        with pytest.raises(StillSeated) as refused:
            await erase(storage, ANA, lambda guild: "Jugador borrado")
        assert [t.id for t in refused.value.tables] == [lobby.id]
        assert await everything(storage) == text_before

        await service.leave(lobby, ANA)
        ratings_of_luis = await storage.users.ratings(LUIS)
        done = await erase(storage, ANA, lambda guild: f"Jugador borrado {guild % 10}")

        assert done.ledgers == 2 and done.ratings == 2 and done.results == 2
        assert done.tables == 2  # the two finished sessions (the lobby no longer has her)
        ledger = await storage.fetchall("SELECT source, target FROM ledger")
        assert done.movements == sum(1 for r in ledger if "gone:" in r[0] + r[1]) > 0
        text = await everything(storage)
        assert str(ANA) not in text and ANA_NAME not in text
        gone = []
        for guild in GUILDS:
            after = await books(storage, guild)
            # the same rows, amounts and pots; only the account's name changed
            assert after["rows"] == before[guild]["rows"]
            assert after["pots"] == before[guild]["pots"]
            [account] = [a for a in after["balances"] if a.startswith("gone:")]
            assert after["balances"][account] == before[guild]["balances"][f"user:{ANA}"]
            assert after["balances"][f"user:{LUIS}"] == before[guild]["balances"][f"user:{LUIS}"]
            gone.append(account)
        assert gone[0] != gone[1]  # nothing ties the two servers' rows together
        # her seat keeps its place without her, named in each server's words
        for result in await storage.fetchall("SELECT guild_id, seats FROM results"):
            seats = json.loads(result["seats"])
            assert {"user_id": None, "name": f"Jugador borrado {result['guild_id'] % 10}"} \
                in seats
            assert any(s["user_id"] == LUIS for s in seats)
        assert await storage.users.ratings(ANA) == []
        assert await storage.users.ratings(LUIS) == ratings_of_luis
        # a copy of her data is now empty; Luis's is whole
        packer = Packer("x", "json", 1 << 20)
        await collect(storage, ANA, packer)
        [part] = packer.finish()
        copy = json.loads(part.file.read())
        assert copy["user_id"] == str(ANA)
        assert all(copy[s] == [] for s in ("ratings", "balances", "ledger", "tables",
                                           "matches"))
    finally:
        await service.shutdown()
        await storage.close()


async def test_a_copy_of_a_users_data_and_the_servers_ledger(database: Path | str) -> None:
    storage = Storage(database)
    await storage.open()
    service = service_for(storage, seed=8)
    try:
        await play_session(service, GUILDS[0], 100, 2, random.Random(9))
        packer = Packer("x", "json", 1 << 20)
        await collect(storage, ANA, packer)
        [part] = packer.finish()
        assert part.filename == "x.json"
        copy = json.loads(part.file.read())
        account = f"user:{ANA}"
        balance = (await storage.ledger.balances(GUILDS[0]))[account]
        assert copy["balances"] == [{"server": str(GUILDS[0]), "balance": balance}]
        mine = await storage.fetchall(
            "SELECT id FROM ledger WHERE source = ? OR target = ? ORDER BY id",
            (account, account))
        assert [m["id"] for m in copy["ledger"]] == [r["id"] for r in mine]
        assert all(account in (m["from"], m["to"]) for m in copy["ledger"])
        assert [t["name"] for t in copy["tables"]] == [ANA_NAME] and copy["tables"][0]["host"]
        [match] = copy["matches"]
        assert match["name"] == ANA_NAME and match["game"] == "tomate"
        assert {r["game"] for r in copy["ratings"]} == {"tomate"}
        assert str(LUIS) not in json.dumps(copy["ledger"])  # only her side of the books

        # the server's ledger, read 3 rows at a time, as CSV
        csv_packer = Packer("ledger", "csv", 1 << 20, header=LEDGER_HEADER)
        rows = await ledger_csv(storage, GUILDS[0], csv_packer, page=3)
        [ledger] = csv_packer.finish()
        table = list(csv.reader(io.TextIOWrapper(ledger.file, encoding="utf-8")))
        assert table[0] == ["id", "time", "table", "hand", "from", "to", "amount", "reason"]
        stored = await storage.fetchall(
            "SELECT * FROM ledger WHERE guild_id = ? ORDER BY id", (GUILDS[0],))
        assert rows == len(stored) == len(table) - 1 > 3
        assert [[int(r[0]), r[4], r[5], int(r[6])] for r in table[1:]] == [
            [s["id"], s["source"], s["target"], s["amount"]] for s in stored]
    finally:
        await service.shutdown()
        await storage.close()


def lines_of(parts: list[Any], header: bytes) -> list[bytes]:
    """The lines of an export's parts, each part decompressed, the repeated headers dropped."""
    found: list[bytes] = []
    for part in parts:
        data = part.file.read()
        if part.filename.endswith(".gz"):
            data = gzip.decompress(data)
        lines = data.splitlines(keepends=True)
        assert not header or lines[0] == header, "every CSV part starts with the header"
        found += lines[1:] if header else lines
    return found


@pytest.mark.parametrize(("limit", "kind"), [(2_000, "parts"), (20_000, "parts"),
                                           (60_000, "gzip"), (1 << 20, "plain")])
def test_files_stay_within_the_limit_plain_then_gzip_then_in_parts(limit: int,
                                                                    kind: str) -> None:
    rng = random.Random(limit)
    header = b"id,time,reason\n"
    rows = [f"{n},2026-01-01T00:00:{n % 60:02d},{rng.choice(['ante', 'tomate', 'mosca'])}"
            f" {rng.randrange(10**9)}\n".encode() for n in range(3000)]  # ~120 kB
    packer = Packer("ledger", "csv", limit, header=header)
    for row in rows:
        packer.add(row)
    parts = packer.finish()
    assert all(p.size <= limit for p in parts)
    assert lines_of(parts, header) == rows
    names = [p.filename for p in parts]
    if kind == "plain":
        assert names == ["ledger.csv"]
    elif kind == "gzip":
        assert names == ["ledger.csv.gz"]
    else:
        assert names == [f"ledger-{n}.csv.gz" for n in range(1, len(parts) + 1)]
        assert len(parts) > 1
        # parts are nearly full: a part is closed only when the next line may not fit
        assert all(p.size > limit - worst_case(200) for p in parts[:-1])
        # joined, the parts are one gzip stream: cat | gunzip gives the text back (with the
        # header repeated at the top of each part)
        for part in parts:
            part.file.seek(0)
        joined = gzip.decompress(b"".join(p.file.read() for p in parts))
        assert joined.count(header) == len(parts)


def test_a_json_document_split_in_parts_joins_back_whole() -> None:
    packer = Packer("datos", "json", 1_000)
    items = [{"id": n, "text": "ñ" * (n % 13), "r": random.Random(n).random()} for n in range(400)]
    packer.add(b'{"items": [\n')
    for n, item in enumerate(items):
        packer.add((b"," if n else b"") + json.dumps(item).encode() + b"\n")
    packer.add(b"]}\n")
    parts = packer.finish()
    assert len(parts) > 1 and all(p.size <= 1_000 for p in parts)
    document = gzip.decompress(b"".join(p.file.read() for p in parts))
    assert json.loads(document) == {"items": items}
