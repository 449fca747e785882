"""What both phases of an NLK game share: the saved fields and the small helpers.

The :class:`~rules.nlk.state.State` is put together from one mixin per concern
(:mod:`.deal`, :mod:`.piles`, :mod:`.shedding`, :mod:`.scoring`), all built on
:class:`NLKBase`. A mixin calls into a later one through the stubs declared here.
"""

from __future__ import annotations

from typing import ClassVar

from tapete.rules.cards import Card, Family, Suit
from tapete.rules.engine import Action, DeckSource, Event
from tapete.rules.errors import Common, IllegalAction
from tapete.rules.nlk.options import ACE, FAMILY, Options, Phase, lowest_rank
from tapete.rules.nlk.refusals import NLKRefusal
from tapete.rules.snapshot import Snapshot
from tapete.rules.tricks import seats_from


class NLKBase(Snapshot):
    """The fields of an NLK session (all saved) and what every phase uses."""

    family: ClassVar[Family] = FAMILY
    SAVED: ClassVar[tuple[str, ...]] = (
        "options", "players", "source", "game_no", "games_played", "losses", "last_loser",
        "dealer", "phase", "turn", "piles", "baceta", "drawn", "trump_card", "hands", "trick",
        "out", "tricks_turned",
    )

    options: Options
    players: int
    source: DeckSource
    game_no: int  # the game in progress, from 1
    games_played: int
    losses: list[int]  # games lost per seat over the session
    last_loser: int | None
    dealer: int
    phase: Phase
    turn: int
    piles: list[list[Card]]  # Phase I: bottom to top (empty lists in Phase II)
    baceta: list[Card]  # top first
    drawn: Card | None  # Phase I: the card drawn by the player to act, not placed yet
    trump_card: Card | None  # the last card of the baceta, once drawn
    hands: list[list[Card]]  # Phase II, each in HAND_ORDER (empty lists in Phase I)
    trick: list[tuple[int, Card]]  # Phase II: (seat, card), bottom to top
    out: list[int]  # Phase II: the seats out of cards, in the order they went out
    tricks_turned: int
    initial_events: list[Event]  # the first deal's events (not saved)

    _legal: list[Action] | None  # the legal actions of the seat to act (not saved)

    def _loaded(self) -> None:
        self.initial_events = []
        self._legal = None

    # ------------------------------------------------------------------ shared facts

    @property
    def lowest(self) -> int:
        return lowest_rank(self.players)

    @property
    def trump(self) -> Suit | None:
        return self.trump_card.suit if self.trump_card is not None else None

    def _below(self, rank: int) -> int:
        """The rank one below ``rank``: a card of ``rank`` goes on a top of this rank. The
        ranks wrap: the lowest rank of the deck follows the ace."""
        return ACE if rank == self.lowest else rank - 1

    def _others(self, seat: int) -> tuple[int, ...]:
        """The other seats, in order of play from the one after ``seat``."""
        return seats_from(seat + 1, self.players)[:-1]

    def _next_holder(self, seat: int) -> int:
        """The first seat after ``seat``, in order of play, that holds cards (Phase II)."""
        hands = self.hands
        return next(s for s in self._others(seat) if hands[s])

    def _holders(self) -> int:
        return sum(1 for hand in self.hands if hand)

    # ------------------------------------------------------------------ refusals

    @staticmethod
    def _no_args(act: Action) -> None:
        if act.args:
            raise IllegalAction(Common.NO_ARGUMENTS, verb=act.verb)

    def _seat_arg(self, seat: int, act: Action) -> int:
        """The seat named by ``move``/``give``: a number 0..players-1, another seat."""
        if not act.args:
            raise IllegalAction(NLKRefusal.MISSING_SEAT, verb=act.verb)
        text = act.args[0]
        if len(act.args) > 1 or not (text.isascii() and text.isdigit()) \
                or int(text) >= self.players:
            raise IllegalAction(NLKRefusal.BAD_SEAT, text=" ".join(act.args),
                                last=self.players - 1)
        return int(text)

    # ------------------------------------------------------------------ later phases

    def _start_game(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _start_shedding(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _lose(self, loser: int, events: list[Event]) -> None:
        raise NotImplementedError
