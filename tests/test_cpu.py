"""CPU players: always a legal move, and never a decision drawn from what the seat cannot see.

For each game with a strategy, random positions are taken from seeded matches; a second
position is made from each by dealing again every card the seat cannot see (other hands, the
stock, future deals) consistently with what it knows. Both must give the same decision at
every level for the same seed (difícil with a fixed number of sampled deals, ``budget_ms=0``,
so that timing plays no part). The rules of thumb alone are also asked for a move in each
position with several random generators (some of them draw moves at random): always legal.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import time
import weakref
from collections.abc import Callable
from typing import Any

import pytest

from tapete.rules import belote, escoba, nlk, tomate, tute
from tapete.rules.cpu import (
    LEVELS,
    MAX_ROUNDS,
    MAX_STRETCH,
    PRUNE_EVERY,
    choose,
    longest,
    prune,
    search,
    strategy_for,
)
from tapete.rules.engine import Action, Game
from tests.sizes import size

POSITIONS = size(12, 60)

CASES: list[tuple[Game, dict[str, Any], int]] = [
    (tute.GAME, {"modalidad": "habanero"}, 2),
    (tute.GAME, {"modalidad": "arrastrado"}, 3),
    (tute.GAME, {"modalidad": "individual"}, 4),
    (tute.GAME, {"modalidad": "parejas"}, 4),
    (escoba.GAME, {}, 2),
    (escoba.GAME, {"captura": "castigo"}, 3),
    (escoba.GAME, {"parejas": True, "captura": "libre"}, 4),
    (nlk.GAME, {}, 3),
    (nlk.GAME, {}, 5),
    (nlk.GAME, {}, 9),
    (belote.GAME, {}, 2),
    (belote.GAME, {}, 3),
    (belote.GAME, {}, 4),
    (belote.GAME, {"parejas": True}, 4),
    (tomate.GAME, {"variante": "normal"}, 4),
    (tomate.GAME, {"variante": "a_ciegas"}, 3),
    (tomate.GAME, {"variante": "mosca"}, 5),
    (tomate.GAME, {"variante": "panfilo"}, 4),
]
IDS = [f"{g.name}-{o}-{p}" for g, o, p in CASES]


STOCKS = ("baceta", "deck", "stock")  # what each game calls the cards still to be dealt


def cards_held(state: Any) -> list[str]:
    """Every card in a hand, the stock, (NLK, Phase I) a pile, or Tomate's cards put out of
    play face down (passed hands, exchanged cards), sorted by name."""
    stock = next(getattr(state, name) for name in STOCKS if hasattr(state, name))
    places = [*state.hands, stock, *getattr(state, "piles", ())]
    if isinstance(state, tomate.State):
        places.append(state.out)
    return sorted(str(c) for cards in places for c in cards)


def positions(game: Game, options: dict[str, Any], players: int, seed: int) -> list[Any]:
    """Positions from seeded matches played by random moves (copies, taken at random)."""
    rng = random.Random(seed)
    found = []
    while len(found) < POSITIONS:
        state = game.new_game(game.options(**options), players, seed=rng.randrange(2**63))
        while not state.is_over and len(found) < POSITIONS:
            if rng.random() < 0.08:
                found.append(state.clone())
            state.apply(state.to_act, rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("game", "options", "players"), CASES,
                         ids=IDS)
def test_the_cpu_decides_only_from_what_its_seat_knows(
    game: Game, options: dict[str, Any], players: int
) -> None:
    for i, state in enumerate(positions(game, options, players, seed=len(options) + players)):
        seat = state.to_act
        strategy = strategy_for(state)
        assert strategy is not None
        other = strategy.determinize(state, seat, random.Random(i))
        assert other.view(seat) == state.view(seat)
        assert other.hands[seat] == state.hands[seat] or not state.view(seat).hand
        for level in LEVELS:
            mine = choose(state, seat, level, seed=i, budget_ms=0)
            assert mine in state.legal_actions()
            assert choose(other, seat, level, seed=i, budget_ms=0) == mine, (i, level)


@pytest.mark.parametrize(("game", "options", "players"), CASES,
                         ids=IDS)
def test_a_sampled_deal_keeps_what_the_seat_knows(
    game: Game, options: dict[str, Any], players: int
) -> None:
    """The same cards in play, the same hand sizes, the seat's hand and every public fact."""
    for i, state in enumerate(positions(game, options, players, seed=7)):
        seat = state.to_act
        strategy = strategy_for(state)
        assert strategy is not None
        world = strategy.determinize(state, seat, random.Random(i))
        assert world.view(seat) == state.view(seat)
        assert cards_held(world) == cards_held(state)
        if hasattr(state, "piles"):  # NLK: the piles are face up, every card of them
            assert world.piles == state.piles
        assert world.legal_actions() == state.legal_actions()


