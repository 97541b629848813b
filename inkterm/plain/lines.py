"""Where plain mode's text goes: whole lines, wrapped to the width in terminal cells
(a wide CJK character takes two; Rich measures), with every hidden character shown as
a visible stand-in, so nothing a save or a name holds can reach the terminal as a
command. Nothing here moves a cursor or sets a colour."""
from __future__ import annotations

import os
import sys
import termios
from typing import TextIO

from rich.cells import cell_len, chop_cells

from inkterm.names import visible

#: The widest line plain mode writes (a screen reader's line, an 80-column terminal).
WIDTH = 80


class Closed(Exception):
    """Nobody reads any more (the pipe's reader has gone, as ``| head`` does)."""


class Lines:
    """Writes text a line at a time to ``out`` (flushed after each, for a pipe)."""

    def __init__(self, out: TextIO | None = None, width: int = WIDTH) -> None:
        self.out = out or sys.stdout
        self.width = width

    def wrapped(self, text: str, indent: int = 0) -> list[str]:
        """``text`` as lines of at most ``width`` cells, every line after the first
        indented by ``indent`` (a choice's hint under its number)."""
        out: list[str] = []
        for paragraph in visible_lines(text):
            for plain in break_lines(paragraph, self.width - indent):
                out.append((" " * indent + plain.lstrip()) if out and indent else plain)
        return out or [""]

    def say(self, text: str = "", indent: int = 0) -> None:
        """Write ``text`` (one or more paragraphs separated by newlines)."""
        try:
            for line in self.wrapped(text, indent):
                self.out.write(line + "\n")
            self.out.flush()
        except BrokenPipeError:
            self._gone()

    def _gone(self) -> None:
        """The reader has gone: what is still written goes nowhere (so Python's own
        flush at exit has no broken pipe to complain of), and the game stops, saved."""
        if self.out is sys.stdout:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        else:
            self.out = open(os.devnull, "w")  # noqa: SIM115  (kept for the rest of the run)
        raise Closed

    def read(self, inp: TextIO, prompt: str = "> ") -> str | None:
        """One line typed after ``prompt`` (without its newline); None at the end of the
        input. A pipe does not show what it gives, so the line is written back after
        the prompt: the text then reads as a dialogue, as on a terminal."""
        try:
            self.out.write(prompt)
            self.out.flush()
        except BrokenPipeError:
            self._gone()
        line = inp.readline()
        if not line:
            self.say()
            return None
        line = line.rstrip("\r\n")
        if not echoes(inp):
            self.say(line)
        return line


#: Characters a line may not begin with (closing punctuation) or end with (opening):
#: each stays with its neighbour, as Chinese and Japanese typesetting keeps them.
NO_LINE_START = frozenset("、。，．：；？！）」』】〕〉》…ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ")
NO_LINE_END = frozenset("（「『【〔〈《")


def _pieces(text: str) -> list[str]:
    """``text`` cut where a line may break: at spaces (kept as pieces of their own),
    and between two wide characters (Chinese and Japanese break between any two),
    never inside a Latin word or before closing punctuation."""
    pieces: list[str] = []
    for ch in text:
        wide = cell_len(ch) == 2
        last = pieces[-1] if pieces else ""
        joins = bool(last) and (
            (ch.isspace() and last[-1].isspace())
            or (not ch.isspace() and not last[-1].isspace() and (
                ch in NO_LINE_START or last[-1] in NO_LINE_END
                or (not wide and cell_len(last[-1]) == 1))))
        if joins:
            pieces[-1] += ch
        else:
            pieces.append(ch)
    return pieces


def break_lines(paragraph: str, width: int) -> list[str]:
    """One paragraph as lines of at most ``width`` terminal cells (Rich measures), each
    broken where a line may break (``_pieces``); a piece longer than a line is cut by
    cells, never through a wide character."""
    lines: list[str] = []
    line = ""
    for piece in _pieces(paragraph):
        if piece.isspace():
            line += piece if line or not lines else ""
            continue
        if line.strip() and cell_len(line + piece) > width:
            lines.append(line.rstrip())
            line = ""
        if cell_len(line + piece) > width:
            *whole, piece = chop_cells(line + piece, width)
            lines += [w.rstrip() for w in whole]
            line = ""
        line += piece
    return [*lines, line.rstrip()]


def visible_lines(text: str) -> list[str]:
    """``text``'s lines, each with hidden characters shown as stand-ins and tabs as spaces."""
    return [visible(line.replace("\t", "    ")) for line in text.split("\n")]


def echoes(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal that shows what is typed."""
    try:
        return stream.isatty() and bool(termios.tcgetattr(stream.fileno())[3] & termios.ECHO)
    except (OSError, ValueError, termios.error, AttributeError):
        return False
