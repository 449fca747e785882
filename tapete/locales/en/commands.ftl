## Slash commands: names (lowercase, no spaces) and descriptions (up to 100 characters).

cmd-nueva-name = new
cmd-nueva-desc = Open a new { $game } table in this channel.
cmd-mano-name = hand
cmd-mano-desc = Show your hand (only you see it).
cmd-jugar-name = play
cmd-jugar-desc = Play a card or take another action.
cmd-jugar-carta-name = card
cmd-jugar-carta-desc = The card (e.g. 7o, 12b, “ace of coins”) or the move (“pass”, “play 7o”).
cmd-cancelar-name = cancel
cmd-cancelar-desc = Close this channel's table.

cmd-tapete-name = tapete
cmd-tapete-desc = Tapete: help, rankings, history and the server's settings.
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

## /tapete: rankings, profile, history and server settings
cmd-tapete-ranking-name = ranking
cmd-tapete-ranking-desc = The server's skill ranking in a game.
cmd-tapete-ranking-juego-desc = The game of the ranking.
cmd-perfil-name = profile
cmd-perfil-desc = A player's rating, matches and recent results (only you see it).
cmd-perfil-jugador-name = player
cmd-perfil-jugador-desc = Whose profile you want to see (empty: yours).
cmd-historial-name = history
cmd-historial-desc = The server's latest matches and each one's summary.
cmd-historial-juego-desc = Only this game's (empty: every game).
cmd-ajustes-name = settings
cmd-ajustes-desc = See or change the server's settings (Manage Server).
cmd-ajustes-turno-name = turn
cmd-ajustes-turno-desc = Seconds of each turn before the CPU plays (15 to 3600).
cmd-ajustes-pausa_cpu-name = cpu_pause
cmd-ajustes-pausa_cpu-desc = Seconds of pause before each CPU move (0 to 30).
cmd-ajustes-idioma-desc = The language of tables and public messages.
cmd-ajustes-canal-name = channel
cmd-ajustes-canal-desc = The only channel where tables may be opened.
cmd-ajustes-cualquier_canal-name = any_channel
cmd-ajustes-cualquier_canal-desc = Allow tables in any channel again.
cmd-ajustes-dibujos-name = pictures
cmd-ajustes-dibujos-desc = Show the picture of the table and of the hand (otherwise text only).
cmd-ajustes-por_defecto-name = defaults
cmd-ajustes-por_defecto-desc = Back to the bot's default turn, pause, channel and pictures.

## Languages: each game's group (the game's name) and the pot choices
cmd-tute-name = tute
cmd-escoba-name = escoba
cmd-tomate-name = tomate
cmd-belote-name = belote
cmd-nlk-name = nlk
choice-pot-plato = plato
choice-pot-reserva = reserva

## /tapete datos: each user's data and the server's ledger (privacy)
cmd-datos-name = data
cmd-datos-desc = Your data in Tapete (see it or delete it) and the server's ledger of tantos.
cmd-datos-ver-name = view
cmd-datos-ver-desc = Download everything Tapete keeps about you (a JSON file, only for you).
cmd-datos-borrar-name = delete
cmd-datos-borrar-desc = Delete your Tapete data in every server (asks you to confirm).
cmd-datos-exportar-name = export
cmd-datos-exportar-desc = The server's ledger of tantos as CSV (Manage Server).
