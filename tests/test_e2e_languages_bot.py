"""End to end in German and Spanish through the sandbox, for the bot's own pages and
errors: /start and its buttons, /help and its topics, an unknown command, a /check
error, /cancel with nothing to cancel, /example's menu, a long count's later texts;
and the pseudo-language sweep over the replies (every word through gettext but kind
names and command names)."""

from __future__ import annotations

import inspect

import pytest
from botchat import ask, bot_config, now, reply_with
from i18n_check import pseudo_language, untranslated

from bot.__main__ import running_in_sandbox
from bot.app import command_table
from bot.commands import bot_commands
from bot.games.quiz import rules as quiz
from sandbox.client import SandboxClient
from solvers import registry

pytestmark = pytest.mark.asyncio(loop_scope="module")

#: what each language says first in the replies checked (German, Spanish)
SAID = {
    "de": {"welcome": "👋 PuzzleBot löst Rätsel: ",
           "buttons": {"🎲 Beispiel ausprobieren", "📷 Sudoku-Foto schicken",
                       "👥 In einer Gruppe spielen", "❓ Hilfe"},
           "example": "Welches Rätsel möchtest du ausprobieren? Wähle eine Familie",
           "photo": "Fotografier ein Sudoku auf Papier",
           "menu": "Hilfe: wähle ein Thema.",
           "topics": ["🧩 Rätsel", "💡 Hinweise", "📷 Fotos", "👥 Gruppen", "⚙️ Einstellungen"],
           "puzzles": "Rätsel, die ich kenne", "back": "‹ Themen",
           "groups": "In Gruppen",
           "unknown": "/nosuch kenne ich nicht. Die Befehle, die ich kenne:",
           "check": "So geht's: antworte auf ein Rätsel mit /check",
           "cancel": "Bei dir läuft keine Zählung.",
           "usage": "Welches Rätsel möchtest du ausprobieren? Wähle eine Familie"},
    "es": {"welcome": "👋 PuzzleBot resuelve acertijos: ",
           "buttons": {"🎲 Probar un ejemplo", "📷 Enviar foto de un Sudoku",
                       "👥 Jugar en un grupo", "❓ Ayuda"},
           "example": "¿Qué acertijo quieres probar? Elige una familia",
           "photo": "Haz una foto de un Sudoku en papel",
           "menu": "Ayuda: elige un tema.",
           "topics": ["🧩 Acertijos", "💡 Pistas", "📷 Fotos", "👥 Grupos", "⚙️ Ajustes"],
           "puzzles": "Acertijos que conozco", "back": "‹ Temas",
           "groups": "En grupos",
           "unknown": "No conozco /nosuch. Los comandos que conozco:",
           "check": "Uso: responde a un acertijo con /check",
           "cancel": "No tienes ningún recuento en marcha.",
           "usage": "¿Qué acertijo quieres probar? Elige una familia"},
}


@pytest.fixture
def puzzlebot(shared_puzzlebot):
    return shared_puzzlebot


def buttons(message: dict) -> dict[str, dict]:
    """A message's inline buttons by label."""
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return {button["text"]: button for row in rows for button in row}


async def press(client: SandboxClient, chat: int, message: dict, label: str) -> dict:
    """Press a button of `message` in a private chat; the message as it stands after."""
    pressed = await client.press(chat, chat, message["message_id"],
                                 buttons(message)[label]["callback_data"])
    await client.callback_answer(pressed["callback_query_id"])
    return await now(client, chat, message["message_id"])


@pytest.mark.parametrize("code", ["de", "es"])
async def test_start_and_its_buttons(puzzlebot, alice, code):
    _, client = puzzlebot
    said = SAID[code]
    welcome = await ask(client, alice, "/start", language_code=code)
    assert welcome["text"].startswith(said["welcome"]), welcome["text"]
    assert set(buttons(welcome)) == said["buttons"]
    example, photo, _group, help_label = (row["text"] for row in
                                          welcome["reply_markup"]["inline_keyboard"][0]
                                          + welcome["reply_markup"]["inline_keyboard"][1])
    await press(client, alice, welcome, example)
    assert said["example"] in (await reply_with(client, alice, welcome["message_id"],
                                                said["example"]))["text"]
    await press(client, alice, welcome, photo)
    await reply_with(client, alice, welcome["message_id"], said["photo"])
    await press(client, alice, welcome, help_label)  # the menu below the greeting
    menu = await reply_with(client, alice, welcome["message_id"], said["menu"])
    assert menu["text"].startswith(said["menu"]), menu["text"]


