"""The engine's texts as data (engine/text.py): rendered in the language of the process
that reads them, equal by their data in every language, carried as data over pydantic
(the table protocol) and in snapshots, and a plain string is still a text."""
from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from inkterm import i18n
from inkterm.engine.text import Msg, Term, english, nmsg, sentences
from inkterm.engine.types import Choice, Decision, Event


@pytest.fixture
def reading():
    """Switch this process's language for a test, back to English after it."""
    yield i18n.use
    i18n.use("en")


def test_english_second_person_and_plurals():
    assert str(Msg("{who} gains {n} money", who="Ann", n=3)) == "Ann gains 3 money"
    assert str(Msg("{who} gains {n} money", who="You", n=3)) == "You gain 3 money"
    assert str(Msg("{who}'s turn.", who="You")) == "Your turn."
    assert str(nmsg("{n} token", "{n} tokens", 1)) == "1 token"
    assert str(nmsg("{n} token", "{n} tokens", 4)) == "4 tokens"


def test_a_message_renders_in_the_language_active_where_it_is_read(reading):
    m = Msg("{first} {second}", first=nmsg("{n} token", "{n} tokens", 2), second=Msg("no dice"))
    assert str(m) == "2 tokens no dice"
    reading("zh")
    assert str(m) == "2 枚标记没有骰子"
    reading("ja")
    assert str(m) == "トークン 2 個ダイスがない"
    assert m.render("en") == english(m) == "2 tokens no dice"


def test_lists_are_joined_by_the_language_and_you_is_the_reader(reading):
    m = Msg("{who} gains {n} money.", who="You", n=1)
    listed = Msg("Round {round}: {who} starts. Dice: {dice}", round=1, who="Ann",
                 dice=(Msg("{zone} {n}", zone="A", n=1), Msg("{zone} {n}", zone="B", n=2)))
    assert str(listed).endswith("A 1, B 2")
    reading("zh")
    assert str(m) == "你获得 1 钱。"
    assert str(listed).endswith("A 1、B 2")


def test_equality_and_keys_do_not_depend_on_the_language(reading):
    a = Choice("k", Msg("Take {card}", card=Term("g", "cards", "C1", "Cup")), Msg("no dice"))
    b = Choice("k", Msg("Take {card}", card=Term("g", "cards", "C1", "Cup")), Msg("no dice"))
    other = Choice("k", Msg("Give back {card}", card=Term("g", "cards", "C1", "Cup")), Msg("no dice"))
    for lang in ("en", "zh", "ja"):
        reading(lang)
        assert a == b and a != other and hash(a.label) == hash(b.label)


def test_texts_travel_as_data_and_old_plain_strings_still_validate():
    d = Decision(0, Msg("{who}'s turn.", who="You"),
                 [Choice("c", nmsg("{n} die", "{n} dice", 2), Term("g", "cards", "C1", "Cup", "text"))],
                 unavailable=(("1", Term("g", "cards", "C2", "Bowl"), Msg("no dice")),))
    adapter = TypeAdapter(Decision)
    back = adapter.validate_json(adapter.dump_json(d))
    assert back.prompt == d.prompt and back.choices == d.choices and back.unavailable == d.unavailable
    assert str(back.prompt) == "Your turn." and str(back.choices[0].label) == "2 dice"
    old = TypeAdapter(Event).validate_json(b'{"text": "Ann gains 3 money.", "seat": 0, "kind": "info"}')
    assert old.text == "Ann gains 3 money." and isinstance(old.text, str)
    with pytest.raises(ValueError):
        Msg.from_data({"nonsense": 1})


def test_a_broken_translation_still_says_the_english():
    m = Msg("{who} ends the turn.")  # the rules always give who; a missing value must not raise
    m.args["who"] = "Ann"
    assert str(m) == "Ann ends the turn."
    assert str(sentences("", Msg("no dice"), "")) == "no dice" and sentences() == ""


def test_a_seat_named_you_in_a_list_is_the_reader_in_its_language(reading):
    """"Turn order: You, bot" reads "你、bot" in Chinese (the list's names, like a
    message's own name parameter), and plain mode's score line names the reader too."""
    from inkterm.plain.board import score_sentence

    m = Msg("Turn order: {order}.", order=("You", "bot", "You"))
    assert str(m) == "Turn order: You, bot, You."
    assert score_sentence({"name": "You", "score": 2}) == "You: 2 points."
    reading("zh")
    assert m.render() == "Turn order: 你、bot、你."  # (an untranslated sentence: the list is the point)
    assert score_sentence({"name": "You", "score": 2}).startswith("你")
    reading("ja")
    assert score_sentence({"name": "You", "score": 2}).startswith("あなた")


def test_a_seat_named_you_in_a_wordless_message_is_the_reader(reading):
    """A message of placeholders alone ("{name} {score}", in the game-over line "bot 41,
    You 2") has no translation to find, yet names the reader in the reader's language."""
    m = Msg("Game over. {scores}.", scores=(Msg("{name} {score}", name="You", score=2),))
    assert str(Msg("{name} {score}", name="You", score=2)) == "You 2"
    reading("ja")
    assert Msg("{name} {score}", name="You", score=2).render() == "あなた 2"
    assert "You" not in m.render() and "You" in m.render("en")
