"""The key footer every screen shows: Textual's Footer without its memory leak."""
from __future__ import annotations

from rich.cells import cell_len
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer

from inkterm.i18n import N_, gettext

#: Words the footer shows that no Binding(…, "words") literal holds (for the
#: catalogs): Textual's own palette key and its Select's open list, and the areas Tab
#: goes to (screens/areas.py).
KEY_WORDS = (N_("palette"), N_("Menu"), N_("Log"), N_("Board"), N_("Dismiss menu"))


def _cells(keys) -> int:
    """The columns compact keys take: each key, a space and its words, a space between
    keys, and the palette's bar before its key (measured on the shipped screens)."""
    return sum(cell_len(str(getattr(k, "key_display", ""))) + cell_len(str(getattr(k, "description", ""))) + 2
               for k in keys) - 1


class KeyFooter(Footer):
    """A Footer in the player's language that rebuilds its keys only when they
    change, and then lets go of the old ones.

    Bindings are written in English as class attributes (``Binding("u", "undo",
    "Undo")``, extracted for the catalogs as they are: babel.cfg); each key's words are
    translated here, when shown, in the language active then.

    Textual's Footer rebuilds every key on every focus move, and each new key
    data-binds ``compact``, leaving a watcher that points at the key on the Footer.
    Textual drops such watchers only when ``compact`` changes, so replaced keys
    (and the render caches they fill) stay in memory for the life of the screen:
    Textual issue #6666, open in 8.2.8.
    """

    #: The keys the footer holds now, and those a rebuild already waits to show.
    _shown: tuple | None = None
    _pending: tuple | None = None

    #: Below this width the keys lose their padding: a game screen's eight keys and
    #: the palette's need about 90 columns padded, and "q Quit" was cut at 80.
    COMPACT_BELOW = 100

    #: The columns the keys need with the palette's (0: no palette key), and whether
    #: it fitted at the last build.
    _need = 0
    _fits = True

    def on_resize(self, event) -> None:
        self.compact = event.size.width < self.COMPACT_BELOW
        if self._shown is not None and self._fitting(event.size.width) != self._fits:
            self._shown = None  # the palette's key fits now, or no longer: build again
            self.call_after_refresh(self.recompose)

    @staticmethod
    def _bindings_of(screen: Screen) -> tuple:
        """What the footer shows for ``screen``: its shown keys and the palette's."""
        palette = screen.app.COMMAND_PALETTE_BINDING
        return tuple(
            (key, binding, enabled, tooltip)
            for key, (_node, binding, enabled, tooltip) in screen.active_bindings.items()
            if binding.show or key == palette
        )

    def bindings_changed(self, screen: Screen) -> None:
        # Several signals come in one refresh (focus, a screen's refresh_bindings…):
        # one rebuild for them, and none when the keys are what is shown already.
        keys = self._bindings_of(screen)
        if self._bindings_ready and keys in (self._shown, self._pending):
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._pending = keys  # Footer.bindings_changed asked for a rebuild (its own test)

    def compose(self) -> ComposeResult:
        keys = []
        for widget in super().compose():
            # A key (Textual's FooterKey, not public) carries its binding's words.
            words = getattr(widget, "description", None)
            if isinstance(words, str) and words:
                widget.description = gettext(words)  # type: ignore[attr-defined]
            keys.append(widget)
        # The palette's key (docked right) gives way when the screen's own keys need
        # its room: drawn over them, both lost characters (a shared table's keys in
        # Japanese at 80 columns). ^p still opens the palette.
        palette = [k for k in keys if k.has_class("-command-palette")]
        self._need = _cells(keys) if palette else 0
        self._fits = self._fitting(self.size.width)
        yield from (k for k in keys if self._fits or k not in palette)

    def _fitting(self, room: int) -> bool:
        return not (room and self._need > room)

    async def recompose(self) -> None:
        if not self.is_attached:
            return
        keys = self._bindings_of(self.screen)
        self._pending = None
        if keys == self._shown:
            return  # a rebuild asked for twice, or for keys that came back as they were
        self._shown = keys
        await super().recompose()
        # Fire compact's watchers once: Textual then prunes those of removed keys.
        if self.is_attached:
            self.mutate_reactive(Footer.compact)
