"""Seki's hints: the next forced cell, one step at a time, from the rotors' own rules: a
rotor whose cells known so far leave every way it can be set agreeing on a cell (*Rotor*);
two rotors that share cells, taken together (*Two Rotors*); a cell whose one colour,
followed rotor by rotor, leaves some rotor no way to be set (*Probe*); and when none
applies, a named *Guess* of the solution's colour."""

from __future__ import annotations

from PIL import Image

from .. import draw
from ..gridkit import Step
from ..i18n import N_, _, capital, listing, ngettext
from ..values import Difficulty, HintPath, HintStep, Limits, Mistake, PuzzleError
from .model import BLACK_COUNT, SIZE, Grid, Known, SekiPuzzle, black_pairs, cell_name, rotor_group
from .picture import PLACED_FRAME, STEP_FRAME, UNKNOWN, picture
from .solver import rotor_words, solve

#: technique -> rating, on the scale every kind shares (`solvers.values.level_of`)
#: (the English names are the keys; `_(technique)` is the name a person reads)
HINT_TECHNIQUES = {N_("Rotor"): 1.5, N_("Two Rotors"): 3.0, N_("Probe"): 4.0,
                   N_("Guess"): 11.0}
#: a cell's colour as a sentence says it of one cell ("B1 is black")
COLOURS = (N_("white"), N_("black"))
#: technique -> what to do, the ladder's technique rung in one sentence (`where`: "rotor
#: 6", "rotors 3 and 4", a cell), so it never reads "use Rotor on rotor 6"
APPROACHES = {"Rotor": N_("Turn {where} every way it can still go."),
              "Two Rotors": N_("Turn {where} together, every way they still can."),
              "Probe": N_("Try each colour in {where} and follow the rotors."),
              "Guess": N_("Guess the colour of {where}.")}


def rotor_ways(rotor: str, k: int) -> list[dict[int, int]]:
    """Every way rotor k can be set: its four cells' colours, cell -> 0/1."""
    group = rotor_group(k)
    ways = []
    for bits in range(16):
        colours = {cell: bits >> n & 1 for n, cell in enumerate(group)}
        blacks = {cell for cell, on in colours.items() if on}
        pairs = black_pairs(rotor, group)
        if len(blacks) == BLACK_COUNT[rotor] and (not pairs or any(
                blacks == set(pair) for pair in pairs)):
            ways.append(colours)
    return ways


def _fitting(ways: list[dict[int, int]], known: Known) -> list[dict[int, int]]:
    return [w for w in ways if all(known[c] in (-1, v) for c, v in w.items())]


def _agreed(ways: list[dict[int, int]], known: Known) -> dict[int, int]:
    """The unknown cells every way gives the same colour."""
    if not ways:
        return {}
    return {c: v for c, v in ways[0].items()
            if known[c] == -1 and all(w[c] == v for w in ways)}


def _cells_words(cells: list[int], known: Known) -> str:
    """"B1 black and C1 white": cells with their colours."""
    return listing([_("{cell} {colour}").format(cell=cell_name(c), colour=_(COLOURS[known[c]]))
                    for c in sorted(cells)])


def _forced_words(forced: dict[int, int]) -> str:
    """"C2 and C3 are white and D2 is black": forced cells grouped by colour."""
    parts = []
    for colour in (1, 0):
        cells = [cell_name(c) for c in sorted(forced) if forced[c] == colour]
        if cells:
            said = (ngettext("{cells} is white", "{cells} are white", len(cells)) if colour == 0
                    else ngettext("{cells} is black", "{cells} are black", len(cells)))
            parts.append(said.format(cells=listing(cells)))
    return _(" and ").join(parts)


#: a Seki step: cells by index, colours 0 white / 1 black; its marks are its rotors
SekiStep = Step[int]


