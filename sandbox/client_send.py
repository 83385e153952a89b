"""The client API's sending side: what a simulated person sends to a chat (a text, an edit
of it, a document, a photo, a sticker, a forward), checked as Telegram checks it, stored,
and queued for the bot as an update."""

from __future__ import annotations

import base64
import binascii
import io
import mimetypes
import re
import secrets
import time
from typing import Any

from aiohttp import web
from PIL import Image, ImageOps

from . import markup
from .botcontent import MAX_CAPTION, MAX_TEXT
from .state import ChatRecord, FileRecord, SandboxState
from .web import ClientError, body_of, int_of, json_response, language_of

#: a user's document: the most a bot may download with getFile, and Telegram's name limit
MAX_USER_FILE = 20 * 1024 * 1024
MAX_FILE_NAME = 255
#: the longest emoji a sticker names (a family with skin tones runs to a dozen code points)
MAX_EMOJI = 16
#: the longer sides of the sizes Telegram keeps of a photo a user sends, and the most
#: pixels the sandbox decodes (a decompression bomb is refused before it is decoded)
PHOTO_SIDES = (90, 320, 800, 1280)
MAX_PHOTO_PIXELS = 50_000_000
#: the parts of a message a forward carries (its reply, sender and the buttons that call
#: the bot back stay behind; `link_buttons` are kept)
FORWARDED = ("text", "entities", "photo", "document", "animation", "caption",
             "caption_entities")
MIME_RE = re.compile(r"^[\w.+-]+/[\w.+-]+$")


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


def link_buttons(reply_markup: dict[str, Any] | None) -> dict[str, Any] | None:
    """The inline keyboard a forward keeps: as Telegram does, the link (url) buttons only,
    since a button that calls the bot back means nothing in another chat; None if none."""
    rows = [[button for button in row if "url" in button]
            for row in (reply_markup or {}).get("inline_keyboard", [])]
    kept = [row for row in rows if row]
    return {"inline_keyboard": kept} if kept else None


