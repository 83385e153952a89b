"""Reading a Sudoku from a photo (solvers.photo): real phone photos of newspaper puzzles
from shared/sudoku_photos (Wicht and Hennebert's dataset, CC-BY-4.0), the same photos
damaged, and pictures with no Sudoku in them."""

from __future__ import annotations

import io
import json
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from solvers.__main__ import main as solvers_main
from solvers.photo import NOT_ENOUGH, PhotoError, Reading, read_photo
from solvers.photo import _repair as repair
from solvers.photo.grid import NOT_A_GRID
from solvers.photo.train import read_split, read_truth

PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "sudoku_photos"
#: held-out photos (never trained on) of each size: 640x480 (old phones), 1600x1200,
#: 960x1280 and 720x1280
EXACT = [22, 11, 1001, 1059]
#: the photo the damage tests start from (640x480, held out)
DAMAGED = 61


def photo(number: int) -> bytes:
    return (PHOTOS / f"image{number}.jpg").read_bytes()


def truth(number: int) -> tuple[int, ...]:
    return tuple(read_truth(PHOTOS / f"image{number}.dat"))


def jpeg(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    assert ok
    return data.tobytes()


def decoded(number: int) -> np.ndarray:
    return cv2.imdecode(np.frombuffer(photo(number), np.uint8), cv2.IMREAD_COLOR)


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def test_the_examples_are_held_out_photos():
    held_out = set(read_split()["heldout"])
    assert set(EXACT) | {DAMAGED} <= held_out


@pytest.mark.parametrize("number", EXACT)
def test_photos_are_read_exactly(number):
    reading = read_photo(photo(number))
    assert reading.grid == truth(number)
    assert (reading.solutions, reading.repairs) == (1, ())
    assert len(reading.confidence) == 81 and min(reading.confidence) > 0


@pytest.mark.parametrize(("damage", "turns"), [
    ("turned a quarter clockwise", 1),
    ("upside down", 2),
    ("turned a quarter anticlockwise", 3),
    ("darkened", 0),
    ("blurred", 0),
])
def test_damaged_photos_are_still_read(damage, turns):
    image = decoded(DAMAGED)
    changed = {
        "turned a quarter clockwise": lambda: cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE),
        "upside down": lambda: cv2.rotate(image, cv2.ROTATE_180),
        "turned a quarter anticlockwise": lambda: cv2.rotate(image,
                                                             cv2.ROTATE_90_COUNTERCLOCKWISE),
        "darkened": lambda: (image * 0.35).astype(np.uint8),
        "blurred": lambda: cv2.GaussianBlur(image, (0, 0), 1.5),
    }[damage]()
    reading = read_photo(jpeg(changed))
    assert reading.grid == truth(DAMAGED)
    assert reading.turns == turns


