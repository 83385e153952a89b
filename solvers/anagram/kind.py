"""The `anagram` puzzle kind: the clue's letters in, ranked answers and a ring picture out.

Input, one line: `anagram LETTERS [topic=T] [pattern=5,4] [with=W] [without=W] [words=N]
[lang=de]` (or `#anagram ...`; the bot's `/anagram` passes the rest of the line). Spaces,
punctuation and accents in the letters are ignored (`Clint Eastwood!`), umlauts spelled out
(`ä` is `ae`, see `lexicon.py`), `?` is a blank. `lang=` picks the lexicon (English by
default; the bot adds its user's language, `in_language`). Option values
are single tokens: `_` stands for a space (`with=new_zealand`), `,` separates several
words (`without=dirt,dry`). The *solution* of this kind is an `Answer`; its plain-text form
is the answer's words.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from ..base import WORD_PUZZLES, PuzzleKind
from ..i18n import Translated, _, number
from ..texts import check_size, clip
from ..values import CheckReport, Limits, PuzzleError, Rule, Solutions
from . import fluency, relatedness
from . import lexicon as lexicon_module
from .answer import Answer
from .hints import Hint, circle_picture, hints
from .letters import SPELLED_OUT, Entry, letters_of
from .search import MAX_BLANKS, MAX_LETTERS, MAX_WORDS, Query, search
from .sources import UNSEEN_ZIPF, topic_files

#: answers kept and listed, whatever smaller `Limits.max_solutions` says: a ranked list
#: is the point of this kind (`max_solutions` may still raise it)
SHOWN = 20
#: answers written in the caption
CAPTION_ANSWERS = 10
OPTIONS = ("topic", "pattern", "with", "without", "words", "lang")
OPTION = re.compile(r"^([a-z]+)=(.*)$", re.IGNORECASE)
COMMAND_WORDS = ("anagram", "#anagram", "/anagram", "anagrams", "#anagrams")
#: a private message of one to three words of letters (and ? blanks) is an anagram clue
BARE_LETTERS = re.compile(r"^\s*[A-Za-z?'-]+(\s+[A-Za-z?'-]+){0,2}\s*$")
#: shorter clues are more likely a greeting than a puzzle
BARE_LETTERS_MIN = 4


def clue_letters(token: str, line: int, column: int) -> tuple[str, int]:
    """The a-z letters and blanks of one token; digits and odd symbols are refused."""
    letters, blanks = "", 0
    plain = unicodedata.normalize("NFKD", token.translate(SPELLED_OUT))
    for offset, char in enumerate(plain):
        if unicodedata.combining(char):
            continue
        lower = char.lower()
        if "a" <= lower <= "z":
            letters += lower
        elif char == "?":
            blanks += 1
        elif char.isalnum():
            raise PuzzleError(_("'{char}' is not a letter: send letters, and ? for a blank")
                              .format(char=char), line, column + offset)
    return letters, blanks


def resolve_topic(value: str, line: int) -> str:
    """The topic list a name means (`country`, `dogs`, `car` are enough)."""
    known = sorted(path.stem for path in topic_files())
    wanted = value.lower().replace("_", "-").replace(" ", "-")
    stem = re.sub(r"(ies|y|s)$", "", wanted)
    matches = [t for t in known if t == wanted] or [t for t in known if t.startswith(stem)]
    if len(matches) != 1:
        why = (_("topic '{topic}' is ambiguous; topics: {topics}") if matches
               else _("topic '{topic}' is not a topic I know; topics: {topics}"))
        raise PuzzleError(why.format(topic=clip(value), topics=", ".join(known)), line)
    return matches[0]


def small_number(word: str) -> bool:
    """Decimal digits int() can read at once: not ² (isdigit() passes it), not 5,000 nines."""
    return word.isdecimal() and len(word) <= 3


def parse_pattern(value: str, line: int) -> tuple[int, ...]:
    parts = [p for p in re.split(r"[,\-/ ]+", value.strip("()")) if p]
    if not parts or not all(small_number(p) and 0 < int(p) <= MAX_LETTERS for p in parts):
        raise PuzzleError(_("pattern '{pattern}' should be word lengths such as 5,4").format(
            pattern=clip(value)), line)
    return tuple(int(p) for p in parts)


def parse_words(value: str, line: int) -> int:
    if not small_number(value) or not 1 <= int(value) <= MAX_WORDS:
        raise PuzzleError(_("words={value}: give a number of words from 1 to {most}").format(
            value=clip(value), most=MAX_WORDS), line)
    return int(value)


def word_list(value: str) -> tuple[str, ...]:
    return tuple(" ".join(w.replace("_", " ").lower().split()) for w in value.split(",")
                 if letters_of(w))


def parse_query(text: str) -> Query:
    """Read a clue line into a Query, or raise PuzzleError saying what is wrong."""
    check_size(text)
    letters, blanks, options, clue_words = "", 0, {}, list[str]()
    for line_number, line in enumerate(text.splitlines(), start=1):
        for match in re.finditer(r"\S+", line):
            token, column = match.group(), match.start() + 1
            if not letters and not blanks and not clue_words and token.lower() in COMMAND_WORDS:
                continue
            option = OPTION.match(token)
            if option:
                key = option.group(1).lower()
                if key not in OPTIONS:
                    raise PuzzleError(_("unknown option '{key}='; options: {options}").format(
                        key=clip(key), options=", ".join(f"{o}=" for o in OPTIONS)), line_number,
                        column)
                options[key] = (option.group(2), line_number)
                continue
            more, more_blanks = clue_letters(token, line_number, column)
            letters, blanks = letters + more, blanks + more_blanks
            clue_words.append(token)
    if not letters and not blanks:
        raise PuzzleError(_("no letters to rearrange: send them like 'anagram dormitory'"))
    size = len(letters) + blanks
    if size > MAX_LETTERS:
        raise PuzzleError(_("{size} letters is too many: the limit is {most}").format(
            size=size, most=MAX_LETTERS))
    return build_query(letters, blanks, " ".join(clue_words), options)


def parse_lang(value: str, line: int) -> str:
    lang = value.lower()
    if lang not in lexicon_module.LANGUAGES:
        raise PuzzleError(_("lang={value}: the languages are {languages}").format(
            value=clip(value), languages=", ".join(lexicon_module.LANGUAGES)), line)
    return lang


def build_query(letters: str, blanks: int, clue: str,
                options: dict[str, tuple[str, int]]) -> Query:
    """Check the options against the letters and make the Query."""
    topic = pattern = None
    words = 3
    lang = parse_lang(*options["lang"]) if "lang" in options else "en"
    if "topic" in options and lang != "en":
        raise PuzzleError(_("the topics are lists of English names: no topic= with lang={lang}")
                          .format(lang=lang), options["topic"][1])
    if "topic" in options:
        topic = resolve_topic(*options["topic"])
    if "pattern" in options:
        pattern = parse_pattern(*options["pattern"])
        if sum(pattern) != len(letters) + blanks:
            raise PuzzleError(_("pattern {pattern} adds up to {sum} letters, but the clue has "
                                "{size}").format(pattern=clip(options["pattern"][0]),
                                                 sum=sum(pattern), size=len(letters) + blanks),
                              options["pattern"][1])
    if "words" in options:
        words = parse_words(*options["words"])
    if blanks > MAX_BLANKS:
        raise PuzzleError(_("{blanks} blanks is too many: the limit is {most}").format(
            blanks=blanks, most=MAX_BLANKS))
    required = word_list(options.get("with", ("", 0))[0])
    short = Counter(letters_of("".join(required))) - Counter(letters)
    if sum(short.values()) > blanks:
        missing = " ".join(sorted(short.elements())).upper()
        raise PuzzleError(_("with={value} needs letters the clue does not have: {missing}")
                          .format(value=clip(options["with"][0]), missing=clip(missing)),
                          options["with"][1])
    return Query(letters, blanks, topic, pattern or (),
                 word_list(options.get("with", ("", 0))[0]),
                 word_list(options.get("without", ("", 0))[0]), words, clue, lang)


def answer_from_text(text: str, lang: str = "en") -> Answer:
    """A typed answer as entries of the lexicon (multi-word names kept whole)."""
    lexicon = lexicon_module.load(lang)
    tokens = text.lower().split()
    entries: list[Entry] = []
    i = 0
    while i < len(tokens):
        for span in range(min(4, len(tokens) - i), 0, -1):
            entry = lexicon.lookup(" ".join(tokens[i:i + span]))
            if entry or span == 1:
                name = " ".join(tokens[i:i + span])
                entries.append(entry or Entry.make(name, UNSEEN_ZIPF, False))
                i += span
                break
    return Answer(tuple(entries), 0.0)


class AnagramKind(PuzzleKind[Query, Answer]):
    name = "anagram"
    family = WORD_PUZZLES
    title = "Anagram"
    summary = Translated("`anagram LETTERS [topic=countries] [pattern=5,4] [with=word] "
                         "[without=word] [words=4]`; ? is a blank")
    example = "anagram_schoolmaster.txt"
    rules = Translated("Rearrange all the letters of the clue into a word or phrase: "
                       "SCHOOLMASTER is THE CLASSROOM. I list the likely answers first; /hint "
                       "gives clues one step at a time instead.")
    version = "4"  # answers paged by a More button, offensive words left out (issue 27)
    aliases = ("anagrams",)
    #: a long search (a 30-letter clue with `words=6`) hands back its best answers after
    #: the quick lane's short budget and goes on in the count lane, like a long count
    counted = "answers"

    def warm_up(self) -> None:
        """Load the lexicon, the language model, the word vectors and the compiled search
        before the first clue arrives; the other languages' lexicons only cached on disk
        (loaded by the first clue in that language: memory for them only when used)."""
        from . import combine  # numba: only where clues are answered
        from .offensive import words

        # the entry table too: the first search would make it otherwise, in the worker
        _ = lexicon_module.load().table
        for lang in lexicon_module.LANGUAGES[1:]:
            lexicon_module.ensure_cached(lang)
        words()
        fluency.model()
        relatedness.load()
        combine.warm()

    def detect(self, text: str) -> bool:
        first = text.strip().split(None, 1)
        return bool(first) and first[0].lower() in COMMAND_WORDS

    def in_language(self, text: str, language: str) -> str:
        """`lang=de` added for a German speaker (English is the default), unless the
        text has a `lang=` of its own."""
        if language == "en" or language not in lexicon_module.LANGUAGES or re.search(
                r"(^|\s)lang=", text, re.IGNORECASE):
            return text
        return f"{text} lang={language}"

    def claims(self, text: str) -> bool:
        """Bare letters in a private chat: one to three words, at least four letters."""
        letters = sum(char.isalpha() or char == "?" for char in text)
        return bool(BARE_LETTERS.match(text)) and letters >= BARE_LETTERS_MIN

    def parse(self, text: str) -> Query:
        return parse_query(text)

    def canonical(self, puzzle: Query) -> str:
        options = [f"topic={puzzle.topic or ''}", f"pattern={puzzle.pattern}",
                   f"with={puzzle.with_words}", f"without={puzzle.without_words}",
                   f"words={puzzle.max_words}", f"clue={letters_of(puzzle.text)}"]
        if puzzle.lang != "en":
            options.append(f"lang={puzzle.lang}")
        return "".join(sorted(puzzle.letters)) + "?" * puzzle.blanks + " " + " ".join(options)

    def solve(self, puzzle: Query, limits: Limits) -> Solutions:
        shown = max(limits.max_solutions, SHOWN)
        found = search(puzzle, lexicon_module.load(puzzle.lang), limits, top=shown)
        reason = "" if found.answers else _no_answer(puzzle, found.counting, found.exhaustive)
        return Solutions(found.answers[:shown], found.count, found.exhaustive, reason,
                         stats={"nodes": found.nodes}, counting=found.counting)

    # Checking --------------------------------------------------------------------------

    def check(self, puzzle: Query, solution: Answer | str) -> CheckReport:
        """Recount the letters and look every word up again, from the answer's text alone."""
        text = solution if isinstance(solution, str) else solution.text
        answer = answer_from_text(text, puzzle.lang)
        wanted, given = Counter(puzzle.letters), Counter(letters_of(text))
        missing, extra = wanted - given, given - wanted
        rules, ok = [], True
        letters_ok = not missing and sum(extra.values()) == puzzle.blanks
        ok &= letters_ok
        detail = ""
        if missing:
            detail += "; " + _("unused: {letters}").format(letters=spaced_upper(missing))
        if sum(extra.values()) != puzzle.blanks or (extra and not puzzle.blanks):
            detail += "; " + _("not in the clue: {letters}").format(
                letters=spaced_upper(extra) or _("none"))
        clue = "".join(sorted(puzzle.letters)).upper() + (
            " + " + "?" * puzzle.blanks if puzzle.blanks else "")
        rules.append(Rule(_("Letters"), letters_ok, _("clue {clue}, answer {answer}").format(
            clue=clue, answer="".join(sorted(letters_of(text))).upper())
            + f": {'OK' if letters_ok else 'FAIL'}{detail}", ": "))
        if puzzle.blanks and letters_ok:
            rules.append(Rule(_("Blanks"), True, _("? stands for {letters}").format(
                letters=spaced_upper(extra)) + ": OK", ": "))
        unknown = [e.text for e in answer.entries
                   if not (e.in_dictionary or e.is_name or e.topics)]
        ok &= not unknown
        words = ", ".join(e.text for e in answer.entries)
        rules.append(Rule(_("Words"), not unknown, words + (
            ": OK " + _("(all in the word list)") if not unknown
            else ": FAIL, " + _("not in the word list: {words}").format(
                words=", ".join(unknown))), ": "))
        option_rules = self._check_options(puzzle, answer)
        ok &= all(rule.ok for rule in option_rules)
        rules += option_rules
        if puzzle.topic:
            on = any(puzzle.topic in e.topics for e in answer.entries)
            rules.append(Rule(_("Topic {topic}").format(topic=puzzle.topic), None,
                              _("on the list") if on
                              else _("not on the list (still a valid anagram)"), ": "))
        verdict = (_("Answer OK: it uses exactly the clue's letters.") if ok
                   else _("Answer has ** ERROR **: see the FAIL lines."))
        return CheckReport(ok, rules, verdict)

    @staticmethod
    def _check_options(puzzle: Query, answer: Answer) -> list[Rule]:
        """The rules of the clue's options: its word pattern, words with and without."""
        rules = []
        words = [letters_of(w) for w in answer.text.split()]
        if puzzle.pattern:
            good = sorted(map(len, words)) == sorted(puzzle.pattern)
            rules.append(Rule(_("Pattern {pattern}").format(
                pattern=",".join(map(str, puzzle.pattern))), good,
                              "OK" if good else "FAIL", ": "))
        for word in puzzle.with_words:
            good = f" {word} " in f" {answer.text} "
            rules.append(Rule(_("With '{word}'").format(word=word), good,
                              "OK" if good else "FAIL", ": "))
        for word in puzzle.without_words:
            good = word not in answer.text.split()
            rules.append(Rule(_("Without '{word}'").format(word=word), good,
                              "OK" if good else "FAIL", ": "))
        return rules

    # Text and pictures ----------------------------------------------------------------------

    def format_solution(self, puzzle: Query, solution: Answer) -> str:
        return solution.text

    def parse_solution(self, puzzle: Query, text: str) -> Answer:
        check_size(text)  # reading a long word back costs time that grows with its square
        if not letters_of(text):
            raise PuzzleError(_("the answer has no letters"), 1)
        return answer_from_text(" ".join(text.split()), puzzle.lang)

    def render(self, puzzle: Query, solution: Answer | None) -> Image.Image:
        return circle_picture(puzzle.letters, puzzle.blanks, solution.text if solution else None)

    def caption(self, puzzle: Query, solutions: Solutions, report: CheckReport | None) -> str:
        head = _head(puzzle)
        if not solutions.found:
            none = (_("{head}: none yet.") if solutions.counting else _("{head}: none."))
            return f"{none.format(head=head)}\n{solutions.reason}"
        return answers_page(head, solutions.found, 0)

    def more_captions(self, puzzle: Query, solutions: Solutions) -> list[str]:
        """The answers past the first CAPTION_ANSWERS, a page each, for the More button."""
        head = _head(puzzle)
        return [answers_page(head, solutions.found, start)
                for start in range(CAPTION_ANSWERS, len(solutions.found), CAPTION_ANSWERS)]

    def count_figures(self, puzzle: Query, solutions: Solutions) -> str:
        """The search's figures: the answers listed, of all it met (the bound rules the
        others out as worse, so the figure is never a complete count)."""
        return _("the best {shown} of {count} answers met").format(
            shown=len(solutions.found), count=number(solutions.count))

    def alternatives_note(self, puzzle: Query, solutions: Solutions) -> str:
        """Several answers are the point of an anagram search, not a flaw."""
        return ""

    def cli_commands(self) -> dict[str, Callable[[list[str]], int]]:
        return {"anagram-hints": cli_hints}


