"""The ``inkterm`` command.

Start-up speed matters (the title screen should appear about as fast as a bare
Textual app's first frame), so this module imports nothing heavy at import time:
Textual is imported only by the commands that open the app, and the engine only by
the commands that need a game.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from inkterm.engine.registry import GameSpec


class CliError(Exception):
    """A user mistake: printed as one line, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit code 2 (argparse adds the usage)
        print(f"inkterm: {message} (see {self.prog} --help)", file=sys.stderr)
        raise SystemExit(2)


PLAIN_HELP = ("play as lines of text: numbered choices, a board in sentences; for screen "
              "readers and pipes (see README: Plain mode)")
HANDOFF_HELP = ("cover the table between people: auto (only when the next would see "
                "a secret, the default), always, or never")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="inkterm", description="A terminal board-game table.")
    p.add_argument("--plain", dest="plain_all", action="store_true", help=PLAIN_HELP)
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    play = sub.add_parser("play", help="start a new game straight away")
    play.add_argument("game", help="which game, e.g. kiln")
    play.add_argument(
        "--seats",
        default="You,bot",
        help='comma-separated seats: a name, or a bot: easy, normal or hard (bot is normal), '
             'or random, greedy, search, search:N (default "You,bot")',
    )
    play.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    play.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE",
        help="a game option, e.g. --option difficulty=master (repeatable)",
    )
    play.add_argument("--handoff", choices=("auto", "always", "never"), default="auto", help=HANDOFF_HELP)
    play.add_argument("--plain", action="store_true", help=PLAIN_HELP)
    rules = sub.add_parser("rules", help="print a game's rules")
    rules.add_argument("game")
    rep = sub.add_parser("replay", help="step through a saved game (finished or not)")
    rep.add_argument("save", metavar="NAME", help="the save: its name or its file")
    cont = sub.add_parser("continue", help="resume the newest unfinished save (or the one given)")
    cont.add_argument("save", nargs="?", metavar="NAME",
                      help="a save to resume instead of the newest: its name as the title "
                           "screen shows it, or a file")
    cont.add_argument("--handoff", choices=("auto", "always", "never"), default="auto", help=HANDOFF_HELP)
    cont.add_argument("--plain", action="store_true", help=PLAIN_HELP)
    demo = sub.add_parser("demo", help="watch bots play while each step is explained")
    demo.add_argument("game", help="which game, e.g. kiln")
    demo.add_argument("--seats", type=int, default=None, help="how many bots (default: the fewest the game takes, at least 2)")
    demo.add_argument("--seed", type=int, default=None, help="random seed (default: random)")
    demo.add_argument("--speed", type=float, default=1.0, help="0.25 to 8 (default 1)")
    demo.add_argument("--bot", default="greedy", help="which bot plays (default greedy)")
    demo.add_argument("--rule", default=None, metavar="TOPIC",
                      help="play the short scene that shows one rule (see --list)")
    demo.add_argument("--list", action="store_true", help="list the rules' scenes and leave")
    learn = sub.add_parser("learn", help="a guided first game that teaches the rules as you play")
    learn.add_argument("game", help="which game, e.g. kiln")
    learn.add_argument("--restart", action="store_true",
                       help="start the lesson over instead of resuming it")
    sub.add_parser("keys", help="list the keys you can rebind, and where the file goes")
    from inkterm.sim import cli as sim_cli  # argparse only until run

    sim_cli.add_arguments(sub.add_parser(
        "simulate", help="many headless bot games: win rates, scores, per-card statistics"))
    serve = sub.add_parser("serve", help="let others play: over SSH or in a browser")
    how = serve.add_subparsers(dest="serve_command", metavar="HOW", required=True,
                               parser_class=_Parser)
    from inkterm.serve import ssh as serve_ssh, web as serve_web  # argparse only until run

    serve_ssh.add_arguments(how.add_parser("ssh", help="play over SSH"))
    serve_web.add_arguments(how.add_parser("web", help="play in a browser"))
    return p


def _known_games() -> Mapping[str, GameSpec]:
    from inkterm.engine.registry import GAMES

    return GAMES


def _check_game(game: str):
    games = _known_games()
    if game not in games:
        raise CliError(f"unknown game {game!r}; known: {', '.join(sorted(games))}")
    return games[game]


def parse_seats(text: str, spec) -> list[str]:
    from inkterm.bots import check_seats

    seats = text.split(",")
    if not spec.min_players <= len(seats) <= spec.max_players:
        raise CliError(
            f"{spec.title} takes {spec.min_players}–{spec.max_players} seats, not {len(seats)}"
        )
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
            raise CliError(f"option {item!r} is not NAME=VALUE")
        opt = known.get(name)
        if opt is None:
            names = ", ".join(known) or "none"
            raise CliError(f"{spec.title} has no option {name!r} (options: {names})")
        value = value.strip()
        parsed: bool | int | str
        if isinstance(opt.default, bool):
            parsed = value.lower() in ("1", "true", "yes", "on")
        elif isinstance(opt.default, int):
            try:
                parsed = int(value)
            except ValueError:
                raise CliError(f"option {name} takes a whole number, not {value!r}") from None
        else:
            parsed = value
        if opt.choices and parsed not in opt.choices:
            raise CliError(
                f"option {name} is one of {', '.join(map(str, opt.choices))}, not {value!r}"
            )
        out[name] = parsed
    return out


def cmd_rules(game: str) -> int:
    spec = _check_game(game)
    try:
        text = spec.rules_text()
    except OSError:
        raise CliError(f"no rules text for {game!r} yet") from None
    from rich.console import Console
    from rich.markdown import Markdown

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
        raise CliError(f"{spec.title} takes {spec.min_players}–{spec.max_players} seats, not {n}")
    from inkterm.bots import BOT_FORMS, is_bot

    if not is_bot(bot):
        raise CliError(f"unknown bot {bot!r}; the bots are {BOT_FORMS}")
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
        raise CliError(f"{spec.title} has no rules scenes yet; `inkterm demo {game}` plays a whole game")
    if topic is None:
        print(f"Scenes of {spec.title} (inkterm demo {game} --rule TOPIC):")
        for scene in scenes:
            print(f"  {slug(scene.topic):<24} {scene.title}")
        return 0
    if scene_for(game, topic) is None:
        raise CliError(f"no scene of {spec.title} shows {topic!r}; `inkterm demo {game} --list` lists them")
    return _run_app(start=("scene", game, topic, speed))


def cmd_learn(game: str, restart: bool) -> int:
    spec = _check_game(game)
    from inkterm.lessons import has_lesson

    if not has_lesson(game):
        raise CliError(f"there is no guided game for {spec.title} yet; "
                       f"`inkterm demo {game}` shows it played and explained")
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
            raise CliError(f"{path}: that game is already over")
    else:
        info = newest_unfinished()
        if info is None:
            bad = [s for s in list_saves() if s.error]
            note = ""
            if bad:
                note = (f" ({len(bad)} unreadable save(s) left untouched, e.g. "
                        f"{bad[0].error})")
            raise CliError("no unfinished game to continue" + note)
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
        return f"no save named {name!r}, and no saves in {directory}"
    lines = [f"no save named {name!r}; the saves in {directory}:"]
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


def main(argv: list[str] | None = None) -> int:
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
