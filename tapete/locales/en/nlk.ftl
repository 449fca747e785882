## NLK: the game, its options, the table, its events and its refusals.

game-nlk = NLK
game-nlk-desc = NLK: piles and tricks; whoever is left holding cards loses.
help-nlk =
    • **Deck**: French cards from the ace down, one rank lower per player beyond 4: with 3 players ace to 8 (28 cards), with 4 to 7 (32)… with 9 the whole deck (52). 3 to 9 players.
    • **Deal**: one card face up to each player, from mano; it starts their **pile**. The rest is the **baceta**.
    • **Phase I, the piles** (all face up), in turns from mano:
      1. Before drawing you may **move** the top card of your pile onto another player's pile if it is exactly one rank above that pile's top card (suit irrelevant); and repeat with the new top card.
      2. **Draw** from the baceta and show it; if it is one rank above the top card of another pile you may **give** it there, and you draw again (automatically).
      3. Your turn ends when you **keep** the drawn card on your own pile.
      The lowest rank of the deck follows the ace. Nothing can be put on an empty pile.
    • The **last card of the baceta** fixes **trump**; whoever has it on their pile leads Phase II.
    • **Phase II, shedding**: each pile becomes its owner's (secret) hand. Beat the top card of the trick: a higher card of its suit, or a trump if it is not one (even when you could follow); on a trump, only a higher trump. If you cannot or will not, **take up**: the bottom card of the trick goes to your hand, and the next player faces the same top card.
    • A trick is complete when it holds as many cards as players still holding cards (counted after the play): it is set aside and whoever completed it leads. If all its cards are taken up, the player after the last taker leads.
    • A player with no cards left is out. When only one player holds cards, they **lose** and deal the next game.
    • **Session**: games in a row until `/nlk cancel` or after `games` games; whoever loses fewest wins.

## Options of /nlk new
option-nlk-partidas = How many games the session lasts (empty: until the table is closed).
option-nlk-partidas-name = games
option-nlk-partidas-label = Games
option-nlk-partidas-none = no limit

## The table
nlk-title = NLK — game { $game }
nlk-phase-piles = Phase I, the piles · baceta: { $baceta ->
        [one] { $baceta } card
       *[other] { $baceta } cards
    } · { $dealer } deals
nlk-drawn = { $name } drew { $card }: they may give it to another pile or keep it.
nlk-phase-shedding = Phase II, shedding · trump **{ $suit }** ({ $card }) · { $dealer } deals
nlk-out-order = Out of cards, in order: { $names }
nlk-games = Games played: { $played }
nlk-games-of = Games played: { $played } of { $total }
nlk-pile = pile { $top } ({ $n ->
        [one] { $n } card
       *[other] { $n } cards
    })
nlk-pile-empty = empty pile
nlk-holding = { $n ->
        [one] { $n } card
       *[other] { $n } cards
    }
nlk-out = out (#{ $place })
nlk-losses = { $n ->
        [one] { $n } loss
       *[other] { $n } losses
    }
nlk-trick = Trick (bottom to top)
nlk-last = Last game
nlk-last-loser = { $name } lost{ $next ->
        [yes] , and deals this one.
       *[no] .
    }
nlk-fewest = Fewest games lost: { $names }
hand-nlk-none = You hold no cards: in Phase I the piles are face up on the table (and so is the card you draw); in Phase II, you have run out of cards.

## Actions (buttons)
action-nlk-move = Move to { $seat }
action-nlk-draw = Draw
action-nlk-give = Give to { $seat }
action-nlk-keep = Keep it
action-nlk-play = Play { $card }
action-nlk-take = Take up

## Events (the public log); empty ones are not shown
event-nlk-GameDealt = 🃏 Game { $game }: { $dealer } deals; one card face up to each player.
event-nlk-CardMoved = { $seat } moves { $card } onto { $to }'s pile.
event-nlk-CardDrawn = { $seat } draws { $card }.
event-nlk-TrumpFixed = That was the last card of the baceta: trump is **{ $suit }**.
event-nlk-CardGiven = { $seat } puts { $card } on { $to }'s pile and draws again.
event-nlk-CardKept = { $seat } keeps { $card }.
event-nlk-SheddingStarted = Phase II: the piles become hands; trump { $trump }, { $leader } leads.
event-nlk-CardPlayed = { $seat } plays { $card }.
event-nlk-CardTaken = { $seat } takes up { $card }.
event-nlk-TrickTurned = { $seat } completes trick { $number } and sets it aside.
event-nlk-PlayerOut = { $seat } is out of cards (#{ $place } out).
event-nlk-GameLost = 💀 { $loser } is left holding cards: loses game { $game }.
event-nlk-SessionOver = 🏁 The session is over after { $games ->
        [one] { $games } game
       *[other] { $games } games
    }.

## Refusals
nlk-hint-piles = In Phase I: “{ verb-nlk-move } <seat>” before drawing, “{ verb-nlk-draw }”, and with the drawn card “{ verb-nlk-give } <seat>” or “{ verb-nlk-keep }”.
nlk-hint-shedding = In Phase II: “{ verb-play } <card>” or “{ verb-nlk-take }” (take up).
error-nlk-game_over = This NLK session is over.
error-nlk-no_arguments = “{ $verb }” takes nothing more.
error-nlk-unknown_action = I do not know the action “{ $text }”. NLK's are “{ verb-nlk-move } <seat>”, “{ verb-nlk-draw }”, “{ verb-nlk-give } <seat>”, “{ verb-nlk-keep }”, “{ verb-play } <card>” and “{ verb-nlk-take }”.
error-nlk-move_after_draw = Cards only move from your pile before you draw.
error-nlk-draw_first = Draw a card from the baceta first.
error-nlk-already_drew = You already drew { $card }: give it to another pile or keep it.
error-nlk-missing_seat = Say which pile: “{ $verb } <seat>”.
error-nlk-bad_seat = “{ $text }” is not a seat: type the number the table lists the player with (1, 2, 3…).
error-nlk-move_to_own = The cards of your pile only move onto another player's pile.
error-nlk-give_to_own = To put the card on your own pile, keep it (“{ verb-nlk-keep }”).
error-nlk-own_pile_empty = Your pile is empty: you have no card to move.
error-nlk-empty_pile = { $to }'s pile is empty: nothing can be put there.
error-nlk-not_one_above = { $card } does not go on { $top } ({ $to }'s pile): it must be exactly one rank above.
error-nlk-piles_over = Phase I is over. { nlk-hint-shedding }
error-nlk-not_shedding_yet = The piles are still being built. { nlk-hint-piles }
error-nlk-play_one_card = Name a single card: “{ verb-play } <card>”.
error-nlk-beat_top = On { $top } only a higher card of its suit or a trump will do; otherwise, take up.
error-nlk-beat_trump = { $top } is a trump: only a higher trump will do; otherwise, take up.
error-nlk-leader_must_play = The trick is empty: you lead and must play a card.

## Words typed in /nlk play (besides verb-play and verb-pass)
verb-nlk-move = move
verb-nlk-draw = draw
verb-nlk-give = give
verb-nlk-keep = keep
verb-nlk-take = take
