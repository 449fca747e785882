"""Tomate: scripted-deck scenarios for every rule of docs/rules/en/tomate.md and its variants.

Decks are built by :func:`deck`: each seat's hand is written in the order the seat receives
its cards; seats left out get low filler cards; the deck is then the deal (one card at a time
from mano), the pinta, the given top of the baceta and the unused cards.
"""

from __future__ import annotations

import itertools
from typing import Any, TypeVar

import pytest

from tapete.rules.cards import Card, FrenchSuit, parse_card, parse_cards
from tapete.rules.engine import Arg, Event
from tapete.rules.errors import Common, GameOver, IllegalAction, NotYourTurn, Refusal
from tapete.rules.tomate import (
    GAME,
    VERBS,
    BacetaDeclined,
    BacetaTaken,
    CardDiscarded,
    CardPlayed,
    CardsExchanged,
    HandDealt,
    HandScored,
    HandStarted,
    HandVoid,
    MoscaWon,
    Options,
    PanfiloDealt,
    PintaTaken,
    SessionOver,
    State,
    TantosMoved,
    Tomate,
    TomateRefusal,
    TrickWon,
    WonUnopposed,
    new_game,
)
from tapete.rules.tricks import Obligation, Trick

E = TypeVar("E", bound=Event)
Move = tuple[str, str, int, str]

# Low cards first, suits interleaved, so filler hands never hold five cards of one suit.
_POOL = [Card(rank, suit) for rank in range(2, 15) for suit in FrenchSuit]

MOSCA = Options(variante="mosca")
PANFILO = Options(variante="panfilo")
PROPIA = Options(baceta="propia")


def c(text: str) -> Card:
    return parse_card(text, "french")


def cs(text: str) -> list[Card]:
    return parse_cards(text.split(), "french")


def deck(
    players: int,
    hands: dict[int, str],
    pinta: str,
    baceta: str = "",
    *,
    dealer: int = 0,
    each: int = 3,
) -> list[Card]:
    """A full 52-card order, top first (see the module docstring)."""
    chosen = {seat: cs(text) for seat, text in hands.items()}
    fixed = [*itertools.chain.from_iterable(chosen.values()), c(pinta), *cs(baceta)]
    assert len(set(fixed)) == len(fixed), "a card is used twice"
    pool = [card for card in _POOL if card not in fixed]
    for seat in range(players):
        if seat not in chosen:
            chosen[seat], pool = pool[:each], pool[each:]
        assert len(chosen[seat]) == each
    dealt = [chosen[(dealer + 1 + j) % players][i] for i in range(each) for j in range(players)]
    result = [*dealt, c(pinta), *cs(baceta), *pool]
    assert len(result) == 52
    return result


def game(
    players: int,
    *decks: list[Card],
    options: Options | None = None,
    plato: int = 0,
    reserva: int = 0,
) -> State:
    return new_game(
        options or Options(), players, seed=7, decks=decks, plato=plato, reserva=reserva
    )


def go(state: State, *moves: str) -> list[Event]:
    """Apply moves written as "seat: action"; return every event."""
    events: list[Event] = []
    for move in moves:
        seat, action = move.split(":", 1)
        events += state.apply(int(seat), action.strip())
    return events


def of(events: list[Event], cls: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, cls)]


def moves(events: list[Event]) -> list[Move]:
    return [(e.source, e.target, e.amount, e.reason) for e in of(events, TantosMoved)]


def hand_part(events: list[Event]) -> list[Event]:
    """The events up to the first HandScored included (the next deal follows it)."""
    index = next(i for i, e in enumerate(events) if isinstance(e, HandScored))
    return events[: index + 1]


def scored(events: list[Event]) -> HandScored:
    return of(events, HandScored)[0]


