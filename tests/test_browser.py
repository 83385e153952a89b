"""The sandbox's web page in headless Chromium (Debian's /usr/bin/chromium via playwright).

Skipped only when Chromium (or playwright) is missing and CI is unset; under CI it fails.
Never runs `playwright install`: the browser is the system's.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.browser


def _require_browser():
    missing = None
    if not CHROMIUM.exists():
        missing = f"{CHROMIUM} is missing (apt-get install chromium)"
    else:
        try:
            import playwright.async_api  # noqa: F401
        except ImportError:
            missing = "the playwright package is missing (pip install playwright)"
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"browser test under CI: {missing}")
        pytest.skip(missing)


@pytest.fixture
async def browser_page():
    """A fresh page in headless Chromium; console errors are collected in page.errors."""
    _require_browser()
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                           args=CHROMIUM_ARGS)
        try:
            context = await browser.new_context(viewport={"width": 420, "height": 780})
            page = await context.new_page()
            page.errors = []
            page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
            page.on("pageerror", lambda e: page.errors.append(str(e)))
            yield page
        finally:
            await browser.close()


async def test_private_chat_echo_photo(sandbox, echo_app, browser_page):
    page = browser_page
    await page.goto(f"{sandbox.url}/?chat=private&user=alice")
    await page.wait_for_selector("body[data-ready='true']")
    composer = page.get_by_test_id("composer")
    await composer.fill("")
    await composer.type("#echo 2x2")
    await composer.press("Shift+Enter")  # a new line, not a send
    await composer.type("1 2")
    assert await composer.input_value() == "#echo 2x2\n1 2"
    await composer.press("Enter")
    assert await composer.input_value() == ""

    mine = page.locator("[data-testid=message][data-from=user]")
    await mine.first.wait_for()
    assert await mine.first.get_by_test_id("message-text").inner_text() == "#echo 2x2\n1 2"

    photo = page.locator("[data-testid=message][data-from=bot] img[data-testid=message-photo]")
    await photo.first.wait_for(timeout=15000)
    await page.wait_for_function(
        "document.querySelector('img[data-testid=message-photo]').naturalWidth > 0",
        timeout=15000)
    width = await photo.first.evaluate("img => img.naturalWidth")
    assert width > 100
    echoed = page.locator("[data-testid=message][data-from=bot][data-sent-as=text] pre")
    assert await echoed.first.inner_text() == "#echo 2x2\n1 2"  # <pre> rendered monospace

    # an inline keyboard button posts a callback; the edit replaces the bubble in place
    await composer.type("/start")
    await composer.press("Enter")
    count = page.locator("[data-testid=kb-button]", has_text="Count 0")
    await count.wait_for(timeout=10000)
    await count.click()
    await page.locator("[data-testid=kb-button]", has_text="Count 1").wait_for(timeout=10000)
    assert await page.locator("[data-testid=message][data-edited=true]").count() == 1

    # inline mode: "@PuzzleBot query" lists the bot's results; a click sends one via the bot
    await composer.type("@PuzzleBot seven")
    result = page.get_by_test_id("inline-result")
    await result.wait_for(timeout=10000)
    assert await result.inner_text() == "Echo: seven"
    await result.click()
    via = page.locator("[data-testid=message][data-from=user] .via")
    await via.wait_for(timeout=10000)
    assert await via.inner_text() == "via @PuzzleBot"
    assert await composer.input_value() == ""
    assert page.errors == []


async def test_group_chat_formatting_files_and_edits(sandbox, tg_bot, browser_page):
    from sandbox.echo import spinner_gif

    page = browser_page
    await page.goto(f"{sandbox.url}/?chat=group&user=bob")
    await page.wait_for_selector("body[data-ready='true']")
    assert await page.get_by_test_id("user-select").input_value() == "102"
    await page.get_by_test_id("composer").type("who is here?")
    await page.get_by_test_id("send").click()
    mine = page.locator("[data-testid=message][data-from=user]")
    await mine.first.wait_for()
    assert (await mine.first.locator(".sender").inner_text()) == "Bob"

    group = -100200300
    text = await tg_bot.send_message(
        group, "<b>Bold</b> &lt;script&gt;alert(1)&lt;/script&gt;\n<pre>1 2\n3 4</pre>",
        parse_mode="HTML")
    await tg_bot.send_document(group, b"report", filename="report.txt")
    await tg_bot.send_animation(group, spinner_gif(), filename="spin.gif")
    bubble = page.locator(f"[data-message-id='{text.message_id}']")
    await bubble.wait_for()
    assert await bubble.locator("b").inner_text() == "Bold"
    assert await bubble.locator("pre").inner_text() == "1 2\n3 4"
    assert "<script>alert(1)</script>" in await bubble.get_by_test_id("message-text").inner_text()
    assert await page.locator("script").count() == 1  # only app.js: nothing was injected
    link = page.get_by_test_id("message-document")
    await link.wait_for()
    assert await link.get_attribute("download") == "report.txt"
    gif = page.get_by_test_id("message-animation")
    await gif.wait_for()
    await page.wait_for_function(
        "document.querySelector('img[data-testid=message-animation]').naturalWidth === 64")

    await text.edit_text("solved")
    await page.locator(f"[data-message-id='{text.message_id}'][data-edited=true]").wait_for()
    assert await page.locator(f"[data-message-id='{text.message_id}'] .text").inner_text() \
        == "solved"
    await text.delete()
    await page.locator(f"[data-message-id='{text.message_id}']").wait_for(state="detached")
    assert page.errors == []


async def test_seki_typed_in_the_page_comes_back_as_a_picture(tmp_path, browser_page):
    """The real bot: a person types the seed's Seki in the web page and sees the answer."""
    from botchat import bot_config

    from bot.__main__ import running_in_sandbox

    config = bot_config(tmp_path, workers=1)
    async with running_in_sandbox(config) as bot:
        page = browser_page
        await page.goto(f"{bot.url}/?chat=private&user=alice")
        await page.wait_for_selector("body[data-ready='true']")
        composer = page.get_by_test_id("composer")
        await composer.type("#seki sk_6018.txt")
        await composer.press("Shift+Enter")
        await composer.type("oo+ooaoo-")
        await composer.press("Enter")
        photo = page.locator("[data-testid=message][data-from=bot] img[data-testid=message-photo]")
        await photo.first.wait_for(timeout=20000)
        await page.wait_for_function(
            "document.querySelector('img[data-testid=message-photo]').naturalWidth > 0",
            timeout=15000)
        assert await photo.first.evaluate("img => img.naturalWidth") >= 400
        bubble = page.locator("[data-testid=message][data-from=bot][data-sent-as=photo]")
        caption = await bubble.first.inner_text()
        assert "Checked: all 9 rules hold." in caption and "1010" in caption
        report = page.locator("[data-testid=message][data-from=bot][data-sent-as=text] "
                               "[data-testid=expandable-quote]")
        await report.first.wait_for(timeout=10000)
        assert "RotorGroup 8 ch=-" in await report.first.text_content()
        await page.screenshot(path=str(tmp_path / "seki-chat.png"))
        assert page.errors == []


