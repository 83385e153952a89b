"""Step-by-step hints for every pencil genre, from the genre's own rules on the engine.

A step decides one thing of the answer (a cell shaded or not, a line drawn or not, a
number written) that every solution shares given what is decided so far: a *forced*
decision. Which one comes next is what makes a hint worth reading, so the steps are
tried easiest first:

1. a decision whose opposite breaks the rules at once (unit propagation over the
   genre's clauses, from the decided part alone), preferring the one whose broken
   rules are fewest: with one rule the sentence names it in the genre's words ("the 4
   at R2C5"), rated Easy; two or three rules, Medium;
2. otherwise the first undecided decision in reading order: the puzzle has one
   solution, so it is forced by the whole puzzle, and the sentence says so ("every way
   to finish the puzzle shades R3C5"), rated Hard.

The rules' names are the labels genres give their constraints (`Model.about`), the
same ones that name a clash when a puzzle has no solution.
"""

from __future__ import annotations

import atexit
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from PIL import Image, ImageDraw

from .. import gridkit
from ..i18n import _, capital, listing
from ..values import Difficulty, HintPath, HintStep, PuzzleError
from .engine import SOLVER, IntVar, Lit, Model, Values
from .genre import Genre
from .layers import Answer, differences
from .render import cell_size

#: the ratings of the three ways a step is found (on the one scale of LEVEL_FLOORS)
ONE_RULE, FEW_RULES, WHOLE_PUZZLE = 1.5, 3.0, 4.5
#: the most rules a step's reason may name and still be "a few"
FEW = 3
#: the highlight drawn around a step's cells
STEP_COLOUR = (230, 120, 0)


#: the value a number reads as when a hint's values leave it none (never a clue's)
NO_NUMBER = -1_000_000


class Loose(Values):
    """Values a hint makes (one variable flipped, or only the decided ones true): an
    integer may then have no value, read as NO_NUMBER; the answer is only compared or
    drawn without it."""

    def number(self, var: IntVar) -> int:
        try:
            return super().number(var)
        except ValueError:
            return NO_NUMBER


@dataclass(frozen=True)
class Decision:
    """One literal of the answer as the solution sets it: `lit` holds in the solution;
    `cells` are where the answer shows it, `says` the words for it ("R3C5 is shaded")."""

    lit: Lit
    cells: tuple[tuple[int, int], ...]
    says: str
    visible: bool
    layer: str
    #: for a line or a wall: the answer's layer ("lines", "edges", "borders") and the
    #: piece of it the decision draws or leaves out
    piece: tuple[str, Any] | None = None


@dataclass
class Board:
    """A genre's board on a live solver: its clauses, the rules' guards, the unique
    solution, and the decisions a step can make."""

    genre: Genre[Any, Any]
    board: Any
    model: Model
    variables: Any
    solver: Any
    solution: Values
    decisions: list[Decision] = field(default_factory=list)
    #: decisions a clue makes about its own cell (a clue cell is never shaded)
    givens: list[Lit] = field(default_factory=list)

    @property
    def guards(self) -> list[Lit]:
        return list(self.model.labels)


def open_board(genre: Genre[Any, Any], board: Any) -> Board:
    """The board on a solver, with its one solution found (the connectivity cuts it
    needed kept); PuzzleError when it has none or several. Whether it has one is the
    genre's own search's to say (`Genre.solve`): a genre may prove it far faster than
    its rules as they stand can (a numberlink's tight answers)."""
    from pysat.solvers import Solver

    if len(genre.solve(board, 2).answers) > 1:
        raise PuzzleError(_("no hints: the puzzle has more than one solution."))
    model = Model()
    variables = genre.constrain(board, model)
    solver = Solver(name=SOLVER, bootstrap_with=model.encoded())
    first = solve(model, solver, list(model.labels))
    if first is None:
        solver.delete()
        raise PuzzleError(_("no hints: the puzzle has no solution."))
    found = Board(genre, board, model, variables, solver, first)
    found.decisions = decisions_of(found)
    clues = getattr(board, "clues", {})  # a clue's own cell: decided by the clue
    clues = clues if isinstance(clues, dict) else {}
    found.givens = [d.lit for d in found.decisions if d.cells[0] in clues
                    and not solver.propagate(assumptions=[*found.guards, -d.lit])[0]]
    return found


#: the board a hint job opened last in this process, by genre and board: the job draws
#: the step it found next on it, and opening (solving, proving unique) is most of its time
_opened: tuple[tuple[str, Any], Board] | None = None


