"""A shared table saved by inkterm before content versions were recorded (a table file
made at an earlier commit, kept byte for byte) resumes after the upgrade under the
numbers its game began with, plays on to the end, and from its next move on its file
names that version."""
from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from inkterm.engine import SaveError, replay
from inkterm.engine import api, content_versions as cv
from inkterm.tables.manager import TableManager
from inkterm.tables.people import ssh_player

OLD_TABLES = sorted((Path(__file__).parent / "tables_before_versions").glob("*.table.json"))


def test_there_is_a_table_from_before_versions():
    assert OLD_TABLES and all(json.loads(p.read_text())["save"]["version"] == 1 for p in OLD_TABLES)


@pytest.mark.parametrize("path", OLD_TABLES, ids=lambda p: p.name)
def test_a_table_from_before_versions_resumes_under_its_version_and_plays_on(path, tmp_path):
    want = json.loads(path.with_name(path.name.replace(".table.json", ".expect.json")).read_text())
    shutil.copyfile(path, tmp_path / path.name)
    manager = TableManager(tmp_path)
    assert manager.resume() == []
    table = next(iter(manager.tables.values()))
    st = table.state
    assert st.record.content_version == want["version"]
    saved = json.loads(path.read_text())["save"]
    assert api._differences(st, saved["snapshot"], saved["over"]) == 0  # the very game that was saved
    newest = dataclasses.replace(st.record, content_version=cv.manifest(st.game_id).newest)
    try:
        assert api._differences(replay(newest), saved["snapshot"], saved["over"]) > 0
    except SaveError:
        pass  # today's numbers cannot even replay it
    while not st.is_over:  # its people take their first choice each time; the bot seats answer
        who = ssh_player(st.seats[st.decision().seat])
        manager.choose(who, table.code, st.decision().choices[0].key, len(st.record.choices))
        manager.play_bots(table)
        st = table.state
    on_disk = json.loads((tmp_path / path.name).read_text())
    assert on_disk["save"]["record"]["content_version"] == want["version"]
    again = TableManager(tmp_path)
    assert again.resume() == [] and again.tables == {}  # over: nothing to resume
    assert again._load(tmp_path / path.name).state == st  # its file reads back under its version
