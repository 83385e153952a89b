"""The schema's history: every table of every per-feature store module, in the order it came.

Each entry moves the schema one version up and is never edited: a change is a new entry at
the end, the same for SQLite and PostgreSQL. The modules whose queries read these tables:
`cache` (cache, cache_media, cache_file_ids), `hints` (hint_sessions), `shared`
(shared_puzzles), `people` (user_settings), `languages` (chat_languages), and outside this
package `bot/games/store.py` (games, game_rounds, game_scores, race_entries,
daily_schedules) and `bot/grid_hints.py` (grid_ladders).
"""

from __future__ import annotations

#: the version is the list's length
MIGRATIONS: list[str] = [
    """
    CREATE TABLE cache (
        key TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        created REAL NOT NULL,
        hits INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE cache_media (
        key TEXT NOT NULL REFERENCES cache(key) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        filename TEXT NOT NULL,
        kind TEXT NOT NULL,
        caption TEXT NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (key, position)
    );
    """,
    """
    CREATE TABLE hint_sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        clue TEXT NOT NULL,
        step INTEGER NOT NULL,
        updated REAL NOT NULL
    );
    CREATE INDEX hint_sessions_by_user ON hint_sessions (chat_id, user_id);
    """,
    # group games (bot/games/store.py): quizzes and races, rounds, scores, race entries
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        starter_id INTEGER NOT NULL,
        settings TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'running',
        round INTEGER NOT NULL DEFAULT 0,
        started REAL NOT NULL,
        ended REAL
    );
    CREATE INDEX games_by_chat ON games (chat_id, kind, state);
    CREATE TABLE game_rounds (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        letters TEXT NOT NULL,
        answer TEXT NOT NULL,
        started REAL NOT NULL,
        deadline REAL NOT NULL,
        state TEXT NOT NULL DEFAULT 'open',
        winner_id INTEGER,
        winner_name TEXT,
        guess TEXT,
        points INTEGER NOT NULL DEFAULT 0,
        solved_at REAL,
        PRIMARY KEY (game_id, number)
    );
    CREATE TABLE game_scores (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        chat_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        points INTEGER NOT NULL DEFAULT 0,
        rounds_won INTEGER NOT NULL DEFAULT 0,
        best_seconds REAL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX game_scores_by_chat ON game_scores (chat_id, user_id);
    CREATE TABLE race_entries (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined REAL NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        finished REAL,
        place INTEGER,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # file_ids Telegram returned for a cached answer's media: a cache hit is re-sent by id
    # instead of uploading the bytes again. Telegram's file_ids are valid for one bot
    # only, hence bot_id; new bytes for a key (put_result) drop its ids by the cascade.
    """
    CREATE TABLE cache_file_ids (
        key TEXT NOT NULL,
        position INTEGER NOT NULL,
        bot_id INTEGER NOT NULL,
        file_id TEXT NOT NULL,
        PRIMARY KEY (key, position, bot_id),
        FOREIGN KEY (key, position) REFERENCES cache_media(key, position) ON DELETE CASCADE
    );
    """,
    # a game is a quiz or a race: `kind` means a puzzle kind everywhere else
    "ALTER TABLE games RENAME COLUMN kind TO game;",
    # how a picture is sent (photo, animation, document), by the name `Media` gives it
    "ALTER TABLE cache_media RENAME COLUMN kind TO sent_as;",
    # shared puzzles by their links' payloads (bot/share.py), each person's /settings
    # (bot/settings.py)
    """
    CREATE TABLE shared_puzzles (
        payload TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL,
        updated REAL NOT NULL
    );
    """,
    # the /hint ladders of grid puzzles (bot/grid_hints.py) by their buttons' key, so a
    # press after a restart climbs on; rows not pressed for days are cleaned away
    """
    CREATE TABLE grid_ladders (
        key TEXT PRIMARY KEY,
        owner INTEGER NOT NULL,
        chat_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        entries TEXT NOT NULL,
        step INTEGER NOT NULL,
        rung TEXT NOT NULL,
        updated REAL NOT NULL
    );
    CREATE INDEX grid_ladders_by_updated ON grid_ladders (updated);
    """,
    # the language a group's admin chose with /language (bot/language.py)
    """
    CREATE TABLE chat_languages (
        chat_id INTEGER PRIMARY KEY,
        language TEXT NOT NULL,
        updated REAL NOT NULL
    );
    """,
    # a group's daily puzzle (bot/games/daily.py): its schedule, one row per chat; the
    # day's puzzles are games (`game` 'daily') with race entries. A shared puzzle's last
    # use (shared again or opened), from which it expires (bot/share.py)
    """
    CREATE TABLE daily_schedules (
        chat_id INTEGER PRIMARY KEY,
        at_time TEXT NOT NULL,
        tz TEXT NOT NULL,
        kind TEXT NOT NULL,
        difficulty TEXT NOT NULL,
        starter_id INTEGER NOT NULL,
        updated REAL NOT NULL
    );
    ALTER TABLE shared_puzzles ADD COLUMN used REAL;
    """,
    # each game mode numbers its games itself (a quiz #1 after race #1), in its
    # `series`: the games /submit takes (races, daily puzzles) share one, so that
    # "/submit 3" names one game; the games before keep their id as their number
    """
    ALTER TABLE games ADD COLUMN series TEXT NOT NULL DEFAULT '';
    ALTER TABLE games ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET number = id,
        series = CASE WHEN game IN ('race', 'daily') THEN 'submit' ELSE game END;
    CREATE UNIQUE INDEX games_by_number ON games (series, number);
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)
