"""Tomate: seeded random playouts for every variant and baceta mode, 2..17 players.

Each step checks that every chosen legal action applies, that the 52 cards are all somewhere
(hands, baceta, pinta, out of play, tricks), that every tantos movement is applied to the
engine's copy of the pot, that the plato and the reserva never go negative, that each hand
conserves tantos, and, at random points, that a JSON round trip continues identically and that
every card of the hand that is not a legal play is refused with the obligation it breaks (one
check gives both), leaving the state unchanged.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.rules.cards import Card, french_deck
from tapete.rules.engine import Action, Event
from tapete.rules.errors import IllegalAction
from tapete.rules.tomate import (
    BacetaTaken,
    HandScored,
    Options,
    State,
    TantosMoved,
    TomateRefusal,
    TrickWon,
    new_game,
)
from tapete.rules.tricks import Obligation

COMBOS = [
    (variante, baceta)
    for variante in ("normal", "a_ciegas", "mosca", "panfilo")
    for baceta in ("mesa", "propia")
]
HANDS_PER_COMBO = 640
FULL_DECK = set(french_deck())


def _cards(state: State) -> list[Card]:
    cards = [card for hand in state.hands for card in hand]
    cards += state.baceta + state.out
    cards += list(state.trick.cards)
    cards += [card for _, plays in state.tricks for _, card in plays]
    if not state.took or state.phase == "discard":  # taken: joins the hand at the discard
        cards.append(state.pinta)
    return cards


def _check_cards(state: State) -> None:
    cards = _cards(state)
    assert len(cards) == 52 and set(cards) == FULL_DECK
    if state.phase == "play":
        k, done = state.cards_each, len(state.tricks)
        in_trick = {seat for seat, _ in state.trick.plays}
        for seat in range(state.players):
            if state.status[seat] in ("in", "baceta"):
                assert len(state.hands[seat]) == k - done - (seat in in_trick)
            else:
                assert state.hands[seat] == []


def _check_refusals(state: State, seat: int) -> None:
    """Each card of the hand is either a legal play or refused with a reason."""
    legal = {str(a) for a in state.legal_actions()}
    before = state.to_json()
    blind = state.options.variante == "a_ciegas"
    for card in state.hands[seat]:
        if f"play {card}" in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            state.apply(seat, f"play {card}")
        if blind:
            assert refused.value.code == TomateRefusal.BLIND_NEXT_CARD
        else:
            assert isinstance(refused.value.code, Obligation)
            assert refused.value.code != Obligation.MUST_UNDERTRUMP  # never in Tomate
            assert set(refused.value.params) == {"suit"}
        assert state.to_json() == before


def _choose(state: State, rng: random.Random, stay: float) -> Action:
    actions = state.legal_actions()
    assert actions, "a seat is to act but has no legal action"
    if state.phase == "speak":
        return actions[0] if rng.random() < stay else actions[1]
    return rng.choice(actions)


class Ledger:
    """Follows the pot through the events and checks the engine's copy against it."""

    def __init__(self, plato: int, reserva: int, players: int) -> None:
        self.plato, self.reserva = plato, reserva
        self.nets = [0] * players
        self.hand: dict[str, int] = {}

    def sync(self, state: State, plato: int, reserva: int) -> None:
        state.sync_pot(plato, reserva)
        self.plato, self.reserva = plato, reserva

    def feed(self, state: State, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, TantosMoved):
                assert event.amount > 0 and event.source != event.target
                for account, sign in ((event.source, -1), (event.target, 1)):
                    self.hand[account] = self.hand.get(account, 0) + sign * event.amount
                    if account == "plato":
                        self.plato += sign * event.amount
                    elif account == "reserva":
                        self.reserva += sign * event.amount
                    else:
                        self.nets[int(account.removeprefix("seat:"))] += sign * event.amount
                assert self.plato >= 0 and self.reserva >= 0
            elif isinstance(event, HandScored):
                seats = tuple(self.hand.get(f"seat:{s}", 0) for s in range(state.players))
                assert seats == event.nets
                assert self.hand.get("plato", 0) == event.plato_delta
                assert self.hand.get("reserva", 0) == event.reserva_delta
                assert sum(event.nets) + event.plato_delta + event.reserva_delta == 0
                assert (event.plato, event.reserva) == (self.plato, self.reserva)
                self.hand = {}
        assert (state.plato, state.reserva) == (self.plato, self.reserva)
        assert state.nets == self.nets


