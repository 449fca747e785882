"""Checks shared by the engines' tests: rule tests (a refusal that changes nothing, events
of a kind) and random playouts (the legal actions at a step)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

import pytest

from tapete.rules.engine import Action, Event
from tapete.rules.errors import IllegalAction, Refusal

E = TypeVar("E", bound=Event)


def kinds(events: Iterable[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def rejects(state: Any, seat: int, action: str, code: Refusal, **params: object) -> None:
    """The action raises IllegalAction with ``code`` and exactly ``params``, and leaves the
    state unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert (info.value.code, info.value.params) == (code, params)
    assert state.to_json() == before


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
