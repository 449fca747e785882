"""The shared information-set layer (rules.infoset): what a play on a trick reveals, and
deals consistent with a seat's knowledge.

What a play reveals is checked against the rules themselves (``legal_cards``) for every trick
policy the games use, on random tricks: a card ruled out is never one the player could hold
(the inference is sound), and holding any card ruled out would have made the play illegal
(it is exact, not merely cautious).
"""

from __future__ import annotations

import itertools
import random

import pytest

from tapete.rules.belote.options import PAIRS_POLICY as BELOTE_PAIRS
from tapete.rules.belote.options import POLICY as BELOTE
from tapete.rules.belote.options import RANKING as BELOTE_RANKING
from tapete.rules.cards import Card, french_deck, spanish_deck
from tapete.rules.infoset import Hidden, absent_after, absent_in_tricks, deal_cards
from tapete.rules.tomate.options import POLICY as TOMATE
from tapete.rules.tricks import Ranking, TrickPolicy, legal_cards, trick_winner
from tapete.rules.tute.options import FULL, HABANERO_OPEN
from tapete.rules.tute.options import RANKING as TUTE_RANKING
from tests.sizes import size

TOMATE_RANKING = Ranking(order=(14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2))
CASES = [
    ("tute", spanish_deck(), TUTE_RANKING, FULL, False),
    ("habanero", spanish_deck(), TUTE_RANKING, HABANERO_OPEN, False),
    ("belote", list(french_deck(7)), BELOTE_RANKING, BELOTE, False),
    ("belote-pairs", list(french_deck(7)), BELOTE_RANKING, BELOTE_PAIRS, True),
    ("tomate", french_deck(), TOMATE_RANKING, TOMATE, False),
]


def random_trick(deck: list[Card], rng: random.Random, players: int,
                 ) -> tuple[list[tuple[int, Card]], list[Card], Card]:
    """A trick of 1 to players-1 cards, the next player's hand (2-8 cards) and the trump."""
    cards = rng.sample(deck, players + 8)
    before = [(i, cards[i]) for i in range(rng.randint(1, players - 1))]
    hand = cards[players:players + rng.randint(2, 8)]
    return before, hand, rng.choice(deck)


@pytest.mark.parametrize(("name", "deck", "ranking", "policy", "pairs"), CASES,
                         ids=[c[0] for c in CASES])
def test_a_play_rules_out_exactly_the_cards_that_would_have_made_it_illegal(
        name: str, deck: list[Card], ranking: Ranking, policy: TrickPolicy, pairs: bool,
) -> None:
    rng = random.Random(name)
    checked = 0
    for _ in range(size(400, 4000)):
        before, hand, turned = random_trick(deck, rng, 4)
        trump = turned.suit
        seat = len(before)
        partner = pairs and len(before) >= 2 and \
            (trick_winner(before, trump, ranking) - seat) % 2 == 0
        for card in legal_cards(hand, before, trump, ranking, policy, partner):
            absent = absent_after(before, card, trump, ranking, policy, partner)
            assert not absent & set(hand), (before, hand, card)  # sound
            others = [c for c in deck if c not in hand and c not in dict(before).values()]
            for extra in rng.sample(sorted(absent, key=str), min(3, len(absent))):
                if extra in others:  # exact: holding it, the card would be illegal
                    kept = [c for c in hand if c is not card][:-1]
                    swapped = [*kept, card, extra]
                    assert card not in legal_cards(swapped, before, trump, ranking, policy,
                                                   partner), (before, swapped, card, extra)
                    checked += 1
    assert checked > 50


def test_a_void_shown_in_a_trick_is_kept_per_seat() -> None:
    deck = spanish_deck()
    by = {str(c): c for c in deck}
    trick = [(0, by["3c"]), (1, by["5o"]), (2, by["4e"])]  # oros trump: 1 trumped, 2 had none
    absent = absent_in_tricks([trick], 3, by["1o"].suit, TUTE_RANKING, FULL)
    copas = {c for c in deck if c.suit is by["1c"].suit}
    oros = {c for c in deck if c.suit is by["1o"].suit}
    assert absent[0] == set()
    assert absent[1] == copas
    # seat 2 did not follow and, with a trump in the trick, could not overtrump it
    assert absent[2] == copas | {c for c in oros if TUTE_RANKING.power(c, by["1o"].suit)
                                 > TUTE_RANKING.power(by["5o"], by["1o"].suit)}


