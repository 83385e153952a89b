"""A small async client of the sandbox's JSON client API, for tests and load tests.

    async with SandboxClient(url) as chat:
        sent = await chat.send(101, "/help")                     # Alice's private chat
        sent = await chat.send(101, "/check\n...", reply_to_message_id=7)  # a reply
        sent = await chat.forward(101, from_chat_id=101, message_id=7)       # a forward
        sent = await chat.send_document(101, "p.txt", b"...")    # a puzzle as a file
        sent = await chat.send_photo(101, jpeg_bytes, caption="/KIND")  # ... or a photo
        reply = await chat.wait_for(101, after=sent["message_id"], sent_as="photo")
"""

from __future__ import annotations

import base64
import time
from typing import Any

import httpx


class SandboxClient:
    def __init__(self, url: str, timeout: float = 70.0):
        self.url = url.rstrip("/")
        self.http = httpx.AsyncClient(base_url=self.url, timeout=timeout)

    async def __aenter__(self) -> SandboxClient:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.http.aclose()

    async def _json(self, method: str, path: str, **kwargs: Any) -> Any:
        response = await self.http.request(method, path, **kwargs)
        response.raise_for_status()
        return response.json()

    async def send(self, chat_id: int, text: str, user_id: int | None = None, **extra: Any) -> dict:
        """A user's message; user_id defaults to chat_id (a private chat);
        `reply_to_message_id=N` makes it a reply (the update carries `reply_to_message`);
        `language_code="de"` puts the user's app in German (every update's `from` carries
        it from then on, as Telegram's does; any call taking a user takes it)."""
        body = {"chat_id": chat_id, "user_id": user_id or chat_id, "text": text, **extra}
        return await self._json("POST", "/sandbox/messages", json=body)

    async def forward(self, chat_id: int, from_chat_id: int, message_id: int,
                      user_id: int | None = None, **extra: Any) -> dict:
        """A user forwards a message of from_chat_id to chat_id (the update carries
        `forward_origin`); user_id defaults to chat_id (a private chat)."""
        body = {"chat_id": chat_id, "user_id": user_id or chat_id,
                "from_chat_id": from_chat_id, "message_id": message_id, **extra}
        return await self._json("POST", "/sandbox/forwards", json=body)

    async def send_document(self, chat_id: int, file_name: str, data: bytes,
                            mime_type: str | None = None, caption: str | None = None,
                            user_id: int | None = None, **extra: Any) -> dict:
        """A user sends a file (a document); mime_type defaults to a guess from the name.
        The answer also carries the file's `file_id`."""
        body: dict[str, Any] = {"chat_id": chat_id, "user_id": user_id or chat_id,
                                "file_name": file_name,
                "data": base64.b64encode(data).decode("ascii"), **extra}
        if mime_type is not None:
            body["mime_type"] = mime_type
        if caption is not None:
            body["caption"] = caption
        return await self._json("POST", "/sandbox/documents", json=body)

    async def send_photo(self, chat_id: int, data: bytes, caption: str | None = None,
                         file_name: str = "photo.jpg", user_id: int | None = None,
                         **extra: Any) -> dict:
        """A user sends a picture as a photo (the sandbox keeps Telegram's JPEG sizes).
        The answer also carries the largest size's `file_id`."""
        body: dict[str, Any] = {"chat_id": chat_id, "user_id": user_id or chat_id,
                                "file_name": file_name,
                "data": base64.b64encode(data).decode("ascii"), **extra}
        if caption is not None:
            body["caption"] = caption
        return await self._json("POST", "/sandbox/photos", json=body)

    async def edit(self, chat_id: int, message_id: int, text: str,
                   user_id: int | None = None) -> dict:
        """A user edits the text of a message of theirs (the bot gets `edited_message`)."""
        body = {"chat_id": chat_id, "user_id": user_id or chat_id, "message_id": message_id,
                "text": text}
        return await self._json("POST", "/sandbox/edits", json=body)

    async def send_sticker(self, chat_id: int, emoji: str = "👍", user_id: int | None = None,
                           **extra: Any) -> dict:
        """A user sends a sticker: neither text nor a file."""
        body = {"chat_id": chat_id, "user_id": user_id or chat_id, "emoji": emoji, **extra}
        return await self._json("POST", "/sandbox/stickers", json=body)

    async def messages(self, chat_id: int, after: int | None = None,
                       since: int | None = None, wait: float = 0) -> dict:
        params: dict = {"chat_id": chat_id, "wait": wait}
        if after is not None:
            params["after"] = after
        if since is not None:
            params["since"] = since
        return await self._json("GET", "/sandbox/messages", params=params)

    async def wait_for(self, chat_id: int, after: int = 0, sent_as: str | None = None,
                       timeout: float = 30.0, bot_only: bool = True) -> dict:
        """The first message after `after` (from the bot; sent as `sent_as`: photo,
        animation, document or text, when given); TimeoutError if none."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"no {sent_as or 'bot'} message in chat {chat_id} after "
                                   f"{after} within {timeout} s")
            page = await self.messages(chat_id, after=after, wait=min(remaining, 25))
            for message in page["messages"]:
                if (not bot_only or message["from"]["is_bot"]) and (
                    sent_as is None or message["sent_as"] == sent_as
                ):
                    return message
            if page["messages"]:
                after = page["messages"][-1]["message_id"]

    async def press(self, chat_id: int, user_id: int, message_id: int, data: str,
                    forged: bool = False, **extra: Any) -> dict:
        """A press of the message's button with this data; `forged`: any data at all, as a
        modified client can send; `first_name` names a user the sandbox meets here."""
        body = {"chat_id": chat_id, "user_id": user_id, "message_id": message_id, "data": data,
                "forged": forged, **extra}
        return await self._json("POST", "/sandbox/callbacks", json=body)

    async def callback_answer(self, callback_query_id: str, wait: float = 10) -> dict:
        return await self._json("GET", f"/sandbox/callbacks/{callback_query_id}",
                                params={"wait": wait})

    async def inline(self, user_id: int, query: str, **extra: Any) -> dict:
        return await self._json("POST", "/sandbox/inline",
                                json={"user_id": user_id, "query": query, **extra})

    async def inline_answer(self, update_id: int, wait: float = 10) -> dict:
        return await self._json("GET", f"/sandbox/inline/{update_id}", params={"wait": wait})

    async def inline_choose(self, update_id: int, chat_id: int, result_id: str) -> dict:
        """The user picks a result: it is sent to chat_id as their message, via the bot."""
        return await self._json("POST", f"/sandbox/inline/{update_id}/choose",
                                json={"chat_id": chat_id, "result_id": result_id})

    async def fault(self, method: str, count: int = 1, error_code: int = 429, **extra: Any) -> dict:
        body = {"method": method, "count": count, "error_code": error_code, **extra}
        return await self._json("POST", "/sandbox/faults", json=body)

    async def clear_faults(self) -> None:
        """Disarm every fault still armed."""
        await self._json("DELETE", "/sandbox/faults", json={})

    async def calls(self, method: str | None = None) -> list[dict]:
        params = {"method": method} if method else {}
        return (await self._json("GET", "/sandbox/calls", params=params))["calls"]

    async def file(self, file_url: str) -> bytes:
        response = await self.http.get(file_url)
        response.raise_for_status()
        return response.content

    async def reset(self) -> None:
        await self._json("POST", "/sandbox/reset", json={})
