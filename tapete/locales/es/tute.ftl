## Tute: el juego, sus opciones, la mesa, sus acciones, sus sucesos y sus negativas.

game-tute = Tute
game-tute-desc = Tute: habanero, arrastrado...
help-tute =
    • **Baraja** española de 40 cartas. Orden: as, 3, rey, caballo, sota, 7, 6, 5, 4, 2. Valen: as 11, tres 10, rey 4, caballo 3, sota 2; **diez de últimas**: 10 a la última baza.
    • **Modalidades**: `habanero` (2 jugadores, 8 cartas y baceta), `arrastrado` (3, 13 cartas), `individual` (4, 10 cartas) y `parejas` (2 contra 2).
    • **Triunfo**: en habanero, la carta siguiente al reparto, boca arriba bajo la baceta; en arrastrado, la última, fuera de juego; con 4, la última del repartidor, que se la queda.
    • **Bazas**: gana el triunfo más alto o, si no, la más alta del palo de salida.
    • **Obligaciones**: asistir y montar; sin el palo, fallar y pisar; si no puedes pisar, cualquier carta. En habanero, mientras hay baceta, solo se echa triunfo a triunfo.
    • **Habanero**: tras cada baza roban el ganador y luego el otro. El ganador puede cantar y cambiar la muestra por el 7 de triunfo (por el 2 si es un 7 o menos). Acabada la baceta se puede cantar **capote**: hacer las 8 últimas bazas.
    • **Arrastrado**: en la primera baza, quien tenga el 7 (o el 2) de triunfo puede cambiarlo por la muestra.
    • **Cantes**: rey y caballo de un palo, las 40 en triunfo y las 20 en otro, al ganar una baza. Fuera del habanero se cantan solos (en parejas, también el compañero).
    • **Tute**: los cuatro reyes o los cuatro caballos ganan la partida (opción `tute`).
    • **Mano**: más puntos (cartas, cantes y diez de últimas) gana un juego, dos con 101 o más. Gana la partida quien llega a `juegos` juegos.

## Opciones de /tute nueva
option-tute-modalidad = habanero (2), arrastrado (3), individual (4) o parejas (2 contra 2). Por defecto: individual.
option-tute-modalidad-name = modalidad
option-tute-modalidad-label = Modalidad
option-tute-modalidad-habanero = habanero (2 jugadores)
option-tute-modalidad-arrastrado = arrastrado (3 jugadores)
option-tute-modalidad-individual = individual (4 jugadores)
option-tute-modalidad-parejas = parejas (2 contra 2)
option-tute-juegos = Juegos para ganar la partida (3 por defecto).
option-tute-juegos-name = juegos
option-tute-juegos-label = Juegos
option-tute-tute = ¿Cantar tute gana la partida? (por defecto: sí, salvo en habanero)
option-tute-tute-name = tute
option-tute-tute-label = Tute
option-tute-tute-none = lo habitual (sí, salvo en habanero)

## La mesa
tute-title = Tute { $modalidad } — mano { $hand }
tute-modalidad-habanero = habanero
tute-modalidad-arrastrado = arrastrado
tute-modalidad-individual = individual
tute-modalidad-parejas = parejas
tute-trump = Triunfo: **{ $suit }** · muestra { $card } · reparte { $dealer }
tute-baceta = { $n ->
        [one] Queda { $n } carta en la baceta.
       *[other] Quedan { $n } cartas en la baceta.
    }
tute-trick = Baza en juego
tute-last_trick = Última baza
tute-cantes = Cantes
tute-cante = { $name }: { $value } en { $suit }
tute-juegos = Juegos (a { $target })
tute-capote = 🎯 { $name } ha cantado capote.
tute-tricks = { $n ->
        [one] { $n } baza
       *[other] { $n } bazas
    }
tute-seat-mark = { $cards ->
        [one] { $cards } carta
       *[other] { $cards } cartas
    }, { $tricks ->
        [one] { $tricks } baza
       *[other] { $tricks } bazas
    }
