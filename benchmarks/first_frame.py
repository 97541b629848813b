"""Child process for the start-up benchmark: start an app, exit on its first frame.

``python -m benchmarks.first_frame inkterm`` opens inkterm's title screen;
``python -m benchmarks.first_frame bare`` a bare Textual app with one label.
"""
from __future__ import annotations

import sys


def bare():
    from textual.app import App, ComposeResult
    from textual.widgets import Static

    class Bare(App):
        def compose(self) -> ComposeResult:
            yield Static("hello")

        def on_ready(self) -> None:
            self.exit()

    return Bare()


def inkterm():
    from inkterm import i18n
    from inkterm.app import InktermApp

    # In the language the locale names (LC_ALL=zh_CN.UTF-8 measures Chinese), as a
    # start from the command line would be; English loads no catalog.
    i18n.use(i18n.from_environment() or i18n.DEFAULT)

    class FirstFrame(InktermApp):
        def on_ready(self) -> None:
            self.exit()

    return FirstFrame()


if __name__ == "__main__":
    app = {"bare": bare, "inkterm": inkterm}[sys.argv[1]]()
    app.run(headless=True, size=(80, 24))
