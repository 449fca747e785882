"""Belote's CPU players: the rules of thumb always make a legal move, and a sampled deal keeps
what the seat knows in the positions where that knowledge is richest (combinations announced
by name in the first trick, the turned card with the taker, belote said, voids shown)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from tapete.rules import belote
from tapete.rules import cpu as search
from tapete.rules.belote import cardplay, combos, cpu, knowledge
from tapete.rules.belote.combos import combinations, held_points, public_name
from tapete.rules.belote.options import DECK, SORT_KEY, SUITS
from tapete.rules.cards import FrenchSuit
from tests.sizes import size
from tests.test_belote_rules import act, deal, fr, taken

MODES = [({}, 2), ({}, 3), ({}, 4), ({"parejas": True}, 4)]
IDS = ["2", "3", "4", "parejas"]
# ``none_or_split`` lets an equal combination be announced too: the sampled deals follow it.
TIE_MODES = [({"empate_escalera": "none_or_split"}, 2), ({"empate_escalera": "none_or_split"}, 3)]
TIE_IDS = ["2-none_or_split", "3-none_or_split"]


def matches(options: dict[str, Any], players: int, count: int, seed: int,
            ) -> list[belote.State]:
    """Every position of ``count`` seeded matches, each move the heuristic's or, one time
    in four, a random legal one (so that odd positions turn up too)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = belote.new_game(belote.Options(**options), players, seed=rng.randrange(2**63))
        while not state.is_over:
            found.append(state.clone())
            seat = state.to_act
            assert seat is not None
            if rng.random() < 0.25:
                action = rng.choice(state.legal_actions())
            else:
                action = cpu.heuristic(state, seat, rng)
            state.apply(seat, action)
    return found


@pytest.mark.parametrize(("options", "players"), MODES, ids=IDS)
def test_the_rules_of_thumb_always_play_a_legal_move(options: dict[str, Any],
                                                      players: int) -> None:
    rng = random.Random(players)
    positions = matches(options, players, size(3, 20), seed=players + len(options))
    for state in positions:
        seat = state.to_act
        assert seat is not None
        assert cpu.heuristic(state, seat, rng) in state.legal_actions()


@pytest.mark.parametrize(("options", "players"), MODES + TIE_MODES, ids=IDS + TIE_IDS)
def test_a_sampled_deal_keeps_the_announcements_and_the_cards_known(
        options: dict[str, Any], players: int) -> None:
    rng = random.Random(5)
    positions = [s for s in matches(options, players, size(6, 40), seed=11 + players)
                 if s.phase == "play"]
    first_trick = 0
    for i, state in enumerate(positions):
        seat = state.to_act
        assert seat is not None
        if not state.judged and any(s != seat for s, _ in state.announcements):
            first_trick += 1
        elif i % 4:
            continue  # every first-trick position with announcements, a quarter of others
        world = cpu.determinize(state, seat, rng)
        assert world.view(seat) == state.view(seat)
        assert world.legal_actions() == state.legal_actions()
        # the names announced are kept, and each announced combination is held (or played)
        assert [(s, public_name(c)) for s, c in world.announcements] == \
            [(s, public_name(c)) for s, c in state.announcements]
        played = set(knowledge.played_cards(state))
        voids, banned = knowledge.constraints(state)
        for s, hand in enumerate(world.hands):
            assert len(hand) == len(state.hands[s])
            if s == seat:
                continue
            assert not any(c.suit in voids[s] for c in hand)
            assert not any(c in banned[s] for c in hand)
        for s, cards in knowledge.known_holdings(state, seat, played).items():
            assert set(cards) <= set(world.hands[s])
        in_play = [c for h in [*world.hands, world.stock] for c in h]
        assert sorted(map(str, in_play)) == sorted(
            str(c) for h in [*state.hands, state.stock] for c in h)
        assert len(in_play) + len(played) + (state.players < 4) == len(DECK)
    assert first_trick > 0


@pytest.mark.parametrize(("options", "players"), MODES, ids=IDS)
def test_what_the_first_trick_showed_is_still_known_at_the_end_of_the_hand(
        options: dict[str, Any], players: int) -> None:
    """A suit not followed (or a trump not played) in the first trick is still ruled out
    for that seat tricks later: the state keeps every trick of the hand."""
    from tapete.rules.belote.options import PAIRS_POLICY, POLICY, RANKING
    from tapete.rules.infoset import absent_in_tricks

    shown = 0
    for state in matches(options, players, size(3, 12), seed=71 + players):
        if state.phase != "play" or len(state.tricks) < 3:
            continue
        assert state.trump is not None
        first = absent_in_tricks([list(state.tricks[0])], players, state.trump, RANKING,
                                 PAIRS_POLICY if state.pairs else POLICY, state.pairs)
        _, absent = knowledge.constraints(state)
        for seat in range(players):
            assert first[seat] <= absent[seat]
            shown += bool(first[seat])
    assert shown > 10


