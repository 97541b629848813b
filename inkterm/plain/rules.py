"""A game's rules as plain lines, by section: Markdown parsed by markdown-it-py
(the parser Rich and Textual use) and told as text — headings as lines of their own,
lists with their dashes and numbers, a table's rows as "Heading: cell; …" sentences,
which a screen reader reads far better than a grid of box lines."""
from __future__ import annotations

from dataclasses import dataclass, field

from markdown_it import MarkdownIt
from markdown_it.token import Token

from inkterm.rules_topics import find_section, rules_text


@dataclass
class Section:
    title: str
    level: int
    #: (text, indent) paragraphs, the heading's own first.
    paragraphs: list[tuple[str, int]] = field(default_factory=list)


def sections(markdown: str) -> list[Section]:
    """The rules' sections in order (text before the first heading is a section titled "")."""
    out = [Section("", 0)]
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    lists: list[list[int]] = []  # per open list: [next number] (0: bullets)
    pending = ""  # a list item's marker, for its first paragraph
    table: list[list[str]] = []
    row: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        kind = tok.type
        if kind == "heading_open":
            title = _inline(tokens[i + 1])
            out.append(Section(title, int(tok.tag[1:]), [("", 0), (title, 0)]))
            i += 3
            continue
        if kind == "bullet_list_open":
            lists.append([0])
        elif kind == "ordered_list_open":
            lists.append([int(tok.attrGet("start") or 1)])
        elif kind in ("bullet_list_close", "ordered_list_close"):
            lists.pop()
        elif kind == "list_item_open":
            number = lists[-1]
            pending = "- " if number[0] == 0 else f"{number[0]}. "
            if number[0]:
                number[0] += 1
        elif kind == "inline" and tokens[i - 1].type == "paragraph_open":
            indent = 2 * max(0, len(lists) - 1)
            out[-1].paragraphs.append((indent * " " + pending + _inline(tok), indent + len(pending)))
            pending = ""
        elif kind in ("fence", "code_block"):
            for line in tok.content.rstrip("\n").split("\n"):
                out[-1].paragraphs.append(("    " + line, 4))
        elif kind == "table_open":
            table = []
        elif kind == "tr_open":
            row = []
        elif kind == "inline" and tokens[i - 1].type in ("th_open", "td_open"):
            row.append(_inline(tok))
        elif kind == "tr_close":
            table.append(row)
        elif kind == "table_close" and table:
            head, *body = table
            for cells in body:
                said = "; ".join(f"{h}: {c}" if h else c for h, c in zip(head, cells) if c)
                out[-1].paragraphs.append((said + ".", 2))
        i += 1
    return out if out[0].paragraphs else out[1:]


def _inline(tok: Token) -> str:
    """An inline token's text: emphasis marks dropped, code and links as their text."""
    parts: list[str] = []
    for child in tok.children or ():
        if child.type in ("text", "code_inline", "html_inline"):
            parts.append(child.content)
        elif child.type == "softbreak":
            parts.append(" ")
        elif child.type == "hardbreak":
            parts.append("\n")
        elif child.type == "image":
            parts.append(child.content)
    return "".join(parts).strip()


class PlainRules:
    """One game's rules, read by section."""

    def __init__(self, game: str) -> None:
        text = rules_text(game)
        self.sections = sections(text) if text is not None else []

    def titles(self) -> list[str]:
        return [s.title for s in self.sections if s.title]

    def section(self, topic: str) -> list[tuple[str, int]] | None:
        """The section ``topic`` names, with its subsections; None if none matches."""
        titled = [s for s in self.sections if s.title]
        index = find_section([s.title for s in titled], topic)
        if index is None:
            return None
        first = titled[index]
        paragraphs = list(first.paragraphs)
        for later in titled[index + 1:]:
            if later.level <= first.level:
                break
            paragraphs += later.paragraphs
        return paragraphs

    def whole(self) -> list[tuple[str, int]]:
        return [p for s in self.sections for p in s.paragraphs]
