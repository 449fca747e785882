"""The codes of the moves Escoba refuses (``error-<code>`` or ``error-escoba-<code>``).

Besides these, Escoba raises the common codes of :mod:`rules.errors`: ``not_your_turn``,
``game_over``, ``unknown_card`` (text), ``unknown_action`` (text: the verb), ``empty_action``,
``no_arguments`` (verb: ``pass 1o``), ``not_in_hand`` (card) and ``not_now`` (text).
"""

from __future__ import annotations

from tapete.rules.errors import Refusal


class EscobaRefusal(Refusal):
    PLAY_ONE_CARD = "play_one_card"  # ``play`` with more or fewer than one card
    MUST_CAPTURE = "must_capture"  # params: card (captura obligatoria: it can capture)
    CAPTURE_NEEDS_CARDS = "capture_needs_cards"  # ``capture <card>`` without table cards
    REPEATED_CARD = "repeated_card"  # the same card twice in one action
    NOT_ON_TABLE = "not_on_table"  # params: card
    NOT_FIFTEEN = "not_fifteen"  # params: card, total (what the cards make with it)
    HAND_EMPTY = "hand_empty"  # play/capture with no card left (a claim is pending)
    NO_PASS = "no_pass"  # ``pass`` with cards in hand and no renuncio pending
    NO_PASS_CLAIM = "no_pass_claim"  # ``pass`` with a renuncio pending and cards in hand
    NO_RENUNCIO = "no_renuncio"  # ``claim`` when there is nothing to claim
    CLAIM_NEEDS_CARDS = "claim_needs_cards"  # ``claim <card>`` without table cards
    WRONG_RENUNCIO = "wrong_renuncio"  # params: expected (the laid card), card (the one named)
