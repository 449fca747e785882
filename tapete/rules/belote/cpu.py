"""Belote's CPU players: rules of thumb, sampled deals and the value of a hand's end.

Rules of thumb (the ``normal`` level, and the playouts of ``difícil``), from what the seat
sees. Bidding: a point count of the hand under each possible trump (J and 9 of trumps, trump
aces and tens, trump length, belote, outside aces and guarded tens, voids beside trumps,
combinations held; with 4 players the turned card the taker would receive); take or name
the best suit when it reaches the threshold for the number of players, otherwise pass.
Swap the 7 of trumps unless that loses combination points; always announce. Leading: the
taker draws trumps when it holds three or more and at least as many as are still out (in
pairs two or more and at least as many as are out less one, which its partner may hold; the
master first, else the lowest), while an opponent may still hold one (not once each of them
has shown none: the trumps still out may all lie in the stock, out of play); then a master
card (every higher card of its suit gone) of a plain suit nobody is known to ruff, the ace
before the ten; a partner of the taker returns a trump; otherwise the cheapest card of a
suit where it guards nothing (never a bare ten or king into an outstanding ace). Following:
on a partner's trick that will hold, load the most points that are not masters of their
own (never a master trump); when the trick can be won, win it with the cheapest card that
wins when it is worth it (points in it, the dix de der, last to play, or a card that holds),
trumping in only for points, and a partner's trick that may be beaten only with a card that
holds; otherwise give the card worth least, keeping guards of tens and trumps.

A rule these once had, measured against a plain rules-of-thumb player
(``benchmarks/arena.py``, ``normal-ref-rules``, the same deals with and without): the
taker's side leading its master trump whenever an opponent might still trump, whatever its
length. ``benchmarks/thumb_regret.py``'s long search preferred a plain card in 72% of those
two-player leads; without the rule two players won 76.1% of 4,000 matches instead of 71.2%
(+17.8 points a hand from +14.7; on 4,000 other deals 77.0% from 73.9%), three 67.9% of
1,500 instead of 62.5%, pairs 65.9% instead of 62.7%, four 48.6% instead of 47.3%. Earlier,
the taker's stopping once every opponent had shown no trump had taken two players from 68.7%
to 71.2%.

The three rules of pairs since (a master trump never loaded, a partner's trick that may be
beaten taken over, trumps drawn from two), found where ``thumb_regret`` said the cards on a
partner's trick lost most (0.039 and 0.041 a decision, the lead 0.024): against the same
rules of thumb without them, 52.3% of 10,000 matches, +2.25 points a hand (the load alone
+1.06, the taking over alone +0.70); against the plain player 67.8% from 65.8% (+20.0 from
+17.1). Difícil, whose playouts they are, did not move: 50.0% of 600 head to head, +0.25
[-1.12, +1.62] (its search already finds those cards). Drawing from two with two or three
players changed nothing (50.8% and 33.1% of 6,000), so it is not done there.

Knowledge for the sampled deals: :mod:`rules.belote.knowledge` (what the seat saw, the
combinations announced); the bids are a preference: deals where a seat that passed would have
taken by these rules of thumb (and, in play, where the taker would not have, its hand and
the cards it played counted) are dealt again, a few times at most. The card play itself is
on bit masks (:mod:`rules.belote.cardplay`), and so are difícil's playouts once only cards
are left to choose.

Difícil plays each sampled deal's move out by these rules of thumb (on bit masks from the
moment only cards are left to choose, :class:`~rules.belote.cardplay.Tricks`: after the
bids, the swap and the seat's own announcement). With two or three players it keeps the
best average; with four it leans on the rules of thumb: in each sampled deal their move is
worth a little more (much more for a bid, see :func:`evaluate`), and it is overruled only on
a clear margin (:func:`trust`). A second-round bid is searched among passing and the suits
near the bar only (:func:`shortlist`): it gets few deals, and four moves share them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import attrgetter

from tapete.rules.belote.cardplay import INDEX, SUIT_OF, Tricks, mask_of, sight
from tapete.rules.belote.combos import combinations, held_points, value
from tapete.rules.belote.events import HandScored, MatchOver
from tapete.rules.belote.knowledge import constraints
from tapete.rules.belote.knowledge import sampler as knowledge_sampler
from tapete.rules.belote.options import (
    CARD_TOTAL,
    DECK,
    NATURAL,
    PLAY,
    SEVEN,
    SUITS,
)
from tapete.rules.belote.state import State
from tapete.rules.cards import Card, FrenchSuit, Suit
from tapete.rules.cpu import CLEAR, MAX_STRETCH, Strategy, register
from tapete.rules.engine import Action, Event

_BY_TEXT = {str(card): card for card in DECK}


# -- what the bids say ------------------------------------------------------------------------


def _bids_seen(state: State, seat: int) -> list[tuple[int, int, bool]]:
    """What the bidding says of other seats' hands, as (seat, round, took): while bidding,
    each pass so far; in play, that the taker took (its hand and the cards it played since
    are nearly the ones it took with)."""
    n, mano = state.players, state.mano
    if state.phase == "bid1":
        return [((mano + k) % n, 1, False) for k in range(state.passes)
                if (mano + k) % n != seat]
    if state.phase == "bid2":
        return [(s, 1, False) for s in range(n) if s != seat] + \
            [((mano + k) % n, 2, False) for k in range(state.passes) if (mano + k) % n != seat]
    if state.phase == "play" and state.taker is not None and state.taker != seat:
        return [(state.taker, 0, True)]
    return []


def _bids_agree(world: State, bids: list[tuple[int, int, bool]]) -> bool:
    """Whether the sampled hands would have bid as the seats did, by the rules of thumb."""
    need = THRESHOLD[world.players]
    turned = world.turned.suit
    assert isinstance(turned, FrenchSuit)
    for holder, round_, took in bids:
        if took:
            hand = [*world.hands[holder], *(c for plays in (*world.tricks, world.trick.plays)
                                            for s, c in plays if s == holder)]
            assert world.trump is not None
            if bid_score(hand, world.trump) < need:
                return False
            continue
        hand = _bidding_hand(world, holder)
        if round_ == 1 and bid_score(hand, turned) >= need:
            return False
        if round_ == 2 and any(bid_score(hand, t) >= need + NAMING for t in SUITS
                               if t is not turned):
            return False
    return True


def sampler(state: State, seat: int) -> Callable[[random.Random], State]:
    """Deals sampled from what the seat knows (:func:`rules.belote.knowledge.sampler`),
    preferring deals where the others' hands bid as they did by these rules of thumb; at a
    table of four each carries the rules of thumb's move, for the prior of :func:`evaluate`
    (see :func:`trust`)."""
    bids = _bids_seen(state, seat)
    deal = knowledge_sampler(state, seat, (lambda w: _bids_agree(w, bids)) if bids else None)
    if state.to_act != seat or not leans(state):
        return deal
    # the rules of thumb's move, for the prior of ``evaluate``
    kind, detail, prior = _event_of(heuristic(state, seat, random.Random(0)), state)
    if kind in ("CardPlayed", "Announced"):
        prior *= len(state.legal_actions()) / 4  # the more moves, the likelier a fluke
    hint = (seat, (kind, detail, prior))

    def hinted(rng: random.Random) -> State:
        world = deal(rng)
        world.__dict__[_HINT] = hint
        return world

    return hinted


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """One deal of :func:`sampler`."""
    return sampler(state, seat)(rng)


def trust(state: State) -> float:
    """How far difícil trusts the rules of thumb over its sampled deals (``Strategy.clear``).
    Two or three players: not at all (no prior either): the playouts are short enough for
    their average alone to play better than with the rules of thumb favoured. Four: a clear
    margin, and a prior, as four-hand playouts give fewer, noisier deals. Measured against
    the reference search: 58% of two-player matches without, 53% with; in pairs 62-76% with,
    49% without; among three, 40.0% of 360 without, 35.6% with (the same deals; a fair share
    is 33%); four each for themselves, 37.9% of 240 with, 29.6% without (fair share 25%)."""
    return CLEAR if leans(state) else 0.0


LEANING = 4  # the table size from which difícil leans on the rules of thumb (see trust)


def leans(state: State) -> bool:
    """Whether difícil leans on the rules of thumb at this table (a prior and a margin, see
    :func:`trust`); below ``LEANING`` it pays the cost of taking instead (``TAKE_COST``)."""
    return state.players >= LEANING


_HINT = "cpu_hint"
# What taking costs the taker's side in every sampled deal of a hand of two or three players
# (below ``LEANING``), whatever the outcome: the rules of thumb of the playouts defend worse
# than a player does, so a contract played out by them is made more often than it will be
# (difícil's two-player contracts failed 24% of the time against the reference search's
# 18%). It moves only the bids; in the card play the taker is the same for every move.
# Measured against the reference search on the same deals: two players, 50.7% of 300
# matches and +0.4 points a hand, from 45.7% and -2.1 without it; three, 42.5% of 360
# matches from 40.0% (fair share 33%). At four the prior of the rules of thumb's bid does
# this work (see ``trust``).
TAKE_COST = 0.15
# In pairs a decision still contested at the end of its budget (a move ahead of the rules of
# thumb's without the margin to overrule them) searches on for up to this many budgets, and a
# settled one stops at once (``Strategy.stretch``). Against the reference search, the same 900
# deals on one day: 56.7% of matches and +7.6 points a hand, from 52.7% and +4.6, in a mean
# decision time of 10.5 ms from 16.9 (the reference's 17.1).
STRETCH = MAX_STRETCH
MATCH = 5.0  # a match won (or lost) at the hand's end: more than any hand is worth
BID_PRIOR = 0.6  # what the bid (or swap) of the rules of thumb is worth in every sampled deal
PLAY_PRIOR = 0.1  # and its card or announcement (per 4 legal moves)


def _event_of(action: Action, state: State) -> tuple[str, str, float]:
    """The first event ``action`` produces, by kind and detail (to recognise it later), and
    the prior it is given."""
    verb = action.verb
    if verb == "take":
        return ("Took", state.turned.suit.value, BID_PRIOR)
    if verb == "name":
        return ("Took", action.args[0], BID_PRIOR)
    if verb == "swap":
        return ("TrumpSwapped", "", BID_PRIOR)
    if verb == "play":
        return ("CardPlayed", action.args[0], PLAY_PRIOR)
    if verb == "announce":
        return ("Announced", "", PLAY_PRIOR)
    return ("Passed", "", BID_PRIOR) if state.phase != "swap" else ("SwapDeclined", "", BID_PRIOR)


def _detail(event: Event) -> str:
    if event.kind == "CardPlayed":
        return str(getattr(event, "card", ""))
    return str(getattr(event, "suit", ""))


# -- rules of thumb ---------------------------------------------------------------------------

# Bidding: a point count of the hand under a trump suit, and the count needed to take.
_TRUMP_WEIGHT = {11: 38, 9: 26, 14: 15, 10: 11, 13: 6, 12: 6, 8: 5, 7: 5}
THRESHOLD = {2: 56, 3: 60, 4: 62}
NAMING = 4  # how far over the threshold a suit must count to be named in the second round


def bid_score(cards: Sequence[Card], trump: FrenchSuit) -> float:
    """How strong ``cards`` are with ``trump`` as trump (see the module docstring). Each
    suit's share is looked up by the byte of the suit the hand holds (:func:`_suit_score`):
    the search asks this of every hand of every deal it samples while bidding."""
    held = mask_of(cards)
    t = SUIT_OF[trump]
    trumps = held >> (8 * t) & 255
    score = float(_TRUMP_SCORE[trumps])
    ruffs = trumps.bit_count() >= 2
    for s in range(4):
        if s != t:
            byte = held >> (8 * s) & 255
            score += _PLAIN_SCORE[byte] if byte else (6 if ruffs else 0)
    return score + 0.25 * held_points(held)


def _suit_score(byte: int, trump: bool) -> int:
    """A suit's share of :func:`bid_score`, the suit held as ``byte`` (bit k: the k-th card
    of the natural order): as trumps, their weights, belote, a guarded 9 and the length; as
    a plain suit, an ace (with its ten) or a guarded ten (a void is counted by the caller)."""
    ranks = {rank for k, rank in enumerate(NATURAL) if byte >> k & 1}
    if trump:
        score = sum(_TRUMP_WEIGHT[r] for r in ranks)
        if 13 in ranks and 12 in ranks:
            score += 12
        if 9 in ranks and 11 not in ranks and len(ranks) >= 3:
            score += 4  # a guarded 9
        return score + 7 * max(0, len(ranks) - 2)
    if 14 in ranks:
        return 16 + (9 if 10 in ranks else 0)
    return 4 if 10 in ranks and len(ranks) >= 2 else 0


_TRUMP_SCORE = tuple(_suit_score(byte, True) for byte in range(256))
_PLAIN_SCORE = tuple(_suit_score(byte, False) for byte in range(256))


def _bidding_hand(state: State, seat: int) -> list[Card]:
    """The cards a seat's bid counts: its hand and, with 4 players, the turned card (the
    taker receives it, whichever suit is trump)."""
    hand = list(state.hands[seat])
    if state.players == 4:
        hand.append(state.turned)
    return hand


def _bid(state: State, seat: int, legal: list[Action]) -> Action:
    hand = _bidding_hand(state, seat)
    need = THRESHOLD[state.players]
    if state.phase == "bid1":
        suit = state.turned.suit
        assert isinstance(suit, FrenchSuit)
        take = bid_score(hand, suit) >= need
        return next(a for a in legal if (a.verb == "take") == take)
    named = [(bid_score(hand, _suit(a)), i) for i, a in enumerate(legal) if a.verb == "name"]
    best, index = max(named)
    return legal[index] if best >= need + NAMING else next(a for a in legal if a.verb == "pass")


NEAR = 6  # how far under the bar of ``_bid`` a suit may score and still be searched


def shortlist(state: State, seat: int, legal: list[Action], near: int = NEAR,
              ) -> list[int] | None:
    """The second round of bids searched among passing and the suits whose count comes
    within ``near`` of naming one by the rules of thumb (``THRESHOLD`` + ``NAMING``): a suit
    far under it makes no contract a player would take, and searching it only spreads the
    few deals a bid gets (``benchmarks/bid_shortlist.py``). Every other decision: all its
    moves."""
    if state.phase != "bid2":
        return None
    hand = _bidding_hand(state, seat)
    bar = THRESHOLD[state.players] + NAMING - near
    return [i for i, a in enumerate(legal)
            if a.verb != "name" or bid_score(hand, _suit(a)) >= bar]


def _suit(action: Action) -> FrenchSuit:
    return FrenchSuit(action.args[0])


def _swap(state: State, seat: int, legal: list[Action]) -> Action:
    """Swap the 7 of trumps for the turned card unless that loses combination points."""
    trump = state.trump
    assert trump is not None
    hand = state.hands[seat]
    after = [c for c in hand if c is not SEVEN[trump]] + [state.turned]
    keep = sum(value(c) for c in combinations(hand, trump))
    swap = sum(value(c) for c in combinations(after, trump)) >= keep
    return next(a for a in legal if (a.verb == "swap") == swap)


def heuristic(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase in ("bid1", "bid2"):
        return _bid(state, seat, legal)
    if phase == "swap":
        return _swap(state, seat, legal)
    if legal[-1].verb == "announce":
        return legal[-1]
    seen = sight(state, seat, suit_bits(constraints(state)[0]))
    return PLAY[DECK[seen.choose(mask_of([_BY_TEXT[a.args[0]] for a in legal]))]]


def suit_bits(voids: Sequence[set[Suit]]) -> list[int]:
    """Per seat, the suits it lacks as bits (:mod:`rules.belote.cardplay`)."""
    return [sum(1 << SUIT_OF[s] for s in suits) for suits in voids]


# -- the end of a playout ---------------------------------------------------------------------


def evaluate(events: Sequence[Event], state: State, seat: int) -> float:
    """Margin of the seat's side over the best other side in the hand's score (over 162),
    plus a bonus for a made contract of the side and a penalty for its dedans, less what
    taking costs with two or three players (``TAKE_COST``); a match won or lost outweighs
    any hand. At a table of four the move the rules of thumb would make is worth a little
    more (``BID_PRIOR`` in the bidding and the swap, ``PLAY_PRIOR`` per 4 legal moves in
    play): a few four-hand deals are too few to judge a contract, or two close cards, so the
    search overrules the rules of thumb only on a clear margin (:func:`trust`)."""
    result = _prior(events, state, seat)
    for event in events:
        if isinstance(event, HandScored):
            result += _margin(event.scored, event.taker, event.outcome, state, seat)
        elif isinstance(event, MatchOver):
            result += MATCH if seat in event.winners else -MATCH
    return result


def _prior(events: Sequence[Event], state: State, seat: int) -> float:
    """The prior of the rules of thumb's move, if ``events`` start with it."""
    return _hinted(state, seat, events[0].kind, _detail(events[0])) if events else 0.0


