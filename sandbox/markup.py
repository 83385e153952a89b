"""Text formatting as Telegram does it: parse_mode HTML into plain text plus entities.

Telegram never stores markup: it parses the HTML the bot sends into plain text and a list of
MessageEntity objects (offsets and lengths in UTF-16 code units) and refuses what it cannot
parse with "Bad Request: can't parse entities: ...". The sandbox does the same, so a bot that
forgets to escape a '<' fails here exactly as it would on Telegram.

Also: the bot_command / url entities Telegram finds in a message's text, typed by a
(simulated) user or sent by the bot.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser


class EntityError(ValueError):
    """The text cannot be parsed with its parse_mode (Telegram answers 400)."""


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def lone_surrogate(value: object, where: str = "the body") -> str | None:
    """What is wrong when a JSON value holds a lone surrogate (JSON's "\\ud800" escape
    decodes to one): such a string is no Unicode text, has no UTF-8 or UTF-16 form, and
    Telegram refuses it; None when every string in `value` is text."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as error:
            return (f"{where} holds a lone surrogate (U+{ord(value[error.start]):04X} at "
                    f"character {error.start}), which is not Unicode text")
        return None
    if isinstance(value, dict):
        items = [(f"{where}.{key}" if where != "the body" else str(key), item)
                 for key, item in value.items()]
        items += [(where, key) for key in value]
    elif isinstance(value, list):
        items = [(f"{where}[{n}]", item) for n, item in enumerate(value)]
    else:
        return None
    return next((found for name, item in items
                 if (found := lone_surrogate(item, name)) is not None), None)


# tag -> entity type; Telegram's supported HTML subset
_SIMPLE_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
    "code": "code",
    "pre": "pre",
    "blockquote": "blockquote",
    "a": "text_link",
    "span": "spoiler",
    "tg-emoji": "custom_emoji",
}
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
#: entities that contain no other of them (Telegram's nesting rules; <pre><code> is one
#: entity, handled before this check)
_BLOCKS = {"pre", "code", "blockquote"}


