"""Card faces and pictures through the real discord.py dispatch (simcord): the faces are
uploaded once as application emojis and survive restarts and cut-short uploads, card buttons
and public text carry them, the public table message and "Ver mi mano" carry pictures, a
server can turn pictures off, and a failed upload leaves the cards as text."""

from __future__ import annotations

import io
import logging
import random
from typing import Any

import discord
import pytest
from PIL import Image

from tapete.bot.art.cards import ALL_CARDS, EMOJI_PREFIX, emoji_name, emoji_png
from tapete.bot.art.table import HEIGHT, WIDTH
from tapete.bot.pictures import HAND_FILE, TABLE_FILE
from tapete.bot.settings import Settings
from tapete.bot.views import public_message
from tests.conftest import make_bot
from tests.driver import act_through_buttons, bot_of, table_in

FACES = len(ALL_CARDS) + 1  # every card of both decks and the back

EMOJI_POSTS = "/applications/*/emojis"


def uploads(env: Any) -> int:
    return sum(1 for r in env.http_requests
               if r.method == "POST" and r.path.startswith("/applications/")
               and r.path.endswith("/emojis"))


def app_emojis(env: Any) -> dict[str, int]:
    return {e.name: e.id for e in env.backend.application_emojis.values()}


async def start_table(env: Any, game: str = "tute", **options: Any) -> tuple[Any, Any, Any]:
    """A started table of ana (who may manage the server) and luis."""
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    ana = guild.add_member(env.create_user("ana"), roles=[mods])
    luis = guild.add_member(env.create_user("luis"))
    await ana.slash(channel, f"{game} nueva", **options)
    await luis.click(channel.last_message, label="Unirse")
    await ana.click(channel.last_message, label="Empezar")
    await env.settle()
    return channel, ana, luis


def table_message(env: Any, channel: Any) -> Any:
    table = table_in(env, channel)
    return next(m for m in channel.history() if m.id == table.message_id)



@pytest.fixture
def settings(settings: Settings) -> Settings:
    """This module's bots upload the card faces at start-up, as the bot does by default. The
    faces are drawn first, outside the simulated Discord: drawing runs on a real thread, which
    simcord's settling does not wait for, and drawing all 101 takes seconds on a busy machine
    (a bot draws them once per process, on its first start on a new application)."""
    for card in (*ALL_CARDS, None):
        emoji_png(card)
    return settings.model_copy(update={"card_emojis": True})

def png_of(env: Any, attachment: Any) -> Image.Image:
    data = env.backend.cdn.get(attachment.url)
    assert data is not None
    return Image.open(io.BytesIO(data))


async def test_faces_are_uploaded_once_and_survive_restarts(
    simcord_env: Any, settings: Any
) -> None:
    env = simcord_env
    await env.settle()
    emojis = app_emojis(env)
    assert len(emojis) == FACES and uploads(env) == FACES
    assert set(emojis) == {emoji_name(c) for c in (*ALL_CARDS, None)}
    assert bot_of(env).faces.ready
    # a restart finds them all: nothing is uploaded again
    await env.restart_bot(make_bot(settings))
    await env.settle()
    assert uploads(env) == FACES and app_emojis(env) == emojis
    # an upload cut short (here: three faces missing) resumes where it stopped; an emoji of
    # an older drawing of ours goes, somebody else's emoji of the application stays
    for emoji_id in list(env.backend.application_emojis)[:3]:
        del env.backend.application_emojis[emoji_id]
    old = env.backend.create_application_emoji(f"{EMOJI_PREFIX}s7o_00000000")
    other = env.backend.create_application_emoji("logo")
    await env.restart_bot(make_bot(settings))
    await env.settle()
    assert uploads(env) == FACES + 3
    now = app_emojis(env)
    assert old.id not in now.values() and now["logo"] == other.id
    assert {n for n in now if n.startswith(EMOJI_PREFIX)} == set(emojis)


