"""Tomate through the real discord.py dispatch (simcord): hands, tomo, baceta, the pot commands.

Cards are scripted by replacing a freshly started table's engine state with
``tomate.new_game(..., decks=[...])`` (the same first deal, only with known cards); every move
after that goes in through Discord: "Ver mi mano" and the buttons of the ephemeral hand.
"""

from __future__ import annotations

from typing import Any

import discord

from tapete.bot.i18n import catalog
from tapete.cogs.tomate import PLATO, RESERVA, movement_line
from tapete.rules import tomate
from tapete.rules.engine import Action
from tests.conftest import make_bot
from tests.driver import bot_of, public_messages, restart, table_in
from tests.test_tomate_rules import c, deck

ES = catalog("es")

FIRST_HAND = "Mano 1: "


def setup_guild(env: Any, *names: str) -> tuple[Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    members = [guild.add_member(env.create_user(n)) for n in names]
    return guild, channel, members


async def open_table(env: Any, channel: Any, host: Any, others: list[Any], **options: Any) -> Any:
    created = await host.slash(channel, "tomate nueva", **options)
    assert not created.ephemeral
    lobby = channel.last_message
    for member in others:
        await member.click(lobby, label="Unirse")
    await host.click(lobby, label="Empezar")
    table = table_in(env, channel)
    assert table.status == "playing"
    return table


def script(table: Any, cards: list[Any]) -> None:
    """Replace the first deal of a just-started table by a known one (same dealer, same pot).

    ``start`` already wrote the dealer's ante; ``new_game`` with the pot as it was before the
    start moves the same tantos again in the engine's copy only, so engine and ledger agree.
    """
    state = table.state
    assert state.hand_no == 1 and state.phase == "tomo"
    plato = state.plato - tomate.ANTE
    table.state = tomate.new_game(table.options, len(table.seats), seed=11, decks=[cards],
                                  plato=plato, reserva=state.reserva)
    assert table.state.plato == state.plato


def by_seat(table: Any, members: list[Any]) -> list[Any]:
    found = {m.id: m for m in members}
    return [found[s.user_id] for s in table.seats]


def table_message(channel: Any, table: Any) -> discord.Message:
    return next(m for m in channel.history() if m.id == table.message_id)


def labels(components: list[dict[str, Any]]) -> list[str]:
    return [comp.get("label", "") for row in components for comp in row.get("components", [])]


async def show_hand(channel: Any, table: Any, member: Any) -> Any:
    shown = await member.click(table_message(channel, table), label="Ver mi mano")
    assert shown.ephemeral and shown.response.ephemeral
    return shown


async def press(channel: Any, table: Any, member: Any, *, label: str | None = None,
                action: str | None = None) -> Any:
    """Open the hand and press one of its buttons (by label or by engine action)."""
    shown = await show_hand(channel, table, member)
    if action is not None:
        result = await member.click(shown.response.message,
                                    custom_id=f"tapete:act:{table.id}:{table.stamp}:{action}")
    else:
        result = await member.click(shown.response.message, label=label)
    assert result.response is not None and result.response.ephemeral
    return result


async def play(channel: Any, table: Any, member: Any, card: str) -> None:
    before = table.state.to_json()
    await press(channel, table, member, action=str(Action.play(c(card))))
    assert table.state.to_json() != before, f"{card} was not played"


async def settle(env: Any) -> None:
    await env.advance_time(0.01)  # let the coalesced public refresh run


def embed_of(channel: Any, table: Any) -> dict[str, Any]:
    data: dict[str, Any] = table_message(channel, table).embeds[0].to_dict()
    return data


def field(embed: dict[str, Any], name: str) -> str:
    value: str = next(f["value"] for f in embed["fields"] if f["name"] == name)
    return value


async def ledger_state(env: Any, guild: Any) -> tuple[dict[str, int], dict[str, int]]:
    ledger = bot_of(env).storage.ledger
    return await ledger.balances(guild.id), await ledger.replay(guild.id)


async def assert_books_balance(env: Any, guild: Any) -> dict[str, int]:
    balances, replayed = await ledger_state(env, guild)
    assert replayed == balances
    assert sum(balances.values()) == 0
    assert balances.get(PLATO, 0) >= 0 and balances.get(RESERVA, 0) >= 0
    return balances


def assert_public_pot(channel: Any, table: Any, balances: dict[str, int]) -> None:
    embed = embed_of(channel, table)
    plato, reserva = balances.get(PLATO, 0), balances.get(RESERVA, 0)
    assert f"Plato: **{plato}** · Reserva: **{reserva}**" in embed["description"]
    players = field(embed, ES.t("public-players"))
    for seat in table.seats:
        [line] = [ln for ln in players.split("\n") if f"<@{seat.user_id}>" in ln]
        assert f"saldo {balances.get(f'user:{seat.user_id}', 0)}" in line, line


# Dealer seat 0; order of play 1, 2, 0. Trump diamonds, nobody holds one.
# Seat 1 wins the hearts and the spades, the dealer the clubs (Ac), seat 2 is tomate.
FULL_HAND = {1: "Ah As 2c", 2: "Kh Ks 3c", 0: "Qh Qs Ac"}


async def play_full_hand(env: Any, channel: Any, table: Any, seats: list[Any]) -> None:
    script(table, deck(3, FULL_HAND, "2d"))
    await press(channel, table, seats[0], label="Paso")  # no tomo
    for seat in (1, 2, 0):
        await press(channel, table, seats[seat], label="Juego")
    for trick in (("Ah", "Kh", "Qh"), ("As", "Ks", "Qs"), ("2c", "3c", "Ac")):
        for seat, card in zip((1, 2, 0), trick, strict=True):
            await play(channel, table, seats[seat], card)


async def test_full_hand_three_users(simcord_env: Any) -> None:
    env = simcord_env
    guild, channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_table(env, channel, members[0], members[1:], reserva_por_mano=1)
    seats = by_seat(table, members)
    await settle(env)
    balances = await assert_books_balance(env, guild)
    assert balances == {f"user:{seats[0].id}": -3, PLATO: 3}
    assert_public_pot(channel, table, balances)
    assert "reparte" in embed_of(channel, table)["description"]

    await play_full_hand(env, channel, table, seats)
    await settle(env)
    state = table.state
    assert state.hand_no == 2 and state.dealer == 1  # the next hand is dealt at once
    last = state.last_hand
    assert last is not None and last.tricks == (1, 2, 0) and last.tomates == (2,)
    balances = await assert_books_balance(env, guild)
    # P = 3: 1 per trick; eva... seat 2 pays 3 into the reserva; then seat 1 antes 3 and
    # reserva_por_mano=1 moves 1 of the reserva into the plato.
    assert balances == {
        f"user:{seats[0].id}": -3 + 1, f"user:{seats[1].id}": 2 - 3,
        f"user:{seats[2].id}": -3, PLATO: 3 - 3 + 3 + 1, RESERVA: 3 - 1,
    }
    assert (state.plato, state.reserva) == (4, 2)
    assert_public_pot(channel, table, balances)
    summary = field(embed_of(channel, table), ES.t("tomate-last"))
    names = [s.name for s in table.seats]
    assert summary == ES.t(
        "tomate-summary", hand=1, tricks=f"{names[0]} 1, {names[1]} 2", tomates=names[2],
        nets=f"{names[0]} -2, {names[1]} +2, {names[2]} -3",
    )
    # the ledger rows of the hand, in order: ante, the three tricks, the tomate, next deal
    rows = list(reversed(await bot_of(env).storage.ledger.history(guild.id, limit=20)))
    assert [(m.source, m.target, m.amount, m.reason, m.hand) for m in rows] == [
        (f"user:{seats[0].id}", PLATO, 3, "dealer_ante", 1),
        (PLATO, f"user:{seats[1].id}", 1, "trick", 1),
        (PLATO, f"user:{seats[1].id}", 1, "trick", 1),
        (PLATO, f"user:{seats[0].id}", 1, "trick", 1),
        (f"user:{seats[2].id}", RESERVA, 3, "tomate", 1),
        (f"user:{seats[1].id}", PLATO, 3, "dealer_ante", 2),
        (RESERVA, PLATO, 1, "reserva_to_plato", 2),
    ]
    assert all(m.table_id == table.id for m in rows)


async def test_tomo_with_blind_discard(simcord_env: Any) -> None:
    env = simcord_env
    guild, channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_table(env, channel, members[0], members[1:])
    seats = by_seat(table, members)
    dealt = ["Ah", "2c", "Kh"]
    script(table, deck(3, {0: " ".join(dealt), 1: "Qh 3s 4s", 2: "5h 6h 7h"}, "5d"))
    # the dealer decides blind: no card is shown, only Tomar / Paso
    shown = await show_hand(channel, table, seats[0])
    embed = shown.response.embeds[0]
    assert ES.t("hand-tomate-none", variante="normal", phase="tomo") in (embed.description or "")
    assert labels(shown.response.components) == ["Tomar la pinta", "Paso"]
    text = str(embed.to_dict())
    assert not any(c(card).label in text for card in dealt)
    taken = await seats[0].click(shown.response.message, label="Tomar la pinta")
    assert taken.response.ephemeral
    # still blind: the three positions, face down
    positions = [ES.t("action-tomate-discard", n=n, raw=str(n)) for n in (1, 2, 3)]
    assert labels(taken.response.components) == positions
    assert not any(c(card).label in str(taken.response.embeds[0].to_dict()) for card in dealt)
    await seats[0].click(taken.response.message, label="Descartar la 2.ª (boca abajo)")
    state = table.state
    assert state.took and state.phase == "speak"
    assert [str(x) for x in state.hands[0]] == ["Ah", "Kh", "5d"]  # the 2nd dealt card went
    assert str(state.baceta[-1]) == "2c"  # face down under the baceta
    assert any(isinstance(e, tomate.CardDiscarded) and e.position == 2
               for e in table.last_events)
    # now the dealer sees the cards and is not asked paso/juego
    shown = await show_hand(channel, table, seats[0])
    assert "A♥" in (shown.response.embeds[0].description or "")
    await press(channel, table, seats[1], label="Juego")
    await press(channel, table, seats[2], label="Paso")
    assert state.phase == "play" and state.to_act == 1
    await play(channel, table, seats[1], "Qh")
    await play(channel, table, seats[0], "Ah")
    await play(channel, table, seats[0], "Kh")
    await play(channel, table, seats[1], "3s")
    await play(channel, table, seats[0], "5d")
    await play(channel, table, seats[1], "4s")
    assert table.state.last_hand.tricks == (3, 0, 0)
    assert table.state.last_hand.tomates == (1,)
    await settle(env)
    balances = await assert_books_balance(env, guild)
    assert balances[f"user:{seats[0].id}"] == -3 + 3  # took, won every trick
    assert balances[f"user:{seats[1].id}"] == -3 - 3  # tomate, then the next dealer's ante


async def test_baceta_taken_by_a_passed_player(simcord_env: Any) -> None:
    env = simcord_env
    guild, channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_table(env, channel, members[0], members[1:])
    seats = by_seat(table, members)
    script(table, deck(3, {1: "2s 3s 4s", 2: "2h 3h 4h", 0: "5s 6s 7s"}, "5d", "Ah Kh Qh"))
    await press(channel, table, seats[0], label="Paso")
    await press(channel, table, seats[1], label="Paso")
    await press(channel, table, seats[2], label="Juego")
    await press(channel, table, seats[0], label="Paso")
    # only seat 2 stayed: the baceta is offered from the first after the dealer
    state = table.state
    assert state.phase == "baceta" and state.to_act == 1
    shown = await show_hand(channel, table, seats[1])
    assert labels(shown.response.components) == ["Tomar la baceta", "Paso"]
    await seats[1].click(shown.response.message, label="Paso")
    await press(channel, table, seats[0], label="Tomar la baceta")
    assert state.baceta_player == 0 and [str(x) for x in state.hands[0]] == ["Ah", "Kh", "Qh"]
    assert state.phase == "play" and state.to_act == 2
    await play(channel, table, seats[2], "2h")
    await play(channel, table, seats[0], "Ah")
    await play(channel, table, seats[0], "Kh")
    await play(channel, table, seats[2], "3h")
    await play(channel, table, seats[0], "Qh")
    await play(channel, table, seats[2], "4h")
    last = table.state.last_hand
    assert last.tricks == (3, 0, 0) and last.tomates == (2,)
    await settle(env)
    balances = await assert_books_balance(env, guild)
    # mesa: the baceta player collects nothing (the thirds stay in the plato) and risks nothing
    assert balances[f"user:{seats[0].id}"] == -3
    assert balances[f"user:{seats[2].id}"] == -3
    assert balances[RESERVA] == 0 and balances[PLATO] == 3 + 3 + 3  # next ante + the reserva
    summary = field(embed_of(channel, table), ES.t("tomate-last"))
    assert f"tomates: {table.seats[2].name}" in summary


async def test_bote_saldo_ranking_and_ajustar(simcord_env: Any) -> None:
    env = simcord_env
    guild, channel, members = setup_guild(env, "ana", "luis", "eva")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("jefa"), roles=[mods])
    table = await open_table(env, channel, members[0], members[1:], reserva_por_mano=1)
    seats = by_seat(table, members)
    await play_full_hand(env, channel, table, seats)
    await settle(env)
    ledger = bot_of(env).storage.ledger
    balances = await assert_books_balance(env, guild)

    bote = await members[2].slash(channel, "tomate bote")
    assert not bote.ephemeral
    embed = bote.response.embeds[0].to_dict()
    assert embed["description"] == ES.t("tomate-bote_body", plato=4, reserva=2)
    history = await ledger.history(guild.id, limit=10)
    lines = "\n".join(movement_line(m, ES) for m in history)
    assert field(embed, ES.t("tomate-movements")) == lines

    own = await seats[1].slash(channel, "tomate saldo")
    assert own.ephemeral
    text = own.response.embeds[0].description
    assert text == ES.t("tomate-saldo", name=f"<@{seats[1].id}>", n=-1)
    mine = await ledger.history(guild.id, f"user:{seats[1].id}")
    assert field(own.response.embeds[0].to_dict(), ES.t("tomate-movements")) == "\n".join(
        movement_line(m, ES) for m in mine)
    other = await seats[1].slash(channel, "tomate saldo", jugador=seats[2])
    assert other.ephemeral
    assert other.response.embeds[0].description == ES.t(
        "tomate-saldo", name=f"<@{seats[2].id}>", n=-3)
    nobody = await boss.slash(channel, "tomate saldo")
    assert nobody.response.embeds[0].description == ES.t("tomate-saldo", name=boss.mention, n=0)

    ranking = await members[0].slash(channel, "tomate ranking")
    players = sorted(((a, b) for a, b in balances.items() if a not in (PLATO, RESERVA)),
                     key=lambda item: (-item[1], item[0]))
    expected = [f"{i}. <@{a.removeprefix('user:')}>: **{b}**"
                for i, (a, b) in enumerate(players, 1)]
    assert ranking.response.embeds[0].description == "\n".join(expected)
    assert [b for _, b in players] == [-1, -2, -3]

    # ajustar: refused without Manage Server, ephemerally, and nothing moves
    refused = await members[0].slash(channel, "tomate ajustar", jugador=seats[2], cantidad=2,
                                     motivo="premio")
    assert refused.ephemeral and refused.response.content == ES.t("error-forbidden")
    errors = env.errors
    assert errors and isinstance(errors[-1], discord.app_commands.MissingPermissions)
    assert await ledger.balances(guild.id) == balances
    # more than the pot holds is refused too
    too_much = await boss.slash(channel, "tomate ajustar", jugador=seats[2], cantidad=3,
                                motivo="premio", bote="reserva")
    assert too_much.ephemeral
    assert too_much.response.content == ES.t("tomate-adjust_pot", pot="reserva", n=2)
    env.errors  # noqa: B018  (acknowledge the recorded refusal)
    assert await ledger.balances(guild.id) == balances
    done = await boss.slash(channel, "tomate ajustar", jugador=seats[2], cantidad=2,
                            motivo="premio")
    assert not done.ephemeral and "Ajuste hecho: 2 tantos" in done.response.content
    back = await boss.slash(channel, "tomate ajustar", jugador=seats[0], cantidad=-1,
                            motivo="multa", bote="plato")
    assert not back.ephemeral
    after = await assert_books_balance(env, guild)
    assert after[f"user:{seats[2].id}"] == -1 and after[RESERVA] == 0
    assert after[f"user:{seats[0].id}"] == -3 and after[PLATO] == 5
    saldo = await seats[2].slash(channel, "tomate saldo")
    embed = saldo.response.embeds[0].to_dict()
    assert embed["description"] == ES.t("tomate-saldo", name=f"<@{seats[2].id}>", n=-1)
    first = field(embed, ES.t("tomate-movements")).split("\n")[0]
    assert first == f"reserva → <@{seats[2].id}>: **2** (ajuste: premio (por jefa))"
    # the hand in progress picks the adjusted pot up at its next move
    await press(channel, table, seats[1], label="Paso")
    assert (table.state.plato, table.state.reserva) == (after[PLATO], after[RESERVA])


