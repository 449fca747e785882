"""The project's card art and table pictures (``bot.art``): every card is drawn, the emoji
names are valid and stable, the pictures are PNGs within their size, and a table picture,
made from the public view alone, never shows a card hidden in a hand."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image

from tapete.bot.art import cards as art
from tapete.bot.art.table import HEIGHT, WIDTH, Pile, Scene, SeatScene, render_hand, render_table
from tapete.bot.i18n import catalog
from tapete.cogs import belote as belote_cog
from tapete.cogs import escoba as escoba_cog
from tapete.cogs import nlk as nlk_cog
from tapete.cogs import tomate as tomate_cog
from tapete.cogs import tute as tute_cog
from tapete.rules import belote, escoba, nlk, tomate, tute
from tapete.rules.cards import Card, FrenchSuit, SpanishSuit, french_deck, spanish_deck

NAME = re.compile(r"^[a-zA-Z0-9_]{2,32}$")


def test_every_card_of_both_decks_and_the_back_are_drawn() -> None:
    spanish = {(c.rank, c.suit) for c in art.SPANISH_DRAWN}
    assert spanish == {(r, s) for s in SpanishSuit for r in range(1, 13)}  # 48, with 8 and 9
    assert {c for c in spanish_deck()} <= set(art.SPANISH_DRAWN)
    assert set(art.FRENCH_DRAWN) == set(french_deck()) and len(art.FRENCH_DRAWN) == 52
    for card in [*art.ALL_CARDS, None]:
        image = Image.open(io.BytesIO(art.emoji_png(card)))
        assert image.format == "PNG" and image.size == (128, 128)
        assert len(art.emoji_png(card)) < 256 * 1024  # Discord's limit for an emoji


def test_emoji_names_are_valid_distinct_and_follow_the_drawing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    names = [art.emoji_name(c) for c in [*art.ALL_CARDS, None]]
    assert all(NAME.match(n) and n.startswith(art.EMOJI_PREFIX) for n in names)
    assert len(set(names)) == len(names) == 101
    # Spanish 10c (sota de copas) and French 10c (ten of clubs) are different emojis
    assert art.card_key(Card(10, SpanishSuit.COPAS)) != art.card_key(Card(10, FrenchSuit.CLUBS))
    # drawn again from scratch, a card gives the same pixels: its emoji on Discord still is it
    card = Card(7, SpanishSuit.OROS)
    fresh = art.emoji.__wrapped__(card)  # type: ignore[attr-defined]
    assert fresh.tobytes() == art.emoji(card).tobytes()
    # another drawing (a change of the drawing code or of Pillow) renames every face
    monkeypatch.setattr(art.PIL, "__version__", "0.0.0")
    art.drawing_signature.cache_clear()
    art.emoji_name.cache_clear()
    try:
        assert not {art.emoji_name(c) for c in [*art.ALL_CARDS, None]} & set(names)
    finally:
        monkeypatch.undo()
        art.drawing_signature.cache_clear()
        art.emoji_name.cache_clear()


def test_each_suit_keeps_its_colour_and_faces_differ() -> None:
    # the faces of different cards are different pictures, at table size too
    faces = {art.face(c, 64, 96).tobytes() for c in art.ALL_CARDS}
    assert len(faces) == len(art.ALL_CARDS)
    # a gold coin is mostly gold, a heart red: sample the middle of the suit sign
    coin = art.face(Card(1, SpanishSuit.OROS), 64, 96).getpixel((16, 66))
    heart = art.face(Card(14, FrenchSuit.HEARTS), 64, 96).getpixel((32, 66))
    assert isinstance(coin, tuple) and isinstance(heart, tuple)
    assert coin[0] > 200 and coin[2] < 100  # yellow-ish
    assert heart[0] > 180 and heart[1] < 80  # red


def _fresh_fonts() -> None:
    for cached in (art.label_font, art._missing_glyph, art._drawable):
        cached.cache_clear()


def test_words_in_pictures_keep_their_letters_where_the_font_has_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a font that has them (DejaVu, in this machine and the Docker image), names keep
    their accents; with only Pillow's built-in font they lose the accents and nothing else."""
    try:
        if art.label_font(20) is not art.font(20):
            assert art.drawable("Fernández Peña ¿qué?") == "Fernández Peña ¿qué?"
            assert art.drawable("你 Ana") == "? Ana"
        monkeypatch.setattr(art, "LABEL_FONTS", ())
        _fresh_fonts()
        assert art.drawable("Fernández Peña ¿qué?") == "Fernandez Pena ?que?"
        assert art.drawable("🃏 Ana") == "? Ana"
        assert art.drawable("Tute — mano 1º") == "Tute - mano 1o"
    finally:
        monkeypatch.undo()
        _fresh_fonts()


