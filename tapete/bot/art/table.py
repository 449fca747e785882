"""The picture of a table (the felt seen from above) and of a private hand.

One renderer for every game: a game describes what lies on its table as a :class:`Scene`
(seats around the felt with the cards in front of each one, labelled piles in the middle,
a title and score lines) and :func:`render_table` draws it. The scene is built from the
game's public view only (``state.view(None)``), so no hidden card can reach the picture; the
scene holds cards and words, never a game state.

Seats sit around an ellipse in order of play, seat 0 at the bottom and the next seats
counter-clockwise (the "antihorario" of the Spanish games); each seat's cards lie between its
name and the middle. Tables of many seats (up to 17) get smaller cards. The
picture is 800 × 480 px, a flat felt that compresses well, and PNG-encoded with fast settings
(a table picture is redrawn after every move: speed matters more than the last kilobyte).
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from tapete.bot.art.cards import ALL_CARDS, back, drawable, face, label_font
from tapete.bot.art.palette import PALETTE
from tapete.rules.cards import Card

WIDTH, HEIGHT = 800, 480
FELT = (28, 102, 56)
FELT_DARK = (20, 78, 42)
WOOD = (92, 58, 34)
TEXT = (240, 240, 232)
MUTED = (180, 204, 186)
TURN = (255, 206, 64)
PILL = (14, 52, 28)


HAND_CARD = (84, 126)


@dataclass(frozen=True)
class SeatScene:
    """One seat: its name, the face-up cards in front of it (its card in the trick, its pile's
    top card...), how many cards it holds (drawn as a back with the number), short notes
    (tricks, points), and whether it is to act, deals, or is out of the hand."""

    name: str
    cards: tuple[Card, ...] = ()
    held: int = 0
    notes: tuple[str, ...] = ()
    turn: bool = False
    dealer: bool = False
    out: bool = False


@dataclass(frozen=True)
class Pile:
    """Cards in the middle of the felt under a label: the turned trump, the cards on the
    table, the baceta (``backs`` face-down cards, drawn as one back with the number)."""

    label: str
    cards: tuple[Card, ...] = ()
    backs: int = 0


@dataclass(frozen=True)
class Scene:
    title: str
    seats: tuple[SeatScene, ...]
    middle: tuple[Pile, ...] = ()
    scores: tuple[str, ...] = ()

    def cards(self) -> list[Card]:
        """Every face-up card of the picture (what a privacy test checks)."""
        found = [c for p in self.middle for c in p.cards]
        return found + [c for s in self.seats for c in s.cards]


def card_size(seats: int) -> tuple[int, int]:
    """The cards' size for a table of ``seats``: large up to 4 seats, smaller beyond."""
    height = 96 if seats <= 4 else 80 if seats <= 6 else 64 if seats <= 10 else 52
    return height * 2 // 3, height


@cache
def _felt() -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), WOOD)
    d = ImageDraw.Draw(image)
    d.rounded_rectangle((8, 8, WIDTH - 9, HEIGHT - 9), radius=36, fill=FELT_DARK)
    d.rounded_rectangle((16, 16, WIDTH - 17, HEIGHT - 17), radius=30, fill=FELT)
    d.ellipse((WIDTH * 0.2, HEIGHT * 0.22, WIDTH * 0.8, HEIGHT * 0.78), outline=FELT_DARK,
              width=3)
    return image


def _fan(image: Image.Image, cards: Sequence[Card | None], x: float, y: float,
         size: tuple[int, int], max_width: float) -> float:
    """Cards side by side centred on (x, y), overlapping when they need to (None: a back);
    returns where the first card starts."""
    if not cards:
        return x
    w, h = size
    gap = 4
    step: float = w + gap
    if len(cards) > 1 and step * (len(cards) - 1) + w > max_width:
        step = max(w * 0.28, (max_width - w) / (len(cards) - 1))
    total = step * (len(cards) - 1) + w
    left = x - total / 2
    for i, card in enumerate(cards):
        picture = face(card, w, h) if card is not None else back(w, h)
        image.paste(picture, (round(left + i * step), round(y - h / 2)), picture)
    return left


