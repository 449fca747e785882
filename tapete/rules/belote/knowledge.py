"""What a Belote seat knows of the cards it cannot see, and deals consistent with it.

Knowledge (:func:`knowledge`, places of :class:`rules.infoset.Hidden`): the seat's hand,
every card played this hand (the cards no longer in a hand, the stock or the turned card's
place), the turned card (out of play with 2-3 players, in the taker's hand with 4 until
played), the bottom card of the stock (2-3 players, last in the stock), the card taken by
the 7 of trumps and the 7 itself during the swap question, the other card of belote once
said, the cards of every combination shown, and what every trick of the hand showed (the
state keeps them all, ``tricks``): suits a seat lacks by not following, no trump at all when
it discarded instead of trumping, no trump above the one it had to beat when it played lower
(:func:`rules.infoset.absent_in_tricks` under Belote's policy).

During the first trick, combinations announced by name only are dealt as concrete ones of
that kind that the announcer would have declared, leaving ``announce`` offering the seat the
same combinations (:func:`sample`). A caller may add a preference (``agree``, the bids): deals
that keep the facts but not the preference are dealt again, a few times at most.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from tapete.rules.belote.combos import (
    BRELAN_RANKS,
    Combo,
    announceable,
    combinations,
    may_announce,
    public_name,
    strength,
)
from tapete.rules.belote.options import (
    BELOTE_CARDS,
    DECK,
    NATURAL,
    PAIRS_POLICY,
    POLICY,
    RANKING,
    SEVEN,
    SORT_KEY,
    SUITS,
)
from tapete.rules.belote.state import State
from tapete.rules.cards import Card, Suit
from tapete.rules.infoset import Dealt, Hidden, absent_in_tricks, redraw_chance, worlds

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


def tricks_seen(state: State) -> list[Sequence[tuple[int, Card]]]:
    """The hand's tricks so far, the one in progress too (read, never copied: the rules of
    thumb ask at every move)."""
    plays = state.trick.plays
    return [*state.tricks, plays] if plays else list(state.tricks)


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


def _announcing(state: State, seat: int) -> bool:
    """Whether the first trick is under way with combinations other seats announced by name
    only (a deal must then make them concrete: :func:`_sample_announced`)."""
    return state.phase == "play" and not state.judged and bool(state.announcements) \
        and any(s != seat for s, _ in state.announcements)


AGREE_TRIES = 16  # deals tried at most for one that keeps the preference (the bids)
# and for one that explains the combinations others announced: each announcer's is drawn in
# turn, so an early one drawn high can leave a later one nothing (in one position 9 of 2,000
# deals explained none in 24 tries). With 200, every one of 555,000 deals of 1,849 such
# positions (every table size, both tie rules) kept the seat's view and choices, in the same
# mean time (0.22 ms a deal in pairs): most deals explain them at the first try.
ANNOUNCED_TRIES = 200


def sampler(state: State, seat: int, agree: Callable[[State], bool] | None = None,
            ) -> Callable[[random.Random], State]:
    """:func:`sample` prepared once for a decision: what the seat knows is worked out once,
    and each world shares what no deal changes with one copy of the state (the same worlds
    as :func:`sample` for the same generator). During the first trick, with combinations
    announced by others, every deal is :func:`sample`'s own."""
    if _announcing(state, seat):
        return lambda rng: sample(state, seat, rng, agree)
    record = state._pack_last_hand()

    def fill(world: State, dealt: Dealt) -> None:
        world.hands = [hand if s == seat else sorted(dealt[s], key=_KEY)
                       for s, hand in enumerate(world.hands)]
        world.stock = dealt["stock"]
        world.last_record = record

    return worlds(state, knowledge(state, seat), fill, prefer=agree, tries=AGREE_TRIES)


def sample(state: State, seat: int, rng: random.Random,
           agree: Callable[[State], bool] | None = None) -> State:
    """A copy where the cards the seat cannot see are dealt at random, consistently with
    :func:`knowledge` and the combinations announced by name; ``agree`` is a preference (the
    bids): the last deal that keeps the facts is kept when none also agrees with it."""
    base = knowledge(state, seat)
    others = [s for s in range(state.players) if s != seat]
    held = {s: base.places[s].cards() for s in others}
    excluded = [base.places[s].banned if s != seat else set() for s in range(state.players)]
    first_trick = _announcing(state, seat)
    offered: list[Combo] | None = None  # what ``announce`` offers the seat (its view shows)
    if first_trick and state.to_act == seat and \
            not any(s == seat for s, _ in state.announcements):
        offered = list(state.view(seat).announce)
    tries = ANNOUNCED_TRIES if first_trick else AGREE_TRIES if agree is not None else 1
    world = state.clone()
    # the hard facts (announcements, voids) must hold; ``agree`` is a preference
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
        if agree is None or agree(world):
            break
    if kept is not None:
        world.hands, world.stock, world.announcements = kept
    elif first_trick:  # knowledge that cannot all be kept: the names at least stay as announced
        world.announcements = announced
    redraw_chance(world, rng)
    world.last_record = world._pack_last_hand()
    world._loaded()  # whatever the engine derives from the hands is derived again
    return world
