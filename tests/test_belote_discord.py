"""Belote through the real discord.py dispatch (simcord): lobby, buttons only, privacy after
every step, the announce button and a refusal explained through ``/belote jugar``."""

from __future__ import annotations

from typing import Any

from tapete.bot.i18n import catalog
from tapete.rules import belote
from tapete.rules.cards import FrenchSuit, parse_cards
from tests.conftest import make_bot
from tests.driver import (
    USER_LOCALES,
    bot_of,
    enabled_components,
    play_to_the_end,
    public_text,
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
    """Cards of a hand that the rules make public: the turned card (the taker's with 4
    players), the card a seat took for its 7 of trumps, and the combinations shown."""
    view = table.state.view(None)
    cards = {str(view.turned)}
    if view.swapped_card is not None:
        cards.add(str(view.swapped_card))
    for _seat, combo, _points, _reason in view.shown:
        cards |= {str(c) for c in combo}
    return cards


def privacy_check(channel: Any) -> Any:
    return driver_privacy_check(channel, exposed_cards)


def hands_only_ephemeral(table: Any, channel: Any) -> None:
    """No message of the channel but ephemeral ones shows a hand (the hand's title)."""
    for message in channel.history():
        if message.flags.ephemeral:
            continue
        for embed in message.embeds:
            assert not (embed.title or "").startswith("Tu mano"), "a hand went public"


async def test_two_player_match_between_two_users_only_buttons(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (ana, luis) = setup_guild(env, "ana", "luis")
    created = await ana.slash(channel, "belote nueva", objetivo=200)
    assert not created.ephemeral
    lobby = channel.last_message
    assert lobby.embeds[0].title == "Mesa de Belote"
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    assert table.status == "playing"
    text = public_text(channel)
    assert "Reparte" in text and "se propone" in text  # the dealer, turned card, proposed suit
    check = privacy_check(channel)

    def every_step(t: Any) -> None:
        check(t)
        hands_only_ephemeral(t, channel)

    await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=3, check=every_step)
    assert table.state.is_over and table.status == "finished"
    final = channel.history()[0]
    embed = final.embeds[0].to_dict()
    assert any(f["name"] == "Partida terminada" for f in embed["fields"])
    assert any(f["name"] == "Mano anterior" for f in embed["fields"])
    assert [c["label"] for r in final.components for c in r.to_dict()["components"]] == ["Revancha"]
    results = await bot_of(env).storage.results.for_table(table.id)
    assert len(results) == 1 and max(results[0]["scores"]) >= 200


async def test_pairs_match_of_two_users_and_two_cpu_seats_only_buttons(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, (ana, luis) = setup_guild(env, "ana", "luis")
    await ana.slash(channel, "belote nueva", parejas=True, objetivo=200)
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    refused = await ana.click(lobby, label="Empezar")
    assert refused.ephemeral and "admite 4" in refused.response.content
    for _ in range(2):
        await ana.click(lobby, label="Añadir CPU normal")
    await ana.click(lobby, label="Empezar")
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=5,
                                  check=privacy_check(channel))
    assert table.state.result is not None
    assert len(table.state.result.scores) == 2  # scored by pairs
    assert "por parejas" in str(channel.history()[0].embeds[0].to_dict())


def fr(text: str) -> list[Any]:
    return parse_cards(text.split(), "french")


async def scripted_table(env: Any, cards: str) -> tuple[Any, Any, dict[int, Any]]:
    """A 2-player table whose first hand is dealt from ``cards`` (top first)."""
    _, channel, (ana, luis) = setup_guild(env, "ana", "luis")
    await ana.slash(channel, "belote nueva")
    await luis.click(channel.last_message, label="Unirse")
    await ana.click(channel.last_message, label="Empezar")
    table = table_in(env, channel)
    table.state = belote.new_game(belote.Options(), 2, decks=[fr(cards)])
    members = {ana.id: ana, luis.id: luis}
    return table, channel, {seat: members[s.user_id] for seat, s in enumerate(table.seats)}


def two_player_deck(hand1: str, hand0: str, turned: str, bottom: str) -> str:
    """The cards of a 2-player hand, top first: seat 1 (mano) and seat 0 in packets of 3,
    the turned card, their complementary cards, the stock and its bottom card last."""
    one, zero = hand1.split(), hand0.split()
    deck = [*one[:3], *zero[:3], *one[3:6], *zero[3:6], turned, *one[6:], *zero[6:]]
    rest = [str(c) for c in belote.DECK if str(c) not in deck and str(c) != bottom]
    return " ".join([*deck, *rest, bottom])


async def test_announce_button_names_the_combinations(simcord_env: Any) -> None:
    env = simcord_env
    cards = two_player_deck("Js Jh Jd Jc 9c 8c 7c Ad 7d", "As Ks Qs 10d 9d 7s 8s 8h 10h",
                            turned="9h", bottom="7h")
    table, channel, seats = await scripted_table(env, cards)
    mano = seats[1]
    taking = await mano.slash(channel, "belote jugar", carta="take")
    assert taking.ephemeral
    shown = await mano.click(channel.history()[0], label="Ver mi mano")
    labels = [c["label"] for c in enabled_components(shown.response.components)]
    assert "📣 Anunciar: brelán de jotas, tercia al nueve de tréboles" in labels
    announce = next(c for c in enabled_components(shown.response.components)
                    if c["label"].startswith("📣"))
    await mano.click(shown.response.message, custom_id=announce["custom_id"])
    text = public_text(channel)
    assert "brelán, tercia" in text and "J♠" not in text  # named, never shown before the end
    assert table.state.announcements


async def test_jugar_explains_a_refusal_with_its_card(simcord_env: Any) -> None:
    env = simcord_env
    # seat 1 leads the 9h; seat 0 holds the Jh and the 8h: it must go higher than the 9h
    cards = two_player_deck("9h Kh As Ks Qs Js 10s 9s 8s", "Jh 8h Ad Kd Qd Jd 10d 9d 8d",
                            turned="Qh", bottom="7h")
    table, channel, seats = await scripted_table(env, cards)
    await seats[1].slash(channel, "belote jugar", carta="take")
    await seats[1].slash(channel, "belote jugar", carta="9h")
    before = table.state.to_json()
    refused = await seats[0].slash(channel, "belote jugar", carta="8h")
    assert refused.ephemeral
    assert refused.response.content == "Debes montar: juega un triunfo mayor que el 9♥."
    assert table.state.to_json() == before
    wrong = await seats[0].slash(channel, "belote jugar", carta="Ad")
    assert wrong.response.content == "Debes asistir a corazones."


async def test_restart_mid_hand_resumes_and_old_buttons_work(
    simcord_env: Any, settings: Any
) -> None:
    env = simcord_env
    _, channel, (ana,) = setup_guild(env, "ana")
    await ana.slash(channel, "belote nueva")
    lobby = channel.last_message
    for _ in range(2):
        await ana.click(lobby, label="Añadir CPU normal")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    for _ in range(8):  # let a few moves happen
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
    button = enabled_components(shown.response.components)[0]
    await ana.click(shown.response.message, custom_id=button["custom_id"])
    assert restored.state.to_json() != snapshot


async def test_second_round_buttons_name_each_other_suit(simcord_env: Any) -> None:
    """All pass in the first round: the private hand offers one ``name`` button per suit but
    the turned one, each with the suit's name, in the reader's language; a click names it."""
    env = simcord_env
    cards = two_player_deck("7s 8s 9c 7d 8d 10c Ac Kc Qc", "Ks Qs 9d Jd 7c 8c As 10s Js",
                            turned="9h", bottom="7h")
    table, channel, seats = await scripted_table(env, cards)
    USER_LOCALES[seats[0].id] = "en-US"

    async def bidding_labels(member: Any) -> tuple[Any, list[str]]:
        shown = await member.click(channel.history()[0], label="Ver mi mano")
        assert shown.ephemeral
        return shown, [c["label"] for c in enabled_components(shown.response.components)]

    _, labels = await bidding_labels(seats[1])
    assert labels == ["Tomar corazones", "Paso"]
    await seats[1].slash(channel, "belote jugar", carta="pass")
    await seats[0].slash(channel, "belote jugar", carta="pass")
    assert table.state.phase == "bid2"
    _, labels = await bidding_labels(seats[1])
    assert labels == ["Elegir picas", "Elegir diamantes", "Elegir tréboles", "Paso"]
    await seats[1].slash(channel, "belote jugar", carta="pass")
    shown, labels = await bidding_labels(seats[0])
    assert labels == ["Name spades", "Name diamonds", "Name clubs", "Pass"]
    button = next(c for c in enabled_components(shown.response.components)
                  if c["label"] == "Name spades")
    await seats[0].click(shown.response.message, custom_id=button["custom_id"])
    assert table.state.trump is FrenchSuit.SPADES and table.state.taker == 0
