"""Solutions behind a spoiler (/settings, bot/settings.py): a caption or a line whose
figures are hidden until tapped, as Telegram's spoiler entity shows them. Answers, the
long counts' later captions and replies (bot/counts.py) and the More button's pages
(bot/pages.py) all hide them the same way."""

from __future__ import annotations

import html


def hidden(caption: str) -> str:
    """A caption as HTML with all but its first line (the verdict) in a spoiler."""
    head, _, rest = caption.partition("\n")
    if not rest.strip():
        return html.escape(head)
    return f"{html.escape(head)}\n<tg-spoiler>{html.escape(rest)}</tg-spoiler>"


def hidden_line(head: str, line: str) -> str:
    """`head: line` as HTML, the line in a spoiler (a count's final figure)."""
    return f"{html.escape(head)}: <tg-spoiler>{html.escape(line)}</tg-spoiler>"
