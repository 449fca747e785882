"""Checks shared by the trick games' random playouts (Tute, Belote)."""

from __future__ import annotations

from typing import Any

from rules.engine import Action


def check_legal(state: Any, step: int) -> None:
    """The legal actions at ``step``: never empty, shown only to the seat to act, written and
    read back alike; now and then each one applied to a copy restored from the snapshot."""
    legal = state.legal_actions()
    assert legal, "a match in progress always waits for a legal action"
    seat = state.to_act
    assert seat is not None
    assert state.view(seat).legal == tuple(str(a) for a in legal)
    if step % 7 == 0:
        assert all(Action.parse(str(a)) == a for a in legal)
        other = (seat + 1) % state.players
        assert state.view(other).legal == () and state.view(None).hand == ()
        assert state.view(other).hand == tuple(state.hands[other])
    if step % 41 == 0:  # every legal action applies, on a copy
        text = state.to_json()
        for action in legal:
            type(state).from_json(text).apply(seat, action)
