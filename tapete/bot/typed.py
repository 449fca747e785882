"""What a player types in ``/<game> jugar``, in Spanish or English, as an engine action.

The engine's notation (``play 7o``, ``capture 7o 5c 3b``, ``stay``) is the stable protocol of
``rules/`` and is always accepted (but for seats, below). On top of it a player may use the
verbs of either language and name cards in either language ("jugar as de oros", "play ace of
coins", "juego", "capturar 7o 5c y 3b", "cantar oros"). The words are not written here: each
catalog has one table of verb words, ``verb-<game>-<verb>`` (or the shared ``verb-<verb>``),
whose value is the word the bot shows that language's readers in its prompts and whose
``.also`` attribute lists other words that mean the same. Card and suit names are parsed by
``rules.cards``.

Where a typed word could mean two verbs of a game, the arguments decide (a verb with a card
needs a card); where the arguments are incomplete ("capturar 7o" with several captures
possible), every legal action that fits is returned and the caller asks which.

A seat (a verb whose argument is ``Arg.SEAT``) is typed as the table lists it, from 1: a
seat typed 2 is the second player of the list, the engine's seat 1. The notation shown to players
(:func:`shown`: autocomplete's values) numbers seats the same way, so typed text never needs
the engine's count from 0.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from tapete.bot.i18n import LANGUAGES, Lang, catalog
from tapete.bot.tables.model import TableError
from tapete.rules.cards import Family, fold, parse_card, parse_suit
from tapete.rules.engine import Action, Arg, Game, Verb
from tapete.rules.errors import RuleError

# Words that join cards in a list ("7o, 5c y 3b", "seven and three"): skipped.
JOINERS = frozenset({"y", "e", "and", "con", "with", "+", "&"})


def verb_key(lang: Lang, game: str, verb: str) -> str | None:
    """The catalog key of a verb's word in ``lang`` (the game's own, else the shared one)."""
    for key in (f"verb-{game}-{verb}", f"verb-{verb}"):
        if lang.has(key):
            return key
    return None


def verb_word(lang: Lang, game: str, verb: str) -> str:
    """The word ``lang``'s readers are told to type for a verb."""
    key = verb_key(lang, game, verb)
    return lang.t(key) if key else verb


def verb_words(lang: Lang, game: str, verb: str) -> list[str]:
    """Every word ``lang`` accepts for a verb: its shown word, then its ``.also``."""
    key = verb_key(lang, game, verb)
    if key is None:
        return []
    return [lang.t(key), *(lang.attribute(key, "also") or "").split()]


@cache
def verb_table(game: Game) -> dict[str, tuple[str, ...]]:
    """Folded typed word -> the verbs of ``game`` it may mean, in every language (the
    engine's own verb names included)."""
    table: dict[str, list[str]] = {}
    for verb in game.verbs:
        words = {verb.name}
        for code in LANGUAGES:
            words.update(verb_words(catalog(code), game.name, verb.name))
        for word in words:
            verbs = table.setdefault(fold(word), [])
            if verb.name not in verbs:
                verbs.append(verb.name)
    return {word: tuple(verbs) for word, verbs in table.items()}


def spoken(lang: Lang, game: Game, action: Action) -> str:
    """An action as ``lang``'s readers would type it: "jugar 7o", "juego", "stay" (a seat as
    the table lists it)."""
    return " ".join((verb_word(lang, game.name, action.verb), *shown_args(game, action)))


def spoken_text(lang: Lang, game: Game, text: str) -> str:
    """A typed action echoed back (in a refusal) with its verb in ``lang``'s word, when its
    first word is one of the game's verbs; anything else unchanged."""
    words = text.split(maxsplit=1)
    if not words:
        return text
    verbs = verb_table(game).get(fold(words[0]))
    if not verbs:
        return text
    return " ".join((verb_word(lang, game.name, verbs[0]), *words[1:]))


