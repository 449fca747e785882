"""Tute's CPU players: rules of thumb, what a seat knows, the value of a hand's end, and
exact play in habanero's last eight tricks.

Habanero once the baceta is exhausted (:func:`exact`, at ``normal`` and ``difícil``): every
card the seat has not seen is in the other hand, so the rest of the hand is solved exactly
(:mod:`rules.tute.endgame`). Capote is declared exactly when it can be forced against any
defence, except where taking every trick without it already wins two juegos (101 points or
more: capote would win one; an experienced player keeps quiet and takes the eight tricks).
A declared capote's declarer plays a line that keeps it forced; its defender takes a trick
whenever one can be made sure of, and where none can, plays the card that leaves the
declarer fewest right answers. Without capote, ``difícil`` plays each card for the best
margin the seat can make sure of (so the best hand result), ``normal`` takes every trick
left when it can make sure of them and otherwise follows its rules of thumb. The playouts
of ``difícil`` stay with the rules of thumb (never declaring capote): exact play there would
cost every sampled deal milliseconds.

Rules of thumb (the ``normal`` level, and the playouts of ``difícil``), from what the seat
sees (its hand, the cards played, the voids players showed): sing whenever a cante is there
(tute first, the 40 first), take the turned card by the swap, never declare capote.
Leading: a card that is master of its plain suit (every higher one already out), in parejas
unless an opponent who may still hold trumps showed they lack that suit, so that the trick
(and with it any cante waiting to be sung) is won; in parejas, holding four trumps or more
while others may hold some, the lowest trump (arrastrar: the opponents' trumps fall before
the masters and long suits to come); else the cheapest card of the longest plain suit,
keeping cante pairs and masters, and in parejas preferring a suit the partner lacks (and
can trump) while the opponents do not. Following: in parejas, when the partner is winning
and no opponent still to play may beat them (by a higher card of the suit, or by trumping
where a void is known or the suit is nearly out), load points (never a trump: made to trump
it, the lowest); when the trick can be won, win it with the cheapest winning card, keeping
cante pairs; when it cannot be won, give the card worth least. Where each plays for
themselves (arrastrado, individual) a trick is worth a winning card only when it carries
ten points or the seat is last. Habanero keeps its own rules: draw trumps when holding the
master trump and another, and win a trick only if it carries points or the seat is last,
else let it go cheaply.

These are close to a plain rules-of-thumb player's. Rules it once had and no longer has,
measured against such a player (``benchmarks/arena.py``, ``normal-ref-rules``, the same
deals with and without): drawing trumps outside habanero with the master trump and another,
taking a trick with the card sure to hold it rather than the cheapest winning one, and
(each for themselves) leading only masters nobody would trump and taking tricks without
points. Without them normal won 28.7% of individual matches among three such players (fair
share 25%) instead of 23.8%, arrastrado 41.7% instead of 36.8% (fair 33%), and parejas +3.8
points a hand instead of +3.2 (4,000 matches). The parejas draw from four trumps came
after, the same way: +4.78 points a hand from +3.85 and 56.2% of matches from 55.1%
(10,000 matches; on 10,000 others +4.88 from +4.01); from three trumps +4.54, and from
three with the master trump led first +3.39. Then the lowest trump where one must go on
the partner's trick (it had been the richest, the as de triunfo): +5.96 points a hand and
58.1% of matches (+6.05 and 58.0% on the others). ``benchmarks/thumb_regret.py`` pointed at
both. The card play is on the engine's bit masks (:mod:`rules.tute.cardplay`).

What the seat knows and the deals consistent with it: :mod:`rules.tute.knowledge`.

Difícil in parejas spends its time where the card is in doubt: a decision not in doubt after
half its budget (the rules of thumb's card leads, or another beats it by the margin) stops
there (sooner, as in every game, once pruning leaves only the rules of thumb's card), and one
where another card leads without the margin to overrule the rules of thumb searches on, up
to two budgets (:data:`SETTLE`, :data:`STRETCH`). Head to head against difícil without it
(``benchmarks/arena.py``, 25 ms, two sets of 600 matches, offsets 91000 and 93000): 54.7% and
52.0% of matches, 53.3% [50.5, 56.1] of the 1,200, and +1.42 and +0.64 points a hand (+1.03,
about [+0.15, +1.91]), in a mean of 16.3 and 16.0 ms a decision against 16.0 and 15.9 (p95
51 ms against 26). Against the reference search (two sets of 600, offsets 92000 and
94000): 52.3% and 54.3%, +4.06 and +4.89 points a hand, where difícil without it won 53.2%
and 53.2%, +3.45 and +3.79 on the same deals: a tie in matches, +0.86 points a hand.

Difícil plays a sampled deal's hand out with the rules of thumb on bit masks, several times
faster than the engine (more deals for the same budget): :class:`rules.tute.cardplay.Tricks`
in individual, parejas and arrastrado once the first trick (with its swaps) is over, and
:class:`rules.tute.habanero.Habanero` in habanero, with its draws and windows (seven deals a
decision at 25 ms, and within that time, where the engine's playouts gave the four a decision
always looks at in 45 ms).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from operator import attrgetter

from tapete.rules.cards import Card, spanish_deck
from tapete.rules.cpu import Strategy, register
from tapete.rules.engine import Action, Event
from tapete.rules.tute.bits import BIT, INDEX, ORDERED, mask_of
from tapete.rules.tute.bits import cards as cards_of
from tapete.rules.tute.cardplay import Sight, Tricks
from tapete.rules.tute.endgame import Endgame, bits_of
from tapete.rules.tute.events import HandScored, MatchOver
from tapete.rules.tute.habanero import Habanero
from tapete.rules.tute.knowledge import determinize, played_cards, sampler, voids
from tapete.rules.tute.options import (
    PLAY,
    SUITS,
    SWAP_FOR,
    ULTIMAS,
    card_points,
)
from tapete.rules.tute.state import State

_DECK = spanish_deck()


# -- rules of thumb ---------------------------------------------------------------------------


def heuristic(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    verbs = {a.verb: a for a in legal}
    if "capote" in verbs:
        return verbs["pass"]
    sings = [a for a in legal if a.verb == "sing"]
    if sings:
        tute = next((a for a in sings if a.args[0] == "tute"), None)
        trump = next((a for a in sings if a.args[0] == state.trump.value), None)
        return tute or trump or sings[0]
    if "swap" in verbs and SWAP_FOR.get(state.turned) is not None:
        return verbs["swap"]
    cards = mask_of(_card(a) for a in legal if a.verb == "play")
    if not cards:
        return legal[0]
    return PLAY[ORDERED[sight(state, seat).choose(cards)]]


def sight(state: State, seat: int) -> Sight:
    """What ``seat`` sees as it plays (:class:`rules.tute.cardplay.Sight`): the cards it has
    not seen are the others' hands and the baceta (read off them: the same set the seat
    works out from the table)."""
    unseen = mask_of(state.baceta)
    for holder, cards in enumerate(state.hands):
        if holder != seat:
            unseen |= mask_of(cards)
    sung = sum(1 << SUITS.index(s) for s in state.sung)
    plays = [(s, INDEX[c]) for s, c in state.trick.plays]
    return Sight(seat, mask_of(state.hands[seat]), unseen, state.trump_index, state.players,
                 state.pairs, state.modalidad == "habanero", bool(state.baceta), plays,
                 voids(state), sung)


def _card(action: Action) -> Card:
    return _BY_TEXT[action.args[0]]


_BY_TEXT = {str(c): c for c in _DECK}


# -- the end of a playout ---------------------------------------------------------------------


MARGIN = 130  # a hand's points margin counts this many points to the unit
MATCH = 3.0  # the chance of winning the match: this many units for a sure win
# The share of hands won with two juegos (101 points or more), from the rules of thumb's play
# (each for themselves: 16% of 1,204 arrastrado hands, 7% of 1,595 individual ones).
DOUBLE = {"parejas": 0.36, "habanero": 0.53, "arrastrado": 0.16, "individual": 0.07}


def evaluate(events: Sequence[Event], state: State, seat: int) -> float:
    """The hand's end for the seat's side, as :func:`_scored` values it; a tute (the match
    won outright) as the match won or lost."""
    side = state.side(seat)
    value = 0.0
    for event in events:
        if isinstance(event, HandScored):
            value += _scored(event.points, side, event.totals, state)
        elif isinstance(event, MatchOver) and event.reason == "tute":
            value += _outright(seat in event.winners)
    return value


def _outright(won: bool) -> float:
    """The match won or lost at once (a tute): a sure win or none, on the scale of
    :func:`match_chance`."""
    return MATCH if won else 0.0


def _scored(points: Sequence[int], mine: int, totals: Sequence[int], state: State) -> float:
    """A scored hand for the side ``mine``: its points margin over the best other side (a
    unit for each :data:`MARGIN` points), and the chance of winning the match from the juegos
    after it (:func:`match_chance`, :data:`MATCH` units for a sure win), so that the hand
    that can end the match is played for the hand, two juegos count only where they help, and
    among three or four a juego another player wins costs what it does to the seat's chance:
    less than one the seat wins gives, and more when that player is near the end."""
    best_other = max(p for s, p in enumerate(points) if s != mine)
    target = state.options.juegos
    needs = tuple(target - total for total in totals)
    return (points[mine] - best_other) / MARGIN \
        + MATCH * match_chance(needs, mine, DOUBLE[state.modalidad])


@cache
def match_chance(needs: tuple[int, ...], mine: int, double: float) -> float:
    """The chance that the side ``mine`` wins the match, each side needing ``needs[side]``
    juegos more, each hand won by every side alike and with two juegos a ``double`` share of
    the time."""
    if needs[mine] <= 0:
        return 1.0
    if min(needs) <= 0:
        return 0.0
    chance = 0.0
    for side in range(len(needs)):
        for won, share in ((1, 1 - double), (2, double)):
            after = list(needs)
            after[side] -= won
            chance += share * match_chance(tuple(after), mine, double)
    return chance / len(needs)


# -- habanero's last eight tricks: exact play -------------------------------------------------


def exact(state: State, seat: int, level: str) -> Action | None:
    """Habanero once the baceta is exhausted, where every hand is known (:mod:`.endgame`).

    Both levels above fácil: declare capote exactly when it can be forced, unless plain play
    already makes sure of two juegos (taking every trick, with 101 points or more: capote
    would win only one); play a declared capote's line, and as its defender take a trick
    whenever one can be made sure of. ``normal`` also takes every trick left when it can make
    sure of them; ``difícil`` plays every card of the last tricks for the best hand result.
    Otherwise (and elsewhere) nothing is settled here.
    """
    if state.modalidad != "habanero" or state.baceta or state.is_over:
        return None
    mine = mask_of(state.hands[seat])
    theirs = _ALL ^ mine ^ mask_of(played_cards(state))  # every card the seat has not seen
    if theirs.bit_count() != len(state.hands[1 - seat]):  # never: a card would be unaccounted
        return None
    solver = Endgame(state.trump_index)
    legal = state.legal_actions()
    if state.capote_pending:
        if state.trick.leader == seat:
            forced = solver.forced(mine, theirs)
        else:
            forced = solver.forced_against(mine, theirs)
        declare = forced and not _two_juegos_anyway(state, seat, mine | theirs)
        return next(a for a in legal if a.verb == ("capote" if declare else "pass"))
    cards = {BIT[_card(a)]: a for a in legal if a.verb == "play"}
    plays = state.trick.plays
    lead = BIT[plays[0][1]] if plays else 0
    if state.capote is not None:
        bit = _capote_card(solver, state.capote == seat, mine, theirs, lead, list(cards))
    elif level == "dificil":
        bit = _best_card(solver, mine, theirs, lead, list(cards), _usual(state, seat))
    else:
        bit = _sweep_card(solver, mine, theirs, lead, list(cards), _usual(state, seat))
    return cards[bit] if bit else None


_ALL = mask_of(_DECK)


def _usual(state: State, seat: int) -> int:
    """The rules of thumb's card (preferred among cards exact play finds equal)."""
    action = heuristic(state, seat, random.Random(0))
    return BIT[_card(action)] if action.verb == "play" else 0


