"""The five board sections drawn as the printed board lays them out, every space with
what it gives (its printed reward, in the board's glyphs) and the token on it:
Botany's plant from its root tips up to the flowers, Astrology's five sectors with an
inner and two outer constellations each and the goat, the Baths' streams from the two
fountains down to the pools, Writing's rows (head, stars, texts) and the Recipes' rows.

The rewards are read from the view's ``board`` (the game's data), never written here;
``inkterm.games.voynich.words.reward_glyphs`` puts them in glyphs and ``GLYPH_WORDS``
says each glyph in words for the legend line under every section."""
from __future__ import annotations

from collections.abc import Iterable

from rich.cells import set_cell_size
from rich.text import Text

from inkterm.games.voynich import words as W
from inkterm.games.voynich.view import TokenView, VoynichView
from inkterm.i18n import gettext as _
from inkterm.widgets.touch import click_style

from .common import MARK, VoyPart, token_label

#: The botany rows' labels (the roots above their tips).
ROW_WORDS = {"roots": lambda: _("roots"), "tips": lambda: _("tips")}

#: An empty space (a token's place printed on the board).
EMPTY = "○"
#: An outer Astrology space closed until its sector's inner one is filled.
CLOSED = "-"


class SectionView(VoyPart):
    """One board section as its printed diagram, tokens by owner, rewards beside
    their spaces. ``wide``: the whole table is on screen, and Astrology has the full
    width for a line a sector."""

    def __init__(self, section: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.section = section
        self.READS = (f"{section}:",)
        self._spaces: dict[str, list[TokenView]] = {}
        self._players: list = []
        self._hi: set[str] = set()
        self._dirty: frozenset[str] = frozenset()
        self._glyphs: list[str] = []

    def draw(self, view: VoynichView, touches: frozenset[str], wide: bool = False) -> None:  # type: ignore[override]  # drawn by VoynichBoard.show with its own arguments, never through redraw
        sec = self.section
        self._spaces = view.get("sections", {}).get(sec, {})
        self._players = view.get("players", [])
        self._hi = {t.split(":space:", 1)[1] for t in touches if t.startswith(f"{sec}:space:")}
        self._dirty = frozenset(t.split(":dirty:", 1)[1] for t in touches if t.startswith(f"{sec}:dirty:"))
        self._glyphs = []
        board = view.get("board", {})
        body = getattr(self, f"_{sec}")(view, board, wide)
        lines = body if wide else [*body, self._legend()]  # wide: the board's one legend
        if self._hi or self._dirty or touches & {f"{sec}:goat", f"{sec}:section"}:
            lines[0].append(f" {MARK}", style=self.style("hi"))
        self.show_lines(lines)

    # --- the pieces every section is drawn with -------------------------------------------
    def title(self, name: str, how: str) -> Text:
        t = Text().append(name, style=self.style("head"))
        t.append(f"  {how}", style=self.style("muted"))
        return t

    def glyphs(self, text: str) -> str:
        """``text`` (a reward in glyphs), noting the legend's glyphs it uses."""
        for g in W.GLYPH_WORDS:
            if g in text and g not in self._glyphs:
                self._glyphs.append(g)
        return text

    def reward(self, code: str) -> Text:
        return Text(self.glyphs(W.reward_glyphs(code)))

    def space(self, key: str, label: str = "", code: str | None = None, *, closed: bool = False,
              bare: bool = False) -> Text:
        """A space: the highlight mark (or a gap), its label, its printed reward and what
        is on it (``○`` empty, ``·`` not open yet); clickable."""
        hi = key in self._hi
        t = Text()
        t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
        if label:
            # a number's label is kept apart from the reward's number by a colon
            # a short label (a number, a letter) takes a colon, a word a space
            sep = (":" if len(label) == 1 or label[-1].isdigit() else " ") if code else ""
            t.append(label + sep, style=self.style("muted"))
        if code is not None:
            t.append_text(self.reward(code))
        t.append_text(self.slot(self._spaces.get(key, []), closed, bare))
        if hi and not self._dirty:
            t.stylize(self.style("hi"), 1)
        t.stylize(click_style(f"{self.section}:space:{key}"))
        return t

    def slot(self, toks: list[TokenView], closed: bool = False, bare: bool = False) -> Text:
        """What stands on a space: ``○``, or each token by owner and kind (``bare``: by
        owner alone where the space takes one kind)."""
        if not toks:
            self.glyphs(CLOSED if closed else EMPTY)
            return Text(CLOSED if closed else EMPTY, style=self.style("muted"))
        out = Text()
        counted: dict[str, list] = {}
        for tok in toks:
            label, sty = token_label(tok, self._players)
            if bare and not tok.get("dirty"):
                label = label[0] + label[2:] if tok.get("kind") == "text" else label[0]
            counted.setdefault(label, [sty, 0])[1] += 1
        for i, (label, (sty, n)) in enumerate(counted.items()):
            if i:
                out.append(",", style=self.style("muted"))
            # a token stands out from the printed space as a block (reverse: without colour too)
            out.append(label + (f"×{n}" if n > 1 else ""), style=self.style(sty) + self.style("token"))
        self.glyphs("R♣")
        if "✓" in out.plain:
            self.glyphs("✓")
        return out

    def line(self, head: str, parts: Iterable[Text], style: str = "head") -> Text:
        t = Text().append(head, style=self.style(style))
        for p in parts:
            t.append_text(p)
        return t

    @property
    def glyphs_used(self) -> list[str]:
        """The legend's glyphs this section drew (the knowledge types go without saying)."""
        return [g for g in self._glyphs if g not in ("♣", "★", "≈", "¶", "OK")]

    def _legend(self) -> Text:
        return Text(W.legend(self.glyphs_used), style=self.style("muted"))

    # --- Botany: the plant, flowers on top, the root tips at the bottom -------------------
    def _botany(self, view, board, wide) -> list[Text]:
        bo = board.get("botany", {})
        muted = self.style("muted")

        def sp(key: str, label: str = "") -> Text:
            return self.space(key, label, bo.get(key, {}).get("reward", ""))

        stems = sorted((k for k in bo if k.startswith("STEM")), reverse=True)
        branches: dict[str, list[str]] = {}
        for k, info in bo.items():
            if info.get("branch"):
                branches.setdefault(info["branch"], []).append(k)
        out = [self.title(_("Botany"), _("drops climb from the tips")),
               self.line(" " + _("flowers"), [sp(k, k[-1]) for k in bo if k.startswith("FL")]),
               Text(" " + set_cell_size(_("stem"), 9) + " ├ " + _("branches"), style=muted)]
        width = max((len(W.reward_glyphs(bo[k]["reward"])) for k in stems), default=0) + 4
        for k in stems:
            n = k[-1]
            stem = Text().append(f" {n}", style=self.style("head"))
            stem.append_text(sp(k))
            stem.pad_right(max(0, width - stem.cell_len))
            stem.append(" ├", style=muted)
            stem.append_text(self.line("", [sp(b, b[-1]) for b in branches.get(f"BR{n}", [])]))
            out.append(stem)
        out.append(self.line(" " + _("base"), [sp("BASE", " " + _("leaves start") + " "), Text("↑", style=muted)]))
        # the roots above their tips, in numbered columns (a drop climbs straight up)
        rows = {"roots": [k for k in bo if k.startswith("RU")], "tips": [k for k in bo if k.startswith("RT")]}
        cells = {name: [sp(k) for k in keys] for name, keys in rows.items()}
        widths = [max((row[i].cell_len for row in cells.values() if i < len(row)), default=1)
                  for i in range(len(rows["tips"]))]
        numbers = Text("      ")
        for i, w in enumerate(widths):
            numbers.append(f" {i + 1:<{w - 1}}", style=muted)
        out.append(numbers)
        for name, row in cells.items():
            t = Text().append(" " + set_cell_size(ROW_WORDS[name](), 5), style=self.style("head"))
            for cell, w in zip(row, widths):
                cell.pad_right(max(0, w - cell.cell_len))
                t.append_text(cell)
            out.append(t)
        return out

    # --- Astrology: five sectors, an inner and two outer constellations each ----------------
    def _astrology(self, view, board, wide) -> list[Text]:
        consts = board.get("astrology", {})
        goat = str(view.get("goat"))
        gated = set(view.get("gated", []))
        pays = view.get("goat_pays", {})
        sectors = sorted({k[0] for k in consts})
        rings = ("I", "O1", "O2")
        # the goat's next sectors and what entering each would pay now (×2 enters two)
        nxt = sectors[(sectors.index(goat) + 1) % len(sectors)] if goat in sectors else None
        title = self.title(_("Astrology"), _("goat on {sector}").format(sector=goat))
        if nxt is not None:
            after = sectors[(sectors.index(nxt) + 1) % len(sectors)]
            title.append(_("; turned it pays "), style=self.style("muted"))
            for s, sep in ((nxt, _(", ")), (after, "")):
                t = Text().append(f"→{s} ", style=self.style("muted"))
                t.append(self.glyphs(W.reward_glyphs(pays.get(s, ""))) or _("nothing"))
                t.stylize(click_style("astrology:goat"))
                title.append_text(t)
                title.append(sep, style=self.style("muted"))
        out = [title]

        def star(k: str) -> Text:
            return self.space(f"{k}:star", "★", consts[k]["star"], closed=f"{k}:star" in gated, bare=True)

        def text(k: str) -> Text:
            return self.space(f"{k}:text", "¶", closed=f"{k}:text" in gated, bare=True)

        def pays_for(k: str) -> Text:
            """The constellation's reward, with how near it is: ½ (one of star and
            text placed: the next one pays), ✓ (both: paid)."""
            has = sum(bool(self._spaces.get(f"{k}:{part}")) for part in ("star", "text"))
            t = Text()
            t.append(("", "½", "✓")[has], style=self.style("current"))
            if has == 1:
                self.glyphs("½")
            t.append(self.glyphs("⇒") + self.glyphs(W.reward_glyphs(consts[k]["constellation"])),
                     style=self.style("current") if has == 1 else self.style("muted") if has == 2 else "")
            t.stylize(click_style(f"astrology:space:{k}"))
            return t

        def sector(s: str) -> Text:
            here = goat == s
            t = Text().append("▶" if here else " ", style=self.style("current"))
            t.append(s, style=self.style("current") if here else self.style("head"))
            return t

        names = {"I": _("inner"), "O1": _("outer 1"), "O2": _("outer 2")}
        if wide:  # a line a sector: inner, outer 1, outer 2 side by side
            head = Text("  ")
            for ring in rings:
                head.append(" " + set_cell_size(names[ring], 22), style=self.style("muted"))
            out.append(head)
            for s in sectors:
                t = sector(s)
                for ring in rings:
                    k = f"{s}{ring}"
                    cell = star(k) + text(k) + pays_for(k)
                    cell.pad_right(max(0, 23 - cell.cell_len))
                    t.append_text(cell)
                out.append(t)
            return out
        # two lines a sector: the star spaces, then the text spaces and what each pays
        head = Text("  ")
        for ring in rings:
            head.append(" " + set_cell_size(names[ring], 13), style=self.style("muted"))
        out.append(head)
        for s in sectors:
            top, low = sector(s), Text("  ")
            for ring in rings:
                k = f"{s}{ring}"
                a, b = star(k), text(k) + pays_for(k)
                a.pad_right(max(0, 14 - a.cell_len))
                b.pad_right(max(0, 14 - b.cell_len))
                top.append_text(a)
                low.append_text(b)
            out += [top, low]
        return out

    # --- Baths: two fountains, streams down to Pool 1, a channel to Pool 2 -----------------
    def _baths(self, view, board, wide) -> list[Text]:
        ba = board.get("baths", {})
        muted = self.style("muted")
        dirty_in_pool = [tok["dirty"] for tok in self._spaces.get("POOL1", []) if tok.get("dirty")]
        others = [tok for tok in self._spaces.get("POOL1", []) if not tok.get("dirty")]

        def sp(key: str, label: str = "") -> Text:
            return self.space(key, label, ba.get(key, {}).get("reward", ""))

        def arrow(text: str) -> Text:
            return Text(text, style=muted)

        def at(text: Text, column: int) -> Text:
            text.pad_right(max(0, column - text.cell_len))
            return text

        # as printed: the fountains on top, the right one's dirty water pushing left into
        # its stream; both streams join above Pool 1
        sl1, sr1, dw = sp("SL1", "1"), sp("SR1", "1"), sp("DW", _("dirty"))
        right = 15 + sr1.cell_len + 3  # the right fountain stands over the dirty water
        out = [self.title(_("Baths"), _("each push pays where it lands")),
               at(self.line(" " + _("left fountain"), [sp("FNL")]), right) + self.line(_("right"), [sp("FNR")]),
               at(arrow(" ↓"), right + 1) + arrow("↓"),
               at(self.line("", [sl1]), 15) + self.line("", [sr1, arrow(" ←"), dw]),
               at(arrow(" ↓"), 16) + arrow("↓"),
               self.line("", [sp("SL2", "2"), arrow(" →"), sp("J1", _("joined 1"))])]
        hi = "POOL1" in self._hi
        label = Text().append(MARK if hi else " ", style=self.style("mark") if hi else "")
        label.append(_("Pool 1"), style=self.style("hi") if hi else self.style("head"))
        if others or not dirty_in_pool:  # the dirty drops there are listed below, with their rewards
            label.append_text(self.slot(others))
        label.stylize(click_style("baths:space:POOL1"))
        pool = self.line("", [arrow("               ↓"), sp("J2", "2"), arrow(" →"), label])
        out.append(pool)
        drops = Text().append(" " + _("purify:"), style=muted)
        for d in dirty_in_pool:
            hi = d in self._dirty
            t = Text().append(MARK if hi else " ", style=self.style("mark") if hi else "")
            t.append(f"✕{d.lstrip('d')} ", style=self.style("hi" if hi else "dirty"))
            t.append_text(self.reward(board.get("dirty_drops", {}).get(d, "")))
            t.stylize(click_style(f"baths:dirty:{d}"))
            if drops.cell_len + t.cell_len > 40:
                out.append(drops)
                drops = Text("        ")
            drops.append_text(t)
        if dirty_in_pool:
            self.glyphs("✕")
            out.append(drops)
        out.append(self.line("", [arrow(" " + _("a leaf goes on") + " →"), sp("CH1", _("channel")), arrow(" →"), sp("CH2"),
                                  arrow(" →")]))
        pool2 = [k for k, info in ba.items() if info.get("pool2")]
        half = (len(pool2) + 1) // 2
        out.append(self.line(" " + _("Pool 2"), [sp(k, k[-1]) for k in pool2[:half]]))
        out.append(self.line("       ", [sp(k, k[-1]) for k in pool2[half:]]))
        return out

    # --- Writing: rows of a head, two stars and texts filled from the left -----------------
    def _writing(self, view, board, wide) -> list[Text]:
        rows = board.get("writing", {})
        star_pays = view.get("star_pays", {})
        out = [self.title(_("Writing"), _("head  ★ ★│texts from the left"))]
        room = self.content_size.width or 44
        width = max((len(W.reward_glyphs(info["head"])) for info in rows.values()), default=0) + 1
        self.glyphs("⇒")
        for r, info in rows.items():
            t = Text().append(f" {r[1:]}", style=self.style("head"))
            head = Text(" ⇒" + self.glyphs(W.reward_glyphs(info["head"])))
            head.stylize(click_style(f"writing:space:{r}"), 1)
            head.pad_right(max(0, width + 2 - head.cell_len))
            t.append_text(head)
            for i in range(1, info.get("stars", 2) + 1):
                t.append_text(self.space(f"{r}:s{i}", bare=True))
            t.append("│", style=self.style("muted"))
            for i in range(1, info.get("texts", 4) + 1):
                t.append_text(self.space(f"{r}:t{i}", bare=True))
            pays = W.reward_glyphs(star_pays.get(r, ""))
            if pays and t.cell_len + 3 + len(pays) <= room:  # where it fits: what its texts add now
                t.append(f" ★+{self.glyphs(pays)}", style=self.style("muted"))
                self.glyphs("★+")
            out.append(t)
        faces = Text().append(" " + _("texts"), style=self.style("muted"))
        for tid, (face, back) in board.get("texts", {}).items():
            faces.append(f" ¶{tid.lstrip('t')} {self.glyphs(W.reward_glyphs(face))}/"
                         f"{self.glyphs(W.reward_glyphs(back))}✓", style=self.style("muted"))
        self.glyphs("✓")
        out.append(faces)
        return out

    # --- Recipes: a row of four a token kind ------------------------------------------------
    def _recipes(self, view, board, wide) -> list[Text]:
        rows = board.get("recipes", {})
        glyph = {"star": "★", "leaf": "♣", "drop": "≈", "text": "¶"}
        cells = {kind: [self.space(f"{kind}:{i}", "", code) for i, code in enumerate(printed, 1)]
                 for kind, printed in rows.items()}
        widths = [max((row[i].cell_len for row in cells.values() if i < len(row)), default=1)
                  for i in range(max(map(len, cells.values()), default=0))]
        head = Text().append(_("Recipes"), style=self.style("head"))
        head.append("  " + _("from other sections"), style=self.style("muted"))
        numbers = Text("     ")
        for i, w in enumerate(widths):
            numbers.append(f" {i + 1:<{w - 1}}", style=self.style("muted"))
        out = [head, numbers]
        for kind, row in cells.items():
            t = Text().append(f"   {glyph.get(kind, kind)} ", style=self.style("head"))
            for cell, w in zip(row, widths):
                cell.pad_right(max(0, w - cell.cell_len))
                t.append_text(cell)
            out.append(t)
        if any(code.startswith("x") for codes in rows.values() for code in codes):
            self.glyphs("×N")
        return out


class SectionsLegend(VoyPart):
    """The glyphs the sections drew, in words: one legend for the whole table."""

    READS = ()

    def draw(self, view: VoynichView, touches: frozenset[str], glyphs: list[str]) -> None:  # type: ignore[override]  # drawn by VoynichBoard with the sections' glyphs
        self.show_lines([Text(W.legend(glyphs), style=self.style("muted"))])
