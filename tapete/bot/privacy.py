"""A user's own data, which Discord's developer policy says they may see and have deleted, and
a server's ledger for its admins.

What the bot keeps about a person, in every server (one database serves every process):

* their seats, with their id and display name, at tables (open, finished or cancelled) and in
  the results of matches;
* their skill rating per server and game (account ``user:<id>``);
* in a game whose server keeps a pot, their balance and every ledger row they paid or received.

Nothing else: no messages, and no settings of theirs (settings belong to servers).

:func:`collect` writes all of it as one JSON document. :func:`erase` deletes it, in one
transaction (all of it or nothing):

* it is refused while they sit at, or host, a lobby or a game in progress in any server: the
  game needs the seat. They leave the lobby, or the host closes the table, first;
* their ratings are deleted;
* at finished and cancelled tables and in results their seat keeps its place (the scores stay
  right) but loses the id, and its name becomes the anonymous name of the server's language,
  in the table's saved public log too; a host id becomes 0. A Revancha of such a table seats a
  CPU there;
* in each server's ledger the account ``user:<id>`` becomes ``gone:<random token>``, in every
  row and in the balances, with the same amounts: the books still balance (the balances and the
  pots sum to 0) and the ledger still replays. The token ties the rows of one server together
  for an audit, and to nobody; it differs between servers;
* free text an admin typed as the reason of an adjustment is the server's record and stays.

:func:`ledger_rows` reads a server's whole ledger a page at a time, for its CSV export.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tapete.bot.exports import Packer
from tapete.bot.storage import Movement, Storage, TableRecord, now

GONE = "gone:"
PAGE = 1000
LEDGER_COLUMNS = ("id", "time", "table", "hand", "from", "to", "amount", "reason")


def user_account(user_id: int) -> str:
    return f"user:{int(user_id)}"


def is_seat_of(seat: dict[str, Any], user_id: int) -> bool:
    return seat.get("user_id") == user_id


class StillSeated(Exception):
    """The user sits at open tables (the records say where)."""

    def __init__(self, tables: list[TableRecord]) -> None:
        self.tables = tables
        super().__init__(f"seated at {len(tables)} open tables")


@dataclass(frozen=True)
class Erased:
    """What an erasure changed."""

    ratings: int = 0
    tables: int = 0
    results: int = 0
    ledgers: int = 0  # servers whose ledger had the account
    movements: int = 0


def anonymised(seats: list[dict[str, Any]], user_id: int, name: str) -> list[dict[str, Any]]:
    """The seats with the user's replaced by a seat without a player, named ``name``."""
    return [{"user_id": None, "name": name} if is_seat_of(s, user_id) else s for s in seats]


async def erase(storage: Storage, user_id: int,
                anonymous_name: Callable[[int | None], str]) -> Erased:
    """Delete or anonymise everything kept about ``user_id`` (see the module docstring);
    ``anonymous_name(guild_id)`` names their seats. Raises :class:`StillSeated`."""
    account = user_account(user_id)
    async with storage.transaction() as db:
        seated = [t for t in await storage.users.open_tables(db, user_id)
                  if t.host_id == user_id or any(is_seat_of(s, user_id) for s in t.seats)]
        if seated:
            raise StillSeated(seated)
        ratings = await storage.users.delete_ratings(db, user_id)
        tables = await _anonymise_tables(storage, db, user_id, anonymous_name)
        results = await _anonymise_results(storage, db, user_id, anonymous_name)
        guilds = sorted(await storage.users.balances(db, account))
        movements = 0
        for guild_id in guilds:  # in order: two erasures never wait for each other
            await storage.lock_guild(db, guild_id)
        for guild_id in guilds:
            movements += await storage.users.rename_account(
                db, guild_id, account, GONE + secrets.token_hex(8))
    return Erased(ratings, tables, results, len(guilds), movements)


async def _anonymise_tables(storage: Storage, db: Any, user_id: int,
                            anonymous_name: Callable[[int | None], str]) -> int:
    changed, after = 0, 0
    while page := await storage.users.tables(db, user_id, after, PAGE):
        after = page[-1].id
        for table in page:
            if not (table.host_id == user_id or any(is_seat_of(s, user_id)
                                                    for s in table.seats)):
                continue  # an id that only looked alike in the LIKE pattern
            name = anonymous_name(table.guild_id)
            host = 0 if table.host_id == user_id else table.host_id
            await storage.users.set_table_seats(
                db, table.id, anonymised(table.seats, user_id, name), host,
                anonymised_runtime(table.runtime, table.seats, user_id, name))
            changed += 1
    return changed


def anonymised_runtime(runtime: dict[str, Any] | None, seats: list[dict[str, Any]],
                       user_id: int, name: str) -> dict[str, Any] | None:
    """A table's runtime record with the user's name, where its public log quotes it (a
    notice such as "… se ha quedado sin tiempo"), replaced by ``name``. A name another seat
    also has is left: it is theirs too."""
    if not runtime or not isinstance(runtime.get("log"), list):
        return runtime
    own = {str(s.get("name")) for s in seats if is_seat_of(s, user_id)}
    own -= {str(s.get("name")) for s in seats if not is_seat_of(s, user_id)}
    log = []
    for entry in runtime["log"]:
        if isinstance(entry, dict) and isinstance(entry.get("values"), dict):
            entry = {**entry, "values": {k: name if isinstance(v, str) and v in own else v
                                         for k, v in entry["values"].items()}}
        log.append(entry)
    return {**runtime, "log": log}


