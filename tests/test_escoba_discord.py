"""Escoba through the real discord.py dispatch (simcord): buttons, capture choices, renuncio.

Scenarios that need particular cards replace the engine state of a started table with one
dealt from a scripted deck (``tests.test_escoba_rules.build_deck``); every move after that
goes in through Discord interactions only.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tapete.bot.i18n import catalog
from tapete.bot.render import cards_label, score_line, side_names
from tapete.bot.settings import Settings
from tapete.rules import escoba
from tapete.rules.cards import Card
from tapete.rules.tricks import sides
from tests.conftest import make_bot
from tests.driver import (
    act_through_buttons,
    bot_of,
    enabled_components,
    log_lines,
    plain,
    play_to_the_end,
    privacy_check,
    public_text,
    table_in,
)
from tests.test_escoba_rules import build_deck, cards

# ----------------------------------------------------------------------------- helpers


@pytest.fixture
def settings(db_path: Path) -> Settings:
    """As in conftest, but the CPU pause outlasts simcord's settle timeout (5 s): a CPU move
    then happens only when the test advances the virtual clock, never as a real-time wait
    inside a click (which made a CPU-heavy match take a real second per CPU move)."""
    return Settings(discord_token=None, database_path=db_path, cpu_delay=10.0,
                    turn_timeout=120.0, pace_edits=False,
                    _env_file=None)  # type: ignore[call-arg]



def setup_guild(env: Any, *names: str) -> tuple[Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    members = [guild.add_member(env.create_user(n)) for n in names]
    return channel, members


async def open_and_start(
    env: Any, channel: Any, host: Any, guests: list[Any], cpus: int = 0, **options: Any
) -> Any:
    created = await host.slash(channel, "escoba nueva", **options)
    assert not created.ephemeral
    lobby = channel.last_message
    assert lobby.embeds[0].title == "Mesa de Escoba"
    for guest in guests:
        await guest.click(lobby, label="Unirse")
    for _ in range(cpus):
        await host.click(lobby, label="Añadir CPU normal")
    await host.click(lobby, label="Empezar")
    table = table_in(env, channel)
    assert table.status == "playing"
    return table


async def script(env: Any, table: Any, deck: list[Card], seed: int = 11) -> None:
    """Deal the first hand from ``deck`` (seat 0 deals) and show it, as a fresh start would."""
    state = escoba.new_game(table.options, len(table.seats), seed=seed, decks=[deck])
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


def fields_of(message: Any) -> dict[str, str]:
    """The table message's fields, cards as their labels (without the face emojis)."""
    return {f["name"]: plain(f["value"])
            for f in message.embeds[0].to_dict().get("fields", [])}


def components(shown: Any) -> list[dict[str, Any]]:
    return [c for row in shown.response.components for c in row["components"]]


async def open_hand(member: Any, message: Any) -> Any:
    shown = await member.click(message, label="Ver mi mano")
    assert shown.ephemeral and shown.response.ephemeral
    return shown


def escoba_privacy_check(channel: Any) -> Any:
    """No public message names a card in a hand; every log line renders a public event."""
    return privacy_check(channel)


# ----------------------------------------------------------------------------- 1. one hand


