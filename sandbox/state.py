"""What the sandbox remembers: users, chats, messages, the update queue, files, faults.

Vocabulary used throughout the sandbox:

- user: a simulated person (Alice, Bob, Carol... or any id a client invents), or the bot.
- chat: private (its id is the user's id), group or supergroup (negative ids).
- message: stored as the Bot API `Message` dict plus a `revision`, the value of a global
  counter at its last change (sent, edited, deleted). Clients follow a chat with
  `since=<revision>` and so see edits and deletions of old messages too.
- update: one entry of getUpdates, numbered by `update_id`, forgotten once confirmed.
- file: bytes the bot uploaded, addressed by `file_id` and downloadable by `file_path`.
  As on Telegram, a file_id is good for the bot that uploaded it only (`bot_id`); that bot
  may send it again instead of the bytes, and the message shows the same file. A file a
  user sent (a document) has no uploading bot: any bot that receives it may fetch it.

Everything runs on one asyncio loop, so there are no locks; waiters are woken through
`changed()`.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

# The page's cast: three people who share a private chat each with the bot and one group.
PAGE_USERS: tuple[dict[str, Any], ...] = (
    {"id": 101, "first_name": "Alice"},
    {"id": 102, "first_name": "Bob"},
    {"id": 103, "first_name": "Carol"},
)
PAGE_GROUP: dict[str, Any] = {"id": -100200300, "type": "group", "title": "Puzzle Club"}


@dataclass
class FileRecord:
    file_id: str
    file_unique_id: str
    bot_id: int | None  # the uploading bot (file_ids do not work for another); None: a user's
    data: bytes
    file_path: str
    mime_type: str
    file_name: str | None = None
    width: int | None = None
    height: int | None = None
    duration: int | None = None

    @property
    def file_size(self) -> int:
        return len(self.data)

    def document(self) -> dict:
        """The Bot API Document object describing this file."""
        fields = {"file_id": self.file_id, "file_unique_id": self.file_unique_id,
                  "file_name": self.file_name, "mime_type": self.mime_type,
                  "file_size": self.file_size}
        return {key: value for key, value in fields.items() if value is not None}


@dataclass
class MessageRecord:
    message: dict  # the Bot API Message, as the bot sees it
    revision: int
    edited: bool = False
    edit_hidden: bool = False  # only its buttons changed: clients do not say "edited"
    deleted: bool = False
    file: FileRecord | None = None
    reply_keyboard: list | None = None  # a ReplyKeyboardMarkup's rows, shown by the page

    @property
    def message_id(self) -> int:
        return self.message["message_id"]


@dataclass
class ChatRecord:
    chat: dict  # the Bot API Chat
    members: list[int] = field(default_factory=list)  # user ids, the first is the creator
    messages: dict[int, MessageRecord] = field(default_factory=dict)
    next_message_id: int = 1
    action: tuple[str, float, int] | None = None  # sendChatAction: action, expiry, revision


@dataclass
class Fault:
    method: str  # lower case Bot API method name, or "*"
    count: int
    error_code: int = 429
    retry_after: int | None = None
    description: str | None = None
    delay: float = 0.0


@dataclass
class CallbackRecord:
    query: dict
    update_id: int
    answer: dict | None = None


@dataclass
class InlineRecord:
    query: dict
    update_id: int
    answer: dict | None = None


class SandboxState:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.users: dict[int, dict] = {}
        self.chats: dict[int, ChatRecord] = {}
        self.files: dict[str, FileRecord] = {}
        self.files_by_path: dict[str, FileRecord] = {}
        self.updates: list[dict] = []
        self.next_update_id = 1
        self.revision = 0
        self.callbacks: dict[str, CallbackRecord] = {}
        self.inline: dict[int, InlineRecord] = {}  # by update_id
        self.inline_by_query_id: dict[str, InlineRecord] = {}
        self.faults: list[Fault] = []
        self.commands: dict[str, list[dict]] = {}  # scope/language key -> commands
        self.calls: list[dict] = []  # recent Bot API calls, for tests
        self.allowed_updates: list[str] | None = None
        self.closing = False
        self._changed = asyncio.Event()
        for user in PAGE_USERS:  # they have all started the bot: their private chats exist
            self.user(user["id"], user["first_name"])
            self.chat(user["id"], "private")
        group = self.chat(PAGE_GROUP["id"], PAGE_GROUP["type"], PAGE_GROUP["title"])
        for user in PAGE_USERS:
            self.join(group, user["id"])

    # -- waking waiters -----------------------------------------------------------------

    def changed(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], T], timeout: float) -> T:
        """Return predicate() as soon as it is truthy, or its last value after timeout s."""
        deadline = time.monotonic() + max(0.0, timeout)
        while True:
            value = predicate()
            remaining = deadline - time.monotonic()
            if value or remaining <= 0 or self.closing:
                return value
            event = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), remaining)

    def bump(self) -> int:
        self.revision += 1
        return self.revision

    # -- users and chats ------------------------------------------------------------------

    def user(self, user_id: int, first_name: str | None = None,
             language_code: str | None = None) -> dict:
        """The user of this id, made on first sight; a name or a language given renames
        them or changes the language their app is in (Telegram's `language_code`, sent in
        every update's `from` from then on)."""
        user = self.users.get(user_id)
        if user is None:
            user = {"id": user_id, "is_bot": False, "first_name": first_name or f"User {user_id}"}
            self.users[user_id] = user
        elif first_name:
            user["first_name"] = first_name
        if language_code:
            user["language_code"] = language_code
        return user

    def chat(
        self, chat_id: int, chat_type: str | None = None, title: str | None = None
    ) -> ChatRecord:
        record = self.chats.get(chat_id)
        if record is None:
            if chat_type is None:
                if chat_id > 0:
                    chat_type = "private"
                else:
                    chat_type = "supergroup" if str(chat_id).startswith("-100") else "group"
            chat: dict = {"id": chat_id, "type": chat_type}
            if chat_type == "private":
                user = self.user(chat_id)
                chat["first_name"] = user["first_name"]
            else:
                chat["title"] = title or f"Group {chat_id}"
            record = ChatRecord(chat=chat)
            self.chats[chat_id] = record
        elif title and record.chat["type"] != "private":
            record.chat["title"] = title
        return record

    def join(self, record: ChatRecord, user_id: int) -> None:
        if user_id not in record.members:
            record.members.append(user_id)

    # -- messages -------------------------------------------------------------------------

    def add_message(self, record: ChatRecord, message: dict,
                    file: FileRecord | None = None) -> MessageRecord:
        message_id = record.next_message_id
        record.next_message_id += 1
        message = {"message_id": message_id, **message}
        stored = MessageRecord(message=message, revision=self.bump(), file=file)
        record.messages[message_id] = stored
        record.action = None
        self.changed()
        return stored

    def touch(self, stored: MessageRecord) -> None:
        stored.revision = self.bump()
        self.changed()

    # -- updates --------------------------------------------------------------------------

    def add_update(self, update_type: str, payload: dict) -> int:
        update_id = self.next_update_id
        self.next_update_id += 1
        self.updates.append({"update_id": update_id, update_type: payload})
        self.changed()
        return update_id

    def confirm(self, offset: int) -> None:
        """getUpdates offset semantics: updates below offset are forgotten."""
        if offset < 0:
            self.updates = self.updates[offset:]
        else:
            self.updates = [u for u in self.updates if u["update_id"] >= offset]

    def pending(self, limit: int) -> list[dict]:
        allowed = self.allowed_updates
        if allowed:  # Telegram never delivers the other update types: drop them
            self.updates = [u for u in self.updates if _update_type(u) in allowed]
        return self.updates[:limit]

    # -- files ----------------------------------------------------------------------------

    def add_file(self, data: bytes, bot_id: int | None, folder: str, suffix: str, mime_type: str,
                 **extra: Any) -> FileRecord:
        number = len(self.files) + 1
        file_id = f"SBX{folder[:3].upper()}{number}_{secrets.token_hex(8)}"
        record = FileRecord(
            file_id=file_id,
            file_unique_id=f"U{number}{secrets.token_hex(4)}",
            bot_id=bot_id,
            data=data,
            file_path=f"{folder}/file_{number}{suffix}",
            mime_type=mime_type,
            **extra,
        )
        self.files[file_id] = record
        self.files_by_path[record.file_path] = record
        return record

    def bot_file(self, file_id: str, bot_id: int) -> FileRecord | None:
        """The file behind a file_id, if this bot may use it (its own upload, or a user's
        file, which every bot sees in the update that brings it)."""
        record = self.files.get(file_id)
        return record if record is not None and record.bot_id in (bot_id, None) else None

    # -- faults ---------------------------------------------------------------------------

    def take_fault(self, method: str) -> Fault | None:
        for fault in self.faults:
            if fault.method in (method.lower(), "*") and fault.count > 0:
                fault.count -= 1
                if fault.count == 0:
                    self.faults.remove(fault)
                return fault
        return None

    def log_call(self, method: str, params: dict, ok: bool, error: str | None = None) -> None:
        self.calls.append(
            {"method": method, "params": params, "ok": ok, "error": error, "time": time.time()}
        )
        del self.calls[:-1000]


def _update_type(update: dict) -> str:
    return next(key for key in update if key != "update_id")
