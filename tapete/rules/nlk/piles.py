"""Phase I: building the piles (moves before drawing, draws, gifts, and the keep that ends
a turn). Everything here happens face up."""

from __future__ import annotations

from tapete.rules.cards import Card
from tapete.rules.engine import Action, Event
from tapete.rules.errors import IllegalAction
from tapete.rules.nlk.base import NLKBase
from tapete.rules.nlk.events import CardDrawn, CardGiven, CardKept, CardMoved, TrumpFixed
from tapete.rules.nlk.options import DRAW, GIVE, KEEP, MOVE
from tapete.rules.nlk.refusals import NLKRefusal


class PilesMixin(NLKBase):
    # ------------------------------------------------------------------ legal moves

    def _targets(self, seat: int, card: Card) -> list[int]:
        """The other piles ``card`` may go on (not empty, top one rank below it), in order of
        play from the seat after ``seat``."""
        below = self._below(card.rank)
        piles = self.piles
        return [t for t in self._others(seat) if piles[t] and piles[t][-1].rank == below]

    def _pile_actions(self, seat: int) -> list[Action]:
        """Before drawing: every move of the own top card, then ``draw``. After drawing:
        every gift of the drawn card, then ``keep``."""
        if self.drawn is not None:
            return [*(GIVE[t] for t in self._targets(seat, self.drawn)), KEEP]
        own = self.piles[seat]
        if not own:
            return [DRAW]
        return [*(MOVE[t] for t in self._targets(seat, own[-1])), DRAW]

    # ------------------------------------------------------------------ checks

    def _check_pile_move(self, seat: int, act: Action) -> Action:
        """The canonical form of a Phase I action, or the refusal that says what is wrong."""
        verb = act.verb
        if self.phase != "piles":
            raise IllegalAction(NLKRefusal.PILES_OVER)
        if verb == "draw":
            self._no_args(act)
            if self.drawn is not None:
                raise IllegalAction(NLKRefusal.ALREADY_DREW, card=self.drawn)
            return DRAW
        if verb == "keep":
            self._no_args(act)
            if self.drawn is None:
                raise IllegalAction(NLKRefusal.DRAW_FIRST)
            return KEEP
        if verb == "move":
            if self.drawn is not None:
                raise IllegalAction(NLKRefusal.MOVE_AFTER_DRAW)
            target = self._seat_arg(seat, act)
            if target == seat:
                raise IllegalAction(NLKRefusal.MOVE_TO_OWN)
            if not self.piles[seat]:
                raise IllegalAction(NLKRefusal.OWN_PILE_EMPTY)
            self._check_target(self.piles[seat][-1], target)
            return MOVE[target]
        # give
        if self.drawn is None:
            raise IllegalAction(NLKRefusal.DRAW_FIRST)
        target = self._seat_arg(seat, act)
        if target == seat:
            raise IllegalAction(NLKRefusal.GIVE_TO_OWN)
        self._check_target(self.drawn, target)
        return GIVE[target]

    def _check_target(self, card: Card, target: int) -> None:
        pile = self.piles[target]
        if not pile:
            raise IllegalAction(NLKRefusal.EMPTY_PILE, to=target)
        if pile[-1].rank != self._below(card.rank):
            raise IllegalAction(NLKRefusal.NOT_ONE_ABOVE, card=card, top=pile[-1], to=target)

    # ------------------------------------------------------------------ moves

    def _on_pile_move(self, seat: int, act: Action, events: list[Event]) -> None:
        """Carry out a legal Phase I action."""
        verb = act.verb
        if verb == "move":
            target = int(act.args[0])
            card = self.piles[seat].pop()
            self.piles[target].append(card)
            events.append(CardMoved(seat, target, card))
        elif verb == "draw":
            self._draw(seat, events)
        elif verb == "give":
            target = int(act.args[0])
            card = self._take_drawn()
            self.piles[target].append(card)
            events.append(CardGiven(seat, target, card))
            if self.baceta:
                self._draw(seat, events)  # "put it there and draw again"
            else:
                self._start_shedding(events)
        else:  # keep
            card = self._take_drawn()
            self.piles[seat].append(card)
            events.append(CardKept(seat, card))
            if self.baceta:
                self.turn = (seat + 1) % self.players
            else:
                self._start_shedding(events)

    def _draw(self, seat: int, events: list[Event]) -> None:
        card = self.drawn = self.baceta.pop(0)
        events.append(CardDrawn(seat, card, len(self.baceta)))
        if not self.baceta:
            self.trump_card = card
            events.append(TrumpFixed(seat, card, card.suit))

    def _take_drawn(self) -> Card:
        card = self.drawn
        assert card is not None
        self.drawn = None
        return card
