"""The codes of the moves NLK refuses (``error-<code>`` in the message catalogs).

Besides these, NLK raises the common codes of :mod:`rules.errors` (``not_your_turn``,
``game_over``, ``unknown_card`` (text), ``unknown_action`` (text), ``empty_action``,
``missing_card`` (text), ``no_arguments`` (verb), ``not_in_hand`` (card)).
"""

from __future__ import annotations

from tapete.rules.errors import Refusal


class NLKRefusal(Refusal):
    # Phase I, the piles
    MOVE_AFTER_DRAW = "move_after_draw"  # ``move`` once the player has drawn
    DRAW_FIRST = "draw_first"  # ``give``/``keep`` before drawing
    ALREADY_DREW = "already_drew"  # params: card (``draw`` while holding a drawn card)
    MISSING_SEAT = "missing_seat"  # params: verb (``move``/``give`` without a seat)
    BAD_SEAT = "bad_seat"  # params: text, last (not a seat number 0..last)
    MOVE_TO_OWN = "move_to_own"  # ``move`` naming the player's own seat
    GIVE_TO_OWN = "give_to_own"  # ``give`` naming the player's own seat (that is ``keep``)
    OWN_PILE_EMPTY = "own_pile_empty"  # ``move`` with nothing on one's own pile
    EMPTY_PILE = "empty_pile"  # params: to (nothing can be put on an empty pile)
    NOT_ONE_ABOVE = "not_one_above"  # params: card, top, to (card is not one rank above top)
    PILES_OVER = "piles_over"  # a Phase I verb during Phase II

    # Phase II, shedding
    NOT_SHEDDING_YET = "not_shedding_yet"  # ``play``/``take`` during Phase I
    PLAY_ONE_CARD = "play_one_card"  # ``play`` naming more than one card
    BEAT_TOP = "beat_top"  # params: top (a higher card of its suit, or a trump)
    BEAT_TRUMP = "beat_trump"  # params: top (a trump on top: only a higher trump)
    LEADER_MUST_PLAY = "leader_must_play"  # ``take`` on an empty trick
