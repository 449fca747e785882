"""Escoba difícil's search of a sampled deal: each move searched to the end of the round.

In each sampled deal every legal move is searched with alpha-beta to the end of the round
(every hand empty: what is still hidden then is only the next deal), each side playing its
best; with three or four seats 6 plies at most. A position is valued by what the hand's
points are likely to be: escobas and the siete de oros as taken, and each "most" (cards,
sevens, oros) as the chance of winning it less the chance of losing it, the cards still out
shared at random (:func:`most`: between two sides in bunches, as captures take them,
:data:`TWO_SIDES`); a round that ends leaves its table to the next player, who
sweeps it when a card of the next deal completes 15. The last round is searched to the
hand's end and valued by its real points. Values are in points, the same for every move, so
that a few dozen deals separate two moves.

In a hand that can end the match the search plays for the match, as a player does: a match
won or lost is worth ``MATCH`` points on top of the margin, counted exactly at the hand's end
and, earlier, as the chance that the "most" points still open carry a side past the target
(:func:`match_odds`). One point that wins the match is then worth more than two that do not.

The round is played on plain tuples (hands, table, each side's haul as counts), not on the
engine: a copy per node costs a fraction of the engine's. With two players the table is
kept in canonical order, so that the same cards played in another order reach the same
position: about half the nodes of a lead's search are such repeats, and each position's
value (its bounds, as alpha-beta found them) is kept for the round's search
(``_Round.known``).
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from math import comb

from tapete.rules.cards import Card, SpanishSuit, spanish_deck
from tapete.rules.cpu import bounds_after
from tapete.rules.engine import Action
from tapete.rules.escoba.captures import table_sets
from tapete.rules.escoba.options import FIFTEEN, ORDER, SIETE_DE_OROS, VALUES, canonical
from tapete.rules.escoba.scoring import match_winner
from tapete.rules.escoba.state import State

_DECK = spanish_deck()
_BY_TEXT = {str(c): c for c in _DECK}


# -- the value of a position --------------------------------------------------------------------

# A side's haul as counts: cards, sevens, oros, the siete de oros, escobas.
Haul = tuple[int, int, int, int, int]
_FACTS: dict[Card, Haul] = {
    c: (1, int(c.rank == 7), int(c.suit is SpanishSuit.OROS), int(c is SIETE_DE_OROS), 0)
    for c in _DECK
}
_TOTALS = (40, 4, 10)  # cards, sevens and oros in the deck


# How far a "most" point's final lead strays from the lead now, per card still to be taken, as a
# multiple of a fair coin's variance (cards, sevens, oros). Cards go in bunches, a capture
# taking two or three and the last capturer the table, so between two sides a lead in cards
# is worth much less than if each card fell to either side alone. Fitted on the final counts
# of seeded matches of ``normal`` against itself: 3.3, 1.1 and 1.5 at two players (14,220
# round starts), 3.2, 1.1 and 1.5 in pairs (13,485); see docs/ARCHITECTURE.md. Among three or
# four the search weighs its haul against the best other count by count, a rougher model that
# such a fit hardly improves (squared error within 0.01): there each card stays a coin (None).
Spread = tuple[float | None, float | None, float | None]
TWO_SIDES: Spread = (3.3, 1.1, 1.5)
COIN: Spread = (None, None, None)


@cache
def odds(lead: int, left: int, spread: float | None = None) -> tuple[float, float, float]:
    """A "most" point for a side ``lead`` ahead with ``left`` cards of the kind still to be
    taken: P(it alone wins it), P(tie: both score it), P(the other side alone wins it). Each
    card left goes to either side as a coin would (a binomial) or, with ``spread``, the final
    lead is drawn over the same leads (``lead - left`` to ``lead + left`` in steps of two)
    from a normal spread of ``spread`` times the coins' variance (:data:`TWO_SIDES`)."""
    won = tied = lost = 0.0
    for k in range(left + 1):
        final = lead + 2 * k - left
        if spread is None or not left:
            weight = float(comb(left, k))
        else:
            weight = math.exp(-(2 * k - left) ** 2 / (2 * spread * left))
        if final > 0:
            won += weight
        elif final < 0:
            lost += weight
        else:
            tied += weight
    total = won + tied + lost
    return won / total, tied / total, lost / total


@cache
def most(lead: int, left: int, spread: float | None = None) -> float:
    """A "most" point's expected margin (:func:`odds`): P(win) - P(lose)."""
    won, _, lost = odds(lead, left, spread)
    return won - lost


