"""Tute (docs/rules/en/tute.md): habanero (2), arrastrado (3), individual (4) and parejas (2x2).

A :class:`State` covers a whole match: hands are dealt one after another (the dealer passes to
the next seat each hand) until a side reaches ``Options.juegos`` juegos or sings tute.

The package: :mod:`.options` (house rules, card order and points), :mod:`.refusals` (error
codes), :mod:`.events` (events and the view), :mod:`.base` (saved fields, sides) and the
mixins :mod:`.deal`, :mod:`.play` (tricks, draws), :mod:`.cantes` (cantes, tute, the trump
swap) and :mod:`.scoring` (hand and match end), put together in :mod:`.state`.

Verbs (``str(Action)``; ``apply`` also takes the text; declared in :data:`VERBS`):

* ``play <card>`` — play a card to the trick (``play 7o``, ``play as de oros``).
* ``sing <suit>`` — habanero only: sing the cante (20, or 40 in trumps) of suit ``o c e b``.
  ``sing tute`` — habanero only, and only when the ``tute`` option is forced on.
* ``swap`` — exchange the 7 (turned card A, 3 or figure) or the 2 (turned card 7 or lower) of
  trumps for the turned card: habanero after winning a trick, arrastrado during the first
  trick.
* ``capote`` / ``pass`` — habanero: declare capote, or decline, when the baceta is exhausted.

In arrastrado, individual and parejas the cantes and tute are automatic: they are emitted as
events when a trick is won.

Refusals are codes (:class:`TuteRefusal`, the common codes of :mod:`rules.errors` and the
trick obligations :class:`~rules.tricks.Obligation`, param ``suit``); the words are in the
catalogs ``locales/*/tute.ftl``. A card of another suit refused while montar applies is
refused as ``must_follow`` (asistir comes first); a refused ``sing``/``swap`` names the first
condition it fails, in the order of :meth:`CantesMixin._sing_refusal`/``_swap_refusal``.

Decisions where docs/rules/en/tute.md is silent (or where the brief settled them):

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
* **Events.** ``HandDealt``, ``CardPlayed`` and ``TrickWon`` (the shared events of
  :mod:`rules.tricks`; ``TrickWon.last`` marks the diez de últimas), ``CardDrawn`` (the card
  only for the face-up turned card; not shown in the public log), ``TrumpSwapped``,
  ``CanteSung``, ``TuteSung``, ``CapoteDeclared``, ``CapotePassed``, ``HandScored`` (per
  side) and ``MatchOver``. A cante's points go to the singer's side.
* **Options.** ``modalidad`` (default individual), ``juegos`` 1 to 20 (default 3), ``tute``
  (None: on except in habanero).
* **Persistence.** ``to_json``/``from_json`` come from :class:`~rules.snapshot.Snapshot` over
  the fields of :attr:`TuteBase.SAVED` (the RNG of the deck source included).
"""

from __future__ import annotations

from tapete.rules.engine import Arg, Game, Verb
from tapete.rules.tricks import Obligation
from tapete.rules.tute import cpu as _cpu  # noqa: F401  (registers the CPU players)
from tapete.rules.tute.base import TuteBase
from tapete.rules.tute.events import (
    CanteSung,
    CapoteDeclared,
    CapotePassed,
    CardDrawn,
    CardPlayed,
    HandDealt,
    HandScored,
    MatchOver,
    TrickWon,
    TrumpSwapped,
    TuteSung,
    TuteView,
)
from tapete.rules.tute.options import (
    CARDS_EACH,
    FAMILY,
    POINTS,
    RANKING,
    SUIT_WORDS,
    SUITS,
    ULTIMAS,
    Modalidad,
    Options,
    card_points,
)
from tapete.rules.tute.refusals import TuteRefusal
from tapete.rules.tute.state import State, new_game

VERBS: tuple[Verb, ...] = (
    Verb("play", (("card", Arg.CARD),)),
    Verb("sing", (("suit", Arg.SUIT),)),  # a suit letter, or the word ``tute``
    Verb("swap"),
    Verb("capote"),
    Verb("pass"),
)

GAME = Game(
    name="tute",
    family=FAMILY,
    options=Options,
    new_game=new_game,
    state=State,
    verbs=VERBS,
    refusals=(TuteRefusal, Obligation),
)

__all__ = [
    "CARDS_EACH",
    "FAMILY",
    "GAME",
    "POINTS",
    "RANKING",
    "SUITS",
    "SUIT_WORDS",
    "ULTIMAS",
    "VERBS",
    "CanteSung",
    "CapoteDeclared",
    "CapotePassed",
    "CardDrawn",
    "CardPlayed",
    "HandDealt",
    "HandScored",
    "MatchOver",
    "Modalidad",
    "Options",
    "State",
    "TrickWon",
    "TrumpSwapped",
    "TuteBase",
    "TuteRefusal",
    "TuteSung",
    "TuteView",
    "card_points",
    "new_game",
]
