## Tomate: the game, its options, the table, the server's pot, its events and its refusals.

game-tomate = Tomate
game-tomate-desc = Tomate: the plato and the reserva.
help-tomate =
    • **Deck**: French 52 cards, 2 to 17 players. Each server has a pot (**plato** and **reserva**); each player a balance of tantos.
    • **Before each deal** the dealer antes 3 tantos and the reserva moves into the plato (all, or up to `reserve_per_hand`).
    • **Deal**: 3 cards each; the next card is the **pinta** and its suit is trump. The rest is the **baceta**.
    • **Taking the pinta**: without looking, the dealer may take the pinta and discard a card blind; they must then play and win 2 tricks.
    • **Pass or stay**, from mano. All pass: void hand, the plato keeps growing.
    • **Baceta**: if only one player stays, a passed player may take 3 baceta cards and play against them (`baceta`: `mesa`, for the table; `propia`, for themselves). Else the lone player takes the plato.
    • **Tricks** (3, A high): follow suit and beat the top card of that suit; if void, trump, over-trumping if a trump is in; else any card. Highest trump wins, else highest of the suit led.
    • **Payout**: each trick pays a third of the plato. A player with no trick is **tomate** and pays what the plato held (up to `cap`) into the reserva, as does a dealer who took and won fewer than 2.
    • **Variants**: `a_ciegas` (blind: each plays their next card); `mosca` (5 cards, 5 tricks, exchanges with the baceta; five of one suit win the plato); `panfilo` (mosca; the jack of clubs is the top trump and collects 1 tanto from each player).
    • **Session**: until the table closes or after `hands` hands; the best net tantos wins.

## Options of /tomate new
option-tomate-variante = Normal, blind (a ciegas), mosca (5 cards) or pánfilo (the jack of clubs rules). Default: normal.
option-tomate-variante-name = variant
option-tomate-variante-label = Variant
option-tomate-variante-normal = normal
option-tomate-variante-a_ciegas = blind (nobody looks at their cards)
option-tomate-variante-mosca = mosca (5 cards)
option-tomate-variante-panfilo = pánfilo (the jack of clubs rules)
option-tomate-baceta = Whoever takes the baceta plays for the table, or for themselves. Default: for the table.
option-tomate-baceta-name = baceta
option-tomate-baceta-label = Baceta
option-tomate-baceta-mesa = for the table (collects and risks nothing)
option-tomate-baceta-propia = for themselves (like any player)
option-tomate-reserva_por_mano = Most of the reserva that moves into the plato each hand (empty: all of it).
option-tomate-reserva_por_mano-name = reserve_per_hand
option-tomate-reserva_por_mano-label = Reserva per hand
option-tomate-manos = How many hands the session lasts (empty: until the table is closed).
option-tomate-manos-name = hands
option-tomate-manos-label = Hands
option-tomate-tope = The most a tomate pays (default 1,000,000).
option-tomate-tope-name = cap
option-tomate-tope-label = Cap
option-tomate-reserva_por_mano-none = the whole reserva
option-tomate-manos-none = no limit

## The table
tomate-title = Tomate ({ $variante }) — hand { $hand }
tomate-variante-normal = normal
tomate-variante-a_ciegas = blind
tomate-variante-mosca = mosca
tomate-variante-panfilo = pánfilo
tomate-pot = 🍅 Plato: **{ $plato }** · Reserva: **{ $reserva }** · Baceta: { $baceta ->
        [one] { $baceta } card
       *[other] { $baceta } cards
    }
tomate-pinta = Pinta: { $card } · trump **{ $suit }** · { $dealer } deals
tomate-pinta_taken = { $name } took the pinta · trump **{ $suit }** · { $dealer } deals
tomate-trick = Trick in play
tomate-last = Last hand
tomate-status-pending = to speak
tomate-status-in = plays
tomate-status-passed = passes
tomate-status-baceta = with the baceta
tomate-seat-mark = { $status }, { $tricks ->
        [one] { $tricks } trick
       *[other] { $tricks } tricks
    }
tomate-balance = balance { $n }
tomate-summary = Hand { $hand }: tricks { $tricks }; tomates: { $tomates }; hand balance: { $nets }.
tomate-nobody = nobody
tomate-cpu = CPU
hand-tomate-none = { $variante ->
        [a_ciegas] Playing blind, nobody looks at their cards: on your turn the buttons below show what you can do, and you always play the next card of your hand.
       *[other] { $phase ->
            [tomo] You do not look at your cards yet: taking the pinta is decided unseen. On your turn the buttons below show what you can do.
            [discard] You do not look at your cards yet: the discard is blind. Choose below which position you discard.
           *[other] You have no cards in play this hand.
        }
    }

## The server's pot
tomate-bote = 🍅 This server's pot
tomate-bote_body = Plato: **{ $plato }** { $plato ->
        [one] tanto
       *[other] tantos
    } · Reserva: **{ $reserva }** { $reserva ->
        [one] tanto
       *[other] tantos
    }
tomate-movements = Latest movements
tomate-no_movements = No movements yet.
tomate-saldo = { $name }'s balance: **{ $n }** { $n ->
        [one] tanto
       *[other] tantos
    }
tomate-ranking = 🏅 Tantos leaderboard
tomate-ranking_empty = Nobody has played Tomate on this server yet.
tomate-adjusted = Adjustment made: { $amount } { $amount ->
        [one] tanto
       *[other] tantos
    } { $direction } ({ $reason }).
tomate-adjust_zero = The amount cannot be 0.
tomate-adjust_pot = The { $pot } only holds { $n } { $n ->
        [one] tanto
       *[other] tantos
    }.
tomate-adjust-reason = adjustment: { $reason } (by { $by })
tomate-direction-out = { $pot } → { $player }

