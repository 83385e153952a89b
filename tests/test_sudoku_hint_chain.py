"""A forcing chain on the Sudoku hint picture (issue 39 point 6): its sentence names the
premise's cell, the singles that follow and the cell where it goes wrong; the picture
marks each of them and links them with arrows in the sentence's order."""

from __future__ import annotations

import io
import itertools
import re
from dataclasses import replace

from PIL import Image, ImageChops

from solvers import draw
from solvers.sudoku.logic import chains, forcing
from solvers.sudoku.logic.board import ALL, Board, bit, cell_name
from solvers.sudoku.logic.path import Snapshot
from solvers.sudoku.logic.picture import CELL, MARGIN, TOP, picture
from tests.test_sudoku_chains_als import rc
from tests.test_sudoku_forcing import VERITY_SET_VALUE, stuck

CELL_NAME = re.compile(r"R\dC\d")


def chained() -> tuple[forcing.Step, Snapshot, tuple[int, ...]]:
    """A forcing chain that goes wrong (its longest), the board before it, the givens."""
    board, grid = stuck(VERITY_SET_VALUE[0][0])
    wrong = [s for s in forcing.every_step(board) if s.text.startswith("Suppose")]
    found = max(wrong, key=lambda s: len(s.links))
    return found, Snapshot(tuple(board.values), tuple(board.cands)), grid


def test_the_chain_links_every_cell_its_sentence_names_in_order():
    found, _, _ = chained()
    named = list(dict.fromkeys(CELL_NAME.findall(found.text)))
    followed = [found.links[0][0], *(end for _, end in found.links)]
    assert [cell_name(c) for c in followed] == named, found.text
    assert all(a[1] == b[0] for a, b in zip(found.links, found.links[1:], strict=False))
    assert set(followed) <= set(found.cells)
    assert len(found.links) >= 3


def test_a_forcing_chains_picture_draws_its_chain():
    found, before, grid = chained()
    with draw.watching_texts() as seen:
        drawn = picture(grid, before, found, "Sudoku")
    plain = picture(grid, before, replace(found, links=()), "Sudoku")
    grid_box = (0, 0, drawn.width, TOP + 9 * CELL)  # the legend has a line more
    changed = ImageChops.difference(drawn.crop(grid_box), plain.crop(grid_box)).getbbox()
    assert changed is not None
    # the arrows lie between the chain's cells, and the legend says what they are
    followed = {c for link in found.links for c in link}
    rows, columns = {c // 9 for c in followed}, {c % 9 for c in followed}
    left, top, right, bottom = changed
    assert MARGIN + min(columns) * CELL <= left and right <= MARGIN + (max(columns) + 1) * CELL
    assert TOP + min(rows) * CELL <= top and bottom <= TOP + (max(rows) + 1) * CELL
    assert any("blue arrows: the chain, in order" in text.text for text in seen)
    buffer = io.BytesIO()
    drawn.save(buffer, "PNG")
    assert Image.open(buffer).format == "PNG"


def test_an_aic_links_its_cells_in_the_order_its_sentence_follows():
    """R1C1 = R1C1 - R1C5 = R5C5 ... (test_sudoku_chains_als's board): the links skip the
    step inside R1C1 and run from cell to cell as the sentence names them."""
    board = Board([0] * 81, [ALL] * 81)
    board.cands[rc(1, 1)] = board.cands[rc(5, 5)] = bit(1) | bit(2)
    for row in range(2, 10):
        if row != 5:
            board.cands[rc(row, 5)] &= ~bit(2)
    for col in range(2, 10):
        if col != 5:
            board.cands[rc(5, col)] &= ~bit(1)
    found = chains.aic(board)
    followed = [found.links[0][0], *(end for _, end in found.links)]
    named = [cell for cell, _ in itertools.groupby(
        int(row) * 9 + int(col) - 10 for row, col in
        re.findall(r"R(\d)C(\d)", found.text.split(":")[0]))]
    assert followed == named and len(followed) >= 3
