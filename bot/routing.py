"""Which way a message goes: a /KIND command, plain text that looks like a puzzle (or
nearly: a near miss is named), or, in a private chat, a greeting, a kind's name alone, a
question, text a kind claims, or a pointer to /help. What a message says, read without
answering it (its command's argument, the kind its text or caption names), is in
`bot/reading.py`, which the handlers share."""

from __future__ import annotations

import re

from telegram import Update
from telegram.constants import ChatType

from solvers import registry
from solvers.base import PuzzleKind

from .context import Context, message_of
from .i18n import N_, _
from .reading import NOT_A_PUZZLE, NOT_MY_BUTTON, command_argument, not_a_puzzle, reply
from .replies import solve_and_reply
from .rules import PUZZLES, send_rules


async def kind_command(update: Update, context: Context) -> None:
    """/KIND PUZZLE (every kind's name is a command): solve as that kind."""
    message = message_of(update)
    name = (message.text or "").split(maxsplit=1)[0].lstrip("/").split("@")[0]
    kind = registry.get(name)
    if kind is None:  # only kinds' names are registered for this handler
        return
    text = command_argument(message)
    if text:
        await solve_and_reply(update, context, text, kind)
    else:
        await kind_alone(update, context, kind)


async def kind_alone(update: Update, context: Context, kind: PuzzleKind) -> None:
    """/KIND with nothing after it (or, in a private chat, the kind's name alone): a
    preset solves its puzzle, any other kind shows its format."""
    text = bare_puzzle(kind)
    if not text:
        await message_of(update).reply_text(
            f"{kind.title}: {kind.summary}\nTry /example {kind.name}".replace("`", ""))
        return
    await solve_and_reply(update, context, text, kind)


def bare_puzzle(kind: PuzzleKind) -> str:
    """What the kind's command alone means: its example puzzle for a kind that declares
    so (a preset), else nothing (the command alone shows the format)."""
    return (PUZZLES / kind.example).read_text() if kind.bare_is_example else ""


#: the words a greeting is made of, those a thanks is made of, and the words that may
#: come with either ("thank you so much", "hello there", "good morning all")
HELLO_WORDS = frozenset("hi hello hey hiya howdy hallo hullo yo greetings morning afternoon "
                        "evening".split())
THANKS_WORDS = frozenset("thanks thank thx ty cheers".split())
COURTESY_WORDS = frozenset("good day you so very much a lot many there all everyone again bot"
                           .split())
HELLO_REPLY = N_("Hello! I solve puzzles: send me one as a message or a .txt file. /help "
                 "lists the ones I know; /example {example} gives one to try.")
THANKS_REPLY = N_("You're welcome! Send another puzzle any time, or /help to see what I can "
                  "do.")


def courtesy_reply(text: str) -> str | None:
    """The friendly line for a message that is only a greeting or a thanks (`hi`,
    `thanks!`, `good morning @PuzzleBot`), else None. Such words alone are never taken as
    text a kind claims; the kind's own command word asks for that (`/KIND hello`)."""
    words = re.findall(r"[a-z]+", re.sub(r"@\w+", " ", text.lower()))
    if not words or not set(words) <= HELLO_WORDS | THANKS_WORDS | COURTESY_WORDS:
        return None
    if THANKS_WORDS.intersection(words):
        return reply(THANKS_REPLY)
    return reply(HELLO_REPLY) if HELLO_WORDS.intersection(words) else None


#: the first words of a question ("what is KIND?", "how does this work")
QUESTION_WORDS = frozenset("what whats what's how who why where when which can could do does "
                           "is are should will would".split())
QUESTION_REPLY = N_("I took that as a question, not as a puzzle. I solve puzzles: /help "
                    "lists them and how to send each, and /help KIND explains one with a "
                    "picture (/help {example}).")


def asked_about(text: str) -> tuple[bool, PuzzleKind | None]:
    """Whether text is a question or names a kind or a command rather than being letters to
    rearrange, and the kind it names ("what is KIND?": True and that kind)."""
    words = re.findall(r"[a-z0-9']+", text.lower())
    named = next((kind for word in words if (kind := registry.get(word))), None)
    question = len(words) >= 2 and words[0] in QUESTION_WORDS
    command = any(token.startswith("/") for token in text.split())
    return named is not None or question or command, named


async def on_text(update: Update, context: Context) -> None:
    """Plain text: solve it if it looks like a puzzle. In private chats, a greeting or a
    thanks gets a friendly line (no puzzle is made of those words alone), a kind's name
    alone means its command, text a kind claims is solved as that kind, and anything
    else gets a pointer to /help."""
    message = message_of(update)
    text = message.text or ""
    private = message.chat.type == ChatType.PRIVATE
    if private and (courtesy := courtesy_reply(text)) is not None:
        await message.reply_text(courtesy)
        return
    named = registry.get(text.strip()) if private and text.strip() else None
    if named is not None and registry.detect(text) is None:  # `KIND` alone: as /KIND
        await kind_alone(update, context, named)
        return
    if (kind := registry.detect(text)) is not None:
        await solve_and_reply(update, context, text, kind)
    elif (wrong := not_a_puzzle(text)) is not None:
        await message.reply_text(wrong)
    elif private:
        await answer_private(update, context, text)


async def answer_private(update: Update, context: Context, text: str) -> None:
    """Private text of no kind's shape: a question, or a message naming a kind or a
    command, is answered as one (the kind's rules); text a kind claims is solved as that
    kind; anything else gets a pointer to /help."""
    message = message_of(update)
    about, named = asked_about(text)
    if named is not None:
        await send_rules(message, context, named)
    elif about:
        await message.reply_text(reply(QUESTION_REPLY))
    elif (kind := registry.claimant(text)) is not None:
        await solve_and_reply(update, context, text, kind)
    else:
        await message.reply_text(reply(NOT_A_PUZZLE))


async def unknown_button(update: Update, context: Context) -> None:
    """Any press no other handler takes (forged or stale callback data): answered, so the
    button stops spinning, with a short toast and nothing in the chat."""
    if update.callback_query is not None:
        await update.callback_query.answer(_(NOT_MY_BUTTON))