def test_a_deal_keeps_sizes_known_cards_and_bans() -> None:
    deck = spanish_deck()
    rng = random.Random(3)
    for _ in range(size(200, 2000)):
        seen = rng.sample(deck, 10)
        hidden = Hidden(deck, seen)
        rest = [c for c in deck if c not in seen]
        sizes = [9, 9, 12]
        for key, n in zip("abc", sizes, strict=True):
            hidden.place(key, n)
        bottom = rng.choice(rest)
        hidden.hold("c", bottom, -1)
        held = rng.choice([c for c in rest if c is not bottom])
        hidden.hold("a", held)
        suit = rng.choice(rest).suit
        hidden.ban("b", [c for c in deck if c.suit is suit])
        dealt = hidden.deal(rng)
        assert [len(dealt[k]) for k in "abc"] == sizes
        assert sorted(str(c) for cards in dealt.values() for c in cards) == \
            sorted(map(str, rest))
        assert dealt["c"][-1] is bottom and held in dealt["a"]
        if sum(1 for c in rest if c.suit is suit and c not in (bottom, held)) <= 9 + 11:
            assert not any(c.suit is suit for c in dealt["b"])


def test_a_tight_deal_keeps_every_ban() -> None:
    """Two places that each lack a suit, the third taking what is left: few deals keep every
    constraint (a deal card by card, each to a place with room, would often strand the last
    cards), and every deal is one of them."""
    deck = spanish_deck()
    rng = random.Random(5)
    suits = sorted({c.suit for c in deck}, key=lambda s: s.value)
    cards = [c for c in deck if c.suit in suits[:2]]  # 20 cards of two suits
    banned = [{c for c in cards if c.suit is suits[0]}, {c for c in cards if c.suit is suits[1]},
              set()]
    for _ in range(size(200, 2000)):
        out = deal_cards(list(cards), [8, 8, 4], banned, rng)
        assert [len(p) for p in out] == [8, 8, 4]
        for place, ban in zip(out, banned, strict=True):
            assert not set(place) & ban


def test_every_deal_the_bans_allow_is_equally_likely() -> None:
    """Two places that each lack a suit and a third that may hold anything: how many of the
    suited cards the free place gets, over many deals, against the share of all the deals
    the bans allow (counted one by one). Dealing card by card, each to a place in
    proportion to its room, gives the free place four or more of the six in 25% of deals
    instead of 17%."""
    deck = spanish_deck()
    oros = [c for c in deck if c.suit.value == "o"][:3]
    copas = [c for c in deck if c.suit.value == "c"][:3]
    cards = oros + copas + [c for c in deck if c.suit.value == "e"][:4]
    sizes, banned = [3, 3, 4], [set(oros), set(copas), set()]

    def suited(free: list[Card]) -> tuple[int, int]:
        return sum(c in oros for c in free), sum(c in copas for c in free)

    allowed: dict[tuple[int, int], int] = {}
    for places in itertools.product(range(3), repeat=len(cards)):
        dealt: list[list[Card]] = [[], [], []]
        for card, place in zip(cards, places, strict=True):
            dealt[place].append(card)
        if [len(d) for d in dealt] == sizes and all(
                not set(d) & ban for d, ban in zip(dealt, banned, strict=True)):
            key = suited(dealt[2])
            allowed[key] = allowed.get(key, 0) + 1
    total = sum(allowed.values())
    rng = random.Random(3)
    runs = size(20_000, 100_000)
    seen: dict[tuple[int, int], int] = {}
    for _ in range(runs):
        key = suited(deal_cards(list(cards), sizes, banned, rng)[2])
        seen[key] = seen.get(key, 0) + 1
    assert set(seen) == set(allowed)
    for key, count in allowed.items():
        share = count / total
        spread = (share * (1 - share) / runs) ** 0.5
        assert abs(seen[key] / runs - share) < 5 * spread + 1e-4, key


def test_bans_that_cannot_all_hold_still_deal_every_card() -> None:
    """An inference proved wrong (six cards confined to a place of four, a card banned
    everywhere): every card is still dealt once and each place gets its size."""
    deck = spanish_deck()
    cards = deck[:12]
    banned = [set(cards[:6]) | {cards[11]}, set(cards[6:]), set(cards[:6])]
    rng = random.Random(4)
    for _ in range(size(50, 500)):
        out = deal_cards(list(cards), [4, 4, 4], banned, rng)
        assert [len(p) for p in out] == [4, 4, 4]
        assert sorted(map(str, (c for p in out for c in p))) == sorted(map(str, cards))


