"""The sandbox's HTTP server: the Bot API, file downloads, the JSON client API, the page.

    sandbox = Sandbox()              # 127.0.0.1, a free port
    url = await sandbox.start()      # "http://127.0.0.1:PORT"
    Application.builder().token(sandbox.token)
        .base_url(f"{url}/bot").base_file_url(f"{url}/file/bot")...
    await sandbox.stop()

Only loopback addresses are served, and requests whose Host (or Origin) is not a loopback
name are refused, so a web page elsewhere cannot reach the sandbox through DNS rebinding.
The Bot API takes one token, made afresh at each start (`Sandbox.token`; any other is 401
Unauthorized, as Telegram answers), and refuses any request that carries a browser's
Origin: bots are programs, and the sandbox's own page speaks the client API, so a page on
another local port cannot post as the bot or set a webhook that stops its getUpdates.
A write to the client API (POST or DELETE under /sandbox/) must be JSON
(`Content-Type: application/json`, which a plain HTML form cannot send) and, when the
browser names its Origin, come from the sandbox's own page: a form on another site, a
sandboxed frame or a file (`Origin: null`) cannot reset the sandbox or post as a user.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import io
import json
import logging
import mimetypes
import re
import secrets
import time
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import web
from PIL import Image, ImageOps

from . import markup
from .botapi import MAX_CAPTION, MAX_TEXT, BotApi, BotApiError, Call, Upload
from .loopback import is_loopback_name
from .state import (
    PAGE_GROUP,
    PAGE_USERS,
    CallbackRecord,
    ChatRecord,
    Fault,
    FileRecord,
    InlineRecord,
    MessageRecord,
    SandboxState,
)

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
TOKEN_RE = re.compile(r"^(\d{1,20}):[A-Za-z0-9_-]{1,100}$")
#: the sandbox's bot's id, the first part of its token (the rest is new at each start)
BOT_ID = 4242424242
MAX_REQUEST = 60 * 1024 * 1024
#: a user's document: the most a bot may download with getFile, and Telegram's name limit
MAX_USER_FILE = 20 * 1024 * 1024
MAX_FILE_NAME = 255
#: the longest emoji a sticker names (a family with skin tones runs to a dozen code points)
MAX_EMOJI = 16
#: Telegram's limit on a button's callback_data, in bytes
MAX_CALLBACK_DATA = 64
#: the longer sides of the sizes Telegram keeps of a photo a user sends, and the most
#: pixels the sandbox decodes (a decompression bomb is refused before it is decoded)
PHOTO_SIDES = (90, 320, 800, 1280)
MAX_PHOTO_PIXELS = 50_000_000
#: the parts of a message a forward carries (its buttons, reply and sender stay behind)
FORWARDED = ("text", "entities", "photo", "document", "animation", "caption",
             "caption_entities")
MIME_RE = re.compile(r"^[\w.+-]+/[\w.+-]+$")
CSP = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")


def photo_sizes(data: bytes) -> list[tuple[bytes, int, int]]:
    """A user's picture as Telegram stores a photo: JPEGs at most PHOTO_SIDES[-1] pixels on
    the longer side and the smaller PHOTO_SIDES below the picture's own size, smallest
    first, each as (bytes, width, height). The pixel count is checked before decoding."""
    with Image.open(io.BytesIO(data)) as image:
        if image.width * image.height > MAX_PHOTO_PIXELS:
            raise ValueError("too many pixels")
        picture = ImageOps.exif_transpose(image).convert("RGB")
    longest = max(picture.size)
    sides = [side for side in PHOTO_SIDES if side < longest] + [min(longest, PHOTO_SIDES[-1])]
    sizes = []
    for side in dict.fromkeys(sides):
        scaled = picture.copy()
        scaled.thumbnail((side, side), Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        scaled.save(buffer, format="JPEG", quality=87)
        sizes.append((buffer.getvalue(), scaled.width, scaled.height))
    return sizes


def _host_of(header: str) -> str:
    """The host part of a Host header value ("127.0.0.1:8080", "[::1]:80", "localhost")."""
    header = header.strip()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def _same_origin(origin: str, host: str) -> bool:
    """The browser's Origin is the sandbox's own page (its scheme, Host and port)."""
    return origin.strip().lower().rstrip("/") == f"http://{host.strip().lower()}"


def _json(data, status: int = 200) -> web.Response:
    return web.Response(text=json.dumps(data, ensure_ascii=False), status=status,
                        content_type="application/json")


def _client_error(text: str, status: int = 400) -> web.Response:
    return _json({"ok": False, "error": text}, status)


class ClientError(Exception):
    def __init__(self, text: str, status: int = 400):
        super().__init__(text)
        self.status = status


class Sandbox:
    """A local stand-in for Telegram's Bot API with a JSON client API and a web chat page."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        token: str | None = None,
        bot_username: str = "PuzzleBot",
        bot_name: str = "PuzzleBot",
    ):
        if not is_loopback_name(host):
            raise ValueError(f"the sandbox only listens on loopback addresses, not {host!r}")
        if token is not None and not TOKEN_RE.match(token):
            raise ValueError("a token looks like 123456:letters")
        self.host = "127.0.0.1" if host.lower() == "localhost" else host
        self.port = port
        #: the one token the Bot API takes: the caller's, else a random one of BOT_ID's
        self.token = token or f"{BOT_ID}:{secrets.token_urlsafe(30)}"
        self.state = SandboxState()
        self.api = BotApi(self.state, bot_username, bot_name)
        self.bot = self.api.bot_user(self.token)
        self.url: str | None = None
        self._runner: web.AppRunner | None = None
        self._callback_seq = 0

    # -- life cycle -----------------------------------------------------------------------

    async def start(self) -> str:
        self.state.closing = False
        self._runner = web.AppRunner(self.make_app(), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        sockets = site._server.sockets  # the real port when port=0
        self.port = sockets[0].getsockname()[1]
        host = f"[{self.host}]" if ":" in self.host else self.host
        self.url = f"http://{host}:{self.port}"
        return self.url

    async def stop(self) -> None:
        self.state.closing = True
        self.state.changed()
        await self.api.webhooks.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Sandbox:
        await self.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.stop()

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_REQUEST, middlewares=[self._guard])
        r = app.router
        r.add_route("*", "/bot{token}/{method}", self.bot_api)
        r.add_get("/file/bot{token}/{path:.+}", self.download)
        r.add_get("/", self.index)
        r.add_static("/static", STATIC)
        r.add_get("/sandbox/chats", self.get_chats)
        r.add_post("/sandbox/messages", self.post_message)
        r.add_get("/sandbox/messages", self.get_messages)
        r.add_post("/sandbox/documents", self.post_document)
        r.add_post("/sandbox/photos", self.post_photo)
        r.add_post("/sandbox/stickers", self.post_sticker)
        r.add_post("/sandbox/edits", self.post_edit)
        r.add_post("/sandbox/forwards", self.post_forward)
        r.add_post("/sandbox/callbacks", self.post_callback)
        r.add_get("/sandbox/callbacks/{id}", self.get_callback)
        r.add_post("/sandbox/inline", self.post_inline)
        r.add_get("/sandbox/inline/{update_id}", self.get_inline)
        r.add_post("/sandbox/inline/{update_id}/choose", self.choose_inline)
        r.add_post("/sandbox/faults", self.post_fault)
        r.add_get("/sandbox/faults", self.get_faults)
        r.add_delete("/sandbox/faults", self.delete_faults)
        r.add_get("/sandbox/calls", self.get_calls)
        r.add_post("/sandbox/reset", self.post_reset)
        r.add_get("/sandbox/files/{file_id}", self.get_file)
        return app

    # -- the guard ----------------------------------------------------------------------

    @web.middleware
    async def _guard(self, request: web.Request, handler):
        host = request.headers.get("Host", "")
        if not is_loopback_name(_host_of(host)):
            return web.Response(status=403, text="the sandbox answers loopback names only")
        origin = request.headers.get("Origin")
        if origin is not None and not is_loopback_name(urlsplit(origin).hostname or ""):
            return web.Response(status=403, text="cross-origin requests are refused")
        if origin is not None and request.path.startswith(("/bot", "/file/bot")):
            return web.Response(status=403, text="the Bot API is for bots, not web pages")
        if request.path.startswith("/sandbox/") and request.method in ("POST", "DELETE"):
            if origin is not None and not _same_origin(origin, host):
                return web.Response(status=403, text="cross-origin requests are refused")
            if request.content_type != "application/json":
                return _client_error("send JSON with Content-Type: application/json", 415)
        try:
            response = await handler(request)
        except ClientError as err:
            response = _client_error(str(err), err.status)
        except ConnectionResetError:  # the client went away (a load test's timeout): no bug
            log.debug("%s %s: the client went away", request.method, request.path)
            return web.Response(status=400, text="the client went away")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        return response

    # -- the Bot API ----------------------------------------------------------------------

    def _known(self, token: str) -> bool:
        """`token` is the sandbox's (compared in constant time, as bytes: a path may hold
        any character)."""
        return secrets.compare_digest(token.encode(), self.token.encode())

    async def bot_api(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        method = request.match_info["method"]
        if not self._known(token):
            return self._envelope_error(BotApiError("Unauthorized", 401))
        handler = self.api.methods.get(method.lower())
        if handler is None:
            return self._envelope_error(BotApiError("Not Found", 404))
        try:
            params, uploads = await self._read_params(request)
        except BotApiError as err:
            return self._envelope_error(err)
        call = Call(bot=self.api.bot_user(token), params=params, uploads=uploads)
        self.bot = call.bot
        logged = {**{k: v for k, v in params.items()},
                  **{k: f"<upload {u.filename} {len(u.data)} bytes>" for k, u in uploads.items()}}
        fault = self.state.take_fault(method)
        if fault is not None:
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.error_code:
                self.state.log_call(method, logged, False, f"fault {fault.error_code}")
                return self._envelope_error(self._fault_error(fault))
        try:
            result = await handler(call)
        except BotApiError as err:
            self.state.log_call(method, logged, False, err.description)
            return self._envelope_error(err)
        self.state.log_call(method, logged, True)
        return _json({"ok": True, "result": result})

    @staticmethod
    def _fault_error(fault: Fault) -> BotApiError:
        if fault.error_code == 429:
            retry = fault.retry_after if fault.retry_after is not None else 1
            return BotApiError(fault.description or f"Too Many Requests: retry after {retry}",
                               429, {"retry_after": retry})
        texts = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
                 504: "Gateway Timeout", 400: "Bad Request: simulated fault",
                 403: "Forbidden: bot was blocked by the user"}
        return BotApiError(fault.description or texts.get(fault.error_code, "Simulated fault"),
                           fault.error_code)

    @staticmethod
    def _envelope_error(err: BotApiError) -> web.Response:
        body = {"ok": False, "error_code": err.error_code, "description": err.description}
        if err.parameters:
            body["parameters"] = err.parameters
        return _json(body, err.error_code)

    @staticmethod
    async def _read_params(request: web.Request) -> tuple[dict, dict[str, Upload]]:
        params: dict = dict(request.query)
        uploads: dict[str, Upload] = {}
        if request.method == "POST" and request.can_read_body:
            if request.content_type == "application/json":
                try:
                    body = await request.json()
                except ValueError:
                    raise BotApiError("Bad Request: can't parse JSON body") from None
                if not isinstance(body, dict):
                    raise BotApiError("Bad Request: the JSON body must be an object")
                params.update(body)
            else:
                form = await request.post()
                for name, value in form.items():
                    if isinstance(value, web.FileField):
                        uploads[name] = Upload(value.filename, value.content_type,
                                               value.file.read())
                    else:
                        params[name] = value
        if markup.lone_surrogate(params) is not None:
            raise BotApiError("Bad Request: strings must be encoded in UTF-8")
        return params, uploads

    async def download(self, request: web.Request) -> web.Response:
        if not self._known(request.match_info["token"]):
            return web.Response(status=401, text="Unauthorized")
        record = self.state.files_by_path.get(request.match_info["path"])
        if record is None:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=record.data, content_type=record.mime_type)

    # -- the page ---------------------------------------------------------------------------

    async def index(self, request: web.Request) -> web.Response:
        response = web.FileResponse(STATIC / "index.html")
        response.headers["Content-Security-Policy"] = CSP
        response.headers["Cache-Control"] = "no-store"
        return response

    async def get_file(self, request: web.Request) -> web.StreamResponse:
        record = self.state.files.get(request.match_info["file_id"])
        if record is None:
            return web.Response(status=404, text="Not Found")
        response = web.Response(body=record.data, content_type=record.mime_type)
        inline = record.mime_type in ("image/png", "image/jpeg", "image/gif", "image/webp")
        name = (record.file_name or record.file_path.rsplit("/", 1)[-1]).replace('"', "")
        response.headers["Content-Disposition"] = (
            f'{"inline" if inline else "attachment"}; filename="{name}"'
        )
        response.headers["Content-Security-Policy"] = "default-src 'none'; sandbox"
        return response

    # -- the client API -------------------------------------------------------------------

    @staticmethod
    async def _body(request: web.Request) -> dict:
        try:
            body = await request.json()
        except ValueError:
            raise ClientError("the body must be a JSON object") from None
        if not isinstance(body, dict):
            raise ClientError("the body must be a JSON object")
        if problem := markup.lone_surrogate(body):
            raise ClientError(problem)
        return body

    @staticmethod
    def _language(body: dict) -> str | None:
        """The `language_code` a user's app sends (an IETF tag such as `de` or `es-MX`),
        if the call gives one."""
        code = body.get("language_code")
        if code is not None and not (isinstance(code, str)
                                     and re.fullmatch(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*",
                                                      code)):
            raise ClientError("language_code is a language tag such as de or es-MX")
        return code or None

    @staticmethod
    def _int(source, name: str, default=None, required: bool = True) -> int:
        value = source.get(name, default)
        if value is None or value == "":
            if required and default is None:
                raise ClientError(f"{name} is required")
            return default
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ClientError(f"{name} must be an integer") from None

    @staticmethod
    def _wait(request: web.Request) -> float:
        try:
            return min(max(float(request.query.get("wait", 0)), 0.0), 60.0)
        except ValueError:
            raise ClientError("wait must be a number of seconds") from None

    def _chat_view(self, record) -> dict:
        chat = record.chat
        return {
            **chat,
            "members": [self.state.users[u] for u in record.members if u in self.state.users],
            "last_message_id": record.next_message_id - 1,
        }

    def _commands(self, *scopes: str) -> list[dict]:
        """The command menu of the first of these scopes the bot set, as Telegram picks
        one (the narrower scope first), else the default one."""
        for scope in (*scopes, "default"):
            key = json.dumps([{"type": scope}, ""], sort_keys=True)
            if key in self.state.commands:
                return self.state.commands[key]
        return []

    async def get_chats(self, request: web.Request) -> web.Response:
        state = self.state
        return _json({
            "bot": self.bot,
            "commands": self._commands(),
            # the menus the page shows by chat and person (setMyCommands' scopes)
            "command_scopes": {
                "private": self._commands("all_private_chats"),
                "group": self._commands("all_group_chats"),
                "admin": self._commands("all_chat_administrators", "all_group_chats")},
            "users": list(PAGE_USERS),
            "group_id": PAGE_GROUP["id"],
            "chats": [self._chat_view(c) for c in state.chats.values()],
        })

    def _user_message(self, body: dict) -> tuple[ChatRecord, dict]:
        """The chat and the start of a Message from a user (sender, chat, reply), checked
        as Telegram would; the caller adds the text or the document."""
        user_id = self._int(body, "user_id")
        chat_id = self._int(body, "chat_id", default=user_id)
        chat_type = body.get("chat_type")
        if chat_type not in (None, "private", "group", "supergroup"):
            raise ClientError("chat_type is private, group or supergroup")
        if (chat_type == "private" or chat_id > 0) and chat_id != user_id:
            raise ClientError("a private chat's id is its user's id")
        if chat_type in ("group", "supergroup") and chat_id > 0:
            raise ClientError("group chat ids are negative")
        user = self.state.user(user_id, body.get("first_name"),
                               self._language(body))
        chat = self.state.chat(chat_id, chat_type, body.get("chat_title"))
        self.state.join(chat, user_id)
        message: dict = {"date": int(time.time()), "chat": chat.chat, "from": user}
        if body.get("reply_to_message_id") is not None:
            replied = chat.messages.get(self._int(body, "reply_to_message_id"))
            if replied is None or replied.deleted:
                raise ClientError("reply_to_message_id: no such message in this chat", 404)
            message["reply_to_message"] = {k: v for k, v in replied.message.items()
                                           if k != "reply_to_message"}
        return chat, message

    def _deliver(self, chat: ChatRecord, message: dict,
                 file: FileRecord | None = None) -> dict:
        """Store a user's message, queue its update for the bot; the client API's answer."""
        stored = self.state.add_message(chat, message, file)
        update_id = self.state.add_update("message", stored.message)
        answer = {"message_id": stored.message_id, "update_id": update_id,
                  "chat_id": chat.chat["id"], "revision": stored.revision}
        return {**answer, "file_id": file.file_id} if file is not None else answer

    @staticmethod
    def _text(body: dict) -> str:
        """A user's text as Telegram takes it: not blank, at most 4096 characters."""
        text = body.get("text")
        if not isinstance(text, str) or not text.strip():
            raise ClientError("text must be a non-empty string")
        if markup.utf16_len(text) > MAX_TEXT:
            raise ClientError("text is longer than Telegram's 4096 characters")
        return text

    async def post_message(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        text = self._text(body)
        chat, message = self._user_message(body)
        message["text"] = text
        if entities := markup.user_entities(text):
            message["entities"] = entities
        return _json(self._deliver(chat, message))

    async def post_edit(self, request: web.Request) -> web.Response:
        """A user edits the text of a message of theirs, as Telegram lets them: the
        message changes in place and the bot gets an `edited_message` update."""
        body = await self._body(request)
        text = self._text(body)
        chat = self.state.chats.get(self._int(body, "chat_id"))
        stored = chat.messages.get(self._int(body, "message_id")) if chat else None
        if stored is None or stored.deleted:
            raise ClientError("no such message in this chat", 404)
        message = stored.message
        if message["from"]["id"] != self._int(body, "user_id") or "text" not in message:
            raise ClientError("a user edits only the text of a message of their own")
        edited = {k: v for k, v in message.items() if k != "entities"}
        edited.update(text=text, edit_date=int(time.time()))
        if entities := markup.user_entities(text):
            edited["entities"] = entities
        stored.message = edited
        stored.edited = True
        self.state.touch(stored)
        update_id = self.state.add_update("edited_message", edited)
        return _json({"message_id": stored.message_id, "update_id": update_id,
                      "chat_id": chat.chat["id"], "revision": stored.revision})

    async def post_document(self, request: web.Request) -> web.Response:
        """A user sends a file: stored like the bot's uploads, so the bot can getFile it."""
        body = await self._body(request)
        name = body.get("file_name")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_FILE_NAME:
            raise ClientError(f"file_name must be a non-empty string of at most "
                              f"{MAX_FILE_NAME} characters")
        data = self._file_data(body)
        caption = self._caption(body)
        mime_type = body.get("mime_type") or mimetypes.guess_type(name)[0] \
            or "application/octet-stream"
        if not isinstance(mime_type, str) or not MIME_RE.match(mime_type):
            raise ClientError("mime_type looks like type/subtype, e.g. text/plain")
        chat, message = self._user_message(body)
        suffix = "." + name.rsplit(".", 1)[1][:10] if "." in name else ""
        file = self.state.add_file(data, None, "documents", suffix, mime_type, file_name=name)
        message["document"] = file.document()
        message.update(caption)
        return _json(self._deliver(chat, message, file))

    async def post_photo(self, request: web.Request) -> web.Response:
        """A user sends a picture as a photo: as Telegram does, it is re-encoded as JPEG at
        most 1280 pixels on its longer side, with smaller sizes (90, 320, 800) beside it,
        and delivered as a `photo` message listing the sizes, smallest first."""
        body = await self._body(request)
        data = self._file_data(body)
        caption = self._caption(body)
        try:
            sizes = photo_sizes(data)
        except (OSError, ValueError, Image.DecompressionBombError):
            raise ClientError("data is not a picture (JPEG, PNG, WebP or GIF)") from None
        chat, message = self._user_message(body)
        files = [self.state.add_file(jpeg, None, "photos", ".jpg", "image/jpeg",
                                     width=width, height=height)
                 for jpeg, width, height in sizes]
        message["photo"] = [{"file_id": f.file_id, "file_unique_id": f.file_unique_id,
                             "width": f.width, "height": f.height, "file_size": f.file_size}
                            for f in files]
        message.update(caption)
        return _json(self._deliver(chat, message, files[-1]))

    async def post_sticker(self, request: web.Request) -> web.Response:
        """A user sends a sticker (an emoji's): a message with neither text nor a file the
        bot reads, as a voice note or a location would be."""
        body = await self._body(request)
        emoji = body.get("emoji", "👍")
        if not isinstance(emoji, str) or not 0 < len(emoji) <= MAX_EMOJI:
            raise ClientError(f"emoji is a string of 1 to {MAX_EMOJI} characters")
        chat, message = self._user_message(body)
        token = secrets.token_hex(6)
        message["sticker"] = {"file_id": f"SBXSTK_{token}", "file_unique_id": token,
                              "type": "regular", "width": 512, "height": 512,
                              "is_animated": False, "is_video": False, "emoji": emoji}
        return _json(self._deliver(chat, message))

    async def post_forward(self, request: web.Request) -> web.Response:
        """A user forwards a message they can see (from_chat_id, message_id) to a chat, as
        Telegram does: the same content, sent by the user, with the Bot API's
        `forward_origin` naming who wrote it first (a forward of a forward keeps the first)."""
        body = await self._body(request)
        user_id = self._int(body, "user_id")
        source = self.state.chats.get(self._int(body, "from_chat_id"))
        if source is None or user_id not in (source.chat["id"], *source.members):
            raise ClientError("from_chat_id: no chat of this user's", 404)
        original = source.messages.get(self._int(body, "message_id"))
        if original is None or original.deleted:
            raise ClientError("message_id: no such message in from_chat_id", 404)
        chat, message = self._user_message({k: v for k, v in body.items()
                                            if k != "reply_to_message_id"})
        first = original.message
        message["forward_origin"] = first.get("forward_origin") or {
            "type": "user", "sender_user": first["from"], "date": first["date"]}
        message.update({k: v for k, v in first.items() if k in FORWARDED})
        return _json(self._deliver(chat, message, original.file))

    @staticmethod
    def _caption(body: dict) -> dict:
        """The caption fields of a user's media message (empty when there is none)."""
        caption = body.get("caption") or ""
        if not isinstance(caption, str) or markup.utf16_len(caption) > MAX_CAPTION:
            raise ClientError(f"caption is a string of at most {MAX_CAPTION} characters")
        if not caption.strip():
            return {}
        out = {"caption": caption}
        if entities := markup.user_entities(caption):
            out["caption_entities"] = entities
        return out

    @staticmethod
    def _file_data(body: dict) -> bytes:
        """The file's bytes from base64 `data`, within what a bot may download."""
        encoded = body.get("data")
        if not isinstance(encoded, str):
            raise ClientError("data must be the file's bytes in base64")
        try:
            data = base64.b64decode(encoded, validate=True)
        except binascii.Error:
            raise ClientError("data must be the file's bytes in base64") from None
        if not data:
            raise ClientError("the file is empty; Telegram does not send empty files")
        if len(data) > MAX_USER_FILE:
            raise ClientError(f"the file is {len(data):,} bytes; the sandbox takes user files "
                              f"up to {MAX_USER_FILE:,} (the most a bot may download)", 413)
        return data

    def message_view(self, stored: MessageRecord) -> dict:
        """A message as the client API shows it."""
        m = stored.message
        view: dict = {"message_id": m["message_id"], "chat_id": m["chat"]["id"],
                      "revision": stored.revision}
        if stored.deleted:
            return {**view, "deleted": True}
        sender = m["from"]
        view.update({
            "from": {k: sender[k] for k in ("id", "is_bot", "first_name", "username")
                     if k in sender},
            "date": m["date"],
            "edited": stored.edited,
            "edit_hidden": stored.edit_hidden,
            "deleted": False,
        })
        if "text" in m:
            view.update(sent_as="text", text=m["text"], entities=m.get("entities", []))
        else:
            view["sent_as"] = next(k for k in ("animation", "photo", "document", "sticker")
                                   if k in m)
            view["caption"] = m.get("caption") or m.get("sticker", {}).get("emoji", "")
            view["entities"] = m.get("caption_entities", [])
        if stored.file is not None:
            f = stored.file
            view["file_url"] = f"/sandbox/files/{f.file_id}"
            view.update({k: v for k, v in (("file_name", f.file_name),
                                           ("mime_type", f.mime_type),
                                           ("file_size", f.file_size), ("width", f.width),
                                           ("height", f.height)) if v is not None})
        view["reply_markup"] = m.get("reply_markup")
        if stored.reply_keyboard is not None:
            view["reply_keyboard"] = stored.reply_keyboard
        if "reply_to_message" in m:
            view["reply_to_message_id"] = m["reply_to_message"]["message_id"]
        if "forward_origin" in m:
            view["forward_from"] = m["forward_origin"]["sender_user"]["first_name"]
        if "media_group_id" in m:
            view["media_group_id"] = m["media_group_id"]
        if "via_bot" in m:
            view["via_bot"] = m["via_bot"].get("username")
        if m.get("has_media_spoiler"):
            view["has_spoiler"] = True
        return view

    async def get_messages(self, request: web.Request) -> web.Response:
        q = request.query
        chat_id = self._int(q, "chat_id")
        after = self._int(q, "after", required=False)
        since = self._int(q, "since", required=False)
        wait = self._wait(request)
        state = self.state

        def matching():
            chat = state.chats.get(chat_id)
            if chat is None:
                return []
            found = [
                s for s in chat.messages.values()
                if (after is None or s.message_id > after)
                and (since is None or s.revision > since)
                and (since is not None or not s.deleted)
            ]
            if not found and since is not None and chat.action and chat.action[2] > since:
                return [None]  # a new chat action: wake the waiter, no message
            return found

        found = await state.wait_until(matching, wait)
        chat = state.chats.get(chat_id)
        action = None
        if chat and chat.action and chat.action[1] > time.time():
            action = chat.action[0]
        return _json({
            "chat_id": chat_id,
            "revision": state.revision,
            "action": action,
            "messages": [self.message_view(s) for s in found if s is not None],
        })

    async def post_callback(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        chat_id = self._int(body, "chat_id")
        user_id = self._int(body, "user_id")
        message_id = self._int(body, "message_id")
        data = body.get("data")
        chat = self.state.chats.get(chat_id)
        stored = chat.messages.get(message_id) if chat else None
        if stored is None or stored.deleted:
            raise ClientError("no such message in this chat", 404)
        buttons = [b for row in (stored.message.get("reply_markup") or {})
                   .get("inline_keyboard", []) for b in row]
        if not isinstance(data, str) or not 0 < len(data.encode()) <= MAX_CALLBACK_DATA:
            raise ClientError(f"data is a string of 1 to {MAX_CALLBACK_DATA} bytes")
        # "forged": what a modified client can send, any data under any message
        if not body.get("forged") and not any(b.get("callback_data") == data
                                              for b in buttons):
            raise ClientError("the message has no button with this callback_data")
        user = self.state.user(user_id, body.get("first_name"),
                               self._language(body))
        self._callback_seq += 1
        query_id = f"{self._callback_seq}{secrets.randbelow(10**9):09d}"
        query = {"id": query_id, "from": user, "message": stored.message,
                 "chat_instance": str(abs(chat_id) * 7919 % 10**12), "data": data}
        update_id = self.state.add_update("callback_query", query)
        self.state.callbacks[query_id] = CallbackRecord(query=query, update_id=update_id)
        return _json({"update_id": update_id, "callback_query_id": query_id})

    async def get_callback(self, request: web.Request) -> web.Response:
        record = self.state.callbacks.get(request.match_info["id"])
        if record is None:
            raise ClientError("no such callback query", 404)
        await self.state.wait_until(lambda: record.answer is not None, self._wait(request))
        return _json({"callback_query_id": record.query["id"], "update_id": record.update_id,
                      "answered": record.answer is not None, **(record.answer or {})})

    async def post_inline(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        user = self.state.user(self._int(body, "user_id"), body.get("first_name"),
                               self._language(body))
        query_text = body.get("query", "")
        if not isinstance(query_text, str) or len(query_text) > 256:
            raise ClientError("query is a string of at most 256 characters")
        query_id = f"{len(self.state.inline) + 1}{secrets.randbelow(10**9):09d}"
        query = {"id": query_id, "from": user, "query": query_text,
                 "offset": str(body.get("offset", "")), "chat_type": "sender"}
        update_id = self.state.add_update("inline_query", query)
        record = InlineRecord(query=query, update_id=update_id)
        self.state.inline[update_id] = record
        self.state.inline_by_query_id[query_id] = record
        return _json({"update_id": update_id, "inline_query_id": query_id})

    async def get_inline(self, request: web.Request) -> web.Response:
        record = self.state.inline.get(self._int(request.match_info, "update_id"))
        if record is None:
            raise ClientError("no such inline query", 404)
        await self.state.wait_until(lambda: record.answer is not None, self._wait(request))
        return _json({"update_id": record.update_id, "inline_query_id": record.query["id"],
                      "answered": record.answer is not None,
                      **(record.answer or {"results": []})})

    async def choose_inline(self, request: web.Request) -> web.Response:
        """The user picks one of the bot's inline results: it is sent to a chat via the bot."""
        record = self.state.inline.get(self._int(request.match_info, "update_id"))
        if record is None or record.answer is None:
            raise ClientError("no answered inline query with this update_id", 404)
        body = await self._body(request)
        chat_id = self._int(body, "chat_id")
        result_id = str(body.get("result_id", ""))
        result = next((r for r in record.answer["results"] if str(r["id"]) == result_id), None)
        if result is None:
            raise ClientError("the bot gave no result with this id", 404)
        content = result.get("input_message_content") or {}
        if "message_text" not in content:
            raise ClientError("the sandbox sends results with a text input_message_content only")
        try:
            text, entities = markup.parse(content["message_text"], content.get("parse_mode"))
        except markup.EntityError as err:
            raise ClientError(f"the bot's result has bad markup: {err}") from None
        user = record.query["from"]
        chat = self.state.chat(chat_id)
        if chat.chat["type"] == "private" and chat_id != user["id"]:
            raise ClientError("a private chat's id is its user's id")
        self.state.join(chat, user["id"])
        message: dict = {"date": int(time.time()), "chat": chat.chat, "from": user,
                         "text": text, "via_bot": self.bot}
        entities = markup.with_found_entities(text, entities or content.get("entities") or [])
        if entities:
            message["entities"] = entities
        if result.get("reply_markup"):
            message["reply_markup"] = result["reply_markup"]
        stored = self.state.add_message(chat, message)
        update_id = self.state.add_update("message", stored.message)
        return _json({"message_id": stored.message_id, "update_id": update_id,
                      "chat_id": chat_id, "revision": stored.revision})

    async def post_fault(self, request: web.Request) -> web.Response:
        body = await self._body(request)
        method = str(body.get("method", "")).strip()
        if not method:
            raise ClientError('method is required (a Bot API method name, or "*")')
        if method != "*" and method.lower() not in self.api.methods:
            raise ClientError(f"unknown Bot API method {method!r}")
        fault = Fault(
            method=method.lower(),
            count=self._int(body, "count", default=1),
            error_code=self._int(body, "error_code", default=429),
            retry_after=self._int(body, "retry_after", required=False),
            description=body.get("description"),
            delay=float(body.get("delay", 0) or 0),
        )
        if fault.count < 1 or not (fault.error_code == 0 or 400 <= fault.error_code <= 599):
            raise ClientError("count >= 1; error_code 4xx, 5xx (or 0: only the delay)")
        self.state.faults.append(fault)
        return _json({"ok": True, "faults": [vars(f) for f in self.state.faults]})

    async def get_faults(self, request: web.Request) -> web.Response:
        return _json({"faults": [vars(f) for f in self.state.faults]})

    async def delete_faults(self, request: web.Request) -> web.Response:
        self.state.faults.clear()
        return _json({"ok": True})

    async def get_calls(self, request: web.Request) -> web.Response:
        method = request.query.get("method", "").lower()
        calls = [c for c in self.state.calls if not method or c["method"].lower() == method]
        return _json({"calls": calls})

    async def post_reset(self, request: web.Request) -> web.Response:
        self.state.changed()  # wake current waiters before their state goes
        self.state.reset()
        return _json({"ok": True})
