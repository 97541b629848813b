"""One English word with two meanings is two messages (a gettext context): a message
in a context renders by it, travels with it, and differs from the word without it."""
from __future__ import annotations

import pytest

from inkterm import i18n
from inkterm.engine.text import Msg, from_data, pmsg, render, to_data


def test_a_context_travels_with_the_message_and_tells_it_apart():
    start = pmsg("favour track", "Start")
    back = from_data(to_data(start))
    assert back == start and back.context == "favour track"
    assert start != Msg("Start") and str(start) == "Start"


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_each_meaning_has_its_own_words(lang):
    catalog = i18n.catalog(lang)
    button, space = catalog.gettext("Start"), catalog.pgettext("favour track", "Start")
    assert "Start" not in (button, space) and button != space
    assert render(pmsg("favour track", "Start"), lang) == space
