"""The puzz.link player's judge for the tests: npm pzpr 0.10.1 run by tests/pzpr_judge.js.

`make test` installs pzpr into .cache/pzpr (`npm install --prefix .cache/pzpr
pzpr@0.10.1`); `judge` installs it too when it is missing, so a single test file runs
on its own. One Node process judges many boards at once (JSON lines in, JSON lines out).

`solved_and_judged(links)` is the check every genre's test makes: each link solves to
exactly one answer, our checker accepts it, and pzpr opens our pzprv3 file, finds it
complete and re-encodes the same puzzle as the link itself.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

from solvers.pencil import Pencil, PencilPuzzle
from solvers.pencil.layers import Answer
from solvers.values import Limits

ROOT = Path(__file__).resolve().parent.parent
PREFIX = ROOT / ".cache" / "pzpr"
PACKAGE = PREFIX / "node_modules" / "pzpr" / "package.json"
SCRIPT = ROOT / "tests" / "pzpr_judge.js"
VERSION = "0.10.1"
DATA = ROOT / "tests" / "data" / "pencil"
KIND = Pencil()


def install() -> None:
    """npm pzpr into .cache/pzpr, once."""
    if PACKAGE.exists():
        return
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError("npm is needed for the pzpr judge (apt-get install npm)")
    subprocess.run([npm, "install", "--silent", "--prefix", str(PREFIX), f"pzpr@{VERSION}"],
                   check=True, timeout=300)


def judge(items: list[dict[str, str]]) -> list[dict[str, Any]]:
    """pzpr's verdict on each item: {"pzprv3": file} or {"url": link} ->
    {complete, code, text, url, genre} or {error}."""
    install()
    lines = "".join(json.dumps(item) + "\n" for item in items)
    done = subprocess.run(["node", str(SCRIPT)], input=lines, capture_output=True,
                          text=True, check=True, timeout=300)
    return [json.loads(line) for line in done.stdout.splitlines()]


def links_of(genre: str) -> list[str]:
    """The links of tests/data/pencil/GENRE.json."""
    data = json.loads((DATA / f"{genre}.json").read_text(encoding="utf-8"))
    return [puzzle["link"] for puzzle in data["puzzles"]]


def solve(link: str) -> tuple[PencilPuzzle, list[Answer], bool]:
    """A link's puzzle, its answers (at most 2) and whether there are no others."""
    puzzle = KIND.parse(link)
    found = KIND.solve(puzzle, Limits.within(60))
    return puzzle, found.found, found.exhaustive


def solved_and_judged(links: list[str]) -> list[str]:
    """What is wrong with each link's answer, one line per fault (empty: all good):
    exactly one answer, our check passes, pzpr finds our pzprv3 complete and the same
    puzzle as the link."""
    faults: list[str] = []
    items: list[dict[str, str]] = []
    for link in links:
        puzzle, answers, exhaustive = solve(link)
        if len(answers) != 1 or not exhaustive:
            faults.append(f"{link}: {len(answers)} answers (exhaustive {exhaustive})")
            continue
        report = KIND.check(puzzle, answers[0])
        if not report.ok:
            faults.append(f"{link}: our check: {report.broken()}")
        items += [{"url": link}, {"pzprv3": KIND.format_solution(puzzle, answers[0])}]
    verdicts = judge(items)
    for given, ours in zip(verdicts[::2], verdicts[1::2], strict=True):
        if "error" in ours or "error" in given:
            faults.append(f"pzpr could not open: {given} / {ours}")
        elif not ours["complete"]:
            faults.append(f"{given['url']}: pzpr says {ours['code']} ({ours['text']})")
        elif ours["url"] != given["url"]:
            faults.append(f"{given['url']}: pzpr reads our file as {ours['url']}")
    return faults
