"""The app and its tests use Textual's public API only, so a Textual upgrade that
keeps its public promises cannot break them."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRIVATE = re.compile(r"from textual(\.\w+)*\._\w+ import|import textual(\.\w+)*\._|\._compositor\b")


def test_no_private_textual_internals():
    found = [f"{p.relative_to(ROOT)}:{n}: {line.strip()}"
             for folder in ("inkterm", "tests", "benchmarks")
             for p in sorted((ROOT / folder).rglob("*.py")) if p != Path(__file__).resolve()
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if PRIVATE.search(line)]
    assert found == []
