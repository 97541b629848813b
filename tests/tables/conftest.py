"""The table server every channel and screen test here talks to: one TableService on a
short temporary folder (a Unix socket's path is limited to about 107 bytes), its
players' data in the test's own home, its socket where a local app looks for it."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from inkterm.session_env import TABLES_SOCKET_ENV
from inkterm.tables.channel import SOCKET_NAME, TableService
from inkterm.tables.manager import TableManager


@pytest.fixture
async def service(tmp_path, monkeypatch):
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path / "home"))
    base = Path(tempfile.mkdtemp(prefix="ikt-"))
    svc = await TableService(TableManager(base / "tables"), base / SOCKET_NAME).start()
    monkeypatch.setenv(TABLES_SOCKET_ENV, str(svc.path))
    yield svc
    await svc.close()
    shutil.rmtree(base, ignore_errors=True)
