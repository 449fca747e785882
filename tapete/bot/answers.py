"""Every interaction is acknowledged within Discord's 3 seconds, however slow its work.

A handler that answers quickly does as it always did: its answer is the interaction's one
response, with no extra round trip (a card click stays one request). A handler still working
after :data:`DEFER_AFTER` seconds (a database write waiting on a lock, say) has its interaction
deferred on its behalf, and its answer, when it comes, fills the deferred response instead:
the handler's code does not change, since :class:`PatientResponse` takes the place of
``interaction.response`` for the duration (:func:`patience`).

How an interaction is deferred depends on the answer it will get (:data:`Answer`):

* ``update``: a component whose answer edits its own message (lobby buttons, a hand's cards).
  Deferred as an update (nothing shown); the edit then goes to ``edit_original_response``.
* ``private`` / ``public``: a new message, ephemeral or for the channel. Deferred as "thinking"
  with that visibility; the message then fills the placeholder.

An answer that does not match the deferral still arrives: a new message after an update
deferral is a follow-up; a message of the other visibility than the placeholder's completes
the placeholder, goes as a follow-up, and the placeholder is deleted; an edit after a
"thinking" deferral fills the placeholder. So the kind matters only to a handler that reads
back its message with ``original_response`` (``/nueva``, Revancha: both say ``public``).

While a deferral made here awaits the handler's answer, :meth:`PatientResponse.is_done` says
False: the handler has not answered yet, so code that checks it (the error replies) answers
through the response as usual. A lock orders the deferral and the answer: they never cross.

If the answer cannot be delivered at all (the deferral itself came too late, the token expired
after 15 minutes, Discord refused it), the caller is told by the exception, as before; the
views then bring the table's public message in line through the table layer
(``bot.views.guarded``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any, Literal

import discord

log = logging.getLogger(__name__)

DEFER_AFTER = 2.0  # seconds of work before the interaction is deferred (Discord allows 3)
PLACEHOLDER = "…"  # what a placeholder of the wrong visibility shows until it is deleted

Answer = Literal["update", "private", "public"]

# The keyword arguments each way of answering accepts.
EDIT_KEYS = ("content", "embed", "embeds", "attachments", "view", "allowed_mentions")
SEND_KEYS = ("content", "embed", "embeds", "file", "files", "view", "allowed_mentions", "tts",
             "suppress_embeds", "silent", "ephemeral")


def _only(keys: tuple[str, ...], values: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if k in keys}


class PatientResponse(discord.InteractionResponse[Any]):
    """``interaction.response`` while :func:`patience` watches the interaction."""

    def __init__(self, parent: discord.Interaction[Any], answer: Answer) -> None:
        super().__init__(parent)
        self.answer = answer
        self.held: Answer | None = None  # how the watchdog deferred, until the answer came
        self._gate = asyncio.Lock()
        self._timer: asyncio.TimerHandle | None = None
        self._watching = False

    # -- the watchdog ------------------------------------------------------------------------

    def watch(self, after: float = DEFER_AFTER) -> None:
        self._watching = True
        self._timer = asyncio.get_running_loop().call_later(after, self._due)

    def _due(self) -> None:
        self._timer = None
        task = asyncio.ensure_future(self._defer())
        task.add_done_callback(lambda done: None if done.cancelled() else done.exception())

    async def _defer(self) -> None:
        async with self._gate:
            if not self._watching or self._response_type is not None:
                return  # answered, or the handler is over
            kind = self.answer
            if self._parent.type is not discord.InteractionType.component and kind == "update":
                kind = "private"  # only a component has a message of its own to update
            try:
                if kind == "update":
                    await super().defer()
                else:
                    await super().defer(ephemeral=kind == "private", thinking=True)
            except discord.HTTPException as exc:
                log.warning("Interaction could not be deferred in time (%s)", exc.status)
                return
            self.held = kind
            log.info("Slow interaction deferred (%s)", kind)

    def stop(self) -> None:
        """The handler is over: no deferral from now on."""
        self._watching = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # -- the answers -------------------------------------------------------------------------

    def is_done(self) -> bool:
        """Whether the handler has answered (a deferral made for it is not an answer)."""
        return self.held is None and super().is_done()

    async def defer(self, *args: Any, **kwargs: Any) -> Any:
        async with self._gate:
            if self.held is None:
                return await super().defer(*args, **kwargs)
        return None  # deferred already, on the handler's behalf

    async def send_message(self, *args: Any, **kwargs: Any) -> Any:
        async with self._gate:
            held, self.held = self.held, None
            if held is None:
                return await super().send_message(*args, **kwargs)
        if args:
            kwargs["content"] = args[0]
        await self._send_late(held, kwargs)
        return None

    async def edit_message(self, *args: Any, **kwargs: Any) -> Any:
        async with self._gate:
            held, self.held = self.held, None
            if held is None:
                return await super().edit_message(*args, **kwargs)
        await self._parent.edit_original_response(**_only(EDIT_KEYS, kwargs))
        return None

    async def _send_late(self, held: Answer, values: dict[str, Any]) -> None:
        """A new message after a deferral: in the placeholder when it fits it."""
        parent = self._parent
        ephemeral = bool(values.get("ephemeral"))
        if held == "update":  # no placeholder: a follow-up is a new message
            await parent.followup.send(wait=True, **_only(SEND_KEYS, values))
        elif (held == "private") == ephemeral:
            await parent.edit_original_response(**_only(EDIT_KEYS, values))
        else:  # the placeholder's visibility cannot change: answer beside it, then remove it
            await parent.edit_original_response(content=PLACEHOLDER)
            await parent.followup.send(wait=True, **_only(SEND_KEYS, values))
            with contextlib.suppress(discord.HTTPException):
                await parent.delete_original_response()


@contextlib.asynccontextmanager
async def patience(interaction: discord.Interaction[Any],
                   answer: Answer | None = None) -> AsyncIterator[PatientResponse]:
    """Watch ``interaction`` while the block runs: defer it if nothing answered it within
    :data:`DEFER_AFTER` seconds. ``answer``: what the block will answer with (by default a
    component updates its message and a command answers privately). Nested inside another
    watch of the same interaction (a command's handler inside the command tree's watch),
    it only says what the answer will be."""
    if answer is None:
        component = interaction.type is discord.InteractionType.component
        answer = "update" if component else "private"
    current = interaction.response
    if isinstance(current, PatientResponse):
        current.answer = answer
        yield current
        return
    response = PatientResponse(interaction, answer)
    response._response_type = current._response_type
    # discord.py keeps Interaction.response in this slot (a cached slot property)
    interaction._cs_response = response  # type: ignore[attr-defined]
    response.watch()
    try:
        yield response
    finally:
        response.stop()