def opened(genre: Genre[Any, Any], board: Any, fresh: bool = False) -> Board:
    """The board on a solver (`open_board`), the same one again for the same puzzle
    unless `fresh`; the one kept before is let go. A ladder's steps are found on a fresh
    one: what a solver has learnt in earlier searches makes its propagation stronger, so
    a reused one could give the same puzzle other reasons and another rating than the
    next process does; a picture only reads the decisions, on the board kept."""
    global _opened
    key = (genre.names[0], board)
    if not fresh and _opened is not None and _opened[0] == key:
        return _opened[1]
    let_go()
    found = open_board(genre, board)
    _opened = (key, found)
    return found


@atexit.register
def let_go() -> None:
    """Delete the kept board's solver (at exit too: the solver library cannot delete it
    once the interpreter is taking itself apart)."""
    global _opened
    if _opened is not None:
        _opened[1].solver.delete()
        _opened = None


def solve(model: Model, solver: Any, assumptions: Sequence[Lit]) -> Values | None:
    """A solution under the assumptions, adding connectivity cuts until one holds."""
    while solver.solve(assumptions=list(assumptions)):
        values = Values(solver.get_model() or [])
        cuts = [cut for graph in model.graphs for cut in graph.cuts(values)]
        if not cuts:
            return values
        for cut in cuts:
            solver.add_clause(cut)
    return None


def decisions_of(found: Board) -> list[Decision]:
    """Each answer literal as the solution sets it, with where it shows and its words,
    in reading order (a number's "not 2" literals are kept but never visible)."""
    genre, board = found.genre, found.board
    answer = genre.answer(board, found.variables, found.solution)
    out = []
    for var in found.model.shown():
        lit = var if found.solution(var) else -var
        other = loose_answer(found, set(found.solution.trues()) ^ {var})
        cells = tuple(differences(answer, other, board.rows, board.cols)) if other else ()
        if other is None or not cells:
            continue
        says, visible, layer = described(answer, other, cells[0], lit > 0, board.rows,
                                         board.cols)
        piece = toggled(answer, other) if layer in ("lines", "borders") else None
        out.append(Decision(lit, cells, says, visible, layer, piece))
    return sorted(out, key=lambda d: (d.cells[0], not d.visible))


def toggled(answer: Answer, other: Answer) -> tuple[str, Any] | None:
    """The line, grid edge or wall in which two answers differ first, with its layer."""
    for layer in ("lines", "edges", "borders"):
        if apart := getattr(answer, layer) ^ getattr(other, layer):
            return layer, min(apart)
    return None


def mark_name(mark: str) -> str:
    """A mark in words ("a light"; `Answer.marks` keeps the player's symbol)."""
    names = {"light": _("a light"), "star": _("a star"), "/": _("a slash"),
             "\\": _("a slash"), "circle": _("a circle"), "cross": _("a cross")}
    return names.get(mark, _("a triangle") if mark.startswith("tri") else _("a mark"))


def side_name(segment: tuple[tuple[int, int], tuple[int, int]], rows: int, cols: int) -> str:
    """A grid segment (between two vertices) named by a cell it borders: "the top of
    R1C2" (the bottom or right side of a cell on the last row or column)."""
    (r, c), (r2, _c2) = sorted(segment)
    if r == r2:  # across
        return (_("the top of {cell}").format(cell=cell_name((r, c))) if r < rows
                else _("the bottom of {cell}").format(cell=cell_name((r - 1, c))))
    return (_("the left side of {cell}").format(cell=cell_name((r, c))) if c < cols
            else _("the right side of {cell}").format(cell=cell_name((r, c - 1))))


def loose_answer(found: Board, true: set[Lit]) -> Answer | None:
    """The answer these variables make, or None where the genre cannot read one from
    them (a cell in no region: a genre reads whole solutions only)."""
    try:
        return found.genre.answer(found.board, found.variables, Loose(sorted(true)))
    except (KeyError, ValueError, IndexError, StopIteration):
        return None


def described(answer: Answer, other: Answer, cell: tuple[int, int], positive: bool,
              rows: int, cols: int) -> tuple[str, bool, str]:
    """What a decision says, from how the solution differs from its opposite at `cell`;
    whether it is worth a step of its own (a number's "not 2" is not); and its layer."""
    name = cell_name(cell)
    if cell in answer.numbers or cell in other.numbers:
        if positive and cell in answer.numbers and answer.numbers[cell] != other.numbers.get(
                cell):
            return (_("{cell} is {number}").format(cell=name, number=answer.numbers[cell]),
                    True, "numbers")
        if positive and cell not in answer.numbers:
            return _("{cell} stays empty").format(cell=name), True, "numbers"
        return _("{cell} is not {number}").format(
            cell=name, number=other.numbers.get(cell, "?")), False, "numbers"
    if (cell in answer.shaded) != (cell in other.shaded):
        return (_("{cell} is shaded").format(cell=name) if cell in answer.shaded
                else _("{cell} stays unshaded").format(cell=name)), True, "shaded"
    if answer.marks.get(cell) != other.marks.get(cell):
        return (_("{cell} holds {mark}").format(cell=name, mark=mark_name(answer.marks[cell]))
                if cell in answer.marks else _("{cell} stays empty").format(cell=name)
                ), True, "marks"
    if lines := answer.lines ^ other.lines:
        a, b = map(cell_name, min(lines))
        return (_("the line joins {a} and {b}") if min(lines) in answer.lines
                else _("no line joins {a} and {b}")).format(a=a, b=b), True, "lines"
    if edges := answer.edges ^ other.edges:
        side = side_name(min(edges), rows, cols)
        return (_("the line runs along {side}") if min(edges) in answer.edges
                else _("no line runs along {side}")).format(side=side), True, "lines"
    if borders := answer.borders ^ other.borders:
        a, b = map(cell_name, min(borders))
        return (_("a wall stands between {a} and {b}") if min(borders) in answer.borders
                else _("no wall stands between {a} and {b}")).format(a=a, b=b), True, "borders"
    return _("{cell} is decided").format(cell=name), True, "other"


