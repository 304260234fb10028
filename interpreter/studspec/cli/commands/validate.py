"""``studspec validate``: check rule books, one ``file:line:col: message`` per problem."""

from __future__ import annotations

import argparse
import sys

from studspec.rulebook.loader import check_paths
from studspec.terminal import printable


def cmd_validate(args: argparse.Namespace) -> int:
    report = check_paths(args.paths, allowed=args.confine)
    for line in (*report.errors, *report.warnings):
        print(printable(line))  # a message may quote the book's own text
    if report.checked == 0:
        print(f"no rule books found in {', '.join(args.paths)} (looked for .yaml and .yml files)", file=sys.stderr)
        return 1
    warned = f", {len(report.warnings)} warning(s)" if report.warnings else ""
    print(f"{report.checked} file(s) checked, {len(report.errors)} problem(s){warned}")
    return 1 if report.errors else 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    val = sub.add_parser(
        "validate",
        help="check rule books; print one 'file:line:col: message' per problem or warning",
        description=(
            "Exit status 0 when every file is a valid rule book, 1 otherwise; a warning "
            "('file:line:col: warning: ...') points at what a valid book probably does not mean "
            "and does not fail it. A rule book is a "
            "built-in name or a path to a .yaml file; by default a path, and a path a book "
            "extends, may be anywhere (--confine limits them)."
        ),
    )
    val.add_argument("paths", nargs="+", metavar="PATH", help="YAML files or directories of them")
    val.add_argument(
        "--confine",
        action="append",
        metavar="DIR",
        help="refuse any rule book, given or reached through extends, outside DIR (symlinks "
        "followed); repeat for more folders; built-in books are always allowed",
    )
    val.set_defaults(handler=cmd_validate)
