"""Tomate at a Discord table, and the server's pot.

``/tomate nueva``, ``mano``, ``jugar``, ``cancelar`` like every game, plus ``bote`` (plato,
reserva and last movements), ``saldo`` (a balance and its history), ``ranking`` and ``ajustar``
(Manage Server only). The rules are in ``rules.tomate``; the tantos move through the server's
:class:`~bot.bank.Bank`, whose pot accounts are the plato and the reserva: the hooks below turn
the engine's ``TantosMoved`` events into bank movements inside the table layer's transaction,
so a hand's snapshot and its tantos commit together. All Tomate tables of a server share its
pot under one lock.

A table the bot cannot bring back after an update (its saved game unreadable even through the
snapshot upgrades) is closed at start-up, and its hand in progress is undone in the books
(:meth:`TomateHooks.on_unreadable`; docs/rules/*/tomate.md, "The session"). What "the antes
of that hand" are, decided here:

* A hand moves tantos before its first decision only: the dealer's ante, the reserva (or its
  share) into the plato and the pánfilo payments, all in the same move as the deal. Everything
  else (tricks, tomates, a mosca, an unopposed plato) is paid when the hand ends, in the move
  that deals the next one. So the hand in progress is the table's latest hand in the ledger
  (its ``table_id`` and ``hand``) as long as that hand holds only those three reasons; a hand
  with a payment of its end is over and nothing is undone.
* Each of those rows is reversed by a new row (reason ``unreadable_refund``, same table and
  hand) in the transaction that closes the table: the pánfilo back to each payer, the ante
  back to the dealer, the reserva's share back to the reserva. With nothing else moved
  meanwhile, balances, plato and reserva are exactly as before the deal.
* The plato is shared by every Tomate table of the server, so another table may already have
  paid out, in its tricks, part of what this hand put in. The plato gives back only what it
  holds, players first: the pánfilo (between players, always), then the dealer's ante, then
  the reserva's share; what it no longer holds was won fairly at the other table and stays
  won (the notice says how many tantos). A void hand played earlier at the table (everybody
  passed) is over: its ante stays in the plato, as the rules say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from tapete.bot.art.table import Pile, Scene, SeatScene, by_seat
from tapete.bot.bank import CPU_ACCOUNT, MAX_TANTOS, Bank, user_account
from tapete.bot.commands import ls
from tapete.bot.gamecog import GameCog
from tapete.bot.games import GameSpec, TableHooks
from tapete.bot.i18n import Lang, Text
from tapete.bot.render import fit_lines, seat_lines
from tapete.bot.storage import Movement, ResultRecord, TableRecord, Tx
from tapete.bot.tables import Table, TableError
from tapete.bot.views import private_lang, public_lang, server_of
from tapete.rules import tomate
from tapete.rules.engine import Event

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot

PLATO, RESERVA = "plato", "reserva"
# What a hand moves when it is dealt: all a hand in progress has moved (see the docstring).
DEAL_REASONS = frozenset({"dealer_ante", "reserva_to_plato", "panfilo"})
REFUND = "unreadable_refund"


def seat_account(table: Table, seat: int) -> str:
    return user_account(table.seats[seat].user_id)


def account_name(account: str, lang: Lang) -> str:
    if account.startswith("user:"):
        return f"<@{account.removeprefix('user:')}>"
    if account == CPU_ACCOUNT:
        return lang.t("tomate-cpu")
    if account.startswith("gone:"):  # a player who erased their data (bot.privacy)
        return lang.t("data-anonymous")
    return account


def guild_of(table: Table) -> int:
    if table.guild_id is None:
        raise TableError("error-guild-only")
    return table.guild_id


class TomateHooks(TableHooks):
    """Keeps the engine's pot in step with the server's and moves every tanto via the bank."""

    guild_lock = True

    def __init__(self, bank: Bank) -> None:
        self.bank = bank

    async def new_game_kwargs(self, table: Table, db: Tx) -> dict[str, Any]:
        plato, reserva = await self.bank.pot(guild_of(table), db)
        room = await self._room(table, db, plato, reserva)
        return {"plato": plato, "reserva": reserva, "room": room}

    async def before_apply(self, table: Table, db: Tx) -> int:
        state = table.state
        assert isinstance(state, tomate.State)
        plato, reserva = await self.bank.pot(guild_of(table), db)
        state.sync_pot(plato, reserva, await self._room(table, db, plato, reserva))
        return int(state.hand_no)

    async def _room(
        self, table: Table, db: Tx, plato: int, reserva: int
    ) -> dict[str, tuple[int, int]]:
        """What each of the table's accounts may still receive and pay in this move, read in
        the move's transaction under the server's lock: the engine cuts a payment that would
        pass the bank's limit, so no move of the rules is ever refused (docs/rules/*/tomate.md,
        "The bank's limit"). CPU seats share one account: each gets an equal part of it."""
        accounts = [seat_account(table, i) for i in range(len(table.seats))]
        balances = await self.bank.balances(guild_of(table), accounts, db)
        sharing = Counter(accounts)
        room: dict[str, tuple[int, int]] = {}
        for seat, account in enumerate(accounts):
            receive, pay = self.bank.room(account, balances[account])
            room[f"seat:{seat}"] = (receive // sharing[account], pay // sharing[account])
        room[PLATO] = self.bank.room(PLATO, plato)
        room[RESERVA] = self.bank.room(RESERVA, reserva)
        return room

    async def after_apply(
        self, table: Table, events: Sequence[Event], db: Tx, before: Any
    ) -> None:
        guild = guild_of(table)
        hand = before if isinstance(before, int) else 1
        for event in events:
            if isinstance(event, tomate.HandStarted):
                hand = event.hand
            elif isinstance(event, tomate.TantosMoved):
                await self.bank.move(
                    db, guild, self._account(table, event.source),
                    self._account(table, event.target), event.amount, event.reason,
                    table_id=table.id, hand=hand,
                )

    async def on_load(self, table: Table) -> None:
        if table.state is not None:
            await self._read_balances(table, None)

    async def _read_balances(self, table: Table, db: Tx | None) -> None:
        accounts = [seat_account(table, i) for i in range(len(table.seats))]
        await self.bank.balances(guild_of(table), accounts, db)

    async def on_unreadable(self, record: TableRecord, db: Tx) -> Text | None:
        """Undo the hand in progress of a table closed because its saved game is unreadable:
        every movement of its deal reversed, players first, the plato giving back what it
        still holds (see the module's docstring)."""
        guild = record.guild_id
        if guild is None:
            return None
        rows = await self.bank.storage.ledger.latest_hand(db, guild, record.id)
        if not rows or any(m.reason not in DEAL_REASONS for m in rows):
            return None  # nothing moved, or that hand was paid: no hand in progress to undo
        pots = self.bank.pots
        short = 0
        for m in sorted(rows, key=lambda m: (m.target in pots, m.source in pots)):
            balances = await self.bank.balances(guild, [m.source, m.target], db)
            amount = min(m.amount, self.bank.room(m.target, balances[m.target])[1],
                         self.bank.room(m.source, balances[m.source])[0])
            if amount > 0:
                await self.bank.move(db, guild, m.target, m.source, amount, REFUND,
                                     table_id=record.id, hand=m.hand)
            short += m.amount - amount
        if short:
            return Text.of("tomate-unreadable-refund-short", n=short)
        return Text.of("tomate-unreadable-refund")

    @staticmethod
    def _account(table: Table, name: str) -> str:
        if name.startswith("seat:"):
            return seat_account(table, int(name.removeprefix("seat:")))
        return name


class TomateCog(GameCog, group_name="tomate", group_description=ls("game-tomate-desc")):
    def __init__(self, bot: TapeteBot) -> None:
        self.bank = Bank(bot.storage, pots=(PLATO, RESERVA))
        self.spec = GameSpec(tomate.GAME, self.render_table, TomateHooks(self.bank),
                             summary_lines=self.summary_lines, table_scene=self.table_scene)
        super().__init__(bot)

    def render_table(self, table: Table, lang: Lang) -> discord.Embed:
        state = table.state
        assert state is not None
        view: tomate.TomateView = state.view(None)
        variante = lang.t(f"tomate-variante-{view.variante}")
        embed = discord.Embed(title=lang.t("tomate-title", variante=variante,
                                           hand=view.hand_number),
                              colour=discord.Colour.red())
        suit = lang.suit(view.trump) if view.trump is not None else "—"
        if view.pinta_taken and view.taker is not None:
            pinta = lang.t("tomate-pinta_taken", name=table.name(view.taker), suit=suit,
                           dealer=table.name(view.dealer))
        else:
            pinta = lang.t("tomate-pinta", card=table.faces.text(view.pinta) if view.pinta else "—",
                           suit=suit, dealer=table.name(view.dealer))
        # the server's pot as the bank knows it now (another table may have moved it since
        # this table's last move), else as this table's engine last saw it
        pot = self.bank.known(table.guild_id or 0, [PLATO, RESERVA])
        plato, reserva = pot.get(PLATO, view.plato), pot.get(RESERVA, view.reserva)
        embed.description = "\n".join([
            lang.t("tomate-pot", plato=plato, reserva=reserva, baceta=view.baceta),
            pinta,
        ])
        trick = " ".join(f"{table.name(s)} {table.faces.text(c)}" for s, c in view.trick) or "—"
        embed.add_field(name=lang.t("tomate-trick"), value=trick, inline=False)
        accounts = [seat_account(table, i) for i in range(len(table.seats))]
        balances = self.bank.known(table.guild_id or 0, accounts)
        marks = {}
        for i, account in enumerate(accounts):
            mark = lang.t("tomate-seat-mark", status=lang.t(f"tomate-status-{view.status[i]}"),
                          tricks=view.tricks_won[i])
            if account in balances:
                mark += ", " + lang.t("tomate-balance", n=balances[account])
            marks[i] = mark
        embed.add_field(name=lang.t("public-players"), value=seat_lines(table, marks),
                        inline=False)
        if view.last_hand is not None:
            embed.add_field(name=lang.t("tomate-last"),
                            value=hand_summary(table, view.last_hand, lang), inline=False)
        return embed

    def table_scene(self, table: Table, view: tomate.TomateView, lang: Lang) -> Scene:
        """The picture, with the server's pot as the bank knows it now."""
        pot = self.bank.known(table.guild_id or 0, [PLATO, RESERVA])
        return table_scene(table, view, lang, pot.get(PLATO), pot.get(RESERVA))

    async def summary_lines(
        self, record: ResultRecord, names: Sequence[str], lang: Lang
    ) -> list[str]:
        """A session's hands from its ledger rows: what each seat won or paid per hand."""
        labels: dict[str, str] = {}  # CPU seats share one account
        for name, seat in zip(names, record.seats, strict=True):
            account = user_account(seat.get("user_id"))
            labels.setdefault(account, "CPU" if account == CPU_ACCOUNT else name)
        per_hand: dict[int, dict[str, int]] = {}
        for m in await self.bank.storage.ledger.of_table(record.table_id):
            nets = per_hand.setdefault(m.hand or 0, {})
            nets[m.source] = nets.get(m.source, 0) - m.amount
            nets[m.target] = nets.get(m.target, 0) + m.amount
        lines = []
        for hand, nets in sorted(per_hand.items()):
            shown = ", ".join(f"{label} {nets[account]:+d}"
                              for account, label in labels.items() if nets.get(account))
            lines.append(lang.t("history-hand", hand=hand, points=shown or "—"))
        return lines

    @app_commands.command(name=ls("cmd-bote-name"), description=ls("cmd-bote-desc"))
    async def bote(self, interaction: discord.Interaction[Any]) -> None:
        guild = server_of(interaction)
        lang = public_lang(interaction)
        plato, reserva = await self.bank.pot(guild)
        movements = await self.bank.history(guild, limit=10)
        embed = discord.Embed(title=lang.t("tomate-bote"),
                              description=lang.t("tomate-bote_body", plato=plato,
                                                 reserva=reserva),
                              colour=discord.Colour.red())
        embed.add_field(name=lang.t("tomate-movements"), inline=False, value=fit_lines(
            [movement_line(m, lang) for m in movements]) or lang.t("tomate-no_movements"))
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name=ls("cmd-saldo-name"), description=ls("cmd-saldo-desc"))
    @app_commands.describe(jugador=ls("cmd-saldo-jugador-desc"))
    @app_commands.rename(jugador=ls("cmd-saldo-jugador-name"))
    async def saldo(
        self, interaction: discord.Interaction[Any], jugador: discord.User | None = None
    ) -> None:
        """Anybody's balance, a player who has left the server included."""
        member = jugador or interaction.user
        guild = server_of(interaction)
        lang = private_lang(interaction)
        account = user_account(member.id)
        balance = (await self.bank.balances(guild, [account]))[account]
        movements = await self.bank.history(guild, account, limit=10)
        embed = discord.Embed(description=lang.t("tomate-saldo", name=member.mention, n=balance),
                              colour=discord.Colour.red())
        embed.add_field(name=lang.t("tomate-movements"), inline=False, value=fit_lines(
            [movement_line(m, lang) for m in movements]) or lang.t("tomate-no_movements"))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name=ls("cmd-ranking-name"), description=ls("cmd-ranking-desc"))
    async def ranking(self, interaction: discord.Interaction[Any]) -> None:
        lang = public_lang(interaction)
        balances = await self.bank.all_balances(server_of(interaction))
        players = sorted(
            ((a, b) for a, b in balances.items() if a not in self.bank.pots),
            key=lambda item: (-item[1], item[0]),
        )
        lines = [f"{i}. {account_name(a, lang)}: **{b}**"
                 for i, (a, b) in enumerate(players[:25], 1)]
        embed = discord.Embed(title=lang.t("tomate-ranking"), colour=discord.Colour.red(),
                              description="\n".join(lines) or lang.t("tomate-ranking_empty"))
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name=ls("cmd-ajustar-name"), description=ls("cmd-ajustar-desc"))
    @app_commands.describe(
        jugador=ls("cmd-ajustar-jugador-desc"), cantidad=ls("cmd-ajustar-cantidad-desc"),
        motivo=ls("cmd-ajustar-motivo-desc"), bote=ls("cmd-ajustar-bote-desc"),
    )
    @app_commands.rename(
        jugador=ls("cmd-ajustar-jugador-name"), cantidad=ls("cmd-ajustar-cantidad-name"),
        motivo=ls("cmd-ajustar-motivo-name"), bote=ls("cmd-ajustar-bote-name"),
    )
    @app_commands.choices(bote=[app_commands.Choice(name=ls(f"choice-pot-{pot}"), value=pot)
                                for pot in (PLATO, RESERVA)])
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def ajustar(
        self, interaction: discord.Interaction[Any], jugador: discord.User,
        cantidad: app_commands.Range[int, -MAX_TANTOS, MAX_TANTOS],
        motivo: app_commands.Range[str, 3, 200], bote: Literal["plato", "reserva"] = "reserva",
    ) -> None:
        guild = server_of(interaction)
        lang = public_lang(interaction)
        reason = lang.t("tomate-adjust-reason", reason=motivo, by=interaction.user.display_name)
        async with self.bot.tables.guild_lock("tomate", guild):
            await self.bank.adjust(guild, user_account(jugador.id), cantidad, bote, reason)
        for table in self.bot.tables.tables_of("tomate", guild):
            self.bot.tables.request_refresh(table)
        direction = lang.t("tomate-direction-out", pot=bote, player=jugador.mention)
        if cantidad < 0:
            direction = f"{jugador.mention} → {bote}"
        await interaction.response.send_message(
            lang.t("tomate-adjusted", amount=abs(cantidad), direction=direction, reason=motivo)
        )


