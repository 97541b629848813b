"""A real PostgreSQL server for the table store's tests: a throwaway cluster made
with ``initdb`` in a temporary folder and started with ``pg_ctl`` on a free local
port (as the ``postgres`` user when the tests run as root, which ``initdb``
refuses). Each test gets a database of its own on it.

Without PostgreSQL's programs the tests skip with one line, unless
``INKTERM_REQUIRE_POSTGRES`` is set (CI installs the server), when they fail."""
from __future__ import annotations

import glob
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

REQUIRE_POSTGRES = "INKTERM_REQUIRE_POSTGRES"
USER = "inkterm"


def bin_dir() -> Path | None:
    """The newest installed PostgreSQL's programs (Debian keeps them out of PATH)."""
    if found := shutil.which("initdb"):
        return Path(found).parent
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(d.split("/")[-2]))
    return Path(dirs[-1]) if dirs and (Path(dirs[-1]) / "initdb").exists() else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One running server; ``database()`` makes a new empty database and gives its URL."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.folder = Path(tempfile.mkdtemp(prefix="inkterm-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._as: list[str] = []
        if os.geteuid() == 0:  # initdb will not run as root
            shutil.chown(self.folder, "postgres", "postgres")
            # runuser is in /usr/sbin, which a plain user's PATH (or env -i's) may lack
            runuser = shutil.which("runuser") or shutil.which("runuser", path="/usr/sbin:/sbin") or "runuser"
            self._as = [runuser, "-u", "postgres", "--"]
        self._numbers = itertools.count(1)

    def _run(self, *argv: str) -> None:
        done = subprocess.run([*self._as, *argv], capture_output=True, text=True, timeout=120)
        if done.returncode:
            raise RuntimeError(f"{argv[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> "Cluster":
        self._run(str(self.bindir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", USER,
                  "-E", "UTF8", "--locale=C", "--no-sync")
        return self.up()

    def down(self) -> None:
        """The server stops (its data kept): the store is out of reach."""
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def up(self) -> "Cluster":
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-l", str(self.folder / "log"),
                  "-w", "-t", "60", "start", "-o",
                  f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                  "-c full_page_writes=off -c max_connections=200")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        import psycopg

        name = f"t{os.getpid()}_{next(self._numbers)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run(str(self.bindir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster():
    bindir = bin_dir()
    if bindir is None:
        if os.environ.get(REQUIRE_POSTGRES):
            pytest.fail(f"${REQUIRE_POSTGRES} is set but PostgreSQL's initdb is not installed")
        pytest.skip("PostgreSQL is not installed (initdb not found): the table store's "
                    "PostgreSQL tests need it")
    cluster = Cluster(bindir).start()
    yield cluster
    cluster.stop()


@pytest.fixture
def postgres(postgres_cluster) -> str:
    """The URL of a new empty database on the test PostgreSQL server."""
    return postgres_cluster.database()
