"""Tute habanero's last eight tricks, solved exactly.

Once the last draw has emptied the baceta, every card a player cannot see is in the other
player's hand (the 24 others were played, or drawn face up: the turned card), so the rest
of the hand is a game of perfect information: who can force what is a question with an
exact answer, found here by searching every line of play (docs/rules/es/tute.md, habanero).

* :meth:`Endgame.forced` — can the declarer take every trick left, whatever the defender
  plays? (capote: an AND-OR search, each position remembered).
* :meth:`Endgame.margin` — the best margin the player to lead can make sure of over the
  tricks left, counting card points and the diez de últimas (an alpha-beta search, each
  position's bounds remembered). Every card point left goes to one player or the other, so a
  larger margin is never a worse hand result (winning, the two juegos at 101): maximising
  it maximises the result. Points count double and the diez de últimas one more, so that
  between equal points the line that takes the last trick (which wins a tie) is preferred.

Hands are bit masks of :mod:`rules.tute.bits`. Which cards may follow comes from the
engine's own :func:`~rules.tute.bits.playable` (habanero's full rules once the baceta is
exhausted: asistir, montar, fallar) and who wins a trick from its
:func:`~rules.tute.bits.winner`, so the search cannot drift from the rules it plays by.
"""

from __future__ import annotations

from functools import cache

from tapete.rules.cpu import bounds_after
from tapete.rules.tute.bits import ORDERED, playable, winner
from tapete.rules.tute.options import card_points

# each card's points, by bit index
_POINTS: tuple[int, ...] = tuple(card_points([card]) for card in ORDERED)
LAST = 2 * 10 + 1  # the diez de últimas in margin units (points count 2; +1 wins the tie)
_INF = 1 << 20  # beyond any margin


def bits_of(mask: int) -> list[int]:
    """The single-bit masks of ``mask``, lowest (the strongest of the first suit) first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@cache
def beaten_by(trump: int) -> tuple[int, ...]:
    """Per led card (bit index), the cards that take the trick from it (a mask), as the
    engine's :func:`~rules.tute.bits.winner` decides between a leader and a follower."""
    table = []
    for i, lead in enumerate(ORDERED):
        mask = 0
        for j, card in enumerate(ORDERED):
            if j != i and winner([(0, lead), (1, card)], trump) == 1:
                mask |= 1 << j
        table.append(mask)
    return tuple(table)


