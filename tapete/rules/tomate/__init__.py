"""Tomate (docs/rules/en/tomate.md): 52-card French deck, 2 to 17 players, a pot of tantos.

The package: :mod:`.options` (house rules, constants), :mod:`.refusals` (error codes),
:mod:`.events` (events and the view), :mod:`.base` (saved fields, shared helpers) and one
mixin per phase — :mod:`.deal` (ante, deal, pánfilo, tomo), :mod:`.bidding` (paso/juego,
baceta, mosca exchanges), :mod:`.play` (tricks), :mod:`.scoring` (mosca, settlement, hand and
session end) — put together in :mod:`.state`.

A :class:`State` is a *session* of hands at one table. The session goes on until the table is
closed by the bot (``Options.manos = None``, the default) or until ``manos`` hands have been
played (void hands count). The winners are the seats with the best net tantos over the
session; ``Result.scores`` are those nets.

Verbs (``str(Action)`` notation, accepted as text by :meth:`State.apply`; declared in
:data:`VERBS`):

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

Refusals are codes (:class:`TomateRefusal`, the common codes of :mod:`rules.errors` and the
trick obligations :class:`~rules.tricks.Obligation`); the words are in the catalogs
``locales/*/tomate.ftl``.

The pot. The plato and the reserva belong to the Discord server (several tables may share
them), so the engine works on its own copy (``State.plato``, ``State.reserva``); the bot calls
:meth:`State.sync_pot` with the database values before every ``apply``. Every movement of
tantos is a :class:`TantosMoved` event (never one for 0 tantos) between the accounts
``"plato"``, ``"reserva"`` and ``"seat:<n>"``, and the engine applies it to its copy. Reasons:

* ``dealer_ante`` — the dealer's 3 tantos into the plato before the deal.
* ``reserva_to_plato`` — the reserva (all, or at most ``reserva_por_mano``) into the plato.
* ``panfilo`` — 1 tanto from a player to the holder of the pánfilo (Jc).
* ``trick`` — ``P // 3`` (``P // 5`` in mosca/pánfilo) from the plato for one trick won.
* ``tomate`` — a player with no trick (or a dealer who took with fewer than 2) pays ``P``
  (at most ``tope``) into the reserva; also used for "paying the mosca", which the rule book
  equates with tomate.
* ``mosca`` — the whole plato to the winner of a mosca.
* ``unopposed`` — the whole plato to a lone player nobody plays against.

The bank's limit (docs/rules/*/tomate.md). No balance and no pot may pass the bank's limit
(±10^15 tantos), and a move of the rules must always be playable, so the bot also gives
:meth:`State.sync_pot` the ``room`` of every account for the move: how much it may still
receive and pay. A payment that does not fit is cut to what fits, possibly to nothing (then
no event), and the rest stays where it was: an ante or the reserva moves in part, a trick's
share or a won plato stays in the plato, a tomate pays less (``Tomate.amount`` is what it
paid). Without a ``room`` (the rules' own tests, CPU search) nothing is cut.

Settlement order: trick payments in trick order, then the tomate payments in order of play
from the first after the dealer. Each hand ends with a :class:`HandScored` summary holding the
net tantos of each seat over that hand (ante and pánfilo payments included) and the plato and
reserva changes, so that ``sum(nets) + plato_delta + reserva_delta == 0``.

Decisions where docs/rules/en/tomate.md is silent (or only implicit):

* The hand that ends and the next deal (ante, reserva, cards, pánfilo) happen in the same
  ``apply``: the state is never "between hands". ``new_game`` deals the first hand
  (``initial_events``), taking the server's pot as ``plato``/``reserva``.
* ``reserva_por_mano = 0`` is allowed: the reserva then never moves into the plato. The slash
  option goes up to 10,000; ``tope`` from 1 to 10^9 (default 1,000,000, docs/rules/en/tomate.md).
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
* A dealer who took and won no trick pays ``P`` (at most ``tope``) once.
* A ciegas: nobody looks at their cards, so ``view().hand`` is always empty (use
  ``hand_sizes``); each player's only legal play is the next card of their hand (in the order
  received, the pinta last for a dealer who took, the baceta in the order drawn). ``legal`` in
  that player's view names it at the moment it must be played; since there is no choice left
  by then, this reveals nothing a decision could use. Playing another card is refused
  (``blind_next_card``) without saying which card is next.
* A card refused in a trick carries the obligation it breaks (``must_follow``,
  ``must_overtake`` = matar, ``must_trump`` = fallar, ``must_overtrump`` = pisar) and its
  suit; the same check gives the legal cards. A card not held is ``not_in_hand``.
* The order of legal actions: ``take, pass``; ``discard 1..n``; ``stay, pass``;
  ``baceta, pass``; exchanges then ``pass``; plays in hand order.
* ``view().pinta`` is ``None`` once the dealer took it (``trump`` and ``pinta_taken`` remain).
* ``TrickWon.last`` marks the last trick of a hand (the 3rd, or the 5th in mosca/pánfilo).
* The session: ``Options.manos = None`` plays until the bot calls :meth:`State.close` (which
  abandons a hand in progress; tantos already moved stay moved); with a number, the session
  is over once that many hands were played, void hands included. ``result.winners`` are the
  seats with the best net over the session (ties: all of them), ``result.scores`` the nets.
* Saving: ``to_json``/``from_json`` come from :class:`~rules.snapshot.Snapshot` over the fields
  listed in ``TomateBase.SAVED`` (the deck source and its RNG included).
"""

