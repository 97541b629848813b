"""The house rule for tests: a game's tests live in ``tests/games/<game>/``, and every
other test is generic — it runs over the registered games that have what it needs
(tests/registered.py), so a new game package and its tests folder change nothing else."""
from __future__ import annotations

import re
from pathlib import Path

from inkterm.engine import GAMES

from .registered import games

TESTS = Path(__file__).resolve().parent
SHIPPED = games(shipped=True)


def names_of(gid: str) -> re.Pattern:
    """A game's id or title as a word of its own: ``ID``, ``Title``, ``test_ID_board``."""
    words = {gid, GAMES[gid].title}
    either = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?:{either})(?![A-Za-z])", re.IGNORECASE)


def test_no_test_outside_its_games_folder_names_a_game():
    found = []
    for path in sorted(TESTS.rglob("*.py")):
        rel = path.relative_to(TESTS)
        text = path.read_text(encoding="utf-8")
        for gid in SHIPPED:
            if rel.parts[:2] == ("games", gid):
                continue
            for n, line in enumerate(text.splitlines(), 1):
                if names_of(gid).search(line):
                    found.append(f"tests/{rel.as_posix()}:{n} names {gid}: {line.strip()[:60]}")
    assert found == [], "\n".join(found)


def test_every_shipped_game_has_its_tests_folder():
    for gid in SHIPPED:
        folder = TESTS / "games" / gid
        assert (folder / "__init__.py").is_file() and list(folder.glob("test_*.py")), gid


def test_the_check_finds_a_name_however_it_is_written():
    for gid in SHIPPED:
        title = GAMES[gid].title
        for line in (f'new_game("{gid}", seats)', f"def test_{gid}_board():", f"# {title.upper()}'s hand"):
            assert names_of(gid).search(line), line
        assert not names_of(gid).search(f"un{gid}ly")  # inside a longer word: not a name


def test_the_game_screen_stays_thin():
    """The game screen renders and routes keys; who plays, saving and the story live in
    the table driver and the screen's mixins (issue: a thin game screen, ≤ 300 lines)."""
    screen = TESTS.parent / "inkterm" / "screens" / "game.py"
    lines = len(screen.read_text(encoding="utf-8").splitlines())
    assert lines <= 300, f"screens/game.py has {lines} lines: move what is not drawing or keys out"
