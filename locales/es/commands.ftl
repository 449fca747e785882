## Comandos de barra: nombres (en minúsculas, sin espacios) y descripciones (hasta 100 caracteres).

cmd-nueva-name = nueva
cmd-nueva-desc = Abrir una mesa de { $game } en este canal.
cmd-mano-name = mano
cmd-mano-desc = Ver tu mano (solo la ves tú).
cmd-jugar-name = jugar
cmd-jugar-desc = Jugar una carta o hacer otra acción.
cmd-jugar-carta-name = carta
cmd-jugar-carta-desc = La carta (p. ej. 7o, 12b, «as de oros») o la acción.
cmd-cancelar-name = cancelar
cmd-cancelar-desc = Cerrar la mesa de este canal.

cmd-tapete-name = tapete
cmd-tapete-desc = Tapete: ayuda e idioma del servidor.
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
