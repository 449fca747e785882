"""Escoba rules (docs/rules/en/escoba.md): scripted-deck scenarios for every rule.

Decks are full 40-card orders, top card first, built by :func:`build_deck` from the cards each
seat must receive and the four table cards; every other card follows in canonical order.
Values: 1-7 as numbered, sota (10) 8, caballo (11) 9, rey (12) 10.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

import pytest
from pydantic import ValidationError

from tapete.rules.cards import Card, parse_cards, spanish_deck
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, GameOver, IllegalAction, NotYourTurn, Refusal
from tapete.rules.escoba import (
    GAME,
    VERBS,
    CardCaptured,
    CardLaid,
    CardsDealt,
    EscobaRefusal,
    HandDealt,
    HandScored,
    MatchOver,
    OpeningEscoba,
    Options,
    RenuncioClaimed,
    RenuncioDeclined,
    RenuncioOffered,
    State,
    TableSwept,
    capture_sets,
    match_winner,
    new_game,
    score_hand,
    value,
)

# ----------------------------------------------------------------------------- helpers


def cards(text: str) -> list[Card]:
    return parse_cards(text.split(), "spanish")


def card(text: str) -> Card:
    return cards(text)[0]


def build_deck(
    players: int,
    hands: Mapping[int, str] | None = None,
    table: str = "",
    then: str = "",
    dealer: int = 0,
) -> list[Card]:
    """A full deck, top first, that deals ``hands[seat]`` (3 cards each, one at a time from
    mano) and then ``table`` face up; ``then`` are the next cards of the deck (re-deals). Seats
    not named, table places not named and the rest of the deck take the unused cards in
    canonical order (oros, copas, espadas, bastos; 1..12)."""
    named = {seat: cards(text) for seat, text in (hands or {}).items()}
    on_table, later = cards(table), cards(then)
    used = [c for h in named.values() for c in h] + on_table + later
    assert len(set(used)) == len(used), "a card is named twice"
    spare = [c for c in spanish_deck() if c not in used]
    mano = (dealer + 1) % players
    dealt: list[Card] = []
    for i in range(3):
        for k in range(players):
            seat = (mano + k) % players
            mine = named.get(seat, [])
            dealt.append(mine[i] if i < len(mine) else spare.pop(0))
    while len(on_table) < 4:
        on_table.append(spare.pop(0))
    deck = dealt + on_table + later + spare
    assert len(deck) == 40
    return deck


def game(
    players: int = 2,
    decks: Sequence[Sequence[Card]] = (),
    **options: object,
) -> State:
    return new_game(Options.model_validate(options), players, seed=1, decks=decks)


def act(state: State, *moves: str) -> list[Event]:
    """Apply ``moves`` in turn, each by the seat to act; the events of all of them."""
    events: list[Event] = []
    for move in moves:
        assert state.to_act is not None
        events += state.apply(state.to_act, move)
    return events


def lay_default(state: State) -> str:
    """The first ``play`` among the legal actions (``pass`` when only claims are left)."""
    legal = [str(a) for a in state.legal_actions()]
    return next((a for a in legal if a.startswith("play ")), "pass")


def play_hand(state: State, script: Mapping[int, str] | None = None) -> list[Event]:
    """Play the current hand to its score: move ``n`` (counted from 0 in this hand) is
    ``script[n]``; every other move lays the first card that may be laid."""
    script = script or {}
    events: list[Event] = []
    for n in range(100):
        assert state.to_act is not None
        move = script.get(n) or lay_default(state)
        step = state.apply(state.to_act, move)
        events += step
        if any(isinstance(e, HandScored) for e in step):
            assert not set(script) - set(range(n + 1)), "script longer than the hand"
            return events
    raise AssertionError("the hand never ended")


E = TypeVar("E", bound=Event)


def only(events: Sequence[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def strs(actions: Sequence[Action]) -> list[str]:
    return [str(a) for a in actions]


# Seat 1 (mano) holds 5o 12c 1e; table 3c 10c 7e 2b (3 + 8 + 7 + 2 = 20).
# 5o needs 10: 3c+7e or 10c+2b; 12c needs 5: 3c+2b; 1e needs 14: impossible.
CHOICE_DECK = build_deck(2, {1: "5o 12c 1e", 0: "4b 6b 1b"}, "3c 10c 7e 2b")
CHOICE_CAPTURES = ["capture 5o 3c 7e", "capture 5o 10c 2b", "capture 12c 3c 2b"]


# ----------------------------------------------------------------------------- options


def test_options_and_player_counts() -> None:
    assert Options() == Options(parejas=False, captura="obligatoria", objetivo=21)
    assert Options().player_counts() == (2, 3, 4)
    assert Options(parejas=True).player_counts() == (4,)
    with pytest.raises(ValidationError):
        Options(objetivo=0)
    with pytest.raises(ValidationError):
        Options(objetivo=101)
    assert Options(objetivo=100).objetivo == 100
    with pytest.raises(ValidationError):
        Options.model_validate({"captura": "a veces"})


@pytest.mark.parametrize(("players", "parejas"), [(1, False), (5, False), (2, True), (3, True)])
def test_wrong_number_of_players(players: int, parejas: bool) -> None:
    with pytest.raises(ValueError, match="players"):
        new_game(Options(parejas=parejas), players)


def test_values() -> None:
    assert [value(c) for c in cards("1o 7o 10o 11o 12o")] == [1, 7, 8, 9, 10]


# ----------------------------------------------------------------------------- dealing


def test_deal_three_each_from_mano_then_four_on_the_table() -> None:
    state = game(3, [spanish_deck()])  # 1o 2o 3o 4o 5o 6o 7o 10o 11o 12o 1c 2c 3c ...
    assert state.initial_events == [
        HandDealt(hand=1, dealer=0, mano=1, table=tuple(cards("12o 1c 2c 3c")), deck_count=27)
    ]
    assert state.view(1).hand == tuple(cards("1o 4o 7o"))
    assert state.view(2).hand == tuple(cards("2o 5o 10o"))
    assert state.view(0).hand == tuple(cards("3o 6o 11o"))
    assert state.to_act == 1
    assert state.view(None).hand_sizes == (3, 3, 3)


def test_dealer_opening_fifteen_is_an_escoba() -> None:
    state = game(2, [build_deck(2, table="1c 2c 5e 7b")])  # 1 + 2 + 5 + 7 = 15
    opening = only(state.initial_events, OpeningEscoba)
    assert opening == [OpeningEscoba(seat=0, cards=tuple(cards("1c 2c 5e 7b")), escobas=1)]
    view = state.view(None)
    assert view.table == ()
    assert view.escobas == (1, 0)
    assert view.captured_counts == (4, 0)
    assert view.last_capturer == 0
    assert view.to_act == 1


def test_dealer_opening_thirty_in_two_fifteens_is_two_escobas() -> None:
    state = game(2, [build_deck(2, table="12o 5c 12c 5e")])  # (10 + 5) + (10 + 5)
    assert only(state.initial_events, OpeningEscoba) == [
        OpeningEscoba(seat=0, cards=tuple(cards("12o 5c 12c 5e")), escobas=2)
    ]
    assert state.view(None).escobas == (2, 0)
    assert state.view(None).table == ()


def test_dealer_opening_thirty_that_does_not_split_stays() -> None:
    state = game(2, [build_deck(2, table="12o 12c 11e 1b")])  # 10 + 10 + 9 + 1 = 30
    assert only(state.initial_events, OpeningEscoba) == []
    view = state.view(None)
    assert view.table == tuple(cards("12o 12c 11e 1b"))
    assert view.escobas == (0, 0)
    assert view.last_capturer is None


def test_a_later_hand_opening_comes_with_the_events_of_apply() -> None:
    decks = [spanish_deck(), build_deck(2, table="1c 2c 5e 7b", dealer=1)]
    state = game(2, decks, captura="libre")
    events = play_hand(state)  # nobody captures in hand 1; hand 2 is dealt by seat 1
    assert events[-2:] == [
        HandDealt(hand=2, dealer=1, mano=0, table=tuple(cards("1c 2c 5e 7b")), deck_count=30),
        OpeningEscoba(seat=1, cards=tuple(cards("1c 2c 5e 7b")), escobas=1),
    ]
    assert state.view(None).escobas == (0, 1)
    assert state.view(None).last_capturer == 1
    assert state.to_act == 0


def test_other_openings_stay() -> None:
    state = game(2, [build_deck(2, table="1c 2c 5e 6b")])  # 14
    assert only(state.initial_events, OpeningEscoba) == []
    assert len(state.view(None).table) == 4


@pytest.mark.parametrize(("players", "rounds"), [(2, 6), (3, 4), (4, 3)])
def test_redeals_until_the_deck_is_exhausted(players: int, rounds: int) -> None:
    state = game(players, [spanish_deck()], captura="libre")
    events = play_hand(state)
    dealt = only(events, CardsDealt)
    first_left = 36 - 3 * players
    assert [(d.round, d.deck_count) for d in dealt] == [
        (r, first_left - 3 * players * (r - 1)) for r in range(2, rounds + 1)
    ]


def test_redeal_gives_three_each_from_mano_and_nothing_to_the_table() -> None:
    state = game(2, [spanish_deck()], captura="libre")
    # canonical deck: seat 1 gets 1o 3o 5o, seat 0 2o 4o 6o, table 7o 10o 11o 12o.
    events = act(state, "play 1o", "play 2o", "play 3o", "play 4o", "play 5o")
    assert only(events, CardsDealt) == []
    events = act(state, "play 6o")
    assert events[-1] == CardsDealt(hand=1, round=2, deck_count=24)
    assert state.view(1).hand == tuple(cards("1c 3c 5c"))
    assert state.view(0).hand == tuple(cards("2c 4c 6c"))
    assert len(state.view(None).table) == 4 + 6
    assert state.to_act == 1


# ----------------------------------------------------------------------------- captures


def test_every_capture_choice_is_offered_and_no_other() -> None:
    state = game(2, [CHOICE_DECK])
    assert strs(state.legal_actions()) == [*CHOICE_CAPTURES, "play 1e"]
    assert state.view(1).legal == (*CHOICE_CAPTURES, "play 1e")
    assert state.view(0).legal == ()


def test_capture_sets_helper_lists_each_set() -> None:
    table = cards("1o 2o 3o 4o 12c")
    sets = capture_sets(card("5e"), table)  # needs 10
    assert sets == [tuple(cards("1o 2o 3o 4o")), (card("12c"),)]
    assert capture_sets(card("12e"), cards("12o 11o")) == []
    # Sets are ordered by their canonical positions, compared lexicographically.
    assert capture_sets(card("12b"), cards("5c 4o 1e 2o 1c 1o")) == [
        tuple(cards("1o 2o 1c 1e")),
        tuple(cards("1o 4o")),
        tuple(cards("4o 1c")),
        tuple(cards("4o 1e")),
        (card("5c"),),
    ]


def test_capture_takes_the_set_and_table_order_does_not_matter() -> None:
    state = game(2, [CHOICE_DECK])
    events = state.apply(1, "capture 5o 7e 3c")
    assert events == [
        CardCaptured(seat=1, card=card("5o"), captured=tuple(cards("3c 7e")), escoba=False)
    ]
    view = state.view(None)
    assert view.table == tuple(cards("10c 2b"))
    assert view.captured_counts == (0, 3)
    assert view.last_capturer == 1
    assert view.to_act == 0
    assert view.hand_sizes == (3, 2)


def test_clearing_the_table_is_an_escoba() -> None:
    state = game(2, [build_deck(2, {1: "5o 12b 11b"}, "1c 2c 3c 4c")])  # 5 + 10 = 15
    assert "capture 5o 1c 2c 3c 4c" in strs(state.legal_actions())
    events = state.apply(1, "capture 5o 1c 2c 3c 4c")
    assert events == [
        CardCaptured(seat=1, card=card("5o"), captured=tuple(cards("1c 2c 3c 4c")), escoba=True)
    ]
    assert state.view(None).escobas == (0, 1)
    # An empty table: nothing to capture, every card is laid.
    assert all(a.verb == "play" for a in state.legal_actions())


# ----------------------------------------------------------------------------- captura modes


def test_obligatoria_forbids_laying_a_card_that_can_capture() -> None:
    state = game(2, [CHOICE_DECK])
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, "play 5o")
    assert refused.value.code is EscobaRefusal.MUST_CAPTURE
    assert refused.value.params == {"card": card("5o")}
    assert state.to_json() == before


def test_obligatoria_allows_laying_a_card_that_cannot_capture() -> None:
    state = game(2, [CHOICE_DECK])
    events = state.apply(1, "play 1e")  # 5o and 12c could capture, 1e cannot
    assert events == [CardLaid(seat=1, card=card("1e"), could_capture=False)]
    assert state.view(None).table == tuple(cards("3c 10c 7e 2b 1e"))


def test_libre_offers_every_lay_and_no_renuncio() -> None:
    state = game(2, [CHOICE_DECK], captura="libre")
    assert strs(state.legal_actions()) == [
        *CHOICE_CAPTURES,
        "play 5o",
        "play 12c",
        "play 1e",
    ]
    events = state.apply(1, "play 5o")
    assert events == [CardLaid(seat=1, card=card("5o"), could_capture=True)]
    assert not any(a.verb == "claim" for a in state.legal_actions())
    assert state.view(None).renuncio is None


def test_castigo_renuncio_claimed() -> None:
    state = game(2, [CHOICE_DECK], captura="castigo")
    events = state.apply(1, "play 5o")
    assert events == [
        CardLaid(seat=1, card=card("5o"), could_capture=True),
        RenuncioOffered(seat=0, offender=1, card=card("5o")),
    ]
    legal = strs(state.legal_actions())
    assert legal[:2] == ["claim 5o 3c 7e", "claim 5o 10c 2b"]
    assert not any(a.startswith("claim") for a in legal[2:])
    renuncio = state.view(None).renuncio
    assert renuncio is not None
    assert (renuncio.offender, renuncio.claimant, renuncio.card) == (1, 0, card("5o"))
    assert renuncio.sets == (tuple(cards("3c 7e")), tuple(cards("10c 2b")))

    events = state.apply(0, "claim 5o 2b 10c")
    assert events == [
        RenuncioClaimed(seat=0, offender=1, card=card("5o"), captured=tuple(cards("10c 2b")))
    ]
    view = state.view(None)
    assert view.to_act == 0  # the claimant now plays as usual
    assert view.renuncio is None
    assert view.table == tuple(cards("3c 7e"))
    assert view.captured_counts == (3, 0)
    assert view.escobas == (0, 0)
    assert view.last_capturer == 0
    assert view.hand_sizes == (3, 2)
    assert not any(a.verb == "claim" for a in state.legal_actions())
    events = act(state, lay_default(state))
    assert only(events, RenuncioDeclined) == []


def test_castigo_renuncio_not_claimed_lapses() -> None:
    state = game(2, [CHOICE_DECK], captura="castigo")
    state.apply(1, "play 5o")
    events = state.apply(0, "capture 4b 3c 10c")  # playing on declines the claim
    assert events == [
        RenuncioDeclined(seat=0, offender=1, card=card("5o")),
        CardCaptured(seat=0, card=card("4b"), captured=tuple(cards("3c 10c")), escoba=False),
    ]
    assert state.view(None).renuncio is None
    assert not any(a.verb == "claim" for a in state.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, "claim 5o 3c 7e")
    assert refused.value.code is EscobaRefusal.NO_RENUNCIO


def test_castigo_lay_that_could_not_capture_is_no_renuncio() -> None:
    state = game(2, [CHOICE_DECK], captura="castigo")
    events = state.apply(1, "play 1e")
    assert events == [CardLaid(seat=1, card=card("1e"), could_capture=False)]
    assert not any(a.verb == "claim" for a in state.legal_actions())


def test_castigo_claim_that_clears_the_table_is_no_escoba() -> None:
    state = game(2, [build_deck(2, {1: "5o 12b 11b"}, "1c 2c 3c 4c")], captura="castigo")
    state.apply(1, "play 5o")
    assert strs(state.legal_actions())[0] == "claim 5o 1c 2c 3c 4c"
    state.apply(0, "claim 5o 1c 2c 3c 4c")
    view = state.view(None)
    assert view.table == ()
    assert view.escobas == (0, 0)
    assert view.captured_counts == (5, 0)


def test_castigo_renuncio_after_a_new_deal() -> None:
    deck = build_deck(2, {1: "11c 11e 11b", 0: "12c 12e 5b"}, "1o 2o 3o 4o")
    state = game(2, [deck], captura="castigo")
    act(state, "play 11c", "play 12c", "play 11e", "play 12e", "play 11b")
    # Seat 0 (dealer) lays the last card of the round: 5b makes 15 with 10 on the table.
    # (Seat 1's 11b could capture too: laying on declines that renuncio.)
    events = state.apply(0, "play 5b")
    assert events == [
        RenuncioDeclined(seat=0, offender=1, card=card("11b")),
        CardLaid(seat=0, card=card("5b"), could_capture=True),
        CardsDealt(hand=1, round=2, deck_count=24),
        RenuncioOffered(seat=1, offender=0, card=card("5b")),
    ]
    assert state.to_act == 1
    assert state.view(None).hand_sizes == (3, 3)
    claims = [a for a in strs(state.legal_actions()) if a.startswith("claim")]
    assert claims == [
        "claim 5b 1o 2o 3o 4o",
        "claim 5b 1o 11c",
        "claim 5b 1o 11e",
        "claim 5b 1o 11b",
        "claim 5b 12c",
        "claim 5b 12e",
    ]
    state.apply(1, "claim 5b 12c")
    assert state.to_act == 1
    assert state.view(None).last_capturer == 1
    assert state.view(None).hand_sizes == (3, 3)


def _castigo_last_lay() -> State:
    """Castigo, canonical deck, everybody lays: the dealer's last card 12b could capture."""
    state = game(2, [spanish_deck()], captura="castigo")
    for _ in range(35):
        act(state, lay_default(state))
    assert state.view(0).hand == (card("12b"),)
    events = state.apply(0, "play 12b")
    assert events == [
        RenuncioDeclined(seat=0, offender=1, card=card("11b")),
        CardLaid(seat=0, card=card("12b"), could_capture=True),
        RenuncioOffered(seat=1, offender=0, card=card("12b")),
    ]
    return state


