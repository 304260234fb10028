"""``studspec engine``: the interpreter behind the conformance protocol (JSON lines on
stdin/stdout), the reference a server team's adapter can be compared with."""

from __future__ import annotations

import argparse
import io
import sys

from studspec.conformance.adapter import serve


def cmd_engine(args: argparse.Namespace) -> int:
    if isinstance(sys.stdin, io.TextIOWrapper):
        # Bytes that are not UTF-8 become U+FFFD: the line is refused, the engine goes on.
        sys.stdin.reconfigure(errors="replace")
    return serve(sys.stdin, sys.stdout)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    eng = sub.add_parser(
        "engine",
        help="serve the interpreter over the conformance protocol on stdin/stdout",
        description=(
            "Read one JSON message a line (new_hand, deal, action, query) and answer each with "
            'one JSON line: the table state, a refusal by the rules ({"refused": ...}) or, for a '
            'message it cannot carry out, an error ({"error": ...}); protocol 2. Ends at end of input. '
            "'studspec conform --engine \"studspec engine\" tests/conformance' checks it."
        ),
    )
    eng.set_defaults(handler=cmd_engine)
