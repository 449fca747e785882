"""What every phase of a Tomate hand shares: the saved fields and the small helpers.

The :class:`~rules.tomate.state.State` is put together from one mixin per phase
(:mod:`.deal`, :mod:`.bidding`, :mod:`.play`, :mod:`.scoring`), all built on
:class:`TomateBase`. A mixin calls into a later phase through the stubs declared here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from tapete.rules.cards import Card, Family, Suit
from tapete.rules.engine import Action, DeckSource, Event
from tapete.rules.errors import Common, IllegalAction
from tapete.rules.snapshot import Snapshot
from tapete.rules.tomate.events import HandScored, TantosMoved
from tapete.rules.tomate.options import (
    ACCOUNT_SEATS,
    FAMILY,
    SEAT_ACCOUNTS,
    Options,
    Outcome,
    Phase,
    Status,
)
from tapete.rules.tomate.refusals import TomateRefusal
from tapete.rules.tricks import Obligation, Ranking, Trick, seats_from

VERB_NAMES = ("take", "pass", "discard", "stay", "baceta", "exchange", "play")
IN_PLAY = ("in", "baceta")  # the statuses of a seat that plays the hand

# The refusal of a known verb said at the wrong moment (``take``, ``pass`` and ``exchange``
# depend on more than the verb: see :meth:`TomateBase._wrong`).
_OUT_OF_PHASE = {
    "stay": TomateRefusal.NOT_SPEAKING,
    "baceta": TomateRefusal.NO_BACETA_OFFER,
    "exchange": TomateRefusal.NOT_EXCHANGING,
    "play": TomateRefusal.NO_TRICKS_YET,
    "discard": TomateRefusal.DISCARD_ONLY_AFTER_TAKE,
}


def seat_account(seat: int) -> str:
    return SEAT_ACCOUNTS[seat]


class TomateBase(Snapshot):
    """The fields of a Tomate session (all saved) and what every phase uses."""

    family: ClassVar[Family] = FAMILY
    SAVED: ClassVar[tuple[str, ...]] = (
        "options", "players", "source", "plato", "reserva", "nets", "hand_no",
        "hands_played", "dealer", "phase", "turn", "hands", "pinta", "took", "baceta", "out",
        "status", "queue", "baceta_player", "exchanged", "trick", "tricks", "tricks_won",
        "hand_net", "hand_plato_delta", "hand_reserva_delta", "last_hand",
    )

    options: Options
    players: int
    source: DeckSource
    plato: int  # the engine's copy of the server's pot (see ``sync_pot``)
    reserva: int
    nets: list[int]  # net tantos per seat over the session
    hand_no: int  # the hand in progress, from 1
    hands_played: int
    dealer: int
    phase: Phase
    turn: int | None
    hands: list[list[Card]]  # in the order received (the pinta last for a dealer who took)
    pinta: Card
    took: bool  # the dealer took the pinta
    baceta: list[Card]  # top first
    out: list[Card]  # cards out of play this hand (passed hands, exchanged cards)
    status: list[Status]
    queue: list[int]  # the seats still to decide in this phase, in order
    baceta_player: int | None
    exchanged: list[int | None]  # cards exchanged per seat (mosca); None = not (yet)
    trick: Trick
    tricks: list[tuple[int, tuple[tuple[int, Card], ...]]]  # (winner, plays) per trick
    tricks_won: list[int]
    hand_net: list[int]  # per seat over this hand
    hand_plato_delta: int
    hand_reserva_delta: int
    last_hand: HandScored | None
    initial_events: list[Event]  # the first deal's events (not saved)
    # derived, not saved: read often enough to be kept as plain attributes
    is_over: bool  # the phase is "over"
    cards_each: int  # the options' cards per hand
    ranking: Ranking  # the options' card order (a pydantic model's attributes cost more)
    blind: bool  # the variante is a ciegas
    panfilo: bool  # the variante is pánfilo
    mesa: bool  # the baceta mode is mesa
    tope: int  # the options' tope
    manos: int | None  # the options' manos
    reserva_por_mano: int | None  # the options' reserva_por_mano
    _after: tuple[int, ...]  # the seats in order of play from the first after the dealer

    _legal: Sequence[Action] | None  # the exchanges offered, until the next move (not saved)
    _cards: tuple[list[Card], tuple[Obligation, Suit] | None] | None
    _next: dict[int, int] | None  # the tricks: the seat that plays after each (not saved)
    # What each account may still receive and pay during the move being applied before it
    # reaches the bank's limit (``sync_pot``); None: no limit. Not saved: one move's worth.
    _room: dict[str, list[int]] | None

    def _loaded(self) -> None:
        self.initial_events = []
        self.is_over = self.phase == "over"
        self._read_options()
        self._after = seats_from(self.dealer + 1, self.players)
        self._legal = self._cards = self._next = self._room = None

    def _read_options(self) -> None:
        options = self.options
        self.cards_each = options.cards_each
        self.ranking = options.ranking
        self.blind = options.variante == "a_ciegas"
        self.panfilo = options.variante == "panfilo"
        self.mesa = options.baceta == "mesa"
        self.tope = options.tope
        self.manos = options.manos
        self.reserva_por_mano = options.reserva_por_mano

    # ------------------------------------------------------------------ shared facts

    @property
    def trump(self) -> Suit:
        return self.pinta.suit

    def _order_from(self, start: int) -> tuple[int, ...]:
        return seats_from(start, self.players)

    def _is_in(self, seat: int) -> bool:
        return self.status[seat] in IN_PLAY

    def _participants(self) -> list[int]:
        """The seats playing this hand, in order of play from the first after the dealer."""
        status = self.status
        return [s for s in self._after if status[s] in IN_PLAY]

    # ------------------------------------------------------------------ tantos

    def _fit(self, source: str, target: str, amount: int, *, peek: bool = False) -> int:
        """How much of a payment of ``amount`` from ``source`` to ``target`` is made: all of
        it, unless that would take one of the accounts beyond the bank's limit; then only
        what fits, the rest staying where it is (docs/rules/*/tomate.md, "The bank's
        limit"). The room used is taken from both accounts, unless ``peek``."""
        room = self._room
        if room is None or amount <= 0:
            return amount
        paying, taking = room.get(source), room.get(target)
        if paying is not None:
            amount = min(amount, paying[1])
        if taking is not None:
            amount = min(amount, taking[0])
        amount = max(amount, 0)
        if not peek:
            if paying is not None:  # what an account pays it may receive back, and so on
                paying[0] += amount
                paying[1] -= amount
            if taking is not None:
                taking[0] -= amount
                taking[1] += amount
        return amount

    def _move(
        self, source: str, target: str, amount: int, reason: str, events: list[Event]
    ) -> None:
        """Move tantos between accounts (``plato``, ``reserva``, ``seat:<n>``); 0 is no move."""
        amount = self._fit(source, target, amount)
        if amount <= 0:
            return
        self._credit(source, -amount)
        self._credit(target, amount)
        events.append(TantosMoved(source, target, amount, reason))

    def _pay_seat(self, seat: int, amount: int, reason: str, events: list[Event]) -> None:
        """``_move`` from the plato to a seat, the common case (trick shares, wins) spelled out."""
        amount = self._fit("plato", SEAT_ACCOUNTS[seat], amount)
        if amount <= 0:
            return
        self.plato -= amount
        self.hand_plato_delta -= amount
        self.hand_net[seat] += amount
        self.nets[seat] += amount
        events.append(TantosMoved("plato", SEAT_ACCOUNTS[seat], amount, reason))

    def _credit(self, account: str, amount: int) -> None:
        """Add ``amount`` (negative: take it) to an account and to this hand's tally of it."""
        if account == "plato":
            self.plato += amount
            self.hand_plato_delta += amount
        elif account == "reserva":
            self.reserva += amount
            self.hand_reserva_delta += amount
        else:
            seat = ACCOUNT_SEATS[account]
            self.hand_net[seat] += amount
            self.nets[seat] += amount

    # ------------------------------------------------------------------ refusals

    @staticmethod
    def _no_args(act: Action) -> None:
        if act.args:
            raise IllegalAction(Common.NO_ARGUMENTS, verb=act.verb)

    def _wrong(self, seat: int, act: Action) -> IllegalAction:
        """The refusal of a verb that does not fit the current phase."""
        hint = {"phase": self.phase, "size": self.cards_each}
        verb = act.verb
        if verb not in VERB_NAMES:
            return IllegalAction(Common.UNKNOWN_ACTION, text=str(act), **hint)
        if verb == "take":
            code = (
                TomateRefusal.ONLY_DEALER_TAKES
                if seat != self.dealer
                else TomateRefusal.TOO_LATE_TO_TAKE
            )
        elif verb == "exchange" and self.cards_each == 3:
            code = TomateRefusal.NO_EXCHANGE_IN_VARIANT
        elif verb == "pass":
            code = (
                TomateRefusal.MUST_DISCARD
                if self.phase == "discard"
                else TomateRefusal.CANNOT_PASS
            )
        else:
            code = _OUT_OF_PHASE[verb]
        return IllegalAction(code, **hint)

    # ------------------------------------------------------------------ later phases

    def _start_hand(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _begin_speak(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _begin_exchanges(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _begin_play(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _next_seats(self) -> dict[int, int]:
        raise NotImplementedError

    def _unopposed(self, seat: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _settle(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _end_hand(
        self, outcome: Outcome, winner: int | None, tomates: tuple[int, ...], events: list[Event]
    ) -> None:
        raise NotImplementedError
