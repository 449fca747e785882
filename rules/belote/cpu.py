"""Belote's CPU players: rules of thumb, sampled deals and the value of a hand's end.

Rules of thumb (the ``normal`` level, and the playouts of ``difícil``), from what the seat
sees. Bidding: a point count of the hand under each possible trump (J and 9 of trumps, trump
aces and tens, trump length, belote, outside aces and guarded tens, voids beside trumps,
combinations held; with 4 players the turned card the taker would receive); take or name
the best suit when it reaches the threshold for the number of players, otherwise pass.
Swap the 7 of trumps unless that loses combination points; always announce. Leading: the
taker's side draws trumps while it holds the master trump and opponents may still have some;
then a master card (every higher card of its suit gone) of a plain suit nobody is known to
ruff, the ace before the ten; a partner of the taker returns a trump; otherwise the cheapest
card of a suit where it guards nothing (never a bare ten or king into an outstanding ace).
Following: on a partner's trick that will hold, load the most points that are not masters of
their own; when the trick can be won, win it with the cheapest card that wins when it is
worth it (points in it, the dix de der, last to play, or a card that holds), trumping in only
for points; otherwise give the card worth least, keeping guards of tens and trumps.

Knowledge for the sampled deals: the seat's hand, every card played this hand (the cards no
longer in a hand, the stock or the turned card's place), the turned card (out of play with
2-3 players, in the taker's hand with 4 until played), the bottom card of the stock (2-3
players, last in the stock), the card taken by the 7 of trumps and the 7 itself during the
swap question, the other card of belote once said, the cards of every combination shown
(and, during the first trick, combinations announced by name only: concrete ones of that
kind that the announcer would have declared, leaving ``announce`` offering the seat the same
combinations), and what the current and last tricks show (the engine keeps no earlier
trick): suits a seat lacks by not following, no trump at all when it discarded instead of
trumping, no trump above the one it had to beat when it played lower. The bids are a
preference: deals where a seat that passed would have taken by these rules of thumb (and,
in the first trick, where the taker would not have) are dealt again, a few times at most.

Difícil leans on the rules of thumb: in each sampled deal their move is worth a little more
(much more for a bid, see :func:`evaluate`), so that a handful of sampled deals do not
overrule them by chance.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter

from rules.belote.cardplay import SUIT_OF, Tricks, mask_of, sight
from rules.belote.combos import (
    BRELAN_RANKS,
    Combo,
    announceable,
    combinations,
    may_announce,
    public_name,
    strength,
    value,
)
from rules.belote.events import HandScored, MatchOver
from rules.belote.options import (
    BELOTE_CARDS,
    CARD_TOTAL,
    DECK,
    NATURAL,
    PAIRS_POLICY,
    PLAY,
    POLICY,
    RANKING,
    SEVEN,
    SORT_KEY,
    SUITS,
)
from rules.belote.state import State
from rules.cards import Card, FrenchSuit, Suit
from rules.cpu import Strategy, register
from rules.engine import Action, Event
from rules.infoset import Hidden, absent_in_tricks, redraw_chance

_BY_TEXT = {str(card): card for card in DECK}
_SUIT_CARDS: dict[Suit, list[Card]] = {s: [c for c in DECK if c.suit is s] for s in SUITS}
_KEY = SORT_KEY.__getitem__


# -- what the seat knows ----------------------------------------------------------------------


def played_cards(state: State) -> list[Card]:
    """The cards played this hand, in deck order: whatever is no longer in a hand, in the
    stock or in the turned card's place (public: every one was seen on the table)."""
    live = set(state.stock)
    for hand in state.hands:
        live.update(hand)
    if state.players < 4 or state.phase in ("bid1", "bid2"):
        live.add(state.turned)  # face up, or out of play; with 4 the taker receives it
    return [c for c in DECK if c not in live]


def _out_of_play(state: State) -> list[Card]:
    """Public cards no seat will play: with 2-3 players once the trump is settled, the
    turned card (the 7 after a swap) and the bottom card of the stock."""
    if state.players == 4 or state.phase in ("bid1", "bid2"):
        return []
    return [state.turned] + ([state.bottom] if state.bottom is not None else [])


def tricks_seen(state: State) -> list[list[tuple[int, Card]]]:
    """The tricks whose plays are still on record: the last one and the one in progress."""
    found = []
    if state.last_trick:
        found.append(list(state.last_trick))
    if state.trick.plays:
        found.append(list(state.trick.plays))
    return found


