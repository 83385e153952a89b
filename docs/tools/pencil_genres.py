"""The genre table and pictures of docs/kinds/pencil.md, made from the genre modules.

For each genre (`solvers/pencil/genres/`), the first link of `tests/data/pencil/GENRE.json`
is solved and drawn into `docs/images/pencil-GENRE.png`; the table between the markers
of docs/kinds/pencil.md is written again. A genre helper adds a genre and runs:

    .venv/bin/python docs/tools/pencil_genres.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT))

from solvers.base import Limits  # noqa: E402
from solvers.pencil import Pencil  # noqa: E402
from solvers.pencil.genres import genres  # noqa: E402

PAGE = ROOT / "docs" / "kinds" / "pencil.md"
IMAGES = ROOT / "docs" / "images"
DATA = ROOT / "tests" / "data" / "pencil"
START, END = "<!-- genres: start -->", "<!-- genres: end -->"
#: drawn this wide at most: a small picture per genre
WIDTH = 260


def main() -> None:
    kind = Pencil()
    rows = ["| genre | names in links | rules | example |", "| --- | --- | --- | --- |"]
    for genre in genres():
        data = DATA / f"{genre.name}.json"
        picture = ""
        if data.exists():
            link = json.loads(data.read_text(encoding="utf-8"))["puzzles"][0]["link"]
            puzzle = kind.parse(link)
            found = kind.solve(puzzle, Limits.within(60))
            image = kind.render(puzzle, found.found[0] if found.found else None)
            image.thumbnail((WIDTH, WIDTH * 2))
            image.save(IMAGES / f"pencil-{genre.name}.png")
            picture = f"![{genre.title}](../images/pencil-{genre.name}.png)"
        names = ", ".join(f"`{name}`" for name in genre.names)
        rows.append(f"| {genre.title} | {names} | {' '.join(genre.rules)} | {picture} |")
    text = PAGE.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    tail = rest.split(END, 1)[1]
    PAGE.write_text(f"{head}{START}\n" + "\n".join(rows) + f"\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
