"""Belote (docs/rules/en/belote.md): 2, 3 or 4 players, or 4 in pairs (seats 0+2 against 1+3).

A :class:`State` covers a whole match: hands are dealt one after another until a side is at
or above ``Options.objetivo`` with the single highest total. A *side* is a seat, or a pair
with ``parejas`` (side 0 = seats 0+2); ``scores``, ``Result.scores`` and every per-side tuple
of the events and the view have one entry per side.

The package: :mod:`.options` (house rules, card orders and points, actions), :mod:`.refusals`
(error codes), :mod:`.events` (events and the view), :mod:`.combos` (finding, comparing and
judging combinations), :mod:`.base` (saved fields, sides) and the mixins :mod:`.deal`,
:mod:`.bidding`, :mod:`.play` and :mod:`.scoring`, put together in :mod:`.state`.

Verbs (``str(Action)``; ``apply`` also takes the text; declared in :data:`VERBS`):

* ``take`` — first bidding round: take the turned suit as trump.
* ``name <suit>`` — second round: take with another suit as trump (``s h d c``, or the suit's
  Spanish or English name: ``name picas``, ``name hearts``).
* ``swap`` — 2-3 players, trump the turned suit: exchange the 7 of trumps for the turned card.
* ``announce`` — before one's first card: announce every combination still allowed.
* ``play <card>`` — play a card (``play Js``, ``play 10h``, ``play jota de picas``).
* ``pass`` — pass in either bidding round, or keep the 7 of trumps (decline the swap).

Refusals are codes (:class:`BeloteRefusal`, the common codes of :mod:`rules.errors` and the
trick obligations :class:`~rules.tricks.Obligation`, param ``suit``; ``must_overtake`` and
``must_overtrump`` also name the ``card`` to beat: the highest trump in the trick). A card
of another suit refused while montar applies is refused as ``must_follow`` (asistir comes
first). The words are in the catalogs ``locales/*/belote.ftl``.

Decisions where docs/rules/en/belote.md is silent (or how it is read):

* **Deal.** Seat 0 deals the first hand; mano (the seat after the dealer) receives first,
  speaks first and leads the first trick. Packets of 3 then 3 (2-3 players) or 3 then 2 (4
  players), each round of packets from mano in order of play; the next card is turned up.
  The complementary cards go 3 at once to each seat from mano (with 4 players the taker gets
  2, then the turned card). With 2-3 players the rest of the deck is the stock, out of play,
  and its bottom card (the last card of the deck) is shown (``BottomShown``). When everybody
  passes twice the same dealer deals a new deck (``Redeal``, then ``HandDealt``);
  ``hand_number`` counts deals, so a redeal is a new number.
* **The dealer** passes to the next seat after each played hand. With 2 players the seat
  that added more to its total in that hand deals the next (equal: the deal passes).
* **Hand order.** Each hand is kept by suit (s h d c), natural order within a suit (A K Q J
  10 9 8 7). Legal actions: first round ``take``, ``pass``; second round ``name <suit>`` for
  every suit but the turned one in suit order, then ``pass``; the swap ``swap``, ``pass``;
  in play the legal cards in hand order, then ``announce`` when it is allowed.
* **The swap** (2-3 players, trump taken in the first round): right after the complementary
  cards and the bottom card, the seat holding the 7 of trumps is asked ``swap``/``pass``
  (nobody is asked when the 7 is the turned card or in the stock); the 7 takes the turned
  card's place, out of play. Play (and announcing) starts after the answer.
* **Combinations** (:mod:`.combos`): brelanes of J, 9, A, 10, K, Q (the four 8s or 7s are no
  combination: worth nothing, never announced); sequences are the maximal runs of 3 or more
  cards of a suit in natural order: 3 tercia 20, 4 cuarta 50, 5-7 (quinta, sexta, séptima)
  100, 8 (octava: quinta and tercia) 120; a run is never split. A card may belong to a
  brelán and a sequence at once. Order: any brelán above any sequence; brelanes J 9 A 10 K
  Q; sequences by length, then top card, then trumps. Belote is not a combination.
* **Announcing.** ``announce`` is offered before the seat's first card (in the first trick,
  at its turn) when it holds a combination **better** than the best one announced so far by
  anyone (partner included); it announces all such combinations at once, strongest first,
  one ``Announced`` event each, naming only the kind and the length (a brelán's rank, a
  sequence's height and the cards stay hidden). With ``empate_escalera=none_or_split`` an
  *equal* combination (a sequence of the same length and top card, neither in trumps) may
  be announced too, or that tie rule could never apply; with ``first`` it may not (it would
  lose the tie to the earlier one anyway). A seat announces once. Never automatic: a
  combination not announced counts for nothing and annuls nothing.
* **Judging** (when the first trick ends, one ``CombinationShown`` per announcement, in
  announcement order, with its cards, points and reason ``scores``, ``beaten``,
  ``annulled``, ``tie_lost``, ``tie_none`` or ``tie_split``): the best brelán's side scores
  all of its announced brelanes. The best sequence announced (tie rule included) wins and
  annuls the others, and its side scores all its announced sequences, unless a player of
  another side announced a brelán (a beaten one too): then it is annulled and **no**
  sequence scores (the next best does not take its place). Every sequence of a side that
  another side's brelán annuls is shown ``annulled``. A tie between sides: ``first`` — the
  one announced first wins; ``none_or_split`` — with 2 players nobody scores sequences,
  with 3 or more each tied side scores the tied sequence's value divided by the number of
  tied sides (rounded down) and nothing else; a tied side annulled by a brelán loses its
  share, which nobody gets.
* **Belote** is declared by the engine: ``BeloteDeclared`` when the seat holding both the K
  and the Q of trumps plays the first, ``RebeloteDeclared`` (20 points) with the second.
* **Obligations** (:data:`~rules.belote.options.POLICY`): asistir; on a trump lead a trump
  higher than every trump in the trick if able (else any trump); void: a trump higher than
  every trump in the trick if able, else any trump, only without trumps any card. In pairs,
  a seat void in the led suit while its partner wins the trick may play any card (the
  partner never frees a trump lead).
* **Scoring a hand.** Points per side = card points of its tricks + dix de der + combinations
  scored + belote. The taker's side must beat every other side strictly (``hecho``: every
  side scores its points). Otherwise ``dedans``: the other sides split equally (rounded down)
  the card points of the cards played + dix de der + every combination scored, and each keeps
  its own belote; the taker's side scores only its belote. With ``litigio`` an exact tie with
  the best opponent is ``litige``: the opponents score their points, the taker's side scores
  its belote now and the rest of its points (capote bonus included) are held (``held``).
  Held points go to the next *played* hand (a redeal is not one): to the taker's side if it
  is made, split equally between the opponents (rounded down, apart from the dedans pot) if
  it is dedans, held again (added to the new ones) on a new litige, lost if the match ends
  first.
* **Capote** (a side with no trick): the sides that took a trick share 100 (rounded down),
  added after the comparison; a taker's side that is dedans gets no share (its share is not
  given to anybody).
* **Match end.** After a hand, a side at or above ``objetivo`` with the single highest total
  wins; otherwise (a tie for the highest, or nobody there) the next hand is dealt.
* **Result.** ``winners`` are seats (both seats of a pair); ``scores`` the totals per side;
  ``summary``: ``objetivo``, ``parejas``, ``lost`` (litige points lost) and ``hands`` (each
  played hand: dealer, taker, trump, outcome, what each side scored, and the totals after).
* **View.** Public: the dealer, the turned card (and, with 4 players, that the taker took
  it), the trump and the taker, the bottom card, the trick, the last trick, tricks won per
  seat, the announcements by name, the combinations shown, belote/rebelote, each side's
  points so far this hand (card points of its tricks, combinations once shown, belote once
  rebelote is said), the match totals, the held litige points and the last hand's summary.
  The seat to act also sees (``announce``) the combinations ``announce`` would declare.
* **Options.** ``parejas`` (default off), ``objetivo`` 1 to 10,000 (default 1000),
  ``litigio`` (default on) and ``empate_escalera`` (``first``, default, or ``none_or_split``).
* **Persistence.** ``to_json``/``from_json`` come from :class:`~rules.snapshot.Snapshot`
  over :attr:`BeloteBase.SAVED` (the deck source included); the last hand's summary is saved
  without what it can rebuild. Layout 2 keeps every finished trick of the hand (layout 1
  kept the last one only; :func:`~rules.belote.base.upgrade_belote_v1_to_v2`).
"""

