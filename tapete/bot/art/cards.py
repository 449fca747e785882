"""Card faces and the card back, drawn with Pillow from shapes this module defines.

Nothing is loaded from disk: the suits are vector shapes drawn here (a gold coin, a cup, a
sword and a club for the Spanish deck; ♠ ♥ ♦ ♣ for the French one) and the rank is written
with Pillow's own scalable font (``ImageFont.load_default(size=...)``), thickened with a stroke
so it stays legible when small. Every picture is drawn at four times its size and scaled down,
which gives smooth edges without any anti-aliasing support in ``ImageDraw``.

Two layouts, both "big rank + big suit, little else":

* :func:`face` is a card as it lies on the table (portrait, 2:3): the rank in the top-left
  corner and one big suit sign below it.
* :func:`emoji` is a square tile for Discord's emoji slot (shown at about 20 px on buttons):
  the rank over the suit, each filling half of the tile.

The card body is white with a dark rim, so a card reads on Discord's dark theme (white on
grey) and on its light one (the rim on white). Spanish suits keep their traditional colours
(gold oros, red copas, blue espadas, green bastos); French suits are red and black.

The pictures are a pure function of the card and the size (same Pillow, same bytes), so
they are generated when needed, in memory, and never committed: ``python -m tapete.bot.art`` writes
them to a folder to look at.
"""

from __future__ import annotations

import hashlib
import io
import math
import unicodedata
from collections.abc import Callable
from functools import cache
from pathlib import Path

import PIL
from PIL import Image, ImageDraw, ImageFont

from tapete.rules.cards import FRENCH_RANK_TEXT, Card, FrenchSuit, SpanishSuit, Suit

# Bumped whenever the drawing changes on purpose (emoji names carry a hash of the pixels, so
# a change uploads new emojis anyway; the version is for the cache of the table pictures).
ART_VERSION = 1
SCALE = 4  # drawn at SCALE times the final size, then scaled down (smooth edges)

# Every card the project draws: the Spanish 48-card deck (1-12; 8 and 9 included though no
# game deals them yet) and the French 52.
SPANISH_DRAWN = tuple(Card(r, s) for s in SpanishSuit for r in range(1, 13))
FRENCH_DRAWN = tuple(Card(r, s) for s in FrenchSuit for r in range(14, 1, -1))
ALL_CARDS = SPANISH_DRAWN + FRENCH_DRAWN

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

WHITE: RGB = (255, 255, 255)
RIM: RGB = (52, 55, 62)
INK: dict[Suit, RGB] = {  # rank text and the suit's main colour
    SpanishSuit.OROS: (176, 112, 0),
    SpanishSuit.COPAS: (198, 32, 38),
    SpanishSuit.ESPADAS: (28, 84, 170),
    SpanishSuit.BASTOS: (34, 122, 50),
    FrenchSuit.SPADES: (24, 24, 28),
    FrenchSuit.CLUBS: (24, 24, 28),
    FrenchSuit.HEARTS: (210, 30, 40),
    FrenchSuit.DIAMONDS: (210, 30, 40),
}
GOLD: RGB = (240, 180, 20)
DARK_GOLD: RGB = (140, 88, 0)
STEEL: RGB = (120, 150, 200)
WOOD: RGB = (46, 140, 62)
DARK_WOOD: RGB = (22, 78, 32)
BACK: RGB = (150, 28, 40)
BACK_LINE: RGB = (196, 70, 80)


def rank_text(card: Card) -> str:
    """What the corner of the card says: the number, or A K Q J for French figures."""
    if isinstance(card.suit, FrenchSuit):
        return FRENCH_RANK_TEXT.get(card.rank, str(card.rank))
    return str(card.rank)


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in scalable font at ``size`` pixels (shipped inside Pillow)."""
    return ImageFont.load_default(size=size)


# Fonts for the words of a picture (names, titles, scores), best first: one with accents and
# "ñ" where the system has it (DejaVu on Debian/Ubuntu and in the Docker image, Liberation on
# Fedora, Arial on Windows and macOS); else Pillow's built-in font, which has basic Latin only.
# The cards themselves always use the built-in font, so a card's face (and the emoji made from
# it) is the same on every machine.
LABEL_FONTS = ("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf", "arialbd.ttf",
               "Arial Bold.ttf")


@cache
def label_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font for the words of a picture at ``size`` pixels (see ``LABEL_FONTS``)."""
    for name in LABEL_FONTS:
        try:
            return ImageFont.truetype(name, size)
        except OSError:  # not on this system
            continue
    return font(size)


@cache
def _missing_glyph(size: int) -> bytes:
    return bytes(label_font(size).getmask("\uffff"))