def test_a_playout_end_is_valued_for_the_seats_side() -> None:
    state = belote.new_game(belote.Options(parejas=True), 4, seed=3)
    rng = random.Random(3)
    events = []
    while not any(isinstance(e, belote.HandScored) for e in events):
        seat = state.to_act
        assert seat is not None
        events += state.apply(seat, cpu.heuristic(state, seat, rng))
    scored = next(e for e in events if isinstance(e, belote.HandScored))
    for seat in range(4):
        value = cpu.evaluate(events, state, seat)
        partner = cpu.evaluate(events, state, (seat + 2) % 4)
        other = cpu.evaluate(events, state, (seat + 1) % 4)
        assert value == partner
        margin = scored.scored[seat % 2] - scored.scored[1 - seat % 2]
        assert (value > other) == (margin > 0) or margin == 0


@pytest.mark.parametrize("empate", ["first", "none_or_split"])
def test_sampled_deals_follow_what_may_be_announced(empate: str) -> None:
    """Seat 1 announced a tercia al rey; seat 2 holds an equal one, which ``announce`` offers
    only with ``none_or_split``. The true deal agrees with what seat 2 knows (the CPU reads
    the announcements as the engine makes them) and a sampled deal leaves seat 2 the same
    view and the same choices."""
    final = {1: "Kc Qc Jc 7s 7d 8d Ah 10h 8c", 2: "Ks Qs Js 9c 9d 8h 10d Ad 7c",
             0: "10s 9s 8s As Ac 10c 9h Kh Qh"}
    state = taken(3, final, "7h", bottom="Jh", empate_escalera=empate)
    act(state, "announce", "play 7s")
    offered = list(state.view(2).announce)
    assert offered == ([tuple(fr("Ks Qs Js"))] if empate == "none_or_split" else [])
    assert knowledge._announcements_agree(state, 2, state.announcements, offered) == \
        state.announcements
    rng = random.Random(7)
    for _ in range(size(5, 20)):
        world = cpu.determinize(state, 2, rng)
        assert world.view(2) == state.view(2)
        assert world.legal_actions() == state.legal_actions()


def test_a_sampled_deal_explains_announcements_that_leave_little_room() -> None:
    """Seat 1 announced a tierce, seat 2 two (the first better than seat 1's, after it had
    played the ace of hearts), and seat 3's tierce to the ace of clubs is still offered: the
    others' best lies strictly between seat 1's and that ace. Few sampled announcements fit
    (seat 1's picked too high leaves seat 2 nothing), and a deal that explained none once
    left seat 3 without ``announce`` (its search then failed on the real move). Every deal
    now keeps seat 3's choices."""
    final = {0: "9s 7s Kh Qh 10h Ad Jc 10c", 1: "9h 8h 7h Ks 8s Kd 7d 8c",
             2: "Qs Js 10s Jd 10d 9d Ah 7c", 3: "As Jh Qd 8d Ac Kc Qc 9c"}
    state = belote.new_game(belote.Options(parejas=True), 4,
                            decks=[deal(4, final, "7c", taker=2)])
    act(state, "pass", "pass", "pass", "pass", "pass", "name s")
    act(state, "announce", "play 7h", "announce", "play Ah")
    assert [str(a) for a in state.legal_actions()] == ["play Jh", "announce"]
    rng = random.Random(0)
    for _ in range(size(500, 2000)):
        world = cpu.determinize(state, 3, rng)
        assert world.view(3) == state.view(3)
        assert world.legal_actions() == state.legal_actions()


