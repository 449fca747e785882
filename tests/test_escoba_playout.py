"""Escoba random playouts: every configuration and captura mode, hundreds of seeded matches
played with random legal actions (``rules.cpu.random_action``).

Checked on every match: it ends; the 40 cards are accounted for at every move and in every
hand (rebuilt from the events alone); each ``HandScored`` equals an independent count of the
rebuilt piles, with each category within what ties allow; the match ends exactly when one
side alone has the highest score at or above the target; ``to_json``/``from_json`` round-trips
mid-hand and the restored game continues identically.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tapete.rules.cards import Card, SpanishSuit, spanish_deck
from tapete.rules.cpu import random_action
from tapete.rules.engine import Action, Event
from tapete.rules.escoba import (
    CardCaptured,
    HandDealt,
    HandScored,
    MatchOver,
    OpeningEscoba,
    Options,
    RenuncioClaimed,
    State,
    TableSwept,
    new_game,
)
from tests.sizes import size

MATCHES = size(50, 150)
PARALLEL_EVERY = 10  # every n-th match also runs the original beside the restored copy
MAX_MOVES = 5_000
DECK = sorted(map(str, spanish_deck()))
SIETE_DE_OROS = Card(7, SpanishSuit.OROS)

CONFIGS = [(2, False), (3, False), (4, False), (4, True)]
MODES = ["obligatoria", "libre", "castigo"]


class HandBook:
    """One hand as rebuilt from the events alone."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.piles: list[list[Card]] = [[] for _ in range(players)]
        self.escobas = [0] * players
        self.unowned: list[Card] = []


def side_of(seat: int, parejas: bool) -> int:
    return seat % 2 if parejas else seat


def most(counts: list[int]) -> tuple[int, ...]:
    top = max(counts)
    return tuple(int(top > 0 and c == top) for c in counts)


def expected_score(book: HandBook, parejas: bool) -> dict[str, tuple[int, ...]]:
    sides = 2 if parejas else book.players
    piles: list[list[Card]] = [[] for _ in range(sides)]
    escobas = [0] * sides
    for seat in range(book.players):
        piles[side_of(seat, parejas)] += book.piles[seat]
        escobas[side_of(seat, parejas)] += book.escobas[seat]
    cards = [len(p) for p in piles]
    sevens = [sum(c.rank == 7 for c in p) for p in piles]
    oros = [sum(c.suit == SpanishSuit.OROS for c in p) for p in piles]
    siete = tuple(int(SIETE_DE_OROS in p) for p in piles)
    lines = [tuple(escobas), siete, most(sevens), most(cards), most(oros)]
    return {
        "card_counts": tuple(cards),
        "seven_counts": tuple(sevens),
        "oro_counts": tuple(oros),
        "escobas": tuple(escobas),
        "siete_de_oros": siete,
        "most_sevens": most(sevens),
        "most_cards": most(cards),
        "most_oros": most(oros),
        "points": tuple(sum(col) for col in zip(*lines, strict=True)),
    }


class Checker:
    """Follows a match through its events and checks every hand."""

    def __init__(self, state: State) -> None:
        self.options = state.options
        self.players = state.players
        self.sides = 2 if self.options.parejas else self.players
        self.scores = [0] * self.sides
        self.book = HandBook(self.players)
        self.hands = 0
        self.over = False
        self.feed(state.initial_events)

    def feed(self, events: list[Event]) -> None:
        for event in events:
            self.on(event, events)

    def on(self, event: Event, batch: list[Event]) -> None:
        book = self.book
        if isinstance(event, HandDealt):
            assert not self.over
            self.book = HandBook(self.players)
        elif isinstance(event, OpeningEscoba):
            assert event.escobas in (1, 2)
            book.piles[event.seat] += event.cards
            book.escobas[event.seat] += event.escobas
        elif isinstance(event, CardCaptured):
            book.piles[event.seat] += [event.card, *event.captured]
            book.escobas[event.seat] += event.escoba
        elif isinstance(event, RenuncioClaimed):
            assert self.options.captura == "castigo"
            book.piles[event.seat] += [event.card, *event.captured]
        elif isinstance(event, TableSwept):
            assert event.cards, "the last play of a hand never clears the table"
            if event.seat is None:
                assert not any(book.piles)
                book.unowned += event.cards
            else:
                book.piles[event.seat] += event.cards
        elif isinstance(event, HandScored):
            self.check_hand(event, batch)
        elif isinstance(event, MatchOver):
            self.over = True

    def check_hand(self, scored: HandScored, batch: list[Event]) -> None:
        self.hands += 1
        assert scored.hand == self.hands
        book = self.book
        everything = [c for pile in book.piles for c in pile] + book.unowned
        assert sorted(map(str, everything)) == DECK, "40 cards, each exactly once"
        expected = expected_score(book, self.options.parejas)
        for name, value in expected.items():
            assert getattr(scored, name) == value, name
        anyone = any(book.piles)
        assert sum(scored.siete_de_oros) == int(anyone)
        for line in (scored.most_sevens, scored.most_cards, scored.most_oros):
            assert (1 <= sum(line) <= self.sides) if anyone else sum(line) == 0
        self.scores = [s + p for s, p in zip(self.scores, scored.points, strict=True)]
        assert scored.scores == tuple(self.scores)
        top = max(self.scores)
        leaders = [side for side, score in enumerate(self.scores) if score == top]
        ends = top >= self.options.objetivo and len(leaders) == 1
        overs = [e for e in batch if isinstance(e, MatchOver)]
        if ends:
            winners = tuple(
                s for s in range(self.players) if side_of(s, self.options.parejas) == leaders[0]
            )
            assert overs == [MatchOver(winners=winners, scores=tuple(self.scores))]
        else:
            assert overs == []


