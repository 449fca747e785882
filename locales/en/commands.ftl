## Slash commands: names (lowercase, no spaces) and descriptions (up to 100 characters).

cmd-nueva-name = new
cmd-nueva-desc = Open a new { $game } table in this channel.
cmd-mano-name = hand
cmd-mano-desc = Show your hand (only you see it).
cmd-jugar-name = play
cmd-jugar-desc = Play a card or take another action.
cmd-jugar-carta-name = card
cmd-jugar-carta-desc = The card (e.g. 7o, 12b, “as de oros”) or the action.
cmd-cancelar-name = cancel
cmd-cancelar-desc = Close this channel's table.

cmd-tapete-name = tapete
cmd-tapete-desc = Tapete: help and the server's language.
cmd-ayuda-name = help
cmd-ayuda-desc = How to play, and each game's rules and options (only you see it).
cmd-ayuda-juego-name = game
cmd-ayuda-juego-desc = The game whose rules you want (empty: how the bot works).
cmd-idioma-name = language
cmd-idioma-desc = Language of this server's public tables (Manage Server).
cmd-idioma-idioma-name = language
cmd-idioma-idioma-desc = The language for tables, their messages and results.
choice-language-es = Spanish (Español)
choice-language-en = English

## Pot commands (tomate)
cmd-bote-name = pot
cmd-bote-desc = The plato, the reserva and the latest movements.
cmd-saldo-name = balance
cmd-saldo-desc = Your balance of tantos (or another player's).
cmd-saldo-jugador-name = player
cmd-saldo-jugador-desc = Whose balance to show (empty: yours).
cmd-ranking-name = ranking
cmd-ranking-desc = The server's balances, best first.
cmd-ajustar-name = adjust
cmd-ajustar-desc = Move tantos by hand (Manage Server).
cmd-ajustar-jugador-name = player
cmd-ajustar-jugador-desc = Whose balance is adjusted.
cmd-ajustar-cantidad-name = amount
cmd-ajustar-cantidad-desc = Tantos: positive, from the pot to the player; negative, back to the pot.
cmd-ajustar-motivo-name = reason
cmd-ajustar-motivo-desc = Why (kept in the history).
cmd-ajustar-bote-name = pot
cmd-ajustar-bote-desc = Where the tantos come from or go: plato or reserva.
