"""``studspec diagram``: draw a rule book's compiled state machine (Mermaid, SVG or PNG)."""

from __future__ import annotations

import argparse
import sys

from studspec.authoring.diagram import DiagramFormat, image, mermaid
from studspec.cli.commands import load_rulebook, write_output
from studspec.errors import GraphvizMissingError


def cmd_diagram(args: argparse.Namespace) -> int:
    variant = load_rulebook(args.variant)
    fmt = DiagramFormat(args.format)
    if fmt is DiagramFormat.MERMAID:
        text = mermaid(variant)
        if args.output:
            write_output(args.output, text)
        else:
            sys.stdout.write(text)
        return 0
    if not args.output and sys.stdout.isatty():
        print(f"studspec diagram: {fmt.value} is binary; write it to a file with -o FILE", file=sys.stderr)
        return 2
    try:
        data = image(variant, fmt)
    except GraphvizMissingError as error:
        print(f"studspec diagram: {error}", file=sys.stderr)
        return 1
    if args.output:
        write_output(args.output, data)
    else:
        sys.stdout.buffer.write(data)
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser(
        "diagram",
        help="draw the rule book's state machine (Mermaid text; SVG or PNG with Graphviz)",
        description=(
            "Print the compiled state machine of a rule book: one state per phase of a hand, "
            "conditions on the edges. Mermaid (default) needs nothing installed; svg and png "
            "need Graphviz (the dot program and 'pip install graphviz')."
        ),
    )
    cmd.add_argument("variant", metavar="RULEBOOK", help="a built-in rule book name or a YAML path")
    cmd.add_argument("--format", choices=[f.value for f in DiagramFormat], default=DiagramFormat.MERMAID.value)
    cmd.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    cmd.set_defaults(handler=cmd_diagram)
