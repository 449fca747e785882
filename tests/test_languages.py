"""Spanish and English through the real discord.py dispatch: replies in the user's language,
public messages in the server's, ``/tapete idioma`` and ``/tapete ayuda``, localized commands.
"""

from __future__ import annotations

import random
import re
import typing
from typing import Any

import discord
import pytest
from fluent.syntax import ast as fl
from fluent.syntax import parse

from tapete.bot.commands import CatalogTranslator
from tapete.bot.helpdocs import DOCS
from tapete.bot.i18n import LOCALES, Text, catalog
from tapete.bot.ratings import MODEL, display_rating
from tapete.bot.render import option_label, option_value
from tapete.bot.settings import Settings
from tapete.bot.storage import Rating
from tapete.bot.tables import TableError
from tapete.bot.typed import shown, typed_actions, verb_word, verb_words
from tapete.rules import belote, escoba, nlk, tomate, tute
from tapete.rules.cards import card_names, fold, parse_card, parse_suit
from tapete.rules.engine import Action, Arg
from tests.conftest import make_bot
from tests.driver import (
    USER_LOCALES,
    bot_of,
    log_lines,
    play_to_the_end,
    privacy_check,
    restart,
    table_in,
)

HAND = {"es": "Ver mi mano", "en": "Show my hand"}
LOCALE = {"es": "es-ES", "en": "en-US"}


def fragments(language: str) -> set[str]:
    """Phrases of a catalog's own text (words only it uses), to spot it in replies."""
    found: set[str] = set()
    for path in (LOCALES / language).glob("*.ftl"):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fl.Message) and entry.value is not None:
                for element in entry.value.elements:
                    if isinstance(element, fl.TextElement):
                        for piece in re.split(r"[\n.:;,()«»“”!?¡¿—·*]+", element.value):
                            piece = piece.strip()
                            if len(piece) >= 12 and " " in piece:
                                found.add(piece)
    return found


def other_language_phrases(language: str) -> set[str]:
    other = "en" if language == "es" else "es"
    mine = fragments(language)
    return {p for p in fragments(other) if not any(p in m for m in mine)}


def everything_shown(channel: Any, extra: list[Any]) -> list[str]:
    """Every text a user could read: the channel's messages and the replies collected."""
    texts = []
    for message in [*channel.history(), *extra]:
        texts.append(message.content or "")
        for embed in message.embeds:
            texts.append(str(embed.to_dict()))
        for row in message.components:
            texts.append(str(row.to_dict() if hasattr(row, "to_dict") else row))
    return texts


def assert_only(language: str, texts: list[str]) -> None:
    foreign = other_language_phrases(language)
    assert foreign, "the catalogs differ"
    for text in texts:
        for phrase in foreign:
            assert phrase not in text, f"{phrase!r} ({language} expected) in {text[:200]!r}"


def setup(env: Any, language: str, *names: str) -> tuple[Any, Any, Any, list[Any]]:
    guild = env.create_guild()
    channel = guild.create_text_channel("mesa")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    members = [guild.add_member(env.create_user(n)) for n in names]
    for member in [admin, *members]:
        USER_LOCALES[member.id] = LOCALE[language]
    return guild, channel, admin, members


def table_message(env: Any, channel: Any) -> Any:
    table = table_in(env, channel)
    return next(m for m in channel.history() if m.id == table.message_id)


async def set_language(channel: Any, admin: Any, language: str) -> Any:
    done = await admin.slash(channel, "tapete idioma", idioma=language)
    assert not done.ephemeral
    return done


async def tute_match(env: Any, language: str) -> None:
    _, channel, admin, (ana, luis) = setup(env, language, "ana", "luis")
    await set_language(channel, admin, language)
    replies: list[Any] = []
    created = await ana.slash(channel, "tute nueva", modalidad="habanero", juegos=1)
    assert not created.ephemeral
    lobby = channel.last_message
    title = {"es": "Mesa de Tute", "en": "Tute table"}[language]
    assert lobby.embeds[0].title == title
    join = {"es": "Unirse", "en": "Join"}[language]
    start = {"es": "Empezar", "en": "Start"}[language]
    await luis.click(lobby, label=join)
    await ana.click(lobby, label=start)
    message = table_message(env, channel)
    stranger_hand = await admin.click(message, label=HAND[language])
    assert stranger_hand.ephemeral
    replies.append(stranger_hand.response)
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=3,
                                  check=privacy_check(channel, _tute_exposed, language),
                                  hand_label=HAND[language])
    assert table.state is not None and table.state.is_over
    assert_only(language, everything_shown(channel, replies))


