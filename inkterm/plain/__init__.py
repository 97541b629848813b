"""Plain mode: a game as lines of text, for screen readers, pipes and a bare ``ssh``.

The same table as the app — ``TableDriver`` decides who plays, hands over between
people and saves — read and written a line at a time: the decision's prompt and its
numbered choices, what happens as it happens, the board in sentences (``board.py``),
the rules by topic (``rules.py``). No cursor movement, colour or redraw ever. A game
loads no Textual (only the menu of ``inkterm --plain`` does, for the title screen's
words about a save).
"""