def test_castigo_renuncio_before_the_final_sweep_declined() -> None:
    state = _castigo_last_lay()
    legal = strs(state.legal_actions())
    assert legal[-1] == "pass"
    assert all(a.startswith("claim 12b ") for a in legal[:-1])
    assert state.view(None).table[-1] == card("12b")
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, "play 1o")
    assert refused.value.code is EscobaRefusal.HAND_EMPTY
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, "pass 1o")
    assert refused.value.code is Common.NO_ARGUMENTS and refused.value.params == {"verb": "pass"}
    assert state.to_json() == before
    events = state.apply(1, "pass")
    assert events[0] == RenuncioDeclined(seat=1, offender=0, card=card("12b"))
    swept = only(events, TableSwept)
    assert swept == [TableSwept(seat=None, cards=swept[0].cards)]
    assert len(swept[0].cards) == 40  # nobody captured: the cards go to nobody
    scored = only(events, HandScored)[0]
    assert scored.points == (0, 0)
    assert only(events, HandDealt)[0].hand == 2


def test_castigo_renuncio_before_the_final_sweep_claimed() -> None:
    state = _castigo_last_lay()
    claim = "claim 12b 5o"  # 10 + 5
    assert claim in strs(state.legal_actions())
    events = state.apply(1, claim)
    assert events[0] == RenuncioClaimed(
        seat=1, offender=0, card=card("12b"), captured=(card("5o"),)
    )
    swept = events[1]
    assert isinstance(swept, TableSwept)
    assert swept.seat == 1
    assert len(swept.cards) == 38
    scored = only(events, HandScored)[0]
    assert scored.card_counts == (0, 40)
    assert scored.escobas == (0, 0)
    assert scored.points == (0, 4)


