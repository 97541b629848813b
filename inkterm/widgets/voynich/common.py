"""What every part of the Voynich board shares: the glyphs, a token's owner letter and
label, a card's steps, and ``VoyPart`` (a board part with the stylesheet's styles)."""
from __future__ import annotations

from typing import Any

from rich.style import Style
from rich.text import Text

from inkterm.games.voynich import words as W
from inkterm.games.voynich.content import content as voynich_content
from inkterm.games.voynich.view import PlayerView, TokenView, VoynichView
from inkterm.i18n import N_, gettext as _
from inkterm.widgets.part import BoardPart


MARK = "▸"
TYPES = ("botany", "astrology", "baths", "writing")
TYPE_GLYPH = W.TYPE_GLYPH
KIND_GLYPH = {"leaf": "♣", "drop": "≈", "star": "★", "text": "¶"}
SECTIONS = ("botany", "astrology", "baths", "writing", "recipes")
# A short key beside each section's name: how its parts connect and read.
SECTION_KEY = {
    "botany": N_("roots → stem → branches"),
    "astrology": N_("inner  outer 1 outer 2"),
    "baths": N_("fountains → Pool 1; ✕ dirty"),
    "writing": N_("rows: texts │ stars │ head"),
    "recipes": N_("moved from elsewhere"),
}
#: The sections' (and knowledge kinds') names as the board shows them.
SECTION_WORDS = {"botany": N_("Botany"), "astrology": N_("Astrology"), "baths": N_("Baths"),
                 "writing": N_("Writing"), "recipes": N_("Recipes")}


def page_word(section: str) -> str:
    """A double page's (a section's) name: "Botany"."""
    return _(SECTION_WORDS[section]) if section in SECTION_WORDS else section.capitalize()


def kind_word(kind: str) -> str:
    """A knowledge kind's name, by its name or a card's abbreviation ("Bo"): "Botany"."""
    return page_word(W.KNOWLEDGE.get(kind, kind))


# Turning a card to its next step: step 1->2 rotate, 2->3 flip, 3->4 rotate.
ARROW = {1: "↻", 2: "⇅", 3: "↻"}
OWNER_LEGEND = N_("N = Grey (neutral)")


def explain_icon(icon: str) -> str:
    """A condition icon in words (kept for callers of the old name)."""
    return W.condition_icon(icon)


def owner_mark(tok: TokenView, players: list[PlayerView]) -> tuple[str, str]:
    """(letter, style name) for a token's owner."""
    if tok.get("dirty"):
        return "", "dirty"
    seat = tok.get("seat")
    if seat is None:
        return "N", "neutral"
    colour = players[seat]["colour"] if seat < len(players) else "?"
    return colour[0], f"c-{colour.lower()}"


def token_label(tok: TokenView, players: list[PlayerView]) -> tuple[str, str]:
    """(label, style name) of one token: ``R♣``, ``N¶3✓``, ``dirty 3``."""
    letter, sty = owner_mark(tok, players)
    if tok.get("dirty"):
        return f"✕{tok['dirty'].lstrip('d')}", sty
    if tok.get("kind") == "text":
        return f"{letter}¶{tok.get('text', 't?').lstrip('t')}{'✓' if tok.get('translated') else ''}", sty
    return letter + KIND_GLYPH.get(tok.get("kind", ""), "?"), sty


def card_steps(cid: str) -> list[list[Any]]:
    """A card's four steps as [step, actions, multiplier, condition to advance], as
    today's content has them (a card in a book: its view entry's ``path``)."""
    return [list(step) for step in voynich_content().path(cid)]


def card_scores(cid: str) -> list[str]:
    """What a card scores with, as today's content has it (in a book: ``scores``)."""
    return list(voynich_content().cards[cid].scores)


class VoyPart(BoardPart[VoynichView]):
    """A piece of the board that renders Rich text with styles from the stylesheet and
    is drawn again only when what it shows has changed (``BoardPart.changed``)."""

    STYLE_PREFIX = "voy"
    COMPONENT_CLASSES = {
        "voy--hi", "voy--head", "voy--muted", "voy--current", "voy--open",
        "voy--c-red", "voy--c-blue", "voy--c-yellow", "voy--c-green",
        "voy--neutral", "voy--dirty",
        "voy--botany", "voy--astrology", "voy--baths", "voy--writing", "voy--centre",
        "voy--circle", "voy--gutter", "voy--mark", "voy--token", "voy--frame", "voy--value",
        "voy--tile-centre", "voy--tile-botany", "voy--tile-astrology", "voy--tile-baths", "voy--tile-writing",
    }

    def style(self, name: str):
        cache = self._style_cache
        if cache is None:
            cache = self._style_cache = {}
        st = cache.get(name)
        if st is None:
            st = self.get_component_rich_style(f"voy--{name}", partial=True)
            if st.color is not None:
                # A partial style leaves a translucent colour ($text-muted) unblended,
                # which shows as plain white: take the blended colour of the full style.
                st = st + Style(color=self.get_component_rich_style(f"voy--{name}").color)
            cache[name] = st
        return st

    # Cells, spaces, pages and cards are clickable, but their colours mean owners and
    # types: no link colour at rest, only an underline under the pointer.
    auto_links = False

    @property
    def link_style_hover(self) -> Style:
        return Style(underline=True)

    def seat_style(self, players: list[PlayerView], seat: int):
        if seat is None or seat >= len(players):
            return self.style("neutral")
        return self.style(f"c-{players[seat]['colour'].lower()}")

    def seat_mark(self, players: list[PlayerView], seat: int) -> str:
        return players[seat]["colour"][0]

    def tokens(self, toks: list[TokenView], players: list[PlayerView], marked: frozenset[str] = frozenset()) -> Text:
        """Tokens on one space: owner letter + kind glyph (``R♣``, ``B¶3``), counted when
        alike (``R♣×5``); the dirty drops named in ``marked`` (the one a purify choice
        takes) are highlighted."""
        out = Text()
        if not toks:
            out.append("·", style=self.style("muted"))
            return out
        dirty = [tok["dirty"] for tok in toks if tok.get("dirty")]
        if len(dirty) > 1:  # Pool 1's dirty drops: one word, their numbers
            out.append("✕", style=self.style("dirty"))
            for i, d in enumerate(dirty):
                out.append(("" if not i else "·") + (MARK if d in marked else "") + d.lstrip("d"),
                           style=self.style("hi" if d in marked else "dirty"))
            toks = [tok for tok in toks if not tok.get("dirty")]
            if not toks:
                return out
            out.append(",", style=self.style("muted"))
        labels: dict[str, list] = {}
        for tok in toks:
            label, sty = token_label(tok, players)
            key = tok.get("dirty") or label
            labels.setdefault(key, [label, sty, 0])[2] += 1
        for i, (key, (label, sty, n)) in enumerate(labels.items()):
            if i:
                out.append(",", style=self.style("muted"))
            if key in marked:
                out.append(MARK + label, style=self.style("hi"))
            else:
                out.append(label + (f"×{n}" if n > 1 else ""), style=self.style(sty))
        return out
