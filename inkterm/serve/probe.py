"""A tiny Textual app that stands in for inkterm when checking a server setup.

It shows its process id, its terminal size and how many keys it has seen, so a
test (or an operator: ``INKTERM_SERVE_CHILD="python -m inkterm.serve.probe"``)
can see that a session got its own process, that keys arrive and that a resize
repaints. ``q`` or ``ctrl+c`` quits. If $INKTERM_PROBE_LOG is set, every event
is also appended to that file (used by the browser test).
"""

from __future__ import annotations

import os

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from inkterm.widgets.plain import Plain

TITLE = "inkterm probe"


class ProbeApp(App[None]):
    CSS = "Static { height: auto; }"
    TITLE = TITLE

    def __init__(self) -> None:
        super().__init__()
        self.keys = 0
        self.last = "-"
        self._log_path = os.environ.get("INKTERM_PROBE_LOG")

    def compose(self) -> ComposeResult:
        yield Plain(TITLE, id="title")
        yield Plain("", id="status")  # a key's name may be "[": text, never markup

    def _probe_log(self, text: str) -> None:
        if self._log_path:
            with open(self._log_path, "a", encoding="utf-8") as fh:
                fh.write(text + "\n")

    def _refresh_status(self, size=None) -> None:
        w, h = size or self.size
        status = f"pid={os.getpid()} size={w}x{h} keys={self.keys} last={self.last}"
        self.query_one("#status", Static).update(status)

    def on_mount(self) -> None:
        self._refresh_status()
        self._probe_log(f"mounted {self.size.width}x{self.size.height}")

    def on_resize(self, event: events.Resize) -> None:
        self._refresh_status(event.size)
        self._probe_log(f"resized {event.size.width}x{event.size.height}")

    def on_key(self, event) -> None:
        if event.key in ("q", "ctrl+c"):
            self._probe_log("quit")
            self.exit()
            return
        self.keys += 1
        self.last = event.key
        self._refresh_status()
        self._probe_log(f"key {event.key}")


def main() -> None:
    ProbeApp().run()


if __name__ == "__main__":
    main()
