"""The client API's other doors: a person presses a button or picks an inline result, and
a test injects faults, reads the log of Bot API calls or resets the sandbox."""

from __future__ import annotations

import secrets
import time
from collections.abc import Collection

from aiohttp import web

from . import markup
from .botfiles import photo_sizes
from .state import CallbackRecord, Fault, FileRecord, InlineRecord, SandboxState
from .web import (
    ClientError,
    Identity,
    body_of,
    int_of,
    json_response,
    language_of,
    optional_int_of,
    wait_of,
)

#: Telegram's limit on a button's callback_data, in bytes
MAX_CALLBACK_DATA = 64


class ClientActions:
    """Button presses, inline queries, faults, the call log and reset."""

    def __init__(self, state: SandboxState, identity: Identity, methods: Collection[str]):
        self.state = state
        self.identity = identity
        #: the Bot API's method names (lower case), which a fault may name
        self.methods = methods
        self._callback_seq = 0

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_post("/sandbox/callbacks", self.post_callback)
        router.add_get("/sandbox/callbacks/{id}", self.get_callback)
        router.add_post("/sandbox/inline", self.post_inline)
        router.add_get("/sandbox/inline/{update_id}", self.get_inline)
        router.add_post("/sandbox/inline/{update_id}/choose", self.choose_inline)
        router.add_post("/sandbox/faults", self.post_fault)
        router.add_get("/sandbox/faults", self.get_faults)
        router.add_delete("/sandbox/faults", self.delete_faults)
        router.add_get("/sandbox/calls", self.get_calls)
        router.add_post("/sandbox/reset", self.post_reset)

    async def post_callback(self, request: web.Request) -> web.Response:
        body = await body_of(request)
        chat_id = int_of(body, "chat_id")
        user_id = int_of(body, "user_id")
        message_id = int_of(body, "message_id")
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
                               language_of(body))
        self._callback_seq += 1
        query_id = f"{self._callback_seq}{secrets.randbelow(10**9):09d}"
        query = {"id": query_id, "from": user, "message": stored.message,
                 "chat_instance": str(abs(chat_id) * 7919 % 10**12), "data": data}
        update_id = self.state.add_update("callback_query", query)
        self.state.callbacks[query_id] = CallbackRecord(query=query, update_id=update_id)
        return json_response({"update_id": update_id, "callback_query_id": query_id})

    async def get_callback(self, request: web.Request) -> web.Response:
        record = self.state.callbacks.get(request.match_info["id"])
        if record is None:
            raise ClientError("no such callback query", 404)
        await self.state.wait_until(lambda: record.answer is not None, wait_of(request))
        return json_response({"callback_query_id": record.query["id"],
                              "update_id": record.update_id,
                              "answered": record.answer is not None, **(record.answer or {})})

    async def post_inline(self, request: web.Request) -> web.Response:
        body = await body_of(request)
        user = self.state.user(int_of(body, "user_id"), body.get("first_name"),
                               language_of(body))
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
        return json_response({"update_id": update_id, "inline_query_id": query_id})

    async def get_inline(self, request: web.Request) -> web.Response:
        record = self.state.inline.get(int_of(request.match_info, "update_id"))
        if record is None:
            raise ClientError("no such inline query", 404)
        await self.state.wait_until(lambda: record.answer is not None, wait_of(request))
        return json_response({"update_id": record.update_id, "inline_query_id": record.query["id"],
                              "answered": record.answer is not None,
                              **(record.answer or {"results": []})})

    async def choose_inline(self, request: web.Request) -> web.Response:
        """The user picks one of the bot's inline results: it is sent to a chat via the bot."""
        record = self.state.inline.get(int_of(request.match_info, "update_id"))
        if record is None or record.answer is None:
            raise ClientError("no answered inline query with this update_id", 404)
        body = await body_of(request)
        chat_id = int_of(body, "chat_id")
        result_id = str(body.get("result_id", ""))
        result = next((r for r in record.answer["results"] if str(r["id"]) == result_id), None)
        if result is None:
            raise ClientError("the bot gave no result with this id", 404)
        user = record.query["from"]
        chat = self.state.chat(chat_id)
        if chat.chat["type"] == "private" and chat_id != user["id"]:
            raise ClientError("a private chat's id is its user's id")
        self.state.join(chat, user["id"])
        content, file = self.chosen_content(result)
        message: dict = {"date": int(time.time()), "chat": chat.chat, "from": user,
                         "via_bot": self.identity.bot, **content}
        if result.get("reply_markup"):
            message["reply_markup"] = result["reply_markup"]
        stored = self.state.add_message(chat, message, file)
        update_id = self.state.add_update("message", stored.message)
        return json_response({"message_id": stored.message_id, "update_id": update_id,
                              "chat_id": chat_id, "revision": stored.revision})

    def chosen_content(self, result: dict) -> tuple[dict, FileRecord | None]:
        """The message fields an inline result sends: its text, or its cached photo (a
        file_id of the bot's) with its caption and its file."""
        if result.get("type") == "photo" and "photo_file_id" in result:
            record = self.state.bot_file(str(result["photo_file_id"]), self.identity.bot["id"])
            if record is None or record.width is None:
                raise ClientError("the bot's photo result names no photo file of its own")
            caption = {"caption": result["caption"]} if result.get("caption") else {}
            return {"photo": photo_sizes(record), **caption}, record
        content = result.get("input_message_content") or {}
        if "message_text" not in content:
            raise ClientError("the sandbox sends text results and cached photos only")
        try:
            text, entities = markup.parse(content["message_text"], content.get("parse_mode"))
        except markup.EntityError as err:
            raise ClientError(f"the bot's result has bad markup: {err}") from None
        entities = markup.with_found_entities(text, entities or content.get("entities") or [])
        return {"text": text, **({"entities": entities} if entities else {})}, None

    async def post_fault(self, request: web.Request) -> web.Response:
        body = await body_of(request)
        method = str(body.get("method", "")).strip()
        if not method:
            raise ClientError('method is required (a Bot API method name, or "*")')
        if method != "*" and method.lower() not in self.methods:
            raise ClientError(f"unknown Bot API method {method!r}")
        fault = Fault(
            method=method.lower(),
            count=int_of(body, "count", default=1),
            error_code=int_of(body, "error_code", default=429),
            retry_after=optional_int_of(body, "retry_after"),
            description=body.get("description"),
            delay=float(body.get("delay", 0) or 0),
        )
        if fault.count < 1 or not (fault.error_code == 0 or 400 <= fault.error_code <= 599):
            raise ClientError("count >= 1; error_code 4xx, 5xx (or 0: only the delay)")
        self.state.faults.append(fault)
        return json_response({"ok": True, "faults": [vars(f) for f in self.state.faults]})

    async def get_faults(self, request: web.Request) -> web.Response:
        return json_response({"faults": [vars(f) for f in self.state.faults]})

    async def delete_faults(self, request: web.Request) -> web.Response:
        self.state.faults.clear()
        return json_response({"ok": True})

    async def get_calls(self, request: web.Request) -> web.Response:
        method = request.query.get("method", "").lower()
        calls = [c for c in self.state.calls if not method or c["method"].lower() == method]
        return json_response({"calls": calls})

    async def post_reset(self, request: web.Request) -> web.Response:
        self.state.changed()  # wake current waiters before their state goes
        self.state.reset()
        return json_response({"ok": True})