def _step(technique: str, text: str, where: str, cells: tuple[int, ...],
          forced: tuple[tuple[int, int], ...], rotors: tuple[int, ...]) -> SekiStep:
    """A step that sets the `forced` cells, its `rotors` ringed in the picture."""
    return Step(technique, text, where, cells, forced, marks=rotors,
                approach=_(APPROACHES[technique]).format(where=where))


def _one_rotor(puzzle: SekiPuzzle, known: Known) -> SekiStep | None:
    for k, rotor in enumerate(puzzle.rotors):
        group = rotor_group(k)
        forced = _agreed(_fitting(rotor_ways(rotor, k), known), known)
        if not forced:
            continue
        seen = [c for c in group if known[c] != -1]
        blacks = sum(known[c] == 1 for c in seen)
        whites = len(seen) - blacks
        if blacks == BLACK_COUNT[rotor] or whites == 4 - BLACK_COUNT[rotor]:
            colour = 1 if blacks == BLACK_COUNT[rotor] else 0
            mine = [c for c in seen if known[c] == colour]
            said = (ngettext("{rotor} already has its {count} black cell ({cells}), so "
                             "{forced}.", "{rotor} already has its {count} black cells "
                             "({cells}), so {forced}.", len(mine)) if colour else
                    ngettext("{rotor} already has its {count} white cell ({cells}), so "
                             "{forced}.", "{rotor} already has its {count} white cells "
                             "({cells}), so {forced}.", len(mine)))
            text = said.format(rotor=capital(rotor_words(puzzle, k)), count=len(mine),
                               cells=listing([cell_name(c) for c in sorted(mine)]),
                               forced=_forced_words(forced))
        else:
            text = _("{rotor} has {cells}: every way it can still be turned says "
                     "{forced}.").format(rotor=capital(rotor_words(puzzle, k)),
                                         cells=_cells_words(seen, known),
                                         forced=_forced_words(forced))
        return _step("Rotor", text, _("rotor {number}").format(number=k + 1), group,
                         tuple(sorted(forced.items())), (k,))
    return None


def _two_rotors(puzzle: SekiPuzzle, known: Known) -> SekiStep | None:
    for a in range(9):
        for b in range(a + 1, 9):
            shared = set(rotor_group(a)) & set(rotor_group(b))
            if not shared:
                continue
            ways = [wa | wb for wa in _fitting(rotor_ways(puzzle.rotors[a], a), known)
                    for wb in _fitting(rotor_ways(puzzle.rotors[b], b), known)
                    if all(wa[c] == wb[c] for c in shared)]
            forced = _agreed(ways, known)
            if not forced:
                continue
            names = _(" and ").join(cell_name(c) for c in sorted(shared))
            return _step("Two Rotors",
                             _("Rotors {a} and {b} share {cells}: of the ways {first} and "
                               "{second} can be turned together, every one says "
                               "{forced}.").format(
                                 a=a + 1, b=b + 1, cells=names,
                                 first=rotor_words(puzzle, a), second=rotor_words(puzzle, b),
                                 forced=_forced_words(forced)),
                             _("rotors {a} and {b}").format(a=a + 1, b=b + 1),
                             tuple(sorted(set(rotor_group(a)) | set(rotor_group(b)))),
                             tuple(sorted(forced.items())), (a, b))
    return None


def _follow(puzzle: SekiPuzzle, known: Known) -> int | None:
    """Set every cell single rotors force, again and again; the first rotor left with
    no way to be turned, or None."""
    cells = list(known)
    changed = True
    while changed:
        changed = False
        for k, rotor in enumerate(puzzle.rotors):
            ways = _fitting(rotor_ways(rotor, k), tuple(cells))
            if not ways:
                return k
            for c, v in _agreed(ways, tuple(cells)).items():
                cells[c] = v
                changed = True
    return None