def _play_session(options: Options, players: int, rng: random.Random) -> dict[str, int]:
    plato, reserva = rng.randrange(0, 40), rng.randrange(0, 40)
    state = new_game(options, players, seed=rng.randrange(2**32), plato=plato, reserva=reserva)
    ledger = Ledger(plato, reserva, players)
    ledger.feed(state, state.initial_events)
    outcomes: dict[str, int] = {}
    stay = rng.choice((0.05, 0.3, 0.6, 0.95))
    copy: State | None = None
    steps = 0
    while not state.is_over:
        _check_cards(state)
        seat = state.to_act
        assert seat is not None
        if rng.random() < 0.02:  # the server's pot moved meanwhile (another table)
            ledger.sync(state, rng.randrange(0, 60), rng.randrange(0, 60))
            if copy is not None:
                copy.sync_pot(state.plato, state.reserva)
        if copy is None and rng.random() < 0.03:
            copy = State.from_json(state.to_json())
            assert copy.to_json() == state.to_json()
            steps = 12
        if state.phase == "play" and rng.random() < 0.1:
            _check_refusals(state, seat)
        action = _choose(state, rng, stay)
        assert state.view(seat).legal == tuple(str(a) for a in state.legal_actions())
        events = state.apply(seat, str(action) if rng.random() < 0.5 else action)
        ledger.feed(state, events)
        if copy is not None:
            assert copy.apply(seat, action) == events
            assert copy.to_json() == state.to_json()
            steps -= 1
            if steps == 0:
                copy = None
        for event in events:
            if isinstance(event, TrickWon):
                assert event.last == (event.number == options.cards_each)
                outcomes["last_tricks"] = outcomes.get("last_tricks", 0) + event.last
            if isinstance(event, HandScored):
                outcomes[event.outcome] = outcomes.get(event.outcome, 0) + 1
                stay = rng.choice((0.05, 0.3, 0.6, 0.95))
            elif isinstance(event, BacetaTaken):
                outcomes["baceta_taken"] = outcomes.get("baceta_taken", 0) + 1
    result = state.result
    assert result is not None
    assert result.scores == tuple(ledger.nets)
    assert set(result.winners) == {s for s, v in enumerate(ledger.nets) if v == max(ledger.nets)}
    assert state.hands_played == options.manos
    return outcomes


@pytest.mark.parametrize(("variante", "baceta"), COMBOS)
def test_random_playout(variante: Any, baceta: Any) -> None:
    rng = random.Random(f"tomate-{variante}-{baceta}")
    counts = Options(variante=variante).player_counts()
    per_count = -(-HANDS_PER_COMBO // len(counts))
    totals: dict[str, int] = {}
    for players in counts:
        limit = rng.choice((None, None, 0, 2, 10))
        options = Options(variante=variante, baceta=baceta, reserva_por_mano=limit, manos=per_count)
        for outcome, count in _play_session(options, players, rng).items():
            totals[outcome] = totals.get(outcome, 0) + count
    hands = sum(v for k, v in totals.items() if k not in ("baceta_taken", "last_tricks"))
    assert hands >= HANDS_PER_COMBO
    assert totals.get("last_tricks", 0) == totals.get("tricks", 0)
    assert totals.get("tricks", 0) > 0 and totals.get("void", 0) > 0
    assert totals.get("unopposed", 0) > 0 and totals.get("baceta_taken", 0) > 0
