"""The Bot API methods the sandbox answers, with Telegram's names, checks and error texts.

Each method is `async def name(self, call: Call) -> result` marked `bot_method`; the Bot
API server (botserver.py) wraps its result in the envelope, and a `BotApiError` becomes
`{"ok": false, ...}`. What a message is made of is read by botcontent.py, its files by
botfiles.py.
"""

from __future__ import annotations

import json
import time
from typing import Any

from . import webhook
from .botcall import BotApiError, Call, Method, bad_request, bot_method, methods_of
from .botcontent import (
    MAX_TEXT,
    caption_of,
    replied_of,
    reply_markup_of,
    spoiler_of,
    text_of,
)
from .botfiles import BotFiles
from .state import ChatRecord, FileRecord, MessageRecord, SandboxState

MAX_INLINE_RESULTS = 50


def _now() -> int:
    return int(time.time())


def _strip_none(d: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if v is not None}


class BotApi:
    """The Bot API's methods on the sandbox's state (`methods`, by lower-case name)."""

    def __init__(self, state: SandboxState, bot_username: str, bot_name: str):
        self.state = state
        self.bot_username = bot_username
        self.bot_name = bot_name
        self.webhooks = webhook.WebhookDelivery(state)
        self.files = BotFiles(state)
        self.methods: dict[str, Method] = methods_of(self)

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
        message_id = call.whole("message_id")
        stored = chat.messages.get(message_id)
        if stored is None or stored.deleted:
            raise bad_request(f"{what} not found")
        return stored

    def _send(self, call: Call, content: dict, file: FileRecord | None = None) -> dict:
        chat = self._chat(call)
        reply_to = replied_of(call, chat)
        inline_kb, reply_kb = reply_markup_of(call)
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

    # -- methods: the bot itself -------------------------------------------------------

    @bot_method
    async def getMe(self, call: Call) -> Any:  # noqa: N802 - Bot API names
        return {
            **call.bot,
            "can_join_groups": True,
            "can_read_all_group_messages": True,
            "supports_inline_queries": True,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    @bot_method
    async def logOut(self, call: Call) -> Any:  # noqa: N802
        return True

    @bot_method
    async def close(self, call: Call) -> Any:
        return True

    @bot_method
    async def deleteWebhook(self, call: Call) -> Any:  # noqa: N802
        if call.bool("drop_pending_updates"):
            self.state.updates.clear()
        self.webhooks.delete()
        return True

    @bot_method
    async def setWebhook(self, call: Call) -> Any:  # noqa: N802
        url = call.str("url", default="")
        if not url:
            return await self.deleteWebhook(call)
        if problem := webhook.url_problem(url):
            raise bad_request(problem)
        secret = call.str("secret_token")
        if secret is not None and not webhook.SECRET_RE.match(secret):
            raise bad_request("secret token contains unallowed characters")
        connections = call.number("max_connections", 40)
        if not 1 <= connections <= 100:
            raise bad_request("max_connections must be between 1 and 100")
        allowed = call.json("allowed_updates")
        if allowed is not None:
            self.state.allowed_updates = list(allowed) or None
        if call.bool("drop_pending_updates"):
            self.state.updates.clear()
        self.webhooks.set(webhook.Webhook(url, secret, connections, self.state.allowed_updates))
        return True

    @bot_method
    async def getWebhookInfo(self, call: Call) -> Any:  # noqa: N802
        pending = len(self.state.updates)
        if self.webhooks.webhook is None:
            return {"url": "", "has_custom_certificate": False, "pending_update_count": pending}
        return self.webhooks.webhook.info(pending)

    @staticmethod
    def _commands_key(call: Call) -> str:
        scope = call.json("scope") or {"type": "default"}
        return json.dumps([scope, call.str("language_code") or ""], sort_keys=True)

    @bot_method
    async def setMyCommands(self, call: Call) -> Any:  # noqa: N802
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

    @bot_method
    async def getMyCommands(self, call: Call) -> Any:  # noqa: N802
        return self.state.commands.get(self._commands_key(call), [])

    @bot_method
    async def deleteMyCommands(self, call: Call) -> Any:  # noqa: N802
        self.state.commands.pop(self._commands_key(call), None)
        return True

    @bot_method
    async def setMyDescription(self, call: Call) -> Any:  # noqa: N802
        return True

    @bot_method
    async def setMyShortDescription(self, call: Call) -> Any:  # noqa: N802
        return True

    @bot_method
    async def setChatMenuButton(self, call: Call) -> Any:  # noqa: N802
        return True

    # -- methods: updates ---------------------------------------------------------------

    @bot_method
    async def getUpdates(self, call: Call) -> Any:  # noqa: N802
        if self.webhooks.webhook is not None:
            raise BotApiError("Conflict: can't use getUpdates method while webhook is active; "
                              "use deleteWebhook to delete the webhook first", 409)
        state = self.state
        offset = call.int("offset")
        if offset is not None and offset != 0:
            state.confirm(offset)
        limit = min(max(call.number("limit", 100), 1), 100)
        allowed = call.json("allowed_updates")
        if allowed is not None:
            state.allowed_updates = list(allowed) or None
        timeout = min(max(call.number("timeout", 0), 0), 50)
        return await state.wait_until(lambda: state.pending(limit), timeout) or []

    # -- methods: sending -----------------------------------------------------------------

    @bot_method
    async def sendMessage(self, call: Call) -> Any:  # noqa: N802
        text, entities = text_of(call, "text", MAX_TEXT, required=True)
        content: dict = {"text": text}
        if entities:
            content["entities"] = entities
        return self._send(call, content)

    @bot_method
    async def sendPhoto(self, call: Call) -> Any:  # noqa: N802
        self._chat(call)
        content, record = self.files.media_content(call, "photo",
                                                   self.files.input_file(call, "photo"))
        return self._send(call, {**content, **caption_of(call),
                                   **spoiler_of(call)}, record)

    @bot_method
    async def sendDocument(self, call: Call) -> Any:  # noqa: N802
        self._chat(call)
        content, record = self.files.media_content(call, "document",
                                              self.files.input_file(call, "document"))
        return self._send(call, {**content, **caption_of(call)}, record)

    @bot_method
    async def sendAnimation(self, call: Call) -> Any:  # noqa: N802
        self._chat(call)
        content, record = self.files.media_content(call, "animation",
                                              self.files.input_file(call, "animation"))
        return self._send(call, {**content, **caption_of(call),
                                   **spoiler_of(call)}, record)

    @bot_method
    async def sendMediaGroup(self, call: Call) -> Any:  # noqa: N802
        self._chat(call)
        media = call.json("media")
        if not isinstance(media, list) or not 2 <= len(media) <= 10:
            raise bad_request("media group must contain 2-10 items")
        group_id = str(self.state.revision + 1)
        prepared = []
        for item in media:
            content, record = self.files.media_content(
                call, item.get("type", ""), self.files.input_file(call, "media", item.get("media"))
            )
            caption = Call(call.bot, {"caption": item.get("caption"),
                                      "parse_mode": item.get("parse_mode")})
            prepared.append(({**content, **caption_of(caption),
                              "media_group_id": group_id}, record))
        return [self._send(call, content, record) for content, record in prepared]

    @bot_method
    async def sendChatAction(self, call: Call) -> Any:  # noqa: N802
        chat = self._chat(call)
        action = call.text("action")
        chat.action = (action, time.time() + 5, self.state.bump())
        self.state.changed()
        return True

    # -- methods: editing -----------------------------------------------------------------

    def _edited(self, stored: MessageRecord, call: Call, changes: dict[str, Any],
                drop: tuple[str, ...] = ()) -> dict[str, Any]:
        """Apply an edit: drop keys, add changes, new reply markup; Telegram's checks."""
        inline_kb, reply_kb = reply_markup_of(call)
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

    @bot_method
    async def editMessageText(self, call: Call) -> Any:  # noqa: N802
        if call.has("inline_message_id"):
            return True
        stored = self._message(call)
        if "text" not in stored.message:
            raise bad_request("there is no text in the message to edit")
        text, entities = text_of(call, "text", MAX_TEXT, required=True)
        changes = {"text": text, **({"entities": entities} if entities else {})}
        return self._edited(stored, call, changes, drop=("text", "entities"))

    @bot_method
    async def editMessageCaption(self, call: Call) -> Any:  # noqa: N802
        if call.has("inline_message_id"):
            return True
        stored = self._message(call)
        if "text" in stored.message:
            raise bad_request("there is no caption in the message to edit")
        return self._edited(stored, call, caption_of(call),
                            drop=("caption", "caption_entities"))

    @bot_method
    async def editMessageReplyMarkup(self, call: Call) -> Any:  # noqa: N802
        if call.has("inline_message_id"):
            return True
        return self._edited(self._message(call), call, {})

    @bot_method
    async def editMessageMedia(self, call: Call) -> Any:  # noqa: N802
        if call.has("inline_message_id"):
            return True
        stored = self._message(call)
        media = call.json("media")
        if not isinstance(media, dict):
            raise bad_request("can't parse InputMedia JSON object")
        content, record = self.files.media_content(
            call, media.get("type", ""), self.files.input_file(call, "media", media.get("media"))
        )
        caption = caption_of(Call(call.bot, {"caption": media.get("caption"),
                                                "parse_mode": media.get("parse_mode")}))
        drop = ("photo", "document", "animation", "caption", "caption_entities", "text",
                "entities")
        result = self._edited(stored, call, {**content, **caption}, drop=drop)
        stored.file = record
        return result

    @bot_method
    async def deleteMessage(self, call: Call) -> Any:  # noqa: N802
        stored = self._message(call, "message to delete")
        stored.deleted = True
        self.state.touch(stored)
        return True

    @bot_method
    async def deleteMessages(self, call: Call) -> Any:  # noqa: N802
        chat = self._chat(call)
        for message_id in call.json("message_ids", []):
            stored = chat.messages.get(int(message_id))
            if stored and not stored.deleted:
                stored.deleted = True
                self.state.touch(stored)
        return True

    @bot_method
    async def setMessageReaction(self, call: Call) -> Any:  # noqa: N802
        self._message(call, "message")
        return True

    @bot_method
    async def pinChatMessage(self, call: Call) -> Any:  # noqa: N802
        self._message(call, "message to pin")
        return True

    @bot_method
    async def unpinChatMessage(self, call: Call) -> Any:  # noqa: N802
        self._chat(call)
        return True

    # -- methods: queries -----------------------------------------------------------------

    @bot_method
    async def answerCallbackQuery(self, call: Call) -> Any:  # noqa: N802
        record = self.state.callbacks.get(call.text("callback_query_id"))
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

    @bot_method
    async def answerInlineQuery(self, call: Call) -> Any:  # noqa: N802
        record = self.state.inline_by_query_id.get(call.text("inline_query_id"))
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

    @bot_method
    async def getChat(self, call: Call) -> Any:  # noqa: N802
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

    @bot_method
    async def getChatMember(self, call: Call) -> Any:  # noqa: N802
        return self._member(self._chat(call), call.whole("user_id"), call.bot)

    @bot_method
    async def getChatAdministrators(self, call: Call) -> Any:  # noqa: N802
        chat = self._chat(call)
        if chat.chat["type"] == "private" or not chat.members:
            return []
        return [self._member(chat, chat.members[0], call.bot)]

    @bot_method
    async def getChatMemberCount(self, call: Call) -> Any:  # noqa: N802
        chat = self._chat(call)
        if chat.chat["type"] == "private":
            return 2
        return len(set(chat.members) | {call.bot["id"]})

    @bot_method
    async def getFile(self, call: Call) -> Any:  # noqa: N802
        record = self.state.bot_file(call.text("file_id"), call.bot["id"])
        if record is None:
            raise bad_request("invalid file_id")
        return {"file_id": record.file_id, "file_unique_id": record.file_unique_id,
                "file_size": record.file_size, "file_path": record.file_path}

