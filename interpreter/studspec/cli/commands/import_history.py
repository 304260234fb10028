"""``studspec import``: PokerStars stud hand histories as PHH histories ``replay`` checks.

A site's file is untrusted input: every hand that cannot be read is one line naming the file,
the line and the reason (its text escaped), and the others are still converted; nothing is
written unless whole (:func:`~studspec.files.write_atomically`).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from studspec.cli.commands import amount, load_rulebook, write_output
from studspec.errors import ImportFormatError
from studspec.files import make_folder
from studspec.history.phh import rulebook_reference
from studspec.history.pokerstars import read_hand, read_site_file, split_hands
from studspec.history.pokerstars_phh import convert
from studspec.terminal import printable


@dataclass(frozen=True)
class Imported:
    """One hand converted: where it was read and its PHH text."""

    where: str
    number: int
    text: str


def _hands(path: str, args: argparse.Namespace, rulebook: str | None) -> tuple[list[Imported], int]:
    """The hands of one file converted, and how many could not be (each said on stderr)."""
    try:
        blocks = split_hands(read_site_file(path), path)
    except ImportFormatError as error:
        print(printable(f"studspec import: {error}"), file=sys.stderr)
        return [], 1
    converted: list[Imported] = []
    refused = 0
    for line, lines in blocks:
        try:
            hand = read_hand(path, lines)
            text = convert(hand, rulebook=rulebook, bring_in=args.bring_in)
        except ImportFormatError as error:
            print(printable(f"studspec import: {error}"), file=sys.stderr)
            refused += 1
            continue
        converted.append(Imported(f"{path}:{line}", hand.number, text))
    return converted, refused


def _rulebook(args: argparse.Namespace) -> str | None:
    """How the histories name ``--rulebook`` in ``_variant`` (relative to where they are
    written), after checking that it loads."""
    if args.rulebook is None:
        return None
    load_rulebook(args.rulebook)
    return rulebook_reference(args.rulebook, args.out or ".")


def _write(converted: list[Imported], out: str) -> int:
    """Each hand to ``OUT/pokerstars-NUMBER.phh``; a hand number given twice is refused."""
    folder = make_folder(out)
    seen: dict[int, str] = {}
    status = 0
    for hand in converted:
        if hand.number in seen:
            print(printable(f"studspec import: {hand.where}: hand #{hand.number} again (first at {seen[hand.number]})"),
                  file=sys.stderr)  # fmt: skip
            status = 1
            continue
        seen[hand.number] = hand.where
        path = folder / f"pokerstars-{hand.number}.phh"
        write_output(str(path), hand.text)
        print(printable(f"{hand.where}: hand #{hand.number} -> {path}"))
    return status


def cmd_import(args: argparse.Namespace) -> int:
    rulebook = _rulebook(args)
    converted: list[Imported] = []
    refused = 0
    for path in args.files:
        hands, failed = _hands(path, args, rulebook)
        converted += hands
        refused += failed
    if args.out is not None:
        status = _write(converted, args.out)
    elif len(converted) == 1:
        sys.stdout.write(converted[0].text)
        status = 0
    else:
        if converted:
            print(f"studspec import: {len(converted)} hands read: give -o FOLDER to write one PHH file each",
                  file=sys.stderr)  # fmt: skip
        status = 1
    print(f"{len(converted)} hand(s) converted, {refused} refused", file=sys.stderr)
    return 1 if refused or status else 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    imp = sub.add_parser(
        "import",
        help="convert PokerStars stud hand histories (text) to PHH histories that replay checks",
        description=(
            "Read PokerStars text hand histories of 7 Card Stud, 7 Card Stud Hi/Lo and Razz (fixed limit, "
            "cash games and tournaments) and write each hand as PHH: the site's hand number, table, seats, "
            "players, stakes and time, every card shown (?? for a card nobody saw), every action, and the "
            "stacks the site paid (its rake as _rake). 'studspec replay' then checks each hand against the "
            "rules. Amounts are in cents in a cash game, in chips in a tournament. A hand that cannot be "
            "read is one line, FILE:LINE: hand #N: why, and the others are still converted; exit status 1 "
            "if any was refused. A file must be UTF-8 of at most 16 MiB. See docs/import.md."
        ),
    )
    imp.add_argument("files", nargs="+", metavar="FILE", help="PokerStars hand-history text files")
    imp.add_argument(
        "-o", "--out", metavar="FOLDER",
        help="write each hand to FOLDER/pokerstars-NUMBER.phh (without it, a file of one hand is printed)",
    )  # fmt: skip
    imp.add_argument(
        "--rulebook", metavar="NAME_OR_PATH",
        help="the rule book to replay the hands under, written as _variant (default: the built-in book of "
        "each game: seven-card-stud, seven-card-stud-hi-lo, razz)",
    )  # fmt: skip
    imp.add_argument(
        "--bring-in", type=amount(1), metavar="AMOUNT", dest="bring_in",
        help="the table's bring-in in the smallest unit (cents, chips), for a hand whose history does not "
        "show it in full (its bring-in was all-in for less)",
    )  # fmt: skip
    imp.set_defaults(handler=cmd_import)
