"""``python -m benchmarks`` (``make bench``): every benchmark, one table of ratios/rates."""
from __future__ import annotations

import argparse
import importlib
import os

from rich.console import Console
from rich.table import Table

SUITES = ["engine_speed", "bots_speed", "startup", "keypaint", "ssh_latency", "table_latency"]
#: The locale each language is measured under (the start-up and key-paint benchmarks
#: play in the language the locale names, as a start from the command line would).
LOCALES = {"en": "C.UTF-8", "zh": "zh_CN.UTF-8", "ja": "ja_JP.UTF-8"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("only", nargs="*", help=f"run only these of {', '.join(SUITES)}")
    ap.add_argument("--lang", choices=tuple(LOCALES), default=None,
                    help="measure the app in this language (default: the locale's)")
    args = ap.parse_args()
    if args.lang:
        os.environ["LC_ALL"] = LOCALES[args.lang]  # read by this process and the children
    title = "inkterm benchmarks (ratios and rates from one run)"
    table = Table(title=title + (f", in {args.lang}" if args.lang else ""))
    for col in ("figure", "value", "goal", ""):
        table.add_column(col)
    console = Console()
    for name in args.only or SUITES:
        with console.status(f"running {name}…"):
            rows = importlib.import_module(f"benchmarks.{name}").run()
        for r in rows:
            mark = "" if r["ok"] is None else ("ok" if r["ok"] else "below goal")
            table.add_row(r["figure"], str(r["value"]), r["goal"], mark)
    console.print(table)


if __name__ == "__main__":
    main()
