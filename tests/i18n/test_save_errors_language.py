"""Why a save does not open, in the reader's language: the Continue list and
``inkterm play --load`` show these lines (only what the file or the system said
stays as it was: a path, a JSON parser's words)."""
from __future__ import annotations

import json
import os

import pytest

from inkterm.engine import SaveError, load_game
from inkterm.engine.saves import list_saves, read_save

from tests.languages import lang  # noqa: F401

#: English words the messages used; none may remain in another language.
ENGLISH = ("not an inkterm save", "newer than", "not a file", "not read", "not a text file", "nested more")


def _refusal(text: str) -> str:
    with pytest.raises(SaveError) as caught:
        load_game(text)
    return str(caught.value)


def test_a_bad_save_is_refused_in_the_reader_s_language(lang):  # noqa: F811
    foreign = _refusal(json.dumps({"hello": 1}))
    assert "inkterm-save" in foreign and "not an inkterm save" not in foreign
    deep = _refusal("[" * 100 + "]" * 100)
    assert "32" in deep and "nested" not in deep
    newer = _refusal(json.dumps({"format": "inkterm-save", "version": 999, "game": "x",
                                 "record": {"game": "x", "seats": ["Ann"], "seed": 1, "choices": []}}))
    assert "999" in newer and "newer" not in newer


def test_what_is_not_a_save_file_is_named_in_the_reader_s_language(lang, tmp_path):  # noqa: F811
    (tmp_path / "folder.save.json").mkdir()
    (tmp_path / "binary.save.json").write_bytes(b"\xff\xfe\x00bad")
    os.symlink(tmp_path / "binary.save.json", tmp_path / "link.save.json")
    errors = [info.error for info in list_saves(tmp_path)]
    assert len(errors) == 3 and all(errors)
    for error in errors:
        assert not any(word in error for word in ENGLISH), error
    with pytest.raises(SaveError) as caught:
        read_save(tmp_path / "binary.save.json")
    assert not any(word in str(caught.value) for word in ENGLISH), caught.value
