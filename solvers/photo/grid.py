"""Find the Sudoku grid in a photo and straighten it into a square picture.

Words used here:
- *photo*: the user's picture, any size, as bytes (JPEG or PNG);
- *outline*: the four corners of the grid's outer border in the photo, clockwise from the
  top left;
- *board*: the grid warped to a square of `BOARD` pixels (`CELL` pixels a cell), grey,
  lit evenly (the page's shading divided out) so one threshold fits every cell.

The limits come first: the image's dimensions are read from its header and refused above
`MAX_PIXELS` before anything is decoded (a decompression bomb is a small file that
decodes to gigabytes), and big photos are decoded already reduced by JPEG's own 1/2, 1/4
or 1/8 scaling, which is also the fastest way to read them.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import numpy as np
from PIL import Image, UnidentifiedImageError

from ..i18n import N_, _
from ..values import PuzzleError

# OpenCV (cv2) is imported by the functions that use it: the bot's process imports this
# package for its records and reads no photo, and OpenCV costs it about 13 MB (issue 40).

#: pixels a cell of the board has on each side
CELL = 40
BOARD = 9 * CELL
#: the most pixels a photo may have (a 48-megapixel phone photo passes; a bomb does not)
MAX_PIXELS = 50_000_000
#: the longest side the grid search works at (Telegram's own photos are at most 1280)
WORK_SIDE = 1000
#: the smallest share of the photo the grid may cover, and the smallest side in pixels
MIN_GRID_SHARE = 0.04
MIN_GRID_SIDE = 90
FORMATS = {"JPEG", "PNG", "WEBP", "BMP"}

NOT_A_GRID = N_("I could not find a Sudoku grid in this picture.")


class PhotoError(PuzzleError):
    """A picture that cannot be read as a Sudoku; the message is one sentence for the user."""


@dataclass(frozen=True)
class Board:
    """The straightened grid and where it was found."""

    gray: np.ndarray  # BOARD x BOARD uint8, the page as it looked, warped
    ink: np.ndarray  # BOARD x BOARD float32, 0 for paper and 1 for the darkest ink
    outline: np.ndarray  # 4 x 2 float32 corners in the decoded photo's pixels
    scale: float  # photo pixels per decoded pixel


def decode(data: bytes) -> tuple[np.ndarray, float]:
    """The photo in grey at most `WORK_SIDE` on its longer side, and the factor it shrank by."""
    import cv2
    try:
        header = Image.open(io.BytesIO(data))
    except Image.DecompressionBombError as error:  # over twice Pillow's own pixel limit
        raise PhotoError(_("This picture is too large (at most {most} megapixels).").format(
            most=MAX_PIXELS // 1_000_000)) from error
    except (UnidentifiedImageError, OSError) as error:
        raise PhotoError(_("This file is not a picture I can read (JPEG or PNG).")) from error
    if header.format not in FORMATS:
        raise PhotoError(_("This file is not a picture I can read (JPEG or PNG)."))
    width, height = header.size
    if width * height > MAX_PIXELS:
        raise PhotoError(_("This picture is too large ({width}x{height} pixels; at most "
                           "{most} megapixels).").format(width=width, height=height,
                                                         most=MAX_PIXELS // 1_000_000))
    if min(width, height) * min(1.0, WORK_SIDE / max(width, height)) < MIN_GRID_SIDE:
        raise PhotoError(_("This picture ({width}x{height} pixels) is too small or too thin to "
                           "hold a Sudoku grid: send one at least {least} pixels each way, the "
                           "grid filling most of it.").format(width=width, height=height,
                                                              least=MIN_GRID_SIDE))
    reduce = 1
    if header.format == "JPEG":
        while reduce < 8 and max(width, height) / (reduce * 2) >= WORK_SIDE:
            reduce *= 2
    flag = {1: cv2.IMREAD_GRAYSCALE, 2: cv2.IMREAD_REDUCED_GRAYSCALE_2,
            4: cv2.IMREAD_REDUCED_GRAYSCALE_4, 8: cv2.IMREAD_REDUCED_GRAYSCALE_8}[reduce]
    gray = cv2.imdecode(np.frombuffer(data, np.uint8), flag)
    if gray is None or gray.size == 0:
        raise PhotoError(_("This picture is damaged and could not be decoded."))
    side = max(gray.shape)
    shrink = 1.0
    if side > WORK_SIDE:
        shrink = WORK_SIDE / side
        gray = cv2.resize(gray, None, fx=shrink, fy=shrink, interpolation=cv2.INTER_AREA)
    return gray, reduce / shrink


def _contrast(gray: np.ndarray) -> float:
    """The spread of grey levels (1st to 99th percentile): a dark photo has little, and the
    threshold below must ask for proportionally less darkness of the grid's lines."""
    low, high = np.percentile(gray, (1, 99))
    return float(high - low)


