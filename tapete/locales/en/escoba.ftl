## Escoba: the game, its options, the table, its actions, its events and its refusals.

game-escoba = Escoba
game-escoba-desc = Escoba: make 15.
help-escoba =
    • **Deck**: Spanish, 40 cards. Worth: ace to 7 their number, jack (sota) 8, knight (caballo) 9, king (rey) 10.
    • **Players**: 2, 3 or 4; with `pairs`, 4 in two pairs (1st and 3rd against 2nd and 4th).
    • **Deal**: 3 cards each and 4 face up on the table. If those 4 make 15 (or 15 twice), the dealer takes them and scores an escoba (or two).
    • **Play**: in turn, each player plays one card. If it makes 15 with one or more table cards, they take them; otherwise the card stays on the table.
    • **Escoba** (a sweep): taking every card on the table: 1 point.
    • **When the hands run out** 3 more cards are dealt to each, until the deck is gone. At the end, what is left on the table goes to the last player who took cards.
    • **Capture** (option `capture`): compulsory (a card that can take cards may not be laid on the table), free, or penalty: laying a card that could take something is a renuncio, and the next player may claim it by taking that card and what made 15 with it.
    • **Points each hand**: 1 per escoba, 1 for the seven of coins (siete de oros), 1 for the most sevens, 1 for the most cards and 1 for the most coins (on a tie, everyone tied).
    • **Match**: the winner is whoever, at the end of a hand, alone has the most points and has reached the `target` (21 by default).

## Options of /escoba new
option-escoba-parejas = Four players in two pairs (default: no, each for themselves).
option-escoba-parejas-name = pairs
option-escoba-parejas-label = Pairs
option-escoba-captura = Compulsory, free or penalty (the next player may claim the renuncio). Default: compulsory.
option-escoba-captura-name = capture
option-escoba-captura-label = Capture
option-escoba-captura-obligatoria = compulsory (a card that can capture must capture)
option-escoba-captura-libre = free (any card may be laid)
option-escoba-captura-castigo = penalty (the next player may claim the renuncio)
option-escoba-objetivo = Points to win the match (default 21, from 1 to 100).
option-escoba-objetivo-name = target
option-escoba-objetivo-label = Target

## The table
escoba-title = Escoba — hand { $hand }
escoba-table = Table
escoba-deck = { $n } cards left in the deck · { $dealer } deals
escoba-captured = Cards and escobas (this hand)
escoba-captured-line = { $name }: { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }, { $escobas ->
        [one] { $escobas } escoba
       *[other] { $escobas } escobas
    }
escoba-scores = Score (to { $target })
escoba-seat-mark = { $cards ->
        [one] { $cards } card
       *[other] { $cards } cards
    }
escoba-renuncio-title = Renuncio
escoba-renuncio = ⚠️ { $claimant } may claim the renuncio of { $offender } ({ $card }).

## Actions (buttons)
action-escoba-capture = { $card } takes { $cards }
action-escoba-play = Play { $card }
action-escoba-claim = Claim the renuncio: { $card } { $cards }
action-escoba-pass = Do not claim

## Events (the public log)
event-escoba-HandDealt = 🃏 Hand { $hand }: { $dealer } deals; on the table { $table }.
event-escoba-OpeningEscoba = 🧹 { $seat } takes the table on the deal: { $escobas ->
        [one] { $escobas } escoba
       *[other] { $escobas } escobas
    }.
event-escoba-CardsDealt = 🃏 New deal: { $deck_count } left in the deck.
event-escoba-CardCaptured = { $seat } plays { $card } and takes { $captured }.
event-escoba-CardLaid = { $seat } lays { $card } on the table.
event-escoba-RenuncioOffered = ⚠️ { $seat } may claim the renuncio of { $offender } ({ $card }).
event-escoba-RenuncioClaimed = 💰 { $seat } claims the renuncio: { $card } and { $captured }.
event-escoba-RenuncioDeclined = { $seat } does not claim the renuncio.
event-escoba-TableSwept = The cards left on the table ({ $cards }) go to { $seat }.
event-escoba-HandScored = 📊 Hand { $hand }: points { $points } · total { $scores }.
event-escoba-MatchOver = 🏆 Match over: won by { $winners } · { $scores }.

## Refusals
error-escoba-unknown_action = I do not know the action “{ $text }”: use “{ verb-escoba-capture } <card> <table cards>”, “{ verb-play } <card>” or “{ verb-escoba-claim } <card> <table cards>”.
error-escoba-play_one_card = Name a single card: “{ verb-play } <card>”.
error-escoba-must_capture = { $card } can capture: capturing is compulsory.
error-escoba-capture_needs_cards = Name the card you play and the table cards you take.
error-escoba-repeated_card = You named a card twice.
error-escoba-not_on_table = { $card } is not on the table.
error-escoba-not_fifteen = Those cards do not make 15 with { $card } (they make { $total }).
error-escoba-hand_empty = You have no cards left: claim the renuncio (“{ verb-escoba-claim }”) or pass (“{ verb-pass }”).
error-escoba-no_pass = You cannot pass: play a card (“{ verb-play }”) or capture (“{ verb-escoba-capture }”).
error-escoba-no_pass_claim = You cannot pass: play a card or claim the renuncio first (“{ verb-escoba-claim }”).
error-escoba-no_renuncio = There is no renuncio to claim.
error-escoba-claim_needs_cards = Name the renuncio card and the table cards that make 15 with it.
error-escoba-wrong_renuncio = The renuncio is { $expected }, not { $card }.

## Words typed in /escoba play (besides verb-play and verb-pass)
verb-escoba-capture = capture
    .also = take
verb-escoba-claim = claim