def scene_of(seats: int) -> Scene:
    deck = french_deck()
    return Scene("Tomate", tuple(
        SeatScene(f"Jugador con nombre largo {i}", (deck[i],), held=3, notes=("1 baza",),
                  turn=i == 0, dealer=i == 1) for i in range(seats)),
        (Pile("Pinta", (deck[40],)), Pile("Baceta", backs=20)), ("Plato 100 · Reserva 0",))


@pytest.mark.parametrize("seats", [2, 4, 9, 17])
def test_table_picture_is_a_png_of_the_felt_within_150_kb(seats: int) -> None:
    png = render_table(scene_of(seats))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    assert len(png) <= 150 * 1024
    assert render_table(scene_of(seats)) == png  # the same scene, the same bytes


def test_hand_picture_shows_every_card() -> None:
    hand = spanish_deck()[:13]
    image = Image.open(io.BytesIO(render_hand(hand)))
    assert image.width > image.height  # one row up to 10 cards, then a second one
    assert image.size == Image.open(io.BytesIO(render_hand(spanish_deck()[:12]))).size


@dataclass
class Seat:
    name: str


class PublicTable:
    """A table as a scene may read it: names and server only. It has no ``state``, so a
    scene that looked at the state instead of the view it is given would fail here."""

    def __init__(self, players: int) -> None:
        self.seats = [Seat(f"P{i}") for i in range(players)]
        self.guild_id = 1

    def name(self, seat: int) -> str:
        return self.seats[seat].name


def turned(view: Any) -> set[Card]:
    """Cards the rules show although a hand holds them: the turned trump card (Tute's dealer
    keeps it in individual and parejas, Belote's taker takes it with 4 players)."""
    return {view.turned}


def trump_card(view: Any) -> set[Card]:
    """NLK's last baceta card fixes the trump: it was drawn face up, so all saw it."""
    return {view.trump_card} if view.trump_card is not None else set()


CASES = [
    (tute.GAME, {"modalidad": "habanero"}, 2, tute_cog.table_scene, turned),
    (tute.GAME, {"modalidad": "parejas"}, 4, tute_cog.table_scene, turned),
    (escoba.GAME, {}, 3, escoba_cog.table_scene, lambda v: set()),
    (belote.GAME, {"parejas": True}, 4, belote_cog.table_scene, turned),
    (belote.GAME, {}, 3, belote_cog.table_scene, turned),
    (nlk.GAME, {}, 5, nlk_cog.table_scene, trump_card),
    (tomate.GAME, {"variante": "mosca"}, 6, tomate_cog.table_scene, lambda v: set()),
]


@pytest.mark.parametrize(("game", "options", "players", "scene_of", "public"), CASES,
                         ids=lambda c: getattr(c, "name", None))
def test_picture_from_the_public_view_never_shows_a_hidden_card(
    game: Any, options: dict[str, Any], players: int, scene_of: Any, public: Any
) -> None:
    rng = random.Random(f"{game.name}{options}")
    state = game.new_game(game.options(**options), players, seed=rng.randrange(2**31))
    lang = catalog("es")
    table = PublicTable(players)
    shown_some = False
    for _ in range(250):
        if state.is_over:
            break
        view = state.view(None)
        scene = scene_of(table, view, lang)
        hidden = {c for seat in range(players) for c in state.view(seat).hand} - public(view)
        assert not hidden & set(scene.cards()), "a hidden card is in the picture"
        shown_some = shown_some or bool(scene.cards())
        state.apply(state.to_act, rng.choice(state.legal_actions()))
    png = render_table(scene_of(table, state.view(None), lang))
    assert Image.open(io.BytesIO(png)).size == (WIDTH, HEIGHT)
    assert shown_some  # the picture did show the table's public cards


def test_the_kept_palette_draws_the_cards_as_the_art_does() -> None:
    """The palette kept as data (tapete/bot/art/palette.py) still fits the art: cards of every
    suit of both decks, saved in it, differ from their drawing by no more than with a palette chosen
    afresh (after changing the art, ``python -m tapete.bot.art --palette`` writes it again)."""
    from tapete.bot.art.table import FELT, _palette, card_size, sample_palette

    width, height = card_size(2)
    hand = (*spanish_deck()[::5], *french_deck()[::7], None)
    sheet = Image.new("RGB", (len(hand) * width, height), FELT)
    for i, card in enumerate(hand):
        picture = art.face(card, width, height) if card else art.back(width, height)
        sheet.paste(picture, (i * width, 0), picture)
    kept, fresh = _error(sheet, _palette()), _error(sheet, sample_palette())
    assert kept <= fresh + 0.5
    assert kept < 3.0  # a few levels of 255 per channel, on average


def _error(image: Image.Image, palette: Image.Image) -> float:
    """Mean absolute difference per channel between ``image`` and it redrawn in ``palette``."""
    again = image.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")
    total = sum(abs(a - b) for a, b in zip(image.tobytes(), again.tobytes(), strict=True))
    return total / (image.width * image.height * 3)
