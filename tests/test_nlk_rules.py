"""NLK: scripted-deck scenarios for every rule of docs/rules/en/nlk.md.

Decks are listed top card first. :func:`deck` deals the given first card of each seat (one
card each, from mano) and puts the given cards on top of the baceta, the rest of the table's
deck below them. :func:`dump_deck` builds a deck whose whole baceta is a run of ranks going
up from the top card of one seat's pile (the *sink*): mano (seat 1) can then give every card
it draws to the sink, so Phase I ends in mano's first turn with every other seat holding only
its first card. Phase II scenarios start from there.
"""

from __future__ import annotations

import json
from typing import TypeVar

import pytest

from tapete.rules.cards import Card, FrenchSuit, parse_card, parse_cards
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, GameOver, IllegalAction, NotYourTurn, Refusal
from tapete.rules.nlk import (
    GAME,
    VERBS,
    CardDrawn,
    CardGiven,
    CardKept,
    CardMoved,
    CardPlayed,
    CardTaken,
    GameDealt,
    GameLost,
    NLKRefusal,
    Options,
    PlayerOut,
    SessionOver,
    SheddingStarted,
    State,
    TrickTurned,
    TrumpFixed,
    deck_for,
    lowest_rank,
    new_game,
)

E = TypeVar("E", bound=Event)


def c(text: str) -> Card:
    return parse_card(text, "french")


def cs(text: str) -> list[Card]:
    return parse_cards(text.split(), "french")


