"""Which Discord servers a process owns when the bot runs as several processes (shards).

Discord's own rule: a server belongs to shard ``(guild_id >> 22) % shard_count``; direct
messages (no server) belong to shard 0. A process connects only its shards (discord.py's
``AutoShardedBot`` with ``shard_ids``), so it only ever hears from its servers, and the table
layer loads, finds and opens tables only for them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard of a server (a DM, ``None``, is shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """``count`` shards in all, of which this process has ``ids`` (None: every one)."""

    count: int = 1
    ids: frozenset[int] | None = None

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError("shard count must be at least 1")
        if self.ids is not None:
            if not self.ids:
                raise ValueError("a process needs at least one shard")
            bad = sorted(i for i in self.ids if not 0 <= i < self.count)
            if bad:
                raise ValueError(f"shards {bad} are not below the shard count {self.count}")

    @classmethod
    def of(cls, count: int | None, ids: Iterable[int] | None) -> Shards:
        return cls(count or 1, frozenset(ids) if ids is not None else None)

    @property
    def all(self) -> bool:
        """Whether this process owns every server."""
        return self.ids is None or len(self.ids) == self.count

    def owns(self, guild_id: int | None) -> bool:
        return self.all or shard_of(guild_id, self.count) in (self.ids or ())

    def __str__(self) -> str:
        if self.all:
            return f"{self.count} shard(s), all of them"
        return f"shards {sorted(self.ids or ())} of {self.count}"


EVERYTHING = Shards()
