"""Each Sudoku technique on a published example finds the published step.

The examples are HoDoKu's technique examples (hodoku.sourceforge.net, "show_example"
pages, GNU FDL): each page gives the position as a HoDoKu load line (the grid with
placed digits marked "+", then the candidates already deleted) and the step's result.
The load line is copied as published; the expected result is written here as
(row, column, digit). The finder is called directly on that position: it must find
the published placement, or every published elimination, and whatever else it removes
in the same step must be sound against the puzzle's solution. ALS-XZ has its published
example in test_sudoku_chains_als.py.

The techniques without such a page here take their puzzle from HoDoKu's exemplar library
(exemplars-1.0.txt in HoDoKu's source, the puzzles its example pages were drawn from):
each line is a puzzle and the solving path HoDoKu records for it, such as "s xyz(2) s":
singles, then one XYZ-Wing step that removes 2 candidates, then singles to the end. The
record gives only that count; the exact position before the step and the step's cells
are HoDoKu's own, from its Python port's solve of the line (bench/hodoku_positions.py),
and the finder must remove every one of those cells.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from solvers.sudoku.logic import (
    chains,
    fish,
    intersections,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)
from solvers.sudoku.logic.board import Board, bit
from solvers.sudoku.logic.path import apply
from solvers.sudoku.logic.step import Finder, Step
from solvers.sudoku.search import solve_grid
from solvers.values import Limits

EXAMPLE = "https://hodoku.sourceforge.net/en/show_example.php?file="


class Example(NamedTuple):
    technique: str
    finder: Finder
    source: str
    #: HoDoKu's load line, as the page publishes it
    line: str
    placements: tuple[tuple[int, int, int], ...] = ()
    eliminations: tuple[tuple[int, int, int], ...] = ()


def elims(*digits_row_col: str) -> tuple[tuple[int, int, int], ...]:
    """HoDoKu writes a candidate as digit, row, column ("537": 5 in r3c7)."""
    return tuple((int(t[1]), int(t[2]), int(t[0])) for t in digits_row_col)


EXAMPLES = [
    # https://hodoku.sourceforge.net/en/show_example.php?file=fh02&tech=Full+House
    Example("Full House", singles.full_house, EXAMPLE + "fh02&tech=Full+House",
            ":0000::2.7.......8..9.....3.6..8....8.649..6+927853.4..132.5....9..1.2....."
            "4..9.......4.8:::", placements=((5, 8, 1),)),
    # https://hodoku.sourceforge.net/en/show_example.php?file=h101&tech=Hidden+Single
    Example("Hidden Single", singles.hidden_single, EXAMPLE + "h101&tech=Hidden+Single",
            ":0002::.+28..7....16.83.+7.....+2.+8511+3729.......+7+3........463.729..+7....."
            "..86.14....3..7..:::", placements=((3, 4, 6),)),
    # https://hodoku.sourceforge.net/en/show_example.php?file=n101&tech=Naked+Single
    Example("Naked Single", singles.naked_single, EXAMPLE + "n101&tech=Naked+Single",
            ":0003::4+127+36+5+8+9......+1.656+8.1.+37....+85.21.1.......8.87.9.....3..7.+8"
            "658...........9.84.1:653 558 661 582 782 982 583 983::",
            placements=((6, 7, 6),)),
    # https://hodoku.sourceforge.net/en/show_example.php?file=lc101&tech=Locked+Candidates+Type+1+%28Pointing%29
    Example("Pointing", intersections.pointing,
            EXAMPLE + "lc101&tech=Locked+Candidates+Type+1+%28Pointing%29",
            ":0100:5:984........+25...4...+1+9.+4..2..6.972+3...3+6.2...+2.+9.+3+5+61.+1+95+76+8"
            "+4+234+27+35189+6+63+8..97+5+1::537:", eliminations=elims("537")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=h202&tech=Hidden+Pair
    Example("Hidden Pair", subsets.hidden(2), EXAMPLE + "h202&tech=Hidden+Pair",
            ":0210:123589:....+6........4273+6..67+3..4..94....+6+8....96+4.+7+6.7.+5.+9231......"
            "85.6..8.27+1..5.1..+9+4::112 211 212 311 312 511 512 811 812 911:",
            eliminations=elims("112", "211", "212", "311", "312", "511", "512", "811", "812",
                               "911")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=h301&tech=Hidden+Triple
    Example("Hidden Triple", subsets.hidden(3), EXAMPLE + "h301&tech=Hidden+Triple",
            ":0211:16:2+8....4+7+35+3+4+8+2+7+1+96.+71.34.8.+3..5...4....+3+4..+6.+46.79.+3+1..9."
            "2.+36+5+4..3..9+8+21....8.+937::192 693:", eliminations=elims("192", "693")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=h402&tech=Hidden+Quadruple
    Example("Hidden Quad", subsets.hidden(4), EXAMPLE + "h402&tech=Hidden+Quadruple",
            ":0212:3678:.3.....1...8.9....4..6.8......+57694....+9+8+352....124...2+76..+519...."
            "7.+9....95...47.:121 151 361 861 485 299:329 339 389 619 629 689 719 729 739 "
            "819 889:",
            eliminations=elims("329", "339", "389", "619", "629", "689", "719", "729", "739",
                               "819", "889")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=bf202&tech=X-Wing
    Example("X-Wing", fish.basic(2), EXAMPLE + "bf202&tech=X-Wing",
            ":0300:1:9+8..627+5+3.+65..3...+3+2+7.+5...67+9..3.+5...+5...9...8+32.45..9+6+735+91+4"
            "28+24+9.+8+7..5+51+8.+2...+7::124 127 128 129 153 154 157 158 159:c15 r25",
            eliminations=elims("124", "127", "128", "129", "153", "154", "157", "158",
                               "159")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=bf301&tech=Swordfish
    Example("Swordfish", fish.basic(3), EXAMPLE + "bf301&tech=Swordfish",
            ":0301:2:16.54+3.7..+78+6.1+43+5+43+58.+7+6.+17+2.+45+8.696..9+12.57...+3+7+6..+4.+1+6.3."
            ".4.+3...+8..16..+71645.+3::268 271:r239 c158", eliminations=elims("268", "271")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=bf302&tech=Swordfish
    Example("Swordfish", fish.basic(3), EXAMPLE + "bf302&tech=Swordfish",
            ":0301:4:1.+8+5..+2345..3.2+178...8..+5+6+9+8..6.5+7+93..5+9..4+8+13....+86+5298.2.6+31"
            ".......+8.....78.9..::432 433 435 462 463 465 482 483 485 492 493:r247 c235",
            eliminations=elims("432", "433", "435", "462", "463", "465", "482", "483", "485",
                               "492", "493")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=sk01&tech=Skyscraper
    Example("Skyscraper", single_digit.skyscraper, EXAMPLE + "sk01&tech=Skyscraper",
            ":0400:1:+6+9+7.....+2..19+72.6+3..+3..679.9+12...6.+737+4+2+6.95.+8+65+7.+9.+2414+8+6+93+2"
            "+757.9.24..+6..+68.+7..+9::117 118 134 135:",
            eliminations=elims("117", "118", "134", "135")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=xy01&tech=XY-Wing
    Example("XY-Wing", wings.xy_wing, EXAMPLE + "xy01&tech=XY-Wing",
            ":0800:2:+8..+36.+9....+9.1.863.+63.+89..+59+24+6+7+3+1+5+83+8+6+9+5+17+2457+182+4+3+9+6+4"
            "+3+2+1+9658+769+8+5+37......+24+8+63+9::226:", eliminations=elims("226")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=xy02&tech=XY-Wing
    Example("XY-Wing", wings.xy_wing, EXAMPLE + "xy02&tech=XY-Wing",
            ":0800:9:+71+4.+6.5+38+8..4+53..+7+3567+1+8+4+2+9....2+4.8+54.....3.22+8+5376+9+419+78+6"
            "+3+1254.....7..+6........3::942 943 954 955 956:",
            eliminations=elims("942", "943", "954", "955", "956")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=w02&tech=W-Wing
    Example("W-Wing", wings.w_wing, EXAMPLE + "w02&tech=W-Wing",
            ":0803:4:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76"
            "+8+3...5+6+2.....68+93...::417 427 437 489 499:",
            eliminations=elims("417", "427", "437", "489", "499")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=u101&tech=Unique+Rectangle+Type+1
    Example("Unique Rectangle", uniqueness.unique_rectangle,
            EXAMPLE + "u101&tech=Unique+Rectangle+Type+1",
            ":0600:89:+5.+2..896+71..7..+4+5+2.675..3+8+121+3+6+578+4+9+6+5489+1+2+737....4+6+15+8219"
            "...+34+3.+6....+9+8..+5.+8+3.26::822 922:", eliminations=elims("822", "922")),
    # https://hodoku.sourceforge.net/en/show_example.php?file=u202&tech=Unique+Rectangle+Type+2
    Example("Unique Rectangle", uniqueness.unique_rectangle,
            EXAMPLE + "u202&tech=Unique+Rectangle+Type+2",
            ":0601:7:.79.....6+3.5+6.14..6........+5+6+4..8.2.+298+51+4+6+3+7+71+32..+854.......68"
            "85.4..2.3..6....+4.::774 775 776 783 788 794 795 796:",
            eliminations=elims("774", "775", "776", "783", "788", "794", "795", "796")),
]


def position(line: str) -> tuple[Board, tuple[int, ...]]:
    """The board a HoDoKu load line describes, and its grid of digits."""
    fields = line.split(":")
    digits = [0 if ch == "." else int(ch) for ch in fields[3].replace("+", "")]
    assert len(digits) == 81
    board = Board.from_grid(tuple(digits))
    for token in fields[4].split():
        board.eliminate((int(token[1]) - 1) * 9 + int(token[2]) - 1, int(token[0]))
    return board, tuple(digits)


def rcd(cell_digits: tuple[tuple[int, int], ...]) -> set[tuple[int, int, int]]:
    return {(cell // 9 + 1, cell % 9 + 1, digit) for cell, digit in cell_digits}


def solution_of(grid: tuple[int, ...]) -> tuple[int, ...]:
    found = solve_grid(grid, Limits(max_solutions=2))[0]
    assert len(found) == 1
    return found[0]


def assert_sound(found_eliminations, grid) -> None:
    solution = solution_of(grid)
    assert all(solution[cell] != digit for cell, digit in found_eliminations)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.source.split("=")[1].split("&")[0])
def test_technique_finds_the_published_step(example: Example):
    board, grid = position(example.line)
    found = example.finder(board)
    assert found is not None and found.technique == example.technique
    assert rcd(found.placements) == set(example.placements)
    assert set(example.eliminations) <= rcd(found.eliminations)
    assert_sound(found.eliminations, grid)


def test_two_string_kite_finds_both_kites_of_hodokus_dual_example():
    """https://hodoku.sourceforge.net/en/show_example.php?file=d2sk01&tech=Dual+2-String+Kite
    publishes two 2-String Kites on the 1s sharing r1c3 and r3c1: one removes 1 from
    r6c8, the other from r4c9. The kite finder gives one per step: two steps give both."""
    board, grid = position(
        ":0401:1:32.+5479.6..6+2+1+3.+5..+45+69+8+23.+5..+47+2.....+79.1.+25..28.+57..+2+1+4+3+5+9+67"
        "+86+73+1+84+5+9+2.5.+726143::149 168:")
    removed = set()
    for _ in range(2):
        found = single_digit.two_string_kite(board)
        assert found is not None and found.technique == "2-String Kite"
        assert_sound(found.eliminations, grid)
        removed |= rcd(found.eliminations)
        apply(board, found)
    assert removed == set(elims("149", "168"))


# HoDoKu's exemplar library: exemplars-1.0.txt in HoDoKu's source (a copy in the
# repository github.com/zh3305/HoDoKu; the same file is tests/testdata/exemplars-1.0.txt in
# github.com/alexdej/hodoku-py). Each line is a puzzle and the solving path HoDoKu records
# for it, with only the NUMBER of candidates each step removes ("s xyz(2) s"). The exact
# position and cells come from hodoku-py 0.2.1 (HoDoKu's Python port, a bench-only tool):
# `bench/hodoku_positions.py` solves the line with the record's techniques, replays every
# earlier step and prints HoDoKu's load line of the position before the recorded step and
# the step's eliminations. Each comment names the line, its section and record, and the
# step as HoDoKu gives it.

HODOKU_STEPS = [
    # exemplars-1.0.txt #0202, Naked Quadruple:
    # .3..8....9.8.41.....19..2.7.254..6....3.17.5.7......................51.6...3...98
    # "s n4(10) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Naked Quad", subsets.naked(4), "#0202 s n4(10) s",
            ":0202:4679:+53+2+78+6...9+78+241.+6...19+5+32+87.254..6+7...3+617.5+27..+5........+1."
            ".......+8.51.6...3...98::471 472 481 491 492 671 672 691 692 972:",
            eliminations=elims("471", "472", "481", "491", "492", "671", "672", "691",
                               "692", "972")),
    # exemplars-1.0.txt #0302, Jellyfish, base r3 r4 r6 r7, cover c1 c2 c5 c9:
    # 2.......3.8..3..5...34.21....12.54......9......93.86....25.69...9..2..7.4.......1
    # "bf4(9) s pure jellyfish collection";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Jellyfish", fish.basic(4), "#0302 bf4(9) s",
            ":0302:7:2.......3.8..3..5...34.21....12.54......9......93.86....25.69...9..2..7.4...."
            "...1::712 715 721 729 751 752 759 792 795:",
            eliminations=elims("712", "715", "721", "729", "751", "752", "759", "792", "795")),
    # exemplars-1.0.txt #0310, Finned X-Wing, base r2 r4, cover c1 c5, fins r2c6:
    # 1.........5.....61..8...2...7...9.......1.3..4...5...6....98.4...2..1.....36.279.
    # "s fbf2(2) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Finned X-Wing", fish.finned(2), "#0310 s fbf2(2) s",
            ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+7"
            "1+6..+8+136+4279+5::315 335:",
            eliminations=elims("315", "335")),
    # exemplars-1.0.txt #0320, Sashimi X-Wing, base r1 r4, cover c5 c9, fins r4c7 r4c8:
    # 4..5.769.........2.68....3.65.2.4..9....3.4.....9........8..........3..73894.....
    # "s sbf2(2) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Finned X-Wing", fish.finned(2), "#0320 s sbf2(2) s",
            ":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68........+6.3..7"
            "3894+7....::859 869:",
            eliminations=elims("859", "869")),
    # exemplars-1.0.txt #0311, Finned Swordfish, base r2 r6 r8, cover c1 c2 c4, fins r8c3:
    # ........3....6458.54...89...5..72.....16....2....5...9.9.1..2484..........8..5...
    # "s fbf3(2) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Finned Swordfish", fish.finned(3), "#0311 s fbf3(2) s",
            ":0311:2:...+5..+4.3..+9.6458.54...89...5.+972..+4+9.16+4+3.+52..+4+85+1..9.9+51+3.248"
            "4...+8...+5..8+4.5...::291 292:",
            eliminations=elims("291", "292")),
    # exemplars-1.0.txt #0801, XYZ-Wing, fins r3c4 r2c4 r3c7:
    # .73.....9514.92.....2.......67.59..28...1.53.............14.9.......835.......1.7
    # "s xyz(2) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("XYZ-Wing", wings.xyz_wing, "#0801 s xyz(2) s",
            ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+61"
            "4.9+2+8..+1..835+4..+8...1+67::635 636:",
            eliminations=elims("635", "636")),
    # exemplars-1.0.txt #0402, Empty Rectangle, fins r4c5 r4c6 r5c5 r6c5:
    # ..86........759...6..1...9.......83.9.6.....5..24.5.....5..438.3.18.2..6......2..
    # "s er(1) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Empty Rectangle", single_digit.empty_rectangle, "#0402 s er(1) s",
            ":0402:1:+5+986+4+3..+2..+3759+6+4+86+7+41+2+8+59+3+4+5+7+2..83.9.6+3.+7+4+25.+324.5."
            "+6...5+9.438.3+418+72+9+56..+9+5+3.2.+4::149:",
            eliminations=elims("149")),
    # exemplars-1.0.txt #0610, Bivalue Universal Grave + 1:
    # ....13......2....93.184.2..968....2..379...1......4...........8..9.35.7..1..6....
    # "s bug1(2) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("BUG+1", uniqueness.bug_plus_one, "#0610 s bug1(2) s",
            ":0610:36:.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84..."
            "...+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673:",
            eliminations=elims("373", "673")),
    # exemplars-1.0.txt #0701, X-Chain:
    # ..21...............1...928.4...3...673.5.........9745..2......787.2.49......8....
    # "s x(2) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("X-Chain", chains.x_chain, "#0701 s x(2) s",
            ":0701:6:.+421+7+8..+9..+8+4+2..+7+1.1+7+3.928+44..+83+1+7+2673+65+4+2+1+9+8+2+8+1+697"
            "45+3.2.+9..+8.787+32.49.+5...+78...+2::697 698:",
            eliminations=elims("697", "698")),
    # exemplars-1.0.txt #0702, XY-Chain:
    # 4...5.98153........6.1...53.58.2..4....4.3...7..8..........9....2........1.....68
    # "s xyc(5) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("XY-Chain", chains.xy_chain, "#0702 s xyc(5) s",
            ":0702:7:4+7+2+35+698153+1..+8.+2.+86+91.+2.53+158.2+7+34.+2+9+64+13+8+7+57+4+38.+5..."
            ".+8...9....2..+8+1...+91..+3+4.68::725 735 774 784 794:",
            eliminations=elims("725", "735", "774", "784", "794")),
    # exemplars-1.0.txt #0708, AIC:
    # ............1..6.2.5...749...35.......629..31.74..32..3...........826..........1.
    # "s aic(4) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("AIC", chains.aic, "#0708 s aic(4) s",
            ":0708:4:.....+2+1.+3.+3.1..6.2+25+1+3+6749+8+1+235+7+8+9+6+4+5+8629+4+731+974+6+132+8"
            "+53....+1.+2.+7+1+5826+3+4+9..+2.+3..1.::415 425 474 494:",
            eliminations=elims("415", "425", "474", "494")),
    # exemplars-1.0.txt #0500, Simple Colors Wrap:
    # .............3.6.52..1.5.4.....9.3...6.7..5...1...4..279.6.....5.....9811.2......
    # "ssts sc(7) s" (the record says 7; hodoku-py's step removes 10);
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Simple Colouring", single_digit.simple_colouring, "#0500 ssts sc(7) s on 8s",
            ":0500:8:+6+5+9...+1+3...+1.3.6+252.+31+65.4+9.+2..9+63+1.+36.7..5+9.+91.+3.4.+6279.6."
            ".+2+5+35.+6...9811.2...+4+7+6:814 815 424 826 443 843 849 855 856 863 875 285 896:819"
            " 821 824 832 844 853 867 876 892 895:",
            eliminations=elims("819", "821", "824", "832", "844", "853", "867", "876",
                               "892", "895")),
    # exemplars-1.0.txt #0500, Simple Colors Trap:
    # .3.7..8.55972..................9.5.7....6...........83.72..396..4...7....638.....
    # "ssts sc(4) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Simple Colouring", single_digit.simple_colouring, "#0500 ssts sc(4) s on 1s",
            ":0500:1:+23.7.+68+955972+8...+6+6..+9+3+5.+7.+3.+6.9.5.7+7+5.+36...+9+4.+9+5+7.+683+8"
            "72.+5396.+94+5+6.7..+8+1638.+9+7+5.:439:127 128 132 133:",
            eliminations=elims("127", "128", "132", "133")),
    # exemplars-1.0.txt #0500, Simple Colors Trap:
    # 21..........9....4...4.7.......7..32...6......48.21..642...986...91.8...1.6.....9
    # "ssts sc(3) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Simple Colouring", single_digit.simple_colouring, "#0500 ssts sc(3) s on 3s",
            ":0500:3:21+4..+6.....+79.+2..4...4.7.....+1+87..32..+26+9.....48.21..642.+7.986+1..91"
            "+68...1+86+2+4...9:937 938 387 587 787 588 788 789:319 339 381:",
            eliminations=elims("319", "339", "381")),
    # exemplars-1.0.txt #0312, Finned Jellyfish, base r2 r4 r7 r9, cover c1 c3 c4 c8, fins r4c9:
    # ......8...1.8.5..3..73..6.1.5.621...........473.................8..5.91..62..7...
    # "ssts fbf4(2) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Finned Jellyfish", fish.finned(4), "#0312 ssts fbf4(2) s on 9s",
            ":0312:9:...+1+6.8+7..1.8+75..3+8.73..6+51.5.621+7+3...+1+7..+5.473.+5..+1...+7......."
            ".8.+25+691+7.62..7...:211 411 911 413 913 421 921 423 951 258 463 371 471 373 473 475"
            " 975 476 976 391 491 495 995:958 968:",
            eliminations=elims("958", "968")),
    # exemplars-1.0.txt #0312, Finned Jellyfish, base r1 r3 r5 r8, cover c4 c6 c8 c9, fins r8c7:
    # .4.2..7.3.826..........1....9.......4...27........3.61.....5.3..65.1.....3.....76
    # "ssts fbf4(1) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Finned Jellyfish", fish.finned(4), "#0312 ssts fbf4(1) s on 8s",
            ":0312:8:+64+12+5.7.3+3826+7..+1+5....+31+6...9+3+1.+6..+74+1+6.27+3.......3.61.+2.+7"
            "+65+13.+765+31....+13...+2+576:934 938 939 979 986 993:879:",
            eliminations=elims("879")),
    # exemplars-1.0.txt #0312, Finned Jellyfish, base r1 r4 r7 r8, cover c1 c2 c7 c9, fins r4c3:
    # ..827463.2..8..1...............87.4..5.........64.2..............4...5786....9..4
    # "ssts fbf4(1) s";
    # position and cells from hodoku-py 0.2.1's solve of that line, `bench/hodoku_positions.py`
    Example("Finned Jellyfish", fish.finned(4), "#0312 ssts fbf4(1) s on 9s",
            ":0312:9:..827463.2+4.8..1.+7+7+6....+4+8+2....87.4.+45+7...+8+2.+8.64.2+7...+7..+4+8."
            "+6...4...5786+8.+7.9.+14:525 133 534 535 343 144 344 944 149 349 949 162 971 373 973 "
            "393:962:",
            eliminations=elims("962")),
]

#: how many steps of one finder a test may take before it has removed HoDoKu's cells
TRIES = 12


def removed_candidates(board: Board, found: Step) -> set[tuple[int, int, int]]:
    """Candidates a step removes, HoDoKu's way: a placement removes its cell's others."""
    placed = {(cell, other) for cell, digit in found.placements
              for other in range(1, 10) if other != digit and board.cands[cell] & bit(other)}
    return rcd(tuple(found.eliminations)) | rcd(tuple(placed))


@pytest.mark.parametrize("example", HODOKU_STEPS, ids=lambda e: e.source)
def test_technique_removes_hodokus_cells_in_hodokus_position(example: Example) -> None:
    """From HoDoKu's exact position the finder removes every candidate HoDoKu's step
    removes: in its first step, or, when that is another sound step of the same
    technique, within TRIES of its own steps."""
    board, grid = position(example.line)
    solution = rcd(tuple(enumerate(solution_of(grid))))
    removed: set[tuple[int, int, int]] = set()
    for _ in range(TRIES):
        found = example.finder(board)
        assert found is not None and found.technique == example.technique
        assert_sound(found.eliminations, grid)
        assert rcd(found.placements) <= solution
        removed |= removed_candidates(board, found)
        apply(board, found)
        if set(example.eliminations) <= removed:
            return
    pytest.fail(f"HoDoKu's {sorted(set(example.eliminations) - removed)} not removed "
                f"in {TRIES} {example.technique} steps")


class Recorded(NamedTuple):
    """An exemplar line whose step a technique page (https://hodoku.sourceforge.net/en/
    tech_*.php) describes: its puzzle, and the elimination the page states."""

    technique: str
    finder: Finder
    givens: str
    named: tuple[tuple[int, int, int], ...]


RECORDED = [
    # lc2(1); tech_intersections.php: "In row 2 candidate 7 can only go into block 1. It
    # can be eliminated from ... cell r3c2. The sudoku solves with singles afterwards."
    Recorded("Claiming", intersections.claiming,
             ".1....4.....6.3.....6.8...38..95.1...2.4...58795.........5..7.......7......."
             "3.641", elims("732")),
    # n2(1); tech_naked.php: "cells r8c3 and r8c4 ... have both only candidates 3 and 9
    # left ... r8c2 can not be 3. The sudoku solves with singles after that."
    Recorded("Naked Pair", subsets.naked(2),
             "7....9.3....1.5..64..26...9..2.83951..7........56.............31......6....."
             ".4.1.", elims("382")),
    # n3(1); tech_naked.php: "cells r2c2, r4c2, and r5c2 ... have only candidates 3, 6,
    # and 9 left ... r1c2 cannot be 6."
    Recorded("Naked Triple", subsets.naked(3),
             ".....4......17.6..48.3561....4..75......1.7..5...2..3495......612......8...."
             ".....", elims("612")),
]


SINGLES = (singles.full_house, singles.hidden_single, singles.naked_single)


def singles_done(board: Board) -> None:
    """Take singles until none is left, as HoDoKu's "s" does."""
    while found := next(filter(None, (f(board) for f in SINGLES)), None):
        apply(board, found)


@pytest.mark.parametrize("example", RECORDED, ids=lambda e: e.technique)
def test_technique_finds_hodokus_recorded_step(example: Recorded) -> None:
    """From the recorded start (singles first), the finder reaches the step the page
    names (taking and applying other sound steps of its own first, up to TRIES), and
    singles then solve the puzzle, as the record says."""
    grid = tuple(0 if ch == "." else int(ch) for ch in example.givens)
    board = Board.from_grid(grid)
    singles_done(board)
    for _ in range(TRIES):
        found = example.finder(board)
        assert found is not None and found.technique == example.technique
        assert_sound(found.eliminations, grid)
        assert rcd(found.placements) <= rcd(tuple(enumerate(solution_of(grid))))
        named = set(example.named) <= rcd(found.eliminations)
        apply(board, found)
        if named:
            break
    else:
        pytest.fail(f"no {example.technique} step like HoDoKu's in {TRIES} tries")
    singles_done(board)
    assert board.solved()
