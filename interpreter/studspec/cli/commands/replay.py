"""``studspec replay``: play PHH hand histories through their rule books."""

from __future__ import annotations

import argparse
import sys

from studspec.errors import HistoryFormatError, ReplayError, SpecError, VariantLookupError
from studspec.history.phh import read_history, replay
from studspec.history.variants import variant_for_history


def cmd_replay(args: argparse.Namespace) -> int:
    status = 0
    failed = 0
    for path in args.files:
        try:
            history = read_history(path)
            variant = variant_for_history(history)
            outcome = replay(history, variant)
        except (HistoryFormatError, VariantLookupError, SpecError, ReplayError) as error:
            print(f"{error}", file=sys.stderr)
            status = 1
            failed += 1
            continue
        stacks = " ".join(str(s) for s in outcome.stacks)
        verdict = outcome.matches
        if verdict is None:
            print(f"{path}: final stacks {stacks}")
        elif verdict:
            print(f"{path}: final stacks {stacks} (match finishing_stacks)")
        else:
            expected = " ".join(str(s) for s in history.finishing_stacks or ())
            print(f"{path}: final stacks {stacks} differ from finishing_stacks {expected}")
            status = 1
            failed += 1
    if len(args.files) > 1:
        print(f"{len(args.files) - failed} replayed, {failed} failed")
    return status


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    rep = sub.add_parser(
        "replay",
        help="play PHH hand histories through the rules; exit 1 if any is refused or ends wrong",
        description=(
            "Play each history through its rule book (F7S, F7S/8 and FR map to the built-in "
            "books; '_variant' names another) and print the final stacks. Exit status 0 when "
            "every file plays and matches its finishing_stacks, 1 otherwise."
        ),
    )
    rep.add_argument("files", nargs="+", metavar="FILE.phh")
    rep.set_defaults(handler=cmd_replay)