def _two_juegos_anyway(state: State, seat: int, left: int) -> bool:
    """Taking every trick left (which a forced capote can) wins two juegos without capote."""
    points = [card_points(taken) for taken in state.taken]
    for singer, _, value in state.cantes:
        points[singer] += value
    mine = points[seat] + card_points(cards_of(left)) + ULTIMAS
    return mine >= 101 and mine >= points[1 - seat]  # a tie goes to the diez de últimas


def _pick(good: list[int], usual: int) -> int:
    return usual if usual in good else good[0]


def _capote_card(solver: Endgame, declaring: bool, mine: int, theirs: int, lead: int,
                 cards: list[int]) -> int:
    """A declared capote: the declarer keeps it forced, the defender takes a trick where it
    can make sure of one (at once if it can). Where the other side has it won, the card that
    leaves them fewest right answers, in case they miss one."""
    def right(b: int) -> int:
        """The other side's right answers to ``b`` (0: ``b`` makes sure of the capote, or
        of a trick against it)."""
        if declaring and not lead:
            return _defences(solver, b, mine, theirs)
        if declaring:  # losing this trick loses the capote; then the best lead's defences
            if not solver.follower_wins(lead, b):
                return len(_DECK)
            rest = mine ^ b
            return min((_defences(solver, d, rest, theirs) for d in bits_of(rest)), default=0)
        if not lead:  # the declarer's replies that keep the capote
            return sum(1 for r in bits_of(solver.replies(theirs, b))
                       if solver.keeps(b, r, theirs, mine))
        if solver.follower_wins(lead, b):
            return -1  # the trick, and with it the hand
        return sum(1 for d in bits_of(theirs) if solver.holds(d, theirs, mine ^ b))

    return min(cards, key=right)