async def test_restart_mid_hand_keeps_every_tanto(simcord_env: Any, settings: Any) -> None:
    env = simcord_env
    guild, channel, members = setup_guild(env, "ana", "luis", "eva")
    table = await open_table(env, channel, members[0], members[1:], reserva_por_mano=1)
    seats = by_seat(table, members)
    await play_full_hand(env, channel, table, seats)  # hand 2 is now dealt, seat 1 deals
    await press(channel, table, seats[1], label="Paso")
    await press(channel, table, seats[2], label="Juego")
    before = await assert_books_balance(env, guild)
    restored = await restart(env, make_bot(settings), channel, table)
    assert await assert_books_balance(env, guild) == before
    await settle(env)
    assert "reinició" in str(embed_of(channel, restored))
    assert_public_pot(channel, restored, before)
    # play on with buttons from before the restart until the hand is settled
    state = restored.state
    while state.hand_no == 2:
        seat = state.to_act
        legal = [str(a) for a in state.legal_actions()]
        pick = "stay" if "stay" in legal else legal[0]
        await press(channel, restored, seats[seat], action=pick)
    assert state.last_hand is not None and state.last_hand.hand == 2
    after = await assert_books_balance(env, guild)
    assert (state.plato, state.reserva) == (after[PLATO], after[RESERVA])
    await settle(env)
    assert_public_pot(channel, restored, after)
    assert len(public_messages(channel)) == 1


async def test_every_table_of_a_server_shows_the_current_pot(simcord_env: Any) -> None:
    """Two Tomate tables share the server's pot: a deal at one, or /tomate ajustar, shows at
    the other at once."""
    env = simcord_env
    guild, first_channel, members = setup_guild(env, "ana", "luis", "eva", "pau")
    second_channel = guild.create_text_channel("otra")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("jefa"), roles=[mods])
    first = await open_table(env, first_channel, members[0], [members[1]])
    await settle(env)
    assert "Plato: **3**" in embed_of(first_channel, first)["description"]
    second = await open_table(env, second_channel, members[2], [members[3]])
    await settle(env)
    for channel, table in ((first_channel, first), (second_channel, second)):
        assert "Plato: **6**" in embed_of(channel, table)["description"]
    await boss.slash(first_channel, "tomate ajustar", jugador=members[0], cantidad=-4,
                     motivo="prueba", bote="reserva")
    await settle(env)
    for channel, table in ((first_channel, first), (second_channel, second)):
        assert "Reserva: **4**" in embed_of(channel, table)["description"]