async def test_a_txt_file_attached_in_the_page_comes_back_as_a_picture(tmp_path, browser_page):
    """The attach button sends the chosen file as a document (the message box's text is its
    caption); the page shows it as a file bubble and the bot answers with the picture."""
    from botchat import bot_config

    from bot.__main__ import running_in_sandbox

    puzzle = tmp_path / "inkala.txt"
    puzzle.write_text((Path(__file__).resolve().parent.parent / "puzzles" / "sudoku_inkala.txt")
                      .read_text().split("\n", 1)[1])  # no #sudoku header: the caption names it
    config = bot_config(tmp_path, workers=1)
    async with running_in_sandbox(config) as bot:
        page = browser_page
        await page.goto(f"{bot.url}/?chat=private&user=alice")
        await page.wait_for_selector("body[data-ready='true']")
        assert await page.get_by_test_id("attach").is_visible()
        await page.get_by_test_id("composer").fill("sudoku")
        await page.get_by_test_id("attach-input").set_input_files(str(puzzle))
        mine = page.locator("[data-testid=message][data-from=user][data-sent-as=document]")
        await mine.wait_for(timeout=10000)
        assert await mine.locator(".doc-name").inner_text() == "inkala.txt"
        assert await mine.locator(".doc-size").inner_text() == f"{puzzle.stat().st_size} B"
        assert await mine.get_by_test_id("message-text").inner_text() == "sudoku"
        assert await page.get_by_test_id("composer").input_value() == ""
        photo = page.locator("[data-testid=message][data-from=bot] img[data-testid=message-photo]")
        await photo.first.wait_for(timeout=20000)
        await page.wait_for_function(
            "document.querySelector('img[data-testid=message-photo]').naturalWidth > 0",
            timeout=15000)
        caption = await page.locator(
            "[data-testid=message][data-from=bot][data-sent-as=photo]").first.inner_text()
        assert "Solutions: exactly 1" in caption
        await page.screenshot(path=str(tmp_path / "sudoku-file.png"))
        assert page.errors == []


