"""Names are checked the same way at every door (inkterm.names): printable only,
normalised, bounded, and never a lookalike of a name already there. The doors
themselves are tested where they are: the command line here, the setup screen in
tests/ui/test_plain_text.py, SSH logins in tests/serve/test_openssh_client.py, a
browser tab's name in tests/tables/test_channel.py, a table's seats in
tests/tables/test_manager.py."""
from __future__ import annotations

import pytest

from inkterm import cli
from inkterm.bots import check_seats
from inkterm.engine import GAMES
from inkterm.names import MAX_NAME, BadName, check_name, clash, clean_name, skeleton, visible

GAME = next(g for g in sorted(GAMES) if GAMES[g].min_players <= 3 <= GAMES[g].max_players)


@pytest.mark.parametrize("hidden", ["\x1b[31m", "\x07", "\u202e", "\u200b", "\u2028", "\u2029",
                                    "\ue000", "\U000e0001", "\u0378", "\ud800", "\u3164"])
def test_control_format_separator_private_unassigned_and_blank_characters_are_refused(hidden):
    with pytest.raises(BadName, match=f"U\\+{ord(hidden[0]):04X}"):
        clean_name(f"Ann{hidden}x")


def test_a_name_is_normalised_trimmed_and_bounded():
    assert clean_name("  Ｚｏｅ   Ａ ") == "Zoe A"  # NFKC: fullwidth is plain; spaces made one
    assert clean_name("Zoe\u0308") == clean_name("Zoë") == "Zoë"  # one spelling of ë
    assert clean_name("李小龍") == "李小龍" and clean_name("[bold]X") == "[bold]X"
    assert clean_name("x" * MAX_NAME) == "x" * MAX_NAME
    for too_long in ("x" * (MAX_NAME + 1), "李" * (MAX_NAME // 2 + 1)):  # characters, or cells
        with pytest.raises(BadName, match="at most"):
            clean_name(too_long)
    for nameless in ("", "   ", "[/]", "🎲", "..."):
        with pytest.raises(BadName):
            clean_name(nameless)


def test_lookalikes_clash_and_accents_do_not():
    """"Zоe" (a Cyrillic о) is Zoe to a reader; so are ZOE and Z0E. "Zoë" is not: the
    diaeresis shows, TR39 keeps it apart, and both are real names, so refusing it
    would refuse a real person's name."""
    for lookalike in ("Z\u043ee", "ZOE", "zoe", "Z0E", "Ｚoe"):
        assert clash(lookalike, ["Ann", "Zoe"]) == "Zoe", lookalike
    assert skeleton("Zoë") != skeleton("Zoe")
    assert clash("Zoë", ["Zoe"]) is None
    with pytest.raises(BadName, match="looks the same as 'Zoe'.*CYRILLIC SMALL LETTER O"):
        check_name("Z\u043ee", taken=["Zoe"])
    assert check_name("Zoë", taken=["Zoe"]) == "Zoë"


def test_seats_keep_the_bots_grammar_and_refuse_lookalikes():
    assert check_seats(["Ann", "bot", "bot", "search:50"]) == ["Ann", "bot", "bot 2", "search:50"]
    assert check_seats(["Ｚｏｅ", "Zoë"]) == ["Zoe", "Zoë"]
    for seats, said in ((["Zoe", "Z\u043ee"], "looks the same"), (["Ann", "ann"], "two seats"),
                        (["b\u043et", "bot"], "looks the same"), (["Ann", "A\x1bB"], "U\\+001B"),
                        (["Ann", "search:x"], "not a valid bot")):
        with pytest.raises(ValueError, match=said):
            check_seats(seats)


@pytest.mark.parametrize("seats,said", [("Ann,[/]", "no letter or digit"),
                                        ("Ann,Zoe,Z\u043ee", "looks the same as 'Zoe'"),
                                        ("Ann,\u202eevil", "U+202E RIGHT-TO-LEFT OVERRIDE")])
def test_the_command_line_refuses_a_name_in_one_line(seats, said, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path))
    assert cli.main(["play", GAME, "--seats", seats]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "--seats" in err
    assert not (tmp_path / "saves").exists()  # nothing was started, nothing saved


def test_visible_stand_ins():
    assert visible("A\x1b[31m\u202eB") == "A␛[31m<U+202E>B"
    assert visible("[bold]X 李") == "[bold]X 李"


def test_a_served_log_line_shows_a_name_as_text():
    """A name from an old table file, or a path, cannot add a line to the server's
    log or colour the host's terminal."""
    import logging

    from inkterm.serve.common import PlainLogFormatter

    record = logging.LogRecord("inkterm.serve", logging.INFO, __file__, 1, "%s logged in",
                               ("ann\nINFO root logged in\x1b[31m",), None)
    line = PlainLogFormatter("%(levelname)s %(message)s").format(record)
    assert line == "INFO ann␊INFO root logged in␛[31m logged in"


def test_the_command_line_prints_a_file_name_as_text(capsys, monkeypatch, tmp_path):
    """A save file named with an escape sequence is listed, not obeyed, by the
    terminal that runs `inkterm continue`."""
    monkeypatch.setenv("INKTERM_HOME", str(tmp_path))
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "evil\x1b]2;owned\x07.save.json").write_text("{}")
    assert cli.main(["continue", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "evil␛]2;owned␇.save.json" in err and "\x1b" not in err and "\x07" not in err


def test_cells_are_measured_as_rich_measures_them():
    """A name's width is what every screen gives it (Rich's cell widths): wide and
    fullwidth characters two, combining marks none, emoji as Rich draws them."""
    from rich.cells import cell_len

    from inkterm.names import cells

    for text in ("Zoe", "李小龍", "Zoe\u0308", "ｶﾀｶﾅ", "アン", "🎲 x", "e\u0301\u0301", "한국"):
        assert cells(text) == cell_len(text), text
    assert cells("李小龍") == 6 and cells("Zoe\u0308") == 3 and cells("ｶﾀｶﾅ") == 4
    # the name rules keep their bounds: as many cells as characters at most
    assert clean_name("李" * (MAX_NAME // 2)) == "李" * (MAX_NAME // 2)
    with pytest.raises(BadName, match="at most"):
        clean_name("李" * (MAX_NAME // 2) + "x")


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_a_refusal_is_words_rendered_in_the_readers_language(lang):
    """The server checks a name; the person who chose it reads why in their own
    language, whatever the server's (a browser's name was refused in the server's)."""
    import re

    from inkterm import i18n

    assert i18n.language() == "en"
    for bad, taken in (("", ()), ("[/]", ()), ("a" * 40, ()), ("Z\u043ee", ("Zoe",)), ("ANN", ("ann",)),
                       ("Ann\u202e", ())):
        with pytest.raises(BadName) as caught:
            check_name(bad, taken)
        said = caught.value.render(lang)
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", said), said
        rest = re.sub(r"'[^']*'|U\+[0-9A-F]+ [A-Z -]+", "", said)  # names and characters' own names
        assert not re.findall(r"[A-Za-z]{2,}", rest), said
        assert str(caught.value) == caught.value.render("en") and re.search("[a-z]{3}", str(caught.value))
