"""Set up a new game: which game, its seats (a name or a bot), its options, the seed."""
from __future__ import annotations

import random
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Select

from inkterm.bots import check_seats
from inkterm.bots.levels import levels_in_words
from inkterm.engine import GAMES
from inkterm.i18n import N_, _
from inkterm.screens import SCREENS_CSS
from inkterm.screens.host import HostedScreen
from inkterm.translated import game_blurb, game_title, option_choice, option_words
from inkterm.widgets.footer import KeyFooter
from inkterm.widgets.plain import Plain, PlainButton, PlainLabel

MAX_SEATS = max([4, *(spec.max_players for spec in GAMES.values())])
#: The first seats' names; "bot" is a level (typed as is), "You" is a name, in words.
READER = N_("You")
DEFAULT_SEATS = [READER, "bot"] + [""] * (MAX_SEATS - 2)
#: When the table is covered between people (the app's ``handoff``; --handoff).
HANDOFF_CHOICES = [
    (N_("when a secret would show"), "auto"),
    (N_("always, between people"), "always"),
    (N_("never"), "never"),
]


class SetupScreen(HostedScreen):
    CSS_PATH = SCREENS_CSS
    BINDINGS = [
        Binding("escape", "back", "Back", id="setup.back"),
        Binding("ctrl+r", "reseed", "New seed", id="setup.new-seed"),
        Binding("ctrl+g", "start", "Start", id="setup.start"),
    ]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed if seed is not None else random.randrange(1, 100_000)

    def compose(self) -> ComposeResult:
        games = [(game_title(spec), gid) for gid, spec in GAMES.items()]
        with VerticalScroll(id="setup-panel"):
            yield Plain(_("New game"), classes="screen-title")
            with Horizontal(classes="setup-row"):
                yield PlainLabel(_("Game"), classes="setup-label")
                yield Select(games, value=games[0][1], allow_blank=False, id="game", compact=True)
            yield Plain("", id="game-blurb")
            for i in range(MAX_SEATS):
                with Horizontal(classes="setup-row", id=f"seat-row{i}"):
                    yield PlainLabel(_("Seat {n}").format(n=i + 1), classes="setup-label")
                    yield Input(
                        _(DEFAULT_SEATS[i]) if DEFAULT_SEATS[i] else "",
                        placeholder=_("a name, or easy, normal (bot), hard (empty: no seat)"),
                        id=f"seat{i}",
                        classes="seat-input",
                        compact=True,
                    )
            yield VerticalScroll(id="setup-options")
            with Horizontal(classes="setup-row"):
                yield PlainLabel(_("Seed"), classes="setup-label")
                yield Input(str(self.seed), id="seed", type="integer", compact=True)
            with Horizontal(classes="setup-row"):
                yield PlainLabel(_("Handoff"), classes="setup-label")
                yield Select([(_(words), value) for words, value in HANDOFF_CHOICES], value=getattr(self.app, "handoff", "auto"),
                             allow_blank=False, id="handoff", compact=True)
            yield Plain(
                _("Enter on Game opens its list; Enter in a field (or ^g) starts. A seat is a "
                  "name or a computer player: {levels}.").format(levels=levels_in_words()),
                id="setup-help",
            )
            yield Plain("", id="setup-error")
            with Horizontal(id="setup-buttons"):
                yield PlainButton(_("Start"), id="start", variant="primary", compact=True)
                yield PlainButton(_("Back"), id="back", compact=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._show_game()
        # The game list first: a new player's first Enter opens it (Enter in a text
        # field starts the game, so focus there made that Enter start Kiln).
        self.query_one("#game", Select).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            self._show_game()

    def picked(self, select_id: str) -> str:
        """The value of a select that has no blank (the game, the handoff)."""
        value = self.query_one(f"#{select_id}", Select).value
        assert isinstance(value, str)
        return value

    def _show_game(self) -> None:
        """The blurb, as many seat fields as the game takes, and its options."""
        spec = GAMES[self.picked("game")]
        self.query_one("#game-blurb", Plain).update(
            _("{blurb}  ({least}–{most} seats)").format(
                blurb=game_blurb(spec), least=spec.min_players, most=spec.max_players))
        for i in range(MAX_SEATS):
            self.query_one(f"#seat-row{i}").display = i < spec.max_players
        box = self.query_one("#setup-options")
        box.remove_children()
        rows = []
        field: Select | Input
        for opt in spec.options:
            if opt.choices:
                field = Select([(option_choice(spec.id, opt, c), c) for c in opt.choices], value=opt.default,
                               allow_blank=False, id=f"opt-{opt.name}", compact=True)
            else:
                field = Input(str(opt.default), id=f"opt-{opt.name}", compact=True)
            label, words = option_words(spec.id, opt)
            field.tooltip = words or None
            rows.append(Horizontal(PlainLabel(label, classes="setup-label"), field,
                                   classes="setup-row option-row"))
        box.mount_all(rows)
        box.display = bool(rows)

    def read_options(self, spec) -> dict:
        out = {}
        for opt in spec.options:
            field: Any = self.query_one(f"#opt-{opt.name}")  # a Select or an Input (_show_game)
            value = field.value
            if isinstance(field, Input) and isinstance(opt.default, int):
                try:
                    value = int(value)
                except ValueError:
                    raise ValueError(_("{option} must be a whole number.").format(
                        option=option_words(spec.id, opt)[0])) from None
            out[opt.name] = value
        return out

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_reseed(self) -> None:
        self.query_one("#seed", Input).value = str(random.randrange(1, 100_000))

    def read_form(self) -> tuple[str, list[str], int, dict]:
        """The game, seats, seed and options the form describes; ValueError says
        what is wrong."""
        game = self.picked("game")
        spec = GAMES[game]
        seats = [self.query_one(f"#seat{i}", Input).value.strip() for i in range(spec.max_players)]
        # The first seat's word for you is the reader ("You"), read in each language as
        # the reader (あなたが選択中), not a person named あなた (あなたさん).
        seats = [READER if s.casefold() == _(READER).casefold() else s for s in seats if s]
        if not spec.min_players <= len(seats) <= spec.max_players:
            raise ValueError(_("{game} needs {least}–{most} seats; {n} filled in.").format(
                game=game_title(spec), least=spec.min_players, most=spec.max_players, n=len(seats)))
        seats = check_seats(seats, game)
        text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(text)
        except ValueError:
            raise ValueError(_("The seed must be a whole number, not {text!r}.").format(text=text)) from None
        return game, seats, seed, self.read_options(spec)

    def action_start(self) -> None:
        error = self.query_one("#setup-error", Plain)
        try:
            game, seats, seed, options = self.read_form()
        except ValueError as exc:
            error.update(f"✗ {_sentence(exc)}")
            return
        from inkterm.engine import new_game

        try:
            state = new_game(game, seats=seats, seed=seed, options=options)
        except (ValueError, ImportError) as exc:
            error.update(f"✗ {exc}")
            return
        error.update("")
        self.host.handoff = self.picked("handoff")
        # The game replaces the setup screen: leaving the game returns to the title.
        self.host.open_game(state, None, replace=True)


def _sentence(error: Exception) -> str:
    """An error message as the form shows it: capitalised (the command line's start
    in lower case, after "inkterm: ")."""
    text = str(error)
    return text[:1].upper() + text[1:]
