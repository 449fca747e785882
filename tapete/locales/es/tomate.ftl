## Tomate: el juego, sus opciones, la mesa, el bote del servidor, sus sucesos y sus negativas.

game-tomate = Tomate
game-tomate-desc = Tomate: el plato y la reserva.
help-tomate =
    • **Baraja** francesa de 52 cartas, de 2 a 17 jugadores. El servidor tiene un bote (**plato** y **reserva**); cada jugador, un saldo de tantos.
    • **Antes de repartir**, el repartidor pone 3 tantos y la reserva pasa al plato (toda, o hasta `reserva_por_mano`).
    • **Reparto**: 3 cartas a cada uno; la siguiente es la **pinta** y su palo, el triunfo. El resto es la **baceta**.
    • **Tomo**: sin mirar, el repartidor puede tomar la pinta y descartar una carta a ciegas; entonces juega y necesita 2 bazas.
    • **Paso o juego**, desde mano. Si todos pasan, mano nula: el plato sigue creciendo.
    • **Baceta**: si solo juega uno, quien pasó puede tomar 3 cartas de la baceta y jugarle en contra (`baceta`: `mesa`, por la mesa; `propia`, para sí). Si no, se lleva el plato sin jugar.
    • **Bazas** (3, el as manda): asistir y matar; sin el palo, fallar, y pisar si hay triunfo; si no, cualquier carta. Gana el triunfo más alto o la más alta del palo de salida.
    • **Cobro**: cada baza cobra un tercio del plato. Quien juega sin hacer baza es **tomate** y paga a la reserva lo que había en el plato (hasta `tope`), igual que el repartidor que tomó y hace menos de 2.
    • **Variantes**: `a_ciegas` (nadie mira: se juega la siguiente carta); `mosca` (5 cartas, 5 bazas y cambios con la baceta; cinco de un palo ganan el plato); `panfilo` (mosca; la jota de tréboles es el triunfo más alto y cobra 1 tanto de cada uno).
    • **Sesión**: hasta cerrar la mesa o jugar `manos` manos; gana quien más tantos neto suma.

## Opciones de /tomate nueva
option-tomate-variante = normal, a ciegas, mosca (5 cartas) o pánfilo (la jota de tréboles manda). Por defecto: normal.
option-tomate-variante-name = variante
option-tomate-variante-label = Variante
option-tomate-variante-normal = normal
option-tomate-variante-a_ciegas = a ciegas (nadie mira sus cartas)
option-tomate-variante-mosca = mosca (5 cartas)
option-tomate-variante-panfilo = pánfilo (la jota de tréboles manda)
option-tomate-baceta = mesa: quien toma la baceta juega por la mesa; propia: juega para sí. Por defecto: mesa.
option-tomate-baceta-name = baceta
option-tomate-baceta-label = Baceta
option-tomate-baceta-mesa = mesa (juega por la mesa)
option-tomate-baceta-propia = propia (juega para sí)
option-tomate-reserva_por_mano = Máximo de la reserva que pasa al plato en cada mano (vacío: toda).
option-tomate-reserva_por_mano-name = reserva_por_mano
option-tomate-reserva_por_mano-label = Reserva por mano
option-tomate-manos = Cuántas manos dura la sesión (vacío: hasta cerrar la mesa).
option-tomate-manos-name = manos
option-tomate-manos-label = Manos
option-tomate-tope = Lo máximo que paga un tomate (por defecto 1.000.000).
option-tomate-tope-name = tope
option-tomate-tope-label = Tope
option-tomate-reserva_por_mano-none = toda la reserva
option-tomate-manos-none = sin límite

## La mesa
tomate-title = Tomate ({ $variante }) — mano { $hand }
tomate-variante-normal = normal
tomate-variante-a_ciegas = a ciegas
tomate-variante-mosca = mosca
tomate-variante-panfilo = pánfilo
tomate-pot = 🍅 Plato: **{ $plato }** · Reserva: **{ $reserva }** · Baceta: { $baceta ->
        [one] { $baceta } carta
       *[other] { $baceta } cartas
    }
