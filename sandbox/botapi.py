"""The Bot API methods the sandbox answers, with Telegram's names, checks and error texts.

Each method is `async def name(self, call: Call) -> result`; the result is wrapped in the
Bot API envelope by the server. A `BotApiError` becomes `{"ok": false, ...}`.
"""

from __future__ import annotations

import io
import json
import mimetypes
import time
from dataclasses import dataclass, field

from PIL import Image

from . import markup, webhook
from .state import ChatRecord, FileRecord, MessageRecord, SandboxState

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_FILE_BYTES = 50 * 1024 * 1024
MAX_CALLBACK_DATA = 64
MAX_INLINE_RESULTS = 50


class BotApiError(Exception):
    def __init__(self, description: str, error_code: int = 400, parameters: dict | None = None):
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.parameters = parameters


def bad_request(text: str) -> BotApiError:
    return BotApiError(f"Bad Request: {text}")


@dataclass
class Upload:
    filename: str | None
    content_type: str | None
    data: bytes


@dataclass
class Call:
    """One Bot API request: the token's bot and its parameters (all forms, decoded)."""

    bot: dict
    params: dict
    uploads: dict[str, Upload] = field(default_factory=dict)

    def raw(self, name: str):
        return self.params.get(name)

    def has(self, name: str) -> bool:
        return self.params.get(name) not in (None, "")

    def str(self, name: str, required: bool = False, default: str | None = None) -> str | None:
        value = self.params.get(name)
        if value is None:
            if required:
                raise bad_request(f"parameter {name!r} is required")
            return default
        return value if isinstance(value, str) else json.dumps(value)

    def int(self, name: str, required: bool = False, default: int | None = None) -> int | None:
        value = self.params.get(name)
        if value in (None, ""):
            if required:
                raise bad_request(f"parameter {name!r} is required")
            return default
        try:
            return int(value)
        except (TypeError, ValueError):
            raise bad_request(f"invalid integer in parameter {name!r}") from None

    def bool(self, name: str, default: bool = False) -> bool:
        value = self.params.get(name)
        if value is None:
            return default
        if isinstance(value, str):
            return value.strip().lower() in ("true", "1", "yes")
        return bool(value)

    def json(self, name: str, default=None):
        value = self.params.get(name)
        if value in (None, ""):
            return default
        if isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                raise bad_request(f"can't parse {name} JSON object") from None
        return value

    def chat_id(self, name: str = "chat_id") -> int:
        value = self.params.get(name)
        if value in (None, ""):
            raise bad_request("chat_id is empty")
        try:
            return int(value)
        except (TypeError, ValueError):
            raise bad_request("chat not found") from None


def _now() -> int:
    return int(time.time())


def _strip_none(d: dict) -> dict:
    return {k: v for k, v in d.items() if v is not None}