## Why tantos moved
reason-dealer_ante = dealer's ante
reason-reserva_to_plato = reserva to plato
reason-panfilo = pánfilo
reason-trick = trick
reason-tomate = tomate
reason-mosca = mosca
reason-unopposed = unopposed

## Actions (buttons)
action-tomate-take = Take the pinta
action-tomate-pass = Pass
action-tomate-discard = Discard card { $n } (face down)
action-tomate-stay = Stay
action-tomate-baceta = Take the baceta
action-tomate-exchange = Exchange { $cards }
action-tomate-play = Play { $card }

## Events (the public log); empty ones are not shown
event-tomate-HandStarted = { "" }
event-tomate-TantosMoved = { "" }
event-tomate-HandDealt = 🃏 Hand { $hand }: { $dealer } deals; pinta { $pinta }.
event-tomate-PanfiloDealt = 🃏 { $seat } holds the pánfilo: collects 1 tanto from everyone.
event-tomate-PintaTaken = { $seat } takes the pinta { $pinta }.
event-tomate-PintaDeclined = { $seat } does not take the pinta.
event-tomate-CardDiscarded = { $seat } discards their card no. { $position } face down.
event-tomate-PlayerStayed = { $seat } stays.
event-tomate-PlayerPassed = { $seat } passes.
event-tomate-HandVoid = Everybody passes: the hand is void, the plato keeps growing.
event-tomate-BacetaTaken = { $seat } takes the baceta.
event-tomate-BacetaDeclined = { $seat } does not take the baceta.
event-tomate-WonUnopposed = { $seat } takes the plato unopposed: { $amount } { $amount ->
        [one] tanto
       *[other] tantos
    }.
event-tomate-CardsExchanged = { $count ->
        [0] { $seat } keeps every card.
        [one] { $seat } exchanges { $count } card.
       *[other] { $seat } exchanges { $count } cards.
    }
event-tomate-MoscaWon = 🪰 Mosca for { $seat }! ({ $cards })
event-tomate-CardPlayed = { $seat } plays { $card }.
event-tomate-TrickWon = Trick { $number } to { $seat }.
event-tomate-Tomate = 🍅 { $seat } is tomate ({ $reason ->
        [tomo] took the pinta and won fewer than 2 tricks
       *[other] won no trick
    }): pays { $amount } into the reserva.
event-tomate-HandScored = { "" }
event-tomate-SessionOver = { "" }

## Refusals: how to go on in each phase (added to the refusal of an action out of its moment)
tomate-hint = { $phase ->
        [tomo] Decide whether you take the pinta: “{ verb-tomate-take }” or “{ verb-pass }”.
        [discard] Discard blind: “{ verb-tomate-discard } <1-{ $size }>”.
        [speak] Say “{ verb-tomate-stay }” or “{ verb-pass }”.
        [baceta] Say “{ verb-tomate-baceta }” to take it, or “{ verb-pass }”.
        [exchange] Exchange cards with “{ verb-tomate-exchange } <cards>”, or say “{ verb-pass }”.
       *[play] Play a card with “{ verb-play } <card>”.
    }

## Tomate's own refusals (and the common ones in Tomate's usual words)
error-tomate-game_over = This Tomate session is over.
error-tomate-unknown_action = I do not know the action “{ $text }”. { tomate-hint }
error-tomate-no_arguments = “{ $verb }” takes nothing more.
error-tomate-only_dealer_takes = Only the dealer may take the pinta. { tomate-hint }
error-tomate-too_late_to_take = You can no longer take the pinta. { tomate-hint }
error-tomate-discard_only_after_take = Only a dealer who takes the pinta discards, right after taking it. { tomate-hint }
error-tomate-no_exchange_in_variant = Cards are not exchanged in this variant. { tomate-hint }
error-tomate-must_discard = You took the pinta: choose which card to discard. { tomate-hint }
error-tomate-cannot_pass = You cannot pass: play a card. { tomate-hint }
error-tomate-not_speaking = It is not the time to stay or pass. { tomate-hint }
error-tomate-no_baceta_offer = The baceta is not on offer now. { tomate-hint }
error-tomate-not_exchanging = It is not the time to exchange cards. { tomate-hint }
error-tomate-no_tricks_yet = The tricks have not started yet. { tomate-hint }
error-tomate-bad_position = Choose a position from 1 to { $size }.
error-tomate-exchange_needs_cards = Say which cards you exchange, or “{ verb-pass }” to keep them all.
error-tomate-card_twice = You named a card twice: { $card }.
error-tomate-baceta_short = The baceta only holds { $left } { $left ->
        [one] card
       *[other] cards
    }.
error-tomate-blind_next_card = Playing blind, you play the next card of your hand, without choosing.
error-tomate-play_one_card = Name one card: “{ verb-play } <card>”.
error-tomate-must_overtake = You must beat it: play a higher card.
error-tomate-must_trump = You must trump.
error-tomate-must_overtrump = You must over-trump with a higher trump.

## Words typed in /tomate play (besides verb-play and verb-pass)
verb-tomate-take = take
verb-tomate-discard = discard
verb-tomate-stay = stay
verb-tomate-baceta = baceta
verb-tomate-exchange = exchange

## Upgrades: the hand in progress of a table closed because it could not be brought back (tapete/cogs/tomate.py)
tomate-unreadable-refund = The hand in progress was undone: the dealer's ante, the reserva moved into the plato and the pánfilo payments are back where they were before the deal.
tomate-unreadable-refund-short = The hand in progress was undone: the dealer's ante, the reserva moved into the plato and the pánfilo payments are back where they were before the deal, except { $n } tantos another table of the server had already collected from the plato.
reason-unreadable_refund = hand undone after an update
