"""Tute's CPU players: rules of thumb, sampled deals, the value of a hand's end, and exact
play in habanero's last eight tricks.

Habanero once the baceta is exhausted (:func:`exact`, at ``normal`` and ``difícil``): every
card the seat has not seen is in the other hand, so the rest of the hand is solved exactly
(:mod:`rules.tute.endgame`). Capote is declared exactly when it can be forced against any
defence, except where taking every trick without it already wins two juegos (101 points or
more: capote would win one; an experienced player keeps quiet and takes the eight tricks).
A declared capote's declarer plays a line that keeps it forced; its defender takes a trick
whenever one can be made sure of, and where none can, plays the card that leaves the
declarer fewest right answers. Without capote, ``difícil`` plays each card for the best
margin the seat can make sure of (so the best hand result), ``normal`` takes every trick
left when it can make sure of them and otherwise follows its rules of thumb. The playouts
of ``difícil`` stay with the rules of thumb (never declaring capote): exact play there would
cost every sampled deal milliseconds.

Rules of thumb (the ``normal`` level, and the playouts of ``difícil``), from what the seat
sees (its hand, the cards played, the voids players showed): sing whenever a cante is there
(tute first, the 40 first), take the turned card by the swap, never declare capote.
Leading: a card that is master of its plain suit (every higher one already out) unless an
opponent who may still hold trumps showed they lack that suit, so that the trick (and with it
any cante waiting to be sung) is won; else drag trumps when holding the master trump and
another; else the cheapest card of the longest plain suit, keeping cante pairs and masters,
and in parejas preferring a suit the partner lacks (and can trump) while the opponents do not.
Following: when the partner is winning and no opponent still to play may beat them (by a
higher card of the suit, or by trumping where a void is known or the suit is nearly out), load
points; when the trick can be won, win it with the cheapest card sure to hold it, else (if an
opponent after may still beat it) with the card that risks fewest points, keeping cante pairs;
when it cannot be won, give the card worth least. Habanero keeps its own rule for following:
win a trick only if it carries points or the seat is last, else let it go cheaply.

Knowledge for the sampled deals: the seat's hand, every card played this hand, the turned
card (held by the dealer in individual and parejas, at the bottom of the baceta in habanero
until drawn, then by whoever drew it), the rey and caballo of every cante until played, and
the suits a player showed they lack by not following (only where following was compulsory).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import attrgetter

from rules.cards import Card, Suit, spanish_deck
from rules.cpu import Slot, Strategy, deal_unseen, register
from rules.engine import Action, DeckSource, Event
from rules.tricks import seats_from, trick_winner
from rules.tute.bits import BIT, mask_of
from rules.tute.bits import cards as cards_of
from rules.tute.endgame import Endgame, bits_of
from rules.tute.events import HandScored, MatchOver
from rules.tute.options import POINTS, RANKING, SORT_KEY, SWAP_FOR, ULTIMAS, card_points
from rules.tute.state import State

_DECK = spanish_deck()
_POWER = {card: RANKING.power(card, None) for card in _DECK}
_VALUE = {card: POINTS.get(card.rank, 0) for card in _DECK}
_SUIT_CARDS: dict[Suit, list[Card]] = {}  # strongest first
for _one in sorted(_DECK, key=lambda c: -_POWER[c]):
    _SUIT_CARDS.setdefault(_one.suit, []).append(_one)


# -- what the seat knows ----------------------------------------------------------------------


def played_cards(state: State) -> set[Card]:
    out: set[Card] = set(state.out_of_play)
    for pile in state.taken:
        out.update(pile)
    out.update(c for _, c in state.trick.plays)
    return out


def past_tricks(state: State) -> list[list[tuple[int, Card]]]:
    """This hand's completed tricks as (seat, card) in playing order, rebuilt from each
    winner's pile (cards go there trick by trick, in playing order)."""
    taken_at = [0] * state.players
    leader = state.mano
    tricks = []
    for winner in state.trick_winners:
        start = taken_at[winner]
        cards = state.taken[winner][start:start + state.players]
        taken_at[winner] += state.players
        tricks.append(list(zip(seats_from(leader, state.players), cards, strict=False)))
        leader = winner
    return tricks


def draw_tricks(state: State) -> int:
    """How many tricks of a habanero hand are followed by draws (12); 0 elsewhere."""
    if state.modalidad != "habanero":
        return 0
    return (40 - 2 * 8) // 2


