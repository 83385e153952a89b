"""Train the digit classifier: `python -m solvers.photo.train [--photos DIR] [--out FILE]`.

The training set, all made here from a fixed seed so a run gives the same weights:
- digits 1..9 rendered from the fonts in `assets/fonts` and Debian's fonts (`FONTS`),
  tilted, sheared, thinned or thickened, blurred, faded and speckled, each drawn in a
  cell with bits of grid line around it and cut out by the same code the reader uses;
- the cells of the *training* photos of `shared/sudoku_photos` (the split in
  `bench/data/sudoku_photos_split.txt`; the held-out photos are never opened here), cut
  from boards found by the reader itself and labelled from the photos' `.dat` files,
  each board also slightly turned, scaled and blurred a few times;
- class 0, ink that is no digit: the specks the reader found in cells that are empty in
  the truth, and drawn strokes, dots and grid-line ends.

The network (784 -> 128 -> 10, ReLU, softmax) is trained with Adam on cross-entropy in
numpy. The committed `digits.npz` was made by

    OPENBLAS_NUM_THREADS=1 .venv/bin/python -m solvers.photo.train

(about 10 minutes on a busy 2-core machine; one BLAS thread is much faster than several
for these small products when the cores are shared). Debian packages for the fonts:
fonts-dejavu-core fonts-liberation fonts-freefont-ttf fonts-urw-base35.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFont

from .cells import REACH, SAMPLE, mark_of, marks
from .digits import CLASSES, MODEL, forward
from .grid import CELL, PhotoError, find_board, flatten

ROOT = Path(__file__).resolve().parents[2]
SPLIT = ROOT / "bench" / "data" / "sudoku_photos_split.txt"
PHOTOS = ROOT.parent / "shared" / "sudoku_photos"
SEED = 18
FONTS = [
    *sorted((ROOT / "assets" / "fonts").glob("DejaVuSans*.ttf")),
    *(Path("/usr/share/fonts/truetype") / name for name in (
        "dejavu/DejaVuSerif.ttf", "dejavu/DejaVuSerif-Bold.ttf",
        "liberation/LiberationSans-Regular.ttf", "liberation/LiberationSans-Bold.ttf",
        "liberation/LiberationSansNarrow-Regular.ttf", "liberation/LiberationSerif-Regular.ttf",
        "liberation/LiberationSerif-Bold.ttf", "freefont/FreeSans.ttf",
        "freefont/FreeSansBold.ttf", "freefont/FreeSerif.ttf", "freefont/FreeSerifBold.ttf")),
    *(Path("/usr/share/fonts/opentype/urw-base35") / name for name in (
        "NimbusSans-Regular.otf", "NimbusSans-Bold.otf", "NimbusSansNarrow-Regular.otf",
        "NimbusRoman-Regular.otf", "NimbusRoman-Bold.otf", "C059-Roman.otf", "P052-Roman.otf",
        "URWGothic-Book.otf", "URWGothic-Demi.otf", "URWBookman-Light.otf")),
]
#: rendered digits per font and digit; board variants per training photo
RENDERS = 120
VARIANTS = 4
WINDOW = int(CELL * (1 + 2 * REACH))
SUPER = 4  # drawing is done this many times larger, then shrunk (antialiasing)


def read_split() -> dict[str, list[int]]:
    """The photo numbers of each part of the fixed split."""
    parts = {}
    for line in SPLIT.read_text().splitlines():
        if line and not line.startswith("#"):
            name, *numbers = line.split()
            parts[name] = [int(n) for n in numbers]
    return parts


def validation_photos() -> list[int]:
    """Every third training photo: left out of training by `--validate`, to compare
    choices (model size, augmentation) without looking at the held-out photos."""
    return read_split()["train"][::3]


def read_truth(path: Path) -> list[int]:
    """The 81 digits of a `.dat` file (0 for an empty cell)."""
    lines = path.read_text().splitlines()[2:11]
    return [int(x) for line in lines for x in line.split()]


def _cell_frame(rng: np.random.Generator) -> np.ndarray:
    """A blank window at SUPER scale with the cell's grid lines drawn at random widths."""
    size = WINDOW * SUPER
    frame = np.zeros((size, size), np.float32)
    edge = int(CELL * REACH) * SUPER
    for position in (edge, size - edge):
        if rng.random() < 0.7:
            width = int(rng.integers(1, 4)) * SUPER // 2 + 1
            shift = int(rng.integers(-3, 4)) * SUPER
            frame[:, max(position + shift - width, 0):position + shift + width] = rng.uniform(.4, 1)
        if rng.random() < 0.7:
            width = int(rng.integers(1, 4)) * SUPER // 2 + 1
            shift = int(rng.integers(-3, 4)) * SUPER
            frame[max(position + shift - width, 0):position + shift + width, :] = rng.uniform(.4, 1)
    return frame


