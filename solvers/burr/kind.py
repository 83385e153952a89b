"""The six-piece burr as puzzle kinds: `burr` (a whole puzzle) and `piece` (one piece).

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
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image

from .. import draw
from ..base import ASSEMBLY_PUZZLES, PuzzleKind
from ..i18n import Translated, _, ngettext
from ..texts import check_size, clip, header_is
from ..values import CheckReport, Limits, Media, PuzzleError, Rule, Solutions
from . import render
from .geometry import Cell, cube_rotations, frame, rotate
from .parse import PIECES, BurrPuzzle, parse_burr, read_id
from .pieces import MAX_ID, Piece, all_ids, cubie_table, cubies_of, orientations

if TYPE_CHECKING:
    from .assemble import Assembly
    from .disassemble import Disassembly, Move

SHORT_FORM = re.compile(r"^\s*(\d+\s+){5}\d+(\s+(length|len|l)\s*[=:]?\s*\d+)?\s*$",
                        re.IGNORECASE)
#: most moves the caption lists; the report always has them all
CAPTION_MOVES = 8


@dataclass
class BurrSolution:
    """One assembly and its disassembly (None when typed in without moves)."""

    assembly: Assembly
    disassembly: Disassembly | None


def piece_cells(puzzle: BurrPuzzle, assembly: Assembly) -> list[frozenset[Cell]]:
    """Each piece's cells in the assembled burr, by piece index."""
    geometry = frame(puzzle.length)
    cells: list[frozenset[Cell]] = [frozenset()] * PIECES
    for slot, (piece, orientation, _mask) in enumerate(assembly.slots):
        cells[piece] = geometry.cells(slot, orientation, puzzle.pieces[piece].piece_id)
    return cells


def move_words(puzzle: BurrPuzzle, move: Move) -> str:
    """`piece 3 (ID 960) moves up 1`; groups and freeing moves said as such."""
    from .disassemble import DIRECTION_WORDS

    fields = {"way": _(DIRECTION_WORDS[move.direction]), "distance": move.distance}
    if len(move.pieces) == 1:
        sentence = (_("{piece} moves {way} {distance} and comes free") if move.separates
                    else _("{piece} moves {way} {distance}"))
        return sentence.format(piece=puzzle.pieces[move.pieces[0]].label, **fields)
    marks = ", ".join(puzzle.pieces[p].mark for p in move.pieces)
    ids = ", ".join(str(puzzle.pieces[p].piece_id) for p in move.pieces)
    sentence = (_("pieces {marks} (IDs {ids}) move {way} {distance} and come free")
                if move.separates else _("pieces {marks} (IDs {ids}) move {way} {distance}"))
    return sentence.format(marks=marks, ids=ids, **fields)


def level_words(disassembly: Disassembly | None) -> str:
    if disassembly is None:
        return _("disassembly not searched")
    if disassembly.complete:
        return _("level {level}").format(level=disassembly.level)
    if not disassembly.exhaustive:
        return _("disassembly search stopped before the end")
    return _("cannot be taken apart")


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
            same = _same_shape(cells[index], piece.cubies, puzzle.length)
            ok &= inside and same
            rules.append(Rule(_("{piece} in slot {slot}").format(
                piece=piece.label, slot=geometry.slots[slot].name), inside and same,
                _("shape {shape}, within its stick {inside}").format(
                    shape=_mark(same), inside=_mark(inside)), ": "))
        taken = [c for piece in cells for c in piece]
        shared = len(taken) - len(set(taken))
        ok &= shared == 0
        rules.append(Rule(_("Cells shared by two pieces"), not shared,
                          f"{shared} {_mark(not shared)}", ": "))
        skin = frozenset().union(*geometry.skins)
        gaps = len(skin - set(taken))
        ok &= gaps == 0
        rules.append(Rule(_("Outer skin"), not gaps, _("{filled} of {cells} cells filled {mark}")
                          .format(filled=len(skin) - gaps, cells=len(skin), mark=_mark(not gaps)),
                          ": "))
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
        head.append(_("Shown: {level}").format(level=level_words(best.disassembly)))
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

    def cli_commands(self):
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
        return ngettext("Assemblies: {count} up to rotation ({raw} raw placements, {held} with "
                        "the first piece held in place); {apart} of them comes apart, {stuck} "
                        "cannot be taken apart",
                        "Assemblies: {count} up to rotation ({raw} raw placements, {held} with "
                        "the first piece held in place); {apart} of them come apart, {stuck} "
                        "cannot be taken apart", apart).format(**fields)
    return ngettext("Assemblies: {count} up to rotation ({raw} raw placements, {held} with the "
                    "first piece held in place); {apart} of them comes apart",
                    "Assemblies: {count} up to rotation ({raw} raw placements, {held} with the "
                    "first piece held in place); {apart} of them come apart",
                    apart).format(**fields)