def _tute_exposed(table: Any) -> set[str]:
    from tests.test_tute_discord import exposed_cards

    return exposed_cards(table)


async def test_tute_match_in_english(simcord_env: Any) -> None:
    await tute_match(simcord_env, "en")


async def test_tute_match_in_spanish(simcord_env: Any) -> None:
    await tute_match(simcord_env, "es")


async def escoba_pairs(env: Any, language: str) -> None:
    _, channel, admin, (ana, luis) = setup(env, language, "ana", "luis")
    await set_language(channel, admin, language)
    await ana.slash(channel, "escoba nueva", parejas=True, objetivo=5)
    lobby = channel.last_message
    labels = {"es": ("Unirse", "Añadir CPU normal", "Empezar"),
              "en": ("Join", "Add normal CPU", "Start")}
    join, cpu, start = labels[language]
    early = await ana.click(lobby, label=start)
    assert early.ephemeral
    await luis.click(lobby, label=join)
    for _ in range(2):
        await ana.click(lobby, label=cpu)
    await ana.click(lobby, label=start)
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=8,
                                  check=privacy_check(channel, None, language),
                                  hand_label=HAND[language])
    assert table.state is not None and table.state.is_over
    assert_only(language, everything_shown(channel, [early.response]))


async def test_escoba_pairs_in_english(simcord_env: Any) -> None:
    await escoba_pairs(simcord_env, "en")


async def test_escoba_pairs_in_spanish(simcord_env: Any) -> None:
    await escoba_pairs(simcord_env, "es")


async def belote_match(env: Any, language: str) -> None:
    _, channel, admin, (ana, luis) = setup(env, language, "ana", "luis")
    await set_language(channel, admin, language)
    await ana.slash(channel, "belote nueva", objetivo=150)
    lobby = channel.last_message
    join, start = {"es": ("Unirse", "Empezar"), "en": ("Join", "Start")}[language]
    await luis.click(lobby, label=join)
    await ana.click(lobby, label=start)
    table = await play_to_the_end(env, channel, {ana.id: ana, luis.id: luis}, seed=4,
                                  check=privacy_check(channel, _belote_exposed, language),
                                  hand_label=HAND[language])
    assert table.state is not None and table.state.is_over
    help_reply = await ana.slash(channel, "tapete ayuda", juego="belote")
    assert_only(language, everything_shown(channel, [help_reply.response]))


def _belote_exposed(table: Any) -> set[str]:
    from tests.test_belote_discord import exposed_cards

    return exposed_cards(table)


async def test_belote_match_in_english(simcord_env: Any) -> None:
    await belote_match(simcord_env, "en")


async def tomate_session(env: Any, language: str, variante: str) -> None:
    """A two-hand Tomate session between three users, then the pot commands."""
    _, channel, admin, (ana, luis, eva) = setup(env, language, "ana", "luis", "eva")
    await set_language(channel, admin, language)
    await ana.slash(channel, "tomate nueva", variante=variante, manos=2)
    lobby = channel.last_message
    join, start = {"es": ("Unirse", "Empezar"), "en": ("Join", "Start")}[language]
    for member in (luis, eva):
        await member.click(lobby, label=join)
    await ana.click(lobby, label=start)
    seen: set[str] = set()

    def turned_up(table: Any) -> set[str]:
        """Pintas are dealt face up: once seen, a pinta the dealer takes is no secret."""
        pinta = table.state.view(None).pinta
        if pinta is not None:
            seen.add(str(pinta))
        return seen

    table = await play_to_the_end(env, channel, {m.id: m for m in (ana, luis, eva)}, seed=5,
                                  check=privacy_check(channel, turned_up, language),
                                  hand_label=HAND[language])
    assert table.state is not None and table.state.is_over
    replies = [(await ana.slash(channel, f"tomate {command}")).response
               for command in ("bote", "saldo", "ranking")]
    assert all(r is not None for r in replies)
    assert_only(language, everything_shown(channel, replies))


