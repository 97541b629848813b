"""Inkwell's board widgets: the Abbot track, the mat, a page, the desk, the players
and the page displays."""