def steps(found: Board, decided: list[Lit], limit: int | None,
          deadline: float | None = None) -> tuple[list[HintStep], bool]:
    """The next steps from what is decided (up to `limit`, until `deadline`), easiest
    first each time; and whether they reach the solution."""
    out: list[HintStep] = []
    decided = list(decided)
    while limit is None or len(out) < limit:
        if deadline is not None and time.monotonic() > deadline:
            return out, False
        open_ = [d for d in found.decisions if d.lit not in decided]
        if not any(d.visible for d in open_):
            break
        decision, labels, rating = next_decision(found, open_, decided)
        out.append(step_of(found, decision, labels, rating, decided))
        decided.append(decision.lit)
        decided += [d.lit for d in open_ if not d.visible and d.cells == decision.cells]
    return out, not any(d.visible for d in found.decisions if d.lit not in decided)


def next_decision(found: Board, open_: list[Decision],
                  decided: list[Lit]) -> tuple[Decision, list[str], float]:
    """The easiest forced decision: the fewest rules broken at once by its opposite,
    a shown one before a number's "not"; else the first in reading order."""
    best: tuple[Decision, list[str]] | None = None
    base = found.guards + decided
    for decision in open_:
        if not decision.visible:
            continue
        holds, _implied = found.solver.propagate(assumptions=[*base, -decision.lit])
        if holds:  # its opposite breaks nothing at once
            continue
        found.solver.solve(assumptions=[*base, -decision.lit])
        labels = sorted({found.model.labels[g] for g in found.solver.get_core() or []
                         if g in found.model.labels})
        if best is None or weight(labels) < weight(best[1]):
            best = (decision, labels)
            if len(labels) == 1:
                break
    if best is not None and len(best[1]) <= FEW:
        return best[0], best[1], ONE_RULE if len(best[1]) == 1 else FEW_RULES
    first = next(d for d in open_ if d.visible)
    return first, [], WHOLE_PUZZLE


def weight(labels: list[str]) -> int:
    """How hard a reason is to follow: the rules it names (none named: the hardest)."""
    return len(labels) or FEW


def step_of(found: Board, decision: Decision, labels: list[str], rating: float,
            decided: list[Lit]) -> HintStep:
    """The step's sentence, where to look and its picture's state."""
    says, named = decision.says, [f"“{cells_named(label)}”" for label in labels]
    if len(labels) == 1:
        text = _("{says}: the other way breaks {rule}.").format(says=says, rule=named[0])
        technique, look = _("One rule"), cells_named(labels[0])
    elif labels:
        text = _("{says}: the other way breaks {rules} together.").format(
            says=says, rules=listing(named))
        technique, look = _("A few rules together"), listing(
            [cells_named(label) for label in labels])
    elif rating < WHOLE_PUZZLE:  # the genre's rules at once, none of them named
        text = _("{says}: the other way breaks the rules right there.").format(says=says)
        technique, look = _("The rules nearby"), _("around {cell}").format(
            cell=cell_name(decision.cells[0]))
    else:
        text = _("{says}: every way to finish the puzzle agrees on it.").format(says=says)
        technique, look = _("The whole puzzle"), _("around {cell}").format(
            cell=cell_name(decision.cells[0]))
    return HintStep(technique, capital(text), look, cells=decision.cells, rating=rating,
                    state=(tuple(decided), decision.lit))


def cell_name(cell: tuple[int, int]) -> str:
    """R3C5 for a (row, column) cell (`gridkit.cell_name`)."""
    return gridkit.cell_name(*cell)


def cells_named(text: str) -> str:
    """A rule's label with its cells named as hints name them (r2c3 -> R2C3)."""
    return re.sub(r"\br(\d+)c(\d+)\b", r"R\1C\2", text)