from __future__ import annotations

from tapete.rules.belote import cpu as _cpu  # noqa: F401  (registers the CPU players)
from tapete.rules.belote.base import BeloteBase
from tapete.rules.belote.combos import Combo, combinations, judge, strength, value
from tapete.rules.belote.events import (
    Announced,
    BeloteDeclared,
    BeloteView,
    BottomShown,
    CardPlayed,
    CombinationShown,
    HandDealt,
    HandScored,
    MatchOver,
    Passed,
    RebeloteDeclared,
    Redeal,
    SwapDeclined,
    Took,
    TrickWon,
    TrumpSwapped,
    TurnedCardTaken,
)
from tapete.rules.belote.options import (
    DECK,
    FAMILY,
    RANKING,
    SUITS,
    Options,
    card_points,
)
from tapete.rules.belote.refusals import BeloteRefusal
from tapete.rules.belote.state import State, new_game
from tapete.rules.engine import Arg, Game, Verb
from tapete.rules.tricks import Obligation

VERBS: tuple[Verb, ...] = (
    Verb("take"),
    Verb("name", (("suit", Arg.SUIT),)),
    Verb("swap"),
    Verb("announce"),
    Verb("play", (("card", Arg.CARD),)),
    Verb("pass"),
)

GAME = Game(
    name="belote",
    family=FAMILY,
    options=Options,
    new_game=new_game,
    state=State,
    verbs=VERBS,
    refusals=(BeloteRefusal, Obligation),
)

__all__ = [
    "DECK",
    "FAMILY",
    "GAME",
    "RANKING",
    "SUITS",
    "VERBS",
    "Announced",
    "BeloteBase",
    "BeloteDeclared",
    "BeloteRefusal",
    "BeloteView",
    "BottomShown",
    "CardPlayed",
    "CombinationShown",
    "Combo",
    "HandDealt",
    "HandScored",
    "MatchOver",
    "Options",
    "Passed",
    "RebeloteDeclared",
    "Redeal",
    "State",
    "SwapDeclined",
    "Took",
    "TrickWon",
    "TrumpSwapped",
    "TurnedCardTaken",
    "card_points",
    "combinations",
    "judge",
    "new_game",
    "strength",
    "value",
]
