## Comandos de barra: nombres (en minúsculas, sin espacios) y descripciones (hasta 100 caracteres).

cmd-nueva-name = nueva
cmd-nueva-desc = Abrir una mesa de { $game } en este canal.
cmd-mano-name = mano
cmd-mano-desc = Ver tu mano (solo la ves tú).
cmd-jugar-name = jugar
cmd-jugar-desc = Jugar una carta o hacer otra acción.
cmd-jugar-carta-name = carta
cmd-jugar-carta-desc = La carta (p. ej. 7o, 12b, «as de oros») o la jugada («paso», «jugar 7o»).
cmd-cancelar-name = cancelar
cmd-cancelar-desc = Cerrar la mesa de este canal.

cmd-tapete-name = tapete
cmd-tapete-desc = Tapete: ayuda, clasificaciones, historial y ajustes del servidor.
cmd-ayuda-name = ayuda
cmd-ayuda-desc = Cómo se juega, y las reglas y opciones de cada juego (solo lo ves tú).
cmd-ayuda-juego-name = juego
cmd-ayuda-juego-desc = El juego del que quieres las reglas (vacío: cómo funciona el bot).
cmd-idioma-name = idioma
cmd-idioma-desc = Idioma de las mesas públicas de este servidor (Gestionar servidor).
cmd-idioma-idioma-name = idioma
cmd-idioma-idioma-desc = El idioma para las mesas, sus mensajes y resultados.
choice-language-es = Español
choice-language-en = Inglés (English)

## Comandos del bote (tomate)
cmd-bote-name = bote
cmd-bote-desc = El plato, la reserva y lo último.
cmd-saldo-name = saldo
cmd-saldo-desc = Tu saldo de tantos (o el de otro jugador).
cmd-saldo-jugador-name = jugador
cmd-saldo-jugador-desc = De quién quieres ver el saldo (vacío: el tuyo).
cmd-ranking-name = ranking
cmd-ranking-desc = Los saldos del servidor, de mejor a peor.
cmd-ajustar-name = ajustar
cmd-ajustar-desc = Mover tantos a mano (Gestionar servidor).
cmd-ajustar-jugador-name = jugador
cmd-ajustar-jugador-desc = A quién se ajusta el saldo.
cmd-ajustar-cantidad-name = cantidad
cmd-ajustar-cantidad-desc = Tantos: positivo, del bote al jugador; negativo, del jugador al bote.
cmd-ajustar-motivo-name = motivo
cmd-ajustar-motivo-desc = Por qué (queda en el historial).
cmd-ajustar-bote-name = bote
cmd-ajustar-bote-desc = De/a dónde van los tantos: plato o reserva.

## /tapete: clasificación, perfil, historial y ajustes del servidor
cmd-tapete-ranking-name = ranking
cmd-tapete-ranking-desc = La clasificación de habilidad del servidor en un juego.
cmd-tapete-ranking-juego-desc = El juego de la clasificación.
cmd-perfil-name = perfil
cmd-perfil-desc = Nivel, partidas y resultados recientes de un jugador (solo lo ves tú).
cmd-perfil-jugador-name = jugador
cmd-perfil-jugador-desc = De quién quieres ver el perfil (vacío: el tuyo).
cmd-historial-name = historial
cmd-historial-desc = Las últimas partidas del servidor y el resumen de cada una.
cmd-historial-juego-desc = Solo las de este juego (vacío: todos).
cmd-ajustes-name = ajustes
cmd-ajustes-desc = Ver o cambiar los ajustes del servidor (Gestionar servidor).
cmd-ajustes-turno-name = turno
cmd-ajustes-turno-desc = Segundos de cada turno antes de que juegue la CPU (15 a 3600).
cmd-ajustes-pausa_cpu-name = pausa_cpu
cmd-ajustes-pausa_cpu-desc = Segundos de pausa antes de cada jugada de la CPU (0 a 30).
cmd-ajustes-idioma-desc = El idioma de las mesas y mensajes públicos.
cmd-ajustes-canal-name = canal
cmd-ajustes-canal-desc = El único canal donde se pueden abrir mesas.
cmd-ajustes-cualquier_canal-name = cualquier_canal
cmd-ajustes-cualquier_canal-desc = Permitir de nuevo abrir mesas en cualquier canal.
cmd-ajustes-dibujos-name = dibujos
cmd-ajustes-dibujos-desc = Mostrar el dibujo de la mesa y de la mano (si no, solo texto).
cmd-ajustes-por_defecto-name = por_defecto
cmd-ajustes-por_defecto-desc = Volver al turno, pausa, canal y dibujos por defecto del bot.

## Idiomas: los grupos de cada juego (el nombre del juego) y las opciones del bote
cmd-tute-name = tute
cmd-escoba-name = escoba
cmd-tomate-name = tomate
cmd-belote-name = belote
cmd-nlk-name = nlk
choice-pot-plato = plato
choice-pot-reserva = reserva

## /tapete datos: los datos de cada usuario y el libro del servidor (privacidad)
cmd-datos-name = datos
cmd-datos-desc = Tus datos en Tapete (verlos o borrarlos) y el libro de tantos del servidor.
cmd-datos-ver-name = ver
cmd-datos-ver-desc = Descarga todo lo que Tapete guarda de ti (un archivo JSON, solo para ti).
cmd-datos-borrar-name = borrar
cmd-datos-borrar-desc = Borra tus datos de Tapete en todos los servidores (pide confirmación).
cmd-datos-exportar-name = exportar
cmd-datos-exportar-desc = El libro de tantos del servidor en CSV (Gestionar servidor).
