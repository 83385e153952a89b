"""Which way a message goes: a /KIND command, plain text that looks like a puzzle (or, in a
private chat, text a kind claims), or a pointer to /help."""

from __future__ import annotations

from telegram import Message, Update
from telegram.constants import ChatType

from solvers import registry
from solvers.base import PuzzleKind

from .context import Context, message_of
from .replies import solve_and_reply


def command_argument(message: Message) -> str:
    """The text after the command word, keeping its line breaks."""
    text = message.text or ""
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    return text[len(first):].strip("\n ")


async def kind_command(update: Update, context: Context) -> None:
    """/KIND PUZZLE (every kind's name is a command): solve as that kind."""
    message = message_of(update)
    name = (message.text or "").split(maxsplit=1)[0].lstrip("/").split("@")[0]
    kind = registry.get(name)
    if kind is None:  # only kinds' names are registered for this handler
        return
    text = command_argument(message)
    if not text:
        await message.reply_text(
            f"{kind.title}: {kind.summary}\nTry /example {kind.name}".replace("`", ""))
        return
    await solve_and_reply(update, context, text, kind)


NOT_A_PUZZLE = ("That does not look like a puzzle I know. Send /help for the formats, "
                f"or /example {registry.with_example()[0].name} for one to try.")


def detected_kind(text: str, private: bool) -> PuzzleKind | None:
    """The kind the text looks like; in private chats, also a kind that claims it."""
    kind = registry.detect(text)
    if kind is None and private:
        kind = registry.claimant(text)
    return kind


async def on_text(update: Update, context: Context) -> None:
    """Plain text: solve it if it looks like a puzzle; in private chats, anything else gets
    a pointer to /help."""
    message = message_of(update)
    text = message.text or ""
    private = message.chat.type == ChatType.PRIVATE
    kind = detected_kind(text, private)
    if kind is not None:
        await solve_and_reply(update, context, text, kind)
    elif private:
        await message.reply_text(NOT_A_PUZZLE)


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
NOT_MY_BUTTON = "That button is not one of mine; send the command again."


async def unknown_button(update: Update, context: Context) -> None:
    """Any press no other handler takes (forged or stale callback data): answered, so the
    button stops spinning, with a short toast and nothing in the chat."""
    if update.callback_query is not None:
        await update.callback_query.answer(NOT_MY_BUTTON)
