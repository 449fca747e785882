## Belote: the game, its options, the table, its actions, its events and its refusals.

game-belote = Belote
game-belote-desc = Belote: 32-card French deck, announcements, belote and rebelote.
help-belote =
    • **Deck**: French, 32 cards. In trumps: J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 and 7 nothing; in the other suits: A 11, 10 10, K 4, Q 3, J 2. The last trick scores 10 more (**dix de der**).
    • **Players**: 2, 3 or 4; with `pairs`, 4 in two pairs (1st and 3rd against 2nd and 4th).
    • **Deal**: with 2 or 3 players, 6 cards each (3 at a time); with 4, 5 (3 then 2). The next card is turned up: its suit is proposed as trumps.
    • **Bidding**: first, from mano, each player **takes** the proposed suit or passes; if all pass, each may **name** another suit or pass. If everybody passes twice, the same dealer deals again.
    • **Complementary cards**: 3 more each; with 4 players the taker gets 2 and keeps the turned card. With 2 or 3 the bottom card of the deck is shown, and if trumps are the turned suit, the holder of the 7 of trumps may **swap** it for the turned card.
    • **Announcements** (before playing your first card, the “Announce” button): **four of a kind** (four jacks 200, four 9s 150, aces, tens, kings or queens 100) and **runs** of 3 (20), 4 (50), 5 or more (100) and 8 (120). Only what is better than what was already announced may be announced (an equal run only when `run_tie` is “nobody / shared”). When the first trick ends they are shown and scored: the best four of a kind takes its side's fours of a kind and annuls the other sides' runs; the best run (longest, highest, in trumps) takes its side's runs, unless another side announced a four of a kind: then nobody does. Ties: option `run_tie` (tied runs).
    • **Belote**: the king and queen of trumps in one hand score 20; the bot says “belote” and “rebelote” as they are played.
    • **Tricks**: follow suit (no need to head the trick), except on a trump lead, where you must go higher if you can. Void: trump, and overtrump if you can; unable to overtrump, still a trump; with no trump, any card. In pairs, when your partner wins the trick and you are void, any card.
    • **Count**: the taker must score more than every opponent (cards, dix de der, announcements and belote). Otherwise **dedans**: the opponents share all the points and the taker keeps only belote. An exact tie (option `litige`): the taker's points wait for the winner of the next hand. **Capote** (a side with no trick): 100 for the sides that took a trick.
    • **Match**: won by whoever, at the end of a hand, alone has the most points and reaches the `target` (1000 by default).

## Options of /belote new
option-belote-parejas = Four players in two pairs (default: no, each for themselves).
option-belote-parejas-name = pairs
option-belote-parejas-label = Pairs
option-belote-objetivo = Points to win the match (default 1,000, from 1 to 10,000).
option-belote-objetivo-name = target
option-belote-objetivo-label = Target
option-belote-litigio = A taker tied with an opponent: their points wait for the next hand (default yes).
option-belote-litigio-name = litige
option-belote-litigio-label = Litige
option-belote-empate_escalera = Equal runs: the first announced wins (default), or nobody / shared.
option-belote-empate_escalera-name = run_tie
option-belote-empate_escalera-label = Tied runs
option-belote-empate_escalera-first = the first one announced wins
option-belote-empate_escalera-none_or_split = nobody with 2 players, shared with 3 or more

## The table
belote-title = Belote — hand { $hand }
belote-title-pairs = Belote in pairs — hand { $hand }
belote-bidding = { $dealer } deals · turned card { $card }: **{ $suit }** proposed.
belote-round-1 = First round: take { $suit } or pass.
belote-round-2 = Second round: name another suit or pass.
belote-trump = Trumps: **{ $suit }** · taken by { $taker } · { $dealer } deals
belote-turned = Turned card { $card }, out of play.
belote-turned-taken = Turned card { $card }, to { $taker }.
belote-swapped = { $name } swapped the { $given } for the turned card { $taken }.
belote-bottom = Bottom card of the deck: { $card }.
belote-swap-pending = { $name } decides whether to swap the 7 of trumps for the turned card.
belote-trick = Trick in play
belote-last_trick = Last trick
belote-announced = Announcements
belote-announce-line = { $name }: { $combos }
belote-shown-line = { $name }: { $cards } — { $points } ({ $reason })
belote-belote = Belote
belote-belote-line = { $rebelote ->
        [yes] { $name }: belote and rebelote (+20)
       *[other] { $name }: belote
    }
belote-points = Points this hand
belote-scores = Match (to { $target })
belote-held = ⚖️ In litige: { $n } points for the winner of the next hand.
belote-seat-mark = { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }, { $tricks ->
        [one] { $tricks } trick
       *[other] { $tricks } tricks
    }
belote-last-hand = Previous hand
belote-summary-head = Hand { $hand }: { $taker } took ({ $suit }) · **{ $outcome }**
belote-summary-cards = Cards: { $cards } · dix de der: { $der }
belote-summary-combo = { $name }: { $combo } — { $points } ({ $reason })
belote-summary-belote = Belote: { $name } (+20)
belote-summary-capote = Capote: { $bonus }
belote-summary-points = Points: { $points } → scored: { $scored }
belote-summary-released = Earlier litige paid: { $n }
belote-summary-held = Held in litige: { $n }
belote-summary-totals = Total: { $totals }
belote-hand-summary = Hand { $hand }: { $taker } took, { $outcome } · scored { $scored }
belote-outcome = { $outcome ->
        [hecho] made
        [dedans] dedans
       *[litige] litige
    }