class _TelegramHTML(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.parts: list[str] = []
        self.length = 0  # UTF-16 units emitted so far
        self.stack: list[tuple[str, dict]] = []
        self.entities: list[dict] = []

    def _emit(self, text: str) -> None:
        self.parts.append(text)
        self.length += utf16_len(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag not in _SIMPLE_TAGS:
            raise EntityError(f'Unsupported start tag "{tag}"')
        if tag == "span" and found.get("class") != "tg-spoiler":
            raise EntityError('Tag "span" must have class "tg-spoiler"')
        pre_code = tag == "code" and bool(self.stack) and self.stack[-1][0] == "pre"
        if tag in _BLOCKS and not pre_code and any(t in _BLOCKS for t, _ in self.stack):
            raise EntityError(f'Tag "{tag}" can\'t be inside a pre, code or blockquote')
        entity: dict = {"type": _SIMPLE_TAGS[tag], "offset": self.length}
        if tag == "a":
            href = found.get("href")
            if not href:
                raise EntityError('Tag "a" must have an attribute "href"')
            entity["url"] = href
        elif tag == "tg-emoji":
            entity["custom_emoji_id"] = found.get("emoji-id", "")
        elif pre_code:
            lang = (found.get("class") or "").removeprefix("language-")
            if lang:
                self.stack[-1][1]["language"] = lang
            entity = {}  # <pre><code> is one pre entity
        elif tag == "blockquote" and "expandable" in found:
            entity["type"] = "expandable_blockquote"
        self.stack.append((tag, entity))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        raise EntityError(f'Unsupported self-closing tag "{tag}"')

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1][0] != tag:
            raise EntityError(f'Unmatched end tag "{tag}"')
        _, entity = self.stack.pop()
        if entity:
            entity["length"] = self.length - entity["offset"]
            if entity["length"] > 0:
                self.entities.append(entity)

    def handle_data(self, data: str) -> None:
        if "<" in data:
            raise EntityError("Unescaped '<' in text: use &lt;")
        self._emit(data)

    def handle_entityref(self, name: str) -> None:
        if name not in _NAMED:
            raise EntityError(f'Unsupported HTML entity "&{name};"')
        self._emit(_NAMED[name])

    def handle_charref(self, name: str) -> None:
        code = int(name[1:], 16) if name[:1] in "xX" else int(name)
        self._emit(chr(code))

    def handle_comment(self, data: str) -> None:
        raise EntityError("Comments are not supported")

    def handle_decl(self, decl: str) -> None:
        raise EntityError("Declarations are not supported")

    def unknown_decl(self, data: str) -> None:
        raise EntityError("Declarations are not supported")

    def handle_pi(self, data: str) -> None:
        raise EntityError("Processing instructions are not supported")


def parse_html(source: str) -> tuple[str, list[dict]]:
    """Telegram's parse_mode=HTML: plain text and entities, or EntityError."""
    parser = _TelegramHTML()
    parser.feed(source)
    parser.close()
    if parser.rawdata:  # an unterminated tag such as "a <b" stays in the buffer
        raise EntityError("Unexpected end of text inside a tag: escape '<' as &lt;")
    if parser.stack:
        raise EntityError(f'Can\'t find end tag corresponding to start tag "{parser.stack[-1][0]}"')
    entities = sorted(parser.entities, key=lambda e: (e["offset"], -e["length"]))
    return "".join(parser.parts), entities


_MDV2_SPECIAL = "_*[]()~`>#+-=|{}.!"


def parse_markdown_v2(source: str) -> tuple[str, list[dict]]:
    """A small part of MarkdownV2: *bold*, _italic_, `code`, ```pre```, backslash escapes.

    Like Telegram, an unescaped reserved character is an error.
    """
    out: list[str] = []
    length = 0
    entities: list[dict] = []
    open_: dict[str, int] = {}
    i = 0
    while i < len(source):
        ch = source[i]
        if ch == "\\" and i + 1 < len(source):
            out.append(source[i + 1])
            length += utf16_len(source[i + 1])
            i += 2
            continue
        if source.startswith("```", i):
            end = source.find("```", i + 3)
            if end < 0:
                raise EntityError("Can't find end of Pre entity")
            body = source[i + 3 : end]
            lang, nl, rest = body.partition("\n")
            if nl and lang and " " not in lang:
                body = rest
            entities.append({"type": "pre", "offset": length, "length": utf16_len(body)})
            out.append(body)
            length += utf16_len(body)
            i = end + 3
            continue
        if ch == "`":
            end = source.find("`", i + 1)
            if end < 0:
                raise EntityError("Can't find end of Code entity")
            body = source[i + 1 : end]
            entities.append({"type": "code", "offset": length, "length": utf16_len(body)})
            out.append(body)
            length += utf16_len(body)
            i = end + 1
            continue
        if ch in "*_":
            entity_type = "bold" if ch == "*" else "italic"
            if ch in open_:
                start = open_.pop(ch)
                entities.append({"type": entity_type, "offset": start, "length": length - start})
            else:
                open_[ch] = length
            i += 1
            continue
        if ch in _MDV2_SPECIAL:
            raise EntityError(
                f"Character '{ch}' is reserved and must be escaped with the preceding '\\'"
            )
        out.append(ch)
        length += utf16_len(ch)
        i += 1
    if open_:
        raise EntityError("Can't find end of the entity starting at byte offset 0")
    entities.sort(key=lambda e: (e["offset"], -e["length"]))
    return "".join(out), entities


def parse(text: str, parse_mode: str | None) -> tuple[str, list[dict]]:
    mode = (parse_mode or "").lower()
    if mode == "html":
        return parse_html(text)
    if mode == "markdownv2":
        return parse_markdown_v2(text)
    if mode == "markdown":  # legacy Markdown: no reserved characters besides the markers
        return parse_markdown_v2(re.sub(r"([\[\]()~>#+\-=|{}.!])", r"\\\1", text))
    return text, []


_COMMAND_RE = re.compile(r"(?<![\w/])/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{3,32})?")
#: links Telegram finds in a text: with their scheme, and t.me links without one; a
#: sentence's punctuation after a link is not part of it
_URL_RE = re.compile(r"\b(?:https?://|(?:t|telegram)\.me/)[^\s<>\"]*[^\s<>\".,:;!?']")


def user_entities(text: str) -> list[dict]:
    """Entities Telegram adds to text typed by a user: bot_command and url."""
    entities: list[dict] = []
    for regex, entity_type in ((_COMMAND_RE, "bot_command"), (_URL_RE, "url")):
        for m in regex.finditer(text):
            entities.append(
                {
                    "type": entity_type,
                    "offset": utf16_len(text[: m.start()]),
                    "length": utf16_len(m.group()),
                }
            )
    entities.sort(key=lambda e: e["offset"])
    return entities


#: entities inside which Telegram finds no command or link: their text is shown as it is
_OPAQUE = {"code", "pre", "text_link", "url", "bot_command", "custom_emoji"}


def with_found_entities(text: str, entities: list[dict]) -> list[dict]:
    """The bot's entities plus the /commands and links Telegram finds in its text (as it
    does in every message), except inside code, pre or links and where one would cross
    the edge of an entity the bot gave: a /command in a bot's answer is clickable."""

    def fits(found: dict) -> bool:
        start, end = found["offset"], found["offset"] + found["length"]
        for e in entities:
            e_start, e_end = e["offset"], e["offset"] + e["length"]
            if end <= e_start or start >= e_end:
                continue
            if e["type"] in _OPAQUE or start < e_start or end > e_end:
                return False
        return True

    found = [f for f in user_entities(text) if fits(f)]
    if not found:
        return entities
    return sorted(entities + found, key=lambda e: (e["offset"], -e["length"]))
