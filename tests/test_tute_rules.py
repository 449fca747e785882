"""Tute: scripted-deck scenarios for every rule of docs/rules/en/tute.md."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pydantic import ValidationError

from tapete.rules import tute
from tapete.rules.cards import Card, SpanishSuit, parse_cards, spanish_deck
from tapete.rules.engine import Action, Event
from tapete.rules.errors import Common, GameOver, NotYourTurn
from tapete.rules.tricks import Obligation, Trick, trick_winner
from tapete.rules.tute import (
    RANKING,
    CanteSung,
    CapoteDeclared,
    CapotePassed,
    CardDrawn,
    CardPlayed,
    HandDealt,
    HandScored,
    MatchOver,
    Modalidad,
    Options,
    State,
    TrickWon,
    TrumpSwapped,
    TuteRefusal,
    TuteSung,
)
from tests.engine_checks import kinds, rejects

OROS, COPAS, ESPADAS, BASTOS = SpanishSuit

PLAYERS = {"habanero": 2, "arrastrado": 3, "individual": 4, "parejas": 4}
EACH = {"habanero": 8, "arrastrado": 13, "individual": 10, "parejas": 10}

# ----------------------------------------------------------------------------- helpers


def sp(text: str) -> list[Card]:
    return parse_cards(text.split(), "spanish")


def c(text: str) -> Card:
    return sp(text)[0]


def deck(modalidad: str, hands: dict[int, str], turned: str = "", stock: str = "") -> list[Card]:
    """A full 40-card order (top first) for the first hand (seat 0 deals, seat 1 is mano).

    ``hands`` gives each seat's cards (missing cards are filled from the unused ones, in deck
    order, one seat at a time in turn); ``turned`` is the trump card: habanero, the card after
    the deal; arrastrado, the 40th card; individual/parejas, the dealer's last card (do not
    list it in ``hands[0]``). ``stock`` (habanero) is the baceta from the top, above the
    turned card's place at the bottom; unused cards go below ``stock``.
    """
    players, each = PLAYERS[modalidad], EACH[modalidad]
    chosen = {seat: sp(hands.get(seat, "")) for seat in range(players)}
    extra = sp(turned) + sp(stock)
    used = [card for cards in chosen.values() for card in cards] + extra
    assert len(set(used)) == len(used), "a card is listed twice"
    rest = [card for card in spanish_deck() if card not in used]
    dealer_keeps = modalidad in ("individual", "parejas") and bool(turned)
    wanted = {s: each - (s == 0 and dealer_keeps) for s in range(players)}
    while any(len(chosen[s]) < wanted[s] for s in range(players)):
        for seat in range(players):
            if len(chosen[seat]) < wanted[seat]:
                chosen[seat].append(rest.pop(0))
    if dealer_keeps:
        chosen[0].append(c(turned))
    order = [chosen[(1 + k) % players][i] for i in range(each) for k in range(players)]
    if modalidad == "habanero":
        order += [c(turned) if turned else rest.pop(0), *sp(stock), *rest]
    elif modalidad == "arrastrado":
        order += [c(turned)] if turned else rest
    assert sorted(map(str, order)) == sorted(map(str, spanish_deck()))
    return order


def game(modalidad: str, cards: list[Card], **options: object) -> State:
    opts = Options.model_validate({"modalidad": modalidad, **options})
    return tute.new_game(opts, PLAYERS[modalidad], decks=[cards])


def legal(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def plays(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions() if a.verb == "play"]


def act(state: State, *actions: str) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        seat = state.to_act
        assert seat is not None
        events += state.apply(seat, action)
    return events


def first_legal(state: State) -> Action:
    return state.legal_actions()[0]


def drive(
    state: State, until: Callable[[State], bool], chooser: Callable[[State], Action]
) -> list[Event]:
    events: list[Event] = []
    while not until(state):
        seat = state.to_act
        assert seat is not None
        events += state.apply(seat, chooser(state))
    return events


def step(state: State, chooser: Callable[[State], Action], count: int) -> list[Event]:
    """Apply ``count`` actions, each chosen on the state it is applied to."""
    events: list[Event] = []
    for _ in range(count):
        seat = state.to_act
        assert seat is not None
        events += state.apply(seat, chooser(state))
    return events


# The habanero "dominant" deal: seat 1 (mano) holds and draws only weak non-trumps (and, at
# the very last draw, the turned card); seat 0 holds the aces, threes and figures of copas
# and espadas and draws every other trump plus 1b 3b 12b. Played with ``dominant_pick``,
# seat 0 wins every trick, so the draws alternate seat 0, seat 1 through the stock.


def interleave(a: list[Card], b: list[Card]) -> list[Card]:
    out: list[Card] = []
    for i in range(max(len(a), len(b))):
        out += a[i : i + 1] + b[i : i + 1]
    return out


def dominant_deck(turned: str = "2o") -> list[Card]:
    trumps = [t for t in sp("7o 3o 12o 11o 10o 2o 6o 5o 4o 1o") if str(t) != turned]
    hand0, draws0 = sp("1c 3c 12c 11c 1e 3e 12e 11e"), [trumps[0], *sp("1b 3b 12b"), *trumps[1:]]
    hand1 = sp("2c 4c 5c 6c 7c 10c 2e 4e")
    draws1 = sp("5e 6e 7e 10e 11b 10b 7b 6b 5b 4b 2b")
    return [*interleave(hand1, hand0), c(turned), *interleave(draws0, draws1)]


def dominant_pick(keep: str = "") -> Callable[[State], Action]:
    """Seat 1 plays its weakest losing card; seat 0 wins, leading non-trumps while the
    baceta lasts and its highest trumps after, never playing ``keep`` unless forced."""
    kept = set(sp(keep))

    def pick(state: State) -> Action:
        seat = state.to_act
        if state.capote_pending:
            return Action("pass")
        cards = [a.card("spanish") for a in state.legal_actions() if a.verb == "play"]

        def power(card: Card) -> int:
            return RANKING.power(card, state.trump)

        def wins(card: Card) -> bool:
            played = [*state.trick.plays, (seat or 0, card)]
            return trick_winner(played, state.trump, RANKING) == seat

        if seat == 1:
            losing = [x for x in cards if not wins(x)] if state.trick.plays else cards
            return Action.play(min(losing or cards, key=power))
        free = [x for x in cards if x not in kept] or cards
        if state.trick.plays:
            return Action.play(max([x for x in free if wins(x)] or free, key=power))
        if state.baceta:
            plain = [x for x in free if x.suit != state.trump]
            if plain:
                return Action.play(max(plain, key=power))
        trumps = [x for x in free if x.suit == state.trump]
        return Action.play(max(trumps or free, key=power))

    return pick


def after_last_draw(state: State) -> bool:
    return not state.baceta and bool(state.trick_winners)


# ----------------------------------------------------------------------------- options


def test_options_defaults_and_player_counts() -> None:
    assert Options().modalidad == "individual"
    assert Options().juegos == 3
    assert Options().tute is None
    assert Options(modalidad="habanero").tute_enabled is False
    assert Options(modalidad="habanero", tute=True).tute_enabled is True
    for modalidad in ("arrastrado", "individual", "parejas"):
        assert Options(modalidad=modalidad).tute_enabled is True
        assert Options(modalidad=modalidad, tute=False).tute_enabled is False
    assert Options(modalidad="habanero").player_counts() == (2,)
    assert Options(modalidad="arrastrado").player_counts() == (3,)
    assert Options(modalidad="individual").player_counts() == (4,)
    assert Options(modalidad="parejas").player_counts() == (4,)


def test_options_validation() -> None:
    with pytest.raises(ValidationError):
        Options(juegos=0)
    with pytest.raises(ValidationError):
        Options(juegos=21)
    assert Options(juegos=20).juegos == 20
    with pytest.raises(ValidationError):
        Options.model_validate({"modalidad": "subastado"})


def test_new_game_rejects_wrong_player_count() -> None:
    with pytest.raises(ValueError, match="played by 2 players, not 3"):
        tute.new_game(Options(modalidad="habanero"), 3)
    with pytest.raises(ValueError, match="played by 4 players, not 2"):
        tute.new_game(Options(modalidad="parejas"), 2)


# ----------------------------------------------------------------------------- dealing


def test_deal_habanero_eight_each_turned_card_under_the_baceta() -> None:
    cards = spanish_deck()
    state = tute.new_game(Options(modalidad="habanero"), 2, decks=[cards])
    assert set(state.hands[1]) == set(cards[0:16:2])  # mano first
    assert set(state.hands[0]) == set(cards[1:16:2])
    assert state.turned == cards[16] == c("7c")
    assert state.trump.value == "c"
    assert state.baceta == [*cards[17:], c("7c")]  # the turned card is drawn last
    view = state.view(1)
    assert (view.dealer, view.mano, view.leader, view.to_act) == (0, 1, 1, 1)
    assert (view.baceta_count, view.hand_sizes, view.turned, view.trump) == (
        24,
        (8, 8),
        c("7c"),
        "c",
    )
    assert state.initial_events == [HandDealt(1, 0, 1, "c", c("7c"), 24)]


def test_deal_arrastrado_thirteen_each_fortieth_card_out_of_play() -> None:
    cards = spanish_deck()
    state = tute.new_game(Options(modalidad="arrastrado"), 3, decks=[cards])
    assert [len(h) for h in state.hands] == [13, 13, 13]
    assert set(state.hands[1]) == set(cards[0:39:3])
    assert set(state.hands[2]) == set(cards[1:39:3])
    assert set(state.hands[0]) == set(cards[2:39:3])
    assert state.turned == cards[39] == c("12b")
    assert state.out_of_play == [c("12b")]
    assert all(c("12b") not in h for h in state.hands)
    assert state.view(None).baceta_count == 0


@pytest.mark.parametrize("modalidad", ["individual", "parejas"])
def test_deal_four_players_dealer_keeps_the_turned_card(modalidad: Modalidad) -> None:
    cards = spanish_deck()
    state = tute.new_game(Options(modalidad=modalidad), 4, decks=[cards])
    assert [len(h) for h in state.hands] == [10, 10, 10, 10]
    assert set(state.hands[1]) == set(cards[0:40:4])
    assert set(state.hands[0]) == set(cards[3:40:4])
    assert state.turned == cards[39] and cards[39] in state.hands[0]
    assert state.view(2).trump == "b"
    assert state.out_of_play == [] and state.baceta == []
    expected = ((0, 2), (1, 3)) if modalidad == "parejas" else ((0,), (1,), (2,), (3,))
    assert state.view(None).sides == expected
    assert state.view(None).juegos == (0,) * len(expected)


def test_dealer_passes_and_mano_leads_each_hand() -> None:
    options = Options(modalidad="individual", juegos=9, tute=False)
    state = tute.new_game(options, 4, seed=5)
    events = drive(state, lambda s: s.is_over or s.hand_number == 4, first_legal)
    dealt = kinds(events, HandDealt)
    assert [(e.hand, e.dealer, e.mano) for e in dealt] == [(2, 1, 2), (3, 2, 3), (4, 3, 0)]
    assert state.to_act == 0 and state.leader == 0


# ----------------------------------------------------------------------------- obligations


def test_habanero_free_play_while_the_baceta_lasts() -> None:
    state = game("habanero", dominant_deck())
    act(state, "play 2c")
    # Seat 0 may answer with anything: another suit, a lower card...
    assert plays(state) == [f"play {x}" for x in state.hands[0]]
    act(state, "play 11e")  # does not follow, does not win
    assert state.trick_winners == [1]


def test_habanero_trump_lead_must_be_followed_with_a_trump_but_not_overtaken() -> None:
    cards = deck("habanero", {1: "3o 2c 2e 2b", 0: "1o 4o 5c 6c 7c 5e 6e 7e"}, turned="10o")
    state = game("habanero", cards)
    act(state, "play 3o")
    assert plays(state) == ["play 1o", "play 4o"]  # any trump, higher or lower
    rejects(state, 0, "play 5c", Obligation.MUST_FOLLOW, suit=OROS)
    act(state, "play 4o")
    assert state.trick_winners == [1]


def test_habanero_after_the_baceta_asistir_montar_fallar() -> None:
    state = game("habanero", dominant_deck())
    drive(state, after_last_draw, dominant_pick(keep="12c 11c"))
    act(state, "pass", "pass")
    assert state.hands[1] == sp("2o 10c 7c 10e 7e 11b 10b 7b")
    act(state, "play 12c")
    assert plays(state) == ["play 10c", "play 7c"]  # asistir now obligatory
    rejects(state, 1, "play 7b", Obligation.MUST_FOLLOW, suit=COPAS)
    act(state, "play 7c", "play 1o")
    assert plays(state) == ["play 2o"]


def test_montar_and_asistir_with_a_lower_card_and_fallar() -> None:
    cards = deck(
        "individual",
        {
            1: "11c 12c 2c 4c 5c 1o 3o 12o 11o 10o",
            2: "1c 3c 10c 5o 5e 1b 3b 12b 11b 10b",
            3: "7c 6c 2b 7o 6o 4o 2o 7b 6b 5b",
            0: "2e 1e 3e 12e 11e 10e 7e 6e 4b",
        },
        turned="4e",
    )
    state = game("individual", cards)
    act(state, "play 11c")
    assert plays(state) == ["play 1c", "play 3c"]
    rejects(state, 2, "play 10c", Obligation.MUST_OVERTAKE, suit=COPAS)
    rejects(state, 2, "play 5o", Obligation.MUST_FOLLOW, suit=COPAS)
    act(state, "play 3c")
    assert plays(state) == ["play 7c", "play 6c"]  # unable to montar: asistir lower
    rejects(state, 3, "play 2b", Obligation.MUST_FOLLOW, suit=COPAS)
    act(state, "play 6c")
    trumps = ["1e", "3e", "12e", "11e", "10e", "7e", "6e", "4e", "2e"]
    assert plays(state) == [f"play {t}" for t in trumps]  # void in copas: fallar
    rejects(state, 0, "play 4b", Obligation.MUST_TRUMP, suit=ESPADAS)
    events = act(state, "play 2e")
    assert kinds(events, TrickWon)[0].seat == 0


def test_pisar_and_contrafallar() -> None:
    cards = deck(
        "individual",
        {
            1: "1c 2c 3c 4c 5c 6c 7c 10c 11c 12c",
            2: "1e 3e 7e 6e 1o 3o 12o 11o 10o 7o",
            3: "12e 2e 6o 5o 4o 2o 1b 3b 12b 11b",
            0: "11e 10e 4e 10b 7b 6b 5b 4b 2b",
        },
        turned="5e",
    )
    state = game("individual", cards)
    act(state, "play 1c")
    assert plays(state) == ["play 1e", "play 3e", "play 7e", "play 6e"]  # fallar, any trump
    act(state, "play 6e")
    assert plays(state) == ["play 12e"]  # pisar: only the trump higher than 6e
    rejects(state, 3, "play 2e", Obligation.MUST_OVERTRUMP, suit=ESPADAS)
    rejects(state, 3, "play 6o", Obligation.MUST_OVERTRUMP, suit=ESPADAS)
    act(state, "play 12e")
    assert plays(state) == [f"play {x}" for x in state.hands[0]]  # unable to pisar: any card
    events = act(state, "play 2b")
    assert kinds(events, TrickWon)[0].seat == 3


def test_arrastrado_montar_against_the_led_suit_after_a_trump() -> None:
    cards = deck(
        "arrastrado",
        {
            1: "10c 1c 3c 12c 4c 5c 6c 7c 1o 3o 12o 11o 10o",
            2: "1e 2e 3e 5e 6e 7e 10e 11e 12e 6b 5b 4b 2b",
            0: "11c 2c 7o 6o 5o 4o 2o 1b 3b 12b 11b 10b 7b",
        },
        turned="4e",
    )
    state = game("arrastrado", cards)
    act(state, "play 10c")
    assert plays(state) == [f"play {x}" for x in state.hands[2] if x.suit == state.trump]
    act(state, "play 5e")
    assert plays(state) == ["play 11c"]  # montar over 10c even though trumped


def test_parejas_partner_winning_relaxes_nothing() -> None:
    cards = deck("parejas", {1: "1c", 2: "2c", 3: "7e 6e 1o 3o 6o 1b 3b 6b 4b 2b"}, turned="5e")
    state = game("parejas", cards)
    act(state, "play 1c", "play 2c")
    assert plays(state) == ["play 7e", "play 6e"]  # partner (seat 1) wins: still must fallar


# ----------------------------------------------------------------------------- draws


def test_habanero_draw_winner_then_loser() -> None:
    state = game("habanero", dominant_deck())
    events = act(state, "play 2c", "play 1c")
    assert [type(e) for e in events] == [CardPlayed, CardPlayed, TrickWon, CardDrawn, CardDrawn]
    assert kinds(events, CardDrawn) == [CardDrawn(0), CardDrawn(1)]  # hidden cards
    assert c("7o") in state.hands[0]  # the winner drew the top card
    assert c("5e") in state.hands[1]
    assert state.view(0).baceta_count == 22 and state.view(0).hand_sizes == (8, 8)


def test_habanero_last_draw_is_the_public_turned_card() -> None:
    state = game("habanero", dominant_deck())
    events = drive(state, after_last_draw, dominant_pick())
    assert kinds(events, CardDrawn)[-2:] == [CardDrawn(0), CardDrawn(1, c("2o"))]
    assert c("2o") in state.hands[1]
    assert len(kinds(events, CardDrawn)) == 24


# ----------------------------------------------------------------------------- swaps


def test_habanero_swap_the_seven_then_the_two_takes_the_seven() -> None:
    state = game("habanero", dominant_deck("1o"))
    assert "swap" not in legal(state)  # nobody has won a trick yet
    rejects(state, 1, "swap", TuteRefusal.SWAP_AFTER_TRICK)
    act(state, "play 2c")
    rejects(state, 0, "swap", TuteRefusal.SWAP_AFTER_TRICK)
    act(state, "play 1c")
    assert c("7o") in state.hands[0]
    assert legal(state)[-3:] == ["sing c", "sing e", "swap"]
    events = act(state, "swap")
    assert events == [TrumpSwapped(0, c("7o"), c("1o"))]
    assert state.turned == c("7o") and state.baceta[-1] == c("7o")
    assert c("1o") in state.hands[0] and c("7o") not in state.hands[0]
    assert state.view(1).turned == c("7o") and state.view(1).baceta_count == 22
    assert "swap" not in legal(state)  # one swap per trick won
    rejects(state, 0, "swap", TuteRefusal.SWAPPED_THIS_TRICK)
    assert "sing c" in legal(state)  # the cante is still possible (either order)
    pick = dominant_pick()
    drive(state, lambda s: c("2o") in s.hands[0] and not s.trick.plays, pick)
    assert "swap" in legal(state)
    assert act(state, "swap") == [TrumpSwapped(0, c("2o"), c("7o"))]
    assert state.turned == c("2o") and state.baceta[-1] == c("2o")
    step(state, pick, 2)  # seat 0 wins another trick
    assert "swap" not in legal(state)
    rejects(state, 0, "swap", TuteRefusal.TWO_NOT_SWAPPED)
    events = drive(state, after_last_draw, pick)
    assert kinds(events, CardDrawn)[-1] == CardDrawn(1, c("2o"))


def test_habanero_no_swap_and_no_cante_once_the_last_draw_emptied_the_baceta() -> None:
    state = game("habanero", dominant_deck("1o"))
    drive(state, after_last_draw, dominant_pick(keep="7o 12c 11c"))
    act(state, "pass", "pass")
    assert state.to_act == 0 and {c("7o"), c("12c"), c("11c")} <= set(state.hands[0])
    assert all(a.verb == "play" for a in state.legal_actions())
    rejects(state, 0, "swap", TuteRefusal.SWAP_TOO_LATE)
    rejects(state, 0, "sing c", TuteRefusal.SING_TOO_LATE)


def test_arrastrado_swap_during_the_first_trick() -> None:
    cards = deck("arrastrado", {1: "7o 5c", 2: "2o 6c", 0: "4c"}, turned="1o")
    state = game("arrastrado", cards)
    assert legal(state)[-1] == "swap"  # the leader may swap before leading
    assert act(state, "swap") == [TrumpSwapped(1, c("7o"), c("1o"))]
    assert state.turned == c("7o") and state.out_of_play == [c("7o")]
    assert c("1o") in state.hands[1] and c("7o") not in state.hands[1]
    assert "swap" not in legal(state)
    rejects(state, 1, "swap", TuteRefusal.ALREADY_SWAPPED)
    act(state, "play 5c")
    assert legal(state)[-1] == "swap"  # the 7 just swapped in is taken by the 2
    assert act(state, "swap") == [TrumpSwapped(2, c("2o"), c("7o"))]
    assert state.out_of_play == [c("2o")] and state.view(0).turned == c("2o")
    act(state, "play 6c")
    assert "swap" not in legal(state)
    rejects(state, 0, "swap", TuteRefusal.TWO_NOT_SWAPPED)
    total = sum(map(len, state.hands)) + len(state.trick.plays) + len(state.out_of_play)
    assert total == 40


def test_arrastrado_swap_only_during_the_first_trick() -> None:
    cards = deck("arrastrado", {1: "1c", 2: "7o 2c", 0: "4c"}, turned="12o")
    state = game("arrastrado", cards)
    act(state, "play 1c")
    assert legal(state)[-1] == "swap"
    act(state, "play 2c", "play 4c")
    drive(state, lambda s: s.to_act == 2 and c("7o") in s.hands[2], first_legal)
    assert "swap" not in legal(state)
    rejects(state, 2, "swap", TuteRefusal.SWAP_FIRST_TRICK)


def test_swap_needs_the_seven_or_the_two_of_trumps() -> None:
    cards = deck("arrastrado", {1: "5c", 2: "7o 6c", 0: "4c"}, turned="1o")
    state = game("arrastrado", cards)
    rejects(state, 1, "swap", TuteRefusal.SWAP_NEEDS, card=c("7o"))
    cards = deck("arrastrado", {1: "7o 5c", 2: "2o 6c", 0: "4c"}, turned="5o")
    state = game("arrastrado", cards)
    rejects(state, 1, "swap", TuteRefusal.SWAP_NEEDS, card=c("2o"))
    state = game("habanero", dominant_deck("6o"))
    act(state, "play 2c", "play 1c")
    assert c("7o") in state.hands[0] and c("2o") not in state.hands[0]
    assert "swap" not in legal(state)
    rejects(state, 0, "swap", TuteRefusal.SWAP_NEEDS, card=c("2o"))


def test_no_swap_in_individual() -> None:
    cards = deck("individual", {1: "7b 1c"}, turned="1b")
    state = game("individual", cards)
    assert "swap" not in legal(state)
    rejects(state, 1, "swap", TuteRefusal.SWAP_NOT_PLAYED)


# ----------------------------------------------------------------------------- cantes


def test_habanero_optional_cantes_one_per_trick_each_suit_once() -> None:
    state = game("habanero", dominant_deck())
    rejects(state, 1, "sing c", TuteRefusal.SING_AFTER_TRICK)
    act(state, "play 2c")
    rejects(state, 0, "sing c", TuteRefusal.SING_AFTER_TRICK)
    act(state, "play 1c")
    assert legal(state)[-2:] == ["sing c", "sing e"]
    assert act(state, "sing c") == [CanteSung(0, "c", 20)]
    assert not [a for a in legal(state) if a.startswith("sing")]
    rejects(state, 0, "sing e", TuteRefusal.ALREADY_SANG)
    rejects(state, 0, "sing b", TuteRefusal.ALREADY_SANG)
    pick = dominant_pick(keep="12c 11c 12e 11e 12o 11o")
    step(state, pick, 2)  # seat 0 wins again
    assert "sing e" in legal(state) and "sing c" not in legal(state)
    rejects(state, 0, "sing c", TuteRefusal.SUIT_SUNG, suit=COPAS)
    rejects(state, 0, "sing b", TuteRefusal.NO_CANTE, suit=BASTOS)
    # Optional: seat 0 does not sing espadas now, and sings the 40 when it can.
    drive(state, lambda s: "sing o" in legal(s), pick)
    assert legal(state)[-2:] == ["sing o", "sing e"]
    assert act(state, "sing o") == [CanteSung(0, "o", 40)]
    step(state, pick, 2)
    assert act(state, "sing e") == [CanteSung(0, "e", 20)]
    assert state.view(1).cantes == ((0, "c", 20), (0, "o", 40), (0, "e", 20))
    # The loser never sings: on its turn seat 1 is not in a sing window.
    step(state, pick, 1)
    rejects(state, 1, "sing b", TuteRefusal.SING_AFTER_TRICK)


def test_automatic_cantes_forty_first_then_suit_order_one_per_trick() -> None:
    cards = deck(
        "individual",
        {1: "1b 3b 12b 11b 12c 11c 12o 11o 2e 4e", 2: "12e 11e 2b"},
        turned="4b",
    )
    state = game("individual", cards)
    events = act(state, "play 1b") + drive(state, lambda s: s.to_act == 1, first_legal)
    assert kinds(events, TrickWon)[0].seat == 1
    assert kinds(events, CanteSung) == [CanteSung(1, "b", 40)]
    events = act(state, "play 3b") + drive(state, lambda s: s.to_act == 1, first_legal)
    assert kinds(events, CanteSung) == [CanteSung(1, "o", 20)]
    events = act(state, "play 12b") + drive(state, lambda s: s.to_act == 1, first_legal)
    assert kinds(events, CanteSung) == [CanteSung(1, "c", 20)]
    events = act(state, "play 11b") + drive(state, lambda s: s.to_act == 1, first_legal)
    assert kinds(events, TrickWon)[0].seat == 1
    assert kinds(events, CanteSung) == []  # nothing left: each suit sung once
    assert state.view(3).cantes == ((1, "b", 40), (1, "o", 20), (1, "c", 20))
    assert c("12e") in state.hands[2] and c("11e") in state.hands[2]  # only winners sing


@pytest.mark.parametrize(("winning_card", "cantes"), [("1o", [CanteSung(2, "o", 20)]), ("12o", [])])
def test_automatic_cante_needs_rey_and_caballo_still_in_hand(
    winning_card: str, cantes: list[Event]
) -> None:
    cards = deck(
        "individual",
        {1: "2o 4o", 2: "1o 3o 12o 11o", 3: "10o 6o", 0: "7o 5o"},
        turned="4b",
    )
    state = game("individual", cards)
    events = act(state, "play 2o", f"play {winning_card}", "play 10o", "play 7o")
    assert kinds(events, TrickWon)[0].seat == 2
    assert kinds(events, CanteSung) == cantes
    events = act(state, "play 3o", "play 6o", "play 5o", "play 4o")
    assert kinds(events, TrickWon)[0].seat == 2
    assert kinds(events, CanteSung) == []  # oros: sung already, or caballo alone


def test_parejas_winner_sings_then_partner_one_each() -> None:
    cards = deck(
        "parejas",
        {1: "1b 12o 11o", 2: "12e 11e 3b", 3: "12b 11b 12c 11c 2b"},
        turned="4b",
    )
    state = game("parejas", cards)
    events = act(state, "play 1b", "play 3b", "play 2b")
    events += drive(state, lambda s: s.to_act == 1, first_legal)
    assert kinds(events, CanteSung) == [CanteSung(1, "o", 20), CanteSung(3, "b", 40)]
    assert state.view(0).cantes == ((1, "o", 20), (3, "b", 40))


def test_cantes_are_automatic_outside_habanero() -> None:
    state = game("individual", deck("individual", {1: "12c 11c"}))
    rejects(state, 1, "sing c", TuteRefusal.CANTES_AUTOMATIC)


# ----------------------------------------------------------------------------- tute


def test_tute_of_four_reyes_wins_the_match_before_any_cante() -> None:
    cards = deck("individual", {1: "1b 12o 12c 12e 12b 11b 11o"}, turned="4b")
    state = game("individual", cards)
    events = act(state, "play 1b") + drive(state, lambda s: s.to_act == 1 or s.is_over, first_legal)
    assert events[-2:] == [TuteSung(1, 12), MatchOver((1,), (0, 0, 0, 0), "tute")]
    assert kinds(events, CanteSung) == [] and kinds(events, HandScored) == []
    assert state.is_over and state.to_act is None and state.legal_actions() == []
    assert state.result is not None and state.result.winners == (1,)
    assert state.result.summary["reason"] == "tute"
    with pytest.raises(GameOver) as info:
        state.apply(1, "play 12o")
    assert (info.value.code, info.value.params) == (Common.GAME_OVER, {})


def test_tute_option_off_sings_the_cantes_instead() -> None:
    cards = deck("individual", {1: "1b 12o 12c 12e 12b 11b 11o"}, turned="4b")
    state = game("individual", cards, tute=False)
    events = act(state, "play 1b") + drive(state, lambda s: s.to_act == 1, first_legal)
    assert kinds(events, TuteSung) == []
    assert kinds(events, CanteSung) == [CanteSung(1, "b", 40)]
    assert not state.is_over


def test_tute_of_four_caballos_in_arrastrado() -> None:
    cards = deck("arrastrado", {1: "1b 11o 11c 11e 11b"}, turned="4b")
    state = game("arrastrado", cards)
    events = act(state, "play 1b") + drive(state, lambda s: s.is_over, first_legal)
    assert events[-2:] == [TuteSung(1, 11), MatchOver((1,), (0, 0, 0), "tute")]


def test_tute_in_the_partners_hand_wins_for_the_pair() -> None:
    cards = deck("parejas", {1: "1b", 2: "3b", 3: "12o 12c 12e 12b 2b"}, turned="4b")
    state = game("parejas", cards)
    events = act(state, "play 1b", "play 3b", "play 2b")
    events += drive(state, lambda s: s.is_over, first_legal)
    assert events[-2:] == [TuteSung(3, 12), MatchOver((1, 3), (0, 0), "tute")]
    assert state.result is not None and state.result.scores == (0, 0)


def test_tute_only_for_the_trick_winner() -> None:
    cards = deck("individual", {1: "1b", 2: "12o 12c 12e 12b"}, turned="4b")
    state = game("individual", cards)
    events = act(state, "play 1b") + drive(state, lambda s: s.to_act == 1, first_legal)
    assert kinds(events, TuteSung) == [] and not state.is_over


def test_habanero_has_no_tute_unless_the_option_forces_it() -> None:
    keep = "12c 12e 12o 12b 11c 11e"
    state = game("habanero", dominant_deck())
    drive(state, lambda s: set(sp("12c 12e 12o 12b")) <= set(s.hands[0]), dominant_pick(keep))
    drive(state, lambda s: s.to_act == 0 and not s.trick.plays, dominant_pick(keep))
    assert "sing tute" not in legal(state)
    rejects(state, 0, "sing tute", TuteRefusal.TUTE_OFF)

    state = game("habanero", dominant_deck(), tute=True)
    drive(state, lambda s: set(sp("12c 12e 12o 12b")) <= set(s.hands[0]), dominant_pick(keep))
    drive(state, lambda s: s.to_act == 0 and not s.trick.plays, dominant_pick(keep))
    assert "sing tute" in legal(state)
    events = act(state, "sing tute")
    assert events == [TuteSung(0, 12), MatchOver((0,), (0, 0), "tute")]


def test_sing_tute_needs_the_four_reyes_or_caballos() -> None:
    state = game("habanero", dominant_deck(), tute=True)
    act(state, "play 2c", "play 1c")
    assert "sing tute" not in legal(state) and "sing c" in legal(state)
    rejects(state, 0, "sing tute", TuteRefusal.NO_TUTE)
    act(state, "sing c")
    rejects(state, 0, "sing tute", TuteRefusal.NO_TUTE)  # not a cante: still its own reason


# ----------------------------------------------------------------------------- capote


def test_capote_declarer_takes_all_eight() -> None:
    state = game("habanero", dominant_deck())
    drive(state, after_last_draw, dominant_pick())
    assert state.to_act == 0 and legal(state) == ["capote", "pass"]
    rejects(state, 0, "play 1o", TuteRefusal.CAPOTE_PENDING)
    assert act(state, "capote") == [CapoteDeclared(0)]
    assert state.view(1).capote == 0 and state.to_act == 0
    events = drive(state, lambda s: s.hand_number == 2, dominant_pick())
    scored = kinds(events, HandScored)
    assert scored == [
        HandScored(1, "capote", (120, 0), (120, 0), (0, 0), None, (0,), 1, (1, 0), 0, "made")
    ]  # one juego, no diez de últimas, no second juego
    assert len(kinds(events, TrickWon)) == 8


def test_capote_asked_to_the_other_player_and_lost_at_the_first_trick() -> None:
    state = game("habanero", dominant_deck())
    drive(state, after_last_draw, dominant_pick())
    assert act(state, "pass") == [CapotePassed(0)]
    assert state.to_act == 1 and legal(state) == ["capote", "pass"]
    assert act(state, "capote") == [CapoteDeclared(1)]
    assert state.to_act == 0  # the leader plays
    events = step(state, dominant_pick(), 2)
    assert [type(e) for e in events] == [CardPlayed, CardPlayed, TrickWon, HandScored, HandDealt]
    scored = kinds(events, HandScored)[0]
    assert scored.reason == "capote" and scored.winners == (0,) and scored.juegos == 1
    assert scored.ultimas is None and scored.totals == (1, 0)
    assert (scored.declarer, scored.capote) == (1, "failed")  # the reason the log gives
    assert state.hand_number == 2 and state.dealer == 1


def test_capote_only_when_the_baceta_is_exhausted() -> None:
    state = game("habanero", dominant_deck())
    rejects(state, 1, "capote", TuteRefusal.CAPOTE_NOT_NOW)
    rejects(state, 1, "pass", TuteRefusal.CAPOTE_NOT_NOW)


# ----------------------------------------------------------------------------- hand result


def test_diez_de_ultimas_and_two_juegos_with_101() -> None:
    state = game("habanero", dominant_deck())
    drive(state, after_last_draw, dominant_pick())
    act(state, "pass", "pass")
    events = drive(state, lambda s: s.hand_number == 2, dominant_pick())
    last = kinds(events, TrickWon)[-1]
    assert last.last and last.seat == 0
    assert kinds(events, HandScored) == [
        HandScored(1, "puntos", (130, 0), (120, 0), (0, 0), 0, (0,), 2, (2, 0))
    ]


def play_hand(modalidad: str, cards: str, **options: object) -> tuple[HandScored, list[int]]:
    """Play one hand of a fixed deck, every seat taking its first legal action."""
    state = game(modalidad, sp(cards), **options)
    events = drive(state, lambda s: s.hand_number == 2 or s.is_over, first_legal)
    winners = [e.seat for e in kinds(events, TrickWon)]
    scored = kinds(events, HandScored)
    assert len(scored) == 1 and isinstance(scored[0], HandScored)
    return scored[0], winners


def test_tie_goes_to_the_diez_de_ultimas_pair() -> None:
    scored, winners = play_hand(
        "parejas",
        "10e 3o 4c 6c 11c 6e 1c 1e 3b 5c 6b 11b 12b 5e 10o 1o 6o 2e 7c 7b "
        "7o 10b 7e 12o 12c 5o 11e 11o 1b 3e 4b 2b 10c 5b 3c 4e 4o 2c 12e 2o",
    )
    assert scored.points == (95, 95)
    assert scored.cante_points == (40, 20)
    assert scored.ultimas == winners[-1] == 1
    assert scored.winners == (1, 3) and scored.juegos == 1 and scored.totals == (0, 1)


ARRASTRADO_TIE = (
    "6c 1e 7c 5o 5e 3o 11c 5b 12o 2o 6b 12e 4c 12b 11b 10c 5c 2c 6e 12c "
    "4o 3b 10e 6o 2e 3e 1o 7b 7o 2b 4b 11o 4e 11e 10b 3c 7e 1c 10o 1b"
)


def test_tie_goes_to_the_diez_de_ultimas_player() -> None:
    scored, winners = play_hand("arrastrado", ARRASTRADO_TIE)
    assert scored.points == (46, 27, 46)
    assert scored.ultimas == winners[-1] == 2
    assert scored.winners == (2,) and scored.juegos == 1


@pytest.mark.parametrize(
    ("modalidad", "cards", "points", "winner"),
    [
        (
            "individual",
            "4b 1o 7b 11e 4e 12o 10b 12b 3e 6o 3b 1e 7c 1b 6b 12c 11b 10o 11c 6c "
            "5o 5b 2o 10e 2b 5c 12e 4c 2e 5e 7e 2c 1c 4o 7o 11o 3c 10c 3o 6e",
            (38, 44, 44, 4),
            2,
        ),
        (
            "arrastrado",
            "11b 7b 2b 12e 6c 7e 4e 3e 10b 7o 5o 1c 12o 2e 12b 4b 1e 3b 10c 2c "
            "3c 10e 12c 6o 1b 11e 10o 6b 1o 5c 3o 11o 5e 6e 4o 7c 4c 2o 11c 5b",
            (48, 34, 48),
            2,
        ),
    ],
)
def test_tie_without_the_diez_goes_to_the_tied_player_who_won_the_latest_trick(
    modalidad: str, cards: str, points: tuple[int, ...], winner: int
) -> None:
    scored, winners = play_hand(modalidad, cards)
    assert scored.points == points
    tied = [s for s, p in enumerate(points) if p == max(points)]
    assert scored.ultimas not in tied
    assert next(w for w in reversed(winners) if w in tied) == winner
    assert scored.winners == (winner,) and scored.juegos == 1


def test_arrastrado_points_exclude_the_turned_card() -> None:
    scored, _ = play_hand("arrastrado", ARRASTRADO_TIE)
    assert sum(scored.card_points) == 120 - 11  # the 40th card, 1b, is out of play


def test_two_juegos_to_the_highest_when_both_pairs_pass_101() -> None:
    scored, _ = play_hand(
        "parejas",
        "1c 2c 6c 3c 4c 6o 12o 12c 4o 1o 10c 5o 3o 1e 11b 7c 5e 4b 12e 4e "
        "2e 7b 12b 10b 10o 1b 3b 10e 7o 5c 3e 11c 2b 6b 11e 11o 2o 6e 7e 5b",
        tute=False,
    )
    assert scored.points == (101, 109)
    assert scored.winners == (1, 3) and scored.juegos == 2 and scored.totals == (0, 2)


# ----------------------------------------------------------------------------- match


def test_match_ends_when_a_side_reaches_the_juegos() -> None:
    state = game("habanero", dominant_deck(), juegos=2)
    drive(state, after_last_draw, dominant_pick())
    act(state, "pass", "pass")
    events = drive(state, lambda s: s.is_over, dominant_pick())
    assert events[-1] == MatchOver((0,), (2, 0), "juegos")
    assert state.result is not None
    assert state.result.scores == (2, 0) and state.result.winners == (0,)
    hands = state.result.summary["hands"]
    assert [h["juegos"] for h in hands] == [2] and hands[0]["points"] == [130, 0]


def test_match_continues_below_the_juegos() -> None:
    state = game("habanero", dominant_deck(), juegos=3)
    drive(state, after_last_draw, dominant_pick())
    act(state, "pass", "pass")
    events = drive(state, lambda s: s.hand_number == 2, dominant_pick())
    assert events[-1] == HandDealt(2, 1, 0, state.trump.value, state.turned, 24)
    assert not state.is_over and state.view(0).juegos == (2, 0) and state.to_act == 0


@pytest.mark.parametrize("modalidad", ["habanero", "arrastrado", "individual", "parejas"])
def test_whole_match_result(modalidad: Modalidad) -> None:
    options = Options(modalidad=modalidad, juegos=4, tute=False)
    state = tute.new_game(options, PLAYERS[modalidad], seed=11)
    events = drive(state, lambda s: s.is_over, first_legal)
    assert state.result is not None
    scores, winners = state.result.scores, state.result.winners
    assert len(scores) == (2 if modalidad == "parejas" else PLAYERS[modalidad])
    side = winners[0] % len(scores)
    assert scores[side] >= 4 and all(s < 4 for i, s in enumerate(scores) if i != side)
    scored = kinds(events, HandScored)
    hands = [h for h in state.result.summary["hands"] if h["reason"] != "tute"]
    assert [h["totals"] for h in hands] == [list(e.totals) for e in scored]
    assert [h["points"] for h in hands] == [list(e.points) for e in scored]
    if modalidad == "parejas":
        assert winners == (side, side + 2)


def test_parejas_scores_per_pair() -> None:
    cards = (
        "10e 3o 4c 6c 11c 6e 1c 1e 3b 5c 6b 11b 12b 5e 10o 1o 6o 2e 7c 7b "
        "7o 10b 7e 12o 12c 5o 11e 11o 1b 3e 4b 2b 10c 5b 3c 4e 4o 2c 12e 2o"
    )
    state = game("parejas", sp(cards), juegos=1)
    events = drive(state, lambda s: s.is_over, first_legal)
    assert events[-1] == MatchOver((1, 3), (0, 1), "juegos")


# ----------------------------------------------------------------------------- protocol


def test_not_your_turn_and_game_over() -> None:
    state = game("individual", deck("individual", {1: "1c"}))
    before = state.to_json()
    with pytest.raises(NotYourTurn) as info:
        state.apply(2, "play 1c")
    assert (info.value.code, info.value.params) == (Common.NOT_YOUR_TURN, {})
    assert state.to_json() == before


def test_illegal_actions_raise_a_reason_and_leave_the_state_unchanged() -> None:
    state = game("individual", deck("individual", {1: "1c 2c", 2: "3c"}))
    rejects(state, 1, "play 3c", Common.NOT_IN_HAND, card=c("3c"))
    rejects(state, 1, "play 13c", Common.UNKNOWN_CARD, text="13c")
    rejects(state, 1, "play", Common.MISSING_CARD, text="play")
    rejects(state, 1, "dance", Common.UNKNOWN_ACTION, text="dance")
    rejects(state, 1, "sing x", TuteRefusal.UNKNOWN_SUIT, text="x")
    rejects(state, 1, "swap now", Common.NO_ARGUMENTS, verb="swap")
    rejects(state, 1, "", Common.EMPTY_ACTION)


def test_actions_accept_text_names_and_objects() -> None:
    state = game("individual", deck("individual", {1: "1c 2c", 2: "3c"}))
    assert act(state, "play as de copas") == [CardPlayed(1, c("1c"))]
    assert state.apply(2, Action.play(c("3c"))) == [CardPlayed(2, c("3c"))]
    assert all(Action.parse(str(a)) == a for a in state.legal_actions())


def test_views_hide_other_hands() -> None:
    state = game("habanero", dominant_deck())
    spectator, other, actor = state.view(None), state.view(0), state.view(1)
    assert spectator.hand == () and spectator.legal == ()
    assert other.hand == tuple(state.hands[0]) and other.legal == ()
    assert actor.legal == tuple(legal(state))
    act(state, "play 2c", "play 1c")
    view = state.view(1)
    assert view.last_trick == ((1, c("2c")), (0, c("1c")))
    assert view.tricks_won == (1, 0) and view.trick == () and view.leader == 0
    assert view.hand_number == 1 and view.modalidad == "habanero" and view.target == 3
    with pytest.raises(ValueError):
        state.view(2)


def test_json_round_trip_mid_hand() -> None:
    state = game("habanero", dominant_deck("1o"))
    act(state, "play 2c", "play 1c", "swap", "sing c")
    restored = State.from_json(state.to_json())
    assert restored.to_json() == state.to_json()
    assert restored.view(0) == state.view(0)
    pick = dominant_pick()
    a = drive(state, lambda s: s.is_over, pick)
    b = drive(restored, lambda s: s.is_over, pick)
    assert a == b and restored.to_json() == state.to_json()


def test_json_round_trip_keeps_field_types() -> None:
    cards = deck("arrastrado", {1: "7o 3o 12c 11c 5c", 2: "2o 6c", 0: "4c"}, turned="1o")
    state = game("arrastrado", cards)
    act(state, "swap", "play 1o")
    events = step(state, first_legal, 2)
    assert kinds(events, CanteSung) == [CanteSung(1, "c", 20)]
    act(state, "play 3o")  # a trick in progress
    restored = State.from_json(state.to_json())
    assert restored.cantes, "the scenario reaches a cante"
    for name in State.SAVED:
        if name == "source":
            assert restored.source.to_data() == state.source.to_data()
        else:
            assert getattr(restored, name) == getattr(state, name), name
    assert isinstance(restored.trick, Trick)
    assert all(type(p) is tuple for p in (*restored.trick.plays, *restored.last_trick))
    assert all(type(x) is tuple for x in restored.cantes)
    assert all(isinstance(x, SpanishSuit) for x in restored.sung)
    assert restored.initial_events == [] and restored.legal_actions() == state.legal_actions()


def test_json_round_trip_after_the_match() -> None:
    state = game("habanero", dominant_deck(), juegos=1)
    drive(state, lambda s: s.is_over, dominant_pick())
    restored = State.from_json(state.to_json())
    assert restored.result == state.result and restored.to_json() == state.to_json()
    assert restored.result is not None and type(restored.result.winners) is tuple
    assert restored.history == state.history and restored.result.summary["hands"][0]["points"]
    assert restored.is_over and restored.to_act is None and restored.legal_actions() == []
    with pytest.raises(GameOver):
        restored.apply(0, "pass")


def test_game_declares_verbs_and_refusals() -> None:
    assert tute.GAME.name == "tute" and tute.GAME.family == "spanish"
    assert tute.GAME.options is Options and tute.GAME.state is State
    assert [v.name for v in tute.VERBS] == ["play", "sing", "swap", "capote", "pass"]
    assert tute.GAME.verb("play").card_first and tute.GAME.verb("sing").args[0][0] == "suit"
    assert set(tute.GAME.refusals) == {TuteRefusal, Obligation}
    assert tute.CardPlayed is CardPlayed and tute.TrickWon is TrickWon
