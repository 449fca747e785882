"""The NLK session: the engine protocol over the mixins."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tapete.rules.cards import Card
from tapete.rules.engine import Action, DeckSource, Event, among, as_action
from tapete.rules.errors import Common, GameOver, IllegalAction, NotYourTurn
from tapete.rules.nlk.deal import DealMixin
from tapete.rules.nlk.events import NLKView
from tapete.rules.nlk.options import MAX_PLAYERS, MIN_PLAYERS, Options
from tapete.rules.nlk.piles import PilesMixin
from tapete.rules.nlk.scoring import ScoringMixin
from tapete.rules.nlk.shedding import SheddingMixin

PILE_VERBS = frozenset({"move", "draw", "give", "keep"})
SHEDDING_VERBS = frozenset({"play", "take"})


class State(DealMixin, PilesMixin, SheddingMixin, ScoringMixin):
    """An NLK session at one table: games one after another, the loser dealing the next.

    Public attributes a table may read: ``players``, ``options``, ``phase``, ``dealer``,
    ``game_no`` (the game in progress, from 1), ``games_played``, ``losses`` (per seat) and
    ``last_loser``. Everything else is for the engine and the tests; the seats see the game
    through :meth:`view`.
    """

    def __init__(self, options: Options, players: int, source: DeckSource) -> None:
        self.options = options
        self.players = players
        self.source = source
        self.initial_events = []
        self.game_no = 0
        self.games_played = 0
        self.losses = [0] * players
        self.last_loser = None
        self.dealer = 0
        self.phase = "piles"
        self.turn = 1
        self.piles = [[] for _ in range(players)]
        self.baceta = []
        self.drawn = None
        self.trump_card = None
        self.hands = [[] for _ in range(players)]
        self.trick = []
        self.out = []
        self.tricks_turned = 0
        self._legal = None

    # ------------------------------------------------------------------ protocol

    @property
    def to_act(self) -> int | None:
        return None if self.phase == "over" else self.turn

    def legal_actions(self) -> list[Action]:
        if self.phase == "over":
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        if self.phase == "piles":
            return self._pile_actions(self.turn)
        return self._shedding_actions(self.turn)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if self.phase == "over":
            raise GameOver()
        if seat != self.turn:
            raise NotYourTurn()
        act = as_action(action)
        if self._legal is None:
            self._legal = self._compute_legal()
        if not among(act, self._legal):
            act = self._check(seat, act)  # raises the refusal; the state is unchanged
            if act not in self._legal:  # the check and the legal moves disagree: a bug
                raise IllegalAction(Common.NOT_NOW, text=str(act))
        self._legal = None
        events: list[Event] = []
        if act.verb in PILE_VERBS:
            self._on_pile_move(seat, act, events)
        else:
            self._on_shedding_move(seat, act, events)
        return events

    def _check(self, seat: int, act: Action) -> Action:
        """The canonical legal action ``act`` stands for, or the refusal saying why not."""
        if act.verb in PILE_VERBS:
            return self._check_pile_move(seat, act)
        if act.verb in SHEDDING_VERBS:
            return self._check_shedding_move(seat, act)
        raise IllegalAction(Common.UNKNOWN_ACTION, text=str(act))

    def view(self, seat: int | None) -> NLKView:
        own = seat is not None and 0 <= seat < self.players
        shedding = self.phase == "shedding"
        hand = tuple(self.hands[seat]) if own and seat is not None and shedding else ()
        legal = tuple(str(a) for a in self.legal_actions()) if own and seat == self.to_act else ()
        sizes = self.hands if shedding else self.piles
        return NLKView(
            seat=seat if own else None,
            players=self.players,
            phase=self.phase,
            hand=hand,
            hand_sizes=tuple(len(cards) for cards in sizes),
            to_act=self.to_act,
            legal=legal,
            dealer=self.dealer,
            tops=tuple(p[-1] if p else None for p in self.piles) if self.phase == "piles"
            else (),
            baceta=len(self.baceta),
            drawn=self.drawn,
            trump=self.trump,
            trump_card=self.trump_card,
            trick=tuple(self.trick),
            out=tuple(self.out),
            tricks_turned=self.tricks_turned,
            game_number=self.game_no,
            games_played=self.games_played,
            partidas=self.options.partidas,
            losses=tuple(self.losses),
            last_loser=self.last_loser,
            is_over=self.is_over,
        )


def new_game(
    options: Options, players: int, *, seed: int | None = None,
    decks: Iterable[Sequence[Card]] = (),
) -> State:
    """Start a session; seat 0 deals the first game, which is dealt at once."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"NLK is played by {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    state = State(options, players, DeckSource(seed, decks))
    events: list[Event] = []
    state._start_game(events)
    state.initial_events = events
    return state
