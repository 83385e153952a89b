"""Chains of alternating inferences: a *strong* link (if A is not x, B is) followed by a
*weak* one (if B is x, C is not), and so on; when a chain starts and ends with strong
links, one of its two ends holds the digit, so a cell seeing both ends cannot.

*X-Chain*: one digit, strong links are units where it has two spots. *XY-Chain*:
cells with two candidates, the strong link inside each cell. *AIC* (alternating
inference chain): both kinds of strong link and any digit, weak links inside a cell or
between cells that see each other; its ends may be one digit in two cells (cells seeing
both lose it), two digits of one cell (the cell loses the rest) or two digits in cells
that see each other. All are searched breadth first from every start, so the shortest
chain is the one shown.
"""

from __future__ import annotations

from collections import deque
from typing import NamedTuple

from ...i18n import _
from ..grid import CELLS, PEERS, SIZE
from .board import (
    COL,
    COUNT,
    DIGITS_OF,
    PEER_SET,
    ROW,
    Board,
    bit,
    cell_name,
    eliminations_text,
)
from .single_digit import strong_links
from .step import Step, linked, step

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
        for _unit, a, b in strong_links(board, digit):
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
                _("Follow the {digit}s along {links} (= two spots in a unit, - the same "
                  "unit): if {start} is not {digit}, the chain forces {end} to be, so one of "
                  "the two ends is {digit} and a cell seeing both cannot be: "
                  "{removals}.").format(
                    digit=digit, links=links, start=cell_name(chain[0]),
                    end=cell_name(chain[-1]), removals=eliminations_text(gone)),
                _("the {digit}s").format(digit=digit), chain, eliminations=gone,
                extra=0.1 * max(0, (len(chain) - 4) // 2), links=linked(chain))


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
    told = _(", so ").join(_("{cell} is {digit}").format(cell=cell_name(c), digit=v)
                           for c, v in path[:6])
    more = ", ..." if len(path) > 6 else ""
    return step("XY-Chain",
                _("Each of {count} cells here has two candidates. If {start} is not {digit}: "
                  "{chain}{more}; so {end} is {digit}. One of the two ends is {digit}, and a "
                  "cell seeing both cannot be: {removals}.").format(
                    count=len(chain), start=cell_name(chain[0]), digit=digit, chain=told,
                    more=more, end=cell_name(chain[-1]), removals=eliminations_text(gone)),
                cell_name(chain[0]), chain, eliminations=gone,
                extra=0.1 * max(0, len(chain) - 4), links=linked(chain))


#: a candidate as a chain node: (cell, digit)
Node = tuple[int, int]


def _strong_graph(board: Board) -> dict[Node, set[Node]]:
    """Every strong link: the two candidates of a cell with two, and the two spots of a
    digit in a unit where it has two (if one is false, the other is true)."""
    strong: dict[Node, set[Node]] = {}
    for cell in range(CELLS):
        if COUNT[board.cands[cell]] == 2:
            x, y = DIGITS_OF[board.cands[cell]]
            strong.setdefault((cell, x), set()).add((cell, y))
            strong.setdefault((cell, y), set()).add((cell, x))
    for digit in range(1, SIZE + 1):
        for _unit, a, b in strong_links(board, digit):
            strong.setdefault((a, digit), set()).add((b, digit))
            strong.setdefault((b, digit), set()).add((a, digit))
    return strong


def _weak(board: Board, node: Node, strong: dict[Node, set[Node]]) -> list[Node]:
    """The candidates a true `node` makes false that lead on by a strong link: the other
    digits of its cell, and its digit in the cells it sees."""
    cell, digit = node
    others = [(cell, d) for d in DIGITS_OF[board.cands[cell]] if d != digit]
    others += [(p, digit) for p in PEERS[cell] if board.cands[p] & bit(digit)]
    return [n for n in others if n in strong]


def _aic_targets(board: Board, start: Node, end: Node, chain: set[Node]) \
        -> list[tuple[int, int]]:
    """What a chain proving "start or end is true" rules out."""
    (a, x), (b, y) = start, end
    if x == y:
        return [(c, x) for c in sorted(PEER_SET[a] & PEER_SET[b])
                if (c, x) not in chain and board.cands[c] & bit(x)]
    if a == b:
        return [(a, d) for d in DIGITS_OF[board.cands[a]] if d not in (x, y)]
    if b in PEER_SET[a]:
        return [(c, d) for c, d in ((a, y), (b, x)) if board.cands[c] & bit(d)]
    return []


def aic(board: Board) -> Step | None:
    """Alternating inference chains over any candidates: breadth first from each
    candidate with a strong link, assumed false, through strong (then true) and weak
    (then false) links, until a true end with something to rule out."""
    strong = _strong_graph(board)
    for start in sorted(strong):
        found = _aic_from(board, strong, start)
        if found:
            return found
    return None


def _aic_from(board: Board, strong: dict[Node, set[Node]], start: Node) -> Step | None:
    parent: dict[tuple[Node, bool], tuple[Node, bool] | None] = {(start, False): None}
    queue = deque([(start, False, 1)])
    while queue:
        node, on, length = queue.popleft()
        if length >= MAX_CELLS:
            continue
        nexts = _weak(board, node, strong) if on else strong.get(node, set())
        for following in sorted(nexts):
            state = (following, not on)
            if state in parent or following == start:
                continue
            parent[state] = (node, on)
            queue.append((following, not on, length + 1))
            if not on and length + 1 >= 4:
                path = [n for n, _ in _trace(parent, state)]
                gone = _aic_targets(board, start, following, set(path))
                if gone:
                    return _aic_step(path, gone)
    return None


def _aic_step(path: list[Node], gone: list[tuple[int, int]]) -> Step:
    links = "".join(f"{'' if i == 0 else (' = ' if i % 2 else ' - ')}{cell_name(c)} {d}"
                    for i, (c, d) in enumerate(path))
    (a, x), (b, y) = path[0], path[-1]
    return step("AIC",
                _("Follow the chain {links} (= if one is not, the other is; - if one is, the "
                  "other is not): if {start} is not {x}, then {end} is {y}. One of the two is "
                  "true, so {removals}.").format(
                    links=links, start=cell_name(a), x=x, end=cell_name(b), y=y,
                    removals=eliminations_text(gone)),
                f"{cell_name(a)} {x}", [c for c, _ in path], eliminations=gone,
                extra=0.1 * max(0, (len(path) - 6) // 2), links=linked([c for c, _ in path]))


#: a grouped chain node: its cells (one, or two or three of one box in one row or
#: column) and a digit; true when the digit is in one of those cells
Group = tuple[tuple[int, ...], int]


def _groups(places: list[list[list[int]]], digit: int) -> dict[int, list[tuple[int, ...]]]:
    """The digit's spots of each box that share a row or a column, two or three, by
    the units holding them (the box, and the row or column); `places` is each unit's
    `Board.places`."""
    found: dict[int, list[tuple[int, ...]]] = {}
    for box in range(2 * SIZE, 3 * SIZE):
        spots = places[box][digit]
        for line_of, first in ((ROW, 0), (COL, SIZE)):
            lines: dict[int, list[int]] = {}
            for cell in spots:
                lines.setdefault(line_of[cell], []).append(cell)
            for line, cells in lines.items():
                if 1 < len(cells) < len(spots):
                    found.setdefault(box, []).append(tuple(cells))
                if len(cells) > 1:
                    found.setdefault(first + line, []).append(tuple(cells))
    return found


def _grouped_strong(board: Board) -> dict[Group, set[Group]]:
    """Strong links between single candidates and groups: a cell's two candidates, and
    in each unit two nodes (cells or groups) that hold all of the digit's spots."""
    strong: dict[Group, set[Group]] = {}

    def link(a: Group, b: Group) -> None:
        strong.setdefault(a, set()).add(b)
        strong.setdefault(b, set()).add(a)

    for cell in range(CELLS):
        if COUNT[board.cands[cell]] == 2:
            x, y = DIGITS_OF[board.cands[cell]]
            link(((cell,), x), ((cell,), y))
    places = [board.places(unit) for unit in range(3 * SIZE)]
    for digit in range(1, SIZE + 1):
        groups = _groups(places, digit)
        for unit in range(3 * SIZE):
            spots = places[unit][digit]
            if len(spots) == 2:
                link(((spots[0],), digit), ((spots[1],), digit))
            if unit not in groups:
                continue
            nodes: dict[frozenset[int], tuple[int, ...]] = {frozenset((c,)): (c,) for c in spots}
            nodes.update((frozenset(g), g) for g in groups[unit])
            whole = frozenset(spots)
            for key, cells in nodes.items():
                rest = nodes.get(whole - key)
                if rest is not None:
                    link((cells, digit), (rest, digit))
    return strong


class _Graph(NamedTuple):
    """The grouped nodes numbered in sorted order, and for each number its strong and
    weak links (as numbers) and the cells holding its digit that see all of its cells
    (a bit a cell)."""

    nodes: list[Group]
    strong: list[list[int]]
    weak: list[list[int]]
    reach: list[int]


#: each cell's peers, a bit a cell
PEER_BITS = tuple(sum(1 << p for p in PEERS[c]) for c in range(CELLS))


def _graph(board: Board, strong: dict[Group, set[Group]]) -> _Graph:
    """The nodes with a strong link, numbered so the search indexes lists; their weak
    links: a node, when true, rules out its digit in every node all of whose cells see
    all of its cells, and a single cell's other digits."""
    nodes = sorted(strong)
    number = {node: i for i, node in enumerate(nodes)}
    holding = [0] * (SIZE + 1)
    for cell in range(CELLS):
        for d in DIGITS_OF[board.cands[cell]]:
            holding[d] |= 1 << cell
    bits = [sum(1 << c for c in cells) for cells, _d in nodes]
    sight = []
    for cells, _d in nodes:
        seen = PEER_BITS[cells[0]]
        for c in cells[1:]:
            seen &= PEER_BITS[c]
        sight.append(seen)
    by_digit: dict[int, list[int]] = {}
    for i, (_cells, digit) in enumerate(nodes):
        by_digit.setdefault(digit, []).append(i)
    weak = []
    for i, (cells, digit) in enumerate(nodes):
        nexts = [j for j in by_digit[digit] if not bits[j] & ~sight[i]]
        if len(cells) == 1:
            nexts += [number[n] for d in DIGITS_OF[board.cands[cells[0]]]
                      if d != digit and (n := ((cells[0],), d)) in number]
        weak.append(sorted(nexts))
    return _Graph(nodes, [sorted(number[n] for n in strong[node]) for node in nodes], weak,
                  [seen & holding[d] for seen, (_cells, d) in zip(sight, nodes, strict=True)])


def _grouped_targets(board: Board, graph: _Graph, start: int, end: int) \
        -> list[tuple[int, int]]:
    """What "start or end is true" rules out: one digit, from the cells seeing every
    cell of both ends; two digits, a single-cell end's other digits when both ends are
    one cell, or the other end's digit in a single-cell end that sees every cell of the
    other end."""
    first, last = graph.nodes[start], graph.nodes[end]
    (a, x), (b, y) = first, last
    if x == y:
        common = graph.reach[start] & graph.reach[end]
        return [(c, x) for c in range(CELLS) if common >> c & 1]
    if a == b and len(a) == 1:
        return [(a[0], d) for d in DIGITS_OF[board.cands[a[0]]] if d not in (x, y)]
    return [(one[0], d) for (one, _d), (other, d) in ((first, last), (last, first))
            if len(one) == 1 and board.cands[one[0]] & bit(d)
            and PEER_SET[one[0]].issuperset(other)]


def _outside(path: list[Group], gone: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The removals of the chain's ends' digit that are none of the chain's cells for
    that digit (a chain through a cell it would clear reads as a contradiction)."""
    (_a, x), (_b, y) = path[0], path[-1]
    if x != y:
        return gone
    inside = {c for cells, d in path if d == x for c in cells}
    return [(c, d) for c, d in gone if c not in inside]


def grouped_aic(board: Board) -> Step | None:
    """AIC whose nodes may also be groups (a digit's spots in one box and one line,
    true when the digit is in one of them): tried after the plain AIC, and only a chain
    through at least one group is taken."""
    strong = _grouped_strong(board)
    if all(len(cells) == 1 for cells, _d in strong):
        return None
    graph = _graph(board, strong)
    for start in range(len(graph.nodes)):
        found = _grouped_from(board, graph, start)
        if found:
            return found
    return None


def _grouped_from(board: Board, graph: _Graph, start: int) -> Step | None:
    """Breadth first from `start` assumed false, as `_aic_from` over numbered grouped
    nodes: state 2n + 1 is node n true, 2n node n false."""
    parent = [-2] * (2 * len(graph.nodes))
    parent[2 * start] = -1
    queue = deque([(start, 0, 1)])
    while queue:
        node, on, length = queue.popleft()
        if length >= MAX_CELLS:
            continue
        for following in (graph.weak[node] if on else graph.strong[node]):
            state = 2 * following + 1 - on
            if parent[state] != -2 or following == start:
                continue
            parent[state] = 2 * node + on
            queue.append((following, 1 - on, length + 1))
            if not on and length + 1 >= 4:
                gone = _grouped_targets(board, graph, start, following)
                if not gone:
                    continue
                path = _numbered_trace(graph, parent, state)
                gone = _outside(path, gone)
                if gone and any(len(cells) > 1 for cells, _d in path):
                    return _grouped_step(path, gone)
    return None


def _numbered_trace(graph: _Graph, parent: list[int], state: int) -> list[Group]:
    """The chain's nodes from the start to `state`, read back through `parent`."""
    path = []
    while state != -1:
        path.append(graph.nodes[state // 2])
        state = parent[state]
    return path[::-1]


def _group_name(cells: tuple[int, ...]) -> str:
    """"R1C4/R1C6" for a group, "R1C4" for one cell."""
    return "/".join(cell_name(c) for c in cells)


def _grouped_step(path: list[Group], gone: list[tuple[int, int]]) -> Step:
    links = "".join(f"{'' if i == 0 else (' = ' if i % 2 else ' - ')}{_group_name(c)} {d}"
                    for i, (c, d) in enumerate(path))
    group, digit = next(n for n in path if len(n[0]) > 1)
    (a, x), (b, y) = path[0], path[-1]
    return step("Grouped AIC",
                _("Follow the chain {links} (= if one is not, the other is; - if one is, the "
                  "other is not; {group} {digit} means the {digit} is in one of those cells): "
                  "if "
                  "{start} is not {x}, then {end} is {y}. One of the two is true, so "
                  "{removals}.").format(
                    links=links, group=_group_name(group), digit=digit,
                    start=_group_name(a), x=x, end=_group_name(b), y=y,
                    removals=eliminations_text(gone)),
                f"{_group_name(a)} {x}", [c for cells, _d in path for c in cells],
                eliminations=gone, extra=0.1 * max(0, (len(path) - 6) // 2))