def parse_cards_text(text: str, family: Family) -> list[str]:
    """Cards in notation, names ("7 de oros", "seven of coins") or labels, separated by
    spaces, commas or "y"/"and": their notations, in order."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t and fold(t) not in JOINERS]
    cards: list[str] = []
    i = 0
    while i < len(tokens):
        for size in (4, 3, 1):  # "the king of clubs", "rey de bastos", "7o"
            chunk = tokens[i:i + size]
            if len(chunk) < size or (size > 1 and fold(chunk[-2]) not in ("de", "of")):
                continue
            try:
                cards.append(str(parse_card(" ".join(chunk), family)))
            except RuleError:
                if size == 1:
                    raise
                continue
            i += size
            break
    return cards


def parse_args(game: Game, verb: Verb, rest: str, seats: int = 0) -> tuple[str, ...]:
    """The typed arguments of ``verb`` in engine notation (raises for an unknown card). A
    seat is typed as the table lists it, 1 to ``seats`` (0: any number from 1), and is
    refused here, in those terms, when off the list."""
    kinds = [kind for _, kind in verb.args]
    if not rest:
        return ()
    if not kinds:
        return tuple(rest.split())  # the engine says this verb takes nothing more
    if kinds == [Arg.CARD]:
        try:
            return (str(parse_card(rest, game.family)),)
        except RuleError:
            if len(rest.split()) == 1:
                raise
            return tuple(parse_cards_text(rest, game.family))  # the engine: one card only
    if kinds[-1] is Arg.CARDS:
        return tuple(parse_cards_text(rest, game.family))
    if kinds == [Arg.SUIT]:
        suit = parse_suit(rest, game.family)
        return (suit.value,) if suit is not None else (fold(rest),)
    if kinds in ([Arg.SEAT], [Arg.NUMBER]):
        number = re.search(r"\d+", rest)
        if not number:
            return tuple(rest.split())
        if kinds == [Arg.NUMBER]:
            return (number.group(),)
        listed = int(number.group())  # as the table lists the seat: from 1
        if not 1 <= listed <= (seats or listed):
            raise TableError("play-bad-seat", text=rest, count=seats)
        return (str(listed - 1),)
    return tuple(rest.split())


def shown(game: Game, action: Action) -> str:
    """``action`` as a player types it: the engine's notation, but a seat as the table lists
    it (the engine's seat 1 is typed 2: the second seat of the list)."""
    return str(Action(action.verb, shown_args(game, action)))


def shown_args(game: Game, action: Action) -> tuple[str, ...]:
    """``action``'s arguments as a player types them (see :func:`shown`)."""
    kinds = [kind for _, kind in game.verb(action.verb).args]
    if kinds != [Arg.SEAT] or len(action.args) != 1 or not action.args[0].isdigit():
        return action.args
    return (str(int(action.args[0]) + 1),)


def _fits(typed: Action, action: Action, verb: Verb) -> bool:
    """Whether a legal ``action`` is what ``typed`` names: the same verb, and the typed
    arguments its first ones, a card list in any order."""
    if action.verb != typed.verb or len(typed.args) > len(action.args):
        return False
    if verb.args and verb.args[-1][1] is Arg.CARDS and len(typed.args) == len(action.args):
        return typed.args[:1] == action.args[:1] and \
            sorted(typed.args[1:]) == sorted(action.args[1:])
    return action.args[:len(typed.args)] == typed.args


def typed_actions(game: Game, text: str, legal: Sequence[Action], seats: int = 0,
                  ) -> list[Action]:
    """What ``text`` asks for, when its first word is a verb of ``game`` in any language:
    the legal actions it names (one, or several when it leaves a choice), else the action
    as typed for the engine to refuse with its reason; empty when the first word is no verb.
    An unknown card raises the engine's ``unknown_card`` refusal; a seat off the table's list
    of ``seats``, ``play-bad-seat``."""
    first, _, rest = text.strip().partition(" ")
    verbs = verb_table(game).get(fold(first), ())
    typed: list[Action] = []
    error: RuleError | None = None
    for name in verbs:
        try:
            typed.append(Action(name, parse_args(game, game.verb(name), rest.strip(), seats)))
        except RuleError as exc:
            error = error or exc
    for action in typed:
        if action in legal:
            return [action]
    for action in typed:
        fitting = [a for a in legal if _fits(action, a, game.verb(a.verb))]
        if fitting:
            return fitting
    if typed:
        return typed[:1]
    if error is not None:
        raise error
    return []
