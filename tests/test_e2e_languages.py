"""End to end in German and Spanish through the sandbox: anagrams from the user's
language, /language in private and in groups (lasting across a restart, in both stores),
German replies and menus, a German quiz round, and the pseudo-language check."""

from __future__ import annotations

import pytest
from botchat import ask, bot_config, reply_with, store_settings
from i18n_check import pseudo_language, untranslated

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers.anagram import lexicon

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture
def puzzlebot(shared_puzzlebot):
    return shared_puzzlebot


def answers_of(caption: str) -> list[str]:
    """The ranked answers of an anagram caption ("1. palme" lines)."""
    return [line.split(". ", 1)[1] for line in caption.splitlines()[1:]
            if line[:1].isdigit() and ". " in line]


def buttons(message: dict) -> dict[str, str]:
    """A message's buttons: label -> callback data."""
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return {b["text"]: b.get("callback_data", "") for row in rows for b in row}


async def choose(client: SandboxClient, chat: int, user: int, label: str, **extra) -> dict:
    """Send /language and press the button `label`; the callback's answer."""
    menu = await ask(client, chat, "/language", user=user, **extra)
    sent = await client.press(chat, user, menu["message_id"], buttons(menu)[label])
    return await client.callback_answer(sent["callback_query_id"])


async def test_a_german_user_gets_german_anagrams(puzzlebot, alice):
    _, client = puzzlebot
    photo = await ask(client, alice, "anagram lampe", sent_as="photo", language_code="de")
    assert "palme" in answers_of(photo["caption"])[:3], photo["caption"]
    english = await ask(client, alice, "anagram lampe lang=en", sent_as="photo")
    assert "palme" not in answers_of(english["caption"])


async def test_a_spanish_user_gets_spanish_anagrams(puzzlebot, alice):
    _, client = puzzlebot
    photo = await ask(client, alice, "/anagram amor", sent_as="photo", language_code="es-ES")
    assert {"ramo", "roma"} & set(answers_of(photo["caption"])[:3])


async def test_german_replies_errors_and_settings(puzzlebot, alice):
    _, client = puzzlebot
    hello = await ask(client, alice, "hallo", language_code="de")
    assert hello["text"].startswith("Hallo! Ich löse Rätsel")
    wrong = await ask(client, alice, "привет мир как дела", language_code="de")
    assert wrong["text"].startswith("Das sieht nicht nach einem Rätsel aus")
    menu = await ask(client, alice, "/settings", language_code="de")
    assert menu["text"].startswith("Einstellungen: wie ich deine Rätsel beantworte")
    assert "💡 Erst Hinweise: aus" in buttons(menu) and "✓ Deutsch" in buttons(menu)
    sent = await client.press(alice, alice, menu["message_id"], buttons(menu)["Español"])
    answer = await client.callback_answer(sent["callback_query_id"])
    assert answer["text"] == "A partir de ahora hablo español aquí."
    again = await ask(client, alice, "/settings", language_code="de")  # the choice wins
    assert again["text"].startswith("Ajustes") and "✓ Español" in buttons(again)


async def test_a_german_hint_uses_the_german_lexicon(puzzlebot, alice):
    _, client = puzzlebot
    hint = await ask(client, alice, "/hint lampe", language_code="de")
    assert hint["text"].startswith("Hinweis 1 von 6: ")
    sent = await client.press(alice, alice, hint["message_id"], buttons(hint)["Lösung zeigen"])
    await client.callback_answer(sent["callback_query_id"])
    shown = await client.wait_for(alice, after=hint["message_id"])
    body = (shown.get("text") or shown.get("caption") or "").lower()
    assert "ampel" in body or "palme" in body


async def test_only_a_groups_admin_sets_its_language(puzzlebot, alice, bob, group):
    _, client = puzzlebot
    await client.send(group, "hi", user_id=alice)  # alice made the group: its creator
    refused = await choose(client, group, bob, "Deutsch")
    assert refused["text"] == "Only an administrator of this group may choose its language."
    done = await choose(client, group, alice, "Deutsch")
    assert done["text"] == "Ab jetzt spreche ich hier Deutsch."
    menu = await ask(client, group, "/language", user=bob, language_code="es")
    assert menu["text"].startswith("Welche Sprache soll ich in dieser Gruppe sprechen?")


async def test_every_text_of_the_menus_passes_through_gettext(puzzlebot, alice):
    _, client = puzzlebot
    code = pseudo_language().replace("_", "-")
    for command in ("/settings", "/language", "hello", "thanks"):
        reply = await ask(client, alice, command, language_code=code)
        assert untranslated(reply["text"]) == [], command
        for label in buttons(reply):
            assert untranslated(label, "English", "Deutsch", "Español") == [], label


async def test_a_german_quiz_round(puzzlebot, alice, group):
    bot, client = puzzlebot
    started = await ask(client, group, "/quiz lang=de rounds=1 seconds=60 difficulty=easy",
                        user=alice, sent_as="photo", timeout=60)
    rows = await bot.application.bot_data.services.store.read(
        "SELECT r.letters, r.answer FROM game_rounds r JOIN games g ON g.id = r.game_id "
        "WHERE g.chat_id = ? ORDER BY r.game_id DESC LIMIT 1", (group,))
    letters, answer = rows[0]
    assert lexicon.load("de").lookup(answer) is not None
    assert sorted(letters.lower()) == sorted(lexicon.letters_of(answer))
    await client.send(group, answer, user_id=alice)
    won = await reply_with(client, group, started["message_id"], "✅")
    assert answer.upper() in won["text"]


async def test_a_language_chosen_outlasts_a_restart(tmp_path, store_location, alice, group):
    config = bot_config(tmp_path, **store_settings(store_location))
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await client.send(group, "hi", user_id=alice)
        assert (await choose(client, alice, alice, "Deutsch"))["text"].startswith("Ab jetzt")
        assert (await choose(client, group, alice, "Español"))["text"].startswith("A partir")
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        hello = await ask(client, alice, "hi")  # the app in English: the choice wins
        assert hello["text"].startswith("Hallo!")
        menu = await ask(client, group, "/language", user=alice, language_code="de")
        assert menu["text"].startswith("¿Qué idioma hablo en este grupo?")
