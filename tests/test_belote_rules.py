"""Belote: scripted-deck scenarios for every rule of docs/rules/en/belote.md."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest
from pydantic import ValidationError

from tapete.rules import belote
from tapete.rules.belote import (
    DECK,
    Announced,
    BeloteDeclared,
    BeloteRefusal,
    BottomShown,
    CombinationShown,
    HandDealt,
    HandScored,
    MatchOver,
    Options,
    Passed,
    RebeloteDeclared,
    Redeal,
    State,
    SwapDeclined,
    Took,
    TrickWon,
    TrumpSwapped,
    TurnedCardTaken,
    combinations,
    judge,
    strength,
    value,
)
from tapete.rules.cards import Card, FrenchSuit, parse_cards
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, GameOver, NotYourTurn
from tapete.rules.tricks import Obligation, Trick
from tests.engine_checks import kinds, rejects

SPADES, HEARTS, DIAMONDS, CLUBS = FrenchSuit

# ----------------------------------------------------------------------------- helpers


def fr(text: str) -> list[Card]:
    return parse_cards(text.split(), "french")


def c(text: str) -> Card:
    return fr(text)[0]


def deal(
    players: int, final: dict[int, str] | None = None, turned: str = "", *, taker: int = 1,
    bottom: str = "",
) -> list[Card]:
    """A 32-card order (top first) for a hand dealt by seat 0 (seat 1 is mano).

    ``final`` gives cards of each seat's hand once the complementary cards are in: the first
    6 (5 with 4 players) are dealt in the packets, the rest as complementary cards (with 4
    players ``taker`` gets 2 complementary cards and the turned card, which ``final`` may
    list). Missing cards are filled from the unused ones in deck order; ``bottom`` is the
    last card of the deck (2-3 players: the bottom card of the stock).
    """
    size = 6 if players < 4 else 5
    turn = fr(turned)
    first: dict[int, list[Card]] = {}
    more: dict[int, list[Card]] = {}
    for seat, text in (final or {}).items():
        cards = [x for x in fr(text) if not (players == 4 and seat == taker and x in turn)]
        first[seat], more[seat] = cards[:size], cards[size:]
    used = [x for cs in (*first.values(), *more.values()) for x in cs] + turn + fr(bottom)
    assert len(set(used)) == len(used), "a card is listed twice"
    rest = [x for x in DECK if x not in used]
    for seat in range(players):
        first.setdefault(seat, [])
        more.setdefault(seat, [])
        while len(first[seat]) < size:
            first[seat].append(rest.pop(0))
        want = 3 - (players == 4 and seat == taker)
        assert len(more[seat]) <= want, f"seat {seat} has too many cards"
        while len(more[seat]) < want:
            more[seat].append(rest.pop(0))
    order: list[Card] = []
    offset = 0
    for packet in (3, 3) if players < 4 else (3, 2):
        for k in range(players):
            order += first[(1 + k) % players][offset:offset + packet]
        offset += packet
    order += turn or [rest.pop(0)]
    for k in range(players):
        order += more[(1 + k) % players]
    order += rest + fr(bottom)
    assert sorted(map(str, order)) == sorted(map(str, DECK))
    return order


def game(players: int, *decks: list[Card], **options: Any) -> State:
    return belote.new_game(Options(**options), players, decks=list(decks))


def act(state: State, *actions: str) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        seat = state.to_act
        assert seat is not None
        events += state.apply(seat, action)
    return events


def taken(
    players: int, final: dict[int, str] | None = None, turned: str = "", *, taker: int = 1,
    bottom: str = "", **options: Any,
) -> State:
    """A hand in which ``taker`` takes the turned suit in the first round (the seats before
    it pass)."""
    state = game(players, deal(players, final, turned, taker=taker, bottom=bottom), **options)
    act(state, *["pass"] * ((taker - 1) % players), "take")
    return state


def legal(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def plays(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions() if a.verb == "play"]


def first_legal(state: State) -> list[Event]:
    seat = state.to_act
    assert seat is not None
    return state.apply(seat, state.legal_actions()[0])


def play_out(state: State) -> list[Event]:
    """Every seat plays its first legal card (never announcing) until the hand is scored."""
    events: list[Event] = []
    hand = state.hand_number
    while state.hand_number == hand and not state.is_over:
        seat = state.to_act
        assert seat is not None
        events += state.apply(seat, next(a for a in state.legal_actions() if a.verb == "play"))
    return events


# ----------------------------------------------------------------------------- options


def test_options_defaults_and_player_counts() -> None:
    options = Options()
    assert (options.parejas, options.objetivo, options.litigio, options.empate_escalera) == (
        False, 1000, True, "first")
    assert options.player_counts() == (2, 3, 4)
    assert Options(parejas=True).player_counts() == (4,)


def test_options_validation() -> None:
    with pytest.raises(ValidationError):
        Options(empate_escalera="split")  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        Options(objetivo=0)


@pytest.mark.parametrize(("players", "parejas"), [(1, False), (5, False), (2, True), (3, True)])
def test_new_game_rejects_wrong_player_count(players: int, parejas: bool) -> None:
    with pytest.raises(ValueError):
        belote.new_game(Options(parejas=parejas), players)


def test_game_declares_verbs_and_refusals() -> None:
    game_ = belote.GAME
    assert game_.name == "belote" and game_.family == "french"
    assert [v.name for v in game_.verbs] == ["take", "name", "swap", "announce", "play", "pass"]
    assert game_.verb("play").card_first and not game_.verb("name").card_first
    assert BeloteRefusal in game_.refusals and Obligation in game_.refusals


# ----------------------------------------------------------------------------- the deal


def test_deal_two_players_packets_of_three_from_mano() -> None:
    cards = list(DECK)
    state = game(2, cards)
    assert state.initial_events == [HandDealt(1, 0, 1, cards[12])]
    assert set(state.hands[1]) == {*cards[0:3], *cards[6:9]}  # mano first, in each round
    assert set(state.hands[0]) == {*cards[3:6], *cards[9:12]}
    assert state.turned == cards[12] and state.to_act == 1 and legal(state) == ["take", "pass"]
    view = state.view(None)
    assert view.hand_sizes == (6, 6) and view.stock_count == 19 and view.trump is None
    events = act(state, "take")
    assert events == [Took(1, "h", 1), BottomShown(0, cards[31])]
    assert set(state.hands[1]) == {*cards[0:3], *cards[6:9], *cards[13:16]}
    assert set(state.hands[0]) == {*cards[3:6], *cards[9:12], *cards[16:19]}
    view = state.view(None)
    assert view.hand_sizes == (9, 9) and view.stock_count == 13
    assert view.turned == cards[12] and view.bottom == cards[31]  # both out of play
    assert view.trump == "h" and view.taker == 1
    assert view.phase == "swap" and state.to_act == 1  # seat 1 was dealt the 7h (cards[15])
    act(state, "pass")
    assert state.view(None).phase == "play" and state.to_act == 1  # mano leads


def test_deal_three_players() -> None:
    cards = list(DECK)
    state = game(3, cards)
    assert set(state.hands[1]) == {*cards[0:3], *cards[9:12]}
    assert set(state.hands[2]) == {*cards[3:6], *cards[12:15]}
    assert set(state.hands[0]) == {*cards[6:9], *cards[15:18]}
    assert state.turned == cards[18]
    events = act(state, "pass", "take")
    assert events[1:] == [Took(2, "d", 1), BottomShown(0, cards[31])]
    assert set(state.hands[1]) >= set(cards[19:22]) and set(state.hands[2]) >= set(cards[22:25])
    assert set(state.hands[0]) >= set(cards[25:28])
    assert state.view(None).hand_sizes == (9, 9, 9) and len(state.stock) == 4


def test_deal_four_players_three_then_two_and_the_taker_takes_the_turned_card() -> None:
    cards = list(DECK)
    state = game(4, cards)
    assert set(state.hands[1]) == {*cards[0:3], *cards[12:14]}
    assert set(state.hands[2]) == {*cards[3:6], *cards[14:16]}
    assert set(state.hands[3]) == {*cards[6:9], *cards[16:18]}
    assert set(state.hands[0]) == {*cards[9:12], *cards[18:20]}
    assert state.turned == cards[20]
    events = act(state, "pass", "take")  # seat 2 takes: it gets 2 cards and the turned one
    assert events[1:] == [Took(2, "d", 1), TurnedCardTaken(2, cards[20])]
    assert set(state.hands[1]) >= set(cards[21:24])
    assert set(state.hands[2]) >= {*cards[24:26], cards[20]}
    assert set(state.hands[3]) >= set(cards[26:29]) and set(state.hands[0]) >= set(cards[29:32])
    assert state.view(None).hand_sizes == (8, 8, 8, 8) and state.stock == []
    assert state.view(None).bottom is None and state.to_act == 1


def test_four_players_taker_of_the_second_round_also_takes_the_turned_card() -> None:
    state = game(4, deal(4, {3: "Ac Kc Qc Jc 10c 9c 8c"}, "7h", taker=3))
    act(state, "pass", "pass", "pass", "pass", "pass", "pass", "name c")
    assert state.trump is CLUBS and c("7h") in state.hands[3] and len(state.hands[3]) == 8


def test_hands_are_kept_by_suit_then_natural_order() -> None:
    state = taken(2, {1: "7s Jh As 9c Kh 10s 8d Qs Ad"}, "9h", bottom="7h")
    assert state.hands[1] == fr("As Qs 10s 7s Kh Jh Ad 8d 9c")
    assert plays(state) == [f"play {x}" for x in state.hands[1]]


def test_views_hide_other_hands() -> None:
    state = taken(3)
    assert state.view(None).hand == () and state.view(None).legal == ()
    assert state.view(0).hand == tuple(state.hands[0]) and state.view(0).legal == ()
    assert state.view(1).legal == tuple(legal(state))
    with pytest.raises(ValueError):
        state.view(3)


# ----------------------------------------------------------------------------- bidding


def test_first_round_from_mano_in_order_of_play() -> None:
    state = game(3, deal(3, turned="7d"))
    assert state.to_act == 1
    assert act(state, "pass") == [Passed(1, 1)]
    assert state.to_act == 2
    rejects(state, 2, "name s", BeloteRefusal.NAME_SECOND_ROUND, suit=DIAMONDS)
    events = act(state, "pass", "take")
    assert events[:2] == [Passed(2, 1), Took(0, "d", 1)]
    assert state.trump is DIAMONDS and state.taker == 0 and state.to_act == 1


def test_second_round_names_another_suit_from_mano() -> None:
    state = game(2, deal(2, {0: "7d"}, "9d"))
    act(state, "pass", "pass")
    assert state.view(None).phase == "bid2" and state.to_act == 1
    assert legal(state) == ["name s", "name h", "name c", "pass"]  # never the turned suit
    rejects(state, 1, "take", BeloteRefusal.TAKE_FIRST_ROUND, suit=DIAMONDS)
    rejects(state, 1, "name d", BeloteRefusal.NAME_TURNED_SUIT, suit=DIAMONDS)
    rejects(state, 1, "name diamantes", BeloteRefusal.NAME_TURNED_SUIT, suit=DIAMONDS)
    rejects(state, 1, "name x", BeloteRefusal.UNKNOWN_SUIT, text="x")
    assert act(state, "pass") == [Passed(1, 2)]
    events = act(state, "name corazones")  # a suit's name is read as its letter
    assert events == [Took(0, "h", 2), BottomShown(0, state.bottom)]
    assert state.trump is HEARTS and state.taker == 0
    assert state.phase == "play"  # the 7 of the turned suit is no trump: nobody is asked


def test_everybody_passes_twice_and_the_same_dealer_deals_again() -> None:
    first, second = deal(3, turned="Ac"), deal(3, turned="Kd")
    state = game(3, first, second)
    events = act(state, *["pass"] * 6)
    assert kinds(events, Passed) == [Passed(s, r) for r in (1, 2) for s in (1, 2, 0)]
    assert events[-2:] == [Redeal(0), HandDealt(2, 0, 1, c("Kd"))]
    assert state.dealer == 0 and state.to_act == 1 and state.hand_number == 2
    assert state.view(None).phase == "bid1" and state.history == [] and state.scores == [0] * 3


def test_bidding_refuses_cards_announcements_and_swaps() -> None:
    state = game(2, deal(2, turned="9d"))
    card = state.hands[1][0]
    rejects(state, 1, f"play {card}", BeloteRefusal.BIDDING)
    rejects(state, 1, "announce", BeloteRefusal.BIDDING)
    rejects(state, 1, "swap", BeloteRefusal.SWAP_NOT_NOW)
    rejects(state, 1, "take now", Common.NO_ARGUMENTS, verb="take")
    rejects(state, 1, "bid", Common.UNKNOWN_ACTION, text="bid")
    with pytest.raises(NotYourTurn):
        state.apply(0, "take")
    act(state, "take")
    rejects(state, 1, "take", BeloteRefusal.NOT_BIDDING)
    rejects(state, 1, "name s", BeloteRefusal.NOT_BIDDING)
    rejects(state, 1, "pass", Common.NOT_NOW, text="pass")


# ----------------------------------------------------------------------------- the 7 exchange


def test_holder_of_the_seven_of_trumps_may_swap_it_for_the_turned_card() -> None:
    state = taken(2, {0: "Qh Jh As Ks Qs Js 7h 10d 9d"}, "Kh", bottom="7c")
    assert state.view(None).phase == "swap" and state.to_act == 0
    assert legal(state) == ["swap", "pass"]
    rejects(state, 0, "play As", BeloteRefusal.SWAP_PENDING, card=c("7h"))
    rejects(state, 0, "announce", BeloteRefusal.SWAP_PENDING, card=c("7h"))
    events = act(state, "swap")
    assert events == [TrumpSwapped(0, c("7h"), c("Kh"))]
    assert c("Kh") in state.hands[0] and c("7h") not in state.hands[0]
    assert state.turned == c("7h") and state.view(None).swapped == 0
    assert state.view(None).swapped_card == c("Kh")
    assert state.to_act == 1 and state.phase == "play"  # mano leads
    first_legal(state)
    # the new card counts for announcements: K Q J of hearts, and the four spades
    assert state.view(0).announce == (tuple(fr("As Ks Qs Js")), tuple(fr("Kh Qh Jh")))
    rejects(state, 0, "swap", BeloteRefusal.SWAP_NOT_NOW)


def test_holder_may_keep_the_seven() -> None:
    state = taken(3, {2: "7h"}, "Ah", taker=2)
    assert state.to_act == 2 and legal(state) == ["swap", "pass"]
    assert act(state, "pass") == [SwapDeclined(2)]
    assert c("7h") in state.hands[2] and state.turned == c("Ah") and state.to_act == 1


@pytest.mark.parametrize("case", ["four players", "second round", "seven in the stock",
                                  "seven turned"])
def test_nobody_is_asked_about_the_seven(case: str) -> None:
    if case == "four players":
        state = taken(4, {0: "7h"}, "Ah")
    elif case == "second round":
        state = game(2, deal(2, {0: "7s"}, "Ah"))
        act(state, "pass", "pass", "name s")
    elif case == "seven in the stock":
        state = taken(2, turned="Ah", bottom="7h")
    else:
        state = taken(3, turned="7h")
    assert state.phase == "play" and state.to_act == 1
    assert "swap" not in legal(state)


# ----------------------------------------------------------------------------- combinations


def combos(text: str, trump: FrenchSuit = HEARTS) -> list[str]:
    return [" ".join(map(str, x)) for x in combinations(fr(text), trump)]


def test_brelanes_and_their_values() -> None:
    assert combos("Js Jh Jd Jc 9s 9h 9d 9c 7d") == ["Js Jh Jd Jc", "9s 9h 9d 9c"]
    for rank, points in (("J", 200), ("9", 150), ("A", 100), ("10", 100), ("K", 100),
                         ("Q", 100)):
        cards = fr(" ".join(f"{rank}{s}" for s in "shdc"))
        assert combinations(cards, HEARTS) == [tuple(cards)]
        assert value(tuple(cards)) == points
    assert combos("8s 8h 8d 8c 7s 7h 7d 7c") == []  # the 8s and 7s are worth nothing


@pytest.mark.parametrize(("cards", "points"), [
    ("Ah Kh Qh", 20), ("Kd Qd Jd 10d", 50), ("Qs Js 10s 9s 8s", 100),
    ("Ad Kd Qd Jd 10d 9d", 100), ("Kh Qh Jh 10h 9h 8h 7h", 100),
    ("As Ks Qs Js 10s 9s 8s 7s", 120),
])
def test_sequences_and_their_values(cards: str, points: int) -> None:
    found = combinations(fr(f"{cards} 7c"), HEARTS)
    assert found == [tuple(fr(cards))] and value(found[0]) == points


def test_sequences_are_maximal_runs_in_natural_order_and_may_share_a_brelan_card() -> None:
    assert combos("Ah Kh Qh 10h 9h 8h 9s") == ["Ah Kh Qh", "10h 9h 8h"]  # no J: two runs
    assert combos("Ks Qs Js Jh Jd Jc 10d 9d") == ["Js Jh Jd Jc", "Ks Qs Js", "Jd 10d 9d"]
    assert combos("Ah Kh 7s 8s") == []


def test_comparison_brelan_beats_sequences_then_length_height_trump() -> None:
    def s(text: str, trump: FrenchSuit = HEARTS) -> tuple[int, int, int, int]:
        return strength(tuple(fr(text)), trump)

    assert s("Qs Qh Qd Qc") > s("As Ks Qs Js 10s 9s 8s 7s")  # any brelán beats a sequence
    order = ["Js Jh Jd Jc", "9s 9h 9d 9c", "As Ah Ad Ac", "10s 10h 10d 10c", "Ks Kh Kd Kc",
             "Qs Qh Qd Qc"]
    assert sorted(order, key=s, reverse=True) == order
    assert s("Jd 10d 9d 8d") > s("As Ks Qs")  # longest first
    assert s("Ad Kd Qd") > s("Kh Qh Jh")  # then the highest top card
    assert s("Kh Qh Jh") > s("Kd Qd Jd")  # then trumps
    assert s("Kc Qc Jc") == s("Kd Qd Jd")  # else a tie


# The second trick's seat order with 2 players: mano (1) then the dealer (0).
def test_announce_is_optional_names_only_and_shown_when_the_first_trick_ends() -> None:
    state = taken(2, {1: "Js Jh Jd Jc 9c 8c 7c Ad 7d", 0: "As Ks Qs 10d 9d 7s 8s 8h 10h"},
                  "9h", bottom="7h")
    assert legal(state)[-1] == "announce"
    assert state.view(1).announce == (tuple(fr("Js Jh Jd Jc")), tuple(fr("9c 8c 7c")))
    assert state.view(0).announce == ()  # not its turn
    events = act(state, "announce")
    assert events == [Announced(1, "brelan", 4), Announced(1, "sequence", 3)]
    rejects(state, 1, "announce", BeloteRefusal.ALREADY_ANNOUNCED)
    assert state.view(None).announced == ((1, "brelan", 4), (1, "sequence", 3))
    assert state.view(None).shown == () and state.view(None).points == (0, 0)
    act(state, "play 7d")
    assert "announce" not in legal(state)  # seat 0's tercia al as is beaten by the brelán
    rejects(state, 0, "announce", BeloteRefusal.NOTHING_BETTER)
    events = act(state, "play 10d")
    assert kinds(events, CombinationShown) == [
        CombinationShown(1, tuple(fr("Js Jh Jd Jc")), 200, "scores"),
        CombinationShown(1, tuple(fr("9c 8c 7c")), 20, "scores"),
    ]
    view = state.view(None)
    assert view.shown == ((1, tuple(fr("Js Jh Jd Jc")), 200, "scores"),
                          (1, tuple(fr("9c 8c 7c")), 20, "scores"))
    assert view.points == (10, 220)  # seat 0 took 7d 10d; seat 1's combinations
    rejects(state, 0, "announce", BeloteRefusal.ANNOUNCE_TOO_LATE)


def test_announce_refused_without_a_combination_and_after_the_first_card() -> None:
    state = taken(3, {1: "As Kh Qc Jc 10s 10h 8d 7c 8s", 2: "Ad Kd Qd Jd 7s 8c 9s 10c 9c"},
                  "9h", bottom="7h")
    assert "announce" not in legal(state)
    rejects(state, 1, "announce", BeloteRefusal.NO_COMBINATION)
    rejects(state, 1, "announce please", Common.NO_ARGUMENTS, verb="announce")
    act(state, "play As")
    assert legal(state)[-1] == "announce"  # seat 2: its cuarta, before its first card


def test_combinations_not_announced_count_for_nothing() -> None:
    state = taken(2, {1: "Js Jh Jd Jc 9c 8c 7c Ad 7d"}, "9h", bottom="7h")
    assert "announce" in legal(state)
    events = play_out(state)
    assert kinds(events, CombinationShown) == []
    assert kinds(events, HandScored)[0].combinations == (0, 0)


def test_first_an_equal_sequence_is_not_announced() -> None:
    # With ``first`` (the default) only a combination better than the best announced may be
    # announced: seat 2's tercia al rey equals seat 1's, seat 0's tercia a la dama is worse.
    final = {1: "Kc Qc Jc 7s 7d 8d Ah 10h 8c", 2: "Ks Qs Js 9c 9d 8h 10d Ad 7c",
             0: "10s 9s 8s As Ac 10c 9h Kh Qh"}
    state = taken(3, final, "7h", bottom="Jh")
    act(state, "announce", "play 7s")
    assert "announce" not in legal(state) and state.view(2).announce == ()
    rejects(state, 2, "announce", BeloteRefusal.NOTHING_BETTER)
    act(state, "play Ks")
    assert "announce" not in legal(state)
    events = act(state, "play As")
    assert [(e.seat, e.points, e.reason) for e in kinds(events, CombinationShown)] == [
        (1, 20, "scores")]


@pytest.mark.parametrize("tercia", ["As Ks Qs", "Kh Qh Jh"])  # higher top card; in trumps
def test_first_a_better_sequence_is_announced(tercia: str) -> None:
    final = {1: "Kc Qc Jc 7s 7d 8d Ah 10h 8c", 2: f"{tercia} 9c 9d 8h 10d Ad 7c"}
    state = taken(3, final, "7h", bottom="Js")
    act(state, "announce", "play 7s")
    assert legal(state)[-1] == "announce" and state.view(2).announce == (tuple(fr(tercia)),)


def test_first_the_outside_checks_position_offers_no_equal_tercia() -> None:
    # The defect report's position: seat 1 names hearts and announces its 10-9-8 of clubs;
    # seat 0's 10-9-8 of diamonds is only equal, so it may just play a club.
    deck = fr("10c 8h Ah 8d 10d 7c 8c 7h Jh Ks Kd Ac 10s 9c 7s Kc 9d 10h 9h Qc Jc Ad Js Jd 8s "
              "9s Qd Kh As 7d Qh Qs")
    state = game(2, deck)
    act(state, "pass", "pass", "name h", "announce", "play Kc")
    assert sorted(legal(state)) == ["play 7c", "play Ac"]
    assert state.view(0).announce == ()
    rejects(state, 0, "announce", BeloteRefusal.NOTHING_BETTER)


@pytest.mark.parametrize(("players", "expected"), [(2, [0, 0]), (3, [10, 10])])
def test_equal_sequences_with_none_or_split(players: int, expected: list[int]) -> None:
    final = {1: "Kc Qc Jc 7s 8s 7d 8d Ah 10h", 0: "Ks Qs Js 9c 9d 8h 10d Ad 7c"}
    if players == 3:
        final[2] = "As 10s 9h Kd Qh 10c Ac 8c Jd"  # no combination
    state = taken(players, final, "7h", bottom="Jh", empate_escalera="none_or_split")
    act(state, "announce", "play 7s")
    if players == 3:
        act(state, "play As")
    act(state, "announce")
    events = act(state, "play Ks")
    reason = "tie_none" if players == 2 else "tie_split"
    assert [(e.seat, e.points, e.reason) for e in kinds(events, CombinationShown)] == [
        (1, expected[0], reason), (0, expected[1], reason)]


@pytest.mark.parametrize("brelan_announced", [True, False])
def test_pairs_a_brelan_annulling_the_best_sequence_leaves_no_sequence(
        brelan_announced: bool) -> None:
    # Seat 1 (pair 1+3) announces a tercia, seat 2 a better cuarta, seat 3 a brelán of aces:
    # the cuarta is the best sequence and is annulled, so seat 1's tercia, beaten by it,
    # scores nothing either. A brelán that is not announced annuls nothing: the cuarta scores.
    final = {1: "9c 8c 7c 10s 8s 9h Ks 7h", 2: "Kd Qd Jd 10d 7s Qh 10c Kc",
             3: "As Ah Ad Ac Qs 9s Kh 8h", 0: "Js Jh 10h Jc Qc 9d 8d 7d"}
    state = taken(4, final, "7h", parejas=True)
    act(state, "announce", "play 8s", "announce", "play 7s")
    assert state.view(3).announce == (tuple(fr("As Ah Ad Ac")),)
    act(state, *(["announce"] if brelan_announced else []), "play 9s")
    assert "announce" not in legal(state)  # seat 0's tercia is no better than the cuarta
    events = act(state, "play Js")
    shown = [(e.seat, e.points, e.reason) for e in kinds(events, CombinationShown)]
    if brelan_announced:
        assert shown == [(1, 0, "beaten"), (2, 0, "annulled"), (3, 100, "scores")]
    else:
        assert shown == [(1, 0, "beaten"), (2, 50, "scores")]


# Judging announced combinations (``judge``), seat by seat in announcement order.
def judged(announced: list[tuple[int, str]], players: int = 3, pairs: bool = False,
           trump: FrenchSuit = HEARTS, empate: str = "first") -> list[tuple[int, str]]:
    side_of = [seat % 2 if pairs else seat for seat in range(players)]
    return judge([(seat, tuple(fr(text))) for seat, text in announced], trump, side_of,
                 players, empate)  # type: ignore[arg-type]


def test_judge_brelan_beats_every_sequence_and_annuls_other_sides_sequences() -> None:
    assert judged([(1, "As Ks Qs Js 10s"), (2, "Qs Qh Qd Qc")]) == [
        (0, "annulled"), (100, "scores")]


def test_judge_the_best_brelan_scores_all_its_holders_brelanes() -> None:
    assert judged([(1, "Qs Qh Qd Qc"), (2, "9s 9h 9d 9c"), (2, "Ks Kh Kd Kc")]) == [
        (0, "beaten"), (150, "scores"), (100, "scores")]


def test_judge_a_brelan_does_not_annul_its_own_sides_sequences() -> None:
    assert judged([(1, "Qs Qh Qd Qc"), (1, "Ad Kd Qd"), (2, "Js Jh Jd Jc")]) == [
        (0, "beaten"), (0, "annulled"), (200, "scores")]
    assert judged([(1, "Ks Kh Kd Kc"), (1, "Ad Kd Qd")]) == [(100, "scores"), (20, "scores")]
    # pairs: the partner's brelán annuls nothing of the pair
    assert judged([(0, "Ad Kd Qd"), (2, "Js Jh Jd Jc")], 4, True) == [
        (20, "scores"), (200, "scores")]


def test_judge_the_best_sequence_annulled_by_a_brelan_leaves_no_sequence_scoring() -> None:
    # the best sequence wins and annuls the others; a brelán of another side annuls it:
    # nobody scores a sequence (the weaker one of the brelán's own pair gets nothing)
    assert judged([(0, "Ad Kd Qd"), (1, "Kc Qc Jc 10c"), (2, "Js Jh Jd Jc")], 4, True) == [
        (0, "beaten"), (0, "annulled"), (200, "scores")]
    # its holder's other sequences go with it
    assert judged([(0, "Ad Kd Qd"), (1, "Kc Qc Jc 10c"), (1, "9s 8s 7s"),
                   (2, "Qs Qh Qd Qc")], 4, True) == [
        (0, "beaten"), (0, "annulled"), (0, "annulled"), (100, "scores")]


@pytest.mark.parametrize(("players", "pairs", "expected"), [
    # 2 players: the tie still means nobody scores; the annulled one says why it is void
    (2, False, [(0, "annulled"), (0, "tie_none"), (100, "scores")]),
    # 3+: each tied side's share is its own; the annulled side's share is lost
    (3, False, [(0, "annulled"), (50, "tie_split"), (100, "scores")]),
    (4, True, [(0, "annulled"), (50, "tie_split"), (100, "scores")]),
])
def test_judge_none_or_split_a_tie_with_an_annulled_sequence(
        players: int, pairs: bool, expected: list[tuple[int, str]]) -> None:
    assert judged([(1, "Ad Kd Qd Jd 10d"), (0, "Ac Kc Qc Jc 10c"), (0, "Qs Qh Qd Qc")],
                  players, pairs, empate="none_or_split") == expected


def test_judge_sequences_longest_then_highest_then_trump() -> None:
    assert judged([(1, "As Ks Qs"), (2, "10d 9d 8d 7d")]) == [(0, "beaten"), (50, "scores")]
    assert judged([(1, "Ks Qs Js"), (2, "Ad Kd Qd")]) == [(0, "beaten"), (20, "scores")]
    assert judged([(1, "Ks Qs Js"), (2, "Kh Qh Jh")]) == [(0, "beaten"), (20, "scores")]
    assert judged([(1, "Ks Qs Js"), (2, "Kh Qh Jh")], trump=SPADES) == [
        (20, "scores"), (0, "beaten")]


def test_judge_the_best_sequence_scores_all_its_holders_sequences() -> None:
    assert judged([(1, "Qs Js 10s"), (2, "Ad Kd Qd Jd 10d"), (2, "9c 8c 7c"),
                   (0, "Ah Kh Qh Jh")]) == [
        (0, "beaten"), (100, "scores"), (20, "scores"), (0, "beaten")]


def test_judge_pairs_the_best_holders_pair_scores_all_the_pairs_combinations() -> None:
    assert judged([(1, "Qs Js 10s"), (2, "Ad Kd Qd Jd"), (3, "Kc Qc Jc 10c 9c")], 4, True) == [
        (20, "scores"), (0, "beaten"), (100, "scores")]
    assert judged([(0, "Qs Qh Qd Qc"), (1, "Ks Kh Kd Kc"), (2, "As Ah Ad Ac")], 4, True) == [
        (100, "scores"), (0, "beaten"), (100, "scores")]


@pytest.mark.parametrize(("empate", "players", "pairs", "expected"), [
    ("first", 2, False, [(20, "scores"), (0, "tie_lost")]),
    ("first", 3, False, [(20, "scores"), (0, "tie_lost")]),
    ("none_or_split", 2, False, [(0, "tie_none"), (0, "tie_none")]),
    ("none_or_split", 3, False, [(10, "tie_split"), (10, "tie_split")]),
    ("none_or_split", 4, False, [(10, "tie_split"), (10, "tie_split")]),
    ("none_or_split", 4, True, [(10, "tie_split"), (10, "tie_split")]),
])
def test_judge_ties(empate: str, players: int, pairs: bool,
                    expected: list[tuple[int, str]]) -> None:
    assert judged([(1, "Ks Qs Js"), (0, "Kc Qc Jc")], players, pairs, empate=empate) == expected


def test_judge_split_among_three_and_a_tie_within_a_pair_is_no_tie() -> None:
    assert judged([(1, "Ks Qs Js"), (2, "Kc Qc Jc"), (3, "Kd Qd Jd"), (0, "9h 8h 7h")], 4,
                  empate="none_or_split") == [
        (6, "tie_split"), (6, "tie_split"), (6, "tie_split"), (0, "beaten")]
    assert judged([(1, "Ks Qs Js"), (3, "Kc Qc Jc")], 4, True, empate="none_or_split") == [
        (20, "scores"), (20, "scores")]
    assert judged([(1, "Ks Qs Js"), (1, "10d 9d 8d"), (0, "Kc Qc Jc")], 3,
                  empate="none_or_split") == [(10, "tie_split"), (0, "beaten"),
                                               (10, "tie_split")]


# ----------------------------------------------------------------------------- belote


def test_belote_and_rebelote_are_declared_by_the_engine() -> None:
    state = taken(2, {1: "Kh Qh As Ks Qs Js 10s 9s 8s", 0: "Ah 10h Kd Qd Jd 10d 9d 8d 7d"},
                  "9h", bottom="7h")
    events = act(state, "play Kh")
    assert events == [belote.CardPlayed(1, c("Kh")), BeloteDeclared(1, c("Kh"))]
    assert state.view(None).belote == 1 and not state.view(None).rebelote
    act(state, "play Ah")  # seat 0 over-trumps and leads
    act(state, "play Kd")
    events = act(state, "play Qh")
    assert kinds(events, RebeloteDeclared) == [RebeloteDeclared(1, c("Qh"), 20)]
    view = state.view(None)
    assert view.rebelote and view.points[1] == 20 + 4 + 3  # belote + the trick Kd Qh


def test_one_of_the_two_is_no_belote() -> None:
    state = taken(2, {1: "Kh As Ks Qs Js 10s 9s 8s 7s", 0: "Qh Ah Kd Qd Jd 10d 9d 8d 7d"},
                  "9h", bottom="7h")
    events = play_out(state)
    assert kinds(events, BeloteDeclared) == [] and kinds(events, RebeloteDeclared) == []
    assert kinds(events, HandScored)[0].belote is None


# ----------------------------------------------------------------------------- obligations

# Four players, trump hearts taken by seat 1 (it gets the turned Ah); seat 1 leads As.
SPADE_LEAD = {1: "As Ah Ad Ac Kd Kc Qd Qc", 2: "Ks Qs Js 10s 9s 8s 7s Jh",
              3: "Kh 7h 7c 8c 7d Jc Jd 10h", 0: "Qh 9h 8h 10d 9d 8d 10c 9c"}


def test_asistir_without_montar_then_fallar_then_pisar() -> None:
    state = taken(4, SPADE_LEAD, "Ah")
    act(state, "play As")
    assert plays(state) == ["play Ks", "play Qs", "play Js", "play 10s", "play 9s",
                            "play 8s", "play 7s"]  # asistir, no obligation to montar
    rejects(state, 2, "play Jh", Obligation.MUST_FOLLOW, suit=SPADES)
    act(state, "play 7s")
    assert plays(state) == ["play Kh", "play 10h", "play 7h"]  # void: fallar
    rejects(state, 3, "play 7c", Obligation.MUST_TRUMP, suit=HEARTS)
    act(state, "play Kh")
    assert plays(state) == ["play 9h"]  # pisar: only the 9 beats the K of trumps
    rejects(state, 0, "play 8h", Obligation.MUST_OVERTRUMP, suit=HEARTS, card=c("Kh"))
    rejects(state, 0, "play 10d", Obligation.MUST_OVERTRUMP, suit=HEARTS, card=c("Kh"))
    events = act(state, "play 9h")
    assert kinds(events, TrickWon)[0].seat == 0


def test_void_and_unable_to_pisar_under_trumping_is_obligatory() -> None:
    state = taken(4, {1: "Ad Kd Qd Jd 10d 9d 8d Ac", 2: "Jc As Ks Qs Js 10s 9s 8s",
                      3: "Kc 8c 7s Ah Kh Qh Jh 10h", 0: "9h 8h 7h Qc 10c 9c 7c 7d"}, "Ac")
    act(state, "play Ad")
    assert plays(state) == ["play Jc"]
    rejects(state, 2, "play As", Obligation.MUST_TRUMP, suit=CLUBS)
    act(state, "play Jc")
    assert plays(state) == ["play Kc", "play 8c"]  # nothing beats the J: any trump
    rejects(state, 3, "play 7s", Obligation.MUST_UNDERTRUMP, suit=CLUBS)
    act(state, "play 8c")
    assert plays(state) == ["play 7d"]  # asistir first, whatever the trick holds


def test_trump_lead_montar_if_able_else_any_trump_else_any_card() -> None:
    state = taken(4, {1: "9h Kh As Ks Qs Js 10s 9s", 2: "Jh 8h Ad Kd Qd Jd 10d 9d",
                      3: "Ah 7h Qh 10h Ac Kc Qc Jc", 0: "8s 7s 8d 7d 10c 9c 8c 7c"}, "Kh")
    act(state, "play 9h")
    assert plays(state) == ["play Jh"]
    rejects(state, 2, "play 8h", Obligation.MUST_OVERTAKE, suit=HEARTS, card=c("9h"))
    rejects(state, 2, "play Ad", Obligation.MUST_FOLLOW, suit=HEARTS)
    act(state, "play Jh")
    assert plays(state) == ["play Ah", "play Qh", "play 10h", "play 7h"]  # none beats the J
    rejects(state, 3, "play Ac", Obligation.MUST_FOLLOW, suit=HEARTS)
    act(state, "play 7h")
    assert plays(state) == [f"play {x}" for x in state.hands[0]]  # no trump: any card


def test_pairs_a_void_player_whose_partner_wins_may_play_any_card() -> None:
    state = taken(4, SPADE_LEAD, "Ah", parejas=True)
    act(state, "play As", "play 7s")
    assert plays(state) == [f"play {x}" for x in state.hands[3]]  # partner (seat 1) wins
    act(state, "play 7c")
    assert plays(state) == ["play Qh", "play 9h", "play 8h"]  # seat 0's partner loses
    rejects(state, 0, "play 10d", Obligation.MUST_TRUMP, suit=HEARTS)


def test_individual_four_players_have_no_partner() -> None:
    state = taken(4, SPADE_LEAD, "Ah")
    act(state, "play As", "play 7s")
    assert plays(state) == ["play Kh", "play 10h", "play 7h"]
    rejects(state, 3, "play 7c", Obligation.MUST_TRUMP, suit=HEARTS)


def test_pairs_the_partner_frees_only_a_void_player() -> None:
    state = taken(4, {1: "As Ah Ad Ac Kd Kc Qd Qc", 2: "Ks Qs Js 10s 9s 7s Jh 8d",
                      3: "8s Kh 7h 7c 8c 7d Jc 10h", 0: "Qh 9h 8h 10d 9d Jd 10c 9c"},
                  "Ah", parejas=True)
    act(state, "play As", "play 7s")
    assert plays(state) == ["play 8s"]
    rejects(state, 3, "play 7c", Obligation.MUST_FOLLOW, suit=SPADES)


def test_pairs_the_partner_frees_no_trump_lead() -> None:
    state = taken(4, {1: "9h Kh As Ks Qs Js 10s 9s", 2: "7h Ad Kd Qd Jd 10d 9d 8d",
                      3: "Jh 8h Ac Kc Qc Jc 10c 9c", 0: "8s 7s 7d 8c 7c 10h Qh Ah"},
                  "Kh", parejas=True)
    act(state, "play 9h", "play 7h")
    assert plays(state) == ["play Jh"]  # the partner wins, but on a trump lead: montar
    rejects(state, 3, "play 8h", Obligation.MUST_OVERTAKE, suit=HEARTS, card=c("9h"))


# ----------------------------------------------------------------------------- scoring


def test_card_points_of_a_whole_hand() -> None:
    for players in (2, 3, 4):
        state = taken(players, turned="Jd", bottom="7d" if players < 4 else "")
        if state.phase == "swap":
            act(state, "pass")
        played = [x for hand in state.hands for x in hand]
        events = play_out(state)
        scored = kinds(events, HandScored)[0]
        assert sum(scored.card_points) == belote.card_points(played, DIAMONDS)
        if players == 4:
            assert sum(scored.card_points) + 10 == 162
        assert scored.points[state.side(scored.der)] >= 10
        assert kinds(events, TrickWon)[-1].last and kinds(events, TrickWon)[-1].seat == scored.der


def at_last_trick(
    state: State, cards: dict[int, str], *, leader: int, taker: int, won: list[int],
    tricks: list[int], trump: FrenchSuit = HEARTS, announced: Iterable[tuple[int, str]] = (),
    belote_seat: int | None = None, held: int | None = None, scores: list[int] | None = None,
) -> State:
    """Put ``state`` just before the last trick of its hand: each seat holds one card, the
    tricks so far gave each seat ``won`` card points and ``tricks`` tricks."""
    state.phase, state.trump, state.taker = "play", trump, taker
    state.hands = [[c(cards[seat])] for seat in range(state.players)]
    state.trick = Trick(leader)
    state.won, state.tricks_won = list(won), list(tricks)
    state.announcements = [(seat, tuple(fr(text))) for seat, text in announced]
    state.judged = judge(state.announcements, trump, state._sides_of_seats(), state.players,
                         state.options.empate_escalera)
    state.belote, state.rebelote = belote_seat, belote_seat is not None
    if held is not None:
        state.held = held
    if scores is not None:
        state.scores = list(scores)
    state._legal = None
    return state


def scored_hand(state: State) -> tuple[HandScored, list[Event]]:
    events = play_out(state)
    return kinds(events, HandScored)[0], events


def fresh(players: int, **options: Any) -> State:
    return belote.new_game(Options(**options), players, seed=5)


def test_made_every_side_scores_its_points() -> None:
    state = at_last_trick(fresh(2), {1: "Ah", 0: "7c"}, leader=1, taker=1, won=[40, 90],
                          tricks=[2, 6])
    scored, _ = scored_hand(state)
    assert scored == HandScored(
        hand=1, taker=1, trump="h", outcome="hecho", card_points=(40, 101), der=1,
        combinations=(0, 0), belote=None, points=(40, 111), capote=(0, 0), scored=(40, 111),
        released=0, held=0, totals=(40, 111), combos=())
    assert state.history[-1] == {"hand": 1, "dealer": 0, "taker": 1, "trump": "h",
                                 "outcome": "hecho", "scored": [40, 111]}
    assert state.view(None).last_hand == scored


def test_dedans_two_players_and_belote_counts_for_a_failed_taker() -> None:
    state = at_last_trick(fresh(2), {1: "7s", 0: "As"}, leader=1, taker=1, won=[90, 50],
                          tricks=[4, 4], belote_seat=1)
    scored, _ = scored_hand(state)
    assert scored.points == (111, 70) and scored.outcome == "dedans"
    assert scored.belote == 1 and scored.scored == (161, 20)  # all cards + der; belote kept


def test_dedans_three_players_split_with_combinations_and_own_belote() -> None:
    state = at_last_trick(fresh(3), {1: "7s", 2: "8s", 0: "As"}, leader=1, taker=1,
                          won=[30, 40, 50], tricks=[2, 3, 3], announced=[(2, "Ad Kd Qd")],
                          belote_seat=0)
    scored, _ = scored_hand(state)
    assert scored.points == (71, 40, 70) and scored.outcome == "dedans"
    assert scored.combinations == (0, 0, 20)
    assert scored.scored == (100, 0, 80)  # (41 + 40 + 50 + 10 + 20) // 2 each, + belote


def test_dedans_four_players_split_in_three_rounded_down() -> None:
    state = at_last_trick(fresh(4), {1: "7s", 2: "8s", 3: "9s", 0: "As"}, leader=1, taker=1,
                          won=[30, 40, 50, 21], tricks=[2, 2, 2, 1])
    scored, _ = scored_hand(state)
    assert scored.points == (51, 40, 50, 21) and scored.outcome == "dedans"
    assert scored.scored == (54, 0, 54, 54)  # 162 // 3


def test_pairs_dedans_and_made() -> None:
    cards = {1: "7s", 2: "8s", 3: "9s", 0: "As"}
    state = at_last_trick(fresh(4, parejas=True), cards, leader=1, taker=1,
                          won=[30, 40, 50, 21], tricks=[2, 2, 2, 1])
    scored, _ = scored_hand(state)
    assert scored.points == (101, 61) and scored.outcome == "dedans"
    assert scored.scored == (162, 0)
    state = at_last_trick(fresh(4, parejas=True), cards, leader=1, taker=2,
                          won=[30, 40, 50, 21], tricks=[2, 2, 2, 1])
    scored, _ = scored_hand(state)
    assert scored.outcome == "hecho" and scored.scored == (101, 61)


def test_the_taker_must_beat_every_opponent() -> None:
    state = at_last_trick(fresh(3), {1: "7s", 2: "8s", 0: "9s"}, leader=1, taker=1,
                          won=[30, 60, 62], tricks=[2, 3, 3])
    scored, _ = scored_hand(state)
    assert scored.points == (40, 60, 62) and scored.outcome == "dedans"


LITIGE = {1: "7s", 0: "8s"}  # seat 0 takes the last trick: +10


def test_litige_the_takers_points_are_held_and_carried_again_then_paid() -> None:
    state = at_last_trick(fresh(2), LITIGE, leader=1, taker=1, won=[70, 80], tricks=[4, 4])
    scored, events = scored_hand(state)
    assert scored.points == (80, 80) and scored.outcome == "litige"
    assert scored.scored == (80, 0) and scored.held == 80 and state.held == 80
    assert state.view(None).held == 80
    assert state.dealer == 0 and kinds(events, HandDealt)  # seat 0 scored more: it deals
    # the next hand is a litige again: held again, with the new taker's points
    at_last_trick(state, LITIGE, leader=1, taker=0, won=[70, 80], tricks=[4, 4])
    scored, _ = scored_hand(state)
    assert scored.outcome == "litige" and scored.scored == (0, 80)
    assert scored.released == 0 and scored.held == 160
    # made: the held points go to the taker's side
    at_last_trick(state, {1: "As", 0: "7s"}, leader=1, taker=1, won=[30, 100], tricks=[3, 5])
    scored, _ = scored_hand(state)
    assert scored.outcome == "hecho" and scored.released == 160 and scored.held == 0
    assert scored.scored == (30, 121 + 160) and state.scores == [110, 361]


def test_litige_then_dedans_pays_the_held_points_to_the_opponents() -> None:
    state = at_last_trick(fresh(3), {1: "7s", 2: "8s", 0: "9s"}, leader=1, taker=1,
                          won=[30, 60, 60], tricks=[2, 3, 3])
    scored, _ = scored_hand(state)
    assert scored.points == (40, 60, 60) and scored.outcome == "litige"
    assert scored.scored == (40, 0, 60) and scored.held == 60
    at_last_trick(state, {1: "7s", 2: "8s", 0: "9s"}, leader=1, taker=2, won=[30, 60, 50],
                  tricks=[2, 3, 3])
    scored, _ = scored_hand(state)
    assert scored.outcome == "dedans" and scored.released == 60 and scored.held == 0
    assert scored.scored == (150 // 2 + 60 // 2, 150 // 2 + 60 // 2, 0)


def test_held_points_are_split_apart_from_the_dedans_pot() -> None:
    cards = {1: "7s", 2: "8s", 0: "9s"}
    state = at_last_trick(fresh(3), cards, leader=1, taker=1, won=[30, 61, 61],
                          tricks=[2, 3, 3])
    scored, _ = scored_hand(state)
    assert scored.outcome == "litige" and scored.held == 61
    at_last_trick(state, cards, leader=1, taker=2, won=[30, 61, 50], tricks=[2, 3, 3])
    scored, _ = scored_hand(state)
    assert scored.outcome == "dedans" and scored.released == 61
    assert scored.scored == (151 // 2 + 61 // 2, 151 // 2 + 61 // 2, 0) == (105, 105, 0)


def test_litige_keeps_the_takers_belote() -> None:
    state = at_last_trick(fresh(2), LITIGE, leader=1, taker=1, won=[70, 60], tricks=[4, 4],
                          belote_seat=1)
    scored, _ = scored_hand(state)
    assert scored.outcome == "litige" and scored.scored == (80, 20) and scored.held == 60


def test_without_litigio_a_tie_is_dedans() -> None:
    state = at_last_trick(fresh(2, litigio=False), LITIGE, leader=1, taker=1, won=[70, 80],
                          tricks=[4, 4])
    scored, _ = scored_hand(state)
    assert scored.outcome == "dedans" and scored.scored == (160, 0) and scored.held == 0


def test_held_points_are_lost_when_the_match_ends_first() -> None:
    state = at_last_trick(fresh(2), LITIGE, leader=1, taker=1, won=[70, 80], tricks=[4, 4],
                          scores=[990, 0])
    events = play_out(state)
    assert events[-1] == MatchOver((0,), (1070, 0), 80)
    assert state.result is not None and state.result.summary["lost"] == 80


@pytest.mark.parametrize(("players", "pairs", "tricks", "capote"), [
    (2, False, [0, 8], (0, 100)),
    (3, False, [0, 8, 0], (0, 100, 0)),  # one player leaves both others without a trick
    (3, False, [3, 5, 0], (50, 50, 0)),  # only one capote: 50 to each of the others
    (4, False, [2, 3, 2, 0], (33, 33, 33, 0)),  # the others share 100
    (4, False, [0, 5, 2, 0], (0, 50, 50, 0)),
    (4, False, [0, 7, 0, 0], (0, 100, 0, 0)),
    (4, True, [0, 4, 0, 3], (0, 100)),  # the pair that took every trick
])
def test_capote(players: int, pairs: bool, tricks: list[int], capote: tuple[int, ...]) -> None:
    cards = {1: "As", 2: "7s", 3: "8s", 0: "9s"}
    won = [3 * n for n in tricks]
    state = at_last_trick(fresh(players, parejas=pairs), cards, leader=1, taker=1, won=won,
                          tricks=tricks)
    scored, _ = scored_hand(state)
    assert scored.outcome == "hecho" and scored.capote == capote
    assert scored.scored == tuple(p + b for p, b in zip(scored.points, capote, strict=True))


def test_no_capote_bonus_for_a_taker_who_is_dedans() -> None:
    state = at_last_trick(fresh(3), {1: "7s", 2: "8s", 0: "As"}, leader=1, taker=1,
                          won=[100, 20, 0], tricks=[6, 2, 0])
    scored, _ = scored_hand(state)
    assert scored.outcome == "dedans" and scored.capote == (50, 0, 0)
    assert scored.scored == (141 // 2 + 50, 0, 141 // 2)


def test_capote_bonus_comes_after_the_comparison() -> None:
    # the taker's 100 capote bonus does not rescue it: the comparison is made without it
    state = at_last_trick(fresh(3), {1: "7s", 2: "8s", 0: "9s"}, leader=1, taker=1,
                          won=[0, 30, 40], tricks=[0, 4, 4])
    scored, _ = scored_hand(state)
    assert scored.points == (10, 30, 40) and scored.outcome == "dedans"


# ----------------------------------------------------------------------------- the match


def test_match_ends_at_the_target_with_the_single_highest_total() -> None:
    state = at_last_trick(fresh(2), {1: "Ah", 0: "7c"}, leader=1, taker=1, won=[40, 90],
                          tricks=[2, 6], scores=[950, 900])
    events = play_out(state)
    assert events[-1] == MatchOver((1,), (990, 1011), 0)
    assert state.is_over and state.to_act is None and state.legal_actions() == []
    assert state.result is not None
    assert state.result.winners == (1,) and state.result.scores == (990, 1011)
    assert state.result.summary["hands"][-1]["totals"] == [40, 111]
    assert state.view(None).phase == "over"
    with pytest.raises(GameOver):
        state.apply(0, "pass")


def test_a_tie_at_the_target_plays_on() -> None:
    state = at_last_trick(fresh(2), {1: "Ah", 0: "7c"}, leader=1, taker=1, won=[40, 90],
                          tricks=[2, 6], scores=[960, 889])
    events = play_out(state)
    assert state.scores == [1000, 1000] and not state.is_over
    assert isinstance(events[-1], HandDealt) and state.to_act == state.mano


def test_below_the_target_plays_on_and_above_the_highest_wins() -> None:
    cards = {1: "Ah", 2: "7c", 0: "8c"}
    state = at_last_trick(fresh(3, objetivo=600), cards, leader=1, taker=1, won=[40, 90, 20],
                          tricks=[2, 4, 2], scores=[300, 400, 0])
    play_out(state)
    assert not state.is_over and state.scores == [340, 511, 20]
    at_last_trick(state, cards, leader=1, taker=1, won=[40, 90, 20], tricks=[2, 4, 2],
                  scores=[600, 400, 0])
    events = play_out(state)
    assert events[-1] == MatchOver((0,), (640, 511, 20), 0)  # 640 is the single highest


def test_pairs_match_winners_are_both_seats() -> None:
    state = at_last_trick(fresh(4, parejas=True, objetivo=100), {1: "7s", 2: "8s", 3: "9s",
                          0: "As"}, leader=1, taker=2, won=[30, 40, 50, 21], tricks=[2, 2, 2, 1])
    events = play_out(state)
    assert events[-1] == MatchOver((0, 2), (101, 61), 0)


def test_two_players_the_hand_winner_deals_next() -> None:
    state = at_last_trick(fresh(2), {1: "Ah", 0: "7c"}, leader=1, taker=1, won=[40, 90],
                          tricks=[2, 6])
    play_out(state)
    assert state.dealer == 1 and state.mano == 0 and state.to_act == 0
    state = at_last_trick(fresh(2), LITIGE, leader=1, taker=1, won=[10, 0], tricks=[4, 4],
                          belote_seat=1)
    scored, _ = scored_hand(state)
    assert scored.scored == (20, 20) and state.dealer == 1  # equal: the deal passes


def test_three_and_four_players_the_deal_passes() -> None:
    for players in (3, 4):
        state = fresh(players)
        for dealer in range(1, 4):
            cards = {s: x for s, x in zip(range(players), ["7s", "Ah", "8s", "9s"], strict=False)}
            at_last_trick(state, cards, leader=1, taker=1, won=[0] * players,
                          tricks=[1] * players)
            play_out(state)
            assert state.dealer == dealer % players


# ----------------------------------------------------------------------------- protocol


def test_illegal_actions_raise_a_reason_and_leave_the_state_unchanged() -> None:
    state = taken(2, {1: "As Ks Qs Js Ah Kh 7d 8d 9d"}, "9h", bottom="7h")
    rejects(state, 1, "play Ad", Common.NOT_IN_HAND, card=c("Ad"))
    rejects(state, 1, "play 2h", Common.NOT_IN_HAND, card=Card(2, HEARTS))
    rejects(state, 1, "play 1x", Common.UNKNOWN_CARD, text="1x")
    rejects(state, 1, "play", Common.MISSING_CARD, text="play")
    rejects(state, 1, "fold", Common.UNKNOWN_ACTION, text="fold")
    rejects(state, 1, "", Common.EMPTY_ACTION)
    before = state.to_json()
    with pytest.raises(NotYourTurn) as info:
        state.apply(0, "play Ad")
    assert info.value.code is Common.NOT_YOUR_TURN and state.to_json() == before


def test_actions_accept_text_names_and_objects() -> None:
    state = taken(2, {1: "As Ks Qs Js Ah Kh 7d 8d 9d"}, "9h", bottom="7h")
    assert act(state, "play as de picas")[0] == belote.CardPlayed(1, c("As"))
    state.apply(0, Action.play(state.legal_actions()[0].card("french")))
    assert all(Action.parse(str(a)) == a for a in state.legal_actions())
    state = game(2, deal(2, turned="9h"))
    act(state, "pass", "pass")
    assert act(state, "name Spades")[0] == Took(1, "s", 2)


def test_json_round_trip_mid_hand_continues_identically() -> None:
    state = taken(3, {1: "Js Jh Jd Jc 9c 8c 7c Ad 7d"}, "9h", bottom="7h")
    act(state, "announce")
    first_legal(state)
    text = state.to_json()
    copy = State.from_json(text)
    assert copy.to_json() == text and copy.view(2) == state.view(2)
    while not state.is_over and state.hand_number < 4:
        assert first_legal(copy) == first_legal(state)
    assert copy.to_json() == state.to_json()


def test_json_round_trip_after_the_match() -> None:
    state = at_last_trick(fresh(2), {1: "Ah", 0: "7c"}, leader=1, taker=1, won=[40, 90],
                          tricks=[2, 6], scores=[950, 900])
    play_out(state)
    text = state.to_json()
    copy = State.from_json(text)
    assert copy.to_json() == text and copy.result == state.result
    assert copy.view(None) == state.view(None)