tute-hand-summary = Mano { $hand }: { $why ->
        [made] capote de { $declarer }
        [failed] capote fallido de { $declarer }
        [tute] { $declarer } canta tute
       *[other] { $points }
    } → gana { $winners } ({ $juegos ->
        [one] { $juegos } juego
       *[other] { $juegos } juegos
    })

## Acciones (botones)
action-tute-play = Jugar { $card }
action-tute-sing = { $raw ->
        [tute] Cantar tute
       *[other] Cantar en { $suit }
    }
action-tute-swap = Cambiar la muestra
action-tute-capote = Cantar capote
action-tute-pass = No cantar capote

## Sucesos (registro público)
event-tute-HandDealt = 🃏 Mano { $hand }: reparte { $dealer }; triunfo { $trump }, muestra { $turned }.
event-tute-CardPlayed = { $seat } juega { $card }.
event-tute-TrickWon = Baza { $number } para { $seat } ({ $cards }).
event-tute-CardDrawn = { "" }
event-tute-TrumpSwapped = 🔁 { $seat } cambia { $given } por la muestra { $taken }.
event-tute-CanteSung = 🎶 { $seat } canta las { $value } en { $suit }.
event-tute-TuteSung = 🎉 ¡{ $seat } canta TUTE y gana la partida!
event-tute-CapoteDeclared = 🎯 { $seat } canta capote.
event-tute-CapotePassed = { $seat } no canta capote.
event-tute-HandScored = 📊 Mano { $hand }: { $capote ->
        [made] { $declarer } hace el capote, todas las bazas
        [failed] capote fallido: { $declarer } lo cantó y el rival ganó una baza
       *[other] puntos { $points }
    }; gana { $winners } ({ $juegos ->
        [one] { $juegos } juego
       *[other] { $juegos } juegos
    }). Juegos: { $totals }.
event-tute-MatchOver = 🏆 Fin de la partida: ganan { $winners }.

## Negativas (códigos de tapete/rules/tute/refusals.py)
error-unknown_suit = No conozco el palo «{ $text }»: usa o, c, e, b o su nombre (oros, copas, espadas, bastos); para el tute, «{ verb-tute-sing } tute».
error-capote_pending = Antes de las últimas ocho bazas, decide: «{ verb-tute-capote }» o «{ verb-pass }».
error-capote_not_now = Solo se declara capote al acabarse la baceta, antes de la primera de las últimas ocho bazas.
error-cantes_automatic = En esta modalidad los cantes y el tute son automáticos.
error-tute_off = En esta partida no se juega con tute.
error-sing_too_late = Ya no se puede cantar: se acabó la baceta.
error-sing_after_trick = Solo se canta después de ganar una baza, antes de salir.
error-no_tute = No tienes los cuatro reyes ni los cuatro caballos.
error-already_sang = Ya has cantado en esta baza: solo un cante por baza ganada.
error-suit_sung = Ya se ha cantado en { $suit } en esta mano.
error-no_cante = No puedes cantar en { $suit }: te falta el rey o el caballo.
error-swap_not_played = En esta modalidad no se puede cambiar la muestra.
error-swap_too_late = Ya no se puede cambiar la muestra: se acabó la baceta.
error-swap_after_trick = Solo se cambia la muestra después de ganar una baza, antes de salir.
error-swapped_this_trick = Ya has cambiado la muestra en esta baza.
error-swap_first_trick = Solo se puede cambiar la muestra durante la primera baza.
error-already_swapped = Ya has cambiado la muestra.
error-two_not_swapped = El dos de triunfo no se puede cambiar por la muestra.
error-swap_needs = No tienes el { $card }.

## Palabras que se escriben en /tute jugar (además de verb-play y verb-pass)
verb-tute-sing = cantar
    .also = canto
verb-tute-swap = cambiar
    .also = cambio
verb-tute-capote = capote
