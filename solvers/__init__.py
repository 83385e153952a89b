"""PuzzleBot's solver library: one module per puzzle kind, shared engines, a CLI.

Plain Python: no Telegram, no asyncio, no database. See `solvers/base.py` for the
contract every kind follows and `solvers/pipeline.py` for the one way they are run.
"""

from .base import PuzzleKind
from .registry import KINDS, detect, get
from .values import CheckReport, Limits, Media, PuzzleError, Rule, Solutions

__all__ = [
    "KINDS",
    "CheckReport",
    "Limits",
    "Media",
    "PuzzleError",
    "PuzzleKind",
    "Rule",
    "Solutions",
    "detect",
    "get",
]