def _defences(solver: Endgame, lead: int, declarer: int, defender: int) -> int:
    """The defender's replies to the declarer's ``lead`` that take the trick or leave the
    capote no longer forced."""
    return sum(1 for r in bits_of(solver.replies(defender, lead))
               if solver.follower_wins(lead, r) or not solver.forced(declarer ^ lead,
                                                                      defender ^ r))


def _best_card(solver: Endgame, mine: int, theirs: int, lead: int, cards: list[int],
               usual: int) -> int:
    """The card that makes sure of the best margin (and so hand result) over the tricks left."""
    return _pick(solver.best_cards(mine, theirs, lead, cards), usual)


def _sweep_card(solver: Endgame, mine: int, theirs: int, lead: int, cards: list[int],
                usual: int) -> int:
    """A card that keeps every trick left the seat's, where it can make sure of them; else 0."""
    if lead:
        good = [b for b in cards if solver.keeps(lead, b, mine, theirs | lead)]
    else:
        good = [b for b in cards if solver.holds(b, mine, theirs)]
    return _pick(good, usual) if good else 0


# -- difícil's playouts --------------------------------------------------------------------------


def solve(world: State, seat: int, legal: list[Action], rng: random.Random) -> list[float]:
    """Each legal move's value in a sampled deal (as :func:`evaluate` values the hand's end):
    the move, then the hand played out by the rules of thumb for every seat — on bit masks
    (:func:`_tricks`; the move too, when every legal move is a card), by the engine in
    arrastrado's first trick (its swaps) and once a capote is declared."""
    if _fast(world) and all(a.verb == "play" for a in legal):  # every move on bit masks
        tricks = _tricks(world)
        values = []
        for action in legal:
            after = tricks.copy()
            after.play(seat, INDEX[_card(action)])
            values.append(_value(after.play_out(), world.side(seat), world))
        return values
    values = []
    hand = world.hand_number
    for action in legal:
        sim = world.clone()
        events = list(sim.apply(seat, action))
        if sim.result is None and sim.hand_number == hand and _fast(sim):
            values.append(_value(_tricks(sim).play_out(), sim.side(seat), sim))
            continue
        while sim.result is None and sim.hand_number == hand:
            mover = sim.to_act
            assert mover is not None
            events += sim.apply(mover, heuristic(sim, mover, rng))
        values.append(evaluate(events, sim, seat))
    return values