# ----------------------------------------------------------------------------- end of hand


SWEEP_TABLE = "12o 1b 2b 3b"  # 16: the mano's 5c takes 12o alone


def sweep_deck(players: int, dealer: int, escoba: bool = False) -> list[Card]:
    """Mano captures on the first move (an escoba with ``escoba``), then nobody captures."""
    mano = (dealer + 1) % players
    if escoba:
        return build_deck(players, {mano: "5o 12b 11b"}, "1c 2c 3c 4c", dealer=dealer)
    return build_deck(players, {mano: "5c 12b 11b"}, SWEEP_TABLE, dealer=dealer)


def sweep_script(escoba: bool = False) -> dict[int, str]:
    return {0: "capture 5o 1c 2c 3c 4c" if escoba else "capture 5c 12o"}


def test_last_capturer_takes_the_rest() -> None:
    state = game(2, [sweep_deck(2, 0)], captura="libre")
    events = play_hand(state, sweep_script())
    swept = only(events, TableSwept)[0]
    assert swept.seat == 1
    assert len(swept.cards) == 38
    scored = only(events, HandScored)[0]
    assert scored == HandScored(
        hand=1,
        card_counts=(0, 40),
        seven_counts=(0, 4),
        oro_counts=(0, 10),
        escobas=(0, 0),
        siete_de_oros=(0, 1),
        most_sevens=(0, 1),
        most_cards=(0, 1),
        most_oros=(0, 1),
        points=(0, 4),
        scores=(0, 4),
    )


