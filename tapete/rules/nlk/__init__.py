"""NLK (docs/rules/en/nlk.md): a Hungarian shedding game, 3 to 9 players, French deck stripped to
one rank per player beyond 4 (3 players: A-8, 28 cards; ... 9 players: A-2, 52 cards).

The package: :mod:`.options` (house rules, the deck, constants), :mod:`.refusals` (error
codes), :mod:`.events` (events and the view), :mod:`.base` (saved fields, shared helpers) and
one mixin per concern — :mod:`.deal` (the deal), :mod:`.piles` (Phase I), :mod:`.shedding`
(Phase II) and :mod:`.scoring` (the loser, the session) — put together in :mod:`.state`.

A :class:`State` is a *session*: games one after another at one table. Seat 0 deals the
first game; the loser of each game deals the next one, which is dealt inside the same
``apply`` that ended the previous game. The session goes on until the bot closes it
(:meth:`State.close`, the host's ``/nlk cancelar``; ``Options.partidas = None``, the
default) or until ``partidas`` games have been played. ``result.scores`` are the games lost
per seat, ``result.winners`` the seats with the fewest losses (ties: all of them).

Verbs (``str(Action)`` notation, accepted as text by :meth:`State.apply`; declared in
:data:`VERBS`; seats are the seat numbers 0..n-1):

* ``move <seat>`` — Phase I, before drawing: put the top card of one's own pile on that
  seat's pile (its top must be exactly one rank below).
* ``draw`` — Phase I: draw the top card of the baceta, face up.
* ``give <seat>`` — Phase I: put the drawn card on that seat's pile (one rank below it); the
  next card is then drawn at once.
* ``keep`` — Phase I: put the drawn card on one's own pile; the turn ends.
* ``play <card>`` — Phase II: play a card on the trick.
* ``take`` — Phase II, *subir*: take the bottom card of the trick into one's hand.

Refusals are codes (:class:`NLKRefusal` and the common codes of :mod:`rules.errors`); the
words are in the catalogs ``locales/*/nlk.ftl``.

Decisions where docs/rules/en/nlk.md is silent (or only implicit):

* **Deal.** The deck given (scripted or shuffled) is dealt top card first: card *i* starts
  the pile of seat ``dealer + 1 + i`` (mano first); the rest is the baceta, top first.
* **Phase I turn.** Moves happen only before drawing (step 1): any number of ``move``, each
  with the current top card of one's own pile (the last card of the pile may go too). The
  first ``draw`` ends step 1 for the turn. With a drawn card the only choices are ``give``
  and ``keep``. After a ``give`` the next card of the baceta is drawn at once (docs/rules/en/nlk.md:
  "put it there and draw again" — the only choice is what to do with each drawn card), and
  shown with its own ``CardDrawn`` event. ``keep`` ends the turn; the next seat in order of
  play takes the next turn (a seat with an empty pile plays its turn too: it draws).
* **Where a card may go.** Only on another seat's pile (``move``/``give`` naming one's own
  seat is refused: keeping is ``keep``), never on an empty pile, and only when the card is
  exactly one rank above that pile's top, suit irrelevant. Ranks wrap: the lowest rank of the
  table's deck follows the ace (with 3 players, the 8 goes on an ace). One's own pile always
  takes the kept card, even when empty.
* **Trump.** When the last card of the baceta is drawn its suit becomes trump at once
  (``TrumpFixed``, public). Phase I ends as soon as that card is kept or given; whoever then
  has it on their pile leads Phase II (``SheddingStarted``).
* **Phase II hands.** Each pile becomes its owner's hand, kept in deck order (spades, hearts,
  diamonds, clubs; ace down); a card taken back is put in its place. A player whose pile is
  empty is out at once (``PlayerOut``); only the player of the last Phase I turn can be in
  that case (by moving their pile away and giving away every card they drew), so a game never
  ends before Phase II starts with three or more players.
* **Beating.** Each card is compared with the top card of the trick only: a higher card of its
  suit, or, when the top card is not a trump, any trump (even when able to follow). Since
  only higher trumps go on a trump, once a trump is in the trick the top card is a trump, so
  this is also the rule book's "only ever higher trumps are played". A card that does not beat
  is refused with ``beat_top`` (top not a trump) or ``beat_trump`` (top a trump), naming the
  top card.
* **Subir.** ``take`` is offered whenever the trick is not empty (never to the leader of an
  empty trick, who must play). The taker's turn ends: the next seat holding cards faces the
  same top card; when the take emptied the trick, that same seat (the one after the last
  taker, skipping seats out of cards) leads the next trick.
* **A complete trick.** After each play the seats still holding cards are counted (the player
  who just played their last card no longer counts). When the trick holds at least that many
  cards it is complete ("at least": a player's last card can make it one more than the
  holders); it is turned out of play (``TrickTurned``) and the player who completed it
  leads, or, if that card was their last, the next seat holding cards.
* **Order of play in Phase II.** After every play or take the turn passes to the next seat in
  order of play that holds cards; seats out of cards are skipped for good.
* **The end of a game.** Checked after every play, before the trick is counted: the moment
  only one seat holds cards, that seat loses (``GameLost``) and deals the next game; a trick
  in progress is simply abandoned.
* **No limit on take-backs.** The rule book sets none, so none is added: players can make a trick
  go round for as long as they like. No position forces a cycle, though: a leader holding a
  single card goes out by leading it, and any other leader chooses which card to lead, so
  every game can be finished, and random play (the CPU) ends every game (checked by
  ``tests/test_nlk_playout.py``).
* **Order of the legal actions.** Before drawing: ``move`` targets in order of play from the
  seat after the player, then ``draw``. With a drawn card: ``give`` targets in the same order,
  then ``keep``. Phase II: the plays in hand order, then ``take`` (when the trick is not
  empty).
* **Refusals.** A Phase I verb in Phase II is ``piles_over``; ``play``/``take`` in Phase I
  ``not_shedding_yet``. ``move`` after drawing is ``move_after_draw``; ``give``/``keep`` before
  drawing ``draw_first``; ``draw`` with a drawn card ``already_drew``. A missing or bad seat
  (not 0..n-1) is ``missing_seat``/``bad_seat``, then one's own seat ``move_to_own`` /
  ``give_to_own``, then (``move``) an empty own pile ``own_pile_empty``, then an empty target
  pile ``empty_pile`` (a guard only: in Phase I only the player to act can have an empty
  pile), then the wrong rank ``not_one_above``. ``play``: several words that are not one
  card's full name (``play as de picas`` is read) ``play_one_card``, an unknown card
  ``unknown_card``, a card not held ``not_in_hand``, then the beating rule. The state is
  unchanged by every refusal.
* **What a seat sees.** Phase I is public: the top card and size of every pile, the cards
  left in the baceta and the drawn card; ``view().hand`` is empty then. In Phase II a seat
  sees its own hand only, the number of cards each seat holds, the trick bottom to top, the
  trump and its card (made public when drawn), and who is out, in order.
* **Closing.** :meth:`State.close` ends the session at once; a game in progress counts for
  nobody. ``result.summary`` holds the games played, the losses per seat and the last loser.
* Saving: ``to_json``/``from_json`` come from :class:`~rules.snapshot.Snapshot` over the fields
  listed in ``NLKBase.SAVED`` (the deck source included); the snapshot does not grow with the
  session.
"""