def constraints(state: State) -> tuple[list[set[Suit]], list[set[Card]]]:
    """Per seat: the suits it showed it lacks, and every card it cannot hold (those suits,
    and trumps above one it failed to beat when beating it was compulsory)."""
    n = state.players
    if state.trump is None:
        return [set() for _ in range(n)], [set() for _ in range(n)]
    absent = absent_in_tricks(tricks_seen(state), n, state.trump, RANKING,
                              PAIRS_POLICY if state.pairs else POLICY, state.pairs)
    voids: list[set[Suit]] = [{s for s in SUITS if absent[seat].issuperset(_SUIT_CARDS[s])}
                              for seat in range(n)]
    return voids, absent


def known_holdings(state: State, seat: int, played: set[Card]) -> dict[int, list[Card]]:
    """Cards of other seats' hands that are public: the turned card the taker received (4
    players), the card taken for the 7 of trumps, the 7 itself while its holder is asked, the
    other card of belote, the cards of combinations shown."""
    held: dict[int, list[Card]] = {}

    def add(holder: int | None, card: Card) -> None:
        if holder is None or holder == seat or card in played:
            return
        mine = held.setdefault(holder, [])
        if card not in mine:
            mine.append(card)

    trump = state.trump
    if state.phase == "swap" and trump is not None:
        add(state.speaker, SEVEN[trump])
    if state.phase == "play":
        if state.players == 4:
            add(state.taker, state.turned)
        if state.swap is not None:
            add(state.swap[0], state.swap[1])
        if state.belote is not None and not state.rebelote and trump is not None:
            for card in BELOTE_CARDS[trump]:
                add(state.belote, card)
        if state.judged:
            for holder, combo in state.announcements:
                for card in combo:
                    add(holder, card)
    return held


def knowledge(state: State, seat: int) -> Hidden:
    """The seat's knowledge as places: every other seat's hand (by seat) and the stock
    ("stock", its bottom card known with 2-3 players), with the cards known to lie in them
    and the cards each seat showed it cannot hold."""
    played = played_cards(state)
    seen = set(played) | set(state.hands[seat])
    if state.phase in ("bid1", "bid2"):
        seen.add(state.turned)
    out = _out_of_play(state)
    seen.update(c for c in out if c is not state.bottom)
    hidden = Hidden(DECK, seen)
    for s in range(state.players):
        if s != seat:
            hidden.place(s, len(state.hands[s]))
    hidden.place("stock", len(state.stock))
    if out and state.bottom is not None:
        hidden.hold("stock", state.bottom, -1)
    for holder, cards in known_holdings(state, seat, set(played)).items():
        for card in cards:
            hidden.hold(holder, card)
    _, absent = constraints(state)
    for s in range(state.players):
        if s != seat:
            hidden.ban(s, absent[s])
    return hidden


def _candidates(kind: str, length: int, pool: set[Card], own: set[Card]) -> list[
        tuple[Combo, tuple[Card, ...]]]:
    """Concrete combinations named ``kind``/``length`` made of ``pool`` cards, each with the
    cards that must then be absent from the hand (a sequence is a maximal run)."""
    found: list[tuple[Combo, tuple[Card, ...]]] = []
    if kind == "brelan":
        for rank in BRELAN_RANKS:
            combo = tuple(Card(rank, s) for s in SUITS)
            if all(c in pool for c in combo):
                found.append((combo, ()))
        return found
    for suit in SUITS:
        for start in range(len(NATURAL) - length + 1):
            combo = tuple(Card(r, suit) for r in NATURAL[start:start + length])
            if not all(c in pool for c in combo):
                continue
            bounds = tuple(Card(NATURAL[i], suit) for i in (start - 1, start + length)
                           if 0 <= i < len(NATURAL))
            if any(b in own for b in bounds):
                continue
            found.append((combo, bounds))
    return found


