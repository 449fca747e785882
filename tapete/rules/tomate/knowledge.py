"""What a Tomate seat knows of the cards it cannot see, and deals consistent with it.

Knowledge (:func:`knowledge`, places of :class:`rules.infoset.Hidden`): the seat's hand when
it may look at it (never a ciegas, never the dealer's during the blind tomo and discard; a
ciegas the next card once the view names it), its own cards gone out of play (a passed hand
it saw, exchanged cards), every card played, the pinta (on the table, or last in the hand of
a dealer who took it), the holder of the pánfilo (announced by its payment; none means it lay
in the baceta), and what each player showed by not following, not killing (matar) or not
trumping where that was compulsory (:func:`rules.infoset.absent_in_tricks`). Everything else
— other hands, the baceta (the blind discard at its bottom), the passed and exchanged cards
of others, future deals — is dealt again at random (:func:`determinize`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tapete.rules.cards import Card, french_deck
from tapete.rules.infoset import Dealt, Hidden, absent_in_tricks, worlds
from tapete.rules.tomate.base import IN_PLAY
from tapete.rules.tomate.options import ANTE, PANFILO, POLICY
from tapete.rules.tomate.state import State
from tapete.rules.tricks import seats_from

_CANON = sorted(french_deck(), key=str)


# -- what the seat knows ----------------------------------------------------------------------


def sees_own_hand(state: State, seat: int) -> bool:
    """A ciegas nobody looks; the dealer decides the tomo and the discard blind."""
    return state.options.variante != "a_ciegas" and not (
        seat == state.dealer and state.phase in ("tomo", "discard"))


def played_cards(state: State) -> list[Card]:
    cards = [c for _, plays in state.tricks for _, c in plays]
    cards.extend(c for _, c in state.trick.plays)
    return cards


def pinta_in_piles(state: State, played: Sequence[Card]) -> bool:
    """Whether the pinta lies in a hand (a dealer who took it, after the discard)."""
    return state.took and state.phase != "discard" and state.pinta not in played


def out_chunks(state: State) -> list[tuple[int, int, str]]:
    """The cards out of play in order, as (seat, count, "passed" | "exchanged") runs: the
    passed hands in order of speaking, then the exchanges in order of play (public facts).
    Empty when the layout does not add up (then nothing in it counts as known)."""
    k = state.cards_each
    runs = [(s, k, "passed") for s in seats_from(state.dealer + 1, state.players)
            if state.status[s] in ("passed", "baceta")]
    runs += [(s, n, "exchanged") for s in seats_from(state.dealer + 1, state.players)
             if state.status[s] in IN_PLAY and (n := state.exchanged[s] or 0) > 0]
    if sum(n for _, n, _ in runs) != len(state.out):
        return []
    return runs


def own_out(state: State, seat: int) -> list[tuple[int, Card]]:
    """The seat's own cards out of play that it saw, with their places in ``out``."""
    found: list[tuple[int, Card]] = []
    at = 0
    blind = state.options.variante == "a_ciegas"
    for s, n, _kind in out_chunks(state):
        if s == seat and not blind:
            found.extend((at + i, state.out[at + i]) for i in range(n))
        at += n
    return found


def panfilo_holder(state: State) -> int | None:
    """The seat dealt the pánfilo, known to all by its payment (None: nobody was paid)."""
    if state.options.variante != "panfilo":
        return None
    for s in range(state.players):
        base = -ANTE if s == state.dealer else 0
        if state.hand_net[s] > base:
            return s
    return None


def voids(state: State) -> list[set[Card]]:
    """Cards each seat showed it cannot hold, by not following, not killing (matar) or not
    trumping where it was compulsory (never a ciegas, where nobody chooses)."""
    if state.options.variante == "a_ciegas":
        return [set() for _ in range(state.players)]
    tricks = [list(plays) for _, plays in state.tricks]
    if state.trick.plays:
        tricks.append(list(state.trick.plays))
    return absent_in_tricks(tricks, state.players, state.trump, state.ranking, POLICY)


# -- sampled deals ----------------------------------------------------------------------------


def knowledge(state: State, seat: int) -> Hidden:
    """The seat's knowledge as places: the hands (by seat, its own too when it may not look
    at it), the baceta (``players``) and the cards out of play (``players + 1``)."""
    n = state.players
    bac, out = n, n + 1
    played = played_cards(state)
    hidden = Hidden(_CANON, played)
    for s in range(n):
        hidden.place(s, len(state.hands[s]))
    hidden.place(bac, len(state.baceta))
    hidden.place(out, len(state.out))
    if sees_own_hand(state, seat):
        for i, card in enumerate(state.hands[seat]):
            hidden.hold(seat, card, i)
    elif (state.options.variante == "a_ciegas" and state.phase == "play"
          and state.turn == seat and state.hands[seat]):
        hidden.hold(seat, state.hands[seat][0], 0)  # named by the view's one legal play
    for place, card in own_out(state, seat):
        hidden.hold(out, card, place)
    pinta = state.pinta
    if not pinta_in_piles(state, played):
        hidden.seen.add(pinta)
    elif pinta not in hidden.known():
        dealer = state.dealer
        if (state.exchanged[dealer] or 0) == 0:
            hidden.hold(dealer, pinta, -1)  # kept last, where the tomo put it
        else:
            _only_in(hidden, pinta, {dealer, out})
    if state.options.variante == "panfilo" and pinta is not PANFILO \
            and PANFILO not in hidden.known():
        _only_in(hidden, PANFILO, _panfilo_piles(state, panfilo_holder(state), bac, out))
    for s, absent in enumerate(voids(state)):
        hidden.ban(s, absent)
    return hidden


def _only_in(hidden: Hidden, card: Card, keys: set[int]) -> None:
    for key in hidden.places:
        if key not in keys:
            hidden.ban(key, [card])


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where every card the seat cannot see is dealt again at random, consistently
    with what it knows (see the module docstring; :func:`rules.infoset.worlds`)."""
    n = state.players

    def fill(world: State, dealt: Dealt) -> None:
        world.hands = [dealt[s] for s in range(n)]
        world.baceta = dealt[n]
        world.out = dealt[n + 1]

    return worlds(state, knowledge(state, seat), fill)(rng)


def _panfilo_piles(state: State, holder: int | None, bac: int, out: int) -> set[int]:
    """Where the pánfilo may lie now, from where it was dealt (a hand, or the baceta)."""
    bp = state.baceta_player
    from_baceta = {bac} | {s for s in range(state.players)
                           if s == bp or (state.exchanged[s] or 0) > 0}
    if bp is not None and (state.exchanged[bp] or 0) > 0:
        from_baceta.add(out)
    if holder is None:
        return from_baceta
    where: set[int] = set()
    status = state.status[holder]
    if status in ("pending", "in"):
        where.add(holder)
    if status in ("passed", "baceta") or (state.exchanged[holder] or 0) > 0:
        where.add(out)
    if holder == state.dealer and state.took and state.phase != "discard":
        where |= from_baceta  # maybe the blind discard
    return where or {holder, bac, out}
