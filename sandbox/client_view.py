"""The client API's reading side and the page: the chats and their menus, a chat's messages
as the page shows them (waiting for news), the files in them, and the page itself."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from aiohttp import web

from .state import PAGE_GROUP, PAGE_USERS, ChatRecord, MessageRecord, SandboxState
from .web import Identity, int_of, json_response, optional_int_of, wait_of

STATIC = Path(__file__).parent / "static"
CSP = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")


class ClientView:
    """The routes the page (and a test) reads."""

    def __init__(self, state: SandboxState, identity: Identity):
        self.state = state
        self.identity = identity

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_get("/", self.index)
        router.add_static("/static", STATIC)
        router.add_get("/sandbox/chats", self.get_chats)
        router.add_get("/sandbox/messages", self.get_messages)
        router.add_get("/sandbox/files/{file_id}", self.get_file)

    async def index(self, request: web.Request) -> web.FileResponse:
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

    def _chat_view(self, record: ChatRecord) -> dict[str, Any]:
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
        return json_response({
            "bot": self.identity.bot,
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
        chat_id = int_of(q, "chat_id")
        after = optional_int_of(q, "after")
        since = optional_int_of(q, "since")
        wait = wait_of(request)
        state = self.state

        def matching() -> list[MessageRecord | None]:
            chat = state.chats.get(chat_id)
            if chat is None:
                return []
            found: list[MessageRecord | None] = [
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
        return json_response({
            "chat_id": chat_id,
            "revision": state.revision,
            "action": action,
            "messages": [self.message_view(s) for s in found if s is not None],
        })