async def test_two_player_hand_with_a_capture_chosen_from_the_select(simcord_env: Any) -> None:
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    table = await open_and_start(env, channel, ana, [luis])
    # Mano (seat 1) holds 5o, which takes 6c+4b or 7c+3e; the reyes cannot capture anything.
    deck = build_deck(2, {1: "5o 12o 12c", 0: "1o 2o 3o"}, table="4b 6c 3e 7c")
    await script(env, table, deck)
    mano = member_at(table, [ana, luis], 1)
    message = table_message(channel, table)
    public = fields_of(message)
    assert public["Mesa"] == cards_label(cards("4b 6c 3e 7c"))

    shown = await open_hand(mano, message)
    controls = components(shown)
    select = next(c for c in controls if c["type"] == 3)
    assert select["custom_id"] == f"tapete:choose:{table.id}:{table.stamp}:5o"
    assert [o["value"] for o in select["options"]] == ["capture 5o 6c 4b", "capture 5o 7c 3e"]
    assert [o["label"] for o in select["options"]] == [
        f"5🪙 se lleva {cards_label(cards('6c 4b'))}",
        f"5🪙 se lleva {cards_label(cards('7c 3e'))}",
    ]
    # the reyes are plain buttons (laying them is the only move)
    buttons = {c["label"]: c["custom_id"] for c in controls if c["type"] == 2}
    assert buttons == {
        "12🪙": f"tapete:act:{table.id}:{table.stamp}:play 12o",
        "12🏆": f"tapete:act:{table.id}:{table.stamp}:play 12c",
    }

    chosen = await mano.select(shown.response.message, ["capture 5o 7c 3e"],
                               custom_id=select["custom_id"])
    assert chosen.response.ephemeral
    assert chosen.response.embeds[0].description.startswith("Hecho: 5🪙 se lleva")
    assert table.state.view(None).table == tuple(cards("4b 6c"))
    public = fields_of(table_message(channel, table))
    assert public["Mesa"] == cards_label(cards("4b 6c"))
    mano_name, dealer_name = table.name(1), table.name(0)
    captured = public["Cartas y escobas (esta mano)"].split("\n")
    assert f"{mano_name}: 3 cartas, 0 escobas" in captured
    assert f"{dealer_name}: 0 cartas, 0 escobas" in captured
    assert f"**{mano_name}** juega 5🪙 y se lleva {cards_label(cards('7c 3e'))}." in (
        log_lines(channel)
    )

    # the rest of the hand, only through buttons
    members = {ana.id: ana, luis.id: luis}
    rng = random.Random(4)
    scored: list[escoba.HandScored] = []
    for _ in range(200):
        if scored:
            break
        seat = table.state.to_act
        result = await act_through_buttons(members[table.seats[seat].user_id],
                                           table_message(channel, table), rng)
        assert result.response.ephemeral
        scored = [e for e in table.last_events if isinstance(e, escoba.HandScored)]
    assert scored, "the hand did not end"
    hand = scored[0]
    assert hand.hand == 1
    lines = log_lines(channel)
    summary = [line for line in lines if line.startswith("📊 Mano 1: ")]
    names = [s.name for s in table.seats]  # each side's points after its name
    points = " · ".join(f"{n} {p}" for n, p in zip(names, hand.points, strict=True))
    totals = " · ".join(f"{n} {p}" for n, p in zip(names, hand.scores, strict=True))
    assert summary == [f"📊 Mano 1: puntos {points} · total {totals}."]
    assert sum(hand.points) > 0
    public = fields_of(table_message(channel, table))
    names = side_names(table, sides(len(table.seats), False), catalog('es'))
    assert public["Tanteo (a 21)"] == score_line(names, table.state.view(None).scores)
    if not table.state.is_over:
        assert table.state.view(None).hand_number == 2
        assert "Escoba — mano 2" in public_text(channel)


# ----------------------------------------------------------------------------- 2. pairs


async def test_pairs_match_one_human_three_cpus_only_buttons(simcord_env: Any) -> None:
    env = simcord_env
    channel, (ana,) = setup_guild(env, "ana")
    created = await ana.slash(channel, "escoba nueva", parejas=True)
    assert not created.ephemeral
    lobby = channel.last_message
    early = await ana.click(lobby, label="Empezar")
    assert early.ephemeral and early.response.content == (
        "Hay 1 jugadores y esta modalidad admite 4."
    )
    for _ in range(3):
        await ana.click(lobby, label="Añadir CPU normal")
    full = await ana.click(lobby, label="Añadir CPU normal")
    assert full.ephemeral and "completa" in full.response.content
    await ana.click(lobby, label="Empezar")
    table = await play_to_the_end(env, channel, {ana.id: ana}, seed=5,
                                  check=escoba_privacy_check(channel))
    state = table.state
    assert state.is_over and table.status == "finished"
    result = state.result
    assert result is not None and len(result.scores) == 2  # scored by pairs
    winning_side = state.side_of(result.winners[0])
    assert sorted(result.winners) == [s for s in range(4) if s % 2 == winning_side]
    assert result.scores[winning_side] >= 21
    assert result.scores[winning_side] > result.scores[1 - winning_side]

    stored = await bot_of(env).storage.results.for_table(table.id)
    assert len(stored) == 1
    assert stored[0]["winners"] == list(result.winners)
    assert stored[0]["scores"] == list(result.scores)
    assert stored[0]["summary"]["parejas"] is True

    final = table_message(channel, table)
    public = fields_of(final)
    winners = ", ".join(table.name(s) for s in result.winners)
    assert public["Partida terminada"] == f"Ganan: {winners}"
    names = side_names(table, sides(len(table.seats), True), catalog("es"))
    assert public["Tanteo (a 21)"] == score_line(names, result.scores)
    labels = [c["label"] for r in final.components for c in r.to_dict()["components"]]
    assert labels == ["Revancha"]
    assert any(line.startswith("🏆 Fin de la partida") for line in log_lines(channel))