_PUNCTUATION = {"—": "-", "–": "-", "’": "'", "‘": "'", "“": '"', "”": '"', "º": "o", "ª": "a"}


@cache
def _drawable(ch: str) -> str:
    """``ch`` as the label font can draw it: itself, else its letter without accents
    ("í" → "i"), else "?" when the font has no such letter at all."""
    if ch.isspace():
        return " "
    missing = _missing_glyph(20)
    if bytes(label_font(20).getmask(ch)) != missing:
        return ch
    ch = _PUNCTUATION.get(ch, ch)
    base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if base and bytes(label_font(20).getmask(base)) != missing:
        return base
    return "?"


def drawable(text: str) -> str:
    """``text`` in letters the label font has (pictures only; the message text keeps every
    letter, so a screen reader and the reader of the text lose nothing)."""
    return "".join(_drawable(ch) for ch in text)


# -- suit shapes: each draws its sign inside a box (x0, y0, x1, y1) -----------------------------


def _coin(d: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, side / 2
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=DARK_GOLD)
    r1 = r * 0.86
    d.ellipse((cx - r1, cy - r1, cx + r1, cy + r1), fill=GOLD)
    r2 = r * 0.56
    d.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), outline=DARK_GOLD, width=max(1, int(r * 0.1)))
    r3 = r * 0.2
    d.ellipse((cx - r3, cy - r3, cx + r3, cy + r3), fill=DARK_GOLD)


