"""End to end through the sandbox: the games in a group's language (issue 31).

A group whose admin chose German plays a quiz (the round, a right guess, the timed hints,
the ranking, /top and /stats in German); a Spanish group races (the post, the button's
toast, the group's announcements in Spanish, each player's /submit replies in their own
language, the race guard's refusal); a /hint ladder's buttons and toasts in German; and
the pseudo-language sweep: every word of these replies passed through gettext.
"""

from __future__ import annotations

import random

import pytest
from botchat import ask, climb, reply_with
from i18n_check import pseudo_language, untranslated

from bot.language import keep_choice
from sandbox.client import SandboxClient
from solvers import registry
from solvers.values import Limits

OPEN, CLOSE = "⟦", "⟧"
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture
def puzzlebot(shared_puzzlebot):
    return shared_puzzlebot


def buttons(message: dict) -> dict[str, str]:
    """A message's buttons: label -> callback data."""
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return {b["text"]: b.get("callback_data", "") for row in rows for b in row}


async def choose(client: SandboxClient, chat: int, user: int, label: str) -> dict:
    """/language in the chat and the button `label` pressed: the callback's answer."""
    menu = await ask(client, chat, "/language", user=user)
    sent = await client.press(chat, user, menu["message_id"], buttons(menu)[label])
    return await client.callback_answer(sent["callback_query_id"])


async def pressed(client: SandboxClient, chat: int, user: int, message: dict, data: str,
                  **extra) -> dict:
    """The toast a press of the button with `data` gets."""
    sent = await client.press(chat, user, message["message_id"], data, **extra)
    return await client.callback_answer(sent["callback_query_id"])


async def round_of(bot, chat: int) -> tuple[str, str]:
    """The letters and answer of the chat's latest quiz round."""
    rows = await bot.application.bot_data.services.store.read(
        "SELECT r.letters, r.answer FROM game_rounds r JOIN games g ON g.id = r.game_id "
        "WHERE g.chat_id = ? ORDER BY r.game_id DESC, r.number DESC LIMIT 1", (chat,))
    return rows[0]


def solution_of(kind_name: str, text: str) -> str:
    kind = registry.get(kind_name)
    puzzle = kind.parse(text)
    return kind.format_solution(puzzle, kind.solve(puzzle, Limits.within(20)).found[0])


def name(user: int) -> str:
    """The name each player is given in the sandbox."""
    return f"User {user}"


async def test_a_german_group_plays_a_quiz_round(puzzlebot, alice, group):
    bot, client = puzzlebot
    await client.send(group, "hi", user_id=alice, first_name=name(alice))  # its creator
    assert (await choose(client, group, alice, "Deutsch"))["text"].startswith("Ab jetzt")
    intro = await ask(client, group, "/quiz rounds=1 seconds=60 difficulty=easy", user=alice)
    assert intro["text"].startswith("Anagramm-Quiz #"), intro["text"]
    assert f"von {name(alice)}: 1 Runde zu 60 s, leicht." in intro["text"]
    posted = await client.wait_for(group, after=intro["message_id"], sent_as="photo",
                                   timeout=60)
    assert posted["caption"].startswith("Runde 1 von 1: ordne die Buchstaben\n")
    assert posted["caption"].endswith(" Buchstaben, 60 s)")
    letters, answer = await round_of(bot, group)
    await client.send(group, answer, user_id=alice)  # her app is English: the group wins
    won = await reply_with(client, group, posted["message_id"], "✅")
    assert won["text"].startswith(f"✅ {name(alice)} hat es in "), won["text"]
    assert answer.upper() in won["text"] and " Punkt" in won["text"]
    over = await reply_with(client, group, won["message_id"], "ist vorbei!")
    assert f"{name(alice)} hat gewonnen!" in over["text"]
    assert " Punkt" in over["text"] and "(1 Runde)" in over["text"]

    top = await ask(client, group, "/top", user=alice)
    assert "(beendet):" in top["text"] and "Insgesamt in diesem Chat:" in top["text"]
    week = await ask(client, group, "/top week", user=alice)
    assert week["text"].startswith("Diese Woche in diesem Chat (seit Mo, ")
    assert "Quiz:\n🥇 " in week["text"]
    stats = await ask(client, group, "/stats", user=alice)
    assert stats["text"].startswith(f"{name(alice)}, deine Bilanz in diesem Chat:\n")
    assert "Quiz: in 1 Spiel gepunktet, 1 gewonnen; 1 Runde gewonnen" in stats["text"]
    assert "Serie: 1 Tag in Folge (Rekord 1)." in stats["text"]