def _prepares(game: Game, options: dict[str, Any], players: int) -> bool:
    """Whether the game's CPU prepares its sampled deals once a decision (a sampler)."""
    strategy = strategy_for(game.new_game(game.options(**options), players, seed=0))
    return strategy is not None and strategy.sampler is not None


SAMPLED = [pytest.param(*case, id=name) for case, name in zip(CASES, IDS, strict=True)
           if _prepares(*case)]


@pytest.mark.parametrize(("game", "options", "players"), SAMPLED)
def test_a_prepared_sampler_deals_what_determinize_deals_and_its_worlds_stand_apart(
    game: Game, options: dict[str, Any], players: int
) -> None:
    """A game's sampler (what the seat knows worked out once, its worlds sharing what no deal
    changes) deals, for the same random generator, the world ``determinize`` deals, and each
    stays so after later deals and after clones of them are played to the hand's end; the
    real state is untouched."""
    for i, state in enumerate(positions(game, options, players, seed=13)):
        seat = state.to_act
        strategy = strategy_for(state)
        assert strategy is not None and strategy.sampler is not None
        before = state.to_json()
        deal = strategy.sampler(state, seat)
        worlds = [deal(random.Random(k)) for k in range(3)]
        for world in worlds:
            sim = world.clone()
            hand = strategy.hand(sim)
            while not sim.is_over and strategy.hand(sim) == hand:
                sim.apply(sim.to_act, strategy.heuristic(sim, sim.to_act, random.Random(i)))
        for k, world in enumerate(worlds):
            assert world.to_json() == strategy.determinize(state, seat, random.Random(k)).to_json()
        assert state.to_json() == before, i


@pytest.mark.parametrize(("game", "options", "players"), CASES, ids=IDS)
def test_the_rules_of_thumb_always_make_a_legal_move(
    game: Game, options: dict[str, Any], players: int
) -> None:
    for i, state in enumerate(positions(game, options, players, seed=11)):
        seat = state.to_act
        strategy = strategy_for(state)
        assert strategy is not None
        for rng_seed in range(3):
            assert strategy.heuristic(state, seat, random.Random(rng_seed + 10 * i)) \
                in state.legal_actions()


@pytest.mark.parametrize("variante", ["normal", "a_ciegas", "mosca", "panfilo"])
@pytest.mark.parametrize("baceta", ["mesa", "propia"])
def test_tomate_rules_of_thumb_are_always_legal(variante: str, baceta: str) -> None:
    """Seeded sessions of 2 to 10 players, with random pots and a low ``tope`` now and then:
    at every step the rules of thumb are asked for a move, and either it or a random move is
    played (random positions, and the rules of thumb's own situations too)."""
    rng = random.Random(f"{variante}-{baceta}")
    strategy = strategy_for(tomate.new_game(tomate.Options(), 2, seed=0))
    assert strategy is not None
    for _ in range(size(6, 40)):
        players = rng.randint(2, 10)
        options = tomate.Options(variante=variante, baceta=baceta, manos=rng.randint(1, 6),
                                 tope=rng.choice([1, 5, 1_000_000]))
        state = tomate.new_game(options, players, seed=rng.randrange(2**63),
                                plato=rng.choice([0, 3, 40, 900]), reserva=rng.choice([0, 7]))
        while not state.is_over:
            seat = state.to_act
            legal = state.legal_actions()
            action = strategy.heuristic(state, seat, random.Random(rng.random()))
            assert action in legal, (action, state.phase)
            state.apply(seat, action if rng.random() < 0.5 else rng.choice(legal))


