"""NLK through the real discord.py dispatch (simcord): whole sessions through buttons only,
the public table of each phase, the private buttons, privacy, and closing a session.

Phase I is public by the rules (every pile face up); in Phase II a hand is never shown to the
channel: the privacy check runs after every step of the random sessions. Scenarios that need
particular cards replace a freshly started table's engine state with one dealt from a
scripted deck (seat 0 deals, as at the start); every move after that goes in through Discord.
"""

from __future__ import annotations

import json
import random
from typing import Any

from tapete.bot.i18n import catalog
from tapete.rules import nlk
from tests.conftest import make_bot
from tests.driver import (
    bot_of,
    log_lines,
    mentions_card,
    plain,
    privacy_check,
    public_text,
    restart,
    table_in,
)
from tests.test_nlk_rules import THREE, c, deck

ES = catalog("es")


def setup_guild(env: Any, *names: str) -> tuple[Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    members = [guild.add_member(env.create_user(n)) for n in names]
    return channel, members


async def open_and_start(env: Any, channel: Any, host: Any, guests: list[Any], cpus: int = 0,
                         **options: Any) -> Any:
    created = await host.slash(channel, "nlk nueva", **options)
    assert not created.ephemeral
    lobby = channel.last_message
    assert lobby.embeds[0].title == "Mesa de NLK"
    for guest in guests:
        await guest.click(lobby, label="Unirse")
    for _ in range(cpus):
        await host.click(lobby, label="Añadir CPU normal")
    await host.click(lobby, label="Empezar")
    table = table_in(env, channel)
    assert table.status == "playing"
    return table


async def script(env: Any, table: Any, cards: list[Any]) -> None:
    """Deal the first game from ``cards`` (seat 0 deals) and show it, as a fresh start."""
    state = nlk.new_game(table.options, len(table.seats), seed=11, decks=[cards])
    table.state = state
    table.log.clear()
    table.log.extend(state.initial_events)
    with env._bot_scope():  # as the bot itself would (its picture is drawn on its thread)
        bot_of(env).tables.request_refresh(table)
    await env.settle()


def member_at(table: Any, members: list[Any], seat: int) -> Any:
    return next(m for m in members if m.id == table.seats[seat].user_id)


def table_message(channel: Any, table: Any) -> Any:
    return next(m for m in channel.history() if m.id == table.message_id)


def embed_of(channel: Any, table: Any) -> dict[str, Any]:
    """The table message's embed, cards as their labels (without the face emojis)."""
    data: dict[str, Any] = json.loads(plain(json.dumps(
        table_message(channel, table).embeds[0].to_dict())))
    return data


def field(embed: dict[str, Any], name: str) -> str:
    value: str = next(f["value"] for f in embed["fields"] if f["name"] == name)
    return value


def player_line(embed: dict[str, Any], table: Any, seat: int) -> str:
    players = field(embed, ES.t("public-players"))
    who = f"<@{table.seats[seat].user_id}>"
    [line] = [ln for ln in players.split("\n") if who in ln]
    return line


def controls(shown: Any) -> list[dict[str, Any]]:
    return [comp for row in shown.response.components for comp in row["components"]]


def labels(shown: Any) -> list[str]:
    return [comp.get("label", "") for comp in controls(shown)]


async def open_hand(channel: Any, table: Any, member: Any) -> Any:
    shown = await member.click(table_message(channel, table), label="Ver mi mano")
    assert shown.ephemeral and shown.response.ephemeral
    return shown


async def press(channel: Any, table: Any, member: Any, label: str) -> Any:
    """Open the hand and press the button with this label."""
    shown = await open_hand(channel, table, member)
    before = table.state.to_json()
    pressed = await member.click(shown.response.message, label=label)
    assert pressed.response is not None and pressed.response.ephemeral
    assert table.state.to_json() != before, f"{label} did nothing"
    return pressed


async def play_session(env: Any, channel: Any, members: list[Any], seed: int,
                       take_up: float = 0.15) -> Any:
    """Play a started table to its end through the buttons of each player's private hand,
    checking privacy after every step. Players take up (Subir) at the rate ``take_up`` when
    they could play instead (uniformly random players make very long games). CPU seats move
    on the virtual clock, several in a row within one turn timeout, so no player times out.
    """
    rng = random.Random(seed)
    table = table_in(env, channel)
    check = privacy_check(channel, exposed)
    by_id = {m.id: m for m in members}
    settings = bot_of(env).settings
    for _ in range(5000):
        state = table.state
        if state.is_over:
            assert not table.auto, "a player was played for after a timeout"
            return table
        user_id = table.seats[state.to_act].user_id
        if user_id is None:
            await env.advance_time(settings.turn_timeout - settings.cpu_delay)
        else:
            member = by_id[user_id]
            shown = await open_hand(channel, table, member)
            enabled = [comp for comp in controls(shown) if not comp.get("disabled")]
            assert enabled, "it is this player's turn, so some control must be enabled"
            plays = [comp for comp in enabled if comp.get("label") != "Subir"]
            pick = rng.choice(plays if plays and rng.random() >= take_up else enabled)
            if pick["type"] == 3:
                value = rng.choice(pick["options"])["value"]
                await member.select(shown.response.message, [value],
                                    custom_id=pick["custom_id"])
            else:
                await member.click(shown.response.message, custom_id=pick["custom_id"])
        check(table)
    raise AssertionError("the session did not end")


def exposed(table: Any) -> set[str]:
    """Cards in a hand that the rules made public anyway: the last card of the baceta."""
    card = table.state.trump_card
    return {str(card)} if card is not None else set()


# -------------------------------------------------------------------------------- sessions


async def test_three_users_play_a_game_through_buttons(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_and_start(env, channel, members[0], members[1:], partidas=1)
    await play_session(env, channel, members, seed=4)
    state = table.state
    assert state.is_over and table.status == "finished"
    assert sum(state.losses) == 1 and state.games_played == 1
    final = table_message(channel, table)
    embed = final.embeds[0].to_dict()
    fewest = min(state.losses)
    winners = ", ".join(table.name(s) for s, n in enumerate(state.losses) if n == fewest)
    assert field(embed, ES.t("public-over")) == ES.t("nlk-fewest", names=winners)
    assert field(embed, ES.t("nlk-last")) == ES.t(
        "nlk-last-loser", name=table.name(state.last_loser), next="no")
    assert [c["label"] for r in final.components for c in r.to_dict()["components"]] == [
        "Revancha"]
    results = await bot_of(env).storage.results.for_table(table.id)
    assert len(results) == 1 and results[0]["scores"] == state.losses


async def test_six_seats_with_cpus_only_buttons(simcord_env: Any) -> None:
    env = simcord_env
    channel, (ana,) = setup_guild(env, "ana")
    table = await open_and_start(env, channel, ana, [], cpus=5, partidas=1)
    assert len(table.seats) == 6 and len(table.state.baceta) == 40 - 6
    await play_session(env, channel, [ana], seed=8)
    result = table.state.result
    assert result is not None and sum(result.scores) == 1 and len(result.scores) == 6
    assert any(line.startswith("💀") for line in log_lines(channel))


# -------------------------------------------------------------------------------- Phase I


async def test_phase_one_is_public_and_played_with_buttons(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_and_start(env, channel, members[0], members[1:])
    await script(env, table, deck(3, {1: "9s", 2: "8h", 0: "Jd"}, "Qc 10c"))
    names = [table.name(s) for s in range(3)]
    embed = embed_of(channel, table)
    assert embed["title"] == "NLK — partida 1"
    assert ES.t("nlk-phase-piles", baceta=25, dealer=names[0]) in embed["description"]
    assert "montón 9♠ (1 carta)" in player_line(embed, table, 1)
    assert "montón 8♥ (1 carta)" in player_line(embed, table, 2)
    assert "0 perdidas" in player_line(embed, table, 0)
    mano, second = member_at(table, members, 1), member_at(table, members, 2)
    # a player waiting for their turn sees no button enabled
    waiting = await open_hand(channel, table, second)
    assert not any(not comp.get("disabled") for comp in controls(waiting))
    assert ES.t("hand-nlk-none") in waiting.response.embeds[0].description
    # mano may move 9s onto 8h, or draw
    shown = await open_hand(channel, table, mano)
    assert labels(shown) == [f"Mover a {names[2]}", "Robar"]
    await mano.click(shown.response.message, label="Robar")
    embed = embed_of(channel, table)
    assert ES.t("nlk-drawn", name=names[1], card="Q♣") in embed["description"]
    pressed = await press(channel, table, mano, f"Dar a {names[0]}")  # Qc goes on Jd
    assert labels(pressed) == ["Quedármela"]  # 10c was drawn at once and goes nowhere
    await press(channel, table, mano, "Quedármela")
    embed = embed_of(channel, table)
    assert "montón Q♣ (2 cartas)" in player_line(embed, table, 0)
    assert "montón 10♣ (2 cartas)" in player_line(embed, table, 1)
    assert table.state.to_act == 2
    assert log_lines(channel)[-4:] == [
        f"**{names[1]}** roba Q♣.",
        f"**{names[1]}** pone Q♣ en el montón de **{names[0]}** y roba otra.",
        f"**{names[1]}** roba 10♣.",
        f"**{names[1]}** se queda 10♣.",
    ]


async def test_a_typed_seat_is_the_number_the_table_lists(simcord_env: Any) -> None:
    """``/nlk jugar mover 3`` moves onto the third player of the table's list (the engine's
    seat 2), autocomplete offers it in the same words, and a number off the list is refused
    with the numbers that are on it; nothing is played by a refusal."""
    env = simcord_env
    channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_and_start(env, channel, members[0], members[1:])
    await script(env, table, deck(3, {1: "9s", 2: "8h", 0: "Jd"}, "Qc 10c"))
    mano = member_at(table, members, 1)
    assert "3. " in player_line(embed_of(channel, table), table, 2)  # listed third
    choices = await mano.autocomplete(channel, "nlk jugar", "carta", "mover 3")
    assert choices[0]["value"] == "move 3"
    assert choices[0]["name"] == f"Mover a {table.name(2)}"
    before = table.state.to_json()
    refused = await mano.slash(channel, "nlk jugar", carta="mover 4")
    assert refused.ephemeral
    assert "del 1 al 3" in refused.response.content
    refused = await mano.slash(channel, "nlk jugar", carta="mover 0")
    assert "del 1 al 3" in refused.response.content
    assert table.state.to_json() == before
    done = await mano.slash(channel, "nlk jugar", carta="mover 3")  # 9s onto 8h
    assert done.ephemeral and "Hecho" in done.response.embeds[0].description
    assert "montón 9♠ (2 cartas)" in player_line(embed_of(channel, table), table, 2)


# -------------------------------------------------------------------------------- Phase II


async def test_phase_two_table_hands_and_the_loser(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_and_start(env, channel, members[0], members[1:])
    await script(env, table, THREE)
    names = [table.name(s) for s in range(3)]
    mano, sink, last = (member_at(table, members, s) for s in (1, 2, 0))
    await press(channel, table, mano, "Robar")
    while table.state.phase == "piles":  # mano gives every card to seat 2
        await press(channel, table, mano, f"Dar a {names[2]}")
    assert any("triunfo **diamantes**" in line for line in log_lines(channel))
    embed = embed_of(channel, table)
    assert ES.t("nlk-phase-shedding", suit="diamantes", card="8♦",
                dealer=names[0]) in embed["description"]
    assert field(embed, ES.t("nlk-trick")) == "—"
    assert "26 cartas" in player_line(embed, table, 2)
    assert "1 carta" in player_line(embed, table, 1)
    # no hand is public in Phase II (the 8♦ was shown as the last card of the baceta)
    text = public_text(channel)
    for seat in range(3):
        for card in table.state.view(seat).hand:
            assert card == c("8d") or not mentions_card(text, card), card
    # 26 cards, every one playable: more than a message holds, so menus list them
    shown = await open_hand(channel, table, sink)
    menus = [comp for comp in controls(shown) if comp["type"] == 3]
    assert [len(m["options"]) for m in menus] == [25, 1]
    assert menus[0]["options"][0]["label"] == "Jugar A♠"
    await sink.select(shown.response.message, ["play 8s"], custom_id=menus[0]["custom_id"])
    assert table.state.trick == [(2, c("8s"))]
    assert field(embed_of(channel, table), ES.t("nlk-trick")) == f"{names[2]} 8♠"
    # seat 0 holds 9s: it beats 8s, and it may take up instead
    shown = await open_hand(channel, table, last)
    assert labels(shown) == ["9♠", "Subir"]
    assert not any(comp.get("disabled") for comp in controls(shown))
    await last.click(shown.response.message, label="9♠")  # out; the trick is complete
    await press(channel, table, mano, "10♠")  # out: seat 2 is left holding cards
    state = table.state
    assert state.losses == [0, 0, 1] and state.game_no == 2 and state.dealer == 2
    embed = embed_of(channel, table)
    assert embed["title"] == "NLK — partida 2"
    assert field(embed, ES.t("nlk-last")) == ES.t("nlk-last-loser", name=names[2], next="yes")
    assert "1 perdida" in player_line(embed, table, 2)
    assert f"💀 **{names[2]}** se queda con cartas: pierde la partida 1." in log_lines(channel)
    # the host closes the session: its result holds the games lost
    closed = await members[0].slash(channel, "nlk cancelar")
    assert not closed.ephemeral
    results = await bot_of(env).storage.results.for_table(table.id)
    assert len(results) == 1
    assert results[0]["scores"] == [0, 0, 1] and results[0]["cancelled"] is True
    assert results[0]["winners"] == [0, 1]


async def test_a_trick_shows_bottom_to_top_and_subir(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_and_start(env, channel, members[0], members[1:])
    await script(env, table, THREE)
    names = [table.name(s) for s in range(3)]
    mano, sink, last = (member_at(table, members, s) for s in (1, 2, 0))
    await press(channel, table, mano, "Robar")
    while table.state.phase == "piles":
        await press(channel, table, mano, f"Dar a {names[2]}")
    shown = await open_hand(channel, table, sink)
    menus = [comp for comp in controls(shown) if comp["type"] == 3]
    await sink.select(shown.response.message, ["play 8h"], custom_id=menus[0]["custom_id"])
    shown = await open_hand(channel, table, last)
    assert labels(shown) == ["9♠", "Subir"]
    assert [comp.get("disabled", False) for comp in controls(shown)] == [True, False]
    await last.click(shown.response.message, label="Subir")
    assert f"**{names[0]}** sube 8♥." in log_lines(channel)
    await press(channel, table, mano, "10♠")  # seat 1 leads its last card and is out
    shown = await open_hand(channel, table, sink)  # 25 cards, 11 of them beat 10s
    assert labels(shown)[-1] == "Subir" and len(labels(shown)) == 12
    await sink.click(shown.response.message, label="J♠")
    embed = embed_of(channel, table)  # two players hold cards: the trick was complete
    assert field(embed, ES.t("nlk-trick")) == "—"
    assert ES.t("nlk-out-order", names=names[1]) in embed["description"]
    assert "sin cartas (1.º)" in player_line(embed, table, 1)
    assert f"**{names[2]}** completa la baza 1 y la aparta." in log_lines(channel)


# -------------------------------------------------------------------------------- the table


async def test_restart_mid_game_and_old_buttons_still_work(simcord_env: Any,
                                                          settings: Any) -> None:
    env = simcord_env
    channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_and_start(env, channel, members[0], members[1:])
    await script(env, table, deck(3, {1: "9s", 2: "8h", 0: "Jd"}, "Qc 10c"))
    mano = member_at(table, members, 1)
    await press(channel, table, mano, "Robar")  # saved
    shown = await open_hand(channel, table, mano)  # drawn before the restart
    restored = await restart(env, make_bot(settings), channel, table)
    assert restored.state.drawn == c("Qc")
    await env.settle()
    assert "reinició" in str(embed_of(channel, restored))
    await mano.click(shown.response.message, label="Quedármela")
    assert restored.state.drawn is None and restored.state.to_act == 2


async def test_revancha_after_a_session(simcord_env: Any) -> None:
    env = simcord_env
    channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_and_start(env, channel, members[0], members[1:], partidas=1)
    await script(env, table, THREE)
    names = [table.name(s) for s in range(3)]
    mano, sink, last = (member_at(table, members, s) for s in (1, 2, 0))
    await press(channel, table, mano, "Robar")
    while table.state.phase == "piles":
        await press(channel, table, mano, f"Dar a {names[2]}")
    shown = await open_hand(channel, table, sink)
    menus = [comp for comp in controls(shown) if comp["type"] == 3]
    await sink.select(shown.response.message, ["play 8s"], custom_id=menus[0]["custom_id"])
    await press(channel, table, last, "9♠")
    await press(channel, table, mano, "10♠")
    assert table.state.is_over and table.status == "finished"
    await members[1].click(table_message(channel, table), label="Revancha")
    again = table_in(env, channel)
    assert again.id != table.id and again.status == "playing" and again.game == "nlk"
    assert {s.user_id for s in again.seats} == {m.id for m in members}