def _sample_announced(state: State, seat: int, unseen: list[Card],
                      held: dict[int, list[Card]], offered: list[Combo] | None,
                      excluded: list[set[Card]], rng: random.Random,
                      ) -> tuple[list[tuple[int, Combo]], dict[int, list[Card]],
                                 dict[int, set[Card]]]:
    """Concrete combinations for what other seats announced, by name only, during the first
    trick: each announcer holds one of the named kind that it was allowed to announce after
    the best one announced before it (:func:`~rules.belote.combos.may_announce`), and that
    leaves ``announce`` offering the seat what it offers. Returns the announcements, the
    cards each announcer must hold and the cards it must not hold."""
    trump = state.trump
    assert trump is not None
    empate = state.options.empate_escalera
    played_now = dict(state.trick.plays)
    cap = floor = None
    if offered:  # the others' best still lets the weakest combination offered be announced
        cap = min(strength(c, trump) for c in offered)
    if offered is not None:  # and forbids every combination of the seat not offered
        floor = max((strength(c, trump) for c in combinations(state.hands[seat], trump)
                     if c not in offered), default=None)
    # the best announced is the first of the last announcer's (each is at least the best
    # before it): the one that must beat ``floor``
    starts = [i for i, (s, _) in enumerate(state.announcements)
              if i == 0 or state.announcements[i - 1][0] != s]
    decisive = starts[-1] if starts else -1
    free = set(unseen)
    # cards only one seat may hold (every other seat lacks their suit, and no stock is left)
    only: dict[int, set[Card]] = {}
    if not state.stock:
        for card in unseen:
            places = [s for s in range(state.players) if s != seat and card not in excluded[s]]
            if len(places) == 1:
                only.setdefault(places[0], set()).add(card)
    forced: dict[int, list[Card]] = {}
    banned: dict[int, set[Card]] = {}
    out: list[tuple[int, Combo]] = []
    best: tuple[int, int, int, int] | None = None
    group_best = best
    previous_seat: int | None = None
    for index, (holder, combo) in enumerate(state.announcements):
        if holder != previous_seat:
            group_best = best
            previous_seat = holder
        if holder == seat:
            out.append((holder, combo))
            s = strength(combo, trump)
            best = s if best is None or s > best else best
            continue
        kind, length = public_name(combo)
        own = set(forced.get(holder, [])) | set(held.get(holder, []))
        if holder in played_now:
            own.add(played_now[holder])
        pool = {c for c in free if c not in excluded[holder]} | own
        room = len(state.hands[holder]) - len(held.get(holder, [])) - \
            len(forced.get(holder, []))
        must = only.get(holder, set()) - own
        options = [(c, b) for c, b in _candidates(kind, length, pool, own)
                   if sum(1 for x in c if x not in own and x not in must) <= room - len(must)]
        # a combination the announcer surely holds (cards known or only it can hold) and
        # would have announced is among its announcements: take one that contains it
        chosen_here = [set(c) for s, c in out if s == holder]
        sure = [set(k) for k in combinations(own | must, trump)
                if may_announce(strength(k, trump), group_best, empate)
                and not any(set(k) <= c for c in chosen_here)]
        if sure:
            options = [(c, b) for c, b in options if any(k <= set(c) for k in sure)] or options
        upper = strength(out[-1][1], trump) if out and out[-1][0] == holder else None
        fitting = [(c, b) for c, b in options
                   if may_announce(strength(c, trump), group_best, empate)
                   and (upper is None or strength(c, trump) <= upper)
                   and (cap is None or may_announce(cap, strength(c, trump), empate))
                   and (floor is None or index != decisive
                        or not may_announce(floor, strength(c, trump), empate))]
        pick_from = fitting or options
        if pick_from:
            chosen, bounds = rng.choice(pick_from)
            for card in chosen:
                if card in free:
                    free.discard(card)
                    forced.setdefault(holder, []).append(card)
            banned.setdefault(holder, set()).update(bounds)
        else:  # knowledge that cannot all be kept: a combination of the name, unheld
            chosen = rng.choice(_candidates(kind, length, set(DECK), set()))[0]
        out.append((holder, chosen))
        s = strength(chosen, trump)
        best = s if best is None or s > best else best
    return out, forced, banned


def _announcements_agree(world: State, seat: int, announced: list[tuple[int, Combo]],
                         offered: list[Combo] | None) -> list[tuple[int, Combo]] | None:
    """What the engine would have announced in ``world`` (each announcer's hand with the
    card it played this trick), if that bears the same names as ``announced`` and leaves
    ``announce`` offering the seat the same combinations (``offered``); else None."""
    trump = world.trump
    assert trump is not None
    empate = world.options.empate_escalera
    played_now = dict(world.trick.plays)
    out: list[tuple[int, Combo]] = []
    best: tuple[int, int, int, int] | None = None
    index = 0
    while index < len(announced):
        holder = announced[index][0]
        end = index
        while end < len(announced) and announced[end][0] == holder:
            end += 1
        group = [c for _, c in announced[index:end]]
        if holder == seat:
            made = group
        else:
            hand = list(world.hands[holder])
            if holder in played_now:
                hand.append(played_now[holder])
            made = announceable(combinations(hand, trump), best, trump, empate)
            if [public_name(c) for c in made] != [public_name(c) for c in group]:
                return None
        for combo in made:
            out.append((holder, combo))
            s = strength(combo, trump)
            best = s if best is None or s > best else best
        index = end
    if offered is not None:
        mine = announceable(combinations(world.hands[seat], trump), best, trump, empate)
        if mine != offered:
            return None
    return out


