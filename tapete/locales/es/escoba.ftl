## Escoba: el juego, sus opciones, la mesa, sus acciones, sus sucesos y sus negativas.

game-escoba = Escoba
game-escoba-desc = Escoba: suma 15.
help-escoba =
    • **Baraja** española de 40 cartas. Valen: del as al 7 su número, sota 8, caballo 9, rey 10.
    • **Jugadores**: 2, 3 o 4; con `parejas`, 4 en dos parejas (1.º y 3.º contra 2.º y 4.º).
    • **Reparto**: 3 cartas a cada uno y 4 boca arriba en la mesa. Si esas 4 suman 15 (o dos veces 15), el repartidor se las lleva y cuenta escoba (o dos).
    • **Jugar**: cada uno, por turno, echa una carta. Si suma 15 con una o más cartas de la mesa, se las lleva; si no, la deja en la mesa.
    • **Escoba**: llevarse todas las cartas de la mesa: 1 punto.
    • **Cuando se acaban las manos** se reparten 3 más a cada uno, hasta agotar el mazo. Al final, lo que queda en la mesa es para el último que se llevó cartas.
    • **Captura** (opción `captura`): `obligatoria` (una carta que puede llevarse cartas no se puede dejar en la mesa), `libre`, o `castigo`: quien deja en la mesa una carta que podía llevarse algo comete renuncio, y el siguiente jugador puede cobrárselo llevándose esa carta y lo que sumaba 15 con ella.
    • **Puntos de cada mano**: 1 por escoba, 1 por el siete de oros, 1 por más sietes, 1 por más cartas y 1 por más oros (en empate, todos los empatados).
    • **Partida**: gana quien, al acabar una mano, tiene él solo más puntos y llega al `objetivo` (21 por defecto).

## Opciones de /escoba nueva
option-escoba-parejas = Cuatro jugadores en dos parejas (por defecto: no, cada uno para sí).
option-escoba-parejas-name = parejas
option-escoba-parejas-label = Parejas
option-escoba-captura = obligatoria, libre o castigo (renuncio que cobra el siguiente). Por defecto: obligatoria.
option-escoba-captura-name = captura
option-escoba-captura-label = Captura
option-escoba-captura-obligatoria = obligatoria (quien puede llevarse cartas, se las lleva)
option-escoba-captura-libre = libre (se puede dejar cualquier carta)
option-escoba-captura-castigo = castigo (el siguiente puede cobrar el renuncio)
option-escoba-objetivo = Puntos para ganar la partida (21 por defecto, de 1 a 100).
option-escoba-objetivo-name = objetivo
option-escoba-objetivo-label = Objetivo

## La mesa
escoba-title = Escoba — mano { $hand }
escoba-table = Mesa
escoba-deck = Quedan { $n } cartas en el mazo · reparte { $dealer }
escoba-captured = Cartas y escobas (esta mano)
escoba-captured-line = { $name }: { $cards ->
        [one] { $cards } carta
       *[other] { $cards } cartas
    }, { $escobas ->
        [one] { $escobas } escoba
       *[other] { $escobas } escobas
    }
escoba-scores = Tanteo (a { $target })
escoba-seat-mark = { $cards ->
        [one] { $cards } carta
       *[other] { $cards } cartas
    }
escoba-renuncio-title = Renuncio
escoba-renuncio = ⚠️ { $claimant } puede cobrar el renuncio de { $offender } ({ $card }).

## Acciones (botones)
action-escoba-capture = { $card } se lleva { $cards }
action-escoba-play = Jugar { $card }
action-escoba-claim = Cobrar el renuncio: { $card } { $cards }
action-escoba-pass = No cobrar

## Sucesos (el registro público)
event-escoba-HandDealt = 🃏 Mano { $hand }: reparte { $dealer }; en la mesa { $table }.
event-escoba-OpeningEscoba = 🧹 { $seat } se lleva la mesa al repartir: { $escobas ->
        [one] { $escobas } escoba
       *[other] { $escobas } escobas
    }.
event-escoba-CardsDealt = 🃏 Nuevo reparto: quedan { $deck_count } en el mazo.
event-escoba-CardCaptured = { $seat } juega { $card } y se lleva { $captured }.
event-escoba-CardLaid = { $seat } deja { $card } en la mesa.
event-escoba-RenuncioOffered = ⚠️ { $seat } puede cobrar el renuncio de { $offender } ({ $card }).
event-escoba-RenuncioClaimed = 💰 { $seat } cobra el renuncio: { $card } y { $captured }.
event-escoba-RenuncioDeclined = { $seat } no cobra el renuncio.
event-escoba-TableSwept = Las cartas de la mesa ({ $cards }) son para { $seat }.
event-escoba-HandScored = 📊 Mano { $hand }: puntos { $points } · total { $scores }.
event-escoba-MatchOver = 🏆 Fin de la partida: ganan { $winners } · { $scores }.

## Negativas
error-escoba-unknown_action = No conozco la acción «{ $text }»: usa «{ verb-escoba-capture } <carta> <cartas de la mesa>», «{ verb-play } <carta>» o «{ verb-escoba-claim } <carta> <cartas de la mesa>».
error-escoba-play_one_card = Indica una sola carta: «{ verb-play } <carta>».
error-escoba-must_capture = { $card } puede capturar: la captura es obligatoria.
error-escoba-capture_needs_cards = Indica la carta que juegas y las cartas de la mesa que capturas.
error-escoba-repeated_card = Has repetido una carta.
error-escoba-not_on_table = { $card } no está en la mesa.
error-escoba-not_fifteen = Esas cartas no suman 15 con { $card } (suman { $total }).
error-escoba-hand_empty = No te quedan cartas: cobra el renuncio («{ verb-escoba-claim }») o pasa («{ verb-pass }»).
error-escoba-no_pass = No puedes pasar: juega una carta («{ verb-play }») o captura («{ verb-escoba-capture }»).
error-escoba-no_pass_claim = No puedes pasar: juega una carta o cobra el renuncio antes («{ verb-escoba-claim }»).
error-escoba-no_renuncio = No hay ningún renuncio que cobrar.
error-escoba-claim_needs_cards = Indica la carta del renuncio y las cartas de la mesa que suman 15 con ella.
error-escoba-wrong_renuncio = El renuncio es { $expected }, no { $card }.

## Palabras que se escriben en /escoba jugar (además de verb-play y verb-pass)
verb-escoba-capture = capturar
    .also = capturo llevo
verb-escoba-claim = cobrar
    .also = cobro reclamar reclamo
