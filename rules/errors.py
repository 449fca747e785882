"""Typed errors raised by the engines; their message is shown to the player as is."""


class RuleError(Exception):
    """Base class: a move the rules do not allow. The state is left unchanged."""


class NotYourTurn(RuleError):
    """The seat acting is not the one whose decision is awaited."""


class IllegalAction(RuleError):
    """The action is malformed or breaks a rule of the game."""


class GameOver(RuleError):
    """The match has ended; no more actions are accepted."""