def _cup(d: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    bowl_w = min(w, h * 0.95)
    left, right = cx - bowl_w / 2, cx + bowl_w / 2
    rim_y, bowl_bottom = y0 + h * 0.06, y0 + h * 0.62
    # the bowl: the lower half of an ellipse under a straight rim
    d.pieslice((left, rim_y - (bowl_bottom - rim_y), right, bowl_bottom), 0, 180, fill=ink)
    d.rectangle((left, rim_y - h * 0.06, right, rim_y + h * 0.02), fill=ink)
    stem = bowl_w * 0.12
    d.rectangle((cx - stem, bowl_bottom - h * 0.04, cx + stem, y0 + h * 0.86), fill=ink)
    d.polygon([(cx - bowl_w * 0.36, y1), (cx + bowl_w * 0.36, y1),
               (cx + stem, y0 + h * 0.82), (cx - stem, y0 + h * 0.82)], fill=ink)
    # a gold band on the bowl, the way the cups are painted
    band = h * 0.07
    d.chord((left + bowl_w * 0.12, rim_y + band, right - bowl_w * 0.12,
             rim_y + band + (bowl_bottom - rim_y) * 0.5), 0, 180, fill=GOLD)


def _sword(d: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    blade = min(w, h) * 0.17
    guard_y = y0 + h * 0.72
    # blade pointing up, with a light edge so it reads as steel
    d.polygon([(cx, y0), (cx + blade, y0 + h * 0.14), (cx + blade, guard_y),
               (cx - blade, guard_y), (cx - blade, y0 + h * 0.14)], fill=ink)
    d.polygon([(cx, y0 + h * 0.05), (cx + blade * 0.35, y0 + h * 0.16),
               (cx + blade * 0.35, guard_y - h * 0.03), (cx, guard_y - h * 0.03)], fill=STEEL)
    guard = min(w, h * 0.7) / 2
    d.rounded_rectangle((cx - guard, guard_y, cx + guard, guard_y + h * 0.07),
                        radius=h * 0.03, fill=ink)
    d.rectangle((cx - blade * 0.75, guard_y + h * 0.07, cx + blade * 0.75, y0 + h * 0.92),
                fill=ink)
    pommel = blade * 1.15
    d.ellipse((cx - pommel, y1 - pommel * 1.6, cx + pommel, y1), fill=ink)


def _club_stick(d: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    top, bottom = min(w, h) * 0.36, min(w, h) * 0.13
    d.polygon([(cx - top, y0 + h * 0.16), (cx + top, y0 + h * 0.16),
               (cx + bottom, y1 - h * 0.04), (cx - bottom, y1 - h * 0.04)], fill=DARK_WOOD)
    d.ellipse((cx - top, y0, cx + top, y0 + h * 0.32), fill=DARK_WOOD)
    d.ellipse((cx - bottom, y1 - h * 0.08, cx + bottom, y1), fill=DARK_WOOD)
    inner = 0.72
    d.polygon([(cx - top * inner, y0 + h * 0.17), (cx + top * inner, y0 + h * 0.17),
               (cx + bottom * inner, y1 - h * 0.06), (cx - bottom * inner, y1 - h * 0.06)],
              fill=WOOD)
    d.ellipse((cx - top * inner, y0 + h * 0.03, cx + top * inner, y0 + h * 0.29), fill=WOOD)
    # knots left where the branches were cut
    for fy, side in ((0.42, -1), (0.62, 1), (0.28, 1)):
        kx = cx + side * (top - (top - bottom) * fy) * 0.95
        ky, kr = y0 + h * fy, min(w, h) * 0.07
        d.ellipse((kx - kr, ky - kr, kx + kr, ky + kr), fill=DARK_WOOD)


def _heart(d: ImageDraw.ImageDraw, box: Box, ink: RGB, *, flip: bool = False) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    side = min(w, h)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = side * 0.27
    lobe_y = cy - side * 0.18 if not flip else cy + side * 0.18
    tip_y = cy + side * 0.48 if not flip else cy - side * 0.48
    for sx in (-1, 1):
        lx = cx + sx * side * 0.22
        d.ellipse((lx - r, lobe_y - r, lx + r, lobe_y + r), fill=ink)
    # the sides run tangent from the outer edge of each lobe down to the tip
    edge = side * 0.22 + r * math.cos(math.radians(35))
    edge_y = lobe_y + (r * math.sin(math.radians(35)) if not flip
                       else -r * math.sin(math.radians(35)))
    d.polygon([(cx - edge, edge_y), (cx, lobe_y), (cx + edge, edge_y), (cx, tip_y)], fill=ink)


def _diamond(d: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hw, hh = side * 0.38, side * 0.5
    d.polygon([(cx, cy - hh), (cx + hw, cy), (cx, cy + hh), (cx - hw, cy)], fill=ink)


def _stem(d: ImageDraw.ImageDraw, cx: float, top: float, bottom: float, side: float,
          ink: RGB) -> None:
    d.polygon([(cx - side * 0.05, top), (cx + side * 0.05, top), (cx + side * 0.2, bottom),
               (cx - side * 0.2, bottom)], fill=ink)


def _spade(d: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    body = (cx - side / 2, cy - side / 2, cx + side / 2, cy + side * 0.3)
    _heart(d, body, ink, flip=True)
    _stem(d, cx, cy, cy + side * 0.5, side, ink)


def _french_club(d: ImageDraw.ImageDraw, box: Box, ink: RGB) -> None:
    x0, y0, x1, y1 = box
    side = min(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    r = side * 0.22
    for lx, ly in ((cx, cy - side * 0.26), (cx - side * 0.24, cy + side * 0.06),
                   (cx + side * 0.24, cy + side * 0.06)):
        d.ellipse((lx - r, ly - r, lx + r, ly + r), fill=ink)
    d.ellipse((cx - r * 0.6, cy - r * 0.5, cx + r * 0.6, cy + r * 0.7), fill=ink)
    _stem(d, cx, cy, cy + side * 0.5, side, ink)


SHAPES: dict[Suit, Callable[[ImageDraw.ImageDraw, Box, RGB], None]] = {
    SpanishSuit.OROS: _coin,
    SpanishSuit.COPAS: _cup,
    SpanishSuit.ESPADAS: _sword,
    SpanishSuit.BASTOS: _club_stick,
    FrenchSuit.HEARTS: _heart,
    FrenchSuit.DIAMONDS: _diamond,
    FrenchSuit.SPADES: _spade,
    FrenchSuit.CLUBS: _french_club,
}


def draw_suit(d: ImageDraw.ImageDraw, suit: Suit, box: Box) -> None:
    SHAPES[suit](d, box, INK[suit])


# -- whole pictures -----------------------------------------------------------------------------


def _text(d: ImageDraw.ImageDraw, text: str, box: Box, ink: RGB) -> None:
    """``text`` as large as fits in ``box``, centred, thickened by a stroke of its colour."""
    x0, y0, x1, y1 = box
    size = int(y1 - y0)
    while size > 4:
        f = font(size)
        stroke = max(1, size // 14)
        left, top, right, bottom = d.textbbox((0, 0), text, font=f, stroke_width=stroke)
        if right - left <= x1 - x0 and bottom - top <= y1 - y0:
            break
        size = int(size * 0.94)
    x = (x0 + x1) / 2 - (left + right) / 2
    y = (y0 + y1) / 2 - (top + bottom) / 2
    d.text((x, y), text, font=f, fill=ink, stroke_width=stroke, stroke_fill=ink)


def _body(width: int, height: int, radius: float, fill: RGB = WHITE) -> tuple[Image.Image,
                                                                             ImageDraw.ImageDraw]:
    """A transparent canvas SCALE times the size, with the card's rounded body on it."""
    image = Image.new("RGBA", (width * SCALE, height * SCALE), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    rim = max(SCALE, round(min(width, height) * SCALE * 0.035))
    d.rounded_rectangle((0, 0, width * SCALE - 1, height * SCALE - 1), radius=radius * SCALE,
                        fill=RIM)
    d.rounded_rectangle((rim, rim, width * SCALE - 1 - rim, height * SCALE - 1 - rim),
                        radius=max(1, radius * SCALE - rim), fill=fill)
    return image, d


def _finish(image: Image.Image, width: int, height: int) -> Image.Image:
    return image.resize((width, height), Image.Resampling.LANCZOS)


@cache
def face(card: Card, width: int, height: int) -> Image.Image:
    """A card lying face up, ``width`` × ``height`` pixels (RGBA), for the table pictures."""
    image, d = _body(width, height, radius=min(width, height) * 0.1)
    w, h = width * SCALE, height * SCALE
    ink = INK[card.suit]
    _text(d, rank_text(card), (w * 0.08, h * 0.05, w * 0.92, h * 0.40), ink)
    draw_suit(d, card.suit, (w * 0.14, h * 0.44, w * 0.86, h * 0.93))
    return _finish(image, width, height)


@cache
def back(width: int, height: int) -> Image.Image:
    """The back of every card: a red lattice inside a white frame."""
    image, d = _body(width, height, radius=min(width, height) * 0.1)
    w, h = width * SCALE, height * SCALE
    inset = min(w, h) * 0.12
    d.rounded_rectangle((inset, inset, w - inset, h - inset), radius=min(w, h) * 0.05, fill=BACK)
    step = max(SCALE * 3, min(w, h) / 5)
    line = max(1, int(min(w, h) * 0.025))
    span = int(h / step) + int(w / step) + 2
    for k in range(-span, span):
        x = inset + k * step
        d.line((x, inset, x + (h - 2 * inset), h - inset), fill=BACK_LINE, width=line)
        d.line((x, h - inset, x + (h - 2 * inset), inset), fill=BACK_LINE, width=line)
    # repaint the frame over the lattice's loose ends
    frame = max(1, int(inset * 0.9))
    d.rounded_rectangle((inset - frame / 2, inset - frame / 2, w - inset + frame / 2,
                         h - inset + frame / 2), radius=min(w, h) * 0.06, outline=WHITE,
                        width=int(frame * 0.6))
    return _finish(image, width, height)


EMOJI_SIZE = 128  # Discord's recommended emoji size; shown at 22-48 px


@cache
def emoji(card: Card | None) -> Image.Image:
    """A square tile for a card's emoji (None: the back): the rank over the suit."""
    size = EMOJI_SIZE
    if card is None:
        tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        card_back = back(int(size * 0.72), size)
        tile.alpha_composite(card_back, ((size - card_back.width) // 2, 0))
        return tile
    image, d = _body(size, size, radius=size * 0.16)
    s = size * SCALE
    ink = INK[card.suit]
    _text(d, rank_text(card), (s * 0.07, s * 0.05, s * 0.93, s * 0.50), ink)
    draw_suit(d, card.suit, (s * 0.12, s * 0.51, s * 0.88, s * 0.96))
    return _finish(image, size, size)


def card_key(card: Card | None) -> str:
    """A card's short name in emoji names and file names: ``s7o`` (Spanish 7 of oros),
    ``f10h`` (French 10 of hearts; ``10c`` alone would not say which deck), ``back``."""
    if card is None:
        return "back"
    return f"{'s' if isinstance(card.suit, SpanishSuit) else 'f'}{card}"


@cache
def emoji_png(card: Card | None) -> bytes:
    """The PNG file of a card's emoji (what is uploaded to Discord)."""
    out = io.BytesIO()
    emoji(card).save(out, format="PNG", optimize=True)
    return out.getvalue()


@cache
def drawing_signature() -> str:
    """A fingerprint of how faces are drawn: this module's code and Pillow's version. An
    emoji's name carries it, so the bot knows which faces are on Discord without drawing
    them (drawing and compressing all 101 takes seconds of CPU), and a new drawing — any
    change here — gets new names and is uploaded."""
    code = Path(__file__).read_bytes()
    return hashlib.sha256(code + PIL.__version__.encode()).hexdigest()[:8]


@cache
def emoji_name(card: Card | None) -> str:
    """The emoji's name on Discord: ``tp_<card>_<drawing signature>``, 2-32 letters, digits
    and underscores."""
    return f"{EMOJI_PREFIX}{card_key(card)}_{drawing_signature()}"


EMOJI_PREFIX = "tp_"  # every emoji of ours starts so; others of the application are left alone
