"""Shared Discord views: the lobby, the public table message, and the private hand.

Every button is a :class:`discord.ui.DynamicItem` whose ``custom_id`` names the table (and the
action), so buttons on old messages keep working after a restart. Callbacks turn one click into
one call of the table layer; refusals go back as ephemeral messages that say why. Every
callback runs in :func:`guarded`, which also gets the click acknowledged within Discord's 3 s
when the work is slow (``bot.answers``) and has the table's message redrawn when an answer
could not be delivered.
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from tapete.bot.answers import Answer, patience
from tapete.bot.i18n import Lang
from tapete.bot.pictures import HAND_FILE, attach, hand_png
from tapete.bot.render import (
    CONTENT_LIMIT,
    action_label,
    clip,
    fit_lines,
    log_lines,
    option_label,
    option_value,
    refusal,
    seat_lines,
)
from tapete.bot.servers import ServerSettings
from tapete.bot.tables import LOG_LINES, StaleHand, Table, TableError, TableService
from tapete.rules.cards import Card, parse_card
from tapete.rules.cpu import DEFAULT_LEVEL, LEVELS
from tapete.rules.engine import Action, Arg
from tapete.rules.errors import RuleError

if TYPE_CHECKING:
    from tapete.bot.app import TapeteBot

log = logging.getLogger(__name__)


def service(interaction: discord.Interaction[Any]) -> TableService:
    client: TapeteBot = interaction.client
    return client.tables


def servers(interaction: discord.Interaction[Any]) -> ServerSettings:
    client: TapeteBot = interaction.client
    return client.servers


def private_lang(interaction: discord.Interaction[Any]) -> Lang:
    return servers(interaction).private(interaction)


def public_lang(interaction: discord.Interaction[Any]) -> Lang:
    return servers(interaction).public_for(interaction)


def server_of(interaction: discord.Interaction[Any]) -> int:
    """The server an interaction comes from, refused outside one: Discord hides the server
    commands in DMs, but a forged payload reaches the handler all the same."""
    if interaction.guild_id is None:
        raise TableError("error-guild-only")
    return interaction.guild_id


async def table_for(interaction: discord.Interaction[Any], table_id: int) -> Table:
    """The table a control names, for an interaction from that table's own server and
    channel only: a custom_id is text anybody can send, with any table's id in it."""
    table = await service(interaction).find(table_id)
    if table.guild_id != server_of(interaction) or table.channel_id != interaction.channel_id:
        raise TableError("table-gone")
    return table


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


