"""``studspec replay``: play PHH hand histories through their rule books."""

from __future__ import annotations

import argparse
import sys

from studspec.errors import StudspecError
from studspec.history.phh import ReplayOutcome, read_history, replay, site_rake
from studspec.history.variants import variant_for_history
from studspec.terminal import printable


def _one_line(text: str) -> str:
    """``text`` as exactly one line with nothing a terminal would obey: every refusal prints
    as one line, whatever a file (its ``_variant``, its actions, its name) holds."""
    return printable(text)


def _replayed(path: str, allowed: list[str] | None, unfinished: bool) -> ReplayOutcome | None:
    """The outcome of one file, or ``None`` after printing, on one line, why it does not play."""
    try:
        history = read_history(path)
        return replay(history, variant_for_history(history, allowed), unfinished=unfinished)
    except StudspecError as error:  # a bad file, an unknown rule book, a refused action ...
        print(_one_line(str(error)), file=sys.stderr)
        return None


def _where_it_stopped(path: str, outcome: ReplayOutcome) -> str:
    """An unfinished history: how far it went, whose turn it is and what they may do."""
    hand = outcome.hand
    legal = ", ".join(str(choice) for choice in hand.legal_actions())
    stacks = " ".join(str(s) for s in hand.stacks)
    choices = f"; legal: {legal}" if legal else ""
    return (
        f"{path}: unfinished after {len(outcome.history.actions)} actions, on {hand.street_id or 'no'} street: "
        f"{hand.waiting_for()}{choices}; stacks {stacks}"
    )


def cmd_replay(args: argparse.Namespace) -> int:
    status = 0
    failed = 0
    for path in args.files:
        outcome = _replayed(path, args.rulebooks, args.unfinished)
        if outcome is None:
            status = 1
            failed += 1
            continue
        stacks = " ".join(str(s) for s in outcome.stacks)
        if not outcome.hand.is_complete:
            print(_one_line(_where_it_stopped(path, outcome)))
            continue
        verdict = outcome.matches
        if verdict is None:
            print(_one_line(f"{path}: final stacks {stacks}"))
        elif verdict:
            rake = site_rake(outcome.history)
            kept = f", less the site's rake of {rake} from the winners" if rake else ""
            print(_one_line(f"{path}: final stacks {stacks} (match finishing_stacks{kept})"))
        else:
            expected = " ".join(str(s) for s in outcome.history.finishing_stacks or ())
            print(_one_line(f"{path}: final stacks {stacks} differ from finishing_stacks {expected}"))
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
            "every file plays and matches its finishing_stacks, 1 otherwise. A file must be "
            "UTF-8 TOML of at most 256 KiB."
        ),
    )
    rep.add_argument("files", nargs="+", metavar="FILE.phh")
    rep.add_argument(
        "--unfinished", action="store_true",
        help="a history may stop before the hand is over: print whose turn it is and what they may do",
    )  # fmt: skip
    rep.add_argument(
        "--rulebooks", action="append", metavar="DIR",
        help="confine a history's _variant rule book (and any book it extends) to this folder; "
        "repeat for more (default: anywhere; built-in rule books may always be named)",
    )  # fmt: skip
    rep.set_defaults(handler=cmd_replay)
