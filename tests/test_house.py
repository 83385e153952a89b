"""The house's depth: the longest chain of imports among bot/'s own modules (issue 37).

Read from the source with `ast`, so function-level imports and packages' `__init__` count
(a handler that imports another inside a function is still a floor of the building). Import
cycles are folded into one step per module of the cycle, so a loop cannot hide floors.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "bot"
#: issue 37's figure (20 before the game modes' registry, 18 before the layers drawn in
#: docs/architecture.md), reached by several chains at once, for instance __main__ -> app
#: -> games.wiring -> games.submit -> games.mode -> menu -> context -> counts ->
#: work.errors -> i18n, or ... -> context -> store.facade -> store.core -> bot.database
DEPTH_LIMIT = 10


def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a package is its `__init__`)."""
    names = {}
    for path in (ROOT / PACKAGE).rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def imported(name: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that `name` imports anywhere in its body, with their parents."""
    is_package = path.name == "__init__.py"
    here = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            stem = ".".join(base + ([node.module] if node.module else []))
            targets = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
        for target in targets:
            parts = target.split(".")
            for end in range(1, len(parts) + 1):
                candidate = ".".join(parts[:end])
                if candidate in known and candidate != name:
                    found.add(candidate)
    return found


def graph() -> dict[str, set[str]]:
    """Who imports whom inside the package."""
    names = module_names()
    return {name: imported(name, path, set(names)) for name, path in names.items()}


def components(edges: dict[str, set[str]]) -> dict[str, frozenset[str]]:
    """Each module's strongly connected component (Tarjan), so cycles count once per member."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: dict[str, frozenset[str]] = {}

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            members = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                members.append(top)
                if top == node:
                    break
            for member in members:
                result[member] = frozenset(members)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return result


def longest_chain(edges: dict[str, set[str]]) -> list[str]:
    """The longest chain of imports, a cycle's members listed in it together."""
    comp = components(edges)
    outgoing = {c: {comp[n] for m in c for n in edges[m]} - {c} for c in set(comp.values())}

    @cache
    def deepest(c: frozenset[str]) -> tuple[str, ...]:
        below = max((deepest(n) for n in outgoing[c]), key=len, default=())
        return tuple(sorted(c)) + below

    return list(max((deepest(c) for c in outgoing), key=len))


def test_chain_reader_follows_relative_and_function_imports() -> None:
    edges = graph()
    assert "bot.config" in edges["bot.check"]
    assert "bot.games.race" not in edges["bot.check"]  # the check's limit lives in config
    assert "bot.work.anagram_jobs" in edges["bot.work.jobs"]  # imported inside a function
    assert "bot.games" in edges["bot.games.race"]  # a package's __init__ is a floor too


def test_bot_is_at_most_the_limit_deep() -> None:
    chain = longest_chain(graph())
    assert len(chain) <= DEPTH_LIMIT, " -> ".join(chain)
