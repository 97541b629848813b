"""The command line in the reader's language: argparse's own words too (usage, its
headings, the -h line, its errors), and a game named by its title in the language."""
from __future__ import annotations

import re

import pytest

from inkterm import cli, i18n
from inkterm.engine import GAMES

from tests.languages import lang  # noqa: F401  (fixture)
from tests.registered import a_game


@pytest.fixture
def reset_language():
    yield
    i18n.use("en")


def english(text: str) -> list[str]:
    """Latin words but the command's own (its name, options, metavars, commands, ids)."""
    text = re.sub(r"--?[\w-]+|\binkterm\b|'[^']*'|\{[^}]*\}|\b[A-Z_]{2,}\b|\[-h\]", "", text)
    text = re.sub(r"\b(" + "|".join(["play", "rules", "replay", "continue", "demo", "learn", "keys", "simulate",
                                       "serve", "tables", "game", "int", "en", "zh", "ja", "PostgreSQL", "SSH", *GAMES]) + r")\b", "", text)
    return re.findall(r"[A-Za-z]{2,}", text)


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_help_and_errors_read_in_the_language(lang, capsys, reset_language, inkterm_home):
    with pytest.raises(SystemExit) as done:
        cli.main(["--lang", lang, "--help"])
    assert done.value.code == 0
    said = capsys.readouterr().out
    assert not re.search(r"usage:|positional arguments|options:|show this help", said), said
    assert not english(said), english(said)
    for argv in (["play", a_game(), "--seed", "x"], ["frobnicate"], ["rules"]):
        with pytest.raises(SystemExit) as done:
            cli.main(["--lang", lang, *argv])
        assert done.value.code == 2
        err = capsys.readouterr().err
        assert err.startswith("inkterm: ") and not english(err), err


def test_a_game_is_named_by_its_title_in_the_language(capsys, reset_language, inkterm_home):
    from inkterm.translated import game_title

    game = a_game()
    spec = GAMES[game]
    assert cli.main(["--lang", "ja", "play", game, "--seats", "Ann"]) == 2
    err = capsys.readouterr().err
    assert game_title(spec) in err and spec.title not in err, err


def test_keys_toml_mistakes_are_said_in_the_language(lang, inkterm_home):  # noqa: F811
    from inkterm.keymap import bound_keys, keymap_path, read_keymap

    some = bound_keys()[0].id
    keymap_path().parent.mkdir(parents=True, exist_ok=True)
    keymap_path().write_text(f'"no.such" = "z"\n"{some}" = ""\n', encoding="utf-8")
    _keymap, problems = read_keymap()
    assert len(problems) == 2
    for line in problems:
        rest = re.sub(r"keys\.toml|'[^']*'|`[^`]*`|\"[^\"]*\"|" + re.escape(some), "", line)
        assert not re.findall(r"[A-Za-z]{2,}", rest), line
    keymap_path().write_text("= nonsense", encoding="utf-8")
    [said] = read_keymap()[1]
    assert not re.findall(r"[A-Za-z]{2,}", re.sub(r"keys\.toml|TOML|（.*）|\(.*\)", "", said)), said


def test_printed_rules_wrap_with_kinsoku(lang, inkterm_home):  # noqa: F811
    """``inkterm rules`` wraps a Chinese or Japanese paragraph as the screens do: no
    printed line starts with a closing mark or a small kana that the text's own line
    did not start with (a process of its own: nothing else imported its breaker)."""
    import os
    import subprocess
    import sys

    from inkterm.translated import has_rules, rules_path

    from .screens import NO_LINE_START

    game = next(g for g in GAMES if has_rules(g, lang))
    env = {**os.environ, "COLUMNS": "44", "NO_COLOR": "1", "INKTERM_HOME": str(inkterm_home)}
    out = subprocess.run([sys.executable, "-m", "inkterm", "--lang", lang, "rules", game],
                         capture_output=True, text=True, env=env, timeout=60, check=True).stdout
    source = rules_path(game, lang).read_text(encoding="utf-8").splitlines()
    written = {line.strip().lstrip("-*#>0123456789. ").strip()[:3] for line in source}
    bad = [line for line in out.splitlines() if line.strip()[:1] in NO_LINE_START and line.strip()[:3] not in written]
    assert len(out.splitlines()) > 20 and bad == [], bad
