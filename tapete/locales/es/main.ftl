## Textos compartidos por todos los juegos: mesas, vestíbulo, turnos, mano privada, errores.

table-gone = Esta mesa ya no existe.
table-not-saved = ⚠️ No se ha podido guardar el cambio: la mesa sigue como estaba. Inténtalo de nuevo en un momento.
table-bad-options = Opciones no válidas: { $detail }
table-channel-busy = Ya hay una mesa abierta en este canal: termínala o cancélala antes.
table-elsewhere = Este servidor lo atiende otro proceso del bot: inténtalo de nuevo en un momento.
table-none-here = No hay ninguna mesa abierta en este canal.
table-not-seated = No estás sentado en esta mesa.
table-not-started = La partida aún no ha empezado.
table-over = Esta partida ya ha terminado.
table-restored = 🔄 El bot se reinició: la partida sigue donde estaba.
table-cancelled = Mesa cancelada.
table-wrong-game = La mesa de este canal es de { $game }, no de { $wanted }.
table-rematch-started = 🔁 Revancha: nueva mesa con los mismos jugadores.
lobby-title = Mesa de { $game }
lobby-body =
    Anfitrión: { $host }
    Opciones: { $options }
    Jugadores ({ $n }, se admiten { $allowed }):
    { $seats }
lobby-allowed-range = { $low }–{ $high }
lobby-allowed-list = { $first } o { $last }
lobby-already-in = Ya estás sentado en esta mesa.
lobby-not-in = No estás sentado en esta mesa.
lobby-full = La mesa está completa.
lobby-host-cannot-leave = El anfitrión no puede salir: cancela la mesa si no queréis jugar.
lobby-only-host = Solo el anfitrión (o alguien con Gestionar servidor) puede hacer eso.
lobby-wrong-count = Hay { $n } jugadores y esta modalidad admite { $allowed }.
lobby-started = La partida ya ha empezado.
lobby-joined = Te has sentado en la mesa.
lobby-left = Has salido de la mesa.
lobby-cpu-added = CPU añadida.
button-join = Unirse
button-leave = Salir
button-start = Empezar
button-cancel = Cancelar
button-hand = Ver mi mano
button-rematch = Revancha
cpu-name = CPU { $n }

turn-not-yours = No es tu turno: le toca a { $name }.
turn-timeout = ⏰ { $name } no ha jugado a tiempo: la CPU juega por él hasta que vuelva.
turn-now = Turno de { $name }.
turn-yours = Te toca jugar.
hand-title = Tu mano — { $game }
hand-empty = (sin cartas)
hand-none-yours = Aún no tienes cartas a la vista: elige abajo lo que quieres hacer.
hand-none-waiting = Aún no tienes cartas a la vista: cuando te toque, tus opciones aparecerán aquí.
hand-waiting = Espera tu turno: le toca a { $name }.
hand-choose = Elige cómo jugar { $card }:
hand-choose-card = Elige una carta:
hand-played = Hecho: { $action }.
hand-stale = ⏳ Esos botones eran de una jugada anterior: no se ha jugado nada. Esta es tu mano ahora.
play-unknown = No puedes hacer «{ $text }» ahora. Opciones: { $options }.
play-bad-seat = «{ $text }» no es un asiento de esta mesa: escribe el número con el que la mesa lista al jugador, del 1 al { $count }.
play-no-hand = No tienes mano en esta mesa.

error-generic = Algo ha fallado al procesar tu acción; no se ha perdido nada. Inténtalo otra vez.
error-forbidden = Necesitas el permiso Gestionar servidor para eso.
error-guild-only = Este comando solo funciona en un servidor.

public-log = Últimas jugadas
public-players = Jugadores
public-over = Partida terminada
public-winners = Ganan: { $names }
public-options = Opciones

word-yes = sí
word-no = no
word-nobody = nadie
word-and = y
word-default = por defecto

suit-spanish-o = oros
suit-spanish-c = copas
suit-spanish-e = espadas
suit-spanish-b = bastos
suit-french-s = picas
suit-french-h = corazones
suit-french-d = diamantes
suit-french-c = tréboles

## Negativas que cualquier juego puede dar (códigos de tapete/rules/errors.py y tapete/rules/tricks.py).
error-not_your_turn = No es tu turno.
error-game_over = La partida ha terminado.
error-unknown_card = No conozco la carta «{ $text }».
error-unknown_action = No conozco la acción «{ $text }».
error-empty_action = Acción vacía.
error-missing_card = Falta la carta en «{ $text }».
error-no_arguments = «{ $verb }» no lleva argumentos.
error-not_in_hand = No tienes { $card }.
error-not_now = Ahora no puedes hacer «{ $text }».
error-must_follow = Debes asistir a { $suit }.
error-must_overtake = Debes montar: juega una carta más alta de { $suit }.
error-must_trump = Debes fallar con un triunfo.
error-must_overtrump = Debes pisar: juega un triunfo más alto que el de la baza.
error-must_undertrump = Debes jugar un triunfo, aunque no puedas pisar.

