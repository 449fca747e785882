## Texts shared by every game: tables, lobby, turns, the private hand, errors.

table-gone = This table no longer exists.
table-not-saved = ⚠️ The change could not be saved: the table is as it was. Try again in a moment.
table-bad-options = Invalid options: { $detail }
table-channel-busy = There is already a table open in this channel: finish or cancel it first.
table-elsewhere = Another of the bot's processes serves this server: try again in a moment.
table-none-here = There is no table open in this channel.
table-not-seated = You are not seated at this table.
table-not-started = The game has not started yet.
table-over = This game is over.
table-restored = 🔄 The bot restarted: the game goes on where it was.
table-cancelled = Table cancelled.
table-wrong-game = The table in this channel is a { $game } table, not { $wanted }.
table-rematch-started = 🔁 Rematch: a new table with the same players.
lobby-title = { $game } table
lobby-body =
    Host: { $host }
    Options: { $options }
    Players ({ $n }, allowed { $allowed }):
    { $seats }
lobby-allowed-range = { $low }–{ $high }
lobby-allowed-list = { $first } or { $last }
lobby-already-in = You are already seated at this table.
lobby-not-in = You are not seated at this table.
lobby-full = The table is full.
lobby-host-cannot-leave = The host cannot leave: cancel the table if you do not want to play.
lobby-only-host = Only the host (or someone with Manage Server) can do that.
lobby-wrong-count = There are { $n } players and this mode allows { $allowed }.
lobby-started = The game has already started.
lobby-joined = You sat down at the table.
lobby-left = You left the table.
lobby-cpu-added = CPU added.
button-join = Join
button-leave = Leave
button-start = Start
button-cancel = Cancel
button-hand = Show my hand
button-rematch = Rematch
cpu-name = CPU { $n }

turn-not-yours = It is not your turn: { $name } is to play.
turn-timeout = ⏰ { $name } did not play in time: the CPU plays for them until they come back.
turn-now = { $name } to play.
turn-yours = Your turn.
hand-title = Your hand — { $game }
hand-empty = (no cards)
hand-none-yours = You have no cards in view yet: choose what to do below.
hand-none-waiting = You have no cards in view yet: your options will appear here when it is your turn.
hand-waiting = Wait for your turn: { $name } is to play.
hand-choose = Choose how to play { $card }:
hand-choose-card = Choose a card:
hand-played = Done: { $action }.
hand-stale = ⏳ Those buttons were from an earlier move: nothing was played. This is your hand now.
play-unknown = You cannot do “{ $text }” now. Options: { $options }.
play-bad-seat = “{ $text }” is not a seat at this table: type the number the table lists the player with, from 1 to { $count }.
play-no-hand = You have no hand at this table.

error-generic = Something went wrong with your action; nothing was lost. Please try again.
error-forbidden = You need the Manage Server permission for that.
error-guild-only = This command only works in a server.

public-log = Latest plays
public-players = Players
public-over = Game over
public-winners = Winners: { $names }
public-options = Options

word-yes = yes
word-no = no
word-nobody = nobody
word-and = and
word-default = default

suit-spanish-o = coins
suit-spanish-c = cups
suit-spanish-e = swords
suit-spanish-b = clubs
suit-french-s = spades
suit-french-h = hearts
suit-french-d = diamonds
suit-french-c = clubs

## Refusals any game may give (codes from tapete/rules/errors.py and tapete/rules/tricks.py).
error-not_your_turn = It is not your turn.
error-game_over = The game is over.
error-unknown_card = I do not know the card “{ $text }”.
error-unknown_action = I do not know the action “{ $text }”.
error-empty_action = Empty action.
error-missing_card = The card is missing in “{ $text }”.
error-no_arguments = “{ $verb }” takes no arguments.
error-not_in_hand = You do not have { $card }.
error-not_now = You cannot do “{ $text }” now.
error-must_follow = You must follow suit: { $suit }.
error-must_overtake = You must head the trick: play a higher card of { $suit }.
error-must_trump = You must trump.
error-must_overtrump = You must overtrump: play a trump higher than the one in the trick.
error-must_undertrump = You must play a trump, even though you cannot overtrump.