PHONE = {"width": 412, "height": 860}
ALICE = 101
SEKI_ROWS = ["1010", "0100", "1011", "0101"]
#: the header line of /example seki's puzzle (puzzles/sk_6018.txt)
SEKI_HEADER = (Path(__file__).resolve().parent.parent / "puzzles" / "sk_6018.txt") \
    .read_text().splitlines()[0]


async def open_private_chat(page, url: str) -> None:
    await page.set_viewport_size(PHONE)
    await page.goto(f"{url}/?chat=private&user=alice")
    await page.wait_for_selector("body[data-ready='true']")


def bot_bubbles(page, sent_as: str):
    return page.locator(f"[data-testid=message][data-from=bot][data-sent-as={sent_as}]")


async def fits(locator) -> bool:
    """Nothing in it needs a sideways scroll: its content is as wide as its box."""
    return await locator.evaluate("el => el.scrollWidth <= el.clientWidth")


async def green_pixels(locator) -> int:
    """How many pixels of the element's picture are clearly green (a colour ✅)."""
    import io

    from PIL import Image

    with Image.open(io.BytesIO(await locator.screenshot())) as shot:
        data = shot.convert("RGB").tobytes()
    pixels = zip(data[0::3], data[1::3], data[2::3], strict=True)
    return sum(1 for r, g, b in pixels if g - r > 40 and g - b > 60)