async def test_a_hard_cpu_thinks_in_a_worker_process_and_falls_back_to_normal() -> None:
    from tapete.bot.cpu import CpuPlayers

    state = tute.new_game(tute.Options(modalidad="habanero"), 2, seed=3)
    seat = state.to_act
    players = CpuPlayers(think_ms=30, workers=1)
    try:
        action = await players.decide("tute", state, state.to_json(), seat, "dificil", seed=1)
        assert action in state.legal_actions() and players._pool is not None
        players.pool().shutdown()  # a pool that cannot take work: the move is taken at normal
        fallback = await players.decide("tute", state, state.to_json(), seat, "dificil", seed=1)
        assert fallback == choose(state, seat, "normal", seed=1)
    finally:
        players.close()


def test_after_each_decision_a_worker_frees_its_cycles_and_freezes_what_survives() -> None:
    """What a worker runs (``think``) settles the heap after choosing: garbage in a cycle is
    freed first, and what is still alive is frozen, out of every later collection."""
    from tapete.bot.cpu import think

    class Node:
        link: Any = None

    state = escoba.new_game(escoba.Options(), 2, seed=4)
    seat = state.to_act
    assert seat is not None
    gc.disable()  # no automatic collection frees the cycle below: only the worker's may
    try:
        garbage = Node()
        garbage.link = garbage  # only the collector can free it
        gone = weakref.ref(garbage)
        del garbage
        alive = Node()
        text = think("escoba", state.to_json(), seat, "dificil", 1, 5.0)
        assert Action.parse(text) in state.legal_actions()
        assert gone() is None
        assert gc.get_freeze_count() > 0
        assert not any(found is alive for found in gc.get_objects())  # frozen
    finally:
        gc.unfreeze()  # this test's process goes on as before
        gc.enable()


async def warm_up(players: Any, state: Any) -> None:
    """Start the worker (a spawned interpreter, seconds on a busy machine) before a test's
    moves are asked for, then forget that first search: the tests count their own moves."""
    await players.decide("tute", state, state.to_json(), state.to_act, "dificil", seed=99)
    players.searched = players.at_normal = 0
    players.budgets.clear()


async def test_under_load_every_hard_move_searches_for_a_fair_share_of_the_pool() -> None:
    """With one worker and three difícil moves asked for at once, none is played at normal:
    they queue, each searching for its share of the pool (all, half, a third)."""
    import asyncio

    from tapete.bot.cpu import CpuPlayers

    state = tute.new_game(tute.Options(modalidad="habanero"), 2, seed=5)
    seat = state.to_act
    players = CpuPlayers(think_ms=300, workers=1, min_ms=50)
    try:
        await warm_up(players, state)
        moves = await asyncio.gather(*(
            players.decide("tute", state, state.to_json(), seat, "dificil", seed=s)
            for s in range(3)))
        assert all(m in state.legal_actions() for m in moves)
        assert (players.searched, players.at_normal) == (3, 0)
        assert list(players.budgets) == [300, 150, 100]
    finally:
        players.close()


async def test_a_search_queued_behind_one_that_may_search_on_waits_for_it_too() -> None:
    """A search is given up only past the longest it can take: with one worker, a Tute
    search asked for behind a Belote-in-pairs one (which may search a contested decision on
    for ``MAX_STRETCH`` budgets) waits for all of that before its own budget, and once both
    have answered nothing is left queued."""
    import asyncio

    from tapete.bot import cpu
    from tapete.bot.cpu import CpuPlayers

    pairs = belote.new_game(belote.Options(parejas=True), 4, seed=3)
    state = tute.new_game(tute.Options(modalidad="habanero"), 2, seed=5)
    players = CpuPlayers(think_ms=100, workers=1, min_ms=20)
    try:
        await warm_up(players, state)
        assert players.patience(100) == pytest.approx(0.1 + cpu.GRACE)
        first = asyncio.create_task(players.decide(
            "belote", pairs, pairs.to_json(), pairs.to_act, "dificil", seed=1))
        await asyncio.sleep(0)  # handed to the pool: 100 ms, up to MAX_STRETCH budgets
        assert players.patience(50) == pytest.approx((100 * MAX_STRETCH + 50) / 1000
                                                     + cpu.GRACE)
        second = await players.decide("tute", state, state.to_json(), state.to_act, "dificil",
                                      seed=2)
        assert second in state.legal_actions()
        assert await first in pairs.legal_actions()
        assert (players.searched, players.at_normal) == (2, 0)
        assert list(players.budgets) == [100, 50]
        assert players.patience(100) == pytest.approx(0.1 + cpu.GRACE)
    finally:
        players.close()


