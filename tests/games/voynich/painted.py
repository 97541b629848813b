"""What a board part paints for each thing a click on it would touch, read from the
strips the widget renders (what the screen composes), not from the widget's code."""
from __future__ import annotations

import re
from collections import defaultdict

from textual.geometry import Region

CLICK = re.compile(r"touch\('([^']+)'\)")


def painted(widget, tokens: bool = True) -> dict[str, str]:
    """Board id -> the text painted for it, in order (across wrapped lines).
    ``tokens=False`` leaves out the tokens standing on a space (drawn reversed, as
    blocks), so what remains is what the board prints there."""
    out: dict[str, list[str]] = defaultdict(list)
    for strip in widget.render_lines(Region(0, 0, widget.size.width, widget.size.height)):
        for seg in strip:
            style = seg.style
            m = CLICK.search(((style.meta or {}).get("@click") or "") if style else "")
            if m and (tokens or not (style and style.reverse)):
                out[m.group(1)].append(seg.text)
    return {k: "".join(v) for k, v in out.items()}