def _bids_seen(state: State, seat: int) -> list[tuple[int, int, bool]]:
    """What the bidding says of other seats' hands, as (seat, round, took): while bidding,
    each pass so far; in the first trick, that the taker took (its hand then is nearly the
    one it took with)."""
    n, mano = state.players, state.mano
    if state.phase == "bid1":
        return [((mano + k) % n, 1, False) for k in range(state.passes)
                if (mano + k) % n != seat]
    if state.phase == "bid2":
        return [(s, 1, False) for s in range(n) if s != seat] + \
            [((mano + k) % n, 2, False) for k in range(state.passes) if (mano + k) % n != seat]
    if state.phase == "play" and not any(state.tricks_won) and state.taker is not None \
            and state.taker != seat:
        return [(state.taker, 0, True)]
    return []


def _bids_agree(world: State, bids: list[tuple[int, int, bool]]) -> bool:
    """Whether the sampled hands would have bid as the seats did, by the rules of thumb."""
    need = THRESHOLD[world.players]
    turned = world.turned.suit
    assert isinstance(turned, FrenchSuit)
    for holder, round_, took in bids:
        hand = list(world.hands[holder])
        if took:
            hand += [c for s, c in world.trick.plays if s == holder]
            assert world.trump is not None
            if bid_score(hand, world.trump) < need:
                return False
            continue
        if world.players == 4:
            hand.append(world.turned)
        if round_ == 1 and bid_score(hand, turned) >= need:
            return False
        if round_ == 2 and any(bid_score(hand, t) >= need + 4 for t in SUITS if t is not turned):
            return False
    return True


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where the cards the seat cannot see are dealt at random, consistently with
    :func:`knowledge`, the combinations announced by name and (a preference) the bids."""
    base = knowledge(state, seat)
    others = [s for s in range(state.players) if s != seat]
    held = {s: base.places[s].cards() for s in others}
    excluded = [base.places[s].banned if s != seat else set() for s in range(state.players)]
    first_trick = state.phase == "play" and not state.judged and bool(state.announcements) \
        and any(s != seat for s, _ in state.announcements)
    offered: list[Combo] | None = None  # what ``announce`` offers the seat (its view shows)
    if first_trick and state.to_act == seat and \
            not any(s == seat for s, _ in state.announcements):
        offered = list(state.view(seat).announce)
    inferred = _bids_seen(state, seat)
    tries = 24 if first_trick else 16 if inferred else 1
    world = state.clone()
    # the hard facts (announcements, voids) must hold; the bids are a preference: the last
    # deal that keeps the facts is kept when none also agrees with the bids
    kept: tuple[list[list[Card]], list[Card], list[tuple[int, Combo]]] | None = None
    announced: list[tuple[int, Combo]] = []
    for _ in range(tries):
        hidden = base
        if first_trick:
            hidden = base.copy()
            announced, forced, bounds = _sample_announced(
                state, seat, hidden.unseen(), held, offered, excluded, rng)
            for s, cards in forced.items():
                for card in cards:
                    hidden.hold(s, card)
            for s, cards_out in bounds.items():
                hidden.ban(s, cards_out)
        dealt = hidden.deal(rng)
        for s in others:
            world.hands[s] = sorted(dealt[s], key=_KEY)
        world.stock = dealt["stock"]
        if tries == 1:
            break
        agreed: list[tuple[int, Combo]] | None = world.announcements
        if first_trick:
            agreed = _announcements_agree(world, seat, announced, offered)
            if agreed is None or any(c in excluded[s] for s in others for c in world.hands[s]):
                continue
        assert agreed is not None
        kept = ([list(h) for h in world.hands], list(world.stock), agreed)
        if not inferred or _bids_agree(world, inferred):
            break
    if kept is not None:
        world.hands, world.stock, world.announcements = kept
    elif first_trick:  # never from a real position: the names at least stay as announced
        world.announcements = announced
    redraw_chance(world, rng)
    world.last_record = world._pack_last_hand()
    world._loaded()  # whatever the engine derives from the hands is derived again
    if state.to_act == seat:
        # the rules of thumb's move, for the prior of ``evaluate``
        kind, detail, prior = _event_of(heuristic(state, seat, rng), state)
        if kind in ("CardPlayed", "Announced"):
            prior *= len(state.legal_actions()) / 4  # the more moves, the likelier a fluke
        world.__dict__[_HINT] = (seat, (kind, detail, prior))
    return world


_HINT = "cpu_hint"
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


def bid_score(cards: Sequence[Card], trump: FrenchSuit) -> float:
    """How strong ``cards`` are with ``trump`` as trump (see the module docstring)."""
    score = 0.0
    trumps = [c for c in cards if c.suit is trump]
    ranks = {c.rank for c in trumps}
    score += sum(_TRUMP_WEIGHT[c.rank] for c in trumps)
    if 13 in ranks and 12 in ranks:
        score += 12
    if 9 in ranks and 11 not in ranks and len(trumps) >= 3:
        score += 4  # a guarded 9
    score += 7 * max(0, len(trumps) - 2)
    for suit in SUITS:
        if suit is trump:
            continue
        held = {c.rank for c in cards if c.suit is suit}
        if 14 in held:
            score += 16 + (9 if 10 in held else 0)
        elif 10 in held and len(held) >= 2:
            score += 4
        if not held and len(trumps) >= 2:
            score += 6
    score += 0.25 * sum(value(c) for c in combinations(cards, trump))
    return score


def _bid(state: State, seat: int, legal: list[Action]) -> Action:
    hand = list(state.hands[seat])
    if state.players == 4:
        hand.append(state.turned)  # the taker receives it, whichever suit is trump
    need = THRESHOLD[state.players]
    if state.phase == "bid1":
        suit = state.turned.suit
        assert isinstance(suit, FrenchSuit)
        take = bid_score(hand, suit) >= need
        return next(a for a in legal if (a.verb == "take") == take)
    named = [(bid_score(hand, _suit(a)), i) for i, a in enumerate(legal) if a.verb == "name"]
    best, index = max(named)
    return legal[index] if best >= need + 4 else next(a for a in legal if a.verb == "pass")


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
    plus a bonus for a made contract of the side and a penalty for its dedans; a match won
    or lost outweighs any hand. The move the rules of thumb would make is worth a little more
    (``BID_PRIOR`` in the bidding and the swap, ``PLAY_PRIOR`` per 4 legal moves in play): a
    few sampled deals are too few to judge a contract, or two close cards, so the search
    overrules the rules of thumb only on a clear margin."""
    result = _prior(events, state, seat)
    for event in events:
        if isinstance(event, HandScored):
            result += _margin(event.scored, event.taker, event.outcome, state, seat)
        elif isinstance(event, MatchOver):
            result += 5.0 if seat in event.winners else -5.0
    return result


