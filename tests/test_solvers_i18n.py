"""The solver library in its users' languages (issue 31): its own catalogs (domain
`solvers`), the language carried in a job's message to a worker, and the cache kept
apart per language."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from bot.store.facade import Store
from bot.work import jobs
from bot.work.pool import SolverPool
from solvers import i18n
from solvers.pipeline import prepare, run

ROOT = Path(__file__).resolve().parent.parent
INKALA = (ROOT / "puzzles" / "sudoku_inkala.txt").read_text()
SHORT_ROW = "#sudoku short\n" + "\n".join(["12345678."] * 4 + ["1234"] + ["........."] * 4)
PYBABEL = Path(sys.executable).parent / "pybabel"


def test_a_parse_error_names_its_line_in_german_and_spanish():
    with i18n.language("de"):
        german = run(SHORT_ROW, render=False)
    with i18n.language("es"):
        spanish = run(SHORT_ROW, render=False)
    assert not german.ok
    assert german.error == "Zeile 6: 9 Felder in dieser Zeile erwartet, 4 erhalten"
    assert spanish.error == "Línea 6: se esperaban 9 casillas en esta fila, hay 4"
    assert run(SHORT_ROW, render=False).error == "Line 6: expected 9 cells in this row, got 4"


def test_a_solved_seed_is_captioned_in_german():
    with i18n.language("de"):
        result = run(INKALA, render=False)
    lines = result.caption.splitlines()
    assert lines[1] == "Geprüft: alle 28 Regeln sind erfüllt."
    assert lines[-1].startswith("Lösungen: genau 1 · Schwierigkeit: bewertet mit ")
    assert "Extrem" in lines[-1]
    assert run(INKALA, render=False).caption.splitlines()[1] == "Checked: all 28 rules hold."


def test_unknown_language_codes_are_english():
    for code in ("xx", "", "../../etc", None, 3, "de-AT"):
        with i18n.language(code) as spoken:  # type: ignore[arg-type]
            assert spoken == ("de" if code == "de-AT" else "en")


async def test_the_job_message_carries_the_language_to_a_pool_worker_and_back():
    pool = SolverPool(workers=1, timeout=60)
    pool.start()
    try:
        token = i18n.set_language("es")
        try:
            spanish = await pool.solve(SHORT_ROW)
            checked = await pool.submit(jobs.check, INKALA, "12x", "sudoku")
        finally:
            i18n.reset_language(token)
        english = await pool.solve(SHORT_ROW)
    finally:
        await pool.close()
    assert spanish.error == "Línea 6: se esperaban 9 casillas en esta fila, hay 4"
    assert checked.verdict.startswith("No pude leer esa solución: Tu solución, línea 1")
    assert english.error == "Line 6: expected 9 cells in this row, got 4"


async def test_the_cache_keeps_each_language_apart(tmp_path):
    store = Store(str(tmp_path / "store.sqlite3"))
    await store.open()
    try:
        key = prepare(INKALA)[2]
        with i18n.language("de"):
            german = run(INKALA, render=False)
            await store.put_result(key, german)
            assert (await store.get_result(key)).caption == german.caption
        assert await store.get_result(key) is None  # never the German one for English
        with i18n.language("es"):
            assert await store.get_result(key) is None
            assert prepare(INKALA)[2] == key  # the puzzle's identity has no language
    finally:
        await store.close()


def catalog_ids(path: Path) -> set[str]:
    with path.open("rb") as file:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(file) if m.id}


def test_the_catalogs_are_complete_and_match_the_code(tmp_path):
    template = tmp_path / "solvers.pot"
    subprocess.run([str(PYBABEL), "-q", "extract", "-F", "solvers/locale/babel.cfg", "-o",
                    str(template), "--no-location", "-k", "Translated", "."],
                   cwd=ROOT, check=True)
    wanted = catalog_ids(template)
    for language in ("de", "es"):
        path = ROOT / "solvers" / "locale" / language / "LC_MESSAGES" / "solvers.po"
        assert catalog_ids(path) == wanted, language
        with path.open("rb") as file:
            for message in read_po(file):
                if message.id:
                    assert "fuzzy" not in message.flags, (language, message.id)
                    strings = message.string if isinstance(message.string, tuple) \
                        else (message.string,)
                    assert all(strings), (language, message.id)