def _head(puzzle: Query) -> str:
    """The first line of every caption page: the clue and its size."""
    return _("Anagrams of {clue} ({size} letters)").format(
        clue=puzzle.text.upper() or puzzle.letters.upper(), size=puzzle.size)


def _no_answer(puzzle: Query, counting: bool, exhaustive: bool) -> str:
    """Why a search has no answer to show: still going, none at all, or none in time."""
    if counting:
        return _("No answer found yet: the search goes on.")
    if puzzle.topic:
        sentence = (_("No name on the topic {topic} uses exactly these letters.") if exhaustive
                    else _("No name on the topic {topic} uses exactly these letters (the "
                           "search ran out of time)."))
        return sentence.format(topic=puzzle.topic)
    return (_("No word or phrase in my word list uses exactly these letters.") if exhaustive
            else _("No word or phrase in my word list uses exactly these letters (the search "
                   "ran out of time)."))


def answers_page(head: str, answers: list[Answer], start: int) -> str:
    """One page of a ranked list: the head, saying which answers these are when there
    are more ("answers 1-10 of 20", on the head's line, so that a page and the count's
    line stay within a caption's 12 lines), then CAPTION_ANSWERS answers numbered from
    `start` + 1."""
    shown = answers[start:start + CAPTION_ANSWERS]
    if len(answers) > CAPTION_ANSWERS:
        head += _(", answers {first}-{last} of {count}").format(
            first=start + 1, last=start + len(shown), count=len(answers))
    return "\n".join([head, *(f"{rank}. {answer.text}" for rank, answer in
                               enumerate(shown, start=start + 1))])


def spaced_upper(counts: Counter[str]) -> str:
    return " ".join(sorted(counts.elements())).upper()


def hints_for(text: str, answer: str | None = None) -> list[Hint]:
    """The six hint steps for a clue (`anagram ...` or bare letters and options).

    `answer` names the answer the hints lead to (the quiz's word); by default the best
    ranked one. Raises PuzzleError for bad input, like the kind's parse.
    """
    query = parse_query(text)
    found = search(query, lexicon_module.load(query.lang), Limits.within(2.0), top=SHOWN)
    chosen = answer_from_text(answer, query.lang) if answer else None
    return hints(query, found.answers, chosen)


def cli_hints(argv: list[str]) -> int:
    """`python -m solvers anagram-hints LETTERS... [--png OUT]`: print the six steps."""
    png = None
    if "--png" in argv:
        at = argv.index("--png")
        png, argv = argv[at + 1], argv[:at] + argv[at + 2:]
    try:
        steps = hints_for(" ".join(argv))
    except PuzzleError as error:
        print(error, file=sys.stderr)
        return 2
    for hint in steps:
        print(f"{hint.step}. {hint.title}\n{hint.text}\n")
        if hint.picture is not None and png:
            hint.picture.save(Path(png))
    return 0
