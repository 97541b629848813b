"""Which language a player reads: ``--lang``, else the saved setting, else the
locale (LC_ALL, LC_MESSAGES, LANG), else English; and the catalogs compiled on first
use into the data folder."""
from __future__ import annotations

import subprocess
import sys

import pytest

from inkterm import cli, i18n
from inkterm.home import read_settings, save_setting


def unknown_game_error(capsys, *argv: str) -> str:
    assert cli.main([*argv, "rules", "no-such-game"]) == 2
    return capsys.readouterr().err


def test_english_by_default(capsys):
    assert "unknown game 'no-such-game'" in unknown_game_error(capsys)
    assert i18n.language() == "en"


@pytest.mark.parametrize("lang, words", [("zh", "未知的游戏"), ("ja", "知らないゲーム"), ("en", "unknown game")])
def test_the_lang_flag(capsys, lang, words):
    assert words in unknown_game_error(capsys, "--lang", lang)
    assert i18n.language() == lang


def test_the_lang_flag_after_the_command(capsys):
    assert cli.main(["rules", "no-such-game", "--lang", "ja"]) == 2
    assert "知らないゲーム" in capsys.readouterr().err


def test_an_unknown_language_is_refused(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--lang", "fr", "keys"])
    assert stop.value.code == 2
    assert "--lang" in capsys.readouterr().err


@pytest.mark.parametrize("env, lang", [
    ({"LANG": "zh_CN.UTF-8"}, "zh"),
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),       # not translated: English
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "zh_CN.UTF-8"}, "ja"),
    ({"LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "ja_JP", "LANG": "en_US.UTF-8"}, "zh"),
    ({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}, "en"),  # LC_ALL rules over LANG, as POSIX says
    ({}, "en"),
])
def test_the_locale_when_no_flag(env, lang):
    assert i18n.choose(None, env) == lang


def test_the_environment_reaches_the_command(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert "知らないゲーム" in unknown_game_error(capsys)


def test_a_saved_choice_outlasts_the_locale_and_the_flag_outlasts_both(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    save_setting("language", "zh")
    assert "未知的游戏" in unknown_game_error(capsys)
    assert "unknown game" in unknown_game_error(capsys, "--lang", "en")
    save_setting("language", None)  # forgotten: the locale again
    assert "知らないゲーム" in unknown_game_error(capsys)


def test_a_broken_settings_file_leaves_the_defaults(inkterm_home):
    inkterm_home.mkdir(parents=True, exist_ok=True)
    (inkterm_home / "settings.json").write_text("{not json", encoding="utf-8")
    assert read_settings() == {}
    assert i18n.choose(None, {"LANG": "zh_CN.UTF-8"}) == "zh"
    (inkterm_home / "settings.json").write_text('{"language": "klingon"}', encoding="utf-8")
    assert i18n.choose(None, {}) == "en"


def test_a_catalog_is_compiled_once_into_the_data_folder(inkterm_home, monkeypatch):
    monkeypatch.setattr(i18n, "_compiled", {})  # as a fresh process finds it
    i18n.use("zh")
    cached = list((inkterm_home / "cache" / "locale").glob("zh-*.mo"))
    assert len(cached) == 1
    assert i18n._("New game") == "新游戏"
    stamp = cached[0].stat().st_mtime_ns
    i18n.use("en")
    assert i18n._("New game") == "New game"
    i18n.use("zh")  # from the cache this time
    assert cached[0].stat().st_mtime_ns == stamp
    assert i18n._("New game") == "新游戏"


def test_a_process_compiles_a_catalog_once_whatever_its_data_folder(tmp_path, monkeypatch):
    """A process serving many data folders (the suite: one a test) compiles each .po once."""
    monkeypatch.setattr(i18n, "_compiled", {})
    compiled = []
    real = i18n.compile_po
    monkeypatch.setattr(i18n, "compile_po", lambda source, lang: compiled.append(lang) or real(source, lang))
    for folder in ("a", "b"):
        monkeypatch.setenv("INKTERM_HOME", str(tmp_path / folder))
        i18n.use("ja")
        assert i18n._("New game") == "新しいゲーム"
    assert compiled == ["ja"]
    assert list((tmp_path / "a" / "cache" / "locale").glob("ja-*.mo"))  # the first folder keeps it too


def test_plural_forms_and_lazy_text():
    i18n.use("ja")
    text = i18n.ngettext("{n} table: your turn", "{n} tables: your turn", 3).format(n=3)
    assert text == "3 卓：あなたの番"
    lazy = i18n.lazy_gettext("New game")
    assert str(lazy) == "新しいゲーム"
    i18n.use("zh")
    assert f"{lazy}" == "新游戏"  # translated when used, in the language active then


def test_a_clean_process_in_chinese(tmp_path):
    """As a player runs it: a new process, the language from LANG, the catalog
    compiled into an empty data folder."""
    env = {"LANG": "zh_CN.UTF-8", "INKTERM_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "inkterm", "--help"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "终端里的桌游桌。" in done.stdout and "立即开始新游戏" in done.stdout
