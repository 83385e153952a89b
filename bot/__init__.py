"""PuzzleBot's service layer: Telegram handlers, the solver pool, the store (the sandbox it is
tried against is the top-level package `sandbox`)."""

import sys

# httpx (python-telegram-bot's HTTP client) imports its command line, and with it rich,
# pygments and click, whenever they are installed (they are, for the development tools):
# about 5 MB of the bot's own memory for a program it never runs (issue 40). A None in
# sys.modules makes that import fail, and httpx then goes without its command line.
sys.modules.setdefault("httpx._main", None)  # type: ignore[arg-type]
