"""Skill ratings: every finished match of every game rates its players, per server and game.

The model is openskill's Plackett-Luce (a maintained Bayesian rating for teams and for more
than two players). The winners' side ranks first and every other side shares second place:
every game reports its winners, while what its scores mean differs (points, juegos, tantos,
games lost). Pairs games rate each pair as a team (a result with one score per side tells the
table layer the sides: seats 0+2 and 1+3). CPU seats are rated too, one account per level
(``cpu:normal``), so a server sees how its players fare against them.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

from tapete.bot.storage import Rating, Storage, Tx

MODEL = PlackettLuce()
CPU_DEFAULT_LEVEL = "normal"

# The rating players see: a familiar scale from the conservative estimate (mu - 3 sigma, 0 for
# a new player), so everybody starts at 1000, a win or a loss moves it by tens, and it never
# goes below the floor (a handful of losses cannot make it negative). Rankings sort by the same
# estimate; mu and sigma stay available as the "details" of a profile.
DISPLAY_BASE, DISPLAY_SCALE, DISPLAY_FLOOR = 1000, 40, 100


def display_rating(rating: Rating) -> int:
    """The rating shown to players: ``1000 + 40 * (mu - 3 sigma)``, at least 100."""
    return max(DISPLAY_FLOOR, round(DISPLAY_BASE + DISPLAY_SCALE * rating.ordinal))


def seat_account(seat: dict[str, Any]) -> str:
    """The rating account of a saved seat: the player, or the CPU at its level."""
    if seat.get("user_id") is not None:
        return f"user:{seat['user_id']}"
    return f"cpu:{seat.get('level') or CPU_DEFAULT_LEVEL}"


def sides_of(players: int, scores: Sequence[int]) -> int:
    """How many sides a result has: one per seat, or fewer (pairs) when the scores say so."""
    count = len(scores)
    return count if 0 < count < players and players % count == 0 else players


class Ratings:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def record(
        self, db: Tx, guild_id: int | None, game: str,
        seats: Sequence[dict[str, Any]], winners: Sequence[int], scores: Sequence[int],
    ) -> None:
        """Rate one finished match inside the caller's transaction."""
        if guild_id is None or not seats:
            return
        accounts = [seat_account(s) for s in seats]
        known = await self.storage.ratings.of(db, guild_id, game, sorted(set(accounts)))
        count = sides_of(len(seats), scores)
        teams: list[list[int]] = [[] for _ in range(count)]
        for seat in range(len(seats)):
            teams[seat % count].append(seat)
        won = set(winners)
        ranks = [1.0 if won & set(team) else 2.0 for team in teams]
        priors = [[self._prior(known, accounts[s]) for s in team] for team in teams]
        rated = MODEL.rate([[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team]
                            for team in priors], ranks=ranks)
        updates: dict[str, list[tuple[float, float]]] = {}
        for team, new in zip(teams, rated, strict=True):
            for seat, rating in zip(team, new, strict=True):
                updates.setdefault(accounts[seat], []).append((rating.mu, rating.sigma))
        for account, values in updates.items():  # an account on several seats: their mean
            before = self._prior(known, account)
            seats_won = any(accounts[s] == account and s in won for s in range(len(seats)))
            await self.storage.ratings.save(db, guild_id, game, Rating(
                account, fmean(v[0] for v in values), fmean(v[1] for v in values),
                before.matches + 1, before.wins + (1 if seats_won else 0),
            ))

    @staticmethod
    def _prior(known: dict[str, Rating], account: str) -> Rating:
        fresh = MODEL.rating()
        return known.get(account) or Rating(account, fresh.mu, fresh.sigma)
