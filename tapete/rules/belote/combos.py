"""Combinations (docs/rules/en/belote.md, "Combinations"): finding them in a hand, comparing them,
and judging which announced ones score when the first trick ends.

A combination is a tuple of cards: a **brelán** (the four cards of one rank: J, 9, A, 10, K or
Q; the 8s and 7s are worth nothing and are no combination) in suit order s h d c, or a
**sequence** (3 to 8 cards of one suit consecutive in the natural order A K Q J 10 9 8 7)
from its top card down. A hand's sequences are its maximal runs (a run of six is one sixth
worth 100, never two tercias); a card may belong to a brelán and to a sequence at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tapete.rules.belote.options import NATURAL, SORT_KEY, SUITS, Empate
from tapete.rules.cards import Card, FrenchSuit

Combo = tuple[Card, ...]
Strength = tuple[int, int, int, int]

BRELAN_RANKS: tuple[int, ...] = (11, 9, 14, 10, 13, 12)  # strongest first
BRELAN_VALUE: dict[int, int] = {11: 200, 9: 150, 14: 100, 10: 100, 13: 100, 12: 100}
SEQUENCE_VALUE: dict[int, int] = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100, 8: 120}
_BRELAN_STRENGTH = {rank: len(BRELAN_RANKS) - i for i, rank in enumerate(BRELAN_RANKS)}
_BRELANES: tuple[Combo, ...] = tuple(tuple(Card(r, s) for s in SUITS) for r in BRELAN_RANKS)
_SUIT_RUN: dict[FrenchSuit, tuple[Card, ...]] = {
    s: tuple(Card(r, s) for r in NATURAL) for s in SUITS
}

# Why an announced combination scored or not (``CombinationShown.reason``):
SCORES = "scores"  # the best of its kind is its holder's (or, in pairs, the pair's)
BEATEN = "beaten"  # a better one of its kind belongs to another side
ANNULLED = "annulled"  # a sequence, and a player of another side announced a brelán
TIE_LOST = "tie_lost"  # tied with the best sequence, announced after it (``first``)
TIE_NONE = "tie_none"  # tied for the best sequence with 2 players: nobody scores
TIE_SPLIT = "tie_split"  # tied for the best sequence with 3+: its value is split
REASONS = (SCORES, BEATEN, ANNULLED, TIE_LOST, TIE_NONE, TIE_SPLIT)


def is_brelan(combo: Combo) -> bool:
    return combo[0].rank == combo[1].rank


def value(combo: Combo) -> int:
    """Brelán J 200, 9 150, A 10 K Q 100; sequence 3: 20, 4: 50, 5-7: 100, 8: 120."""
    if is_brelan(combo):
        return BRELAN_VALUE[combo[0].rank]
    return SEQUENCE_VALUE[len(combo)]


def strength(combo: Combo, trump: FrenchSuit) -> Strength:
    """Higher is better: any brelán (J 9 A 10 K Q) above any sequence; sequences by length,
    then top card, then trumps over plain suits. Equal strengths are a tie."""
    if is_brelan(combo):
        return (1, _BRELAN_STRENGTH[combo[0].rank], 0, 0)
    top = combo[0]
    return (0, len(combo), top.rank, int(top.suit is trump))


def combinations(hand: Iterable[Card], trump: FrenchSuit) -> list[Combo]:
    """Every combination in ``hand``, strongest first (the order they are announced in).

    The hand is read as a bit mask (a card's bit is its ``SORT_KEY``: a suit is a byte in
    the natural order), so a brelán is one ``&`` and a suit's sequences one table look-up:
    the bidding's rules of thumb ask this of every hand of every sampled deal."""
    held = 0
    for card in hand:
        held |= 1 << SORT_KEY[card]
    found = [cards for mask, cards in _BRELAN_MASKS if held & mask == mask]
    for suit in range(4):
        found.extend(_RUNS[held >> (8 * suit) & 255][suit])
    if len(found) > 1:
        found.sort(key=lambda combo: strength(combo, trump), reverse=True)
    return found


def held_points(held: int) -> int:
    """What every combination of a hand is worth together, the hand as a bit mask (a card's
    bit its ``SORT_KEY``): :func:`combinations` without building or ordering them."""
    points = sum(value(cards) for mask, cards in _BRELAN_MASKS if held & mask == mask)
    for suit in range(4):
        points += _RUN_POINTS[held >> (8 * suit) & 255]
    return points


def _runs_of(byte: int, suit: FrenchSuit) -> tuple[Combo, ...]:
    """The sequences (runs of three or more, from the top card down) of a suit's cards
    held as ``byte`` (bit k: the k-th card of the natural order)."""
    runs: list[Combo] = []
    run: list[Card] = []
    for k, card in enumerate(_SUIT_RUN[suit]):
        if byte >> k & 1:
            run.append(card)
            continue
        if len(run) >= 3:
            runs.append(tuple(run))
        run = []
    if len(run) >= 3:
        runs.append(tuple(run))
    return tuple(runs)


