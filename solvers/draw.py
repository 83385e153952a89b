"""Drawing helpers shared by every kind's picture: fonts, palette, text placement.

Pictures are read on phones, so sizes are chosen for a ~600 px wide image shown at
about half that width: lines at least 2 px, labels at least 18 px.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .texts import clip
from .values import Media

ASSETS = Path(__file__).resolve().parent.parent / "assets"
FONTS = ASSETS / "fonts"

#: a colour as Pillow takes it: RGB, or RGBA with its opacity
Colour = tuple[int, ...]
INK = (34, 34, 34)
PAPER = (255, 255, 255)
GRID = (120, 120, 120)
MUTED = (110, 110, 110)
#: given clues are drawn in this colour, found values in INK
GIVEN = (30, 90, 200)
YELLOW = (250, 215, 60)
TEAL = (60, 175, 170)
#: the outline of a cell where a person's solution breaks a rule (a wrong /check)
BROKEN = (220, 30, 30)

#: what Telegram sends as a photo: width + height at most this, the longer side at most
#: PHOTO_RATIO times the shorter, under PHOTO_BYTES; any larger picture goes as a document
PHOTO_SIDES = 10_000
PHOTO_RATIO = 20
PHOTO_BYTES = 10 * 1024 * 1024
#: characters of a title drawn on a picture (a 19,000-character burr title once made the
#: picture, and the worker drawing it, 2.2 GB)
TITLE_CHARS = 60

#: a phone shows a picture at most this wide (px), and a text under LEGIBLE_PX there is
#: too small to read (`legible`)
PHONE_WIDTH = 412
LEGIBLE_PX = 11
#: what sets a legend's parts apart on one line ("teal: vowels   yellow: rare letters")
LEGEND_GAP = "   "

#: distinct, colour-blind-friendly fills for pieces and word paths (Okabe-Ito + extras)
PALETTE = [
    (230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178),
    (213, 94, 0), (204, 121, 167), (153, 153, 153), (117, 112, 179), (102, 166, 30),
    (231, 41, 138), (166, 118, 29), (27, 158, 119), (217, 95, 2), (190, 174, 212),
    (253, 192, 134), (127, 201, 127), (56, 108, 176), (240, 2, 127), (191, 91, 23),
]


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, mono: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu from `assets/fonts` at the given pixel size."""
    name = "DejaVuSansMono.ttf" if mono else "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(FONTS / name), size)


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A white RGB picture and its drawing context."""
    image = Image.new("RGB", (width, height), PAPER)
    return image, ImageDraw.Draw(image)


def title(text: str) -> str:
    """A title or name as drawn: at most TITLE_CHARS characters, the rest cut."""
    return clip(text, TITLE_CHARS)


def text_width(text: str, size: int, bold: bool = False) -> int:
    """How wide `centred_text` draws a text (cut as a `title`), so a picture can be made
    wide enough for its labels rather than cut them."""
    return int(font(size, bold).getlength(title(text))) + 1


@dataclass(frozen=True)
class DrawnText:
    """One text as a picture shows it: its words, pixel size, box (left, top, right,
    bottom) and the picture's width and height, so a test can read every word a picture
    says and see that it fits and is large enough on a phone."""

    text: str
    size: int
    box: tuple[float, float, float, float]
    picture: tuple[int, int]
    asked: str


#: where `write` records the texts it draws, while `watching_texts` is on
_watched: ContextVar[list[DrawnText] | None] = ContextVar("watched_texts", default=None)


@contextmanager
def watching_texts() -> Iterator[list[DrawnText]]:
    """Every text the pictures drawn inside the block write, in order (for the tests:
    the words a picture says must be in the reader's language and legible at phone
    width)."""
    seen: list[DrawnText] = []
    token = _watched.set(seen)
    try:
        yield seen
    finally:
        _watched.reset(token)


def write(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
          fill: Colour = INK, bold: bool = False, anchor: str = "mm", mono: bool = False,
          asked: str | None = None) -> None:
    """Write text at a point by Pillow's anchor: the one way a picture's words are drawn,
    so that `watching_texts` sees them all (`asked`: the text before it was cut)."""
    shape = font(size, bold, mono)
    draw.text(xy, text, font=shape, fill=fill, anchor=anchor)
    seen = _watched.get()
    if seen is not None:
        left, top, right, bottom = draw.textbbox(xy, text, font=shape, anchor=anchor)
        seen.append(DrawnText(text, size, (left, top, right, bottom), draw.im.size,
                              text if asked is None else asked))


def legible(size: int, width: int) -> int:
    """`size`, or more when a picture `width` px wide would show it smaller than
    LEGIBLE_PX on a phone (which shows a picture at most PHONE_WIDTH px wide)."""
    return max(size, math.ceil(LEGIBLE_PX * width / PHONE_WIDTH))


def wrapped(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """The text broken into lines at most `width` px wide at `size`, so a translated
    legend is never cut: a legend's parts (set apart by three spaces, "teal: vowels
    yellow: rare letters") stay whole where they fit, else break at spaces; a word wider
    than `width` stands alone on its line."""
    def fits(line: str) -> bool:
        return font(size, bold).getlength(line) <= width

    lines: list[str] = []
    for part in text.split(LEGEND_GAP):
        words = part.split()
        if lines and fits(f"{lines[-1]}{LEGEND_GAP}{part}"):
            lines[-1] = f"{lines[-1]}{LEGEND_GAP}{part}"
            continue
        lines.append(words[0] if words else "")
        for word in words[1:]:
            if fits(f"{lines[-1]} {word}"):
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
    return lines


def centred_lines(draw: ImageDraw.ImageDraw, xy: tuple[float, float], lines: list[str],
                  size: int, fill: Colour = INK, bold: bool = False) -> None:
    """Lines (from `wrapped`) centred one under another, the block centred on a point."""
    step = round(size * 1.25)
    first = xy[1] - step * (len(lines) - 1) / 2
    for index, line in enumerate(lines):
        write(draw, (xy[0], first + index * step), line, size, fill, bold)


def centred_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str,
                 size: int, fill: Colour = INK, bold: bool = False) -> None:
    """Write text centred on a point (the anchor handles ascent/descent properly); a long
    text is cut as a `title`, so nothing a person typed widens a picture past reason."""
    write(draw, xy, title(text), size, fill, bold, asked=text)


def round_line(draw: ImageDraw.ImageDraw, start: tuple[float, float],
               end: tuple[float, float], fill: Colour, width: int) -> None:
    """A straight line with round ends: lines drawn end to end at an angle (an outline
    made of edges) join without the notch Pillow's square ends leave at each corner."""
    draw.line([start, end], fill=fill, width=width)
    radius = (width - 1) / 2  # as wide as the line itself
    for x, y in (start, end):
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=fill)