async def test_the_timed_texts_of_a_german_quiz(puzzlebot, bob):
    """The hints, the end of a round's time and the game's end come from the job queue,
    with no update to tell a language: they speak the group's."""
    _, client = puzzlebot
    group = -100200300 - bob
    await client.send(group, "hallo", user_id=bob, first_name=name(bob))
    await choose(client, group, bob, "Deutsch")
    intro = await ask(client, group, "/quiz rounds=1 seconds=3", user=bob)
    hint = await reply_with(client, group, intro["message_id"], "Hinweis 1 (noch ", timeout=60)
    up = await reply_with(client, group, hint["message_id"], "Die Zeit für Runde 1 ist um!")
    over = await reply_with(client, group, up["message_id"], "Quiz #")
    assert "ist vorbei!\nDiesmal hat niemand gepunktet" in over["text"], over["text"]


async def test_a_spanish_race(puzzlebot, alice, bob, group):
    _, client = puzzlebot
    await client.send(group, "hola", user_id=alice, first_name=name(alice))
    await client.send(group, "hola", user_id=bob, first_name=name(bob))
    assert (await choose(client, group, alice, "Español"))["text"].startswith("A partir")
    photo = await ask(client, group, "/race seki easy minutes=5", user=alice, sent_as="photo",
                      timeout=60)
    assert photo["caption"].startswith("🏁 Carrera #"), photo["caption"]
    assert f"La empezó {name(alice)}; quedan 5 min." in photo["caption"]
    assert ("Pulsa «Me apunto» para unirte: la carrera sigue hasta que todos los que se "
            "unieron hayan terminado (o se acabe el tiempo).") in photo["caption"]
    number = photo["caption"].split("#")[1].split(":")[0]
    puzzle = (await client.wait_for(group, after=photo["message_id"]))["text"]
    toast = await pressed(client, group, alice, photo, buttons(photo)["Me apunto"])
    assert toast["text"].startswith(f"Estás en la carrera #{number}. Envíame /submit")

    # each player's private replies in their own language, the group's in Spanish
    wrong = await ask(client, bob, f"/submit {number}\n0000\n0000\n0000\n0000",
                      language_code="de")
    assert wrong["text"].startswith(f"Noch nicht (Wettrennen #{number}):\n"), wrong["text"]
    refused = await ask(client, alice, puzzle, language_code="es")
    assert refused["text"].startswith(f"Ese es el acertijo de la carrera #{number}, o uno")
    right = await ask(client, alice, f"/submit {number}\n{solution_of('seki', puzzle)}",
                      language_code="es")
    assert right["text"].startswith("✅ ¡Correcto! ")
    assert f"Terminaste la carrera #{number} en 1.º lugar, en " in right["text"]
    seen = await reply_with(client, group, photo["message_id"], "🏁 ")
    assert seen["text"].startswith(f"🏁 {name(alice)} terminó la carrera #{number}: 1.º lugar")
    stopped = await ask(client, group, "/stop", user=alice)
    assert stopped["text"].startswith(f"La carrera #{number} ha terminado: terminada por ")
    assert f"¡Gana {name(alice)}!" in stopped["text"]


