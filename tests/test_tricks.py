"""Shared trick logic: winner and legal cards under each policy (docs/rules/en/conventions.md)."""

from tapete.rules.cards import parse_cards
from tapete.rules.tricks import FREE_PLAY, Ranking, TrickPolicy, When, legal_cards, trick_winner

TUTE = Ranking(order=(1, 3, 12, 11, 10, 7, 6, 5, 4, 2))
FULL = TrickPolicy()  # asistir, montar, fallar, pisar; any card when unable to pisar


def sp(*texts: str) -> list:
    return parse_cards(texts, "spanish")


def plays(*texts: str) -> list:
    return list(enumerate(sp(*texts)))


def trump(s: str):
    return sp(f"1{s}")[0].suit


def test_winner_highest_of_led_suit() -> None:
    assert trick_winner(plays("3c", "1c", "12c"), trump("o"), TUTE) == 1


def test_winner_trump_beats_led_suit() -> None:
    assert trick_winner(plays("1c", "2o", "3c"), trump("o"), TUTE) == 1


def test_off_suit_never_wins() -> None:
    assert trick_winner(plays("2c", "1e"), trump("o"), TUTE) == 0


def test_must_follow_and_overtake() -> None:
    hand = sp("2c", "1c", "5o")
    assert legal_cards(hand, plays("3c"), trump("o"), TUTE, FULL) == sp("1c")


def test_follow_lower_when_unable_to_overtake() -> None:
    hand = sp("2c", "4c", "5o")
    assert legal_cards(hand, plays("3c"), trump("o"), TUTE, FULL) == sp("2c", "4c")


def test_montar_against_led_suit_even_when_trumped() -> None:
    hand = sp("12c", "2c")
    legal = legal_cards(hand, plays("11c", "2o"), trump("o"), TUTE, FULL)
    assert legal == sp("12c")


def test_void_must_trump() -> None:
    hand = sp("2o", "4e")
    assert legal_cards(hand, plays("3c"), trump("o"), TUTE, FULL) == sp("2o")


def test_void_must_overtrump_or_play_any() -> None:
    hand = sp("2o", "1o", "4e")
    assert legal_cards(hand, plays("3c", "3o"), trump("o"), TUTE, FULL) == sp("1o")
    hand = sp("2o", "4e")
    assert legal_cards(hand, plays("3c", "3o"), trump("o"), TUTE, FULL) == sp("2o", "4e")


def test_undertrump_policy_keeps_trumps() -> None:
    policy = TrickPolicy(undertrump=True)
    hand = sp("2o", "4e")
    assert legal_cards(hand, plays("3c", "3o"), trump("o"), TUTE, policy) == sp("2o")


def test_partner_frees() -> None:
    policy = TrickPolicy(partner_frees=True)
    hand = sp("2o", "4e")
    assert legal_cards(hand, plays("3c"), trump("o"), TUTE, policy, partner_winning=True) == hand


def test_trump_lead_only_policy() -> None:
    policy = TrickPolicy(follow=When.TRUMP_LEAD, overtake=When.NEVER, trump_when_void=False)
    hand = sp("2c", "4o", "1e")
    assert legal_cards(hand, plays("3c"), trump("o"), TUTE, policy) == hand
    assert legal_cards(hand, plays("3o"), trump("o"), TUTE, policy) == sp("4o")


def test_free_play_and_empty_trick() -> None:
    hand = sp("2c", "4o")
    assert legal_cards(hand, plays("3c"), trump("o"), TUTE, FREE_PLAY) == hand
    assert legal_cards(hand, [], trump("o"), TUTE, FULL) == hand


def test_promoted_trump_card() -> None:
    french = Ranking(
        order=(14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2),
        trump_extra=tuple(parse_cards(["Jc"], "french")),
    )
    h = parse_cards(["Ah"], "french")[0].suit
    tr = list(enumerate(parse_cards(["Ah", "Jc"], "french")))
    assert trick_winner(tr, h, french) == 1
    # Jc plays as a trump: void in clubs is irrelevant, it must be played on a club lead only
    # if the player is void of clubs and must trump.
    hand = parse_cards(["Jc", "2d"], "french")
    lead = list(enumerate(parse_cards(["Kc"], "french")))
    assert legal_cards(hand, lead, h, french, FULL) == parse_cards(["Jc"], "french")
