"""Command line: `python -m solvers solve FILE [--png OUT] [--json]` and friends.

Exit status: 0 when the puzzle was read (solved or proved unsolvable), 2 for bad input.
Kinds may add commands of their own (long enumerations) through `cli_commands`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from . import registry
from .pipeline import prepare, run
from .values import Limits, PuzzleError


def read_input(path: str) -> str:
    """The puzzle text from a file, or standard input for `-`; PuzzleError if unreadable."""
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise PuzzleError(f"{path} is not UTF-8 text (byte {error.start})") from error
    except OSError as error:
        raise PuzzleError(f"cannot read {path}: {error.strerror}") from error


def cmd_solve(args: argparse.Namespace) -> int:
    try:
        text = read_input(args.file)
    except PuzzleError as error:
        print(error, file=sys.stderr)
        return 2
    result = run(
        text,
        args.kind,
        Limits.within(args.timeout, max_solutions=args.max) if args.max else None,
        render=bool(args.png),
        seconds=args.timeout,
    )
    kind = registry.get(result.kind) if result.ok else None
    solution_file = kind.solution_file if kind else ""
    if args.pzprv3 and solution_file != "pzprv3":
        print(f"--pzprv3 is for pencil puzzles (puzz.link links), not {result.kind}",
              file=sys.stderr)
        return 2
    if args.json:
        data = result.to_json()
        if solution_file:  # the first solution in its own file format, under that name
            data[solution_file] = result.solutions[0] if result.solutions else None
        print(json.dumps(data, indent=2))
    elif not result.ok:
        print(result.error, file=sys.stderr)
    else:
        print(result.caption, result.report, sep="\n\n")
    if result.ok and args.png:
        for number, media in enumerate(result.media):
            target = Path(args.png)
            if number:
                target = target.with_name(f"{target.stem}-{number}{Path(media.filename).suffix}")
            target.write_bytes(media.data)
    if args.pzprv3 and result.solutions:
        Path(args.pzprv3).write_text(result.solutions[0], encoding="utf-8")
    return 0 if result.ok else 2


def cmd_smt(args: argparse.Namespace) -> int:
    try:
        kind, puzzle, _ = prepare(read_input(args.file), args.kind)
        print(kind.smt(puzzle))
    except PuzzleError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    """The logical steps to the solution (or the first --steps of them), one a line,
    or the whole path as JSON; pictures of each step with --png."""
    try:
        kind, puzzle, _ = prepare(read_input(args.file), args.kind)
        if not kind.hints:
            raise PuzzleError(f"no hints for {kind.title} yet")
        path = kind.hint_steps(puzzle, limit=args.steps)
        if args.png:
            for number, step in enumerate(path.steps, start=1):
                target = Path(args.png)
                kind.hint_picture(puzzle, step).save(
                    target.with_name(f"{target.stem}-{number}{target.suffix or '.png'}"))
    except PuzzleError as error:
        print(error, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(path.to_json(), indent=2))
        return 0
    if path.mistake:
        print(path.mistake.text, path.mistake.cell_text)
    for number, step in enumerate(path.steps, start=1):
        print(f"{number}. [{step.technique} {step.rating:.1f}] {step.text}")
    print(f"Difficulty: {path.difficulty.text()}")
    return 0


def cmd_warm(args: argparse.Namespace) -> int:
    """Build every kind's caches and compiled code now (the anagram lexicon, numba's
    kernels), so that a fresh install's first answers do not wait for them."""
    for kind in registry.KINDS:
        started = time.perf_counter()
        kind.warm_up()
        print(f"{kind.name}: ready in {time.perf_counter() - started:.1f} s", flush=True)
    return 0


def cmd_read_photo(argv: list[str]) -> int:
    """`read-photo`: the photo reader is a tool beside the Sudoku kind (it uses the kind's
    search), so the kind does not import it back."""
    from .photo.command import main  # OpenCV is loaded only for this command
    return main(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    extra = {name: fn for kind in registry.KINDS for name, fn in kind.cli_commands().items()}
    extra["read-photo"] = cmd_read_photo
    if argv and argv[0] in extra:
        return extra[argv[0]](argv[1:])

    parser = argparse.ArgumentParser(prog="python -m solvers", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    solve = sub.add_parser("solve", help="solve a puzzle file and print the check report")
    solve.add_argument("file", help="puzzle file, or - for standard input")
    solve.add_argument("--kind", help="puzzle kind (default: detected from the text)")
    solve.add_argument("--png", help="write the picture here")
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.add_argument("--max", type=int, help="solutions to count at most (default: the kind's)")
    solve.add_argument("--timeout", type=float, default=None, help="seconds to search")
    solve.add_argument("--pzprv3", metavar="OUT", help="pencil puzzles: write the first "
                       "solution here as a pzprv3 file (the puzz.link player opens it)")
    solve.set_defaults(handler=cmd_solve)
    smt = sub.add_parser("smt", help="print the SMT-LIB2 text of a puzzle")
    smt.add_argument("file")
    smt.add_argument("--kind")
    smt.set_defaults(handler=cmd_smt)
    hint = sub.add_parser("hint", help="the logical steps to a puzzle's solution")
    hint.add_argument("file", help="puzzle file, or - for standard input")
    hint.add_argument("--kind", help="puzzle kind (default: detected from the text)")
    hint.add_argument("--json", action="store_true", help="print one JSON object")
    hint.add_argument("--steps", type=int, help="only the first N steps")
    hint.add_argument("--png", help="write each step's picture here (NAME-1.png ...)")
    hint.set_defaults(handler=cmd_hint)
    warm = sub.add_parser("warm", help="build every kind's caches and compiled code now")
    warm.set_defaults(handler=cmd_warm)
    for name in extra:
        sub.add_parser(name, help="a long run offered by a puzzle kind (see its --help)")
    args = parser.parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