_BRELAN_MASKS: tuple[tuple[int, Combo], ...] = tuple(
    (sum(1 << SORT_KEY[c] for c in cards), cards) for cards in _BRELANES)
# per byte of a suit, per suit (its index): that suit's sequences
_RUNS: tuple[tuple[tuple[Combo, ...], ...], ...] = tuple(
    tuple(_runs_of(byte, suit) for suit in SUITS) for byte in range(256))
# per byte of a suit: what its sequences are worth (the same for every suit)
_RUN_POINTS: tuple[int, ...] = tuple(sum(value(run) for run in _RUNS[byte][0])
                                    for byte in range(256))


def public_name(combo: Combo) -> tuple[str, int]:
    """What an announcement says aloud: ``("brelan", 4)`` or ``("sequence", length)``."""
    return ("brelan" if is_brelan(combo) else "sequence", len(combo))


def may_announce(combo: Strength, best: Strength | None, empate: Empate) -> bool:
    """Whether a combination of strength ``combo`` may still be announced after ``best`` (the
    best one announced so far, None before any): only a better one (docs/rules/en/belote.md:
    "better than the best one announced so far"). With ``none_or_split`` an *equal* one may
    be announced too, or its tie rule could never apply; with ``first`` an equal one would
    lose the tie to the one announced before it anyway."""
    if best is None:
        return True
    return combo > best or (empate == "none_or_split" and combo == best)


def announceable(found: Sequence[Combo], best: Strength | None, trump: FrenchSuit,
                 empate: Empate) -> list[Combo]:
    """The combinations of ``found`` that may be announced after ``best`` (order kept)."""
    return [combo for combo in found if may_announce(strength(combo, trump), best, empate)]


def judge(
    announced: Sequence[tuple[int, Combo]], trump: FrenchSuit, side_of: Sequence[int],
    players: int, empate: Empate,
) -> list[tuple[int, str]]:
    """The points and reason of each announced combination (in announcement order).

    Brelanes: the holder of the best brelán (in pairs, their pair) scores all of their
    brelanes; nobody else scores one. Sequences: the best sequence announced wins and
    annuls the others, and its side scores all of its sequences, unless a player of another
    side announced a brelán: then that side's sequences are worth nothing, and nobody else's
    score either (the seed: the best sequence "gana y anula a las demás, pero no tiene valor
    alguno cuando en la mano de otro jugador haya un brelán"). Still tied (same length and
    top card, neither in trumps) between sides: ``first`` — the one announced first wins;
    ``none_or_split`` — with 2 players nobody scores sequences, with 3 or more each tied side
    scores the tied sequence's value divided by the number of tied sides (rounded down), and
    nothing else; a tied side annulled by a brelán loses its share (nobody gets it).
    Any sequence of a side annulled by another side's brelán is shown ``annulled``.
    """
    results: list[tuple[int, str]] = [(0, BEATEN)] * len(announced)
    brelanes = [i for i, (_, combo) in enumerate(announced) if is_brelan(combo)]
    sequences = [i for i, (_, combo) in enumerate(announced) if not is_brelan(combo)]
    strengths = [strength(combo, trump) for _, combo in announced]
    brelan_sides = {side_of[announced[i][0]] for i in brelanes}
    if brelanes:
        best = max(brelanes, key=strengths.__getitem__)
        winner = side_of[announced[best][0]]
        for i in brelanes:
            if side_of[announced[i][0]] == winner:
                results[i] = (value(announced[i][1]), SCORES)
    if not sequences:
        return results

    def side(i: int) -> int:
        return side_of[announced[i][0]]

    def annulled(i: int) -> bool:  # a player of another side announced a brelán
        return bool(brelan_sides - {side(i)})

    for i in sequences:
        if annulled(i):
            results[i] = (0, ANNULLED)
    top = max(strengths[i] for i in sequences)
    tied = [i for i in sequences if strengths[i] == top]  # in announcement order
    tied_sides = list(dict.fromkeys(side(i) for i in tied))
    if len(tied_sides) > 1 and empate == "none_or_split":
        if players == 2:
            for i in tied:
                if not annulled(i):
                    results[i] = (0, TIE_NONE)
            return results
        share = value(announced[tied[0]][1]) // len(tied_sides)
        for tied_side in tied_sides:
            first = next(i for i in tied if side(i) == tied_side)
            if not annulled(first):
                results[first] = (share, TIE_SPLIT)
        return results
    winner = side(tied[0])  # alone, or the first announced (``first``)
    for i in sequences:
        if annulled(i):
            continue
        if side(i) == winner:
            results[i] = (value(announced[i][1]), SCORES)
        elif i in tied:
            results[i] = (0, TIE_LOST)
    return results