def test_a_later_capture_makes_the_last_capturer() -> None:
    deck = build_deck(2, {1: "5c 12b 11b", 0: "12c 11e 10e"}, SWEEP_TABLE)
    state = game(2, [deck], captura="libre")
    # seat 1 takes 5c + 12o; seat 0 takes 12c + 2b + 3b (10 + 2 + 3); 1b is left.
    events = play_hand(state, {0: "capture 5c 12o", 1: "capture 12c 2b 3b"})
    assert only(events, TableSwept)[0].seat == 0
    scored = only(events, HandScored)[0]
    assert scored.card_counts == (38, 2)
    assert scored.oro_counts == (9, 1)
    assert scored.points == (4, 0)


def test_the_dealer_opening_counts_as_a_capture() -> None:
    state = game(2, [build_deck(2, table="1c 2c 5e 7b")], captura="libre")
    events = play_hand(state)
    swept = only(events, TableSwept)[0]
    assert swept.seat == 0
    assert len(swept.cards) == 36
    assert only(events, HandScored)[0].points == (5, 0)  # escoba, 7o, sevens, cards, oros


def test_nobody_captured_nobody_takes_the_table() -> None:
    state = game(2, [spanish_deck()], captura="libre")  # opening 7 + 8 + 9 + 10 = 34
    events = play_hand(state)
    assert only(events, CardCaptured) == []
    swept = only(events, TableSwept)[0]
    assert swept.seat is None
    assert sorted(map(str, swept.cards)) == sorted(map(str, spanish_deck()))
    scored = only(events, HandScored)[0]
    assert scored.points == (0, 0)
    assert scored.most_cards == scored.most_oros == scored.most_sevens == (0, 0)
    assert scored.siete_de_oros == (0, 0)
    dealt = only(events, HandDealt)
    assert [(d.hand, d.dealer, d.mano, d.deck_count) for d in dealt] == [(2, 1, 0, 30)]
    assert state.to_act == 0