# ----------------------------------------------------------------------------- 3. renuncio


async def test_castigo_next_player_claims_the_renuncio_from_the_hand(simcord_env: Any) -> None:
    env = simcord_env
    channel, (ana, luis, eva) = setup_guild(env, "ana", "luis", "eva")
    table = await open_and_start(env, channel, ana, [luis, eva], captura="castigo")
    # Mano (seat 1) lays 5o, which could have taken 6c+4b or 7c+3e: seat 2 may claim it.
    deck = build_deck(3, {1: "5o 12o 12c", 2: "1o 2o 12e", 0: "3o 4o 6o"},
                      table="4b 6c 3e 7c")
    await script(env, table, deck)
    people = [ana, luis, eva]
    offender, claimant, dealer = (member_at(table, people, s) for s in (1, 2, 0))

    shown = await open_hand(offender, table_message(channel, table))
    select = next(c for c in components(shown) if c["type"] == 3)
    assert select["custom_id"] == f"tapete:choose:{table.id}:{table.stamp}:5o"
    # with castigo a card that can capture may also be laid
    assert [o["value"] for o in select["options"]] == [
        "capture 5o 6c 4b", "capture 5o 7c 3e", "play 5o",
    ]
    laid = await offender.select(shown.response.message, ["play 5o"],
                                 custom_id=select["custom_id"])
    assert laid.response.ephemeral
    assert table.state.to_act == 2

    message = table_message(channel, table)
    public = fields_of(message)
    assert public["Mesa"] == cards_label(cards("4b 6c 3e 7c 5o"))
    assert public["Renuncio"] == (
        f"⚠️ {table.name(2)} puede cobrar el renuncio de {table.name(1)} (5🪙)."
    )

    # the dealer, who is not next, is offered nothing
    others = await open_hand(dealer, message)
    assert not any("Cobrar" in c.get("label", "") for c in components(others))
    assert not enabled_components(others.response.components)

    shown = await open_hand(claimant, message)
    claims = [c for c in components(shown) if c.get("label", "").startswith("Cobrar el renuncio")]
    assert [c["custom_id"] for c in claims] == [
        f"tapete:act:{table.id}:{table.stamp}:claim 5o 6c 4b",
        f"tapete:act:{table.id}:{table.stamp}:claim 5o 7c 3e",
    ]
    assert [c["label"] for c in claims] == [
        f"Cobrar el renuncio: {cards_label(cards('5o 6c 4b'))}",
        f"Cobrar el renuncio: {cards_label(cards('5o 7c 3e'))}",
    ]
    assert not any(c["disabled"] for c in claims)
    # the claimant's own cards are playable too (taking another action declines the claim)
    ids = {c["custom_id"] for c in components(shown)}
    assert f"tapete:choose:{table.id}:{table.stamp}:12e" in ids

    claimed = await claimant.click(shown.response.message,
                                   label=f"Cobrar el renuncio: {cards_label(cards('5o 7c 3e'))}")
    assert claimed.response.ephemeral
    assert claimed.response.embeds[0].description.startswith("Hecho: Cobrar el renuncio")
    assert any(isinstance(e, escoba.RenuncioClaimed) for e in table.last_events)
    # the claim does not end the claimant's turn: the refreshed hand lets them play now
    assert table.state.to_act == 2
    assert enabled_components(claimed.response.components)
    assert not any("Cobrar" in c.get("label", "")
                   for row in claimed.response.components for c in row["components"])

    public = fields_of(table_message(channel, table))
    assert "Renuncio" not in public
    assert public["Mesa"] == cards_label(cards("4b 6c"))
    assert f"{table.name(2)}: 3 cartas, 0 escobas" in public["Cartas y escobas (esta mano)"]
    assert (f"💰 **{table.name(2)}** cobra el renuncio: 5🪙 y "
            f"{cards_label(cards('7c 3e'))}.") in log_lines(channel)