def voids(state: State) -> list[set[Suit]]:
    """Suits each seat showed it lacks, where following (and then trumping) was compulsory:
    tricks after the last habanero draw, every trick elsewhere."""
    trump = state.trump
    found: list[set[Suit]] = [set() for _ in range(state.players)]
    tricks = past_tricks(state)
    if state.trick.plays:
        tricks.append(list(state.trick.plays))
    for index, plays in enumerate(tricks):
        if index < draw_tricks(state):
            continue
        led = plays[0][1].suit
        trumped = led is trump
        for seat, card in plays[1:]:
            if card.suit is not led:
                found[seat].add(led)
                if card.suit is not trump and not trumped:
                    found[seat].add(trump)
            if card.suit is trump:
                trumped = True
    return found


def known_holdings(state: State, seat: int, played: set[Card]) -> dict[int, list[Card]]:
    """Cards of other seats' hands that are public: the turned card, sung pairs."""
    held: dict[int, list[Card]] = {}
    turned = state.turned
    holder: int | None = None
    if state.modalidad in ("individual", "parejas"):
        holder = state.dealer
    elif state.modalidad == "habanero" and not (state.baceta and state.baceta[-1] is turned):
        draws = draw_tricks(state)
        if len(state.trick_winners) >= draws:  # the loser of the last draw trick took it
            holder = 1 - state.trick_winners[draws - 1]
    if holder is not None and holder != seat and turned not in played \
            and turned in state.hands[holder]:
        held.setdefault(holder, []).append(turned)
    for singer, letter, _ in state.cantes:
        if singer == seat:
            continue
        for card in (c for c in _DECK if c.suit.value == letter and c.rank in (11, 12)):
            if card not in played and card in state.hands[singer] \
                    and card not in held.get(singer, []):
                held.setdefault(singer, []).append(card)
    return held


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy where the cards the seat cannot see are dealt at random, consistently."""
    world = state.clone()
    played = played_cards(state)
    held = known_holdings(state, seat, played)
    bottom = state.baceta[-1:] if state.baceta and state.baceta[-1] is state.turned else []
    known = set(state.hands[seat]) | played | set(bottom)
    for cards in held.values():
        known.update(cards)
    unseen = [c for c in _DECK if c not in known]
    lacking = voids(state)
    others = [s for s in range(state.players) if s != seat]
    slots = [Slot(len(state.hands[s]) - len(held.get(s, [])), frozenset(lacking[s]))
             for s in others]
    slots.append(Slot(len(state.baceta) - len(bottom)))
    dealt = deal_unseen(unseen, slots, rng)
    for s, cards in zip(others, dealt, strict=False):
        world.hands[s] = sorted(cards + held.get(s, []), key=SORT_KEY.__getitem__)
    world.baceta = dealt[-1] + bottom
    world.source = DeckSource(rng.getrandbits(63))
    world._loaded()  # whatever the engine derives from the hands is derived again
    return world


# -- rules of thumb ---------------------------------------------------------------------------


def heuristic(state: State, seat: int, rng: random.Random) -> Action:
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    verbs = {a.verb: a for a in legal}
    if "capote" in verbs:
        return verbs["pass"]
    sings = [a for a in legal if a.verb == "sing"]
    if sings:
        tute = next((a for a in sings if a.args[0] == "tute"), None)
        trump = next((a for a in sings if a.args[0] == state.trump.value), None)
        return tute or trump or sings[0]
    if "swap" in verbs and SWAP_FOR.get(state.turned) is not None:
        return verbs["swap"]
    cards = [_card(a) for a in legal if a.verb == "play"]
    if not cards:
        return legal[0]
    card = _lead(state, seat, cards) if not state.trick.plays else _follow(state, seat, cards)
    return next(a for a in legal if a.verb == "play" and a.args[0] == str(card))


def _card(action: Action) -> Card:
    return _BY_TEXT[action.args[0]]


_BY_TEXT = {str(c): c for c in _DECK}


def _masters(state: State, seat: int, played: set[Card]) -> set[Card]:
    """Cards of the seat that no unseen card of their suit can beat."""
    mine = set(state.hands[seat])
    out = set()
    for card in mine:
        higher = (c for c in _SUIT_CARDS[card.suit] if _POWER[c] > _POWER[card])
        if all(c in played or c in mine for c in higher):
            out.add(card)
    return out


def _pairs(state: State, hand: Sequence[Card]) -> set[Card]:
    """Rey and caballo kept together for a cante still to sing."""
    sung = {letter for _, letter, _ in state.cantes}
    keep = set()
    for suit in {c.suit for c in hand}:
        if suit.value in sung:
            continue
        pair = [c for c in hand if c.suit is suit and c.rank in (11, 12)]
        if len(pair) == 2:
            keep.update(pair)
    return keep


class _Seen:
    """What the seat knows that the choice of a card needs, worked out once per decision."""

    __slots__ = ("_voids", "after", "mine", "played", "seat", "state", "trump", "unseen")

    def __init__(self, state: State, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.trump = state.trump
        self.played = played_cards(state)
        self.mine = set(state.hands[seat])
        self.unseen = [c for c in _DECK if c not in self.played and c not in self.mine]
        done = len(state.trick.plays) + 1
        self.after = [(seat + i) % state.players for i in range(1, state.players - done + 1)]
        self._voids: list[set[Suit]] | None = None

    @property
    def voids(self) -> list[set[Suit]]:
        if self._voids is None:
            self._voids = voids(self.state)
        return self._voids

    def foes(self, seats: Sequence[int]) -> list[int]:
        """The seats among ``seats`` not on the seat's side."""
        side = self.state.side(self.seat)
        return [s for s in seats if self.state.side(s) != side]

    def out(self, suit: Suit) -> int:
        """Unseen cards of ``suit``."""
        return sum(1 for c in self.unseen if c.suit is suit)

    def may_beat(self, seat: int, top: Card, led: Suit) -> bool:
        """Whether ``seat`` may hold a card that beats ``top`` on a trick led in ``led``."""
        void = self.voids[seat]
        trump = self.trump
        if top.suit is trump:
            return trump not in void and any(
                c.suit is trump and _POWER[c] > _POWER[top] for c in self.unseen)
        if led not in void and any(
                c.suit is led and _POWER[c] > _POWER[top] for c in self.unseen):
            return True
        if trump in void or not any(c.suit is trump for c in self.unseen):
            return False
        return led in void or self.out(led) <= len(self.after)

    def secure(self, top: Card, led: Suit) -> bool:
        """No opponent still to play may beat ``top``."""
        return not any(self.may_beat(s, top, led) for s in self.foes(self.after))


