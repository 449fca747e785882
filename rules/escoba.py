"""Escoba (RULES.md, "Escoba"): capture sets of cards that make 15 with the card played.

Values: 1-7 as numbered, sota (10) 8, caballo (11) 9, rey (12) 10. 2, 3 or 4 seats; with
``parejas`` 4 seats in two pairs, seats 0+2 (side 0) against 1+3 (side 1). A *side* is a
seat when playing individually and a pair with ``parejas``; scores, ``Result.scores`` and
every per-side tuple below have one entry per side.

Verbs (``str(action)`` is also accepted by ``apply``):

* ``capture <card> <table cards...>`` — play ``<card>`` from the hand and take the listed
  table cards, which with it total exactly 15 (``capture 7o 3c 5e``). ``legal_actions`` lists
  the table cards in the canonical order (below); ``apply`` accepts them in any order.
* ``play <card>`` — lay ``<card>`` face up on the table.
* ``claim <card> <table cards...>`` — *castigo* only: claim the renuncio of the previous player,
  taking the card they laid (first) plus a table set that made 15 with it (canonical order).
* ``pass`` — decline a renuncio claim when the claimant has no card left to play (only at the
  end of a hand, see below); nowhere else.

Decisions where RULES.md is silent (or how it is read):

* **Canonical card order** is the order of ``rules.cards.spanish_deck()``: oros, copas,
  espadas, bastos, and within a suit 1 2 3 4 5 6 7 10 11 12. Table cards in ``capture`` and
  ``claim`` are written in that order, hands in views are sorted that way, and the table is
  shown in the order its cards arrived (dealt, then laid).
* **Legal actions order**: the pending ``claim`` actions first (then ``pass`` when it is
  offered), then every ``capture`` (cards of the hand in canonical order; for one card, its
  capture sets ordered by their sequences of canonical positions, compared
  lexicographically: ``1o 2o 1c 1e`` before ``1o 4o`` before ``5c``), then every ``play``
  (canonical order). Every distinct set of one or more table cards that makes 15 with a card
  is its own action. ``apply`` accepts exactly the legal actions (table cards in any order,
  card notation as in ``rules.cards``); anything else raises ``IllegalAction`` with a reason
  and leaves the state untouched.
* **Captura**: ``obligatoria`` — ``play <card>`` is offered only for cards that cannot
  capture (a card that can capture offers only its captures; laying a non-capturing card is
  allowed even when another card of the hand could capture). ``libre`` and ``castigo`` —
  ``play`` is offered for every card.
* **Dealing**: seat 0 deals the first hand, the deal passes to the next seat each hand; mano
  (the seat after the dealer) receives first, 3 cards each one at a time, then 4 cards go face
  up on the table. The dealer's opening capture (15: one escoba; 30 that splits into two
  groups of 15: two escobas; a 30 that does not split stays on the table) is checked only on
  that first deal of a hand; it counts as a capture for "last capturer". When every hand is
  empty and the deck is not, 3 more each are dealt the same way (no table cards, no opening
  check); with 2, 3 or 4 seats the 36 remaining cards always deal out exactly. Mano plays
  first after every deal (the dealer always plays the last card of a round).
* **Escoba**: any capture that leaves the table empty (also with the last card of a round).
  The last play of a hand never clears the table (every capture takes multiples of 15 and
  the deck totals 220), so no special case is needed. A renuncio claim is never an escoba,
  even if it empties the table.
* **Renuncio (castigo)**: a lay is a renuncio when the laid card could have captured from the
  table as it was when laid. The claimant is the next seat in order of play and the claim is
  offered only to them, only at the start of their turn, before their own play; taking any
  other action declines it (event ``RenuncioDeclined``) and it lapses. The table does not
  change between the lay and the claim, so the claims offered are exactly the captures the
  laid card could have made. After claiming, the claimant plays as usual in the same turn. If
  the lay was the last card of a round, the new 3 cards are dealt first and then the claim is
  offered (the claimant is mano, who plays first anyway). If it was the last card of the hand,
  the claimant (mano) has no card left: their legal actions are the claims and ``pass``, and
  the final sweep follows either. A claim counts as a capture for "last capturer". In pairs
  the claimant is always an opponent of the offender.
* **End of hand**: the table goes to the last capturer (not an escoba). If nobody captured
  at all, those cards belong to nobody and count for no one.
* **Points per hand** (per side): 1 per escoba; 1 for the siete de oros (``7o``); 1 for the
  most sevens; 1 for the most cards; 1 for the most oros. On "most", every side tied at the
  maximum scores 1; nobody scores when the maximum is 0. Nobody scores the 7o if nobody took
  it (only possible when nobody captured).
* **Match**: after each hand, if one side alone has the highest score and it is at or above
  ``objetivo``, that side wins; otherwise another hand is played (so a side below the target
  may still overtake). ``Result.winners`` are the seats of the winning side (both seats of a
  pair), ``Result.scores`` one entry per side, ``Result.summary`` = ``{"players", "parejas",
  "captura", "objetivo", "hands": [per-hand breakdown as in HandScored, plus "dealer"]}``.
* **Events** never show a hidden card: deals report only the public table and counts. Order
  within one ``apply``: ``RenuncioDeclined`` (a pending claim the player let lapse), then the
  move (``CardCaptured`` / ``CardLaid`` / ``RenuncioClaimed``), then ``CardsDealt`` when the
  round ended, then ``RenuncioOffered`` for the next seat; at the end of a hand
  ``TableSwept``, ``HandScored``, then ``MatchOver`` or the next ``HandDealt`` (and its
  ``OpeningEscoba``). ``new_game`` puts the first ``HandDealt``/``OpeningEscoba`` in
  ``State.initial_events``. Hands and rounds are numbered from 1 (round 1 is the first deal).
* Helpers also used by tests and the bot: :func:`value`, :func:`capture_sets`,
  :func:`score_hand`, :func:`match_winner`; ``State.sides``, ``State.side_of(seat)``,
  ``State.mano``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from rules.cards import Card, Family, SpanishSuit, parse_card, spanish_deck
from rules.engine import Action, DeckSource, Event, Result, as_action
from rules.errors import GameOver, IllegalAction, NotYourTurn

Captura = Literal["obligatoria", "libre", "castigo"]

FULL_DECK: tuple[Card, ...] = tuple(spanish_deck())
SIETE_DE_OROS = Card(7, SpanishSuit.OROS)
FIFTEEN = 15
HAND_SIZE = 3
TABLE_SIZE = 4
_ORDER: dict[Card, int] = {card: i for i, card in enumerate(FULL_DECK)}
_VERBS = ("capture", "play", "claim", "pass")


class Options(BaseModel, frozen=True):
    """House rules of an Escoba table (RULES.md defaults)."""

    parejas: bool = False
    captura: Captura = "obligatoria"
    objetivo: int = Field(default=21, ge=1)

    def player_counts(self) -> tuple[int, ...]:
        return (4,) if self.parejas else (2, 3, 4)


# ----------------------------------------------------------------------------- helpers


def value(card: Card) -> int:
    """Escoba value: 1-7 as numbered, sota 8, caballo 9, rey 10."""
    return card.rank if card.rank <= 7 else card.rank - 2


def canonical(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the canonical order (that of ``spanish_deck()``)."""
    return tuple(sorted(cards, key=_ORDER.__getitem__))


