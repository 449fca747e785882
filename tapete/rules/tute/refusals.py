"""The codes of the moves Tute refuses (``error-<code>`` in the message catalogs).

Besides these, Tute raises the common codes of :mod:`rules.errors` (``not_your_turn``,
``game_over``, ``unknown_card`` (text), ``unknown_action`` (text), ``empty_action``,
``missing_card`` (text), ``no_arguments`` (verb), ``not_in_hand`` (card), ``not_now`` (text))
and the trick obligations of :class:`rules.tricks.Obligation` (``must_follow``,
``must_overtake``, ``must_trump``, ``must_overtrump``; param ``suit``).
"""

from __future__ import annotations

from tapete.rules.errors import Refusal


class TuteRefusal(Refusal):
    UNKNOWN_SUIT = "unknown_suit"  # params: text (``sing`` with a word that is no suit)

    # capote (habanero)
    CAPOTE_PENDING = "capote_pending"  # anything but capote/pass while capote is asked
    CAPOTE_NOT_NOW = "capote_not_now"  # capote/pass before the baceta is exhausted

    # cantes and tute
    CANTES_AUTOMATIC = "cantes_automatic"  # ``sing`` outside habanero
    TUTE_OFF = "tute_off"  # ``sing tute`` when the table plays without tute
    SING_TOO_LATE = "sing_too_late"  # the baceta is exhausted
    SING_AFTER_TRICK = "sing_after_trick"  # only the trick winner, after the draws
    NO_TUTE = "no_tute"  # neither the four reyes nor the four caballos
    ALREADY_SANG = "already_sang"  # one cante per trick won
    SUIT_SUNG = "suit_sung"  # params: suit (each suit sung once a hand)
    NO_CANTE = "no_cante"  # params: suit (rey or caballo missing)

    # exchanging the turned trump card
    SWAP_NOT_PLAYED = "swap_not_played"  # individual and parejas
    SWAP_TOO_LATE = "swap_too_late"  # habanero: the baceta is exhausted
    SWAP_AFTER_TRICK = "swap_after_trick"  # habanero: only the trick winner, before leading
    SWAPPED_THIS_TRICK = "swapped_this_trick"  # habanero: one swap per trick won
    SWAP_FIRST_TRICK = "swap_first_trick"  # arrastrado: only during the first trick
    ALREADY_SWAPPED = "already_swapped"  # arrastrado: once per player
    TWO_NOT_SWAPPED = "two_not_swapped"  # the turned card is the 2 of trumps
    SWAP_NEEDS = "swap_needs"  # params: card (the 7 or the 2 of trumps, not held)