def _lead(state: State, seat: int, cards: list[Card]) -> Card:
    trump = state.trump
    if state.modalidad == "habanero" and state.baceta:
        return _lead_open(state, cards)
    seen = _Seen(state, seat)
    masters = _masters(state, seat, seen.played)
    lacking = seen.voids
    foes = seen.foes(range(state.players))
    trumping = [f for f in foes if trump not in lacking[f]] if seen.out(trump) else []
    duel = state.modalidad == "habanero"  # there masters and trumps led regardless did better
    plain = [c for c in cards if c.suit is not trump]
    safe = [c for c in plain if c in masters
            and (duel or not any(c.suit in lacking[f] for f in trumping))]
    if safe:  # a master nobody will trump: the trick, and a cante if one is waiting
        return max(safe, key=lambda c: (_VALUE[c], _POWER[c]))
    trumps = [c for c in cards if c.suit is trump]
    if (duel or trumping) and any(c in masters for c in trumps) and len(trumps) >= 2:
        return max(trumps, key=lambda c: _POWER[c])  # draw the opponents' trumps
    keep = _pairs(state, cards)
    pool = [c for c in plain if c not in keep and c not in masters] or plain or cards
    if state.pairs:  # a suit the partner lacks and can trump, the opponents not
        partner = (seat + 2) % 4
        ruff = [c for c in pool if c.suit in lacking[partner] and trump not in lacking[partner]
                and not any(c.suit in lacking[f] for f in foes)]
        pool = ruff or pool
    return _cheapest_lead(pool, cards)


def _lead_open(state: State, cards: list[Card]) -> Card:
    """Habanero while the baceta lasts: any card may follow, so lead cheap, keeping pairs."""
    trump = state.trump
    plain = [c for c in cards if c.suit is not trump]
    keep = _pairs(state, cards)
    pool = [c for c in plain if c not in keep] or plain or cards
    return _cheapest_lead(pool, cards)