def _hinted(state: State, seat: int, kind: str, detail: str) -> float:
    """The prior of the rules of thumb's move, if it is the move whose first event is of
    ``kind`` and ``detail``."""
    hint = state.__dict__.get(_HINT)
    if hint is not None and hint[0] == seat and hint[1][:2] == (kind, detail):
        return float(hint[1][2])
    return 0.0


def _margin(scored: Sequence[int], taker: int, outcome: str, state: State, seat: int) -> float:
    side = state.side(seat)
    others = [p for s, p in enumerate(scored) if s != side]
    value = (scored[side] - max(others)) / CARD_TOTAL
    if state.side(taker) == side:
        value += {"hecho": 0.25, "dedans": -0.25}.get(outcome, 0.0)
        if not leans(state):
            value -= TAKE_COST
    return value


def solve(world: State, seat: int, legal: list[Action], rng: random.Random) -> list[float]:
    """Each legal move's value in a sampled deal (as :func:`evaluate` values the hand's end):
    the move, then the hand played out by the rules of thumb for every seat — by the engine
    while there is more to choose than a card (bids, the swap, an announcement), then by
    :class:`~rules.belote.cardplay.Tricks` (five times faster: more deals for the budget);
    from the start where every legal move is a card (:func:`_solve_tricks`)."""
    if world.result is None and _cards_only(world):
        return _solve_tricks(world, seat, legal)
    values = []
    hand = world.hand_number
    for action in legal:
        sim = world.clone()
        events = list(sim.apply(seat, action))
        while sim.result is None and sim.hand_number == hand and not _cards_only(sim):
            mover = sim.to_act
            assert mover is not None
            events += sim.apply(mover, heuristic(sim, mover, rng))
        if sim.result is not None or sim.hand_number != hand:
            values.append(evaluate(events, sim, seat))
            continue
        tricks = Tricks(sim, suit_bits(constraints(sim)[0]))
        values.append(_prior(events, sim, seat) + _played_out(tricks, sim, seat))
    return values


