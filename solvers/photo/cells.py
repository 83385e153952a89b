"""Cut the straightened board into its 81 cells and find the printed digit in each.

A *mark* is the ink of one cell's digit: the connected blobs of ink near the cell's centre
that are not grid lines, cropped to their box and scaled (keeping their shape) into a
`SAMPLE` x `SAMPLE` square, the input the digit classifier was trained on. A cell with no
such ink is empty and has no mark.
"""

from __future__ import annotations

import numpy as np

from .grid import CELL

# OpenCV (cv2) is imported by the functions that use it: the bot's process imports this
# package for its records and reads no photo, and OpenCV costs it about 13 MB (issue 40).

#: side of the square a mark is scaled into, and of the box the mark's longer side fills
SAMPLE = 28
INNER = 20
#: ink above this (0..1, paper 0) counts when finding blobs; a cell with no digit at that
#: level is looked at again at `FAINT_LEVEL` above its window's paper (its median ink): a
#: faded or out-of-focus corner of the page, not a patch of shade
INK_LEVEL = 0.3
FAINT_LEVEL = 0.12
#: a straight run of ink this long (share of a cell) is a grid line, not a digit's stroke
LINE_RUN = 0.7
#: a digit's height as a share of the cell: at least, at most
MIN_HEIGHT = 0.28
MAX_HEIGHT = 0.92
#: pixels between a digit's blob and a piece of its broken stroke
GAP = 3
#: how far (share of a cell) the window reaches past the cell, for grids a little bent
REACH = 0.2
#: how far (share of a cell) from the cell's centre a digit's box and ink centre may be,
#: and the centre of a piece of its stroke (beyond that: bits of the cell's grid lines)
OFF_CENTRE = 0.3
PIECE_OFF_CENTRE = 0.35


def _window(ink: np.ndarray, row: int, column: int) -> tuple[np.ndarray, int, int]:
    """The cell's window of ink (reaching `REACH` past each side) and its top left corner."""
    pad = int(CELL * REACH)
    top = max(row * CELL - pad, 0)
    left = max(column * CELL - pad, 0)
    bottom = min((row + 1) * CELL + pad, ink.shape[0])
    right = min((column + 1) * CELL + pad, ink.shape[1])
    return ink[top:bottom, left:right], top, left


def without_lines(binary: np.ndarray) -> np.ndarray:
    """The binary ink with its grid lines (long horizontal and vertical runs, and their
    blurred edges) taken out, so a digit printed across a line of a bent page is a blob
    of its own; the ink of the line where it crosses the digit's stroke is kept."""
    import cv2
    run = int(LINE_RUN * CELL)
    lines: np.ndarray = cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((1, run), np.uint8))
    lines |= cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((run, 1), np.uint8))
    rest = binary & (1 - cv2.dilate(lines, np.ones((3, 3), np.uint8)))
    return binary & cv2.morphologyEx(rest, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))


def _digit_blobs(window: np.ndarray, centre: tuple[float, float]) -> np.ndarray | None:
    """The mask of the digit's blobs in the window, or None for an empty cell: the ink as
    it is first, then with the grid lines taken out, then both again at the faint level."""
    faint = min(FAINT_LEVEL + float(np.median(window)), INK_LEVEL)
    for level in (INK_LEVEL, faint):
        binary = (window > level).astype(np.uint8)
        for candidate in (binary, without_lines(binary)):
            mask = _blobs_at(candidate, centre)
            if mask is not None:
                return mask
    return None