def _cheapest_lead(pool: list[Card], cards: list[Card]) -> Card:
    """The card of ``pool`` worth least, from the suit the seat holds most of."""
    counts = {s: sum(1 for c in cards if c.suit is s) for s in {c.suit for c in pool}}
    return min(pool, key=lambda c: (_VALUE[c], -counts[c.suit], _POWER[c]))


def _follow(state: State, seat: int, cards: list[Card]) -> Card:
    trump = state.trump
    plays = state.trick.plays
    winner = trick_winner(plays, trump, RANKING)
    last = len(plays) == state.players - 1
    partner = state.pairs and state.side(winner) == state.side(seat)
    keep = _pairs(state, cards)
    led = plays[0][1].suit
    if partner:
        safe = last or _Seen(state, seat).secure(dict(plays)[winner], led)
        if safe:  # load points on the partner's trick, but never a trump
            plain = [c for c in cards if c.suit is not trump and c not in keep] or cards
            return max(plain, key=lambda c: (_VALUE[c], -_POWER[c]))
        return min(cards, key=lambda c: (_VALUE[c], c.suit is trump, _POWER[c]))
    wins = [c for c in cards if trick_winner([*plays, (seat, c)], trump, RANKING) == seat]
    if state.modalidad == "habanero":
        return _follow_duel(state, plays, cards, wins, last, keep)
    if wins:
        pool = [c for c in wins if c not in keep] or wins
        if last:
            return min(pool, key=lambda c: (c.suit is trump, _POWER[c]))
        seen = _Seen(state, seat)
        secure = [c for c in pool if seen.secure(c, led)]
        if secure:  # the cheapest card that surely holds the trick
            return min(secure, key=lambda c: (c.suit is trump, _POWER[c]))
        # it may be beaten: risk as few points as possible
        return min(pool, key=lambda c: (c.suit is trump, _VALUE[c], _POWER[c]))
    pool = [c for c in cards if c not in keep] or cards
    return min(pool, key=lambda c: (_VALUE[c], c.suit is trump, _POWER[c]))


def _follow_duel(state: State, plays: list[tuple[int, Card]], cards: list[Card],
                 wins: list[Card], last: bool, keep: set[Card]) -> Card:
    """Habanero: a trick is worth winning if it carries points or the seat is last (with the
    cheapest winning card, else the highest), otherwise the cheapest card lets it go."""
    trump = state.trump
    if wins and (last or sum(_VALUE[c] for _, c in plays) >= 10
                 or any(_VALUE[c] >= 10 for c in cards)):
        pool = [c for c in wins if c.suit is not trump] or wins
        if last:
            return min(pool, key=lambda c: (c.suit is trump, _POWER[c]))
        return max(pool, key=lambda c: (c.suit is not trump, _POWER[c]))
    losers = [c for c in cards if c not in wins] or cards
    pool = [c for c in losers if c not in keep] or losers
    return min(pool, key=lambda c: (_VALUE[c], c.suit is trump, _POWER[c]))


# -- the end of a playout ---------------------------------------------------------------------


def evaluate(events: Sequence[Event], state: State, seat: int) -> float:
    """Points margin of the seat's side in the hand, plus the juegos it won or gave away."""
    side = state.side(seat)
    value = 0.0
    for event in events:
        if isinstance(event, HandScored):
            points = list(event.points)
            mine = points.pop(side)
            value += (mine - max(points)) / 130
            won = state.side(event.winners[0]) == side
            value += (0.5 if won else -0.5) * event.juegos
        elif isinstance(event, MatchOver):
            value += 5.0 if seat in event.winners else -5.0
    return value


# -- habanero's last eight tricks: exact play -------------------------------------------------


