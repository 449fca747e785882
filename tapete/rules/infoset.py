"""What a seat can know of the cards it cannot see, and deals consistent with it.

Every CPU player's search starts from the same question: given what this seat has seen, where
may the other cards be? This module answers it once for every game, so that a game's CPU
module states only *what* its seat knows and keeps its evaluation and rules of thumb:

* :class:`Hidden` — the seat's knowledge as *places* (the other hands, the stock, cards out
  of play), each with its size, the cards known to lie there (at a known position or
  anywhere in it) and the cards it cannot hold; the unseen cards are the deck less every card
  seen or known.
* :func:`absent_after` — what a card played on a trick tells about its player's hand under
  a :class:`~rules.tricks.TrickPolicy`: the suits it lacks (it did not follow), the trumps it
  lacks (it did not trump, or did not overtrump), the cards above one it failed to beat.
  One function for every trick game, mirroring :func:`rules.tricks.legal_cards_why`.
* :meth:`Hidden.deal` — the unseen cards dealt at random into the places, each card only
  where it may lie, every such deal equally likely (:func:`deal_cards` counts them); a
  preference (``accept``) may reject deals a few times, for what the seats' choices suggest
  (a bid, a pass).
* :func:`redraw_chance` — the chance outcomes still to come (the decks of later hands) drawn
  again, so that a sampled world never replays the real future.
* :func:`worlds` — the two put together for a search: worlds of the state dealt from a
  seat's knowledge, prepared once a decision (every game's ``sampler``/``determinize``).

A deal depends only on the knowledge and the random generator: the unseen cards are listed in
the deck's canonical order, never in the order the real state holds them, so two states that
look the same to the seat give the same sampled worlds (a test holds every game to this).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from typing import Any, Protocol, Self, TypeVar

from tapete.rules.cards import Card, Suit
from tapete.rules.engine import DeckSource
from tapete.rules.tricks import Ranking, TrickPolicy, When, trick_winner


@dataclass
class Place:
    """Somewhere cards lie out of the seat's sight: ``slots`` positions, each a known card or
    ``None`` (unknown); ``banned`` are cards it cannot hold."""

    slots: list[Card | None]
    banned: set[Card] = field(default_factory=set)

    @property
    def room(self) -> int:
        return self.slots.count(None)

    def cards(self) -> list[Card]:
        return [c for c in self.slots if c is not None]


class Hidden:
    """One seat's knowledge of the cards it cannot see (see the module docstring).

    ``deck`` is the game's whole deck in its canonical order; ``seen`` every card the seat
    knows to be out of every place (its own hand, cards played, cards face up).
    """

    def __init__(self, deck: Sequence[Card], seen: Iterable[Card] = ()) -> None:
        self.deck = deck
        self.seen: set[Card] = set(seen)
        self.places: dict[Hashable, Place] = {}

    def place(self, key: Hashable, size: int) -> Place:
        """Declare a place of ``size`` cards, none known yet."""
        found = self.places[key] = Place([None] * size)
        return found

    def hold(self, key: Hashable, card: Card, position: int | None = None) -> None:
        """``card`` is known to lie in place ``key`` (at ``position`` if given: e.g. the
        bottom of a stock, -1). A card already seen or held elsewhere is left alone."""
        place = self.places[key]
        if card in self.seen or any(card in p.slots for p in self.places.values()):
            return
        if position is None:  # anywhere: the first unknown position
            position = place.slots.index(None) if None in place.slots else None
        if position is None or place.slots[position] is not None:
            return  # no room left: knowledge that cannot all be kept
        place.slots[position] = card

    def ban(self, key: Hashable, cards: Iterable[Card]) -> None:
        """Place ``key`` cannot hold any of ``cards``."""
        self.places[key].banned.update(cards)

    def copy(self) -> Hidden:
        """An independent copy (to add knowledge for one sampled deal)."""
        twin = Hidden(self.deck, self.seen)
        for key, place in self.places.items():
            twin.places[key] = Place(list(place.slots), set(place.banned))
        return twin

    def known(self) -> set[Card]:
        """Every card the seat sees or knows the place of."""
        found = set(self.seen)
        for place in self.places.values():
            found.update(place.cards())
        return found

    def unseen(self) -> list[Card]:
        """The cards whose place the seat does not know, in the deck's canonical order."""
        known = self.known()
        return [c for c in self.deck if c not in known]

    def deal(self, rng: random.Random, accept: Callable[[dict[Hashable, list[Card]]], bool]
             | None = None, tries: int = 1) -> dict[Hashable, list[Card]]:
        """Each place's cards (known ones at their positions, the rest dealt at random from
        the unseen cards). With ``accept``, up to ``tries`` deals are made and the first
        accepted is kept (else the last)."""
        keys = list(self.places)
        unseen = self.unseen()
        rooms = [self.places[k].room for k in keys]
        banned = [self.places[k].banned for k in keys]
        result: dict[Hashable, list[Card]] = {}
        for _ in range(max(1, tries)):
            dealt = deal_cards(list(unseen), rooms, banned, rng)
            result = {}
            for key, cards in zip(keys, dealt, strict=True):
                fill = iter(cards)
                result[key] = [c if c is not None else next(fill)
                               for c in self.places[key].slots]
            if accept is None or accept(result):
                break
        return result


