"""``python -m benchmarks`` (``make bench``): every benchmark, one table of ratios/rates."""
from __future__ import annotations

import argparse
import importlib

from rich.console import Console
from rich.table import Table

SUITES = ["engine_speed", "bots_speed", "startup", "keypaint", "ssh_latency", "table_latency"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("only", nargs="*", help=f"run only these of {', '.join(SUITES)}")
    args = ap.parse_args()
    table = Table(title="inkterm benchmarks (ratios and rates from one run)")
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