## Generic actions and events (a game may have its own, with its name in front).
action-play = Play { $card }
action-pass = Pass
event-CardPlayed = { $seat } plays { $card }.
event-TrickWon = Trick { $number } to { $seat }.

## Language and help
language-name-es = Spanish
language-name-en = English
language-set = 🌐 Server language: { $language }. Public tables use it from now on.
help-title = 🃏 Tapete: how to play
help-general =
    • **Open a table**: `/<game> new` in a channel (for example `/tute new`). A table appears with buttons: **Join**, **Leave**, **Add CPU** (easy, normal or hard), **Start** and **Cancel**.
    • **Play**: press **Show my hand** on the table; only you see your cards. The cards you may play are enabled. `/<game> play` with a card (`7o`, `12b`, “ace of coins”, “seven of coins”) or the move (“{ verb-pass }”, “{ verb-play } 7o”) works too; the Spanish words work as well.
    • **If you do not play in time** the CPU plays for you until you open your hand again.
    • **Rematch**: when a game ends, the button opens another with the same players.
    • **Games**: { $games }. Type `/tapete help game:<game>` for its rules and options.
    • **More**: `/tapete ranking`, `/tapete profile` and `/tapete history` for rankings and past matches; `/tapete settings` for admins.
help-game-title = { $game }: rules
help-options = Options of `/{ $command } new`
help-option-line = • **{ $label }** (`{ $name }`): { $description }
help-choices = Values: { $choices }.

## A server's bank (tantos)
bank-not-enough = The { $pot } only holds { $n } tantos.
bank-unknown-account = I do not know the account “{ $account }”.
bank-zero = The amount cannot be 0.
bank-limit = No amount or balance may go beyond { $limit } tantos (or -{ $limit }).
help-unknown-game = I do not know the game “{ $game }”.

## Presence: turn warnings, absences and pause
public-notice = Notice
turn-warning = ⏳ { $name }, your time is running out: if you do not play, the CPU will play for you.
table-paused = ⏸️ Nobody is playing: the table is paused.
table-paused-notice = ⏸️ Table paused: every player is away. Press “{ $button }” to go on.
table-resumed = ▶️ { $name } is back: the game goes on.

## Help in pages, rankings, profile, history and settings
help-page = Page { $page } of { $pages }
rating-title = 🏆 { $game } ranking
rating-line = { $rank }. { $name }: **{ $rating }** · { $matches ->
        [one] { $matches } match
       *[other] { $matches } matches
    }, { $wins } won
rating-empty = No finished matches of this game in this server yet.
rating-cpu = CPU ({ $level })
cpu-level-facil = easy
cpu-level-normal = normal
cpu-level-dificil = hard
profile-title = { $name }'s profile
profile-game = Rating **{ $rating }** · { $matches ->
        [one] { $matches } match
       *[other] { $matches } matches
    }, { $wins } won
    Details: μ { $mu } · σ { $sigma } (the rating is 1000 + 40 × (μ − 3σ); everybody starts at 1000)
profile-recent = Latest matches
profile-empty = No finished match in this server yet.
history-title = 📜 Latest matches
history-line = #{ $id } · { $date } · **{ $game }** · { $players } · { $outcome }
history-won = won by { $names }
history-cancelled = cancelled
history-empty = No matches recorded.
history-option = Match #{ $id } ({ $date })
history-pick = See a match's summary
history-match-title = Match #{ $id }
history-scores = Final score
history-hands = Hands
history-hand = Hand { $hand }: { $points }
history-no-hands = No per-hand summary.
history-gone = That match is no longer in this server's history.
settings-title = ⚙️ Server settings
settings-body =
    • **Turn**: { $turn } s before the CPU plays for whoever does not play.
    • **CPU pause**: { $cpu } s before each move.
    • **Language**: { $language }.
    • **Tables**: { $channel }.
    Turn and pause changes apply to tables opened from now on.
