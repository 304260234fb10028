"""``studspec list``: the built-in rule books, by name and title."""

from __future__ import annotations

import argparse

from studspec.rulebook import builtin_names, load_variant
from studspec.terminal import printable


def cmd_list(args: argparse.Namespace) -> int:
    names = builtin_names()
    width = max(map(len, names), default=0)
    for name in names:
        variant = load_variant(name)
        codes = f"  (PHH {', '.join(variant.phh_codes)})" if variant.phh_codes else ""
        print(printable(f"{name:<{width}}  {variant.title}{codes}"))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "list",
        help="list the built-in rule books",
        description="Name every built-in rule book with its title and the PHH codes it plays.",
    )
    parser.set_defaults(handler=cmd_list)
