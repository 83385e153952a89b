"""What a bot's message is made of, read from a Bot API call as Telegram reads it: the text
or caption with its entities, the keyboards, the message it replies to."""

from __future__ import annotations

from typing import Any

from . import markup
from .botcall import Call, bad_request
from .state import ChatRecord

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_DATA = 64


def text_of(call: Call, name: str, limit: int, required: bool) -> tuple[str | None, list]:
    """The text (or caption) `name` without its markup, and its entities: those the call
    gives, else those of its parse_mode, with the links and commands Telegram finds."""
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


def caption_of(call: Call) -> dict[str, Any]:
    """The caption fields of a media message (empty when it has none)."""
    caption, entities = text_of(call, "caption", MAX_CAPTION, required=False)
    out: dict[str, Any] = {}
    if caption:
        out["caption"] = caption
        if entities:
            out["caption_entities"] = entities
    return out


def spoiler_of(call: Call) -> dict[str, Any]:
    """`has_media_spoiler` on a photo or animation sent with `has_spoiler`."""
    return {"has_media_spoiler": True} if call.bool("has_spoiler") else {}


def _check_button(button: Any) -> None:
    if not isinstance(button, dict) or not button.get("text"):
        raise bad_request("can't parse inline keyboard button: Text buttons "
                          "are unallowed in the inline keyboard")
    data = button.get("callback_data")
    if data is not None and not 0 < len(str(data).encode()) <= MAX_CALLBACK_DATA:
        raise bad_request("BUTTON_DATA_INVALID")
    actions = set(button) - {"text", "style", "icon_custom_emoji_id"}
    if len(actions) != 1:
        raise bad_request("can't parse inline keyboard button: exactly one of "
                          "the optional fields must be used")


def reply_markup_of(call: Call) -> tuple[dict[str, Any] | None, list | None]:
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
                _check_button(button)
        return {"inline_keyboard": rows}, None
    if "keyboard" in markup_:
        return None, [[b if isinstance(b, str) else b.get("text", "") for b in row]
                      for row in markup_["keyboard"]]
    return None, []  # ReplyKeyboardRemove / ForceReply: no keyboard


def replied_of(call: Call, chat: ChatRecord) -> dict[str, Any] | None:
    """The message the call replies to (without its own reply), or None."""
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