async def test_a_search_given_up_on_counts_in_the_queue_until_its_worker_is_done(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that does not answer in time is played at normal at once, but once a worker
    has taken it, it is run to its end: the searches asked for next wait for it too, and
    share the pool with it, until it is over."""
    import asyncio
    import time

    import bot.cpu

    from tapete.bot.cpu import CpuPlayers

    state = tute.new_game(tute.Options(modalidad="habanero"), 2, seed=5)
    players = CpuPlayers(think_ms=300, workers=1, min_ms=50)
    try:
        await warm_up(players, state)
        players.pool().submit(time.sleep, 1.0)  # the worker is busy: the search waits its turn
        monkeypatch.setattr(bot.cpu, "GRACE", -0.2)  # and is given up after 100 ms
        move = await players.decide("tute", state, state.to_json(), state.to_act, "dificil",
                                    seed=1)
        assert move == choose(state, state.to_act, "normal", seed=1)
        assert (players.searched, players.at_normal, players._searching) == (0, 1, 0)
        assert players.patience(300) == pytest.approx((300 + 300) / 1000 - 0.2)
        assert players.share() == 150  # the pool's one worker, shared with it
        for _ in range(200):  # the worker runs the search after the sleep
            if not players._queued_ms:
                break
            await asyncio.sleep(0.05)
        assert players.patience(300) == pytest.approx(0.3 - 0.2)
        assert players.share() == 300
    finally:
        players.close()


async def test_a_hard_move_that_cannot_get_its_least_search_plays_at_normal_and_says_so(
        caplog: pytest.LogCaptureFixture) -> None:
    """When the fair share would fall below the least search difícil is measured with, the
    move is taken at normal at once, counted, and the log says so with the running count."""
    import asyncio
    import logging

    from tapete.bot.cpu import CpuPlayers

    state = tute.new_game(tute.Options(modalidad="habanero"), 2, seed=5)
    seat = state.to_act
    players = CpuPlayers(think_ms=300, workers=1, min_ms=120)
    try:
        await warm_up(players, state)
        with caplog.at_level(logging.WARNING, logger="tapete.bot.cpu"):
            first = asyncio.create_task(
                players.decide("tute", state, state.to_json(), seat, "dificil", seed=1))
            second = asyncio.create_task(
                players.decide("tute", state, state.to_json(), seat, "dificil", seed=2))
            await asyncio.sleep(0)  # both searches are handed to the pool (300 and 150 ms)
            third = await players.decide("tute", state, state.to_json(), seat, "dificil",
                                         seed=3)
            assert third == choose(state, seat, "normal", seed=3)
            assert players.at_normal == 1
            assert await first in state.legal_actions()
            assert await second in state.legal_actions()
        assert (players.searched, players.at_normal) == (2, 1)
        assert list(players.budgets) == [300, 150]
        assert any("played at normal" in r.getMessage() and "1 of 3" in r.getMessage()
                   for r in caplog.records)
    finally:
        players.close()


def test_a_search_is_awaited_for_as_long_as_its_game_lets_it_think() -> None:
    """``longest`` is the game's own ``stretch`` at that table: a bot waits that many budgets
    for a search, no more (Belote and Tute in pairs search a contested decision on; the rest
    stop at their budget)."""
    from tapete.rules.tute.cpu import STRETCH

    for game, options, players in CASES:
        state = game.new_game(game.options(**options), players, seed=3)
        expected = 1.0
        if options.get("parejas") and game is belote.GAME:
            expected = MAX_STRETCH
        elif options.get("modalidad") == "parejas" and game is tute.GAME:
            expected = STRETCH
        assert longest(state) == expected, (game.name, options)


async def test_a_search_that_raises_is_played_at_normal_and_logged(
        caplog: pytest.LogCaptureFixture) -> None:
    """A fault inside a worker's search (here a snapshot it cannot load) does not leave the
    table waiting on its CPU: the move is played at normal, counted, and the fault logged
    with its traceback."""
    from tapete.bot.cpu import CpuPlayers

    state = tute.new_game(tute.Options(modalidad="habanero"), 2, seed=5)
    seat = state.to_act
    players = CpuPlayers(think_ms=10, workers=1, min_ms=5)
    try:
        action = await players.decide("tute", state, "{not a snapshot", seat, "dificil", seed=1)
        assert action in state.legal_actions()
        assert (players.searched, players.at_normal) == (0, 1)
        assert any(r.getMessage() == "A difícil search raised" and r.exc_info
                   for r in caplog.records)
        assert any("played at normal" in r.getMessage() for r in caplog.records)
    finally:
        players.close()


async def test_the_first_hard_move_waits_for_the_workers_to_start(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Starting a worker (a fresh interpreter) takes longer than a short search's grace: the
    first difícil move after a start still gets its search instead of falling back."""
    import bot.cpu

    from tapete.bot.cpu import CpuPlayers

    monkeypatch.setattr(bot.cpu, "GRACE", 0.01)
    state = tute.new_game(tute.Options(modalidad="habanero"), 2, seed=5)
    seat = state.to_act
    players = CpuPlayers(think_ms=10, workers=1, min_ms=5)
    try:
        action = await players.decide("tute", state, state.to_json(), seat, "dificil", seed=1)
        assert action in state.legal_actions()
        assert (players.searched, players.at_normal) == (1, 0)
    finally:
        players.close()


def test_a_move_far_behind_the_best_is_no_longer_tried() -> None:
    """``prune`` drops a move the best beats deal after deal, keeps one whose gap is noise,
    and always keeps the best and the rules of thumb's move."""
    rounds = PRUNE_EVERY
    best = [1.0 + 0.1 * (k % 3) for k in range(rounds)]
    behind = [v - 0.8 for v in best]  # beaten in every deal
    noisy = [v + (0.6 if k % 2 else -0.6) for k, v in enumerate(best)]  # level on average
    usual = [v - 5.0 for v in best]  # far behind, but the rules of thumb's move
    values = [behind, best, noisy, usual]
    assert prune(values, [0, 1, 2, 3], usual=3) == [1, 2, 3]
    assert prune(values, [1, 2], usual=1) == [1, 2]


def test_a_move_off_the_shortlist_is_never_tried() -> None:
    """The search values only the moves a game shortlists (and the rules of thumb's own),
    and plays a shortlist of one without sampling a deal."""
    state = escoba.new_game(escoba.Options(), 2, seed=3)
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    strategy = strategy_for(state)
    assert strategy is not None and strategy.solve is not None
    usual = legal.index(strategy.heuristic(state, seat, random.Random(0)))
    other = (usual + 1) % len(legal)
    tried: set[int] = set()

    def solve(world: Any, seat: int, moves: list[Any], rng: random.Random) -> list[float]:
        tried.update(legal.index(m) for m in moves)
        return [float(legal.index(m) == other) for m in moves]

    listed = dataclasses.replace(strategy, solve=solve,
                                 shortlist=lambda s, seat, moves: [other])
    assert search(state, seat, listed, random.Random(1), 5) == legal[other]
    assert tried == {usual, other}
    alone = dataclasses.replace(listed, shortlist=lambda s, seat, moves: [usual])
    tried.clear()
    assert search(state, seat, alone, random.Random(1), 5) == legal[usual]
    assert not tried


def _scripted(gain: Callable[[int], float]) -> tuple[Any, int, list[Any], int, int, Any, list[int]]:
    """An Escoba position whose search values are scripted: the rules of thumb's move worth 0
    in every deal, a second move ``gain(k)`` in deal ``k``, every other move far behind; and
    the count of deals the search looked at."""
    state = escoba.new_game(escoba.Options(), 2, seed=3)
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    strategy = strategy_for(state)
    assert strategy is not None and len(legal) > 2
    usual = legal.index(strategy.heuristic(state, seat, random.Random(0)))
    other = (usual + 1) % len(legal)
    deals = [0]

    def solve(world: Any, seat: int, moves: list[Any], rng: random.Random) -> list[float]:
        k = deals[0]
        deals[0] += 1
        return [{usual: 0.0, other: gain(k)}.get(legal.index(m), -10.0) for m in moves]

    scripted = dataclasses.replace(strategy, solve=solve, clear=1.5, shortlist=None)
    return state, seat, legal, usual, other, scripted, deals


def test_a_settled_decision_stops_before_its_budget() -> None:
    """With ``stretch``, once every other move is far behind the rules of thumb's, the search
    stops at the next look (``PRUNE_EVERY`` deals) instead of spending its budget."""
    state, seat, legal, usual, _, scripted, deals = _scripted(lambda k: -1.0 - 0.1 * (k % 3))
    stretched = dataclasses.replace(scripted, stretch=4.0)
    assert search(state, seat, stretched, random.Random(1), 60_000) == legal[usual]
    assert deals[0] == PRUNE_EVERY


def test_a_contested_decision_searches_on_past_its_budget() -> None:
    """A move ahead of the rules of thumb's by less than the margin keeps the search going
    for up to ``stretch`` budgets, and the rules of thumb's move is kept if the margin is
    never clear; a move clearly ahead is played."""
    budget = 20.0
    for stretch in (1.0, 3.0):
        state, seat, legal, usual, _, scripted, deals = _scripted(
            lambda k: 1.0 if k % 2 else -0.99)  # ahead by 0.005 a deal: never clear
        start = time.perf_counter()
        chosen = search(state, seat, dataclasses.replace(scripted, stretch=stretch),
                        random.Random(1), budget)
        elapsed = (time.perf_counter() - start) * 1000
        assert chosen == legal[usual]
        assert elapsed >= stretch * budget or deals[0] == MAX_ROUNDS
    state, seat, legal, _, other, scripted, _ = _scripted(lambda k: 0.5 + 0.1 * (k % 2))
    assert search(state, seat, dataclasses.replace(scripted, stretch=3.0), random.Random(1),
                  budget) == legal[other]  # ahead by a clear margin: overruled


def test_with_settle_a_decision_not_contested_takes_that_part_of_its_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``settle`` 0.5: a decision where the rules of thumb's move leads (another close behind,
    never pruned) stops after half its budget, and a contested one still searches on for up
    to ``stretch`` budgets. The search's clock is scripted: 1 ms passes at every look."""
    import types

    import tapete.rules.cpu

    clock = [0.0]

    def tick() -> float:
        clock[0] += 0.001
        return clock[0]

    monkeypatch.setattr(tapete.rules.cpu, "time", types.SimpleNamespace(perf_counter=tick))
    looked = {}
    for name, sign, settle in (("leads", -1.0, 0.5), ("leads", -1.0, 1.0),
                               ("contested", 1.0, 0.5)):
        state, seat, legal, usual, _, scripted, deals = _scripted(  # 0.01 a deal behind or ahead
            lambda k, sign=sign: sign * (1.0 if k % 2 == 0 else -0.98))
        paced = dataclasses.replace(scripted, stretch=2.0, settle=settle)
        assert search(state, seat, paced, random.Random(1), 100) == legal[usual]
        looked[name, settle] = deals[0]
    # the clock starts, then is read once a deal from the fourth (MIN_ROUNDS) on: the search
    # stops 50, 100 and 200 ms in, 3 deals more than the milliseconds
    assert looked == {("leads", 0.5): 53, ("leads", 1.0): 103, ("contested", 0.5): 203}
