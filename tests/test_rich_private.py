"""inkterm uses Rich through its public API: no reading or writing of a Rich object's
private attributes (a Rich release may rename them; the keys panel once rewrote a
table column's private cell list)."""
from __future__ import annotations

import ast
import dataclasses
import importlib
import pkgutil
from pathlib import Path

import rich

ROOT = Path(__file__).resolve().parent.parent / "inkterm"


def rich_private_names() -> set[str]:
    """Every private attribute Rich's classes declare (class attributes, slots,
    dataclass fields, and what their ``__init__`` assigns to ``self._…``)."""
    names: set[str] = set()
    for info in pkgutil.iter_modules(rich.__path__, "rich."):
        if info.name.startswith("rich._") or info.name in ("rich.__main__", "rich.diagnose"):
            continue
        module = importlib.import_module(info.name)
        for cls in vars(module).values():
            if not isinstance(cls, type) or not cls.__module__.startswith("rich"):
                continue
            declared = [*vars(cls), *getattr(cls, "__slots__", ())]
            if dataclasses.is_dataclass(cls):
                declared += [f.name for f in dataclasses.fields(cls)]
            names |= {n for n in declared if n.startswith("_") and not n.startswith("__")}
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                  and isinstance(node.value, ast.Name) and node.value.id == "self"
                  and node.attr.startswith("_") and not node.attr.startswith("__")}
    return names - NAMED_TUPLE_API


#: A named tuple's public methods start with "_" so as not to clash with its fields.
NAMED_TUPLE_API = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}


def test_no_private_attribute_of_rich_is_used():
    private = rich_private_names()
    assert "_cells" in private  # a column's cells: what the check is for
    found = []
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in private
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{path.relative_to(ROOT.parent)}:{node.lineno}: {ast.unparse(node)}")
    assert found == [], "\n".join(found)
