"""A tiny echo bot for trying the sandbox by hand and for its own tests (no puzzle logic).

- text: answered with the text in <pre> and a PNG picture of it
- /start: a greeting with an inline keyboard (Ping answers a callback, Count edits the message)
- /doc: the last text as a document; /gif: a small animation
- inline queries: one article echoing the query
"""

from __future__ import annotations

import html
import io
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from telegram import (
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
    Update,
)
from telegram.constants import ChatAction, ParseMode
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSansMono.ttf"


def text_picture(text: str) -> bytes:
    """A PNG with the text in a monospace font, dark on light, like a puzzle grid."""
    font: ImageFont.FreeTypeFont | ImageFont.ImageFont
    try:
        font = ImageFont.truetype(str(FONT), 28)
    except OSError:
        font = ImageFont.load_default()
    lines = text.splitlines() or [" "]
    probe = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    width = max(int(probe.textlength(line, font=font)) for line in lines) + 48
    height = 36 * len(lines) + 40
    image = Image.new("RGB", (max(width, 160), height), "#fdf6e3")
    draw = ImageDraw.Draw(image)
    draw.rectangle([4, 4, image.width - 5, image.height - 5], outline="#268bd2", width=4)
    for row, line in enumerate(lines):
        draw.text((24, 20 + 36 * row), line, fill="#073642", font=font)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def spinner_gif() -> bytes:
    frames = []
    for step in range(8):
        frame = Image.new("P", (64, 64), 0)
        frame.putpalette([253, 246, 227, 38, 139, 210] + [0, 0, 0] * 254)
        draw = ImageDraw.Draw(frame)
        draw.pieslice([8, 8, 56, 56], step * 45, step * 45 + 90, fill=1)
        frames.append(frame)
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=125, loop=0)
    return out.getvalue()


def start_keyboard(count: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[
        InlineKeyboardButton("Ping", callback_data="ping"),
        InlineKeyboardButton(f"Count {count}", callback_data=f"count:{count}"),
    ]])


def message_of(update: Update) -> Message:
    """The update's message (its handler's filter passes only updates with one)."""
    message = update.effective_message
    assert message is not None
    return message


def text_of(update: Update) -> str:
    """The text of the update's message (the echo's filter passes only texts)."""
    text = message_of(update).text
    assert text is not None
    return text


def chat_data_of(context: ContextTypes.DEFAULT_TYPE) -> dict:
    """The chat's data (every update the echo handles has a chat)."""
    data = context.chat_data
    assert data is not None
    return data


def query_of(update: Update) -> CallbackQuery:
    """The update's button press (CallbackQueryHandler passes only those)."""
    query = update.callback_query
    assert query is not None
    return query


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await message_of(update).reply_text(
        "<b>Echo bot</b>: send any text and I answer with it and a picture of it.\n"
        "/doc sends it as a document, /gif sends an animation.",
        parse_mode=ParseMode.HTML,
        reply_markup=start_keyboard(0),
    )


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message, text = message_of(update), text_of(update)
    chat_data_of(context)["last"] = text
    await context.bot.send_chat_action(message.chat_id, ChatAction.UPLOAD_PHOTO)
    await message.reply_text(f"<pre>{html.escape(text)}</pre>", parse_mode=ParseMode.HTML)
    await message.reply_photo(text_picture(text), caption=f"{len(text)} chars")


async def document(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    text = chat_data_of(context).get("last", "nothing yet")
    await message_of(update).reply_document(text.encode(), filename="echo.txt",
                                            caption="the last text")


async def animation(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    await message_of(update).reply_animation(spinner_gif(), filename="spinner.gif",
                                             caption="a spinner")


async def button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = query_of(update)
    data = query.data or ""
    if data == "ping":
        await query.answer("pong")
    elif data.startswith("count:"):
        count = int(data.split(":")[1]) + 1
        await query.answer()
        await query.edit_message_reply_markup(start_keyboard(count))


async def inline(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    inline_query = update.inline_query
    assert inline_query is not None  # InlineQueryHandler passes only those
    text = inline_query.query or "echo"
    await inline_query.answer([
        InlineQueryResultArticle("echo", f"Echo: {text}", InputTextMessageContent(text)),
    ], cache_time=0)


def build_echo_app(url: str, token: str) -> Application:
    """An Application wired to a sandbox at `url` with the echo handlers."""
    app = (Application.builder().token(token).base_url(f"{url}/bot")
           .base_file_url(f"{url}/file/bot").build())
    app.add_handler(CommandHandler("start", start))
    app.add_handler(CommandHandler("doc", document))
    app.add_handler(CommandHandler("gif", animation))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    app.add_handler(CallbackQueryHandler(button))
    app.add_handler(InlineQueryHandler(inline))
    return app
