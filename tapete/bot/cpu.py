"""Where CPU seats think: ``fácil`` and ``normal`` in the bot's process (microseconds), and
``difícil`` in a pool of worker processes fed with the table's saved state, so a search of
hundreds of milliseconds never holds the event loop: every other table keeps answering while
it runs.

Under load every difícil move still searches, for a fair share of the pool: with ``D``
searches asked for and ``W`` workers, each gets ``think_ms * W / D`` (all of it while
``D <= W``). The searches queue in the pool, and since they share its time they all answer
within about ``think_ms`` of being asked, however many tables think at once (a game may let a
contested decision search on for up to ``MAX_STRETCH`` budgets and stop a settled one early,
and so think less on average: ``Strategy.stretch``). Only when the share would fall below
``min_ms`` (the least search the difícil level is measured with) does a move say it cannot
keep the level: it is taken at ``normal`` at once, counted, and logged with the running count.
A move is taken at ``normal`` too, counted and logged the same way, when its search does not
come back in time, when the pool is broken, or when the search raised (a fault in a game's
search, logged with its traceback): the table never waits on a CPU that will not move. In
time means ``GRACE`` past the longest the search can take (:meth:`CpuPlayers.patience`): the
searches queued ahead of it, shared among the workers, then its own, each at most its budget
times its game's ``stretch`` (:func:`rules.cpu.longest`: a game may let a contested decision
search on for several budgets, and a search queued behind it waits that long too); more
while the workers are still starting. A search given up on still counts in the queue until
its worker is done with it (or, if it had not started, until it is cancelled), and the
searches asked for meanwhile share the pool with it: ``D`` counts every search the pool holds.

Workers start with ``spawn`` (a fresh interpreter: the bot's threads and sockets are never
forked) on the first difícil decision, and import only ``rules``. A worker never outlives the
bot: a clean stop shuts the pool down (:meth:`CpuPlayers.close`), and if the bot dies without
one (``kill -9``, a crash) each worker's watchdog thread sees its parent go and ends the
worker. The watchdog waits on the sentinel ``multiprocessing`` gives every spawned process (a
pipe the parent holds open, a process handle on Windows), so it notices at once, on every
system, without polling; ``prctl(PR_SET_PDEATHSIG)`` is not used because Linux sends it when
the *thread* that started the worker ends, which need not be the bot's end.

After each decision a worker collects what the decision left and freezes the rest
(:func:`settle_heap`): the searches' caches then stay out of the collector's way.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import logging
import multiprocessing
import os
import threading
import time
from collections import deque
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from tapete.rules.cpu import choose, longest
from tapete.rules.engine import Action, Game, GameState

log = logging.getLogger(__name__)

GRACE = 2.0  # seconds past the budget before a search is given up for ``normal``
START_GRACE = 10.0  # and more while the pool's workers are still starting (a busy machine)
MIN_SEARCH_MS = 50.0  # the least share of the pool a difícil move is searched with
ORPHAN_POLL = 0.5  # seconds between looks at the parent's pid, where there is no sentinel


def watch_parent(parent_pid: int) -> None:
    """A worker's initializer: end the worker as soon as the bot's process is gone."""
    parent = multiprocessing.parent_process()
    if parent is None and os.getppid() != parent_pid:
        os._exit(0)  # the bot died before this worker even started
    threading.Thread(target=_exit_with_parent, args=(parent, parent_pid), daemon=True,
                     name="tapete-orphan-watch").start()


def _exit_with_parent(parent: multiprocessing.process.BaseProcess | None,
                      parent_pid: int) -> None:
    if parent is not None:
        parent.join()  # returns when the parent's end of the sentinel closes: it is gone
    else:  # not spawned by multiprocessing: reparented when the parent dies
        while os.getppid() == parent_pid:
            time.sleep(ORPHAN_POLL)
    os._exit(0)


def think(game: str, snapshot: str, seat: int, level: str, seed: int, budget_ms: float) -> str:
    """In a worker: load the state and choose (the action travels as its text)."""
    module: Any = importlib.import_module(f"tapete.rules.{game}")
    found: Game = module.GAME
    text = str(choose(found.load(snapshot), seat, level, seed=seed, budget_ms=budget_ms))
    settle_heap()
    return text


def settle_heap() -> None:
    """Collect what is garbage in cycles, then freeze every object still alive: later
    collections walk only newer objects. A worker (and the arena) does it after each
    decision; the bot's own process once, after start-up (``app.freeze_startup_objects``),
    for its objects, unlike a worker's, may make cycles later.

    The searches' caches hold some 200,000 objects the collector tracks (tuples of cards,
    positions, captures). Unfrozen, every full collection walks them all, 50-170 ms on these
    machines, wherever it falls: inside a search it eats the search's deals. Frozen, a
    collection walks only what the current decision made (``benchmarks/bench_deals.py``, with
    and without ``--no-settle``; docs/ARCHITECTURE.md has the figures). The collection first
    frees any cycle the decision made (none but a few objects of a worker's first decision,
    which builds a signature); frozen objects are still freed when nothing refers to them,
    and no cache builds a cycle. It walks what the decision left alive: about half a
    millisecond after a 25 ms search, 5 ms (33 at the 95th percentile) after a 700 ms one,
    outside the search's budget.
    """
    gc.collect()
    gc.freeze()


class CpuPlayers:
    def __init__(self, think_ms: float = 700.0, workers: int | None = None,
                 min_ms: float = MIN_SEARCH_MS) -> None:
        """``workers``: processes for difícil searches (default: one per core but one);
        0 searches in the bot's own process (tests on a simulated clock). ``min_ms``: the
        least search a difícil move accepts (see the module docstring)."""
        self.think_ms = think_ms
        self.min_ms = min(min_ms, think_ms)
        self.workers = max(1, (os.cpu_count() or 2) - 1) if workers is None else workers
        self._pool: Executor | None = None
        self._ready = False  # a search has come back from the current pool
        self._searching = 0  # difícil searches handed to the pool and not yet answered
        self._in_pool = 0  # searches the pool holds (a given-up one until its worker is done)
        self._queued_ms = 0.0  # the longest the searches in the pool may take, added up
        self.searched = 0  # difícil decisions answered by a search
        self.at_normal = 0  # difícil decisions taken at normal (pool full, late or broken)
        self.budgets: deque[float] = deque(maxlen=1000)  # the latest searches' shares (ms)

    def pool(self) -> Executor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=watch_parent, initargs=(os.getpid(),))
            self._ready = False
        return self._pool

    def share(self) -> float:
        """The search time a difícil move asked for now gets: its fair share of the pool
        with every search the pool still holds, those given up on but still run included
        (see the module docstring)."""
        demand = self._in_pool + 1
        return self.think_ms * min(1.0, self.workers / demand)

    def patience(self, worst_ms: float) -> float:
        """Seconds to wait for a search that may take ``worst_ms``, handed to the pool now.
        The pool runs its queue in order, so until this search starts every worker is busy
        with one asked for before it: it starts within their longest, added up and shared
        among the workers, and ends within its own longest after that."""
        grace = GRACE if self._ready else GRACE + START_GRACE
        return (self._queued_ms / self.workers + worst_ms) / 1000 + grace

    async def decide(self, game: str, state: GameState, snapshot: str, seat: int, level: str,
                     seed: int) -> Action:
        """The CPU's move for ``seat``; ``snapshot`` is ``state`` as saved."""
        if level != "dificil" or self.workers == 0:
            return choose(state, seat, level, seed=seed, budget_ms=self.think_ms)
        budget = self.share()
        if budget < self.min_ms:
            return self._at_normal(state, seat, seed, "every CPU worker is full")
        loop = asyncio.get_running_loop()
        worst = budget * longest(state)
        wait = self.patience(worst)
        self._searching += 1
        self._queued_ms += worst
        self.budgets.append(budget)
        queued = False
        try:
            job = self.pool().submit(think, game, snapshot, seat, level, seed, budget)
            job.add_done_callback(lambda _: self._worker_done(loop, worst))
            self._in_pool += 1
            queued = True
            text = await asyncio.wait_for(asyncio.wrap_future(job), wait)
        except (TimeoutError, RuntimeError, OSError, EOFError) as exc:
            if not isinstance(exc, TimeoutError):
                self._pool = None  # a broken pool: the next search starts another
            failed = type(exc).__name__
        except Exception as exc:  # a fault in a game's search: the table plays on at normal
            log.error("A difícil search raised", exc_info=exc)
            failed = type(exc).__name__
        else:
            self.searched += 1
            self._ready = True
            return Action.parse(text)
        finally:
            self._searching -= 1
            if not queued:
                self._queued_ms -= worst
        return self._at_normal(state, seat, seed, f"a search failed ({failed})")

    def _worker_done(self, loop: asyncio.AbstractEventLoop, worst: float) -> None:
        """A search handed to the pool is over (answered, given up and run to its end, or
        cancelled before it started): it no longer holds up the searches queued after it.
        Called from the pool's thread, so the count is changed on the event loop's."""
        with contextlib.suppress(RuntimeError):  # a closed loop: the bot is stopping
            loop.call_soon_threadsafe(self._unqueue, worst)

    def _unqueue(self, worst: float) -> None:
        self._in_pool -= 1
        self._queued_ms -= worst

    def _at_normal(self, state: GameState, seat: int, seed: int, why: str) -> Action:
        """A difícil move that cannot be searched: taken at normal, counted and logged with
        the running count (the searches still under way included)."""
        self.at_normal += 1
        log.warning("Difícil CPU played at normal: %s (%d of %d difícil moves so far)", why,
                    self.at_normal, self.at_normal + self.searched + self._searching)
        return choose(state, seat, "normal", seed=seed)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)  # at most one search long
            self._pool = None
