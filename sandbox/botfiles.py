"""The files a bot sends: an upload or a file_id it may reuse, checked and stored as
Telegram would (photo sizes and dimensions, an animation's frames, the size limits)."""

from __future__ import annotations

import io
import mimetypes
from typing import Any

from PIL import Image

from .botcall import BotApiError, Call, Upload, bad_request
from .state import FileRecord, SandboxState

MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_FILE_BYTES = 50 * 1024 * 1024


class BotFiles:
    """Turns a call's files into stored `FileRecord`s and the Message fields naming them."""

    def __init__(self, state: SandboxState):
        self.state = state

    def input_file(self, call: Call, name: str, value: Any = None) -> Upload | FileRecord:
        """The file a parameter names: an upload (`attach://` or by its name) or a
        file_id of this bot's."""
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

    def photo_file(self, source: Upload | FileRecord, bot_id: int) -> FileRecord:
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

    def document_file(self, source: Upload | FileRecord, bot_id: int,
                      folder: str = "documents") -> FileRecord:
        if isinstance(source, FileRecord):
            return source
        if len(source.data) > MAX_FILE_BYTES:
            raise BotApiError("Request Entity Too Large", 413)
        name = source.filename or "file"
        mime = (source.content_type if source.content_type not in (None, "",
                "application/octet-stream") else None) or mimetypes.guess_type(name)[0] \
            or "application/octet-stream"
        suffix = "." + name.rsplit(".", 1)[1] if "." in name else ""
        extra = animation_extent(source.data) if folder == "animations" else {}
        return self.state.add_file(source.data, bot_id, folder, suffix, mime, file_name=name,
                                   **extra)

    def media_content(self, call: Call, sent_as: str,
                      source: Upload | FileRecord) -> tuple[dict[str, Any], FileRecord]:
        """The Message fields of a photo, animation or document, and its stored file."""
        bot_id = call.bot["id"]
        if sent_as == "photo":
            record = self.photo_file(source, bot_id)
            return {"photo": photo_sizes(record)}, record
        if sent_as == "animation":
            record = self.document_file(source, bot_id, "animations")
            return {"animation": animation(record), "document": record.document()}, record
        if sent_as == "document":
            record = self.document_file(source, bot_id)
            return {"document": record.document()}, record
        raise bad_request(f"media type {sent_as!r} is not supported by the sandbox")


def animation_extent(data: bytes) -> dict[str, int]:
    """An animation's width, height and duration in seconds (zeros when unreadable)."""
    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
            total = 0
            for frame in range(getattr(image, "n_frames", 1)):
                image.seek(frame)
                total += image.info.get("duration", 0)
            return {"width": width, "height": height, "duration": round(total / 1000)}
    except Exception:
        return {"width": 0, "height": 0, "duration": 0}


def photo_sizes(record: FileRecord) -> list[dict[str, Any]]:
    return [{"file_id": record.file_id, "file_unique_id": record.file_unique_id,
             "width": record.width, "height": record.height, "file_size": record.file_size}]


def animation(record: FileRecord) -> dict[str, Any]:
    return {**record.document(), "width": record.width or 0,
            "height": record.height or 0, "duration": record.duration or 0}