class Endgame:
    """The searches over the tricks left, for one trump suit; positions are remembered for
    as long as the object lives (one decision)."""

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.beats = beaten_by(trump)
        self._replies: dict[tuple[int, int], int] = {}
        self._forced: dict[tuple[int, int], bool] = {}
        self._margin: dict[tuple[int, int], tuple[int, int]] = {}

    # -- the rules, from the engine ---------------------------------------------------------

    def replies(self, hand: int, lead: int) -> int:
        """The cards of ``hand`` that may follow the led card ``lead`` (a one-bit mask)."""
        key = (hand, lead)
        found = self._replies.get(key)
        if found is None:
            card = ORDERED[lead.bit_length() - 1]
            found = playable(hand, [(0, card)], self.trump, False)[0]
            self._replies[key] = found
        return found

    def follower_wins(self, lead: int, reply: int) -> bool:
        return bool(self.beats[lead.bit_length() - 1] & reply)

    # -- capote ------------------------------------------------------------------------------

    def forced(self, declarer: int, defender: int) -> bool:
        """The declarer, to lead, takes every trick left against any defence."""
        if not declarer:
            return True
        key = (declarer, defender)
        found = self._forced.get(key)
        if found is None:
            found = any(self.holds(lead, declarer, defender) for lead in bits_of(declarer))
            self._forced[key] = found
        return found

    def holds(self, lead: int, declarer: int, defender: int) -> bool:
        """Leading ``lead`` keeps the capote against every reply."""
        for reply in bits_of(self.replies(defender, lead)):
            if self.follower_wins(lead, reply) or not self.forced(declarer ^ lead,
                                                                  defender ^ reply):
                return False
        return True

    def keeps(self, lead: int, reply: int, declarer: int, defender: int) -> bool:
        """The defender led ``lead`` and the declarer answers ``reply``: the trick is the
        declarer's and the capote still forced (hands before the trick)."""
        return self.follower_wins(lead, reply) and self.forced(declarer ^ reply,
                                                               defender ^ lead)

    def forced_against(self, declarer: int, defender: int) -> bool:
        """The defender leads: the declarer takes every trick left against any defence."""
        return all(
            any(self.keeps(lead, reply, declarer, defender)
                for reply in bits_of(self.replies(declarer, lead)))
            for lead in bits_of(defender)
        )

    # -- points ------------------------------------------------------------------------------

    def trick(self, lead: int, reply: int, last: bool) -> int:
        """What a trick is worth to whoever takes it, in margin units."""
        return 2 * (_POINTS[lead.bit_length() - 1] + _POINTS[reply.bit_length() - 1]) \
            + (LAST if last else 0)

    def margin(self, leader: int, follower: int, alpha: int = -_INF, beta: int = _INF) -> int:
        """The best margin the leader can make sure of over the tricks left, searched
        alpha-beta (fail-soft): exact when strictly between ``alpha`` and ``beta``, else a
        bound on the side it fell (at most ``alpha``, at least ``beta``). Each position keeps
        the bounds found, so that it is searched again only for a wider window."""
        if not leader:
            return 0
        key = (leader, follower)
        low, high = self._margin.get(key, (-_INF, _INF))
        if low == high or low >= beta:
            return low
        if high <= alpha:
            return high
        floor, ceiling = max(alpha, low), min(beta, high)
        best = -_INF
        window = floor
        for lead in bits_of(leader):
            value = self.lead_value(lead, leader, follower, window, ceiling)
            if value > best:
                best = value
                if value >= ceiling:
                    break
                window = max(window, value)
        self._margin[key] = bounds_after(low, high, best, floor, ceiling)
        return best

    def lead_value(self, lead: int, leader: int, follower: int, alpha: int = -_INF,
                   beta: int = _INF) -> int:
        """The leader's margin after leading ``lead`` against the best reply, exact when
        strictly between ``alpha`` and ``beta`` (else a bound on that side, as
        :meth:`margin`)."""
        worst = _INF
        for reply in bits_of(self.replies(follower, lead)):
            value = self.reply_value(lead, reply, leader, follower, alpha, min(beta, worst))
            if value < worst:
                worst = value
                if worst <= alpha:
                    break
        return worst

    def best_cards(self, mine: int, theirs: int, lead: int, cards: list[int]) -> list[int]:
        """The ``cards`` (the seat's legal ones) that make sure of the best margin: ``lead``
        is the card led to the seat (0: the seat leads). Each is searched only for whether it
        reaches the best found so far."""
        best = -_INF
        values = {}
        for card in cards:
            if lead:
                value = -self.reply_value(lead, card, theirs | lead, mine, -_INF, 1 - best)
            else:
                value = self.lead_value(card, mine, theirs, best - 1)
            values[card] = value
            best = max(best, value)
        return [card for card in cards if values[card] == best]

    def reply_value(self, lead: int, reply: int, leader: int, follower: int,
                    alpha: int = -_INF, beta: int = _INF) -> int:
        """The leader's margin once ``lead`` and ``reply`` are played (hands before), within
        the window as :meth:`margin`."""
        worth = self.trick(lead, reply, leader == lead)
        if self.follower_wins(lead, reply):
            return -worth - self.margin(follower ^ reply, leader ^ lead, -beta - worth,
                                        -alpha - worth)
        return worth + self.margin(leader ^ lead, follower ^ reply, alpha - worth,
                                   beta - worth)
