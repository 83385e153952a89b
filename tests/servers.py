"""Real servers for the tests, started on free loopback ports and stopped after them:
PostgreSQL (`postgres_server`, one per test session), and `store_location`, which runs a
store test on both databases. Nothing here is a mock: the tests talk to the real server.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from botchat import free_port


class PostgresServer:
    """A throwaway PostgreSQL cluster in a temporary directory, trusting loopback.

    `initdb` refuses to run as root, so as root the cluster belongs to the `postgres`
    user (the Debian package's) and every server command runs as that user.
    """

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port()
        self.bin = Path(sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1])
        self.as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        self._names = itertools.count(1)
        #: False: no fsync (the tests' data is thrown away); True: as a real server writes
        self.durable = False

    def _run(self, *command: str) -> None:
        subprocess.run([*self.as_owner, *command], check=True, capture_output=True,
                       timeout=60)

    def init(self) -> None:
        if self.as_owner:
            shutil.chown(self.folder, "postgres")
        self._run(str(self.bin / "initdb"), "-D", str(self.folder / "data"), "-U", "postgres",
                  "-A", "trust", "--no-sync", "-E", "UTF8")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        if not self.durable:
            options += " -c fsync=off -c full_page_writes=off"
        self._run(str(self.bin / "pg_ctl"), "start", "-w", "-D", str(self.folder / "data"),
                  "-l", str(self.folder / "server.log"), "-o", options)

    def stop(self) -> None:
        self._run(str(self.bin / "pg_ctl"), "stop", "-w", "-m", "fast",
                  "-D", str(self.folder / "data"))

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new, empty database (one per test keeps the tests apart)."""
        name = f"test_{next(self._names)}"
        subprocess.run([str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port),
                        "-U", "postgres", name], check=True, capture_output=True, timeout=60)
        return self.url(name)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the whole session (Debian's `postgresql` package)."""
    folder = Path(tempfile.mkdtemp(prefix="puzzlebot-postgres-"))
    server = PostgresServer(folder)
    try:
        server.init()
        server.start()
        yield server
        server.stop()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_location(request, tmp_path) -> str:
    """Where a test's store lives: a SQLite file, then a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    return request.getfixturevalue("postgres_server").new_database()