from __future__ import annotations

from tapete.rules.engine import Arg, Game, Verb
from tapete.rules.nlk import cpu as _cpu  # noqa: F401  (registers the CPU players)
from tapete.rules.nlk.events import (
    CardDrawn,
    CardGiven,
    CardKept,
    CardMoved,
    CardPlayed,
    CardTaken,
    GameDealt,
    GameLost,
    NLKView,
    PlayerOut,
    SessionOver,
    SheddingStarted,
    TrickTurned,
    TrumpFixed,
)
from tapete.rules.nlk.options import (
    FAMILY,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Options,
    Phase,
    deck_for,
    lowest_rank,
)
from tapete.rules.nlk.refusals import NLKRefusal
from tapete.rules.nlk.state import State, new_game

VERBS: tuple[Verb, ...] = (
    Verb("move", (("seat", Arg.SEAT),)),
    Verb("draw"),
    Verb("give", (("seat", Arg.SEAT),)),
    Verb("keep"),
    Verb("play", (("card", Arg.CARD),)),
    Verb("take"),
)

GAME = Game(
    name="nlk",
    family=FAMILY,
    options=Options,
    new_game=new_game,
    state=State,
    verbs=VERBS,
    refusals=(NLKRefusal,),
)

__all__ = [
    "FAMILY",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "VERBS",
    "CardDrawn",
    "CardGiven",
    "CardKept",
    "CardMoved",
    "CardPlayed",
    "CardTaken",
    "GameDealt",
    "GameLost",
    "NLKRefusal",
    "NLKView",
    "Options",
    "Phase",
    "PlayerOut",
    "SessionOver",
    "SheddingStarted",
    "State",
    "TrickTurned",
    "TrumpFixed",
    "deck_for",
    "lowest_rank",
    "new_game",
]