# ----------------------------------------------------------------------------- scoring


def test_score_each_line() -> None:
    a = cards("7o 7c 1o 2o 3o 1c")  # 7o, 2 sevens, 6 cards, 4 oros
    b = cards("7e 4c 5c")  # 1 seven, 3 cards, 0 oros
    points = score_hand([a, b], [2, 1])
    assert points.escobas == (2, 1)
    assert points.siete_de_oros == (1, 0)
    assert points.most_sevens == (1, 0)
    assert points.most_cards == (1, 0)
    assert points.most_oros == (1, 0)
    assert points.points == (6, 1)
    assert (points.card_counts, points.seven_counts, points.oro_counts) == (
        (6, 3),
        (2, 1),
        (4, 0),
    )


def test_score_ties_give_each_tied_side_a_point() -> None:
    a = cards("7o 7c 1o 2c")  # 2 sevens, 4 cards, 2 oros
    b = cards("7e 7b 2o 3o")  # 2 sevens, 4 cards, 2 oros
    c = cards("4e 5e")  # 0 sevens, 2 cards, 0 oros
    points = score_hand([a, b, c], [0, 0, 0])
    assert points.most_sevens == (1, 1, 0)
    assert points.most_cards == (1, 1, 0)
    assert points.most_oros == (1, 1, 0)
    assert points.siete_de_oros == (1, 0, 0)
    assert points.points == (4, 3, 0)


