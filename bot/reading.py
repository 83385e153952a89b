"""What a message says, read without answering it: the text after its command, the kind
its text, caption or first word names, what is wrong with text of nearly a kind's shape,
and the few replies every intake shares. Every handler reads messages through here; none
imports another handler for it (`bot/routing.py` decides which way a message goes)."""

from __future__ import annotations

from telegram import Message

from solvers import registry
from solvers.base import PuzzleKind

from .i18n import N_, _


def command_argument(message: Message) -> str:
    """The text after the command word, keeping its line breaks."""
    text = message.text or ""
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    return text[len(first):].strip("\n ")

NOT_A_PUZZLE = N_("That does not look like a puzzle I know. Send /help for the formats, "
                  "or /example {example} for one to try.")


def reply(template: str) -> str:
    """A reply template (`NOT_A_PUZZLE`, routing's greetings) in the current language,
    naming a kind to try."""
    return _(template).format(example=registry.with_example()[0].name)

def not_a_puzzle(text: str) -> str | None:
    """What is wrong with text that has a kind's shape but for one thing ("TITLE: row 7
    has 8 cells; each row needs 9."), or None when it has no kind's shape."""
    missed = registry.near_miss(text)
    if missed is None:
        return None
    kind, wrong = missed
    if kind.example:
        return _("{title}: {wrong}\nCorrect it and send it again; /example {kind} shows "
                 "one.").format(title=kind.title, wrong=wrong, kind=kind.name)
    return _("{title}: {wrong}\nCorrect it and send it again.").format(title=kind.title,
                                                                       wrong=wrong)

def detected_kind(text: str, private: bool) -> PuzzleKind | None:
    """The kind the text looks like; in private chats, also a kind that claims it."""
    kind = registry.detect(text)
    if kind is None and private:
        kind = registry.claimant(text)
    return kind

def caption_kind(caption: str | None) -> PuzzleKind | None:
    """The kind a document's caption names by its first word: /KIND, KIND or #KIND."""
    words = (caption or "").split()
    return registry.get(words[0].split("@")[0]) if words else None


def command_in_text(text: str) -> tuple[PuzzleKind | None, str]:
    """A file that starts with /KIND, as a message would: that kind and the rest."""
    words = text.split(maxsplit=1)
    if not words or not words[0].startswith("/"):
        return None, text
    kind = registry.get(words[0].split("@")[0])
    return (kind, text.strip()[len(words[0]):].strip("\n ")) if kind else (None, text)


#: the toast for callback data no button of this bot carries (a forged or stale press)
NOT_MY_BUTTON = N_("That button is not one of mine; send the command again.")
