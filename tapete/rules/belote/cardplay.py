"""Belote's rules of thumb for the card play, on bit masks, and a hand's tricks played out by
them: the cards ``normal`` plays, and the playouts of ``difícil`` (thousands a second).

Cards are bits in the deck's order (:data:`~rules.belote.options.DECK`: suits s h d c, each
A K Q J 10 9 8 7; a card's bit is its ``SORT_KEY``), so a suit is a byte and a hand, the
cards still out or the legal cards are integers. :class:`Sight` is what one seat sees when it
plays: its hand, the cards others may still play (their hands and, with 2-3 players, the
stock but its bottom card, shown), the suits each seat showed it lacks, the trick. The rules
of thumb it applies are those of :mod:`rules.belote.cpu` (its docstring says them in words).

:class:`Tricks` plays the tricks left of a hand — from any card of the play, the first
trick's combinations announced as the rules of thumb announce them — with those rules for
every seat, and scores the hand as the engine does (hecho, dedans, litige, capote, belote,
combinations): the engine would be five times slower. A test holds it to the engine: the
same legal cards, trick winners and hand score on random hands. A forced card (over a third
of a playout's) is played without asking the rules of thumb;
``benchmarks/bench_belote_playouts.py`` times a playout and prints a digest of what was
played, so that a change of speed is told from a change of play.
"""

from __future__ import annotations

from collections.abc import Sequence

from tapete.rules.belote.combos import Combo, announceable, combinations, judge, strength
from tapete.rules.belote.options import BELOTE, CAPOTE, DECK, DER, POINTS, RANKING, SUITS
from tapete.rules.belote.state import State
from tapete.rules.cards import Card
from tapete.rules.tricks import Copyable, seat_sides

BIT: dict[Card, int] = {card: 1 << i for i, card in enumerate(DECK)}
INDEX: dict[Card, int] = {card: i for i, card in enumerate(DECK)}
SUIT_OF: dict[object, int] = {suit: i for i, suit in enumerate(SUITS)}
SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * s) for s in range(4))
# per trump suit (its index), per card index: power (higher wins within a suit), points, and
# the cards of the same suit that beat it
POWER: tuple[tuple[int, ...], ...] = tuple(
    tuple(RANKING.power(card, trump) for card in DECK) for trump in SUITS)
PTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(POINTS[trump][card] for card in DECK) for trump in SUITS)
ABOVE: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << j for j in range(8 * (i // 8), 8 * (i // 8) + 8)
              if POWER[t][j] > POWER[t][i]) for i in range(32)) for t in range(4))
_COST = {11: 24, 9: 18, 14: 12, 10: 10}  # what winning with a trump gives up, by rank
KING = 1  # a king's place in its suit's byte


# per suit, per byte of that suit: the card indices of its set bits, lowest first
_BYTES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(8 * s + k for k in range(8) if byte >> k & 1) for byte in range(256))
    for s in range(4))


def indices(mask: int) -> list[int]:
    """The card indices of ``mask``, lowest first (hand order)."""
    s, h, d, c = _BYTES
    return [*s[mask & 255], *h[mask >> 8 & 255], *d[mask >> 16 & 255], *c[mask >> 24]]


def trick_winner(plays: Sequence[tuple[int, int]], trump: int) -> tuple[int, int]:
    """The seat winning ``plays`` (card indices) so far, and its card."""
    power = POWER[trump]
    seat, best = plays[0]
    for s, i in plays[1:]:
        if i >> 3 == best >> 3:
            if power[i] > power[best]:
                seat, best = s, i
        elif i >> 3 == trump:
            seat, best = s, i
    return seat, best


def legal(hand: int, plays: Sequence[tuple[int, int]], trump: int, pairs: bool,
          seat: int) -> int:
    """The cards of ``hand`` that may go on ``plays`` (Belote's obligations, as
    :data:`~rules.belote.options.POLICY` and ``PAIRS_POLICY`` say)."""
    if not plays:
        return hand
    led = plays[0][1] >> 3
    following = hand & SUIT_MASK[led]
    trumps_mask = SUIT_MASK[trump]
    if following:
        if led != trump:
            return following
        top = max((i for _, i in plays if i >> 3 == trump), key=POWER[trump].__getitem__)
        return following & ABOVE[trump][top] or following
    if pairs and len(plays) >= 2 and (trick_winner(plays, trump)[0] - seat) % 2 == 0:
        return hand  # the partner holds the trick
    trumps = hand & trumps_mask
    if not trumps:
        return hand
    played_trumps = [i for _, i in plays if i >> 3 == trump]
    if played_trumps:
        top = max(played_trumps, key=POWER[trump].__getitem__)
        return trumps & ABOVE[trump][top] or trumps
    return trumps


