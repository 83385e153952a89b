"""Kin-Kon-Kan: put one diagonal mirror in every room. A beam shone in from a letter
outside the board, turned by each mirror it meets, leaves by the other place with the
same letter, and the number beside the letters counts its reflections. Every mirror
turns some beam.

The link's body is the walls (5-bit groups), then the letters around the board (top
edge left to right, bottom, left top to bottom, right; A-Z, or a digit and a letter for
letters past Z; a-z skip 1-26 places), then the number of each lettered place in the
same order (one hex digit, '-' and two digits, '.' unknown).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...draw import centred_text
from ...i18n import N_, _
from ...values import PuzzleError, Rule
from .. import check, paths, pzprv3, render
from ..codecs import QUESTION, Reader, _with_skips, read_borders, write_borders
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair
from ..layers import Answer
from ..link import Link

BACKSLASH, SLASH = "\\", "/"
#: the direction a beam leaves a mirror by, for each direction it arrives moving in
TURN = {BACKSLASH: (paths.LEFT, paths.RIGHT, paths.UP, paths.DOWN),
        SLASH: (paths.RIGHT, paths.LEFT, paths.DOWN, paths.UP)}
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Kinkonkan:
    """The walls, the rooms, and the lettered places around the board: place index (in
    `paths.edge_places` order) -> (letter 1-104, reflections or QUESTION)."""

    rows: int
    cols: int
    walls: frozenset[Pair]
    rooms: tuple[tuple[Cell, ...], ...]
    places: Mapping[int, tuple[int, int]]

    __hash__ = paths.board_hash


@dataclass(frozen=True)
class Mirrors:
    kind: dict[Cell, dict[str, Lit]]


def letter_name(letter: int) -> str:
    """A letter as the player shows it: A-Z, then A-Z again with a number."""
    return LETTERS[(letter - 1) % 26] + ("" if letter <= 26 else str((letter - 1) // 26))


def read_places(reader: Reader, count: int) -> dict[int, tuple[int, int]]:
    letters: dict[int, int] = {}
    index = 0
    while index < count:
        char = reader.take()
        if not char:
            raise reader.fail(_("the letters end too soon"))
        if char in LETTERS:
            letters[index] = LETTERS.index(char) + 1
        elif char.isdigit() and reader.peek() and reader.peek() in LETTERS:
            letters[index] = LETTERS.index(reader.take()) + 1 + (int(char) + 1) * 26
        elif "a" <= char <= "z":
            index += int(char, 36) - 10
        else:
            reader.pos -= 1
            raise reader.fail(_("unexpected {char!r}").format(char=char))
        index += 1
    places = {}
    for index, letter in sorted(letters.items()):
        char = reader.take()
        if char == ".":
            number = QUESTION
        elif char == "-":
            number = reader.hex(2)
        elif char and char in "0123456789abcdef":
            number = int(char, 16)
        else:
            raise reader.fail(_("expected the number of the letter {letter}").format(
                letter=letter_name(letter)))
        places[index] = (letter, number)
    return places


def write_places(places: Mapping[int, tuple[int, int]], count: int) -> str:
    def letter(value: int) -> str:
        if value <= 26:
            return LETTERS[value - 1]
        return str((value - 1) // 26 - 1) + LETTERS[(value - 1) % 26]

    def number(value: int) -> str:
        return "." if value == QUESTION else f"{value:x}" if value < 16 else f"-{value:02x}"

    tokens = [letter(places[i][0]) if i in places else None for i in range(count)]
    return (_with_skips(tokens, "a", 26)
            + "".join(number(places[i][1]) for i in sorted(places)))


def shine(grid: Grid, mirrors: Mapping[Cell, str], place: paths.Gate
          ) -> tuple[list[Cell], int, paths.Gate]:
    """A beam from a place: the cells it passes, its reflections and where it leaves."""
    cell, side = place
    moving = paths.BACK[side]
    passed: list[Cell] = []
    turns = 0
    while grid.inside(cell) and len(passed) <= 4 * len(grid.cells()):
        passed.append(cell)
        if cell in mirrors:
            moving = TURN[mirrors[cell]][moving]
            turns += 1
        nxt = paths.step(cell, moving)
        if not grid.inside(nxt):
            return passed, turns, (cell, moving)
        cell = nxt
    return passed, turns, (cell, moving)


class KinkonkanGenre(Genre[Kinkonkan, Mirrors]):
    names = ("kinkonkan",)
    title = N_("Kin-Kon-Kan")
    rules = (N_("Put one diagonal mirror in every room."),
             N_("A beam shone in from a letter leaves by the other place with that letter."),
             N_("The number beside a letter counts the beam's reflections."),
             N_("Every mirror turns some beam."))

    def decode(self, link: Link) -> Kinkonkan:
        grid = Grid(link.rows, link.cols)
        reader = Reader(link.body)
        reader.part = _("walls")
        walls = read_borders(reader, link.rows, link.cols)
        reader.part = _("letters")
        places = read_places(reader, len(paths.edge_places(grid)))
        for letter in {v[0] for v in places.values()}:
            if sum(v[0] == letter for v in places.values()) != 2:
                raise PuzzleError(_("The letter {letter} appears {count} times around the "
                                    "board; each letter marks two places.").format(
                                        letter=letter_name(letter),
                                        count=sum(v[0] == letter for v in places.values())))
        return Kinkonkan(link.rows, link.cols, walls,
                         tuple(tuple(room) for room in grid.rooms(walls)), places)

    def encode(self, board: Kinkonkan) -> str:
        grid = self.grid(board)
        body = write_borders(board.walls, board.rows, board.cols) + write_places(
            board.places, len(paths.edge_places(grid)))
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Kinkonkan, model: Model) -> Mirrors:
        grid = self.grid(board)
        kind = {cell: {BACKSLASH: model.var(), SLASH: model.var()} for cell in grid.cells()}
        for lits in kind.values():
            model.clause([-lits[BACKSLASH], -lits[SLASH]])
            model.show(lits.values())
        for room in board.rooms:
            with model.about(_("the room at {cell}").format(cell=check.where(room[0]))):
                model.exactly([lit for c in room for lit in kind[c].values()], 1)
        gates = paths.edge_places(grid)
        plain = {cell: -model.any_of(list(kind[cell].values())) for cell in grid.cells()}
        seen: dict[Cell, list[Lit]] = {cell: [] for cell in grid.cells()}
        for index, (letter, _number) in sorted(board.places.items()):
            with model.about(_("the beam from {letter} at place {place}").format(
                    letter=letter_name(letter), place=index + 1)):
                self._beam(model, board, grid, kind, plain, seen, gates, index)
        with model.about(_("every mirror turns a beam")):
            for cell, lits in kind.items():
                for lit in lits.values():
                    model.clause([-lit, *seen[cell]])
        return Mirrors(kind)

    @staticmethod
    def _beam(model: Model, board: Kinkonkan, grid: Grid, kind: dict[Cell, dict[str, Lit]],
              plain: dict[Cell, Lit], seen: dict[Cell, list[Lit]], gates: list[paths.Gate],
              index: int) -> None:
        """The beam from one place as states (cell, direction moving, reflections so
        far), each implying the next; it must leave by its partner place."""
        letter, number = board.places[index]
        most = number if number >= 0 else 2 * len(board.rooms)
        state: dict[tuple[Cell, int, int], Lit] = {}

        def at(cell: Cell, moving: int, turns: int) -> Lit:
            key = (cell, moving, turns)
            if key not in state:
                state[key] = model.var()
                seen[cell].append(state[key])
            return state[key]

        def leave(cell: Cell, moving: int, turns: int) -> list[Lit]:
            """What must hold after moving on from `cell`: the next state, or nothing
            possible when the beam leaves by a wrong place or with a wrong count."""
            nxt = paths.step(cell, moving)
            if grid.inside(nxt):
                return [at(nxt, moving, turns)]
            other = board.places.get(gates.index((cell, moving)))
            partner = other is not None and other[0] == letter and gates.index(
                (cell, moving)) != index
            counted = other is not None and (number < 0 or turns == number) and (
                other[1] < 0 or turns == other[1])
            return [model.true()] if partner and counted else []

        start, side = gates[index]
        model.clause([at(start, paths.BACK[side], 0)])
        todo = [(start, paths.BACK[side], 0)]
        done = set()
        while todo:
            cell, moving, turns = todo.pop()
            if (cell, moving, turns) in done:
                continue
            done.add((cell, moving, turns))
            here = at(cell, moving, turns)
            options = [(plain[cell], moving, turns)]
            options += [(kind[cell][mark], TURN[mark][moving], turns + 1)
                        for mark in (BACKSLASH, SLASH)]
            for condition, onward, count in options:
                if count > most:
                    model.clause([-here, -condition])
                    continue
                model.clause([-here, -condition, *leave(cell, onward, count)])
                nxt = paths.step(cell, onward)
                if grid.inside(nxt):
                    todo.append((nxt, onward, count))

    def answer(self, board: Kinkonkan, variables: Mirrors, values: Values) -> Answer:
        return Answer(marks={cell: mark for cell, lits in variables.kind.items()
                             for mark, lit in lits.items() if values(lit)})

    def check(self, board: Kinkonkan, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        mirrors = {c: m for c, m in answer.marks.items() if m in (SLASH, BACKSLASH)}
        gates = paths.edge_places(grid)
        rooms = [room[0] for room in board.rooms if sum(c in mirrors for c in room) != 1]
        astray, miscounted, lit_up = [], [], set()
        for index, (letter, number) in sorted(board.places.items()):
            passed, turns, leaving = shine(grid, mirrors, gates[index])
            lit_up.update(passed)
            other = board.places.get(gates.index(leaving)) if leaving in gates else None
            if other is None or other[0] != letter or gates.index(leaving) == index:
                astray.append(gates[index][0])
            elif turns != number and number >= 0 or other[1] >= 0 and turns != other[1]:
                miscounted.append(gates[index][0])
        return [paths.cell_rule(_("One mirror in every room"), rooms),
                paths.cell_rule(_("Beams join equal letters"), astray),
                paths.cell_rule(_("Reflection counts"), miscounted),
                paths.cell_rule(_("Every mirror turns a beam"),
                                sorted(c for c in mirrors if c not in lit_up))]

    def draw(self, board: Kinkonkan, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols, outer=1)
        sheet.grid()
        sheet.walls(board.walls)
        if answer is not None:
            sheet.marks(answer.marks)
        gates = paths.edge_places(self.grid(board))
        for index, (letter, number) in board.places.items():
            cell, side = gates[index]
            x, y = sheet.centre(paths.step(cell, side))
            size = int(sheet.cell * 0.34)
            centred_text(sheet.draw, (x, y - sheet.cell * 0.14), letter_name(letter), size,
                         fill=render.BLACK)
            centred_text(sheet.draw, (x, y + sheet.cell * 0.2),
                         "?" if number == QUESTION else str(number), int(size * 0.8),
                         fill=render.BLACK)
        return sheet.finish()

    def pzprv3(self, board: Kinkonkan, answer: Answer | None) -> str:
        grid = self.grid(board)
        marks = answer.marks if answer is not None else {}
        room = {cell: index for index, cells in enumerate(board.rooms) for cell in cells}
        outer = {paths.step(*gate): index for index, gate in enumerate(paths.edge_places(grid))}
        token = {BACKSLASH: "1", SLASH: "2"}

        def spot(cell: Cell) -> str:
            if grid.inside(cell):
                return token.get(marks.get(cell, ""), "+")
            place = board.places.get(outer.get(cell, -1))
            if place is None:
                return "."
            return f"{place[0]},{'-2' if place[1] == QUESTION else place[1]}"

        return pzprv3.write(self.name, grid, [
            [[str(len(board.rooms))]],
            pzprv3.cells(grid, lambda c: str(room[c])),
            [[spot((r, c)) for c in range(-1, grid.cols + 1)] for r in range(-1, grid.rows + 1)]],
            version="pzprv3.1")

    def read_answer(self, board: Kinkonkan, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(1, 1)
        file.cells()
        spots = file.block(board.rows + 2, board.cols + 2)
        if file.version == "pzprv3":  # the older file: the mirrors follow as a cell layer
            spots = [["."] * (board.cols + 2), *(([".", *row, "."]) for row in file.cells())]
        marks = {"1": BACKSLASH, "2": SLASH}
        return Answer(marks={(r - 1, c - 1): marks[token] for r, row in enumerate(spots)
                             for c, token in enumerate(row)
                             if 0 < r <= board.rows and 0 < c <= board.cols and token in marks})


GENRE = KinkonkanGenre()
