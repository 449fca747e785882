"""Tute: seeded random playouts, 250 matches per modality (1,000 with ``--long``).

Every match ends; every legal action applies; cards are conserved (hands + baceta + tricks
+ out of play = 40); card points + diez de últimas add up to 130 per hand played to the end
(less the turned card's points in arrastrado); ``to_json``/``from_json`` round-trips mid-hand
and the restored game continues identically; illegal moves and wrong seats are refused
with their codes, without changing the state.
"""

from __future__ import annotations

import random

import pytest

from tapete.rules import tute
from tapete.rules.cards import Card, spanish_deck
from tapete.rules.cpu import random_action
from tapete.rules.engine import Event
from tapete.rules.errors import Common, IllegalAction, NotYourTurn
from tapete.rules.tricks import Obligation
from tapete.rules.tute import (
    HandScored,
    MatchOver,
    Modalidad,
    Options,
    State,
    TuteRefusal,
    card_points,
)
from tests.engine_checks import check_legal
from tests.sizes import size

MATCHES = size(250, 1000)
MAX_ACTIONS = 5000
DECK = frozenset(spanish_deck())


def all_cards(state: State) -> list[Card]:
    cards = [*state.baceta, *state.out_of_play, *state.trick.cards]
    for hand in state.hands:
        cards += hand
    for taken in state.taken:
        cards += taken
    return cards


def check_conservation(state: State) -> None:
    cards = all_cards(state)
    assert len(cards) == 40
    if not state.trick.plays:  # the full identity check at trick boundaries (hashing is slow)
        assert set(cards) == DECK


def check_hand_scored(state: State, event: HandScored, out_points: int) -> None:
    ultimas_side = None if event.ultimas is None else state.side(event.ultimas)
    for side, points in enumerate(event.points):
        bonus = 10 if side == ultimas_side else 0
        assert points == event.card_points[side] + event.cante_points[side] + bonus
    if event.reason == "puntos":
        assert event.ultimas is not None
        assert sum(event.card_points) + 10 == 130 - out_points
        assert event.juegos == (2 if max(event.points) >= 101 else 1)
        assert max(event.points) == event.points[state.side(event.winners[0])]
    else:
        assert event.reason == "capote" and event.ultimas is None and event.juegos == 1


def check_refusals(state: State, rng: random.Random) -> None:
    seat = state.to_act
    assert seat is not None
    before = state.to_json()
    with pytest.raises(NotYourTurn) as turn:
        state.apply((seat + rng.randrange(1, state.players)) % state.players, "pass")
    assert turn.value.code is Common.NOT_YOUR_TURN
    legal = {str(a) for a in state.legal_actions()}
    wrong = [c for c in spanish_deck() if f"play {c}" not in legal]
    card = rng.choice(wrong)
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, f"play {card}")
    if state.capote_pending:
        assert refused.value.code is TuteRefusal.CAPOTE_PENDING
    elif card not in state.hands[seat]:
        assert (refused.value.code, refused.value.params) == (Common.NOT_IN_HAND, {"card": card})
    else:  # a card held but not playable: the obligation it breaks, and its suit
        assert isinstance(refused.value.code, Obligation)
        assert set(refused.value.params) == {"suit"}
    for text in ("swap", "sing o", "capote", "pass"):
        if text not in legal:
            with pytest.raises(IllegalAction) as info:
                state.apply(seat, text)
            assert isinstance(info.value.code, TuteRefusal)
    assert state.to_json() == before


def play_match(modalidad: Modalidad, seed: int) -> None:
    rng = random.Random(seed)
    options = Options(
        modalidad=modalidad, juegos=rng.randint(1, 4), tute=rng.choice([None, True, False])
    )
    state = tute.new_game(options, options.player_counts()[0], seed=seed)
    snapshot_at = rng.randrange(1, 160)
    probe_rng = random.Random(-seed)  # for refusals, so the action sequence stays replayable
    copy: State | None = None
    copy_rng = random.Random()
    steps = 0
    while not state.is_over:
        assert steps < MAX_ACTIONS, "the match did not end"
        check_conservation(state)
        check_legal(state, steps)
        if steps == snapshot_at:
            text = state.to_json()
            copy = State.from_json(text)
            assert copy.to_json() == text
            assert copy.view(copy.to_act) == state.view(state.to_act)
            copy_rng.setstate(rng.getstate())
        if steps % 97 == 0:
            check_refusals(state, probe_rng)
        out_points = card_points(state.out_of_play)
        seat = state.to_act
        assert seat is not None
        events: list[Event] = state.apply(seat, random_action(state, rng))
        if copy is not None:
            assert copy.to_act == seat
            assert copy.apply(seat, random_action(copy, copy_rng)) == events
        for event in events:
            if isinstance(event, HandScored):
                check_hand_scored(state, event, out_points)
        steps += 1
    assert state.to_act is None and state.legal_actions() == []
    result = state.result
    assert result is not None and isinstance(events[-1], MatchOver)
    assert result.scores == tuple(state.juegos)
    side = state.side(result.winners[0])
    if result.summary["reason"] == "juegos":
        assert result.scores[side] >= options.juegos
        assert all(s < options.juegos for i, s in enumerate(result.scores) if i != side)
    else:
        assert options.tute_enabled and result.summary["reason"] == "tute"
    if modalidad == "parejas":
        assert result.winners == (side, side + 2)
    if copy is not None:
        assert copy.to_json() == state.to_json()


@pytest.mark.parametrize("modalidad", ["habanero", "arrastrado", "individual", "parejas"])
def test_random_playouts(modalidad: Modalidad) -> None:
    for seed in range(MATCHES):
        play_match(modalidad, seed)
