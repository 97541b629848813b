"""The narration helpers: a seat named You reads in the second person, counts agree."""
import pytest

from inkterm.engine.words import act, count, is_you, plural, possessive, verb


@pytest.mark.parametrize("name", ["You", "you", " YOU "])
def test_you_in_any_case_is_the_reader(name):
    assert is_you(name)


@pytest.mark.parametrize("name", ["Ann", "Young", "Yousef", "Your", ""])
def test_other_names_are_third_person(name):
    assert not is_you(name)


@pytest.mark.parametrize(
    "third, base",
    [
        ("acts", "act"), ("gains", "gain"), ("wins", "win"), ("places", "place"),
        ("uses", "use"), ("chooses", "choose"), ("has", "have"), ("is", "are"),
        ("was", "were"), ("does", "do"), ("goes", "go"), ("reaches", "reach"),
        ("pushes", "push"), ("passes", "pass"), ("fixes", "fix"), ("carries", "carry"),
        ("purifies", "purify"), ("plays", "play"), ("Turns", "Turn"),
    ],
)
def test_verb_agrees_with_you_and_stays_for_others(third, base):
    assert verb("You", third) == base
    assert verb("Ann", third) == third


def test_act_conjugates_only_the_first_word():
    assert act("You", "gains 3 money and takes a card.") == "You gain 3 money and takes a card."
    assert act("Ann", "gains 3 money.") == "Ann gains 3 money."
    assert act("You", "is forced to Turn") == "You are forced to Turn"
    assert act("You", "wins") == "You win"


def test_possessive():
    assert possessive("Ann") == "Ann's"
    assert possessive("You") == "your"
    assert possessive("You", start=True) == "Your"
    assert possessive("Ann", start=True) == "Ann's"


@pytest.mark.parametrize(
    "n, noun, text",
    [
        (1, "die", "1 die"), (2, "die", "2 dice"), (0, "die", "0 dice"),
        (1, "card", "1 card"), (3, "card", "3 cards"), (1, "token", "1 token"),
        (2, "leaf", "2 leaves"), (5, "glaze", "5 glaze"), (2, "extra point", "2 extra points"),
    ],
)
def test_count_agrees(n, noun, text):
    assert count(n, noun) == text


def test_plural_takes_an_explicit_form():
    assert plural(2, "piece of gold", "pieces of gold") == "pieces of gold"
    assert plural(1, "piece of gold", "pieces of gold") == "piece of gold"