def test_score_three_way_tie_and_a_different_leader_per_line() -> None:
    a = cards("1o 7c 4e")
    b = cards("2o 7e 5e")
    c = cards("3o 7b 6e 1c")
    points = score_hand([a, b, c], [0, 1, 0])
    assert points.most_oros == (1, 1, 1)
    assert points.most_sevens == (1, 1, 1)
    assert points.most_cards == (0, 0, 1)
    assert points.siete_de_oros == (0, 0, 0)
    assert points.points == (2, 3, 3)


def test_score_nobody_when_the_most_is_zero() -> None:
    points = score_hand([cards("4e 5e"), cards("6e")], [0, 0])
    assert points.most_sevens == (0, 0)
    assert points.most_oros == (0, 0)
    assert points.most_cards == (1, 0)
    assert score_hand([[], []], [0, 0]).points == (0, 0)


def test_pairs_score_per_pair() -> None:
    deck = build_deck(4, {1: "5c", 2: "12c", 3: "5e"}, "12o 4b 5b 6b")  # 10 + 4 + 5 + 6 = 25
    state = game(4, [deck], parejas=True, captura="libre", objetivo=5)
    script = {
        0: "capture 5c 12o",  # seat 1 (pair 1): 5 + 10
        1: "capture 12c 5b",  # seat 2 (pair 0): 10 + 5
        2: "capture 5e 4b 6b",  # seat 3 (pair 1): 5 + 4 + 6, clears the table: escoba
    }
    act(state, script[0], script[1])
    assert state.view(None).captured_counts == (2, 2)
    act(state, script[2])
    view = state.view(None)
    assert view.captured_counts == (2, 5)
    assert view.escobas == (0, 1)
    assert view.scores == (0, 0)
    events = play_hand(state)
    assert only(events, TableSwept)[0].seat == 3
    scored = only(events, HandScored)[0]
    assert scored.card_counts == (2, 38)
    assert scored.escobas == (0, 1)
    assert scored.points == (0, 5)
    assert only(events, MatchOver) == [MatchOver(winners=(1, 3), scores=(0, 5))]
    assert state.result is not None
    assert state.result.winners == (1, 3)
    assert state.result.scores == (0, 5)


# ----------------------------------------------------------------------------- the match


def test_match_winner_rule() -> None:
    assert match_winner([21, 20], 21) == 0
    assert match_winner([25, 22, 3], 21) == 0
    assert match_winner([22, 22], 21) is None  # tie at or above the target: play on
    assert match_winner([22, 22, 23], 21) == 2  # a single highest wins
    assert match_winner([20, 19], 21) is None
    assert match_winner([5, 5], 5) is None


def test_target_reached_ends_the_match() -> None:
    state = game(2, [sweep_deck(2, 0)], captura="libre", objetivo=4)
    events = play_hand(state, sweep_script())
    assert events[-1] == MatchOver(winners=(1,), scores=(0, 4))
    assert state.is_over
    assert state.to_act is None
    assert state.legal_actions() == []
    result = state.result
    assert result is not None
    assert (result.winners, result.scores) == ((1,), (0, 4))
    assert [h["points"] for h in result.summary["hands"]] == [[0, 4]]
    assert result.summary["hands"][0]["dealer"] == 0
    before = state.to_json()
    with pytest.raises(GameOver):
        state.apply(1, "play 1o")
    assert state.to_json() == before
    assert state.view(0).winners == (1,)


def test_below_the_target_the_match_goes_on() -> None:
    state = game(2, [sweep_deck(2, 0)], captura="libre", objetivo=5)
    events = play_hand(state, sweep_script())
    assert only(events, MatchOver) == []
    dealt = only(events, HandDealt)
    assert [(d.hand, d.dealer, d.mano) for d in dealt] == [(2, 1, 0)]
    assert state.view(None).scores == (0, 4)