def texts(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def deck(players: int, first: dict[int, str], baceta: str = "", dealer: int = 0) -> list[Card]:
    """The first card of each seat (dealt from mano), then ``baceta`` on top of the rest."""
    dealt = [c(first[(dealer + 1 + i) % players]) for i in range(players)]
    fixed = dealt + cs(baceta)
    assert len(set(fixed)) == len(fixed), "a card is used twice"
    return fixed + [card for card in deck_for(players) if card not in fixed]


def dump_deck(players: int, sink: int, first: dict[int, str], last: str,
              dealer: int = 0) -> list[Card]:
    """A deck whose baceta goes up one rank at a time from the sink's first card (suits in
    the order s h d c), ending with ``last``; see the module docstring."""
    low = lowest_rank(players)
    chosen = {seat: c(text) for seat, text in first.items()}
    final = c(last)
    used = {*chosen.values(), final}
    rank = chosen[sink].rank
    size = len(deck_for(players)) - players
    run = []
    for i in range(size):
        rank = low if rank == 14 else rank + 1
        if i == size - 1:
            assert final.rank == rank, f"the last card must be of rank {rank}"
            run.append(final)
            continue
        card = next(Card(rank, s) for s in FrenchSuit if Card(rank, s) not in used)
        used.add(card)
        run.append(card)
    dealt = [chosen[(dealer + 1 + i) % players] for i in range(players)]
    cards = dealt + run
    assert sorted(texts(cards)) == sorted(texts(deck_for(players)))
    return cards


def start(players: int, *decks: list[Card], **options: int | None) -> State:
    return new_game(Options(**options), players, seed=5, decks=decks)


def act(state: State, seat: int, action: str) -> list[Event]:
    assert state.to_act == seat, f"seat {state.to_act} is to act, not {seat}"
    return state.apply(seat, action)


def legal(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def only(events: list[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def dump(state: State, sink: int, *, keep_last: bool = False) -> list[Event]:
    """Mano draws and gives every card to the sink (the last one kept if asked)."""
    events = act(state, 1, "draw") if state.drawn is None else []
    while state.phase == "piles":
        last = state.baceta == []
        events += act(state, 1, "keep" if last and keep_last else f"give {sink}")
    return events


def refused(state: State, seat: int, action: str, code: Refusal, **params: object) -> None:
    """``action`` is refused with ``code`` (and these parameters) and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as error:
        state.apply(seat, action)
    assert error.value.code == code
    for name, value in params.items():
        assert error.value.params[name] == value, (name, error.value.params)
    assert state.to_json() == before


# 3 players, trump diamonds: seat 1 holds 10s, seat 0 holds 9s, seat 2 everything else.
THREE = dump_deck(3, 2, {2: "Jh", 1: "10s", 0: "9s"}, last="8d")
# 4 players, trump diamonds: seat 1 8c, seat 3 10s, seat 0 9s, seat 2 the rest.
FOUR = dump_deck(4, 2, {2: "Jh", 3: "10s", 0: "9s", 1: "8c"}, last="7d")
# 4 players with trumps in the small hands: seat 3 10d, seat 1 8d.
FOUR_TRUMPS = dump_deck(4, 2, {2: "Jh", 3: "10d", 0: "9s", 1: "8d"}, last="7d")


# -------------------------------------------------------------------------------- the deck


@pytest.mark.parametrize(("players", "size", "low"), [
    (3, 28, 8), (4, 32, 7), (5, 36, 6), (6, 40, 5), (7, 44, 4), (8, 48, 3), (9, 52, 2),
])
def test_the_deck_follows_the_number_of_players(players: int, size: int, low: int) -> None:
    cards = deck_for(players)
    assert len(cards) == size and len(set(cards)) == size
    assert min(card.rank for card in cards) == low and max(card.rank for card in cards) == 14
    assert {card.suit for card in cards} == set(FrenchSuit)
    state = new_game(Options(), players, seed=players)
    assert [len(p) for p in state.piles] == [1] * players
    assert len(state.baceta) == size - players
    assert sorted(texts([p[0] for p in state.piles] + state.baceta)) == sorted(texts(cards))


def test_three_to_nine_players() -> None:
    assert Options().player_counts() == (3, 4, 5, 6, 7, 8, 9)
    for players in (2, 10):
        with pytest.raises(ValueError):
            new_game(Options(), players)
    with pytest.raises(ValueError):  # a scripted deck must be the table's deck
        start(3, deck_for(4))


def test_deal_one_card_face_up_each_from_mano() -> None:
    cards = deck(4, {1: "Ah", 2: "Kh", 3: "Qh", 0: "Jh"}, "10s 9s")
    state = start(4, cards)
    [dealt] = only(state.initial_events, GameDealt)
    assert dealt == GameDealt(1, 0, tuple(cs("Jh Ah Kh Qh")), 28)
    assert texts(state.baceta[:2]) == ["10s", "9s"]
    assert state.dealer == 0 and state.to_act == 1  # mano, the seat after the dealer
    view = state.view(None)
    assert view.phase == "piles" and view.tops == tuple(cs("Jh Ah Kh Qh"))
    assert view.hand_sizes == (1, 1, 1, 1) and view.baceta == 28 and view.hand == ()


# -------------------------------------------------------------------------------- Phase I


def test_moves_before_drawing_repeat_and_may_take_the_last_card() -> None:
    cards = deck(3, {1: "9s", 2: "10h", 0: "Jd"}, "Qc 8c Jc Ah")
    state = start(3, cards)
    assert legal(state) == ["draw"]  # 9s is one above no top card
    assert only(act(state, 1, "draw"), CardDrawn) == [CardDrawn(1, c("Qc"), 24)]
    assert legal(state) == ["give 0", "keep"]  # Qc is one above Jd
    assert act(state, 1, "keep") == [CardKept(1, c("Qc"))]
    act(state, 2, "draw")
    act(state, 2, "keep")  # 8c on 10h
    act(state, 0, "draw")
    act(state, 0, "keep")  # Jc on Jd
    # seat 1: Qc goes on Jc, then the new top 9s goes on 8c, emptying the pile
    assert legal(state) == ["move 0", "draw"]
    assert act(state, 1, "move 0") == [CardMoved(1, 0, c("Qc"))]
    assert legal(state) == ["move 2", "draw"]
    assert act(state, 1, "move 2") == [CardMoved(1, 2, c("9s"))]
    assert state.piles[1] == [] and legal(state) == ["draw"]
    assert state.view(None).tops == (c("Qc"), None, c("9s"))
    # an empty own pile still takes the kept card
    act(state, 1, "draw")
    assert act(state, 1, "keep") == [CardKept(1, c("Ah"))]
    assert state.piles[1] == [c("Ah")] and state.to_act == 2
    assert texts(state.piles[0]) == ["Jd", "Jc", "Qc"] and texts(state.piles[2]) == [
        "10h", "8c", "9s"]


def test_moves_only_before_drawing() -> None:
    cards = deck(3, {1: "9s", 2: "8h", 0: "Jd"}, "Kc")
    state = start(3, cards)
    assert legal(state) == ["move 2", "draw"]
    act(state, 1, "draw")
    assert legal(state) == ["keep"]
    refused(state, 1, "move 2", NLKRefusal.MOVE_AFTER_DRAW)
    refused(state, 1, "move 1", NLKRefusal.MOVE_AFTER_DRAW)


def test_several_targets_in_order_of_play() -> None:
    cards = deck(4, {1: "9s", 2: "Jh", 3: "8h", 0: "8c"}, "9d")
    state = start(4, cards)
    assert legal(state) == ["move 3", "move 0", "draw"]
    act(state, 1, "draw")
    assert legal(state) == ["give 3", "give 0", "keep"]
    assert state.view(1).drawn == c("9d") and state.view(None).drawn == c("9d")


def test_give_and_draw_again() -> None:
    cards = deck(3, {1: "Ks", 2: "9h", 0: "Jd"}, "10c Qc Kc 8h")
    state = start(3, cards)
    act(state, 1, "draw")
    assert legal(state) == ["give 2", "keep"]  # 10c on 9h
    events = act(state, 1, "give 2")
    assert events == [CardGiven(1, 2, c("10c")), CardDrawn(1, c("Qc"), 23)]
    assert state.drawn == c("Qc") and state.to_act == 1
    assert legal(state) == ["give 0", "keep"]  # Qc on Jd
    events = act(state, 1, "give 0")
    assert events == [CardGiven(1, 0, c("Qc")), CardDrawn(1, c("Kc"), 22)]
    assert legal(state) == ["give 0", "keep"]  # Kc on Qc: the same pile again
    act(state, 1, "give 0")
    assert state.drawn == c("8h") and legal(state) == ["keep"]
    act(state, 1, "keep")
    assert state.to_act == 2 and texts(state.piles[0]) == ["Jd", "Qc", "Kc"]
    assert texts(state.piles[1]) == ["Ks", "8h"] and texts(state.piles[2]) == ["9h", "10c"]


def test_the_lowest_rank_follows_the_ace() -> None:
    # 3 players: the deck goes down to the 8, so an 8 goes on an ace
    state = start(3, deck(3, {1: "Ks", 2: "Ah", 0: "Qd"}, "8c As"))
    assert legal(state) == ["move 0", "draw"]  # Ks on Qd
    act(state, 1, "draw")
    assert legal(state) == ["give 2", "keep"]
    act(state, 1, "give 2")
    assert state.drawn == c("As") and legal(state) == ["keep"]  # As is not above Ks or 8c
    # 9 players: the full deck, a 2 goes on an ace, and an ace on a king
    state = start(9, deck(9, {1: "Ks", 2: "Ah", 3: "5d", 4: "6d", 5: "7d", 6: "8d", 7: "9d",
                              8: "10d", 0: "Jd"}, "2c Ac"))
    act(state, 1, "draw")
    assert legal(state) == ["give 2", "keep"]
    act(state, 1, "give 2")
    assert legal(state) == ["keep"]  # Ac is one above Ks, but that is the player's own pile
    refused(state, 1, "give 1", NLKRefusal.GIVE_TO_OWN)
    refused(state, 1, "give 2", NLKRefusal.NOT_ONE_ABOVE, card=c("Ac"), top=c("2c"), to=2)


def test_nothing_is_put_on_an_empty_pile() -> None:
    """Only the player to act can have an empty pile in Phase I (their own moves emptied it,
    and the keep that ends the turn fills it), so the rule is checked on a saved position
    edited to have another seat's pile empty."""
    state = start(3, deck(3, {1: "9s", 2: "8h", 0: "Jd"}, "10s"))
    act(state, 1, "move 2")
    assert state.piles[1] == []
    saved = json.loads(state.to_json())
    saved["turn"] = 0  # seat 0 to act, holding 10s instead of Jd
    saved["piles"][0], saved["baceta"][0] = ["10s"], "Jd"
    position = State.from_json(json.dumps(saved))
    assert legal(position) == ["move 2", "draw"]  # 10s goes on 9s; the empty pile is no target
    refused(position, 0, "move 1", NLKRefusal.EMPTY_PILE, to=1)


def test_trump_is_the_last_baceta_card_and_its_holder_leads() -> None:
    state = start(3, THREE)
    events = dump(state, 2)
    draws = only(events, CardDrawn)
    assert len(draws) == 25 and draws[-1] == CardDrawn(1, c("8d"), 0)
    [fixed] = only(events, TrumpFixed)
    assert fixed == TrumpFixed(1, c("8d"), FrenchSuit.DIAMONDS)
    assert events.index(fixed) == events.index(draws[-1]) + 1
    # the last card was given away: the sink has it and leads
    assert events[-2:] == [CardGiven(1, 2, c("8d")),
                           SheddingStarted(2, FrenchSuit.DIAMONDS, c("8d"))]
    assert state.phase == "shedding" and state.to_act == 2
    assert [len(h) for h in state.hands] == [1, 1, 26]
    assert state.view(0).trump == FrenchSuit.DIAMONDS and state.view(0).trump_card == c("8d")


def test_the_last_card_kept_makes_its_drawer_lead() -> None:
    state = start(3, THREE)
    events = dump(state, 2, keep_last=True)
    assert events[-2:] == [CardKept(1, c("8d")),
                           SheddingStarted(1, FrenchSuit.DIAMONDS, c("8d"))]
    assert state.to_act == 1 and texts(state.hands[1]) == ["10s", "8d"]
    assert legal(state) == ["play 10s", "play 8d"]  # the leader of an empty trick plays


def test_a_pile_empty_at_the_start_of_phase_two_is_out_at_once() -> None:
    # seat 1 moves its only card (10s on 9s), then gives every card it draws to seat 2
    cards = dump_deck(3, 2, {2: "Jh", 1: "10s", 0: "9s"}, last="8d")
    state = start(3, cards)
    assert legal(state) == ["move 0", "draw"]
    act(state, 1, "move 0")
    events = dump(state, 2)
    assert events[-2:] == [SheddingStarted(2, FrenchSuit.DIAMONDS, c("8d")), PlayerOut(1, 1)]
    assert state.out == [1] and texts(state.hands[0]) == ["10s", "9s"]
    assert state.view(None).out == (1,)
    act(state, 2, "play 8s")
    act(state, 0, "take")
    assert state.to_act == 2  # the trick is empty; seat 1, after the taker, is out


# -------------------------------------------------------------------------------- Phase II


def test_montar_or_fallar_even_when_able_to_follow() -> None:
    state = start(3, THREE)
    dump(state, 2)
    act(state, 2, "play 8h")
    assert legal(state) == ["take"]  # 9s neither follows nor trumps
    act(state, 0, "take")  # seat 0 takes 8h: the trick is empty, seat 1 leads
    assert state.to_act == 1 and legal(state) == ["play 10s"]
    assert act(state, 1, "play 10s") == [CardPlayed(1, c("10s")), PlayerOut(1, 1)]
    # seat 2 faces 10s: a higher spade (montar) or any trump (fallar), though it holds spades
    assert legal(state) == [
        "play As", "play Ks", "play Qs", "play Js",
        "play Ad", "play Kd", "play Qd", "play Jd", "play 10d", "play 9d", "play 8d", "take",
    ]
    refused(state, 2, "play 8s", NLKRefusal.BEAT_TOP, top=c("10s"))
    refused(state, 2, "play Ah", NLKRefusal.BEAT_TOP, top=c("10s"))
    refused(state, 2, "play 9s", Common.NOT_IN_HAND, card=c("9s"))


def test_on_a_trump_only_a_higher_trump() -> None:
    state = start(4, FOUR_TRUMPS)
    dump(state, 2)
    assert [texts(h) for h in state.hands] == [["9s"], ["8d"], texts(state.hands[2]), ["10d"]]
    act(state, 2, "play 9d")
    assert legal(state) == ["play 10d", "take"]
    act(state, 3, "play 10d")  # seat 3 is out; three seats still hold cards
    assert state.out == [3] and state.trick == [(2, c("9d")), (3, c("10d"))]
    assert legal(state) == ["take"]  # 9s cannot beat a trump
    refused(state, 0, "play 9s", NLKRefusal.BEAT_TRUMP, top=c("10d"))
    act(state, 0, "take")  # 9d
    refused(state, 1, "play 8d", NLKRefusal.BEAT_TRUMP, top=c("10d"))  # a lower trump
    act(state, 1, "take")  # 10d: the trick is empty, seat 2 leads
    act(state, 2, "play 7s")
    assert legal(state) == ["play 9s", "play 9d", "take"]  # montar or fallar
    act(state, 0, "play 9d")
    assert legal(state) == ["play 10d", "take"]  # once a trump is in, only higher trumps
    act(state, 1, "take")  # 7s, the bottom card
    # seat 2 faces 9d: only the higher trumps, not even an ace of another suit
    assert state.trick == [(0, c("9d"))]
    assert legal(state) == ["play Ad", "play Kd", "play Qd", "play Jd", "take"]
    refused(state, 2, "play As", NLKRefusal.BEAT_TRUMP, top=c("9d"))
    refused(state, 2, "play 7d", NLKRefusal.BEAT_TRUMP, top=c("9d"))


def test_subir_takes_the_bottom_card_and_the_next_faces_the_same_top() -> None:
    state = start(4, FOUR)
    dump(state, 2)
    act(state, 2, "play 7s")
    act(state, 3, "play 10s")  # out
    assert state.to_act == 0 and legal(state) == ["take"]
    assert act(state, 0, "take") == [CardTaken(0, c("7s"), 1)]
    assert texts(state.hands[0]) == ["9s", "7s"]
    assert state.trick == [(3, c("10s"))] and state.to_act == 1
    assert legal(state) == ["take"]  # seat 1 (8c) faces the same 10s
    act(state, 1, "take")
    # the trick was taken back entirely: the player after the last taker leads
    assert state.trick == [] and state.to_act == 2
    assert legal(state) == [f"play {card}" for card in state.hands[2]]
    refused(state, 2, "take", NLKRefusal.LEADER_MUST_PLAY)


def test_after_a_trick_taken_back_the_next_holder_leads_skipping_players_out() -> None:
    state = start(4, FOUR)
    dump(state, 2)
    act(state, 2, "play 7s")
    act(state, 3, "play 10s")  # seat 3 is out
    act(state, 0, "take")  # 7s
    act(state, 1, "take")  # 10s
    act(state, 2, "play 8s")
    assert state.to_act == 0  # seat 3 is skipped
    act(state, 0, "play 9s")
    assert state.to_act == 1 and legal(state) == ["play 10s", "take"]
    act(state, 1, "take")  # 8s, the bottom card
    act(state, 2, "take")  # 9s: the trick is empty, seat 2 took last
    assert state.trick == [] and state.to_act == 0  # the seat after 2 is out: seat 0 leads


def test_a_complete_trick_is_turned_and_its_completer_leads() -> None:
    state = start(3, THREE)
    dump(state, 2)
    act(state, 2, "play 8s")
    act(state, 0, "take")
    act(state, 1, "play 10s")  # out: two seats hold cards
    events = act(state, 2, "play Js")
    assert events == [CardPlayed(2, c("Js")), TrickTurned(2, 1, tuple(cs("10s Js")))]
    assert state.trick == [] and state.tricks_turned == 1
    assert state.to_act == 2 and "take" not in legal(state)


def test_completion_is_counted_after_the_play_and_the_game_ends_with_one_holder() -> None:
    state = start(3, THREE, deck(3, {0: "As", 1: "Ks", 2: "Qs"}, dealer=2))
    dump(state, 2)
    act(state, 2, "play 8s")
    # seat 0 plays its last card: two seats still hold cards, and the trick holds two
    events = act(state, 0, "play 9s")
    assert events == [CardPlayed(0, c("9s")), PlayerOut(0, 1),
                      TrickTurned(0, 1, tuple(cs("8s 9s")))]
    assert state.to_act == 1  # the completer is out: the next seat holding cards leads
    events = act(state, 1, "play 10s")
    # only seat 2 holds cards: it loses at once (the trick in progress is abandoned), and
    # deals the next game
    assert events[:3] == [CardPlayed(1, c("10s")), PlayerOut(1, 2), GameLost(1, 2, (0, 0, 1))]
    assert events[3:] == [GameDealt(2, 2, tuple(cs("As Ks Qs")), 25)]
    assert state.losses == [0, 0, 1] and state.last_loser == 2 and state.games_played == 1
    assert state.dealer == 2 and state.to_act == 0 and state.phase == "piles"
    assert state.game_no == 2 and state.trump_card is None and state.out == []
    view = state.view(None)
    assert view.losses == (0, 0, 1) and view.last_loser == 2 and view.game_number == 2


def test_partidas_ends_the_session() -> None:
    state = start(3, THREE, partidas=1)
    dump(state, 2)
    act(state, 2, "play 8s")
    act(state, 0, "play 9s")
    events = act(state, 1, "play 10s")
    assert events[-2:] == [GameLost(1, 2, (0, 0, 1)), SessionOver((0, 1), (0, 0, 1), 1)]
    assert state.is_over and state.to_act is None and state.legal_actions() == []
    result = state.result
    assert result is not None and result.winners == (0, 1) and result.scores == (0, 0, 1)
    assert result.summary == {"games": 1, "losses": [0, 0, 1], "last_loser": 2}
    with pytest.raises(GameOver):
        state.apply(2, "play As")


def test_close_ends_the_session_with_the_losses_so_far() -> None:
    state = start(3, THREE)
    assert state.result is None
    events = state.close()
    assert events == [SessionOver((0, 1, 2), (0, 0, 0), 0)]
    assert state.is_over and state.to_act is None and state.result is not None
    assert state.result.scores == (0, 0, 0) and state.result.winners == (0, 1, 2)
    with pytest.raises(GameOver):
        state.close()


# -------------------------------------------------------------------------------- refusals


def test_phase_one_refusals_leave_the_state_unchanged() -> None:
    state = start(3, deck(3, {1: "9s", 2: "8h", 0: "Jd"}, "Qc"))
    refused(state, 1, "keep", NLKRefusal.DRAW_FIRST)
    refused(state, 1, "give 2", NLKRefusal.DRAW_FIRST)
    refused(state, 1, "move", NLKRefusal.MISSING_SEAT, verb="move")
    refused(state, 1, "move 3", NLKRefusal.BAD_SEAT, text="3", last=2)
    refused(state, 1, "move x", NLKRefusal.BAD_SEAT, text="x")
    refused(state, 1, "move -1", NLKRefusal.BAD_SEAT)
    refused(state, 1, "move 2 0", NLKRefusal.BAD_SEAT, text="2 0")
    refused(state, 1, "move 1", NLKRefusal.MOVE_TO_OWN)
    refused(state, 1, "move 0", NLKRefusal.NOT_ONE_ABOVE, card=c("9s"), top=c("Jd"), to=0)
    refused(state, 1, "draw now", Common.NO_ARGUMENTS, verb="draw")
    refused(state, 1, "play 9s", NLKRefusal.NOT_SHEDDING_YET)
    refused(state, 1, "take", NLKRefusal.NOT_SHEDDING_YET)
    refused(state, 1, "jump", Common.UNKNOWN_ACTION, text="jump")
    refused(state, 1, "", Common.EMPTY_ACTION)
    with pytest.raises(NotYourTurn):
        state.apply(2, "draw")
    act(state, 1, "move 02")  # a seat number is read as a number
    assert texts(state.piles[2]) == ["8h", "9s"]
    refused(state, 1, "move 2", NLKRefusal.OWN_PILE_EMPTY)
    act(state, 1, "draw")
    refused(state, 1, "draw", NLKRefusal.ALREADY_DREW, card=c("Qc"))
    refused(state, 1, "give", NLKRefusal.MISSING_SEAT, verb="give")
    refused(state, 1, "keep it", Common.NO_ARGUMENTS, verb="keep")


def test_phase_two_refusals_leave_the_state_unchanged() -> None:
    state = start(3, THREE)
    dump(state, 2)
    refused(state, 2, "take", NLKRefusal.LEADER_MUST_PLAY)
    refused(state, 2, "draw", NLKRefusal.PILES_OVER)
    refused(state, 2, "move 0", NLKRefusal.PILES_OVER)
    refused(state, 2, "keep", NLKRefusal.PILES_OVER)
    refused(state, 2, "play", Common.MISSING_CARD)
    refused(state, 2, "play As Ks", NLKRefusal.PLAY_ONE_CARD)
    refused(state, 2, "play 1x", Common.UNKNOWN_CARD, text="1x")
    refused(state, 2, "play 10s", Common.NOT_IN_HAND, card=c("10s"))
    refused(state, 2, "play 2s", Common.NOT_IN_HAND)  # not even in a 28-card deck
    with pytest.raises(NotYourTurn):
        state.apply(0, "play 9s")
    act(state, 2, "play as de picas")  # full names are read too
    assert state.trick == [(2, c("As"))]
    refused(state, 0, "take now", Common.NO_ARGUMENTS, verb="take")


# -------------------------------------------------------------------------------- protocol


def test_verbs_and_action_notation() -> None:
    assert [(v.name, tuple(kind for _, kind in v.args)) for v in VERBS] == [
        ("move", ("seat",)), ("draw", ()), ("give", ("seat",)), ("keep", ()),
        ("play", ("card",)), ("take", ()),
    ]
    assert GAME.name == "nlk" and GAME.family == "french" and GAME.verb("play").card_first
    state = start(4, deck(4, {1: "9s", 2: "Jh", 3: "8h", 0: "8c"}))
    for action in state.legal_actions():
        assert Action.parse(str(action)) == action
    assert Action("move", ("3",)) in state.legal_actions()


def test_views_show_phase_one_to_all_and_phase_two_hands_to_their_owner() -> None:
    state = start(3, THREE)
    view = state.view(1)
    assert view.hand == () and view.legal == ("move 0", "draw") and view.seat == 1
    assert state.view(2).legal == () and state.view(None).legal == ()
    dump(state, 2)
    assert state.view(0).hand == (c("9s"),) and state.view(1).hand == (c("10s"),)
    assert state.view(None).hand == () and state.view(None).seat is None
    assert state.view(0).hand_sizes == (1, 1, 26) and state.view(0).tops == ()
    assert state.view(2).legal == tuple(legal(state))
    act(state, 2, "play 8h")
    assert state.view(0).trick == ((2, c("8h")),)


def test_json_round_trip_continues_identically() -> None:
    state = start(3, THREE)
    act(state, 1, "draw")
    text = state.to_json()
    copy = State.from_json(text)
    assert copy.to_json() == text and copy.legal_actions() == state.legal_actions()
    for s in (state, copy):
        dump(s, 2)
        act(s, 2, "play 8h")
    assert copy.to_json() == state.to_json()
