"""Which games exist. Each game package declares its own ``GameSpec`` as ``GAME`` in
its ``__init__.py``; the registry finds the packages under ``inkterm.games`` the first
time ``GAMES`` is read, so no central file names a game. Specs are plain data and a
package's ``__init__`` stays small: a game's rules module is imported only when the
game is played (games depend on the engine, not the other way round)."""
from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

#: Where the games inkterm ships live: every subpackage here that declares ``GAME``.
GAMES_PACKAGE = "inkterm.games"


@dataclass(frozen=True)
class OptionSpec:
    name: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    help: str = ""


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    min_players: int
    max_players: int
    module: str  # the module whose ``State`` class implements the game
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)
    blurb: str = ""
    #: The module with the bots' evaluation hooks (see ``bots/hooks.py``); "" for the
    #: generic ones.
    bot_hooks: str = ""
    #: Where the game is listed in menus: lower first, then by registration.
    order: int = 100
    #: Some seat's view lacks part of the state (another seat's hand, a deck's order, a
    #: side chosen in secret): ``determinize`` must redraw it, and the conformance suite
    #: checks it does. False: every seat's view is ``summary()``. Future dice alone do not
    #: count (the generator, reseeded by every determinization, holds them).
    hidden_information: bool = False
    #: The decision topics whose choice its seat makes in secret (the table is told that
    #: a choice was made, not which): no other seat's view may tell it.
    secret_topics: frozenset[str] = frozenset()

    def state_class(self):
        return importlib.import_module(self.module).State

    def rules_text(self) -> str:
        """The rules as Markdown; section headings' slugs are the Decision topics."""
        return self.state_class().rules_text()

    def default_options(self) -> dict[str, Any]:
        return {o.name: o.default for o in self.options}


class GameRegistry(Mapping[str, GameSpec]):
    """Game id -> spec, in menu order. The shipped packages are found on first use."""

    def __init__(self) -> None:
        self._specs: dict[str, GameSpec] = {}
        self._discovered = False
        # The app reads GAMES from a worker thread (the save scan) while the UI thread
        # imports a screen that reads it too: the second reader waits for the first's
        # discovery instead of seeing an empty registry.
        self._discovery = threading.RLock()

    def _all(self) -> dict[str, GameSpec]:
        if not self._discovered:
            with self._discovery:
                if not self._discovered:
                    for spec in discover():
                        self.add(spec)
                    self._discovered = True
        return self._specs

    def __getitem__(self, game: str) -> GameSpec:
        return self._all()[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def add(self, spec: GameSpec) -> None:
        specs = {**self._specs, spec.id: spec}
        ranked = sorted(enumerate(specs.values()), key=lambda pair: (pair[1].order, pair[0]))
        self._specs = {s.id: s for _, s in ranked}


GAMES = GameRegistry()


def register(spec: GameSpec) -> GameSpec:
    GAMES.add(spec)
    return spec


def declared_game(name: str) -> GameSpec | None:
    """The ``GAME = GameSpec(...)`` a package (or module) declares, if any."""
    spec = getattr(importlib.import_module(name), "GAME", None)
    return spec if isinstance(spec, GameSpec) else None


def register_package(name: str) -> GameSpec:
    """Register the game a package declares as ``GAME``: the one way a game joins, for
    the shipped games and for any other (the tests' toy game joins so)."""
    spec = declared_game(name)
    if spec is None:
        raise TypeError(f"{name} declares no GAME = GameSpec(...)")
    return register(spec)


def discover() -> list[GameSpec]:
    """The games declared by the packages under ``inkterm.games`` (importing only their
    ``__init__``); a subpackage without a ``GAME`` declaration is not a game."""
    package = importlib.import_module(GAMES_PACKAGE)
    infos = pkgutil.iter_modules(package.__path__, f"{GAMES_PACKAGE}.")
    specs = [declared_game(info.name) if info.ispkg else None for info in infos]
    return [spec for spec in specs if spec is not None]
