"""What the screens that teach share (the rules demo, the guided first game): a
panel of explanations between the table and the footer, the log tucked away."""
from __future__ import annotations

from pathlib import Path

from functools import partial

from textual.containers import VerticalScroll
from textual.timer import Timer
from textual.widgets import Footer
from inkterm.widgets.plain import Plain

TEACH_CSS = Path(__file__).resolve().parent.parent / "assets" / "teach.tcss"
PANEL_TEXT = "panel-text"


def with_panel(widgets, panel_id: str, first_words: str):
    """The game screen's widgets with the teaching panel put in above the footer.
    The footer's palette hint gives its room to the screen's own keys (ctrl+p
    still opens the palette)."""
    for widget in widgets:
        if isinstance(widget, Footer):
            widget.show_command_palette = False
            with VerticalScroll(id=panel_id, classes="teach-panel"):
                yield Plain(first_words, id=PANEL_TEXT)
        yield widget


def one_shot(screen, delay: float, callback) -> Timer:
    """``set_timer`` that always fires: Textual's one-shot timer skips a late first
    tick, and so never fires at all when the loop was busy past its delay (a short
    step on a loaded machine stalled the demo that way)."""
    timer = Timer(screen, delay, name="teach-step", callback=partial(screen.call_next, callback),
                  repeat=0, skip=False)
    timer._start()
    screen._timers.add(timer)
    return timer


def toggle_log(screen) -> None:
    """``l`` on a teaching screen: show or hide the event log."""
    log = screen.query_one("#log")
    log.set_class(not log.has_class("-shown"), "-shown")


def leave(screen) -> None:
    """Back to where the screen was opened from (the app ends if it was the first)."""
    screen._finished = True
    if screen._bot_timer not in (None, True):
        screen._bot_timer.stop()
    app = screen.app
    app.pop_screen() if len(app.screen_stack) > 1 else app.exit()