## Acciones y sucesos genéricos (un juego puede tener los suyos con su nombre delante).
action-play = Jugar { $card }
action-pass = Paso
event-CardPlayed = { $seat } juega { $card }.
event-TrickWon = Baza { $number } para { $seat }.

## Idioma y ayuda
language-name-es = español
language-name-en = inglés
language-set = 🌐 Idioma del servidor: { $language }. Las mesas públicas lo usan desde ahora.
help-title = 🃏 Tapete: cómo se juega
help-general =
    • **Abrir una mesa**: `/<juego> nueva` en un canal (por ejemplo `/tute nueva`). Sale una mesa con botones: **Unirse**, **Salir**, **Añadir CPU** (fácil, normal o difícil), **Empezar** y **Cancelar**.
    • **Jugar**: pulsa **Ver mi mano** en la mesa; solo tú ves tus cartas. Las cartas que puedes jugar están activas. También sirve `/<juego> jugar` con la carta (`7o`, `12b`, «as de oros», «7 de oros») o la jugada («{ verb-pass }», «{ verb-play } 7o»); valen también las palabras en inglés.
    • **Si no juegas a tiempo** la CPU juega por ti hasta que vuelvas a abrir tu mano.
    • **Revancha**: al terminar, el botón abre otra partida con los mismos jugadores.
    • **Juegos**: { $games }. Escribe `/tapete ayuda juego:<juego>` para sus reglas y opciones.
    • **Más**: `/tapete ranking`, `/tapete perfil` y `/tapete historial` para las clasificaciones y las partidas jugadas; `/tapete ajustes` para los administradores.
help-game-title = { $game }: reglas
help-options = Opciones de `/{ $command } nueva`
help-option-line = • **{ $label }** (`{ $name }`): { $description }
help-choices = Valores: { $choices }.

## El banco de un servidor (tantos)
bank-not-enough = El { $pot } solo tiene { $n } tantos.
bank-unknown-account = No conozco la cuenta «{ $account }».
bank-zero = La cantidad no puede ser 0.
bank-limit = Ninguna cantidad ni saldo puede pasar de { $limit } tantos (ni de -{ $limit }).
help-unknown-game = No conozco el juego «{ $game }».

## Presencia: avisos de turno, ausencias y pausa
public-notice = Aviso
turn-warning = ⏳ { $name }, se te acaba el tiempo: si no juegas, la CPU jugará por ti.
table-paused = ⏸️ Nadie está jugando: la mesa queda en pausa.
table-paused-notice = ⏸️ Mesa en pausa: todos los jugadores están ausentes. Pulsa «{ $button }» para seguir.
table-resumed = ▶️ { $name } ha vuelto: la partida sigue.

## Ayuda en páginas, clasificaciones, perfil, historial y ajustes
help-page = Página { $page } de { $pages }
rating-title = 🏆 Clasificación de { $game }
rating-line = { $rank }. { $name }: **{ $rating }** · { $matches ->
        [one] { $matches } partida
       *[other] { $matches } partidas
    }, { $wins ->
        [one] { $wins } ganada
       *[other] { $wins } ganadas
    }
rating-empty = Aún no hay partidas terminadas de este juego en el servidor.
rating-cpu = CPU ({ $level })
cpu-level-facil = fácil
cpu-level-normal = normal
cpu-level-dificil = difícil
profile-title = Perfil de { $name }
profile-game = Nivel **{ $rating }** · { $matches ->
        [one] { $matches } partida
       *[other] { $matches } partidas
    }, { $wins ->
        [one] { $wins } ganada
       *[other] { $wins } ganadas
    }
    Detalles: μ { $mu } · σ { $sigma } (el nivel es 1000 + 40 × (μ − 3σ); todos empiezan en 1000)
profile-recent = Últimas partidas
profile-empty = Todavía no ha terminado ninguna partida en este servidor.
history-title = 📜 Últimas partidas
history-line = #{ $id } · { $date } · **{ $game }** · { $players } · { $outcome }
history-won = ganan { $names }
history-cancelled = cancelada
history-empty = No hay partidas registradas.
history-option = Partida #{ $id } ({ $date })
history-pick = Ver el resumen de una partida
history-match-title = Partida #{ $id }
history-scores = Puntuación final
history-hands = Manos
history-hand = Mano { $hand }: { $points }
history-no-hands = Sin resumen por manos.
history-gone = Esa partida ya no está en el historial de este servidor.
settings-title = ⚙️ Ajustes del servidor
settings-body =
    • **Turno**: { $turn } s antes de que la CPU juegue por quien no juega.
    • **Pausa de la CPU**: { $cpu } s antes de cada jugada.
    • **Idioma**: { $language }.
    • **Mesas**: { $channel }.
    Los cambios de turno y pausa valen para las mesas que se abran desde ahora.