class _TableSums:
    """Every set of table cards by its total (below 15), each set in canonical order."""

    def __init__(self, table: Sequence[Card], limit: int = FIFTEEN - 1) -> None:
        items = sorted((value(c), _ORDER[c], c) for c in table)
        self._groups: dict[int, list[tuple[tuple[int, Card], ...]]] = {}

        def walk(start: int, total: int, chosen: tuple[tuple[int, Card], ...]) -> None:
            for i in range(start, len(items)):
                v, index, card = items[i]
                if total + v > limit:
                    break
                grown = (*chosen, (index, card))
                self._groups.setdefault(total + v, []).append(grown)
                walk(i + 1, total + v, grown)

        walk(0, 0, ())

    def sets(self, total: int) -> list[tuple[Card, ...]]:
        """The sets totalling ``total``, in lexicographic canonical order."""
        ordered = sorted(sorted(chosen) for chosen in self._groups.get(total, []))
        return [tuple(card for _, card in chosen) for chosen in ordered]

    def captures(self, card: Card) -> list[tuple[Card, ...]]:
        return self.sets(FIFTEEN - value(card))


def capture_sets(card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of one or more ``table`` cards that totals 15 with ``card``, canonical order."""
    return _TableSums(table, FIFTEEN - value(card)).captures(card)


def splits_in_two_fifteens(cards: Sequence[Card]) -> bool:
    """True when ``cards`` total 30 and some of them total exactly 15."""
    if sum(map(value, cards)) != 2 * FIFTEEN:
        return False
    first, rest = cards[0], cards[1:]
    return bool(capture_sets(first, rest))


def _article(card: Card) -> str:
    """'la sota de copas', 'el siete de oros'."""
    return f"{'la' if card.rank == 10 else 'el'} {card.name}"


def _of(card: Card) -> str:
    """'de la sota de copas', 'del siete de oros'."""
    text = _article(card)
    return f"de {text}" if text.startswith("la ") else f"del {text[3:]}"


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _names(cards: Iterable[Card]) -> str:
    return ", ".join(str(c) for c in cards)


# ----------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class HandPoints:
    """The points of one hand, one entry per side in every tuple."""

    card_counts: tuple[int, ...]
    seven_counts: tuple[int, ...]
    oro_counts: tuple[int, ...]
    escobas: tuple[int, ...]
    siete_de_oros: tuple[int, ...]
    most_sevens: tuple[int, ...]
    most_cards: tuple[int, ...]
    most_oros: tuple[int, ...]
    points: tuple[int, ...]


def _most(counts: Sequence[int]) -> tuple[int, ...]:
    top = max(counts)
    return tuple(1 if top > 0 and c == top else 0 for c in counts)


def score_hand(piles: Sequence[Sequence[Card]], escobas: Sequence[int]) -> HandPoints:
    """Points of a hand from each side's captured cards and escobas (RULES.md)."""
    card_counts = tuple(len(p) for p in piles)
    seven_counts = tuple(sum(1 for c in p if c.rank == 7) for p in piles)
    oro_counts = tuple(sum(1 for c in p if c.suit == SpanishSuit.OROS) for p in piles)
    siete = tuple(1 if SIETE_DE_OROS in p else 0 for p in piles)
    sevens, cards, oros = _most(seven_counts), _most(card_counts), _most(oro_counts)
    points = tuple(
        e + s + a + b + c for e, s, a, b, c in zip(escobas, siete, sevens, cards, oros, strict=True)
    )
    return HandPoints(
        card_counts=card_counts,
        seven_counts=seven_counts,
        oro_counts=oro_counts,
        escobas=tuple(escobas),
        siete_de_oros=siete,
        most_sevens=sevens,
        most_cards=cards,
        most_oros=oros,
        points=points,
    )


def match_winner(scores: Sequence[int], objetivo: int) -> int | None:
    """The winning side: alone with the highest score, at or above the target; else None."""
    top = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == top]
    return leaders[0] if top >= objetivo and len(leaders) == 1 else None


