"""The list of the current decision's choices: arrows + Enter, and a key per choice.

A choice's key is its ``shortcut`` where the game gives one (the number printed on
the board, a letter for a free action); every other row gets one too, in order: 1–9
where no board number is in the menu, then letters the screen does not bind
(``POSITION_LETTERS``), so "Back", "Copy nothing" and the tenth place have keys.
Within one seat's chain of prompts a choice offered again keeps the key it had (after
"1 Turn the goat" the others keep theirs, and 1 is not suddenly another action).
Places of a fixed set that cannot be chosen now are listed dimmed, with the reason,
among the others in board order; they cannot be highlighted or chosen.

The highlighted choice is marked with ``▶`` as well as by colour, so the menu reads
with NO_COLOR too; it is the one row shown whole, the others take a line each (cut with
"…"), so a narrow menu still lists seven and more."""
from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from .hanging import Hanging
from .plain import plain_rich

MARK = "▶"
#: Keys for rows past the digits, in order: the game screen's own letters (u undo, l
#: log, v view, i inspect, q quit, s since, c chat at a shared table) and the letters
#: games give their free actions (Kiln: e end, r reroll, x exchange, b blank, t tap)
#: are left out, so a letter keeps one meaning; then the capitals of the same.
POSITION_LETTERS = "adfghjkmnopwyz"
POSITION_KEYS = POSITION_LETTERS + POSITION_LETTERS.upper()


def row_keys(rows: list, kept: dict[str, str] | None = None) -> list[str]:
    """One key per row: its shortcut, else the key ``kept`` remembers for its choice
    (the previous prompt of the same chain gave it that one), else the next free digit
    or letter. Digits by position give way to a board's numbers in the same menu."""
    shortcuts = [getattr(r, "shortcut", None) for r in rows]
    taken = {k for k in shortcuts if k}
    digits = "" if any(k.isdigit() for k in taken) else "123456789"
    if kept:
        for i, r in enumerate(rows):
            k = kept.get(getattr(r, "key", ""))
            if shortcuts[i] is None and k and k not in taken and (digits or not k.isdigit()):
                shortcuts[i] = k
                taken.add(k)
    free = iter([k for k in digits + POSITION_KEYS if k not in taken])
    return [k or next(free, " ") for k in shortcuts]


def chain_keys(rows: list, keys: list[str]) -> dict[str, str]:
    """What a menu remembers for the next prompt of its chain: each choice's key."""
    return {r.key: k for r, k in zip(rows, keys) if not isinstance(r, Unavailable)}


class Unavailable:
    """A dimmed menu row: a place that cannot be chosen now, and why."""

    __slots__ = ("shortcut", "label", "reason")

    def __init__(self, shortcut: str, label: str, reason: str) -> None:
        self.shortcut = shortcut
        self.label = label
        self.reason = reason


def _place(row) -> int | None:
    """A row's board number, for ordering dimmed rows among the choices."""
    sc = getattr(row, "shortcut", None)
    return int(sc) if sc and sc.isdigit() else None


def merge_rows(choices: list, unavailable) -> list:
    """The choices with each unavailable place inserted before the first choice with a
    higher board number (or after the last numbered one)."""
    rows = list(choices)
    for sc, label, reason in unavailable:
        gap = Unavailable(sc, label, reason)
        n = int(sc) if sc.isdigit() else None
        places = [(i, k) for i, r in enumerate(rows) if (k := _place(r)) is not None]
        at = len(rows) if not places else places[-1][0] + 1
        if n is not None:
            at = next((i for i, k in places if k > n), at)
        rows.insert(at, gap)
    return rows


