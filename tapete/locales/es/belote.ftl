## Belote: el juego, sus opciones, la mesa, sus acciones, sus sucesos y sus negativas.

game-belote = Belote
game-belote-desc = Belote: baraja francesa de 32, anuncios, belote y rebelote.
help-belote =
    • **Baraja** francesa de 32 cartas. En triunfo: J 20, 9 14, A 11, 10 10, K 4, Q 3, 8 y 7 nada; en los demás palos: A 11, 10 10, K 4, Q 3, J 2. La última baza vale 10 más (**diez de der**).
    • **Jugadores**: 2, 3 o 4; con `parejas`, 4 en dos parejas (1.º y 3.º contra 2.º y 4.º).
    • **Reparto**: con 2 o 3, 6 cartas a cada uno (de 3 en 3); con 4, 5 (3 y 2). Se vuelve la siguiente: su palo se propone de triunfo.
    • **Subasta**: primero, desde el mano, cada uno **toma** el palo propuesto o pasa; si todos pasan, cada uno puede **elegir** otro palo o pasar. Si todos pasan dos veces, el mismo repartidor vuelve a dar.
    • **Cartas complementarias**: 3 más a cada uno; con 4 jugadores, quien toma recibe 2 y se queda la carta vuelta. Con 2 o 3 se enseña la última carta del mazo, y si el triunfo es el palo vuelto, quien tenga el 7 de triunfo puede **cambiarlo** por la carta vuelta.
    • **Anuncios** (antes de echar la primera carta, botón «Anunciar»): **brelán** (las cuatro J 200, los cuatro 9 150, ases, dieces, reyes o damas 100) y **escaleras** de 3 (20), 4 (50), 5 o más (100) y 8 (120). Solo se anuncia lo que sea mejor que lo ya anunciado (algo igual, solo si `empate_escalera` es «nadie / a partes»). Al acabar la primera baza se enseñan y puntúan: el mejor brelán se lleva los brelanes de su bando y anula las escaleras de los demás; la mejor escalera (más larga, más alta, de triunfo) se lleva las escaleras de su bando, salvo que otro bando anunciara un brelán: entonces no cobra nadie. Empate: opción `empate_escalera`.
    • **Belote**: el rey y la dama de triunfo en una mano valen 20; el bot dice «belote» y «rebelote» al jugarlos.
    • **Bazas**: hay que asistir (sin obligación de montar), salvo a triunfo, que hay que montar si se puede. Sin el palo, fallar y pisar si se puede; si no se puede pisar, triunfo igualmente; sin triunfo, cualquier carta. En parejas, si la baza es del compañero y no tienes el palo, cualquier carta.
    • **Cuenta**: quien toma debe sumar más que cada contrario (cartas, diez de der, anuncios y belote). Si no, **dentro**: los contrarios se reparten todos los puntos y quien tomó solo conserva la belote. Empate exacto (opción `litigio`): sus puntos quedan pendientes para quien gane la siguiente mano. **Capote** (un bando sin bazas): 100 para los que ganaron alguna baza.
    • **Partida**: gana quien, al acabar una mano, tiene él solo más puntos y llega al `objetivo` (1000 por defecto).

## Opciones de /belote nueva
option-belote-parejas = Cuatro jugadores en dos parejas (por defecto: no, cada uno para sí).
option-belote-parejas-name = parejas
option-belote-parejas-label = Parejas
option-belote-objetivo = Puntos para ganar la partida (1.000 por defecto, de 1 a 10.000).
option-belote-objetivo-name = objetivo
option-belote-objetivo-label = Objetivo
option-belote-litigio = Empate de quien toma con un contrario: sus puntos quedan pendientes (sí por defecto).
option-belote-litigio-name = litigio
option-belote-litigio-label = Litigio
option-belote-empate_escalera = Escaleras iguales: gana quien anunció antes (por defecto), o nadie / a partes.
option-belote-empate_escalera-name = empate_escalera
option-belote-empate_escalera-label = Empate de escaleras
option-belote-empate_escalera-first = gana quien la anunció primero
option-belote-empate_escalera-none_or_split = nadie con 2 jugadores, a partes con 3 o más

