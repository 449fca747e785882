"""The tricks: legal plays (and why a card is refused), announcements before a player's first
card, belote and rebelote, and the combinations shown when the first trick ends."""

from __future__ import annotations

from tapete.rules.belote.bidding import BiddingMixin
from tapete.rules.belote.combos import (
    Combo,
    announceable,
    combinations,
    judge,
    public_name,
    strength,
)
from tapete.rules.belote.events import (
    Announced,
    BeloteDeclared,
    CombinationShown,
    RebeloteDeclared,
)
from tapete.rules.belote.options import (
    ANNOUNCE,
    BELOTE,
    BELOTE_CARDS,
    NAME_CHOICES,
    PAIRS_POLICY,
    PLAY,
    POLICY,
    RANKING,
    SWAP_CHOICES,
    TAKE_CHOICES,
    card_points,
)
from tapete.rules.cards import Card, Suit
from tapete.rules.engine import Action, Event
from tapete.rules.tricks import (
    PLAYED_BY,
    Obligation,
    Trick,
    TrickWon,
    legal_cards_why,
    trick_winner,
)


class PlayMixin(BiddingMixin):
    # ------------------------------------------------------------------ what is legal

    def _playable(self, seat: int) -> tuple[list[Card], tuple[Obligation, Suit] | None]:
        plays = self.trick.plays
        partner_winning = False
        pairs = self.options.parejas
        if pairs and len(plays) >= 2:  # the partner has played in this trick
            winner = trick_winner(plays, self.trump, RANKING)
            partner_winning = (winner - seat) % 2 == 0
        return legal_cards_why(
            self.hands[seat], plays, self.trump, RANKING, PAIRS_POLICY if pairs else POLICY,
            partner_winning,
        )

    def _in_first_trick(self) -> bool:
        return self.phase == "play" and not any(self.tricks_won)

    def _has_announced(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.announcements)

    def _best_announced(self) -> tuple[int, int, int, int] | None:
        trump = self.trump
        assert trump is not None
        return max((strength(c, trump) for _, c in self.announcements), default=None)

    def _announceable(self, seat: int) -> list[Combo]:
        """What ``announce`` would declare now: the seat's combinations better than the best
        one already announced (equal ones too with ``none_or_split``: see
        :func:`~rules.belote.combos.may_announce`), strongest first; empty once it has
        announced."""
        trump = self.trump
        if trump is None or self._has_announced(seat):
            return []
        found = combinations(self.hands[seat], trump)
        if not found:
            return []
        return announceable(found, self._best_announced(), trump, self.options.empate_escalera)

    def _compute_legal(self) -> list[Action]:
        """Bidding: ``take``, ``pass`` / every other suit's ``name``, ``pass``. Swap: ``swap``,
        ``pass``. Play: the legal cards in hand order, then ``announce`` when allowed."""
        if self.result is not None:
            return []
        phase = self.phase
        if phase == "bid1":
            return list(TAKE_CHOICES)
        if phase == "bid2":
            return list(NAME_CHOICES[self.turned.suit])  # type: ignore[index]
        if phase == "swap":
            return list(SWAP_CHOICES)
        trick = self.trick
        seat = (trick.leader + len(trick.plays)) % self.players
        cards = self._playable(seat)[0] if trick.plays else self.hands[seat]
        actions = list(map(PLAY.__getitem__, cards))
        if not any(self.tricks_won) and self._announceable(seat):
            actions.append(ANNOUNCE)
        return actions

    # ------------------------------------------------------------------ moves

    def _announce(self, seat: int) -> list[Event]:
        events: list[Event] = []
        for combo in self._announceable(seat):
            self.announcements.append((seat, combo))
            events.append(Announced(seat, *public_name(combo)))
        return events

    def _play(self, seat: int, card: Card) -> list[Event]:
        events: list[Event] = [PLAYED_BY[seat][card]]
        trump = self.trump
        assert trump is not None
        hand = self.hands[seat]
        king, queen = BELOTE_CARDS[trump]
        if card is king or card is queen:
            if self.belote is None:
                if (queen if card is king else king) in hand:
                    self.belote = seat
                    events.append(BeloteDeclared(seat, card))
            elif self.belote == seat and not self.rebelote:
                self.rebelote = True
                events.append(RebeloteDeclared(seat, card, BELOTE))
        hand.remove(card)
        plays = self.trick.plays
        plays.append((seat, card))
        if len(plays) < self.players:
            return events
        winner = trick_winner(plays, trump, RANKING)
        cards = tuple(c for _, c in plays)
        self.won[winner] += card_points(cards, trump)
        self.tricks_won[winner] += 1
        self.tricks.append(tuple(plays))
        self.trick = Trick(winner)
        done = not hand
        number = sum(self.tricks_won)
        events.append(TrickWon(winner, number, cards, done))
        if number == 1 and self.announcements:
            events += self._show()
        if done:
            events += self._end_hand()
        return events

    def _show(self) -> list[Event]:
        """The first trick is over: every announced combination is shown and judged."""
        assert self.trump is not None
        self.judged = judge(self.announcements, self.trump, self._sides_of_seats(),
                            self.players, self.options.empate_escalera)
        return [CombinationShown(seat, combo, points, reason)
                for (seat, combo), (points, reason) in zip(self.announcements, self.judged,
                                                           strict=True)]