# ----------------------------------------------------------------------------- events


@dataclass(frozen=True)
class HandDealt(Event):
    """A hand began: 3 cards to each seat (hidden) and ``table`` face up."""

    hand: int
    dealer: int
    mano: int
    table: tuple[Card, ...]
    deck_count: int


@dataclass(frozen=True)
class OpeningEscoba(Event):
    """The dealer's four table cards made 15 (1 escoba) or two 15s (2): the dealer takes them."""

    seat: int
    cards: tuple[Card, ...]
    escobas: int


@dataclass(frozen=True)
class CardsDealt(Event):
    """All hands were empty: 3 more cards to each seat (``round`` 2, 3... of the hand)."""

    hand: int
    round: int
    deck_count: int


@dataclass(frozen=True)
class CardCaptured(Event):
    """``seat`` played ``card`` and took ``captured`` from the table."""

    seat: int
    card: Card
    captured: tuple[Card, ...]
    escoba: bool


@dataclass(frozen=True)
class CardLaid(Event):
    """``seat`` laid ``card`` on the table; ``could_capture``: it could have made 15."""

    seat: int
    card: Card
    could_capture: bool


@dataclass(frozen=True)
class RenuncioOffered(Event):
    """Castigo: ``seat`` may claim the renuncio of ``offender``, who laid ``card``."""

    seat: int
    offender: int
    card: Card


@dataclass(frozen=True)
class RenuncioClaimed(Event):
    """``seat`` took ``offender``'s laid ``card`` plus ``captured`` (not an escoba)."""

    seat: int
    offender: int
    card: Card
    captured: tuple[Card, ...]


@dataclass(frozen=True)
class RenuncioDeclined(Event):
    """``seat`` let the renuncio of ``offender`` (``card``) lapse."""

    seat: int
    offender: int
    card: Card