## La mesa
belote-title = Belote — mano { $hand }
belote-title-pairs = Belote por parejas — mano { $hand }
belote-bidding = Reparte { $dealer } · carta vuelta { $card }: se propone **{ $suit }**.
belote-round-1 = Primera vuelta: tomar { $suit } o pasar.
belote-round-2 = Segunda vuelta: elegir otro palo o pasar.
belote-trump = Triunfo: **{ $suit }** · toma { $taker } · reparte { $dealer }
belote-turned = Carta vuelta { $card }, fuera de juego.
belote-turned-taken = Carta vuelta { $card }, para { $taker }.
belote-swapped = { $name } cambió el { $given } por la carta vuelta { $taken }.
belote-bottom = Última carta del mazo: { $card }.
belote-swap-pending = { $name } decide si cambia el siete de triunfo por la carta vuelta.
belote-trick = Baza en juego
belote-last_trick = Última baza
belote-announced = Anuncios
belote-announce-line = { $name }: { $combos }
belote-shown-line = { $name }: { $cards } — { $points } ({ $reason })
belote-belote = Belote
belote-belote-line = { $rebelote ->
        [yes] { $name }: belote y rebelote (+20)
       *[other] { $name }: belote
    }
belote-points = Puntos de esta mano
belote-scores = Partida (a { $target })
belote-held = ⚖️ En litigio: { $n } puntos para quien gane la próxima mano.
belote-seat-mark = { $cards ->
        [one] { $cards } carta
       *[other] { $cards } cartas
    }, { $tricks ->
        [one] { $tricks } baza
       *[other] { $tricks } bazas
    }
belote-last-hand = Mano anterior
belote-summary-head = Mano { $hand }: toma { $taker } ({ $suit }) · **{ $outcome }**
belote-summary-cards = Cartas: { $cards } · diez de der: { $der }
belote-summary-combo = { $name }: { $combo } — { $points } ({ $reason })
belote-summary-belote = Belote: { $name } (+20)
belote-summary-capote = Capote: { $bonus }
belote-summary-points = Puntos: { $points } → anotan: { $scored }
belote-summary-released = Cobra el litigio anterior: { $n }
belote-summary-held = Pendiente de litigio: { $n }
belote-summary-totals = Total: { $totals }
belote-hand-summary = Mano { $hand }: toma { $taker }, { $outcome } · anotan { $scored }
belote-outcome = { $outcome ->
        [hecho] hecha
        [dedans] dentro
       *[litige] litigio
    }
belote-combo-kind = { $combo ->
        [brelan] brelán
       *[sequence] { $length ->
            [3] tercia
            [4] cuarta
            [5] quinta
            [6] sexta
            [7] séptima
           *[8] octava
        }
    }
belote-combo-brelan = brelán de { $rank ->
        [11] jotas
        [9] nueves
        [14] ases
        [10] dieces
        [13] reyes
       *[12] damas
    }
belote-combo-sequence = { $length ->
        [3] tercia
        [4] cuarta
        [5] quinta
        [6] sexta
        [7] séptima
       *[8] octava
    } { $top ->
        [14] al as
        [13] al rey
        [12] a la dama
        [11] a la jota
        [10] al diez
       *[9] al nueve
    } de { $suit }
belote-reason = { $reason ->
        [scores] puntúa
        [beaten] superado
        [annulled] anulado por un brelán
        [tie_lost] empate: se anunció después
        [tie_none] empate: nadie puntúa
       *[tie_split] empate: a partes
    }

## Acciones (botones)
action-belote-take = Tomar { $suit }
action-belote-name = Elegir { $suit }
action-belote-swap = Cambiar el 7 por la carta vuelta
action-belote-announce = { $count ->
        [0] 📣 Anunciar
       *[other] 📣 Anunciar: { $combos }
    }
action-belote-play = Jugar { $card }
action-belote-pass = { $phase ->
        [swap] Quedarme el 7
       *[other] Paso
    }

## Sucesos (registro público)
event-belote-HandDealt = 🃏 Mano { $hand }: reparte { $dealer }; carta vuelta { $turned }.
event-belote-Passed = { $round ->
        [1] { $seat } pasa.
       *[other] { $seat } pasa otra vez.
    }
