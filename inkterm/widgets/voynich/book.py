"""The current seat's book (five double pages of two cards) and the help card of
one card: all four steps in words."""
from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from inkterm.games.voynich import words as W
from inkterm.games.voynich.view import CardView, VoynichView
from inkterm.i18n import gettext as _
from inkterm.widgets.hanging import Hanging, indented
from inkterm.widgets.touch import click_style

from .common import ARROW, MARK, SECTIONS, VoyPart, card_scores, card_steps, kind_word, page_word


def card_line(card: CardView, short: bool = False) -> tuple[str, tuple[str, str], str]:
    """A book card in words: (what its step does, what it needs to advance, what it
    scores). What it needs comes as its lead ("↻ needs ") and the need itself, which
    a wrapped line goes on under."""
    step = card.get("step", 1)
    does = W.actions(card.get("actions", []))
    cond = card.get("condition") or []
    if step < 4 and cond:
        before, _what, after = _("needs {what}").partition("{what}")
        needs = (f"{ARROW.get(step, '')} {before}", W.condition(cond, short) + after)
    else:
        needs = ("✓ ", _("last step"))
    scores = W.scores(card["scores"], card.get("multiplier", 0))
    return does, needs, scores


class BookView(VoyPart):
    """The current player's book: five double pages, every card as a card — its name,
    its step of four, what it does now, what it needs to advance; the open page (or the
    one the highlighted choice touches) large and first, with what its cards score."""

    READS = ("book:", "card:")

    def draw(self, view: VoynichView, touches: frozenset[str], wrap: bool) -> None:
        players = view.get("players", [])
        seat = view.get("current")
        if seat is None:
            seat = view.get("winner", 0) if players else None
        if seat is None or seat >= len(players):
            self.update(Text(_("No book to show."), style=self.style("muted")))
            return
        p = players[seat]
        open_sec = view.get("open") if view.get("current") == seat else None
        last = None if open_sec else p.get("spread")
        acting = view.get("acting")
        touched = {t[5:] for t in touches if t.startswith("book:")}
        cards_hi = {t[5:] for t in touches if t.startswith("card:")}
        # folded into its own tab, the book puts the page that matters first and large;
        # laid out with everything else, every card keeps to one line in book order
        large = (open_sec or (min(touched, key=SECTIONS.index) if touched else None)) if wrap else None
        head = Text(_("Book: {name}").format(name=p['name']), style=self.seat_style(players, seat) + self.style("head"))
        if open_sec:
            head.append("  " + _("open: {page}").format(page=page_word(open_sec)), style=self.style("current"))
        elif last:
            head.append("  " + _("last opened: {page} (not now)").format(page=page_word(last)), style=self.style("muted"))
        texts = W.texts(p.get("supply", {}).get("texts", []))
        head.append("\n" if wrap else "  ")
        head.append(_("texts in supply: {texts}").format(texts=texts), style=self.style("muted"))
        lines: list[Text | Hanging] = [head]
        pages: dict[str, list[CardView]] = {}
        for card in p.get("book", []):
            pages.setdefault(card["deck"], []).append(card)
        order = sorted(SECTIONS, key=lambda sec: sec != large)
        for sec in order:
            for i, card in enumerate(pages.get(sec, [])):
                lines.extend(self._card(card, sec, i == 0, sec == open_sec, sec == last,
                                        sec in touched or card["card"] in cards_hi,
                                        card["card"] == acting, sec == large, wrap))
        if acting and view.get("actions_left"):
            left = Text("◆ " + _("{card}, still to use: ").format(card=W.card(acting)), style=self.style("current"))
            left.append("; ".join(W.action(a) for a in view["actions_left"]))
            lines.append(left)
        elif wrap:
            lines.append(Text(_("●○○○ step of four  ▶ open  ✗ opened last turn  ◆ in use  "
                                "↻ rotate ⇅ flip to advance"), style=self.style("muted")))
        self.show_lines(lines)

    def _card(self, card, sec, first, is_open, is_last, hi, in_use, large, wrap) -> list[Text | Hanging]:
        t = Text()  # a line a card with the whole table; one too long wraps, never cut
        tag = "▶" if is_open else "✗" if is_last else " "
        if first:
            t.append(tag, style=self.style("open" if is_open else "muted"))
        else:
            t.append(" ")
        t.append(MARK if hi else " ", style=self.style("mark") if hi else "")
        name = str(W.card(card['card']))
        t.append(set_cell_size(name, max(12, cell_len(name))) if not wrap else name, style=self.style("head"))
        t.append("◆ " if in_use else "  ", style=self.style("current"))
        t.append(W.steps(card.get("step", 1)) + " ", style=self.style("current" if is_open else "muted"))
        does, (lead, need), scores = card_line(card, short=not large)
        start = len(t)  # where what the card does begins: wrapped, it goes on under it
        t.append(does)
        if hi:
            t.stylize(self.style("hi"), 2)
        # a click on the page tag opens the page, on the card uses it
        t.stylize(click_style(f"book:{sec}"), 0, 2)
        t.stylize(click_style(f"card:{card['card']}"), 2)
        if not wrap:  # with the whole table: what it needs beside it, or under it if too long
            room = self.content_size.width or 72
            if t.cell_len + 3 + cell_len(lead + need) <= room:
                t.append(f" │ {lead}{need}", style=self.style("muted"))
                return [Hanging(*t.divide([start]))]
            return [Hanging(*t.divide([start])), self._need(lead, need, 21)]
        out: list[Text | Hanging] = [Hanging(*t.divide([start])), self._need(lead, need, 4)]
        if large:
            out.append(indented(Text(scores, style=self.style("muted")), 4))
        return out

    def _need(self, lead: str, need: str, indent: int) -> Hanging:
        """What a card needs on a line of its own, set in by ``indent``: wrapped, the
        need goes on under itself, not under its arrow (as if it were a card's line)."""
        return Hanging(Text(" " * indent + lead, style=self.style("muted")), Text(need, style=self.style("muted")))