async def test_tomate_session_in_english(simcord_env: Any) -> None:
    await tomate_session(simcord_env, "en", "normal")


async def test_tomate_mosca_session_in_spanish(simcord_env: Any) -> None:
    await tomate_session(simcord_env, "es", "mosca")


async def test_private_replies_follow_the_user_public_ones_the_server(
    simcord_env: Any,
) -> None:
    """A Spanish server with an English-speaking player: the table stays Spanish, the
    player's hand and refusals come in English."""
    env = simcord_env
    _, channel, _, (ana, luis) = setup(env, "es", "ana", "luis")
    USER_LOCALES[luis.id] = "en-US"
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    again = await luis.click(lobby, label="Unirse")
    assert again.ephemeral and again.response.content == "You are already seated at this table."
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    message = table_message(env, channel)
    shown = await luis.click(message, label="Ver mi mano")
    assert shown.ephemeral
    description = shown.response.embeds[0].description or ""
    assert "Your turn." in description or "Wait for your turn" in description
    waiting = table.seats[1 - table.state.to_act].user_id
    if waiting == luis.id:
        refused = await luis.slash(channel, "tute jugar", carta="1o")
        assert refused.ephemeral and "not your turn" in refused.response.content


async def test_language_changes_a_running_table_and_survives_a_restart(
    simcord_env: Any, settings: Settings,
) -> None:
    env = simcord_env
    guild, channel, admin, (ana, luis) = setup(env, "es", "ana", "luis")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)

    def table_message() -> Any:
        return next(m for m in channel.history() if m.id == table.message_id)

    assert table_message().components[0].children[0].label == "Ver mi mano"
    denied = await ana.slash(channel, "tapete idioma", idioma="en")
    assert denied.ephemeral
    assert denied.response.content == "Necesitas el permiso Gestionar servidor para eso."
    assert [type(e) for e in env.errors] == [discord.app_commands.MissingPermissions]
    assert table_message().components[0].children[0].label == "Ver mi mano"
    await set_language(channel, admin, "en")
    await env.advance_time(0.01)
    assert table_message().components[0].children[0].label == "Show my hand"
    assert "Players" in str(table_message().embeds[0].to_dict())

    await env.restart_bot(make_bot(settings))
    await env.advance_time(0.01)
    restored = table_in(env, channel)
    message = next(m for m in channel.history() if m.id == restored.message_id)
    assert message.components[0].children[0].label == "Show my hand"
    assert "The bot restarted" in str(message.embeds[0].to_dict())
    assert bot_of(env).servers.language(guild.id) == "en"


async def test_help_answers_privately_in_the_users_language(simcord_env: Any) -> None:
    env = simcord_env
    _, channel, _, (ana,) = setup(env, "en", "ana")
    general = await ana.slash(channel, "tapete ayuda")
    assert general.ephemeral and general.response.embeds[0].title == "🃏 Tapete: how to play"
    tute = await ana.slash(channel, "tapete ayuda", juego="tute")
    first = tute.response.embeds[0].to_dict()
    assert tute.ephemeral and first["title"] == "Tute"  # the rule book, in pages
    pages = int(first["footer"]["text"].rsplit(" ", 1)[1])
    assert first["footer"]["text"] == f"Page 1 of {pages}" and pages > 3
    message = tute.response.message
    for page in range(2, pages + 1):  # turn every page with ▶
        turned = await ana.click(message, label="▶")
        message = turned.response.message
        embed = message.embeds[0].to_dict()
        assert embed["footer"]["text"] == f"Page {page} of {pages}"
    assert embed["title"] == "Options of `/tute new`"
    for option in ("mode", "games"):
        assert f"`{option}`" in embed["description"], embed["description"]
    USER_LOCALES[ana.id] = "es-ES"
    spanish = await ana.slash(channel, "tapete ayuda", juego="escoba")
    assert spanish.response.embeds[0].to_dict()["title"] == "Escoba"
    assert spanish.response.embeds[0].to_dict()["footer"]["text"].startswith("Página 1 de")


