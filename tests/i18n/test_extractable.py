"""Every message is one Babel can extract: a translating call (``_``, ``gettext``,
``ngettext``, ``pgettext``, ``lazy_gettext``, ``Msg``, ``nmsg``, a Binding's words) is
given its message as a string literal, or as a reference to one marked where it is
written (a name, an attribute, an item of a table of ``N_`` words, a choice between
such) — never text built at the call (an f-string, ``+``, ``%``, ``.format``, ``str()``),
which no catalog can hold. ``N_`` itself marks literals only."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "inkterm"
#: A translating call's name -> how many leading arguments are messages.
MESSAGES = {"_": 1, "gettext": 1, "lazy_gettext": 1, "Msg": 1, "ngettext": 2, "nmsg": 2,
            "pgettext": 2, "npgettext": 3, "N_": 1, "pmsg": 2}
#: Where the message functions themselves pass a message on (their parameters).
PASSING_ON = {"i18n.py", "engine/text.py"}


def literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def a_reference(node: ast.expr) -> bool:
    """A message written elsewhere: looked up, not built here."""
    if literal(node) or isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)):
        return True
    if isinstance(node, ast.IfExp):
        return a_reference(node.body) and a_reference(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_":
        return all(literal(a) for a in node.args)  # marked right here
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
        return all(a_reference(a) for a in node.args[1:])  # table.get(key, default)
    return False


def messages_of(call: ast.Call) -> list[ast.expr]:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if name == "Binding":
        return call.args[2:3] + [k.value for k in call.keywords if k.arg == "description"]
    given = call.args[:MESSAGES.get(name, 0)]
    if name in ("Msg", "nmsg"):
        given += [k.value for k in call.keywords if k.arg == "plural"]
    return given


def unextractable() -> list[str]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where in PASSING_ON:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            marker = isinstance(node.func, ast.Name) and node.func.id == "N_"
            for arg in messages_of(node):
                if not (literal(arg) if marker else a_reference(arg)):
                    found.append(f"{where}:{node.lineno}: {ast.unparse(node)[:90]}")
    return found


def test_every_message_can_be_extracted():
    found = unextractable()
    assert found == [], "\n".join(found)


def test_the_check_sees_a_built_message(tmp_path):
    """The check would catch an f-string, a sum and a format (it is not blind)."""
    (tmp_path / "bad.py").write_text('_(f"x {y}")\nMsg("a" + b)\nngettext("{n} a", "{n} %s" % b, n)\n'
                                     'N_(WORDS)\n_(str(v))\n_(WORDS[k])\n', encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert [f.split(":")[1] for f in unextractable()] == ["1", "2", "3", "4", "5"]
    finally:
        ROOT = saved


#: Calls whose first message is looked up alone, and those looked up with a plural.
SINGULAR = {"_", "gettext", "lazy_gettext", "Msg", "N_"}
PLURAL = {"ngettext", "nmsg"}


def singular_and_plural(root: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Each literal message -> where it is used alone, and where with a plural."""
    alone: dict[str, str] = {}
    counted: dict[str, str] = {}
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and literal(node.args[0])):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in SINGULAR and not (name == "Msg" and any(k.arg == "plural" for k in node.keywords)):
                alone.setdefault(node.args[0].value, f"{where}:{node.lineno}")
            elif name in PLURAL:
                counted.setdefault(node.args[0].value, f"{where}:{node.lineno}")
    return alone, counted


def test_no_message_is_used_both_alone_and_with_a_plural():
    """The catalog keeps one entry a message: one used with a plural somewhere is a
    plural entry, which a lookup of it alone never finds (a board's '{n} left' stayed
    English in Chinese and Japanese, since another game counts '{n} left')."""
    alone, counted = singular_and_plural(ROOT)
    both = sorted(f"{m!r}: alone at {alone[m]}, counted at {counted[m]}" for m in alone.keys() & counted.keys())
    assert both == [], "\n".join(both)