event-belote-Took = { $round ->
        [1] ✋ { $seat } toma: triunfo { $suit }.
       *[other] ✋ { $seat } elige { $suit } de triunfo.
    }
event-belote-TurnedCardTaken = { $seat } se queda la carta vuelta { $card }.
event-belote-Redeal = 🔄 Todos pasan: { $dealer } vuelve a repartir.
event-belote-BottomShown = { $dealer } enseña la última carta del mazo: { $card }.
event-belote-TrumpSwapped = 🔁 { $seat } cambia el { $given } por la carta vuelta { $taken }.
event-belote-SwapDeclined = { $seat } no cambia el siete de triunfo.
event-belote-Announced = 📣 { $seat } anuncia { $combo ->
        [brelan] un brelán
       *[sequence] { $length ->
            [3] una tercia
            [4] una cuarta
            [5] una quinta
            [6] una sexta
            [7] una séptima
           *[8] una octava
        }
    }.
event-belote-CombinationShown = 🂠 { $seat } enseña { $cards }: { $points } ({ $reason ->
        [scores] puntúa
        [beaten] superado
        [annulled] anulado por un brelán
        [tie_lost] empate: se anunció después
        [tie_none] empate: nadie puntúa
       *[tie_split] empate: a partes
    }).
event-belote-BeloteDeclared = 🔔 { $seat }: ¡belote!
event-belote-RebeloteDeclared = 🔔 { $seat }: ¡rebelote! (+{ $points })
event-belote-CardPlayed = { $seat } juega { $card }.
event-belote-TrickWon = Baza { $number } para { $seat } ({ $cards }).
event-belote-HandScored = 📊 Mano { $hand }: { $outcome ->
        [hecho] { $taker } la hace
        [dedans] { $taker } se queda dentro
       *[litige] litigio de { $taker }
    }. Anotan { $scored }; total { $totals }.
event-belote-MatchOver = 🏆 Fin de la partida: ganan { $winners }.

## Negativas (códigos de tapete/rules/belote/refusals.py)
error-belote-unknown_suit = No conozco el palo «{ $text }»: usa s, h, d, c o su nombre (picas, corazones, diamantes, tréboles).
error-belote-bidding = Aún se está eligiendo el triunfo: «{ verb-belote-take }», «{ verb-belote-name } <palo>» o «{ verb-pass }».
error-belote-not_bidding = El triunfo ya está decidido.
error-belote-take_first_round = En la segunda vuelta no se toma { $suit }: elige otro palo o pasa.
error-belote-name_second_round = En la primera vuelta solo se toma { $suit } o se pasa; los otros palos se eligen en la segunda.
error-belote-name_turned_suit = En la segunda vuelta hay que elegir un palo distinto de { $suit }.
error-belote-swap_pending = Primero decide si cambias el { $card } por la carta vuelta: «{ verb-belote-swap }» o «{ verb-pass }».
error-belote-swap_not_now = Solo quien tiene el siete de triunfo puede cambiarlo, justo después de las cartas complementarias, cuando el triunfo es el palo vuelto y se juega con 2 o 3.
error-belote-announce_too_late = Los anuncios se hacen antes de echar tu primera carta.
error-belote-already_announced = Ya has anunciado.
error-belote-no_combination = No tienes ningún brelán ni ninguna escalera.
error-belote-nothing_better = Ya se ha anunciado algo igual o mejor que lo tuyo.
error-belote-must_overtake = Debes montar: juega un triunfo mayor que el { $card }.
error-belote-must_overtrump = Debes pisar: juega un triunfo mayor que el { $card }.
error-belote-must_trump = Debes fallar: juega un triunfo ({ $suit }).
error-belote-must_undertrump = Debes jugar un triunfo ({ $suit }), aunque no puedas pisar.

## Palabras que se escriben en /belote jugar (además de verb-play y verb-pass)
verb-belote-take = tomar
    .also = tomo
verb-belote-name = elegir
    .also = elijo
verb-belote-swap = cambiar
    .also = cambio
verb-belote-announce = anunciar
    .also = anuncio
