"""The Tute match: the engine protocol over the mixins."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tapete.rules.cards import Card
from tapete.rules.engine import Action, DeckSource, Event, among, as_action
from tapete.rules.errors import Common, GameOver, IllegalAction, NotYourTurn
from tapete.rules.tricks import PLAYED_BY
from tapete.rules.tute.bits import BIT
from tapete.rules.tute.deal import DealMixin
from tapete.rules.tute.events import CapoteDeclared, CapotePassed, TuteView
from tapete.rules.tute.options import PLAY, PLAYED, SUIT_WORDS, Options, card_of
from tapete.rules.tute.play import PlayMixin
from tapete.rules.tute.refusals import TuteRefusal
from tapete.rules.tute.scoring import ScoringMixin

NO_ARGUMENT_VERBS = ("swap", "capote", "pass")


class State(DealMixin, PlayMixin, ScoringMixin):
    """A whole Tute match: hands one after another until a side wins.

    Public attributes a table may read: ``players``, ``options``, ``modalidad``,
    ``hand_number``, ``dealer``, ``juegos`` (per side) and ``result``. Everything else is for
    the engine and the tests; the seats see the game through :meth:`view`.
    """

    # What is derived from the saved fields lives in slots, the saved fields in the instance
    # dict: CPython 3.11 keeps fast attribute and method look-ups only for instances with
    # fewer than 30 dict attributes (shared keys), and every move reads dozens of them.
    __slots__ = (
        "_masks", "_playable_mask", "initial_events", "is_over", "modalidad", "pairs",
        "to_act", "trump_index", "tute_enabled",
    )

    def __init__(self, options: Options, players: int, source: DeckSource) -> None:
        self.options = options
        self._read_options()
        self.players = players
        self.source = source
        self.hand_number = 1
        self.dealer = 0
        self.juegos = [0] * self._side_count()
        self.history = []
        self.result = None
        self.is_over = False
        self._playable_mask = None
        self.initial_events = [self._deal()]
        self.to_act = self._seat_to_act()

    # ------------------------------------------------------------------ protocol

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if seat != self.to_act:
            raise GameOver() if self.result is not None else NotYourTurn()
        card = PLAYED.get(id(action))  # a play handed out by ``legal_actions``: its card
        playable = self._playable_mask
        if card is not None and playable is not None and playable & (bit := BIT[card]):
            self._playable_mask = None
            plays = self.trick.plays
            players = self.players
            if len(plays) < players - 1:  # the trick goes on: the next seat plays
                self.hands[seat].remove(card)
                self._masks[seat] ^= bit
                plays.append((seat, card))
                self.to_act = (seat + 1) % players
                return [PLAYED_BY[seat][card]]
            events = self._play(seat, card)
        else:
            events = self._apply(seat, as_action(action))
        self.to_act = self._seat_to_act()
        return events

    def _apply(self, seat: int, act: Action) -> list[Event]:
        """Any move, checked against the legal ones (in any accepted spelling)."""
        legal = self.legal_actions()
        if not among(act, legal):
            act = self._canonical(act)
            if act not in legal:
                raise self._refusal(seat, act)
        self._playable_mask = None
        if act.verb == "play":
            return self._play(seat, card_of(act.args[0]))
        if act.verb == "sing":
            return self._sing(seat, act.args[0])
        if act.verb == "swap":
            return [self._swap(seat)]
        if act.verb == "capote":
            self.capote = seat
            self.capote_pending = []
            return [CapoteDeclared(seat)]
        self.capote_pending.pop(0)  # pass
        return [CapotePassed(seat)]

    def view(self, seat: int | None) -> TuteView:
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"There is no seat {seat} at this table.")
        own = seat is not None
        legal = tuple(str(a) for a in self.legal_actions()) if own and seat == self.to_act else ()
        return TuteView(
            seat=seat,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            to_act=self.to_act,
            legal=legal,
            players=self.players,
            modalidad=self.modalidad,
            dealer=self.dealer,
            mano=self.mano,
            hand_number=self.hand_number,
            trump=self.trump.value,
            turned=self.turned,
            trick=tuple(self.trick.plays),
            leader=self.trick.leader,
            baceta_count=len(self.baceta),
            hand_sizes=tuple(len(h) for h in self.hands),
            tricks_won=tuple(self.tricks_won),
            cantes=tuple(self.cantes),
            last_trick=tuple(self.last_trick),
            capote=self.capote,
            juegos=tuple(self.juegos),
            sides=tuple(self._side_seats(s) for s in range(self._side_count())),
            target=self.options.juegos,
            tute=self.options.tute_enabled,
            is_over=self.is_over,
        )

    # ------------------------------------------------------------------ reading actions

    def _canonical(self, act: Action) -> Action:
        """The action in canonical notation (``play as de oros`` -> ``play 1o``)."""
        if act.verb == "play":
            if not act.args:
                raise IllegalAction(Common.MISSING_CARD, text=str(act))
            return PLAY[card_of(" ".join(act.args))]
        if act.verb == "sing":
            word = " ".join(act.args).strip().lower()
            if word == "tute":
                return Action("sing", ("tute",))
            suit = SUIT_WORDS.get(word)
            if suit is None:
                raise IllegalAction(TuteRefusal.UNKNOWN_SUIT, text=word)
            return Action("sing", (suit.value,))
        if act.verb in NO_ARGUMENT_VERBS:
            if act.args:
                raise IllegalAction(Common.NO_ARGUMENTS, verb=act.verb)
            return Action(act.verb)
        raise IllegalAction(Common.UNKNOWN_ACTION, text=str(act))

    def _refusal(self, seat: int, act: Action) -> IllegalAction:
        """Why a well-formed action is not legal now."""
        if self.capote_pending:
            return IllegalAction(TuteRefusal.CAPOTE_PENDING)
        if act.verb in ("capote", "pass"):
            return IllegalAction(TuteRefusal.CAPOTE_NOT_NOW)
        if act.verb == "play":
            return self._play_refusal(seat, act, card_of(act.args[0]))
        if act.verb == "sing":
            return self._sing_refusal(act.args[0])
        return self._swap_refusal(seat)


def new_game(
    options: Options,
    players: int,
    *,
    seed: int | None = None,
    decks: Iterable[Sequence[Card]] = (),
) -> State:
    """Start a match; seat 0 deals the first hand, which is dealt at once."""
    if players not in options.player_counts():
        raise ValueError(
            f"Tute {options.modalidad} is played by {options.player_counts()[0]} players,"
            f" not {players}."
        )
    return State(options, players, DeckSource(seed, decks))