def deal_cards(cards: list[Card], sizes: Sequence[int], banned: Sequence[set[Card]],
               rng: random.Random) -> list[list[Card]]:
    """Deal ``cards`` (in a canonical order) into places of ``sizes``, each card only to a
    place that may hold it, every such deal equally likely.

    Cards that may go to the same places form a group; each group's split among its places
    is drawn in proportion to the number of whole deals it leaves possible (:func:`_splits`,
    counted once per knowledge and kept), then the group's cards, shuffled, fill its split.
    Dealing card by card, each to a place in proportion to its room, is not uniform: it
    piles the cards some seats showed they lack on the seats that may hold anything (in a
    place free of bans beside two places each lacking a suit, four or more of the six
    suited cards in 25% of deals instead of 17%). Constraints that cannot all be kept (an
    inference that was wrong) leave the cards that break them wherever there is room."""
    rng.shuffle(cards)
    if not any(banned):  # nothing constrains a card: the shuffle cut into the places
        cut = [0]
        for size in sizes:
            cut.append(cut[-1] + size)
        return [cards[a:b] for a, b in itertools.pairwise(cut)]
    places = range(len(sizes))
    masks = [sum(1 << i for i in places if card not in banned[i]) for card in cards]
    groups: dict[int, list[Card]] = {}
    for card, mask in zip(cards, masks, strict=True):
        groups.setdefault(mask, []).append(card)
    # the widest group last: it then has a single split, what the others left
    kinds = tuple(sorted(((mask, len(group)) for mask, group in groups.items()),
                         key=lambda kind: (kind[0].bit_count(), kind[0])))
    rooms = tuple(sizes)
    if sum(rooms) != len(cards) or not _count(kinds, 0, rooms):
        return _deal_carefully(cards, masks, sizes, rng)
    out: list[list[Card]] = [[] for _ in sizes]
    last = len(kinds) - 1
    for index, (mask, _) in enumerate(kinds):
        if index == last:
            split = rooms
        else:
            splits, weights = _splits(kinds, index, rooms)
            split = splits[0] if len(splits) == 1 else rng.choices(splits, weights)[0]
        group = groups[mask]
        at = 0
        for place, n in enumerate(split):
            out[place] += group[at:at + n]
            at += n
        rooms = tuple(r - n for r, n in zip(rooms, split, strict=True))
    return out


Kinds = tuple[tuple[int, int], ...]  # groups of cards: (the places they may go to, how many)
Split = tuple[int, ...]  # how many of a group each place takes


@lru_cache(maxsize=1 << 14)
def _splits(kinds: Kinds, index: int, rooms: Split) -> tuple[list[Split], list[int]]:
    """The ways group ``index`` may split among the places with ``rooms`` left, once the
    groups before it are dealt, each weighed by the deals it leaves for the groups after it
    (times the ways to choose which of the group's cards go where)."""
    mask, count = kinds[index]
    splits, weights = [], []
    for split in _shares(count, [i for i in range(len(rooms)) if mask >> i & 1], rooms):
        left = tuple(r - n for r, n in zip(rooms, split, strict=True))
        ways = _count(kinds, index + 1, left)
        if ways:
            splits.append(split)
            weights.append(ways * _multinomial(split))
    return splits, weights


@lru_cache(maxsize=1 << 14)
def _count(kinds: Kinds, index: int, rooms: Split) -> int:
    """The deals of groups ``index`` on into places with ``rooms`` left (each card told
    apart), every place filled."""
    if index == len(kinds):
        return int(not any(rooms))
    mask, count = kinds[index]
    if index == len(kinds) - 1:  # the last group takes exactly the rooms left
        if count != sum(rooms) or any(r and not mask >> i & 1 for i, r in enumerate(rooms)):
            return 0
        return _multinomial(rooms)
    return sum(_splits(kinds, index, rooms)[1])


