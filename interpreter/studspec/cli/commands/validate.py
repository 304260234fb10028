"""``studspec validate``: check rule books, one ``file:line:col: message`` per problem."""

from __future__ import annotations

import argparse
import sys

from studspec.spec import validate_paths


def cmd_validate(args: argparse.Namespace) -> int:
    checked, errors = validate_paths(args.paths, allowed=args.confine)
    for line in errors:
        print(line)
    if checked == 0:
        print(f"no rule books found in {', '.join(args.paths)} (looked for .yaml and .yml files)", file=sys.stderr)
        return 1
    print(f"{checked} file(s) checked, {len(errors)} problem(s)")
    return 1 if errors else 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    val = sub.add_parser(
        "validate",
        help="check rule books; print one 'file:line:col: message' per problem",
        description=(
            "Exit status 0 when every file is a valid rule book, 1 otherwise. A rule book is a "
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