def test_tie_at_the_target_plays_further_hands() -> None:
    # Seat 1 makes two escobas and takes 7o (3 points); seat 0 captures last and sweeps:
    # sevens, cards and oros (3 points). 3-3 with target 3: another hand.
    split = build_deck(2, {1: "2e 12b 3e", 0: "5e 1e 10e"}, "7o 1c 2c 3c", then="4b 6e")
    script = {
        0: "capture 2e 7o 1c 2c 3c",  # 2 + 7 + 1 + 2 + 3: escoba
        1: "play 5e",
        2: "capture 12b 5e",  # escoba
        3: "play 1e",
        4: "play 3e",
        5: "play 10e",
        6: "play 4b",  # round 2: seat 1 got 4b, seat 0 got 6e
        7: "capture 6e 1e 10e",  # 6 + 1 + 8; 3e and 4b stay
    }
    state = game(2, [split, sweep_deck(2, 1)], captura="libre", objetivo=3)
    events = play_hand(state, script)
    scored = only(events, HandScored)[0]
    assert only(events, TableSwept)[0].seat == 0
    assert scored.escobas == (0, 2)
    assert scored.siete_de_oros == (0, 1)
    assert (scored.most_sevens, scored.most_cards, scored.most_oros) == ((1, 0),) * 3
    assert scored.scores == (3, 3)
    assert only(events, MatchOver) == []
    assert [(d.hand, d.dealer) for d in only(events, HandDealt)] == [(2, 1)]
    events = play_hand(state, sweep_script())  # seat 0 (mano of hand 2) takes everything
    assert events[-1] == MatchOver(winners=(0,), scores=(7, 3))


def test_a_side_below_the_target_may_overtake() -> None:
    # Hand 1, three seats, dealer 0: seat 1 makes two escobas (and takes 7o), seat 2 captures
    # last and sweeps: seat 1 = 2 escobas + 7o = 3, seat 2 = sevens + cards + oros = 3.
    hand1 = build_deck(3, {1: "2e 6b 10b", 2: "4e 1e 6e", 0: "5e 3e 12e"}, "7o 1c 2c 3c")
    script1 = {
        0: "capture 2e 7o 1c 2c 3c",  # 2 + 7 + 1 + 2 + 3: escoba
        1: "play 4e",
        2: "play 5e",
        3: "capture 6b 4e 5e",  # 6 + 4 + 5: escoba
        4: "play 1e",
        5: "play 3e",
        6: "play 10b",
        7: "capture 6e 1e 10b",  # 6 + 1 + 8; 3e stays
        8: "play 12e",
    }
    # Hand 2, dealer 1: mano (2) lays 4c, seat 0 takes 5e + 12o and sweeps at the end.
    hand2 = build_deck(3, {2: "4c 5c 6c", 0: "5e 12b 11b"}, SWEEP_TABLE, dealer=1)
    state = game(3, [hand1, hand2], captura="libre", objetivo=3)
    events = play_hand(state, script1)
    scored = only(events, HandScored)[0]
    assert scored.escobas == (0, 2, 0)
    assert scored.card_counts == (0, 8, 32)
    assert scored.points == (0, 3, 3)
    assert only(events, MatchOver) == []  # 3-3 at the target: another hand
    events = play_hand(state, {1: "capture 5e 12o"})
    assert only(events, HandScored)[0].points == (4, 0, 0)
    assert events[-1] == MatchOver(winners=(0,), scores=(4, 3, 3))