def _piece_words(piece: Piece) -> str:
    same = f"={piece.canonical_id}" if piece.canonical_id != piece.piece_id else ""
    return f"{piece.mark}:{piece.piece_id}{same} (w{piece.weight})"


def _mark(ok: bool) -> str:
    """The seed's verdict marks, the same in every language."""
    return "OK" if ok else "FAIL"


def _normal(cells) -> frozenset:
    low = [min(c[i] for c in cells) for i in range(3)]
    return frozenset(tuple(c[i] - low[i] for i in range(3)) for c in cells)


def _same_shape(cells: frozenset[Cell], cubies: frozenset, length: int) -> bool:
    """Is `cells` a proper rotation of the piece's cubies (no mirror images)?"""
    target = _normal(cubies)
    return any(_normal([rotate(m, c, length) for c in cells]) == target
               for m in cube_rotations())


def replay(cells: list[frozenset[Cell]], moves: list[Move], puzzle: BurrPuzzle
           ) -> tuple[bool, list[Rule]]:
    """Make every move unit by unit with plain sets; a freeing move must stay clear."""
    from .disassemble import DIRECTIONS

    at = [set(piece) for piece in cells]
    parts = [set(range(len(cells)))]
    rules = []
    for number, move in enumerate(moves, 1):
        part = next((p for p in parts if set(move.pieces) <= p), None)
        if part is None:
            return False, [*rules, Rule(_("Move {number}").format(number=number), False,
                                        _("pieces not in one part FAIL"), ": ")]
        others = set().union(*(at[p] for p in part - set(move.pieces)))
        step = DIRECTIONS[move.direction]
        units = move.distance + (2 * puzzle.length if move.separates else 0)
        for unit in range(units):
            for p in move.pieces:
                at[p] = {(x + step[0], y + step[1], z + step[2]) for x, y, z in at[p]}
            if any(at[p] & others for p in move.pieces):
                return False, [*rules, Rule(
                    _("Move {number}").format(number=number), False,
                    _("{move}: collides after {units} FAIL").format(
                        move=move_words(puzzle, move), units=unit + 1), ": ")]
        rules.append(Rule(_("Move {number}").format(number=number), True,
                          f"{move_words(puzzle, move)} OK", ": "))
        if move.separates:
            parts.remove(part)
            parts += [set(move.pieces), part - set(move.pieces)]
    apart = all(len(p) == 1 for p in parts)
    rules.append(Rule(_("All {count} pieces apart").format(count=len(cells)), None,
                      _("yes") if apart else _("no"), ": "))
    return True, rules


def animation_frames(puzzle: BurrPuzzle, solution: BurrSolution):
    """The assembled burr, then the part being taken apart after each move."""
    cells = piece_cells(puzzle, solution.assembly)
    offsets = [(0, 0, 0)] * PIECES
    parts = [set(range(PIECES))]

    def scene(part):
        return [((x + offsets[p][0], y + offsets[p][1], z + offsets[p][2]), p)
                for p in sorted(part) for x, y, z in cells[p]]

    frames = [(scene(parts[0]), _("Assembled: {level}").format(
        level=level_words(solution.disassembly)))]
    for number, move in enumerate(solution.disassembly.moves, 1):
        part = next(p for p in parts if set(move.pieces) <= p)
        dx, dy, dz = move.vector()
        for p in move.pieces:
            offsets[p] = (offsets[p][0] + dx, offsets[p][1] + dy, offsets[p][2] + dz)
        frames.append((scene(part), f"{number}. {move_words(puzzle, move)}"))
        if move.separates:
            parts.remove(part)
            parts += [set(move.pieces), part - set(move.pieces)]
    return frames


