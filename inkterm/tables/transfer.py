"""Tables moved between the two stores, as they are (the same JSON in a file and in
a row): ``inkterm tables export`` writes a store's tables as table files (a backup,
or a move back to one host), ``inkterm tables import`` puts table files into a
store (a host's tables onto the shared store)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the parser is made for every command line: the tables only when run
    from .store import TableStore


def add_arguments(parser: argparse.ArgumentParser) -> None:
    how = parser.add_subparsers(dest="tables_command", metavar="WHAT", required=True)
    out = how.add_parser("export", help="write every table in a store as table files")
    out.add_argument("store", metavar="STORE", help="postgresql://… (or a folder of table files)")
    out.add_argument("folder", metavar="FOLDER", type=Path, help="where the table files go")
    into = how.add_parser("import", help="put table files into a store (a code it has is skipped)")
    into.add_argument("folder", metavar="FOLDER", type=Path, help="a folder of CODE.table.json files")
    into.add_argument("store", metavar="STORE", help="postgresql://… (or a folder of table files)")


def copy(source: "TableStore", target: "TableStore") -> tuple[list[str], list[str]]:
    """Every table of ``source`` into ``target``: (the codes copied, one line for
    each table left out and why)."""
    from .manager import TableFile, file_status
    from .store import CodeTaken, Row

    copied, left = [], []
    for name, row in source.all_rows():
        if not isinstance(row, Row):
            left.append(f"{name}: {row}")
            continue
        try:
            data = TableFile.model_validate_json(row.text)
        except ValueError as exc:
            left.append(f"{name}: not a table file ({' '.join(str(exc).split())[:120]})")
            continue
        try:
            target.create(data.code, row.text, file_status(data))
        except CodeTaken:
            left.append(f"{data.code}: already there (left as it is)")
            continue
        copied.append(data.code)
    return copied, left


def run_from_args(args: argparse.Namespace) -> int:
    from .store import FileStore, StoreDown, open_store

    source: TableStore
    target: TableStore
    try:
        if args.tables_command == "export":
            source, target = open_store(args.store), FileStore(args.folder)
        else:
            source, target = FileStore(args.folder), open_store(args.store)
    except StoreDown as exc:
        print(f"inkterm tables: the store cannot be reached: {exc}", file=sys.stderr)
        return 1
    try:
        copied, left = copy(source, target)
    finally:
        source.close()
        target.close()
    for line in left:
        print(f"inkterm tables: {line}", file=sys.stderr)
    print(f"{len(copied)} tables copied into {target.where}" + (f", {len(left)} left out" if left else ""))
    return 0
