"""Tute through the real discord.py dispatch (simcord): lobby, buttons, privacy, restarts."""

from __future__ import annotations

from typing import Any

import pytest

from tapete.bot.i18n import catalog
from tapete.bot.render import log_lines
from tapete.rules import tute
from tests.conftest import make_bot
from tests.driver import (
    bot_of,
    play_to_the_end,
    restart,
    table_in,
)
from tests.driver import privacy_check as driver_privacy_check

ES = catalog("es")


def setup_guild(env: Any, *names: str) -> tuple[Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    members = [guild.add_member(env.create_user(n)) for n in names]
    return guild, channel, members


def exposed_cards(table: Any) -> set[str]:
    """Cards in a hand that the rules make public anyway: turned cards and sung cantes."""
    state = table.state
    view = state.view(None)
    cards = {str(view.turned)}
    for event in state_events(table):
        if isinstance(event, tute.TrumpSwapped):
            cards |= {str(event.given), str(event.taken)}
        if isinstance(event, tute.HandDealt):
            cards.add(str(event.turned))
    for _seat, suit, _value in view.cantes:
        cards |= {f"12{suit}", f"11{suit}"}
    return cards


_SEEN: dict[int, list[Any]] = {}


def state_events(table: Any) -> list[Any]:
    seen = _SEEN.setdefault(table.id, [])
    seen.extend(e for e in table.last_events if e not in seen)
    return seen


def privacy_check(channel: Any) -> Any:
    return driver_privacy_check(channel, exposed_cards)


async def test_full_habanero_match_between_two_users(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (ana, luis) = setup_guild(env, "ana", "luis")
    created = await ana.slash(channel, "tute nueva", modalidad="habanero", juegos=2)
    assert not created.ephemeral
    lobby = channel.last_message
    assert lobby.embeds[0].title == "Mesa de Tute"
    await luis.click(lobby, label="Unirse")
    refused = await luis.click(lobby, label="Empezar")
    assert refused.ephemeral and "anfitrión" in refused.response.content
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    assert table.status == "playing"
    members = {ana.id: ana, luis.id: luis}
    await play_to_the_end(env, channel, members, seed=3, check=privacy_check(channel))
    assert table.state.is_over and table.status == "finished"
    final = channel.history()[0]
    embed = final.embeds[0].to_dict()
    assert any(f["name"] == "Partida terminada" for f in embed["fields"])
    assert [c["label"] for r in final.components for c in r.to_dict()["components"]] == ["Revancha"]
    results = await bot_of(env).storage.results.for_table(table.id)
    assert len(results) == 1 and max(results[0]["scores"]) == 2


async def test_parejas_match_with_cpu_seats_only_buttons(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (ana,) = setup_guild(env, "ana")
    await ana.slash(channel, "tute nueva", modalidad="parejas", juegos=1)
    lobby = channel.last_message
    for _ in range(3):
        await ana.click(lobby, label="Añadir CPU normal")
    full = await ana.click(lobby, label="Añadir CPU normal")
    assert full.ephemeral and "completa" in full.response.content
    await ana.click(lobby, label="Empezar")
    table = await play_to_the_end(env, channel, {ana.id: ana}, seed=5,
                                  check=privacy_check(channel))
    assert table.state.result is not None
    assert len(table.state.result.scores) == 2  # scored by pairs


async def test_wrong_player_count_says_why(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (ana,) = setup_guild(env, "ana")
    await ana.slash(channel, "tute nueva", modalidad="arrastrado")
    refused = await ana.click(channel.last_message, label="Empezar")
    assert refused.ephemeral
    assert refused.response.content == "Hay 1 jugadores y esta modalidad admite 3."


async def test_stranger_and_out_of_turn_clicks_are_refused(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (ana, luis, eva) = setup_guild(env, "ana", "luis", "eva")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    message = channel.history()[0]
    stranger = await eva.click(message, label="Ver mi mano")
    assert stranger.ephemeral and stranger.response.content == "No estás sentado en esta mesa."
    waiting_seat = 1 - table.state.to_act
    waiting = ana if table.seats[waiting_seat].user_id == ana.id else luis
    shown = await waiting.click(message, label="Ver mi mano")
    assert shown.ephemeral
    # every card button is disabled while it is not their turn
    buttons = [c for r in shown.response.components for c in r["components"]]
    assert buttons and all(b["disabled"] for b in buttons)
    before = table.state.to_json()
    card = table.state.view(waiting_seat).hand[0]
    typed = await waiting.slash(channel, "tute jugar", carta=str(card))
    assert typed.ephemeral and typed.response.content.startswith("No es tu turno")
    assert table.state.to_json() == before
    # a stranger typing a card is refused too, and an unknown card is explained
    assert (await eva.slash(channel, "tute jugar", carta="1o")).response.content == (
        "No estás sentado en esta mesa."
    )
    mover = ana if waiting is luis else luis
    unknown = await mover.slash(channel, "tute jugar", carta="9x")
    assert unknown.ephemeral and "No conozco la carta" in unknown.response.content


async def test_jugar_with_autocomplete_plays_a_legal_card(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (ana, luis) = setup_guild(env, "ana", "luis")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    await luis.click(channel.last_message, label="Unirse")
    await ana.click(channel.last_message, label="Empezar")
    table = table_in(env, channel)
    mover = ana if table.seats[table.state.to_act].user_id == ana.id else luis
    choices = await mover.autocomplete(channel, "tute jugar", "carta", "")
    legal = [str(a) for a in table.state.legal_actions()]
    assert [c["value"] for c in choices] == legal[:25]
    hand = await mover.slash(channel, "tute mano")
    assert hand.ephemeral
    played = await mover.slash(channel, "tute jugar", carta=legal[0].removeprefix("play "))
    assert played.ephemeral and "Hecho" in played.response.embeds[0].description
    assert table.state.view(None).trick


@pytest.mark.parametrize("modalidad", ["arrastrado", "individual"])
async def test_restart_mid_hand_resumes_and_old_buttons_work(
    simcord_env: Any, settings: Any, modalidad: str
) -> None:
    env = simcord_env
    _, channel, (ana,) = setup_guild(env, "ana")
    await ana.slash(channel, "tute nueva", modalidad=modalidad)
    lobby = channel.last_message
    for _ in range(3 if modalidad == "individual" else 2):
        await ana.click(lobby, label="Añadir CPU normal")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    for _ in range(6):  # let a few moves happen
        if table.state.to_act is not None and table.seats[table.state.to_act].is_cpu:
            await env.advance_time(settings.cpu_delay + 0.1)
        else:
            break
    snapshot = table.state.to_json()
    restored = await restart(env, make_bot(settings), channel, table)
    message = channel.history()[0]
    assert "reinició" in str(message.embeds[0].to_dict())
    while restored.seats[restored.state.to_act].is_cpu:
        await env.advance_time(settings.cpu_delay + 0.1)
    shown = await ana.click(message, label="Ver mi mano")  # a button from before the restart
    assert shown.ephemeral
    card_button = next(c for r in shown.response.components for c in r["components"]
                       if not c["disabled"])
    await ana.click(shown.response.message, custom_id=card_button["custom_id"])
    assert restored.state.to_json() != snapshot


async def test_turn_timeout_lets_the_cpu_play_until_the_player_returns(
    simcord_env: Any,
) -> None:
    env = simcord_env
    _, channel, (ana, luis) = setup_guild(env, "ana", "luis")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    await luis.click(channel.last_message, label="Unirse")
    await ana.click(channel.last_message, label="Empezar")
    table = table_in(env, channel)
    sleeper = table.state.to_act
    await env.advance_time(bot_of(env).settings.turn_timeout - 5)
    assert table.state.to_act == sleeper  # still waiting
    await env.advance_time(6)
    assert table.state.to_act != sleeper and sleeper in table.auto
    assert any("no ha jugado a tiempo" in line for line in log_lines(table, list(table.log), ES))
    # the other player plays; on the sleeper's next turn the CPU plays after a short pause
    other = ana if table.seats[table.state.to_act].user_id == ana.id else luis
    await other.slash(channel, "tute jugar", carta=str(table.state.legal_actions()[0].args[0]))
    if table.state.to_act == sleeper:
        await env.advance_time(bot_of(env).settings.cpu_delay + 0.1)
        assert table.state.to_act != sleeper
    # opening the hand takes the seat back from the CPU
    sleeper_member = ana if table.seats[sleeper].user_id == ana.id else luis
    shown = await sleeper_member.click(channel.history()[0], label="Ver mi mano")
    assert shown.ephemeral and sleeper not in table.auto


async def test_revancha_starts_a_new_match_with_the_same_players(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (ana, luis, eva) = setup_guild(env, "ana", "luis", "eva")
    await ana.slash(channel, "tute nueva", modalidad="habanero", juegos=1)
    await luis.click(channel.last_message, label="Unirse")
    await ana.click(channel.last_message, label="Empezar")
    first = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=9)
    final = next(m for m in channel.history() if m.id == first.message_id)
    stranger = await eva.click(final, label="Revancha")
    assert stranger.ephemeral and stranger.response.content == "No estás sentado en esta mesa."
    await luis.click(final, label="Revancha")
    second = table_in(env, channel)
    assert second.id != first.id and second.status == "playing"
    assert {s.user_id for s in second.seats} == {ana.id, luis.id}
    assert second.options == first.options
    again = await ana.click(final, label="Revancha")
    assert again.ephemeral and "mesa abierta" in again.response.content
