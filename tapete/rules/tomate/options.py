"""The house rules of a Tomate table and the constants of the game."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from tapete.rules.cards import FRENCH_RANKS, Card, Family, FrenchSuit, french_deck
from tapete.rules.engine import Action
from tapete.rules.tricks import Ranking, TrickPolicy

Variante = Literal["normal", "a_ciegas", "mosca", "panfilo"]
BacetaMode = Literal["mesa", "propia"]
Phase = Literal["tomo", "discard", "speak", "baceta", "exchange", "play", "over"]
Status = Literal["pending", "in", "passed", "baceta"]
Outcome = Literal["void", "unopposed", "mosca", "mosca_mesa", "tricks"]

FAMILY: Family = "french"
PANFILO = Card(11, FrenchSuit.CLUBS)  # the jack of clubs
ANTE = 3  # the dealer's tantos into the plato before each deal
MIN_PLAYERS = 2
MAX_PLAYERS = 17
MAX_PLAYERS_FIVE = 10  # mosca and pánfilo deal five cards each
TOMO_MIN_TRICKS = 2  # a dealer who took the pinta must win this many tricks
DEFAULT_TOPE = 1_000_000
MAX_RESERVA_POR_MANO = 10_000
MAX_TOPE = 1_000_000_000

FULL_DECK: tuple[Card, ...] = tuple(french_deck())
# One action object per move, made once: legal moves hand these out, and ``apply`` knows an
# action it handed out by its identity (``PLAYED``: an interned play's card, by ``id``).
PLAY: dict[Card, Action] = {card: Action.play(card) for card in FULL_DECK}
PLAYED: dict[int, Card] = {id(action): card for card, action in PLAY.items()}
TAKE, PASS, STAY, TAKE_BACETA = Action("take"), Action("pass"), Action("stay"), Action("baceta")
DISCARDS: tuple[Action, ...] = tuple(Action("discard", (str(n),)) for n in range(1, 6))
POSITIONS: dict[int, int] = {id(action): n for n, action in enumerate(DISCARDS, 1)}
# The fixed choices of a phase, in the order ``legal_actions`` lists them.
CHOICES: dict[str, tuple[Action, ...]] = {
    "tomo": (TAKE, PASS), "speak": (STAY, PASS), "baceta": (TAKE_BACETA, PASS),
}
# The tantos accounts of the seats (``seat:<n>``), and the seat of each.
SEAT_ACCOUNTS: tuple[str, ...] = tuple(f"seat:{seat}" for seat in range(MAX_PLAYERS))
ACCOUNT_SEATS: dict[str, int] = {account: seat for seat, account in enumerate(SEAT_ACCOUNTS)}
POLICY = TrickPolicy()  # asistir + matar, fallar, pisar; any card when unable to pisar
RANKING = Ranking(order=FRENCH_RANKS)
RANKING_PANFILO = Ranking(order=FRENCH_RANKS, trump_extra=(PANFILO,))


class Options(BaseModel, frozen=True):
    """House rules of a Tomate table (defaults: docs/rules/en/tomate.md)."""

    variante: Variante = "normal"
    baceta: BacetaMode = "mesa"
    reserva_por_mano: int | None = Field(default=None, ge=0, le=MAX_RESERVA_POR_MANO)
    manos: int | None = Field(default=None, ge=1)
    tope: int = Field(default=DEFAULT_TOPE, ge=1, le=MAX_TOPE)

    @property
    def cards_each(self) -> int:
        return 5 if self.variante in ("mosca", "panfilo") else 3

    def player_counts(self) -> tuple[int, ...]:
        top = MAX_PLAYERS_FIVE if self.cards_each == 5 else MAX_PLAYERS
        return tuple(range(MIN_PLAYERS, top + 1))

    @property
    def ranking(self) -> Ranking:
        return RANKING_PANFILO if self.variante == "panfilo" else RANKING
