"""The moves of a turn (capture, lay, claim a renuncio, let it lapse) and why one is refused.

``legal_actions`` decides what may be done; :meth:`PlayMixin._refusal` only explains an action
that is not among them, checking the same facts in the order a player would look at them.
"""

from __future__ import annotations

from collections.abc import Iterable

from tapete.rules.cards import Card, parse_card
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, IllegalAction
from tapete.rules.escoba.base import EscobaBase, Move, Pending
from tapete.rules.escoba.captures import capture_sets, table_sets
from tapete.rules.escoba.events import (
    CardCaptured,
    CardLaid,
    RenuncioClaimed,
    RenuncioDeclined,
    RenuncioOffered,
)
from tapete.rules.escoba.options import (
    FAMILY,
    FIFTEEN,
    ORDER,
    PASS,
    PLAY,
    VALUES,
    canonical,
    capture_action,
    value,
)
from tapete.rules.escoba.refusals import EscobaRefusal

VERB_NAMES = ("capture", "play", "claim", "pass")


class PlayMixin(EscobaBase):
    # ------------------------------------------------------------------ legal actions

    def _claim_sets(self) -> list[tuple[Card, ...]]:
        assert self.pending is not None
        if self._claims is None:
            card = self.pending.card
            self._claims = capture_sets(card, [c for c in self.table if c != card])
        return self._claims

    def _compute_legal(self, seat: int) -> list[Action]:
        """The legal actions (kept in ``_legal``) and what each does (kept in ``_moves``)."""
        hand = self.hands[seat]
        if len(hand) > 1:
            hand = sorted(hand, key=ORDER.__getitem__)
        actions: list[Action] = []
        moves: list[Move] = []
        if self.pending is not None:
            laid = self.pending.card
            for taken in self._claim_sets():
                actions.append(Action("claim", (str(laid), *map(str, taken))))
                moves.append(("claim", laid, taken, False))
            if not hand:
                actions.append(PASS)
                moves.append(("pass", None, (), False))
        table, by_total = table_sets(self.table)
        free = self.captura != "obligatoria"
        lays: list[tuple[Card, bool]] = []  # a card to lay, and whether it could capture
        for card in hand:
            sets = by_total.get(FIFTEEN - VALUES[card])
            if sets:
                for chosen in sets:
                    taken = tuple(map(table.__getitem__, chosen))
                    actions.append(capture_action((card, *taken)))
                    moves.append(("capture", card, taken, False))
                if free:
                    lays.append((card, True))
            else:
                lays.append((card, False))
        for card, could in lays:
            actions.append(PLAY[card])
            moves.append(("play", card, (), could))
        self._legal, self._moves = actions, moves
        return actions

    # ------------------------------------------------------------------ reading actions

    @staticmethod
    def _normalise(action: Action) -> Action:
        """Parse the cards of ``action`` and write them in canonical notation and order."""
        verb = action.verb.lower()
        if verb not in VERB_NAMES:
            return Action(verb, action.args)
        cards = [parse_card(text, FAMILY) for text in action.args]
        if verb in ("capture", "claim") and cards:
            cards = [cards[0], *canonical(cards[1:])]
        return Action(verb, tuple(str(c) for c in cards))

    def _refusal(self, seat: int, act: Action) -> IllegalAction:
        """Why a well-formed action (already normalised) is not legal now."""
        if act.verb not in VERB_NAMES:
            return IllegalAction(Common.UNKNOWN_ACTION, text=act.verb)
        hand = self.hands[seat]
        cards = [parse_card(text, FAMILY) for text in act.args]
        if act.verb == "pass":
            if act.args:
                return IllegalAction(Common.NO_ARGUMENTS, verb="pass")
            return IllegalAction(
                EscobaRefusal.NO_PASS if self.pending is None else EscobaRefusal.NO_PASS_CLAIM)
        if act.verb in ("play", "capture") and not hand:
            return IllegalAction(EscobaRefusal.HAND_EMPTY)
        if act.verb == "play":
            if len(cards) != 1:
                return IllegalAction(EscobaRefusal.PLAY_ONE_CARD)
            if cards[0] not in hand:
                return IllegalAction(Common.NOT_IN_HAND, card=cards[0])
            return IllegalAction(EscobaRefusal.MUST_CAPTURE, card=cards[0])
        if act.verb == "claim" and self.pending is None:
            return IllegalAction(EscobaRefusal.NO_RENUNCIO)
        if len(cards) < 2:
            return IllegalAction(EscobaRefusal.CLAIM_NEEDS_CARDS if act.verb == "claim"
                                 else EscobaRefusal.CAPTURE_NEEDS_CARDS)
        return self._set_refusal(act.verb, hand, cards[0], cards[1:])

    def _set_refusal(
        self, verb: str, hand: list[Card], card: Card, taken: list[Card]
    ) -> IllegalAction:
        """Why ``card`` with the table cards ``taken`` is no capture (or claim)."""
        if verb == "capture" and card not in hand:
            return IllegalAction(Common.NOT_IN_HAND, card=card)
        if verb == "claim":
            assert self.pending is not None
            if card != self.pending.card:
                return IllegalAction(EscobaRefusal.WRONG_RENUNCIO, expected=self.pending.card,
                                     card=card)
        if len({card, *taken}) != len(taken) + 1:
            return IllegalAction(EscobaRefusal.REPEATED_CARD)
        table = [c for c in self.table if c != card]
        missing = [c for c in taken if c not in table]
        if missing:
            return IllegalAction(EscobaRefusal.NOT_ON_TABLE, card=missing[0])
        total = value(card) + sum(map(value, taken))
        if total != FIFTEEN:
            return IllegalAction(EscobaRefusal.NOT_FIFTEEN, card=card, total=total)
        return IllegalAction(Common.NOT_NOW, text=" ".join((verb, str(card), *map(str, taken))))

    # ------------------------------------------------------------------ moves

    def _take(self, cards: Iterable[Card]) -> None:
        for card in cards:
            self.table.remove(card)

    def _note_unswept(self, seat: int, card: Card, taken: int) -> None:
        """Before ``seat`` plays ``card`` (taking ``taken`` table cards): if a card of another
        value would have swept the table and this play does not, note that value in
        ``unswept`` until the next deal. A public fact: the CPU players read it as cards that
        hand does not hold (:func:`rules.escoba.cpu.knowledge`)."""
        need = FIFTEEN - sum(VALUES[c] for c in self.table)
        if 1 <= need <= 10 and VALUES[card] != need and taken < len(self.table):
            unswept = list(self.unswept)  # a new list: sampled worlds may share the old one
            unswept[seat] |= 1 << need
            self.unswept = unswept

    def _capture(self, seat: int, card: Card, taken: tuple[Card, ...], events: list[Event]) -> None:
        self.hands[seat].remove(card)
        table = self.table
        for other in taken:
            table.remove(other)
        self.captured[seat] += [card, *taken]
        self.last_capturer = seat
        escoba = not self.table
        if escoba:
            self.escobas[seat] += 1
        events.append(CardCaptured(seat, card, taken, escoba))  # captured, escoba

    def _lay(self, seat: int, card: Card, could: bool, events: list[Event]) -> None:
        """Lay ``card``; ``could``: it would have made 15 with the table (a renuncio in castigo)."""
        self.hands[seat].remove(card)
        self.table.append(card)
        if could and self.captura == "castigo":
            self.pending = Pending(offender=seat, card=card)
        events.append(CardLaid(seat, card, could))  # could_capture

    def _claim(self, seat: int, taken: tuple[Card, ...], events: list[Event]) -> None:
        assert self.pending is not None
        card = self.pending.card
        self._take((card, *taken))
        self.captured[seat] += [card, *taken]
        self.last_capturer = seat
        events.append(
            RenuncioClaimed(seat=seat, offender=self.pending.offender, card=card, captured=taken)
        )
        self.pending = None
        if not self.hands[seat]:
            self._finish_hand(events)

    def _decline(self, seat: int, events: list[Event]) -> None:
        assert self.pending is not None
        pending, self.pending = self.pending, None
        events.append(RenuncioDeclined(seat=seat, offender=pending.offender, card=pending.card))

    def _advance(self, seat: int, events: list[Event]) -> None:
        """Pass the turn after ``seat`` played: re-deal or end the hand when hands are empty."""
        following = (seat + 1) % self.players
        if not any(self.hands):
            if self.deck:
                self._deal_round(events)
            elif self.pending is None:
                self._finish_hand(events)
                return
        self.turn = following
        if self.pending is not None:
            events.append(RenuncioOffered(seat=following, offender=self.pending.offender,
                                          card=self.pending.card))
