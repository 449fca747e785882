"""The Tomate session: the engine protocol over the phase mixins."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from tapete.rules.cards import Card
from tapete.rules.engine import Action, DeckSource, Event, as_action
from tapete.rules.errors import GameOver, NotYourTurn
from tapete.rules.tomate.bidding import BiddingMixin
from tapete.rules.tomate.deal import DealMixin
from tapete.rules.tomate.events import TomateView
from tapete.rules.tomate.options import CHOICES, DISCARDS, PANFILO, PLAY, Options
from tapete.rules.tomate.play import PlayMixin
from tapete.rules.tricks import Trick


class State(DealMixin, BiddingMixin, PlayMixin):
    """A Tomate session at one table: hands one after another.

    Public attributes a table may read: ``players``, ``options``, ``plato`` and ``reserva``
    (the engine's copy of the server's pot, see :meth:`sync_pot`), ``nets`` (net tantos per
    seat over the session), ``dealer``, ``phase``, ``hand_no`` (the hand in progress, from 1),
    ``hands_played`` and ``last_hand``. Everything else is for the engine and the tests.
    """

    # What is derived from the saved fields lives in slots, the saved fields in the instance
    # dict: CPython 3.11 keeps fast attribute and method look-ups only for instances with
    # fewer than 30 dict attributes (shared keys), and every move reads dozens of them.
    __slots__ = (
        "_after", "_cards", "_legal", "_next", "_room", "blind", "cards_each", "initial_events",
        "is_over", "manos", "mesa", "panfilo", "ranking", "reserva_por_mano", "tope",
    )

    def __init__(self, options: Options, players: int, source: DeckSource) -> None:
        self.options = options
        self.players = players
        self.source = source
        self.initial_events = []
        self.plato = 0
        self.reserva = 0
        self.nets = [0] * players
        self.hand_no = 0
        self.hands_played = 0
        self.dealer = 0
        self.phase = "tomo"
        self.turn = None
        self.hands = [[] for _ in range(players)]
        self.pinta = PANFILO
        self.took = False
        self.baceta = []
        self.out = []
        self.status = ["pending"] * players
        self.queue = []
        self.baceta_player = None
        self.exchanged = [None] * players
        self.trick = Trick(0)
        self.tricks = []
        self.tricks_won = [0] * players
        self.hand_net = [0] * players
        self.hand_plato_delta = 0
        self.hand_reserva_delta = 0
        self.last_hand = None
        self.is_over = False
        self._read_options()
        self._legal = self._cards = self._next = self._room = None

    # ------------------------------------------------------------------ protocol

    @property
    def to_act(self) -> int | None:
        return self.turn  # None once the session is over

    def sync_pot(
        self, plato: int, reserva: int, room: Mapping[str, tuple[int, int]] | None = None
    ) -> None:
        """Bring the engine's copy of the server's pot in line with the database.

        ``room``: for the next move only, how many tantos each account (``plato``,
        ``reserva``, ``seat:<n>``) may still receive and pay before the bank's limit; a
        payment of the rules that does not fit is cut to what fits (docs/rules/*/tomate.md,
        "The bank's limit"). Without it nothing is cut.
        """
        if plato < 0 or reserva < 0:
            raise ValueError("The plato and the reserva cannot be negative.")
        self.plato = plato
        self.reserva = reserva
        self._room = None if room is None else {
            account: [max(0, receive), max(0, pay)] for account, (receive, pay) in room.items()
        }

    def legal_actions(self) -> list[Action]:
        seat = self.turn
        if seat is None:  # the session is over
            return []
        phase = self.phase
        if phase == "play":  # the cards are kept for ``apply`` (``_cards``) until the move
            hand = self.hands[seat]
            if self.blind:  # the next card of the hand, and nothing to refuse it for
                self._cards = (hand[:1], None)
                return [PLAY[hand[0]]]
            return list(map(PLAY.__getitem__, self._playable(seat)[0]))
        if phase in CHOICES:
            return list(CHOICES[phase])
        if phase == "discard":
            return list(DISCARDS[: len(self.hands[seat])])
        legal = self._legal
        if legal is None:  # the exchanges, kept until the next move: there can be hundreds
            legal = self._legal = self._exchanges(seat)
        return list(legal)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if seat != self.turn or self.is_over:
            raise GameOver() if self.is_over else NotYourTurn()
        act = action if type(action) is Action else as_action(action)
        events: list[Event] = []
        try:
            HANDLERS[self.phase](self, seat, act, events)
        finally:
            self._room = None  # given for this move only, played or refused
        self._legal = self._cards = None  # a refused move raised above: the state is unchanged
        return events

    def view(self, seat: int | None) -> TomateView:
        own = seat is not None and 0 <= seat < self.players
        hidden = (
            not own
            or self.options.variante == "a_ciegas"
            or (seat == self.dealer and self.phase in ("tomo", "discard"))
        )
        hand = () if hidden or seat is None else tuple(self.hands[seat])
        legal = tuple(str(a) for a in self.legal_actions()) if own and seat == self.to_act else ()
        return TomateView(
            seat=seat if own else None,
            players=self.players,
            variante=self.options.variante,
            baceta_mode=self.options.baceta,
            hand=hand,
            hand_sizes=tuple(len(h) for h in self.hands),
            to_act=self.to_act,
            legal=legal,
            dealer=self.dealer,
            phase=self.phase,
            pinta=None if self.took else self.pinta,
            trump=self.trump,
            pinta_taken=self.took,
            taker=self.dealer if self.took else None,
            status=tuple(self.status),
            baceta_player=self.baceta_player,
            exchanged=tuple(self.exchanged),
            trick=tuple(self.trick.plays),
            last_trick=self.tricks[-1][1] if self.tricks else (),
            tricks_won=tuple(self.tricks_won),
            plato=self.plato,
            reserva=self.reserva,
            baceta=len(self.baceta),
            hand_number=self.hand_no,
            hands_played=self.hands_played,
            manos=self.options.manos,
            nets=tuple(self.nets),
            last_hand=self.last_hand,
            is_over=self.is_over,
        )


# The method that handles a move in each phase of a hand.
HANDLERS: dict[str, Callable[[State, int, Action, list[Event]], None]] = {
    "tomo": State._on_tomo,
    "discard": State._on_discard,
    "speak": State._on_speak,
    "baceta": State._on_baceta,
    "exchange": State._on_exchange,
    "play": State._on_play,
}


def new_game(
    options: Options,
    players: int,
    *,
    seed: int | None = None,
    decks: Iterable[Sequence[Card]] = (),
    plato: int = 0,
    reserva: int = 0,
    room: Mapping[str, tuple[int, int]] | None = None,
) -> State:
    """Start a session; seat 0 deals the first hand, which is dealt at once.

    ``plato`` and ``reserva`` are the server's pot when the table starts; ``room`` what its
    accounts may still move for that first deal (see :meth:`State.sync_pot`).
    """
    counts = options.player_counts()
    if players not in counts:
        raise ValueError(
            f"Tomate ({options.variante}) is played by {counts[0]} to {counts[-1]} players."
        )
    if plato < 0 or reserva < 0:
        raise ValueError("The plato and the reserva cannot be negative.")
    state = State(options, players, DeckSource(seed, decks))
    state.sync_pot(plato, reserva, room)
    events: list[Event] = []
    state._start_hand(events)
    state.initial_events = events
    state._room = None
    return state
