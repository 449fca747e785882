"""CPU levels against each other, over duplicate deals.

Run from the repository root::

    .venv/bin/python benchmarks/arena.py [--matches N] [--budget-ms MS] [--only TEXT]
                                         [--mode LABEL] [--pairing A-B] [--workers W] [--timing]

Two-sided modes (Tute habanero and parejas, Escoba 2 and pairs, Belote 2 and pairs): each
pairing (difícil–fácil, normal–fácil, difícil–normal, and where the game has them the
reference opponents of ``benchmarks/reference``: difícil–ref-search, normal–ref-rules) plays
every seeded deal twice, the levels swapping sides, and prints the first level's share of
matches won with its 95% Wilson interval, its share of hands won, and its points margin per
hand (its side's hand score less the other's; Belote: the points each side adds to its total)
with a 95% interval taken over the deals (the two matches of a deal averaged: duplicate
deals cancel most of the luck of the cards). ``tute parejas 9`` plays 9-juego matches.
Modes with three or more separate players (Tute arrastrado and individual, Escoba 3 and 4,
Belote 3 and 4, NLK): one seat of the first level among seats of the second (difícil among
fácil; and difícil among ref-search, normal among ref-rules where the game has them), that
seat taking every place in turn over the same deal; printed: its share of wins (or, for NLK,
of games lost) against the fair share, and (Tute, Escoba, Belote) its share of hands won
(Tute: the hand's juego; elsewhere the highest hand score, ties split) and its points a hand
over the mean of the others', with a 95% interval over the deals: a match among three or four
is mostly the cards' luck (with a fair share of a third, 200 matches give an interval of ±6.5
points), and a hand is a finer measure. Tomate: one difícil seat among fácil seats, its mean
tantos per hand with its interval. Each level's decision times (p50/p95 and the mean, ms)
close the report; each decision's time takes in the heap settled after it, as the bot's
workers settle it (:func:`bot.cpu.settle_heap`).

``oracle`` is no player: difícil's own search run on the true deal instead of sampled ones
(every hidden card known: the other hands, and the stock of the hand in its order; only the
decks of later hands are drawn again). Paired like a level (``--pairing oracle-ref-search``),
it bounds what any inference of the hidden cards could give the same search: where every
card is dealt at once (Tute parejas) that is all it knows more; where a stock is drawn
during the hand (Escoba, Belote's complementary cards) it also knows what no player can.
``seer`` is the oracle without the stock's order: the other hands known, the stock still
unknown (its cards shuffled again in every sampled deal), so that the two ceilings together
say how much of the oracle's lead is the other hands (what inference could approach) and how
much the order of the cards to come (what nobody can know).

``--budget-ms`` is difícil's thinking time per decision in the arena (small, so that hundreds
of matches fit in minutes; the bot's default is 700 ms). ``--timing`` instead times difícil
decisions from random positions of every game at the bot's default budget, one core.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):  # measure this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import reference
from benchmarks.stats import percentile
from tapete import rules
from tapete.bot.cpu import settle_heap
from tapete.rules.cpu import DEFAULT_BUDGET_MS, LEVELS, choose, search, strategy_for
from tapete.rules.engine import Action, Event, Game
from tapete.rules.infoset import redraw_chance


def games() -> dict[str, Game]:
    """Every game package under rules/ (each exports GAME)."""
    import importlib
    import pkgutil

    found = {}
    for module in pkgutil.iter_modules(rules.__path__):
        if module.ispkg:
            package: Any = importlib.import_module(f"tapete.rules.{module.name}")
            if hasattr(package, "GAME"):
                found[package.GAME.name] = package.GAME
    return found


@dataclass(frozen=True)
class Mode:
    label: str
    game: str
    options: dict[str, Any]
    players: int
    kind: str  # "duel" (two sides), "field" (one difícil among fácil), "loser" (NLK), "tantos"
    sides: int = 2


MODES: tuple[Mode, ...] = (
    Mode("tute habanero", "tute", {"modalidad": "habanero"}, 2, "duel"),
    Mode("tute parejas", "tute", {"modalidad": "parejas"}, 4, "duel"),
    Mode("tute parejas 9", "tute", {"modalidad": "parejas", "juegos": 9}, 4, "duel"),
    Mode("tute arrastrado", "tute", {"modalidad": "arrastrado"}, 3, "field"),
    Mode("tute individual", "tute", {"modalidad": "individual"}, 4, "field"),
    Mode("escoba 2", "escoba", {}, 2, "duel"),
    Mode("escoba parejas", "escoba", {"parejas": True}, 4, "duel"),
    Mode("escoba 3", "escoba", {}, 3, "field"),
    Mode("escoba 4", "escoba", {}, 4, "field"),
    Mode("belote 2", "belote", {}, 2, "duel"),
    Mode("belote parejas", "belote", {"parejas": True}, 4, "duel"),
    Mode("belote 3", "belote", {}, 3, "field"),
    Mode("belote 4", "belote", {}, 4, "field"),
    Mode("nlk 4", "nlk", {"partidas": 1}, 4, "loser"),
    Mode("tomate 4", "tomate", {"manos": 10}, 4, "tantos"),
)
PAIRINGS = (("dificil", "facil"), ("normal", "facil"), ("dificil", "normal"))
REFERENCE_PAIRINGS = (("dificil", "ref-search"), ("normal", "ref-rules"))
ALL_LEVELS = (*LEVELS, *reference.LEVELS, "oracle", "seer")


def parse_pairing(text: str) -> tuple[str, str]:
    """``A-B`` with A and B level names (which may hold a dash: ``dificil-ref-search``), each
    with an optional thinking time of its own (``dificil@100-ref-search``)."""
    for first in ALL_LEVELS:
        for head in (f"{first}-", *(f"{first}@{ms}-" for ms in _budgets(text))):
            second = text.removeprefix(head)
            if second != text and second.split("@")[0] in ALL_LEVELS:
                return head[:-1], second
    raise SystemExit(f"unknown pairing {text!r}: levels are {', '.join(ALL_LEVELS)}")


def _budgets(text: str) -> list[str]:
    return [part.split("-")[0] for part in text.split("@")[1:]]


@dataclass
class Tally:
    wins: float = 0.0
    games: int = 0
    values: list[float] = field(default_factory=list)  # Tomate: tantos per hand per session
    margins: list[float] = field(default_factory=list)  # duels: points margin per hand, per deal
    hands_won: float = 0.0
    hands: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)


def decide(state: Any, seat: int, level: str, seed: int, budget: float) -> Any:
    """``level`` may carry its own thinking time: ``dificil@100``."""
    if "@" in level:
        level, ms = level.split("@")
        budget = float(ms)
    if level in reference.LEVELS:
        return reference.choose(state, seat, level, seed=seed, budget_ms=budget)
    if level in ("oracle", "seer"):
        return oracle(state, seat, seed, budget, stock_known=level == "oracle")
    return choose(state, seat, level, seed=seed, budget_ms=budget)


STOCKS = ("deck", "stock", "baceta")  # each game's face-down cards still to be drawn


def oracle(state: Any, seat: int, seed: int, budget: float, stock_known: bool = True,
           ) -> Action:
    """Difícil's search with every "sampled" deal the true one, later hands' decks drawn
    again; without ``stock_known`` (``seer``) the stock of the hand is shuffled again in
    each deal (see the module docstring: ceilings, never players)."""
    legal: list[Action] = state.legal_actions()
    strategy = strategy_for(state)
    if strategy is None or len(legal) == 1:
        return legal[0]
    if strategy.exact is not None:
        settled = strategy.exact(state, seat, "dificil")
        if settled is not None:
            return settled

    def sampler(real: Any, _seat: int) -> Any:
        def deal(rng: random.Random) -> Any:
            world = real.clone()
            redraw_chance(world, rng)
            if not stock_known:
                shown = {getattr(world, name, None) for name in ("bottom", "turned")}
                for name in STOCKS:  # every card but a last one shown (Belote, habanero)
                    cards = getattr(world, name, None)
                    if isinstance(cards, list) and cards:
                        keep = 1 if cards[-1] in shown else 0
                        head = cards[:len(cards) - keep]
                        rng.shuffle(head)
                        cards[:len(head)] = head
                for name in world.SAVED_BY_HOOK:  # as loaded: what _loaded rebuilds from
                    setattr(world, name, world._saved_value(name))
                world._loaded()
            return world
        return deal

    knowing = dataclasses.replace(strategy, sampler=sampler)
    return search(state, seat, knowing, random.Random(seed), budget)


def play(game: Game, mode: Mode, levels: list[str], seed: int, budget: float,
         times: dict[str, list[float]]) -> tuple[Any, list[Hand]]:
    """One match with ``levels[seat]``; returns the final state and each hand's points per
    side with the seats that won it (None where the event does not say)."""
    state = game.new_game(game.options(**mode.options), mode.players, seed=seed)
    rng = random.Random(seed)
    hands: list[Hand] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None  # the match is not over
        level = levels[seat]
        start = time.perf_counter()
        action = decide(state, seat, level, rng.randrange(2**31), budget)
        settle_heap()  # as the bot's workers do after each decision
        times.setdefault(level, []).append((time.perf_counter() - start) * 1000)
        for event in state.apply(seat, action):
            points = hand_points(event)
            if points is not None:
                hands.append((points, getattr(event, "winners", None)))
    return state, hands


Hand = tuple[tuple[int, ...], tuple[int, ...] | None]  # points per side, the winning seats


def hand_points(event: Event) -> tuple[int, ...] | None:
    """Per side, what a hand's scoring event gives each side (Belote: what it adds to its
    total, after dedans and litige); None for any other event."""
    if not event.ENDS_HAND:
        return None
    points = getattr(event, "scored", None)
    if points is None:
        points = getattr(event, "points", None)
    return tuple(points) if points is not None else None


def job(args: tuple[str, str, str, int, float]) -> Tally:
    """One deal of one mode and pairing, every seat arrangement of the duplicate."""
    label, first, second, seed, budget = args
    mode = next(m for m in MODES if m.label == label)
    game = games()[mode.game]
    tally = Tally()
    n = mode.players
    if mode.kind == "duel":
        sides = 2
        margins: list[float] = []
        for swap in (False, True):
            levels = [first if (s % sides == 0) != swap else second for s in range(n)]
            state, hands = play(game, mode, levels, seed, budget, tally.times)
            won = {levels[s] for s in state.result.winners}
            tally.wins += 1.0 if won == {first} else 0.5 if won == {first, second} else 0.0
            tally.games += 1
            mine = 1 if swap else 0  # the first level's side (seats 0, 2... unless swapped)
            for points, _ in hands:
                margin = points[mine] - points[1 - mine]
                margins.append(margin)
                tally.hands_won += 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
                tally.hands += 1
        tally.margins.append(statistics.fmean(margins) if margins else 0.0)
        return tally
    margins = []
    for place in range(n):  # the strong seat in every place over the same deal
        levels = [first if s == place else second for s in range(n)]
        state, hands = play(game, mode, levels, seed, budget, tally.times)
        result = state.result
        if mode.kind == "tantos":
            hand_count = max(1, int(result.summary.get("hands", 1)))
            tally.values.append(result.scores[place] / hand_count)
        elif mode.kind == "loser":  # NLK: scores are games lost per seat
            tally.wins += result.scores[place] / max(1, sum(result.scores))
        else:
            tally.wins += 1.0 / len(result.winners) if place in result.winners else 0.0
            for points, winners in hands:
                share, spread = field_hand(points, winners, place)
                tally.hands_won += share
                tally.hands += 1
                margins.append(spread)
        tally.games += 1
    if margins:
        tally.margins.append(statistics.fmean(margins))
    return tally


def field_hand(points: tuple[int, ...], winners: tuple[int, ...] | None, seat: int,
               ) -> tuple[float, float]:
    """One hand among separate players, for ``seat``: its share of the hand won (the event's
    winners where it names them, as Tute's juego; else the highest score, split among the
    tied) and its points less the mean of the others'."""
    top = list(winners) if winners else [s for s, p in enumerate(points) if p == max(points)]
    others = [p for s, p in enumerate(points) if s != seat]
    return (1.0 / len(top) if seat in top else 0.0), points[seat] - statistics.fmean(others)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def deals(mode: Mode, matches: int) -> int:
    """Deals for at least ``matches`` matches: a duel plays each deal twice (sides swapped),
    the other modes once per seat (a Tomate session of ``manos`` hands counts as a match)."""
    per_deal = 2 if mode.kind == "duel" else mode.players
    return -(-matches // per_deal)


def jobs(mode: Mode, pairing: tuple[str, str], matches: int, budget: float,
         offset: int = 0) -> Iterator[Any]:
    for i in range(deals(mode, matches)):
        yield (mode.label, pairing[0], pairing[1], 10_000 + offset + i, budget)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=80,
                        help="matches per pairing (80; the issue's figures use 400)")
    parser.add_argument("--budget-ms", type=float, default=25.0,
                        help="difícil's time per decision in the arena (25)")
    parser.add_argument("--only", default="", help="only the modes whose label has this")
    parser.add_argument("--mode", default="", help="only the mode of exactly this label")
    parser.add_argument("--pairing", default="",
                        help="only this pairing, e.g. dificil-facil (every one by default)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--deal-offset", type=int, default=0,
                        help="start the seeded deals here (fresh deals for a new measure)")
    parser.add_argument("--timing", action="store_true",
                        help="time difícil decisions at the default budget instead")
    args = parser.parse_args()
    known = games()
    if args.timing:
        timing(known, args.only)
        return
    print(f"arena: {args.matches} matches per pairing, difícil {args.budget_ms:g} ms a decision,"
          f" {args.workers} workers")
    all_times: dict[str, list[float]] = {}
    with Pool(args.workers) as pool:
        for mode in MODES:
            if args.only not in mode.label or mode.game not in known:
                continue
            if args.mode and mode.label != args.mode:
                continue
            pairings: tuple[tuple[str, str], ...] = (("dificil", "facil"),)
            if mode.kind == "duel":
                pairings = PAIRINGS
            if mode.game in ("escoba", "tute", "belote"):
                pairings += REFERENCE_PAIRINGS
            if args.pairing:
                pairings = (parse_pairing(args.pairing),)
            if mode.game not in ("escoba", "tute", "belote"):  # no reference opponents
                pairings = tuple(p for p in pairings
                                 if not any(level.split("@")[0] in reference.LEVELS
                                            for level in p))
            for pairing in pairings:
                started = time.perf_counter()
                tallies = pool.map(job, list(jobs(mode, pairing, args.matches, args.budget_ms,
                                                  args.deal_offset)))
                total = Tally()
                for t in tallies:
                    total.wins += t.wins
                    total.games += t.games
                    total.values += t.values
                    total.margins += t.margins
                    total.hands_won += t.hands_won
                    total.hands += t.hands
                    for level, values in t.times.items():
                        all_times.setdefault(level, []).extend(values)
                print(report(mode, pairing, total, time.perf_counter() - started), flush=True)
    for level, values in all_times.items():  # a level with its own time too: dificil@100
        if values:
            print(f"decision time {level:<8} p50 {percentile(values, 50):8.3f} ms"
                  f"   p95 {percentile(values, 95):8.3f} ms"
                  f"   mean {statistics.fmean(values):8.3f} ms   ({len(values)} decisions)")