def path(genre: Genre[Any, Any], board: Any, entries: Answer | None,
         limit: int | None, kind: str, deadline: float | None = None) -> HintPath:
    """The hint path of a pencil puzzle (from a person's half-done answer, `entries`),
    the steps found by `deadline` when given."""
    found = opened(genre, board, fresh=True)
    decided = found.givens + (entered(found, entries) if entries is not None else [])
    found_steps, reached = steps(found, decided, limit, deadline)
    hardest = max(found_steps, key=lambda s: s.rating, default=None)
    difficulty = Difficulty.of(hardest.rating if hardest else 0.0,
                               hardest.technique if hardest else "")
    return HintPath(kind, found_steps, difficulty, complete=reached)


def entered(found: Board, entries: Answer) -> list[Lit]:
    """The decisions a person's answer already makes as the solution does (cells shaded
    or dotted, numbers and marks written; a wrong one is left undecided)."""
    answer = found.genre.answer(found.board, found.variables, found.solution)
    return [decision.lit for decision in found.decisions
            if shares(decision, entries, answer)]


def shares(decision: Decision, entries: Answer, answer: Answer) -> bool:
    """Whether the person's answer shows this decision as the solution makes it (a line
    or a wall drawn where the solution has one; one left out is not told from one not
    drawn yet)."""
    cell = decision.cells[0]
    if decision.piece is not None:
        layer, piece = decision.piece
        return piece in getattr(answer, layer) and piece in getattr(entries, layer)
    if decision.layer == "shaded":
        return cell in answer.shaded and cell in entries.shaded if decision.lit > 0 \
            else cell not in answer.shaded and cell in entries.dotted
    if decision.layer == "numbers" and decision.visible:
        return cell in answer.numbers and entries.numbers.get(cell) == answer.numbers[cell]
    if decision.layer == "marks":
        return cell in answer.marks and entries.marks.get(cell) == answer.marks[cell]
    return False


def picture(genre: Genre[Any, Any], board: Any, step: HintStep) -> Image.Image:
    """The board as decided before the step, with the step's cells ringed."""
    decided, _lit = step.state
    found = opened(genre, board)
    partial = partial_answer(found, set(decided))
    blank = {d.cells[0] for d in found.decisions
             if d.layer in ("shaded", "marks") and d.lit not in decided
             and -d.lit not in decided} - {
        d.cells[0] for d in found.decisions if d.lit in decided}
    image = genre.draw(board, partial).convert("RGB")
    bare = genre.draw(board, None).convert("RGB")
    mark_step(image, bare, board, step.cells, sorted(blank))
    return image


def partial_answer(found: Board, decided: set[Lit]) -> Answer:
    """The answer with only the decided literals true (the rest false), and the cells
    decided unshaded dotted, as a player marks them."""
    answer = loose_answer(found, {lit for lit in decided if lit > 0}) or Answer()
    answer = replace(answer, numbers={cell: number for cell, number in answer.numbers.items()
                                      if number != NO_NUMBER})
    dotted = {d.cells[0] for d in found.decisions
              if d.lit in decided and d.layer == "shaded" and d.cells[0] not in answer.shaded}
    return replace(answer, dotted=answer.dotted | dotted)


def grid_at(image: Image.Image, board: Any) -> tuple[int, int, int] | None:
    """Where the board's grid is in a genre's picture: (pad, cell, offset), found from the
    picture's size (a genre may add a margin of clue cells around its board, `outer`, or
    a clue row and column before it, `offset`); None when no layout fits."""
    for outer in range(2):
        for offset in range(2):
            rows, cols = board.rows + offset, board.cols + offset
            cell = cell_size(rows + 2 * outer, cols + 2 * outer)
            pad = max(8, cell // 3) + outer * cell
            if (cols * cell + 2 * pad, rows * cell + 2 * pad) == image.size:
                return pad, cell, offset
    return None


def mark_step(image: Image.Image, bare: Image.Image, board: Any,
              step_cells: Sequence[tuple[int, int]],
              undecided: Sequence[tuple[int, int]]) -> None:
    """Show the cells not decided yet as the bare puzzle shows them (a genre draws every
    cell of an answer, an undecided one as if decided) and ring the step's cell."""
    layout = grid_at(image, board)
    if layout is None or bare.size != image.size:
        return
    pad, cell, offset = layout
    inset = max(2, cell // 20)
    for r, c in undecided:
        x, y = pad + (c + offset) * cell, pad + (r + offset) * cell
        box = (x + inset, y + inset, x + cell - inset, y + cell - inset)
        image.paste(bare.crop(box), box[:2])
    draw = ImageDraw.Draw(image)
    width = max(3, cell // 10)
    for r, c in step_cells[:1]:
        x, y = pad + (c + offset) * cell, pad + (r + offset) * cell
        draw.rectangle([x + 1, y + 1, x + cell - 1, y + cell - 1], outline=STEP_COLOUR,
                       width=width)