def _photograph(drawn: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A drawn window as a camera would give it: turned, shrunk, blurred, faded, noisy."""
    size = drawn.shape[0]
    matrix = cv2.getRotationMatrix2D((size / 2, size / 2), rng.uniform(-7, 7), 1.0)
    matrix[0, 1] += rng.uniform(-0.15, 0.15)
    drawn = cv2.warpAffine(drawn, matrix, (size, size))
    stroke = int(rng.integers(-1, 2)) * SUPER
    if stroke:
        kernel = np.ones((abs(stroke) + 1, abs(stroke) + 1), np.uint8)
        drawn = cv2.dilate(drawn, kernel) if stroke > 0 else cv2.erode(drawn, kernel)
    small = cv2.resize(drawn, (WINDOW, WINDOW), interpolation=cv2.INTER_AREA)
    sigma = rng.uniform(0, 1.3)
    if sigma > 0.3:
        small = cv2.GaussianBlur(small, (0, 0), sigma)
    small = small * rng.uniform(0.45, 1.0) + rng.normal(0, rng.uniform(0, 0.06), small.shape)
    return np.clip(small, 0, 1).astype(np.float32)


def render_digit(font: ImageFont.FreeTypeFont, digit: int, rng: np.random.Generator) -> np.ndarray:
    """A window of ink with one digit printed in its cell, photographed."""
    frame = _cell_frame(rng)
    canvas = Image.new("L", frame.shape[::-1], 0)
    centre = WINDOW * SUPER / 2 + rng.normal(0, 1.5, 2) * SUPER
    ImageDraw.Draw(canvas).text(tuple(centre), str(digit), fill=255, font=font, anchor="mm")
    drawn = np.maximum(frame, np.asarray(canvas, np.float32) / 255)
    return _photograph(drawn, rng)


def render_speck(rng: np.random.Generator) -> np.ndarray:
    """A window of ink with no digit: grid lines plus a stroke, blot or smudge."""
    frame = _cell_frame(rng)
    size = frame.shape[0]
    points = (rng.uniform(0.3, 0.7, (int(rng.integers(2, 5)), 2)) * size).astype(np.int32)
    width = int(rng.integers(1, 4)) * SUPER
    if rng.random() < 0.5:
        cv2.polylines(frame, [points], False, float(rng.uniform(0.5, 1)), width)
    else:
        axes = tuple(int(a) for a in rng.integers(2, 14, 2) * SUPER)
        cv2.ellipse(frame, tuple(int(p) for p in points[0]), axes, float(rng.uniform(0, 180)),
                    0, int(rng.integers(90, 361)), float(rng.uniform(0.5, 1)), width)
    return _photograph(frame, rng)


def font_samples(rng: np.random.Generator) -> tuple[list[np.ndarray], list[int]]:
    """Rendered digits from every font, and drawn non-digits, with their classes."""
    missing = [str(path) for path in FONTS if not path.exists()]
    if missing:
        sys.exit("missing fonts (install the Debian packages in this module's docstring): "
                 + ", ".join(missing))
    samples, labels = [], []
    centre = (WINDOW / 2, WINDOW / 2)
    for path in FONTS:
        for _ in range(RENDERS):
            height = rng.uniform(0.45, 0.85) * CELL * SUPER
            font = ImageFont.truetype(str(path), int(height * 1.35))
            for digit in range(1, 10):
                mark = mark_of(render_digit(font, digit, rng), centre)
                if mark is not None:
                    samples.append(mark)
                    labels.append(digit)
    for _ in range(len(samples) // 20):
        mark = mark_of(render_speck(rng), centre)
        if mark is not None:
            samples.append(mark)
            labels.append(0)
    return samples, labels


def _turned(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A board's ink slightly turned, scaled, shifted and blurred."""
    size = ink.shape[0]
    matrix = cv2.getRotationMatrix2D((size / 2, size / 2), rng.uniform(-1.5, 1.5),
                                     rng.uniform(0.98, 1.02)).astype(np.float64)
    matrix[:, 2] += rng.uniform(-3, 3, 2)
    turned = cv2.warpAffine(ink, matrix, (size, size))
    return cv2.GaussianBlur(turned, (0, 0), rng.uniform(0.3, 1.2))


def photo_samples(photos: Path, numbers: list[int], rng: np.random.Generator,
                  variants: int = VARIANTS) -> tuple[list[np.ndarray], list[int]]:
    """Labelled marks from the training photos (each board as found and turned a little)."""
    samples, labels = [], []
    for number in numbers:
        try:
            board = find_board((photos / f"image{number}.jpg").read_bytes())
        except PhotoError:
            continue
        truth = read_truth(photos / f"image{number}.dat")
        # the truth is written upright; some photos are taken sideways
        turns = min(range(4), key=lambda k: sum(
            (mark is None) != (digit == 0)
            for mark, digit in zip(marks(np.rot90(board.ink, k)), truth, strict=True)))
        upright = np.ascontiguousarray(np.rot90(board.gray, turns))
        inks = [flatten(upright)] + [_turned(flatten(upright), rng) for _ in range(variants)]
        for ink in inks:
            for mark, digit in zip(marks(ink), truth, strict=True):
                if mark is not None:
                    samples.append(mark)
                    labels.append(digit)
    return samples, labels


def train(samples: np.ndarray, labels: np.ndarray, rng: np.random.Generator,
          epochs: int = 20, hidden: int = 128) -> dict[str, np.ndarray]:
    """Fit the two-layer network with Adam (mini-batches of 128, decaying step)."""
    inputs = samples.shape[1]
    params = {"w1": rng.normal(0, np.sqrt(2 / inputs), (inputs, hidden)).astype(np.float32),
              "b1": np.zeros(hidden, np.float32),
              "w2": rng.normal(0, np.sqrt(2 / hidden), (hidden, CLASSES)).astype(np.float32),
              "b2": np.zeros(CLASSES, np.float32)}
    moments = {name: (np.zeros_like(p), np.zeros_like(p)) for name, p in params.items()}
    onehot = np.eye(CLASSES, dtype=np.float32)[labels]
    step_count = 0
    for epoch in range(epochs):
        rate = 2e-3 * (0.9 ** epoch)
        order = rng.permutation(len(samples))
        for start in range(0, len(order), 128):
            batch = order[start:start + 128]
            x, y = samples[batch], onehot[batch]
            hidden_out = np.maximum(x @ params["w1"] + params["b1"], 0)
            probs = forward(x, params)
            d_scores = (probs - y) / len(batch)
            d_hidden = (d_scores @ params["w2"].T) * (hidden_out > 0)
            grads = {"w2": hidden_out.T @ d_scores + 1e-4 * params["w2"],
                     "b2": d_scores.sum(axis=0),
                     "w1": x.T @ d_hidden + 1e-4 * params["w1"], "b1": d_hidden.sum(axis=0)}
            step_count += 1
            for name, grad in grads.items():
                first, second = moments[name]
                first *= 0.9
                first += 0.1 * grad
                second *= 0.999
                second += 0.001 * grad * grad
                corrected = first / (1 - 0.9 ** step_count)
                scale = np.sqrt(second / (1 - 0.999 ** step_count)) + 1e-8
                params[name] -= (rate * corrected / scale).astype(np.float32)
        accuracy = (forward(samples[:20000], params).argmax(axis=1) == labels[:20000]).mean()
        print(f"epoch {epoch + 1}: accuracy on (shuffled) training marks {accuracy:.4f}",
              flush=True)
    return params


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solvers.photo.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--photos", type=Path, default=PHOTOS, help="the photos' folder")
    parser.add_argument("--out", type=Path, default=MODEL, help="where to write the weights")
    parser.add_argument("--epochs", type=int, default=20)
    parser.add_argument("--hidden", type=int, default=128, help="units in the hidden layer")
    parser.add_argument("--variants", type=int, default=VARIANTS,
                        help="turned copies of each training board")
    parser.add_argument("--validate", action="store_true",
                        help="train on two thirds of the training photos only, leaving every "
                             "third one (`validation_photos()`) to compare choices on")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(SEED)
    started = time.perf_counter()
    fonts, font_labels = font_samples(rng)
    numbers = read_split()["train"]
    if args.validate:
        numbers = sorted(set(numbers) - set(validation_photos()))
    real, real_labels = photo_samples(args.photos, numbers, rng, args.variants)
    print(f"{len(fonts)} rendered marks, {len(real)} marks from training photos "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    samples = np.stack(fonts + real).reshape(-1, SAMPLE * SAMPLE).astype(np.float32)
    labels = np.array(font_labels + real_labels)
    shuffle = rng.permutation(len(samples))
    params = train(samples[shuffle], labels[shuffle], rng, args.epochs, args.hidden)
    np.savez_compressed(args.out, **params)  # type: ignore[arg-type]  # the stub reads **kwds as flags
    print(f"wrote {args.out} ({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