@pytest.mark.parametrize("code", ["de", "es"])
async def test_help_and_a_topic(puzzlebot, alice, code):
    _, client = puzzlebot
    said = SAID[code]
    menu = await ask(client, alice, "/help", language_code=code)
    assert menu["text"].startswith(said["menu"])
    assert list(buttons(menu)) == said["topics"]
    page = await press(client, alice, menu, said["topics"][0])
    assert page["text"].startswith(said["puzzles"]) and "/seki Seki" in page["text"]
    back = await press(client, alice, page, said["back"])
    assert back["text"] == menu["text"]
    groups = await ask(client, alice, "/help groups", language_code=code)
    assert groups["text"].startswith(said["groups"])


@pytest.mark.parametrize("code", ["de", "es"])
async def test_errors_and_usages(puzzlebot, alice, code):
    _, client = puzzlebot
    said = SAID[code]
    for command, key in (("/nosuch", "unknown"), ("/check", "check"), ("/cancel", "cancel"),
                         ("/example", "usage")):
        reply = await ask(client, alice, command, language_code=code)
        assert reply["text"].startswith(said[key]), (command, reply["text"])


def not_translated_yet() -> list[str]:
    """The kinds' own texts the bot shows (summaries, solution forms) that their kind
    does not translate yet (a plain class attribute, not `solvers.i18n.Translated`): the
    kind's business, not the bot's; each is checked as soon as its kind translates it."""
    texts = [text for kind in registry.KINDS for name in ("summary", "solution_form")
             if isinstance(text := inspect.getattr_static(kind, name), str) and text]
    return texts + [text.replace("`", "") for text in texts]  # as /help puzzles lists them


def names() -> list[str]:
    """The words a reply may carry untranslated: the kinds' names and titles, the
    commands' names; and the quiz's help (bot/games/quiz/rules.py, translated there)."""
    kinds = [word for kind in registry.KINDS for word in (kind.name, kind.title)]
    menu = bot_commands(command_table())
    return [*kinds, *(f"/{command.command}" for command in menu), quiz.HELP,
            "PuzzleBot"]


async def test_every_word_passes_through_gettext(puzzlebot, alice):
    _, client = puzzlebot
    code = pseudo_language().replace("_", "-")
    replies = []
    welcome = await ask(client, alice, "/start", language_code=code)
    replies.append(welcome["text"])
    replies += list(buttons(welcome))
    menu = await ask(client, alice, "/help", language_code=code)
    replies += [menu["text"], *buttons(menu)]
    for label in list(buttons(menu)):
        page = await press(client, alice, menu, label)
        replies += [page["text"], *buttons(page)]
        menu = await press(client, alice, page, next(iter(buttons(page))))
    for command in ("/nosuch", "/check", "/cancel", "/example", "/start nosuchpayload"):
        replies.append((await ask(client, alice, command, language_code=code))["text"])
    left = {text[:60]: untranslated(text, *names(), *not_translated_yet()) for text in replies}
    assert {start: words for start, words in left.items() if words} == {}


async def test_a_long_counts_later_texts_speak_the_askers_language(tmp_path, alice):
    """The count goes on after the update that asked for it: its caption edits and its
    final line are made later, in the asker's language all the same."""
    config = bot_config(tmp_path, rate_burst=100, count_timeout=5.0)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        first = await ask(client, alice, "queens 14", sent_as="photo", timeout=120,
                          language_code="de")
        assert "(zählt noch, " in first["caption"]
        said = await reply_with(client, alice, first["message_id"], "(an der Zeitgrenze",
                                120)
        assert said["text"].startswith("Queens: mindestens "), said["text"]
        final = await now(client, alice, first["message_id"])
        assert "(an der Zeitgrenze angehalten, " in final["caption"]
