"""What every phase of a Belote match shares: the saved fields and the small helpers.

The :class:`~rules.belote.state.State` is put together from one mixin per concern
(:mod:`.deal`, :mod:`.bidding`, :mod:`.play`, :mod:`.scoring`), all built on
:class:`BeloteBase`. A mixin calls into another through the stubs declared here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tapete.rules.belote.combos import Combo
from tapete.rules.belote.events import HandDealt, HandScored
from tapete.rules.belote.options import BELOTE, DER, FAMILY, Options, Phase
from tapete.rules.cards import Card, Family, FrenchSuit, parse_card
from tapete.rules.engine import Action, DeckSource, Event, Result
from tapete.rules.snapshot import Records, Snapshot, Upgrade
from tapete.rules.tricks import SidesMixin, Trick


def upgrade_belote_v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Layout 2 keeps every finished trick of the hand (``tricks``), where layout 1 kept the
    last one (``last_trick``): a suit a player did not follow early in the hand stays known to
    the CPU players. A hand saved by layout 1 goes on knowing its last trick only."""
    data = dict(data)
    last = data.pop("last_trick")
    data["tricks"] = [last] if last else []
    return data


class BeloteBase(SidesMixin, Snapshot):
    """The fields of a Belote match (all saved but the caches) and shared facts."""

    family: ClassVar[Family] = FAMILY
    APPEND_ONLY: ClassVar[tuple[str, ...]] = ("history",)  # one record per hand, kept
    SAVED: ClassVar[tuple[str, ...]] = (
        "options", "players", "source", "hand_number", "dealer", "scores", "held", "history",
        "result", "last_record", "phase", "hands", "stock", "turned", "bottom", "trump", "taker",
        "speaker", "passes", "swap", "trick", "tricks_won", "won", "tricks",
        "announcements", "judged", "belote", "rebelote",
    )
    SAVED_BY_HOOK: ClassVar[tuple[str, ...]] = ("result", "last_record")  # see _saved_value
    UPGRADES: ClassVar[tuple[Upgrade, ...]] = (upgrade_belote_v1_to_v2,)

    options: Options
    players: int
    source: DeckSource
    hand_number: int  # deals so far in the match (a redeal is a new deal)
    dealer: int
    scores: list[int]  # match totals per side
    held: int  # litige points waiting for the next played hand
    history: Records  # one record per played hand
    result: Result | None
    last_hand: HandScored | None  # saved as ``last_record``, the fields it cannot rebuild
    last_record: list[Any] | None
    # the hand in progress
    phase: Phase
    hands: list[list[Card]]  # each kept in ``SORT_KEY`` order
    stock: list[Card]  # undealt cards, top first (2-3 players: out of play once dealt)
    turned: Card  # the card turned up; after a swap, the 7 given for it
    bottom: Card | None  # 2-3 players: the bottom card of the stock, shown once taken
    trump: FrenchSuit | None
    taker: int | None
    speaker: int  # who speaks while bidding, or decides the swap
    passes: int  # passes so far in the bidding round
    swap: tuple[int, Card] | None  # the seat that gave the 7 of trumps, and the card taken
    trick: Trick
    tricks_won: list[int]  # per seat
    won: list[int]  # the card points of the tricks each seat won
    tricks: list[tuple[tuple[int, Card], ...]]  # this hand's finished tricks, plays in order
    announcements: list[tuple[int, Combo]]  # (seat, combination), in announcement order
    judged: list[tuple[int, str]]  # points and reason of each, once the first trick is over
    belote: int | None  # the seat that said belote
    rebelote: bool
    initial_events: list[Event]  # the first deal (not saved)
    _legal: list[Action] | None  # cache of ``legal_actions`` (not saved)

    def _saved_value(self, name: str) -> Any:
        result = self.result
        if name == "result" and result is not None:  # its hands are rebuilt from the history
            summary = {k: v for k, v in result.summary.items() if k != "hands"}
            return Result(result.winners, result.scores, summary)
        if name == "last_record":
            return self._pack_last_hand()
        return getattr(self, name)

    def _loaded(self) -> None:
        self.initial_events = []
        self._legal = None
        self.last_hand = self._unpack_last_hand(self.last_record)
        del self.last_record
        result = self.result
        if result is not None:
            self.result = Result(result.winners, result.scores,
                                 {**result.summary, "hands": self._summary_hands()})

    def _pack_last_hand(self) -> list[Any] | None:
        """The last hand's summary without what can be worked out again: the points
        compared, the combinations per side and the match totals (still ``scores``)."""
        h = self.last_hand
        if h is None:
            return None
        combos = [[s, " ".join(map(str, cards)), p, r] for s, cards, p, r in h.combos]
        return [h.hand, h.taker, h.trump, h.outcome, list(h.card_points), h.der, h.belote,
                list(h.capote), list(h.scored), h.released, h.held, combos]

    def _unpack_last_hand(self, record: list[Any] | None) -> HandScored | None:
        if record is None:
            return None
        (hand, taker, trump, outcome, cards, der, belote, capote, scored, released, held,
         packed) = record
        combos = tuple((s, tuple(parse_card(c, FAMILY) for c in text.split()), p, r)
                       for s, text, p, r in packed)
        per_side = [0] * self._side_count()
        for s, _, p, _ in combos:
            per_side[self.side(s)] += p
        points = [c + k for c, k in zip(cards, per_side, strict=True)]
        points[self.side(der)] += DER
        if belote is not None:
            points[self.side(belote)] += BELOTE
        return HandScored(
            hand=hand, taker=taker, trump=trump, outcome=outcome, card_points=tuple(cards),
            der=der, combinations=tuple(per_side), belote=belote, points=tuple(points),
            capote=tuple(capote), scored=tuple(scored), released=released, held=held,
            totals=tuple(self.scores), combos=combos,
        )

    # ------------------------------------------------------------------ shared facts

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def last_trick(self) -> tuple[tuple[int, Card], ...]:
        """The plays of the hand's last finished trick (none yet: empty)."""
        return self.tricks[-1] if self.tricks else ()

    @property
    def mano(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def pairs(self) -> bool:
        return self.options.parejas

    def _sides_of_seats(self) -> tuple[int, ...]:
        return tuple(self.side(seat) for seat in range(self.players))

    # ------------------------------------------------------------------ other concerns

    def _deal(self) -> HandDealt:
        raise NotImplementedError

    def _start_play(self) -> list[Event]:
        raise NotImplementedError

    def _end_hand(self) -> list[Event]:
        raise NotImplementedError

    def _summary_hands(self) -> list[dict[str, Any]]:
        raise NotImplementedError
