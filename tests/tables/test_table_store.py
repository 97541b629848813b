"""The table store's file back end is the tables' folder as it always was: a table
file written before there was a store (kept byte for byte, one per game) resumes,
keeps its chat and plays on to its end; the store's own rules hold (a code is one
table's, a removed table is gone)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from inkterm.tables.manager import TableFile, TableManager
from inkterm.tables.people import ssh_player
from inkterm.tables.store import CodeTaken, FileStore

from tests.registered import games

BEFORE_STORE = sorted((Path(__file__).parent / "tables_before_store").glob("*.table.json"))


def play_to_the_end(manager: TableManager, code: str) -> None:
    """Its people take their first choice each time; the bot seats answer."""
    table = manager.tables[code]
    manager.play_bots(table)
    while not table.state.is_over:
        st = table.state
        d = st.decision()
        manager.choose(ssh_player(st.seats[d.seat]), code, d.choices[0].key, len(st.record.choices))
        manager.play_bots(table)


def test_there_are_table_files_from_before_the_store_of_several_games():
    kept = {json.loads(p.read_text())["game"] for p in BEFORE_STORE}
    assert len(kept) >= 3 and kept <= set(games(seats=3))


@pytest.mark.parametrize("path", BEFORE_STORE, ids=lambda p: p.name)
def test_a_table_file_from_before_the_store_resumes_and_plays_to_its_end(path, tmp_path):
    shutil.copyfile(path, tmp_path / path.name)
    old = json.loads(path.read_text())
    manager = TableManager(tmp_path)
    assert manager.resume() == []
    code = path.name.split(".")[0]
    table = manager.tables[code]
    assert list(table.chat) == [tuple(line) for line in old["chat"]]
    assert table.state.record.choices == old["save"]["record"]["choices"]
    play_to_the_end(manager, code)
    written = TableFile.model_validate_json((tmp_path / path.name).read_bytes())
    assert written.save is not None and written.save["over"]
    assert written.save["record"]["choices"][:len(old["save"]["record"]["choices"])] \
        == old["save"]["record"]["choices"]
    assert TableManager(tmp_path)._load(tmp_path / path.name).state == table.state


def test_a_file_store_keeps_one_table_a_code(tmp_path):
    store = FileStore(tmp_path)
    text = BEFORE_STORE[0].read_text()
    version = store.create("ABCD", text, "playing")
    assert store.taken("ABCD") and (tmp_path / "ABCD.table.json").read_text() == text
    with pytest.raises(CodeTaken):
        store.create("ABCD", text, "playing")
    store.write("ABCD", text.replace("good luck", "well played"), version, "playing")
    row = store.read("ABCD")
    assert row is not None and "well played" in row.text
    store.remove("ABCD", row.version)
    assert not store.taken("ABCD") and store.read("ABCD") is None
