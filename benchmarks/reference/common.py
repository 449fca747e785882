"""What the reference opponents share: dealing hidden cards under constraints, flat Monte
Carlo over determinizations (PIMC) and information-set Monte Carlo tree search.

Written apart from ``tapete/rules/cpu.py`` and the games' ``cpu`` modules (it imports neither), so
that measuring our CPU players against these opponents says something about their strength
rather than about a shared blind spot. The engines are used only through their public
protocol (``legal_actions``, ``apply``, ``clone``) and the fields every seat can see.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tapete.rules.cards import Card
from tapete.rules.engine import Action, Event


@dataclass
class Place:
    """Somewhere hidden cards lie: ``size`` unknown cards, none of ``banned``."""

    size: int
    banned: set[Card] = field(default_factory=set)


class Dealer:
    """Deals ``unseen`` into ``places`` at random, each card where it is not banned:
    rejection with the most constrained cards first; after ``tries`` failures the bans are
    dropped for the cards that cannot be placed (an inference can be wrong)."""

    def __init__(self, unseen: Sequence[Card], places: Sequence[Place], tries: int = 30):
        self.cards = sorted(unseen, key=str)
        self.sizes = [p.size for p in places]
        self.allowed = {c: [i for i, p in enumerate(places) if c not in p.banned]
                        for c in self.cards}
        self.free = all(len(a) == len(places) for a in self.allowed.values())
        self.tries = tries

    def deal(self, rng: random.Random) -> list[list[Card]]:
        cards = list(self.cards)
        if self.free:  # no constraint: a shuffle cut into the places
            rng.shuffle(cards)
            out, at = [], 0
            for size in self.sizes:
                out.append(cards[at:at + size])
                at += size
            return out
        for attempt in range(self.tries + 1):
            rng.shuffle(cards)
            order = sorted(cards, key=lambda c: len(self.allowed[c]))
            room = list(self.sizes)
            out = [[] for _ in self.sizes]
            for card in order:
                fits = [i for i in self.allowed[card] if room[i]]
                if not fits:
                    if attempt < self.tries:
                        break
                    fits = [i for i in range(len(room)) if room[i]]
                i = rng.choices(fits, weights=[room[j] for j in fits])[0]
                out[i].append(card)
                room[i] -= 1
            else:
                return out
        raise AssertionError("unreachable")


def deal_hidden(unseen: Sequence[Card], places: Sequence[Place], rng: random.Random,
                tries: int = 30) -> list[list[Card]]:
    """One deal of :class:`Dealer`."""
    return Dealer(unseen, places, tries).deal(rng)


class Node:
    """A node of the search tree: statistics of the move that led here, by its mover."""

    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


@dataclass(frozen=True)
class Game:
    """What the search needs of a game."""

    prepare: Callable[[Any, int], Callable[[random.Random], Any]]  # the seat's sampler
    policy: Callable[[Any, int, random.Random], Action]  # the playout move
    reward: Callable[[Sequence[Event], Any, int], float]  # in [-1, 1] for the seat
    hand: Callable[[Any], int]  # changes when a hand ends (the search horizon)
    prune: Callable[[list[Action]], list[Action]] = list  # moves never worth searching


EXPLORE = 1.0
MIN_ITERATIONS = 8


def ismcts(state: Any, seat: int, game: Game, rng: random.Random, budget_ms: float) -> Action:
    """Single-observer information-set MCTS (Cowling, Powley and Whitehouse, 2012): one tree
    over the seat's information sets, a new determinization each iteration, UCB1 with
    availability counts, playouts by ``game.policy`` to the end of the hand."""
    root = Node(-1)
    deadline = time.perf_counter() + budget_ms / 1000
    iterations = 0
    sample = game.prepare(state, seat)
    while iterations < MIN_ITERATIONS or time.perf_counter() < deadline:
        iterations += 1
        world = sample(rng)
        hand = game.hand(world)
        node, path, events = root, [], []
        while not world.is_over and game.hand(world) == hand:
            mover = world.to_act
            legal = game.prune(world.legal_actions())
            keys = [str(a) for a in legal]
            children = node.children
            untried = [i for i, k in enumerate(keys) if k not in children]
            for k in keys:
                if k in children:
                    children[k].avail += 1
            if untried:
                i = rng.choice(untried)
                child = children[keys[i]] = Node(mover)
                child.avail = 1
                events += world.apply(mover, legal[i])
                path.append(child)
                break
            log_n = {k: math.log(children[k].avail) for k in keys}
            best = max(range(len(keys)), key=lambda i: children[keys[i]].total
                       / children[keys[i]].visits
                       + EXPLORE * math.sqrt(log_n[keys[i]] / children[keys[i]].visits))
            node = children[keys[best]]
            events += world.apply(mover, legal[best])
            path.append(node)
        while not world.is_over and game.hand(world) == hand:
            mover = world.to_act
            events += world.apply(mover, game.policy(world, mover, rng))
        for visited in path:
            visited.visits += 1
            visited.total += game.reward(events, world, visited.mover)
    legal = game.prune(state.legal_actions())
    stats = root.children

    def rank(action: Action) -> tuple[float, float]:
        node = stats.get(str(action))
        if node is None or not node.visits:
            return (-1.0, 0.0)
        return (node.visits, node.total / node.visits)

    return max(legal, key=rank)


def pimc(state: Any, seat: int, game: Game, rng: random.Random, budget_ms: float) -> Action:
    """Flat Monte Carlo over determinizations: each sampled deal tries every move once, the
    rest of the hand played out by ``game.policy``; the best average reward wins."""
    legal = game.prune(state.legal_actions())
    if len(legal) == 1:
        return legal[0]
    totals = [0.0] * len(legal)
    deadline = time.perf_counter() + budget_ms / 1000
    sample = game.prepare(state, seat)
    deals = 0
    while deals < 2 or time.perf_counter() < deadline:
        deals += 1
        world = sample(rng)
        hand = game.hand(world)
        for i, action in enumerate(legal):
            sim = world.clone()
            events = list(sim.apply(seat, action))
            while not sim.is_over and game.hand(sim) == hand:
                mover = sim.to_act
                events += sim.apply(mover, game.policy(sim, mover, rng))
            totals[i] += game.reward(events, sim, seat)
    return legal[max(range(len(legal)), key=totals.__getitem__)]


def clamp(value: float) -> float:
    return max(-1.0, min(1.0, value))
