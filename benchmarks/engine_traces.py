"""Differential check of the game engines: trace seeded random matches, compare two trees.

Run from the repository root::

    python benchmarks/engine_traces.py record [--matches N] [--only TEXT] > traces.txt
    python benchmarks/engine_traces.py compare /path/to/other/tree [--matches N]
    python benchmarks/engine_traces.py show CONFIG SEED          # one match's full trace

For every game and a spread of option combinations, seeded matches are played with random
legal actions. At every step the trace holds: the seat to act, the legal actions (in their
order), ``view(seat)`` for every seat and for a spectator, the ``to_json`` snapshot, a wrong
seat's refusal, and what a few illegal or odd actions raise (type, code, parameters) or do;
then the action (sent as an ``Action``, as text, or in another accepted spelling) and its
events (kind and data). Every so often the match goes on from ``from_json(to_json())``, and
the trace records whether the restored snapshot is identical. At the end: ``result``, and the
refusal of one more action. ``record`` prints one line per match (its config, seed, number of
steps and a digest of its trace); ``compare`` records with this checkout and with the other
tree side by side (two processes) and, for the first match that differs, prints the first
differing trace lines. Only the public engine protocol is used, so any tree can be traced.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

if not os.environ.get("PYTHONPATH"):  # trace this checkout, not an installed copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tapete import rules
from tapete.rules import escoba, tomate, tute
from tapete.rules.cards import Family, french_deck, parse_card, spanish_deck
from tapete.rules.engine import Action

ROOT = Path(__file__).resolve().parent.parent
Config = tuple[str, str, Any, int]  # label, game, fixed options, players
MAX_STEPS = 20_000


def configs() -> Iterator[Config]:
    for modalidad in ("habanero", "arrastrado", "individual", "parejas"):
        players = tute.Options(modalidad=modalidad).player_counts()[0]
        yield f"tute-{modalidad}", "tute", {"modalidad": modalidad}, players
    for players, parejas in ((2, False), (3, False), (4, False), (4, True)):
        for captura in ("obligatoria", "libre", "castigo"):
            label = f"escoba-{'parejas' if parejas else players}-{captura}"
            yield label, "escoba", {"parejas": parejas, "captura": captura}, players
    for variante in ("normal", "a_ciegas", "mosca", "panfilo"):
        for baceta in ("mesa", "propia"):
            counts = tomate.Options(variante=variante).player_counts()
            for players in (2, 4, counts[-1]):
                label = f"tomate-{variante}-{baceta}-{players}"
                yield label, "tomate", {"variante": variante, "baceta": baceta}, players


# ----------------------------------------------------------------------------- one match


def _options(game: str, fixed: dict[str, Any], rng: random.Random) -> Any:
    """The fixed options plus the ones drawn for this seed."""
    if game == "tute":
        juegos, tute_on = rng.choice((1, 2, 3)), rng.choice((None, True, False))
        return tute.Options(**fixed, juegos=juegos, tute=tute_on)
    if game == "escoba":
        return escoba.Options(**fixed, objetivo=rng.choice((1, 4, 11, 21)))
    return tomate.Options(
        **fixed,
        reserva_por_mano=rng.choice((None, 0, 2)),
        tope=rng.choice((1_000_000, 3)),
        manos=rng.choice((None, 2, 6)),
    )


def _start(game: str, options: Any, players: int, seed: int, rng: random.Random) -> Any:
    module = {"tute": tute, "escoba": escoba, "tomate": tomate}[game]
    decks: list[list[Any]] = []
    if rng.random() < 0.3:  # scripted decks first, then the seeded shuffles
        full = french_deck() if game == "tomate" else spanish_deck()
        for _ in range(rng.choice((1, 2))):
            rng.shuffle(full)
            decks.append(list(full))
    if game == "tomate":
        return module.new_game(options, players, seed=seed, decks=decks,
                               plato=rng.choice((0, 7)), reserva=rng.choice((0, 40)))
    return module.new_game(options, players, seed=seed, decks=decks)


def _outcome(call: Callable[..., Any], *args: Any) -> str:
    """What a call did: its events, or the error it raised (type, code, parameters)."""
    try:
        events = call(*args)
    except Exception as error:  # any difference is what we look for
        code = getattr(error, "code", None)
        params = getattr(error, "params", None)
        if code is None:
            return f"raised {type(error).__name__}: {error}"
        shown = sorted((k, repr(v)) for k, v in params.items()) if params else []
        return f"raised {type(error).__name__} {code!r} {shown}"
    return "applied " + " ; ".join(f"{e.kind} {e.data()!r}" for e in events)


def _oddities(game: str, state: Any, rng: random.Random) -> list[str]:
    """Actions worth refusing now: other verbs, cards not held, malformed text."""
    family = "french" if game == "tomate" else "spanish"
    deck = [str(c) for c in (french_deck() if family == "french" else spanish_deck())]
    seat = state.to_act
    hand = [str(c) for c in state.hands[seat]] if seat is not None else []
    legal = {str(a) for a in state.legal_actions()}
    unplayable = [c for c in hand if f"play {c}" not in legal]

    def some(k: int) -> str:
        return " ".join(rng.sample(deck, k))

    held = rng.choice(unplayable or hand or deck)
    base = ["", "   ", "foo", "play", "pass", "pass 1", f"play {some(1)}", f"play {some(2)}",
            "play zz"]
    if game == "tute":
        base += ["sing", "sing o", "sing c", "sing e", "sing b", "sing tute", "sing oros",
                 "sing x", "swap", "swap 1", "capote", "capote x"]
    elif game == "escoba":
        table = [str(c) for c in state.table]
        chosen = rng.sample(table, min(len(table), rng.choice((1, 2, 3)))) if table else []
        base += [f"capture {held} {' '.join(chosen)}", f"capture {held}", f"capture {held} {held}",
                 f"capture {some(1)} {some(2)}", f"claim {held} {' '.join(chosen)}", "claim",
                 f"claim {some(1)}", f"capture {held} {some(1)}", "play 7o 7o"]
    else:
        base += ["take", "take 1", "stay", "baceta", "exchange", "discard", "discard x",
                 f"discard {rng.randrange(0, 7)}", f"exchange {held}", f"exchange {held} {held}",
                 f"exchange {' '.join(hand[:rng.randrange(0, len(hand) + 1)])}"]
    return [f"play {held}", *rng.sample(base, 3)]


def _spelling(game: str, action: Action, rng: random.Random) -> Action | str:
    """The action as an ``Action``, as its text, or in another spelling ``apply`` takes."""
    roll = rng.random()
    if roll < 0.4:
        return action
    if roll < 0.8 or not action.args:
        return str(action)
    family: Family = "french" if game == "tomate" else "spanish"
    if action.verb == "sing":
        names = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
        return f"Sing {names.get(action.args[0], action.args[0])}"
    if action.verb in ("play", "capture", "claim", "exchange") and game != "tute":
        args = list(action.args)
        if action.verb in ("capture", "claim"):
            rest = args[1:]
            rng.shuffle(rest)
            args = [args[0], *rest]
        return " ".join((action.verb, *(a.upper() for a in args)))
    if action.verb == "play":
        return f"play {parse_card(action.args[0], family).name}"
    return str(action)


def trace_match(config: Config, seed: int, emit: Callable[[str], None]) -> int:
    """Play one seeded match, emitting its trace lines; the number of steps."""
    label, game, fixed, players = config
    rng = random.Random(f"{label}/{seed}")
    options = _options(game, fixed, rng)
    emit(f"options {options!r} players {players}")
    state = _start(game, options, players, seed, rng)
    cls = type(state)
    emit("initial " + " ; ".join(f"{e.kind} {e.data()!r}" for e in state.initial_events))
    hands_left = rng.randrange(2, 5)  # tomate without ``manos``: close after a few hands
    steps = 0
    while not state.is_over and steps < MAX_STEPS:
        steps += 1
        seat = state.to_act
        legal = state.legal_actions()
        emit(f"step {steps} to_act {seat} legal {[str(a) for a in legal]}")
        emit(f"sorted {sorted(str(a) for a in legal)}")
        for who in (None, *range(players)):
            emit(f"view {who} {state.view(who)!r}")
        snapshot = state.to_json()
        emit(f"json {snapshot}")
        if steps % 23 == 0 or rng.random() < 0.02:
            restored = cls.from_json(snapshot)
            emit(f"restored {restored.to_json() == snapshot} {restored.view(seat)!r}")
            state = restored
        emit("wrong seat " + _outcome(state.apply, (seat + 1) % players, legal[0]))
        for text in _oddities(game, state, rng):
            if text not in {str(a) for a in legal}:
                outcome = _outcome(state.apply, seat, text)
                emit(f"odd {text!r} {outcome}")
                if outcome.startswith("applied"):
                    break  # another spelling of a legal action: the match moved on
        emit(f"after odd json {state.to_json() == snapshot}")
        legal = state.legal_actions()  # an odd spelling of a legal action may have moved on
        if state.is_over or not legal:
            break
        seat = state.to_act
        action = rng.choice(legal)
        sent = _spelling(game, action, rng)
        emit(f"apply {seat} {sent!r} " + _outcome(state.apply, seat, sent))
        if game == "tomate":
            if rng.random() < 0.05:
                state.sync_pot(state.plato + rng.randrange(3), state.reserva)
            if options.manos is None and state.hands_played >= hands_left and not state.is_over:
                emit("close " + _outcome(state.close))
    emit(f"over {state.is_over} result {state.result!r}")
    emit(f"final json {state.to_json()}")
    if state.is_over:
        emit("after end " + _outcome(state.apply, 0, "pass"))
    return steps


# ----------------------------------------------------------------------------- commands


def record(matches: int, only: str, out: Any) -> None:
    for config in configs():
        if only not in config[0]:
            continue
        for seed in range(matches):
            steps, digest = _digest(config, seed)
            print(f"{config[0]} {seed} {steps} {digest}", file=out, flush=True)


def _digest(config: Config, seed: int) -> tuple[int, str]:
    """One match's number of steps and the digest of its trace."""
    digest = hashlib.sha256()
    steps = trace_match(config, seed, lambda line: digest.update(f"{line}\n".encode()))
    return steps, digest.hexdigest()[:20]