class BotApi:
    def __init__(self, state: SandboxState, bot_username: str, bot_name: str):
        self.state = state
        self.bot_username = bot_username
        self.bot_name = bot_name
        self.webhooks = webhook.WebhookDelivery(state)
        self.methods = {
            name.lower(): getattr(self, name)
            for name in dir(self)
            if not name.startswith("_") and name[0].islower() and name not in ("bot_user",)
            and callable(getattr(self, name))
            and getattr(getattr(self, name), "__bot_api__", False)
        }

    def bot_user(self, token: str) -> dict:
        return {
            "id": int(token.split(":", 1)[0]),
            "is_bot": True,
            "first_name": self.bot_name,
            "username": self.bot_username,
        }

    # -- helpers ------------------------------------------------------------------------

    def _chat(self, call: Call, name: str = "chat_id") -> ChatRecord:
        chat_id = call.chat_id(name)
        record = self.state.chats.get(chat_id)
        if record is None:
            raise bad_request("chat not found")
        return record

    def _message(self, call: Call, what: str = "message to edit") -> MessageRecord:
        chat = self._chat(call)
        message_id = call.int("message_id", required=True)
        stored = chat.messages.get(message_id)
        if stored is None or stored.deleted:
            raise bad_request(f"{what} not found")
        return stored

    def _text(self, call: Call, name: str, limit: int, required: bool) -> tuple[str | None, list]:
        text = call.str(name)
        if text is None or text == "":
            if required:
                raise bad_request("message text is empty")
            return None, []
        entities_name = "entities" if name == "text" else "caption_entities"
        if call.has(entities_name):
            entities = call.json(entities_name, [])
            plain = text
        else:
            try:
                plain, entities = markup.parse(text, call.str("parse_mode"))
            except markup.EntityError as err:
                raise bad_request(f"can't parse entities: {err}") from None
            entities = markup.with_found_entities(plain, entities)
        if required and not plain.strip():
            raise bad_request("message text is empty")
        if markup.utf16_len(plain) > limit:
            raise bad_request("message is too long" if name == "text" else
                              "message caption is too long")
        return plain, entities

    def _reply_markup(self, call: Call) -> tuple[dict | None, list | None]:
        """The inline keyboard (kept in the Message) and reply keyboard rows (page only)."""
        markup_ = call.json("reply_markup")
        if not markup_:
            return None, None
        if not isinstance(markup_, dict):
            raise bad_request("can't parse reply keyboard markup JSON object")
        if "inline_keyboard" in markup_:
            rows = markup_["inline_keyboard"]
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise bad_request("can't parse inline keyboard button: field "
                                  "\"inline_keyboard\" must be an Array of Arrays")
            for row in rows:
                for button in row:
                    if not isinstance(button, dict) or not button.get("text"):
                        raise bad_request("can't parse inline keyboard button: Text buttons "
                                          "are unallowed in the inline keyboard")
                    data = button.get("callback_data")
                    if data is not None and not (
                        0 < len(str(data).encode()) <= MAX_CALLBACK_DATA
                    ):
                        raise bad_request("BUTTON_DATA_INVALID")
                    actions = set(button) - {"text", "style", "icon_custom_emoji_id"}
                    if len(actions) != 1:
                        raise bad_request("can't parse inline keyboard button: exactly one of "
                                          "the optional fields must be used")
            return {"inline_keyboard": rows}, None
        if "keyboard" in markup_:
            rows = [[b if isinstance(b, str) else b.get("text", "") for b in row]
                    for row in markup_["keyboard"]]
            return None, rows
        return None, []  # ReplyKeyboardRemove / ForceReply: no keyboard

    def _reply_to(self, call: Call, chat: ChatRecord) -> dict | None:
        params = call.json("reply_parameters") or {}
        message_id = params.get("message_id") or call.int("reply_to_message_id")
        if not message_id:
            return None
        stored = chat.messages.get(int(message_id))
        if stored is None or stored.deleted:
            if params.get("allow_sending_without_reply") or call.bool(
                "allow_sending_without_reply"
            ):
                return None
            raise bad_request("message to be replied not found")
        replied = dict(stored.message)
        replied.pop("reply_to_message", None)
        return replied

    def _send(self, call: Call, content: dict, file: FileRecord | None = None) -> dict:
        chat = self._chat(call)
        reply_to = self._reply_to(call, chat)
        inline_kb, reply_kb = self._reply_markup(call)
        message = {"date": _now(), "chat": chat.chat, "from": call.bot, **content}
        if reply_to:
            message["reply_to_message"] = reply_to
        if inline_kb:
            message["reply_markup"] = inline_kb
        if chat.chat["type"] != "private" and call.bot["id"] not in chat.members:
            self.state.join(chat, call.bot["id"])
        stored = self.state.add_message(chat, message, file)
        stored.reply_keyboard = reply_kb
        return stored.message

    def _input_file(self, call: Call, name: str, value=None) -> Upload | FileRecord:
        value = call.raw(name) if value is None else value
        if isinstance(value, str) and value.startswith("attach://"):
            upload = call.uploads.get(value.removeprefix("attach://"))
            if upload is None:
                raise bad_request(f"file {value} not found in the request")
            return upload
        if name in call.uploads and value is None:
            return call.uploads[name]
        if isinstance(value, str) and value:
            record = self.state.bot_file(value, call.bot["id"])
            if record is None:
                raise bad_request("wrong file identifier/HTTP URL specified")
            return record
        raise bad_request(f"there is no {name} in the request")

    def _photo_file(self, source: Upload | FileRecord, bot_id: int) -> FileRecord:
        if isinstance(source, FileRecord):
            if source.width is None or not source.file_path.startswith("photos/"):
                file_type = "Animation" if source.duration is not None else "Document"
                raise bad_request(f"can't use file of type {file_type} as Photo")
            return source
        if len(source.data) > MAX_PHOTO_BYTES:
            raise BotApiError("Request Entity Too Large", 413)
        try:
            with Image.open(io.BytesIO(source.data)) as image:
                width, height = image.size
                fmt = (image.format or "png").lower()
        except Exception:
            raise bad_request("IMAGE_PROCESS_FAILED") from None
        if width + height > 10000 or max(width, height) > 20 * min(width, height):
            raise bad_request("PHOTO_INVALID_DIMENSIONS")
        suffix = {"jpeg": ".jpg"}.get(fmt, f".{fmt}")
        return self.state.add_file(source.data, bot_id, "photos", suffix,
                                   Image.MIME.get(fmt.upper(), "image/png"),
                                   width=width, height=height)

    def _document_file(self, source: Upload | FileRecord, bot_id: int,
                       folder: str = "documents"):
        if isinstance(source, FileRecord):
            return source
        if len(source.data) > MAX_FILE_BYTES:
            raise BotApiError("Request Entity Too Large", 413)
        name = source.filename or "file"
        mime = (source.content_type if source.content_type not in (None, "",
                "application/octet-stream") else None) or mimetypes.guess_type(name)[0] \
            or "application/octet-stream"
        suffix = "." + name.rsplit(".", 1)[1] if "." in name else ""
        extra: dict = {}
        if folder == "animations":
            try:
                with Image.open(io.BytesIO(source.data)) as image:
                    extra["width"], extra["height"] = image.size
                    total = 0
                    for frame in range(getattr(image, "n_frames", 1)):
                        image.seek(frame)
                        total += image.info.get("duration", 0)
                    extra["duration"] = round(total / 1000)
            except Exception:
                extra.update(width=0, height=0, duration=0)
        return self.state.add_file(source.data, bot_id, folder, suffix, mime, file_name=name,
                                   **extra)

    @staticmethod
    def _photo_sizes(record: FileRecord) -> list[dict]:
        return [
            {
                "file_id": record.file_id,
                "file_unique_id": record.file_unique_id,
                "width": record.width,
                "height": record.height,
                "file_size": record.file_size,
            }
        ]

    @staticmethod
    def _animation(record: FileRecord) -> dict:
        return {**record.document(), "width": record.width or 0,
                "height": record.height or 0, "duration": record.duration or 0}

    def _caption(self, call: Call) -> dict:
        caption, entities = self._text(call, "caption", MAX_CAPTION, required=False)
        out: dict = {}
        if caption:
            out["caption"] = caption
            if entities:
                out["caption_entities"] = entities
        return out

    @staticmethod
    def _spoiler(call: Call) -> dict:
        """`has_media_spoiler` on a photo or animation sent with `has_spoiler`."""
        return {"has_media_spoiler": True} if call.bool("has_spoiler") else {}

    def _media_content(self, call: Call, sent_as: str, source) -> tuple[dict, FileRecord]:
        bot_id = call.bot["id"]
        if sent_as == "photo":
            record = self._photo_file(source, bot_id)
            return {"photo": self._photo_sizes(record)}, record
        if sent_as == "animation":
            record = self._document_file(source, bot_id, "animations")
            return {"animation": self._animation(record),
                    "document": record.document()}, record
        if sent_as == "document":
            record = self._document_file(source, bot_id)
            return {"document": record.document()}, record
        raise bad_request(f"media type {sent_as!r} is not supported by the sandbox")

    # -- methods: the bot itself -------------------------------------------------------

    def _method(fn):  # noqa: N805 - decorator inside the class body
        fn.__bot_api__ = True
        return fn

    @_method
    async def getMe(self, call: Call):  # noqa: N802 - Bot API names
        return {
            **call.bot,
            "can_join_groups": True,
            "can_read_all_group_messages": True,
            "supports_inline_queries": True,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    @_method
    async def logOut(self, call: Call):  # noqa: N802
        return True

    @_method
    async def close(self, call: Call):
        return True

    @_method
    async def deleteWebhook(self, call: Call):  # noqa: N802
        if call.bool("drop_pending_updates"):
            self.state.updates.clear()
        self.webhooks.delete()
        return True

    @_method
    async def setWebhook(self, call: Call):  # noqa: N802
        url = call.str("url", default="")
        if not url:
            return await self.deleteWebhook(call)
        if problem := webhook.url_problem(url):
            raise bad_request(problem)
        secret = call.str("secret_token")
        if secret is not None and not webhook.SECRET_RE.match(secret):
            raise bad_request("secret token contains unallowed characters")
        connections = call.int("max_connections", default=40)
        if not 1 <= connections <= 100:
            raise bad_request("max_connections must be between 1 and 100")
        allowed = call.json("allowed_updates")
        if allowed is not None:
            self.state.allowed_updates = list(allowed) or None
        if call.bool("drop_pending_updates"):
            self.state.updates.clear()
        self.webhooks.set(webhook.Webhook(url, secret, connections, self.state.allowed_updates))
        return True

    @_method
    async def getWebhookInfo(self, call: Call):  # noqa: N802
        pending = len(self.state.updates)
        if self.webhooks.webhook is None:
            return {"url": "", "has_custom_certificate": False, "pending_update_count": pending}
        return self.webhooks.webhook.info(pending)

    @staticmethod
    def _commands_key(call: Call) -> str:
        scope = call.json("scope") or {"type": "default"}
        return json.dumps([scope, call.str("language_code") or ""], sort_keys=True)

    @_method
    async def setMyCommands(self, call: Call):  # noqa: N802
        commands = call.json("commands")
        if not isinstance(commands, list) or len(commands) > 100:
            raise bad_request("parameter commands must be an array of at most 100 commands")
        for command in commands:
            name = str(command.get("command", ""))
            if not (1 <= len(name) <= 32) or not all(c.islower() or c.isdigit() or c == "_"
                                                      for c in name):
                raise bad_request("BOT_COMMAND_INVALID")
            if not (1 <= len(str(command.get("description", ""))) <= 256):
                raise bad_request("BOT_COMMAND_DESCRIPTION_INVALID")
        self.state.commands[self._commands_key(call)] = [
            {"command": c["command"], "description": c["description"]} for c in commands
        ]
        self.state.changed()
        return True

    @_method
    async def getMyCommands(self, call: Call):  # noqa: N802
        return self.state.commands.get(self._commands_key(call), [])

    @_method
    async def deleteMyCommands(self, call: Call):  # noqa: N802
        self.state.commands.pop(self._commands_key(call), None)
        return True

    @_method
    async def setMyDescription(self, call: Call):  # noqa: N802
        return True

    @_method
    async def setMyShortDescription(self, call: Call):  # noqa: N802
        return True

    @_method
    async def setChatMenuButton(self, call: Call):  # noqa: N802
        return True

    # -- methods: updates ---------------------------------------------------------------

    @_method
    async def getUpdates(self, call: Call):  # noqa: N802
        if self.webhooks.webhook is not None:
            raise BotApiError("Conflict: can't use getUpdates method while webhook is active; "
                              "use deleteWebhook to delete the webhook first", 409)
        state = self.state
        offset = call.int("offset")
        if offset is not None and offset != 0:
            state.confirm(offset)
        limit = min(max(call.int("limit", default=100), 1), 100)
        allowed = call.json("allowed_updates")
        if allowed is not None:
            state.allowed_updates = list(allowed) or None
        timeout = min(max(call.int("timeout", default=0), 0), 50)
        return await state.wait_until(lambda: state.pending(limit), timeout) or []

    # -- methods: sending -----------------------------------------------------------------

    @_method
    async def sendMessage(self, call: Call):  # noqa: N802
        text, entities = self._text(call, "text", MAX_TEXT, required=True)
        content: dict = {"text": text}
        if entities:
            content["entities"] = entities
        return self._send(call, content)

    @_method
    async def sendPhoto(self, call: Call):  # noqa: N802
        self._chat(call)
        content, record = self._media_content(call, "photo", self._input_file(call, "photo"))
        return self._send(call, {**content, **self._caption(call),
                                   **self._spoiler(call)}, record)

    @_method
    async def sendDocument(self, call: Call):  # noqa: N802
        self._chat(call)
        content, record = self._media_content(call, "document",
                                              self._input_file(call, "document"))
        return self._send(call, {**content, **self._caption(call)}, record)

    @_method
    async def sendAnimation(self, call: Call):  # noqa: N802
        self._chat(call)
        content, record = self._media_content(call, "animation",
                                              self._input_file(call, "animation"))
        return self._send(call, {**content, **self._caption(call),
                                   **self._spoiler(call)}, record)

    @_method
    async def sendMediaGroup(self, call: Call):  # noqa: N802
        self._chat(call)
        media = call.json("media")
        if not isinstance(media, list) or not 2 <= len(media) <= 10:
            raise bad_request("media group must contain 2-10 items")
        group_id = str(self.state.revision + 1)
        prepared = []
        for item in media:
            content, record = self._media_content(
                call, item.get("type", ""), self._input_file(call, "media", item.get("media"))
            )
            caption = Call(call.bot, {"caption": item.get("caption"),
                                      "parse_mode": item.get("parse_mode")})
            prepared.append(({**content, **self._caption(caption),
                              "media_group_id": group_id}, record))
        return [self._send(call, content, record) for content, record in prepared]

    @_method
    async def sendChatAction(self, call: Call):  # noqa: N802
        chat = self._chat(call)
        action = call.str("action", required=True)
        chat.action = (action, time.time() + 5, self.state.bump())
        self.state.changed()
        return True

    # -- methods: editing -----------------------------------------------------------------

    def _edited(self, stored: MessageRecord, call: Call, changes: dict, drop=()) -> dict:
        """Apply an edit: drop keys, add changes, new reply markup; Telegram's checks."""
        inline_kb, reply_kb = self._reply_markup(call)
        if reply_kb is not None:
            raise bad_request("inline keyboard expected")
        message = stored.message
        if message["from"]["id"] != call.bot["id"]:
            raise bad_request("message can't be edited")
        new = {k: v for k, v in message.items()
               if k not in drop and k not in ("reply_markup", "edit_date")}
        new.update(changes)
        if inline_kb:
            new["reply_markup"] = inline_kb
        old = {k: v for k, v in message.items() if k != "edit_date"}
        if new == old:
            raise bad_request(
                "message is not modified: specified new message content and reply markup "
                "are exactly the same as a current content and reply markup of the message"
            )
        new["edit_date"] = _now()
        # Telegram's edit_hide: clients show no "edited" for new buttons on unedited content
        same_content = ({k: v for k, v in new.items() if k not in ("reply_markup", "edit_date")}
                        == {k: v for k, v in old.items() if k != "reply_markup"})
        stored.edit_hidden = same_content and (stored.edit_hidden or not stored.edited)
        stored.message = new
        stored.edited = True
        self.state.touch(stored)
        return new

    @_method
    async def editMessageText(self, call: Call):  # noqa: N802
        if call.has("inline_message_id"):
            return True
        stored = self._message(call)
        if "text" not in stored.message:
            raise bad_request("there is no text in the message to edit")
        text, entities = self._text(call, "text", MAX_TEXT, required=True)
        changes = {"text": text, **({"entities": entities} if entities else {})}
        return self._edited(stored, call, changes, drop=("text", "entities"))

    @_method
    async def editMessageCaption(self, call: Call):  # noqa: N802
        if call.has("inline_message_id"):
            return True
        stored = self._message(call)
        if "text" in stored.message:
            raise bad_request("there is no caption in the message to edit")
        return self._edited(stored, call, self._caption(call),
                            drop=("caption", "caption_entities"))

    @_method
    async def editMessageReplyMarkup(self, call: Call):  # noqa: N802
        if call.has("inline_message_id"):
            return True
        return self._edited(self._message(call), call, {})

    @_method
    async def editMessageMedia(self, call: Call):  # noqa: N802
        if call.has("inline_message_id"):
            return True
        stored = self._message(call)
        media = call.json("media")
        if not isinstance(media, dict):
            raise bad_request("can't parse InputMedia JSON object")
        content, record = self._media_content(
            call, media.get("type", ""), self._input_file(call, "media", media.get("media"))
        )
        caption = self._caption(Call(call.bot, {"caption": media.get("caption"),
                                                "parse_mode": media.get("parse_mode")}))
        drop = ("photo", "document", "animation", "caption", "caption_entities", "text",
                "entities")
        result = self._edited(stored, call, {**content, **caption}, drop=drop)
        stored.file = record
        return result

    @_method
    async def deleteMessage(self, call: Call):  # noqa: N802
        stored = self._message(call, "message to delete")
        stored.deleted = True
        self.state.touch(stored)
        return True

    @_method
    async def deleteMessages(self, call: Call):  # noqa: N802
        chat = self._chat(call)
        for message_id in call.json("message_ids", []):
            stored = chat.messages.get(int(message_id))
            if stored and not stored.deleted:
                stored.deleted = True
                self.state.touch(stored)
        return True

    @_method
    async def setMessageReaction(self, call: Call):  # noqa: N802
        self._message(call, "message")
        return True

    @_method
    async def pinChatMessage(self, call: Call):  # noqa: N802
        self._message(call, "message to pin")
        return True

    @_method
    async def unpinChatMessage(self, call: Call):  # noqa: N802
        self._chat(call)
        return True

    # -- methods: queries -----------------------------------------------------------------

    @_method
    async def answerCallbackQuery(self, call: Call):  # noqa: N802
        record = self.state.callbacks.get(call.str("callback_query_id", required=True))
        if record is None or record.answer is not None:
            raise bad_request("query is too old and response timeout expired or query ID is "
                              "invalid")
        text = call.str("text")
        if text and len(text) > 200:
            raise bad_request("MESSAGE_TOO_LONG")
        record.answer = {"text": text, "show_alert": call.bool("show_alert"),
                         "url": call.str("url"), "cache_time": call.int("cache_time")}
        self.state.changed()
        return True

    @_method
    async def answerInlineQuery(self, call: Call):  # noqa: N802
        record = self.state.inline_by_query_id.get(call.str("inline_query_id", required=True))
        if record is None or record.answer is not None:
            raise bad_request("query is too old and response timeout expired or query ID is "
                              "invalid")
        results = call.json("results")
        if not isinstance(results, list):
            raise bad_request("can't parse inline query results JSON object")
        if len(results) > MAX_INLINE_RESULTS:
            raise bad_request("RESULTS_TOO_MUCH")
        ids = [r.get("id") for r in results if isinstance(r, dict)]
        if len(ids) != len(results) or not all(ids) or not all(r.get("type") for r in results):
            raise bad_request("can't parse inline query result: type and id are required")
        if len(set(ids)) != len(ids):
            raise bad_request("RESULT_ID_DUPLICATE")
        record.answer = _strip_none({
            "results": results,
            "cache_time": call.int("cache_time"),
            "is_personal": call.bool("is_personal"),
            "next_offset": call.str("next_offset"),
            "button": call.json("button"),
        })
        self.state.changed()
        return True

    # -- methods: chats and files -------------------------------------------------------

    @_method
    async def getChat(self, call: Call):  # noqa: N802
        chat = self._chat(call)
        return {
            **chat.chat,
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {"unlimited_gifts": False, "limited_gifts": False,
                                    "unique_gifts": False, "premium_subscription": False,
                                    "gifts_from_channels": False},
        }

    def _member(self, chat: ChatRecord, user_id: int, bot: dict) -> dict:
        user = bot if user_id == bot["id"] else self.state.users.get(user_id)
        if user is None:  # never seen here: not in any chat, as Telegram says of a stranger
            return {"status": "left", "user": {"id": user_id, "is_bot": False,
                                               "first_name": f"User {user_id}"}}
        if chat.chat["type"] == "private":  # the bot and its one person
            in_chat = user_id in (chat.chat["id"], bot["id"])
            return {"status": "member" if in_chat else "left", "user": user}
        if chat.members and chat.members[0] == user_id:
            return {"status": "creator", "user": user, "is_anonymous": False}
        if user_id in chat.members:
            return {"status": "member", "user": user}
        return {"status": "left", "user": user}

    @_method
    async def getChatMember(self, call: Call):  # noqa: N802
        return self._member(self._chat(call), call.int("user_id", required=True), call.bot)

    @_method
    async def getChatAdministrators(self, call: Call):  # noqa: N802
        chat = self._chat(call)
        if chat.chat["type"] == "private" or not chat.members:
            return []
        return [self._member(chat, chat.members[0], call.bot)]

    @_method
    async def getChatMemberCount(self, call: Call):  # noqa: N802
        chat = self._chat(call)
        if chat.chat["type"] == "private":
            return 2
        return len(set(chat.members) | {call.bot["id"]})

    @_method
    async def getFile(self, call: Call):  # noqa: N802
        record = self.state.bot_file(call.str("file_id", required=True), call.bot["id"])
        if record is None:
            raise bad_request("invalid file_id")
        return {"file_id": record.file_id, "file_unique_id": record.file_unique_id,
                "file_size": record.file_size, "file_path": record.file_path}

    del _method
