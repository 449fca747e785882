"""Escoba (docs/rules/en/escoba.md): capture sets of cards that make 15 with the card played.

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

Decisions where docs/rules/en/escoba.md is silent (or how it is read):

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
  card notation as in ``rules.cards``); anything else raises ``IllegalAction`` with a code
  (:class:`EscobaRefusal` or a common one; see :mod:`.refusals`) and leaves the state
  untouched. The reason is looked for in the order a player checks a move: the verb, the
  cards' count, the card in hand (or the renuncio's card), a repeated card, a card not on
  the table, and last the sum (``not_fifteen`` with the ``total`` the cards make).
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
  :func:`score_hand`, :func:`match_winner`; ``State.sides`` (how many), ``State.side_of(seat)``
  (from :func:`rules.tricks.side_of`: pairs sit alternately, 0+2 against 1+3), ``State.mano``.
* **Saving**: ``to_json``/``from_json`` come from the fields listed in ``EscobaBase.SAVED``
  (the deck source and its RNG included), so a restored match continues identically.

The package, by concern: :mod:`.options` (house rules, values, canonical order),
:mod:`.captures` (sets making 15), :mod:`.events`, :mod:`.refusals`, :mod:`.deal`,
:mod:`.play` (moves and refusals), :mod:`.scoring`, :mod:`.state` (the protocol).
"""

from __future__ import annotations

from tapete.rules.engine import Arg, Game, Verb
from tapete.rules.escoba import cpu as _cpu  # noqa: F401  (registers the CPU players)
from tapete.rules.escoba.captures import capture_sets, splits_in_two_fifteens
from tapete.rules.escoba.events import (
    CardCaptured,
    CardLaid,
    CardsDealt,
    EscobaView,
    HandDealt,
    HandScored,
    MatchOver,
    OpeningEscoba,
    PendingRenuncio,
    RenuncioClaimed,
    RenuncioDeclined,
    RenuncioOffered,
    TableSwept,
)
from tapete.rules.escoba.options import (
    FAMILY,
    FIFTEEN,
    FULL_DECK,
    SIETE_DE_OROS,
    Captura,
    Options,
    canonical,
    value,
)
from tapete.rules.escoba.refusals import EscobaRefusal
from tapete.rules.escoba.scoring import HandPoints, match_winner, score_hand
from tapete.rules.escoba.state import State, new_game

VERBS = (
    Verb("capture", (("card", Arg.CARD), ("cards", Arg.CARDS))),
    Verb("play", (("card", Arg.CARD),)),
    Verb("claim", (("card", Arg.CARD), ("cards", Arg.CARDS))),
    Verb("pass"),
)

GAME = Game(
    name="escoba",
    family=FAMILY,
    options=Options,
    new_game=new_game,
    state=State,
    verbs=VERBS,
    refusals=(EscobaRefusal,),
)

__all__ = [
    "FAMILY",
    "FIFTEEN",
    "FULL_DECK",
    "GAME",
    "SIETE_DE_OROS",
    "VERBS",
    "Captura",
    "CardCaptured",
    "CardLaid",
    "CardsDealt",
    "EscobaRefusal",
    "EscobaView",
    "HandDealt",
    "HandPoints",
    "HandScored",
    "MatchOver",
    "OpeningEscoba",
    "Options",
    "PendingRenuncio",
    "RenuncioClaimed",
    "RenuncioDeclined",
    "RenuncioOffered",
    "State",
    "TableSwept",
    "canonical",
    "capture_sets",
    "match_winner",
    "new_game",
    "score_hand",
    "splits_in_two_fifteens",
    "value",
]