# A position of the round's search: the hauls (per side), the table, the hands, the seat to
# move, the side that captured last and the card a renuncio may be claimed for.
Position = tuple[tuple[Haul, ...], tuple[Card, ...], tuple[tuple[Card, ...], ...], int,
                 int | None, Card | None]


@lru_cache(maxsize=1 << 16)
def haul_value(mine: Haul, theirs: Haul, spread: Spread = COIN) -> float:
    """The expected points margin of a haul over the best other side's (in points), the
    "most" points drawn with ``spread`` (:func:`odds`)."""
    value = float(mine[4] - theirs[4] + mine[3] - theirs[3])
    for i, total in enumerate(_TOTALS):
        value += most(mine[i] - theirs[i], total - mine[i] - theirs[i], spread[i])
    return value


MATCH = 20.0  # a match won (or lost) at this hand's end, in points of the margin


@lru_cache(maxsize=1 << 16)
def match_odds(mine: Haul, theirs: Haul, scores: tuple[int, int], target: int,
               spread: Spread = COIN) -> float:
    """P(the side wins the match at the hand's end) - P(the other side does), from the
    match ``scores`` (the side's, the best other side's), the points the hauls already hold
    (escobas, the siete de oros) and the three "most" points drawn as :func:`odds` draws
    them. A side wins when it reaches the target alone at the top (a tie plays on)."""
    outcomes = {(scores[0] + mine[4] + mine[3], scores[1] + theirs[4] + theirs[3]): 1.0}
    for i, total in enumerate(_TOTALS):
        won, tied, lost = odds(mine[i] - theirs[i], total - mine[i] - theirs[i], spread[i])
        after: dict[tuple[int, int], float] = {}
        for (a, b), p in outcomes.items():
            for (da, db), q in (((1, 0), won), ((1, 1), tied), ((0, 1), lost)):
                if q:
                    key = (a + da, b + db)
                    after[key] = after.get(key, 0.0) + p * q
        outcomes = after
    return sum(p * _decided(a, b, target) for (a, b), p in outcomes.items())


def _decided(mine: int, theirs: int, target: int) -> int:
    """+1 if the side has won the match with these totals, -1 if the other has, else 0."""
    return {0: 1, 1: -1, None: 0}[match_winner((mine, theirs), target)]


def _best(hauls: Sequence[Haul]) -> Haul:
    """Each count's best among ``hauls`` (the best other side, count by count)."""
    a, b, c, d, e = map(max, zip(*hauls, strict=True))
    return (a, b, c, d, e)


def _add(haul: Haul, cards: Sequence[Card], escoba: int) -> Haul:
    a, b, c, d, e = haul
    for card in cards:
        f = _FACTS[card]
        a += f[0]
        b += f[1]
        c += f[2]
        d += f[3]
    return (a, b, c, d, e + escoba)


# The table's capture sets (:func:`table_sets`) by the table: the search keeps each table in
# canonical order, so the same cards on the table are one key.
_sets = lru_cache(maxsize=1 << 15)(table_sets)