class Sight:
    """What ``seat`` sees as it plays a card, and the rules of thumb that pick it."""

    __slots__ = ("hand", "n", "out", "pairs", "plays", "risky", "seat", "side", "sides",
                 "taker", "taking", "trump", "voids")

    def __init__(self, seat: int, hand: int, out: int, trump: int, taker: int, n: int,
                 pairs: bool, plays: Sequence[tuple[int, int]], voids: Sequence[int]) -> None:
        self.seat = seat
        self.hand = hand
        self.out = out  # the cards others may still play (a seat's knowledge)
        self.trump = trump
        self.taker = taker
        self.n = n
        self.pairs = pairs
        self.plays = plays
        self.voids = voids  # per seat, the suits (bit s) it showed it lacks
        self.sides = sides = seat_sides(n, pairs)
        self.side = sides[seat]
        self.taking = self.sides[taker] == self.side
        self.risky = -1  # the suits an opponent may ruff (bits), worked out when first asked

    def choose(self, cards: int) -> int:
        """The card (index) to play among ``cards``, the legal ones."""
        return self.lead(cards) if not self.plays else self.follow(cards)

    # ------------------------------------------------------------------ what the seat knows

    def is_master(self, i: int) -> bool:
        """No card still out beats it in its suit."""
        return not self.out & ABOVE[self.trump][i]

    def count_out(self, suit: int) -> int:
        return (self.out & SUIT_MASK[suit]).bit_count()

    def foes_may_trump(self) -> bool:
        """An opponent may still hold a trump: not every one of them showed it has none (with
        two or three players the trumps out may all lie in the stock, out of play)."""
        trump, voids, sides, side = self.trump, self.voids, self.sides, self.side
        return any(sides[s] != side and not voids[s] >> trump & 1 for s in range(self.n))

    def ruff_risk(self, suit: int) -> bool:
        """An opponent known to lack ``suit`` may hold trumps."""
        trump = self.trump
        if suit == trump or not self.out & SUIT_MASK[trump]:
            return False
        risky = self.risky
        if risky < 0:
            risky = 0
            voids, sides, side = self.voids, self.sides, self.side
            for s in range(self.n):
                if sides[s] != side and not voids[s] >> trump & 1:
                    risky |= voids[s]
            self.risky = risky
        return bool(risky >> suit & 1)

    # ------------------------------------------------------------------ leading

    def lead(self, cards: int) -> int:
        trump = self.trump
        power, points = POWER[trump], PTS[trump]
        trumps = cards & SUIT_MASK[trump]
        plain = cards & ~SUIT_MASK[trump]
        trumps_out = self.count_out(trump) if self.foes_may_trump() else 0
        if trumps and trumps_out and self.taker == self.seat:
            mine = indices(trumps)  # draw trumps only from length (see rules.belote.cpu)
            least, spare = (2, 1) if self.pairs else (3, 0)  # a partner may hold one
            if len(mine) >= least and len(mine) + spare >= trumps_out:
                top = max(mine, key=power.__getitem__)
                return top if self.is_master(top) else min(mine, key=power.__getitem__)
        masters = [i for i in indices(plain) if self.is_master(i) and not self.ruff_risk(i >> 3)]
        if masters:
            # the suit with most cards out first (the least likely to be trumped)
            return max(masters, key=lambda i: (self.count_out(i >> 3) > 0, points[i],
                                               power[i], -i))
        if self.pairs and trumps and trumps_out and self.taking and self.taker != self.seat:
            partner = (self.seat + 2) % 4
            if not self.voids[partner] >> trump & 1:
                return min(indices(trumps), key=power.__getitem__)
        return self._cheapest_lead(plain or cards)

    def _cheapest_lead(self, cards: int) -> int:
        """The cheapest of ``cards`` to lead: few points, from a suit where it guards nothing
        of value (not a ten into an outstanding ace, nor the guard of one in a short suit,
        nor into a ruff, nor a trump). ``cards`` holds whole suits of the hand (its plain
        suits, or all of it), so a suit's costs are worked out once for its cards."""
        trump, out = self.trump, self.out
        points, power, above = PTS[trump], POWER[trump], ABOVE[trump]
        best: tuple[float, int, int, int] | None = None
        for s in range(4):
            suit = cards & SUIT_MASK[s]
            if not suit:
                continue
            length = suit.bit_count()
            mine = indices(suit)
            exposed = [points[i] >= 10 and bool(out & above[i]) for i in mine]
            count = sum(exposed)
            base = (6.0 if self.ruff_risk(s) else 0.0) + (15.0 if s == trump else 0.0)
            for i, bare in zip(mine, exposed, strict=True):
                risk = base + (20 if bare else 0)  # a ten led into an outstanding ace
                if length <= 2 and count > (1 if bare else 0):
                    risk += 8  # the guard of such a card
                key = (points[i] + risk, -length, power[i], i)
                if best is None or key < best:
                    best = key
        assert best is not None
        return best[3]

    # ------------------------------------------------------------------ following

    def follow(self, cards: int) -> int:
        trump = self.trump
        power, points = POWER[trump], PTS[trump]
        plays = self.plays
        winner, best = trick_winner(plays, trump)
        later = [(self.seat + k) % self.n for k in range(1, self.n - len(plays))]
        last = not later
        value_in = sum(points[i] for _, i in plays) + (10 if self.hand.bit_count() == 1 else 0)
        top = power[best]
        mine = indices(cards)
        if best >> 3 == trump:
            wins = [i for i in mine if i >> 3 == trump and power[i] > top]
        else:
            wins = [i for i in mine
                    if i >> 3 == trump or (i >> 3 == best >> 3 and power[i] > top)]
        partners = self.pairs and self.sides[winner] == self.side
        if partners and self.holds(best, later):
            return self._load(mine)
        # an opponent's trick, or a partner's that may be beaten (only a card that holds
        # takes that one over)
        if wins:
            holding = [i for i in wins if last or self.holds(i, later)]
            cheapest = min(holding or wins, key=lambda i: (
                i >> 3 == trump, power[i] if i >> 3 == trump else 0, points[i], power[i]))
            if holding:
                cost = self._cost(cheapest)
                if value_in + points[cheapest] >= cost or not (
                        cheapest >> 3 == trump and cost >= 10):
                    return cheapest
            elif not partners and value_in >= 10 and cheapest >> 3 == trump and \
                    power[cheapest] <= power[8 * trump + KING]:
                return cheapest  # a small trump on a trick worth it, beatable as it is
        return self._cheapest([i for i in mine if i not in wins] or mine)

    def holds(self, i: int, later: list[int]) -> bool:
        """Nobody still to play in this trick can beat card ``i`` (as far as the seat knows:
        a higher card of its suit is out, or a seat known to lack the led suit may trump)."""
        if not later or all(self.sides[s] == self.side for s in later):
            return True
        trump = self.trump
        if not self.is_master(i):
            return False
        if i >> 3 == trump:
            return True
        led = self.plays[0][1] >> 3 if self.plays else i >> 3
        if not self.count_out(trump):
            return True
        opponents = [s for s in later if self.sides[s] != self.side]
        if any(self.voids[s] >> led & 1 and not self.voids[s] >> trump & 1 for s in opponents):
            return False
        return self.count_out(led) >= len(opponents) + 1

    def _cost(self, i: int) -> float:
        """What winning with card ``i`` gives up: its power kept for later tricks."""
        if i >> 3 == self.trump:
            return _COST.get(DECK[i].rank, 2)
        return 0.0

    def _cheapest(self, cards: list[int]) -> int:
        """The card worth least to give: few points, no trump, not a guard of a ten, from a
        short suit (to be able to trump it later)."""
        trump = self.trump
        power, points = POWER[trump], PTS[trump]
        hand = self.hand

        def cost(i: int) -> tuple[float, ...]:
            suit = hand & SUIT_MASK[i >> 3]
            extra = 0.0
            if i >> 3 == trump:
                extra += 12 + power[i]
            elif self.is_master(i):
                extra += 6
            length = suit.bit_count()
            if length == 2 and any(j != i and points[j] >= 10 and not self.is_master(j)
                                   for j in indices(suit)):
                extra += 5  # the guard of a ten
            return (points[i] + extra, length, power[i], i)

        return min(cards, key=cost)

    def _load(self, cards: list[int]) -> int:
        """Points on a trick the partner holds: the richest card not strong on its own."""
        trump = self.trump
        power, points = POWER[trump], PTS[trump]
        many = self.hand.bit_count() > 2

        def gain(i: int) -> tuple[float, ...]:
            g = float(points[i])
            if i >> 3 == trump:
                g -= 12 + power[i] + (30 if self.is_master(i) else 0)  # it wins a trick later
            elif many and points[i] >= 10 and self.is_master(i):
                g -= 8  # an ace (or a master ten) wins a trick of its own later
            return (g, -power[i], -i)

        return max(cards, key=gain)


