"""Card faces as Discord application emojis: uploaded once, used on every button and line.

At start-up the bot syncs the faces drawn by :mod:`bot.art.cards` as *application* emojis
(one set for the whole bot, never one per server; Discord allows 2,000). Each emoji's name
holds a fingerprint of the drawing (``tp_s7o_1a2b3c4d``: see
:func:`bot.art.cards.drawing_signature`), so the sync is: list the application's emojis, draw
and upload each face whose name is missing, then delete our emojis of an older drawing; a
start that finds them all draws nothing.
A sync cut short (a restart, an error) leaves the faces already uploaded, and the next start
uploads only the rest. Until the sync has finished, and for good if it fails (one log line
says why), every card is shown as its text label, exactly as without faces.

The sync runs in the background: the table layer does not wait for it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from tapete.bot.art.cards import ALL_CARDS, EMOJI_PREFIX, card_key, emoji_name, emoji_png
from tapete.bot.drawing import drawn
from tapete.rules.cards import Card

if TYPE_CHECKING:
    import discord

log = logging.getLogger(__name__)


def wanted_emojis() -> dict[str, tuple[str, Card | None]]:
    """Every face there should be, by emoji name: (the card's key, the card; None: the back).
    Naming them draws nothing; only a face missing on Discord is drawn, to upload it."""
    return {emoji_name(card): (card_key(card), card) for card in (*ALL_CARDS, None)}


class CardFaces:
    """The faces known to be on Discord, by card; empty (labels only) until synced."""

    def __init__(self) -> None:
        self._by_key: dict[str, tuple[str, int]] = {}
        self.ready = False
        # a card's text (face and label), made once per card: a hand redrawn after every
        # move writes each of its cards (emptied when the faces change)
        self._texts: dict[Card, str] = {}

    def ident(self, card: Card | None) -> tuple[str, int] | None:
        """The (name, id) of a card's emoji (None: the back), or None while there is none."""
        if not self.ready:
            return None
        return self._by_key.get(card_key(card))

    def markup(self, card: Card) -> str:
        """The card's emoji as message text (``<:name:id>``), or "" without faces."""
        found = self.ident(card)
        return f"<:{found[0]}:{found[1]}>" if found else ""

    def text(self, card: Card) -> str:
        """A card in public text: its face, then its label (which screen readers read)."""
        found = self._texts.get(card)
        if found is None:
            found = self._texts[card] = f"{self.markup(card)}{card.label}"
        return found

    def cards(self, cards: Any) -> str:
        """Several cards in text, or "—" for none."""
        return " ".join(self.text(c) for c in cards) or "—"

    async def sync(self, client: discord.Client) -> bool:
        """Make the application's emojis hold every face; True once they all do. On any
        failure the faces stay off (labels only) and one line says why."""
        try:
            wanted = wanted_emojis()
            existing = {e.name: e for e in await client.fetch_application_emojis()}
            found: dict[str, tuple[str, int]] = {}
            uploaded = 0
            for name, (key, card) in wanted.items():
                emoji = existing.get(name)
                if emoji is None:
                    png = await drawn(emoji_png, card)
                    emoji = await client.create_application_emoji(name=name, image=png)
                    uploaded += 1
                found[key] = (emoji.name, emoji.id)
            for name, emoji in existing.items():
                if name.startswith(EMOJI_PREFIX) and name not in wanted:
                    await emoji.delete()  # a face of an older drawing
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            log.warning("Card faces unavailable, cards are shown as text: %s", reason)
            return False
        self._by_key, self.ready, self._texts = found, True, {}
        log.info("Card faces ready: %d emojis (%d uploaded now)", len(found), uploaded)
        return True


NO_FACES = CardFaces()  # tables made outside a bot (tests, benchmarks): labels only
