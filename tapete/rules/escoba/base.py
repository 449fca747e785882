"""What every part of an Escoba match shares: the saved fields and the facts derived from them.

The :class:`~rules.escoba.state.State` is put together from one mixin per concern
(:mod:`.deal`, :mod:`.play`, :mod:`.scoring`), all built on :class:`EscobaBase`. A mixin calls
into another through the stubs declared here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tapete.rules.cards import Card, Family
from tapete.rules.engine import Action, DeckSource, Event, Result
from tapete.rules.escoba.options import FAMILY, Captura, Options
from tapete.rules.snapshot import Records, Snapshot, Upgrade
from tapete.rules.tricks import side_of, sides


@dataclass(frozen=True)
class Pending:
    """A renuncio waiting for its claimant: ``offender`` laid ``card``, which could capture."""

    offender: int
    card: Card


# What a legal action does: its verb, the card played (or claimed), the table cards taken,
# and for a lay whether the card could have captured.
Move = tuple[str, Card | None, tuple[Card, ...], bool]


def upgrade_escoba_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Layout 2 keeps, per seat, the sweeps it let pass this round (``unswept``), which the
    CPU players read as cards it does not hold. A round saved by layout 1 starts with none
    noted: what was seen before the save is forgotten, nothing else changes."""
    return {**data, "unswept": [0] * data["players"]}


class EscobaBase(Snapshot):
    """The fields of an Escoba match (all saved but the caches and ``initial_events``)."""

    family: ClassVar[Family] = FAMILY
    APPEND_ONLY: ClassVar[tuple[str, ...]] = ("history",)  # one record per hand, kept
    SAVED: ClassVar[tuple[str, ...]] = (
        "options", "players", "source", "hand_number", "round", "dealer", "deck", "hands",
        "table", "captured", "escobas", "last_capturer", "turn", "pending", "scores", "history",
        "winners", "unswept",
    )
    UPGRADES: ClassVar[tuple[Upgrade, ...]] = (upgrade_escoba_v1_to_v2,)

    options: Options
    players: int
    source: DeckSource
    hand_number: int
    round: int  # deal of the hand in progress: 1 is the first, 2... the re-deals of 3 cards
    dealer: int
    deck: list[Card]  # top card first
    hands: list[list[Card]]  # in the order received
    table: list[Card]  # in the order the cards arrived
    captured: list[list[Card]]  # per seat, this hand
    escobas: list[int]  # per seat, this hand
    last_capturer: int | None
    turn: int | None
    pending: Pending | None
    scores: list[int]  # per side, the match
    history: Records  # one entry per hand (the result's summary)
    winners: tuple[int, ...] | None
    # per seat, this round (since the last deal of three): the values (bit v) of a card that
    # would have swept the table when the seat played something else; public, for the CPU
    unswept: list[int]
    initial_events: list[Event]  # the first deal (not saved)
    is_over: bool  # the winners are known (derived, not saved: read after every move)
    captura: Captura  # the options' (a pydantic model's attributes cost more to read)
    _legal: list[Action] | None  # caches cleared by every move (not saved)
    _moves: list[Move] | None  # what each legal action does, in the same order
    _claims: list[tuple[Card, ...]] | None

    def _loaded(self) -> None:
        self.initial_events = []
        self.is_over = self.winners is not None
        self.captura = self.options.captura
        self._legal = self._moves = self._claims = None

    # ------------------------------------------------------------------ shared facts

    @property
    def sides(self) -> int:
        """How many sides score: one per seat, or two pairs."""
        return len(sides(self.players, self.options.parejas))

    def side_of(self, seat: int) -> int:
        return side_of(seat, self.players, self.options.parejas)

    @property
    def to_act(self) -> int | None:
        return self.turn

    @property
    def result(self) -> Result | None:
        if self.winners is None:
            return None
        return Result(winners=self.winners, scores=tuple(self.scores), summary=self._summary())

    @property
    def mano(self) -> int:
        return (self.dealer + 1) % self.players

    def per_side(self, per_seat: list[int]) -> list[int]:
        """A per-seat count summed by side."""
        totals = [0] * self.sides
        for seat, count in enumerate(per_seat):
            totals[self.side_of(seat)] += count
        return totals

    # ------------------------------------------------------------------ across the mixins

    def _summary(self) -> dict[str, Any]:
        raise NotImplementedError

    def _start_hand(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _deal_round(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _finish_hand(self, events: list[Event]) -> None:
        raise NotImplementedError