async def test_commands_are_localized_for_english_clients(simcord_env: Any) -> None:
    bot = bot_of(simcord_env)
    translator = CatalogTranslator()
    payloads = {}
    for command in bot.tree.get_commands():
        payload = await command.get_translated_payload(bot.tree, translator)
        payloads[payload["name"]] = payload
    tute = payloads["tute"]
    nueva = next(o for o in tute["options"] if o["name"] == "nueva")
    assert nueva["name_localizations"]["en-US"] == "new"
    assert nueva["description_localizations"]["en-US"] == "Open a new Tute table in this channel."
    assert nueva["description"] == "Abrir una mesa de Tute en este canal."
    modalidad = next(o for o in nueva["options"] if o["name"] == "modalidad")
    assert modalidad["name_localizations"]["es-ES"] == "modalidad"
    assert modalidad["choices"][0]["name_localizations"]["en-US"]
    tapete = payloads["tapete"]
    ayuda = next(o for o in tapete["options"] if o["name"] == "ayuda")
    assert ayuda["name_localizations"]["en-GB"] == "help"


# -- issue 25: each language both ways ----------------------------------------------------------

GAMES_BY_NAME = {g.name: g for g in (tute.GAME, escoba.GAME, tomate.GAME, belote.GAME, nlk.GAME)}


def verb_list(language: str) -> set[str]:
    """Every word a language's catalog accepts for a verb, in every game (folded)."""
    lang = catalog(language)
    return {fold(w) for g in GAMES_BY_NAME.values() for v in g.verbs
            for w in verb_words(lang, g.name, v.name)}


def foreign_verbs(language: str) -> set[str]:
    other = "en" if language == "es" else "es"
    return verb_list(other) - verb_list(language)


def message_texts(language: str) -> dict[str, str]:
    """Every message of a catalog as all the text it can show: every variant of every
    selector, and the messages it refers to, spelled out."""
    entries: dict[str, fl.Message] = {}
    for path in (LOCALES / language).glob("*.ftl"):
        for entry in parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, fl.Message) and entry.value is not None:
                entries[entry.id.name] = entry

    def text(node: Any, seen: frozenset[str]) -> str:
        if isinstance(node, fl.Pattern):
            return "".join(text(e, seen) for e in node.elements)
        if isinstance(node, fl.TextElement):
            return node.value
        if isinstance(node, fl.Placeable):
            return text(node.expression, seen)
        if isinstance(node, fl.SelectExpression):
            return " | ".join(text(v.value, seen) for v in node.variants)
        if isinstance(node, fl.MessageReference) and node.id.name not in seen:
            target = entries.get(node.id.name)
            return text(target.value, seen | {node.id.name}) if target else ""
        if isinstance(node, fl.StringLiteral):
            return node.value
        return ""

    return {key: text(entry.value, frozenset({key})) for key, entry in entries.items()}


def prompt_keys(game: str, keys: set[str]) -> list[str]:
    """A game's refusals and prompts: what tells a player what to do or type."""
    own = (f"error-{game}-", f"{game}-hint", f"action-{game}-", f"help-{game}", f"hand-{game}-")
    shared = ("error-", "action-", "help-general", "play-", "cmd-jugar-")
    games = tuple(f"error-{g}-" for g in GAMES_BY_NAME if g != game)
    return sorted(k for k in keys if k.startswith(own) or (
        k.startswith(shared) and not k.startswith(games) and not k.startswith(
            tuple(f"action-{g}-" for g in GAMES_BY_NAME if g != game))))


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("game", sorted(GAMES_BY_NAME))
def test_refusals_and_prompts_name_only_their_languages_verbs(game: str, language: str) -> None:
    foreign = foreign_verbs(language)
    assert {"play", "pass", "capture", "claim", "stay"} & foreign or language == "en"
    assert {"jugar", "paso", "juego", "capturar", "cobrar"} & foreign or language == "es"
    texts = message_texts(language)
    keys = prompt_keys(game, set(texts))
    assert any(k.startswith(f"error-{game}-") or k.startswith(f"action-{game}-") for k in keys)
    for key in keys:
        words = set(re.findall(r"[^\W\d_]+", fold(texts[key])))
        assert not words & foreign, f"{language} {key} says {words & foreign}: {texts[key]!r}"


def test_the_verb_tables_tell_the_languages_apart() -> None:
    """Each language has a word for every verb of every game, shown in its prompts."""
    for language in ("es", "en"):
        lang = catalog(language)
        for game in GAMES_BY_NAME.values():
            for verb in game.verbs:
                assert verb_words(lang, game.name, verb.name), (language, game.name, verb.name)
    assert verb_word(catalog("es"), "tomate", "stay") == "juego"
    assert verb_word(catalog("en"), "tomate", "stay") == "stay"
    assert verb_word(catalog("es"), "escoba", "claim") == "cobrar"