def mask_of(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= BIT[card]
    return mask


def sight(state: State, seat: int, voids: Sequence[int]) -> Sight:
    """What ``seat`` sees in the engine's ``state`` (in play), ``voids`` as bits of suits."""
    trump = state.trump
    assert trump is not None and state.taker is not None
    out = 0
    for holder, cards in enumerate(state.hands):
        if holder != seat:
            out |= mask_of(cards)
    out |= mask_of([c for c in state.stock if c is not state.bottom])
    plays = [(s, INDEX[c]) for s, c in state.trick.plays]
    return Sight(seat, mask_of(state.hands[seat]), out, SUIT_OF[trump], state.taker,
                 state.players, state.pairs, plays, voids)


class Tricks(Copyable):
    """The tricks left of a hand in play, played out fast (in the first trick, the seats
    still to play announce as the rules of thumb do: everything they may).

    Built from a sampled deal; :meth:`play_out` plays every card by the rules of thumb (each
    seat seeing only what it may) and returns what each side adds to its match total, as the
    engine's scoring would; :meth:`play` plays one given card (for tests and replays).
    """

    LISTS = ("hands", "voids", "plays", "cards", "took")

    def __init__(self, state: State, voids: Sequence[int]) -> None:
        trump = state.trump
        assert trump is not None and state.taker is not None and state.phase == "play"
        self.state = state
        self.n = n = state.players
        self.pairs = state.pairs
        self.trump = SUIT_OF[trump]
        self.taker = state.taker
        self.sides = [state.side(s) for s in range(n)]
        self.count = max(self.sides) + 1
        self.hands = [mask_of(h) for h in state.hands]
        self.hidden = mask_of([c for c in state.stock if c is not state.bottom])
        live = self.hidden
        for hand in self.hands:
            live |= hand
        self.live = live  # cards a seat may not have seen yet (hands, stock but its bottom)
        self.voids = list(voids)
        self.plays = [(s, INDEX[c]) for s, c in state.trick.plays]
        self.leader = state.trick.leader
        self.cards = [0] * self.count
        for s in range(n):
            self.cards[self.sides[s]] += state.won[s]
        self.took = [False] * self.count
        for s in range(n):
            if state.tricks_won[s]:
                self.took[self.sides[s]] = True
        self.combos = [0] * self.count
        announced, judged = state.announcements, state.judged
        if not any(state.tricks_won):  # the first trick: what will be shown at its end
            announced = announced + self._announced_later(state)
            judged = judge(announced, trump, self.sides, n, state.options.empate_escalera)
        for (s, _), (value, _) in zip(announced, judged, strict=False):
            self.combos[self.sides[s]] += value
        self.belote = self._belote_holder()
        self.der = self.leader

    def _announced_later(self, state: State) -> list[tuple[int, Combo]]:
        """In the first trick, what the seats still to play (the one to act among them)
        announce before their card, as the rules of thumb do: everything they may, each
        after the best announced before it (the engine's order)."""
        trump = state.trump
        assert trump is not None
        empate = state.options.empate_escalera
        best = state._best_announced()
        out: list[tuple[int, Combo]] = []
        for k in range(len(self.plays), self.n):
            seat = (self.leader + k) % self.n
            if state._has_announced(seat):
                continue
            found = combinations(state.hands[seat], trump)
            for combo in announceable(found, best, trump, empate) if found else ():
                out.append((seat, combo))
                power = strength(combo, trump)
                if best is None or power > best:
                    best = power
        return out

    def _belote_holder(self) -> int | None:
        """The seat that will score belote: the one that said it, or that holds both cards."""
        state = self.state
        if state.belote is not None:
            return state.belote
        king = 8 * self.trump + KING
        both = 3 << king  # the king and the queen of trumps
        return next((s for s, h in enumerate(self.hands) if h & both == both), None)

    def to_act(self) -> int:
        return (self.leader + len(self.plays)) % self.n

    def legal(self, seat: int) -> int:
        return legal(self.hands[seat], self.plays, self.trump, self.pairs, seat)

    def play(self, seat: int, i: int) -> None:
        """``seat`` plays card ``i``; what it showed is remembered, the trick scored when full."""
        plays = self.plays
        trump = self.trump
        if plays:
            led = plays[0][1] >> 3
            if i >> 3 != led:
                free = self.pairs and len(plays) >= 2 and \
                    (trick_winner(plays, trump)[0] - seat) % 2 == 0
                self.voids[seat] |= 1 << led
                if i >> 3 != trump and not free:
                    self.voids[seat] |= 1 << trump
        bit = 1 << i
        self.hands[seat] ^= bit
        self.live &= ~bit
        plays.append((seat, i))
        if len(plays) == self.n:
            winner, _ = trick_winner(plays, trump)
            side = self.sides[winner]
            points = PTS[trump]
            for _, j in plays:
                self.cards[side] += points[j]
            self.took[side] = True
            self.leader = self.der = winner
            self.plays = []

    def play_out(self) -> list[int]:
        """Every card left played by the rules of thumb; each side's score for the hand."""
        n, trump, taker, pairs = self.n, self.trump, self.taker, self.pairs
        hands, play = self.hands, self.play
        while hands[self.leader] or self.plays:
            plays = self.plays
            seat = (self.leader + len(plays)) % n
            hand = hands[seat]
            cards = legal(hand, plays, trump, pairs, seat)
            if cards & (cards - 1):  # a choice: the rules of thumb make it
                play(seat, Sight(seat, hand, self.live & ~hand, trump, taker, n, pairs,
                                 plays, self.voids).choose(cards))
            else:  # a forced card (over a third of them)
                play(seat, cards.bit_length() - 1)
        return self.scored()

    def scored(self) -> list[int]:
        """What each side adds to its total for the hand once every trick is played (the
        engine's ``_end_hand``, points held by a litige included)."""
        state, count, sides = self.state, self.count, self.sides
        belote = [0] * count
        if self.belote is not None:
            belote[sides[self.belote]] = BELOTE
        points = [c + k + b for c, k, b in zip(self.cards, self.combos, belote, strict=True)]
        points[sides[self.der]] += DER
        taking = sides[self.taker]
        opponents = [s for s in range(count) if s != taking]
        best = max(points[s] for s in opponents)
        if points[taking] > best:
            outcome = "hecho"
        elif points[taking] == best and state.options.litigio:
            outcome = "litige"
        else:
            outcome = "dedans"
        capote = [0] * count
        if not all(self.took):
            with_tricks = [s for s in range(count) if self.took[s]]
            for s in with_tricks:
                if not (s == taking and outcome == "dedans"):
                    capote[s] = CAPOTE // len(with_tricks)
        scored = [0] * count
        released = state.held
        if outcome == "hecho":
            scored = [p + c for p, c in zip(points, capote, strict=True)]
            scored[taking] += released
        elif outcome == "litige":
            for s in opponents:
                scored[s] = points[s] + capote[s]
            scored[taking] = belote[taking]
        else:
            pot = sum(self.cards) + DER + sum(self.combos)
            for s in opponents:
                scored[s] = (pot // len(opponents) + released // len(opponents) + belote[s]
                             + capote[s])
            scored[taking] = belote[taking]
        self.outcome = outcome
        return scored
