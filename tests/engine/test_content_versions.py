"""Content versions (engine/content_versions.py): every game finishes under the numbers
it began with. Saves made by inkterm at earlier commits, before versions were recorded
(``tests/games/<game>/saves_before_versions``, each with the scores that commit's own
code saw after every choice), open under the version their record replays under and
play to the end; a new game records its version; the version survives saving,
loading, cloning, undo and replay; one the inkterm does not have is refused in one
line; and the current content files are always a released version."""
from __future__ import annotations

import dataclasses
import json
import random
import shutil
from pathlib import Path

import pytest

from inkterm.bots import GreedyBot, RandomBot, SearchBot
from inkterm.engine import GAMES, SaveError, load_game, new_game, replay
from inkterm.engine import api, content_versions as cv
from inkterm.engine.registry import discover
from inkterm.engine.saves import OpenSave, read_save
from inkterm.engine.state import SAVE_VERSION

#: The games inkterm ships (a test may register a toy game besides: it has no versions).
GAME_IDS = [spec.id for spec in discover()]
GAMES_DIR = Path(__file__).parent.parent / "games"
OLD_SAVES = sorted(p for game in GAME_IDS for p in (GAMES_DIR / game / "saves_before_versions").glob("*.save.json"))


def expected(path: Path) -> dict:
    return json.loads(path.with_name(path.name.replace(".save.json", ".expect.json")).read_text())


def play_random(state, n: int, seed: int = 0):
    rng = random.Random(seed)
    for _ in range(n):
        if state.is_over:
            break
        state.apply(rng.choice(state.decision().choices).key)
    return state


def under(game: str, version: int, seed: int = 3):
    """A new game of ``game`` played under an earlier content version, as a save of
    that version would be."""
    spec = GAMES[game]
    rec = new_game(game, [f"P{i}" for i in range(max(2, spec.min_players))], seed).record
    return api.opening(dataclasses.replace(rec, content_version=version))


# --- the guard -----------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAME_IDS)
def test_the_current_content_files_are_the_newest_released_version(game):
    """Fails once a content file is edited without releasing the edit as a version:
    the message says how (one data-only command)."""
    assert cv.unreleased(game) is None, cv.unreleased(game)


@pytest.mark.parametrize("game", GAME_IDS)
def test_every_shipped_version_is_whole_and_loads_under_todays_schema(game):
    m = cv.manifest(game)
    assert m is not None and m.newest >= 2
    cls = GAMES[game].state_class()
    for entry in m.versions:
        folder = cv.versions_dir(game) / str(entry.version)
        assert sorted(p.name for p in folder.iterdir()) == sorted(m.files)
        assert cv.data_hash(folder, m.files) == entry.sha256, f"version {entry.version}'s files were edited"
        assert cv.content_for(cls, entry.version) is not None  # validated by the game's own models
    assert cv.current_version(game) == m.newest


# --- new games, and the version through a game's life ----------------------------------------
@pytest.mark.parametrize("game", GAME_IDS)
def test_a_new_game_records_the_newest_version_and_its_save_says_so(game):
    st = new_game(game, ["Ann", "Bob"], seed=1)
    assert st.record.content_version == cv.manifest(game).newest
    raw = json.loads(st.to_json())
    assert raw["version"] == SAVE_VERSION == 2
    assert raw["record"]["content_version"] == st.record.content_version


@pytest.mark.parametrize("game", GAME_IDS)
def test_the_version_survives_save_load_clone_undo_replay_and_bots(game):
    st = play_random(under(game, 1), 25, seed=5)
    old = st.content
    assert old is cv.content_for(type(st), 1) and old is not new_game(game, st.seats, 1).content
    loaded = load_game(st.to_json())
    assert loaded.record.content_version == 1 and loaded.content is old and loaded == st
    assert replay(st.record).content is old and replay(st.record) == st
    copy = st.clone()
    assert copy.record.content_version == 1 and copy.content is old
    assert st.determinize(st.decision().seat, random.Random(1)).content is old
    # bots thinking on their own copies (search on a worker thread, in the app) play on
    # under the same numbers
    st.apply(SearchBot(seed=1, iterations=30).choose(st))
    assert st.content is old
    st.apply(GreedyBot(seed=1).choose(st))
    if st.can_undo():
        back = st.undo()
        assert back.record.content_version == 1 and back.content is old
    assert load_game(st.to_json()).content is old


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_version_this_inkterm_does_not_have_is_refused_in_one_line(game, tmp_path):
    raw = json.loads(new_game(game, ["Ann", "Bob"], seed=1).to_json())
    raw["record"]["content_version"] = cv.manifest(game).newest + 5
    path = tmp_path / "newer.save.json"
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError) as err:
        read_save(path)
    message = str(err.value)
    assert "\n" not in message and str(path) in message and "newer inkterm" in message
    assert f"version {cv.manifest(game).newest + 5} of this game's content" in message