settings-any-channel = en cualquier canal
settings-saved = Guardado.
table-wrong-channel = En este servidor las mesas se abren en { $channel }.

## Niveles de la CPU
cpu-seat-name = CPU { $n } ({ $level })
cpu-level-pick = Añadir CPU { $level }
lobby-bad-level = Ese nivel de CPU no existe.

## Entradas y acceso: valores que el cliente de Discord no enviaría
error-bad-option = El valor de la opción «{ $option }» no es válido.
bank-not-whole = La cantidad tiene que ser un número entero de tantos.
settings-bad-language = Ese idioma no lo hablo: { $languages }.
settings-bad-turn = El turno tiene que ser un número entero de segundos entre { $low } y { $high }.
settings-bad-cpu = La pausa de la CPU tiene que ser un número de segundos entre { $low } y { $high }.
settings-bad-channel = Ese canal no es válido.

## Dibujos de la mesa y de la mano (cartas con dibujo)
picture-trump = Triunfo
picture-turned = Carta vuelta
picture-baceta = Baceta
picture-deck = Mazo
picture-table = Mesa
picture-trick = Baza
picture-last-trick = Última baza
picture-drawn = Robada
picture-bottom = Fondo
picture-pinta = Pinta
picture-tricks = { $n ->
    [one] 1 baza
   *[other] { $n } bazas
}
picture-cards = { $n ->
    [one] 1 carta
   *[other] { $n } cartas
}
picture-escobas = { $n ->
    [one] 1 escoba
   *[other] { $n } escobas
}
picture-losses = { $n ->
    [one] 1 perdida
   *[other] { $n } perdidas
}
picture-out = fuera ({ $place }º)
picture-score = { $name }: { $score }
picture-pot = Plato { $plato } · Reserva { $reserva }
picture-alt-table = Dibujo de la mesa
picture-alt-hand = Dibujo de tu mano
settings-pictures = Dibujos de la mesa: { $on ->
    [yes] sí
   *[no] no
}

## Idiomas: las palabras que se escriben en /<juego> jugar (tapete/bot/typed.py). El valor es la palabra
## que se enseña en los avisos; .also, otras que también valen. El inglés vale siempre.
verb-play = jugar
    .also = juego juega echo
verb-pass = paso
    .also = pasar paso

## Actualizaciones: una mesa cuya partida guardada esta versión no puede leer (tapete/bot/tables/restore.py)
table-unreadable-title = Mesa de { $game } cerrada
table-unreadable = ⚠️ Tras una actualización del bot, esta partida no se ha podido recuperar y la mesa se ha cerrado. Podéis abrir otra cuando queráis.

## /tapete datos: los datos de cada usuario y el libro del servidor (privacidad)
data-copy = Esto es todo lo que Tapete guarda de ti en todos los servidores: tus asientos en mesas y partidas, tus clasificaciones y tus movimientos de tantos.{ $parts ->
        [one] {""}
       *[other] {" "}Va comprimido en { $parts } partes: descárgalas todas y únelas en orden (`cat` las partes `| gunzip`).
    }
data-part = Parte { $n } de { $total }.
data-erase-confirm = Esto borra tus clasificaciones y quita tu id y tu nombre de las mesas y partidas de todos los servidores. En el libro de tantos tus movimientos se quedan, pero a nombre de un jugador anónimo, para que las cuentas del servidor sigan cuadrando. No se puede deshacer. ¿Borrar tus datos?
data-erase-button = Sí, borrar mis datos
data-erase-cancel = No, conservarlos
data-kept = No se ha borrado nada.
data-erased = Hecho: tus datos están borrados ({ $ratings ->
        [one] { $ratings } clasificación
       *[other] { $ratings } clasificaciones
    }, { $matches ->
        [one] { $matches } partida anonimizada
       *[other] { $matches } partidas anonimizadas
    }, { $movements ->
        [one] { $movements } movimiento de tantos anonimizado
       *[other] { $movements } movimientos de tantos anonimizados
    }).
data-erase-seated = No puedo borrar tus datos mientras estés en una mesa abierta: { $tables }. Sal de la sala de espera, o pide a quien la abrió que la cancele, y vuelve a probar.
data-seated-table = { $game } en { $channel }
data-not-yours = Ese botón es de otra persona.
data-anonymous = Jugador borrado
data-ledger = El libro de tantos del servidor: { $rows ->
        [one] { $rows } movimiento
       *[other] { $rows } movimientos
    }.{ $parts ->
        [one] {""}
       *[other] {" "}Va comprimido en { $parts } partes, cada una con su cabecera.
    }