def ring_cells(image: Image.Image, origin: tuple[float, float], cell: float,
               cells: Iterable[tuple[int, int]]) -> None:
    """Outline `cells` ((row, column) from 1) of a regular grid whose top-left corner is
    at `origin` and whose cells are `cell` px: where a wrong solution breaks a rule."""
    pen = ImageDraw.Draw(image)
    width = max(3, round(cell / 12))
    for row, column in cells:
        x, y = origin[0] + (column - 1) * cell, origin[1] + (row - 1) * cell
        pen.rectangle([x + 2, y + 2, x + cell - 2, y + cell - 2], outline=BROKEN,
                      width=width)


def contrast(fill: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on `fill`."""
    r, g, b = fill[:3]
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 140 else PAPER


def png_bytes(image: Image.Image) -> bytes:
    """Encode a Pillow image as PNG at zlib's default level: `optimize=True` made the
    burr's main picture 4% smaller at almost five times the time (66 against 14 ms),
    and a reply waits for its first picture."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def fits_photo(width: int, height: int, size: int) -> bool:
    """Whether Telegram takes a picture this large as a photo (else PHOTO_INVALID_DIMENSIONS
    or a refused upload)."""
    return (width + height <= PHOTO_SIDES and max(width, height) <= PHOTO_RATIO * min(width, height)
            and size < PHOTO_BYTES)


def picture(filename: str, image: Image.Image, caption: str = "") -> Media:
    """A drawn picture as a reply's file, the guard every kind's picture goes through: a
    photo when Telegram takes it as one, else a PNG document (a Gogen with 3,000 words in
    its legend), so no picture is refused when it is sent."""
    data = png_bytes(image)
    sent_as = "photo" if fits_photo(image.width, image.height, len(data)) else "document"
    return Media(filename, data, sent_as, caption)