def _prior(events: Sequence[Event], state: State, seat: int) -> float:
    """The prior of the rules of thumb's move, if ``events`` start with it."""
    hint = state.__dict__.get(_HINT)
    if hint is not None and hint[0] == seat and events:
        first = events[0]
        kind, detail, prior = hint[1]
        if first.kind == kind and _detail(first) == detail:
            return float(prior)
    return 0.0


def _margin(scored: Sequence[int], taker: int, outcome: str, state: State, seat: int) -> float:
    side = state.side(seat)
    others = [p for s, p in enumerate(scored) if s != side]
    value = (scored[side] - max(others)) / CARD_TOTAL
    if state.side(taker) == side:
        value += {"hecho": 0.25, "dedans": -0.25}.get(outcome, 0.0)
    return value


def solve(world: State, seat: int, legal: list[Action], rng: random.Random) -> list[float]:
    """Each legal move's value in a sampled deal (as :func:`evaluate` values the hand's end):
    the move, then the hand played out by the rules of thumb for every seat — by the engine
    until the first trick is over (bids, announcements), then by
    :class:`~rules.belote.cardplay.Tricks` (five times faster: more deals for the budget)."""
    values = []
    hand = world.hand_number
    for action in legal:
        sim = world.clone()
        events = list(sim.apply(seat, action))
        while sim.result is None and sim.hand_number == hand and not (
                sim.phase == "play" and any(sim.tricks_won)):
            mover = sim.to_act
            assert mover is not None
            events += sim.apply(mover, heuristic(sim, mover, rng))
        if sim.result is not None or sim.hand_number != hand:
            values.append(evaluate(events, sim, seat))
            continue
        tricks = Tricks(sim, suit_bits(constraints(sim)[0]))
        scored = tricks.play_out()
        assert sim.taker is not None
        value = _prior(events, sim, seat) + _margin(scored, sim.taker, tricks.outcome, sim,
                                                    seat)
        totals = [a + b for a, b in zip(sim.scores, scored, strict=True)]
        top = max(totals)
        if top >= sim.options.objetivo and totals.count(top) == 1:
            value += 5.0 if totals.index(top) == sim.side(seat) else -5.0
        values.append(value)
    return values


register(State, Strategy(heuristic, determinize, evaluate, attrgetter("hand_number"),
                         solve=solve))
