"""``python -m tapete.bot.art [folder]``: write every card face, emoji and a sample table as PNGs;
``python -m tapete.bot.art --palette``: choose the pictures' palette again (after changing the art)
and write it to ``tapete/bot/art/palette.py``.

The bot never reads these files (it draws the same pictures in memory); they are for looking
at the art: ``faces/`` at the table's size and at 128 px, ``emoji/`` as uploaded (named as on
Discord), and ``emoji-20px.png``, every emoji at button size on Discord's dark and light
backgrounds.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

from tapete.bot.art.cards import ALL_CARDS, back, card_key, emoji, emoji_name, emoji_png, face
from tapete.bot.art.table import sample_palette


def contact_sheet(tiles: list[Image.Image], size: int, background: tuple[int, int, int],
                  columns: int = 26) -> Image.Image:
    rows = (len(tiles) + columns - 1) // columns
    sheet = Image.new("RGBA", (columns * (size + 6) + 6, rows * (size + 6) + 6),
                      (*background, 255))
    for i, tile in enumerate(tiles):
        small = tile.resize((size, size), Image.Resampling.LANCZOS)
        sheet.alpha_composite(small, (6 + (i % columns) * (size + 6),
                                      6 + (i // columns) * (size + 6)))
    return sheet


def write_palette() -> Path:
    """Keep the palette :func:`sample_palette` chooses as data (``tapete/bot/art/palette.py``)."""
    colours = bytes(sample_palette().getpalette() or [])[:768].ljust(768, b"\0")
    hexed = colours.hex()
    lines = [f'    "{hexed[i:i + 88]}"' for i in range(0, len(hexed), 88)]
    target = Path(__file__).with_name("palette.py")
    target.write_text(
        '"""The 256 colours every picture is saved in, chosen from the art by\n'
        "``tapete.bot.art.table.sample_palette`` (``python -m tapete.bot.art --palette``\n"
        "writes this file).\n"
        '"""\n\nPALETTE = bytes.fromhex(\n' + "\n".join(lines) + "\n)\n")
    return target


def main(argv: list[str]) -> int:
    if argv == ["--palette"]:
        print(f"Palette written to {write_palette()}")
        return 0
    folder = Path(argv[0] if argv else "art-preview")
    for sub in ("faces", "emoji"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    cards = [*ALL_CARDS, None]
    for card in cards:
        key = card_key(card)
        for width, height in ((64, 96), (85, 128)):
            picture = face(card, width, height) if card else back(width, height)
            picture.save(folder / "faces" / f"{key}-{height}.png")
        (folder / "emoji" / f"{emoji_name(card)}.png").write_bytes(emoji_png(card))
    tiles = [emoji(c) for c in cards]
    dark, light = contact_sheet(tiles, 20, (49, 51, 56)), contact_sheet(tiles, 20, (255,) * 3)
    both = Image.new("RGBA", (dark.width, dark.height * 2))
    both.paste(dark, (0, 0))
    both.paste(light, (0, dark.height))
    both.save(folder / "emoji-20px.png")
    print(f"{len(cards)} cards written to {folder}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
