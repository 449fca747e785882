"""Saved tables as fixtures: the games as the bot registers them, a fixture written into a
database as the bot would have left it, and a table played on to its end.

The fixtures are in ``tests/fixtures/snapshots/`` (made by ``tests/fixtures/make_snapshots.py``):
each is a ``game_tables`` row and, for Tomate, the server's ledger rows of that table.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tapete.bot.bank import Bank
from tapete.bot.games import GameSpec
from tapete.bot.storage import Storage
from tapete.bot.tables import Table, TableService
from tapete.cogs.belote import BeloteCog
from tapete.cogs.escoba import EscobaCog
from tapete.cogs.nlk import NLKCog
from tapete.cogs.tomate import PLATO, RESERVA, TomateHooks
from tapete.cogs.tute import TuteCog
from tapete.rules import tomate

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "snapshots"


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.glob("*.json"))


def read_fixture(path: Path) -> dict[str, Any]:
    fixture: dict[str, Any] = json.loads(path.read_text())
    return fixture


def specs(storage: Storage) -> list[GameSpec]:
    """The games as the bot registers them (Tomate with its bank, without its cog)."""
    return [TuteCog.spec, EscobaCog.spec, BeloteCog.spec, NLKCog.spec,
            GameSpec(tomate.GAME, lambda table, lang: None,  # type: ignore[arg-type,return-value]
                     TomateHooks(Bank(storage, (PLATO, RESERVA))))]


async def write_fixture(
    storage: Storage, fixture: dict[str, Any], *, guild_id: int | None = None,
    channel_id: int | None = None, state: str | None = None,
) -> int:
    """Write a fixture's row (in another server or channel if given; with another saved
    state if given) and its ledger rows, as the bot would have left them. The new table's id."""
    row = fixture["table"]
    guild = row["guild_id"] if guild_id is None else guild_id
    async with storage.transaction() as db:
        table_id = await storage.tables.create(
            db, guild, row["channel_id"] if channel_id is None else channel_id, row["game"],
            row["options"], row["host_id"], row["seats"], row["runtime"])
        await storage.tables.save(
            db, table_id, seats=row["seats"], status=row["status"],
            state=row["state"] if state is None else state, message_id=row["message_id"],
            runtime=row["runtime"])
        for m in fixture["ledger"]:
            await storage.ledger.move(db, guild, m["source"], m["target"], m["amount"],
                                      m["reason"], table_id=table_id, hand=m["hand"])
    return table_id


async def play_to_the_end(service: TableService, table: Table, rng: random.Random,
                          most: int = 20_000) -> int:
    """Random legal moves (CPU seats by the CPU) until the match is over; the moves played."""
    moves = 0
    while table.state is not None and not table.state.is_over:
        assert moves < most, "the match does not end"
        seat = table.state.to_act
        assert seat is not None
        if table.seats[seat].is_cpu:
            assert await service.cpu_move(table) is not None
        else:
            user = table.seats[seat].user_id
            assert user is not None
            await service.act(table, user, rng.choice(table.state.legal_actions()))
        moves += 1
    return moves