ENGLISH_SUITS = {"o": "coins", "c": "cups", "e": "swords", "b": "clubs",
                 "s": "spades", "h": "hearts", "d": "diamonds"}


def typed_in(language: str, game: Any, action: Any) -> str:
    """An action as a player of ``language`` would type it: their verb, card names in their
    language (the whole name), suits by name."""
    word = verb_word(catalog(language), game.name, action.verb)
    verb = game.verb(action.verb)
    words: list[str] = []
    for index, arg in enumerate(action.args):
        kinds = [k for _, k in verb.args]
        kind = kinds[min(index, len(kinds) - 1)] if kinds else None
        if kind in (Arg.CARD, Arg.CARDS):
            spanish, english = card_names(parse_card(arg, game.family))
            words.append(spanish if language == "es" else english)
        elif kind is Arg.SUIT and arg != "tute":
            suit = parse_suit(arg, game.family)
            assert suit is not None
            words.append(catalog(language).suit(suit))
        elif kind is Arg.SEAT:
            words.append(str(int(arg) + 1))  # as the table lists the seat
        else:
            words.append(arg)
    joiner = " y " if language == "es" else " and "
    if len(words) > 1 and verb.args and verb.args[-1][1] is Arg.CARDS:
        return f"{word} {words[0]} " + joiner.join(words[1:])
    return " ".join([word, *words])


def test_a_seat_is_typed_as_the_table_lists_it() -> None:
    """NLK's seats are typed from 1, as the table lists the players, in both languages and
    in the notation autocomplete offers; a number off the list is refused in those terms."""
    legal = [Action("move", ("2",)), Action("move", ("0",)), Action("draw", ())]
    for text in ("mover 3", "move 3", "muevo 3"):
        assert typed_actions(nlk.GAME, text, legal, 3) == [Action("move", ("2",))], text
    assert typed_actions(nlk.GAME, "mover 1", legal, 3) == [Action("move", ("0",))]
    for text in ("mover 0", "dar 4", "give 9"):
        with pytest.raises(TableError) as refused:
            typed_actions(nlk.GAME, text, legal, 3)
        assert refused.value.text.key == "play-bad-seat"
    assert [shown(nlk.GAME, a) for a in legal] == ["move 3", "move 1", "draw"]
    assert shown(tute.GAME, Action("play", ("7o",))) == "play 7o"  # only seats change


TYPED_TABLES = {
    "tute": ("tute nueva", {"modalidad": "habanero", "juegos": 1}, 2),
    "escoba": ("escoba nueva", {"objetivo": 3}, 2),
    "belote": ("belote nueva", {"objetivo": 100}, 2),
    "tomate": ("tomate nueva", {"variante": "mosca", "manos": 2}, 3),
    "nlk": ("nlk nueva", {"partidas": 1}, 3),
}


@pytest.mark.parametrize("game_name", sorted(TYPED_TABLES))
async def test_typed_moves_in_both_languages_play_the_same_move(
    simcord_env: Any, game_name: str,
) -> None:
    """A Spanish and an English player at one table type their moves in /jugar, each in
    their language (verb and full card names): the other language's wording of the same move
    names the same action, and playing it moves the game exactly as the action would."""
    env = simcord_env
    command, options, players = TYPED_TABLES[game_name]
    names = ["ana", "john", "eva"][:players]
    _, channel, _, members = setup(env, "es", *names)
    USER_LOCALES[members[1].id] = "en-US"
    await members[0].slash(channel, command, **options)
    lobby = channel.last_message
    for member in members[1:]:
        await member.click(lobby, label="Unirse")
    await members[0].click(lobby, label="Empezar")
    table = table_in(env, channel)
    game = GAMES_BY_NAME[game_name]
    language_of = {m.id: ("en" if i == 1 else "es") for i, m in enumerate(members)}
    member_of = {m.id: m for m in members}
    rng = random.Random(5)
    typed_moves = 0
    for _ in range(40):
        state = table.state
        if state is None or state.is_over:
            break
        legal = state.legal_actions()
        action = rng.choice(legal)
        user = table.seats[state.to_act].user_id
        forms = {language: typed_in(language, game, action) for language in ("es", "en")}
        for language, text in forms.items():
            assert typed_actions(game, text, legal) == [action], (language, text)
        expected = game.load(table.saved or state.to_json())
        expected.apply(state.to_act, action)
        done = await member_of[user].slash(channel, f"{game_name} jugar",
                                           carta=forms[language_of[user]])
        assert done.ephemeral and not done.response.content, done.response.content
        assert table.state.to_json() == expected.to_json()
        typed_moves += 1
    assert typed_moves >= 10


