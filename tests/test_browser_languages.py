"""The sandbox's page in headless Chromium with the real bot: the person typing picks
German in the page's user menu and is answered in German."""

from __future__ import annotations

import pytest
from test_browser import browser_page  # noqa: F401 (the fixture)

pytestmark = pytest.mark.browser


async def test_a_user_who_picks_german_is_answered_in_german(puzzlebot, browser_page):  # noqa: F811
    bot, _ = puzzlebot
    page = browser_page
    await page.goto(f"{bot.url}/?chat=private&user=carol")
    await page.wait_for_selector("body[data-ready='true']")
    await page.get_by_test_id("language-select").select_option("de")
    composer = page.get_by_test_id("composer")
    await composer.type("/settings")
    await composer.press("Enter")
    reply = page.locator("[data-testid=message][data-from=bot]", has_text="Einstellungen")
    await reply.first.wait_for(timeout=20000)
    assert await page.locator("[data-testid=kb-button]", has_text="✓ Deutsch").count() == 1
    await composer.type("anagram lampe")
    await composer.press("Enter")
    caption = page.locator("[data-testid=message][data-from=bot]", has_text="palme")
    await caption.first.wait_for(timeout=30000)
    assert page.errors == []
