"""Everything the rules say to a player — prompts, choice labels, hints, events — is in
words and glyphs: no code from the data reaches the menu or the log."""
import random
import re

import pytest

from inkterm.engine import new_game
from inkterm.games.voynich import words as W
from inkterm.games.voynich.content import content

from tests.languages import lang  # noqa: F401, F811  (a fixture)

from .codes import codes_in


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_menus_hints_and_log_hold_no_codes(seats):
    for game in range(2):
        st = new_game("voynich", ["Ann", "Bob", "Cy", "Di"][:seats], seed=100 * seats + game)
        rng = random.Random(game)
        while not st.is_over:
            d = st.decision()
            texts = [d.prompt] + [t for c in d.choices for t in (c.label, c.hint)]
            for text in texts:
                assert not codes_in(text), (text, codes_in(text))
            for e in st.apply(rng.choice(d.choices).key):
                assert not codes_in(e.text), (e.text, codes_in(e.text))


def test_every_card_condition_and_action_has_words():
    c = content()
    for cid in c.cards:
        assert not codes_in(W.card(cid)), cid
        for step in range(1, 5):
            for code in c.actions(cid, step):
                assert not codes_in(W.action(code)), (cid, code, W.action(code))
            if step < 4:
                for icon in c.condition(cid, step):
                    said = W.condition_icon(icon)
                    assert said != icon and not codes_in(said), (cid, icon, said)


def test_words_for_the_examples_players_meet():
    assert W.card("BO7") == "Botany 7"
    assert W.steps(2) == "●●○○"
    assert W.action("wr.text/wr.translate") == "a text onto Writing or translate a text"
    assert W.action("2Bo") == "gain 2♣"
    assert W.reward("1Bo+rs.centre") == "1♣, research → centre"
    assert W.reward("2As+1OK") == "2★ 1 OK"
    assert W.condition_icon("G2:Bo") == "1 token in a ♣ Botany group of 2+"
    assert W.condition_icon("2A4:Ba") == "2 tokens, each next to (outside) a different ≈ Baths group of 4+"
    assert W.condition_icon("E:*") == "1 token on an edge piece (not a corner)"
    assert W.condition_icon("S6") == "1 token in a one-type group of 6+"
    assert W.where("bo:STEM1") == "stem 1 (Botany)"
    assert W.where("as:2O1:star") == "sector 2, outer 1 star (Astrology)"
    assert W.where("ba:FNL") == "the left fountain (Baths)"
    assert W.cell("24") == "(2,4)"


def test_inspect_reads_every_card_in_words():
    st = new_game("voynich", ["You", "Ann", "Cy"], seed=5)
    looks = st.lookups(0)
    assert len(looks) == 30
    for touch, label in looks:
        text = st.describe(touch, 0)
        assert not codes_in(label) and not codes_in(text), (label, codes_in(text))
        assert text.count("Step ") == 4


def test_a_help_card_names_the_kinds_it_scores(lang):  # noqa: F811  (the fixture)
    """The help card says what a card scores by the kind's name ("♣ 植物学"), not by
    the card data's abbreviation ("♣ Bo"), and how it turns in the rules' words."""
    from inkterm.widgets.voynich.common import kind_word

    assert kind_word("Bo") == kind_word("botany") != "Bo"
    st = new_game("voynich", ["Ann", "Bob"], seed=5)
    text = st.describe(st.lookups(0)[0][0], 0)
    assert "rotate" not in text and "flip" not in text, text


def test_chinese_and_japanese_use_the_rules_terms():
    """The Chinese rules say 书写 (Writing) and 共享 (sharing), the Japanese 執筆; the
    board and the log once said 写作 and 分享, and the rules Bo/As/Ba/Wr for the glyphs."""
    from tests.i18n.terms import saying, texts_in

    zh, ja = texts_in("voynich", "zh"), texts_in("voynich", "ja")
    assert saying(zh, "书写") and saying(zh, "写作") == [] and saying(zh, "分享") == []
    assert saying(ja, "執筆")
    for texts in (zh, ja):
        assert [t for t in texts if re.search(r"\b(Bo|As|Ba|Wr)\b", t)] == []
