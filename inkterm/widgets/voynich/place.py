"""Where the player is on the Voynich board: a part ("book", "section:baths") and how
far into it the view that scrolls it is. The board reads it off the layout on screen
and puts it back on the other one when a resize switches between the whole table and
its tabs, so the player reads on where they were."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from textual.widget import Widget

#: The view (the tab) each part is shown in while the board is folded.
VIEW_OF = {"section": "sections", "legend": "sections", "help": "card"}


@dataclass(frozen=True)
class Place:
    #: The part: "puzzle", "track", "section:<name>", "legend", "book", "card" (the
    #: help card's picker) or "help".
    part: str
    #: How many of its lines are above the top of the view.
    into: int = 0

    @property
    def view(self) -> str:
        """The view that shows the part while the board is folded."""
        kind = self.part.partition(":")[0]
        return VIEW_OF.get(kind, kind)


def top_place(scroll: Widget, parts: Iterable[tuple[str, Widget]]) -> Place | None:
    """The place at the top of ``scroll``'s view: the first part (in reading order, so
    the left column's first) that its top line crosses, else the first below that line.
    None before the parts are laid out."""
    top = scroll.content_region.y
    below: Place | None = None
    for key, part in parts:
        region = part.region
        if not region:  # not laid out (or not on screen)
            continue
        if region.y <= top < region.bottom:
            return Place(key, top - region.y)
        if below is None and region.y > top:
            below = Place(key)
    return below


def scroll_to_place(scroll: Widget, part: Widget, into: int) -> None:
    """Scroll ``scroll`` so that ``into`` lines of ``part`` are above the top of its view
    (as far as it scrolls)."""
    region = part.region
    if not region:
        return
    into = max(0, min(into, region.height - 1))
    y = region.y - scroll.content_region.y + scroll.scroll_y + into
    scroll.scroll_to(y=y, animate=False, immediate=True)
