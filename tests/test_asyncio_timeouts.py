"""No ``asyncio.wait_for`` in inkterm: in Python 3.11 it returns normally when what it
waits for finishes in the same moment as its task is cancelled, and the cancellation
is lost (a joiner froze on a shared table; hang-ups went on while a server closed).
``async with asyncio.timeout(...)`` is the one way to bound a wait."""
from __future__ import annotations

import ast
from pathlib import Path

import inkterm

ROOT = Path(inkterm.__file__).parent


def wait_fors(source: str) -> list[int]:
    """The lines of ``source`` that call ``wait_for`` of asyncio (however imported)."""
    tree = ast.parse(source)
    imported = {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and node.module == "asyncio" for alias in node.names if alias.name == "wait_for"}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if (isinstance(f, ast.Attribute) and f.attr == "wait_for" and isinstance(f.value, ast.Name)
                and f.value.id == "asyncio") or (isinstance(f, ast.Name) and f.id in imported):
            found.append(node.lineno)
    return found


def test_no_bounded_wait_can_swallow_a_cancellation():
    found = [f"{path.relative_to(ROOT.parent)}:{line}" for path in sorted(ROOT.rglob("*.py"))
             for line in wait_fors(path.read_text(encoding="utf-8"))]
    assert found == []


def test_the_check_finds_wait_for_however_it_is_called():
    assert wait_fors("import asyncio\nasync def f(x):\n    await asyncio.wait_for(x, 1)\n") == [3]
    assert wait_fors("from asyncio import wait_for as w\nasync def f(x):\n    await w(x, 1)\n") == [3]
    assert wait_fors("import asyncio\nasync def f(x):\n    async with asyncio.timeout(1):\n        await x\n") == []
