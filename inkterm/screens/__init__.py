"""Textual screens. Import each from its own module (kept apart so the title screen
loads without the engine or the game screens)."""