def _cards_only(state: State) -> bool:
    """In play, with nothing but cards to choose (no announcement offered): the rest of the
    hand can be played on :class:`~rules.belote.cardplay.Tricks`."""
    return state.phase == "play" and all(a.verb == "play" for a in state.legal_actions())


def _solve_tricks(world: State, seat: int, legal: list[Action]) -> list[float]:
    """:func:`solve` where every legal move is a card: each tried on a copy of one
    :class:`~rules.belote.cardplay.Tricks` (no engine, no copy of the state)."""
    tricks = Tricks(world, suit_bits(constraints(world)[0]))
    values = []
    for action in legal:
        after = tricks.copy()
        after.play(seat, INDEX[_BY_TEXT[action.args[0]]])
        values.append(_hinted(world, seat, "CardPlayed", action.args[0])
                      + _played_out(after, world, seat))
    return values


def _played_out(tricks: Tricks, state: State, seat: int) -> float:
    """The tricks left played out by the rules of thumb, valued as :func:`evaluate` values
    the hand's end (``state``: the hand as it stood before them)."""
    scored = tricks.play_out()
    assert state.taker is not None
    value = _margin(scored, state.taker, tricks.outcome, state, seat)
    totals = [a + b for a, b in zip(state.scores, scored, strict=True)]
    top = max(totals)
    if top >= state.options.objetivo and totals.count(top) == 1:
        value += MATCH if totals.index(top) == state.side(seat) else -MATCH
    return value


def stretch(state: State) -> float:
    """How many budgets a contested decision may take (``Strategy.stretch``): ``STRETCH`` in
    pairs, where the search must beat the rules of thumb by a margin, else one."""
    return STRETCH if state.pairs else 1.0


register(State, Strategy(heuristic, determinize, evaluate, attrgetter("hand_number"),
                         solve=solve, clear=trust, sampler=sampler, shortlist=shortlist,
                         stretch=stretch))