def legal(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def illegal(state: State, seat: int, action: str, code: Refusal, **params: Any) -> None:
    """The action is refused with exactly this code and these parameters; nothing changes."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, action)
    assert refused.value.code == code
    assert refused.value.params == params
    assert state.to_json() == before


def hint(state: State) -> dict[str, Any]:
    """The parameters of a verb refused for being out of its moment."""
    return {"phase": state.phase, "size": state.cards_each}


def all_stay(players: int) -> list[str]:
    """Dealer (seat 0) declines the tomo, then everybody says juego."""
    return ["0: pass", *(f"{s}: stay" for s in [*range(1, players), 0])]


# ------------------------------------------------------------------------ options, setup


def test_player_counts() -> None:
    assert Options().player_counts() == tuple(range(2, 18))
    assert MOSCA.player_counts() == tuple(range(2, 11))
    assert PANFILO.player_counts() == tuple(range(2, 11))
    with pytest.raises(ValueError, match="2 to 17 players"):
        new_game(Options(), 18)
    with pytest.raises(ValueError, match="2 to 10 players"):
        new_game(MOSCA, 11)
    with pytest.raises(ValueError):
        new_game(Options(), 1)


def test_ante_and_whole_reserva() -> None:
    state = game(3, plato=10, reserva=7)
    assert moves(state.initial_events) == [
        ("seat:0", "plato", 3, "dealer_ante"),
        ("reserva", "plato", 7, "reserva_to_plato"),
    ]
    assert isinstance(state.initial_events[0], HandStarted)
    assert (state.plato, state.reserva) == (20, 0)


@pytest.mark.parametrize(("limit", "moved", "left"), [(5, 5, 2), (7, 7, 0), (9, 7, 0)])
def test_reserva_por_mano_limits_the_move(limit: int, moved: int, left: int) -> None:
    state = game(3, options=Options(reserva_por_mano=limit), plato=0, reserva=7)
    assert moves(state.initial_events)[1] == ("reserva", "plato", moved, "reserva_to_plato")
    assert (state.plato, state.reserva) == (3 + moved, left)


def test_no_event_for_an_empty_move() -> None:
    state = game(3, options=Options(reserva_por_mano=0), reserva=7)
    assert moves(state.initial_events) == [("seat:0", "plato", 3, "dealer_ante")]
    state = game(3)
    assert moves(state.initial_events) == [("seat:0", "plato", 3, "dealer_ante")]


def test_deal_one_at_a_time_from_mano_and_pinta() -> None:
    cards = [*cs("As Ks Qs Js 10s 9s 8s 7s 6s"), c("2h"), *cs("Ad Kd")]
    rest = [x for x in _POOL if x not in cards]
    state = game(3, [*cards, *rest])
    assert state.hands[1] == cs("As Js 8s")
    assert state.hands[2] == cs("Ks 10s 7s")
    assert state.hands[0] == cs("Qs 9s 6s")
    assert state.pinta == c("2h")
    assert state.trump == FrenchSuit.HEARTS
    assert state.baceta[:2] == cs("Ad Kd")
    assert len(state.baceta) == 52 - 10
    dealt = of(state.initial_events, HandDealt)[0]
    assert (dealt.pinta, dealt.cards_each, dealt.baceta) == (c("2h"), 3, 42)
    assert (state.phase, state.to_act, state.dealer) == ("tomo", 0, 0)


def test_seventeen_players_leave_an_empty_baceta() -> None:
    state = game(17)
    assert len(state.baceta) == 0
    assert all(len(h) == 3 for h in state.hands)


# --------------------------------------------------------------------------------- tomo


def test_tomo_blind_discard_by_position() -> None:
    d = deck(3, {0: "Ac Kd Qh", 1: "2s 3s 4s"}, "9h", "5d 6d 7d")
    state = game(3, d)
    assert legal(state) == ["take", "pass"]
    assert state.view(0).hand == ()  # the dealer decides before looking
    assert state.view(1).hand == tuple(cs("2s 3s 4s"))
    events = go(state, "0: take")
    assert of(events, PintaTaken) == [PintaTaken(0, c("9h"))]
    assert state.phase == "discard"
    assert legal(state) == ["discard 1", "discard 2", "discard 3"]
    assert state.view(0).hand == ()  # still blind
    assert state.view(0).hand_sizes[0] == 3
    events = go(state, "0: discard 2")
    assert events[0] == CardDiscarded(0, 2)
    assert "Kd" not in str(events)  # the discard stays hidden
    assert state.hands[0] == cs("Ac Qh 9h")  # the pinta becomes the last card
    assert state.baceta[:3] == cs("5d 6d 7d")
    assert state.baceta[-1] == c("Kd")  # under the baceta, drawn last
    view = state.view(0)
    assert view.hand == tuple(cs("Ac Qh 9h"))
    assert (view.pinta, view.pinta_taken, view.taker, view.trump) == (
        None,
        True,
        0,
        FrenchSuit.HEARTS,
    )
    assert state.view(1).pinta is None


def test_discard_position_must_be_in_range() -> None:
    state = game(3)
    go(state, "0: take")
    for bad in ("discard 4", "discard 0", "discard", "discard x", "discard 1 2"):
        illegal(state, 0, bad, TomateRefusal.BAD_POSITION, size=3)
    illegal(state, 0, "pass", TomateRefusal.MUST_DISCARD, **hint(state))
    illegal(state, 0, "take", TomateRefusal.TOO_LATE_TO_TAKE, **hint(state))
    illegal(state, 0, "stay", TomateRefusal.NOT_SPEAKING, **hint(state))
    state = game(3, options=MOSCA)
    go(state, "0: take")
    illegal(state, 0, "discard 6", TomateRefusal.BAD_POSITION, size=5)
    illegal(state, 0, "pass", TomateRefusal.MUST_DISCARD, phase="discard", size=5)


def test_dealer_who_took_is_not_asked_and_first_still_in_leads() -> None:
    state = game(3, deck(3, {}, "2h"))
    events = go(state, "0: take", "0: discard 1", "1: pass", "2: stay")
    assert state.phase == "play"
    assert state.status == ["in", "passed", "in"]
    assert state.to_act == 2  # the first after the dealer who is still in
    assert not of(events, HandVoid)


def test_pinta_not_taken_stays_out_of_play() -> None:
    state = game(3, deck(3, {}, "2h"))
    go(state, "0: pass")
    assert state.view(1).pinta == c("2h")
    assert all(c("2h") not in h for h in state.hands)


# ---------------------------------------------------------------------------- paso / juego


def test_everybody_passes_void_hand_plato_grows() -> None:
    state = game(3, deck(3, {}, "2h"), plato=5)
    events = go(state, "0: pass", "1: pass", "2: pass", "0: pass")
    assert of(events, HandVoid) == [HandVoid(1, 0)]
    summary = scored(events)
    assert summary.outcome == "void"
    assert summary.nets == (-3, 0, 0)
    assert (summary.plato_delta, summary.reserva_delta) == (3, 0)
    after = events[events.index(summary) + 1 :]
    assert after[0] == HandStarted(2, 1)
    assert moves(after) == [("seat:1", "plato", 3, "dealer_ante")]
    assert state.plato == 11
    assert (state.dealer, state.to_act, state.hand_no) == (1, 1, 2)
    assert state.view(2).last_hand == summary


def test_speak_order_from_mano_ending_with_dealer() -> None:
    state = game(4)
    go(state, "0: pass")
    order = []
    while state.phase == "speak":
        assert state.to_act is not None
        order.append(state.to_act)
        go(state, f"{state.to_act}: stay")
    assert order == [1, 2, 3, 0]


def test_passed_players_cards_leave_play() -> None:
    state = game(3, deck(3, {2: "As Ks Qs"}, "2h"))
    go(state, "0: pass", "1: stay", "2: pass")
    assert state.view(2).hand == ()
    assert state.status[2] == "passed"
    assert set(cs("As Ks Qs")) <= set(state.out)


# ----------------------------------------------------------------------------- baceta


def _lone_seat1(hand1: str, baceta: str, options: Options | None = None) -> State:
    state = game(3, deck(3, {1: hand1}, "2h", baceta), options=options)
    go(state, "0: pass", "1: stay", "2: pass", "0: pass")
    return state


def test_baceta_offered_from_first_after_dealer() -> None:
    state = _lone_seat1("As Ks Qs", "Ad Kd Qd")
    assert (state.phase, state.to_act) == ("baceta", 2)
    assert legal(state) == ["baceta", "pass"]
    events = go(state, "2: pass")
    assert of(events, BacetaDeclined) == [BacetaDeclined(2)]
    assert (state.phase, state.to_act) == ("baceta", 0)
    events = go(state, "0: baceta")
    assert of(events, BacetaTaken) == [BacetaTaken(0, 3)]
    assert state.hands[0] == cs("Ad Kd Qd")  # the top cards
    assert state.status == ["baceta", "in", "passed"]
    assert state.baceta_player == 0
    assert (state.phase, state.to_act) == ("play", 1)


def test_nobody_takes_the_baceta_lone_player_wins_unopposed() -> None:
    state = _lone_seat1("2s 3s 4s", "Ad Kd Qd")
    pot = state.plato
    events = go(state, "2: pass", "0: pass")
    assert of(events, WonUnopposed) == [WonUnopposed(1, pot)]
    assert moves(hand_part(events)) == [("plato", "seat:1", pot, "unopposed")]
    summary = scored(events)
    assert (summary.outcome, summary.winner, summary.tomates) == ("unopposed", 1, ())
    assert not of(events, CardPlayed)


def _baceta_hand(options: Options | None, hand1: str, baceta: str, plays: list[str]) -> State:
    state = _lone_seat1(hand1, baceta, options)
    go(state, "2: baceta", *plays)
    return state


# seat 1 wins trick 1, the baceta player (seat 2) tricks 2 and 3.
SPLIT = ("As 2c 3c", "Ah Kh 4s", ["1: play As", "2: play 4s", "1: play 2c", "2: play Ah"])
SPLIT_END = ["2: play Kh", "1: play 3c"]


def test_mesa_baceta_player_shares_stay_in_plato() -> None:
    hand1, baceta, plays = SPLIT
    state = _baceta_hand(None, hand1, baceta, plays)
    events = go(state, *SPLIT_END)
    assert [t.seat for t in of(events, TrickWon)] == [2]
    summary = scored(events)
    assert summary.tricks == (0, 1, 2)
    assert moves(hand_part(events)) == [("plato", "seat:1", 1, "trick")]
    assert summary.plato == 2
    assert summary.tomates == ()


def test_propia_baceta_player_collects() -> None:
    hand1, baceta, plays = SPLIT
    state = _baceta_hand(PROPIA, hand1, baceta, plays)
    events = go(state, *SPLIT_END)
    assert moves(hand_part(events)) == [
        ("plato", "seat:1", 1, "trick"),
        ("plato", "seat:2", 1, "trick"),
        ("plato", "seat:2", 1, "trick"),
    ]


LOSING_BACETA = (
    "As Ks Qs",
    "2s 3s 4s",
    ["1: play As", "2: play 2s", "1: play Ks", "2: play 3s", "1: play Qs"],
)


def test_mesa_baceta_player_never_pays() -> None:
    hand1, baceta, plays = LOSING_BACETA
    state = _baceta_hand(None, hand1, baceta, plays)
    events = go(state, "2: play 4s")
    assert scored(events).tomates == ()
    assert all(m[3] == "trick" for m in moves(hand_part(events)))


def test_propia_baceta_player_can_be_tomate() -> None:
    hand1, baceta, plays = LOSING_BACETA
    state = _baceta_hand(PROPIA, hand1, baceta, plays)
    events = go(state, "2: play 4s")
    assert scored(events).tomates == (2,)
    assert moves(hand_part(events))[-1] == ("seat:2", "reserva", 3, "tomate")


def test_mesa_lone_player_loses_to_the_baceta() -> None:
    state = _baceta_hand(
        None,
        "2s 3s 4s",
        "As Ks Qs",
        ["1: play 2s", "2: play As", "2: play Ks", "1: play 3s", "2: play Qs"],
    )
    events = go(state, "1: play 4s")
    assert moves(hand_part(events)) == [("seat:1", "reserva", 3, "tomate")]
    assert state.last_hand is not None and state.last_hand.plato == 3


def test_baceta_too_small_lone_player_wins_unopposed() -> None:
    state = game(17)
    assert state.baceta == []
    events = go(state, "0: pass", "1: stay", *(f"{s}: pass" for s in [*range(2, 17), 0]))
    assert of(events, WonUnopposed) == [WonUnopposed(1, 3)]
    assert state.hand_no == 2


def test_dealer_who_took_wins_unopposed_and_is_not_tomate() -> None:
    state = game(17)
    events = go(state, "0: take", "0: discard 3", *(f"{s}: pass" for s in range(1, 17)))
    summary = scored(events)
    assert (summary.outcome, summary.winner, summary.tomates) == ("unopposed", 0, ())
    assert moves(hand_part(events)) == [("plato", "seat:0", 3, "unopposed")]


def test_dealer_who_took_and_won_one_trick_is_tomate_for_the_tomo() -> None:
    """The tomate event says why: a dealer who took the pinta needed 2 tricks."""
    state = game(2, deck(2, {0: "2c 3c Ac", 1: "Kh Qh 4c"}, "9h"))
    events = go(state, "0: take", "0: discard 1", "1: stay", "1: play Kh", "0: play 9h",
                "1: play Qh", "0: play 3c", "1: play 4c", "0: play Ac")
    part = hand_part(events)
    assert [t.seat for t in of(part, TrickWon)] == [1, 1, 0]
    assert [(t.seat, t.reason) for t in of(part, Tomate)] == [(0, "tomo")]


def test_baceta_taker_gets_the_top_not_the_discard() -> None:
    d = deck(16, {0: "Ah Kh Qh"}, "2c", "As Ks Qs")
    state = game(16, d)
    assert len(state.baceta) == 3
    go(state, "0: take", "0: discard 1", *(f"{s}: pass" for s in range(1, 16)))
    assert state.baceta == cs("As Ks Qs Ah")
    assert (state.phase, state.to_act) == ("baceta", 1)
    go(state, "1: baceta")
    assert state.hands[1] == cs("As Ks Qs")
    assert state.baceta == [c("Ah")]


# ------------------------------------------------------------------- tricks, settlement


def test_tricks_tomates_and_ledger_order() -> None:
    d = deck(4, {1: "5s Ad 4c", 2: "2s 3d 5c", 3: "As Kd Ac", 0: "3s 2d 6c"}, "2h")
    state = game(4, d, plato=20)
    assert state.plato == 23
    go(state, *all_stay(4))
    assert state.to_act == 1
    events = go(
        state,
        "1: play 5s",
        "2: play 2s",
        "3: play As",
        "0: play 3s",
        "3: play Kd",
        "0: play 2d",
        "1: play Ad",
        "2: play 3d",
        "1: play 4c",
        "2: play 5c",
        "3: play Ac",
        "0: play 6c",
    )
    part = hand_part(events)
    assert [t.seat for t in of(part, TrickWon)] == [3, 1, 3]
    assert [(t.number, t.last) for t in of(part, TrickWon)] == [(1, False), (2, False), (3, True)]
    assert moves(part) == [
        ("plato", "seat:3", 7, "trick"),
        ("plato", "seat:1", 7, "trick"),
        ("plato", "seat:3", 7, "trick"),
        ("seat:2", "reserva", 23, "tomate"),
        ("seat:0", "reserva", 23, "tomate"),
    ]
    assert of(part, Tomate) == [Tomate(2, 23), Tomate(0, 23)]
    summary = scored(events)
    assert summary.outcome == "tricks"
    assert summary.tricks == (0, 1, 0, 2)
    assert summary.tomates == (2, 0)
    assert summary.nets == (-26, 7, -23, 14)
    assert summary.plato == 2  # 23 - 3 * (23 // 3): the remainder stays
    assert summary.reserva == 46
    assert sum(summary.nets) + summary.plato_delta + summary.reserva_delta == 0
    # The next deal: seat 1 pays the ante, the whole reserva moves in.
    assert moves(events[len(part) :]) == [
        ("seat:1", "plato", 3, "dealer_ante"),
        ("reserva", "plato", 46, "reserva_to_plato"),
    ]
    assert (state.plato, state.reserva) == (51, 0)


@pytest.mark.parametrize(("tope", "paid"), [(1, 1), (22, 22), (23, 23), (24, 23)])
def test_a_tomate_pays_at_most_the_tope(tope: int, paid: int) -> None:
    d = deck(4, {1: "5s Ad 4c", 2: "2s 3d 5c", 3: "As Kd Ac", 0: "3s 2d 6c"}, "2h")
    state = game(4, d, options=Options(tope=tope), plato=20)
    go(state, *all_stay(4))
    plays = ["1: play 5s", "2: play 2s", "3: play As", "0: play 3s", "3: play Kd", "0: play 2d"]
    plays += ["1: play Ad", "2: play 3d", "1: play 4c", "2: play 5c", "3: play Ac", "0: play 6c"]
    part = hand_part(go(state, *plays))
    assert moves(part)[:3] == [("plato", "seat:3", 7, "trick"), ("plato", "seat:1", 7, "trick"),
                               ("plato", "seat:3", 7, "trick")]  # the thirds of the whole P
    assert moves(part)[3:] == [("seat:2", "reserva", paid, "tomate"),
                               ("seat:0", "reserva", paid, "tomate")]
    assert of(part, Tomate) == [Tomate(2, paid), Tomate(0, paid)]
    assert scored(part).reserva == 2 * paid


def test_options_limits() -> None:
    assert Options().tope == 1_000_000
    Options(reserva_por_mano=0)
    Options(reserva_por_mano=10_000)
    for bad in ({"reserva_por_mano": -1}, {"reserva_por_mano": 10_001}, {"tope": 0},
                {"manos": 0}, {"variante": "otra"}, {"baceta": "nadie"}):
        with pytest.raises(ValueError):
            Options(**bad)


@pytest.mark.parametrize(("plato", "share", "left"), [(0, 1, 0), (1, 1, 1), (2, 1, 2), (7, 3, 1)])
def test_remainder_of_the_thirds_stays(plato: int, share: int, left: int) -> None:
    d = deck(2, {1: "As Ks Qs", 0: "2d 3d 4d"}, "2h")
    state = game(2, d, plato=plato)
    events = go(
        state,
        "0: pass",
        "1: stay",
        "0: stay",
        "1: play As",
        "0: play 2d",
        "1: play Ks",
        "0: play 3d",
        "1: play Qs",
        "0: play 4d",
    )
    part = hand_part(events)
    assert moves(part)[:3] == [("plato", "seat:1", share, "trick")] * 3
    assert scored(events).plato == left


# (dealt to the dealer, seat 1's hand, pinta, plays, dealer tricks, dealer is tomate)
TOMO_CASES = [
    (
        "2c Kh Qh",
        "Ks Qs Js",
        "Ah",
        ["1: play Ks", "0: play Kh", "0: play Qh", "1: play Qs", "0: play Ah", "1: play Js"],
        3,
        False,
    ),
    (
        "3d As Ks",
        "Ah 3s 4s",
        "2h",
        ["1: play Ah", "0: play 2h", "1: play 3s", "0: play As", "0: play Ks", "1: play 4s"],
        2,
        False,
    ),
    (
        "3d As 4d",
        "Ah Kh 3s",
        "2h",
        ["1: play Ah", "0: play 2h", "1: play Kh", "0: play 4d", "1: play 3s", "0: play As"],
        1,
        True,
    ),
    (
        "3d 4d 5d",
        "Ah Kh Qh",
        "2h",
        ["1: play Ah", "0: play 2h", "1: play Kh", "0: play 4d", "1: play Qh", "0: play 5d"],
        0,
        True,
    ),
]


@pytest.mark.parametrize(("dealt", "hand1", "pinta", "plays", "won", "tomate"), TOMO_CASES)
def test_dealer_who_took_must_win_two_tricks(
    dealt: str, hand1: str, pinta: str, plays: list[str], won: int, tomate: bool
) -> None:
    state = game(2, deck(2, {0: dealt, 1: hand1}, pinta), plato=9)
    pot = 12
    events = go(state, "0: take", "0: discard 1", "1: stay", *plays)
    summary = scored(events)
    assert summary.tricks[0] == won
    part = moves(hand_part(events))
    assert part.count(("plato", "seat:0", 4, "trick")) == won  # still collects
    assert (("seat:0", "reserva", pot, "tomate") in part) == tomate
    assert part.count(("seat:0", "reserva", pot, "tomate")) <= 1  # pays P once
    assert (0 in summary.tomates) == tomate
    assert (1 in summary.tomates) == (won == 3)


def test_sync_pot_sets_the_amounts_used() -> None:
    d = deck(2, {1: "As Ks Qs", 0: "2d 3d 4d"}, "2h")
    state = game(2, d)
    go(state, "0: pass", "1: stay", "0: stay", "1: play As", "0: play 2d", "1: play Ks")
    go(state, "0: play 3d", "1: play Qs")
    state.sync_pot(30, 4)
    events = go(state, "0: play 4d")
    assert moves(hand_part(events)) == [
        ("plato", "seat:1", 10, "trick"),
        ("plato", "seat:1", 10, "trick"),
        ("plato", "seat:1", 10, "trick"),
        ("seat:0", "reserva", 30, "tomate"),
    ]
    with pytest.raises(ValueError):
        state.sync_pot(-1, 0)


def test_tantos_are_conserved_over_a_hand() -> None:
    d = deck(4, {1: "5s Ad 4c", 2: "2s 3d 5c", 3: "As Kd Ac", 0: "3s 2d 6c"}, "2h")
    state = game(4, d, plato=20, reserva=5)
    events = list(state.initial_events)
    events += go(state, *all_stay(4))
    while state.hand_no == 1:
        assert state.to_act is not None
        events += state.apply(state.to_act, state.legal_actions()[0])
    part = hand_part(events)
    balance = {"plato": 0, "reserva": 0}
    for source, target, amount, _ in moves(part):
        balance[source] = balance.get(source, 0) - amount
        balance[target] = balance.get(target, 0) + amount
    assert sum(balance.values()) == 0
    summary = scored(part)
    assert balance["plato"] == summary.plato_delta == summary.plato - 20
    assert balance["reserva"] == summary.reserva_delta == summary.reserva - 5
    assert tuple(balance.get(f"seat:{s}", 0) for s in range(4)) == summary.nets


# ------------------------------------------------------------------------- obligations


def _first_trick(hand1: str, hand2: str, hand0: str = "Jd 10h 8d", pinta: str = "2c") -> State:
    state = game(3, deck(3, {1: hand1, 2: hand2, 0: hand0}, pinta))
    go(state, *all_stay(3))
    return state


def test_asistir_and_matar() -> None:
    state = _first_trick("Ks 9h 9d", "As Qs 3h")
    go(state, "1: play Ks")
    assert legal(state) == ["play As"]
    # One check gives the legal cards and the reason: a higher spade is owed, whatever is
    # played instead.
    illegal(state, 2, "play Qs", Obligation.MUST_OVERTAKE, suit=FrenchSuit.SPADES)
    illegal(state, 2, "play 3h", Obligation.MUST_OVERTAKE, suit=FrenchSuit.SPADES)


def test_asistir_lower_when_unable_to_matar() -> None:
    state = _first_trick("Ks 9h 9d", "Qs Js 3h")
    go(state, "1: play Ks")
    assert legal(state) == ["play Qs", "play Js"]
    illegal(state, 2, "play 3h", Obligation.MUST_FOLLOW, suit=FrenchSuit.SPADES)


def test_fallar() -> None:
    state = _first_trick("Ks 9h 9d", "3c 4h 5d")
    go(state, "1: play Ks")
    assert legal(state) == ["play 3c"]
    illegal(state, 2, "play 4h", Obligation.MUST_TRUMP, suit=FrenchSuit.CLUBS)
    illegal(state, 2, "play 5d", Obligation.MUST_TRUMP, suit=FrenchSuit.CLUBS)


def test_pisar() -> None:
    state = _first_trick("Ks 9h 9d", "5c 4h 5d", "7c 3c 4d")
    go(state, "1: play Ks", "2: play 5c")
    assert legal(state) == ["play 7c"]
    illegal(state, 0, "play 3c", Obligation.MUST_OVERTRUMP, suit=FrenchSuit.CLUBS)
    illegal(state, 0, "play 4d", Obligation.MUST_OVERTRUMP, suit=FrenchSuit.CLUBS)


def test_any_card_when_unable_to_pisar() -> None:
    state = _first_trick("Ks 9h 9d", "5c 4h 5d", "3c 4d 6d")
    go(state, "1: play Ks", "2: play 5c")
    assert legal(state) == ["play 3c", "play 4d", "play 6d"]
    go(state, "0: play 4d")
    assert state.tricks[0][0] == 2


def test_matar_against_led_suit_even_when_trumped() -> None:
    state = _first_trick("Ks 9h 9d", "5c 4h 5d", "Qs As 4d")
    go(state, "1: play Ks", "2: play 5c")
    assert legal(state) == ["play As"]


def test_trick_won_by_highest_trump_and_winner_leads() -> None:
    state = _first_trick("Ks 9h 9d", "5c 4h 5d", "7c 3c 4d")
    events = go(state, "1: play Ks", "2: play 5c", "0: play 7c")
    assert of(events, TrickWon) == [TrickWon(0, 1, tuple(cs("Ks 5c 7c")))]
    assert state.to_act == 0
    assert state.view(1).last_trick == ((1, c("Ks")), (2, c("5c")), (0, c("7c")))


# ----------------------------------------------------------------------------- a ciegas


def test_a_ciegas_plays_the_next_card_without_obligations() -> None:
    d = deck(3, {1: "2s As 3s", 2: "Kh Ks 4d", 0: "5c 6c 7c"}, "2d")
    state = game(3, d, options=Options(variante="a_ciegas"))
    assert all(state.view(s).hand == () for s in range(3))
    go(state, *all_stay(3))
    assert all(state.view(s).hand == () for s in range(3))
    assert state.view(1).hand_sizes == (3, 3, 3)
    assert legal(state) == ["play 2s"]
    illegal(state, 1, "play As", TomateRefusal.BLIND_NEXT_CARD)
    illegal(state, 1, "play Ad", TomateRefusal.BLIND_NEXT_CARD)  # not held: still not said
    go(state, "1: play 2s")
    assert legal(state) == ["play Kh"]  # no obligation to follow with Ks
    events = go(state, "2: play Kh", "0: play 5c")
    assert of(events, TrickWon)[0].seat == 1
    assert legal(state) == ["play As"]


def test_a_ciegas_dealer_may_take() -> None:
    d = deck(3, {0: "5c 6c 7c"}, "2d")
    state = game(3, d, options=Options(variante="a_ciegas"))
    go(state, "0: take", "0: discard 1")
    assert state.hands[0] == cs("6c 7c 2d")
    assert state.view(0).hand == ()


# -------------------------------------------------------------------------------- mosca


def _mosca(
    hands: dict[int, str],
    pinta: str,
    baceta: str = "",
    speak: tuple[str, str, str] = ("stay", "stay", "pass"),
    options: Options = MOSCA,
) -> State:
    state = game(3, deck(3, hands, pinta, baceta, each=5), options=options)
    go(state, "0: pass", f"1: {speak[0]}", f"2: {speak[1]}", f"0: {speak[2]}")
    return state


def test_mosca_deals_five_and_exchanges_in_order() -> None:
    state = _mosca({1: "Ah Kh 2s 3d 4c", 2: "5s 6s 7d 8d 9c"}, "2h", "Qd Jd 10d")
    assert state.phase == "exchange"
    assert state.to_act == 1
    actions = legal(state)
    assert len(actions) == 32
    assert actions[0] == "exchange Ah" and actions[-1] == "pass"
    events = go(state, "1: exchange 4c 2s")
    assert of(events, CardsExchanged) == [CardsExchanged(1, 2)]
    assert state.hands[1] == cs("Ah Kh 3d Qd Jd")
    assert {c("2s"), c("4c")} <= set(state.out)
    assert state.to_act == 2
    assert state.view(2).exchanged == (None, 2, None)
    events = go(state, "2: pass")
    assert of(events, CardsExchanged) == [CardsExchanged(2, 0)]
    assert (state.phase, state.to_act) == ("play", 1)
    assert state.baceta[0] == c("10d")


def test_mosca_exchange_errors() -> None:
    state = _mosca({1: "Ah Kh 2s 3d 4c"}, "2h")
    illegal(state, 1, "exchange", TomateRefusal.EXCHANGE_NEEDS_CARDS)
    illegal(state, 1, "exchange As", Common.NOT_IN_HAND, card=c("As"))
    illegal(state, 1, "exchange Ah Ah", TomateRefusal.CARD_TWICE, card=c("Ah"))
    illegal(state, 1, "exchange Ah Zz", Common.UNKNOWN_CARD, text="Zz")
    illegal(state, 1, "play Ah", TomateRefusal.NO_TRICKS_YET, phase="exchange", size=5)
    illegal(state, 1, "stay", TomateRefusal.NOT_SPEAKING, phase="exchange", size=5)
    illegal(state, 1, "baceta", TomateRefusal.NO_BACETA_OFFER, phase="exchange", size=5)
    illegal(state, 1, "pass now", Common.NO_ARGUMENTS, verb="pass")


def test_mosca_never_more_than_the_baceta_holds_and_empty_is_skipped() -> None:
    hands = {1: "Ah Kh 2s 3d 4c", 2: "5s 6s 7d 8d 9c"}
    state = game(10, deck(10, hands, "2h", "Qd", each=5), options=MOSCA)
    assert state.baceta == [c("Qd")]
    go(state, "0: pass", "1: stay", "2: stay", *(f"{s}: pass" for s in [*range(3, 10), 0]))
    assert state.to_act == 1
    assert legal(state) == [f"exchange {x}" for x in ["Ah", "Kh", "2s", "3d", "4c"]] + ["pass"]
    illegal(state, 1, "exchange 2s 3d", TomateRefusal.BACETA_SHORT, left=1)
    go(state, "1: exchange 2s")
    assert state.hands[1] == cs("Ah Kh 3d 4c Qd")
    assert (state.phase, state.to_act) == ("play", 1)  # seat 2 skipped: empty baceta
    assert state.exchanged[2] is None


def test_mosca_wins_the_whole_plato_at_once() -> None:
    state = _mosca({1: "As Ks Qs Js 10s", 2: "Ah 3d 4c 5d 6c"}, "2h")
    pot = state.plato
    go(state, "1: pass")
    events = go(state, "2: pass")
    assert of(events, MoscaWon) == [MoscaWon(1, tuple(cs("As Ks Qs Js 10s")), False, pot)]
    assert moves(hand_part(events)) == [("plato", "seat:1", pot, "mosca")]
    summary = scored(events)
    assert (summary.outcome, summary.winner, summary.tomates) == ("mosca", 1, ())
    assert not of(events, CardPlayed)


def test_mosca_made_by_exchange() -> None:
    state = _mosca({1: "As Ks Qs Js 2d", 2: "Ah 3d 4c 5d 6c"}, "2h", "9s 8s")
    events = go(state, "1: exchange 2d", "2: exchange 3d")
    assert of(events, MoscaWon)[0].seat == 1
    assert of(events, CardsExchanged) == [CardsExchanged(1, 1), CardsExchanged(2, 1)]


@pytest.mark.parametrize(
    ("hands", "pinta", "speak", "winner"),
    [
        ({1: "As Ks Qs Js 10s", 2: "2h 3h 4h 5h 6h"}, "7h", ("stay", "stay", "pass"), 2),
        ({1: "Ks Qs Js 10s 2s", 2: "Kd Qd Jd 9d 8d"}, "2h", ("stay", "stay", "pass"), 1),
        ({1: "Ks Qs Js 9s 8s", 2: "Kd Qd Jd 10d 2d"}, "2h", ("stay", "stay", "pass"), 2),
        ({2: "Ad Kd Qd Jd 10d", 0: "As Ks Qs Js 10s"}, "2h", ("pass", "stay", "stay"), 2),
        ({0: "Ad Kd Qd Jd 10d", 2: "As Ks Qs Js 10s"}, "2h", ("pass", "stay", "stay"), 2),
    ],
    ids=["trump-suit", "highest", "highest-second-card-down", "identical", "identical-2"],
)
def test_mosca_ties(
    hands: dict[int, str], pinta: str, speak: tuple[str, str, str], winner: int
) -> None:
    state = _mosca(hands, pinta, speak=speak)
    events: list[Event] = []
    while state.phase == "exchange":
        events += go(state, f"{state.to_act}: pass")
    assert [m.seat for m in of(events, MoscaWon)] == [winner]


@pytest.mark.parametrize(
    ("options", "for_table"), [(MOSCA, True), (Options(variante="mosca", baceta="propia"), False)]
)
def test_baceta_players_mosca(options: Options, for_table: bool) -> None:
    state = _mosca(
        {1: "Ah Kh 2s 3d 4c"}, "2h", "Ac Kc Qc Jc 10c", ("stay", "pass", "pass"), options
    )
    pot = state.plato
    go(state, "2: baceta", "1: pass")
    events = go(state, "2: pass")
    won = of(events, MoscaWon)[0]
    assert (won.seat, won.for_table) == (2, for_table)
    summary = scored(events)
    assert summary.tomates == ()
    if for_table:
        assert moves(hand_part(events)) == []
        assert summary.outcome == "mosca_mesa"
        assert summary.plato == pot
    else:
        assert moves(hand_part(events)) == [("plato", "seat:2", pot, "mosca")]


def test_mosca_five_tricks_pay_fifths() -> None:
    state = game(
        2,
        deck(2, {1: "As Ks Qs Js 9d", 0: "2c 3c 4c 5c Ad"}, "2h", each=5),
        options=MOSCA,
        plato=8,
    )
    go(state, "0: pass", "1: stay", "0: stay", "1: pass", "0: pass")
    events: list[Event] = []
    while state.hand_no == 1:
        assert state.to_act is not None
        events += state.apply(state.to_act, state.legal_actions()[0])
    part = hand_part(events)
    assert len(of(part, TrickWon)) == 5
    assert moves(part) == [("plato", "seat:1", 2, "trick")] * 4 + [
        ("plato", "seat:0", 2, "trick"),
    ]
    assert scored(part).plato == 1


# ------------------------------------------------------------------------------- pánfilo


def test_panfilo_payment_right_after_the_deal() -> None:
    state = game(3, deck(3, {2: "Jc 2d 3d 4d 5d"}, "2h", each=5), options=PANFILO)
    events = state.initial_events
    dealt = next(i for i, e in enumerate(events) if isinstance(e, HandDealt))
    assert events[dealt + 1] == PanfiloDealt(2)
    assert moves(events[dealt:]) == [
        ("seat:1", "seat:2", 1, "panfilo"),
        ("seat:0", "seat:2", 1, "panfilo"),
    ]
    assert state.phase == "tomo"
    events = go(state, "0: pass", "1: pass", "2: pass", "0: pass")
    assert scored(events).nets == (-4, -1, 2)  # stands in a void hand


def test_panfilo_not_paid_when_it_is_the_pinta() -> None:
    state = game(3, deck(3, {}, "Jc", each=5), options=PANFILO)
    assert not of(state.initial_events, PanfiloDealt)
    assert [m[3] for m in moves(state.initial_events)] == ["dealer_ante"]
    events = go(state, "0: take", "0: discard 1")
    assert c("Jc") in state.hands[0]
    assert not [m for m in moves(events) if m[3] == "panfilo"]


def test_panfilo_is_the_top_trump() -> None:
    d = deck(3, {1: "Ah 3s 4s 5s 6s", 2: "Jc 2c 3d 4d 5d"}, "2h", each=5)
    state = game(3, d, options=PANFILO)
    go(state, *all_stay(3), "1: pass", "2: pass", "0: pass")
    go(state, "1: play Ah")
    assert legal(state) == ["play Jc"]  # follows the trump lead, and kills
    go(state, "2: play Jc")
    go(state, f"0: {legal(state)[0]}")
    assert state.tricks[0][0] == 2


def test_panfilo_is_not_a_club_for_following() -> None:
    d = deck(3, {1: "Kc 3s 4s 5s 6s", 2: "Jc 2c 3d 4d 5d"}, "2h", each=5)
    state = game(3, d, options=PANFILO)
    go(state, *all_stay(3), "1: pass", "2: pass", "0: pass", "1: play Kc")
    assert legal(state) == ["play 2c"]
    illegal(state, 2, "play Jc", Obligation.MUST_FOLLOW, suit=FrenchSuit.CLUBS)


def test_panfilo_trumps_when_void_in_clubs() -> None:
    d = deck(3, {1: "Kc 3s 4s 5s 6s", 2: "Jc 6d 3d 4d 5d"}, "2h", each=5)
    state = game(3, d, options=PANFILO)
    go(state, *all_stay(3), "1: pass", "2: pass", "0: pass", "1: play Kc")
    assert legal(state) == ["play Jc"]


def test_panfilo_mosca_only_with_four_other_clubs() -> None:
    state = _mosca({1: "Jc Ac Kc Qc 10c", 2: "Ah 3d 4c 5d 6s"}, "2h", options=PANFILO)
    events = go(state, "1: pass", "2: pass")
    assert of(events, MoscaWon)[0].seat == 1
    state = _mosca({1: "Jc Ah Kh Qh 10h", 2: "As 3d 4c 5d 6s"}, "2h", options=PANFILO)
    events = go(state, "1: pass", "2: pass")
    assert not of(events, MoscaWon)
    assert state.phase == "play"


# ------------------------------------------------------------------- errors and views


def test_not_your_turn_and_unknown_actions_leave_state_unchanged() -> None:
    state = game(3)
    before = state.to_json()
    with pytest.raises(NotYourTurn) as refused:
        state.apply(1, "stay")
    assert (refused.value.code, refused.value.params) == (Common.NOT_YOUR_TURN, {})
    assert state.to_json() == before
    illegal(state, 0, "stay", TomateRefusal.NOT_SPEAKING, phase="tomo", size=3)
    illegal(state, 0, "dance", Common.UNKNOWN_ACTION, text="dance", phase="tomo", size=3)
    illegal(state, 0, "dance a jig", Common.UNKNOWN_ACTION, text="dance a jig", **hint(state))
    illegal(state, 0, "   ", Common.EMPTY_ACTION)
    illegal(state, 0, "take now", Common.NO_ARGUMENTS, verb="take")
    illegal(state, 0, "pass now", Common.NO_ARGUMENTS, verb="pass")
    illegal(state, 0, "discard 1", TomateRefusal.DISCARD_ONLY_AFTER_TAKE, **hint(state))
    illegal(state, 0, "baceta", TomateRefusal.NO_BACETA_OFFER, **hint(state))
    illegal(state, 0, "play Ah", TomateRefusal.NO_TRICKS_YET, **hint(state))
    go(state, "0: pass")
    illegal(state, 1, "take", TomateRefusal.ONLY_DEALER_TAKES, phase="speak", size=3)
    illegal(state, 1, "play Ah", TomateRefusal.NO_TRICKS_YET, **hint(state))
    illegal(state, 1, "exchange Ah", TomateRefusal.NO_EXCHANGE_IN_VARIANT, **hint(state))
    illegal(state, 1, "baceta", TomateRefusal.NO_BACETA_OFFER, **hint(state))
    illegal(state, 1, "stay now", Common.NO_ARGUMENTS, verb="stay")
    go(state, "1: stay", "2: stay")
    illegal(state, 0, "take", TomateRefusal.TOO_LATE_TO_TAKE, **hint(state))
    go(state, "0: stay")
    assert state.phase == "play"
    illegal(state, 1, "play Zz", Common.UNKNOWN_CARD, text="Zz")
    illegal(state, 1, "pass", TomateRefusal.CANNOT_PASS, phase="play", size=3)
    illegal(state, 1, "stay", TomateRefusal.NOT_SPEAKING, **hint(state))
    illegal(state, 1, "play", TomateRefusal.PLAY_ONE_CARD)
    first, second = (str(x) for x in state.hands[1][:2])
    illegal(state, 1, f"play {first} {second}", TomateRefusal.PLAY_ONE_CARD)
    held = {str(x) for x in state.hands[1]}
    missing = next(x for x in _POOL if str(x) not in held)
    illegal(state, 1, f"play {missing}", Common.NOT_IN_HAND, card=missing)


def test_baceta_phase_refusals() -> None:
    state = game(3, deck(3, {}, "2h"))
    go(state, "0: pass", "1: pass", "2: stay", "0: pass")
    assert (state.phase, state.to_act) == ("baceta", 1)
    illegal(state, 1, "stay", TomateRefusal.NOT_SPEAKING, phase="baceta", size=3)
    illegal(state, 1, "exchange 2c", TomateRefusal.NO_EXCHANGE_IN_VARIANT, **hint(state))
    illegal(state, 1, "baceta 3", Common.NO_ARGUMENTS, verb="baceta")
    illegal(state, 1, "take", TomateRefusal.ONLY_DEALER_TAKES, **hint(state))
    state = _mosca({1: "Ah Kh 2s 3d 4c"}, "2h", speak=("stay", "pass", "pass"))
    assert state.phase == "baceta"
    illegal(state, 2, "exchange 2c", TomateRefusal.NOT_EXCHANGING, phase="baceta", size=5)


def test_game_declares_its_verbs_and_refusals() -> None:
    assert GAME.name == "tomate" and GAME.family == "french" and GAME.options is Options
    assert GAME.state is State and GAME.new_game is new_game and GAME.verbs == VERBS
    assert [v.name for v in VERBS] == [
        "take", "pass", "discard", "stay", "baceta", "exchange", "play"
    ]
    assert GAME.verb("discard").args == (("n", Arg.NUMBER),)
    assert GAME.verb("exchange").subset and GAME.verb("exchange").args == (("cards", Arg.CARDS),)
    assert GAME.verb("play").card_first
    assert set(GAME.refusals) == {TomateRefusal, Obligation}
    # Every verb a legal action uses is declared.
    state = game(3, options=MOSCA)
    seen = set()
    for _ in range(40):
        if state.to_act is None:
            break
        actions = state.legal_actions()
        seen |= {a.verb for a in actions}
        state.apply(state.to_act, actions[0])
    assert seen <= {v.name for v in VERBS}


def test_views_never_show_other_hands() -> None:
    state = game(3, deck(3, {1: "As Ks Qs", 2: "Ah Kh Qh", 0: "Ad Kd Qd"}, "2c"))
    assert state.view(None).hand == ()
    assert state.view(None).legal == ()
    assert state.view(1).legal == ()
    assert state.view(0).legal == ("take", "pass")
    go(state, "0: pass")
    view = state.view(2)
    assert view.hand == tuple(cs("Ah Kh Qh"))
    assert view.status == ("pending", "pending", "pending")
    assert (view.phase, view.to_act, view.dealer, view.hand_number) == ("speak", 1, 0, 1)
    assert view.pinta == c("2c") and not view.pinta_taken
    assert (view.plato, view.reserva, view.baceta) == (3, 0, 52 - 10)
    for seat in range(3):
        text = repr(state.view(seat))
        others = [x for s in range(3) if s != seat for x in state.hands[s]]
        assert all(f"Card({x})" not in text for x in others)


def test_session_of_manos_ends_with_result() -> None:
    state = game(2, options=Options(manos=2))
    go(state, "0: pass", "1: pass", "0: pass")  # void hands count
    assert state.hand_no == 2 and not state.is_over
    events = go(state, "1: pass", "0: pass", "1: pass")
    assert state.is_over and state.to_act is None and state.legal_actions() == []
    assert state.result is not None
    assert state.result.scores == (-3, -3)
    assert state.result.winners == (0, 1)
    assert of(events, SessionOver) == [SessionOver((0, 1), (-3, -3))]
    assert not of(events, HandStarted)
    with pytest.raises(GameOver) as refused:
        state.apply(0, "pass")
    assert (refused.value.code, refused.value.params) == (Common.GAME_OVER, {})
    with pytest.raises(GameOver):
        state.apply(1, "pass")


def test_unlimited_session_never_ends() -> None:
    state = game(2)
    for _ in range(30):
        go(state, f"{state.dealer}: pass", f"{1 - state.dealer}: pass", f"{state.dealer}: pass")
    assert state.hands_played == 30 and not state.is_over and state.result is None
    assert state.plato == 93


def test_close_ends_an_unlimited_session() -> None:
    state = game(3, deck(3, {}, "2h"), plato=4)
    go(state, "0: pass", "1: stay")
    assert state.close() == [SessionOver((1, 2), (-3, 0, 0))]
    assert state.is_over and state.to_act is None and state.legal_actions() == []
    assert state.result is not None and state.result.scores == (-3, 0, 0)
    assert state.plato == 7
    with pytest.raises(GameOver) as refused:
        state.close()
    assert refused.value.code == Common.GAME_OVER
    with pytest.raises(GameOver):
        state.apply(2, "stay")


def test_json_round_trip_mid_hand() -> None:
    d = deck(4, {1: "5s Ad 4c", 2: "2s 3d 5c", 3: "As Kd Ac", 0: "3s 2d 6c"}, "2h")
    state = game(4, d, plato=20)
    go(state, "0: take", "0: discard 2", "1: stay", "2: stay", "3: stay", "1: play 5s")
    copy = State.from_json(state.to_json())
    assert copy.to_json() == state.to_json()
    assert copy.initial_events == []
    for name in State.SAVED:  # every saved field comes back with the same value and types
        if name != "source":
            assert getattr(copy, name) == getattr(state, name), name
    assert copy.trick == Trick(1, [(1, c("5s"))])
    assert copy.source.to_data() == state.source.to_data()
    while state.hand_no < 4:
        seat = state.to_act
        assert seat is not None
        action = state.legal_actions()[-1]
        assert state.apply(seat, action) == copy.apply(seat, action)
        assert copy.to_json() == state.to_json()
    assert state.last_hand is not None
    again = State.from_json(state.to_json())
    for name in State.SAVED:
        if name != "source":
            assert getattr(again, name) == getattr(state, name), name
    assert again.view(1) == state.view(1)