async def test_a_refusal_says_what_to_type_in_the_players_language(simcord_env: Any) -> None:
    """An action out of its moment is refused with the way on in the reader's words: a
    Spanish player is told «juego» and «paso», an English one “stay” and “pass”; a verb the
    refusal names is the reader's word for it, whichever language was typed."""
    env = simcord_env
    _, channel, _, (ana, john) = setup(env, "es", "ana", "john")
    USER_LOCALES[john.id] = "en-US"
    await ana.slash(channel, "tomate nueva")
    lobby = channel.last_message
    await john.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    members = {ana.id: ana, john.id: john}
    dealer = members[table.seats[0].user_id]
    declined = await dealer.slash(channel, "tomate jugar",
                                  carta="paso" if dealer is ana else "pass")
    assert not declined.response.content and table.state.phase == "speak"
    member = members[table.seats[table.state.to_act].user_id]
    refused = await member.slash(channel, "tomate jugar", carta="exchange 7h")
    too_many = await member.slash(channel, "tomate jugar", carta="pass 3")
    if member is ana:
        assert refused.response.content.endswith("Di «juego» o «paso».")
        assert too_many.response.content == "«paso» no lleva nada más."
    else:
        assert refused.response.content.endswith("Say “stay” or “pass”.")
        assert too_many.response.content == "“pass” takes nothing more."
    typed = await member.slash(channel, "tomate jugar", carta="juego")
    assert typed.ephemeral and not typed.response.content
    assert isinstance(table.last_events[0], tomate.PlayerStayed)


@pytest.mark.parametrize("language", ["es", "en"])
@pytest.mark.parametrize("game_name", sorted(TYPED_TABLES))
async def test_options_are_in_the_readers_language_in_lobby_help_and_rules(
    simcord_env: Any, game_name: str, language: str,
) -> None:
    env = simcord_env
    _, channel, admin, (ana,) = setup(env, language, "ana")
    await set_language(channel, admin, language)
    game = GAMES_BY_NAME[game_name]
    lang = catalog(language)
    other = catalog("en" if language == "es" else "es")
    await ana.slash(channel, f"{game_name} nueva")
    lobby = channel.last_message.embeds[0].description or ""
    help_reply = await ana.slash(channel, "tapete ayuda", juego=game_name)
    message = help_reply.response.message
    footer = message.embeds[0].to_dict()["footer"]["text"]
    for _ in range(int(footer.rsplit(" ", 1)[1]) - 1):
        message = (await ana.click(message, label="▶")).response.message
    help_text = message.embeds[0].description or ""
    glossary = (DOCS / language / "glossary.md").read_text("utf-8")
    for field, info in game.options.model_fields.items():
        label = option_label(lang, game_name, field)
        slash = lang.t(f"option-{game_name}-{field}-name")
        value = option_value(lang, game_name, field, info.default)
        assert f"{label}: {value}" in lobby, (field, lobby)
        assert f"**{label}** (`{slash}`)" in help_text, (field, help_text)
        assert f"`{slash}` ({label})" in glossary, field
        foreign = other.t(f"option-{game_name}-{field}-name")
        if foreign not in (slash, field) and foreign != label.lower():
            for text in (lobby, help_text):
                assert not re.search(rf"\b{foreign}\b", text), (foreign, text)
        literal = next((a for a in (info.annotation, *typing.get_args(info.annotation))
                        if typing.get_origin(a) is typing.Literal), None)
        for choice in typing.get_args(literal):
            shown = option_value(lang, game_name, field, choice)
            assert shown in help_text
            if choice not in shown:  # the API value, untranslated, is not shown
                assert not re.search(rf"\b{choice}\b", help_text), (choice, help_text)
                assert f": {choice}" not in lobby
    for number in (1_000_000, 10_000):
        assert lang.number(number) == {"es": f"{number:,}".replace(",", "."),
                                       "en": f"{number:,}"}[language]


