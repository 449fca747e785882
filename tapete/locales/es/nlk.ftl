## NLK: el juego, sus opciones, la mesa, sus sucesos y sus negativas.

game-nlk = NLK
game-nlk-desc = NLK: montones y bazas; pierde quien se queda con cartas.
help-nlk =
    • **Baraja** francesa desde el as, una carta más baja por cada jugador de más de 4: con 3 jugadores del as al 8 (28 cartas), con 4 al 7 (32)… con 9 la baraja entera (52). De 3 a 9 jugadores.
    • **Reparto**: una carta boca arriba a cada uno, desde mano; empieza su **montón**. El resto es la **baceta**.
    • **Fase I, los montones** (todo a la vista), por turnos desde mano:
      1. Antes de robar puedes **mover** la carta de encima de tu montón al de otro si es justo un punto más alta que la de encima de ese montón (el palo no importa); y repetir con la nueva.
      2. **Robas** de la baceta y la enseñas; si es un punto más alta que la de encima del montón de otro, puedes **dársela** y robas otra automáticamente.
      3. Tu turno acaba cuando te **quedas** la carta robada en tu montón.
      Tras el as va la carta más baja de la baraja. Nada se pone en un montón vacío.
    • La **última carta de la baceta** marca el **triunfo**; quien la tenga en su montón sale en la fase II.
    • **Fase II, deshacerse de las cartas**: cada montón pasa a ser la mano de su dueño (secreta). Hay que superar la carta de encima de la baza: una más alta del mismo palo, o un triunfo si no lo es (aunque puedas asistir); sobre un triunfo, solo un triunfo más alto. Si no puedes o no quieres, **subes**: te llevas la carta de abajo de la baza, y el siguiente se enfrenta a la misma carta.
    • La baza se completa cuando tiene tantas cartas como jugadores con cartas (contados tras jugar): se aparta y sale quien la completó. Si se suben todas sus cartas, sale el siguiente al último que subió.
    • Quien se queda sin cartas sale del juego. Cuando solo a uno le quedan cartas, **pierde** y reparte la partida siguiente.
    • **Sesión**: partidas seguidas hasta `/nlk cancelar` o hasta jugar `partidas`; gana quien menos partidas pierde.

## Opciones de /nlk nueva
option-nlk-partidas = Cuántas partidas dura la sesión (vacío: hasta cerrar la mesa).
option-nlk-partidas-name = partidas
option-nlk-partidas-label = Partidas
option-nlk-partidas-none = sin límite

## La mesa
nlk-title = NLK — partida { $game }
nlk-phase-piles = Fase I, los montones · baceta: { $baceta ->
        [one] { $baceta } carta
       *[other] { $baceta } cartas
    } · reparte { $dealer }
nlk-drawn = { $name } ha robado { $card }: puede dársela a otro montón o quedársela.
nlk-phase-shedding = Fase II, a deshacerse de las cartas · triunfo **{ $suit }** ({ $card }) · reparte { $dealer }
nlk-out-order = Sin cartas, por orden: { $names }
nlk-games = Partidas jugadas: { $played }
nlk-games-of = Partidas jugadas: { $played } de { $total }
nlk-pile = montón { $top } ({ $n ->
        [one] { $n } carta
       *[other] { $n } cartas
    })
nlk-pile-empty = montón vacío
nlk-holding = { $n ->
        [one] { $n } carta
       *[other] { $n } cartas
    }
nlk-out = sin cartas ({ $place }.º)
nlk-losses = { $n ->
        [one] { $n } perdida
       *[other] { $n } perdidas
    }
nlk-trick = Baza (de abajo arriba)
nlk-last = Última partida
nlk-last-loser = Perdió { $name }{ $next ->
        [yes] , que reparte esta.
       *[no] .
    }
nlk-fewest = Menos partidas perdidas: { $names }
hand-nlk-none = No tienes cartas en la mano: en la fase I los montones están a la vista en la mesa (y la carta que robes también); en la fase II, ya te has quedado sin cartas.

## Acciones (botones)
action-nlk-move = Mover a { $seat }
action-nlk-draw = Robar
action-nlk-give = Dar a { $seat }
action-nlk-keep = Quedármela
action-nlk-play = Jugar { $card }
action-nlk-take = Subir

