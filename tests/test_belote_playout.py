"""Belote: seeded random playouts, 100 matches per player count and mode (1,000 with
``--long``).

Every match ends; every legal action applies; cards are conserved (hands + stock + turned
card + trick + the tricks of the hand = the 32 cards); the card points of each hand are the
points of the cards played (162 with the dix de der with 4 players, where every card is
played) and each side's points add up; the outcome follows from the points;
``to_json``/``from_json`` round-trips mid-hand and the restored game continues identically;
illegal moves and wrong seats are refused with their codes, without changing the state.
"""

from __future__ import annotations

import random

import pytest

from tapete.rules import belote
from tapete.rules.belote import (
    DECK,
    BeloteRefusal,
    HandScored,
    MatchOver,
    Options,
    State,
    TrickWon,
    card_points,
)
from tapete.rules.cards import Card
from tapete.rules.cpu import random_action
from tapete.rules.engine import Event
from tapete.rules.errors import Common, IllegalAction, NotYourTurn
from tapete.rules.tricks import Obligation
from tests.engine_checks import check_legal
from tests.sizes import size

MATCHES = size(100, 1000)
MAX_ACTIONS = 20_000
FULL = frozenset(DECK)
MODES = [(2, False), (3, False), (4, False), (4, True)]


def table_cards(state: State) -> list[Card]:
    """The cards outside the hands and the tricks: the stock and the turned card (with 4
    players the taker holds the turned card once the bidding is over)."""
    cards = [*state.stock, *state.trick.cards]
    if state.players < 4 or state.phase in ("bid1", "bid2"):
        cards.append(state.turned)
    return cards


def check_conservation(state: State, played: list[Card]) -> None:
    cards = [*table_cards(state), *played]
    for hand in state.hands:
        cards += hand
    assert len(cards) == 32
    if not state.trick.plays:
        assert set(cards) == FULL


def check_hand_scored(state: State, event: HandScored, played: list[Card], held: int) -> None:
    trump = belote.SUITS[[s.value for s in belote.SUITS].index(event.trump)]
    assert sum(event.card_points) == card_points(played, trump)
    if state.players == 4:
        assert len(played) == 32 and sum(event.card_points) + 10 == 162
    else:
        assert len(played) == 9 * state.players
    count = len(event.points)
    belote_points = [0] * count
    if event.belote is not None:
        belote_points[state.side(event.belote)] = 20
    for side in range(count):
        der = 10 if side == state.side(event.der) else 0
        assert event.points[side] == (event.card_points[side] + event.combinations[side]
                                      + belote_points[side] + der)
    taking = state.side(event.taker)
    best = max(p for s, p in enumerate(event.points) if s != taking)
    mine = event.points[taking]
    expected = "hecho" if mine > best else "litige" if (
        mine == best and state.options.litigio) else "dedans"
    assert event.outcome == expected
    if expected == "hecho":
        assert event.released == held and event.held == 0
        assert sum(event.scored) == sum(event.points) + sum(event.capote) + held
    elif expected == "litige":
        assert event.released == 0 and event.held >= held
        assert event.scored[taking] == belote_points[taking]
    else:
        assert event.held == 0 and event.scored[taking] == belote_points[taking]
        assert event.capote[taking] == 0


def check_refusals(state: State, rng: random.Random) -> None:
    seat = state.to_act
    assert seat is not None
    before = state.to_json()
    with pytest.raises(NotYourTurn) as turn:
        state.apply((seat + rng.randrange(1, state.players)) % state.players, "pass")
    assert turn.value.code is Common.NOT_YOUR_TURN
    legal = {str(a) for a in state.legal_actions()}
    wrong = [x for x in DECK if f"play {x}" not in legal]
    card = rng.choice(wrong)
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, f"play {card}")
    if state.phase == "swap":
        assert refused.value.code is BeloteRefusal.SWAP_PENDING
    elif state.phase != "play":
        assert refused.value.code is BeloteRefusal.BIDDING
    elif card not in state.hands[seat]:
        assert (refused.value.code, refused.value.params) == (Common.NOT_IN_HAND, {"card": card})
    else:  # a card held but not playable: the obligation it breaks, and its suit
        assert isinstance(refused.value.code, Obligation)
        assert "suit" in refused.value.params
    for text in ("take", "name s", "swap", "announce", "pass"):
        if text not in legal:
            with pytest.raises(IllegalAction) as info:
                state.apply(seat, text)
            assert isinstance(info.value.code, BeloteRefusal | Common)
    assert state.to_json() == before


def play_match(players: int, pairs: bool, seed: int) -> None:
    rng = random.Random(seed)
    options = Options(
        parejas=pairs, objetivo=rng.choice([1, 300, 1000]), litigio=rng.random() < 0.8,
        empate_escalera=rng.choice(["first", "none_or_split"]),
    )
    state = belote.new_game(options, players, seed=seed)
    snapshot_at = rng.randrange(1, 200)
    probe_rng = random.Random(-seed)  # for refusals, so the action sequence stays replayable
    copy: State | None = None
    copy_rng = random.Random()
    played: list[Card] = []
    hand = state.hand_number
    steps = 0
    events: list[Event] = []
    while not state.is_over:
        assert steps < MAX_ACTIONS, "the match did not end"
        if state.hand_number != hand:
            played, hand = [], state.hand_number
        check_conservation(state, played)
        check_legal(state, steps)
        if steps == snapshot_at:
            text = state.to_json()
            copy = State.from_json(text)
            assert copy.to_json() == text
            assert copy.view(copy.to_act) == state.view(state.to_act)
            copy_rng.setstate(rng.getstate())
        if steps % 97 == 0:
            check_refusals(state, probe_rng)
        held = state.held
        seat = state.to_act
        assert seat is not None
        events = state.apply(seat, random_action(state, rng))
        if copy is not None:
            assert copy.to_act == seat
            assert copy.apply(seat, random_action(copy, copy_rng)) == events
        for event in events:
            if isinstance(event, TrickWon):
                played.extend(event.cards)
            elif isinstance(event, HandScored):
                check_hand_scored(state, event, played, held)
                played = []
        steps += 1
    assert state.to_act is None and state.legal_actions() == []
    result = state.result
    assert result is not None and isinstance(events[-1], MatchOver)
    assert result.scores == tuple(state.scores)
    side = state.side(result.winners[0])
    assert result.scores[side] >= options.objetivo
    assert all(s < result.scores[side] for i, s in enumerate(result.scores) if i != side)
    if pairs:
        assert result.winners == (side, side + 2)
    if copy is not None:
        assert copy.to_json() == state.to_json()


@pytest.mark.parametrize(("players", "pairs"), MODES,
                         ids=[f"{p}{'-pairs' if q else ''}" for p, q in MODES])
def test_random_playouts(players: int, pairs: bool) -> None:
    for seed in range(MATCHES):
        play_match(players, pairs, seed)
