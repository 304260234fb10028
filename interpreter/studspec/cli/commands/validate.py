"""``studspec validate``: check rule books, one ``file:line:col: message`` per problem."""

from __future__ import annotations

import argparse
import sys

from studspec.spec import validate_paths


def cmd_validate(args: argparse.Namespace) -> int:
    checked, errors = validate_paths(args.paths)
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
        description="Exit status 0 when every file is a valid rule book, 1 otherwise.",
    )
    val.add_argument("paths", nargs="+", metavar="PATH", help="YAML files or directories of them")
    val.set_defaults(handler=cmd_validate)
