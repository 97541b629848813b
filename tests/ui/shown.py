"""What the screen shows, read through Textual's public screenshot (the SVG of
``App.export_screenshot``) rather than the compositor's private strips."""
from __future__ import annotations

import html
import re
from unittest.mock import patch

from rich.cells import cell_len
from rich.console import Console
from rich.terminal_theme import SVG_EXPORT_THEME

CHAR_WIDTH = 12.2  # Rich's SVG export: one terminal cell at its 20px font
_TEXT = re.compile(r'<text class="[^"]*-r\d+" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
                   r'clip-path="url\(#[^)]*-line-(\d+)\)">([^<]*)</text>')
_TEXT_CLASS = re.compile(r'<text class="([^"]*-r\d+)" x="([\d.]+)" y="[\d.]+" textLength="[\d.]+" '
                         r'clip-path="url\(#[^)]*-line-(\d+)\)">([^<]*)</text>')
_CLASS_FILL_BY_NAME = re.compile(r"\.([\w-]+-r\d+) \{ fill: (#[0-9a-fA-F]{6})")
_CLASS_FILL = re.compile(r"\.terminal-\d+-r\d+ \{ fill: (#[0-9a-fA-F]{6})")
_RECT_FILL = re.compile(r'<rect fill="(#[0-9a-fA-F]{6})"')


_export_svg = Console.export_svg


def _export_svg_named(console: Console, **options) -> str:
    return _export_svg(console, **{"unique_id": "terminal-0", **options})


def screenshot(app) -> str:
    """``app.export_screenshot()``, its SVG's ids given rather than made: Rich makes
    them from a hash of everything drawn, half the time of the whole export."""
    with patch.object(Console, "export_svg", _export_svg_named):
        return app.export_screenshot()


def screen_lines(app, svg: str | None = None) -> list[str]:
    """The screen as lines of text, each as wide as the screen (from ``svg``, a
    screenshot already taken, if given)."""
    width, height = app.size
    cells: list[dict[int, str]] = [{} for _ in range(height)]
    for x, line, text in _TEXT.findall(svg or screenshot(app)):
        text = html.unescape(text).replace("\xa0", " ").rstrip("\n")
        if text and int(line) < height:
            cells[int(line)][round(float(x) / CHAR_WIDTH)] = text
    return [_join(row, width) for row in cells]


def _join(row: dict[int, str], width: int) -> str:
    out, at = [], 0
    for column in sorted(row):
        out.append(" " * max(0, column - at) + row[column])
        at = max(at, column) + cell_len(row[column])
    return ("".join(out) + " " * max(0, width - at))


def screen_text(app) -> str:
    return "\n".join(screen_lines(app))


def screen_colours(app) -> set[str]:
    """Every colour the app sets on the screen, foreground and background, as #rrggbb
    (not the export's own defaults, which stand for "the terminal's colour")."""
    svg = screenshot(app)
    defaults = {SVG_EXPORT_THEME.foreground_color.hex, SVG_EXPORT_THEME.background_color.hex}
    return {c.lower() for c in _CLASS_FILL.findall(svg) + _RECT_FILL.findall(svg)} - defaults


def screen_ink(app) -> list[tuple[str, list[tuple[int, str, str]]]]:
    """Per screen line: its text, and each run of text on it as (column, text, colour
    #rrggbb) — what colour a word is drawn in, read from the public screenshot."""
    svg = screenshot(app)
    fills = {name: colour.lower() for name, colour in _CLASS_FILL_BY_NAME.findall(svg)}
    runs: list[list[tuple[int, str, str]]] = [[] for _ in range(app.size.height)]
    for cls, x, line, text in _TEXT_CLASS.findall(svg):
        text = html.unescape(text).replace("\xa0", " ").rstrip("\n")
        if text and int(line) < app.size.height:
            runs[int(line)].append((round(float(x) / CHAR_WIDTH), text, fills.get(cls, "")))
    lines = screen_lines(app, svg)
    return [(lines[i], sorted(runs[i])) for i in range(len(lines))]