async def test_a_german_hint_ladder_on_a_sudoku(puzzlebot, alice, bob):
    _, client = puzzlebot
    text = registry.get("sudoku").generate(random.Random(31), "easy")
    ready = await ask(client, alice, f"/hint\n{text}", language_code="de", timeout=60)
    assert ready["text"].startswith("Sudoku: der nächste Schritt (Schritt 1) ist bereit.")
    assert list(buttons(ready)) == ["Wo suchen", "Diesen Schritt zeigen", "Lösung zeigen"]
    where = buttons(ready)["Wo suchen"]
    toast = await pressed(client, alice, bob, ready, where, language_code="de")
    assert toast["text"].startswith("Das sind die Hinweise von jemand anderem")
    stale = await pressed(client, alice, alice, ready, "gh:000000000000:where", forged=True)
    assert stale["text"].startswith("Diese Hinweise sind abgelaufen")
    rung = await climb(client, alice, ready, "Wo suchen")  # the offer edited in place
    assert rung["text"].startswith("Schritt 1: schau dir ")
    assert list(buttons(rung)) == ["Welche Technik", "Diesen Schritt zeigen", "Lösung zeigen"]


async def test_every_word_of_the_games_passes_through_gettext(puzzlebot, alice, bob):
    """The pseudo-language as a group's language (kept as /language keeps one) and as
    the players' apps' language. Texts a worker makes (a round's hints and answer, a
    check's verdict) are in English there: a worker process does not know the
    pseudo-language; they are formatted inside the bot's texts or checked apart."""
    bot, client = puzzlebot
    pseudo = pseudo_language()
    code = pseudo.replace("_", "-")
    group = -100300400 - alice
    players = (name(alice), name(bob), "User")
    bot_data = bot.application.bot_data
    await client.send(group, "hi", user_id=alice, language_code=code, first_name=name(alice))
    await client.send(group, "hi", user_id=bob, language_code=code, first_name=name(bob))
    await keep_choice(bot_data.services.store, bot_data, group, alice, pseudo)

    said = [await ask(client, group, "/quiz lang=en rounds=1 seconds=3", user=alice)]
    said.append(await client.wait_for(group, after=said[0]["message_id"], sent_as="photo",
                                      timeout=60))
    for part in ("Hint 1", "Hint 2", "Time's up", "Quiz #"):
        said.append(await reply_with(client, group, said[1]["message_id"] if part == "Hint 1"
                                     else said[-1]["message_id"], part, timeout=60))
    up = said[4]["text"]
    said[4] = {"text": up[:up.rindex(CLOSE) + 1]}  # then the answer, from the worker
    for command in ("/top", "/top week", "/stats", "/top year"):
        said.append(await ask(client, group, command, user=alice))
    photo = await ask(client, group, "/race seki easy minutes=5", user=alice, sent_as="photo",
                      timeout=60)
    number = photo["caption"].split("#")[1].split(":")[0]
    puzzle = (await client.wait_for(group, after=photo["message_id"]))["text"]
    said.append({"text": photo["caption"]})
    toast = await pressed(client, group, bob, photo, buttons(photo)[f"{OPEN}I'm in{CLOSE}"])
    said.append(toast)
    wrong = await ask(client, bob, f"/submit {number}\n0000", language_code=code)
    said.append({"text": wrong["text"].split("\n")[0]})  # then the worker's verdict
    said.append(await ask(client, alice, puzzle, language_code=code))
    right = await ask(client, alice, f"/submit {number}\n{solution_of('seki', puzzle)}",
                      language_code=code)
    said.append(right)
    said.append(await reply_with(client, group, photo["message_id"], "🏁"))
    said.append(await ask(client, group, "/stop", user=alice))
    ladder = await ask(client, bob, "/hint\n" + registry.get("sudoku").generate(
        random.Random(7), "easy"), language_code=code, timeout=60)
    said.append(ladder)
    said.append(await pressed(client, bob, alice, ladder, next(iter(buttons(ladder).values())),
                              language_code=code))
    for message in said:
        text = message.get("text") or message.get("caption") or ""
        assert untranslated(text, *players, "Seki", "Sudoku", "seki", "sudoku") == [], text
    for label, data in (buttons(photo) | buttons(ladder)).items():
        if data:  # the race's Share link is bot/share.py's
            assert untranslated(label) == [], label