@pytest.mark.parametrize(("options", "players"), MODES, ids=IDS)
def test_the_fast_tricks_follow_the_engine(options: dict[str, Any], players: int) -> None:
    """From every position in play with only cards to choose (the first trick too), the
    engine's own moves replayed in :class:`~rules.belote.cardplay.Tricks`: the same legal
    cards at every step, and the same score for the hand at its end (hecho, dedans, litige,
    capote, belote, held points, the combinations the seats still to play in the first trick
    announce, as the rules of thumb always do)."""
    from tapete.rules.belote import cardplay
    from tapete.rules.belote.options import PLAY, card_of

    rng = random.Random(players)
    checked = first = 0
    for state in matches(options, players, size(4, 25), seed=31 + players):
        if not cpu._cards_only(state) or rng.random() < 0.7:
            continue
        first += not any(state.tricks_won)
        tricks = cardplay.Tricks(state, cpu.suit_bits(knowledge.constraints(state)[0]))
        play = state.clone()
        hand = play.hand_number
        while True:
            seat = play.to_act
            assert seat is not None and tricks.to_act() == seat
            if play.legal_actions()[-1].verb == "announce":
                play.apply(seat, play.legal_actions()[-1])
            cards = [a for a in play.legal_actions() if a.verb == "play"]
            assert sorted(map(str, cards)) == sorted(
                str(PLAY[DECK[i]]) for i in cardplay.indices(tricks.legal(seat)))
            action = rng.choice(cards)
            tricks.play(seat, cardplay.INDEX[card_of(action.args[0])])
            events = play.apply(seat, action)
            scored = next((e for e in events if isinstance(e, belote.HandScored)), None)
            if scored is not None:
                assert tricks.scored() == list(scored.scored)
                assert tricks.outcome == scored.outcome
                checked += 1
                break
            assert play.hand_number == hand
    assert checked > 10 and first > 3


@pytest.mark.parametrize(("options", "players"), MODES, ids=IDS)
def test_after_the_first_trick_each_card_is_tried_on_a_copy_of_the_same_tricks(
        options: dict[str, Any], players: int) -> None:
    """Once the first trick is over, :func:`~rules.belote.cpu.solve` tries every card on a
    copy of one :class:`~rules.belote.cardplay.Tricks`: each card but the hand's last is
    valued as playing it through the engine and the rest on fresh tricks values it (the
    state keeps every trick of the hand, so fresh tricks know the same voids), and trying one
    card leaves the tricks as they were."""
    from tapete.rules.belote import cardplay
    from tapete.rules.belote.options import card_of

    rng = random.Random(players + 40)
    checked = 0
    for state in matches(options, players, size(3, 12), seed=61 + players):
        if state.phase != "play" or not any(state.tricks_won) or rng.random() < 0.6:
            continue
        seat = state.to_act
        assert seat is not None
        world = cpu.determinize(state, seat, rng)
        legal = world.legal_actions()
        values = cpu.solve(world, seat, legal, rng)
        tricks = cardplay.Tricks(world, cpu.suit_bits(knowledge.constraints(world)[0]))
        before = (list(tricks.hands), list(tricks.cards), list(tricks.plays),
                  list(tricks.voids))
        for action, value in zip(legal, values, strict=True):
            tried = tricks.copy()
            tried.play(seat, cardplay.INDEX[card_of(action.args[0])])
            tried.play_out()
            assert (tricks.hands, tricks.cards, tricks.plays, tricks.voids) == \
                (list(before[0]), list(before[1]), list(before[2]), list(before[3]))
            if len(world.hands[seat]) == 1 and len(world.trick.plays) == players - 1:
                continue  # the card ends the hand: nothing is left to play on fresh tricks
            sim = world.clone()
            events = list(sim.apply(seat, action))
            fresh = cardplay.Tricks(sim, cpu.suit_bits(knowledge.constraints(sim)[0]))
            expected = cpu._prior(events, sim, seat) + cpu._played_out(fresh, sim, seat)
            assert value == pytest.approx(expected)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("options", "players"), MODES, ids=IDS)
def test_below_four_players_taking_costs_the_taker_in_every_outcome(
        options: dict[str, Any], players: int) -> None:
    """Difícil's two-player contracts failed more often than a search's: with two or three
    players a hand's value for the taker's side carries ``TAKE_COST`` whatever its outcome (so
    it moves only the bids); the defence's value, and every side's at four, carry none."""
    state = belote.new_game(belote.Options(**options), players, seed=3)
    scored = [120, 62, 30, 20][:state.side(players - 1) + 1]  # per side
    cost = cpu.TAKE_COST if players < 4 else 0.0
    for outcome, bonus in (("hecho", 0.25), ("dedans", -0.25), ("litige", 0.0)):
        taker_side = cpu._margin(scored, 0, outcome, state, 0)
        assert taker_side == pytest.approx((120 - 62) / 162 + bonus - cost)
        defence = cpu._margin(scored, 1, outcome, state, 0)
        assert defence == pytest.approx((120 - 62) / 162)