class HelpView(VoyPart):
    """A help card in words: the card's four steps — what each adds, what it scores and
    what it needs to advance — with the step it is on marked."""

    READS = ()

    def draw(self, view: VoynichView, cid: str | None, explained: bool = False) -> None:  # type: ignore[override]  # drawn by VoynichBoard.show with its own arguments, never through redraw
        if not cid:
            self.update(Text(_("Choose a card above to see its help card."), style=self.style("muted")))
            return
        holder, now = None, None
        # A card in a book as the game's own content has it; one in no book as today's.
        scores, path = card_scores(cid), card_steps(cid)
        for s, p in enumerate(view.get("players", [])):
            for card in p.get("book", []):
                if card["card"] == cid:
                    holder, now = (s, p), card.get("step")
                    scores, path = card["scores"], card["path"]
        kinds = _(" or ").join(f"{W.GLYPH[t]} {kind_word(t)}" for t in scores)
        sub = Text(W.card(cid), style=self.style("head"))
        if holder is not None:
            s, p = holder
            sub.append(" · ")
            sub.append(f"{p['colour'][0]} {p['name']}", style=self.seat_style(view["players"], s))
            sub.append(_(", on step {n}").format(n=now))
        sub.append(" · " + _("scores {kinds}").format(kinds=kinds), style=self.style("muted"))
        lines: list[Text | Hanging] = [sub]
        prev: list[str] = []
        for step, acts, mult, cond in path:
            here = step == now
            t = Text()
            t.append(MARK if here else " ", style=self.style("current") if here else "")
            t.append(f"{W.steps(step)} ", style=self.style("head"))
            start = len(t)  # explained, a step's wrapped lines go on under what it does
            new = acts[len(prev):] if prev and acts[: len(prev)] == prev else acts
            t.append((_("adds {what}") if new is not acts else _("does {what}")).format(what=W.actions(new)))
            t.append(f" · ×{mult}" if mult else " · " + _("scores nothing"), style=self.style("muted"))
            if here:
                t.stylize(self.style("current"), 0, 1)
            lines.append(Hanging(*t.divide([start])) if explained else t)
            if cond:
                to = _("to step {n}: {what}").format(n=step + 1, what="{what}")
                before, _what, after = to.partition("{what}")  # and a need's under the need
                need = Text(f"      {ARROW.get(step, '')} {before}", style=self.style("muted"))
                start = len(need)
                need.append(W.condition(cond) + after)
                lines.append(Hanging(*need.divide([start])) if explained else need)
            prev = acts
        if explained:
            lines.append(Text(_("×N: at the end, N × the worth of the highest box (10 = 1 … 100 = 10) "
                                "your {kinds} reached; lifting a token pays its row + column value in OK"
                                ).format(kinds=kinds),
                              style=self.style("muted")))
        if not explained:  # laid out with the whole board: a line each, however long
            for line in lines:
                assert isinstance(line, Text)  # Hanging lines only when explained
                line.no_wrap, line.overflow = True, "ellipsis"
        self.show_lines(lines)
