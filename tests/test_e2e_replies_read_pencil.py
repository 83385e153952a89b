"""End to end, the pencil genres' answers as a person reads them on a phone: the same
reading as test_e2e_replies_read.py's, for the kinds not listed in menus (each pencil genre
and the catch-all pencil kind)."""

from __future__ import annotations

import pytest
from test_e2e_replies_read import client, read_examples

from solvers import registry

pytestmark = pytest.mark.asyncio(loop_scope="module")

__all__ = ["client"]  # the module's bot, shared by import


async def test_every_pencil_example_answer_reads_on_a_phone(client, alice):
    """Each pencil genre's example, sent back, reads on a phone."""
    kinds = [k for k in registry.with_example() if not k.listed]
    assert len(kinds) >= 39  # the forty genres but sudoku, which is the Sudoku kind
    await read_examples(client, alice, kinds)
