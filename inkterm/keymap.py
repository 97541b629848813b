"""Rebinding keys: ``keys.toml`` in the data directory maps binding ids to keys.

Every screen key a player might want elsewhere has an id (``game.undo``,
``title.new`` …); the file overrides any of them, e.g.::

    "game.undo" = "z"
    "game.rules" = "f1,question_mark"

``inkterm keys`` lists every id with its key. The numbered choice keys and the
board's shortcuts follow the menu and are not rebound; ctrl+c always quits.
A file with mistakes still applies what it can and says, in one line each, what it
could not (an unknown id, a value that is not a key string, bad TOML).
"""
from __future__ import annotations

import errno
import importlib
import pkgutil
import tomllib
from dataclasses import dataclass
from pathlib import Path

from inkterm.home import home_dir
from inkterm.i18n import _

KEYMAP_FILE = "keys.toml"
#: Packages whose classes' BINDINGS may carry ids.
BOUND_PACKAGES = ("inkterm.screens", "inkterm.widgets")
MAX_KEYMAP_BYTES = 64 * 1024


def keymap_path() -> Path:
    return home_dir() / KEYMAP_FILE


@dataclass(frozen=True)
class BoundKey:
    id: str
    key: str
    description: str
    where: str  # the class that binds it


def bound_keys() -> list[BoundKey]:
    """Every binding with an id, once per id (imports the screens and widgets)."""
    seen: dict[str, BoundKey] = {}
    # One id may name a group of bindings (Tab's "next area", one per area): say them all.
    said: dict[str, list[str]] = {}
    for pkg_name in BOUND_PACKAGES:
        pkg = importlib.import_module(pkg_name)
        for info in pkgutil.walk_packages(pkg.__path__, pkg_name + "."):
            module = importlib.import_module(info.name)
            for obj in vars(module).values():
                if not isinstance(obj, type) or obj.__module__ != module.__name__:
                    continue
                for b in getattr(obj, "BINDINGS", ()) or ():
                    bid = getattr(b, "id", None)
                    if not bid:
                        continue
                    words = said.setdefault(bid, [])
                    if (b.description or b.action) not in words:
                        words.append(b.description or b.action)
                    seen.setdefault(bid, BoundKey(bid, b.key, "", obj.__name__))
    return sorted((BoundKey(k.id, k.key, " / ".join(said[k.id]), k.where) for k in seen.values()),
                  key=lambda k: k.id)


def read_keymap(path: Path | None = None) -> tuple[dict[str, str], list[str]]:
    """The keymap in ``path`` (default: the data directory's), and a line for each
    problem. A missing file is an empty keymap and no problem."""
    from inkterm.home import read_file

    path = path or keymap_path()
    try:
        # A regular file (a link to one is fine: dotfiles), bounded in size and time.
        raw = tomllib.loads(read_file(path, MAX_KEYMAP_BYTES).decode("utf-8"))
    except OSError as exc:
        if exc.errno == errno.ENOENT:  # no keymap: nothing rebound, nothing to say
            return {}, []
        if exc.errno == errno.EFBIG:
            return {}, [_("{file}: larger than {n} KiB; not read").format(file=path.name, n=MAX_KEYMAP_BYTES // 1024)]
        return {}, [_("{file}: cannot be read ({error})").format(file=path.name, error=exc)]
    except UnicodeDecodeError as exc:
        return {}, [_("{file}: cannot be read ({error})").format(file=path.name, error=exc)]
    except tomllib.TOMLDecodeError as exc:
        return {}, [_("{file}: not valid TOML ({error}); no keys rebound").format(file=path.name, error=exc)]
    if not raw:
        return {}, []
    known = {k.id for k in bound_keys()}
    keymap: dict[str, str] = {}
    problems: list[str] = []
    for bid, keys in raw.items():
        if bid not in known:
            problems.append(_("{file}: no key is called {id!r} (see `inkterm keys`)").format(file=path.name, id=bid))
        elif not isinstance(keys, str) or not all(k.strip() for k in keys.split(",")):
            problems.append(_("{file}: {id} should be a key such as \"z\" or \"f1,z\"").format(file=path.name, id=bid))
        else:
            keymap[bid] = ",".join(k.strip() for k in keys.split(","))
    return keymap, problems


def keys_table() -> str:
    """What ``inkterm keys`` prints."""
    rows = bound_keys()
    width = max(len(k.id) for k in rows)
    lines = [_("Keys you can rebind in {file} (TOML: \"id\" = \"key\"):").format(file=keymap_path()), ""]
    # A key's words as the footer shows them, in the player's language.
    lines += [f"  {k.id:<{width}}  {k.key:<14} {' / '.join(_(w) for w in k.description.split(' / '))}"
              for k in rows]
    return "\n".join(lines)