def test_a_photo_cropped_through_the_grid_asks_for_the_whole_grid():
    image = decoded(DAMAGED)
    height, width = image.shape[:2]
    half = image[:, : width // 2]
    with pytest.raises(PhotoError) as raised:
        read_photo(jpeg(half))
    assert str(raised.value) == NOT_ENOUGH


def test_pictures_without_a_sudoku_get_one_sentence():
    blank = Image.new("RGB", (800, 600), "white")
    with pytest.raises(PhotoError, match="^I could not find a Sudoku grid in this picture.$"):
        read_photo(png(blank))
    drawing = Image.new("RGB", (640, 480), (200, 170, 120))
    pen = ImageDraw.Draw(drawing)
    pen.ellipse([180, 120, 460, 400], fill=(90, 60, 30))  # a cat's head, roughly
    pen.polygon([(200, 180), (230, 60), (300, 140)], fill=(90, 60, 30))
    pen.polygon([(440, 180), (410, 60), (340, 140)], fill=(90, 60, 30))
    with pytest.raises(PhotoError, match="^I could not find a Sudoku grid in this picture.$"):
        read_photo(png(drawing))
    with pytest.raises(PhotoError) as raised:
        read_photo(b"%PDF-1.4 not a picture")
    assert str(raised.value) == "This file is not a picture I can read (JPEG or PNG)."


def test_a_crossword_is_not_a_sudoku():
    """A 15x15 grid with black squares and no digits: a grid, but not a Sudoku."""
    size, cell = 600, 36
    picture = Image.new("L", (size, size), 255)
    pen = ImageDraw.Draw(picture)
    rng = np.random.default_rng(7)
    left = (size - 15 * cell) // 2
    for row in range(15):
        for column in range(15):
            box = [left + column * cell, left + row * cell, left + (column + 1) * cell,
                   left + (row + 1) * cell]
            pen.rectangle(box, outline=0, width=2, fill=0 if rng.random() < 0.15 else 255)
    with pytest.raises(PhotoError) as raised:
        read_photo(png(picture))
    assert str(raised.value) in (NOT_A_GRID, NOT_ENOUGH)


def test_a_decompression_bomb_is_refused_before_decoding():
    bomb = png(Image.new("1", (10_000, 8_000)))  # 80 megapixels in a few kilobytes
    assert len(bomb) < 100_000
    with pytest.raises(PhotoError) as raised:
        read_photo(bomb)
    assert str(raised.value) == ("This picture is too large (10000x8000 pixels; "
                                 "at most 50 megapixels).")


def bomb_png(side: int) -> bytes:
    """A one-bit PNG `side` pixels square, all black, written row by row (never held whole
    in memory): a 30000x30000 one is about 110 KB."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body)))

    squeeze = zlib.compressobj(9)
    row = bytes(1 + (side + 7) // 8)  # filter byte "none", then the row's bits
    body = b"".join(squeeze.compress(row) for _ in range(side)) + squeeze.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body)
            + chunk(b"IEND", b""))


def test_a_picture_past_pillows_own_bomb_limit_gets_a_clear_line():
    """Pillow refuses to open a picture of over twice its `MAX_IMAGE_PIXELS` (a
    DecompressionBombError, not an OSError): the person is told it is too large."""
    bomb = bomb_png(30_000)
    assert len(bomb) < 200_000
    with pytest.raises(PhotoError) as raised:
        read_photo(bomb)
    assert str(raised.value) == "This picture is too large (at most 50 megapixels)."


@settings(max_examples=40, deadline=None)
@given(width=st.integers(1, 6000), height=st.integers(1, 6000),
       fill=st.sampled_from(["white", "black", "grey"]))
def test_a_picture_of_any_size_gets_a_reading_or_one_clear_line(width, height, fill):
    """Thin strips (4000x2), single pixels, tall and wide pictures: never a crash, and a
    picture too thin to hold a grid is told so."""
    if width * height > 6_000_000:  # big and plain: nothing new to learn, and slow
        height = max(1, 6_000_000 // width)
    try:
        read_photo(png(Image.new("L", (width, height), fill)))
    except PhotoError as error:
        assert str(error).count(".") <= 3 and "Traceback" not in str(error)
        if min(width, height) < 90:
            assert "too small or too thin to hold a Sudoku grid" in str(error)


def test_a_thin_strip_is_refused_clearly():
    with pytest.raises(PhotoError) as raised:
        read_photo(png(Image.new("RGB", (4000, 2), "white")))
    assert str(raised.value).startswith("This picture (4000x2 pixels) is too small or too thin")


def test_the_tie_breaker_changes_an_unsure_cell_only_when_that_makes_one_solution():
    givens = list(truth(DAMAGED))
    grid = list(givens)
    # misread: a given taken for another given of its row, so the row has a digit twice
    wrong_cell = next(c for c, d in enumerate(grid)
                      if d and sum(1 for e in grid[c - c % 9:c - c % 9 + 9] if e) > 1)
    right = grid[wrong_cell]
    row = grid[wrong_cell - wrong_cell % 9:wrong_cell - wrong_cell % 9 + 9]
    misread = next(d for d in row if d and d != right)
    grid[wrong_cell] = misread
    confidence = [1.0] * 81
    confidence[wrong_cell] = 0.55
    fixed, repairs, solutions = repair(grid, confidence, {wrong_cell: [right]})
    assert fixed == givens and solutions == 1
    assert [(r.cell, r.read, r.chosen) for r in repairs] == [(wrong_cell, misread, right)]
    # a sure cell is never changed, whatever the count
    confidence[wrong_cell] = 0.99
    assert repair(grid, confidence, {wrong_cell: [right]}) == (grid, (), 0)


def test_a_reading_names_its_cells_as_on_the_paper():
    """The bot names cells through the Reading, never by the grid's width."""
    assert [Reading.cell_name(c) for c in (0, 8, 9, 40, 80)] == [
        "row 1 column 1", "row 1 column 9", "row 2 column 1", "row 5 column 5",
        "row 9 column 9"]


def test_the_command_prints_json_and_writes_the_picture(tmp_path, capsys):
    number = EXACT[0]
    out = tmp_path / "read.png"
    assert solvers_main(["read-photo", str(PHOTOS / f"image{number}.jpg"), "--json",
                         "--png", str(out)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["kind"] == "sudoku"
    assert shown["grid"] == "".join(map(str, truth(number)))
    assert len(shown["confidence"]) == 81 and shown["solutions"] == 1
    assert set(shown["timings_ms"]) == {"grid", "digits", "solve", "total"}
    with Image.open(out) as picture:
        assert picture.size == (540, 540)
    not_a_picture = tmp_path / "notes.jpg"
    not_a_picture.write_text("shopping list")
    assert solvers_main(["read-photo", str(not_a_picture)]) == 2
    assert capsys.readouterr().err == "This file is not a picture I can read (JPEG or PNG).\n"