# ----------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("move", "code", "params"),
    [
        ("play 9o", Common.UNKNOWN_CARD, {"text": "9o"}),
        ("play 7b", Common.NOT_IN_HAND, {"card": "7b"}),
        ("play 10e", Common.NOT_IN_HAND, {"card": "10e"}),
        ("play 12c", EscobaRefusal.MUST_CAPTURE, {"card": "12c"}),
        ("play 5o 1e", EscobaRefusal.PLAY_ONE_CARD, {}),
        ("play", EscobaRefusal.PLAY_ONE_CARD, {}),
        ("capture 5o 3c 2b", EscobaRefusal.NOT_FIFTEEN, {"card": "5o", "total": 10}),
        ("capture 5o 4o 6o", EscobaRefusal.NOT_ON_TABLE, {"card": "4o"}),
        ("capture 5o", EscobaRefusal.CAPTURE_NEEDS_CARDS, {}),
        ("capture 5o 3c 3c", EscobaRefusal.REPEATED_CARD, {}),
        ("capture 5o 5o 3c", EscobaRefusal.REPEATED_CARD, {}),
        ("capture 7b 12c 11e", Common.NOT_IN_HAND, {"card": "7b"}),
        ("claim 5o 3c 7e", EscobaRefusal.NO_RENUNCIO, {}),
        ("pass", EscobaRefusal.NO_PASS, {}),
        ("pass 5o", Common.NO_ARGUMENTS, {"verb": "pass"}),
        ("bailar 5o", Common.UNKNOWN_ACTION, {"text": "bailar"}),
        ("", Common.EMPTY_ACTION, {}),
    ],
)
def test_illegal_actions_raise_a_reason_and_change_nothing(
    move: str, code: Refusal, params: dict[str, object]
) -> None:
    state = game(2, [CHOICE_DECK])
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(1, move)
    assert refused.value.code is code
    assert refused.value.params == as_cards(params)
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("move", "code", "params"),
    [
        ("claim 1e 3c 7e", EscobaRefusal.WRONG_RENUNCIO, {"expected": "5o", "card": "1e"}),
        ("claim 5o 3c 2b", EscobaRefusal.NOT_FIFTEEN, {"card": "5o", "total": 10}),
        ("claim 5o", EscobaRefusal.CLAIM_NEEDS_CARDS, {}),
        ("claim 5o 4o 6o", EscobaRefusal.NOT_ON_TABLE, {"card": "4o"}),
        ("claim 5o 3c 3c", EscobaRefusal.REPEATED_CARD, {}),
        ("pass", EscobaRefusal.NO_PASS_CLAIM, {}),
    ],
)
def test_illegal_claims(move: str, code: Refusal, params: dict[str, object]) -> None:
    state = game(2, [CHOICE_DECK], captura="castigo")
    state.apply(1, "play 5o")
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, move)
    assert refused.value.code is code
    assert refused.value.params == as_cards(params)
    assert state.to_json() == before


def as_cards(params: Mapping[str, object]) -> dict[str, object]:
    """Expected parameters with card notation read as cards (``"5o"`` -> the card)."""
    return {k: card(v) if k in ("card", "expected") and isinstance(v, str) else v
            for k, v in params.items()}


def test_not_your_turn() -> None:
    state = game(2, [CHOICE_DECK])
    before = state.to_json()
    with pytest.raises(NotYourTurn) as refused:
        state.apply(0, "play 4b")
    assert refused.value.code is Common.NOT_YOUR_TURN
    assert state.to_json() == before


def test_actions_are_accepted_as_objects() -> None:
    state = game(2, [CHOICE_DECK])
    action = state.legal_actions()[0]
    assert Action.parse(str(action)) == action
    assert state.apply(1, action)[0] == CardCaptured(
        seat=1, card=card("5o"), captured=tuple(cards("3c 7e")), escoba=False
    )


# ----------------------------------------------------------------------------- view, json


def test_views_hide_other_hands() -> None:
    state = game(2, [CHOICE_DECK])
    assert state.view(1).hand == tuple(cards("5o 12c 1e"))
    assert state.view(0).hand == tuple(cards("1b 4b 6b"))
    spectator = state.view(None)
    assert spectator.hand == ()
    assert spectator.legal == ()
    assert spectator.dealer == 0
    assert spectator.mano == 1
    assert spectator.hand_number == 1
    assert spectator.deck_count == 30
    assert spectator.hand_sizes == (3, 3)
    assert spectator.scores == (0, 0)
    with pytest.raises(ValueError):
        state.view(2)


def test_json_round_trip_with_a_pending_renuncio() -> None:
    state = game(2, [CHOICE_DECK], captura="castigo")
    state.apply(1, "play 5o")
    saved = state.to_json()
    restored = State.from_json(saved)
    assert restored.to_json() == saved
    assert restored.initial_events == []
    assert restored.view(0) == state.view(0)
    assert restored.apply(0, "claim 5o 3c 7e") == state.apply(0, "claim 5o 3c 7e")
    assert restored.to_json() == state.to_json()


def test_game_declares_its_verbs_and_refusals() -> None:
    assert GAME.name == "escoba" and GAME.family == "spanish"
    assert GAME.options is Options and GAME.state is State and GAME.new_game is new_game
    assert [v.name for v in VERBS] == ["capture", "play", "claim", "pass"]
    assert EscobaRefusal in GAME.refusals
    # every legal action fits its verb: one card first, then (capture, claim) table cards
    state = game(2, [CHOICE_DECK], captura="castigo")
    state.apply(1, "play 5o")
    for action in state.legal_actions():
        verb = GAME.verb(action.verb)
        if action.verb == "pass":
            assert action.args == ()
        elif action.verb == "play":
            assert verb.card_first and len(action.args) == 1
        else:
            assert verb.card_first and len(action.args) >= 2
    assert {a.verb for a in state.legal_actions()} == {"claim", "capture", "play"}


def test_game_over_refuses_with_its_code() -> None:
    state = game(2, [sweep_deck(2, 0)], captura="libre", objetivo=4)
    play_hand(state, sweep_script())
    with pytest.raises(GameOver) as refused:
        state.apply(0, "play 1o")
    assert refused.value.code is Common.GAME_OVER
