"""Reusable widgets. They render what they are given and post messages; only the
game screen changes the game state."""

from .line_breaks import install

install()  # Chinese and Japanese wrap between characters, with kinsoku (line_breaks.py)
