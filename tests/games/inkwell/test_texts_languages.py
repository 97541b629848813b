"""Inkwell's own texts are data read in the reader's language: the score breakdown and
the Rival's log (kept through a save), the tie-break lines, a bottle's reason on the
board, the Turn's gold bonus; the view stays JSON for a shared table."""
import json
import random

from inkterm import i18n
from inkterm.engine import load_game, new_game
from inkterm.engine.text import render
from inkterm.games.inkwell.rules import gold_bonus_words
from inkterm.widgets.inkwell.common import reason, short_reason

from .helpers import set_bottle, start


def played_out(seats, seed):
    st = new_game("inkwell", seats, seed=seed)
    rng = random.Random(seed)
    while not st.is_over:
        st.apply(rng.choice(st.decision().keys))
    return st


def in_lang(lang, f):
    i18n.use(lang)
    try:
        return f()
    finally:
        i18n.use("en")


def test_the_breakdown_and_the_rivals_log_read_in_the_language_after_a_save():
    st = load_game(played_out(["Ann"], 3).to_json())
    english = {label for s in st.result().standings for label, _ in s.breakdown}
    assert {"Time left", "Scored at arrow I", "Scored at the end"} <= english
    assert any(label.startswith("Page I-") and label.endswith(": illustrations") for label in english)
    chinese = in_lang("zh", lambda: {label for s in st.result().standings for label, _ in s.breakdown})
    assert {"剩余时间", "得分：箭头 I", "得分：终点"} <= chinese
    assert any(label.startswith("页面 I-") and label.endswith("：插画") for label in chinese)
    assert "ライバル" in in_lang("ja", lambda: [s.name for s in st.result().standings])
    # the view keeps the shell's strings (a table's server renders them once)
    assert "Time left" in {label for label, _ in st.summary()["players"][0]["breakdown"]}


def test_a_save_before_labels_were_texts_keeps_its_english_labels():
    raw = json.loads(played_out(["Ann"], 3).to_json())
    model = raw["snapshot"]["model"]
    for p in model["players"]:
        del p["labels"]
    del model["rival_whys"]
    st = new_game("inkwell", ["Ann"], seed=3)
    st._restore(model)
    assert "Time left" in {label for label, _ in st.players[0].breakdown}
    assert any(why == "arrow I" for why, _ in st.rival_log)


def test_tie_breaks_read_in_the_language():
    st = played_out(["Ann", "Bob", "Cy"], 5)
    first, second = st.ranking()[:2]
    st.players[second].score = st.players[first].score
    line = render(st.tiebreaks()[0], "zh")
    assert "同为" in line and "III" in line
    assert in_lang("ja", lambda: st.summary()["tiebreaks"][0]).endswith("。")
    assert st.summary()["tiebreaks"][0].endswith(".")  # English where the reader reads English


def test_a_bottles_reason_reads_in_the_language_on_the_board():
    st = start(2)
    set_bottle(st, "C1", [])
    view = st.summary()
    c1 = next(b for b in view["mat"] if b["id"] == "C1")
    json.dumps(view)  # a text's data, not an object: a shared table sends it
    assert reason(c1["why_not"]) == "empty"
    assert in_lang("zh", lambda: reason(c1["why_not"])) == "空"
    closed = dict((str(label), why) for _s, label, why in st.decision().unavailable)
    assert in_lang("ja", lambda: render(closed["Bottle O1"])) == "空"
    out = next(b for b in view["mat"] if not b["active"])
    assert in_lang("zh", lambda: short_reason(out["why_not"])).startswith("少于")


def test_the_turns_gold_bonus_reads_in_the_language():
    assert str(gold_bonus_words(2)) == "gold bonus of 2 gold cubes"
    assert render(gold_bonus_words(2), "zh") == "金色方块奖励 2 个"
    assert render(gold_bonus_words(1), "ja") == "金のボーナス：金のキューブ 1 個"


def test_every_view_of_a_game_is_json():
    st = new_game("inkwell", ["Ann", "Bob", "Cy"], seed=9)
    rng = random.Random(9)
    while not st.is_over:
        json.dumps(st.summary())
        json.dumps(st.view(st.decision().seat))
        st.apply(rng.choice(st.decision().keys))
    json.dumps(st.summary())


def test_japanese_calls_a_technique_by_the_rules_word():
    """The Japanese rules call a technique 技法; every Japanese text of the game does the
    same (a card's text and the inspect lines once said テクニック)."""
    from tests.i18n.terms import saying, texts_in

    texts = texts_in("inkwell", "ja")
    assert saying(texts, "技法") and saying(texts, "テクニック") == []
