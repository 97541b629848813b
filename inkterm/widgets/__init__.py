"""Reusable widgets. They render what they are given and post messages; only the
game screen changes the game state."""
