"""Typed errors raised by the engines: a code and its parameters, never prose.

The bot turns ``error-<code>`` from the player's message catalog into the sentence they read,
with the parameters (cards, suits, seats, numbers) rendered in their language. Every code an
engine can raise is a member of a :class:`Refusal` enum, so the catalogs can be checked
against the engines themselves.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Refusal(StrEnum):
    """Base of each game's enum of refusal codes (``class TuteRefusal(Refusal)``)."""


class Common(Refusal):
    """Codes every game may raise."""

    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    UNKNOWN_CARD = "unknown_card"  # params: text
    UNKNOWN_ACTION = "unknown_action"  # params: text
    EMPTY_ACTION = "empty_action"
    MISSING_CARD = "missing_card"  # params: text (the action typed without its card)
    NO_ARGUMENTS = "no_arguments"  # params: verb
    NOT_IN_HAND = "not_in_hand"  # params: card
    NOT_NOW = "not_now"  # params: text (a well-formed action that is not legal now)


class RuleError(Exception):
    """Base class: a move the rules do not allow. The state is left unchanged."""

    def __init__(self, code: Refusal, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(code.value)

    def __str__(self) -> str:
        if not self.params:
            return self.code.value
        args = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.code.value} ({args})"


class NotYourTurn(RuleError):
    """The seat acting is not the one whose decision is awaited."""

    def __init__(self, code: Refusal = Common.NOT_YOUR_TURN, **params: Any) -> None:
        super().__init__(code, **params)


class IllegalAction(RuleError):
    """The action is malformed or breaks a rule of the game."""


class GameOver(RuleError):
    """The match has ended; no more actions are accepted."""

    def __init__(self, code: Refusal = Common.GAME_OVER, **params: Any) -> None:
        super().__init__(code, **params)


def all_refusals() -> list[Refusal]:
    """Every refusal code of every game module imported so far."""
    found: list[Refusal] = []
    pending: list[type[Refusal]] = [Refusal]
    while pending:
        cls = pending.pop()
        found.extend(cls)
        pending.extend(cls.__subclasses__())
    return found
