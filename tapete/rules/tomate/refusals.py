"""The codes of the moves Tomate refuses (``error-<code>`` in the message catalogs).

Besides these, Tomate raises the common codes of :mod:`rules.errors` (``not_your_turn``,
``game_over``, ``unknown_card``, ``unknown_action``, ``empty_action``, ``no_arguments``,
``not_in_hand``) and the trick obligations of :mod:`rules.tricks` (``must_follow``,
``must_overtake``, ``must_trump``, ``must_overtrump``).

A verb that does not fit the moment is refused with ``phase`` (the phase of the hand) and
``size`` (the cards each player holds: the range of a blind discard) among its parameters, so
that the message can add how to go on; ``unknown_action`` carries them too.
"""

from __future__ import annotations

from tapete.rules.errors import Refusal


class TomateRefusal(Refusal):
    # A verb out of its moment; params: phase, size.
    ONLY_DEALER_TAKES = "only_dealer_takes"  # ``take`` by someone who is not the dealer
    TOO_LATE_TO_TAKE = "too_late_to_take"  # ``take`` by the dealer after the tomo
    DISCARD_ONLY_AFTER_TAKE = "discard_only_after_take"
    NO_EXCHANGE_IN_VARIANT = "no_exchange_in_variant"  # ``exchange`` with three cards each
    MUST_DISCARD = "must_discard"  # ``pass`` when the dealer who took must discard
    CANNOT_PASS = "cannot_pass"  # ``pass`` during the tricks
    NOT_SPEAKING = "not_speaking"  # ``stay`` outside paso/juego
    NO_BACETA_OFFER = "no_baceta_offer"  # ``baceta`` when it is not offered
    NOT_EXCHANGING = "not_exchanging"  # ``exchange`` outside the mosca exchanges
    NO_TRICKS_YET = "no_tricks_yet"  # ``play`` before the tricks

    BAD_POSITION = "bad_position"  # params: size (positions go from 1 to size)
    EXCHANGE_NEEDS_CARDS = "exchange_needs_cards"  # ``exchange`` naming no card
    CARD_TWICE = "card_twice"  # params: card (named twice in one exchange)
    BACETA_SHORT = "baceta_short"  # params: left (cards in the baceta)
    BLIND_NEXT_CARD = "blind_next_card"  # a ciegas: only the next card of the hand
    PLAY_ONE_CARD = "play_one_card"  # ``play`` without exactly one card