def _label(d: ImageDraw.ImageDraw, text: str, x: float, y: float, size: int,
           fill: tuple[int, int, int] = TEXT, *, pill: tuple[int, int, int] | None = None,
           outline: tuple[int, int, int] | None = None, max_width: float = 220,
           anchor: str = "mm") -> tuple[float, float, float, float]:
    """``text`` centred on (x, y), cut to fit ``max_width``, on a rounded pill if asked."""
    text = _fit(text, size, round(max_width))
    mask, (ox, oy) = _mask(text, size, anchor)
    left, top = round(x) + ox, round(y) + oy
    right, bottom = left + mask.width, top + mask.height
    if pill is not None or outline is not None:
        pad = size * 0.35
        d.rounded_rectangle((left - pad, top - pad * 0.8, right + pad, bottom + pad * 0.8),
                            radius=size * 0.6, fill=pill, outline=outline,
                            width=2 if outline else 0)
    d.bitmap((left, top), mask, fill=fill)
    return left, top, right, bottom


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """The rendered letters of ``text`` (drawn once: names and labels repeat move after move)
    and where they start relative to the anchor point."""
    f = label_font(size)
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = (round(v) for v in probe.textbbox((0, 0), text, font=f,
                                                                  anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, (left, top)


@lru_cache(maxsize=4096)
def _fit(text: str, size: int, max_width: int) -> str:
    """``text`` in letters the font has, cut with "…" to ``max_width``."""
    f = label_font(size)
    text = drawable(text)
    if f.getlength(text) <= max_width:
        return text
    while len(text) > 1 and f.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def _seat_points(n: int) -> list[tuple[float, float, float, float]]:
    """(name x, name y, cards x, cards y) per seat: names on an ellipse near the rim, each
    seat's cards part of the way towards the middle."""
    cx, cy = WIDTH / 2, HEIGHT / 2 + 6
    rx, ry = WIDTH / 2 - 92, HEIGHT / 2 - 48
    toward = 0.58 if n <= 4 else 0.62 if n <= 8 else 0.66
    points = []
    for i in range(n):
        angle = math.radians(90 - i * 360 / n)
        nx, ny = cx + rx * math.cos(angle), cy + ry * math.sin(angle)
        points.append((nx, ny, cx + (nx - cx) * toward, cy + (ny - cy) * toward))
    return points


def render_table(scene: Scene) -> bytes:
    """The felt with everything ``scene`` shows, as PNG bytes."""
    image = _felt().copy()
    d = ImageDraw.Draw(image)
    n = len(scene.seats)
    size = card_size(n)
    points = _seat_points(n)
    spacing = min(WIDTH, 2 * math.pi * (WIDTH / 2 - 92) / max(n, 1))
    _middle(image, d, scene.middle, size)
    for seat, (nx, ny, kx, ky) in zip(scene.seats, points, strict=True):
        _fan(image, seat.cards, kx, ky, size, max_width=max(size[0], spacing * 0.9))
        _seat(image, d, seat, nx, ny, max_width=max(80.0, spacing * 0.95))
    _label(d, scene.title, 30, 32, 18, MUTED, max_width=WIDTH / 2 - 40, anchor="lm")
    for i, line in enumerate(scene.scores[:4]):
        _label(d, line, WIDTH - 30, 32 + i * 22, 17, max_width=WIDTH / 2 - 40, anchor="rm")
    return _png(image)


def _seat(image: Image.Image, d: ImageDraw.ImageDraw, seat: SeatScene, x: float, y: float,
          max_width: float) -> None:
    name = seat.name
    colour = MUTED if seat.out else TEXT
    left = _label(d, name, x, y, 17, TURN if seat.turn else colour, pill=PILL,
                  outline=TURN if seat.turn else None, max_width=max_width)[0]
    notes = list(seat.notes)
    if seat.dealer:
        notes.insert(0, "D")
    if notes:
        _label(d, " · ".join(notes), x, y + 22, 14, MUTED, max_width=max_width)
    if seat.held:  # a little back and the number of cards held, left of the name
        w, h = 14, 20
        picture = back(w, h)
        corner = (round(left - 10 - w), round(y - h / 2))
        image.paste(picture, corner, picture)
        _label(d, str(seat.held), corner[0] - 3, y, 14, anchor="rm")


def _middle(image: Image.Image, d: ImageDraw.ImageDraw, piles: Sequence[Pile],
            size: tuple[int, int]) -> None:
    """The piles side by side in the middle of the felt, each under its label."""
    if not piles:
        return
    w, h = size
    widths = [max(w, min(len(p.cards) + (1 if p.backs else 0), 8) * (w + 4)) for p in piles]
    room = WIDTH * 0.62
    scale = min(1.0, room / max(sum(widths) + 16 * (len(piles) - 1), 1))
    x = WIDTH / 2 - (sum(widths) * scale + 16 * (len(piles) - 1)) / 2
    y = HEIGHT / 2 + 10
    for pile, natural in zip(piles, widths, strict=True):
        width = natural * scale
        cards: list[Card | None] = list(pile.cards)
        if pile.backs:
            cards.insert(0, None)
        left = _fan(image, cards, x + width / 2, y, size, max_width=width)
        _label(d, pile.label, x + width / 2, y - h / 2 - 14, 14, MUTED, max_width=width + 40)
        if pile.backs:  # the number of face-down cards, on the back
            _label(d, str(pile.backs), left + w / 2, y, 15, TEXT, pill=PILL, max_width=w)
        x += width + 16


def render_hand(cards: Sequence[Card]) -> bytes:
    """A hand as one picture: the cards side by side (in rows of at most 10), on the felt."""
    per_row = 10
    w, h = HAND_CARD
    rows = max(1, math.ceil(len(cards) / per_row))
    columns = max(1, min(len(cards), per_row))
    width, height = columns * (w + 8) + 16, rows * (h + 8) + 16
    image = Image.new("RGB", (width, height), FELT)
    for i, card in enumerate(cards):
        picture = face(card, w, h)
        image.paste(picture, (12 + (i % per_row) * (w + 8), 12 + (i // per_row) * (h + 8)),
                    picture)
    return _png(image)


def _png(image: Image.Image) -> bytes:
    """PNG bytes in the fixed palette: a fraction of the size of full colour, and an order of
    magnitude faster to compress."""
    out = io.BytesIO()
    image.quantize(palette=_palette(), dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=1)
    return out.getvalue()


@cache
def _palette() -> Image.Image:
    """The fixed palette every picture is saved in (``tapete/bot/art/palette.py``: computed once by
    :func:`sample_palette` and kept as data, so the first picture after a start is not held
    up drawing every card to choose its colours)."""
    image = Image.new("P", (1, 1))
    image.putpalette(PALETTE)
    return image


def sample_palette() -> Image.Image:
    """256 colours chosen from everything a picture can hold: the felt, every card of both
    decks, the back and the labels (a card has the same colours at every size).
    ``python -m tapete.bot.art --palette`` writes it to ``tapete/bot/art/palette.py``."""
    sizes = [card_size(2)]
    sample = _felt().copy()
    d = ImageDraw.Draw(sample)
    x, y = 20, 20
    for w, h in sizes:
        for card in (*ALL_CARDS, None):
            picture = face(card, w, h) if card is not None else back(w, h)
            if x + w > WIDTH - 20:
                x, y = 20, y + 30
            sample.paste(picture, (x, min(y, HEIGHT - h)), picture)
            x += w // 3
    for colour, fill in ((TEXT, PILL), (TURN, PILL), (MUTED, FELT)):
        _label(d, "Aa Bb 0123", 60, HEIGHT - 30, 17, colour, pill=fill, outline=TURN)
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE)


def by_seat(plays: Sequence[tuple[int, Card]], seats: int) -> list[tuple[Card, ...]]:
    """A trick's (seat, card) plays as the cards in front of each seat."""
    found: list[list[Card]] = [[] for _ in range(seats)]
    for seat, card in plays:
        if 0 <= seat < seats:
            found[seat].append(card)
    return [tuple(cards) for cards in found]