def _lay(table: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``table`` with ``card`` laid on it, kept in canonical order."""
    k = bisect_right(table, ORDER[card], key=ORDER.__getitem__)
    return (*table[:k], card, *table[k:])


class _Round:
    """One sampled deal's round, searched to its end for the side ``side``: hands, table and
    hauls as plain tuples (a copy per node costs less than the engine's)."""

    def __init__(self, world: State, side: int) -> None:
        self.players = world.players
        self.sides = [world.side_of(s) for s in range(world.players)]
        self.side = side
        self.castigo = world.captura == "castigo"
        self.free = world.captura != "obligatoria"
        self.deck = tuple(world.deck)
        self.last_round = not world.deck
        self.limit = 6 if world.players > 2 else 9
        self.target = world.options.objetivo
        self.spread = TWO_SIDES if world.sides == 2 else COIN
        # each position searched: its value's bounds (lower, upper), by position and depth.
        # Kept with two players only: their round is searched to its end and the same
        # cards played in another order meet often; with three or four the six-ply horizon
        # leaves few repeats, and keeping the table in order costs more than they save.
        self.remember = world.players == 2
        self.known: dict[tuple[object, ...], tuple[float, float]] = {}
        self.totals = tuple(world.scores)  # the match so far, per side
        self.scores = (world.scores[side],
                       max(score for i, score in enumerate(world.scores) if i != side))
        pool = len(self.deck)
        # the chance that the next deal's three cards hold one of each value (1 to 10)
        self.dealt_chance = [0.0] * 11
        if pool >= 3:
            for need in range(1, 11):
                holding = sum(1 for c in self.deck if VALUES[c] == need)
                self.dealt_chance[need] = 1.0 - comb(pool - holding, 3) / comb(pool, 3)

    def match(self, mine: Haul, theirs: Haul) -> float:
        """The match term of a position's value (0 while no side can reach the target with
        what the hand may still give it: the three "most" points)."""
        ours, others = self.scores
        if max(ours + mine[4] + mine[3], others + theirs[4] + theirs[3]) + 3 < self.target:
            return 0.0
        return MATCH * match_odds(mine, theirs, self.scores, self.target, self.spread)

    def value(self, hauls: tuple[Haul, ...], table: tuple[Card, ...], mover: int,
              hands: tuple[tuple[Card, ...], ...]) -> float:
        """A position where the search stops: the hauls, and the next player's sweep."""
        side = self.side
        mine = hauls[side]
        theirs = hauls[1 - side] if len(hauls) == 2 else _best(hauls[:side] + hauls[side + 1:])
        value = haul_value(mine, theirs, self.spread) + self.match(mine, theirs)
        if table:
            need = FIFTEEN - sum(map(VALUES.__getitem__, table))
            if 1 <= need <= 10:
                hand = hands[mover]
                if hand:
                    chance = 1.0 if any(VALUES[c] == need for c in hand) else 0.0
                else:  # the next deal's three cards
                    chance = self.dealt_chance[need]
                swing = chance * (1.0 + 0.1 * len(table))
                value += swing if self.sides[mover] == side else -swing
        return value

    def end_of_hand(self, hauls: tuple[Haul, ...], table: tuple[Card, ...],
                    last: int | None) -> float:
        """The hand's real points margin once the table goes to the last capturer."""
        if last is not None and table:
            hauls = tuple(_add(h, table, 0) if i == last else h for i, h in enumerate(hauls))
        points = []
        for haul in hauls:
            points.append(haul[4] + haul[3])
        for k in range(3):
            top = max(h[k] for h in hauls)
            for i, h in enumerate(hauls):
                if top > 0 and h[k] == top:
                    points[i] += 1
        mine = points[self.side]
        value = float(mine - max(p for i, p in enumerate(points) if i != self.side))
        totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        winner = match_winner(totals, self.target)
        if winner is not None:
            value += MATCH if winner == self.side else -MATCH
        return value

    def lay(self, table: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
        """``table`` with ``card`` laid on it (in canonical order where positions are kept)."""
        return _lay(table, card) if self.remember else (*table, card)

    def stop(self, hauls: tuple[Haul, ...], table: tuple[Card, ...],
             hands: tuple[tuple[Card, ...], ...], mover: int, last: int | None,
             pending: Card | None, depth: int) -> float | None:
        """The value of a position where the search stops (every hand played, or the depth
        reached), else None."""
        if not any(hands) and pending is None:
            if self.last_round:
                return self.end_of_hand(hauls, table, last)
            return self.value(hauls, table, mover, hands)
        if depth >= self.limit:
            return self.value(hauls, table, mover, hands)
        return None

    def search(self, hauls: tuple[Haul, ...], table: tuple[Card, ...],
               hands: tuple[tuple[Card, ...], ...], mover: int, last: int | None,
               pending: Card | None, depth: int, alpha: float, beta: float) -> float:
        """The position's value, each side playing its best (alpha-beta, fail-soft). What a
        position was found worth is kept (:attr:`known`: its bounds), for the same cards
        played in another order reach it again: about half the nodes of a lead's search."""
        stop = self.stop(hauls, table, hands, mover, last, pending, depth)
        if stop is not None:
            return stop
        # a position comes again only once a seat has played twice
        keep = self.remember and depth > 2
        if keep:
            key = (hauls, table, hands, mover, last, pending, depth)
            bounds = self.known.get(key)
            if bounds is not None:
                low, high = bounds
                if low == high or low >= beta:
                    return low
                if high <= alpha:
                    return high
                alpha = max(alpha, low)
                beta = min(beta, high)
            else:
                low, high = -math.inf, math.inf
        floor, ceiling = alpha, beta
        side = self.sides[mover]
        maximise = side == self.side
        best = -1e9 if maximise else 1e9
        for hauls2, table2, hands2, mover2, last2, pending2 in self.moves(
                hauls, table, hands, mover, last, pending):
            value = self.search(hauls2, table2, hands2, mover2, last2, pending2, depth + 1,
                                alpha, beta)
            if maximise:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        if keep:
            self.known[key] = bounds_after(low, high, best, floor, ceiling)
        return best

    def after(self, position: Position, action: Action) -> Position:
        """The position an engine action leads to (at the root of the search)."""
        hauls, table, hands, mover, last, _ = position
        side = self.sides[mover]
        cards = [_BY_TEXT[a] for a in action.args]
        if action.verb == "pass":  # a renuncio let go at the end of the hand
            return hauls, table, hands, mover, last, None
        if action.verb == "claim":
            taken = set(cards)
            hauls = tuple(_add(h, cards, 0) if i == side else h for i, h in enumerate(hauls))
            return (hauls, tuple(c for c in table if c not in taken), hands, mover, side,
                    None)
        card = cards[0]
        hand = hands[mover]
        rest = tuple(c for c in hand if c is not card)
        hands = (*hands[:mover], rest, *hands[mover + 1:])
        nxt = (mover + 1) % self.players
        if action.verb == "capture":
            taken = set(cards[1:])
            table = tuple(c for c in table if c not in taken)
            hauls = tuple(_add(h, cards, 0 if table else 1) if i == side else h
                          for i, h in enumerate(hauls))
            return hauls, table, hands, nxt, side, None
        could = self.castigo and bool(_sets(table)[1].get(FIFTEEN - VALUES[card]))
        return hauls, self.lay(table, card), hands, nxt, last, card if could else None

    def moves(self, hauls: tuple[Haul, ...], table: tuple[Card, ...],
              hands: tuple[tuple[Card, ...], ...], mover: int, last: int | None,
              pending: Card | None) -> Iterator[Position]:
        """Every position one move away, captures first (they prune best); made one at a
        time, so that those after a cut-off are never made."""
        side = self.sides[mover]
        if pending is not None:  # claim the renuncio, then play on
            rest = tuple(c for c in table if c is not pending)
            cards, by_total = _sets(rest)
            for chosen in by_total.get(FIFTEEN - VALUES[pending], ()):
                taken = {cards[i] for i in chosen}
                hauls2 = (*hauls[:side], _add(hauls[side], (pending, *taken), 0),
                          *hauls[side + 1:])
                yield (hauls2, tuple(c for c in rest if c not in taken), hands, mover, side,
                       None)
            if not hands[mover]:  # the end of the hand: claim or let it go
                yield hauls, table, hands, mover, last, None
                return
        hand = hands[mover]
        cards, by_total = _sets(table)
        nxt = (mover + 1) % self.players
        for i, card in enumerate(hand):
            sets = by_total.get(FIFTEEN - VALUES[card], ())
            if not sets:
                continue
            hands2 = (*hands[:mover], hand[:i] + hand[i + 1:], *hands[mover + 1:])
            for chosen in sets:
                taken = {cards[j] for j in chosen}
                table2 = tuple(c for c in table if c not in taken)
                escoba = 0 if table2 else 1
                hauls2 = (*hauls[:side], _add(hauls[side], (card, *taken), escoba),
                          *hauls[side + 1:])
                yield hauls2, table2, hands2, nxt, side, None
        for i, card in enumerate(hand):
            sets = by_total.get(FIFTEEN - VALUES[card], ())
            if not sets or self.free:
                claim = card if sets and self.castigo else None
                hands2 = (*hands[:mover], hand[:i] + hand[i + 1:], *hands[mover + 1:])
                yield hauls, self.lay(table, card), hands2, nxt, last, claim


def rooted(world: State, seat: int) -> tuple[_Round, Position]:
    """The round's search for ``seat``'s side in a sampled deal, and the position it starts
    from (the hauls so far, the table in canonical order)."""
    side = world.side_of(seat)
    per_side: list[list[Card]] = [[] for _ in range(world.sides)]
    escobas = [0] * world.sides
    for s in range(world.players):
        per_side[world.side_of(s)] += world.captured[s]
        escobas[world.side_of(s)] += world.escobas[s]
    hauls = tuple(_add((0, 0, 0, 0, 0), per_side[i], escobas[i]) for i in range(world.sides))
    last = world.side_of(world.last_capturer) if world.last_capturer is not None else None
    pending = world.pending.card if world.pending is not None else None
    hands = tuple(tuple(h) for h in world.hands)
    return _Round(world, side), (hauls, canonical(world.table), hands, seat, last, pending)


def solve(world: State, seat: int, legal: list[Action], rng: random.Random) -> list[float]:
    """Each legal move's value in a sampled deal (see the module docstring)."""
    search, root = rooted(world, seat)
    return [search.search(*search.after(root, action), 1, -1e9, 1e9) for action in legal]
