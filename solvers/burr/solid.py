"""`python -m solvers burr-solid`: every solid six-piece burr from Cutler's 25 notchable pieces.

A *solid* burr has no internal holes (total weight 32). The run enumerates every
assembly from the pool (a piece may be used more than once), counts them up to rotation,
then searches each one's disassembly: Cutler's figures are 1063 assemblies and 314 that
come apart.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Iterable

from ..values import Limits
from .assemble import solid_assemblies
from .disassemble import disassemble_all
from .geometry import frame

#: the 25 pieces that can be made with saw cuts only (Cutler's notchable pieces)
NOTCHABLE = (1, 18, 35, 52, 86, 103, 120, 154, 188, 256, 359, 615, 792, 824, 856, 871, 888,
             911, 928, 943, 960, 975, 992, 1007, 1024)


def solid_burrs(pool: Iterable[int] = NOTCHABLE, length: int = 6,
                limits: Limits | None = None) -> dict:
    """Assemblies, those that come apart, the level counts, and the seconds each took."""
    geometry = frame(length)
    started = time.perf_counter()
    found, exhaustive = solid_assemblies(geometry, pool, limits)
    assembled = time.perf_counter() - started
    levels: Counter[str] = Counter()
    sets = []
    cells = [[geometry.cells(s, o, ids[s]) for s, (_, o, _) in enumerate(assembly.slots)]
             for assembly, ids in found]
    for (_, ids), moves in zip(found, disassemble_all(cells, length, limits), strict=True):
        if moves and moves.complete:
            levels[moves.level] += 1
            sets.append((sorted(ids), moves.level))
    return {"assemblies": len(found), "come_apart": sum(levels.values()),
            "levels": dict(levels.most_common()), "exhaustive": exhaustive,
            "assemble_seconds": round(assembled, 3),
            "total_seconds": round(time.perf_counter() - started, 3), "burrs": sets}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m solvers burr-solid",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--length", type=int, choices=(6, 8), default=6)
    parser.add_argument("--list", action="store_true", help="print every solid burr")
    args = parser.parse_args(argv)
    result = solid_burrs(length=args.length)
    print(f"Solid burrs from the {len(NOTCHABLE)} notchable pieces (length {args.length}):")
    print(f"  assemblies up to rotation: {result['assemblies']}")
    print(f"  that come apart:           {result['come_apart']}")
    print(f"  levels: {result['levels']}")
    print(f"  time: {result['assemble_seconds']} s to assemble, "
          f"{result['total_seconds']} s in all")
    if args.list:
        for ids, level in result["burrs"]:
            print(" ".join(map(str, ids)), level)
    return 0