def step(state: State, rng: random.Random, as_text: bool) -> tuple[Action, list[Event]]:
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    assert legal, "a seat to act always has a legal action"
    assert state.view(seat).legal == tuple(map(str, legal))
    action = random_action(state, rng)
    assert Action.parse(str(action)) == action
    return action, state.apply(seat, str(action) if as_text else action)


def check_counts(state: State) -> None:
    view = state.view(None)
    total = sum(view.hand_sizes) + len(view.table) + view.deck_count + sum(view.captured_counts)
    assert total == 40
    assert len(view.scores) == (2 if state.options.parejas else state.players)


def play_match(players: int, parejas: bool, captura: str, seed: int) -> None:
    options = Options(parejas=parejas, captura=captura)  # type: ignore[arg-type]
    state = new_game(options, players, seed=seed)
    checker = Checker(state)
    rng = random.Random(seed)
    save_at = rng.randrange(5, 200)
    twin: State | None = None  # the original, played beside its restored copy
    for move in range(MAX_MOVES):
        if state.is_over:
            break
        if move == save_at:
            saved = state.to_json()
            restored = State.from_json(saved)
            assert restored.to_json() == saved
            assert restored.initial_events == []
            assert restored.view(state.to_act) == state.view(state.to_act)
            twin = state if seed % PARALLEL_EVERY == 0 else None
            state = restored
        if twin is not None:
            assert twin.legal_actions() == state.legal_actions()
        seat = state.to_act
        action, events = step(state, rng, as_text=move % 2 == 0)
        if twin is not None:
            assert twin.apply(seat or 0, action) == events
        checker.feed(events)
        check_counts(state)
    assert state.is_over, "every match ends"
    assert checker.over
    if twin is not None:
        assert twin.to_json() == state.to_json()
    result = state.result
    assert result is not None
    assert result.scores == tuple(checker.scores)
    assert len(result.summary["hands"]) == checker.hands


@pytest.mark.parametrize("captura", MODES)
@pytest.mark.parametrize(("players", "parejas"), CONFIGS)
def test_random_playouts(players: int, parejas: bool, captura: str) -> None:
    for seed in range(MATCHES):
        play_match(players, parejas, captura, seed)


def test_playouts_exercise_every_rule() -> None:
    """The random matches really reach the situations the checks are about."""
    seen: Counter[str] = Counter()
    for seed in range(40):
        state = new_game(Options(captura="castigo"), 2, seed=seed)
        rng = random.Random(seed)
        events = list(state.initial_events)
        while not state.is_over:
            events += step(state, rng, as_text=False)[1]
        for event in events:
            seen[event.kind] += 1
            if isinstance(event, CardCaptured) and event.escoba:
                seen["escoba"] += 1
            if isinstance(event, HandScored) and sum(event.most_cards) > 1:
                seen["tie"] += 1
    for kind in ("OpeningEscoba", "RenuncioClaimed", "RenuncioDeclined", "escoba", "tie"):
        assert seen[kind] > 0, kind