async def test_slash_commands_are_complete_in_english(simcord_env: Any) -> None:
    """Every command, option and choice has an English name and description (the option
    names themselves stay the commands' API)."""
    bot = bot_of(simcord_env)
    translator = CatalogTranslator()
    missing: list[str] = []

    def walk(node: dict[str, Any], path: str) -> None:
        here = f"{path}/{node.get('name')}"
        if "name" in node and "en-US" not in (node.get("name_localizations") or {}):
            missing.append(f"{here} name")
        if "description" in node and "en-US" not in (node.get("description_localizations")
                                                     or {}):
            missing.append(f"{here} description")
        for child in node.get("options", []) + node.get("choices", []):
            walk(child, here)

    for command in bot.tree.get_commands():
        walk(await command.get_translated_payload(bot.tree, translator), "")
    assert missing == [], missing


async def test_the_public_log_survives_a_restart_and_follows_the_language(
    simcord_env: Any, settings: Settings,
) -> None:
    """The "Últimas jugadas" lines are kept with the table as data: after a restart they are
    still there, and in the server's language of the moment."""
    env = simcord_env
    _, channel, admin, (ana, luis) = setup(env, "es", "ana", "luis")
    await ana.slash(channel, "tute nueva", modalidad="habanero")
    lobby = channel.last_message
    await luis.click(lobby, label="Unirse")
    await ana.click(lobby, label="Empezar")
    table = table_in(env, channel)
    members = {ana.id: ana, luis.id: luis}
    for _ in range(4):
        card = table.state.legal_actions()[0]
        await members[table.seats[table.state.to_act].user_id].slash(
            channel, "tute jugar", carta=str(card))
    before = [line for line in log_lines(channel) if "juega" in line]
    assert len(before) == 4
    restored = await restart(env, make_bot(settings), channel, table)
    await env.advance_time(0.01)
    after = log_lines(channel)
    assert after[-1].startswith("🔄") and [line for line in after if "juega" in line] == before
    await set_language(channel, admin, "en")
    await env.advance_time(0.01)
    english = log_lines(channel)
    assert len([line for line in english if " plays " in line]) == 4, english
    assert restored.log[-1] == Text.of("table-restored")


async def test_a_new_server_speaks_its_discord_locale_until_an_admin_chooses(
    simcord_env: Any,
) -> None:
    env = simcord_env
    guild = env.create_guild(preferred_locale="en-US")
    channel = guild.create_text_channel("table")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[mods])
    ana = guild.add_member(env.create_user("ana"))
    USER_LOCALES[ana.id] = "es-ES"  # a Spanish client on an English server
    await ana.slash(channel, "escoba nueva")
    lobby = channel.last_message
    assert lobby.embeds[0].title == "Escoba table"
    labels = [c.label for row in lobby.components for c in row.children]
    assert "Add normal CPU" in labels and "Add easy CPU" in labels
    await set_language(channel, admin, "es")
    await env.advance_time(0.01)
    lobby = next(m for m in channel.history() if m.id == lobby.id)
    assert lobby.embeds[0].title == "Mesa de Escoba"  # the admin's choice, from now on
    added = await ana.click(lobby, label="Añadir CPU normal")
    assert "CPU 1 (normal)" in (added.response.message.embeds[0].description or "")


def test_ratings_start_at_1000_and_stay_positive_after_a_loss() -> None:
    fresh = MODEL.rating()
    assert display_rating(Rating("x", fresh.mu, fresh.sigma)) == 1000
    (won,), (lost,) = MODEL.rate([[fresh], [MODEL.rating()]], ranks=[1, 2])
    shown_lost = display_rating(Rating("x", lost.mu, lost.sigma, 1, 0))
    assert 0 < shown_lost < 1000 < display_rating(Rating("x", won.mu, won.sigma, 1, 1))
    lang = catalog("es")
    line = lang.t("profile-game", rating=shown_lost, mu=round(lost.mu, 1),
                  sigma=round(lost.sigma, 1), matches=1, wins=0)
    assert line.startswith(f"Nivel **{shown_lost}** · 1 partida") and "Detalles: μ" in line