def _read_heading(asked: Piece, number: int, line: str) -> Piece:
    """The piece the heading line names; it must be the one asked about, its canonical
    ID and weight (when given) the piece's own."""
    found = HEADING.match(line)
    if not found:
        raise PuzzleError(_("expected `{heading}`, got '{line}'").format(
            heading=PIECE_HEADING, line=clip(line)), number)
    word, canonical, weight = found.groups()
    piece = Piece(read_id(word, number, asked.length), "", "", asked.length)
    if piece.piece_id != asked.piece_id:
        raise PuzzleError(_("this is piece ID {id}; the question is about piece ID {asked}")
                          .format(id=piece.piece_id, asked=asked.piece_id), number)
    for sentence, claimed, value in (
            (_("piece ID {id} has canonical ID {value}, not {claimed}"), canonical,
             piece.canonical_id),
            (_("piece ID {id} has weight {value}, not {claimed}"), weight, piece.weight)):
        if claimed is not None and not _says(claimed, value):
            raise PuzzleError(sentence.format(id=piece.piece_id, value=value,
                                              claimed=clip(claimed)), number)
    return piece


def _says(word: str, value: int) -> bool:
    """Does `word` write the number `value`? (No int() of a huge digit string.)"""
    return word.isdecimal() and len(word) <= len(str(MAX_ID)) and int(word) == value


def _compare_rows(piece: Piece, rows: list[tuple[int, str]]) -> None:
    """The typed cubie rows, if any, must be the piece's four rows in the seed's order
    (spaces inside a row do not matter)."""
    table = cubie_table(piece.piece_id, piece.length)
    if len(rows) > len(table):
        raise PuzzleError(_("a piece has {rows} cubie rows; this is row {row}").format(
            rows=len(table), row=len(table) + 1), rows[len(table)][0])
    if rows and len(rows) < len(table):
        raise PuzzleError(_("a piece has {rows} cubie rows, got {got}; give all of them or "
                            "none").format(rows=len(table), got=len(rows)), rows[-1][0])
    for (number, typed), row in zip(rows, table, strict=False):
        if "".join(typed.split()) != "".join(row.split()):
            raise PuzzleError(_("piece ID {id} has the cubie row {row} here, not '{typed}'")
                              .format(id=piece.piece_id, row=row, typed=clip(typed, 60)), number)