def report(mode: Mode, pairing: tuple[str, str], total: Tally, seconds: float) -> str:
    first, second = pairing
    head = f"{mode.label:<16} {first:>10} vs {second:<10}"
    if mode.kind == "tantos":
        values = total.values
        mean = statistics.fmean(values)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0
        return (f"{head} tantos/hand of the {first} seat {mean:+.2f}"
                f" [{mean - half:+.2f}, {mean + half:+.2f}]  ({len(values)} sessions,"
                f" {seconds:.0f} s)")
    low, high = wilson(total.wins, total.games)
    share = total.wins / total.games if total.games else 0.0
    what = "lost" if mode.kind == "loser" else "won"
    fair = "" if mode.kind == "duel" else f"  fair share {1 / mode.players:.0%}"
    hands = ""
    if total.hands and total.margins:
        margins = total.margins
        mean = statistics.fmean(margins)
        half = 1.96 * statistics.stdev(margins) / math.sqrt(len(margins)) \
            if len(margins) > 1 else 0.0
        over = "" if mode.kind == "duel" else " over the others' mean"
        hands = (f"  hands {total.hands_won / total.hands:5.1%}"
                 f"  pts/hand{over} {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]")
    return (f"{head} {what} {share:6.1%} [{low:.1%}, {high:.1%}]{fair}{hands}"
            f"  ({total.games} matches, {total.hands} hands, {seconds:.0f} s)")


def timing(known: dict[str, Game], only: str) -> None:
    """difícil decisions from random positions of every mode at the default budget."""
    print(f"difícil decision time at {DEFAULT_BUDGET_MS} ms, one core")
    for mode in MODES:
        if only not in mode.label or mode.game not in known:
            continue
        game = known[mode.game]
        rng = random.Random(mode.label)
        values: list[float] = []
        while len(values) < 20:
            state = game.new_game(game.options(**mode.options), mode.players,
                                  seed=rng.randrange(2**63))
            while not state.is_over and len(values) < 20:
                seat = state.to_act
                assert seat is not None  # the match is not over
                if len(state.legal_actions()) > 1 and rng.random() < 0.15:
                    start = time.perf_counter()
                    choose(state, seat, "dificil", seed=1)
                    settle_heap()
                    values.append((time.perf_counter() - start) * 1000)
                state.apply(seat, rng.choice(state.legal_actions()))
        print(f"{mode.label:<16} p50 {percentile(values, 50):7.1f} ms"
              f"   p95 {percentile(values, 95):7.1f} ms   max {max(values):7.1f} ms")


if __name__ == "__main__":
    main()
