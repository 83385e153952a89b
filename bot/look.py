"""One person's choices as the store keeps them (table `user_settings`): how the bot
answers them, read by every handler that answers and chosen in /settings
(`bot/settings.py`, which draws the menu)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from .i18n import LANGUAGES, N_
from .store.facade import Store


@dataclass(frozen=True)
class Look:
    """One person's choices (the defaults for someone who never chose)."""

    #: solutions behind a spoiler
    spoiler: bool = False
    #: a sent puzzle answered with its difficulty and hints, not its solution
    hints_first: bool = False
    #: the language they chose (a code of `i18n.LANGUAGES`), "" when they chose none
    language: str = ""


#: each on/off choice's button labels: (label when on, label when off)
LABELS = {"spoiler": (N_("🙈 Solutions: hidden behind a spoiler"), N_("👀 Solutions: shown")),
          "hints_first": (N_("💡 Hints first: on"), N_("💡 Hints first: off"))}


async def look_of(store: Store, user_id: int) -> Look:
    """A person's settings; the defaults when they chose none or the store is unreadable."""
    kept = await store.user_settings(user_id) if user_id else None
    if kept is None:
        return Look()
    language = kept.get("language")
    return Look(**{f.name: bool(kept[f.name]) for f in fields(Look)
                   if f.name in kept and f.name in LABELS},
                language=language if language in LANGUAGES else "")


async def keep_look(store: Store, user_id: int, look: Look) -> None:
    """Keep a person's settings (StoreUnavailable when the store takes no write)."""
    await store.keep_user_settings(user_id, asdict(look))
