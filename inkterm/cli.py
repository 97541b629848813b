"""The ``inkterm`` command.

Start-up speed matters (the title screen should appear about as fast as a bare
Textual app's first frame), so this module imports nothing heavy at import time:
Textual is imported only by the commands that open the app, and the engine only by
the commands that need a game.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from inkterm.i18n import LANGUAGES, N_, _, choose, ngettext, use
from inkterm.session_env import LANG_ENV

if TYPE_CHECKING:
    from inkterm.engine.registry import GameSpec


def game_title(spec: GameSpec) -> str:
    """A game's title in the reader's language (loads its words only when said)."""
    from inkterm.translated import game_title as title

    return title(spec)


class CliError(Exception):
    """A user mistake: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit code 2 (argparse adds the usage)
        print("inkterm: " + _("{message} (see {command} --help)").format(message=message, command=self.prog),
              file=sys.stderr)
        raise SystemExit(2)


PLAIN_HELP = N_("play as lines of text: numbered choices, a board in sentences; for screen "
                "readers and pipes (see README: Plain mode)")
HANDOFF_HELP = N_("cover the table between people: auto (only when the next would see "
                  "a secret, the default), always, or never")
LANG_HELP = N_("the language to play in: en, zh (中文) or ja (日本語); default: the one chosen "
               "on the title screen, else your locale (LC_ALL, LC_MESSAGES, LANG), else English")