class ActionMenu(OptionList):
    """Shows choices; posts ``Highlighted(choice)`` and ``Chosen(key)``."""

    # It fills the rest of the game screen's side, under the prompt, unframed.
    DEFAULT_CSS = """
    ActionMenu, ActionMenu:focus {
        height: 1fr;
        min-height: 4;
        border: none;
        padding: 0;
    }
    """

    #: The number of rows needs no layout of the screen while the menu's own size
    #: stays (its height is the side's rest, not its content): a scrollbar coming or
    #: going still asks for one (its own reactive), as does a menu sized by content.
    #: Widget's asks on every change: at a shared table each new set of choices laid
    #: the whole screen out twice (emptied, then filled).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    class Highlighted(Message):
        def __init__(self, choice) -> None:
            super().__init__()
            self.choice = choice

    class Chosen(Message):
        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.choices: list = []
        #: One entry per option: a Choice, or an Unavailable (a dimmed row).
        self.rows: list = []
        self._keys: list[str] = []
        self._marked: int | None = None
        #: Whose chain of prompts the rows belong to (None: no chain, keys by position).
        self._chain: object = None

    def _prompt(self, key: str, row, marked: bool) -> Text | Hanging:
        """A row as text (a label may name a player: see widgets/plain.py). Every row
        but the highlighted one is cut to a line (with "…"), so a narrow menu still
        lists seven and more; the highlighted one shows whole, its wrapped lines under
        its label (at the menu's edge, under ``▶1``, they read as the next choice)."""
        if isinstance(row, Unavailable):
            text = plain_rich(Text.assemble(" ", (key, "dim"), " ",
                                            (f"{row.label} — {row.reason}", "dim italic")))
        else:
            text = plain_rich(Text.assemble((MARK if marked else " "), (key, "bold"), " ", str(row.label)))
        width = self._cut_at
        if not width or cell_len(text.plain) <= width:
            return text
        if marked:  # only a row that wraps: one that fits stays a Text, cheaper to draw
            return Hanging(*text.divide([len(MARK) + len(key) + 1]))
        text.truncate(width, overflow="ellipsis")
        return text

    #: The width rows are cut at (0: not laid out yet, nothing cut).
    _cut_at = 0

    def set_choices(self, choices: list, unavailable=(), chain: object = None) -> None:
        """``chain``: whose run of prompts this is (a seat); while it stays the same, a
        choice offered again keeps its key."""
        kept = chain_keys(self.rows, self._keys) if chain is not None and chain == self._chain else None
        self._chain = chain if choices else None
        self.choices = list(choices)
        self.rows = merge_rows(self.choices, unavailable)
        self._keys = row_keys(self.rows, kept)
        # The first choice's prompt is marked as it is built: marking it afterwards
        # would throw away every option's rendering once more.
        first = self.rows.index(self.choices[0]) if self.choices else None
        options = [
            Option(self._prompt(k, r, i == first), id=f"c{i}", disabled=isinstance(r, Unavailable))
            for i, (k, r) in enumerate(zip(self._keys, self.rows))
        ]
        self._marked = first
        if options:
            self.set_options(options)  # one pass over the new options, not clear + add
        else:
            self.clear_options()
            if self.styles.auto_dimensions:  # its size follows its rows
                self.refresh(layout=True)
        if first is not None:
            self.highlighted = first
        self._on_highlight()

    def offer(self, choices: list, unavailable=(), chain: object = None) -> None:
        """Set the rows, leaving an empty menu that stays empty alone: rebuilding it
        repaints it and posts a highlight that the screen answers with another frame."""
        if choices or unavailable or self.rows:
            self.set_choices(choices, unavailable, chain)

    # --- what a key means ---------------------------------------------------------------
    def row_for_key(self, key: str):
        """The Choice or Unavailable row the key names, or None."""
        for k, row in zip(self._keys, self.rows):
            if k == key:
                return row
        return None

    def highlight_choice(self, choice) -> None:
        self.highlighted = self.rows.index(choice)

    @property
    def current(self):
        i = self.highlighted
        if i is None or not 0 <= i < len(self.rows) or isinstance(self.rows[i], Unavailable):
            return None
        return self.rows[i]

    def _on_highlight(self) -> None:
        i = self.highlighted
        current = self.current
        if self._marked is not None and self._marked != i and self._marked < len(self.rows):
            m = self._marked
            self.replace_option_prompt_at_index(m, self._prompt(self._keys[m], self.rows[m], False))
        if current is not None and self._marked != i:
            assert i is not None  # a current row is the highlighted one
            self.replace_option_prompt_at_index(i, self._prompt(self._keys[i], current, True))
        self._marked = i if current is not None else None
        self.post_message(self.Highlighted(current))

    def on_resize(self) -> None:
        width = self.scrollable_content_region.width
        if width != self._cut_at:  # rows are cut to the width they are shown at
            self._cut_at = width
            for i, (key, row) in enumerate(zip(self._keys, self.rows)):
                self.replace_option_prompt_at_index(i, self._prompt(key, row, i == self._marked))
        # The hint under the menu grows with a long hint and the menu shrinks after it
        # scrolled to the highlighted row: the last row was left below the fold.
        self.scroll_to_highlight()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._on_highlight()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        i = event.option_index
        if 0 <= i < len(self.rows) and not isinstance(self.rows[i], Unavailable):
            self.post_message(self.Chosen(self.rows[i].key))
