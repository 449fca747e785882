"""The Belote match: the engine protocol over the mixins."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tapete.rules.belote.combos import combinations, public_name
from tapete.rules.belote.events import BeloteView, ShownCombination
from tapete.rules.belote.options import (
    BELOTE,
    NAME,
    PLAY,
    RANKING,
    SEVEN,
    SUIT_WORDS,
    Options,
    card_of,
)
from tapete.rules.belote.refusals import BeloteRefusal
from tapete.rules.belote.scoring import ScoringMixin
from tapete.rules.cards import Card
from tapete.rules.engine import Action, DeckSource, Event, among, as_action
from tapete.rules.errors import Common, GameOver, IllegalAction, NotYourTurn
from tapete.rules.tricks import Obligation, broken_obligation

NO_ARGUMENT_VERBS = ("take", "swap", "announce", "pass")


class State(ScoringMixin):
    """A whole Belote match: hands one after another until a side wins.

    Public attributes a table may read: ``players``, ``options``, ``hand_number``,
    ``dealer``, ``scores`` (per side), ``held`` and ``result``. Everything else is for the
    engine and the tests; the seats see the game through :meth:`view`.
    """

    def __init__(self, options: Options, players: int, source: DeckSource) -> None:
        self.options = options
        self.players = players
        self.source = source
        self.hand_number = 1
        self.dealer = 0
        self.scores = [0] * self._side_count()
        self.held = 0
        self.history = []
        self.result = None
        self.last_hand = None
        self._legal = None
        self.initial_events = [self._deal()]

    # ------------------------------------------------------------------ protocol

    @property
    def to_act(self) -> int | None:
        if self.result is not None:
            return None
        if self.phase != "play":
            return self.speaker
        trick = self.trick
        return (trick.leader + len(trick.plays)) % self.players

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if self.result is not None:
            raise GameOver()
        if seat != self.to_act:
            raise NotYourTurn()
        act = as_action(action)
        if self._legal is None:
            self._legal = self._compute_legal()
        if not among(act, self._legal):
            act = self._canonical(act)
            if act not in self._legal:
                raise self._refusal(seat, act)
        self._legal = None
        verb = act.verb
        if verb == "play":
            return self._play(seat, card_of(act.args[0]))
        phase = self.phase
        if phase == "swap":
            return self._swap(seat, verb == "swap")
        if verb == "announce":
            return self._announce(seat)
        if verb == "take":
            return self._take(seat, self.turned.suit)  # type: ignore[arg-type]
        if verb == "name":
            return self._take(seat, SUIT_WORDS[act.args[0]])
        return self._pass(seat)

    def view(self, seat: int | None) -> BeloteView:
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"There is no seat {seat} at this table.")
        to_act = self.to_act
        mine = seat is not None and seat == to_act
        legal = tuple(str(a) for a in self.legal_actions()) if mine else ()
        announce: tuple[tuple[Card, ...], ...] = ()
        if mine and self.phase == "play" and self._in_first_trick():
            assert seat is not None
            announce = tuple(self._announceable(seat))
        shown: tuple[ShownCombination, ...] = ()
        if self.judged:
            shown = tuple((s, combo, p, reason) for (s, combo), (p, reason)
                          in zip(self.announcements, self.judged, strict=True))
        return BeloteView(
            seat=seat,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            to_act=to_act,
            legal=legal,
            players=self.players,
            pairs=self.pairs,
            sides=tuple(self._side_seats(s) for s in range(self._side_count())),
            dealer=self.dealer,
            mano=self.mano,
            hand_number=self.hand_number,
            phase="over" if self.result is not None else self.phase,
            turned=self.turned,
            trump=self.trump.value if self.trump is not None else None,
            taker=self.taker,
            bottom=self.bottom,
            swapped=self.swap[0] if self.swap is not None else None,
            swapped_card=self.swap[1] if self.swap is not None else None,
            stock_count=len(self.stock),
            trick=tuple(self.trick.plays),
            leader=self.trick.leader,
            last_trick=self.last_trick,
            hand_sizes=tuple(len(h) for h in self.hands),
            tricks_won=tuple(self.tricks_won),
            announced=tuple((s, *public_name(c)) for s, c in self.announcements),
            shown=shown,
            belote=self.belote,
            rebelote=self.rebelote,
            points=self._points_so_far(),
            scores=tuple(self.scores),
            held=self.held,
            target=self.options.objetivo,
            announce=announce,
            last_hand=self.last_hand,
            is_over=self.result is not None,
        )

    def _points_so_far(self) -> tuple[int, ...]:
        """Each side's public points in the hand in progress: the cards of the tricks it won,
        the combinations scored (once shown) and belote (once rebelote is said)."""
        points = [0] * self._side_count()
        trump = self.trump
        if trump is None or self.result is not None:
            return tuple(points)
        for seat in range(self.players):
            points[self.side(seat)] += self.won[seat]
        for (seat, _), (value, _) in zip(self.announcements, self.judged, strict=False):
            points[self.side(seat)] += value
        if self.belote is not None and self.rebelote:
            points[self.side(self.belote)] += BELOTE
        return tuple(points)

    # ------------------------------------------------------------------ reading actions

    def _canonical(self, act: Action) -> Action:
        """The action in canonical notation (``play jota de picas`` -> ``play Js``)."""
        verb = act.verb
        if verb == "play":
            if not act.args:
                raise IllegalAction(Common.MISSING_CARD, text=str(act))
            card = card_of(" ".join(act.args))
            return PLAY.get(card) or Action.play(card)
        if verb == "name":
            word = " ".join(act.args).strip().lower()
            suit = SUIT_WORDS.get(word)
            if suit is None:
                raise IllegalAction(BeloteRefusal.UNKNOWN_SUIT, text=word)
            return NAME[suit]
        if verb in NO_ARGUMENT_VERBS:
            if act.args:
                raise IllegalAction(Common.NO_ARGUMENTS, verb=verb)
            return Action(verb)
        raise IllegalAction(Common.UNKNOWN_ACTION, text=str(act))

    def _refusal(self, seat: int, act: Action) -> IllegalAction:
        """Why a well-formed action is not legal now."""
        verb, phase = act.verb, self.phase
        turned = self.turned.suit
        if phase == "swap":
            assert self.trump is not None
            return IllegalAction(BeloteRefusal.SWAP_PENDING, card=SEVEN[self.trump])
        if verb == "swap":
            return IllegalAction(BeloteRefusal.SWAP_NOT_NOW)
        if phase in ("bid1", "bid2"):
            if verb == "take":
                return IllegalAction(BeloteRefusal.TAKE_FIRST_ROUND, suit=turned)
            if verb == "name":
                if phase == "bid1":
                    return IllegalAction(BeloteRefusal.NAME_SECOND_ROUND, suit=turned)
                return IllegalAction(BeloteRefusal.NAME_TURNED_SUIT, suit=turned)
            return IllegalAction(BeloteRefusal.BIDDING)
        if verb in ("take", "name"):
            return IllegalAction(BeloteRefusal.NOT_BIDDING)
        if verb == "announce":
            if not self._in_first_trick():
                return IllegalAction(BeloteRefusal.ANNOUNCE_TOO_LATE)
            if self._has_announced(seat):
                return IllegalAction(BeloteRefusal.ALREADY_ANNOUNCED)
            assert self.trump is not None
            if not combinations(self.hands[seat], self.trump):
                return IllegalAction(BeloteRefusal.NO_COMBINATION)
            return IllegalAction(BeloteRefusal.NOTHING_BETTER)
        if verb == "play":
            return self._play_refusal(seat, act, card_of(act.args[0]))
        return IllegalAction(Common.NOT_NOW, text=str(act))

    def _play_refusal(self, seat: int, act: Action, card: Card) -> IllegalAction:
        """Why a card may not be played now: not held, or the obligation it breaks."""
        if card not in self.hands[seat]:
            return IllegalAction(Common.NOT_IN_HAND, card=card)
        _, why = self._playable(seat)
        if why is None:
            return IllegalAction(Common.NOT_NOW, text=str(act))
        obligation, suit = why
        obligation = broken_obligation(card, obligation, suit)
        if obligation in (Obligation.MUST_OVERTAKE, Obligation.MUST_OVERTRUMP):
            return IllegalAction(obligation, suit=suit, card=self._top_trump())
        return IllegalAction(obligation, suit=suit)

    def _top_trump(self) -> Card:
        """The highest trump in the trick in progress (the card to beat)."""
        power = RANKING.under(self.trump).power
        trumps = [c for _, c in self.trick.plays if c.suit is self.trump]
        return max(trumps, key=power.__getitem__)


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
            f"Belote is played by {', '.join(map(str, options.player_counts()))} players"
            f"{' (in pairs)' if options.parejas else ''}, not {players}."
        )
    return State(options, players, DeckSource(seed, decks))