belote-combo-kind = { $combo ->
        [brelan] four of a kind
       *[sequence] { $length ->
            [3] tierce
            [4] quarte
            [5] quint
            [6] run of six
            [7] run of seven
           *[8] run of eight
        }
    }
belote-combo-brelan = four { $rank ->
        [11] jacks
        [9] nines
        [14] aces
        [10] tens
        [13] kings
       *[12] queens
    }
belote-combo-sequence = { $length ->
        [3] tierce
        [4] quarte
        [5] quint
        [6] run of six
        [7] run of seven
       *[8] run of eight
    } { $top ->
        [14] to the ace
        [13] to the king
        [12] to the queen
        [11] to the jack
        [10] to the ten
       *[9] to the nine
    } in { $suit }
belote-reason = { $reason ->
        [scores] scores
        [beaten] beaten
        [annulled] annulled by a four of a kind
        [tie_lost] tie: announced later
        [tie_none] tie: nobody scores
       *[tie_split] tie: shared
    }

## Actions (buttons)
action-belote-take = Take { $suit }
action-belote-name = Name { $suit }
action-belote-swap = Swap the 7 for the turned card
action-belote-announce = { $count ->
        [0] 📣 Announce
       *[other] 📣 Announce: { $combos }
    }
action-belote-play = Play { $card }
action-belote-pass = { $phase ->
        [swap] Keep the 7
       *[other] Pass
    }

## Events (public log)
event-belote-HandDealt = 🃏 Hand { $hand }: { $dealer } deals; turned card { $turned }.
event-belote-Passed = { $round ->
        [1] { $seat } passes.
       *[other] { $seat } passes again.
    }
event-belote-Took = { $round ->
        [1] ✋ { $seat } takes: trumps are { $suit }.
       *[other] ✋ { $seat } names { $suit } as trumps.
    }
event-belote-TurnedCardTaken = { $seat } keeps the turned card { $card }.
event-belote-Redeal = 🔄 Everybody passed: { $dealer } deals again.
event-belote-BottomShown = { $dealer } shows the bottom card of the deck: { $card }.
event-belote-TrumpSwapped = 🔁 { $seat } swaps the { $given } for the turned card { $taken }.
event-belote-SwapDeclined = { $seat } keeps the 7 of trumps.
event-belote-Announced = 📣 { $seat } announces { $combo ->
        [brelan] four of a kind
       *[sequence] { $length ->
            [3] a tierce
            [4] a quarte
            [5] a quint
            [6] a run of six
            [7] a run of seven
           *[8] a run of eight
        }
    }.
event-belote-CombinationShown = 🂠 { $seat } shows { $cards }: { $points } ({ $reason ->
        [scores] scores
        [beaten] beaten
        [annulled] annulled by a four of a kind
        [tie_lost] tie: announced later
        [tie_none] tie: nobody scores
       *[tie_split] tie: shared
    }).
event-belote-BeloteDeclared = 🔔 { $seat }: belote!
event-belote-RebeloteDeclared = 🔔 { $seat }: rebelote! (+{ $points })
event-belote-CardPlayed = { $seat } plays { $card }.
event-belote-TrickWon = Trick { $number } to { $seat } ({ $cards }).
event-belote-HandScored = 📊 Hand { $hand }: { $outcome ->
        [hecho] { $taker } makes it
        [dedans] { $taker } is dedans
       *[litige] { $taker }'s litige
    }. Scored { $scored }; total { $totals }.
event-belote-MatchOver = 🏆 Match over: won by { $winners }.

## Refusals (codes of tapete/rules/belote/refusals.py)
error-belote-unknown_suit = I do not know the suit “{ $text }”: use s, h, d, c or its name (spades, hearts, diamonds, clubs).
error-belote-bidding = Trumps are still being chosen: “{ verb-belote-take }”, “{ verb-belote-name } <suit>” or “{ verb-pass }”.
error-belote-not_bidding = Trumps are already settled.
error-belote-take_first_round = In the second round { $suit } cannot be taken: name another suit or pass.
error-belote-name_second_round = In the first round you take { $suit } or pass; other suits are named in the second round.
error-belote-name_turned_suit = In the second round you must name a suit other than { $suit }.
error-belote-swap_pending = First decide whether to swap the { $card } for the turned card: “{ verb-belote-swap }” or “{ verb-pass }”.
error-belote-swap_not_now = Only the holder of the 7 of trumps may swap it, right after the complementary cards, when trumps are the turned suit and 2 or 3 play.
error-belote-announce_too_late = Announcements are made before playing your first card.
error-belote-already_announced = You have already announced.
error-belote-no_combination = You hold no four of a kind and no run.
error-belote-nothing_better = Something as good as yours or better has already been announced.
error-belote-must_overtake = You must go higher: play a trump above the { $card }.
error-belote-must_overtrump = You must overtrump: play a trump above the { $card }.
error-belote-must_trump = You must trump: play a trump ({ $suit }).
error-belote-must_undertrump = You must play a trump ({ $suit }), even if you cannot overtrump.

## Words typed in /belote play (besides verb-play and verb-pass)
verb-belote-take = take
verb-belote-name = name
verb-belote-swap = swap
verb-belote-announce = announce