class ClientSend:
    """The routes under /sandbox/ by which a person sends something."""

    def __init__(self, state: SandboxState):
        self.state = state

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_post("/sandbox/messages", self.post_message)
        router.add_post("/sandbox/documents", self.post_document)
        router.add_post("/sandbox/photos", self.post_photo)
        router.add_post("/sandbox/stickers", self.post_sticker)
        router.add_post("/sandbox/edits", self.post_edit)
        router.add_post("/sandbox/forwards", self.post_forward)

    def _user_message(self, body: dict) -> tuple[ChatRecord, dict]:
        """The chat and the start of a Message from a user (sender, chat, reply), checked
        as Telegram would; the caller adds the text or the document."""
        user_id = int_of(body, "user_id")
        chat_id = int_of(body, "chat_id", default=user_id)
        chat_type = body.get("chat_type")
        if chat_type not in (None, "private", "group", "supergroup"):
            raise ClientError("chat_type is private, group or supergroup")
        if (chat_type == "private" or chat_id > 0) and chat_id != user_id:
            raise ClientError("a private chat's id is its user's id")
        if chat_type in ("group", "supergroup") and chat_id > 0:
            raise ClientError("group chat ids are negative")
        user = self.state.user(user_id, body.get("first_name"),
                               language_of(body))
        chat = self.state.chat(chat_id, chat_type, body.get("chat_title"))
        self.state.join(chat, user_id)
        message: dict = {"date": int(time.time()), "chat": chat.chat, "from": user}
        if body.get("reply_to_message_id") is not None:
            replied = chat.messages.get(int_of(body, "reply_to_message_id"))
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
        body = await body_of(request)
        text = self._text(body)
        chat, message = self._user_message(body)
        message["text"] = text
        if entities := markup.user_entities(text):
            message["entities"] = entities
        return json_response(self._deliver(chat, message))

    async def post_edit(self, request: web.Request) -> web.Response:
        """A user edits the text of a message of theirs, as Telegram lets them: the
        message changes in place and the bot gets an `edited_message` update."""
        body = await body_of(request)
        text = self._text(body)
        chat = self.state.chats.get(int_of(body, "chat_id"))
        stored = chat.messages.get(int_of(body, "message_id")) if chat else None
        if chat is None or stored is None or stored.deleted:
            raise ClientError("no such message in this chat", 404)
        message = stored.message
        if message["from"]["id"] != int_of(body, "user_id") or "text" not in message:
            raise ClientError("a user edits only the text of a message of their own")
        edited = {k: v for k, v in message.items() if k != "entities"}
        edited.update(text=text, edit_date=int(time.time()))
        if entities := markup.user_entities(text):
            edited["entities"] = entities
        stored.message = edited
        stored.edited = True
        self.state.touch(stored)
        update_id = self.state.add_update("edited_message", edited)
        return json_response({"message_id": stored.message_id, "update_id": update_id,
                              "chat_id": chat.chat["id"], "revision": stored.revision})

    async def post_document(self, request: web.Request) -> web.Response:
        """A user sends a file: stored like the bot's uploads, so the bot can getFile it."""
        body = await body_of(request)
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
        return json_response(self._deliver(chat, message, file))

    async def post_photo(self, request: web.Request) -> web.Response:
        """A user sends a picture as a photo: as Telegram does, it is re-encoded as JPEG at
        most 1280 pixels on its longer side, with smaller sizes (90, 320, 800) beside it,
        and delivered as a `photo` message listing the sizes, smallest first."""
        body = await body_of(request)
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
        return json_response(self._deliver(chat, message, files[-1]))

    async def post_sticker(self, request: web.Request) -> web.Response:
        """A user sends a sticker (an emoji's): a message with neither text nor a file the
        bot reads, as a voice note or a location would be."""
        body = await body_of(request)
        emoji = body.get("emoji", "👍")
        if not isinstance(emoji, str) or not 0 < len(emoji) <= MAX_EMOJI:
            raise ClientError(f"emoji is a string of 1 to {MAX_EMOJI} characters")
        chat, message = self._user_message(body)
        token = secrets.token_hex(6)
        message["sticker"] = {"file_id": f"SBXSTK_{token}", "file_unique_id": token,
                              "type": "regular", "width": 512, "height": 512,
                              "is_animated": False, "is_video": False, "emoji": emoji}
        return json_response(self._deliver(chat, message))

    async def post_forward(self, request: web.Request) -> web.Response:
        """A user forwards a message they can see (from_chat_id, message_id) to a chat, as
        Telegram does: the same content, sent by the user, with the Bot API's
        `forward_origin` naming who wrote it first (a forward of a forward keeps the first)
        and the message's link buttons (a Share link works for whoever gets the forward)."""
        body = await body_of(request)
        user_id = int_of(body, "user_id")
        source = self.state.chats.get(int_of(body, "from_chat_id"))
        if source is None or user_id not in (source.chat["id"], *source.members):
            raise ClientError("from_chat_id: no chat of this user's", 404)
        original = source.messages.get(int_of(body, "message_id"))
        if original is None or original.deleted:
            raise ClientError("message_id: no such message in from_chat_id", 404)
        chat, message = self._user_message({k: v for k, v in body.items()
                                            if k != "reply_to_message_id"})
        first = original.message
        message["forward_origin"] = first.get("forward_origin") or {
            "type": "user", "sender_user": first["from"], "date": first["date"]}
        message.update({k: v for k, v in first.items() if k in FORWARDED})
        if links := link_buttons(first.get("reply_markup")):
            message["reply_markup"] = links
        return json_response(self._deliver(chat, message, original.file))

    @staticmethod
    def _caption(body: dict) -> dict:
        """The caption fields of a user's media message (empty when there is none)."""
        caption = body.get("caption") or ""
        if not isinstance(caption, str) or markup.utf16_len(caption) > MAX_CAPTION:
            raise ClientError(f"caption is a string of at most {MAX_CAPTION} characters")
        if not caption.strip():
            return {}
        out: dict[str, Any] = {"caption": caption}
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

