"""A puzz.link (or older pzv.jp) link, read into its parts.

The shape is `[https://]puzz.link/p?GENRE[_edit|_play]/[v:VARIANT/][FLAG/]COLS/ROWS/BODY`
(width first). The genre name is kept as written (lower case); the catalog of genres
(`solvers.pencil.genres`) resolves aliases. The body is read by each genre's decoder
with the shared codecs (`codecs.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..i18n import _
from ..texts import clip
from ..values import PuzzleError

#: the player's hosts and pages, any of which may start a link
HOSTS = (r"(?:https?://)?(?:www\.)?(?:puzz\.link/p|pzv\.jp/p(?:\.html)?"
         r"|pzprxs\.vercel\.app/p|puzz\.link/p\.html)\?")
#: a link anywhere in a text: a host, then the genre and the rest up to white space
LINK = re.compile(HOSTS + r"[^\s<>\"']+", re.IGNORECASE)
#: the genre part, with the editor / player suffix the player itself adds
GENRE = re.compile(r"^([a-z0-9]+?)(?:_(edit|play))?$")
#: the largest side a board may have (docs/limits.md)
MAX_SIDE = 60


@dataclass(frozen=True)
class Link:
    """The parts of a link: `genre` as written (lower case, no _edit/_play), `variant`
    (the `v:` segment), `flag` (a letter segment before the size, such as slither's
    `b`), `cols`, `rows` and the encoded `body` (may hold '/')."""

    genre: str
    cols: int
    rows: int
    body: str
    flag: str = ""
    variant: str = ""

    def url(self, genre: str | None = None) -> str:
        """The link written out as puzz.link writes it (with `genre` instead if given)."""
        parts = [genre or self.genre]
        if self.variant:
            parts.append(f"v:{self.variant}")
        if self.flag:
            parts.append(self.flag)
        parts += [str(self.cols), str(self.rows)]
        if self.body:
            parts.append(self.body)
        return "https://puzz.link/p?" + "/".join(parts)


def find_link(text: str) -> str | None:
    """The first puzz.link / pzv.jp link in a text, or None."""
    match = LINK.search(text)
    return match.group(0) if match else None


def link_genre(link: str) -> str:
    """The genre a link names, as written (lower case, without `_edit`/`_play`); "" when
    its genre part cannot be read."""
    part = link.split("?", 1)[-1].split("/", 1)[0].lower()
    genre = GENRE.match(part)
    return genre.group(1) if genre else ""


def is_link(text: str) -> bool:
    """Whether the text is a link and nothing else (white space aside)."""
    return LINK.fullmatch(text.strip()) is not None


def read_link(text: str) -> Link:
    """The link's parts; PuzzleError naming the part that could not be read."""
    found = find_link(text)
    if found is None:
        raise PuzzleError(_("This is not a puzz.link link (expected https://puzz.link/p?"
                            "GENRE/COLS/ROWS/...)."))
    # a comma or bracket after a pasted link is the sentence's; a final '.' is the body's
    # own (a '?' clue in the last cell), so it stays
    query = found.split("?", 1)[1].rstrip(",;)")
    odd = next((char for char in query if not char.isascii()), None)
    if odd is not None:  # a link is plain ASCII; '²' would pass isdigit() and fail int()
        raise PuzzleError(_("The link holds {char!r} at character {place}; puzz.link links "
                            "hold only plain letters, digits and signs.").format(
                                char=odd, place=query.index(odd) + 1))
    parts = query.split("/")
    genre = GENRE.match(parts[0].lower())
    if genre is None:
        raise PuzzleError(_("The link's genre part {part!r} could not be read.").format(
            part=clip(parts[0])))
    rest = parts[1:]
    variant = flag = ""
    if rest and rest[0].startswith("v:"):
        variant = rest.pop(0)[2:]
    if rest and rest[0] and not rest[0].isdigit():
        flag = rest.pop(0)
    if len(rest) < 2 or not all(side.isdigit() and len(side) < 6 for side in rest[:2]):
        raise PuzzleError(_("The link's size (columns/rows after the genre) could not be "
                            "read in {query!r}.").format(query=clip(query)))
    cols, rows = int(rest[0]), int(rest[1])
    if not (0 < cols <= MAX_SIDE and 0 < rows <= MAX_SIDE):
        raise PuzzleError(_("The board is {cols}x{rows}; boards up to {limit}x{limit} are "
                            "solved (see the limits page).").format(
                                cols=cols, rows=rows, limit=MAX_SIDE))
    body = "/".join(rest[2:])
    return Link(genre.group(1), cols, rows, body, flag, variant)
