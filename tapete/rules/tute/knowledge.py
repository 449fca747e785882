"""What a Tute seat knows of the cards it cannot see, and deals consistent with it.

Knowledge (:func:`knowledge`, places of :class:`rules.infoset.Hidden`): the seat's hand, every
card played this hand, the turned card (held by the dealer in individual and parejas, at the
bottom of the baceta in habanero until drawn, then by whoever drew it), the card a swap took
(the turned card, held by the swapper until played: ``State.swapped_in``), the rey and caballo
of every cante until played, and what each play showed where following was compulsory
(:func:`rules.infoset.absent_in_tricks` under Tute's full rules): the suits a player lacks,
no trump when it did not trump, no card above one it failed to beat. In habanero only the
tricks after the last draw count (a draw may bring any card back). Outside habanero the
cantes sing themselves after each trick for the winning side: a seat that once sang nothing
there holds no rey and caballo of a suit still unsung (:func:`silent`), and the sampled deals
keep to that where a few redraws allow.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tapete.rules.cards import Card, Suit, spanish_deck
from tapete.rules.infoset import (
    Dealt,
    Hidden,
    absent_in_tricks,
    lacking_in_tricks,
    worlds,
)
from tapete.rules.tricks import seats_from
from tapete.rules.tute.bits import COUPLE_MASK, mask_of
from tapete.rules.tute.cantes import singers
from tapete.rules.tute.options import FULL, RANKING, SORT_KEY, SUITS
from tapete.rules.tute.state import State

_DECK = spanish_deck()


def played_cards(state: State) -> set[Card]:
    out: set[Card] = set(state.out_of_play)
    for pile in state.taken:
        out.update(pile)
    out.update(c for _, c in state.trick.plays)
    return out


def past_tricks(state: State, start: int = 0) -> list[list[tuple[int, Card]]]:
    """This hand's completed tricks from the ``start``-th on, as (seat, card) in playing
    order, rebuilt from each winner's pile (cards go there trick by trick, in playing
    order)."""
    n = state.players
    winners = state.trick_winners
    taken_at = [0] * n
    for winner in winners[:start]:
        taken_at[winner] += n
    tricks = []
    for index in range(start, len(winners)):
        winner = winners[index]
        leader = winners[index - 1] if index else state.mano
        at = taken_at[winner]
        cards = state.taken[winner][at:at + n]
        taken_at[winner] += n
        tricks.append(list(zip(seats_from(leader, n), cards, strict=False)))
    return tricks


def draw_tricks(state: State) -> int:
    """How many tricks of a habanero hand are followed by draws (12); 0 elsewhere."""
    if state.modalidad != "habanero":
        return 0
    return (40 - 2 * 8) // 2


def binding_tricks(state: State) -> list[list[tuple[int, Card]]]:
    """The tricks (the one in progress too) where following, and then trumping, was
    compulsory: those after the last habanero draw (a draw may bring any card back), every
    trick elsewhere."""
    skip = draw_tricks(state)
    if len(state.trick_winners) < skip:  # habanero before the last draw: nothing binds
        return []
    tricks = past_tricks(state, skip)
    if state.trick.plays:
        tricks.append(list(state.trick.plays))
    return tricks


def absent(state: State) -> list[set[Card]]:
    """Per seat, the cards its plays showed it cannot hold (:func:`binding_tricks`, under
    Tute's full rules: :func:`rules.infoset.absent_in_tricks`)."""
    return absent_in_tricks(binding_tricks(state), state.players, state.trump, RANKING, FULL,
                            state.pairs)


def voids(state: State) -> list[int]:
    """Per seat, the suits it showed it lacks (bit ``s`` for ``SUITS[s]``), from the same
    tricks (:func:`rules.infoset.lacking_in_tricks`: cheap, for the rules of thumb)."""
    found = lacking_in_tricks(binding_tricks(state), state.players, state.trump, FULL)
    return [sum(1 << _SUIT_BIT[s] for s in suits) for suits in found]


_SUIT_BIT: dict[Suit, int] = {suit: i for i, suit in enumerate(SUITS)}


def known_holdings(state: State, seat: int, played: set[Card]) -> dict[int, list[Card]]:
    """Cards of other seats' hands that are public: the turned card, the cards swaps took,
    sung pairs."""
    held: dict[int, list[Card]] = {}
    turned = state.turned
    holder: int | None = None
    if state.modalidad in ("individual", "parejas"):
        holder = state.dealer
    elif state.modalidad == "habanero" and not (state.baceta and state.baceta[-1] is turned):
        draws = draw_tricks(state)
        if len(state.trick_winners) >= draws:  # the loser of the last draw trick took it
            holder = 1 - state.trick_winners[draws - 1]
    public = [(holder, turned)] if holder is not None else []
    public += state.swapped_in
    public += [(singer, card) for singer, letter, _ in state.cantes
               for card in _DECK if card.suit.value == letter and card.rank in (11, 12)]
    for owner, card in public:  # each held while still in that hand and not yet played
        if owner != seat and card not in played and card in state.hands[owner] \
                and card not in held.get(owner, []):
            held.setdefault(owner, []).append(card)
    return held


def knowledge(state: State, seat: int) -> Hidden:
    """The seat's knowledge as places: every other seat's hand (by seat) and the baceta
    ("baceta", the turned card known at its bottom until drawn), with the cards known to lie
    in them and those each seat showed it cannot hold."""
    played = played_cards(state)
    hidden = Hidden(_DECK, played | set(state.hands[seat]))
    for s in range(state.players):
        if s != seat:
            hidden.place(s, len(state.hands[s]))
    hidden.place("baceta", len(state.baceta))
    if state.baceta and state.baceta[-1] is state.turned:
        hidden.hold("baceta", state.turned, -1)
    for holder, held in known_holdings(state, seat, played).items():
        for card in held:
            hidden.hold(holder, card)
    for s, cards in enumerate(absent(state)):
        if s != seat:
            hidden.ban(s, cards)
    return hidden


def silent(state: State, seat: int) -> list[int]:
    """The other seats that once sang nothing where they could have (outside habanero every
    cante is sung for both seats of a trick's winning side after the trick, one each): they
    held no rey and caballo of a suit still unsung then, so hold none now either."""
    if state.modalidad == "habanero":
        return []
    chances = [0] * state.players
    for winner in state.trick_winners:
        for singer in singers(winner, state.pairs):
            chances[singer] += 1
    for singer, _, _ in state.cantes:
        chances[singer] -= 1
    return [s for s, left in enumerate(chances) if left > 0 and s != seat]


def _no_couple(seats: list[int], unsung: list[int]) -> Callable[[State], bool]:
    """Whether a world gives none of ``seats`` both cards of a couple in ``unsung``."""
    def accept(world: State) -> bool:
        for s in seats:
            hand = mask_of(world.hands[s])
            if any(hand & couple == couple for couple in unsung):
                return False
        return True

    return accept


REDRAWS = 8  # deals tried at most for one that keeps what the silence said


def sampler(state: State, seat: int) -> Callable[[random.Random], State]:
    """Deals of the cards the seat cannot see, consistent with what its plays showed
    (:func:`knowledge`) and preferring deals where no seat that once sang nothing
    (:func:`silent`) holds a couple still to sing; all of it worked out once
    (:func:`rules.infoset.worlds`)."""
    seats = silent(state, seat)
    unsung = [COUPLE_MASK[s] for s in SUITS if s not in state.sung]
    prefer = _no_couple(seats, unsung) if seats and unsung else None

    def fill(world: State, dealt: Dealt) -> None:
        world.hands = [hand if s == seat else sorted(dealt[s], key=SORT_KEY.__getitem__)
                       for s, hand in enumerate(world.hands)]
        world.baceta = dealt["baceta"]

    return worlds(state, knowledge(state, seat), fill, prefer=prefer, tries=REDRAWS)


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where the cards the seat cannot see are dealt at random, consistently
    (:func:`sampler`)."""
    return sampler(state, seat)(rng)
