"""Tomate (RULES.md, "Tomate"): 52-card French deck, 2 to 17 players, a pot of tantos.

A :class:`State` is a *session* of hands at one table. The session goes on until the table is
closed by the bot (``Options.manos = None``, the default) or until ``manos`` hands have been
played (void hands count). The winners are the seats with the best net tantos over the
session; ``Result.scores`` are those nets.

Verbs (``str(Action)`` notation, accepted as text by :meth:`State.apply`):

* ``take`` — *tomo*: the dealer takes the pinta, before looking at their cards.
* ``pass`` — declines what is offered: the tomo (dealer), *paso* in paso/juego, the baceta,
  or a mosca exchange (keep every card).
* ``discard <n>`` — after ``take``, the dealer's blind discard: the position ``n`` of the card
  in the order the dealer received them (1 = first received; 1..3, or 1..5 in mosca/pánfilo).
* ``stay`` — *juego*.
* ``baceta`` — *tomo la baceta*: a passed player takes the top cards of the baceta.
* ``exchange <cards...>`` — mosca/pánfilo: give those cards away, draw as many from the top
  of the baceta (``pass`` keeps every card).
* ``play <card>`` — a card in a trick.

The pot. The plato and the reserva belong to the Discord server (several tables may share
them), so the engine works on its own copy (``State.plato``, ``State.reserva``); the bot calls
:meth:`State.sync_pot` with the database values before every ``apply``. Every movement of
tantos is a :class:`TantosMoved` event (never one for 0 tantos) between the accounts
``"plato"``, ``"reserva"`` and ``"seat:<n>"``, and the engine applies it to its copy. Reasons:

* ``dealer_ante`` — the dealer's 3 tantos into the plato before the deal.
* ``reserva_to_plato`` — the reserva (all, or at most ``reserva_por_mano``) into the plato.
* ``panfilo`` — 1 tanto from a player to the holder of the pánfilo (Jc).
* ``trick`` — ``P // 3`` (``P // 5`` in mosca/pánfilo) from the plato for one trick won.
* ``tomate`` — a player with no trick (or a dealer who took with fewer than 2) pays ``P`` into
  the reserva; also used for "paying the mosca", which RULES.md equates with tomate.
* ``mosca`` — the whole plato to the winner of a mosca.
* ``unopposed`` — the whole plato to a lone player nobody plays against.

Settlement order: trick payments in trick order, then the tomate payments in order of play
from the first after the dealer. Each hand ends with a :class:`HandScored` summary holding the
net tantos of each seat over that hand (ante and pánfilo payments included) and the plato and
reserva changes, so that ``sum(nets) + plato_delta + reserva_delta == 0``.

Decisions where RULES.md is silent (or only implicit):

* The hand that ends and the next deal (ante, reserva, cards, pánfilo) happen in the same
  ``apply``: the state is never "between hands". ``new_game`` deals the first hand
  (``initial_events``), taking the server's pot as ``plato``/``reserva``.
* ``reserva_por_mano = 0`` is allowed: the reserva then never moves into the plato.
* The dealer decides the tomo and the discard blind: their ``view().hand`` is empty during
  the ``tomo`` and ``discard`` phases (``hand_sizes`` still shows how many cards they hold).
  Positions count the cards as dealt (1..3, 1..5 with five cards); the kept cards keep their
  order and the pinta is appended last; the discard goes to the bottom of the baceta.
* The dealer may take the pinta in every variant (a ciegas too: the tomo is blind anyway). A
  dealer who took must win at least 2 tricks in mosca/pánfilo as well.
* The pánfilo payment: every other seat at the table (players who will pass included) pays
  1 tanto to the holder, in order of play from the first after the dealer, skipping the
  holder, right after the deal and before the tomo. When Jc is the pinta nobody is paid (not
  even when the dealer takes it).
* A player who passes has their cards leave play: their ``view().hand`` becomes empty.
* The baceta is offered to every passed player, the dealer included when they passed, in
  order of play from the first after the dealer; the offer is not made at all when the baceta
  (the dealer's discard included) holds fewer cards than a hand: the lone player then wins
  unopposed.
* Mosca exchanges: ``exchange`` names at least one card (``pass`` keeps all); kept cards keep
  their order and the drawn cards are appended in the order drawn. Legal exchanges are listed
  by number of cards, then by hand order, then ``pass``. Players whose turn comes with an
  empty baceta are skipped without an event. The mosca check happens after the exchanges even
  when nobody could exchange.
* Mosca ties: a trump-suit mosca beats the others; moscas are then compared by their ranks
  from highest to lowest (the pánfilo, which only forms a clubs mosca, ranks as a jack there);
  identical → the first in order of play after the dealer. When the best mosca is the
  ``mesa`` baceta player's, it is won for the table: no tantos move and nobody pays.
* In ``mesa`` mode a trick won by the baceta player counts as theirs (it is shown in
  ``tricks_won``) but its share stays in the plato, and the baceta player is never tomate.
* A dealer who took and won no trick pays ``P`` once.
* A ciegas: nobody looks at their cards, so ``view().hand`` is always empty (use
  ``hand_sizes``); each player's only legal play is the next card of their hand (in the order
  received, the pinta last for a dealer who took, the baceta in the order drawn). ``legal`` in
  that player's view names it at the moment it must be played; since there is no choice left
  by then, this reveals nothing a decision could use. Playing another card is refused without
  saying which card is next.
* The order of legal actions: ``take, pass``; ``discard 1..n``; ``stay, pass``;
  ``baceta, pass``; exchanges then ``pass``; plays in hand order.
* ``view().pinta`` is ``None`` once the dealer took it (``trump`` and ``pinta_taken`` remain).
* The session: ``Options.manos = None`` plays until the bot calls :meth:`State.close` (which
  abandons a hand in progress; tantos already moved stay moved); with a number, the session
  is over once that many hands were played, void hands included. ``result.winners`` are the
  seats with the best net over the session (ties: all of them), ``result.scores`` the nets.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from rules.cards import FRENCH_RANKS, SUIT_NAMES, Card, Family, FrenchSuit, Suit, french_deck
from rules.cards import parse_card as _parse_card
from rules.engine import Action, DeckSource, Event, Result, as_action
from rules.errors import GameOver, IllegalAction, NotYourTurn
from rules.tricks import Ranking, TrickPolicy, legal_cards, trick_winner

Variante = Literal["normal", "a_ciegas", "mosca", "panfilo"]
BacetaMode = Literal["mesa", "propia"]
Phase = Literal["tomo", "discard", "speak", "baceta", "exchange", "play", "over"]
Status = Literal["pending", "in", "passed", "baceta"]
Outcome = Literal["void", "unopposed", "mosca", "mosca_mesa", "tricks"]

PANFILO = Card(11, FrenchSuit.CLUBS)
ANTE = 3
MIN_PLAYERS = 2
MAX_PLAYERS = 17
MAX_PLAYERS_FIVE = 10
TOMO_MIN_TRICKS = 2
FAMILY: Family = "french"

_POLICY = TrickPolicy()  # asistir + matar, fallar, pisar; any card when unable to pisar
_RANKING = Ranking(order=FRENCH_RANKS)
_RANKING_PANFILO = Ranking(order=FRENCH_RANKS, trump_extra=(PANFILO,))


class Options(BaseModel, frozen=True):
    """House rules of a Tomate table (RULES.md, defaults from it)."""

    variante: Variante = "normal"
    baceta: BacetaMode = "mesa"
    reserva_por_mano: int | None = Field(default=None, ge=0)
    manos: int | None = Field(default=None, ge=1)

    @property
    def cards_each(self) -> int:
        return 5 if self.variante in ("mosca", "panfilo") else 3

    def player_counts(self) -> tuple[int, ...]:
        top = MAX_PLAYERS_FIVE if self.cards_each == 5 else MAX_PLAYERS
        return tuple(range(MIN_PLAYERS, top + 1))


# --------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class HandStarted(Event):
    hand: int  # 1-based number of the hand in the session
    dealer: int


@dataclass(frozen=True)
class TantosMoved(Event):
    source: str  # "plato", "reserva" or "seat:<n>"
    target: str
    amount: int
    reason: str  # see the module docstring


@dataclass(frozen=True)
class HandDealt(Event):
    hand: int
    dealer: int
    cards_each: int
    pinta: Card  # turned face up; its suit is trump
    baceta: int  # cards left in the baceta


@dataclass(frozen=True)
class PanfiloDealt(Event):
    seat: int  # holder of Jc, paid 1 tanto by every other seat


@dataclass(frozen=True)
class PintaTaken(Event):
    seat: int
    pinta: Card


@dataclass(frozen=True)
class PintaDeclined(Event):
    seat: int


@dataclass(frozen=True)
class CardDiscarded(Event):
    seat: int
    position: int  # blind: the card itself stays hidden


@dataclass(frozen=True)
class PlayerStayed(Event):
    seat: int


@dataclass(frozen=True)
class PlayerPassed(Event):
    seat: int


@dataclass(frozen=True)
class HandVoid(Event):
    hand: int
    dealer: int


@dataclass(frozen=True)
class BacetaTaken(Event):
    seat: int
    cards: int


@dataclass(frozen=True)
class BacetaDeclined(Event):
    seat: int


@dataclass(frozen=True)
class WonUnopposed(Event):
    seat: int
    amount: int


@dataclass(frozen=True)
class CardsExchanged(Event):
    seat: int
    count: int  # 0: kept every card


@dataclass(frozen=True)
class MoscaWon(Event):
    seat: int
    cards: tuple[Card, ...]
    for_table: bool  # the mesa baceta player's mosca: the plato stays
    amount: int


@dataclass(frozen=True)
class CardPlayed(Event):
    seat: int
    card: Card


@dataclass(frozen=True)
class TrickWon(Event):
    seat: int
    trick: int  # 1-based
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Tomate(Event):
    seat: int
    amount: int


@dataclass(frozen=True)
class HandScored(Event):
    """Summary of one hand; ``nets`` are per seat, ante and pánfilo payments included."""

    hand: int
    dealer: int
    outcome: str  # "void", "unopposed", "mosca", "mosca_mesa" or "tricks"
    winner: int | None  # the unopposed player or the mosca's owner
    tricks: tuple[int, ...]
    tomates: tuple[int, ...]
    nets: tuple[int, ...]
    plato_delta: int
    reserva_delta: int
    plato: int
    reserva: int


@dataclass(frozen=True)
class SessionOver(Event):
    winners: tuple[int, ...]
    scores: tuple[int, ...]


# ----------------------------------------------------------------------------------- view


@dataclass(frozen=True)
class TomateView:
    seat: int | None
    players: int
    variante: str
    baceta_mode: str
    hand: tuple[Card, ...]  # own hand; empty for spectators, the blind dealer, a ciegas
    hand_sizes: tuple[int, ...]
    to_act: int | None
    legal: tuple[str, ...]
    dealer: int
    phase: str
    pinta: Card | None  # face up unless the dealer took it
    trump: Suit | None
    pinta_taken: bool
    taker: int | None  # the dealer, when they took the pinta
    status: tuple[str, ...]  # "pending", "in", "passed" or "baceta"
    baceta_player: int | None
    exchanged: tuple[int | None, ...]  # cards exchanged (mosca); None = not (yet)
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    tricks_won: tuple[int, ...]
    plato: int
    reserva: int
    baceta: int
    hand_number: int
    hands_played: int
    manos: int | None
    nets: tuple[int, ...]  # net tantos per seat over the session
    last_hand: HandScored | None
    is_over: bool


# ---------------------------------------------------------------------------------- state


def _seat(n: int) -> str:
    return f"seat:{n}"


def _card(text: str) -> Card:
    return _parse_card(text, FAMILY)


def _cards(texts: Iterable[str]) -> list[Card]:
    return [_card(t) for t in texts]


def _strs(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


class State:
    """A Tomate session at one table: hands one after another.

    Public attributes a table may read: ``players``, ``options``, ``plato`` and ``reserva``
    (the engine's copy of the server's pot, see :meth:`sync_pot`), ``nets`` (net tantos per
    seat over the session), ``dealer``, ``phase``, ``hand_no`` (the hand in progress, from 1),
    ``hands_played`` and ``last_hand``. Everything else is for the engine and the tests.
    """

    family: ClassVar[Family] = FAMILY

    def __init__(self, options: Options, players: int, source: DeckSource) -> None:
        self.options = options
        self.players = players
        self.source = source
        self.initial_events: list[Event] = []
        self.plato = 0
        self.reserva = 0
        self.nets = [0] * players
        self.hand_no = 0
        self.hands_played = 0
        self.dealer = 0
        self.phase: Phase = "tomo"
        self.turn: int | None = None
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.pinta: Card = PANFILO
        self.took = False
        self.baceta: list[Card] = []
        self.out: list[Card] = []
        self.status: list[Status] = ["pending"] * players
        self.queue: list[int] = []
        self.baceta_player: int | None = None
        self.exchanged: list[int | None] = [None] * players
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[int, list[tuple[int, Card]]]] = []
        self.tricks_won = [0] * players
        self.hand_net = [0] * players
        self.hand_plato_delta = 0
        self.hand_reserva_delta = 0
        self.last_hand: HandScored | None = None

    # ------------------------------------------------------------------ protocol

    @property
    def to_act(self) -> int | None:
        return None if self.phase == "over" else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        best = max(self.nets)
        return Result(
            winners=tuple(s for s, v in enumerate(self.nets) if v == best),
            scores=tuple(self.nets),
            summary={
                "hands": self.hands_played,
                "nets": list(self.nets),
                "plato": self.plato,
                "reserva": self.reserva,
                "last_hand": self.last_hand.data() if self.last_hand else None,
            },
        )

    @property
    def trump(self) -> Suit:
        return self.pinta.suit

    @property
    def cards_each(self) -> int:
        return self.options.cards_each

    @property
    def ranking(self) -> Ranking:
        return _RANKING_PANFILO if self.options.variante == "panfilo" else _RANKING

    def sync_pot(self, plato: int, reserva: int) -> None:
        """Bring the engine's copy of the server's pot in line with the database."""
        if plato < 0 or reserva < 0:
            raise ValueError("El plato y la reserva no pueden ser negativos.")
        self.plato = plato
        self.reserva = reserva

    def close(self) -> list[Event]:
        """End the session now (the table is closed); a hand in progress is abandoned.

        Tantos already moved (the ante, the reserva, pánfilo payments) stay where they are.
        """
        if self.phase == "over":
            raise GameOver("La sesión de tomate ya ha terminado.")
        self.phase = "over"
        self.turn = None
        result = self.result
        assert result is not None
        return [SessionOver(result.winners, result.scores)]

    def legal_actions(self) -> list[Action]:
        if self.phase == "over" or self.turn is None:
            return []
        seat = self.turn
        if self.phase == "tomo":
            return [Action("take"), Action("pass")]
        if self.phase == "discard":
            return [Action("discard", (str(i),)) for i in range(1, len(self.hands[seat]) + 1)]
        if self.phase == "speak":
            return [Action("stay"), Action("pass")]
        if self.phase == "baceta":
            return [Action("baceta"), Action("pass")]
        if self.phase == "exchange":
            hand = self.hands[seat]
            top = min(len(hand), len(self.baceta))
            swaps = [
                Action("exchange", tuple(_strs(combo)))
                for size in range(1, top + 1)
                for combo in itertools.combinations(hand, size)
            ]
            return [*swaps, Action("pass")]
        return [Action.play(c) for c in self._playable(seat)]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if self.phase == "over":
            raise GameOver("La sesión de tomate ha terminado.")
        if seat != self.turn:
            raise NotYourTurn("No es tu turno.")
        act = as_action(action)
        handler = {
            "tomo": self._on_tomo,
            "discard": self._on_discard,
            "speak": self._on_speak,
            "baceta": self._on_baceta,
            "exchange": self._on_exchange,
            "play": self._on_play,
        }[self.phase]
        events: list[Event] = []
        handler(seat, act, events)
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
            trick=tuple(self.trick),
            last_trick=tuple(self.tricks[-1][1]) if self.tricks else (),
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

    # ------------------------------------------------------------------ helpers

    def _order_from(self, start: int) -> list[int]:
        return [(start + i) % self.players for i in range(self.players)]

    def _after_dealer(self) -> list[int]:
        return self._order_from(self.dealer + 1)

    def _is_in(self, seat: int) -> bool:
        return self.status[seat] in ("in", "baceta")

    def _participants(self) -> list[int]:
        return [s for s in self._after_dealer() if self._is_in(s)]

    def _move(
        self, source: str, target: str, amount: int, reason: str, events: list[Event]
    ) -> None:
        if amount <= 0:
            return
        for account, sign in ((source, -1), (target, 1)):
            if account == "plato":
                self.plato += sign * amount
                self.hand_plato_delta += sign * amount
            elif account == "reserva":
                self.reserva += sign * amount
                self.hand_reserva_delta += sign * amount
            else:
                seat = int(account.removeprefix("seat:"))
                self.hand_net[seat] += sign * amount
                self.nets[seat] += sign * amount
        events.append(TantosMoved(source, target, amount, reason))

    def _no_args(self, act: Action) -> None:
        if act.args:
            raise IllegalAction(f"«{act.verb}» no lleva nada más.")

    def _wrong(self, seat: int, act: Action) -> IllegalAction:
        """The error for a verb that does not fit the current phase."""
        verb, phase = act.verb, self.phase
        known = {"take", "pass", "discard", "stay", "baceta", "exchange", "play"}
        if verb not in known:
            message = f"No conozco la acción «{act}»."
        elif verb == "take":
            message = (
                "Solo el repartidor puede tomar la pinta."
                if seat != self.dealer
                else "Ya no puedes tomar la pinta."
            )
        elif verb == "discard":
            message = "Solo se descarta el repartidor que toma la pinta, justo al tomarla."
        elif verb == "exchange" and self.cards_each == 3:
            message = "En esta variante no se cambian cartas."
        elif verb == "pass" and phase == "discard":
            message = "Has tomado la pinta: elige qué carta descartas."
        elif verb == "pass":
            message = "No puedes pasar: juega una carta."
        else:
            message = {
                "stay": "Ahora no toca decir juego.",
                "baceta": "Ahora no se ofrece la baceta.",
                "exchange": "Ahora no toca cambiar cartas.",
                "play": "Aún no se juegan bazas.",
            }[verb]
        hint = {
            "tomo": "Decide si tomas la pinta: «take» o «pass».",
            "discard": f"Descarta a ciegas: «discard <1-{self.cards_each}>».",
            "speak": "Di «stay» (juego) o «pass» (paso).",
            "baceta": "Di «baceta» para tomarla o «pass».",
            "exchange": "Cambia cartas con «exchange <cartas>» o di «pass».",
            "play": "Juega una carta con «play <carta>».",
        }.get(phase, "")
        return IllegalAction(f"{message} {hint}".strip())

    # ------------------------------------------------------------------ hand start

    def _start_hand(self, events: list[Event]) -> None:
        n, k = self.players, self.cards_each
        self.hand_no += 1
        self.hand_net = [0] * n
        self.hand_plato_delta = 0
        self.hand_reserva_delta = 0
        events.append(HandStarted(self.hand_no, self.dealer))
        self._move(_seat(self.dealer), "plato", ANTE, "dealer_ante", events)
        limit = self.options.reserva_por_mano
        amount = self.reserva if limit is None else min(limit, self.reserva)
        self._move("reserva", "plato", amount, "reserva_to_plato", events)
        deck = self.source.next_deck(french_deck())
        self.hands = [[] for _ in range(n)]
        for i in range(k * n):
            self.hands[(self.dealer + 1 + i) % n].append(deck[i])
        self.pinta = deck[k * n]
        self.baceta = list(deck[k * n + 1 :])
        self.took = False
        self.out = []
        self.status = ["pending"] * n
        self.queue = []
        self.baceta_player = None
        self.exchanged = [None] * n
        self.trick = []
        self.tricks = []
        self.tricks_won = [0] * n
        events.append(HandDealt(self.hand_no, self.dealer, k, self.pinta, len(self.baceta)))
        if self.options.variante == "panfilo":
            holder = next((s for s in range(n) if PANFILO in self.hands[s]), None)
            if holder is not None:
                events.append(PanfiloDealt(holder))
                for s in self._after_dealer():
                    if s != holder:
                        self._move(_seat(s), _seat(holder), 1, "panfilo", events)
        self.phase = "tomo"
        self.turn = self.dealer

    # ------------------------------------------------------------------ tomo

    def _on_tomo(self, seat: int, act: Action, events: list[Event]) -> None:
        if act.verb == "take":
            self._no_args(act)
            self.took = True
            self.status[seat] = "in"
            events.append(PintaTaken(seat, self.pinta))
            self.phase = "discard"
            return
        if act.verb == "pass":
            self._no_args(act)
            events.append(PintaDeclined(seat))
            self._begin_speak(events)
            return
        raise self._wrong(seat, act)

    def _on_discard(self, seat: int, act: Action, events: list[Event]) -> None:
        if act.verb != "discard":
            raise self._wrong(seat, act)
        size = len(self.hands[seat])
        text = act.args[0] if len(act.args) == 1 else ""
        if not text.isdigit() or not 1 <= int(text) <= size:
            raise IllegalAction(f"Elige una posición del 1 al {size}.")
        position = int(text)
        card = self.hands[seat].pop(position - 1)
        self.hands[seat].append(self.pinta)
        self.baceta.append(card)
        events.append(CardDiscarded(seat, position))
        self._begin_speak(events)

    # ------------------------------------------------------------------ paso / juego

    def _begin_speak(self, events: list[Event]) -> None:
        self.queue = [s for s in self._after_dealer() if not (s == self.dealer and self.took)]
        self.phase = "speak"
        self.turn = self.queue[0]

    def _on_speak(self, seat: int, act: Action, events: list[Event]) -> None:
        if act.verb not in ("stay", "pass"):
            raise self._wrong(seat, act)
        self._no_args(act)
        if act.verb == "stay":
            self.status[seat] = "in"
            events.append(PlayerStayed(seat))
        else:
            self.status[seat] = "passed"
            self.out.extend(self.hands[seat])
            self.hands[seat] = []
            events.append(PlayerPassed(seat))
        self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
            return
        staying = [s for s in self._after_dealer() if self.status[s] == "in"]
        if not staying:
            events.append(HandVoid(self.hand_no, self.dealer))
            self._end_hand("void", None, (), events)
        elif len(staying) == 1:
            offer = [s for s in self._after_dealer() if self.status[s] == "passed"]
            if len(self.baceta) < self.cards_each or not offer:
                self._unopposed(staying[0], events)
            else:
                self.queue = offer
                self.phase = "baceta"
                self.turn = offer[0]
        else:
            self._begin_exchanges(events)

    # ------------------------------------------------------------------ baceta

    def _on_baceta(self, seat: int, act: Action, events: list[Event]) -> None:
        if act.verb not in ("baceta", "pass"):
            raise self._wrong(seat, act)
        self._no_args(act)
        if act.verb == "baceta":
            k = self.cards_each
            self.hands[seat] = self.baceta[:k]
            del self.baceta[:k]
            self.status[seat] = "baceta"
            self.baceta_player = seat
            events.append(BacetaTaken(seat, k))
            self._begin_exchanges(events)
            return
        events.append(BacetaDeclined(seat))
        self.queue.pop(0)
        if self.queue:
            self.turn = self.queue[0]
            return
        lone = next(s for s in self._after_dealer() if self.status[s] == "in")
        self._unopposed(lone, events)

    def _unopposed(self, seat: int, events: list[Event]) -> None:
        amount = self.plato
        events.append(WonUnopposed(seat, amount))
        self._move("plato", _seat(seat), amount, "unopposed", events)
        self._end_hand("unopposed", seat, (), events)

    # ------------------------------------------------------------------ mosca exchanges

    def _begin_exchanges(self, events: list[Event]) -> None:
        if self.cards_each == 3:
            self._begin_play(events)
            return
        self.queue = self._participants()
        self.phase = "exchange"
        self._next_exchange(events)

    def _next_exchange(self, events: list[Event]) -> None:
        if self.queue and self.baceta:
            self.turn = self.queue[0]
            return
        self.queue = []
        self._begin_play(events)

    def _on_exchange(self, seat: int, act: Action, events: list[Event]) -> None:
        if act.verb == "pass":
            self._no_args(act)
            self.exchanged[seat] = 0
            events.append(CardsExchanged(seat, 0))
        elif act.verb == "exchange":
            if not act.args:
                raise IllegalAction(
                    "Indica qué cartas cambias, o di «pass» para quedarte con todas."
                )
            cards = _cards(act.args)
            hand = self.hands[seat]
            for card in cards:
                if card not in hand:
                    raise IllegalAction(f"No tienes {card.name}.")
            if len(set(cards)) != len(cards):
                raise IllegalAction("Has nombrado una carta dos veces.")
            if len(cards) > len(self.baceta):
                left = len(self.baceta)
                raise IllegalAction(f"La baceta solo tiene {left} carta{'s' if left != 1 else ''}.")
            drawn = self.baceta[: len(cards)]
            del self.baceta[: len(cards)]
            self.hands[seat] = [c for c in hand if c not in cards] + drawn
            self.out.extend(cards)
            self.exchanged[seat] = len(cards)
            events.append(CardsExchanged(seat, len(cards)))
        else:
            raise self._wrong(seat, act)
        self.queue.pop(0)
        self._next_exchange(events)

    def _mosca(self) -> int | None:
        """The seat that wins with a mosca, if any (RULES.md tie order)."""
        best: tuple[bool, list[int]] | None = None
        winner: int | None = None
        for seat in self._participants():
            hand = self.hands[seat]
            suits = {c.suit for c in hand}
            if len(hand) != self.cards_each or len(suits) != 1:
                continue
            key = (hand[0].suit == self.trump, sorted((c.rank for c in hand), reverse=True))
            if best is None or key > best:
                best, winner = key, seat
        return winner

    # ------------------------------------------------------------------ tricks

    def _begin_play(self, events: list[Event]) -> None:
        if self.cards_each == 5:
            seat = self._mosca()
            if seat is not None:
                for_table = self.options.baceta == "mesa" and seat == self.baceta_player
                amount = 0 if for_table else self.plato
                events.append(MoscaWon(seat, tuple(self.hands[seat]), for_table, amount))
                self._move("plato", _seat(seat), amount, "mosca", events)
                self._end_hand("mosca_mesa" if for_table else "mosca", seat, (), events)
                return
        self.phase = "play"
        self.turn = self._participants()[0]

    def _playable(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if self.options.variante == "a_ciegas":
            return hand[:1]
        return legal_cards(hand, self.trick, self.trump, self.ranking, _POLICY)

    def _why_not(self, seat: int, card: Card) -> str:
        hand = self.hands[seat]
        if self.options.variante == "a_ciegas":
            return "A ciegas se juega la siguiente carta de la mano, sin elegir."
        if card not in hand:
            return f"No tienes {card.name}."
        ranking, trump = self.ranking, self.trump
        led = ranking.suit(self.trick[0][1], trump)
        if any(ranking.suit(c, trump) == led for c in hand):
            if ranking.suit(card, trump) != led:
                return f"Debes asistir a {SUIT_NAMES[led]}."
            return "Debes matar: juega una carta más alta."
        if any(ranking.suit(c, trump) == trump for _, c in self.trick):
            return "Debes pisar con un triunfo más alto."
        return "Debes fallar con triunfo."

    def _on_play(self, seat: int, act: Action, events: list[Event]) -> None:
        if act.verb != "play":
            raise self._wrong(seat, act)
        if len(act.args) != 1:
            raise IllegalAction("Indica una carta: «play <carta>».")
        card = act.card(FAMILY)
        if card not in self._playable(seat):
            raise IllegalAction(self._why_not(seat, card))
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events.append(CardPlayed(seat, card))
        players_in = self._participants()
        if len(self.trick) < len(players_in):
            self.turn = next(s for s in self._order_from(seat + 1) if self._is_in(s))
            return
        winner = trick_winner(self.trick, self.trump, self.ranking)
        self.tricks.append((winner, self.trick))
        self.tricks_won[winner] += 1
        events.append(TrickWon(winner, len(self.tricks), tuple(c for _, c in self.trick)))
        self.trick = []
        if len(self.tricks) < self.cards_each:
            self.turn = winner
            return
        self._settle(events)

    def _settle(self, events: list[Event]) -> None:
        pot = self.plato
        share = pot // self.cards_each
        mesa = self.options.baceta == "mesa"
        for winner, _ in self.tricks:
            if not (mesa and winner == self.baceta_player):
                self._move("plato", _seat(winner), share, "trick", events)
        tomates: list[int] = []
        for seat in self._participants():
            if mesa and seat == self.baceta_player:
                continue
            won = self.tricks_won[seat]
            if won == 0 or (seat == self.dealer and self.took and won < TOMO_MIN_TRICKS):
                tomates.append(seat)
                events.append(Tomate(seat, pot))
                self._move(_seat(seat), "reserva", pot, "tomate", events)
        self._end_hand("tricks", None, tuple(tomates), events)

    # ------------------------------------------------------------------ hand end

    def _end_hand(
        self, outcome: Outcome, winner: int | None, tomates: tuple[int, ...], events: list[Event]
    ) -> None:
        summary = HandScored(
            hand=self.hand_no,
            dealer=self.dealer,
            outcome=outcome,
            winner=winner,
            tricks=tuple(self.tricks_won),
            tomates=tomates,
            nets=tuple(self.hand_net),
            plato_delta=self.hand_plato_delta,
            reserva_delta=self.hand_reserva_delta,
            plato=self.plato,
            reserva=self.reserva,
        )
        events.append(summary)
        self.last_hand = summary
        self.hands_played += 1
        manos = self.options.manos
        if manos is not None and self.hands_played >= manos:
            self.phase = "over"
            self.turn = None
            result = self.result
            assert result is not None
            events.append(SessionOver(result.winners, result.scores))
            return
        self.dealer = (self.dealer + 1) % self.players
        self._start_hand(events)

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "options": self.options.model_dump(),
            "players": self.players,
            "source": self.source.to_data(),
            "plato": self.plato,
            "reserva": self.reserva,
            "nets": self.nets,
            "hand_no": self.hand_no,
            "hands_played": self.hands_played,
            "dealer": self.dealer,
            "phase": self.phase,
            "turn": self.turn,
            "hands": [_strs(h) for h in self.hands],
            "pinta": str(self.pinta),
            "took": self.took,
            "baceta": _strs(self.baceta),
            "out": _strs(self.out),
            "status": self.status,
            "queue": self.queue,
            "baceta_player": self.baceta_player,
            "exchanged": self.exchanged,
            "trick": [[s, str(c)] for s, c in self.trick],
            "tricks": [[w, [[s, str(c)] for s, c in plays]] for w, plays in self.tricks],
            "tricks_won": self.tricks_won,
            "hand_net": self.hand_net,
            "hand_plato_delta": self.hand_plato_delta,
            "hand_reserva_delta": self.hand_reserva_delta,
            "last_hand": _summary_data(self.last_hand),
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, s: str) -> State:
        data = json.loads(s)
        state = cls(
            Options(**data["options"]),
            data["players"],
            DeckSource.from_data(data["source"], FAMILY),
        )
        state.plato = data["plato"]
        state.reserva = data["reserva"]
        state.nets = list(data["nets"])
        state.hand_no = data["hand_no"]
        state.hands_played = data["hands_played"]
        state.dealer = data["dealer"]
        state.phase = data["phase"]
        state.turn = data["turn"]
        state.hands = [_cards(h) for h in data["hands"]]
        state.pinta = _card(data["pinta"])
        state.took = data["took"]
        state.baceta = _cards(data["baceta"])
        state.out = _cards(data["out"])
        state.status = list(data["status"])
        state.queue = list(data["queue"])
        state.baceta_player = data["baceta_player"]
        state.exchanged = list(data["exchanged"])
        state.trick = [(s, _card(c)) for s, c in data["trick"]]
        state.tricks = [(w, [(s, _card(c)) for s, c in plays]) for w, plays in data["tricks"]]
        state.tricks_won = list(data["tricks_won"])
        state.hand_net = list(data["hand_net"])
        state.hand_plato_delta = data["hand_plato_delta"]
        state.hand_reserva_delta = data["hand_reserva_delta"]
        state.last_hand = _summary_from(data["last_hand"])
        return state


def _summary_data(summary: HandScored | None) -> dict[str, Any] | None:
    return None if summary is None else summary.data()


def _summary_from(data: dict[str, Any] | None) -> HandScored | None:
    if data is None:
        return None
    return HandScored(
        hand=data["hand"],
        dealer=data["dealer"],
        outcome=data["outcome"],
        winner=data["winner"],
        tricks=tuple(data["tricks"]),
        tomates=tuple(data["tomates"]),
        nets=tuple(data["nets"]),
        plato_delta=data["plato_delta"],
        reserva_delta=data["reserva_delta"],
        plato=data["plato"],
        reserva=data["reserva"],
    )


def new_game(
    options: Options,
    players: int,
    *,
    seed: int | None = None,
    decks: Iterable[Sequence[Card]] = (),
    plato: int = 0,
    reserva: int = 0,
) -> State:
    """Start a session; seat 0 deals the first hand, which is dealt at once.

    ``plato`` and ``reserva`` are the server's pot when the table starts.
    """
    counts = options.player_counts()
    if players not in counts:
        raise ValueError(
            f"Esta variante de tomate se juega con {counts[0]} a {counts[-1]} jugadores."
        )
    if plato < 0 or reserva < 0:
        raise ValueError("El plato y la reserva no pueden ser negativos.")
    state = State(options, players, DeckSource(seed, decks))
    state.sync_pot(plato, reserva)
    events: list[Event] = []
    state._start_hand(events)
    state.initial_events = events
    return state
