"""The house rules of an NLK table and the constants of the game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from tapete.rules.cards import Card, Family, french_deck
from tapete.rules.engine import Action

Phase = Literal["piles", "shedding", "over"]

FAMILY: Family = "french"
MIN_PLAYERS = 3
MAX_PLAYERS = 9
ACE = 14
MAX_PARTIDAS = 1000


def lowest_rank(players: int) -> int:
    """The lowest rank of the deck: one rank more per player beyond 4 (3 players: A-8, 28
    cards; 4: A-7; ... 9: A-2, the full 52)."""
    return 11 - players


def deck_for(players: int) -> list[Card]:
    """The deck of a table of ``players``, in the fixed order of :func:`french_deck`."""
    return french_deck(lowest_rank(players))


# Every action object built once: legal moves hand these out, and ``apply`` recognises them.
PLAY: dict[Card, Action] = {card: Action.play(card) for card in french_deck()}
MOVE: tuple[Action, ...] = tuple(Action("move", (str(s),)) for s in range(MAX_PLAYERS))
GIVE: tuple[Action, ...] = tuple(Action("give", (str(s),)) for s in range(MAX_PLAYERS))
DRAW = Action("draw")
KEEP = Action("keep")
TAKE = Action("take")

# The order of a hand (and of the legal plays): the deck's order, spades, hearts, diamonds,
# clubs, and within a suit from the ace down.
HAND_ORDER: dict[Card, int] = {card: i for i, card in enumerate(french_deck())}


class Options(BaseModel, frozen=True):
    """House rules of an NLK table (docs/rules/en/nlk.md)."""

    partidas: int | None = Field(default=None, ge=1, le=MAX_PARTIDAS)

    def player_counts(self) -> tuple[int, ...]:
        return tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
