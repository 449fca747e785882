"""Tomate at a Discord table, and the server's pot.

``/tomate nueva``, ``mano``, ``jugar``, ``cancelar`` like every game, plus ``bote`` (plato,
reserva and last movements), ``saldo`` (a balance and its history), ``ranking`` and ``ajustar``
(Manage Server only). The rules are in ``rules.tomate``; this module turns its ``TantosMoved``
events into ledger rows inside the table layer's transaction, so a hand's snapshot and its
tantos commit together. All Tomate tables of a server share its pot under one lock.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import aiosqlite
import discord
from discord import app_commands

from bot.gamecog import GameCog
from bot.games import GameSpec, TableHooks
from bot.i18n import add, t
from bot.render import seat_lines
from bot.storage import PLATO, RESERVA, Movement, Storage
from bot.tables import Table, TableError
from rules import tomate
from rules.cards import SUIT_NAMES
from rules.engine import Event

if TYPE_CHECKING:
    from bot.app import TapeteBot

CPU_ACCOUNT = "cpu"

add({
    "tomate.title": "Tomate ({variante}) — mano {hand}",
    "tomate.pot": "🍅 Plato: **{plato}** · Reserva: **{reserva}** · Baceta: {baceta} cartas",
    "tomate.pinta": "Pinta: {card} · triunfo **{suit}** · reparte {dealer}",
    "tomate.pinta_taken": "{name} tomó la pinta · triunfo **{suit}** · reparte {dealer}",
    "tomate.trick": "Baza en juego",
    "tomate.last": "Última mano",
    "tomate.status.pending": "por hablar",
    "tomate.status.in": "juega",
    "tomate.status.passed": "pasa",
    "tomate.status.baceta": "con la baceta",
    "tomate.balance": "saldo {n}",
    "tomate.bote": "🍅 Bote de este servidor",
    "tomate.bote_body": "Plato: **{plato}** tantos · Reserva: **{reserva}** tantos",
    "tomate.movements": "Últimos movimientos",
    "tomate.no_movements": "Todavía no hay movimientos.",
    "tomate.saldo": "Saldo de {name}: **{n}** tantos",
    "tomate.ranking": "🏅 Clasificación de tantos",
    "tomate.ranking_empty": "Nadie ha jugado al tomate en este servidor todavía.",
    "tomate.adjusted": "Ajuste hecho: {amount} tantos {direction} ({reason}).",
    "tomate.adjust_zero": "La cantidad no puede ser 0.",
    "tomate.adjust_pot": "El {pot} solo tiene {n} tantos.",
    "tomate.summary": "Mano {hand}: bazas {tricks}; tomates: {tomates}; saldo de la mano: {nets}.",
    "reason.dealer_ante": "puesta del repartidor",
    "reason.reserva_to_plato": "reserva al plato",
    "reason.panfilo": "pánfilo",
    "reason.trick": "baza",
    "reason.tomate": "tomate",
    "reason.mosca": "mosca",
    "reason.unopposed": "sin rival",
    "action.tomate.take": "Tomar la pinta",
    "action.tomate.pass": "Paso",
    "action.tomate.stay": "Juego",
    "action.tomate.baceta": "Tomar la baceta",
    "action.tomate.discard": "Descartar la {n}.ª (boca abajo)",
    "event.tomate.HandDealt": "🃏 Mano {hand}: reparte {dealer}; pinta {pinta}.",
    "event.tomate.PanfiloDealt": "🃏 {seat} tiene el pánfilo: cobra 1 tanto de cada uno.",
    "event.tomate.PintaTaken": "{seat} toma la pinta {pinta}.",
    "event.tomate.PintaDeclined": "{seat} no toma la pinta.",
    "event.tomate.CardDiscarded": "{seat} descarta boca abajo su carta n.º {position}.",
    "event.tomate.PlayerStayed": "{seat}: juego.",
    "event.tomate.PlayerPassed": "{seat}: paso.",
    "event.tomate.HandVoid": "Todos pasan: mano nula, el plato sigue creciendo.",
    "event.tomate.BacetaTaken": "{seat} toma la baceta.",
    "event.tomate.BacetaDeclined": "{seat} no toma la baceta.",
    "event.tomate.WonUnopposed": "{seat} se lleva el plato sin rival: {amount} tantos.",
    "event.tomate.CardsExchanged": "{seat} cambia {count} cartas.",
    "event.tomate.MoscaWon": "🪰 ¡Mosca de {seat}! ({cards})",
    "event.tomate.CardPlayed": "{seat} juega {card}.",
    "event.tomate.TrickWon": "Baza {trick} para {seat}.",
    "event.tomate.Tomate": "🍅 {seat} es tomate: paga {amount} a la reserva.",
})


def seat_account(table: Table, seat: int) -> str:
    user = table.seats[seat].user_id
    return f"user:{user}" if user is not None else CPU_ACCOUNT


def account_name(account: str) -> str:
    if account.startswith("user:"):
        return f"<@{account.removeprefix('user:')}>"
    if account == CPU_ACCOUNT:
        return "CPU"
    return account


class TomateHooks(TableHooks):
    """Keeps the engine's pot in step with the server's and writes every movement."""

    guild_lock = True

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def new_game_kwargs(self, table: Table, db: aiosqlite.Connection) -> dict[str, Any]:
        plato, reserva = await self.storage.ledger.pot(self._guild(table), db)
        return {"plato": plato, "reserva": reserva}

    async def before_apply(self, table: Table, db: aiosqlite.Connection) -> None:
        state = table.state
        assert isinstance(state, tomate.State)
        state.sync_pot(*await self.storage.ledger.pot(self._guild(table), db))
        table.extra["hand"] = state.hand_no

    async def after_apply(
        self, table: Table, events: Sequence[Event], db: aiosqlite.Connection
    ) -> None:
        guild = self._guild(table)
        hand = table.extra.get("hand", 1)
        for event in events:
            if isinstance(event, tomate.HandStarted):
                hand = event.hand
            elif isinstance(event, tomate.TantosMoved):
                source = self._account(table, event.source)
                target = self._account(table, event.target)
                if source == target:  # between two CPU seats (pánfilo): nothing moves
                    continue
                await self.storage.ledger.move(
                    db, guild, source, target, event.amount, event.reason,
                    table_id=table.id, hand=hand,
                )
        table.extra["hand"] = hand
        await self._cache_balances(table, db)

    async def on_load(self, table: Table) -> None:
        if table.state is not None:
            await self._cache_balances(table, self.storage.db)

    async def _cache_balances(self, table: Table, db: aiosqlite.Connection) -> None:
        accounts = [seat_account(table, i) for i in range(len(table.seats))]
        table.extra["balances"] = await self.storage.ledger.balances_of(
            db, self._guild(table), accounts
        )

    @staticmethod
    def _account(table: Table, name: str) -> str:
        if name.startswith("seat:"):
            return seat_account(table, int(name.removeprefix("seat:")))
        return name

    @staticmethod
    def _guild(table: Table) -> int:
        if table.guild_id is None:
            raise TableError(t("error.guild_only"))
        return table.guild_id


def render_table(table: Table) -> discord.Embed:
    state = table.state
    assert state is not None
    view: tomate.TomateView = state.view(None)
    embed = discord.Embed(title=t("tomate.title", variante=view.variante, hand=view.hand_number),
                          colour=discord.Colour.red())
    suit = SUIT_NAMES[view.trump] if view.trump is not None else "—"
    if view.pinta_taken and view.taker is not None:
        pinta = t("tomate.pinta_taken", name=table.name(view.taker), suit=suit,
                  dealer=table.name(view.dealer))
    else:
        pinta = t("tomate.pinta", card=view.pinta.label if view.pinta else "—", suit=suit,
                  dealer=table.name(view.dealer))
    embed.description = "\n".join([
        t("tomate.pot", plato=view.plato, reserva=view.reserva, baceta=view.baceta), pinta,
    ])
    trick = " ".join(f"{table.name(s)} {c.label}" for s, c in view.trick) or "—"
    embed.add_field(name=t("tomate.trick"), value=trick, inline=False)
    balances: dict[str, int] = table.extra.get("balances", {})
    marks = {}
    for i in range(len(table.seats)):
        status = t(f"tomate.status.{view.status[i]}")
        balance = balances.get(seat_account(table, i))
        extra = f", {t('tomate.balance', n=balance)}" if balance is not None else ""
        marks[i] = f"{status}, {view.tricks_won[i]} bazas{extra}"
    embed.add_field(name=t("public.players"), value=seat_lines(table, marks), inline=False)
    if view.last_hand is not None:
        embed.add_field(name=t("tomate.last"), value=hand_summary(table, view.last_hand),
                        inline=False)
    return embed


def hand_summary(table: Table, summary: tomate.HandScored) -> str:
    tricks = ", ".join(f"{table.name(i)} {n}" for i, n in enumerate(summary.tricks) if n)
    tomates = ", ".join(table.name(i) for i in summary.tomates) or "nadie"
    nets = ", ".join(f"{table.name(i)} {n:+d}" for i, n in enumerate(summary.nets) if n)
    return t("tomate.summary", hand=summary.hand, tricks=tricks or "—", tomates=tomates,
             nets=nets or "—")


def movement_line(m: Movement) -> str:
    reason = t(f"reason.{m.reason}") if not m.reason.startswith("ajuste") else m.reason
    return f"{account_name(m.source)} → {account_name(m.target)}: **{m.amount}** ({reason})"


class TomateCog(GameCog, group_name="tomate", group_description="Tomate: el plato y la reserva."):
    def __init__(self, bot: TapeteBot) -> None:
        self.spec = GameSpec(
            name="tomate", title="Tomate", options_model=tomate.Options,
            new_game=tomate.new_game, load_state=tomate.State.from_json,
            render_table=render_table, hooks=TomateHooks(bot.storage),
        )
        super().__init__(bot)

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.guild_id is None:
            raise app_commands.NoPrivateMessage()
        return True

    @app_commands.command(name="nueva", description="Abrir una mesa de Tomate en este canal.")
    @app_commands.describe(
        variante="normal, a_ciegas, mosca (5 cartas) o panfilo (la jota de tréboles manda).",
        baceta="mesa: quien toma la baceta juega por la mesa; propia: juega para sí.",
        reserva_por_mano="Máximo de la reserva que pasa al plato en cada mano (vacío: toda).",
    )
    async def nueva(
        self, interaction: discord.Interaction[Any],
        variante: Literal["normal", "a_ciegas", "mosca", "panfilo"] = "normal",
        baceta: Literal["mesa", "propia"] = "mesa",
        reserva_por_mano: app_commands.Range[int, 0, 10_000] | None = None,
    ) -> None:
        await self.open_table(interaction, {"variante": variante, "baceta": baceta,
                                            "reserva_por_mano": reserva_por_mano})

    @app_commands.command(name="bote", description="El plato, la reserva y lo último.")
    async def bote(self, interaction: discord.Interaction[Any]) -> None:
        guild = interaction.guild_id or 0
        plato, reserva = await self.bot.storage.ledger.pot(guild)
        movements = await self.bot.storage.ledger.history(guild, limit=10)
        embed = discord.Embed(title=t("tomate.bote"),
                              description=t("tomate.bote_body", plato=plato, reserva=reserva),
                              colour=discord.Colour.red())
        embed.add_field(name=t("tomate.movements"), inline=False, value="\n".join(
            movement_line(m) for m in movements) or t("tomate.no_movements"))
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="saldo", description="Tu saldo de tantos (o el de otro jugador).")
    async def saldo(
        self, interaction: discord.Interaction[Any], jugador: discord.Member | None = None
    ) -> None:
        member = jugador or interaction.user
        guild = interaction.guild_id or 0
        account = f"user:{member.id}"
        balances = await self.bot.storage.ledger.balances(guild)
        movements = await self.bot.storage.ledger.history(guild, account, limit=10)
        embed = discord.Embed(
            description=t("tomate.saldo", name=member.mention, n=balances.get(account, 0)),
            colour=discord.Colour.red(),
        )
        embed.add_field(name=t("tomate.movements"), inline=False, value="\n".join(
            movement_line(m) for m in movements) or t("tomate.no_movements"))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="ranking", description="Los saldos del servidor, de mejor a peor.")
    async def ranking(self, interaction: discord.Interaction[Any]) -> None:
        balances = await self.bot.storage.ledger.balances(interaction.guild_id or 0)
        players = sorted(
            ((a, b) for a, b in balances.items() if a not in (PLATO, RESERVA)),
            key=lambda item: (-item[1], item[0]),
        )
        lines = [f"{i}. {account_name(a)}: **{b}**" for i, (a, b) in enumerate(players[:25], 1)]
        embed = discord.Embed(title=t("tomate.ranking"), colour=discord.Colour.red(),
                              description="\n".join(lines) or t("tomate.ranking_empty"))
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="ajustar", description="Mover tantos a mano (Gestionar servidor).")
    @app_commands.describe(
        jugador="A quién se ajusta el saldo.",
        cantidad="Tantos: positivo, del bote al jugador; negativo, del jugador al bote.",
        motivo="Por qué (queda en el historial).",
        bote="De/a dónde van los tantos: plato o reserva.",
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def ajustar(
        self, interaction: discord.Interaction[Any], jugador: discord.Member, cantidad: int,
        motivo: app_commands.Range[str, 3, 200], bote: Literal["plato", "reserva"] = "reserva",
    ) -> None:
        if cantidad == 0:
            raise TableError(t("tomate.adjust_zero"))
        guild = interaction.guild_id or 0
        account = f"user:{jugador.id}"
        reason = f"ajuste: {motivo} (por {interaction.user.display_name})"
        storage = self.bot.storage
        async with self.bot.tables.guild_lock("tomate", guild), storage.transaction() as db:
            plato, reserva = await storage.ledger.pot(guild, db)
            available = plato if bote == PLATO else reserva
            if cantidad > available:
                raise TableError(t("tomate.adjust_pot", pot=bote, n=available))
            source, target = (bote, account) if cantidad > 0 else (account, bote)
            await storage.ledger.move(db, guild, source, target, abs(cantidad), reason)
        direction = f"{bote} → {jugador.mention}" if cantidad > 0 else f"{jugador.mention} → {bote}"
        await interaction.response.send_message(
            t("tomate.adjusted", amount=abs(cantidad), direction=direction, reason=motivo)
        )


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(TomateCog(bot))
