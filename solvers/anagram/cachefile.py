"""The anagram caches' files: plain numpy arrays and UTF-8 text in an `.npz` read with
`allow_pickle=False`, behind a SHA-256 of its bytes, written atomically (the lexicon's and
the relatedness vectors' caches).
"""

from __future__ import annotations

import hashlib
import io
import os
import zipfile
from pathlib import Path

import numpy as np


def cache_dir() -> Path:
    return Path(os.environ.get("PUZZLEBOT_CACHE_DIR", ".cache"))



def text_block(texts: list[str]) -> np.ndarray:
    """Texts as one array of UTF-8 bytes, one per line (no text holds a line break)."""
    return np.frombuffer("\n".join(texts).encode("utf-8"), dtype=np.uint8)


def lines(block: np.ndarray) -> int:
    """How many texts a `text_block` holds."""
    return int(np.count_nonzero(block == ord("\n"))) + 1 if block.size else 0


def block_texts(block: np.ndarray) -> list[str]:
    return block.tobytes().decode("utf-8").split("\n") if block.size else []


#: a cache file starts with this, then the SHA-256 (hex) of what follows, then a newline
MAGIC = b"puzzlebot-anagram-lexicon 1\n"


def pack(arrays: dict[str, np.ndarray]) -> bytes:
    """A cache file's bytes: a header with the payload's SHA-256, then an `.npz`."""
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)  # type: ignore[arg-type]  # numpy's stub reads **kwds as its flags
    payload = buffer.getvalue()
    return MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def unpack(data: bytes) -> dict[str, np.ndarray]:
    """The arrays of a cache file's bytes; ValueError when they are not intact."""
    head = len(MAGIC) + 65
    if not data.startswith(MAGIC) or len(data) < head or data[head - 1:head] != b"\n":
        raise ValueError("not an anagram cache file")
    payload = data[head:]
    if hashlib.sha256(payload).hexdigest().encode() != data[len(MAGIC):head - 1]:
        raise ValueError("anagram cache checksum mismatch")
    try:
        with np.load(io.BytesIO(payload), allow_pickle=False) as arrays:
            return {name: arrays[name] for name in arrays.files}
    except (OSError, EOFError, zipfile.BadZipFile) as error:  # intact but foreign
        raise ValueError(f"unreadable anagram cache: {error!r}") from error



def write_cache(path: Path, data: bytes) -> None:
    """Write a cache file atomically, so parallel workers never read half of one; a
    read-only or full disk only means the next process builds it again."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(data)
        temporary.replace(path)
    except OSError:
        pass