tomate-pinta = Pinta: { $card } · triunfo **{ $suit }** · reparte { $dealer }
tomate-pinta_taken = { $name } tomó la pinta · triunfo **{ $suit }** · reparte { $dealer }
tomate-trick = Baza en juego
tomate-last = Última mano
tomate-status-pending = por hablar
tomate-status-in = juega
tomate-status-passed = pasa
tomate-status-baceta = con la baceta
tomate-seat-mark = { $status }, { $tricks ->
        [one] { $tricks } baza
       *[other] { $tricks } bazas
    }
tomate-balance = saldo { $n }
tomate-summary = Mano { $hand }: bazas { $tricks }; tomates: { $tomates }; saldo de la mano: { $nets }.
tomate-nobody = nadie
tomate-cpu = CPU
hand-tomate-none = { $variante ->
        [a_ciegas] A ciegas nadie mira sus cartas: cuando te toque, los botones de abajo dicen qué puedes hacer, y juegas siempre la siguiente carta de tu mano.
       *[other] { $phase ->
            [tomo] Aún no miras tus cartas: el tomo se decide sin verlas. Cuando te toque, los botones de abajo dicen qué puedes hacer.
            [discard] Aún no miras tus cartas: el descarte es a ciegas. Elige abajo qué posición descartas.
           *[other] No tienes cartas en juego en esta mano.
        }
    }

## El bote del servidor
tomate-bote = 🍅 Bote de este servidor
tomate-bote_body = Plato: **{ $plato }** { $plato ->
        [one] tanto
       *[other] tantos
    } · Reserva: **{ $reserva }** { $reserva ->
        [one] tanto
       *[other] tantos
    }
tomate-movements = Últimos movimientos
tomate-no_movements = Todavía no hay movimientos.
tomate-saldo = Saldo de { $name }: **{ $n }** { $n ->
        [one] tanto
       *[other] tantos
    }
tomate-ranking = 🏅 Clasificación de tantos
tomate-ranking_empty = Nadie ha jugado al tomate en este servidor todavía.
tomate-adjusted = Ajuste hecho: { $amount } { $amount ->
        [one] tanto
       *[other] tantos
    } { $direction } ({ $reason }).
tomate-adjust_zero = La cantidad no puede ser 0.
tomate-adjust_pot = El { $pot } solo tiene { $n } { $n ->
        [one] tanto
       *[other] tantos
    }.
tomate-adjust-reason = ajuste: { $reason } (por { $by })
tomate-direction-out = { $pot } → { $player }

## Motivos de los movimientos de tantos
reason-dealer_ante = puesta del repartidor
reason-reserva_to_plato = reserva al plato
reason-panfilo = pánfilo
reason-trick = baza
reason-tomate = tomate
reason-mosca = mosca
reason-unopposed = sin rival

## Acciones (botones)
action-tomate-take = Tomar la pinta
action-tomate-pass = Paso
action-tomate-discard = Descartar la { $n }.ª (boca abajo)
action-tomate-stay = Juego
action-tomate-baceta = Tomar la baceta
action-tomate-exchange = Cambiar { $cards }
action-tomate-play = Jugar { $card }

## Sucesos (el registro público); los vacíos no se muestran
event-tomate-HandStarted = { "" }
event-tomate-TantosMoved = { "" }
event-tomate-HandDealt = 🃏 Mano { $hand }: reparte { $dealer }; pinta { $pinta }.
event-tomate-PanfiloDealt = 🃏 { $seat } tiene el pánfilo: cobra 1 tanto de cada uno.
event-tomate-PintaTaken = { $seat } toma la pinta { $pinta }.
event-tomate-PintaDeclined = { $seat } no toma la pinta.
event-tomate-CardDiscarded = { $seat } descarta boca abajo su carta n.º { $position }.
event-tomate-PlayerStayed = { $seat }: juego.
event-tomate-PlayerPassed = { $seat }: paso.
event-tomate-HandVoid = Todos pasan: mano nula, el plato sigue creciendo.
event-tomate-BacetaTaken = { $seat } toma la baceta.
event-tomate-BacetaDeclined = { $seat } no toma la baceta.
event-tomate-WonUnopposed = { $seat } se lleva el plato sin rival: { $amount } { $amount ->
        [one] tanto
       *[other] tantos
    }.
event-tomate-CardsExchanged = { $count ->
        [0] { $seat } no cambia ninguna carta.
        [one] { $seat } cambia { $count } carta.
       *[other] { $seat } cambia { $count } cartas.
    }
