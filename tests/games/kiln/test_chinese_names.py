"""A card's Chinese name is written once, in the Chinese words (words.zh.json): the
cards file no longer carries its own copy. English still shows it beside the English
name ("Tribute 入贡"), and a game of an older content version, whose cards file has
the copy, opens with the same names."""
from __future__ import annotations

from pathlib import Path

import pytest

from inkterm.engine.content_versions import content_dir, manifest
from inkterm.engine.saves import read_save
from inkterm.engine.text import render
from inkterm.games.kiln.content import cards, read_content
from inkterm.games.kiln.core import card_name
from inkterm.translated import translation

SAVES = sorted((Path(__file__).parent / "saves_v1").glob("*.save.json"))


def test_the_cards_file_holds_no_chinese_and_english_shows_the_words_files():
    text = (Path(content_dir("kiln", None)) / "cards.json").read_text(encoding="utf-8")
    assert '"zh"' not in text
    words = translation("kiln", "zh").items["cards"]
    for c in cards().values():
        assert c.label == f"{c.name} {words[c.id].name}"
        assert render(card_name(c), "en") == c.label and render(card_name(c), "zh") == words[c.id].name


@pytest.mark.parametrize("version", range(1, manifest("kiln").newest + 1))
def test_every_content_version_reads_with_the_same_names(version):
    old = read_content(content_dir("kiln", version)).cards
    assert {cid: c.label for cid, c in old.items()} == {cid: cards()[cid].label for cid in old}


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_a_save_of_an_old_version_opens_with_its_names(path):
    state = read_save(path)
    for c in state.cards.values():
        assert c.zh and c.label.startswith(c.name)
