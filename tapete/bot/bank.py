"""A server's bank: the only way tantos move (Red-DiscordBot's bank, in miniature).

A game that keeps money per server (a pot and each player's balance) gets a :class:`Bank`
with the names of its pot accounts. Every movement is one ledger row plus two balance
updates inside the caller's transaction, so a move's snapshot and its tantos commit together,
and the balances of a server always sum to 0. Refusals are typed errors the bot shows in the
reader's language. The bank keeps the balances it has seen, so a table's public message can
show them without a query, and they are never stale: nothing else writes them.
"""

from __future__ import annotations

from collections.abc import Sequence

from tapete.bot.storage import Movement, Storage, Tx
from tapete.bot.tables import TableError

CPU_ACCOUNT = "cpu"
# No amount or balance goes beyond this many tantos either way: far inside the databases' 64-bit
# integers and exact as a JSON/JavaScript number (2**53), so the ledger always replays.
MAX_TANTOS = 10**15


class BankError(TableError):
    """A movement the bank refuses; rendered like every table refusal."""


class NotEnoughInPot(BankError):
    def __init__(self, pot: str, available: int) -> None:
        super().__init__("bank-not-enough", pot=pot, n=available)


class UnknownAccount(BankError):
    def __init__(self, account: str) -> None:
        super().__init__("bank-unknown-account", account=account)


class ZeroAmount(BankError):
    def __init__(self) -> None:
        super().__init__("bank-zero")


class NotWhole(BankError):
    """An amount that is not a whole number of tantos (tantos do not split)."""

    def __init__(self) -> None:
        super().__init__("bank-not-whole")


class BeyondLimit(BankError):
    """An amount, or the balance it would leave, beyond ``MAX_TANTOS``."""

    def __init__(self) -> None:
        super().__init__("bank-limit", limit=MAX_TANTOS)


def user_account(user_id: int | None) -> str:
    """A player's account; every CPU seat shares one."""
    return f"user:{user_id}" if user_id is not None else CPU_ACCOUNT


class Bank:
    """Balances and movements of the accounts of one game, per server."""

    def __init__(self, storage: Storage, pots: Sequence[str]) -> None:
        self.storage = storage
        self.pots = tuple(pots)
        self._seen: dict[tuple[int, str], int] = {}

    def check_account(self, account: str) -> None:
        if account not in self.pots and account != CPU_ACCOUNT and not (
            account.startswith("user:") and account.removeprefix("user:").isdigit()
        ):
            raise UnknownAccount(account)

    def room(self, account: str, balance: int) -> tuple[int, int]:
        """How many tantos an account holding ``balance`` may still receive and pay: up to
        the limit either way (a pot, down to 0). A game whose rules must always be playable
        cuts its payments to fit in it instead of having them refused."""
        floor = 0 if account in self.pots else -MAX_TANTOS
        return max(0, MAX_TANTOS - balance), max(0, balance - floor)

    async def move(
        self, db: Tx, guild_id: int, source: str, target: str, amount: int,
        reason: str, *, table_id: int | None = None, hand: int | None = None,
    ) -> None:
        """One movement inside the caller's transaction. A pot never goes below zero, and no
        amount or balance goes beyond ``MAX_TANTOS``."""
        if type(amount) is not int:  # 1.5, "7", True: whatever reached here, it is refused
            raise NotWhole()
        if amount == 0:
            raise ZeroAmount()
        if not 0 < amount <= MAX_TANTOS:
            raise BeyondLimit()
        for account in (source, target):
            self.check_account(account)
        if source == target:
            return  # between two CPU seats: nothing moves
        before = await self.balances(guild_id, [source, target], db)
        if source in self.pots and amount > before[source]:
            raise NotEnoughInPot(source, before[source])
        if before[source] - amount < -MAX_TANTOS or before[target] + amount > MAX_TANTOS:
            raise BeyondLimit()
        await self.storage.ledger.move(
            db, guild_id, source, target, amount, reason, table_id=table_id, hand=hand
        )
        previous = {k: self._seen[k] for k in ((guild_id, source), (guild_id, target))
                    if k in self._seen}
        for account, delta in ((source, -amount), (target, amount)):
            key = (guild_id, account)
            if key in self._seen:
                self._seen[key] += delta
        self.storage.on_rollback(lambda: self._seen.update(previous))

    async def balances(
        self, guild_id: int, accounts: Sequence[str], db: Tx | None = None
    ) -> dict[str, int]:
        """Balances of some accounts (0 when unseen), read inside ``db`` when given."""
        found = await self.storage.ledger.balances_of(db, guild_id, accounts)
        if db is not None:  # read inside a transaction: forget it if that rolls back
            keys = [(guild_id, a) for a in found]
            previous = {k: self._seen[k] for k in keys if k in self._seen}
            self.storage.on_rollback(lambda: self._forget(keys, previous))
        for account, balance in found.items():
            self._seen[(guild_id, account)] = balance
        return found

    def _forget(self, keys: list[tuple[int, str]], previous: dict[tuple[int, str], int]) -> None:
        for key in keys:
            self._seen.pop(key, None)
        self._seen.update(previous)

    def known(self, guild_id: int, accounts: Sequence[str]) -> dict[str, int]:
        """The balances already read of some accounts (for rendering without a query)."""
        return {a: self._seen[(guild_id, a)] for a in accounts if (guild_id, a) in self._seen}

    async def pot(self, guild_id: int, db: Tx | None = None) -> list[int]:
        """The size of each pot account, in the order given at creation."""
        found = await self.balances(guild_id, self.pots, db)
        return [found[p] for p in self.pots]

    async def all_balances(self, guild_id: int) -> dict[str, int]:
        """Every account of the server (pots included)."""
        return await self.storage.ledger.balances(guild_id)

    async def history(
        self, guild_id: int, account: str | None = None, limit: int = 10
    ) -> list[Movement]:
        return await self.storage.ledger.history(guild_id, account, limit)

    async def adjust(
        self, guild_id: int, account: str, amount: int, pot: str, reason: str
    ) -> None:
        """An admin's correction: ``amount`` > 0 from ``pot`` to the player, < 0 back."""
        if pot not in self.pots:
            raise UnknownAccount(pot)
        if type(amount) is not int:
            raise NotWhole()
        if amount == 0:
            raise ZeroAmount()
        source, target = (pot, account) if amount > 0 else (account, pot)
        async with self.storage.transaction() as db:
            await self.move(db, guild_id, source, target, abs(amount), reason)