async def test_castigo_claim_lapses_when_the_claimant_plays_a_card(simcord_env: Any) -> None:
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    table = await open_and_start(env, channel, ana, [luis], captura="castigo")
    deck = build_deck(2, {1: "5o 12o 12c", 0: "1o 2o 12e"}, table="4b 6c 3e 7c")
    await script(env, table, deck)
    offender, claimant = (member_at(table, [ana, luis], s) for s in (1, 0))
    shown = await open_hand(offender, table_message(channel, table))
    await offender.select(shown.response.message, ["play 5o"],
                          custom_id=f"tapete:choose:{table.id}:{table.stamp}:5o")
    shown = await open_hand(claimant, table_message(channel, table))
    assert any(c.get("label", "").startswith("Cobrar el renuncio") for c in components(shown))
    await claimant.select(shown.response.message, ["play 12e"],
                          custom_id=f"tapete:choose:{table.id}:{table.stamp}:12e")
    assert any(isinstance(e, escoba.RenuncioDeclined) for e in table.last_events)
    assert f"**{table.name(0)}** no cobra el renuncio." in log_lines(channel)
    # 12e could have taken 5o, so laying it is a renuncio in turn, now offered to seat 1
    assert fields_of(table_message(channel, table))["Renuncio"] == (
        f"⚠️ {table.name(1)} puede cobrar el renuncio de {table.name(0)} (12⚔️)."
    )


# ----------------------------------------------------------------------------- 4. privacy


async def test_hands_are_private_in_a_whole_match(simcord_env: Any) -> None:
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    table = await open_and_start(env, channel, ana, [luis], cpus=1, captura="castigo",
                                 objetivo=8)
    # slash commands answer ephemerally too
    for member in (ana, luis):
        hand = await member.slash(channel, "escoba mano")
        assert hand.ephemeral and hand.response.ephemeral
        assert hand.response.embeds[0].title == "Tu mano — Escoba"
    while table.seats[table.state.to_act].is_cpu:
        await env.advance_time(bot_of(env).settings.cpu_delay + 0.01)
    mover = member_at(table, [ana, luis], table.state.to_act)
    legal = str(table.state.legal_actions()[-1])
    typed = await mover.slash(channel, "escoba jugar", carta=legal)
    assert typed.ephemeral and typed.response.ephemeral
    check = escoba_privacy_check(channel)
    check(table)
    await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=9, check=check)
    assert table.status == "finished"
    for message in channel.history():
        if message.flags.ephemeral:
            continue
        # the only public messages are the table's (its lobby became the table message)
        assert message.id == table.message_id


async def use(member: Any, shown: Any, component: dict[str, Any]) -> Any:
    """Press a button of a private hand, or pick the first option of its select."""
    if component["type"] == 3:
        return await member.select(shown.response.message, [component["options"][0]["value"]],
                                   custom_id=component["custom_id"])
    return await member.click(shown.response.message, custom_id=component["custom_id"])


async def test_a_hand_from_an_earlier_turn_plays_nothing_and_shows_the_current_one(
    simcord_env: Any, settings: Settings
) -> None:
    env = simcord_env
    channel, (ana, luis) = setup_guild(env, "ana", "luis")
    table = await open_and_start(env, channel, ana, [luis], captura="libre")
    first = member_at(table, [ana, luis], table.state.to_act)
    other = ana if first is luis else luis
    old = await open_hand(first, table_message(channel, table))  # kept, never used in time
    fresh = await open_hand(first, table_message(channel, table))
    await use(first, fresh, enabled_components(fresh.response.components)[0])
    reply = await open_hand(other, table_message(channel, table))
    await use(other, reply, enabled_components(reply.response.components)[0])
    assert table.state.to_act == table.seat_of(first.id)  # their turn again, a new position
    before = table.state.to_json()
    hand = {str(c) for c in table.state.view(table.seat_of(first.id)).hand}
    stale = next(c for c in enabled_components(old.response.components)
                 if c["custom_id"].replace(":", " ").split()[-1] in hand)
    answer = await use(first, old, stale)
    assert answer.response.ephemeral
    embed = answer.response.embeds[0].to_dict()
    assert embed["description"].startswith("⏳ Esos botones eran de una jugada anterior")
    assert table.state.to_json() == before  # nothing was played
    assert all(c["custom_id"].split(":")[3] == table.stamp
               for c in enabled_components(answer.response.components))
    # the redrawn hand plays, and a restart keeps its buttons valid (same position, same stamp)
    await env.restart_bot(make_bot(settings))
    await env.advance_time(0.01)
    restored = bot_of(env).tables.get(table.id)
    assert restored.stamp == table.stamp
    played = await use(first, answer, enabled_components(answer.response.components)[0])
    assert played.response.ephemeral and restored.state.to_json() != before
