"""Who is at the table: seats the CPU plays for, players away, and a table paused for want of
anybody.

A player whose turn times out is played for by the CPU (``auto``) until they act or open their
hand. One the CPU has played for during a whole hand shows as absent; when every human seat is
absent the table pauses (nobody's turn runs out and no CPU moves, so nothing is won or paid)
until one of them comes back. Kept with the table's row, so a restart changes none of
it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Presence:
    auto: set[int] = field(default_factory=set)  # seats the CPU plays after a timeout
    absent: set[int] = field(default_factory=set)  # ... for at least a whole hand
    at_hand_start: set[int] = field(default_factory=set)  # ``auto`` when this hand began
    paused: bool = False
    warned: int | None = None  # the seat told its turn is about to run out

    def timed_out(self, seat: int) -> None:
        self.auto.add(seat)
        self.warned = None

    def back(self, seat: int) -> bool:
        """The player acted or opened their hand; True if that wakes a paused table."""
        self.auto.discard(seat)
        self.absent.discard(seat)
        self.at_hand_start.discard(seat)
        if self.warned == seat:
            self.warned = None
        woke, self.paused = self.paused, False
        return woke

    def hand_ended(self, humans: set[int]) -> bool:
        """A hand is over: seats the CPU played for all of it are absent. True if the table
        pauses now (every human seat absent)."""
        self.absent |= self.auto & self.at_hand_start
        self.at_hand_start = set(self.auto)
        if humans and humans <= self.absent and not self.paused:
            self.paused = True
            return True
        return False

    def to_data(self) -> dict[str, Any]:
        return {"auto": sorted(self.auto), "absent": sorted(self.absent),
                "at_hand_start": sorted(self.at_hand_start), "paused": self.paused}

    @classmethod
    def from_data(cls, data: dict[str, Any] | None) -> Presence:
        data = data or {}
        return cls(set(data.get("auto", ())), set(data.get("absent", ())),
                   set(data.get("at_hand_start", ())), bool(data.get("paused", False)))
