"""Helpers to play a table through simcord the way users do: buttons and slash commands."""

from __future__ import annotations

import random
import re
from typing import Any

import discord
import simcord.env
import simcord.interactions

from tapete.bot.app import TapeteBot
from tapete.bot.i18n import catalog
from tapete.bot.render import event_line
from tapete.bot.render import log_lines as render_log
from tapete.bot.tables import Table
from tapete.rules.cards import Card

# Discord sends every interaction with the user's client locale; simcord always says en-US, so
# tests give each user theirs here (Spanish unless a test says otherwise). It lives here, not in
# conftest.py, because pytest imports conftest under its own name: a test importing
# ``tests.conftest`` would get a second, unused copy of the dict.
USER_LOCALES: dict[int, str] = {}
_BASE_PAYLOAD = simcord.interactions.base_payload


def payload_with_locale(backend: Any, **kwargs: Any) -> Any:
    """Each user's locale, and the server's own Discord locale (simcord says en-US always)."""
    record, payload = _BASE_PAYLOAD(backend, **kwargs)
    payload["locale"] = USER_LOCALES.get(kwargs["user_id"], "es-ES")
    if "guild_locale" in payload:
        payload["guild_locale"] = backend.get_guild(kwargs["guild_id"]).preferred_locale
    return record, payload


_CREATE_GUILD = simcord.env.Env.create_guild


def spanish_guild(env: Any, name: str = "Test Guild", **kwargs: Any) -> Any:
    """Test servers are Spanish-speaking, like the project's, unless a test says otherwise."""
    kwargs.setdefault("preferred_locale", "es-ES")
    return _CREATE_GUILD(env, name, **kwargs)


def bot_of(env: Any) -> TapeteBot:
    bot: TapeteBot = env.bot
    return bot


_LAST_TABLE: dict[tuple[int, int], Table] = {}


def table_in(env: Any, channel: Any) -> Table:
    """The channel's table; once it has finished (and left the bot's memory), the one this
    helper last saw there."""
    key = (id(bot_of(env).tables), channel.id)
    table = bot_of(env).tables.in_channel(channel.id)
    if table is None:
        return _LAST_TABLE[key]
    _LAST_TABLE[key] = table
    return table


async def restart(env: Any, bot: TapeteBot, channel: Any, table: Table) -> Table:
    """Restart the bot as ``bot`` and return the channel's table as restored from storage: a
    new object, exactly as it was before the restart."""
    assert table.state is not None
    snapshot = table.state.to_json()
    await env.restart_bot(bot)
    restored = table_in(env, channel)
    assert restored is not table and restored.state is not None
    assert restored.state.to_json() == snapshot
    return restored


def public_messages(channel: Any) -> list[discord.Message]:
    return [m for m in channel.history() if not m.flags.ephemeral]


LOG_FIELDS = ("Últimas jugadas", "Latest plays")


def public_text(channel: Any, *, with_log: bool = False) -> str:
    """What the channel shows to everybody now: contents and embeds.

    The log field lists past moves (cards played in an earlier hand may be back in a hand), so
    it is left out unless asked for; ``log_lines`` checks it separately.
    """
    parts = []
    for message in public_messages(channel):
        parts.append(message.content)
        for embed in message.embeds:
            data = embed.to_dict()
            fields = [f for f in data.get("fields", []) if with_log or f["name"] not in LOG_FIELDS]
            parts.append(str({**data, "fields": fields}))
    return "\n".join(parts)


def log_lines(channel: Any) -> list[str]:
    lines = []
    for message in public_messages(channel):
        for embed in message.embeds:
            for f in embed.to_dict().get("fields", []):
                if f["name"] in LOG_FIELDS:
                    lines.extend(f["value"].split("\n"))
    return lines


FACE = re.compile(r"<a?:\w+:\d+>")


def plain(text: str) -> str:
    """Public text without the cards' face emojis (``<:name:id>``): the labels remain."""
    return FACE.sub("", text)


def mentions_card(text: str, card: Card) -> bool:
    return re.search(rf"(?<![0-9A-Za-z]){re.escape(card.label)}", text) is not None


def enabled_components(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for row in components:
        for comp in row.get("components", []):
            if not comp.get("disabled") and comp.get("custom_id"):
                found.append(comp)
    return found


async def act_through_buttons(
    member: Any, table_message: discord.Message, rng: random.Random,
    hand_label: str = "Ver mi mano",
) -> Any:
    """Open the hand ("Ver mi mano") and press one enabled control of the ephemeral hand."""
    shown = await member.click(table_message, label=hand_label)
    assert shown.ephemeral, "the hand must be ephemeral"
    hand_message = shown.response.message
    choices = enabled_components(shown.response.components)
    assert choices, "it is this player's turn, so some control must be enabled"
    comp = rng.choice(choices)
    if comp["type"] == 3:  # a select menu
        values = [o["value"] for o in comp["options"]]
        most = comp.get("max_values", 1)
        picked = rng.sample(values, rng.randint(max(1, comp.get("min_values", 1)), most))
        if comp["custom_id"].startswith("tapete:subset"):
            picked = rng.sample(values, rng.randint(0, most)) if values != ["-"] else []
        result = await member.select(hand_message, picked, custom_id=comp["custom_id"])
    else:
        result = await member.click(hand_message, custom_id=comp["custom_id"])
    return result


async def play_to_the_end(
    env: Any, channel: Any, members: dict[int, Any], *, seed: int = 1, max_steps: int = 5000,
    check: Any = None, hand_label: str = "Ver mi mano",
) -> Table:
    """Drive a started table until the match is over; CPU seats play on their own."""
    rng = random.Random(seed)
    bot = bot_of(env)
    table = table_in(env, channel)
    message = channel.history()[0] if table.message_id is None else None
    for _ in range(max_steps):
        state = table.state
        assert state is not None
        if state.is_over:
            return table
        seat = state.to_act
        assert seat is not None
        user_id = table.seats[seat].user_id
        if user_id is None:
            await env.advance_time(bot.settings.cpu_delay + 0.01)
        else:
            message = next(m for m in channel.history() if m.id == table.message_id)
            result = await act_through_buttons(members[user_id], message, rng, hand_label)
            assert result.ephemeral or result.response is None or result.response.ephemeral
        if check is not None:
            check(table)
    raise AssertionError("the match did not end")


def privacy_check(channel: Any, exposed: Any = None, language: str = "es") -> Any:
    """A check run after every step: no public message names a card still in a hand (except
    the ones ``exposed(table)`` says the rules made public), and every log line is the
    rendering of an engine event (events carry no hidden card)."""
    rendered: set[str] = set()
    lang = catalog(language)

    def check(table: Table) -> None:
        assert table.state is not None
        rendered.update(filter(None, (event_line(table, e, lang) for e in table.last_events)))
        rendered.update(render_log(table, list(table.log), lang))
        for line in log_lines(channel):
            assert line in rendered, f"log line not from a public event: {line}"
        text = public_text(channel)
        public = exposed(table) if exposed is not None else set()
        for seat in range(len(table.seats)):
            for card in table.state.view(seat).hand:
                if str(card) not in public:
                    assert not mentions_card(text, card), f"{card} of seat {seat} is public"

    return check
