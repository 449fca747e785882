## Tute: the game, its options, the table, its actions, its events and its refusals.

game-tute = Tute
game-tute-desc = Tute: habanero, arrastrado...
help-tute =
    • **Deck**: Spanish, 40 cards. Order: ace, 3, king, knight, jack, 7, 6, 5, 4, 2. Worth: ace 11, three 10, king 4, knight 3, jack 2; **diez de últimas**: 10 for the last trick.
    • **Modes**: `habanero` (2 players, 8 cards, a stock: the **baceta**), `arrastrado` (3, 13 cards), `individual` (4, 10 cards) and `parejas` (2 against 2).
    • **Trumps**: in habanero, the card after the deal, face up under the baceta; in arrastrado, the last card, out of play; with 4, the dealer's last card, kept.
    • **Tricks**: the highest trump wins, else the highest card of the suit led.
    • **Duties**: follow suit and head the trick; if void, trump and overtrump; unable to overtrump, any card. In habanero, while the baceta lasts, only a trump lead must be answered with a trump.
    • **Habanero**: after each trick the winner draws, then the loser. The winner may sing, and swap the turned card for the 7 of trumps (the 2 if it is a 7 or less). Once the baceta runs out, either may declare **capote**: to take the last 8 tricks.
    • **Arrastrado**: in the first trick, the holder of the 7 (or 2) of trumps may swap it for the turned card.
    • **Cantes**: king and knight of one suit, 40 in trumps and 20 otherwise, sung on winning a trick. Outside habanero they are automatic (in parejas, partner too).
    • **Tute**: the four kings or the four knights win the match (option `tute`).
    • **Hand**: most points (cards, cantes, diez de últimas) wins one game, two with 101 or more. First to `games` games wins the match.

## Options of /tute new
option-tute-modalidad = Habanero (2), arrastrado (3), individual (4) or pairs (2 against 2). Default: individual.
option-tute-modalidad-name = mode
option-tute-modalidad-label = Mode
option-tute-modalidad-habanero = habanero (2 players)
option-tute-modalidad-arrastrado = arrastrado (3 players)
option-tute-modalidad-individual = individual (4 players)
option-tute-modalidad-parejas = pairs (2 against 2)
option-tute-juegos = Games needed to win the match (default 3).
option-tute-juegos-name = games
option-tute-juegos-label = Games
option-tute-tute = Does singing tute win the match? (default: yes, except in habanero)
option-tute-tute-name = tute
option-tute-tute-label = Tute
option-tute-tute-none = the usual (yes, except in habanero)

## The table
tute-title = Tute { $modalidad } — hand { $hand }
tute-modalidad-habanero = habanero
tute-modalidad-arrastrado = arrastrado
tute-modalidad-individual = individual
tute-modalidad-parejas = pairs
tute-trump = Trumps: **{ $suit }** · turned card { $card } · { $dealer } deals
tute-baceta = { $n ->
        [one] { $n } card left in the baceta.
       *[other] { $n } cards left in the baceta.
    }
tute-trick = Trick in play
tute-last_trick = Last trick
tute-cantes = Cantes
tute-cante = { $name }: { $value } in { $suit }
tute-juegos = Games (to { $target })
tute-capote = 🎯 { $name } has declared capote.
tute-tricks = { $n ->
        [one] { $n } trick
       *[other] { $n } tricks
    }
tute-seat-mark = { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }, { $tricks ->
        [one] { $tricks } trick
       *[other] { $tricks } tricks
    }
tute-hand-summary = Hand { $hand }: { $why ->
        [made] capote by { $declarer }
        [failed] failed capote by { $declarer }
        [tute] { $declarer } sings tute
       *[other] { $points }
    } → won by { $winners } ({ $juegos ->
        [one] { $juegos } game
       *[other] { $juegos } games
    })

## Actions (buttons)
action-tute-play = Play { $card }
action-tute-sing = { $raw ->
        [tute] Sing tute
       *[other] Sing the cante in { $suit }
    }
action-tute-swap = Swap the turned card
action-tute-capote = Declare capote
action-tute-pass = No capote

## Events (public log)
event-tute-HandDealt = 🃏 Hand { $hand }: { $dealer } deals; trumps are { $trump }, turned card { $turned }.
event-tute-CardPlayed = { $seat } plays { $card }.
event-tute-TrickWon = Trick { $number } to { $seat } ({ $cards }).
event-tute-CardDrawn = { "" }
event-tute-TrumpSwapped = 🔁 { $seat } swaps { $given } for the turned card { $taken }.
event-tute-CanteSung = 🎶 { $seat } sings { $value } in { $suit }.
event-tute-TuteSung = 🎉 { $seat } sings TUTE and wins the match!
event-tute-CapoteDeclared = 🎯 { $seat } declares capote.
event-tute-CapotePassed = { $seat } does not declare capote.
event-tute-HandScored = 📊 Hand { $hand }: { $capote ->
        [made] { $declarer } makes capote, every trick
        [failed] capote failed: { $declarer } declared it and the opponent won a trick
       *[other] points { $points }
    }; won by { $winners } ({ $juegos ->
        [one] { $juegos } game
       *[other] { $juegos } games
    }). Games: { $totals }.
event-tute-MatchOver = 🏆 Match over: won by { $winners }.

## Refusals (codes of tapete/rules/tute/refusals.py)
error-unknown_suit = I do not know the suit “{ $text }”: use o, c, e, b or its name (coins, cups, swords, clubs); for tute, “{ verb-tute-sing } tute”.
error-capote_pending = Before the last eight tricks, decide: “{ verb-tute-capote }” or “{ verb-pass }”.
error-capote_not_now = Capote is only declared when the baceta runs out, before the first of the last eight tricks.
error-cantes_automatic = In this mode the cantes and tute are sung automatically.
error-tute_off = This match is played without tute.
error-sing_too_late = Too late to sing: the baceta has run out.
error-sing_after_trick = You can only sing after winning a trick, before leading.
error-no_tute = You hold neither the four kings nor the four knights.
error-already_sang = You already sang after this trick: one cante per trick won.
error-suit_sung = The cante in { $suit } has already been sung this hand.
error-no_cante = You cannot sing in { $suit }: you lack the king or the knight.
error-swap_not_played = In this mode the turned trump card cannot be swapped.
error-swap_too_late = Too late to swap the turned card: the baceta has run out.
error-swap_after_trick = You can only swap the turned card after winning a trick, before leading.
error-swapped_this_trick = You already swapped the turned card after this trick.
error-swap_first_trick = The turned card can only be swapped during the first trick.
error-already_swapped = You have already swapped the turned card.
error-two_not_swapped = The 2 of trumps cannot be swapped.
error-swap_needs = You do not have the { $card }.

## Words typed in /tute play (besides verb-play and verb-pass)
verb-tute-sing = sing
verb-tute-swap = swap
verb-tute-capote = capote