def _fast(state: State) -> bool:
    """Whether the rest of the hand plays out on bit masks: everywhere but in arrastrado's
    first trick (swaps) and a declared capote (played by the engine)."""
    return state.capote is None and (bool(state.trick_winners)
                                     or state.modalidad != "arrastrado")


def _tricks(state: State) -> Tricks:
    """The hand's tricks left on bit masks: :class:`~rules.tute.habanero.Habanero` (draws,
    the window) or :class:`~rules.tute.cardplay.Tricks`."""
    if state.modalidad == "habanero":
        return Habanero(state, voids(state))
    return Tricks(state, voids(state))


def _value(result: tuple[int, int, list[int], bool], mine: int, world: State) -> float:
    """A played-out hand's result (:meth:`~rules.tute.cardplay.Tricks.result`) for the side
    ``mine``, as :func:`evaluate` values it (``world``: the state the hand was played from)."""
    side, won, points, over = result
    if over and not won:  # a tute
        return _outright(side == mine)
    totals = list(world.juegos)
    totals[side] += won
    return _scored(points, mine, totals, world)


# In parejas a decision not in doubt stops after half its budget, and one still contested
# then searches on, up to two budgets (``Strategy.settle``, ``Strategy.stretch``): the same
# mean time, spent where the card is in doubt (see the module docstring).
SETTLE = 0.5
STRETCH = 2.0


def settle(state: State) -> float:
    """The part of its budget a decision not in doubt takes (``Strategy.settle``)."""
    return SETTLE if state.pairs else 1.0


def stretch(state: State) -> float:
    """The most budgets a contested decision takes (``Strategy.stretch``)."""
    return STRETCH if state.pairs else 1.0


register(State, Strategy(heuristic, determinize, evaluate, attrgetter("hand_number"), exact,
                         solve=solve, sampler=sampler, stretch=stretch, settle=settle))
