"""The families the pencil genres are listed under (/example's menu, /help puzzles): what
a person does in the genre, so that forty genres read as four short lists."""

from __future__ import annotations

from ..i18n import N_

SHADING, LOOPS, NUMBERS, REGIONS = (
    N_("Pencil puzzles: shading and placing"), N_("Pencil puzzles: loops and lines"),
    N_("Pencil puzzles: numbers and letters"), N_("Pencil puzzles: regions"))
#: the order the families are listed in
FAMILY_ORDER = (SHADING, LOOPS, NUMBERS, REGIONS)

#: each genre's family by its canonical name
FAMILIES = {
    **dict.fromkeys(("nurikabe", "heyawake", "hitori", "kurodoko", "lits", "norinori", "tapa",
                     "yinyang", "creek", "shakashaka", "nurimaze", "shimaguni", "tasquare",
                     "yajikazu", "lightup", "starbattle"), SHADING),
    **dict.fromkeys(("slither", "mashu", "yajirin", "numlin", "hashikake", "pipelink",
                     "icebarn", "firefly", "kinkonkan", "gokigen", "country"), LOOPS),
    **dict.fromkeys(("sudoku", "kakuro", "fillomino", "ripple", "kakuru", "sukoro", "nanro",
                     "easyasabc", "hebi", "roma"), NUMBERS),
    **dict.fromkeys(("shikaku", "tentaisho", "tatamibari"), REGIONS),
}


def family_of(genre: str) -> str:
    """The family a genre is listed under (a new genre not yet placed: under regions)."""
    return FAMILIES.get(genre, REGIONS)