def _probe(puzzle: SekiPuzzle, known: Known) -> SekiStep | None:
    for cell in range(SIZE * SIZE):
        if known[cell] != -1:
            continue
        for colour in (1, 0):
            broken = _follow(puzzle, known[:cell] + (colour,) + known[cell + 1:])
            if broken is None:
                continue
            return _step("Probe",
                             _("If {cell} were {colour}, setting the cells each rotor then "
                               "forces would leave {rotor} no way to be turned, so {cell} is "
                               "{other}.").format(cell=cell_name(cell),
                                                  colour=_(COLOURS[colour]),
                                                  rotor=rotor_words(puzzle, broken),
                                                  other=_(COLOURS[1 - colour])),
                             cell_name(cell), (cell, *rotor_group(broken)),
                             ((cell, 1 - colour),), (broken,))
    return None


def _hint_guess(known: Known, solution: Grid) -> SekiStep:
    cell = known.index(-1)
    return _step("Guess", _("None of the deductions here finds the next step, so guess: "
                               "{cell} is {colour}, and it is the right guess.").format(
                                   cell=cell_name(cell), colour=_(COLOURS[solution[cell]])),
                     cell_name(cell), (cell,), ((cell, solution[cell]),), ())


def hint_path(puzzle: SekiPuzzle, entries: Known | None, limit: int | None) -> HintPath:
    """The path from the person's cells (-1 not known) to the solution."""
    found = solve(puzzle, Limits(max_solutions=2))
    if not found.found:
        raise PuzzleError(_("this Seki has no solution, so there is no next step"))
    if found.count > 1:
        raise PuzzleError(_("this Seki has more than one solution, so no step is forced"))
    solution = found.found[0]
    known: Known = entries or (-1,) * (SIZE * SIZE)
    wrong = [c for c in range(SIZE * SIZE) if known[c] != -1 and known[c] != solution[c]]
    if wrong:
        r, c = divmod(wrong[0], SIZE)
        return HintPath("seki", [], Difficulty.of(0.0, ""), False, Mistake(
            f"row {r + 1}", (r + 1, c + 1),
            _("There is a mistake in row {row}.").format(row=r + 1),
            _("{cell} is not {colour}.").format(cell=cell_name(wrong[0]),
                                                colour=_(COLOURS[known[wrong[0]]]))))
    steps: list[HintStep] = []
    while -1 in known and (limit is None or len(steps) < limit):
        step = (_one_rotor(puzzle, known) or _two_rotors(puzzle, known)
                or _probe(puzzle, known) or _hint_guess(known, solution))
        steps.append(HintStep(
            _(step.technique), step.text, step.where,
            tuple((c // SIZE + 1, c % SIZE + 1, v) for c, v in step.placements), (),
            tuple((c // SIZE + 1, c % SIZE + 1) for c in sorted(step.cells)),
            HINT_TECHNIQUES[step.technique], (step, known), step.approach))
        cells = list(known)
        for c, v in step.placements:
            cells[c] = v
        known = tuple(cells)
    hardest = max(steps, key=lambda s: s.rating, default=None)
    return HintPath("seki", steps, Difficulty.of(hardest.rating if hardest else 0.0,
                                                 hardest.state[0].technique if hardest else ""),
                    -1 not in known)


def hint_picture(puzzle: SekiPuzzle, hint: HintStep) -> Image.Image:
    """The cells known before the step (grey: not yet), its cells framed yellow and its
    rotors ringed, the cells it sets framed green in their colour."""
    step, known = hint.state
    forced = dict(step.placements)
    after = [forced.get(c, v) for c, v in enumerate(known)]
    frames = {c: STEP_FRAME for c in step.cells} | {c: PLACED_FRAME for c in forced}
    return picture(puzzle, f"Seki: {_(step.technique)}",
                   lambda i: UNKNOWN if after[i] == -1 else (draw.INK if after[i]
                                                              else draw.PAPER),
                   tuple(max(v, 0) for v in known), (
                       _("yellow: the step's cells and rotors   grey: not known"),
                       _("green frame: the cells this step sets")), frames, frozenset(step.marks))
