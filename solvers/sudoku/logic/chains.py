"""Chains of alternating inferences: a *strong* link (if A is not x, B is) followed by a
*weak* one (if B is x, C is not), and so on; when a chain starts and ends with strong
links, one of its two ends holds the digit, so a cell seeing both ends cannot.

*X-Chain*: one digit, strong links are units where it has two spots. *XY-Chain*:
cells with two candidates, the strong link inside each cell. Both are searched
breadth first from every start, so the shortest chain is the one shown.
"""

from __future__ import annotations

from collections import deque

from ..grid import CELLS, PEERS, SIZE
from .board import COUNT, DIGITS_OF, PEER_SET, Board, bit, cell_name, eliminations_text
from .single_digit import strong_links
from .step import Step, step

#: the longest chain searched, in cells
MAX_CELLS = 12


def _targets(board: Board, digit: int, a: int, b: int, chain: list[int]) \
        -> list[tuple[int, int]]:
    inside = set(chain)
    return [(c, digit) for c in sorted(PEER_SET[a] & PEER_SET[b])
            if c not in inside and board.cands[c] & bit(digit)]


def _trace(parent: dict, state: tuple) -> list:
    path = [state]
    while parent[state] is not None:
        state = parent[state]
        path.append(state)
    return path[::-1]


def x_chain(board: Board) -> Step | None:
    for digit in range(1, SIZE + 1):
        strong: dict[int, set[int]] = {}
        for _, a, b in strong_links(board, digit):
            strong.setdefault(a, set()).add(b)
            strong.setdefault(b, set()).add(a)
        b_ = bit(digit)
        for start in sorted(strong):
            found = _x_from(board, digit, b_, strong, start)
            if found:
                return found
    return None


def _x_from(board: Board, digit: int, b_: int, strong: dict[int, set[int]],
            start: int) -> Step | None:
    """Breadth first from `start` (assumed not the digit): states (cell, True) are
    cells that then hold the digit, (cell, False) cells that then do not."""
    parent: dict[tuple[int, bool], tuple[int, bool] | None] = {(start, False): None}
    queue = deque([(start, False, 1)])
    while queue:
        cell, on, length = queue.popleft()
        if length >= MAX_CELLS:
            continue
        if on:
            nexts = [(p, False) for p in PEERS[cell] if board.cands[p] & b_]
        else:
            nexts = [(p, True) for p in strong.get(cell, ())]
        for state in nexts:
            if state in parent:
                continue
            parent[state] = (cell, on)
            queue.append((*state, length + 1))
            if state[1] and length + 1 >= 6:
                chain = [c for c, _ in _trace(parent, state)]
                gone = _targets(board, digit, start, state[0], chain)
                if gone:
                    return _x_step(digit, chain, gone)
    return None


def _x_step(digit: int, chain: list[int], gone: list[tuple[int, int]]) -> Step:
    links = " ".join(f"{cell_name(c)} {'=' if i % 2 == 0 else '-'}"
                     for i, c in enumerate(chain[:-1])) + f" {cell_name(chain[-1])}"
    return step("X-Chain",
                f"Follow the {digit}s along {links} (= two spots in a unit, - the same "
                f"unit): if {cell_name(chain[0])} is not {digit}, the chain forces "
                f"{cell_name(chain[-1])} to be, so one of the two ends is {digit} and a cell "
                f"seeing both cannot be: {eliminations_text(gone)}.",
                f"the {digit}s", chain, eliminations=gone,
                extra=0.1 * max(0, (len(chain) - 4) // 2))


def xy_chain(board: Board) -> Step | None:
    pairs = [c for c in range(CELLS) if COUNT[board.cands[c]] == 2]
    pair_set = set(pairs)
    for start in pairs:
        for digit in DIGITS_OF[board.cands[start]]:
            found = _xy_from(board, pair_set, start, digit)
            if found:
                return found
    return None


def _xy_from(board: Board, pairs: set[int], start: int, digit: int) -> Step | None:
    """If `start` is not `digit` it is its other digit; follow (cell, its value) states
    through peers with two candidates until a cell whose value is `digit`."""
    first = DIGITS_OF[board.cands[start] & ~bit(digit)][0]
    parent: dict[tuple[int, int], tuple[int, int] | None] = {(start, first): None}
    queue = deque([(start, first, 1)])
    while queue:
        cell, value, length = queue.popleft()
        if length >= MAX_CELLS:
            continue
        for peer in PEERS[cell]:
            mask = board.cands[peer]
            if peer == start or peer not in pairs or not mask & bit(value):
                continue
            state = (peer, DIGITS_OF[mask & ~bit(value)][0])
            if state in parent:
                continue
            parent[state] = (cell, value)
            queue.append((*state, length + 1))
            if state[1] == digit and length + 1 >= 3:
                path = _trace(parent, state)
                chain = [c for c, _ in path]
                gone = _targets(board, digit, start, peer, chain)
                if gone:
                    return _xy_step(digit, path, gone)
    return None


def _xy_step(digit: int, path: list[tuple[int, int]], gone: list[tuple[int, int]]) -> Step:
    chain = [c for c, _ in path]
    told = ", so ".join(f"{cell_name(c)} is {v}" for c, v in path[:6])
    more = ", ..." if len(path) > 6 else ""
    return step("XY-Chain",
                f"Each of {len(chain)} cells here has two candidates. If "
                f"{cell_name(chain[0])} is not {digit}: {told}{more}; so "
                f"{cell_name(chain[-1])} is {digit}. One of the two ends is {digit}, and a "
                f"cell seeing both cannot be: {eliminations_text(gone)}.",
                cell_name(chain[0]), chain, eliminations=gone,
                extra=0.1 * max(0, len(chain) - 4))
