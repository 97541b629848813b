"""The five board sections as small diagrams: Botany's plant, the Astrology
constellations, the Baths' channel, the Writing rows and the Recipes."""
from __future__ import annotations

from rich.text import Text

from inkterm.games.voynich import words as W
from inkterm.games.voynich.view import VoynichView
from inkterm.widgets.touch import click_style

from .common import MARK, SECTION_KEY, VoyPart


class SectionView(VoyPart):
    """One board section as a compact diagram, tokens by owner."""

    def __init__(self, section: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.section = section
        self.READS = (f"{section}:",)

    def draw(self, view: VoynichView, touches: frozenset[str]) -> None:  # type: ignore[override]  # drawn by VoynichBoard.show with its own arguments, never through redraw
        sec = self.section
        spaces = view.get("sections", {}).get(sec, {})
        self._players = view.get("players", [])
        self._spaces = spaces
        self._hi = {t.split(":space:", 1)[1] for t in touches if t.startswith(f"{sec}:space:")}
        self._dirty = frozenset(t.split(":dirty:", 1)[1] for t in touches if t.startswith(f"{sec}:dirty:"))
        title = Text(f"{sec.capitalize()} ", style=self.style("head"))
        title.append(SECTION_KEY[sec], style=self.style("muted"))
        body = getattr(self, f"_{sec}")(view)
        if self._hi:
            title.append(f" {MARK}", style=self.style("hi"))
        if sec == "botany":  # the name stands on the first row, to save a line
            title = Text("Botany", style=self.style("head")) + body[0]
            body = body[1:]
        self.show_lines([title, *body])

    def sp(self, key: str, label: str) -> Text:
        """One space: its label and tokens; marked when a choice touches it."""
        hi = key in self._hi
        t = Text()
        t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
        t.append(label, style=self.style("muted") if not hi else "")
        t.append_text(self.tokens(self._spaces.get(key, []), self._players, self._dirty))
        if hi and not self._dirty:
            t.stylize(self.style("hi"), 1)
        t.stylize(click_style(f"{self.section}:space:{key}"))
        return t

    def row(self, label: str, parts: list[Text]) -> Text:
        t = Text(label, style=self.style("head"))
        for p in parts:
            t.append_text(p)
        return t

    def _botany(self, view) -> list[Text]:
        def branch(b: int, slots: str) -> list[Text]:
            return [Text(f" {b}:", style=self.style("muted"))] + [self.sp(f"BR{b}{x}", x) for x in slots]

        return [
            self.row(" root tips", [self.sp(f"RT{i}", f"{i}") for i in range(1, 5)]),
            self.row("   roots ", [self.sp(f"RU{i}", f"{i}") for i in range(1, 5)]
                     + [Text(" →"), self.sp("BASE", "base ")]),
            self.row("   stem  ", [self.sp(f"STEM{i}", f"{i}") for i in range(1, 5)]
                     + [Text(" → flower"), self.sp("FL1", "1"), self.sp("FL2", "2")]),
            self.row("   branch", branch(1, "abc") + branch(2, "abc")),
            self.row("         ", branch(3, "ab") + branch(4, "ab")),
        ]

    def _astrology(self, view) -> list[Text]:
        goat = view.get("goat")
        out = []
        for s in range(1, 6):
            t = Text()
            t.append("goat▸" if s == goat else "     ", style=self.style("head"))
            t.append(f"{s}   ", style=self.style("head"))
            for c in ("I", "O1", "O2"):
                t.append_text(self.sp(f"{s}{c}:star", "★"))
                t.append_text(self.sp(f"{s}{c}:text", "¶"))
                t.append(" ")
            out.append(t)
        return out

    def _baths(self, view) -> list[Text]:
        arrow = Text(" →", style=self.style("muted"))
        return [
            self.row(" left ", [self.sp("FNL", "fountain"), self.sp("SL1", "1"), self.sp("SL2", "2"),
                                Text(" ↘", style=self.style("muted"))]),
            self.row(" right", [self.sp("FNR", "fountain"), self.sp("DW", "dirty water"),
                                self.sp("SR1", "1"), Text(" ↗", style=self.style("muted"))]),
            self.row(" then", [self.sp("J1", "1"), self.sp("J2", "2"), arrow, self.sp("POOL1", "Pool 1 ")]),
            self.row("", [Text(" channel", style=self.style("muted")), self.sp("CH1", "1"), self.sp("CH2", "2"),
                                 arrow, Text(" Pool 2", style=self.style("muted"))]
                     + [self.sp(f"P2{x}", x) for x in "abcd"]),
        ]

    def _writing(self, view) -> list[Text]:
        board = view.get("board", {}).get("writing", {})
        out = []
        for w in range(1, 6):
            info = board.get(f"W{w}", {})
            t = Text(f" {w}", style=self.style("head"))
            for i in range(1, info.get("texts", 4) + 1):
                t.append_text(self.sp(f"W{w}:t{i}", ""))
            t.append("│", style=self.style("muted"))
            for i in range(1, info.get("stars", 2) + 1):
                t.append_text(self.sp(f"W{w}:s{i}", ""))
            if info.get("head"):
                t.append(f"│ {W.reward(info['head'], short=True)}", style=self.style("muted"))
            out.append(t)
        return out

    def _recipes(self, view) -> list[Text]:
        board = view.get("board", {}).get("recipes", {})
        out = []
        for pair in ((("star", "★"), ("leaf", "♣")), (("drop", "≈"), ("text", "¶"))):
            t = Text()
            for kind, glyph in pair:
                t.append(f" {glyph}", style=self.style("head"))
                printed = board.get(kind, [])
                for i in range(1, 5):
                    mult = printed[i - 1] if kind == "text" and i <= len(printed) else ""
                    t.append_text(self.sp(f"{kind}:{i}", mult.replace("x", "×") if mult else f"{i}"))
                t.append("  ")
            out.append(t)
        return out
