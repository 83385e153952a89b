"""The store: the solved-puzzle cache, its file ids, hint steps, shared puzzles, people's
settings, chat languages and (through bot/games/store.py) games.

One SQLite file (`PUZZLEBOT_DB`) by default, or a PostgreSQL database
(`PUZZLEBOT_DATABASE_URL`) when the bot's state must live on another machine; both
through async drivers so the event loop never waits on them (bot/database.py says why
asyncpg and not an ORM). The schema carries a version number and is brought up to date
by the ordered list in `migrations`, the same list for both databases; a change is a
new entry at the end, never an edit.

The cache is an optimisation, never a dependency: when the database is locked,
unreachable or unreadable the bot keeps answering without it and says so in its log. No
write ever waits for a lock another process holds: the busy wait is a few milliseconds,
a cache write that cannot have the lock at once is skipped, and a write that must not be
lost (a game's progress, `keep`) is held in memory, in order, and written as soon as the
database takes writes again.

One room per feature: `core` (the connection, transactions, held-back writes), `cache`,
`hints`, `shared`, `people`, `languages`; `Store` (`facade`) is the core with all the
rooms on one connection. The rooms write their queries against what a core offers
(`bot.database.Transactions`) and import neither the core nor each other, and this
package module imports none of them (importing a room runs it first), so nothing loops
back through the package.
"""