def order_corners(points: np.ndarray) -> np.ndarray:
    """Four points clockwise from the top left (the smallest x + y)."""
    points = points.reshape(-1, 2).astype(np.float32)
    total = points.sum(axis=1)
    diff = points[:, 1] - points[:, 0]
    return np.array([points[np.argmin(total)], points[np.argmin(diff)],
                     points[np.argmax(total)], points[np.argmax(diff)]], np.float32)


def _quad_of(contour: np.ndarray) -> np.ndarray | None:
    """The four corners of a contour that is roughly a convex quadrilateral, else None."""
    import cv2
    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for epsilon in (0.02, 0.04, 0.06):
        approx = cv2.approxPolyDP(hull, epsilon * perimeter, True)
        if len(approx) == 4:
            return order_corners(approx)
        if len(approx) < 4:
            return None
    return None


def _is_squarish(quad: np.ndarray) -> bool:
    """Sides within a factor 2.2 of each other: a grid seen at a slant, not a strip."""
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    return sides.min() >= MIN_GRID_SIDE * 0.5 and sides.max() / max(sides.min(), 1) < 2.2


def find_outline(gray: np.ndarray) -> np.ndarray:
    """The corners of the largest square-ish dark frame in the photo (the grid's border)."""
    import cv2
    blurred = cv2.GaussianBlur(gray, (5, 5), 0)
    block = max(15, (max(gray.shape) // 40) | 1)
    darker = max(2.0, 7 * _contrast(gray) / 220)
    binary = cv2.adaptiveThreshold(blurred, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                                   cv2.THRESH_BINARY_INV, block, darker)
    contours, _hierarchy = cv2.findContours(binary, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    smallest = max(MIN_GRID_SHARE * gray.size, MIN_GRID_SIDE ** 2)
    for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:8]:
        if cv2.contourArea(contour) < smallest:
            break
        quad = _quad_of(contour)
        if quad is not None and _is_squarish(quad):
            return quad
    raise PhotoError(_(NOT_A_GRID))


def flatten(gray: np.ndarray) -> np.ndarray:
    """Ink from 0 (paper) to 1 (darkest), the page's uneven light divided out."""
    import cv2
    paper = cv2.morphologyEx(gray, cv2.MORPH_CLOSE,
                             cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (CELL // 2, CELL // 2)))
    paper = cv2.GaussianBlur(paper, (0, 0), CELL / 4)
    ratio = gray.astype(np.float32) / np.maximum(paper.astype(np.float32), 1)
    ink = np.clip(1.0 - ratio, 0, 1)
    top = float(np.percentile(ink, 99.5))
    return np.clip(ink / max(top, 0.15), 0, 1)


def straighten(gray: np.ndarray, outline: np.ndarray) -> np.ndarray:
    """The grid warped onto the `BOARD` square."""
    import cv2
    square = np.array([[0, 0], [BOARD - 1, 0], [BOARD - 1, BOARD - 1], [0, BOARD - 1]],
                      np.float32)
    matrix = cv2.getPerspectiveTransform(outline, square)
    return cv2.warpPerspective(gray, matrix, (BOARD, BOARD), flags=cv2.INTER_AREA,
                               borderMode=cv2.BORDER_REPLICATE)


def find_board(data: bytes) -> Board:
    """The photo's Sudoku grid, straightened; PhotoError when there is none to see."""
    gray, scale = decode(data)
    outline = find_outline(gray)
    board = straighten(gray, outline)
    return Board(board, flatten(board), outline, scale)