def show(label: str, seed: int) -> None:
    config = next(c for c in configs() if c[0] == label)
    trace_match(config, seed, print)


def _run(tree: Path, args: list[str]) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.Popen([sys.executable, __file__, *args], env=env, text=True,
                            stdout=subprocess.PIPE)


def compare(other: Path, matches: int, only: str) -> int:
    args = ["record", "--matches", str(matches), "--only", only]
    mine, theirs = _run(ROOT, args), _run(other, args)
    ours, their = mine.communicate()[0].splitlines(), theirs.communicate()[0].splitlines()
    if mine.returncode or theirs.returncode:
        print("a recording failed", mine.returncode, theirs.returncode)
        return 1
    steps = sum(int(line.split()[2]) for line in ours)
    differ = [(a, b) for a, b in zip(ours, their, strict=False) if a != b]
    if len(ours) != len(their):
        differ.append((f"{len(ours)} matches", f"{len(their)} matches"))
    print(f"{len(ours)} matches, {steps} steps compared; {len(differ)} differ")
    if not differ:
        return 0
    label, seed = differ[0][0].split()[:2]
    print("first difference:", differ[0])
    a, b = (_run(t, ["show", label, seed]).communicate()[0].splitlines() for t in (ROOT, other))
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            print(f"line {i}\n this: {x[:2000]}\nother: {y[:2000]}")
            break
    return 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    cmp_ = sub.add_parser("compare")
    cmp_.add_argument("other", type=Path)
    for p in (rec, cmp_):
        p.add_argument("--matches", type=int, default=20, help="matches per config (20)")
        p.add_argument("--only", default="", help="only the configs whose label has this")
    one = sub.add_parser("show")
    one.add_argument("label")
    one.add_argument("seed", type=int)
    args = parser.parse_args()
    if args.command == "record":
        print(f"# rules from {Path(rules.__file__).parent}", file=sys.stderr)
        record(args.matches, args.only, sys.stdout)
    elif args.command == "show":
        show(args.label, args.seed)
    else:
        sys.exit(compare(args.other, args.matches, args.only))


if __name__ == "__main__":
    main()