settings-any-channel = in any channel
settings-saved = Saved.
table-wrong-channel = In this server tables are opened in { $channel }.

## CPU levels
cpu-seat-name = CPU { $n } ({ $level })
cpu-level-pick = Add { $level } CPU
lobby-bad-level = There is no such CPU level.

## Input and access: values the Discord client would not send
error-bad-option = The value of the option “{ $option }” is not valid.
bank-not-whole = The amount must be a whole number of tantos.
settings-bad-language = I do not speak that language: { $languages }.
settings-bad-turn = The turn must be a whole number of seconds between { $low } and { $high }.
settings-bad-cpu = The CPU pause must be a number of seconds between { $low } and { $high }.
settings-bad-channel = That channel is not valid.

## Pictures of the table and of the hand (card faces)
picture-trump = Trump
picture-turned = Turned card
picture-baceta = Stock
picture-deck = Deck
picture-table = Table
picture-trick = Trick
picture-last-trick = Last trick
picture-drawn = Drawn
picture-bottom = Bottom card
picture-pinta = Pinta
picture-tricks = { $n ->
    [one] 1 trick
   *[other] { $n } tricks
}
picture-cards = { $n ->
    [one] 1 card
   *[other] { $n } cards
}
picture-escobas = { $n ->
    [one] 1 escoba
   *[other] { $n } escobas
}
picture-losses = { $n ->
    [one] 1 lost
   *[other] { $n } lost
}
picture-out = out ({ $place })
picture-score = { $name }: { $score }
picture-pot = Plato { $plato } · Reserva { $reserva }
picture-alt-table = Picture of the table
picture-alt-hand = Picture of your hand
settings-pictures = Table pictures: { $on ->
    [yes] yes
   *[no] no
}

## Languages: the words typed in /<game> play (tapete/bot/typed.py). The value is the word prompts show;
## .also, other words that are accepted too. Spanish words are always accepted as well.
verb-play = play
    .also = lay
verb-pass = pass

## Upgrades: a table whose saved game this version cannot read (tapete/bot/tables/restore.py)
table-unreadable-title = { $game } table closed
table-unreadable = ⚠️ After an update of the bot this game could not be brought back, so the table was closed. You can open a new one whenever you like.

## /tapete datos: each user's data and the server's ledger (privacy)
data-copy = This is everything Tapete keeps about you in every server: your seats at tables and in matches, your ratings and your movements of tantos.{ $parts ->
        [one] {""}
       *[other] {" "}It is compressed in { $parts } parts: download them all and join them in order (`cat` the parts `| gunzip`).
    }
data-part = Part { $n } of { $total }.
data-erase-confirm = This deletes your ratings and removes your id and your name from the tables and matches of every server. In the ledger your movements stay, under an anonymous player, so that each server's books still balance. It cannot be undone. Delete your data?
data-erase-button = Yes, delete my data
data-erase-cancel = No, keep it
data-kept = Nothing was deleted.
data-erased = Done: your data is deleted ({ $ratings ->
        [one] { $ratings } rating
       *[other] { $ratings } ratings
    }, { $matches ->
        [one] { $matches } match anonymised
       *[other] { $matches } matches anonymised
    }, { $movements ->
        [one] { $movements } movement of tantos anonymised
       *[other] { $movements } movements of tantos anonymised
    }).
data-erase-seated = I cannot delete your data while you are at an open table: { $tables }. Leave the lobby, or ask whoever opened it to cancel it, and try again.
data-seated-table = { $game } in { $channel }
data-not-yours = That button belongs to someone else.
data-anonymous = Deleted player
data-ledger = The server's ledger of tantos: { $rows ->
        [one] { $rows } movement
       *[other] { $rows } movements
    }.{ $parts ->
        [one] {""}
       *[other] {" "}It is compressed in { $parts } parts, each with its header.
    }