@pytest.mark.parametrize(("options", "players"), MODES, ids=IDS)
def test_difficil_leans_on_the_rules_of_thumb_only_at_a_table_of_four(
        options: dict[str, Any], players: int) -> None:
    """Two or three players: the search keeps its best average (no margin over the rules of
    thumb's move, no prior for it in the sampled deals); four: both, as four-hand playouts
    are fewer and noisier."""
    state = belote.new_game(belote.Options(**options), players, seed=5)
    seat = state.to_act
    assert seat is not None
    world = cpu.sampler(state, seat)(random.Random(1))
    legal = state.legal_actions()
    usual = cpu.heuristic(state, seat, random.Random(0))
    others = [a for a in legal if a != usual]
    events = list(world.clone().apply(seat, usual))
    if players < 4:
        assert cpu.trust(state) == 0.0
        assert cpu._prior(events, world, seat) == 0.0
    else:
        assert cpu.trust(state) == search.CLEAR
        assert cpu._prior(events, world, seat) == cpu.BID_PRIOR
        assert cpu._prior(list(world.clone().apply(seat, others[0])), world, seat) == 0.0


@pytest.mark.parametrize(("options", "players"), MODES, ids=IDS)
def test_the_sampled_taker_holds_a_hand_worth_taking_all_hand_long(
        options: dict[str, Any], players: int) -> None:
    """Tricks after the first, the sampled deals still prefer a taker whose hand and the
    cards it played would have taken by the rules of thumb: far more of them do than of
    deals that only keep the facts."""
    rng = random.Random(players + 90)
    preferred = plain = 0
    for state in matches(options, players, size(3, 10), seed=81 + players):
        seat = state.to_act
        if state.phase != "play" or len(state.tricks) < 2 or state.taker in (None, seat):
            continue
        assert seat is not None
        bids = cpu._bids_seen(state, seat)
        assert bids == [(state.taker, 0, True)]
        with_bids, facts = cpu.sampler(state, seat), knowledge.sampler(state, seat)
        for _ in range(4):
            preferred += cpu._bids_agree(with_bids(rng), bids)
            plain += cpu._bids_agree(facts(rng), bids)
    assert preferred > plain + 20


@pytest.mark.parametrize(("voids", "lead"), [((0, 0), "Jh"), ((0, 1 << 1), "7s")])
def test_the_taker_draws_trumps_only_while_an_opponent_may_hold_one(
        voids: tuple[int, int], lead: str) -> None:
    """Two players, hearts trumps, the taker holding J 9 7 of hearts with three hearts
    still out: trumps are drawn, the master jack first, while the other player may hold
    one. Once they showed they have none, the hearts still out lie in the stock, out of
    play, and the taker leads a small plain card instead."""
    hand = fr("Jh 9h 7h 7s 8d")
    mine = cardplay.mask_of(hand)
    out = cardplay.mask_of(DECK) & ~mine & ~cardplay.mask_of(fr("Qh 8h"))
    sight = cardplay.Sight(0, mine, out, SUITS.index(FrenchSuit("h")), 0, 2, False, [],
                           list(voids))
    assert str(DECK[sight.choose(mine)]) == lead


@pytest.mark.parametrize("hand", ["Jh 9h 7s 8d", "Jh 9h 7h 7s 8d"])
def test_the_taker_keeps_its_trumps_when_more_are_out(hand: str) -> None:
    """Two players, hearts trumps, the taker holding the master jack: with two trumps, or
    three while five are out, it leads a small plain card rather than spend its trumps on
    the other player's (who holds a third of the cards it cannot see)."""
    mine = cardplay.mask_of(fr(hand))
    out = cardplay.mask_of(DECK) & ~mine
    sight = cardplay.Sight(0, mine, out, SUITS.index(FrenchSuit("h")), 0, 2, False, [],
                           [0, 0])
    assert str(DECK[sight.choose(mine)]) == "7s"


def pairs_sight(seat: int, hand: str, gone: str, plays: str, taker: int = 0,
                voids: tuple[int, ...] = (0, 0, 0, 0)) -> tuple[cardplay.Sight, int]:
    """Seat ``seat`` of a table in pairs, hearts trumps, holding ``hand``; ``gone`` and the
    trick's ``plays`` (seat:card, in order) are out of play, every other card may be held."""
    mine = cardplay.mask_of(fr(hand))
    played = [(int(s), cardplay.INDEX[fr(card)[0]])
              for s, card in (p.split(":") for p in plays.split())]
    out = cardplay.mask_of(DECK) & ~mine & ~cardplay.mask_of(fr(gone))
    for _, i in played:
        out &= ~(1 << i)
    sight = cardplay.Sight(seat, mine, out, SUITS.index(FrenchSuit("h")), taker, 4, True,
                           played, list(voids))
    return sight, mine


def test_in_pairs_the_taker_draws_trumps_from_two_when_no_more_than_three_are_out() -> None:
    """In pairs the taker leads its master trump holding two trumps with three still out
    (its partner may hold one), where alone it would keep them (the test above)."""
    sight, mine = pairs_sight(0, "Jh 7h 7s 8d Kc", "Ah 10h Kh 9h 8h", "")
    assert str(DECK[sight.choose(mine)]) == "Jh"