def _shares(count: int, places: list[int], rooms: Split) -> list[Split]:
    """Every way to share ``count`` cards among ``places`` within their ``rooms``."""
    found: list[Split] = []
    share = [0] * len(rooms)

    def fill(k: int, left: int) -> None:
        place = places[k]
        if k == len(places) - 1:
            if left <= rooms[place]:
                share[place] = left
                found.append(tuple(share))
                share[place] = 0
            return
        for n in range(min(left, rooms[place]) + 1):
            share[place] = n
            fill(k + 1, left - n)
        share[place] = 0

    if places:
        fill(0, count)
    return found


def _multinomial(split: Split) -> int:
    """The ways to choose which of ``sum(split)`` cards go where."""
    ways, total = 1, 0
    for n in split:
        total += n
        ways *= comb(total, n)
    return ways


def _deal_carefully(cards: list[Card], masks: list[int], sizes: Sequence[int],
                    rng: random.Random) -> list[list[Card]]:
    """Bans that cannot all hold (:func:`deal_cards`): the most constrained cards first,
    each to a place that may hold it and still leaves the rest placeable (Hall's condition),
    else to any place with room."""
    order = sorted(range(len(cards)), key=lambda k: masks[k].bit_count())
    places = range(len(sizes))
    subsets = range(1, 1 << len(sizes))
    left: dict[int, int] = {}
    for mask in masks:
        left[mask] = left.get(mask, 0) + 1
    room = list(sizes)
    out: list[list[Card]] = [[] for _ in sizes]

    def feasible() -> bool:  # Hall: the cards confined to any set of places fit in them
        return all(sum(n for m, n in left.items() if m & ~subset == 0)
                   <= sum(room[i] for i in places if subset >> i & 1) for subset in subsets)

    for k in order:
        mask = masks[k]
        left[mask] -= 1
        fits = []
        for i in places:
            if mask >> i & 1 and room[i]:
                room[i] -= 1
                if feasible():
                    fits.append(i)
                room[i] += 1
        if not fits:
            fits = [i for i in places if room[i]]
        pick = fits[0] if len(fits) == 1 else rng.choices(fits, [room[i] for i in fits])[0]
        out[pick].append(cards[k])
        room[pick] -= 1
    return out


# -- what a play on a trick reveals ----------------------------------------------------------


def absent_after(before: Sequence[tuple[int, Card]], card: Card, trump: Suit | None,
                 ranking: Ranking, policy: TrickPolicy, partner_winning: bool = False,
                 ) -> frozenset[Card]:
    """The cards the player of ``card`` (played on the trick ``before``) cannot have held:
    whatever would have made ``card`` illegal under ``policy`` (the inverse of
    :func:`rules.tricks.legal_cards_why`). ``partner_winning``: the partner held the trick
    (a policy where that frees a void player)."""
    if not before:
        return frozenset()
    order = ranking.under(trump)
    suit_of, power = order.suit, order.power
    led = suit_of[before[0][1]]
    trump_led = trump is not None and led is trump
    follow = policy.follow == When.ALWAYS or (trump_led and policy.follow == When.TRUMP_LEAD)
    if not follow:
        return frozenset()  # nothing binds a player who need not follow
    absent: set[Card] = set()
    if suit_of[card] is led:
        overtake = policy.overtake == When.ALWAYS or (
            trump_led and policy.overtake == When.TRUMP_LEAD)
        if overtake:
            top = max((c for _, c in before if suit_of[c] is led), key=power.__getitem__)
            if power[card] < power[top]:
                absent |= order.above[top]
        return frozenset(absent)
    absent |= order.members[led]
    if not policy.trump_when_void or trump is None:
        return frozenset(absent)
    if policy.partner_frees and partner_winning:
        return frozenset(absent)
    trumps = [c for _, c in before if suit_of[c] is trump]
    top_trump = max(trumps, key=power.__getitem__) if trumps else None
    if suit_of[card] is trump:
        if policy.overtrump and top_trump is not None and power[card] < power[top_trump]:
            absent |= order.above[top_trump]
        return frozenset(absent)
    if policy.overtrump and top_trump is not None and not policy.undertrump:
        absent |= order.above[top_trump]  # unable to pisar, any card was allowed
    else:
        absent |= order.members[trump]
    return frozenset(absent)


