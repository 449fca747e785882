"""What every phase of a Tute match shares: the saved fields and the small helpers.

The :class:`~rules.tute.state.State` is put together from one mixin per concern
(:mod:`.deal`, :mod:`.play`, :mod:`.cantes`, :mod:`.scoring`), all built on :class:`TuteBase`.
A mixin calls into another through the stubs declared here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tapete.rules.cards import Card, Family, SpanishSuit
from tapete.rules.engine import DeckSource, Event, Result
from tapete.rules.snapshot import Records, Snapshot, Upgrade
from tapete.rules.tricks import SidesMixin, Trick
from tapete.rules.tute.bits import SUIT_INDEX, mask_of
from tapete.rules.tute.events import CanteSung, HandDealt
from tapete.rules.tute.options import FAMILY, Modalidad, Options


def upgrade_tute_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Layout 2 keeps the cards taken by a swap this hand and who took each (``swapped_in``),
    which the CPU players read as cards held. A hand saved by layout 1 starts with none
    noted: a swap made before the save is forgotten, nothing else changes."""
    return {**data, "swapped_in": []}


class TuteBase(SidesMixin, Snapshot):
    """The fields of a Tute match (all saved but ``initial_events``) and shared facts."""

    family: ClassVar[Family] = FAMILY
    APPEND_ONLY: ClassVar[tuple[str, ...]] = ("history",)  # one record per hand, kept
    SAVED: ClassVar[tuple[str, ...]] = (
        "options", "players", "source", "hand_number", "dealer", "juegos", "history", "result",
        "hands", "baceta", "turned", "out_of_play", "trick", "taken", "tricks_won",
        "trick_winners", "last_trick", "cantes", "sung", "sang", "swapped", "swapped_seats",
        "capote_pending", "capote", "swapped_in",
    )
    UPGRADES: ClassVar[tuple[Upgrade, ...]] = (upgrade_tute_v1_to_v2,)
    SAVED_BY_HOOK: ClassVar[tuple[str, ...]] = ("result",)  # see _saved_value

    options: Options
    players: int
    source: DeckSource
    hand_number: int
    dealer: int
    juegos: list[int]  # per side
    history: Records  # one entry per hand (the result's summary)
    result: Result | None
    # the hand in progress
    hands: list[list[Card]]  # each kept in ``sort_key`` order
    baceta: list[Card]  # top first; in habanero the turned card is the last one
    turned: Card
    out_of_play: list[Card]
    trick: Trick
    taken: list[list[Card]]  # cards won, per seat
    tricks_won: list[int]
    trick_winners: list[int]  # the winner of each trick of the hand, in order
    last_trick: list[tuple[int, Card]]
    cantes: list[tuple[int, str, int]]  # (seat, suit letter, value)
    sung: list[SpanishSuit]  # suits sung this hand (a list: a stable order when saved)
    sang: bool  # habanero: the leader already sang since winning the last trick
    swapped: bool  # habanero: the leader already swapped since winning the last trick
    swapped_seats: list[int]  # arrastrado: seats that swapped in the first trick
    # each swap of the hand as (seat, the card it took): public, so every seat knows where
    # that card lies until it is played
    swapped_in: list[tuple[int, Card]]
    capote_pending: list[int]  # habanero: the seats still to be asked about capote
    capote: int | None  # the capote declarer
    initial_events: list[Event]  # the first deal (not saved)
    # derived, not saved: read on every move, so kept as plain attributes
    modalidad: Modalidad  # the options' (a pydantic model's attributes cost more to read)
    pairs: bool  # the modalidad is parejas
    tute_enabled: bool  # the options': a tute wins the match
    to_act: int | None  # the seat whose decision is awaited (``_seat_to_act``)
    trump_index: int  # the trump suit's place in ``SUITS`` (the turned card's suit)
    is_over: bool  # a result is in
    _playable_mask: int | None  # the cards ``legal_actions`` allows (bits), until the next move
    _masks: list[int]  # each hand as a bitmask (:mod:`.bits`; derived from ``hands``)

    def _saved_value(self, name: str) -> Any:
        result = self.result
        if name == "result" and result is not None:  # its hands are rebuilt from the history
            summary = {k: v for k, v in result.summary.items() if k != "hands"}
            return Result(result.winners, result.scores, summary)
        return getattr(self, name)

    def _loaded(self) -> None:
        self._read_options()
        self.initial_events = []
        self._playable_mask = None
        self._masks = [mask_of(hand) for hand in self.hands]
        self.trump_index = SUIT_INDEX[self.trump]
        result = self.result
        if result is not None:
            self.result = Result(result.winners, result.scores,
                                 {**result.summary, "hands": self._summary_hands()})
        self.is_over = result is not None
        self.to_act = self._seat_to_act()

    def _read_options(self) -> None:
        options = self.options
        self.modalidad = options.modalidad
        self.pairs = options.modalidad == "parejas"
        self.tute_enabled = options.tute_enabled

    def _seat_to_act(self) -> int | None:
        """Whose decision is awaited: a capote answer, else the next card of the trick."""
        if self.result is not None:
            return None
        if self.capote_pending:
            return self.capote_pending[0]
        trick = self.trick
        return (trick.leader + len(trick.plays)) % self.players

    def _summary_hands(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    # ------------------------------------------------------------------ shared facts


    @property
    def trump(self) -> SpanishSuit:
        return self.turned.suit  # type: ignore[return-value]

    @property
    def mano(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def leader(self) -> int:
        return self.trick.leader

    # ------------------------------------------------------------------ other concerns

    def _deal(self) -> HandDealt:
        raise NotImplementedError

    def _record_cante(self, seat: int, suit: SpanishSuit) -> CanteSung:
        raise NotImplementedError

    def _automatic(self, winner: int) -> list[Event]:
        raise NotImplementedError

    def _tute_match(self, seat: int, rank: int) -> list[Event]:
        raise NotImplementedError

    def _end_hand(self, capote_winner: int | None) -> list[Event]:
        raise NotImplementedError
