"""A table's refusals reach each player in their own language: the server makes a
refusal once, as a message, and each session renders it (a seat reading Chinese or
Japanese read the server's English before)."""
from __future__ import annotations

import re

import pytest

from inkterm.engine import GAMES
from inkterm.engine.text import Msg, render
from inkterm.tables.channel import refusal
from inkterm.tables.manager import TableError
from inkterm.tables.protocol import OpenTable, Steer

from tests.i18n.test_engine_languages import messages, untranslated
from tests.tables.test_manager import GAME, a_table_for_two, chooser, manager, who  # noqa: F401


def refusals(manager) -> list[Msg]:  # noqa: F811
    """Refusals of many kinds, made by the manager as players meet them."""
    said = []

    def refused(do, *args) -> None:
        with pytest.raises(TableError) as caught:
            do(*args)
        said.append(refusal(caught.value))

    table = a_table_for_two(manager)
    d = table.state.decision()
    other = "bob" if chooser(table) == "ann" else "ann"
    refused(manager.choose, who(other), table.code, d.choices[0].key, 0)  # not your turn
    refused(manager.choose, who("cy"), table.code, d.choices[0].key, 0)  # a watcher
    refused(manager.choose, who(chooser(table)), table.code, d.choices[0].key, 5)  # moved on
    refused(manager.join, who("cy"), table.code)  # every seat taken
    refused(manager.join, who("ann"), "ZZZZ")  # no such table
    refused(manager.fill_with_bots, who("bob"), table.code)  # not the host
    refused(manager.take_back, who(other), table.code, 0)  # nothing to take back
    spec = GAMES[GAME]
    refused(manager.open, who("ann"), OpenTable(game=GAME, seats=["me"] * (spec.max_players + 1)))
    refused(manager.open, who("ann"), OpenTable(game=GAME, seats=["me", "me"]))
    refused(manager.open, who("ann"), OpenTable(game=GAME, seats=["me", "zed"]))
    refused(manager.open, who("ann"), OpenTable(game=GAME, seats=["bot", "bot"]))
    waiting, _ = manager.open(who("dee"), OpenTable(game=GAME, seats=["me", "open"]))
    refused(manager.join, who("Dee"), waiting.code)  # a name that clashes with a seat's
    manager.steer(who("ann"), Steer(code=table.code, action="end"))  # the host ends it
    refused(manager.choose, who(chooser(table)), table.code, d.choices[0].key, 0)  # and why it is over
    return said


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_refusals_read_in_the_language(manager, lang):  # noqa: F811
    said = refusals(manager)
    assert len(said) == 13
    for text in said:
        assert isinstance(text, Msg), text
        assert not [m.id for m in messages(text) if untranslated(m, lang)], text
        shown = render(text, lang)
        # Names, table codes and the seat words typed as they are (me, open, a bot's level).
        shown = re.sub(r"'[^']*'|[A-Z]{4,}|ann|bob|cy|dee|Dee|me|open|bot|easy|normal|hard", "", shown)
        assert not re.findall(r"[A-Za-z]{2,}", shown), render(text, lang)


@pytest.mark.parametrize("lang", ["zh", "ja"])
async def test_a_browsers_refused_name_reads_in_the_browsers_language(service, lang):
    """The table server checks a browser tab's name; the tab reads why in its own
    language (it read the server's, English, before)."""
    from inkterm.tables.client import TableClient, TableRefused

    tab = await TableClient.connect(str(service.path), service.issue_token(None))
    for bad in ("", "[/]", "a" * 40, "Zoe\u202e"):
        with pytest.raises(TableRefused) as caught:
            await tab.choose_name(bad)
        why = caught.value.args[0]
        assert isinstance(why, Msg), why
        assert not [m.id for m in messages(why) if untranslated(m, lang)], why
        shown = re.sub(r"'[^']*'|U\+[0-9A-F]+ [A-Z -]+", "", render(why, lang))
        assert not re.findall(r"[A-Za-z]{2,}", shown), render(why, lang)
        assert render(why, "en").startswith("Choose another name: ")
