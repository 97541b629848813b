"""Table chat is plain text, cut to length and rate-limited."""
from __future__ import annotations

from inkterm.tables.chat import CHAT_BURST, CHAT_WINDOW, MAX_CHAT_CHARS, ChatLimiter, plain_text


def test_control_characters_become_visible_and_markup_stays_as_typed():
    said = plain_text("\x1b[31mred\x07 [b]bold[/b]\r\nnext \u202egnp.exe")
    assert said == "␛[31mred␇ [b]bold[/b]␍␊next <U+202E>gnp.exe"
    assert all(ch.isprintable() for ch in said)


def test_long_lines_are_cut():
    said = plain_text("x" * 1000)
    assert len(said) == MAX_CHAT_CHARS and said.endswith("…")


def test_a_burst_is_limited_per_name_and_the_window_slides():
    now = [0.0]
    limiter = ChatLimiter(clock=lambda: now[0])
    assert all(limiter.allow("ann") for _ in range(CHAT_BURST))
    assert not limiter.allow("ann")
    assert limiter.allow("bob")
    now[0] += CHAT_WINDOW + 0.1
    assert limiter.allow("ann")