def absent_in_tricks(tricks: Iterable[Sequence[tuple[int, Card]]], players: int,
                     trump: Suit | None, ranking: Ranking, policy: TrickPolicy,
                     pairs: bool = False) -> list[set[Card]]:
    """Per seat, the cards :func:`absent_after` rules out over ``tricks`` (each trick's plays
    in order). ``pairs``: seats two apart are partners (for ``policy.partner_frees``)."""
    found: list[set[Card]] = [set() for _ in range(players)]
    for plays in tricks:
        for i in range(1, len(plays)):
            seat, card = plays[i]
            before = plays[:i]
            partner = pairs and i >= 2 and \
                (trick_winner(before, trump, ranking) - seat) % 2 == 0
            found[seat] |= absent_after(before, card, trump, ranking, policy, partner)
    return found


def lacking_in_tricks(tricks: Iterable[Sequence[tuple[int, Card]]], players: int,
                      trump: Suit | None, policy: TrickPolicy, pairs: bool = False,
                      ranking: Ranking | None = None) -> list[set[Suit]]:
    """Per seat, the suits its plays showed it lacks: the suit led, when it did not follow
    where it had to; the trump suit, when it did not trump where it had to (no trump in the
    trick yet, or one had to under-trump). The printed suit of every card (``ranking`` only
    for a partner holding the trick); what :func:`absent_in_tricks` finds, by whole suits
    only, and cheap enough for rules of thumb asking at every move."""
    found: list[set[Suit]] = [set() for _ in range(players)]
    for plays in tricks:
        led = plays[0][1].suit
        trump_led = trump is not None and led is trump
        follow = policy.follow == When.ALWAYS or (
            trump_led and policy.follow == When.TRUMP_LEAD)
        if not follow:
            continue
        trumped = trump_led
        for i in range(1, len(plays)):
            seat, card = plays[i]
            suit = card.suit
            if suit is not led:
                found[seat].add(led)
                if policy.trump_when_void and trump is not None and suit is not trump and (
                        not trumped or policy.undertrump):
                    free = policy.partner_frees and pairs and i >= 2 and ranking is not None \
                        and (trick_winner(plays[:i], trump, ranking) - seat) % 2 == 0
                    if not free:
                        found[seat].add(trump)
            if suit is trump:
                trumped = True
    return found


Dealt = dict[Hashable, list[Card]]


class World(Protocol):
    """What :func:`worlds` asks of a game's state (every :class:`~rules.snapshot.Snapshot`
    state has it)."""

    def clone(self) -> Self: ...
    def sharing(self) -> Self: ...
    def _loaded(self) -> None: ...


W = TypeVar("W", bound=World)


def worlds(state: W, hidden: Hidden, fill: Callable[[W, Dealt], None], *,
           prefer: Callable[[W], bool] | None = None, tries: int = 1,
           ) -> Callable[[random.Random], W]:
    """Sampled worlds of ``state`` for a seat whose knowledge is ``hidden``, prepared once
    for a decision: each call deals the hidden cards (:meth:`Hidden.deal`), writes them into
    a world (``fill(world, dealt)``: each place's cards to the state's field for it, as new
    lists), draws the chance to come again (:func:`redraw_chance`) and has the engine derive
    again what it derives from the cards (``_loaded``).

    A world shares every field ``fill`` does not replace with one copy of the state, made
    once: worlds are for reading and for cloning before play (as :func:`rules.cpu.search`
    uses them), never to be changed in place. ``prefer`` (a world's agreement with what the
    other seats' choices suggest, such as their bids) rejects deals up to ``tries`` times;
    the last deal is kept when none is preferred."""
    base = state.clone()

    def world_of(dealt: Dealt) -> W:
        world = base.sharing()
        fill(world, dealt)
        return world

    accept = None if prefer is None else (lambda dealt: prefer(world_of(dealt)))

    def deal(rng: random.Random) -> W:
        world = world_of(hidden.deal(rng, accept, tries))
        redraw_chance(world, rng)
        world._loaded()  # whatever the engine derives from the cards is derived again
        return world

    return deal


def redraw_chance(world: Any, rng: random.Random) -> None:
    """The chance outcomes still to come — the decks of the hands after this one — drawn
    again from ``rng`` (a sampled world must not replay the real future)."""
    world.source = DeckSource(rng.getrandbits(63))


def suit_cards(deck: Iterable[Card], suit: Suit) -> list[Card]:
    """The cards of ``suit`` in ``deck`` (printed suit)."""
    return [c for c in deck if c.suit is suit]
