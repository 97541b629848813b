"""The guided first game: the learner plays a scripted game while a panel teaches
one idea at a time, points at the board, and checks each choice it asks for."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.binding import Binding

from inkterm.bots import make_bot
from inkterm.i18n import N_, _
from inkterm.engine.api import opening
from inkterm.lessons import ScriptedOpponent, Tutor
from inkterm.screens.game import GameScreen
from inkterm.screens.picker import Picker
from inkterm.screens.teaching import PANEL_TEXT, TEACH_CSS, leave, toggle_log, with_panel
from inkterm.table_driver import Chooser, Played, TableDriver
from inkterm.widgets.action_menu import ActionMenu
from inkterm.widgets.hint import HintBox
from inkterm.widgets.plain import Plain

if TYPE_CHECKING:
    from inkterm.engine import GameState


class PlaceInLesson:
    """A lesson keeps the learner's place (the tutor's file), not a save among the games."""

    failed = N_("Could not keep your place in the lesson")

    def __init__(self, tutor: Tutor) -> None:
        self.tutor = tutor

    def write(self, state) -> None:
        self.tutor.save()

    def close(self) -> None:
        pass


def learn_picker() -> Picker:
    """Which game to learn: those without a guided game yet offer their demo."""
    from inkterm.engine.registry import GAMES
    from inkterm.lessons import has_lesson

    from inkterm.translated import game_title

    return Picker(_("Learn which game?"), [
        (gid, game_title(spec) if has_lesson(gid)
         else _("{game} (no lesson yet: watch its demo)").format(game=game_title(spec)))
        for gid, spec in GAMES.items()
    ])


class LearnScreen(GameScreen):
    CSS_PATH = [*GameScreen.CSS_PATH, TEACH_CSS]
    SHOWS_SINCE = False  # the panel narrates what happened
    BINDINGS = [
        # Only while a step is read (check_action); otherwise Enter picks in the menu.
        Binding("enter", "go_on", "Go on", priority=True, id="learn.go-on"),
        Binding("question_mark", "rules", "Rules", id="learn.rules"),
        Binding("l", "log", "Log", id="learn.log"),
        Binding("q,escape", "leave", "Leave", id="learn.leave"),
        Binding("u", "undo", "Undo", show=False),
        Binding("ctrl+s", "save", "Save", show=False),
    ]

    def __init__(self, tutor: Tutor) -> None:
        lesson = tutor.lesson
        # Every seat but the learner's plays its script, then a bot (the game goes on).
        bots: dict[int, Chooser] = {
            seat: ScriptedOpponent(seat, lesson.opponents.get(str(seat), []),
                                   make_bot("greedy", seed=lesson.seed * 10 + seat))
            for seat in range(len(lesson.seats)) if seat != lesson.learner
        }
        super().__init__(tutor.state, table=TableDriver(tutor.state, bots, humans=[lesson.learner],
                                                        saver=PlaceInLesson(tutor)))
        self.add_class("teaching")
        self.tutor = tutor
        #: The explanation of the last refused choice, shown until the next choice.
        self.refused = ""
        #: What the other seats did since the learner's last choice (the log is hidden),
        #: as (kind, text).
        self.meanwhile: list[tuple[str, str]] = []
        #: The game as the learner left it (how many choices it held, and the state), to
        #: tell what the others gained since; made again from the record when the
        #: learner's last choice is not the one it holds (a resumed lesson).
        self._left: tuple[int, GameState] = (len(tutor.state.record.choices), tutor.state.clone())

    def compose(self):
        yield from with_panel(super().compose(), "lesson", "")

    def on_mount(self) -> None:
        # (GameScreen.on_mount runs as well: Textual calls each class's handler.)
        self._show_step()

    # --- the lesson ---------------------------------------------------------------------
    @property
    def showing_step(self):
        """The step on screen: steps are read and answered at the learner's decisions."""
        return self.tutor.current if self.tutor.learner_to_choose() else None

    def play(self, key: str) -> None:
        refusal = self.tutor.refusal(key)
        if refusal:
            self.refused = refusal  # not applied: the state stays as it was
            self._show_step()
            return
        d = self.decision
        by_learner = d is not None and d.seat == self.tutor.lesson.learner
        before = len(self.state.record.choices)
        self.refused = ""
        super().play(key)
        if by_learner and len(self.state.record.choices) > before:
            self.tutor.chose(key)
            self.autosave()
            self.refresh_table()

    def log_played(self, played: Played) -> None:
        super().log_played(played)
        if played.seat == self.tutor.lesson.learner:
            self.meanwhile.clear()
        else:
            self.meanwhile.extend((e.kind, str(e.text).rstrip(".")) for e in played.events)  # joined with "; "

    def refresh_table(self) -> None:
        super().refresh_table()
        if self.is_attached and not self._finished:
            self._point_menu()
            self._show_step()
            self.refresh_bindings()

    def _point_menu(self) -> None:
        """The menu's highlight starts on the choice the step asks for, so the board
        marks the same thing the lesson points at (the learner still chooses)."""
        step = self.showing_step
        d = self.decision
        choice = d.get(step.accept[0]) if step is not None and step.asks and d else None
        menu = self.query_one(ActionMenu)
        if choice is not None and choice in menu.rows:
            menu.highlight_choice(choice)
            self.touches = frozenset(choice.touches or ())
            self.query_one(HintBox).show_choice(choice)
            self.board.touches = self.board_touches()

    def board_touches(self) -> frozenset[str]:
        """The step's parts highlighted as well as the choice's."""
        step = self.showing_step
        return self.touches | frozenset(step.point) if step is not None and step.point else self.touches

    def _show_step(self) -> None:
        tutor = self.tutor
        lesson = tutor.lesson
        said = Text()
        if self.refused:
            said = Text.assemble((_("✗ Not this time:"), "bold"), " ", self.refused)
        elif tutor.said:
            said = Text.assemble(("✓", "bold"), " ", tutor.said)
        step = self.showing_step
        if tutor.finished:
            now = Text(lesson.done)
        elif step is not None:
            now = Text(step.say)
            if not step.asks:
                now.append(_("  (Enter: go on)"), style="dim")
        else:
            who = self.state.seats[self.decision.seat] if self.decision else ""
            now = Text(_("{name} is playing…").format(name=who) if who else "")
        panel = self.query_one("#lesson")
        where = _("done") if tutor.finished else _("step {n} of {total}").format(
            n=tutor.step + 1, total=len(lesson.steps))
        panel.border_title = Text(_("{lesson} · {where}").format(lesson=lesson.title, where=where))
        events = self.meanwhile if step is not None else []
        if events:
            events = [*events, *self._gained()]
        self.query_one(f"#{PANEL_TEXT}", Plain).update(self._fit(panel, said, events, now))

    @property
    def left(self) -> GameState:
        """The game just after the learner's last choice (the opening if none yet): a
        copy kept as it is played, else replayed from the record, as after a resume
        (the log's history is told from the state as it is now)."""
        learner, state = self.tutor.lesson.learner, self.state
        at = next((i + 1 for i in range(len(state.history) - 1, -1, -1)
                   if state.history[i][0] == learner), 0)
        if self._left[0] != at:
            left = state if at == len(state.record.choices) else opening(state.record)
            left = left.clone()
            for key in state.record.choices[len(left.record.choices):at]:
                left.apply(key)
            self._left = (at, left)
        return self._left[1]

    def _gained(self) -> list[tuple[str, str]]:
        """What each other seat's turns gained it, in the words the bots' reasons use
        (read from the learner's view: nothing secret), as one closing event each."""
        from inkterm.bots.reasons import in_words, sentence

        learner = self.tutor.lesson.learner
        left = self.left
        out = []
        for seat, name in enumerate(self.state.seats):
            if seat != learner:
                told = sentence(*in_words(left, self.state, seat, viewer=learner))
                if told:
                    out.append(("gained", _("all told for {name}: {told}").format(name=name, told=told)))
        return out

    def _fit(self, panel, said: Text, events: list[tuple[str, str]], now: Text) -> Text:
        """What was said, what the others did meanwhile, and the step, in that order;
        if that overflows the panel, the step stays whole: the others' moves give way
        first, the most repeated kind first (each cube placed before the bottle it came
        from: what was taken stays), then what was said. The log keeps them all."""
        width = max((panel.content_size.width or self.size.width - 2) - 1, 20)
        room = panel.content_size.height or 9

        def text(said: Text, kept: list[int]) -> Text:
            moves, last = [], -1
            for i in kept:
                if i != last + 1:
                    moves.append("…")
                moves.append(events[i][1])
                last = i
            told = "; ".join(moves).replace("…; ", "…")
            if events and kept and kept[-1] != len(events) - 1:
                told += "…"
            parts = [said, Text(_("Meanwhile: {told}.").format(told=told), style="dim") if kept else Text(), now]
            return Text("\n\n").join(p for p in parts if p.plain)

        def rows(shown: Text) -> int:
            return len(shown.wrap(self.app.console, width))

        kept = list(range(len(events)))
        shown = text(said, kept)
        if events and rows(shown) > room:
            said = Text()
            for kept in _shorter(events):
                shown = text(said, kept)
                if rows(shown) <= room:
                    break
        return shown

    # --- keys ---------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action == "go_on":
            step = self.showing_step
            return step is not None and not step.asks
        return super().check_action(action, parameters)

    def action_go_on(self) -> None:
        self.tutor.go_on()
        self.refused = ""
        self.autosave()
        self.refresh_table()

    def action_log(self) -> None:
        toggle_log(self)

    def action_undo(self) -> None:
        self.notify(_("A lesson goes forward only; a wrong choice is never applied anyway."),
                    timeout=3)

    def action_save(self) -> None:
        if self.autosave():
            self.notify(_("Your place in the lesson is kept."), timeout=2)

    def action_leave(self) -> None:
        self.autosave()
        leave(self)

    def confirm_quit(self) -> None:
        self.autosave()  # nothing is lost: the lesson resumes where it was
        self.app.exit()


def _shorter(events: list[tuple[str, str]]):
    """Ever shorter selections (indexes, in order) of ``events``: each time the oldest
    event of the most repeated kind goes; with no repeats left, the oldest but the
    first (what began the other's turn says the most)."""
    from collections import Counter

    kept = list(range(len(events)))
    while kept:
        kind, n = Counter(events[i][0] for i in kept).most_common(1)[0]
        if n > 1:
            drop = next(i for i in kept if events[i][0] == kind)
        else:
            drop = kept[1] if len(kept) > 1 else kept[0]
        kept.remove(drop)
        yield list(kept)