## Sucesos (el registro público); los vacíos no se muestran
event-nlk-GameDealt = 🃏 Partida { $game }: reparte { $dealer }; una carta boca arriba para cada uno.
event-nlk-CardMoved = { $seat } pasa { $card } al montón de { $to }.
event-nlk-CardDrawn = { $seat } roba { $card }.
event-nlk-TrumpFixed = Era la última carta de la baceta: triunfo **{ $suit }**.
event-nlk-CardGiven = { $seat } pone { $card } en el montón de { $to } y roba otra.
event-nlk-CardKept = { $seat } se queda { $card }.
event-nlk-SheddingStarted = Fase II: los montones pasan a la mano; triunfo { $trump }, sale { $leader }.
event-nlk-CardPlayed = { $seat } juega { $card }.
event-nlk-CardTaken = { $seat } sube { $card }.
event-nlk-TrickTurned = { $seat } completa la baza { $number } y la aparta.
event-nlk-PlayerOut = { $seat } se queda sin cartas ({ $place }.º).
event-nlk-GameLost = 💀 { $loser } se queda con cartas: pierde la partida { $game }.
event-nlk-SessionOver = 🏁 Fin de la sesión tras { $games ->
        [one] { $games } partida
       *[other] { $games } partidas
    }.

## Negativas
nlk-hint-piles = En la fase I: «{ verb-nlk-move } <asiento>» antes de robar, «{ verb-nlk-draw }», y con la carta robada «{ verb-nlk-give } <asiento>» o «{ verb-nlk-keep }».
nlk-hint-shedding = En la fase II: «{ verb-play } <carta>» o «{ verb-nlk-take }».
error-nlk-game_over = La sesión de NLK ha terminado.
error-nlk-no_arguments = «{ $verb }» no lleva nada más.
error-nlk-unknown_action = No conozco la acción «{ $text }». Las del NLK: «{ verb-nlk-move } <asiento>», «{ verb-nlk-draw }», «{ verb-nlk-give } <asiento>», «{ verb-nlk-keep }», «{ verb-play } <carta>» y «{ verb-nlk-take }».
error-nlk-move_after_draw = Solo se mueven cartas de tu montón antes de robar.
error-nlk-draw_first = Primero roba una carta de la baceta.
error-nlk-already_drew = Ya has robado { $card }: dásela a otro montón o quédatela.
error-nlk-missing_seat = Indica a qué montón: «{ $verb } <asiento>».
error-nlk-bad_seat = «{ $text }» no es un asiento: escribe el número con el que la mesa lista al jugador (1, 2, 3…).
error-nlk-move_to_own = Las cartas de tu montón solo se mueven al montón de otro jugador.
error-nlk-give_to_own = Para poner la carta en tu montón, quédatela («{ verb-nlk-keep }»).
error-nlk-own_pile_empty = Tu montón está vacío: no tienes carta que mover.
error-nlk-empty_pile = El montón de { $to } está vacío: ahí no se puede poner nada.
error-nlk-not_one_above = { $card } no va sobre { $top } (montón de { $to }): tiene que ser justo un punto más alta.
error-nlk-piles_over = La fase I ya ha terminado. { nlk-hint-shedding }
error-nlk-not_shedding_yet = Aún se están haciendo los montones. { nlk-hint-piles }
error-nlk-play_one_card = Indica una sola carta: «{ verb-play } <carta>».
error-nlk-beat_top = Sobre { $top } solo vale una carta más alta de su palo o un triunfo; si no, sube.
error-nlk-beat_trump = { $top } es triunfo: solo vale un triunfo más alto; si no, sube.
error-nlk-leader_must_play = La baza está vacía: sales tú y tienes que jugar una carta.

## Palabras que se escriben en /nlk jugar (además de verb-play y verb-pass)
verb-nlk-move = mover
    .also = muevo
verb-nlk-draw = robar
    .also = robo
verb-nlk-give = dar
    .also = doy
verb-nlk-keep = quedar
    .also = quedo quedármela quedarmela
verb-nlk-take = subir
    .also = subo