def table_scene(table: Table, view: tomate.TomateView, lang: Lang, plato: int | None = None,
                reserva: int | None = None) -> Scene:
    """The picture of the table from the public view: the trick in front of the seats, the
    pinta and the baceta, each seat's word (juega, pasa...) and tricks, and the pot (the
    server's when given, else as this table's engine last saw it)."""
    trick = by_seat(view.trick, view.players)
    seats = tuple(
        SeatScene(table.name(i), trick[i], held=view.hand_sizes[i],
                  notes=(lang.t(f"tomate-status-{view.status[i]}"),
                         lang.t("picture-tricks", n=view.tricks_won[i])),
                  turn=view.to_act == i, dealer=view.dealer == i,
                  out=view.status[i] == "passed")
        for i in range(view.players))
    middle = []
    if view.pinta is not None and not view.pinta_taken:
        middle.append(Pile(lang.t("picture-pinta"), (view.pinta,)))
    middle.append(Pile(lang.t("picture-baceta"), backs=view.baceta))
    title = lang.t("tomate-title", variante=lang.t(f"tomate-variante-{view.variante}"),
                   hand=view.hand_number)
    pot = lang.t("picture-pot", plato=view.plato if plato is None else plato,
                 reserva=view.reserva if reserva is None else reserva)
    return Scene(title, seats, tuple(middle), (pot,))


def hand_summary(table: Table, summary: tomate.HandScored, lang: Lang) -> str:
    tricks = ", ".join(f"{table.name(i)} {n}" for i, n in enumerate(summary.tricks) if n)
    tomates = ", ".join(table.name(i) for i in summary.tomates) or lang.t("tomate-nobody")
    nets = ", ".join(f"{table.name(i)} {n:+d}" for i, n in enumerate(summary.nets) if n)
    return lang.t("tomate-summary", hand=summary.hand, tricks=tricks or "—", tomates=tomates,
                  nets=nets or "—")


def movement_line(m: Movement, lang: Lang) -> str:
    reason = lang.first([f"reason-{m.reason}"]) or m.reason
    return (f"{account_name(m.source, lang)} → {account_name(m.target, lang)}: "
            f"**{m.amount}** ({reason})")


async def setup(bot: TapeteBot) -> None:
    await bot.add_cog(TomateCog(bot))