def exact(state: State, seat: int, level: str) -> Action | None:
    """Habanero once the baceta is exhausted, where every hand is known (:mod:`.endgame`).

    Both levels above fácil: declare capote exactly when it can be forced, unless plain play
    already makes sure of two juegos (taking every trick, with 101 points or more: capote
    would win only one); play a declared capote's line, and as its defender take a trick
    whenever one can be made sure of. ``normal`` also takes every trick left when it can make
    sure of them; ``difícil`` plays every card of the last tricks for the best hand result.
    Otherwise (and elsewhere) nothing is settled here.
    """
    if state.modalidad != "habanero" or state.baceta or state.is_over:
        return None
    mine = mask_of(state.hands[seat])
    theirs = _ALL ^ mine ^ mask_of(played_cards(state))  # every card the seat has not seen
    if theirs.bit_count() != len(state.hands[1 - seat]):  # never: a card would be unaccounted
        return None
    solver = Endgame(state.trump_index)
    legal = state.legal_actions()
    if state.capote_pending:
        if state.trick.leader == seat:
            forced = solver.forced(mine, theirs)
        else:
            forced = solver.forced_against(mine, theirs)
        declare = forced and not _two_juegos_anyway(state, seat, mine | theirs)
        return next(a for a in legal if a.verb == ("capote" if declare else "pass"))
    cards = {BIT[_card(a)]: a for a in legal if a.verb == "play"}
    plays = state.trick.plays
    lead = BIT[plays[0][1]] if plays else 0
    if state.capote is not None:
        bit = _capote_card(solver, state.capote == seat, mine, theirs, lead, list(cards))
    elif level == "dificil":
        bit = _best_card(solver, mine, theirs, lead, list(cards), _usual(state, seat))
    else:
        bit = _sweep_card(solver, mine, theirs, lead, list(cards), _usual(state, seat))
    return cards[bit] if bit else None


_ALL = mask_of(_DECK)


def _usual(state: State, seat: int) -> int:
    """The rules of thumb's card (preferred among cards exact play finds equal)."""
    action = heuristic(state, seat, random.Random(0))
    return BIT[_card(action)] if action.verb == "play" else 0


def _two_juegos_anyway(state: State, seat: int, left: int) -> bool:
    """Taking every trick left (which a forced capote can) wins two juegos without capote."""
    points = [card_points(taken) for taken in state.taken]
    for singer, _, value in state.cantes:
        points[singer] += value
    mine = points[seat] + card_points(cards_of(left)) + ULTIMAS
    return mine >= 101 and mine >= points[1 - seat]  # a tie goes to the diez de últimas


def _pick(good: list[int], usual: int) -> int:
    return usual if usual in good else good[0]


def _capote_card(solver: Endgame, declaring: bool, mine: int, theirs: int, lead: int,
                 cards: list[int]) -> int:
    """A declared capote: the declarer keeps it forced, the defender takes a trick where it
    can make sure of one (at once if it can). Where the other side has it won, the card that
    leaves them fewest right answers, in case they miss one."""
    def right(b: int) -> int:
        """The other side's right answers to ``b`` (0: ``b`` makes sure of the capote, or
        of a trick against it)."""
        if declaring and not lead:
            return _defences(solver, b, mine, theirs)
        if declaring:  # losing this trick loses the capote; then the best lead's defences
            if not solver.follower_wins(lead, b):
                return len(_DECK)
            rest = mine ^ b
            return min((_defences(solver, d, rest, theirs) for d in bits_of(rest)), default=0)
        if not lead:  # the declarer's replies that keep the capote
            return sum(1 for r in bits_of(solver.replies(theirs, b))
                       if solver.keeps(b, r, theirs, mine))
        if solver.follower_wins(lead, b):
            return -1  # the trick, and with it the hand
        return sum(1 for d in bits_of(theirs) if solver.holds(d, theirs, mine ^ b))

    return min(cards, key=right)


def _defences(solver: Endgame, lead: int, declarer: int, defender: int) -> int:
    """The defender's replies to the declarer's ``lead`` that take the trick or leave the
    capote no longer forced."""
    return sum(1 for r in bits_of(solver.replies(defender, lead))
               if solver.follower_wins(lead, r) or not solver.forced(declarer ^ lead,
                                                                      defender ^ r))


def _best_card(solver: Endgame, mine: int, theirs: int, lead: int, cards: list[int],
               usual: int) -> int:
    """The card that makes sure of the best margin (and so hand result) over the tricks left."""
    if lead:
        values = {b: -solver.reply_value(lead, b, theirs | lead, mine) for b in cards}
    else:
        values = {b: solver.lead_value(b, mine, theirs, None) for b in cards}
    best = max(values.values())
    return _pick([b for b in cards if values[b] == best], usual)


def _sweep_card(solver: Endgame, mine: int, theirs: int, lead: int, cards: list[int],
                usual: int) -> int:
    """A card that keeps every trick left the seat's, where it can make sure of them; else 0."""
    if lead:
        good = [b for b in cards if solver.keeps(lead, b, mine, theirs | lead)]
    else:
        good = [b for b in cards if solver.holds(b, mine, theirs)]
    return _pick(good, usual) if good else 0


register(State, Strategy(heuristic, determinize, evaluate, attrgetter("hand_number"), exact))
