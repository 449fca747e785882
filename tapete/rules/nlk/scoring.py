"""The end of a game (the loser deals the next one) and of the session."""

from __future__ import annotations

from tapete.rules.engine import Event, Result
from tapete.rules.errors import GameOver
from tapete.rules.nlk.base import NLKBase
from tapete.rules.nlk.events import GameLost, SessionOver


class ScoringMixin(NLKBase):
    def _lose(self, loser: int, events: list[Event]) -> None:
        """``loser`` is the only one left holding cards: count the loss, then end the session
        or deal the next game at once, the loser dealing."""
        self.losses[loser] += 1
        self.games_played += 1
        self.last_loser = loser
        events.append(GameLost(self.game_no, loser, tuple(self.losses)))
        partidas = self.options.partidas
        if partidas is not None and self.games_played >= partidas:
            events.append(self._finish())
            return
        self.dealer = loser
        self._start_game(events)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def _winners(self) -> tuple[int, ...]:
        fewest = min(self.losses)
        return tuple(s for s, n in enumerate(self.losses) if n == fewest)

    @property
    def result(self) -> Result | None:
        if not self.is_over:
            return None
        return Result(
            winners=self._winners(),
            scores=tuple(self.losses),
            summary={
                "games": self.games_played,
                "losses": list(self.losses),
                "last_loser": self.last_loser,
            },
        )

    def _finish(self) -> SessionOver:
        self.phase = "over"
        return SessionOver(self._winners(), tuple(self.losses), self.games_played)

    def close(self) -> list[Event]:
        """End the session now (the host closed the table); a game in progress is abandoned
        and counts for nobody."""
        if self.is_over:
            raise GameOver()
        return [self._finish()]
