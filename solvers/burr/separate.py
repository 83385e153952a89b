"""Taking a burr apart, compiled by numba: the breadth-first search for separating moves.

States are rows of offsets in a growing array, found again through an open-addressing
hash table, and every collision test (piece against piece at a relative offset) is
computed once per assembly and kept in a table. From each state the moves are tried
direction by direction, groups in increasing order of their bit mask, each slid 1, 2, ...
units, so the search and its answer are the same on every run. `disassemble` prepares the
arrays, calls `take_all` and reads the moves back.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: what `_search` returns: a separating move found, none exists, too many states, paused
#: to look at the deadline, paused for more room
FOUND, NONE, TOO_MANY, PAUSED, FULL = 0, 1, 2, 3, 4


@njit(cache=True, nogil=True)
def take_all(cells: np.ndarray, first: np.ndarray, grid: np.ndarray, hits: np.ndarray, n: int,
             states: np.ndarray, parent: np.ndarray, moves: np.ndarray, table: np.ndarray,
             counters: np.ndarray, last: np.ndarray, stack: np.ndarray, starts: np.ndarray,
             found: np.ndarray, levels: np.ndarray, outcome: np.ndarray, summary: np.ndarray,
             max_states: int, check_states: int,
             steps: np.ndarray) -> int:  # pragma: no cover - compiled
    """Take apart each assembly in turn from outcome[7] on, writing its `summary` row.

    Returns -1 once all are done, or PAUSED and FULL from `_take_apart`, to be called
    again (after growing the arrays for FULL).
    """
    k = grid.shape[0]
    while outcome[7] < len(summary):
        a = outcome[7]
        own = first[a * k:(a + 1) * k + 1]
        if outcome[5] == 0:
            # a new assembly: the whole of it alone on the stack, at its start
            stack[0] = (1 << k) - 1
            starts[0] = 0
            outcome[0], outcome[1], outcome[4] = 1, 0, 0
            grid[:] = False
            for p in range(k):
                for c in range(own[p], own[p + 1]):
                    grid[p, cells[c, 0], cells[c, 1], cells[c, 2]] = True
            outcome[5] = 1
        status = _take_apart(cells, own, grid, hits, outcome[8] + a, n, states, parent,
                             moves, table, counters, last, stack, starts, found, levels,
                             outcome, max_states, check_states, steps)
        if status >= 3:
            return status
        summary[a, 0], summary[a, 1], summary[a, 2], summary[a, 3] = \
            status, outcome[2], outcome[3], outcome[4]
        outcome[5] = 0
        outcome[7] += 1
    return -1


@njit(cache=True, nogil=True)
def _take_apart(cells: np.ndarray, first: np.ndarray, grid: np.ndarray, hits: np.ndarray,
                generation: int, n: int, states: np.ndarray, parent: np.ndarray, moves: np.ndarray,
                table: np.ndarray, counters: np.ndarray, last: np.ndarray, stack: np.ndarray,
                starts: np.ndarray, found: np.ndarray, levels: np.ndarray, outcome: np.ndarray,
                max_states: int, check_states: int,
                steps: np.ndarray) -> int:  # pragma: no cover - compiled
    """Separate each part on the stack, pushing its halves (the larger taken next).

    Returns FOUND once every part came apart, NONE when one cannot, TOO_MANY; or PAUSED
    and FULL from `_search`, to be called again (after growing the arrays for FULL).
    """
    while True:
        if outcome[1] == 0:
            if outcome[0] == 0:
                return 0
            outcome[0] -= 1
            states[0] = starts[outcome[0]]
            counters[0], counters[1], counters[2], counters[3], counters[4] = 1, 0, 1, 0, 0
            outcome[6] += 1
            rehash(states, 1, table, outcome[6])
            outcome[1] = 1
        whole = stack[outcome[0]]
        part = np.zeros(_bits(whole), dtype=np.int64)
        size = 0
        for p in range(len(stack)):
            if (whole >> p) & 1:
                part[size] = p
                size += 1
        status = _search(part, cells, first, grid, hits, generation, n, states, parent,
                         moves, table, outcome[6], counters, last, max_states,
                         check_states, steps)
        if status >= 3:
            return status
        # the path: from the separating move back to the start, written in order
        length = 1
        state = counters[3]
        while status == 0 and parent[state] >= 0:
            length += 1
            state = parent[state]
        at = outcome[2]
        if at + length > len(found):
            return 4
        outcome[4] += counters[4]
        if status != 0:
            return status
        outcome[1] = 0
        _found(found, at + length - 1, whole, last[0], last[1], last[2], 1)
        state = counters[3]
        for m in range(length - 2, -1, -1):
            _found(found, at + m, whole, moves[state, 0], moves[state, 1], moves[state, 2], 0)
            state = parent[state]
        outcome[2] += length
        levels[outcome[3]] = length
        outcome[3] += 1
        end = states[counters[3]].copy()
        group = last[0]
        for piece in part:
            if (group >> piece) & 1:
                for c in range(3):
                    end[3 * piece + c] += steps[last[1], c] * last[2]
        # the larger half is taken apart first (the moved group when they are equal)
        rest = whole & ~group
        halves = (rest, group) if _bits(group) >= _bits(rest) else (group, rest)
        for half in halves:
            if _bits(half) > 1:
                stack[outcome[0]] = half
                starts[outcome[0]] = end
                outcome[0] += 1


@njit(cache=True, nogil=True)
def _found(found: np.ndarray, row: int, whole: int, group: int, direction: int, distance: int,
           separates: int) -> None:  # pragma: no cover - compiled
    """Write a move as its smaller side: a move of most of the part is the other pieces
    moving the opposite way."""
    if 2 * _bits(group) > _bits(whole):
        group, direction = whole & ~group, direction ^ 1
    found[row, 0], found[row, 1], found[row, 2], found[row, 3] = (group, direction, distance,
                                                                  separates)


@njit(cache=True, nogil=True)
def _bits(word: int) -> int:  # pragma: no cover - compiled
    count = 0
    while word:
        word &= word - 1
        count += 1
    return count


@njit(cache=True, nogil=True, inline="always")
def _hash(rows: np.ndarray, r: int) -> np.uint64:  # pragma: no cover - compiled
    """FNV-1a of row r (indexed in place: a row view costs two atomic reference counts)."""
    h = np.uint64(1469598103934665603)
    for c in range(rows.shape[1]):
        h = (h ^ np.uint64(rows[r, c] & 0xFFFF)) * np.uint64(1099511628211)
    return h


@njit(cache=True, nogil=True)
def rehash(states: np.ndarray, count: int, table: np.ndarray,
           search: int) -> None:  # pragma: no cover - compiled
    """Put the first `count` states into the table, for this search."""
    mask = np.uint64(len(table) - 1)
    for s in range(count):
        slot = _hash(states, s) & mask
        while table[slot, 1] == search:
            slot = (slot + np.uint64(1)) & mask
        table[slot, 0], table[slot, 1] = s, search


@njit(cache=True, nogil=True)
def _search(part: np.ndarray, cells: np.ndarray, first: np.ndarray, grid: np.ndarray,
            hits: np.ndarray, generation: int, n: int, states: np.ndarray, parent: np.ndarray,
            moves: np.ndarray, table: np.ndarray, search: int, counters: np.ndarray,
            last: np.ndarray, max_states: int, check_states: int,
            steps: np.ndarray) -> int:  # pragma: no cover - compiled
    """Breadth-first search from where the last call stopped (see `_Work.counters`).

    Returns FOUND with the separating move in `last` and the state it leaves from in
    counters[3]; NONE when no state is left; TOO_MANY; PAUSED between two layers after
    `check_states` new states; FULL when the arrays are full (the states added from the
    state being expanded are dropped, and it is expanded again after they have grown).
    """
    k = len(part)
    anchor = part[0]
    mask = np.uint64(len(table) - 1)
    count, begin, end, cursor, done = (counters[0], counters[1], counters[2], counters[3],
                                       counters[4])
    added = 0
    blockers = np.zeros((6, 64), dtype=np.int64)
    closures = np.zeros(64, dtype=np.int64)
    groups = np.zeros(64, dtype=np.int64)
    width = states.shape[1]
    after = np.zeros((1, width), dtype=np.int64)  # the state a move leads to
    room = len(parent)
    while True:
        if cursor == end:
            # a layer is finished: the states it added make the next one
            done += count - end
            added += count - end
            if count > max_states:
                counters[0], counters[4] = count, done
                return 2
            if count == end:
                counters[0], counters[4] = count, done
                return 1
            begin, end = end, count
            if added >= check_states:
                counters[0], counters[1], counters[2], counters[3], counters[4] = \
                    count, begin, end, cursor, done
                return 3
        before = count
        # who blocks whom, one unit in each direction
        for d in range(6):
            for p in range(k):
                blockers[d, part[p]] = 0
        for a in range(k):
            i = part[a]
            for b in range(a + 1, k):
                j = part[b]
                rx = states[cursor, 3 * i] - states[cursor, 3 * j]
                ry = states[cursor, 3 * i + 1] - states[cursor, 3 * j + 1]
                rz = states[cursor, 3 * i + 2] - states[cursor, 3 * j + 2]
                for d in range(6):
                    # does i, one unit on in direction d, run into j? The table is
                    # looked up and a miss worked out here, as below, not in a function
                    # of its own: a compiled call given arrays counts references to them
                    # (atomic increments and decrements), which cost a quarter of the time
                    x, y, z = rx + steps[d, 0], ry + steps[d, 1], rz + steps[d, 2]
                    if -n < x < n and -n < y < n and -n < z < n:
                        entry = hits[i, j, x + n, y + n, z + n]
                        if entry >> 1 != generation:
                            entry = 2 * generation
                            for c in range(first[i], first[i + 1]):
                                u, v, w = cells[c, 0] + x, cells[c, 1] + y, cells[c, 2] + z
                                if 0 <= u < n and 0 <= v < n and 0 <= w < n and grid[j, u, v, w]:
                                    entry += 1
                                    break
                            hits[i, j, x + n, y + n, z + n] = entry
                        if entry & 1:
                            blockers[d, i] |= 1 << j
                            blockers[d ^ 1, j] |= 1 << i
        for d in range(6):
            dx, dy, dz = steps[d, 0], steps[d, 1], steps[d, 2]
            axis = 0 if dx != 0 else (1 if dy != 0 else 2)
            sign = dx + dy + dz
            moving = 0
            for p in range(1, k):
                i = part[p]
                group = 1 << i
                todo = group
                while todo:
                    low = todo & -todo
                    todo ^= low
                    q = 0
                    while low >> q != 1:
                        q += 1
                    extra = blockers[d, q] & ~group
                    group |= extra
                    todo |= extra
                if not (group >> anchor) & 1:
                    closures[moving] = group
                    moving += 1
            # every union of the movable pieces' closures, each once, in increasing order
            found = 0
            for m in range(moving):
                closure = closures[m]
                known = found
                for g in range(known + 1):
                    union = closure if g == known else groups[g] | closure
                    seen = False
                    for h in range(found):
                        if groups[h] == union:
                            seen = True
                            break
                    if not seen:
                        groups[found] = union
                        found += 1
            for g in range(1, found):
                union = groups[g]
                h = g
                while h > 0 and groups[h - 1] > union:
                    groups[h] = groups[h - 1]
                    h -= 1
                groups[h] = union
            for g in range(found):
                group = groups[g]
                distance = 1
                while True:
                    for c in range(width):
                        after[0, c] = states[cursor, c]
                    for p in range(k):
                        i = part[p]
                        if (group >> i) & 1:
                            after[0, 3 * i] += dx * distance
                            after[0, 3 * i + 1] += dy * distance
                            after[0, 3 * i + 2] += dz * distance
                    free = True
                    for a in range(k):
                        i = part[a]
                        if not (group >> i) & 1:
                            continue
                        for b in range(k):
                            j = part[b]
                            if (group >> j) & 1:
                                continue
                            if sign * (after[0, 3 * i + axis] - after[0, 3 * j + axis]) < n:
                                free = False
                    if free:
                        last[0], last[1], last[2] = group, d, distance
                        counters[0], counters[1], counters[2], counters[3], counters[4] = \
                            count, begin, end, cursor, done
                        return 0
                    # stored already? if not, store it with the move that led here
                    slot = _hash(after, 0) & mask
                    known = False
                    while table[slot, 1] == search:
                        other = table[slot, 0]
                        same = True
                        for c in range(width):
                            if states[other, c] != after[0, c]:
                                same = False
                                break
                        if same:
                            known = True
                            break
                        slot = (slot + np.uint64(1)) & mask
                    if not known:
                        if count == room:
                            counters[0], counters[1], counters[2], counters[3], counters[4] = \
                                before, begin, end, cursor, done
                            return 4
                        table[slot, 0], table[slot, 1] = count, search
                        for c in range(width):
                            states[count, c] = after[0, c]
                        parent[count] = cursor
                        moves[count, 0], moves[count, 1], moves[count, 2] = group, d, distance
                        count += 1
                    distance += 1
                    blocked = False
                    for a in range(k):
                        i = part[a]
                        if not (group >> i) & 1:
                            continue
                        for b in range(k):
                            j = part[b]
                            if (group >> j) & 1:
                                continue
                            x = after[0, 3 * i] - after[0, 3 * j] + dx
                            y = after[0, 3 * i + 1] - after[0, 3 * j + 1] + dy
                            z = after[0, 3 * i + 2] - after[0, 3 * j + 2] + dz
                            if -n < x < n and -n < y < n and -n < z < n:
                                entry = hits[i, j, x + n, y + n, z + n]
                                if entry >> 1 != generation:
                                    entry = 2 * generation
                                    for c in range(first[i], first[i + 1]):
                                        u = cells[c, 0] + x
                                        v, w = cells[c, 1] + y, cells[c, 2] + z
                                        if (0 <= u < n and 0 <= v < n and 0 <= w < n
                                                and grid[j, u, v, w]):
                                            entry += 1
                                            break
                                    hits[i, j, x + n, y + n, z + n] = entry
                                if entry & 1:
                                    blocked = True
                                    break
                        if blocked:
                            break
                    if blocked:
                        break
        cursor += 1