def pieces_sheet(puzzle: BurrPuzzle) -> Image.Image:
    """Each piece as cubes in the orientation its ID is read in, three to a row."""
    pieces = puzzle.pieces
    tiles = []
    for i, piece in enumerate(pieces):
        scene = [((u, 1 - v, w), i) for u, v, w in piece.cubies]
        view = render.scene_image(scene, 24, margin=10)
        weight = (_("weight {weight}, same as {canonical}")
                  if piece.canonical_id != piece.piece_id else _("weight {weight}"))
        tiles.append(render.stack([view], f"{piece.mark}: ID {piece.piece_id}", weight.format(
            weight=piece.weight, canonical=piece.canonical_id)))
    columns = min(3, len(tiles))
    width = max(t.width for t in tiles)
    height = max(t.height for t in tiles)
    rows = (len(tiles) + columns - 1) // columns
    image = Image.new("RGB", (columns * width, rows * height), (255, 255, 255))
    for n, tile in enumerate(tiles):
        image.paste(tile, ((n % columns) * width, (n // columns) * height))
    return image


# The one-piece kind ------------------------------------------------------------------

#: the first line of a piece's solution text, as `PieceKind.format_solution` writes it
PIECE_HEADING = "Piece ID N, canonical C, weight W"
HEADING = re.compile(r"^piece\s+id\s+(\S+?)\s*(?:,\s*canonical\s+(\S+?)\s*)?"
                     r"(?:,\s*weight\s+(\S+?)\s*)?$", re.IGNORECASE)


@dataclass(frozen=True)
class PieceQuery:
    piece: Piece

    @property
    def name(self) -> str:
        return f"ID {self.piece.piece_id}"


class PieceKind(PuzzleKind[PieceQuery, Piece]):
    """`/piece 3322`: a picture of one burr piece, its other IDs and its cubie table."""

    name = "piece"
    family = ASSEMBLY_PUZZLES
    title = "Burr piece"
    summary = Translated("a burr piece ID 1..4096 (Cutler's numbering), e.g. 3322; add "
                         "`length 8`")
    example = "burr_piece.txt"
    version = "1"
    rules = Translated("Not a puzzle but a look-up: a burr stick's notches as a number from "
                       "1 to 4096 (Bill Cutler's numbering), drawn with its other numbers.")

    def detect(self, text: str) -> bool:
        return header_is(text, "piece")

    def parse(self, text: str) -> PieceQuery:
        check_size(text)
        words = [(n, w) for n, line in enumerate(text.splitlines(), 1)
                 if not line.strip().startswith("#") for w in line.split()]
        length = 6
        if len(words) == 3 and words[1][1].lower() in ("length", "len"):
            if words[2][1] not in ("6", "8"):
                raise PuzzleError(_("stick length must be 6 or 8"), words[2][0])
            length = int(words[2][1])
            words = words[:1]
        if len(words) != 1:
            raise PuzzleError(_("send one piece ID, a whole number 1..4096, such as 3322"),
                              words[1][0] if len(words) > 1 else None)
        line, word = words[0]
        return PieceQuery(Piece(read_id(word, line, length), "", "", length))

    def canonical(self, puzzle: PieceQuery) -> str:
        return f"{puzzle.piece.piece_id} length {puzzle.piece.length}"

    def solve(self, puzzle: PieceQuery, limits: Limits) -> Solutions:
        return Solutions([puzzle.piece], 1, True)

    def check(self, puzzle: PieceQuery, solution: Piece) -> CheckReport:
        ids = all_ids(solution.piece_id, solution.length)
        lines = [*cubie_table(solution.piece_id, solution.length),
                 _("Weight {weight} (removable cubies present)").format(weight=solution.weight),
                 _("Same piece as IDs: {ids}").format(ids=", ".join(map(str, ids))),
                 _("Canonical (smallest) ID: {id}").format(id=ids[0]),
                 _("Orientations with an ID: {ids} distinct of {all}").format(
                     ids=len(ids), all=len(orientations(solution.cubies, solution.length)))]
        return CheckReport(True, [Rule(line, None) for line in lines],
                           _("Piece OK: connected, all its cubies hold together."))

    def format_solution(self, puzzle: PieceQuery, solution: Piece) -> str:
        return "\n".join([f"Piece ID {solution.piece_id}, canonical {solution.canonical_id}, "
                          f"weight {solution.weight}", *cubie_table(solution.piece_id,
                                                                    solution.length)])

    def parse_solution(self, puzzle: PieceQuery, text: str) -> Piece:
        """`Piece ID N, canonical C, weight W`, then the four cubie rows if wanted.

        `check` is given only the piece, so every figure typed is compared here, each
        wrong one refused on its own line; canonical, weight and the rows may be left out.
        """
        check_size(text)
        lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
                 if line.strip()]
        if not lines:
            raise PuzzleError(_("send the piece as `{heading}`, then its four cubie rows if "
                                "you like").format(heading=PIECE_HEADING))
        piece = _read_heading(puzzle.piece, *lines[0])
        _compare_rows(piece, lines[1:])
        return piece

    def caption(self, puzzle: PieceQuery, solutions: Solutions,
                report: CheckReport | None) -> str:
        piece = puzzle.piece
        ids = ", ".join(map(str, all_ids(piece.piece_id, piece.length)))
        return _("Burr piece ID {id}: canonical ID {canonical}, weight {weight}, stick length "
                 "{length}\nSame piece as IDs {ids}").format(
            id=piece.piece_id, canonical=piece.canonical_id, weight=piece.weight,
            length=piece.length, ids=ids)

    def render(self, puzzle: PieceQuery, solution: Piece | None) -> Image.Image:
        """The piece from above and, turned half about its length, from below."""
        piece = puzzle.piece
        views = []
        for label, cubies in ((_("from above"), piece.cubies),
                              (_("turned over"), orientations(piece.cubies, piece.length)[2])):
            scene = [((u, 1 - v, w), 0) for u, v, w in cubies]
            views.append(render.stack([render.scene_image(scene, 34, margin=12)], label))
        picture = render.side_by_side(*views)
        return render.stack([picture], _("Burr piece ID {id}").format(id=piece.piece_id),
                            _("canonical {canonical}, weight {weight}").format(
                                canonical=piece.canonical_id, weight=piece.weight))
