"""Shared puzzles and people's settings in both stores (SQLite, PostgreSQL)."""

from __future__ import annotations

from bot.look import Look, keep_look, look_of
from bot.share import keep_shared, payload_for, shared_puzzle
from bot.store.facade import Store
from solvers import registry

SEKI = registry.get("seki")


async def test_a_shared_puzzle_and_a_setting_are_kept(store_location):
    store = Store(store_location)
    await store.open()
    try:
        assert store.db is not None
        payload = await keep_shared(store, "key", SEKI, "oo+ooaoo-")
        assert payload == payload_for("key") and len(payload) <= 64
        assert await keep_shared(store, "key", SEKI, "oo+ooaoo-") == payload  # kept once
        assert await shared_puzzle(store, payload) == (SEKI, "oo+ooaoo-")
        assert await shared_puzzle(store, payload_for("other")) is None
        assert await shared_puzzle(store, "rules-seki") is None  # not a payload of ours
        assert await look_of(store, 7) == Look()
        await keep_look(store, 7, Look(spoiler=True))
        await keep_look(store, 7, Look(spoiler=True, hints_first=True))
        assert await look_of(store, 7) == Look(spoiler=True, hints_first=True)
        assert await look_of(store, 8) == Look()
    finally:
        await store.close()