from __future__ import annotations

from tapete.rules.engine import Arg, Game, Verb
from tapete.rules.tomate import cpu as _cpu  # noqa: F401  (registers the CPU players)
from tapete.rules.tomate.events import (
    BacetaDeclined,
    BacetaTaken,
    CardDiscarded,
    CardPlayed,
    CardsExchanged,
    HandDealt,
    HandScored,
    HandStarted,
    HandVoid,
    MoscaWon,
    PanfiloDealt,
    PintaDeclined,
    PintaTaken,
    PlayerPassed,
    PlayerStayed,
    SessionOver,
    TantosMoved,
    Tomate,
    TomateView,
    TrickWon,
    WonUnopposed,
)
from tapete.rules.tomate.options import (
    ANTE,
    FAMILY,
    MAX_PLAYERS,
    MAX_PLAYERS_FIVE,
    MIN_PLAYERS,
    PANFILO,
    TOMO_MIN_TRICKS,
    BacetaMode,
    Options,
    Outcome,
    Phase,
    Status,
    Variante,
)
from tapete.rules.tomate.refusals import TomateRefusal
from tapete.rules.tomate.state import State, new_game
from tapete.rules.tricks import Obligation

VERBS: tuple[Verb, ...] = (
    Verb("take"),
    Verb("pass"),
    Verb("discard", (("n", Arg.NUMBER),)),
    Verb("stay"),
    Verb("baceta"),
    Verb("exchange", (("cards", Arg.CARDS),), subset=True),
    Verb("play", (("card", Arg.CARD),)),
)

GAME = Game(
    name="tomate",
    family=FAMILY,
    options=Options,
    new_game=new_game,
    state=State,
    verbs=VERBS,
    refusals=(TomateRefusal, Obligation),
)

__all__ = [
    "ANTE",
    "FAMILY",
    "GAME",
    "MAX_PLAYERS",
    "MAX_PLAYERS_FIVE",
    "MIN_PLAYERS",
    "PANFILO",
    "TOMO_MIN_TRICKS",
    "VERBS",
    "BacetaDeclined",
    "BacetaMode",
    "BacetaTaken",
    "CardDiscarded",
    "CardPlayed",
    "CardsExchanged",
    "HandDealt",
    "HandScored",
    "HandStarted",
    "HandVoid",
    "MoscaWon",
    "Options",
    "Outcome",
    "PanfiloDealt",
    "Phase",
    "PintaDeclined",
    "PintaTaken",
    "PlayerPassed",
    "PlayerStayed",
    "SessionOver",
    "State",
    "Status",
    "TantosMoved",
    "Tomate",
    "TomateRefusal",
    "TomateView",
    "TrickWon",
    "Variante",
    "WonUnopposed",
    "new_game",
]