@dataclass(frozen=True)
class TableSwept(Event):
    """End of hand: ``cards`` left on the table go to ``seat`` (None: nobody captured)."""

    seat: int | None
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class HandScored(Event):
    """Points of hand ``hand``; every tuple has one entry per side; ``scores`` = match totals."""

    hand: int
    card_counts: tuple[int, ...]
    seven_counts: tuple[int, ...]
    oro_counts: tuple[int, ...]
    escobas: tuple[int, ...]
    siete_de_oros: tuple[int, ...]
    most_sevens: tuple[int, ...]
    most_cards: tuple[int, ...]
    most_oros: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class MatchOver(Event):
    """The match ended: ``winners`` are seats, ``scores`` one entry per side."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]


# ----------------------------------------------------------------------------- view


@dataclass(frozen=True)
class PendingRenuncio:
    """A renuncio that ``claimant`` may claim now: ``offender`` laid ``card``."""

    offender: int
    claimant: int
    card: Card
    sets: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class EscobaView:
    """What ``seat`` (None: a spectator) may see. Per-side tuples: one entry per side."""

    seat: int | None
    hand: tuple[Card, ...]
    to_act: int | None
    legal: tuple[str, ...]
    dealer: int
    mano: int
    hand_number: int
    table: tuple[Card, ...]
    deck_count: int
    hand_sizes: tuple[int, ...]
    captured_counts: tuple[int, ...]
    escobas: tuple[int, ...]
    scores: tuple[int, ...]
    last_capturer: int | None
    renuncio: PendingRenuncio | None
    players: int
    parejas: bool
    captura: str
    objetivo: int
    is_over: bool
    winners: tuple[int, ...]


# ----------------------------------------------------------------------------- state


@dataclass(frozen=True)
class _Pending:
    offender: int
    card: Card


class State:
    """A whole Escoba match (every hand until a side wins)."""

    family: ClassVar[Family] = "spanish"

    def __init__(self, options: Options, players: int, source: DeckSource) -> None:
        self.options = options
        self.players = players
        self.initial_events: list[Event] = []
        self._source = source
        self._hand_no = 0
        self._round = 0
        self._dealer = 0
        self._deck: list[Card] = []
        self._hands: list[list[Card]] = [[] for _ in range(players)]
        self._table: list[Card] = []
        self._captured: list[list[Card]] = [[] for _ in range(players)]
        self._escobas: list[int] = [0] * players
        self._last_capturer: int | None = None
        self._turn: int | None = None
        self._pending: _Pending | None = None
        self._scores: list[int] = [0] * self.sides
        self._history: list[dict[str, Any]] = []
        self._winners: tuple[int, ...] | None = None
        self._legal: list[Action] | None = None  # caches, cleared by every move
        self._claims: list[tuple[Card, ...]] | None = None

    # ------------------------------------------------------------------ public protocol

    @property
    def sides(self) -> int:
        return 2 if self.options.parejas else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.options.parejas else seat

    @property
    def to_act(self) -> int | None:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._winners is not None

    @property
    def result(self) -> Result | None:
        if self._winners is None:
            return None
        return Result(winners=self._winners, scores=tuple(self._scores), summary=self._summary())

    @property
    def mano(self) -> int:
        return (self._dealer + 1) % self.players

    def legal_actions(self) -> list[Action]:
        if self._turn is None:
            return []
        if self._legal is None:
            self._legal = self._compute_legal(self._turn)
        return list(self._legal)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if self._turn is None:
            raise GameOver("La partida ha terminado.")
        if seat != self._turn:
            raise NotYourTurn(f"No es tu turno: le toca al asiento {self._turn}.")
        act = self._normalise(as_action(action))
        if act not in self.legal_actions():
            raise IllegalAction(self._why_illegal(seat, act))
        events: list[Event] = []
        self._legal = self._claims = None
        if act.verb == "claim":
            self._claim(seat, act, events)
        elif act.verb == "pass":
            self._decline(seat, events)
            self._finish_hand(events)
        else:
            if self._pending is not None:
                self._decline(seat, events)
            if act.verb == "capture":
                self._capture(seat, act, events)
            else:
                self._lay(seat, act, events)
            self._advance(seat, events)
        return events

    def view(self, seat: int | None) -> EscobaView:
        if seat is not None and not 0 <= seat < self.players:
            raise ValueError(f"No existe el asiento {seat}.")
        pending = None
        if self._pending is not None and self._turn is not None:
            pending = PendingRenuncio(
                offender=self._pending.offender,
                claimant=self._turn,
                card=self._pending.card,
                sets=tuple(self._claim_sets()),
            )
        captured = [0] * self.sides
        for owner, pile in enumerate(self._captured):
            captured[self.side_of(owner)] += len(pile)
        return EscobaView(
            seat=seat,
            hand=canonical(self._hands[seat]) if seat is not None else (),
            to_act=self._turn,
            legal=tuple(str(a) for a in self.legal_actions()) if seat == self._turn else (),
            dealer=self._dealer,
            mano=self.mano,
            hand_number=self._hand_no,
            table=tuple(self._table),
            deck_count=len(self._deck),
            hand_sizes=tuple(len(h) for h in self._hands),
            captured_counts=tuple(captured),
            escobas=tuple(self._side_escobas()),
            scores=tuple(self._scores),
            last_capturer=self._last_capturer,
            renuncio=pending,
            players=self.players,
            parejas=self.options.parejas,
            captura=self.options.captura,
            objetivo=self.options.objetivo,
            is_over=self.is_over,
            winners=self._winners or (),
        )

    # ------------------------------------------------------------------ legal actions

    def _claim_sets(self) -> list[tuple[Card, ...]]:
        assert self._pending is not None
        if self._claims is None:
            card = self._pending.card
            self._claims = capture_sets(card, [c for c in self._table if c != card])
        return self._claims

    def _compute_legal(self, seat: int) -> list[Action]:
        hand = canonical(self._hands[seat])
        actions: list[Action] = []
        if self._pending is not None:
            laid = str(self._pending.card)
            actions += [Action("claim", (laid, *map(str, s))) for s in self._claim_sets()]
            if not hand:
                actions.append(Action("pass"))
        plays: list[Action] = []
        sums = _TableSums(self._table, max((FIFTEEN - value(c) for c in hand), default=0))
        for card in hand:
            sets = sums.captures(card)
            actions += [Action("capture", (str(card), *map(str, s))) for s in sets]
            if not sets or self.options.captura != "obligatoria":
                plays.append(Action.play(card))
        return actions + plays

    def _normalise(self, action: Action) -> Action:
        """Parse the cards of ``action`` and write them in canonical notation and order."""
        verb = action.verb.lower()
        if verb not in _VERBS:
            return Action(verb, action.args)
        cards = [parse_card(text, self.family) for text in action.args]
        if verb in ("capture", "claim") and cards:
            cards = [cards[0], *canonical(cards[1:])]
        return Action(verb, tuple(str(c) for c in cards))

    def _why_illegal(self, seat: int, act: Action) -> str:
        """A reason a player understands for an action that is not legal."""
        hand = self._hands[seat]
        cards = [parse_card(text, self.family) for text in act.args] if act.verb in _VERBS else []
        if act.verb not in _VERBS:
            return f"No conozco la acción «{act.verb}»: usa capture, play o claim."
        if act.verb == "pass":
            if act.args:
                return "Para pasar escribe solo «pass», sin cartas."
            if self._pending is None:
                return "No puedes pasar: juega una carta (play) o captura (capture)."
            return "No puedes pasar: juega una carta o reclama el renuncio antes."
        if act.verb in ("play", "capture") and not hand:
            return "No te quedan cartas: reclama el renuncio (claim) o pasa (pass)."
        if act.verb == "play":
            if len(cards) != 1:
                return "Indica una sola carta: play <carta>."
            card = cards[0]
            if card not in hand:
                return f"No tienes {_article(card)}."
            return f"{_capitalised(_article(card))} puede capturar: la captura es obligatoria."
        if act.verb == "claim" and self._pending is None:
            return "No hay ningún renuncio que reclamar."
        if len(cards) < 2:
            if act.verb == "claim":
                return "Indica la carta del renuncio y las cartas de la mesa que suman 15 con ella."
            return "Indica la carta que juegas y las cartas de la mesa que capturas."
        card, taken = cards[0], cards[1:]
        if act.verb == "capture" and card not in hand:
            return f"No tienes {_article(card)}."
        if act.verb == "claim":
            assert self._pending is not None
            if card != self._pending.card:
                return f"El renuncio es {_of(self._pending.card)}, no {_of(card)}."
        if len(set(cards)) != len(cards):
            return "Has repetido una carta."
        table = [c for c in self._table if c != card]
        missing = [c for c in taken if c not in table]
        if missing:
            return f"{_capitalised(_article(missing[0]))} no está en la mesa."
        if sum(map(value, cards)) != FIFTEEN:
            total = sum(map(value, cards))
            return f"Esas cartas no suman 15 con {_article(card)} (suman {total})."
        return "Esa jugada no está permitida ahora."

    # ------------------------------------------------------------------ moves

    def _take(self, cards: Iterable[Card]) -> None:
        for card in cards:
            self._table.remove(card)

    def _capture(self, seat: int, act: Action, events: list[Event]) -> None:
        card = parse_card(act.args[0], self.family)
        taken = tuple(parse_card(t, self.family) for t in act.args[1:])
        self._hands[seat].remove(card)
        self._take(taken)
        self._captured[seat] += [card, *taken]
        self._last_capturer = seat
        escoba = not self._table
        if escoba:
            self._escobas[seat] += 1
        events.append(CardCaptured(seat=seat, card=card, captured=taken, escoba=escoba))

    def _lay(self, seat: int, act: Action, events: list[Event]) -> None:
        card = parse_card(act.args[0], self.family)
        could = bool(capture_sets(card, self._table))
        self._hands[seat].remove(card)
        self._table.append(card)
        if could and self.options.captura == "castigo":
            self._pending = _Pending(offender=seat, card=card)
        events.append(CardLaid(seat=seat, card=card, could_capture=could))

    def _claim(self, seat: int, act: Action, events: list[Event]) -> None:
        assert self._pending is not None
        card = self._pending.card
        taken = tuple(parse_card(t, self.family) for t in act.args[1:])
        self._take((card, *taken))
        self._captured[seat] += [card, *taken]
        self._last_capturer = seat
        events.append(
            RenuncioClaimed(seat=seat, offender=self._pending.offender, card=card, captured=taken)
        )
        self._pending = None
        if not self._hands[seat]:
            self._finish_hand(events)

    def _decline(self, seat: int, events: list[Event]) -> None:
        assert self._pending is not None
        pending, self._pending = self._pending, None
        events.append(RenuncioDeclined(seat=seat, offender=pending.offender, card=pending.card))

    def _advance(self, seat: int, events: list[Event]) -> None:
        """Pass the turn after ``seat`` played: re-deal or end the hand when hands are empty."""
        following = (seat + 1) % self.players
        if not any(self._hands):
            if self._deck:
                self._deal_round(events)
            elif self._pending is None:
                self._finish_hand(events)
                return
        self._turn = following
        if self._pending is not None:
            events.append(
                RenuncioOffered(
                    seat=following, offender=self._pending.offender, card=self._pending.card
                )
            )

    # ------------------------------------------------------------------ dealing and scoring

    def _deal_three(self) -> None:
        for _ in range(HAND_SIZE):
            for i in range(self.players):
                self._hands[(self.mano + i) % self.players].append(self._deck.pop(0))

    def _deal_round(self, events: list[Event]) -> None:
        if len(self._deck) < HAND_SIZE * self.players:
            raise AssertionError("the deck does not deal out evenly")
        self._round += 1
        self._deal_three()
        events.append(CardsDealt(hand=self._hand_no, round=self._round, deck_count=len(self._deck)))

    def _start_hand(self, events: list[Event]) -> None:
        self._hand_no += 1
        self._round = 1
        self._deck = self._source.next_deck(FULL_DECK)
        self._hands = [[] for _ in range(self.players)]
        self._captured = [[] for _ in range(self.players)]
        self._escobas = [0] * self.players
        self._last_capturer = None
        self._pending = None
        self._deal_three()
        self._table = [self._deck.pop(0) for _ in range(TABLE_SIZE)]
        events.append(
            HandDealt(
                hand=self._hand_no,
                dealer=self._dealer,
                mano=self.mano,
                table=tuple(self._table),
                deck_count=len(self._deck),
            )
        )
        total = sum(map(value, self._table))
        escobas = 1 if total == FIFTEEN else 2 if splits_in_two_fifteens(self._table) else 0
        if escobas:
            taken, self._table = tuple(self._table), []
            self._captured[self._dealer] += taken
            self._escobas[self._dealer] += escobas
            self._last_capturer = self._dealer
            events.append(OpeningEscoba(seat=self._dealer, cards=taken, escobas=escobas))
        self._turn = self.mano

    def _piles(self) -> list[list[Card]]:
        piles: list[list[Card]] = [[] for _ in range(self.sides)]
        for seat, pile in enumerate(self._captured):
            piles[self.side_of(seat)] += pile
        return piles

    def _side_escobas(self) -> list[int]:
        escobas = [0] * self.sides
        for seat, count in enumerate(self._escobas):
            escobas[self.side_of(seat)] += count
        return escobas

    def _finish_hand(self, events: list[Event]) -> None:
        rest, self._table = tuple(self._table), []
        if self._last_capturer is not None:
            self._captured[self._last_capturer] += rest
        events.append(TableSwept(seat=self._last_capturer, cards=rest))
        points = score_hand(self._piles(), self._side_escobas())
        self._scores = [s + p for s, p in zip(self._scores, points.points, strict=True)]
        scored = HandScored(
            hand=self._hand_no,
            card_counts=points.card_counts,
            seven_counts=points.seven_counts,
            oro_counts=points.oro_counts,
            escobas=points.escobas,
            siete_de_oros=points.siete_de_oros,
            most_sevens=points.most_sevens,
            most_cards=points.most_cards,
            most_oros=points.most_oros,
            points=points.points,
            scores=tuple(self._scores),
        )
        events.append(scored)
        self._history.append({"dealer": self._dealer, **scored.data()})
        winner = match_winner(self._scores, self.options.objetivo)
        if winner is not None:
            self._winners = tuple(s for s in range(self.players) if self.side_of(s) == winner)
            self._turn = None
            events.append(MatchOver(winners=self._winners, scores=tuple(self._scores)))
            return
        self._dealer = (self._dealer + 1) % self.players
        self._start_hand(events)

    def _summary(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "parejas": self.options.parejas,
            "captura": self.options.captura,
            "objetivo": self.options.objetivo,
            "hands": [dict(h) for h in self._history],
        }

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> str:
        pending = self._pending
        data = {
            "game": "escoba",
            "options": self.options.model_dump(),
            "players": self.players,
            "hand": self._hand_no,
            "round": self._round,
            "dealer": self._dealer,
            "deck": [str(c) for c in self._deck],
            "hands": [[str(c) for c in h] for h in self._hands],
            "table": [str(c) for c in self._table],
            "captured": [[str(c) for c in p] for p in self._captured],
            "escobas": self._escobas,
            "last_capturer": self._last_capturer,
            "turn": self._turn,
            "pending": None
            if pending is None
            else {"offender": pending.offender, "card": str(pending.card)},
            "scores": self._scores,
            "history": self._history,
            "winners": None if self._winners is None else list(self._winners),
            "source": self._source.to_data(),
        }
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, s: str) -> State:
        data = json.loads(s)
        if data.get("game") != "escoba":
            raise ValueError("Esa partida guardada no es de escoba.")

        def cards(texts: Iterable[str]) -> list[Card]:
            return [parse_card(t, cls.family) for t in texts]

        state = cls(
            Options(**data["options"]),
            data["players"],
            DeckSource.from_data(data["source"], cls.family),
        )
        state._hand_no = data["hand"]
        state._round = data["round"]
        state._dealer = data["dealer"]
        state._deck = cards(data["deck"])
        state._hands = [cards(h) for h in data["hands"]]
        state._table = cards(data["table"])
        state._captured = [cards(p) for p in data["captured"]]
        state._escobas = list(data["escobas"])
        state._last_capturer = data["last_capturer"]
        state._turn = data["turn"]
        pending = data["pending"]
        if pending is not None:
            state._pending = _Pending(pending["offender"], parse_card(pending["card"], cls.family))
        state._scores = list(data["scores"])
        state._history = list(data["history"])
        winners = data["winners"]
        state._winners = None if winners is None else tuple(winners)
        return state


def new_game(
    options: Options,
    players: int,
    *,
    seed: int | None = None,
    decks: Iterable[Sequence[Card]] = (),
) -> State:
    """A new match; seat 0 deals the first hand. ``decks``: scripted orders, top card first."""
    if players not in options.player_counts():
        if options.parejas:
            raise ValueError("La escoba por parejas se juega con 4 jugadores.")
        raise ValueError("La escoba se juega con 2, 3 o 4 jugadores.")
    state = State(options, players, DeckSource(seed, decks))
    state._start_hand(state.initial_events)
    return state
