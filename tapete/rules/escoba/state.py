"""The Escoba match: the engine protocol over the mixins."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tapete.rules.cards import Card
from tapete.rules.engine import Action, DeckSource, Event, as_action
from tapete.rules.errors import GameOver, NotYourTurn
from tapete.rules.escoba.deal import DealMixin
from tapete.rules.escoba.events import EscobaView, PendingRenuncio
from tapete.rules.escoba.options import Options, canonical
from tapete.rules.escoba.play import PlayMixin
from tapete.rules.escoba.scoring import ScoringMixin


class State(DealMixin, PlayMixin, ScoringMixin):
    """A whole Escoba match: hands one after another until a side wins."""

    def __init__(self, options: Options, players: int, source: DeckSource) -> None:
        self.options = options
        self.captura = options.captura
        self.players = players
        self.source = source
        self.hand_number = 0
        self.round = 0
        self.dealer = 0
        self.deck = []
        self.hands = [[] for _ in range(players)]
        self.table = []
        self.captured = [[] for _ in range(players)]
        self.escobas = [0] * players
        self.last_capturer = None
        self.turn = None
        self.pending = None
        self.scores = [0] * self.sides
        self.history = []
        self.winners = None
        self.unswept = [0] * players
        self.is_over = False
        self.initial_events = []
        self._legal = self._moves = self._claims = None

    # ------------------------------------------------------------------ protocol

    def legal_actions(self) -> list[Action]:
        if self.turn is None:
            return []
        legal = self._legal
        if legal is None:
            legal = self._compute_legal(self.turn)
        return list(legal)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if self.turn is None:
            raise GameOver()
        if seat != self.turn:
            raise NotYourTurn()
        legal = self._legal
        if legal is None:
            legal = self._compute_legal(seat)
        assert self._moves is not None
        for i, candidate in enumerate(legal):  # noqa: B007 (one handed out: known by identity)
            if candidate is action:
                break
        else:  # another spelling, or no legal action
            act = as_action(action)
            if act not in legal:
                act = self._normalise(act)
                if act not in legal:
                    raise self._refusal(seat, act)
            i = legal.index(act)
        verb, card, taken, could = self._moves[i]
        self._legal = self._moves = self._claims = None
        events: list[Event] = []
        if verb == "claim":
            self._claim(seat, taken, events)
        elif verb == "pass":
            self._decline(seat, events)
            self._finish_hand(events)
        else:
            assert card is not None
            if self.pending is not None:
                self._decline(seat, events)
            self._note_unswept(seat, card, len(taken))
            if verb == "capture":
                self._capture(seat, card, taken, events)
            else:
                self._lay(seat, card, could, events)
            self._advance(seat, events)
        return events

    def view(self, seat: int | None) -> EscobaView:
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"There is no seat {seat} at this table.")
        pending = None
        if self.pending is not None and self.turn is not None:
            pending = PendingRenuncio(offender=self.pending.offender, claimant=self.turn,
                                      card=self.pending.card, sets=tuple(self._claim_sets()))
        return EscobaView(
            seat=seat,
            hand=canonical(self.hands[seat]) if seat is not None else (),
            to_act=self.turn,
            legal=tuple(str(a) for a in self.legal_actions()) if seat == self.turn else (),
            dealer=self.dealer,
            mano=self.mano,
            hand_number=self.hand_number,
            table=tuple(self.table),
            deck_count=len(self.deck),
            hand_sizes=tuple(len(h) for h in self.hands),
            captured_counts=tuple(self.per_side([len(p) for p in self.captured])),
            escobas=tuple(self.per_side(self.escobas)),
            scores=tuple(self.scores),
            last_capturer=self.last_capturer,
            renuncio=pending,
            players=self.players,
            parejas=self.options.parejas,
            captura=self.options.captura,
            objetivo=self.options.objetivo,
            is_over=self.is_over,
            winners=self.winners or (),
        )


def new_game(
    options: Options,
    players: int,
    *,
    seed: int | None = None,
    decks: Iterable[Sequence[Card]] = (),
) -> State:
    """A new match; seat 0 deals the first hand. ``decks``: scripted orders, top card first."""
    if players not in options.player_counts():
        raise ValueError(
            f"Escoba {'in pairs ' if options.parejas else ''}is played by "
            f"{' or '.join(map(str, options.player_counts()))} players, not {players}."
        )
    state = State(options, players, DeckSource(seed, decks))
    state._start_hand(state.initial_events)
    return state