async def _anonymise_results(storage: Storage, db: Any, user_id: int,
                             anonymous_name: Callable[[int | None], str]) -> int:
    changed, after = 0, 0
    while page := await storage.users.results(db, user_id, after, PAGE):
        after = page[-1].id
        for result in page:
            if any(is_seat_of(s, user_id) for s in result.seats):
                await storage.users.set_result_seats(
                    db, result.id, anonymised(result.seats, user_id,
                                              anonymous_name(result.guild_id)))
                changed += 1
    return changed


# -- a copy of a user's data ---------------------------------------------------------------------


def _line(value: Any, first: bool) -> bytes:
    return (b"" if first else b",") + json.dumps(value, ensure_ascii=False).encode() + b"\n"


def _seat_of(seats: list[dict[str, Any]], user_id: int) -> tuple[int, str] | None:
    for number, seat in enumerate(seats):
        if is_seat_of(seat, user_id):
            return number, str(seat.get("name", ""))
    return None


async def _ratings(storage: Storage, user_id: int) -> AsyncIterator[dict[str, Any]]:
    for guild_id, game, rating in await storage.users.ratings(user_id):
        yield {"server": str(guild_id), "game": game, "mu": rating.mu, "sigma": rating.sigma,
               "matches": rating.matches, "wins": rating.wins}


async def _balances(storage: Storage, user_id: int) -> AsyncIterator[dict[str, Any]]:
    for guild_id, balance in (await storage.users.balances(None, user_account(user_id))).items():
        yield {"server": str(guild_id), "balance": balance}


async def _ledger(storage: Storage, user_id: int) -> AsyncIterator[dict[str, Any]]:
    account = user_account(user_id)
    for guild_id in await storage.users.balances(None, account):
        async for movement in _pages(functools.partial(
                _movements_after, storage, guild_id, account)):
            yield {"server": str(guild_id), **ledger_record(movement)}


async def _movements_after(storage: Storage, guild_id: int, account: str,
                           after: int) -> list[Movement]:
    return await storage.users.movements(guild_id, account, after, PAGE)


async def _tables(storage: Storage, user_id: int) -> AsyncIterator[dict[str, Any]]:
    async for table in _pages(lambda after: storage.users.tables(None, user_id, after, PAGE)):
        seat = _seat_of(table.seats, user_id)
        if seat is not None or table.host_id == user_id:
            yield {"server": str(table.guild_id), "id": table.id, "game": table.game,
                   "status": table.status, "host": table.host_id == user_id,
                   "seat": seat[0] if seat else None, "name": seat[1] if seat else None}


async def _matches(storage: Storage, user_id: int) -> AsyncIterator[dict[str, Any]]:
    async for result in _pages(lambda after: storage.users.results(None, user_id, after, PAGE)):
        seat = _seat_of(result.seats, user_id)
        if seat is not None:
            yield {"server": str(result.guild_id), "id": result.id, "table": result.table_id,
                   "game": result.game, "finished_at": result.finished_at, "seat": seat[0],
                   "name": seat[1], "result": result.result}


async def _pages(read: Callable[[int], Awaitable[Sequence[Any]]]) -> AsyncIterator[Any]:
    """Every row a paged reader gives, asking for the rows after the last id seen."""
    after = 0
    while page := await read(after):
        after = page[-1].id
        for row in page:
            yield row


SECTIONS = {"ratings": _ratings, "balances": _balances, "ledger": _ledger,
            "tables": _tables, "matches": _matches}


async def collect(storage: Storage, user_id: int, packer: Packer) -> None:
    """Write the user's data into ``packer`` as one JSON document: their id, when, and one
    list per section, an item per line (ids of servers as text: they do not fit in a
    JavaScript number)."""
    head = json.dumps({"user_id": str(user_id), "exported_at": now()})
    packer.add(head.removesuffix("}").encode() + b",\n")
    for number, (section, read) in enumerate(SECTIONS.items()):
        packer.add(f'"{section}": [\n'.encode())
        first = True
        async for item in read(storage, user_id):
            packer.add(_line(item, first))
            first = False
        packer.add(b"],\n" if number < len(SECTIONS) - 1 else b"]\n")
    packer.add(b"}\n")


# -- a server's ledger ---------------------------------------------------------------------------


def ledger_record(movement: Movement) -> dict[str, Any]:
    return {"id": movement.id, "time": movement.created_at, "table": movement.table_id,
            "hand": movement.hand, "from": movement.source, "to": movement.target,
            "amount": movement.amount, "reason": movement.reason}


def csv_line(values: list[Any]) -> bytes:
    """One CSV row on one line (a newline inside a reason becomes a space)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(
        [" ".join(str(v).splitlines()) if isinstance(v, str) else ("" if v is None else v)
         for v in values])
    return out.getvalue().encode()


LEDGER_HEADER = csv_line(list(LEDGER_COLUMNS))


async def ledger_csv(storage: Storage, guild_id: int, packer: Packer,
                     page: int = PAGE) -> int:
    """Write a server's ledger into ``packer`` as CSV rows (the header is the packer's);
    how many rows."""
    count = 0
    async for movement in _pages(lambda after: storage.ledger.page(guild_id, after, page)):
        record = ledger_record(movement)
        packer.add(csv_line([record[c] for c in LEDGER_COLUMNS]))
        count += 1
    return count
