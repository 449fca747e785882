"""Tute's rules of thumb for the card play, on the engine's bit masks, and a hand's tricks
played out by them.

Cards are the bits of :mod:`rules.tute.bits` (suits o c e b, ten bits each, the strongest
card of a suit on the lowest bit), so a hand, the cards still unseen or the legal cards are
integers and "a higher card of the suit is out" is one ``&``. :class:`Sight` is what one seat
sees as it plays: its hand, the unseen cards, the suits each seat showed it lacks, the cantes
still to sing, the trick. The rules of thumb it applies are those of :mod:`rules.tute.cpu`
(its docstring says them in words); here they cost a few integer steps, so that ``normal``
answers at once and ``difícil`` plays many more sampled deals out.

:class:`Tricks` plays the tricks left of an arrastrado, individual or parejas hand (the
first trick over in arrastrado, where a swap may be pending; from the first card in individual
and parejas) with those rules for every seat, singing what the
engine sings after each trick (tute first, then one cante per singer), and scores the hand as
the engine does (points, diez de últimas, the winner and its juegos, a match won). A test
holds it to the engine: the same legal cards, cantes, tute and result on random hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from tapete.rules.tricks import Copyable, seat_sides
from tapete.rules.tute.bits import (
    COUPLE_MASK,
    INDEX,
    ORDERED,
    SUIT_BITS,
    SUIT_MASK,
    TUTE_MASKS,
    binding,
    mask_of,
)
from tapete.rules.tute.cantes import singers
from tapete.rules.tute.options import POINTS, SUITS, ULTIMAS
from tapete.rules.tute.state import State

VALUE: tuple[int, ...] = tuple(POINTS.get(card.rank, 0) for card in ORDERED)
# higher is stronger within a suit (the lowest bit of a suit is its strongest card)
POWER: tuple[int, ...] = tuple(SUIT_BITS - i % SUIT_BITS for i in range(len(ORDERED)))
COUPLES: tuple[int, ...] = tuple(COUPLE_MASK[s] for s in SUITS)
DRAW_WITH = 4  # parejas: the trumps in hand from which a lead with no master draws trumps


def indices(mask: int) -> list[int]:
    """The card indices of ``mask``, lowest first (hand order)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def higher(i: int) -> int:
    """The cards of card ``i``'s suit that beat it (a mask)."""
    return SUIT_MASK[i // SUIT_BITS] & ((1 << i) - 1)


def beats(i: int, best: int, trump: int) -> bool:
    """Card ``i`` takes a trick held by card ``best``."""
    if i // SUIT_BITS == best // SUIT_BITS:
        return i < best
    return i // SUIT_BITS == trump


def winning(plays: Sequence[tuple[int, int]], trump: int) -> tuple[int, int]:
    """The seat holding ``plays`` (card indices) so far, and its card."""
    seat, best = plays[0]
    for s, i in plays[1:]:
        if beats(i, best, trump):
            seat, best = s, i
    return seat, best


class Sight:
    """What ``seat`` sees as it plays a card, and the rules of thumb that pick it.

    ``unseen``: the cards neither played nor the seat's (a mask); ``voids``: per seat, the
    suits (bit s) it showed it lacks; ``sung``: the suits already sung (bit s); ``duel``:
    habanero; ``open_``: habanero while the baceta lasts."""

    __slots__ = ("duel", "hand", "n", "open_", "pairs", "plays", "seat", "sung", "trump",
                 "unseen", "voids")

    def __init__(self, seat: int, hand: int, unseen: int, trump: int, n: int, pairs: bool,
                 duel: bool, open_: bool, plays: Sequence[tuple[int, int]],
                 voids: Sequence[int], sung: int) -> None:
        self.seat = seat
        self.hand = hand
        self.unseen = unseen
        self.trump = trump
        self.n = n
        self.pairs = pairs
        self.duel = duel
        self.open_ = open_
        self.plays = plays
        self.voids = voids
        self.sung = sung

    def choose(self, cards: int) -> int:
        """The card (index) to play among ``cards``, the legal ones."""
        return self.lead(cards) if not self.plays else self.follow(cards)

    # ------------------------------------------------------------------ what the seat knows

    @property
    def alone(self) -> bool:
        """Arrastrado and individual: three or four players, each for themselves."""
        return not self.pairs and not self.duel

    def side(self, seat: int) -> int:
        return seat % 2 if self.pairs else seat

    def foes(self, seats: Sequence[int]) -> list[int]:
        mine = self.side(self.seat)
        return [s for s in seats if self.side(s) != mine]

    def after(self) -> list[int]:
        """The seats still to play in this trick after this one."""
        done = len(self.plays) + 1
        return [(self.seat + k) % self.n for k in range(1, self.n - done + 1)]

    def out(self, suit: int) -> int:
        return (self.unseen & SUIT_MASK[suit]).bit_count()

    def masters(self) -> int:
        """The seat's cards no unseen card of their suit beats."""
        return sum(1 << i for i in indices(self.hand) if not self.unseen & higher(i))

    def keep(self, cards: int) -> int:
        """Rey and caballo kept together for a cante still to sing."""
        found = 0
        for s, couple in enumerate(COUPLES):
            if cards & couple == couple and not self.sung >> s & 1:
                found |= couple
        return found

    def may_beat(self, seat: int, top: int, led: int, after: int) -> bool:
        """Whether ``seat`` may hold a card that beats card ``top`` on a trick led in ``led``."""
        void, trump, unseen = self.voids[seat], self.trump, self.unseen
        if top // SUIT_BITS == trump:
            return not void >> trump & 1 and bool(unseen & higher(top))
        if not void >> led & 1 and unseen & SUIT_MASK[led] & higher(top):
            return True
        if void >> trump & 1 or not unseen & SUIT_MASK[trump]:
            return False
        return bool(void >> led & 1) or self.out(led) <= after

    def secure(self, top: int, led: int) -> bool:
        """No opponent still to play may beat card ``top``."""
        after = self.after()
        return not any(self.may_beat(s, top, led, len(after)) for s in self.foes(after))

    # ------------------------------------------------------------------ leading

    def lead(self, cards: int) -> int:
        trump = self.trump
        if self.duel and self.open_:
            return self._lead_open(cards)
        masters = self.masters()
        lacking = self.voids
        mine = indices(cards)
        plain = [i for i in mine if i // SUIT_BITS != trump]
        safe = [i for i in plain if masters >> i & 1]
        foes = self.foes(range(self.n)) if self.pairs else []
        if self.pairs:  # only a master no opponent who may still trump showed they lack
            trumping = [f for f in foes if not lacking[f] >> trump & 1] if self.out(trump) else []
            safe = [i for i in safe
                    if not any(lacking[f] >> (i // SUIT_BITS) & 1 for f in trumping)]
        if safe:  # a master: the trick, and a cante if one is waiting
            return max(safe, key=lambda i: (VALUE[i], POWER[i]))
        trumps = [i for i in mine if i // SUIT_BITS == trump]
        if self.duel and any(masters >> i & 1 for i in trumps) and len(trumps) >= 2:
            return max(trumps, key=POWER.__getitem__)  # draw the opponent's trumps
        if self.pairs and plain and len(trumps) >= DRAW_WITH and self.out(trump):
            return min(trumps, key=POWER.__getitem__)  # arrastrar: the lowest trump
        keep = self.keep(cards)
        pool = [i for i in plain if not (keep | masters) >> i & 1] or plain or mine
        if self.pairs:  # a suit the partner lacks and can trump, the opponents not
            partner = lacking[(self.seat + 2) % 4]
            ruff = [i for i in pool if partner >> (i // SUIT_BITS) & 1
                    and not partner >> trump & 1
                    and not any(lacking[f] >> (i // SUIT_BITS) & 1 for f in foes)]
            pool = ruff or pool
        return self._cheapest_lead(pool, mine)

    def _lead_open(self, cards: int) -> int:
        """Habanero while the baceta lasts: any card may follow, so lead cheap, keeping
        pairs."""
        mine = indices(cards)
        plain = [i for i in mine if i // SUIT_BITS != self.trump]
        keep = self.keep(cards)
        pool = [i for i in plain if not keep >> i & 1] or plain or mine
        return self._cheapest_lead(pool, mine)

    @staticmethod
    def _cheapest_lead(pool: list[int], mine: list[int]) -> int:
        """The card of ``pool`` worth least, from the suit the seat holds most of."""
        counts = [0] * 4
        for i in mine:
            counts[i // SUIT_BITS] += 1
        return min(pool, key=lambda i: (VALUE[i], -counts[i // SUIT_BITS], POWER[i]))

    # ------------------------------------------------------------------ following

    def follow(self, cards: int) -> int:
        trump, plays = self.trump, self.plays
        winner, best = winning(plays, trump)
        last = len(plays) == self.n - 1
        keep = self.keep(cards)
        led = plays[0][1] // SUIT_BITS
        mine = indices(cards)

        def is_trump(i: int) -> bool:
            return i // SUIT_BITS == trump

        if self.pairs and self.side(winner) == self.side(self.seat):
            if last or self.secure(best, led):  # load points, but never a trump
                plain = [i for i in mine if not is_trump(i) and not keep >> i & 1] or \
                    [i for i in mine if not is_trump(i)]
                if not plain:  # made to trump: the lowest, the trick is the side's anyway
                    return min(mine, key=lambda i: (VALUE[i], POWER[i]))
                return max(plain, key=lambda i: (VALUE[i], -POWER[i]))
            return min(mine, key=lambda i: (VALUE[i], is_trump(i), POWER[i]))
        wins = [i for i in mine if beats(i, best, trump)]
        if self.duel:
            return self._follow_duel(mine, wins, last, keep)
        if self.alone and not (last or sum(VALUE[i] for _, i in plays) >= 10):
            wins = []  # a trick without ten points is not worth a winning card
        if wins:  # the cheapest winning card (a master is kept for later tricks)
            pool = [i for i in wins if not keep >> i & 1] or wins
            return min(pool, key=lambda i: (is_trump(i), POWER[i]))
        pool = [i for i in mine if not keep >> i & 1] or mine
        return min(pool, key=lambda i: (VALUE[i], is_trump(i), POWER[i]))

    def _follow_duel(self, mine: list[int], wins: list[int], last: bool, keep: int) -> int:
        """Habanero: a trick is worth winning if it carries points or the seat is last (with
        the cheapest winning card, else the highest), otherwise the cheapest card lets it
        go."""
        trump = self.trump

        def is_trump(i: int) -> bool:
            return i // SUIT_BITS == trump

        if wins and (last or sum(VALUE[i] for _, i in self.plays) >= 10
                     or any(VALUE[i] >= 10 for i in mine)):
            pool = [i for i in wins if not is_trump(i)] or wins
            if last:
                return min(pool, key=lambda i: (is_trump(i), POWER[i]))
            return max(pool, key=lambda i: (not is_trump(i), POWER[i]))
        losers = [i for i in mine if i not in wins] or mine
        pool = [i for i in losers if not keep >> i & 1] or losers
        return min(pool, key=lambda i: (VALUE[i], is_trump(i), POWER[i]))


ALL = (1 << len(ORDERED)) - 1


class Tricks(Copyable):
    """The tricks left of a hand (individual, parejas; arrastrado once the first trick, with
    its swaps, is over),
    played out fast. :meth:`play_out` plays every card by the rules of thumb and returns the
    hand's result (:meth:`result`); :meth:`play` plays one given card (tests, replays)."""

    LISTS: ClassVar[tuple[str, ...]] = ("hands", "voids", "plays", "points", "winners")
    MODALIDADES: ClassVar[tuple[str, ...]] = ("arrastrado", "individual", "parejas")
    DUEL: ClassVar[bool] = False  # habanero's rules of thumb (:class:`Sight`'s ``duel``)
    window = False  # a window before the next lead (habanero)

    def __init__(self, state: State, voids: Sequence[int]) -> None:
        assert state.modalidad in self.MODALIDADES and state.capote is None and (
            state.trick_winners or state.modalidad != "arrastrado")
        self.n = n = state.players
        self.pairs = state.pairs
        self.trump = state.trump_index
        self.hands = [mask_of(h) for h in state.hands]
        self.played = ALL
        for hand in self.hands:
            self.played &= ~hand  # every card not in a hand is out (played, or face up)
        self.voids = list(voids)
        self.plays = [(s, INDEX[c]) for s, c in state.trick.plays]
        self.leader = state.trick.leader
        self.sides = seat_sides(n, state.pairs)
        count = max(self.sides) + 1
        self.points = [0] * count  # cards and cantes
        for seat, taken in enumerate(state.taken):
            self.points[self.sides[seat]] += sum(VALUE[INDEX[c]] for c in taken)
        for seat, _, value in state.cantes:
            self.points[self.sides[seat]] += value
        self.sung = sum(1 << SUITS.index(s) for s in state.sung)
        self.winners = list(state.trick_winners)
        self.tute: int | None = None  # the side that sang tute
        self.juegos = list(state.juegos)
        self.target = state.options.juegos
        self.tute_enabled = state.tute_enabled

    def to_act(self) -> int:
        return (self.leader + len(self.plays)) % self.n

    def legal(self, seat: int) -> int:
        hand = self.hands[seat]
        if not self.plays:
            return hand
        return binding(hand, [i for _, i in self.plays], self.trump)[0]

    def play(self, seat: int, i: int) -> None:
        """``seat`` plays card ``i``; what it showed is remembered; a full trick is won, and
        what follows a trick follows (:meth:`_after_trick`)."""
        plays = self.plays
        if plays:
            self._reveal(seat, i)
        self.hands[seat] ^= 1 << i
        self.played |= 1 << i
        plays.append((seat, i))
        if len(plays) < self.n:
            return
        winner, _ = winning(plays, self.trump)
        self.points[self.sides[winner]] += sum(VALUE[j] for _, j in plays)
        self.winners.append(winner)
        self.leader = winner
        self.plays = []
        self._after_trick(winner)

    def _reveal(self, seat: int, i: int) -> None:
        """What ``seat`` showed by playing card ``i`` on the trick: the suit led, when it did
        not follow; the trump suit, when it did not trump where it had to."""
        plays, trump = self.plays, self.trump
        led = plays[0][1] // SUIT_BITS
        if i // SUIT_BITS != led:
            self.voids[seat] |= 1 << led
            trumped = led == trump or any(j // SUIT_BITS == trump for _, j in plays)
            if i // SUIT_BITS != trump and not trumped:
                self.voids[seat] |= 1 << trump

    def _after_trick(self, winner: int) -> None:
        """The cantes the engine sings for the trick's winning side."""
        if self.hands[winner]:
            self._sing(winner)

    def _sing(self, winner: int) -> None:
        """What the engine sings after a trick won: tute, else one cante per singer."""
        asked = singers(winner, self.pairs)
        if self.tute_enabled:
            for seat in asked:
                if any(self.hands[seat] & four == four for _, four in TUTE_MASKS):
                    self.tute = self.sides[seat]
                    return
        for seat in asked:
            hand = self.hands[seat]
            for s in (self.trump, *(k for k in range(4) if k != self.trump)):
                couple = COUPLES[s]
                if hand & couple == couple and not self.sung >> s & 1:
                    self.sung |= 1 << s
                    self.points[self.sides[seat]] += 40 if s == self.trump else 20
                    break

    def play_out(self) -> tuple[int, int, list[int], bool]:
        """Every card left played by the rules of thumb (each lead after a habanero window
        the leader uses first, :meth:`_use_window`); the result (:meth:`result`)."""
        n, trump, pairs, duel = self.n, self.trump, self.pairs, self.DUEL
        while self.tute is None and (self.plays or self.hands[self.leader]):
            seat = self.to_act()
            if self.window:
                self._use_window(seat)
                if self.tute is not None:
                    break
            hand = self.hands[seat]
            cards = self.legal(seat)
            if not cards & (cards - 1):  # one legal card: nothing to choose
                self.play(seat, cards.bit_length() - 1)
                continue
            sight = Sight(seat, hand, ALL & ~self.played & ~hand, trump, n, pairs, duel,
                          self.open_, self.plays, self.voids, self.sung)
            self.play(seat, sight.choose(cards))
        return self.result()

    @property
    def open_(self) -> bool:
        """A baceta still to draw from (habanero's, :class:`rules.tute.habanero.Habanero`)."""
        return False

    def _use_window(self, seat: int) -> None:
        """What the leader does before its card when :attr:`window` is open (habanero's
        sing and swap, :class:`rules.tute.habanero.Habanero`); never open here."""

    def result(self) -> tuple[int, int, list[int], bool]:
        """As the engine scores the hand: the winning side, the juegos it wins (0 for a tute,
        which wins the match at once), each side's points and whether the match ends."""
        if self.tute is not None:
            return self.tute, 0, list(self.points), True
        points = list(self.points)
        ultimas = self.winners[-1]
        points[self.sides[ultimas]] += ULTIMAS
        best = max(points)
        tied = [s for s, p in enumerate(points) if p == best]
        side = tied[0]
        if len(tied) > 1:
            side = next(self.sides[s] for s in (ultimas, *reversed(self.winners))
                        if self.sides[s] in tied)
        won = 2 if best >= 101 else 1
        over = self.juegos[side] + won >= self.target
        return side, won, points, over
