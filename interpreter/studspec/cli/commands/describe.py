"""``studspec describe``: a rule book's rules in plain English (Markdown or HTML)."""

from __future__ import annotations

import argparse
import json
import sys

from studspec.authoring.describe import describe
from studspec.authoring.document import Format, render
from studspec.cli.commands import load_rulebook, write_output
from studspec.terminal import printable_json

RESOLVED_JSON = "json"
"""Not prose: the rule book resolved (``extends`` merged), as the conformance protocol's
``new_hand`` message carries it, for engines to read."""


def cmd_describe(args: argparse.Namespace) -> int:
    variant = load_rulebook(args.variant)
    if args.format == RESOLVED_JSON:
        text = printable_json(json.dumps(variant.resolved, indent=2, ensure_ascii=False)) + "\n"
    else:
        text = render(describe(variant), Format(args.format))
    if args.output:
        write_output(args.output, text)
        print(f"wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser(
        "describe",
        help="the rules of a rule book in plain English (Markdown or HTML), or resolved as JSON",
        description=(
            "Print the rules of a rule book in plain English, generated from its YAML: players, "
            "stakes, each street, the bring-in, the cap, running out of cards, showdown order and "
            "pots. A book made with 'extends' reads as the full rules, its changes marked."
        ),
    )
    cmd.add_argument("variant", metavar="RULEBOOK", help="a built-in rule book name or a YAML path")
    cmd.add_argument(
        "--format",
        choices=[*(f.value for f in Format), RESOLVED_JSON],
        default=Format.MARKDOWN.value,
        help="markdown (default, readable in a terminal), html (one standalone page), or json "
        "(the resolved rule book, as 'studspec conform' sends it to an engine)",
    )
    cmd.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    cmd.set_defaults(handler=cmd_describe)