async def test_buttons_text_and_pictures_show_the_faces(simcord_env: Any) -> None:
    env = simcord_env
    channel, ana, luis = await start_table(env, modalidad="habanero")
    table = table_in(env, channel)
    faces = app_emojis(env)
    # the public message: the picture of the felt, and the turned card's face in the text
    message = table_message(env, channel)
    assert [a.filename for a in message.attachments] == [TABLE_FILE]
    assert message.embeds[0].image.url is not None
    assert png_of(env, message.attachments[0]).size == (WIDTH, HEIGHT)
    turned = table.state.view(None).turned
    name = emoji_name(turned)
    assert f"<:{name}:{faces[name]}>{turned.label}" in str(message.embeds[0].to_dict())
    # the hand: one picture, and every card button carries its card's face
    mover = ana if table.seats[table.state.to_act].user_id == ana.id else luis
    seat = table.state.to_act
    shown = await mover.click(message, label="Ver mi mano")
    assert shown.ephemeral
    hand_message = shown.response.message
    assert [a.filename for a in hand_message.attachments] == [HAND_FILE]
    assert hand_message.embeds[0].image.url is not None
    hand = table.state.view(seat).hand
    picture = png_of(env, hand_message.attachments[0])
    assert picture.width > picture.height
    buttons = [c for r in shown.response.components for c in r["components"]
               if c["custom_id"].startswith("tapete:act:")]
    by_card = {b["label"]: b for b in buttons}
    for card in hand:
        emoji = by_card[card.label]["emoji"]
        assert emoji["name"] == emoji_name(card) and int(emoji["id"]) == faces[emoji["name"]]
    # playing a card answers without drawing: the hand's picture goes, the faces stay
    playable = next(b for b in buttons if not b["disabled"])
    played = await mover.click(hand_message, custom_id=playable["custom_id"])
    after = played.response.message if played.response else hand_message
    assert not after.attachments and after.embeds[0].image.url is None
    assert any(c.get("emoji") for r in played.response.components for c in r["components"])


async def test_pictures_off_keeps_the_text_and_sends_no_picture(simcord_env: Any) -> None:
    env = simcord_env
    channel, ana, _ = await start_table(env, "escoba")
    before = table_message(env, channel).embeds[0].to_dict()
    set_off = await ana.slash(channel, "tapete ajustes", dibujos=False)
    assert set_off.ephemeral and "Dibujos de la mesa: no" in set_off.response.embeds[0].description
    await env.settle()
    message = table_message(env, channel)
    assert not message.attachments and message.embeds[0].image.url is None
    after = message.embeds[0].to_dict()
    assert [f["name"] for f in after["fields"]] == [f["name"] for f in before["fields"]]
    shown = await ana.click(message, label="Ver mi mano")
    assert not shown.response.message.attachments
    # turned back on, the picture returns
    await ana.slash(channel, "tapete ajustes", dibujos=True)
    await env.settle()
    assert [a.filename for a in table_message(env, channel).attachments] == [TABLE_FILE]


async def test_a_channel_without_attach_files_still_shows_the_table_as_text(
    simcord_env: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A bot invited without Attach Files (or denied it in the channel) is refused every
    message that carries the picture: the table's message must still follow the game."""
    env = simcord_env
    channel, ana, luis = await start_table(env, "escoba")
    table = table_in(env, channel)
    assert [a.filename for a in table_message(env, channel).attachments] == [TABLE_FILE]
    env.inject_error("PATCH", "/channels/*/messages/*", status=403, code=50013,
                     message="Missing Permissions", times=1)
    rng = random.Random(3)
    with caplog.at_level(logging.WARNING, logger="tapete.bot.app"):
        for _ in range(2):  # the refused edit, then one more move: no picture is tried again
            mover = ana if table.seats[table.state.to_act].user_id == ana.id else luis
            await act_through_buttons(mover, table_message(env, channel), rng)
            await env.settle()
            message = table_message(env, channel)
            assert not message.attachments and message.embeds[0].image.url is None
            expected, _ = public_message(table, bot_of(env).servers.public(table.guild_id))
            assert message.embeds[0].to_dict() == expected.to_dict()  # the state after the move
    refused = [r for r in caplog.records if "Attach Files" in r.getMessage()]
    assert len(refused) == 1


async def test_a_failed_upload_leaves_the_cards_as_text(
    simcord_env: Any, settings: Any, caplog: pytest.LogCaptureFixture
) -> None:
    env = simcord_env
    await env.settle()
    env.backend.application_emojis.clear()  # a new application: nothing uploaded yet
    env.inject_error("POST", EMOJI_POSTS, status=500, times=None)
    with caplog.at_level(logging.WARNING, logger="tapete.bot.faces"):
        await env.restart_bot(make_bot(settings))
        await env.settle()
    failures = [r for r in caplog.records if r.name == "tapete.bot.faces"]
    assert len(failures) == 1 and "shown as text" in failures[0].getMessage()
    assert not bot_of(env).faces.ready
    channel, ana, luis = await start_table(env, modalidad="habanero")
    table = table_in(env, channel)
    message = table_message(env, channel)
    turned = table.state.view(None).turned
    text = str(message.embeds[0].to_dict())
    assert turned.label in text and "<:" not in text
    mover = ana if table.seats[table.state.to_act].user_id == ana.id else luis
    shown = await mover.click(message, label="Ver mi mano")
    buttons = [c for r in shown.response.components for c in r["components"]]
    assert buttons and not any(b.get("emoji") for b in buttons)
    assert {b["label"] for b in buttons} >= {c.label for c in table.state.view(
        table.state.to_act).hand}
