"""Tute (RULES.md, "Tute"): habanero (2), arrastrado (3), individual (4) and parejas (2x2).

A :class:`State` covers a whole match: hands are dealt one after another (the dealer passes to
the next seat each hand) until a side reaches ``Options.juegos`` juegos or sings tute.

Verbs (``str(Action)``; ``apply`` also takes the text):

* ``play <card>`` — play a card to the trick (``play 7o``, ``play as de oros``).
* ``sing <suit>`` — habanero only: sing the cante (20, or 40 in trumps) of suit ``o c e b``.
  ``sing tute`` — habanero only, and only when the ``tute`` option is forced on.
* ``swap`` — exchange the 7 (turned card A, 3 or figure) or the 2 (turned card 7 or lower) of
  trumps for the turned card: habanero after winning a trick, arrastrado during the first
  trick.
* ``capote`` / ``pass`` — habanero: declare capote, or decline, when the baceta is exhausted.

In arrastrado, individual and parejas the cantes and tute are automatic: they are emitted as
events when a trick is won.

Decisions where RULES.md is silent (or where the brief settled them):

* **Dealing.** One card at a time starting with mano (the seat after the dealer), in order of
  play. Habanero: 8 each; the next card (17th) is turned face up for trump and put under the
  baceta, so it is the last card drawn. Arrastrado: 13 each; the 40th card is turned for
  trump and stays out of play. Individual and parejas: 10 each; the dealer's last card (the
  40th of the deck) is shown for trump and stays in the dealer's hand. Seat 0 deals the first
  hand, the dealer passes to the next seat each hand, and mano leads the first trick. The
  next hand is dealt inside the same ``apply`` that ended the previous one.
* **Hand order.** Each hand is kept sorted by suit (o c e b), strongest first within a suit
  (A 3 R C S 7 6 5 4 2). Legal actions list the legal plays in that order, then (habanero)
  ``sing tute``, the ``sing <suit>`` actions in suit order o c e b, then ``swap``
  (arrastrado: plays then ``swap``). The capote decision is exactly ``[capote, pass]``.
* **Obligations.** Habanero while the baceta lasts: only a trump lead must be followed with a
  trump (no montar); otherwise free. Habanero once the baceta is exhausted, and every other
  modality: asistir and montar; void: fallar, pisar a trump already in the trick; unable to
  pisar: any card. In parejas a partner winning the trick relaxes nothing.
* **Habanero draws.** After each trick, while the baceta lasts, the winner then the loser
  draws one card. The turned card is face up: its draw (always the last one) is public.
* **Habanero sing/swap window.** Open to the winner of a trick after both draws, while the
  baceta still holds cards, until they lead: at most one cante and one swap per trick won,
  in either order. Never before the first trick, never once the last draw has emptied the
  baceta. A turned card A, 3, 12, 11 or 10 is swapped for the 7 of trumps; 7, 6, 5 or 4 for
  the 2 of trumps; a turned 2 cannot be swapped. After a swap the card given is face up as
  the last card of the baceta (so a 7 swapped in may later be taken by the 2).
* **Capote.** When the last draw has emptied the baceta, before the first of the last 8
  tricks, the leader is asked first (``capote``/``pass``); if they pass, the other player is
  asked; then the leader plays. The declarer wins one juego by taking all 8 tricks; the hand
  ends at once, one juego to the opponent, when the opponent takes one. A capote hand scores
  one juego either way: no diez de últimas and no two-juego bonus (its reported points are
  cards plus cantes).
* **Arrastrado swap.** During the first trick, before playing their card (the leader too), a
  player holding the required trump may ``swap`` once; the card given becomes the turned
  card, out of play, and may itself be swapped again by another player (7 then 2).
* **Automatic cantes** (arrastrado, individual, parejas): after each trick won while cards
  remain in hand, tute is checked first, then the trick winner sings one cante (the 40
  first, then 20s in suit order o c e b); in parejas the partner then sings one too. A
  cante needs rey and caballo both still in hand and each suit is sung at most once per hand.
* **Tute.** Four reyes are checked before four caballos; in parejas the winner's hand first,
  then the partner's. Tute ends the match at once: the hand is not scored, juegos are left as
  they were, and the tute side is the winner. In habanero tute is off unless the option is
  forced on; then ``sing tute`` is offered in the sing window (it is not a cante, so it is
  offered even after a cante that trick).
* **Hand result.** Points per side (a seat, or a pair in parejas) = card points + cantes +
  diez de últimas. The highest wins one juego, two with 101 or more; a tie goes to the side
  that took the diez de últimas, else to the tied side that won the latest trick. Only one
  side scores per hand, so the match ends as soon as that side reaches ``juegos``.
* **Result.** ``scores`` are juegos per seat (per pair in parejas: two entries, pair 0 =
  seats 0+2); ``winners`` are seats (both seats of a pair). ``summary`` lists every hand.
* **View.** Points taken during a hand are not public: the view shows the number of tricks
  each seat has won, the cantes sung, the turned card (kept after it is drawn or played, as
  public knowledge) and the last trick.
* **Events.** ``HandDealt``, ``CardPlayed``, ``TrickWon``, ``CardDrawn`` (the card only for
  the face-up turned card), ``TrumpSwapped``, ``CanteSung``, ``TuteSung``,
  ``CapoteDeclared``, ``CapotePassed``, ``HandScored`` (per side) and ``MatchOver``. A
  cante's points go to the singer's side.
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, Field

from rules.cards import SUIT_NAMES, Card, Family, SpanishSuit, parse_card, spanish_deck
from rules.engine import Action, DeckSource, Event, Result, as_action
from rules.errors import GameOver, IllegalAction, NotYourTurn
from rules.tricks import Ranking, TrickPolicy, When, legal_cards, trick_winner

Modalidad = Literal["habanero", "arrastrado", "individual", "parejas"]

RANKING = Ranking(order=(1, 3, 12, 11, 10, 7, 6, 5, 4, 2))
POINTS: dict[int, int] = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
ULTIMAS = 10
SUITS: tuple[SpanishSuit, ...] = tuple(SpanishSuit)
HABANERO_OPEN = TrickPolicy(follow=When.TRUMP_LEAD, overtake=When.NEVER, trump_when_void=False)
FULL = TrickPolicy()
CARDS_EACH = {"habanero": 8, "arrastrado": 13, "individual": 10, "parejas": 10}
HIGH_TURNED = frozenset({1, 3, 10, 11, 12})  # swapped for the 7; 4-7 for the 2
SUIT_WORDS: dict[str, SpanishSuit] = {
    **{s.value: s for s in SUITS},
    **{SUIT_NAMES[s]: s for s in SUITS},
}

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_RANK_INDEX = {r: i for i, r in enumerate(RANKING.order)}
# Fast paths (the random-playout test applies about a million actions).
_CARDS: dict[str, Card] = {str(card): card for card in spanish_deck()}
_PLAY: dict[Card, Action] = {card: Action.play(card) for card in spanish_deck()}


def _card(text: str) -> Card:
    """A card from its canonical notation, or any text ``parse_card`` accepts."""
    card = _CARDS.get(text)
    return card if card is not None else parse_card(text, "spanish")


def _sort_key(card: Card) -> tuple[int, int]:
    return _SUIT_INDEX[card.suit], _RANK_INDEX[card.rank]  # type: ignore[index]


def card_points(cards: Iterable[Card]) -> int:
    return sum(POINTS.get(c.rank, 0) for c in cards)


def _suit_name(suit: SpanishSuit) -> str:
    return SUIT_NAMES[suit]


class Options(BaseModel, frozen=True):
    """House rules chosen when the table is created."""

    modalidad: Modalidad = "individual"
    juegos: int = Field(default=3, ge=1)
    tute: bool | None = None  # None: RULES.md default (on except in habanero)

    @property
    def tute_enabled(self) -> bool:
        return self.tute if self.tute is not None else self.modalidad != "habanero"

    def player_counts(self) -> tuple[int, ...]:
        return {"habanero": (2,), "arrastrado": (3,)}.get(self.modalidad, (4,))


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True)
class HandDealt(Event):
    hand: int
    dealer: int
    mano: int
    trump: str
    turned: Card
    baceta: int


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class TrickWon(Event):
    seat: int
    number: int  # 1-based within the hand
    cards: tuple[Card, ...]  # in playing order
    last: bool  # the last trick of the hand (diez de últimas)


@dataclass(frozen=True)
class CardDrawn(Event):
    seat: int
    card: Card | None = None  # only for the face-up turned card (the last draw)


@dataclass(frozen=True)
class TrumpSwapped(Event):
    seat: int
    given: Card  # the 7 or 2 of trumps, now the turned card
    taken: Card  # the former turned card, now in the seat's hand


@dataclass(frozen=True)
class CanteSung(Event):
    seat: int
    suit: str
    value: int  # 40 in trumps, else 20


@dataclass(frozen=True)
class TuteSung(Event):
    seat: int
    rank: int  # 12: four reyes, 11: four caballos


@dataclass(frozen=True)
class CapoteDeclared(Event):
    seat: int


@dataclass(frozen=True)
class CapotePassed(Event):
    seat: int


@dataclass(frozen=True)
class HandScored(Event):
    hand: int
    reason: str  # "puntos" or "capote"
    points: tuple[int, ...]  # per side: cards + cantes + diez de últimas
    card_points: tuple[int, ...]
    cante_points: tuple[int, ...]
    ultimas: int | None  # seat that took the diez de últimas (None in a capote hand)
    winners: tuple[int, ...]  # seats
    juegos: int  # juegos won this hand
    totals: tuple[int, ...]  # juegos per side after this hand


@dataclass(frozen=True)
class MatchOver(Event):
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str  # "juegos" or "tute"


@dataclass(frozen=True)
class TuteView:
    seat: int | None
    hand: tuple[Card, ...]
    to_act: int | None
    legal: tuple[str, ...]
    players: int
    modalidad: str
    dealer: int
    mano: int
    hand_number: int
    trump: str
    turned: Card
    trick: tuple[tuple[int, Card], ...]
    leader: int
    baceta_count: int
    hand_sizes: tuple[int, ...]
    tricks_won: tuple[int, ...]
    cantes: tuple[tuple[int, str, int], ...]
    last_trick: tuple[tuple[int, Card], ...]
    capote: int | None
    juegos: tuple[int, ...]  # per side (per pair in parejas)
    sides: tuple[tuple[int, ...], ...]
    target: int
    tute: bool
    is_over: bool


# ----------------------------------------------------------------------------- state


def new_game(
    options: Options,
    players: int,
    *,
    seed: int | None = None,
    decks: Iterable[Sequence[Card]] = (),
) -> State:
    if players not in options.player_counts():
        raise ValueError(
            f"El tute {options.modalidad} se juega con {options.player_counts()[0]} jugadores,"
            f" no con {players}."
        )
    return State(options, players, DeckSource(seed, decks))


class State:
    """A whole Tute match."""

    family: ClassVar[Family] = "spanish"

    options: Options
    players: int
    source: DeckSource
    initial_events: list[Event]
    hand_number: int
    dealer: int
    juegos: list[int]
    history: list[dict[str, Any]]
    result: Result | None
    # the hand in progress
    hands: list[list[Card]]
    baceta: list[Card]  # top first; in habanero the turned card is the last one
    turned: Card
    out_of_play: list[Card]
    trick: list[tuple[int, Card]]
    leader: int
    taken: list[list[Card]]
    tricks_won: list[int]
    trick_winners: list[int]
    last_trick: list[tuple[int, Card]]
    cantes: list[tuple[int, str, int]]
    sung: set[SpanishSuit]
    sang: bool  # habanero: the leader already sang since winning the last trick
    swapped: bool  # habanero: the leader already swapped since winning the last trick
    swapped_seats: set[int]  # arrastrado: seats that swapped in the first trick
    capote_pending: list[int]
    capote: int | None

    def __init__(self, options: Options, players: int, source: DeckSource) -> None:
        self.options = options
        self.players = players
        self.source = source
        self.hand_number = 1
        self.dealer = 0
        self.juegos = [0] * self._side_count()
        self.history = []
        self.result = None
        self._legal: list[Action] | None = None
        self.initial_events = [self._deal()]

    # ------------------------------------------------------------------ protocol

    @property
    def modalidad(self) -> Modalidad:
        return self.options.modalidad

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def to_act(self) -> int | None:
        if self.result is not None:
            return None
        if self.capote_pending:
            return self.capote_pending[0]
        return (self.leader + len(self.trick)) % self.players

    @property
    def trump(self) -> SpanishSuit:
        return self.turned.suit  # type: ignore[return-value]

    @property
    def mano(self) -> int:
        return (self.dealer + 1) % self.players

    def legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if self.result is not None:
            raise GameOver("La partida ha terminado.")
        if seat != self.to_act:
            raise NotYourTurn("No es tu turno.")
        act = as_action(action)
        if self._legal is None:
            self._legal = self._compute_legal()
        if act not in self._legal:
            act = self._canonical(act)
            if act not in self._legal:
                raise IllegalAction(self._reason(seat, act))
        self._legal = None
        if act.verb == "play":
            return self._play(seat, _card(act.args[0]))
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
            raise ValueError(f"No existe el asiento {seat}.")
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
            trick=tuple(self.trick),
            leader=self.leader,
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

    # ------------------------------------------------------------------ sides

    def _side_count(self) -> int:
        return 2 if self.modalidad == "parejas" else self.players

    def side(self, seat: int) -> int:
        return seat % 2 if self.modalidad == "parejas" else seat

    def _side_seats(self, side: int) -> tuple[int, ...]:
        return (side, side + 2) if self.modalidad == "parejas" else (side,)

    # ------------------------------------------------------------------ dealing

    def _deal(self) -> HandDealt:
        deck = self.source.next_deck(spanish_deck())
        n, mano = self.players, self.mano
        each = CARDS_EACH[self.modalidad]
        self.hands = [[] for _ in range(n)]
        for i in range(n * each):
            self.hands[(mano + i) % n].append(deck[i])
        for hand in self.hands:
            hand.sort(key=_sort_key)
        self.out_of_play = []
        if self.modalidad == "habanero":
            self.turned = deck[n * each]
            self.baceta = [*deck[n * each + 1 :], self.turned]
        elif self.modalidad == "arrastrado":
            self.turned = deck[39]
            self.baceta = []
            self.out_of_play = [self.turned]
        else:
            self.turned = deck[39]  # the dealer's last card, kept in their hand
            self.baceta = []
        self.trick = []
        self.leader = mano
        self.taken = [[] for _ in range(n)]
        self.tricks_won = [0] * n
        self.trick_winners = []
        self.last_trick = []
        self.cantes = []
        self.sung = set()
        self.sang = False
        self.swapped = False
        self.swapped_seats = set()
        self.capote_pending = []
        self.capote = None
        return HandDealt(
            self.hand_number, self.dealer, mano, self.trump.value, self.turned, len(self.baceta)
        )

    # ------------------------------------------------------------------ legality

    def _policy(self) -> TrickPolicy:
        if self.modalidad == "habanero" and self.baceta:
            return HABANERO_OPEN
        return FULL

    def _window(self) -> bool:
        """Habanero: the trick winner may sing and swap (after the draws, before leading)."""
        return (
            self.modalidad == "habanero"
            and not self.trick
            and bool(self.trick_winners)
            and bool(self.baceta)
            and not self.capote_pending
        )

    def _swap_card(self) -> Card | None:
        """The trump that may be exchanged for the turned card (None for a turned 2)."""
        if self.turned.rank in HIGH_TURNED:
            return Card(7, self.trump)
        if self.turned.rank == 2:
            return None
        return Card(2, self.trump)

    def _can_swap(self, seat: int) -> bool:
        card = self._swap_card()
        if card is None or card not in self.hands[seat]:
            return False
        if self.modalidad == "habanero":
            return self._window() and not self.swapped
        if self.modalidad == "arrastrado":
            return not self.trick_winners and seat not in self.swapped_seats
        return False

    def _singable(self, seat: int) -> list[SpanishSuit]:
        hand = self.hands[seat]
        return [
            s for s in SUITS if s not in self.sung and Card(12, s) in hand and Card(11, s) in hand
        ]

    def _tute_rank(self, seat: int) -> int | None:
        hand = self.hands[seat]
        for rank in (12, 11):
            if all(Card(rank, s) in hand for s in SUITS):
                return rank
        return None

    def _compute_legal(self) -> list[Action]:
        if self.result is not None:
            return []
        if self.capote_pending:
            return [Action("capote"), Action("pass")]
        seat = (self.leader + len(self.trick)) % self.players
        hand = self.hands[seat]
        cards = legal_cards(hand, self.trick, self.trump, RANKING, self._policy())
        actions = [_PLAY[c] for c in cards]
        if self._window():
            if self.options.tute_enabled and self._tute_rank(seat) is not None:
                actions.append(Action("sing", ("tute",)))
            if not self.sang:
                actions.extend(Action("sing", (s.value,)) for s in self._singable(seat))
        if self.modalidad in ("habanero", "arrastrado") and self._can_swap(seat):
            actions.append(Action("swap"))
        return actions

    def _canonical(self, act: Action) -> Action:
        if act.verb == "play":
            if not act.args:
                raise IllegalAction("Indica la carta que juegas, por ejemplo «play 7o».")
            return _PLAY[_card(" ".join(act.args))]
        if act.verb == "sing":
            word = " ".join(act.args).strip().lower()
            if word == "tute":
                return Action("sing", ("tute",))
            suit = SUIT_WORDS.get(word)
            if suit is None:
                raise IllegalAction(
                    f"No conozco el palo «{word}»: usa o, c, e, b (oros, copas, espadas, bastos)."
                )
            return Action("sing", (suit.value,))
        if act.verb in ("swap", "capote", "pass"):
            if act.args:
                raise IllegalAction(f"«{act.verb}» no lleva argumentos.")
            return Action(act.verb)
        raise IllegalAction(f"No conozco la acción «{act}».")

    def _reason(self, seat: int, act: Action) -> str:
        """Why a well-formed action is not legal now (Spanish, for the player)."""
        if self.capote_pending:
            return "Antes de las últimas ocho bazas, decide: «capote» o «pass»."
        if act.verb in ("capote", "pass"):
            return (
                "Solo se declara capote al acabarse la baceta,"
                " antes de la primera de las últimas ocho bazas."
            )
        if act.verb == "play":
            return self._play_reason(seat, _card(act.args[0]))
        if act.verb == "sing":
            return self._sing_reason(seat, act.args[0])
        return self._swap_reason(seat)

    def _play_reason(self, seat: int, card: Card) -> str:
        hand = self.hands[seat]
        if card not in hand:
            return "No tienes esa carta."
        if not self.trick:
            return "Ahora no puedes jugar esa carta."
        legal = legal_cards(hand, self.trick, self.trump, RANKING, self._policy())
        led = self.trick[0][1].suit
        led_name = _suit_name(led)  # type: ignore[arg-type]
        if any(c.suit == led for c in legal):
            if card.suit != led:
                return f"Debes asistir a {led_name}."
            return f"Debes montar: juega una carta más alta de {led_name}."
        if any(c.suit == self.trump for _, c in self.trick):
            return "Debes pisar: juega un triunfo más alto que el de la baza."
        return "Debes fallar con un triunfo."

    def _sing_reason(self, seat: int, word: str) -> str:
        if self.modalidad != "habanero":
            return "En esta modalidad los cantes y el tute son automáticos."
        if word == "tute" and not self.options.tute_enabled:
            return "En esta partida no se juega con tute."
        if not self.baceta:
            return "Ya no se puede cantar: se acabó la baceta."
        if not self._window():
            return "Solo se canta después de ganar una baza, antes de salir."
        if word == "tute":
            return "No tienes los cuatro reyes ni los cuatro caballos."
        if self.sang:
            return "Ya has cantado en esta baza: solo un cante por baza ganada."
        suit = SpanishSuit(word)
        if suit in self.sung:
            return f"Ya se ha cantado en {_suit_name(suit)} en esta mano."
        return f"No puedes cantar en {_suit_name(suit)}: te falta el rey o el caballo."

    def _swap_reason(self, seat: int) -> str:
        if self.modalidad in ("individual", "parejas"):
            return "En esta modalidad no se puede cambiar el triunfo."
        if self.modalidad == "habanero":
            if not self.baceta:
                return "Ya no se puede cambiar el triunfo: se acabó la baceta."
            if not self._window():
                return "Solo se cambia el triunfo después de ganar una baza, antes de salir."
            if self.swapped:
                return "Ya has cambiado el triunfo en esta baza."
        else:
            if self.trick_winners:
                return "Solo se puede cambiar el triunfo durante la primera baza."
            if seat in self.swapped_seats:
                return "Ya has cambiado el triunfo."
        card = self._swap_card()
        if card is None:
            return "El dos de triunfo no se puede cambiar."
        return f"No tienes el {card.name}."

    # ------------------------------------------------------------------ moves

    def _sing(self, seat: int, word: str) -> list[Event]:
        if word == "tute":
            rank = self._tute_rank(seat)
            assert rank is not None
            return [TuteSung(seat, rank), *self._tute_match(seat, rank)]
        suit = SpanishSuit(word)
        self.sang = True
        return [self._record_cante(seat, suit)]

    def _record_cante(self, seat: int, suit: SpanishSuit) -> CanteSung:
        value = 40 if suit == self.trump else 20
        self.sung.add(suit)
        self.cantes.append((seat, suit.value, value))
        return CanteSung(seat, suit.value, value)

    def _swap(self, seat: int) -> TrumpSwapped:
        given = self._swap_card()
        assert given is not None
        taken = self.turned
        hand = self.hands[seat]
        hand.remove(given)
        bisect.insort(hand, taken, key=_sort_key)
        self.turned = given
        if self.modalidad == "habanero":
            self.baceta[-1] = given
            self.swapped = True
        else:
            self.out_of_play = [given]
            self.swapped_seats.add(seat)
        return TrumpSwapped(seat, given, taken)

    def _play(self, seat: int, card: Card) -> list[Event]:
        events: list[Event] = [CardPlayed(seat, card)]
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.players:
            return events
        winner = trick_winner(self.trick, self.trump, RANKING)
        cards = tuple(c for _, c in self.trick)
        self.taken[winner].extend(cards)
        self.tricks_won[winner] += 1
        self.trick_winners.append(winner)
        self.last_trick = self.trick
        self.trick = []
        self.leader = winner
        self.sang = self.swapped = False
        done = not any(self.hands)
        events.append(TrickWon(winner, len(self.trick_winners), cards, done))
        if self.capote is not None and winner != self.capote:
            return events + self._end_hand(capote_winner=winner)
        if done:
            return events + self._end_hand(capote_winner=self.capote)
        if self.modalidad == "habanero":
            if self.baceta:
                for drawer in (winner, 1 - winner):
                    drawn = self.baceta.pop(0)
                    bisect.insort(self.hands[drawer], drawn, key=_sort_key)
                    events.append(CardDrawn(drawer, None if self.baceta else drawn))
                if not self.baceta:
                    self.capote_pending = [winner, 1 - winner]
            return events
        return events + self._automatic(winner)

    def _automatic(self, winner: int) -> list[Event]:
        """Tute check, then the cantes, after a trick won (not habanero)."""
        singers = [winner, (winner + 2) % 4] if self.modalidad == "parejas" else [winner]
        events: list[Event] = []
        if self.options.tute_enabled:
            for seat in singers:
                rank = self._tute_rank(seat)
                if rank is not None:
                    return [TuteSung(seat, rank), *self._tute_match(seat, rank)]
        for seat in singers:
            hand = self.hands[seat]
            for suit in (self.trump, *(s for s in SUITS if s != self.trump)):
                if suit not in self.sung and Card(12, suit) in hand and Card(11, suit) in hand:
                    events.append(self._record_cante(seat, suit))
                    break
        return events

    # ------------------------------------------------------------------ scoring

    def _tute_match(self, seat: int, rank: int) -> list[Event]:
        side = self.side(seat)
        entry = {"hand": self.hand_number, "dealer": self.dealer, "reason": "tute"}
        self.history.append({**entry, "seat": seat, "rank": rank})
        return [self._finish(side, "tute")]

    def _finish(self, side: int, reason: str) -> MatchOver:
        winners = self._side_seats(side)
        scores = tuple(self.juegos)
        self.result = Result(
            winners=winners,
            scores=scores,
            summary={
                "modalidad": self.modalidad,
                "target": self.options.juegos,
                "reason": reason,
                "juegos": list(scores),
                "hands": self.history,
            },
        )
        self._legal = None
        return MatchOver(winners, scores, reason)

    def _end_hand(self, capote_winner: int | None) -> list[Event]:
        count = self._side_count()
        cards = [0] * count
        cantes = [0] * count
        for seat in range(self.players):
            cards[self.side(seat)] += card_points(self.taken[seat])
        for seat, _, value in self.cantes:
            cantes[self.side(seat)] += value
        points = [c + k for c, k in zip(cards, cantes, strict=True)]
        ultimas: int | None = None
        if self.capote is not None:
            assert capote_winner is not None
            reason, winner_side, won = "capote", self.side(capote_winner), 1
        else:
            reason = "puntos"
            ultimas = self.trick_winners[-1]
            points[self.side(ultimas)] += ULTIMAS
            best = max(points)
            tied = [s for s in range(count) if points[s] == best]
            winner_side = tied[0]
            if len(tied) > 1:
                for seat in (ultimas, *reversed(self.trick_winners)):
                    if self.side(seat) in tied:
                        winner_side = self.side(seat)
                        break
            won = 2 if best >= 101 else 1
        self.juegos[winner_side] += won
        winners = self._side_seats(winner_side)
        self.history.append(
            {
                "hand": self.hand_number,
                "dealer": self.dealer,
                "reason": reason,
                "points": list(points),
                "card_points": list(cards),
                "cante_points": list(cantes),
                "ultimas": ultimas,
                "capote": self.capote,
                "winners": list(winners),
                "juegos": won,
                "totals": list(self.juegos),
            }
        )
        events: list[Event] = [
            HandScored(
                self.hand_number,
                reason,
                tuple(points),
                tuple(cards),
                tuple(cantes),
                ultimas,
                winners,
                won,
                tuple(self.juegos),
            )
        ]
        if self.juegos[winner_side] >= self.options.juegos:
            events.append(self._finish(winner_side, "juegos"))
            return events
        self.dealer = (self.dealer + 1) % self.players
        self.hand_number += 1
        events.append(self._deal())
        return events

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> str:
        def cards(cs: Iterable[Card]) -> list[str]:
            return [str(c) for c in cs]

        result = self.result
        data = {
            "version": 1,
            "options": self.options.model_dump(),
            "players": self.players,
            "source": self.source.to_data(),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "juegos": self.juegos,
            "history": self.history,
            "result": None
            if result is None
            else {
                "winners": list(result.winners),
                "scores": list(result.scores),
                "summary": result.summary,
            },
            "hands": [cards(h) for h in self.hands],
            "baceta": cards(self.baceta),
            "turned": str(self.turned),
            "out_of_play": cards(self.out_of_play),
            "trick": [[s, str(c)] for s, c in self.trick],
            "leader": self.leader,
            "taken": [cards(t) for t in self.taken],
            "tricks_won": self.tricks_won,
            "trick_winners": self.trick_winners,
            "last_trick": [[s, str(c)] for s, c in self.last_trick],
            "cantes": [list(c) for c in self.cantes],
            "sung": sorted(s.value for s in self.sung),
            "sang": self.sang,
            "swapped": self.swapped,
            "swapped_seats": sorted(self.swapped_seats),
            "capote_pending": self.capote_pending,
            "capote": self.capote,
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_json(cls, s: str) -> Self:
        data = json.loads(s)

        card = _card

        def cards(texts: list[str]) -> list[Card]:
            return [_card(t) for t in texts]

        state = cls.__new__(cls)
        state.options = Options.model_validate(data["options"])
        state.players = data["players"]
        state.source = DeckSource.from_data(data["source"], "spanish")
        state.initial_events = []
        state.hand_number = data["hand_number"]
        state.dealer = data["dealer"]
        state.juegos = list(data["juegos"])
        state.history = data["history"]
        res = data["result"]
        state.result = (
            None
            if res is None
            else Result(tuple(res["winners"]), tuple(res["scores"]), res["summary"])
        )
        if state.result is not None:
            state.history = state.result.summary["hands"]
        state.hands = [cards(h) for h in data["hands"]]
        state.baceta = cards(data["baceta"])
        state.turned = card(data["turned"])
        state.out_of_play = cards(data["out_of_play"])
        state.trick = [(seat, card(c)) for seat, c in data["trick"]]
        state.leader = data["leader"]
        state.taken = [cards(t) for t in data["taken"]]
        state.tricks_won = list(data["tricks_won"])
        state.trick_winners = list(data["trick_winners"])
        state.last_trick = [(seat, card(c)) for seat, c in data["last_trick"]]
        state.cantes = [(seat, suit, value) for seat, suit, value in data["cantes"]]
        state.sung = {SpanishSuit(v) for v in data["sung"]}
        state.sang = data["sang"]
        state.swapped = data["swapped"]
        state.swapped_seats = set(data["swapped_seats"])
        state.capote_pending = list(data["capote_pending"])
        state.capote = data["capote"]
        state._legal = None
        return state