def _blobs_at(binary: np.ndarray, centre: tuple[float, float]) -> np.ndarray | None:
    """The mask of the digit's blobs in one binary window, or None when it has none."""
    import cv2
    count, labels, stats, centroids = cv2.connectedComponentsWithStats(binary, connectivity=8)
    best, best_area = 0, 0
    for label in range(1, count):
        x, y, width, height, area = stats[label]
        cx, cy = x + width / 2, y + height / 2
        # sideways photos turn a digit's height into its width: both are allowed
        tall, wide = max(height, width), min(height, width)
        if not MIN_HEIGHT * CELL <= tall <= MAX_HEIGHT * CELL or wide > 0.85 * CELL:
            continue
        # the box's centre and the ink's: a corner of grid lines has its ink off its box's
        if not (_near(centre, (cx, cy), OFF_CENTRE) and _near(centre, centroids[label],
                                                               OFF_CENTRE)):
            continue
        if area > best_area:
            best, best_area = label, area
    if not best:
        return None
    return _with_pieces(labels, stats, best, centre)


def _near(centre: tuple[float, float], point: tuple[float, float] | np.ndarray,
          share: float) -> bool:
    """The point lies within `share` of a cell from the centre, across and down."""
    return abs(point[0] - centre[0]) <= share * CELL and abs(point[1] - centre[1]) <= share * CELL


def _with_pieces(labels: np.ndarray, stats: np.ndarray, best: int,
                 centre: tuple[float, float]) -> np.ndarray:
    """The digit's blob and the pieces of its broken strokes: small blobs touching its box
    (within `GAP` pixels) that keep the whole a digit's size (a 7's stem, a 5's flag),
    and do not lie out on the cell's grid lines."""
    x, y, width, height, _ = stats[best]
    left, top, right, bottom = x, y, x + width, y + height
    mask = labels == best
    for label in range(1, len(stats)):
        bx, by, bw, bh, _ = stats[label]
        if label == best or max(bw, bh) > 0.6 * CELL:
            continue
        if not _near(centre, (bx + bw / 2, by + bh / 2), PIECE_OFF_CENTRE):
            continue
        if bx > right + GAP or bx + bw < left - GAP or by > bottom + GAP or by + bh < top - GAP:
            continue
        joined = (min(left, bx), min(top, by), max(right, bx + bw), max(bottom, by + bh))
        tall = max(joined[2] - joined[0], joined[3] - joined[1])
        wide = min(joined[2] - joined[0], joined[3] - joined[1])
        if tall <= MAX_HEIGHT * CELL and wide <= 0.85 * CELL:
            left, top, right, bottom = joined
            mask |= labels == label
    return mask


def to_sample(ink: np.ndarray) -> np.ndarray:
    """A mark's ink cropped to its box and centred in a SAMPLE square, longer side INNER.

    Its darkest pixel is scaled to 1, so grey print and black print look alike.
    """
    import cv2
    ys, xs = np.nonzero(ink > 0.05)
    crop = ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    height, width = crop.shape
    factor = INNER / max(height, width)
    new_w, new_h = max(1, round(width * factor)), max(1, round(height * factor))
    scaled = cv2.resize(crop, (new_w, new_h), interpolation=cv2.INTER_AREA)
    sample = np.zeros((SAMPLE, SAMPLE), np.float32)
    top, left = (SAMPLE - new_h) // 2, (SAMPLE - new_w) // 2
    sample[top:top + new_h, left:left + new_w] = scaled
    return sample / max(float(sample.max()), 1e-3)


def mark_of(window: np.ndarray, centre: tuple[float, float]) -> np.ndarray | None:
    """The mark of the digit near `centre` in a window of ink, or None for an empty cell."""
    import cv2
    mask = _digit_blobs(window, centre)
    if mask is None:
        return None
    grown = cv2.dilate(mask.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    return to_sample(np.where(grown, window, 0))


def marks(ink: np.ndarray) -> list[np.ndarray | None]:
    """The 81 cells' marks, row by row, None for an empty cell."""
    found: list[np.ndarray | None] = []
    for row in range(9):
        for column in range(9):
            window, top, left = _window(ink, row, column)
            found.append(mark_of(window, ((column + 0.5) * CELL - left, (row + 0.5) * CELL - top)))
    return found
