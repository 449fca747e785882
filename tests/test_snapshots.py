"""Snapshots stay small and exact in every game and modality.

A snapshot is written after every accepted move, so it must not grow with the RNG's internal
state or with a match's length: the deck of hand *n* is derived from the match's seed and *n*,
and the per-hand history is packed. Random matches check, after every move, that the snapshot
is under 1.5 KB (in a match of up to 20 hands: the history of a longer one adds under 30 bytes a
hand), holds no generator state, and reads back to the very same text; and that a match
restored from any point deals and plays on exactly as the original.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tapete.rules import belote, escoba, nlk, tomate, tute
from tapete.rules.cpu import random_action
from tapete.rules.engine import Action, Game
from tests.sizes import size

LIMIT = 1536
HANDS = 20  # a long match by the defaults (Tute to 3 juegos, Escoba to 21 take far fewer)
PER_HAND = 30
MATCHES = size(6, 40)

CASES: list[tuple[Game, dict[str, Any], int]] = [
    (tute.GAME, {"modalidad": "habanero"}, 2),
    (tute.GAME, {"modalidad": "arrastrado"}, 3),
    (tute.GAME, {"modalidad": "individual"}, 4),
    (tute.GAME, {"modalidad": "parejas"}, 4),
    (tute.GAME, {"modalidad": "individual", "juegos": 20}, 4),
    (escoba.GAME, {}, 2),
    (escoba.GAME, {"objetivo": 100}, 4),
    (escoba.GAME, {"parejas": True, "captura": "castigo"}, 4),
    (tomate.GAME, {"manos": 12}, 3),
    (tomate.GAME, {"variante": "mosca", "manos": 8}, 8),
    (tomate.GAME, {"variante": "panfilo", "baceta": "propia", "manos": 8}, 5),
    (belote.GAME, {}, 2),
    (belote.GAME, {"empate_escalera": "none_or_split"}, 3),
    (belote.GAME, {}, 4),
    (belote.GAME, {"parejas": True, "litigio": False}, 4),
    (nlk.GAME, {"partidas": 3}, 3),
    (nlk.GAME, {"partidas": 2}, 6),
    (nlk.GAME, {"partidas": 2}, 9),
]


@pytest.mark.parametrize(("game", "options", "players"), CASES,
                         ids=[f"{g.name}-{o}-{p}" for g, o, p in CASES])
def test_snapshots_are_small_and_exact(game: Game, options: dict[str, Any], players: int) -> None:
    rng = random.Random(f"{game.name}{options}{players}")
    for match in range(MATCHES):
        state = game.new_game(game.options(**options), players, seed=rng.randrange(2**63))
        checkpoint: str | None = None
        after: list[tuple[int, Action]] = []  # the moves played after the checkpoint
        while not state.is_over and len(after) < 4000:
            seat = state.to_act
            assert seat is not None
            action = random_action(state, rng)
            state.apply(seat, action)
            if checkpoint is not None:
                after.append((seat, action))
            text = state.to_json()
            hands = len(getattr(state, "history", ()))
            if hands <= HANDS:
                assert len(text.encode()) < LIMIT, f"match {match}: {len(text.encode())} bytes"
            history = json.dumps(json.loads(text).get("history", []), separators=(",", ":"))
            assert len(history) <= 200 + PER_HAND * hands
            assert game.load(text).to_json() == text
            if checkpoint is None and rng.random() < 0.05:
                checkpoint = text
        assert set(json.loads(state.to_json())["source"]) == {"seed", "shuffled", "scripted"}
        if checkpoint is not None:  # restored, it deals and plays on exactly as the original
            restored = game.load(checkpoint)
            for seat, action in after:
                restored.apply(seat, action)
            assert restored.to_json() == state.to_json()


@pytest.mark.parametrize(("game", "options"), [
    (belote.GAME, {}), (escoba.GAME, {}), (tute.GAME, {"modalidad": "habanero", "juegos": 20}),
], ids=["belote", "escoba", "tute"])
def test_a_clone_shares_the_records_of_past_hands_but_never_changes_the_original(
        game: Game, options: dict[str, Any]) -> None:
    """``clone`` copies an ``APPEND_ONLY`` list (the match's record of hands) and shares its
    records, which nothing changes once written: a clone played on through more hands adds
    records of its own, and the original's record and snapshot stay as they were."""
    rng = random.Random(game.name)
    state = game.new_game(game.options(**options), 2, seed=3)
    while len(state.history) < 2:  # two hands recorded
        assert not state.is_over
        seat = state.to_act
        assert seat is not None
        state.apply(seat, random_action(state, rng))
    before = state.to_json()
    twin = state.clone()
    assert twin.history is not state.history
    assert all(a is b for a, b in zip(twin.history, state.history, strict=True))
    while not twin.is_over and len(twin.history) < 4:
        seat = twin.to_act
        assert seat is not None
        twin.apply(seat, random_action(twin, rng))
    assert len(twin.history) > len(state.history) == 2
    assert state.to_json() == before
