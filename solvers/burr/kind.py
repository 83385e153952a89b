"""The six-piece burr as a puzzle kind (`piece_kind` has the one-piece look-up).

A *solution* of a burr is one assembly together with the moves found to take it apart
(`BurrSolution`). The solver finds every assembly, searches each one's disassembly, and
puts first those that come apart, highest level first. The independent check rebuilds
the burr from the pieces' cells with plain sets: shapes, overlaps, skin, holes, then
replays every move.

The searches (`assemble`, `disassemble`, compiled by numba) are imported by the methods
that run them: the bot's process parses and words a burr without numba.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from PIL import Image

from .. import draw
from ..base import ASSEMBLY_PUZZLES, PuzzleKind
from ..i18n import Translated, _, ngettext
from ..texts import clip, header_is
from ..values import CheckReport, Limits, Media, PuzzleError, Rule, Solutions
from . import render
from .geometry import frame
from .parse import PIECES, BurrPuzzle, parse_burr
from .pictures import animation_frames, pieces_sheet
from .pieces import Piece, cubies_of
from .replay import replay, same_shape
from .solution import BurrSolution, level_words, move_words, piece_cells

SHORT_FORM = re.compile(r"^\s*(\d+\s+){5}\d+(\s+(length|len|l)\s*[=:]?\s*\d+)?\s*$",
                        re.IGNORECASE)
#: most moves the caption lists; the report always has them all
CAPTION_MOVES = 8

class Burr(PuzzleKind[BurrPuzzle, BurrSolution]):
    name = "burr"
    family = ASSEMBLY_PUZZLES
    title = "Six-piece burr"
    summary = Translated("`#Burr6 NAME` then six lines `Mark,IDValue,Name` (Cutler's piece "
                         "IDs), or six IDs on one line: 1 120 3328 3322 3328 3305; add "
                         "`length 8` for long sticks")
    example = "burr_antique.txt"
    rules = Translated("Six notched square sticks lock together in three pairs, one pair "
                       "along each direction, into a cross. Find how they fit, and the moves "
                       "that take them apart again.")
    version = "1"
    more_media = True
    aliases = ("burr6",)

    def detect(self, text: str) -> bool:
        return header_is(text, "burr6", "burr") or bool(SHORT_FORM.match(text))

    def parse(self, text: str) -> BurrPuzzle:
        return parse_burr(text)

    def canonical(self, puzzle: BurrPuzzle) -> str:
        rows = [f"{p.mark},{p.piece_id},{p.name}" for p in puzzle.pieces]
        return "\n".join([f"length {puzzle.length}", *rows])

    # Solving -----------------------------------------------------------------------

    def solve(self, puzzle: BurrPuzzle, limits: Limits) -> Solutions:
        if puzzle.weight > 32:
            return Solutions([], 0, True, reason=_(
                "The pieces weigh {weight} in all; a burr holds at most 32, so they cannot "
                "fit together.").format(weight=puzzle.weight))
        from .assemble import assemble
        from .disassemble import disassemble_all

        started = time.perf_counter()
        found = assemble(frame(puzzle.length), puzzle.ids, limits)
        cells = [piece_cells(puzzle, assembly) for assembly in found.assemblies]
        searched = ([None] * len(cells) if limits.expired()
                    else disassemble_all(cells, puzzle.length, limits))
        solutions = [BurrSolution(assembly, moves)
                     for assembly, moves in zip(found.assemblies, searched, strict=True)]
        solutions.sort(key=_interest)
        apart = sum(1 for s in solutions if s.disassembly and s.disassembly.complete)
        stats = {
            "raw_placements": found.raw, "assemblies": len(solutions), "come_apart": apart,
            "levels": [s.disassembly.level for s in solutions
                       if s.disassembly and s.disassembly.complete],
            "nodes": found.nodes,
            "states": sum(s.disassembly.states for s in solutions if s.disassembly),
            "seconds": round(time.perf_counter() - started, 4),
        }
        exhaustive = found.exhaustive and all(
            s.disassembly and s.disassembly.exhaustive for s in solutions)
        reason = "" if solutions else _(
            "No assembly: these six pieces cannot fill the burr's outline together.")
        return Solutions(solutions[:limits.max_solutions], len(solutions), exhaustive,
                         reason, stats)

    # Checking ----------------------------------------------------------------------

    def check(self, puzzle: BurrPuzzle, solution: BurrSolution) -> CheckReport:
        """Shapes, overlaps, skin and holes from the cells alone, then every move replayed."""
        cells = piece_cells(puzzle, solution.assembly)
        geometry = frame(puzzle.length)
        rules, ok = [], True
        for slot, (index, _turn, _mask) in enumerate(solution.assembly.slots):
            piece = puzzle.pieces[index]
            inside = cells[index] <= geometry.slots[slot].place(cubies_of(1, puzzle.length))
            same = same_shape(cells[index], piece.cubies, puzzle.length)
            ok &= inside and same
            rules.append(Rule(_("{piece} in slot {slot}").format(
                piece=piece.label, slot=geometry.slots[slot].name), inside and same,
                _fit_words(same, inside), ": "))
        taken = [c for piece in cells for c in piece]
        shared = len(taken) - len(set(taken))
        ok &= shared == 0
        rules.append(Rule(_("Cells shared by two pieces"), not shared,
                          _("{count} (two pieces cannot share a cell)").format(count=shared)
                          if shared else _("none"), ": "))
        skin = frozenset().union(*geometry.skins)
        gaps = len(skin - set(taken))
        ok &= gaps == 0
        skin_words = (_("all {cells} cells filled") if not gaps
                      else _("{filled} of {cells} cells filled, {gaps} empty"))
        rules.append(Rule(_("Outer skin"), not gaps, skin_words.format(
            filled=len(skin) - gaps, cells=len(skin), gaps=gaps), ": "))
        holes = len(set(geometry.core) - set(taken))
        rules.append(Rule(_("Internal holes"), None, _("{holes} (32 - total weight {weight})")
                          .format(holes=holes, weight=puzzle.weight), ": "))
        if not ok:
            return CheckReport(False, rules, _("Burr has ** ERROR **: not a valid assembly."))
        if solution.disassembly is None:
            return CheckReport(True, rules, _("Assembly OK; no moves given to check."))
        moves_ok, move_rules = replay(cells, solution.disassembly.moves, puzzle)
        rules += move_rules
        if not moves_ok:
            return CheckReport(False, rules, _("Burr has ** ERROR **: a move does not work."))
        level = level_words(solution.disassembly)
        if solution.disassembly.complete:
            return CheckReport(True, rules, _("Burr OK: it assembles and comes apart, "
                                              "{level}.").format(level=level))
        return CheckReport(True, rules, _("Assembly OK, but it cannot be taken apart "
                                          "({level}).").format(level=level))

    # Text form of a solution -------------------------------------------------------

    def format_solution(self, puzzle: BurrPuzzle, solution: BurrSolution) -> str:
        geometry = frame(puzzle.length)
        lines = [f"{geometry.slots[s].name}: piece {puzzle.pieces[p].mark} turn {o}"
                 for s, (p, o, _mask) in enumerate(solution.assembly.slots)]
        lines.append(level_words(solution.disassembly).capitalize())
        if solution.disassembly:
            lines += [f"{n}. {move_words(puzzle, m)}"
                      for n, m in enumerate(solution.disassembly.moves, 1)]
        return "\n".join(lines)

    def parse_solution(self, puzzle: BurrPuzzle, text: str) -> BurrSolution:
        """Six lines `x1: piece MARK turn T` (slots x1 x2 y1 y2 z1 z2, turns 0..7)."""
        geometry = frame(puzzle.length)
        names = [slot.name for slot in geometry.slots]
        marks = {p.mark: i for i, p in enumerate(puzzle.pieces)}
        chosen: dict[int, tuple[int, int]] = {}
        pattern = re.compile(r"^([xyz][12])\s*:\s*piece\s+(\S+)\s+turn\s+([0-7])$", re.I)
        for number, line in enumerate(text.splitlines(), 1):
            found = pattern.match(line.strip())
            if not found:
                continue
            slot_name, mark, turn = found.group(1).lower(), found.group(2), found.group(3)
            if mark not in marks:
                raise PuzzleError(_("there is no piece marked '{mark}'").format(
                    mark=clip(mark)), number)
            chosen[names.index(slot_name)] = (marks[mark], int(turn))
        if len(chosen) != PIECES or len({p for p, _turn in chosen.values()}) != PIECES:
            raise PuzzleError(_("give each slot x1 x2 y1 y2 z1 z2 one different piece, as "
                                "`x1: piece 0 turn 3`"))
        index = geometry.core_index
        slots = []
        for s in range(PIECES):
            piece, turn = chosen[s]
            placed = geometry.cells(s, turn, puzzle.pieces[piece].piece_id)
            slots.append((piece, turn, sum(1 << index[c] for c in placed if c in index)))
        from .assemble import Assembly, class_key

        key = class_key(geometry, tuple(mask for _piece, _turn, mask in slots))
        return BurrSolution(Assembly(tuple(slots), key), None)

    # Pictures ----------------------------------------------------------------------

    def caption(self, puzzle: BurrPuzzle, solutions: Solutions,
                report: CheckReport | None) -> str:
        weight = (_("Weight {weight}, {holes} internal holes, stick length {length}")
                  if puzzle.holes >= 0 else _("Weight {weight} (over 32), stick length {length}"))
        head = [" ".join(x for x in (self.title, puzzle.name) if x),
                _("Pieces: {pieces}").format(
                    pieces=", ".join(_piece_words(p) for p in puzzle.pieces)),
                weight.format(weight=puzzle.weight, holes=puzzle.holes, length=puzzle.length)]
        if not solutions.found:
            return "\n".join([*head, _("No assembly ({count}).").format(
                count=solutions.count_text()), solutions.reason])
        head.append(_assemblies_words(solutions))
        best: BurrSolution = solutions.found[0]
        shown = (_("Shown: {level} (how many moves free each part in turn)")
                 if best.disassembly and best.disassembly.complete else _("Shown: {level}"))
        head.append(shown.format(level=level_words(best.disassembly)))
        if best.disassembly and best.disassembly.moves:
            moves = best.disassembly.moves
            head += [f"{n}. {move_words(puzzle, m)}"
                     for n, m in enumerate(moves[:CAPTION_MOVES], 1)]
            if len(moves) > CAPTION_MOVES:
                head.append(_("... {hidden} more in the report").format(
                    hidden=len(moves) - CAPTION_MOVES))
        return "\n".join(head)

    def render(self, puzzle: BurrPuzzle, solution: BurrSolution | None) -> Image.Image:
        """The 3D view and legend over the slice diagram (the pieces when none fit)."""
        title = " ".join(x for x in (self.title, puzzle.name) if x)
        if solution is None:
            return render.stack([pieces_sheet(puzzle)], title, _("no assembly"))
        cells = piece_cells(puzzle, solution.assembly)
        owner = {c: i for i, piece in enumerate(cells) for c in piece}
        holes = set(frame(puzzle.length).core) - owner.keys()
        scene = [(c, i) for c, i in owner.items()]
        view = render.scene_image(scene, 26)
        legend = render.legend(puzzle.pieces, 470)
        slices = render.slice_diagram(puzzle.length, owner, holes, puzzle.pieces)
        subtitle = _("{level}; {holes} holes").format(level=level_words(solution.disassembly),
                                                      holes=len(holes))
        return render.stack([render.side_by_side(view, legend), slices], title, subtitle)

    def extra_media(self, puzzle: BurrPuzzle, solutions: Solutions) -> list[Media]:
        media = [draw.picture("burr-pieces.png", pieces_sheet(puzzle), _("The pieces"))]
        if solutions.found:
            best: BurrSolution = solutions.found[0]
            if best.disassembly and best.disassembly.moves:
                gif = render.animation(animation_frames(puzzle, best))
                media.insert(0, Media("burr-disassembly.gif", gif, "animation",
                                      _("Taking it apart: {level}").format(
                                          level=level_words(best.disassembly))))
        return media

    def warm_up(self) -> None:
        """Compile the compiled searches (or load them from numba's cache) once per process."""
        from .disassemble import warm

        warm()

    def cli_commands(self) -> dict[str, Callable[[list[str]], int]]:
        from .solid import main
        return {"burr-solid": main}


def _interest(solution: BurrSolution) -> tuple:
    """Those that come apart first, highest level first."""
    moves = solution.disassembly
    if moves is None or not moves.complete:
        return (1, ())
    return (0, tuple(-n for n in moves.levels))


def _assemblies_words(solutions: Solutions) -> str:
    """How many assemblies, their raw placements (and the seed's figure: those with the
    first piece in the first slot), and how many of them come apart."""
    raw = solutions.stats.get("raw_placements", 0)
    apart = solutions.stats.get("come_apart", 0)
    stuck = solutions.count - apart
    fields = {"count": solutions.count_text(), "raw": raw, "held": raw // PIECES,
              "apart": apart, "stuck": stuck}
    if stuck:
        return ngettext("Assemblies: {count} up to rotation ({raw} if each turn of the burr "
                        "and each placing of alike pieces counts, {held} with the first piece "
                        "held in place); {apart} of them comes apart, {stuck} cannot be taken "
                        "apart",
                        "Assemblies: {count} up to rotation ({raw} if each turn of the burr "
                        "and each placing of alike pieces counts, {held} with the first piece "
                        "held in place); {apart} of them come apart, {stuck} cannot be taken "
                        "apart", apart).format(**fields)
    return ngettext("Assemblies: {count} up to rotation ({raw} if each turn of the burr and "
                    "each placing of alike pieces counts, {held} with the first piece held in "
                    "place); {apart} of them comes apart",
                    "Assemblies: {count} up to rotation ({raw} if each turn of the burr and "
                    "each placing of alike pieces counts, {held} with the first piece held in "
                    "place); {apart} of them come apart",
                    apart).format(**fields)


def _piece_words(piece: Piece) -> str:
    """A piece as a person reads it: its mark, its ID (and the smaller ID of the same
    piece) and its weight, in words rather than the seed's `2:3328=1024 (w2)`."""
    if piece.canonical_id != piece.piece_id:
        return _("{mark} = ID {id} (same piece as ID {canonical}, weight {weight})").format(
            mark=piece.mark, id=piece.piece_id, canonical=piece.canonical_id,
            weight=piece.weight)
    return _("{mark} = ID {id} (weight {weight})").format(mark=piece.mark, id=piece.piece_id,
                                                          weight=piece.weight)


def _fit_words(same: bool, inside: bool) -> str:
    """How a piece sits in its slot, in words (the rule's own mark says right or wrong)."""
    shape = _("its own shape") if same else _("not its shape")
    place = _("within its stick") if inside else _("outside its stick")
    return _("{shape}, {place}").format(shape=shape, place=place)