def selected(interaction: discord.Interaction[Any]) -> list[str]:
    """The values chosen in a select menu."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(v) for v in data.get("values", [])]


async def reply_error(interaction: discord.Interaction[Any], message: str) -> None:
    """Say it privately; an interaction that can no longer be answered is only logged."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(message, ephemeral=True)
        else:
            await interaction.response.send_message(message, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("Could not tell a user why (%s)", exc.status)


def describe(
    interaction: discord.Interaction[Any], exc: TableError | RuleError, table: Table | None = None
) -> str:
    """A refusal in the language of the user who caused it."""
    lang = private_lang(interaction)
    if isinstance(exc, TableError):
        return clip(exc.text.render(lang, table.name if table else str), CONTENT_LIMIT)
    if table is None:
        table = service(interaction).in_channel(interaction.channel_id or 0)
    if table is None:
        return clip(refusal(exc, lang), CONTENT_LIMIT)
    return clip(refusal(exc, lang, table.game, table.name, table.spec.game.family,
                        table.spec.game), CONTENT_LIMIT)


async def guarded(
    interaction: discord.Interaction[Any], work: Callable[[], Awaitable[None]],
    table_id: int | None = None, *, answer: Answer | None = None,
) -> None:
    """Run a callback; rule and table refusals become ephemeral replies, bugs are logged.

    The interaction is acknowledged within Discord's 3 s however slow the work is
    (``bot.answers``; ``answer`` says what the callback answers with, when it is not the
    default: see :data:`bot.answers.Answer`). If the callback fails after what it did was
    saved, typically because its answer could not be delivered (deferred too late, token
    expired), the table's public message is redrawn by the table layer, so it always shows
    what was saved."""
    async with patience(interaction, answer):
        try:
            await work()
        except (TableError, RuleError) as exc:
            table = service(interaction).by_id.get(table_id) if table_id is not None else None
            await reply_error(interaction, describe(interaction, exc, table))
        except discord.HTTPException as exc:
            log.warning("Could not answer an interaction (%s): redrawing its table", exc.status)
            redraw_tables(interaction, table_id)
            await reply_error(interaction, private_lang(interaction).t("error-generic"))
        except Exception:
            log.exception("Interaction failed")
            redraw_tables(interaction, table_id)
            await reply_error(interaction, private_lang(interaction).t("error-generic"))
    metrics = getattr(interaction.client, "metrics", None)
    if metrics is not None:  # the reply was sent: its time ends here (bot.metrics)
        metrics.replied(interaction.id)


def redraw_tables(interaction: discord.Interaction[Any], table_id: int | None) -> None:
    """Have the table layer redraw the public message of the interaction's table and of the
    channel's open table (a new one, if the interaction opened it)."""
    tables = service(interaction)
    own = tables.by_id.get(table_id) if table_id is not None else None
    here = tables.in_channel(interaction.channel_id or 0)
    for table in (own, here if here is not own else None):
        if table is not None:
            tables.request_refresh(table)


# -- lobby ------------------------------------------------------------------------------------


def options_line(table: Table, lang: Lang) -> str:
    """The table's options as the players chose them, in ``lang``."""
    parts = [f"{option_label(lang, table.game, name)}: "
             f"{option_value(lang, table.game, name, value)}"
             for name, value in table.options.model_dump().items()]
    return ", ".join(parts) or "—"


def lobby_embed(table: Table, lang: Lang) -> discord.Embed:
    counts = table.player_counts()
    if len(counts) == 1:
        allowed = str(counts[0])
    elif len(counts) > 2:
        allowed = lang.t("lobby-allowed-range", low=min(counts), high=max(counts))
    else:
        allowed = lang.t("lobby-allowed-list", first=counts[0], last=counts[1])
    embed = discord.Embed(
        title=lang.t("lobby-title", game=table.spec.title(lang)),
        description=lang.t(
            "lobby-body", host=f"<@{table.host_id}>", options=options_line(table, lang),
            n=len(table.seats), allowed=allowed, seats=seat_lines(table),
        ),
        colour=discord.Colour.dark_green(),
    )
    return embed


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tapete:lobby:(?P<op>join|leave|cpu|cpu_facil|cpu_dificil|start|cancel)"
             r":(?P<table>\d+)",
):
    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "cpu": discord.ButtonStyle.secondary,
        "cpu_facil": discord.ButtonStyle.secondary,
        "cpu_dificil": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
    }

    def __init__(self, op: str, table_id: int, label: str = "") -> None:
        self.op, self.table_id = op, table_id
        super().__init__(
            discord.ui.Button(
                label=label or op, style=self.STYLES[op],
                custom_id=f"tapete:lobby:{op}:{table_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> LobbyButton:
        return cls(match["op"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            tables = service(interaction)
            table = await table_for(interaction, self.table_id)
            user = interaction.user
            if self.op == "join":
                await tables.join(table, user.id, user.display_name)
            elif self.op == "leave":
                await tables.leave(table, user.id)
            elif self.op.startswith("cpu"):  # "cpu": the default level, else cpu_<level>
                level = self.op.partition("_")[2] or DEFAULT_LEVEL
                await add_cpu(interaction, table, level)
            elif self.op == "start":
                await tables.start(table, user.id, is_admin=is_admin(interaction))
            else:
                await tables.cancel(table, user.id, is_admin=is_admin(interaction))
            embed, view = public_message(table, public_lang(interaction))
            await interaction.response.edit_message(embed=embed, view=view)

        await guarded(interaction, work, self.table_id)


async def add_cpu(interaction: discord.Interaction[Any], table: Table, level: str) -> None:
    """A CPU seat named in the table's language, its level in its name."""
    lang = public_lang(interaction)
    await service(interaction).add_cpu(
        table, interaction.user.id, level,
        name=lambda n: lang.t("cpu-seat-name", n=n, level=lang.t(f"cpu-level-{level}")))


def lobby_view(table: Table, lang: Lang) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    def cpu_label(level: str) -> str:  # every CPU button names its level
        return lang.t("cpu-level-pick", level=lang.t(f"cpu-level-{level}"))

    for op in ("join", "leave", "cpu", "start", "cancel"):
        label = cpu_label(DEFAULT_LEVEL) if op == "cpu" else lang.t(f"button-{op}")
        view.add_item(LobbyButton(op, table.id, label))
    for level in LEVELS:  # the button above adds the default level; these, the others
        if level != DEFAULT_LEVEL:
            view.add_item(LobbyButton(f"cpu_{level}", table.id, cpu_label(level)))
    return view


# -- the public table message -----------------------------------------------------------------


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tapete:table:(?P<op>hand|rematch):(?P<table>\d+)",
):
    def __init__(self, op: str, table_id: int, label: str = "") -> None:
        self.op, self.table_id = op, table_id
        style = discord.ButtonStyle.primary if op == "hand" else discord.ButtonStyle.success
        super().__init__(
            discord.ui.Button(
                label=label or op, style=style, custom_id=f"tapete:table:{op}:{table_id}"
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> TableButton:
        return cls(match["op"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        async def work() -> None:
            if self.op == "rematch":
                await rematch(interaction, self.table_id)
                return
            await send_hand(interaction, await table_for(interaction, self.table_id))

        answer: Answer = "public" if self.op == "rematch" else "private"
        await guarded(interaction, work, self.table_id, answer=answer)


async def rematch(interaction: discord.Interaction[Any], table_id: int) -> None:
    """Revancha: the table layer starts the new match; here it gets its public message."""
    tables = service(interaction)
    user = interaction.user
    await table_for(interaction, table_id)  # the finished table is this channel's
    table = await tables.rematch(table_id, user.id, user.display_name,
                                 timing=servers(interaction).timing(interaction.guild_id))
    embed, view = public_message(table, public_lang(interaction))
    await interaction.response.send_message(embed=embed, view=view)
    message = await interaction.original_response()
    await tables.set_message(table, message.id)


def presence_notice(table: Table, lang: Lang) -> str:
    """A paused table, or a player whose turn is about to run out, said to everybody."""
    presence = table.presence
    if table.status != "playing":
        return ""
    if presence.paused:
        return lang.t("table-paused-notice", button=lang.t("button-hand"))
    if presence.warned is not None:
        return lang.t("turn-warning", name=table.name(presence.warned))
    return ""


def public_message(table: Table, lang: Lang) -> tuple[discord.Embed, discord.ui.View]:
    """The one public message of a table: lobby, game in progress, or final summary."""
    if table.status == "lobby":
        return lobby_embed(table, lang), lobby_view(table, lang)
    if table.status == "cancelled":
        embed = lobby_embed(table, lang)
        embed.title = f"{embed.title} — {lang.t('table-cancelled')}"
        return embed, discord.ui.View(timeout=None)  # no buttons left
    embed = table.spec.render_table(table, lang)
    notice = presence_notice(table, lang)
    if notice:
        embed.add_field(name=lang.t("public-notice"), value=notice, inline=False)
    lines = log_lines(table, list(table.log), lang)[-LOG_LINES:]
    if lines:
        embed.add_field(name=lang.t("public-log"), value=fit_lines(lines, newest_last=True),
                        inline=False)
    view = discord.ui.View(timeout=None)
    if table.status == "playing":
        view.add_item(TableButton("hand", table.id, lang.t("button-hand")))
    else:
        view.add_item(TableButton("rematch", table.id, lang.t("button-rematch")))
    return embed, view


# -- the private hand -------------------------------------------------------------------------

# The position a hand was drawn for (``Table.stamp``); optional so that controls from before
# stamps existed still reach their handler, which finds them out of date.
STAMP = r"(?:(?P<stamp>[0-9a-f]{8}):)?"


class ActButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"tapete:act:(?P<table>\d+):{STAMP}(?P<action>.+)",
):
    """One legal action (or one card with a single way to play it)."""

    def __init__(
        self, table_id: int, stamp: str, action: str, label: str = "", *,
        disabled: bool = False, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: discord.PartialEmoji | None = None,
    ) -> None:
        self.table_id, self.stamp, self.action = table_id, stamp, action
        super().__init__(
            discord.ui.Button(
                label=label or action, style=style, disabled=disabled, emoji=emoji,
                custom_id=f"tapete:act:{table_id}:{stamp}:{action}"[:100],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> ActButton:
        return cls(int(match["table"]), match["stamp"] or "", match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, lambda: act_and_refresh(
            interaction, self.table_id, self.action, self.stamp), self.table_id)


class ChoiceSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"tapete:choose:(?P<table>\d+):{STAMP}(?P<key>[^:]+)",
):
    """A card (or verb) with several legal ways to play it: pick one."""

    def __init__(
        self, table_id: int, stamp: str, key: str,
        options: list[discord.SelectOption] | None = None, placeholder: str = "",
    ) -> None:
        self.table_id, self.stamp = table_id, stamp
        super().__init__(
            discord.ui.Select(
                custom_id=f"tapete:choose:{table_id}:{stamp}:{key}",
                placeholder=placeholder or None,
                options=options or [discord.SelectOption(label="—", value="-")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> ChoiceSelect:
        return cls(int(match["table"]), match["stamp"] or "", match["key"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = selected(interaction)
        action = values[0] if values else ""
        await guarded(interaction, lambda: act_and_refresh(
            interaction, self.table_id, action, self.stamp), self.table_id)


async def act_and_refresh(
    interaction: discord.Interaction[Any], table_id: int, action: str, stamp: str
) -> None:
    """Play a private hand's control, then redraw the hand in place. A control drawn for an
    earlier position of the game plays nothing: the hand is redrawn as it is now."""
    tables = service(interaction)
    table = await table_for(interaction, table_id)
    lang = private_lang(interaction)
    try:
        await tables.act(table, interaction.user.id, action, stamp=stamp)
    except StaleHand as stale:
        seat = table.seat_of(interaction.user.id)
        if seat is None or table.state is None:
            raise
        embed, view = hand_message(table, seat, lang, note=stale.text.render(lang))
        await interaction.response.edit_message(embed=embed, view=view, attachments=[])
        return
    seat = table.seat_of(interaction.user.id)
    assert seat is not None
    embed, view = hand_message(table, seat, lang, done=Action.parse(action))
    # Nothing is drawn while answering a move: the hand's picture (which would show the card
    # just played) goes, the face buttons stay; "Ver mi mano" draws the hand again.
    await interaction.response.edit_message(embed=embed, view=view, attachments=[])


def hand_message(
    table: Table, seat: int, lang: Lang, *, done: Action | None = None, note: str | None = None
) -> tuple[discord.Embed, discord.ui.View]:
    """The ephemeral hand: cards as buttons (legal ones enabled) plus the other actions.

    Which actions go on a card's button, which get a chooser and which a subset picker
    follows from the verbs' declared argument kinds, so no game is named here.
    """
    state = table.state
    assert state is not None
    game = table.spec.game
    view_data = state.view(seat)
    hand = list(getattr(view_data, "hand", ()))
    my_turn = state.to_act == seat and not state.is_over
    legal = state.legal_actions() if my_turn else []
    if hand:
        first = table.faces.cards(hand)
    else:
        first = lang.first([f"hand-{table.game}-none"], **view_words(view_data)) or lang.t(
            "hand-none-yours" if legal else "hand-none-waiting")
    lines = [first]
    if done is not None:
        lines.insert(0, lang.t("hand-played", action=action_label(table, done, lang)))
    if note is not None:
        lines.insert(0, note)
    if state.is_over:
        lines.append(lang.t("table-over"))
    elif my_turn:
        lines.append(lang.t("turn-yours"))
    elif state.to_act is not None:
        lines.append(lang.t("hand-waiting", name=table.name(state.to_act)))
    embed = discord.Embed(
        title=lang.t("hand-title", game=table.spec.title(lang)), description="\n".join(lines),
        colour=discord.Colour.blurple(),
    )
    view = discord.ui.View(timeout=None)
    by_card: dict[str, list[Action]] = {}
    others: list[Action] = []
    for action in legal:
        if game.verb(action.verb).card_first and action.args:
            by_card.setdefault(action.args[0], []).append(action)
        else:
            others.append(action)
    default_verb = next((v.name for v in game.verbs if v.card_first), None)
    card_items: list[discord.ui.Item[Any]] = []
    card_actions: list[Action] = []  # the actions on the hand's cards, in hand order
    for card in hand:
        actions = by_card.pop(str(card), [])
        card_actions.extend(actions)
        if len(actions) > 1:
            card_items.append(ChoiceSelect(table.id, table.stamp, str(card),
                                           _options(table, actions, lang),
                                           placeholder=lang.t("hand-choose", card=card.label)))
        else:
            action_text = str(actions[0]) if actions else f"{default_verb} {card}"
            card_items.append(ActButton(table.id, table.stamp, action_text, card.label,
                                        disabled=not actions, style=discord.ButtonStyle.primary,
                                        emoji=face(table, card)))
    # Card actions for cards the player cannot see (played blind, or a card on the table).
    others = [a for actions in by_card.values() for a in actions] + others
    by_verb: dict[str, list[Action]] = {}
    for action in others:
        by_verb.setdefault(action.verb, []).append(action)
    other_items: list[discord.ui.Item[Any]] = []
    for verb, actions in by_verb.items():
        if game.verb(verb).subset:
            other_items.append(SubsetSelect.build(table, verb, hand, actions, lang))
        elif len(actions) > 4:
            other_items.append(ChoiceSelect(table.id, table.stamp, verb,
                                            _options(table, actions, lang),
                                            placeholder=action_label(table, actions[0], lang)))
        else:
            other_items.extend(ActButton(table.id, table.stamp, str(a),
                                         action_label(table, a, lang)[:80],
                                         style=discord.ButtonStyle.success,
                                         emoji=action_face(table, a)) for a in actions)
    if not _fits([*card_items, *other_items]):
        # A hand too big for a button per card (the embed still lists every card): only the
        # cards with an action keep a button, and if even those do not fit, menus list them.
        card_items = [i for i in card_items
                      if not (isinstance(i, ActButton) and i.item.disabled)]
        if not _fits([*card_items, *other_items]):
            card_items = [
                ChoiceSelect(table.id, table.stamp, f"cards{k}",
                             _options(table, card_actions[k:k + MENU_OPTIONS], lang),
                             placeholder=lang.t("hand-choose-card"))
                for k in range(0, len(card_actions), MENU_OPTIONS)
            ]
    for item in (*card_items, *other_items):
        view.add_item(item)
    return embed, view


def view_words(view_data: Any) -> dict[str, str]:
    """The text fields of a seat's view (its phase, variant...): what a game's message may
    choose its words by."""
    if not dataclasses.is_dataclass(view_data):
        return {}
    return {f.name: value for f in dataclasses.fields(view_data)
            if isinstance(value := getattr(view_data, f.name), str)}


MENU_OPTIONS = 25  # Discord's most options in one select menu
ROWS, ROW_WIDTH = 5, 5  # a message's rows of components; a button is 1 wide, a menu 5


def _fits(items: list[discord.ui.Item[Any]]) -> bool:
    """Whether ``items`` fit in one message, placed in order as discord.py places them (each
    in the first row with room)."""
    rows = [0] * ROWS
    for item in items:
        width = item.width
        for row in range(ROWS):
            if rows[row] + width <= ROW_WIDTH:
                rows[row] += width
                break
        else:
            return False
    return True


def _options(table: Table, actions: list[Action], lang: Lang) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=action_label(table, a, lang)[:100], value=str(a),
                             emoji=action_face(table, a))
        for a in actions[:25]
    ]


def face(table: Table, card: Card | None) -> discord.PartialEmoji | None:
    """A card's emoji for a button or a menu option (None until the faces are synced)."""
    found = table.faces.ident(card) if card is not None else None
    return discord.PartialEmoji(name=found[0], id=found[1]) if found else None


def action_face(table: Table, action: Action) -> discord.PartialEmoji | None:
    """The face of the card an action plays: its first card argument (the card a capture
    plays), else the one its game names (the turned card a swap takes...)."""
    verb = table.spec.game.verb(action.verb)
    if verb.args and verb.args[0][1] in (Arg.CARD, Arg.CARDS) and action.args:
        try:
            return face(table, parse_card(action.args[0], table.spec.game.family))
        except RuleError:
            return None
    if table.spec.action_card is not None:
        return face(table, table.spec.action_card(table, action))
    return None


class SubsetSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"tapete:subset:(?P<table>\d+):{STAMP}(?P<verb>[a-z]+)",
):
    """Choose any number of cards for one verb (a ``subset`` verb); none means pass."""

    def __init__(
        self, table_id: int, stamp: str, verb: str, select: discord.ui.Select[Any] | None = None
    ) -> None:
        self.table_id, self.stamp, self.verb = table_id, stamp, verb
        super().__init__(select or discord.ui.Select(
            custom_id=f"tapete:subset:{table_id}:{stamp}:{verb}",
            options=[discord.SelectOption(label="—", value="-")],
        ))

    @classmethod
    def build(
        cls, table: Table, verb: str, hand: list[Card], actions: list[Action], lang: Lang
    ) -> SubsetSelect:
        cards = [c for c in hand if any(str(c) in a.args for a in actions)]
        most = max(len(a.args) for a in actions)
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"tapete:subset:{table.id}:{table.stamp}:{verb}",
            placeholder=action_label(table, Action(verb, ("…",)), lang),
            min_values=0, max_values=max(1, min(most, len(cards))),
            options=[discord.SelectOption(label=c.label, value=str(c), emoji=face(table, c))
                     for c in cards] or
            [discord.SelectOption(label="—", value="-")],
        )
        return cls(table.id, table.stamp, verb, select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str], /,
    ) -> SubsetSelect:
        return cls(int(match["table"]), match["stamp"] or "", match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = selected(interaction)
        action = f"{self.verb} {' '.join(values)}" if values else Action.PASS
        await guarded(interaction, lambda: act_and_refresh(
            interaction, self.table_id, action, self.stamp), self.table_id)


async def send_hand(interaction: discord.Interaction[Any], table: Table) -> None:
    """Answer with the player's hand, ephemerally (never to the channel, never by DM)."""
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise TableError("table-not-seated")
    if table.state is None:
        raise TableError("table-not-started")
    await service(interaction).back(table, interaction.user.id)
    lang = private_lang(interaction)
    embed, view = hand_message(table, seat, lang)
    hand = list(getattr(table.state.view(seat), "hand", ()))
    files = []
    if hand and servers(interaction).pictures(interaction.guild_id):
        files.append(attach(embed, await hand_png(hand), HAND_FILE, lang.t("picture-alt-hand")))
    await interaction.response.send_message(embed=embed, view=view, files=files, ephemeral=True)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton, TableButton, ActButton, ChoiceSelect, SubsetSelect,
)
