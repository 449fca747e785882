"""The codes of the moves Belote refuses (``error-<code>`` / ``error-belote-<code>`` in the
message catalogs).

Besides these, Belote raises the common codes of :mod:`rules.errors` (``not_your_turn``,
``game_over``, ``unknown_card`` (text), ``unknown_action`` (text), ``empty_action``,
``missing_card`` (text), ``no_arguments`` (verb), ``not_in_hand`` (card), ``not_now`` (text))
and the trick obligations of :class:`rules.tricks.Obligation`: ``must_follow`` (suit),
``must_overtake`` (suit, card: the trump to beat), ``must_trump`` (suit), ``must_overtrump``
(suit, card: the trump to beat) and ``must_undertrump`` (suit).
"""

from __future__ import annotations

from tapete.rules.errors import Refusal


class BeloteRefusal(Refusal):
    UNKNOWN_SUIT = "unknown_suit"  # params: text (``name`` with a word that is no suit)

    # bidding
    BIDDING = "bidding"  # a card or an announcement while the trump is being bid
    NOT_BIDDING = "not_bidding"  # ``take``/``name`` once the trump is settled
    TAKE_FIRST_ROUND = "take_first_round"  # params: suit (``take`` in the second round)
    NAME_SECOND_ROUND = "name_second_round"  # params: suit (``name`` in the first round)
    NAME_TURNED_SUIT = "name_turned_suit"  # params: suit (the turned suit, second round)

    # the 7 of trumps for the turned card (2-3 players)
    SWAP_PENDING = "swap_pending"  # params: card (the 7 of trumps): decide ``swap``/``pass``
    SWAP_NOT_NOW = "swap_not_now"  # ``swap`` outside that decision

    # announcements
    ANNOUNCE_TOO_LATE = "announce_too_late"  # after the player's first card
    ALREADY_ANNOUNCED = "already_announced"
    NO_COMBINATION = "no_combination"  # the hand holds no brelán and no sequence
    NOTHING_BETTER = "nothing_better"  # none better than the best one already announced