event-tomate-MoscaWon = 🪰 ¡Mosca de { $seat }! ({ $cards })
event-tomate-CardPlayed = { $seat } juega { $card }.
event-tomate-TrickWon = Baza { $number } para { $seat }.
event-tomate-Tomate = 🍅 { $seat } es tomate ({ $reason ->
        [tomo] tomó la pinta y no hizo 2 bazas
       *[other] no hizo ninguna baza
    }): paga { $amount } a la reserva.
event-tomate-HandScored = { "" }
event-tomate-SessionOver = { "" }

## Negativas: cómo seguir en cada fase (se añade a las negativas de una acción fuera de su momento)
tomate-hint = { $phase ->
        [tomo] Decide si tomas la pinta: «{ verb-tomate-take }» o «{ verb-pass }».
        [discard] Descarta a ciegas: «{ verb-tomate-discard } <1-{ $size }>».
        [speak] Di «{ verb-tomate-stay }» o «{ verb-pass }».
        [baceta] Di «{ verb-tomate-baceta }» para tomarla o «{ verb-pass }».
        [exchange] Cambia cartas con «{ verb-tomate-exchange } <cartas>» o di «{ verb-pass }».
       *[play] Juega una carta con «{ verb-play } <carta>».
    }

## Negativas propias del tomate (y las comunes con las palabras de siempre del tomate)
error-tomate-game_over = La sesión de tomate ha terminado.
error-tomate-unknown_action = No conozco la acción «{ $text }». { tomate-hint }
error-tomate-no_arguments = «{ $verb }» no lleva nada más.
error-tomate-only_dealer_takes = Solo el repartidor puede tomar la pinta. { tomate-hint }
error-tomate-too_late_to_take = Ya no puedes tomar la pinta. { tomate-hint }
error-tomate-discard_only_after_take = Solo se descarta el repartidor que toma la pinta, justo al tomarla. { tomate-hint }
error-tomate-no_exchange_in_variant = En esta variante no se cambian cartas. { tomate-hint }
error-tomate-must_discard = Has tomado la pinta: elige qué carta descartas. { tomate-hint }
error-tomate-cannot_pass = No puedes pasar: juega una carta. { tomate-hint }
error-tomate-not_speaking = Ahora no toca decir juego. { tomate-hint }
error-tomate-no_baceta_offer = Ahora no se ofrece la baceta. { tomate-hint }
error-tomate-not_exchanging = Ahora no toca cambiar cartas. { tomate-hint }
error-tomate-no_tricks_yet = Aún no se juegan bazas. { tomate-hint }
error-tomate-bad_position = Elige una posición del 1 al { $size }.
error-tomate-exchange_needs_cards = Indica qué cartas cambias, o di «{ verb-pass }» para quedarte con todas.
error-tomate-card_twice = Has nombrado una carta dos veces: { $card }.
error-tomate-baceta_short = La baceta solo tiene { $left } { $left ->
        [one] carta
       *[other] cartas
    }.
error-tomate-blind_next_card = A ciegas se juega la siguiente carta de la mano, sin elegir.
error-tomate-play_one_card = Indica una carta: «{ verb-play } <carta>».
error-tomate-must_overtake = Debes matar: juega una carta más alta.
error-tomate-must_trump = Debes fallar con triunfo.
error-tomate-must_overtrump = Debes pisar con un triunfo más alto.

## Palabras que se escriben en /tomate jugar (además de verb-play y verb-pass)
verb-tomate-take = tomo
    .also = tomar
verb-tomate-discard = descarto
    .also = descartar
verb-tomate-stay = juego
verb-tomate-baceta = baceta
verb-tomate-exchange = cambio
    .also = cambiar

## Actualizaciones: la mano en curso de una mesa cerrada porque no se pudo recuperar (tapete/cogs/tomate.py)
tomate-unreadable-refund = La mano en curso se ha deshecho: la puesta del repartidor, la reserva que pasó al plato y los pagos del pánfilo han vuelto a su sitio, como antes de repartirla.
tomate-unreadable-refund-short = La mano en curso se ha deshecho: la puesta del repartidor, la reserva que pasó al plato y los pagos del pánfilo han vuelto a su sitio, salvo { $n } tantos que otra mesa del servidor ya había cobrado del plato.
reason-unreadable_refund = mano deshecha tras una actualización