def test_a_trump_loaded_on_the_partners_trick_is_never_the_master() -> None:
    """Holding nothing but trumps on a trick the partner wins for sure (the last card),
    the seat loads the ace's 11 points and keeps its master jack, which takes a trick of
    its own later (before, the jack's 20 points went on the partner's trick)."""
    sight, mine = pairs_sight(3, "Ah Qh Jh", "", "0:Js 1:10s 2:Ks", taker=3)
    assert str(DECK[sight.choose(mine)]) == "Ah"


def test_a_partners_trick_that_may_be_beaten_is_taken_over_by_a_card_that_holds() -> None:
    """The partner's king of spades may fall to the ten still out after it: the seat takes
    the trick with its master ace rather than throw a small card beside it (before, it
    loaded only a trick that would hold and otherwise gave its cheapest card)."""
    sight, mine = pairs_sight(2, "As 8d 9c Qc", "", "0:Ks 1:7s")
    assert str(DECK[sight.choose(mine)]) == "As"


def test_the_bid_count_adds_each_suit_and_the_combinations() -> None:
    """Hearts as trumps: J 9 A K Q weigh 38+26+15+6+6, belote 12, five trumps 7 x 3; the
    ace and ten of spades 16+9; no diamond worth a count; clubs void beside trumps 6; the
    run A K Q J of hearts, 50, counts a quarter: 167.5. Spades as trumps: 9 8 7 weigh
    26+5+5, the 9 guarded without the jack 4, three trumps 7; ten and king of hearts 4, the
    ace of diamonds 16, the jack of clubs nothing; the tercia 9 8 7, 20, counts 5: 72."""
    assert cpu.bid_score(fr("Jh 9h Ah Kh Qh As 10s 7d"), FrenchSuit("h")) == 167.5
    assert cpu.bid_score(fr("9s 8s 7s 10h Kh Ad Jc"), FrenchSuit("s")) == 72.0


def test_held_points_are_what_the_combinations_found_are_worth() -> None:
    """The bid count reads a hand's combinations as one sum off its bit mask; it is what
    the combinations found one by one are worth, whatever the hand."""
    rng = random.Random(8)
    for _ in range(size(500, 5000)):
        hand = rng.sample(DECK, rng.choice((5, 6, 8, 9, 12)))
        mask = sum(1 << SORT_KEY[card] for card in hand)
        found = combinations(hand, rng.choice(SUITS))
        assert held_points(mask) == sum(combos.value(combo) for combo in found)


@pytest.mark.parametrize(("options", "players"), MODES, ids=IDS)
def test_a_second_round_bid_searches_passing_and_the_suits_near_the_bar(
        options: dict[str, Any], players: int) -> None:
    """Difícil's second-round bid is searched among passing and the suits whose count comes
    within ``NEAR`` of the bar the rules of thumb name a suit at; every other decision
    searches all its moves."""
    bar = cpu.THRESHOLD[players] + cpu.NAMING - cpu.NEAR
    seen = 0
    for state in matches(options, players, size(4, 20), seed=11 + players):
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        listed = cpu.shortlist(state, seat, legal)
        if state.phase != "bid2":
            assert listed is None
            continue
        seen += 1
        assert listed is not None
        hand = list(state.hands[seat]) + ([state.turned] if players == 4 else [])
        for i, action in enumerate(legal):
            if action.verb == "pass":
                assert i in listed
            else:
                score = cpu.bid_score(hand, FrenchSuit(action.args[0]))
                assert (i in listed) == (score >= bar)
    assert seen


def test_a_second_round_bid_with_no_suit_near_the_bar_is_passed_without_a_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing to weigh: difícil passes at once, as the rules of thumb do."""
    def no_search(*_: Any) -> Any:
        raise AssertionError("a search started")

    strategy = search._STRATEGIES[belote.State]
    monkeypatch.setitem(search._STRATEGIES, belote.State,
                        dataclasses.replace(strategy, sampler=no_search, solve=no_search))
    for state in matches({}, 2, size(4, 20), seed=3):
        seat = state.to_act
        if state.phase != "bid2" or seat is None:
            continue
        legal = state.legal_actions()
        if cpu.shortlist(state, seat, legal) != [i for i, a in enumerate(legal)
                                                  if a.verb == "pass"]:
            continue
        assert search.choose(state, seat, "dificil", seed=1, budget_ms=5).verb == "pass"
        return
    pytest.fail("no second-round bid without a suit near the bar")
