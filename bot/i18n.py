"""The one catalog of user-facing text. Spanish today; another language is another dict.

``t(key, **values)`` formats a message. Keys are dotted: ``lobby.full``, ``event.TrickWon``,
``action.play``. Game-specific texts use ``<game>.`` in front (``event.tute.CanteSung``) and
fall back to the generic key.
"""

from __future__ import annotations

from typing import Any

ES: dict[str, str] = {
    # tables and lobby
    "table.gone": "Esta mesa ya no existe.",
    "table.bad_options": "Opciones no válidas: {detail}",
    "table.channel_busy": "Ya hay una mesa abierta en este canal: termínala o cancélala antes.",
    "table.none_here": "No hay ninguna mesa abierta en este canal.",
    "table.not_seated": "No estás sentado en esta mesa.",
    "table.not_started": "La partida aún no ha empezado.",
    "table.over": "Esta partida ya ha terminado.",
    "table.restored": "🔄 El bot se reinició: la partida sigue donde estaba.",
    "table.cancelled": "Mesa cancelada.",
    "table.wrong_game": "La mesa de este canal es de {game}, no de {wanted}.",
    "lobby.title": "Mesa de {game}",
    "lobby.body": (
        "Anfitrión: {host}\nOpciones: {options}\n"
        "Jugadores ({n}, se admiten {allowed}):\n{seats}"
    ),
    "lobby.already_in": "Ya estás sentado en esta mesa.",
    "lobby.not_in": "No estás sentado en esta mesa.",
    "lobby.full": "La mesa está completa.",
    "lobby.host_cannot_leave": "El anfitrión no puede salir: cancela la mesa si no queréis jugar.",
    "lobby.only_host": "Solo el anfitrión (o alguien con Gestionar servidor) puede hacer eso.",
    "lobby.wrong_count": "Hay {n} jugadores y esta modalidad admite {allowed}.",
    "lobby.started": "La partida ya ha empezado.",
    "lobby.joined": "Te has sentado en la mesa.",
    "lobby.left": "Has salido de la mesa.",
    "lobby.cpu_added": "CPU añadida.",
    "button.join": "Unirse",
    "button.leave": "Salir",
    "button.cpu": "Añadir CPU",
    "button.start": "Empezar",
    "button.cancel": "Cancelar",
    "button.hand": "Ver mi mano",
    "button.rematch": "Revancha",
    "cpu.name": "CPU {n}",
    # turns and play
    "turn.not_yours": "No es tu turno: le toca a {name}.",
    "turn.timeout": "⏰ {name} no ha jugado a tiempo: la CPU juega por él hasta que vuelva.",
    "turn.now": "Turno de {name}.",
    "turn.yours": "Te toca jugar.",
    "hand.title": "Tu mano",
    "hand.empty": "(sin cartas)",
    "hand.hidden": "Tus cartas están boca abajo.",
    "hand.waiting": "Espera tu turno: le toca a {name}.",
    "hand.choose": "Elige cómo jugar {card}:",
    "hand.played": "Hecho: {action}.",
    "play.unknown": "No puedes hacer «{text}» ahora. Opciones: {options}.",
    "play.no_hand": "No tienes mano en esta mesa.",
    "error.generic": (
        "Algo ha fallado al procesar tu acción; no se ha perdido nada. Inténtalo otra vez."
    ),
    "error.forbidden": "Necesitas el permiso Gestionar servidor para eso.",
    "error.guild_only": "Este comando solo funciona en un servidor.",
    "public.log": "Últimas jugadas",
    "public.players": "Jugadores",
    "public.over": "Partida terminada",
    "public.winners": "Ganan: {names}",
    # actions (buttons and autocomplete)
    "action.play": "Jugar {card}",
    "action.pass": "Paso",
    "action.sing": "Cantar en {suit}",
    "action.swap": "Cambiar el triunfo",
    "action.capote": "Capote",
    "action.take": "Tomar",
    "action.stay": "Juego",
    "action.baceta": "Tomar la baceta",
    "action.discard": "Descartar la carta {n} (boca abajo)",
    "action.exchange": "Cambiar {cards}",
    "action.capture": "{card} se lleva {cards}",
    "action.claim": "Cobrar renuncio: {cards}",
}

CATALOG: dict[str, dict[str, str]] = {"es": ES}
LANGUAGE = "es"


def has(key: str) -> bool:
    return key in CATALOG[LANGUAGE]


def t(key: str, **values: Any) -> str:
    """The message for ``key`` formatted with ``values`` (the key itself if missing)."""
    text = CATALOG[LANGUAGE].get(key, key)
    return text.format(**values) if values else text


def add(texts: dict[str, str], language: str = "es") -> None:
    """Let a cog add its game's texts to the catalog."""
    CATALOG.setdefault(language, {}).update(texts)
