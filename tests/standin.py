"""A strict stand-in for Discord's HTTP API and gateway, served on localhost.

The fault tests run the real bot as a separate process (``tests/standin_bot.py`` points
discord.py at this server) and play it as users do: slash commands and clicks arrive as
``INTERACTION_CREATE`` over a real websocket, the bot answers over real HTTP.

Strict where a bot can go wrong:

* message writes (send, edit, delete) are limited to 5 per 5 s per channel, and the limit is
  not announced in headers: the 6th gets a 429 and is noted in :attr:`StandIn.problems`;
* payloads over Discord's limits (content, embeds, components, custom ids, select options)
  get a 400 and are noted;
* an interaction answered twice gets Discord's 40060 error and is noted;
* any route it does not know gets a 501 and is noted.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

TIMESTAMP = "2026-11-22T20:00:00+00:00"
EPHEMERAL = 64
WRITES, WINDOW = 5, 5.0
ALL_PERMISSIONS = str((1 << 50) - 1)


@dataclass
class Message:
    id: int
    channel_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    flags: int = 0
    viewer: int | None = None  # the only user who sees an ephemeral message

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def update(self, body: dict[str, Any]) -> None:
        for key in ("content", "embeds", "components"):
            if key in body and body[key] is not None:
                setattr(self, key, body[key])

    def controls(self) -> list[dict[str, Any]]:
        """Every button and select of the message, in order."""
        return [c for row in self.components for c in row.get("components", [])]

    def text(self) -> str:
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for f in embed.get("fields", []):
                parts += [f.get("name", ""), f.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)


@dataclass
class Interaction:
    id: int
    token: str
    user_id: int
    channel_id: int
    message_id: int | None = None  # the component's message
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    response_type: int | None = None
    original: int | None = None  # the message the response created or updated
    choices: list[dict[str, Any]] = field(default_factory=list)


class StandIn:
    """The server: one guild, one text channel, any number of users."""

    def __init__(self) -> None:
        self._ids = itertools.count(1_100_000_000_000_000_000)
        self.app_id = self.bot_id = next(self._ids)
        self.guild_id, self.channel_id = next(self._ids), next(self._ids)
        self.users: dict[int, str] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[str, Interaction] = {}
        self.commands: dict[str, dict[str, Any]] = {}
        self.emojis: list[dict[str, Any]] = []  # the application's emojis (the card faces)
        self.writes: dict[int, deque[float]] = defaultdict(deque)
        self.problems: list[str] = []
        self.rate_limited = 0
        self.identified = asyncio.Event()
        self._sockets: set[web.WebSocketResponse] = set()
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.url = ""

    # ---------------------------------------------------------------- lifecycle

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._http)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://127.0.0.1:{port}"

    async def stop(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def add_user(self, name: str) -> int:
        user_id = next(self._ids)
        self.users[user_id] = name
        return user_id

    # ---------------------------------------------------------------- payloads

    def _user(self, user_id: int) -> dict[str, Any]:
        name = "Tapete" if user_id == self.bot_id else self.users[user_id]
        return {"id": str(user_id), "username": name, "global_name": name,
                "discriminator": "0", "avatar": None, "bot": user_id == self.bot_id}

    def _member(self, user_id: int) -> dict[str, Any]:
        return {"user": self._user(user_id), "roles": [], "joined_at": TIMESTAMP,
                "deaf": False, "mute": False, "flags": 0, "permissions": ALL_PERMISSIONS}

    def _channel(self) -> dict[str, Any]:
        return {"id": str(self.channel_id), "type": 0, "name": "mesa", "position": 0,
                "guild_id": str(self.guild_id), "permission_overwrites": [], "nsfw": False,
                "parent_id": None, "topic": None, "last_message_id": None,
                "rate_limit_per_user": 0}

    def _guild(self) -> dict[str, Any]:
        everyone = {"id": str(self.guild_id), "name": "@everyone", "permissions": ALL_PERMISSIONS,
                    "position": 0, "color": 0, "hoist": False, "managed": False,
                    "mentionable": False, "flags": 0}
        return {"id": str(self.guild_id), "name": "Peña", "icon": None,
                "owner_id": str(next(iter(self.users), self.bot_id)), "roles": [everyone],
                "emojis": [], "stickers": [], "features": [], "member_count": 1 + len(self.users),
                "members": [self._member(self.bot_id)], "channels": [self._channel()],
                "threads": [], "voice_states": [], "presences": [], "large": False,
                "unavailable": False, "joined_at": TIMESTAMP, "preferred_locale": "es-ES",
                "verification_level": 0, "default_message_notifications": 0,
                "explicit_content_filter": 0, "mfa_level": 0, "nsfw_level": 0,
                "premium_tier": 0, "system_channel_flags": 0}

    def _message(self, message: Message) -> dict[str, Any]:
        return {"id": str(message.id), "channel_id": str(message.channel_id),
                "guild_id": str(self.guild_id), "author": self._user(self.bot_id),
                "content": message.content, "timestamp": TIMESTAMP, "edited_timestamp": None,
                "tts": False, "mention_everyone": False, "mentions": [], "mention_roles": [],
                "attachments": [], "embeds": message.embeds, "pinned": False, "type": 0,
                "flags": message.flags, "components": message.components}

    # ---------------------------------------------------------------- gateway

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._sockets.add(ws)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None})
        try:
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                payload = json.loads(frame.data)
                op = payload.get("op")
                if op == 1:
                    await ws.send_json({"op": 11, "d": None, "s": None, "t": None})
                elif op == 2:
                    # a sharded session gets the servers of its shard only, as from Discord
                    shard = payload["d"].get("shard")
                    ours = shard is None or (self.guild_id >> 22) % shard[1] == shard[0]
                    ready = {
                        "v": 10, "user": self._user(self.bot_id), "session_id": "standin",
                        "resume_gateway_url": self.url.replace("http", "ws") + "/gateway",
                        "guilds": [{"id": str(self.guild_id), "unavailable": True}] if ours
                        else [],
                        "application": {"id": str(self.app_id), "flags": 0},
                    }
                    if shard is not None:
                        ready["shard"] = shard
                    await self._dispatch(ws, "READY", ready)
                    if ours:
                        await self._dispatch(ws, "GUILD_CREATE", self._guild())
                    self.identified.set()
                elif op == 6:  # no resuming here: start a new session
                    await ws.send_json({"op": 9, "d": False, "s": None, "t": None})
        finally:
            self._sockets.discard(ws)
        return ws

    async def _dispatch(self, ws: web.WebSocketResponse, event: str, data: Any) -> None:
        self._seq += 1
        await ws.send_json({"op": 0, "t": event, "s": self._seq, "d": data})

    async def _broadcast(self, event: str, data: Any) -> None:
        for ws in list(self._sockets):
            try:
                await self._dispatch(ws, event, data)
            except ConnectionResetError:
                # the bot died while the event went out (a kill test): it is lost, as a
                # gateway's would be, and whoever waits for an answer times out
                self._sockets.discard(ws)

    def disconnected(self) -> None:
        """Forget the bot's session (it was killed): wait for a new identify."""
        self.identified.clear()

    # ---------------------------------------------------------------- users' side

    async def slash(self, user_id: int, command: str, sub: str, *, timeout: float = 10.0,
                    **options: Any) -> Interaction:
        """Run ``/command sub option:value ...`` as the user, in the channel."""
        registered = self.commands[command]
        data = {"id": registered["id"], "name": command, "type": 1, "options": [{
            "name": sub, "type": 1,
            "options": [{"name": k, "type": _option_type(v), "value": v}
                        for k, v in options.items()],
        }]}
        return await self._interact(user_id, 2, data, None, timeout)

    async def click(self, user_id: int, message: Message, custom_id: str,
                    values: list[str] | None = None, *, timeout: float = 10.0) -> Interaction:
        """Press a button (or choose ``values`` in a select) of a message the user sees."""
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data.update(component_type=3, values=values)
        return await self._interact(user_id, 3, data, message, timeout)

    async def _interact(self, user_id: int, kind: int, data: dict[str, Any],
                        message: Message | None, timeout: float) -> Interaction:
        interaction = Interaction(next(self._ids), f"token{next(self._ids)}", user_id,
                                  self.channel_id, message.id if message else None)
        self.interactions[interaction.token] = interaction
        payload: dict[str, Any] = {
            "id": str(interaction.id), "application_id": str(self.app_id), "type": kind,
            "token": interaction.token, "version": 1, "data": data,
            "guild_id": str(self.guild_id), "channel_id": str(self.channel_id),
            "channel": self._channel(), "member": self._member(user_id),
            "locale": "es-ES", "guild_locale": "es-ES", "app_permissions": ALL_PERMISSIONS,
            "entitlements": [], "authorizing_integration_owners": {}, "context": 0,
            "attachment_size_limit": 26214400,
        }
        if message is not None:
            payload["message"] = self._message(message)
        await self._broadcast("INTERACTION_CREATE", payload)
        await asyncio.wait_for(interaction.answered.wait(), timeout)
        return interaction

    def seen_by(self, user_id: int) -> list[Message]:
        return [m for m in self.messages.values() if not m.ephemeral or m.viewer == user_id]

    def public(self) -> list[Message]:
        return [m for m in self.messages.values() if not m.ephemeral]

    # ---------------------------------------------------------------- HTTP

    async def _http(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["path"]
        body = await _body(request)
        parts = path.strip("/").split("/")
        method = request.method
        try:
            return await self._route(method, parts, body)
        except _Refused as refused:
            self.problems.append(f"{method} {path}: {refused.reason}")
            return _json(refused.body, status=refused.status)

    async def _route(self, method: str, parts: list[str], body: Any) -> web.Response:
        ok = _json
        match (method, parts):
            case ("GET", ["users", "@me"]):
                return ok(self._user(self.bot_id))
            case ("GET", ["oauth2", "applications", "@me"]):
                return ok({"id": str(self.app_id), "name": "Tapete", "description": "",
                           "icon": None, "bot_public": True, "bot_require_code_grant": False,
                           "owner": self._user(next(iter(self.users), self.bot_id)),
                           "verify_key": "0" * 64, "flags": 0, "team": None})
            case ("PUT", ["applications", _, "commands"] | ["applications", _, "guilds", _,
                                                              "commands"]):
                registered = []
                for command in body:
                    command = {**command, "id": str(next(self._ids)),
                               "application_id": str(self.app_id), "version": "1"}
                    self.commands[command["name"]] = command
                    registered.append(command)
                return ok(registered)
            case ("GET", ["applications", _, "emojis"]):
                return ok({"items": self.emojis})
            case ("POST", ["applications", _, "emojis"]):
                emoji = {"id": str(next(self._ids)), "name": body["name"], "roles": [],
                         "require_colons": True, "managed": False, "animated": False,
                         "available": True}
                self.emojis.append(emoji)
                return ok(emoji)
            case ("POST", ["interactions", _, token, "callback"]):
                return ok(self._callback(token, body))
            case ("PATCH", ["webhooks", _, token, "messages", which]):
                message = self._webhook_message(token, which)
                _check_message(body)
                message.update(body)
                return ok(self._message(message))
            case ("GET", ["webhooks", _, token, "messages", which]):
                return ok(self._message(self._webhook_message(token, which)))
            case ("POST", ["webhooks", _, token]):
                _check_message(body)
                interaction = self._interaction(token)
                message = self._new_message(body, interaction.user_id)
                return ok(self._message(message))
            case ("GET", ["channels", channel]):
                self._known_channel(channel)
                return ok(self._channel())
            case ("POST", ["channels", channel, "messages"]):
                self._known_channel(channel)
                self._count_write(int(channel))
                _check_message(body)
                return ok(self._message(self._new_message(body, None)))
            case ("PATCH", ["channels", channel, "messages", message_id]):
                self._known_channel(channel)
                self._count_write(int(channel))
                _check_message(body)
                message = self._stored(message_id)
                message.update(body)
                return ok(self._message(message))
            case ("GET", ["channels", channel, "messages", message_id]):
                self._known_channel(channel)
                return ok(self._message(self._stored(message_id)))
        raise _Refused(501, "route not in the stand-in", {"message": "Not implemented"})

    def _callback(self, token: str, body: dict[str, Any]) -> dict[str, Any]:
        interaction = self._interaction(token)
        if interaction.response_type is not None:
            raise _Refused(400, "interaction answered twice", {
                "code": 40060, "message": "Interaction has already been acknowledged."})
        kind, data = body["type"], body.get("data") or {}
        if kind in (4, 5):
            _check_message(data)
            message = self._new_message(data, interaction.user_id)
            interaction.original = message.id
        elif kind in (6, 7):
            if interaction.message_id is None:
                raise _Refused(400, "update without a message", {"code": 50035})
            message = self._stored(str(interaction.message_id))
            if kind == 7:
                _check_message(data)
                message.update(data)
            interaction.original = message.id
        elif kind == 8:
            interaction.choices = data.get("choices", [])
            message = None
        else:
            raise _Refused(400, f"response type {kind} not in the stand-in", {"code": 50035})
        interaction.response_type = kind
        interaction.answered.set()
        answer: dict[str, Any] = {"interaction": {
            "id": str(interaction.id), "type": 3 if interaction.message_id else 2,
            "response_message_id": str(message.id) if message else None,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }}
        if message is not None:
            answer["resource"] = {"type": kind, "message": self._message(message)}
        return answer

    def _interaction(self, token: str) -> Interaction:
        if token not in self.interactions:
            raise _Refused(404, "unknown interaction", {"code": 10062,
                                                        "message": "Unknown interaction"})
        return self.interactions[token]

    def _webhook_message(self, token: str, which: str) -> Message:
        interaction = self._interaction(token)
        if which == "@original":
            if interaction.original is None:
                raise _Refused(404, "no original response", {"code": 10008})
            return self.messages[interaction.original]
        return self._stored(which)

    def _stored(self, message_id: str) -> Message:
        if int(message_id) not in self.messages:
            raise _Refused(404, "unknown message", {"code": 10008, "message": "Unknown Message"})
        return self.messages[int(message_id)]

    def _known_channel(self, channel: str) -> None:
        if int(channel) != self.channel_id:
            raise _Refused(404, "unknown channel", {"code": 10003})

    def _new_message(self, body: dict[str, Any], viewer: int | None) -> Message:
        flags = int(body.get("flags") or 0)
        message = Message(next(self._ids), self.channel_id, flags=flags,
                          viewer=viewer if flags & EPHEMERAL else None)
        message.update(body)
        self.messages[message.id] = message
        return message

    def _count_write(self, channel: int) -> None:
        now = time.monotonic()
        recent = self.writes[channel]
        while recent and recent[0] <= now - WINDOW:
            recent.popleft()
        if len(recent) >= WRITES:
            self.rate_limited += 1
            raise _Refused(429, "over 5 message writes in 5 s in one channel", {
                "message": "You are being rate limited.",
                "retry_after": round(recent[0] + WINDOW - now, 3), "global": False})
        recent.append(now)


def _json(body: Any, status: int = 200) -> web.Response:
    # discord.py reads a body as JSON only when the content type is exactly this
    return web.Response(body=json.dumps(body).encode(), status=status,
                        headers={"Content-Type": "application/json"})


class _Refused(Exception):
    def __init__(self, status: int, reason: str, body: dict[str, Any]) -> None:
        super().__init__(reason)
        self.status, self.reason, self.body = status, reason, body


async def _body(request: web.Request) -> Any:
    if request.content_type == "application/json":
        return await request.json()
    if request.content_type.startswith("multipart/"):
        reader = await request.multipart()
        async for part in reader:
            if getattr(part, "name", None) == "payload_json":
                return json.loads(await part.text())  # type: ignore[union-attr]
        return {}
    return None


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    return 4 if isinstance(value, int) else 3


def _check_message(body: dict[str, Any]) -> None:
    """Discord's payload limits for a message (content, embeds, components)."""
    problems = []
    if len(body.get("content") or "") > 2000:
        problems.append("content over 2000")
    embeds = body.get("embeds") or []
    total = 0
    for embed in embeds:
        for key, limit in (("title", 256), ("description", 4096)):
            total += len(embed.get(key) or "")
            if len(embed.get(key) or "") > limit:
                problems.append(f"embed {key} over {limit}")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            problems.append("over 25 fields")
        for f in fields:
            total += len(f["name"]) + len(f["value"])
            if len(f["name"]) > 256 or len(f["value"]) > 1024 or not f["value"]:
                problems.append("field over its limits or empty")
    if total > 6000 or len(embeds) > 10:
        problems.append("embeds over 6000 characters")
    rows = body.get("components") or []
    if len(rows) > 5:
        problems.append("over 5 rows")
    for row in rows:
        items = row.get("components", [])
        if len(items) > 5 or (len(items) > 1 and any(c["type"] != 2 for c in items)):
            problems.append("row over its limits")
        for item in items:
            if len(item.get("custom_id", "")) > 100 or len(item.get("label") or "") > 80:
                problems.append("custom_id or label too long")
            options = item.get("options", [])
            if len(options) > 25 or any(len(o["label"]) > 100 or len(o["value"]) > 100
                                        for o in options):
                problems.append("select options over their limits")
    if problems:
        raise _Refused(400, "; ".join(problems), {"code": 50035, "message": "Invalid Form Body"})
