"""The bank's limit never stops a Tomate table (docs/rules/*/tomate.md, "The bank's limit").

No balance and no pot may pass ±``MAX_TANTOS``, and every move of the rules must still be
playable: a payment that would pass the limit is cut to what fits. Checked on the engine
alone, with a tiny limit so that cuts happen all the time, and through the table layer on a
real SQLite ledger whose balances and pots start at the very edge of the real limit.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tapete.bot.bank import CPU_ACCOUNT, MAX_TANTOS, Bank, user_account
from tapete.bot.storage import Storage
from tapete.cogs.tomate import PLATO, RESERVA
from tapete.rules import tomate
from tests.sizes import size
from tests.test_tomate_ledger import GUILD, audit, choose, make_service

VARIANTS = ("normal", "mosca", "a_ciegas", "panfilo")


def room_of(balances: dict[str, int], limit: int) -> dict[str, tuple[int, int]]:
    """What a bank with ``limit`` lets each account receive and pay (pots down to 0)."""
    return {a: (limit - b, b if a in (PLATO, RESERVA) else limit + b)
            for a, b in balances.items()}


def test_the_engine_cuts_every_payment_to_what_the_accounts_can_take() -> None:
    """A bank of ±40 tantos under sessions of every variant, tope 1000: every move plays,
    no account ever passes the limit, and the engine's tallies are what really moved."""
    limit, rng, edges = 40, random.Random(5), 0
    for game in range(size(40, 200)):
        players = rng.randint(2, 6)
        options = tomate.Options(variante=VARIANTS[game % 4], tope=1000,
                                 baceta=rng.choice(["mesa", "propia"]))
        books = {PLATO: rng.randint(0, limit), RESERVA: rng.randint(0, limit)}
        seats = [f"seat:{s}" for s in range(players)]
        for seat in seats:  # whatever the players hold, it sums to -(the pot)
            books[seat] = 0
        books[seats[0]], books[seats[1]] = -books[PLATO], -books[RESERVA]
        start = dict(books)
        state = tomate.new_game(options, players, seed=game, plato=books[PLATO],
                                reserva=books[RESERVA], room=room_of(books, limit))
        events = list(state.initial_events)
        for _ in range(300):
            for e in events:
                if isinstance(e, tomate.TantosMoved):
                    assert e.amount > 0
                    books[e.source] -= e.amount
                    books[e.target] += e.amount
            assert all(-limit <= b <= limit for b in books.values()), books
            edges += sum(abs(b) == limit for b in books.values())
            assert books[PLATO] >= 0 and books[RESERVA] >= 0
            assert (state.plato, state.reserva) == (books[PLATO], books[RESERVA])
            assert [books[s] - start[s] for s in seats] == state.nets
            if state.is_over:
                break
            state.sync_pot(books[PLATO], books[RESERVA], room_of(books, limit))
            seat = state.to_act
            assert seat is not None
            events = state.apply(seat, rng.choice(state.legal_actions()))
        assert sum(books.values()) == 0
    assert edges > 100  # accounts sat at the limit often, and play went on


async def test_a_table_with_balances_and_pots_at_the_limit_plays_every_move(
    tmp_path: Path,
) -> None:
    """User 1 one tanto below the top, user 2 one above the bottom, the plato and the reserva
    full to the brim: before the limit was part of the rules, the first ante (or the first
    trick) was refused by the bank and the table could never move again."""
    storage = Storage(tmp_path / "t.sqlite3")
    await storage.open()
    bank = Bank(storage, (PLATO, RESERVA))
    edge = MAX_TANTOS - 1
    await bank.adjust(GUILD, user_account(5), -edge, RESERVA, "lends")  # user 5 is not seated
    await bank.adjust(GUILD, user_account(1), edge, RESERVA, "rich")
    await bank.adjust(GUILD, user_account(2), -edge, RESERVA, "in debt")
    await bank.adjust(GUILD, user_account(3), -(MAX_TANTOS - 2), PLATO, "fills the plato")
    stats: dict[str, Any] = {"hands": 0, "moves": 0, "outcomes": {}}
    service = make_service(storage, stats, seed=11)
    rng = random.Random(3)
    hands = size(60, 400)
    for number, variante in enumerate(VARIANTS):
        table = await service.create("tomate", {"variante": variante}, guild_id=GUILD,
                                     channel_id=100 + number, host_id=1, host_name="u1")
        for user in (2, 3):
            await service.join(table, user, f"u{user}")
        for _ in range(2):  # two CPU seats share one account
            await service.add_cpu(table, 1)
        await service.start(table, 1)  # was refused: the first ante did not fit
        if number == 0:  # the ante went in only as far as the plato's room
            assert (await bank.pot(GUILD))[0] in (MAX_TANTOS - 1, MAX_TANTOS)
        target = stats["hands"] + hands // len(VARIANTS)
        while stats["hands"] < target:
            state = table.state
            assert state is not None and state.to_act is not None
            user = table.seats[state.to_act].user_id
            if user is None:
                assert await service.cpu_move(table) is not None, "a CPU move was refused"
            else:
                await service.act(table, user, choose(state, state.to_act, rng))
        await service.cancel(table, 1)
        balances = await bank.all_balances(GUILD)
        assert all(-MAX_TANTOS <= b <= MAX_TANTOS for b in balances.values()), balances
    await service.shutdown()
    balances = await bank.all_balances(GUILD)
    assert sum(balances.values()) == 0
    assert balances[PLATO] + balances[RESERVA] + sum(
        b for a, b in balances.items() if a not in (PLATO, RESERVA)) == 0
    assert CPU_ACCOUNT in balances and stats["moves"] > 0
    await audit(storage)  # the ledger replays, and each table's nets are its ledger rows
    await storage.close()