# --- saves from before versions were recorded --------------------------------------------------
def test_there_are_saves_from_before_versions_of_every_game():
    assert {p.parent.parent.name for p in OLD_SAVES} == set(GAME_IDS)
    assert all(json.loads(p.read_text())["version"] == 1 for p in OLD_SAVES)  # the format before


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.name)
def test_a_save_from_before_versions_opens_under_the_version_it_was_played_with(path):
    """The version found replays the record exactly as the inkterm that made it played
    it: every score after every choice, and the saved snapshot where it is of today's
    shape (no warning). Today's newest numbers would not do for it."""
    want = expected(path)
    notes: list[str] = []
    st = read_save(path, notes)
    assert notes == []
    assert st.record.content_version == want["version"]
    again = api.opening(st.record.prefix(0))
    for i, key in enumerate(st.record.choices):
        again.apply(key)
        assert again.scores() == want["scores"][i], f"after choice {i + 1}"
    raw = json.loads(path.read_text())
    if raw["snapshot"].get("shape", 1) == type(st).snapshot_shape:
        assert json.loads(st.to_json())["snapshot"] == raw["snapshot"]
    newest = dataclasses.replace(st.record, content_version=cv.manifest(st.game_id).newest)
    try:
        today = replay(newest)
    except SaveError:
        return  # refused under today's numbers: its version is what lets it go on
    assert api._differences(today, raw["snapshot"], raw["over"]) > 0


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.name)
def test_a_save_from_before_versions_plays_to_the_end_under_its_version(path, tmp_path):
    """Opened as a player would (one session, writing after every choice), bots finish
    it; the file now names its version, and reopens under it without a search."""
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    st = read_save(copy)
    version = st.record.content_version
    session = OpenSave(copy)
    bots = [GreedyBot(seed=1), RandomBot(seed=2)]
    while not st.is_over:
        st.apply(bots[st.decision().seat % 2].choose(st))
        session.write(st)
    session.close()
    raw = json.loads(copy.read_text())
    assert raw["version"] == SAVE_VERSION and raw["record"]["content_version"] == version
    back = read_save(copy)
    assert back == st and back.content is st.content and back.ranking() == st.ranking()


def test_finding_a_version_replays_each_shipped_version_at_most_once(monkeypatch):
    """The search is bounded: one replay per shipped version at worst (a replay that
    fails stops at its failing choice), here with a snapshot no version matches."""
    path = next(p for p in OLD_SAVES if json.loads(p.read_text())["snapshot"].get("shape", 1) > 1)
    raw = json.loads(path.read_text())
    raw["snapshot"]["model"] = {"damaged": True}
    raw["snapshot"]["history"] = []
    replays: list[int | None] = []
    real = api._replay_under
    monkeypatch.setattr(api, "_replay_under", lambda rec: replays.append(rec.content_version) or real(rec))
    st = load_game(json.dumps(raw))
    game = raw["game"]
    assert sorted(replays, reverse=True) == replays == cv.versions_newest_first(game)[: len(replays)]
    assert len(replays) == cv.manifest(game).newest
    assert st.record.content_version in replays


def test_a_record_no_version_replays_is_refused_in_todays_one_line():
    """Damaged beyond every version: the Continue list's line, naming the furthest choice."""
    path = next(p for p in OLD_SAVES if len(json.loads(p.read_text())["record"]["choices"]) > 100)
    raw = json.loads(path.read_text())
    raw["record"]["choices"][40] = "no-such-choice"
    with pytest.raises(SaveError) as err:
        load_game(json.dumps(raw))
    assert str(err.value) == ("made by an older inkterm whose rules differ, or damaged: its choice 41 no longer "
                              "replays, so it cannot be continued")


# --- releasing a version --------------------------------------------------------------------
@pytest.fixture
def assets_copy(tmp_path, monkeypatch):
    """The content files of every game copied aside, for a release that must not touch
    the real ones (the caches that read them are emptied before and after)."""
    shutil.copytree(cv.ASSETS, tmp_path / "assets", ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    monkeypatch.setattr(cv, "ASSETS", tmp_path / "assets")
    monkeypatch.setattr(cv, "_FOR", {})
    monkeypatch.setattr(cv, "_READ", {})
    cv.manifest.cache_clear()
    cv.current_version.cache_clear()
    yield tmp_path / "assets"
    cv.manifest.cache_clear()
    cv.current_version.cache_clear()


@pytest.mark.parametrize("game", GAME_IDS)
def test_an_edited_file_fails_the_guard_until_the_cut_command_releases_it(game, assets_copy, capsys):
    from inkterm import cut_version

    m = cv.manifest(game)
    edited = assets_copy / game / m.files[0]
    edited.write_text(edited.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    problem = cv.unreleased(game)
    assert problem is not None and f"python -m inkterm.cut_version {game}" in problem
    assert cv.current_version(game) == m.newest + 1  # new games play the edit as the next version
    assert cut_version.main([game, "A test's edit"]) == 0
    assert f"version {m.newest + 1}" in capsys.readouterr().out
    assert cv.unreleased(game) is None and cv.current_version(game) == m.newest + 1
    entry = cv.manifest(game).versions[-1]
    assert (entry.version, entry.changes) == (m.newest + 1, "A test's edit")
    folder = assets_copy / game / "versions" / str(entry.version)
    assert (folder / m.files[0]).read_text(encoding="utf-8") == edited.read_text(encoding="utf-8")
    assert cut_version.main([game, "again"]) == 1  # nothing new to release
    # the version before it still loads from its own copy
    cls = GAMES[game].state_class()
    assert cv.content_dir(game, m.newest) == assets_copy / game / "versions" / str(m.newest)
    assert cls.read_content(cv.content_dir(game, m.newest)) is not None