async def test_reply_and_forward_on_a_phone_with_the_real_bot(tmp_path, browser_page):
    """At 412 px: /example's puzzle forwarded back is solved, its Seki report fits the
    screen without a sideways scroll, and /check as a reply to the puzzle is judged."""
    from botchat import bot_config

    from bot.__main__ import running_in_sandbox
    from sandbox.client import SandboxClient

    async with running_in_sandbox(bot_config(tmp_path, workers=1)) as bot:
        page = browser_page
        await open_private_chat(page, bot.url)
        composer = page.get_by_test_id("composer")
        await composer.type("/example seki")
        await composer.press("Enter")
        example = bot_bubbles(page, "text").filter(has_text=SEKI_HEADER)
        await example.wait_for(timeout=60000)

        # forward: the message's menu lists the chats; the update carries forward_origin
        await example.get_by_test_id("message-text").click()
        targets = page.get_by_test_id("menu-forward")
        assert await targets.all_inner_texts() == ["Forward to PuzzleBot (private)",
                                                   "Forward to Puzzle Club"]
        await targets.first.click()
        forwarded = page.locator("[data-testid=message][data-from=user]",
                                 has=page.get_by_test_id("forwarded"))
        await forwarded.wait_for(timeout=60000)
        assert await forwarded.get_by_test_id("forwarded").inner_text() \
            == "Forwarded from PuzzleBot"
        solved = bot_bubbles(page, "photo").filter(has_text="Checked: all")
        await solved.wait_for(timeout=60000)
        report = bot_bubbles(page, "text").get_by_test_id("expandable-quote").filter(
            has_text="RotorGroup 8")
        await report.wait_for(timeout=60000)
        await report.click()  # unfolded

        # the report wraps inside its bubble: no sideways scroll anywhere at phone width
        assert await fits(report)
        assert await fits(page.get_by_test_id("messages"))
        assert await page.evaluate(
            "document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        # each line of the report is its own block (a wrapped line goes on indented)
        lines = await report.evaluate("pre => [...pre.children].map(line => line.textContent)")
        async with SandboxClient(bot.url) as client:
            sent = (await client.messages(ALICE))["messages"]
        (text,) = [m["text"] for m in sent if "\nRotorGroup 0" in m.get("text", "")]
        assert "\n".join(lines) == text.split("\n", 1)[1]  # the quote: all but the verdict
        indent = await report.evaluate("pre => getComputedStyle(pre.children[0]).textIndent")
        assert indent.startswith("-")

        # reply: the reply bar names the message; the bot reads the puzzle from the reply
        await example.get_by_test_id("message-text").click()
        await page.get_by_test_id("menu-reply").click()
        assert await page.get_by_test_id("reply-to").inner_text() \
            == f"Reply to PuzzleBot: {SEKI_HEADER}"
        await composer.type("/check")
        for row in SEKI_ROWS:
            await composer.press("Shift+Enter")
            await composer.type(row)
        await composer.press("Enter")
        mine = page.locator("[data-testid=message][data-from=user]", has_text="/check")
        await mine.wait_for(timeout=60000)
        assert await mine.get_by_test_id("quote").inner_text() \
            == f"PuzzleBot: {SEKI_HEADER}"
        assert await page.get_by_test_id("reply-bar").is_hidden()
        verdict = bot_bubbles(page, "photo").filter(has_text="Your solution is right")
        await verdict.wait_for(timeout=60000)
        assert "✅ Your solution is right." in await verdict.inner_text()
        # the emoji is drawn in colour (fonts-noto-color-emoji), not as an empty box
        assert await green_pixels(verdict.get_by_test_id("message-text")) >= 30
        await page.screenshot(path=str(tmp_path / "reply-forward.png"))
        assert page.errors == []


async def test_commands_click_and_hint_buttons_fit_on_a_phone(tmp_path, browser_page):
    """A /command in the bot's message sends itself; hint buttons show their whole labels
    at 412 px, and a step answered loses its buttons (editMessageReplyMarkup)."""
    from botchat import bot_config

    from bot.__main__ import running_in_sandbox

    async with running_in_sandbox(bot_config(tmp_path, workers=1)) as bot:
        page = browser_page
        await open_private_chat(page, bot.url)
        composer = page.get_by_test_id("composer")
        await composer.type("/help puzzles")
        await composer.press("Enter")
        welcome = bot_bubbles(page, "text").filter(has_text="Puzzles I know")
        await welcome.wait_for(timeout=60000)
        await welcome.locator(".e-bot_command", has_text="/example").first.click()
        sent = page.locator("[data-testid=message][data-from=user]", has_text="/example")
        await sent.wait_for(timeout=60000)
        assert await sent.get_by_test_id("message-text").inner_text() == "/example"
        await bot_bubbles(page, "text").filter(has_text="Pick a family").wait_for(
            timeout=60000)

        await composer.type("/hint dormitory")
        await composer.press("Enter")
        first = bot_bubbles(page, "text").filter(has_text="Hint 1 of 6")
        await first.wait_for(timeout=60000)
        buttons = first.get_by_test_id("kb-button")
        assert await buttons.all_inner_texts() == ["Another hint", "Show answer"]
        for index in range(2):
            assert await fits(buttons.nth(index))
        assert await fits(first)
        await buttons.first.click()
        await bot_bubbles(page, "text").filter(has_text="Hint 2 of 6").wait_for(timeout=60000)
        await first.get_by_test_id("inline-keyboard").wait_for(state="detached", timeout=60000)
        assert not (await first.locator(".meta").inner_text()).startswith("edited")
        second = bot_bubbles(page, "text").filter(has_text="Hint 2 of 6")
        assert await second.get_by_test_id("kb-button").count() == 2
        assert page.errors == []


async def test_an_anagram_answer_pages_with_more_on_a_phone(tmp_path, browser_page):
    """At 412 px: an anagram answer shows ten answers and a More button that fits; a press
    puts answers 11 to 20 in the same bubble (editMessageCaption), with a Back button."""
    from botchat import bot_config

    from bot.__main__ import running_in_sandbox

    async with running_in_sandbox(bot_config(tmp_path, workers=1)) as bot:
        page = browser_page
        await open_private_chat(page, bot.url)
        composer = page.get_by_test_id("composer")
        await composer.type("anagram dormitory")
        await composer.press("Enter")
        answer = bot_bubbles(page, "photo").filter(has_text="Anagrams of DORMITORY")
        await answer.wait_for(timeout=120000)
        await page.wait_for_function(
            "document.querySelector('img[data-testid=message-photo]').naturalWidth > 0",
            timeout=15000)
        button = answer.get_by_test_id("kb-button")
        assert await button.all_inner_texts() == ["More ›"]
        assert await fits(button) and await fits(answer)
        assert "answers 1-10 of 20" in await answer.inner_text()
        await answer.scroll_into_view_if_needed()
        await page.screenshot(path=str(tmp_path / "anagram-more.png"))
        await button.click()
        await answer.filter(has_text="answers 11-20 of 20").wait_for(timeout=30000)
        assert await answer.get_by_test_id("kb-button").all_inner_texts() == ["‹ Back"]
        assert await fits(answer)
        await page.screenshot(path=str(tmp_path / "anagram-more-pressed.png"))
        assert page.errors == []


@pytest.mark.parametrize("puzzle", ["sudoku_inkala.txt", "nw_003.txt"])
async def test_an_answer_fits_a_phone_with_its_report_folded(tmp_path, browser_page, puzzle):
    """At 412 px: the caption and the report's verdict show, the report's rules are
    folded to three lines until tapped, then shown whole (screenshots in tmp_path)."""
    from botchat import bot_config

    from bot.__main__ import running_in_sandbox

    text = (Path(__file__).resolve().parent.parent / "puzzles" / puzzle).read_text()
    async with running_in_sandbox(bot_config(tmp_path, workers=1)) as bot:
        page = browser_page
        await page.set_viewport_size({"width": 412, "height": 915})
        await page.goto(f"{bot.url}/?chat=private&user=alice")
        await page.wait_for_selector("body[data-ready='true']")
        composer = page.get_by_test_id("composer")
        await composer.fill(text.strip())
        await composer.press("Enter")
        quote = bot_bubbles(page, "text").locator("[data-testid=expandable-quote]")
        await quote.first.wait_for(timeout=30000)
        await page.wait_for_function(
            "[...document.querySelectorAll('img[data-testid=message-photo]')]"
            ".every(img => img.naturalWidth > 0)", timeout=15000)
        report = bot_bubbles(page, "text").last
        assert (await report.inner_text()).startswith("Check report: all ")
        folded = (await quote.first.bounding_box())["height"]
        await report.scroll_into_view_if_needed()
        await page.screenshot(path=str(tmp_path / f"{puzzle}-folded.png"))
        assert await quote.first.get_attribute("aria-expanded") == "false"
        await quote.first.click()
        assert await quote.first.get_attribute("aria-expanded") == "true"
        assert (await quote.first.bounding_box())["height"] > 3 * folded
        await page.screenshot(path=str(tmp_path / f"{puzzle}-open.png"))
        assert await fits(page.locator("#messages")) and page.errors == []


async def test_a_spoiler_photo_is_blurred_until_clicked_and_a_start_link_opens(
        sandbox, tg_bot, browser_page):
    """A photo sent with has_spoiler is blurred in the page until clicked, as Telegram
    shows it; a t.me/<bot>?start=X button sends /start X from the user (issue 29)."""
    from telegram import InlineKeyboardButton, InlineKeyboardMarkup

    from sandbox.echo import spinner_gif

    page = browser_page
    await page.goto(f"{sandbox.url}/?chat=private&user=alice")
    await page.wait_for_selector("body[data-ready='true']")
    alice = 101
    photo = await tg_bot.send_photo(alice, spinner_gif(), has_spoiler=True,
                                    caption="hidden", reply_markup=InlineKeyboardMarkup([[
                                        InlineKeyboardButton(
                                            "Share", url="https://t.me/PuzzleBot?start=pX1")]]))
    bubble = page.locator(f"[data-message-id='{photo.message_id}']")
    spoiler = bubble.get_by_test_id("media-spoiler")
    await spoiler.wait_for()
    image = spoiler.locator("img")
    assert "blur" in await image.evaluate("img => getComputedStyle(img).filter")
    await spoiler.click()
    assert await spoiler.get_attribute("data-revealed") == "true"
    assert await image.evaluate("img => getComputedStyle(img).filter") == "none"
    assert len(page.context.pages) == 1  # the first click reveals, it opens nothing

    await bubble.get_by_test_id("kb-button").click()
    sent = page.locator("[data-testid=message][data-from=user]", has_text="/start pX1")
    await sent.wait_for()
    assert page.errors == []


async def test_a_forward_keeps_share_t_me_texts_link_and_an_open_quote_opens_the_menu(
        sandbox, tg_bot, browser_page):
    """Issue 39 point 10, as Telegram does: a forwarded answer keeps its Share button (not
    the buttons that call the bot back); a t.me link in a text opens the bot's chat with
    /start; a folded quote unfolds at a tap, a tap on the open quote opens the message's
    menu (reply, forward) and a tap on its arrow folds it again."""
    from telegram import InlineKeyboardButton, InlineKeyboardMarkup

    page = browser_page
    await page.set_viewport_size({"width": 412, "height": 915})
    await page.goto(f"{sandbox.url}/?chat=private&user=alice")
    await page.wait_for_selector("body[data-ready='true']")
    alice = 101
    lines = "\n".join(f"line {n}: all rules hold" for n in range(1, 13))
    report = await tg_bot.send_message(
        alice, f"Check report:\n<blockquote expandable>{lines}</blockquote>\n"
               "Share it: t.me/PuzzleBot?start=pQ7.", parse_mode="HTML",
        reply_markup=InlineKeyboardMarkup([[
            InlineKeyboardButton("Hint", callback_data="hint"),
            InlineKeyboardButton("Share", url="https://t.me/PuzzleBot?start=pQ7")]]))
    bubble = page.locator(f"[data-message-id='{report.message_id}']")
    quote = bubble.get_by_test_id("expandable-quote")
    await quote.wait_for()
    menu = page.locator("#message-menu")
    folded = (await quote.bounding_box())["height"]

    await quote.click(position={"x": 30, "y": 10})  # folded: the tap unfolds it
    assert await quote.get_attribute("aria-expanded") == "true"
    assert await menu.is_hidden()
    assert (await quote.bounding_box())["height"] > 3 * folded
    await quote.click(position={"x": 30, "y": 10})  # open: a tap on the message
    assert await menu.is_visible()
    assert await page.get_by_test_id("menu-reply").is_visible()
    await page.keyboard.press("Escape")
    box = await quote.bounding_box()
    await quote.click(position={"x": box["width"] - 8, "y": box["height"] - 8})  # the arrow
    assert await quote.get_attribute("aria-expanded") == "false"
    assert await menu.is_hidden()

    # forwarded to the group: the Share button stays, the Hint button does not
    await quote.click(position={"x": 30, "y": 10})
    await quote.click(position={"x": 30, "y": 10})
    await page.get_by_test_id("menu-forward").filter(has_text="Puzzle Club").click()
    forwarded = page.locator("[data-testid=message][data-from=user]",
                             has=page.get_by_test_id("forwarded"))
    await forwarded.wait_for()
    assert await forwarded.get_by_test_id("kb-button").all_inner_texts() == ["Share"]
    assert await forwarded.get_by_test_id("expandable-quote").get_attribute(
        "aria-expanded") == "false"

    # the t.me text in the forward is a link; a tap opens the private chat with /start pQ7
    link = forwarded.locator("a.e-url")
    assert await link.inner_text() == "t.me/PuzzleBot?start=pQ7"
    assert await link.get_attribute("href") == "https://t.me/PuzzleBot?start=pQ7"
    await link.click()
    sent = page.locator("[data-testid=message][data-from=user]", has_text="/start pQ7")
    await sent.wait_for()
    assert len(page.context.pages) == 1 and page.errors == []
