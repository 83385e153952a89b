"""The store as one object: every room's queries on one connection (see the package's
docstring for what the store keeps and how it degrades)."""

from __future__ import annotations

from .cache import CacheQueries
from .core import StoreCore
from .hints import HintQueries
from .languages import LanguageQueries
from .people import PeopleQueries
from .shared import SharedQueries


class Store(StoreCore, CacheQueries, HintQueries, SharedQueries, PeopleQueries,
            LanguageQueries):
    """Async access to the database; every failure degrades to "no cache"."""
