"""The digit classifier: a small two-layer network run with numpy.

It reads a mark (a `SAMPLE` x `SAMPLE` square of ink, see `cells.py`) and gives the
probability of each *class*: 1..9 for a printed digit, 0 for ink that is no digit (a
speck, a crease, a piece of grid line). Its weights (`digits.npz`, about 0.4 MB) are made
by `python -m solvers.photo.train`, which renders digits from fonts and cuts cells from
the training photos; nothing is downloaded and no deep-learning framework is needed.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

MODEL = Path(__file__).with_name("digits.npz")
CLASSES = 10


@lru_cache(maxsize=1)
def weights() -> dict[str, np.ndarray]:
    """The network's weights, loaded once per process."""
    with np.load(MODEL) as stored:
        return {name: stored[name] for name in stored.files}


def forward(samples: np.ndarray, params: dict[str, np.ndarray]) -> np.ndarray:
    """Class probabilities (n x CLASSES) for n flattened samples, with the given weights."""
    hidden = np.maximum(samples @ params["w1"] + params["b1"], 0)
    scores = hidden @ params["w2"] + params["b2"]
    scores -= scores.max(axis=1, keepdims=True)
    odds = np.exp(scores)
    return odds / odds.sum(axis=1, keepdims=True)


def classify(marks: list[np.ndarray]) -> np.ndarray:
    """Class probabilities for each mark (n x CLASSES), with the committed weights."""
    if not marks:
        return np.zeros((0, CLASSES), np.float32)
    flat = np.stack([mark.reshape(-1) for mark in marks]).astype(np.float32)
    return forward(flat, weights())
