"""A habanero hand played out fast on bit masks, as the engine plays it under the rules of
thumb: difícil's playouts in habanero (:func:`rules.tute.cpu.solve`).

:class:`~rules.tute.cardplay.Tricks` plays the other modalidades; habanero adds what happens
between its tricks. While the baceta lasts a trick binds only a trump lead, and after it the
winner draws first, then the other player; the winner may then sing one cante and swap once
before leading (the *window*). Under the rules of thumb the window is always used the same
way (tute first, then a cante, the trump suit's first, then the swap, asked again after each
move as the engine offers them), and a capote is never declared, so the playout needs no
choice beyond the card. Once the baceta is exhausted Tute's full rules bind, and what each
play shows (the suits a player lacks) is remembered from then on, as
:func:`rules.tute.knowledge.voids` reads it. A test holds it to the engine move by move and
value by value (``tests/test_tute_cardplay.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tapete.rules.tute.bits import (
    INDEX,
    SUIT_BITS,
    TUTE_MASKS,
    mask_of,
    open_binding,
)
from tapete.rules.tute.cardplay import COUPLES, Tricks
from tapete.rules.tute.options import SUITS, SWAP_FOR
from tapete.rules.tute.state import State

# The card a turned card may be exchanged for (by card index), or -1 (a turned 2).
_SWAP: dict[int, int] = {INDEX[turned]: INDEX[given] if given is not None else -1
                         for turned, given in SWAP_FOR.items()}


class Habanero(Tricks):
    """The rest of a habanero hand (see the module docstring): ``baceta`` as card indices,
    its first card drawn next and its last the turned card (or what a swap left there)."""

    LISTS = (*Tricks.LISTS, "baceta")
    MODALIDADES = ("habanero",)
    DUEL = True

    def __init__(self, state: State, voids: Sequence[int]) -> None:
        super().__init__(state, voids)
        self.baceta = [INDEX[c] for c in state.baceta]
        self.played &= ~mask_of(state.baceta)  # the baceta is unseen, not out
        self.turned = INDEX[state.turned]
        # the window still open before the leader's card (the engine's ``_window``)
        self.window = state._window()
        self.sang = state.sang
        self.swapped = state.swapped

    def legal(self, seat: int) -> int:
        if self.plays and self.baceta:  # only a trump lead binds
            hand = self.hands[seat]
            return open_binding(hand, self.plays[0][1] // SUIT_BITS, self.trump) or hand
        return super().legal(seat)

    def play(self, seat: int, i: int) -> None:
        """``seat`` plays card ``i`` (the window, if open, is over); a full trick is won and
        followed by the draws."""
        self.window = False
        super().play(seat, i)

    def _reveal(self, seat: int, i: int) -> None:
        if not self.baceta:  # Tute's full rules bind only once the baceta is out
            super()._reveal(seat, i)

    def _after_trick(self, winner: int) -> None:
        """The draws, the winner's first, and the winner's window before its lead."""
        self.sang = self.swapped = False
        if self.baceta:
            for drawer in (winner, 1 - winner):
                self.hands[drawer] |= 1 << self.baceta.pop(0)
            self.window = bool(self.baceta)  # after the last draw, capote is passed

    @property
    def open_(self) -> bool:
        return bool(self.baceta)

    def _use_window(self, seat: int) -> None:
        """The rules of thumb's window: tute, else a cante (the trump suit's first), else the
        swap, asked again after each, until none is left (or a tute ends the match)."""
        while self.tute is None:
            hand = self.hands[seat]
            if self.tute_enabled and any(hand & four == four for _, four in TUTE_MASKS):
                self.tute = seat
                break
            if not self.sang:
                couples = [s for s in (self.trump, *range(len(SUITS)))
                           if hand & COUPLES[s] == COUPLES[s] and not self.sung >> s & 1]
                if couples:
                    suit = couples[0]
                    self.sung |= 1 << suit
                    self.sang = True
                    self.points[seat] += 40 if suit == self.trump else 20
                    continue
            given = _SWAP[self.turned]
            if not self.swapped and given >= 0 and hand >> given & 1:
                self.hands[seat] = hand ^ (1 << given) | 1 << self.turned
                self.baceta[-1] = self.turned = given
                self.swapped = True
                continue
            break
        self.window = False