def test_deals_depend_only_on_the_knowledge_and_the_generator() -> None:
    deck = spanish_deck()
    first, second = Hidden(deck, deck[:5]), Hidden(deck, reversed(deck[:5]))
    for hidden in (first, second):
        hidden.place(1, 20)
        hidden.place("deck", 15)
    assert first.deal(random.Random(9)) == second.deal(random.Random(9))


@pytest.mark.parametrize(("name", "deck", "ranking", "policy", "pairs"), CASES,
                         ids=[c[0] for c in CASES])
def test_the_suits_lacked_are_the_whole_suits_ruled_out(
        name: str, deck: list[Card], ranking: Ranking, policy: TrickPolicy, pairs: bool,
) -> None:
    """The cheap suit-level reading (for rules of thumb) agrees with the card-level one."""
    from tapete.rules.infoset import lacking_in_tricks

    rng = random.Random(f"lacking-{name}")
    suits = {c.suit for c in deck}
    for _ in range(size(300, 3000)):
        players = 4
        tricks = []
        turned = rng.choice(deck)
        for _ in range(rng.randint(1, 3)):  # legal tricks of random hands
            hands = [rng.sample(deck, 8) for _ in range(players)]
            plays: list[tuple[int, Card]] = []
            for seat in range(players):
                partner = pairs and len(plays) >= 2 and \
                    (trick_winner(plays, turned.suit, ranking) - seat) % 2 == 0
                cards = [c for c in hands[seat] if c not in {p for _, p in plays}] \
                    or hands[seat]
                legal = legal_cards(cards, plays, turned.suit, ranking, policy, partner) \
                    if plays else cards
                plays.append((seat, rng.choice(legal)))
            tricks.append(plays)
        trump = turned.suit
        tricks = [t for t in tricks if len({c for _, c in t}) == len(t)]
        lacking = lacking_in_tricks(tricks, players, trump, policy, pairs, ranking)
        absent = [set() for _ in range(players)]
        for plays in tricks:
            found = absent_in_tricks([plays], players, trump, ranking, policy, pairs)
            for seat in range(players):
                absent[seat] |= found[seat]
        for seat in range(players):
            whole = {s for s in suits if {c for c in deck if c.suit is s} <= absent[seat]}
            assert lacking[seat] == whole, (tricks, seat)


def test_worlds_deal_into_copies_and_keep_a_preference_when_they_can() -> None:
    """``worlds`` writes each deal into a copy (the state is untouched, each world's hands
    are its own), redraws the chance to come, and with a preference keeps a preferred deal
    whenever one of its tries gives one."""
    from tapete.rules import escoba
    from tapete.rules.escoba.cpu import knowledge
    from tapete.rules.escoba.options import VALUES
    from tapete.rules.escoba.state import State
    from tapete.rules.infoset import Dealt, worlds

    state = escoba.GAME.new_game(escoba.GAME.options(), 2, seed=3)
    before = state.to_json()
    seat = state.to_act

    def fill(world: State, dealt: Dealt) -> None:
        world.hands = [h if s == seat else dealt[s] for s, h in enumerate(world.hands)]
        world.deck = dealt["deck"]

    def no_seven(world: State) -> bool:
        return all(VALUES[c] != 7 for c in world.hands[1 - seat])

    plain = worlds(state, knowledge(state, seat), fill)
    preferring = worlds(state, knowledge(state, seat), fill, prefer=no_seven, tries=50)
    rng = random.Random(4)
    dealt = [plain(rng) for _ in range(60)]
    preferred = [preferring(rng) for _ in range(60)]
    assert state.to_json() == before
    for world in dealt + preferred:
        assert world.hands[seat] == state.hands[seat]
        assert world.hands is not state.hands and world.source.seed != state.source.seed
        assert sorted(map(str, world.hands[1 - seat] + world.deck)) \
            == sorted(map(str, state.hands[1 - seat] + state.deck))
    assert all(no_seven(w) for w in preferred)
    assert not all(no_seven(w) for w in dealt)