def _language_flag(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang`` wherever it is given (before or after the command), and the other
    arguments: the language must be known before the help texts are written."""
    pre = _Parser(prog="inkterm", add_help=False, allow_abbrev=False)
    pre.add_argument("--lang", choices=tuple(LANGUAGES))
    known, rest = pre.parse_known_args(argv)
    return known.lang, rest


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="inkterm", description=_("A terminal board-game table."))
    p.add_argument("--plain", dest="plain_all", action="store_true", help=_(PLAIN_HELP))
    p.add_argument("--lang", choices=tuple(LANGUAGES), help=_(LANG_HELP))
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    play = sub.add_parser("play", help=_("start a new game straight away"))
    play.add_argument("game", help=_("which game, e.g. kiln"))
    play.add_argument(
        "--seats",
        default="You,bot",
        help=_('comma-separated seats: a name, or a bot: easy, normal or hard (bot is normal), '
               'or random, greedy, search, search:N (default "You,bot")'),
    )
    play.add_argument("--seed", type=int, default=None, help=_("random seed (default: random)"))
    play.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help=_("a game option, e.g. --option difficulty=master (repeatable)"),
    )
    play.add_argument("--handoff", choices=("auto", "always", "never"), default="auto", help=_(HANDOFF_HELP))
    play.add_argument("--plain", action="store_true", help=_(PLAIN_HELP))
    rules = sub.add_parser("rules", help=_("print a game's rules"))
    rules.add_argument("game")
    rep = sub.add_parser("replay", help=_("step through a saved game (finished or not)"))
    rep.add_argument("save", metavar="NAME", help=_("the save: its name or its file"))
    cont = sub.add_parser("continue", help=_("resume the newest unfinished save (or the one given)"))
    cont.add_argument("save", nargs="?", metavar="NAME",
                      help=_("a save to resume instead of the newest: its name as the title "
                             "screen shows it, or a file"))
    cont.add_argument("--handoff", choices=("auto", "always", "never"), default="auto", help=_(HANDOFF_HELP))
    cont.add_argument("--plain", action="store_true", help=_(PLAIN_HELP))
    demo = sub.add_parser("demo", help=_("watch bots play while each step is explained"))
    demo.add_argument("game", help=_("which game, e.g. kiln"))
    demo.add_argument("--seats", type=int, default=None,
                      help=_("how many bots (default: the fewest the game takes, at least 2)"))
    demo.add_argument("--seed", type=int, default=None, help=_("random seed (default: random)"))
    demo.add_argument("--speed", type=float, default=1.0, help=_("0.25 to 8 (default 1)"))
    demo.add_argument("--bot", default="greedy", help=_("which bot plays (default greedy)"))
    demo.add_argument("--rule", default=None, metavar="TOPIC",
                      help=_("play the short scene that shows one rule (see --list)"))
    demo.add_argument("--list", action="store_true", help=_("list the rules' scenes and leave"))
    learn = sub.add_parser("learn", help=_("a guided first game that teaches the rules as you play"))
    learn.add_argument("game", help=_("which game, e.g. kiln"))
    learn.add_argument("--restart", action="store_true",
                       help=_("start the lesson over instead of resuming it"))
    sub.add_parser("keys", help=_("list the keys you can rebind, and where the file goes"))
    from inkterm.sim import cli as sim_cli  # argparse only until run

    sim_cli.add_arguments(sub.add_parser(
        "simulate", help=_("many headless bot games: win rates, scores, per-card statistics")))
    serve = sub.add_parser("serve", help=_("let others play: over SSH or in a browser"))
    how = serve.add_subparsers(dest="serve_command", metavar="HOW", required=True,
                               parser_class=_Parser)
    from inkterm.serve import ssh as serve_ssh, web as serve_web  # argparse only until run

    serve_ssh.add_arguments(how.add_parser("ssh", help=_("play over SSH")))
    serve_web.add_arguments(how.add_parser("web", help=_("play in a browser")))
    from inkterm.tables import transfer

    transfer.add_arguments(sub.add_parser(
        "tables", help=_("move shared tables between table files and a PostgreSQL store")))
    return p


def _known_games() -> Mapping[str, GameSpec]:
    from inkterm.engine.registry import GAMES

    return GAMES


def _check_game(game: str):
    games = _known_games()
    if game not in games:
        raise CliError(_("unknown game {game!r}; known: {games}").format(
            game=game, games=", ".join(sorted(games))))
    return games[game]


def parse_seats(text: str, spec) -> list[str]:
    from inkterm.bots import check_seats

    seats = text.split(",")
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise CliError(_("{game} takes {least}–{most} seats, not {n}").format(
            game=game_title(spec), least=spec.min_players, most=spec.max_players, n=len(seats)))
    try:
        return check_seats(seats, spec.id)
    except ValueError as exc:
        raise CliError(f"--seats: {exc}") from None


def parse_options(items: list[str], spec) -> dict:
    known = {o.name: o for o in spec.options}
    out = {}
    for item in items:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            raise CliError(_("option {item!r} is not NAME=VALUE").format(item=item))
        opt = known.get(name)
        if opt is None:
            names = ", ".join(known) or _("none")
            raise CliError(_("{game} has no option {name!r} (options: {names})").format(
                game=game_title(spec), name=name, names=names))
        value = value.strip()
        parsed: bool | int | str
        if isinstance(opt.default, bool):
            parsed = value.lower() in ("1", "true", "yes", "on")
        elif isinstance(opt.default, int):
            try:
                parsed = int(value)
            except ValueError:
                raise CliError(_("option {name} takes a whole number, not {value!r}").format(
                    name=name, value=value)) from None
        else:
            parsed = value
        if opt.choices and parsed not in opt.choices:
            raise CliError(_("option {name} is one of {choices}, not {value!r}").format(
                name=name, choices=", ".join(map(str, opt.choices)), value=value))
        out[name] = parsed
    return out


def cmd_rules(game: str) -> int:
    spec = _check_game(game)
    from inkterm.translated import rules_text

    try:
        text = rules_text(spec)
    except OSError:
        raise CliError(_("no rules text for {game!r} yet").format(game=game)) from None
    from rich.console import Console
    from rich.markdown import Markdown

    from inkterm.widgets.line_breaks import install

    install()  # Chinese and Japanese paragraphs wrap as on the screens
    Console().print(Markdown(text))
    return 0


def _run_app(**kwargs) -> int:
    from inkterm.app import InktermApp

    app = InktermApp(**kwargs)
    app.run()
    return app.return_code or 0  # non-zero when the app ended on an error


def _plain(start) -> int:
    """Run a plain game (``inkterm.plain.start``); a game that cannot start is a CliError."""
    from inkterm.plain.lines import Closed
    from inkterm.plain.start import Refused

    try:
        return start()
    except Refused as exc:
        raise CliError(str(exc)) from None
    except Closed:  # nobody reads any more (before the game began)
        return 0


def cmd_play(game: str, seats_text: str, seed: int | None, options: Sequence[str] = (),
             handoff: str = "auto", plain: bool = False) -> int:
    spec = _check_game(game)
    seats = parse_seats(seats_text, spec)
    opts = parse_options(list(options), spec)
    if seed is None:
        import random

        seed = random.randrange(1, 100_000)
    if plain:
        from inkterm.plain import start

        return _plain(lambda: start.play_new(game, seats, seed, opts, handoff=handoff))
    return _run_app(start=("play", game, seats, seed, opts), handoff=handoff)


def cmd_demo(game: str, n: int | None, seed: int | None, speed: float, bot: str) -> int:
    spec = _check_game(game)
    n = n or max(2, spec.min_players)
    if not spec.min_players <= n <= spec.max_players:
        raise CliError(_("{game} takes {least}–{most} seats, not {n}").format(
            game=game_title(spec), least=spec.min_players, most=spec.max_players, n=n))
    from inkterm.bots import BOT_FORMS, is_bot

    if not is_bot(bot):
        raise CliError(_("unknown bot {bot!r}; the bots are {bots}").format(bot=bot, bots=BOT_FORMS))
    if seed is None:
        import random

        seed = random.randrange(1, 100_000)
    return _run_app(start=("demo", game, n, seed, speed, bot))


def cmd_scene(game: str, topic: str | None, speed: float) -> int:
    """``demo GAME --list`` (topic None) lists the scenes; ``--rule TOPIC`` plays one."""
    spec = _check_game(game)
    from inkterm.scenes import load_scenes, scene_for
    from inkterm.screens.rules import slug

    scenes = load_scenes(game)
    if not scenes:
        raise CliError(_("{title} has no rules scenes yet; `inkterm demo {game}` plays a whole game").format(
            title=game_title(spec), game=game))
    if topic is None:
        print(_("Scenes of {title} (inkterm demo {game} --rule TOPIC):").format(title=game_title(spec), game=game))
        for scene in scenes:
            print(f"  {slug(scene.topic):<24} {scene.title}")
        return 0
    if scene_for(game, topic) is None:
        raise CliError(_("no scene of {title} shows {topic!r}; `inkterm demo {game} --list` lists them").format(
            title=game_title(spec), topic=topic, game=game))
    return _run_app(start=("scene", game, topic, speed))


def cmd_learn(game: str, restart: bool) -> int:
    spec = _check_game(game)
    from inkterm.lessons import has_lesson

    if not has_lesson(game):
        raise CliError(_("there is no guided game for {title} yet; "
                         "`inkterm demo {game}` shows it played and explained").format(title=game_title(spec), game=game))
    return _run_app(start=("learn", game, restart))


def cmd_continue(save: str | None, handoff: str = "auto", plain: bool = False) -> int:
    from inkterm.engine.saves import SaveError, list_saves, newest_unfinished, read_save

    if save:
        path = _find_save(save)
        try:
            state = read_save(path)
        except SaveError as exc:
            raise CliError(str(exc)) from None
        if state.is_over:
            raise CliError(_("{path}: that game is already over").format(path=path))
    else:
        info = newest_unfinished()
        if info is None:
            bad = [s for s in list_saves() if s.error]
            note = ""
            if bad:
                note = " " + ngettext("({n} unreadable save left untouched, e.g. {error})",
                                      "({n} unreadable saves left untouched, e.g. {error})",
                                      len(bad)).format(n=len(bad), error=bad[0].error)
            raise CliError(_("no unfinished game to continue") + note)
        path = info.path
    if plain:
        from inkterm.plain import start

        return _plain(lambda: start.play_save(path, handoff=handoff))
    return _run_app(start=("continue", str(path)), handoff=handoff)


def _find_save(name: str) -> Path:
    """A save given by its path, or by its name in the save directory as the title
    screen shows it (with or without ``.save.json``)."""
    from inkterm.engine.saves import save_dir

    path = Path(name).expanduser()
    if path.is_file() or path.parent != Path("."):
        return path  # a path: reading it names any problem
    for candidate in (save_dir() / name, save_dir() / f"{name}.save.json"):
        if candidate.is_file():
            return candidate
    raise CliError(_no_such_save(name, save_dir()))


def _no_such_save(name: str, directory: Path) -> str:
    """The error for an unknown save name: what there is instead, one save a line."""
    from inkterm.engine.saves import list_saves
    from inkterm.screens.saved_games import describe_save, save_name, short_error

    saves = list_saves(directory)
    if not saves:
        return _("no save named {name!r}, and no saves in {folder}").format(name=name, folder=directory)
    lines = [_("no save named {name!r}; the saves in {folder}:").format(name=name, folder=directory)]
    for info in saves:
        if info.state is None:
            assert info.error is not None  # a save that does not open says why
            lines.append(f"  ⚠ {short_error(info.error)}")
        else:
            lines.append(f"  {save_name(info.path)}  {describe_save(info)}")
    return "\n".join(lines)


def cmd_replay(save: str) -> int:
    from inkterm.engine.saves import SaveError, read_save

    path = _find_save(save)
    try:
        read_save(path)  # fail here, as one line, rather than inside the app
    except SaveError as exc:
        raise CliError(str(exc)) from None
    return _run_app(start=("replay", str(path)))


#: What argparse itself says (usage, its headings, its errors), marked for the catalogs:
#: argparse is given the reader's catalog (its module-level ``_``) in ``main``.
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"), N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("ignored explicit argument %r"),
)


def main(argv: list[str] | None = None) -> int:
    flag, argv = _language_flag(sys.argv[1:] if argv is None else list(argv))
    if flag is None and os.environ.get(LANG_ENV) in LANGUAGES:  # a browser tab's language
        flag = os.environ[LANG_ENV]
    try:
        use(choose(flag))
    except (OSError, ValueError) as exc:  # a catalog that does not load: English, said once
        print(f"inkterm: the language could not be loaded ({exc}); using English", file=sys.stderr)
    argparse._ = _  # type: ignore[attr-defined]  # its words in the reader's language (ARGPARSE_WORDS)
    args = _parser().parse_args(argv)
    try:
        if args.command == "rules":
            return cmd_rules(args.game)
        if args.command == "play":
            return cmd_play(args.game, args.seats, args.seed, args.option, args.handoff,
                            args.plain or args.plain_all)
        if args.command == "continue":
            return cmd_continue(args.save, args.handoff, args.plain or args.plain_all)
        if args.command == "replay":
            return cmd_replay(args.save)
        if args.command == "demo" and (args.list or args.rule):
            return cmd_scene(args.game, args.rule, args.speed)
        if args.command == "demo":
            return cmd_demo(args.game, args.seats, args.seed, args.speed, args.bot)
        if args.command == "learn":
            return cmd_learn(args.game, args.restart)
        if args.command == "keys":
            from inkterm.keymap import keys_table

            print(keys_table())
            return 0
        if args.command == "simulate":
            from inkterm.sim import cli as sim_cli

            return sim_cli.run_from_args(args)
        if args.command == "tables":
            from inkterm.tables import transfer

            return transfer.run_from_args(args)
        if args.command == "serve":
            from inkterm.serve import ssh, web

            return (ssh if args.serve_command == "ssh" else web).run_from_args(args)
        if args.plain_all:
            from inkterm.plain import start

            return start.menu()
        return _run_app()
    except CliError as exc:
        from inkterm.names import visible  # a file's or a player's name: text, not a command

        print("inkterm: " + "\n".join(visible(line) for line in str(exc).split("\n")), file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
