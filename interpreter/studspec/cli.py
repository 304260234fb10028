"""The ``studspec`` command: run, replay and validate rule books from the shell."""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Sequence

from . import __version__
from .hand import Hand, StakesError
from .phh import HistoryFormatError, ReplayError, read_history, replay, write_history
from .players import RandomPlayer, play_out
from .render import render
from .spec import SpecError, load_variant, validate_paths
from .spec.model import Stakes, Variant
from .variants import VariantLookupError, variant_for_history


def _load(ref: str) -> Variant:
    try:
        return load_variant(ref)
    except SpecError as error:
        raise SystemExit(f"studspec: {error}") from None


def cmd_run(args: argparse.Namespace) -> int:
    variant = _load(args.variant)
    base = variant.stakes
    stakes = Stakes(
        ante=base.ante if args.ante is None else args.ante,
        bring_in=base.bring_in if args.bring_in is None else args.bring_in,
        small_bet=base.small_bet if args.small_bet is None else args.small_bet,
        big_bet=base.big_bet if args.big_bet is None else args.big_bet,
        starting_stack=base.starting_stack if args.stack is None else args.stack,
    )
    try:
        hand = Hand(variant, [stakes.starting_stack] * args.players, stakes=stakes, seed=args.seed)
    except StakesError as error:
        print(f"studspec run: {error}", file=sys.stderr)
        return 1
    rng = random.Random(args.seed)
    play_out(hand, [RandomPlayer(random.Random(rng.random())) for _ in range(args.players)])
    ref = args.variant if Path(args.variant).suffix in (".yaml", ".yml") else variant.name
    print(write_history(hand, variant_ref=ref) if args.phh else render(hand))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            history = read_history(path)
            variant = variant_for_history(history)
            outcome = replay(history, variant)
        except (HistoryFormatError, VariantLookupError, SpecError, ReplayError) as error:
            print(f"{error}", file=sys.stderr)
            status = 1
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
    return status


def cmd_validate(args: argparse.Namespace) -> int:
    checked, errors = validate_paths(args.paths)
    for line in errors:
        print(line)
    print(f"{checked} file(s) checked, {len(errors)} problem(s)", file=sys.stderr)
    return 1 if errors or checked == 0 else 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studspec",
        description="Stud poker rule books in YAML, played by one interpreter.",
    )
    parser.add_argument("--version", action="version", version=f"studspec {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    run = sub.add_parser("run", help="deal one hand with built-in players and print its history")
    run.add_argument("variant", metavar="RULEBOOK", help="a built-in rule book name or a YAML path")
    run.add_argument("--players", type=int, default=6, help="players at the table (default 6)")
    run.add_argument("--seed", type=int, default=0, help="seed for the shuffle and the players (default 0)")
    run.add_argument("--phh", action="store_true", help="print the hand as PHH, which 'replay' reads back")
    run.add_argument("--ante", type=int, help="ante in the smallest unit (default: the rule book's stakes)")
    run.add_argument("--bring-in", type=int, dest="bring_in", help="bring-in amount")
    run.add_argument("--small-bet", type=int, dest="small_bet", help="small bet")
    run.add_argument("--big-bet", type=int, dest="big_bet", help="big bet")
    run.add_argument("--stack", type=int, help="every player's starting stack")
    run.set_defaults(handler=cmd_run)

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

    val = sub.add_parser(
        "validate",
        help="check rule books; print one 'file:line:col: message' per problem",
        description="Exit status 0 when every file is a valid rule book, 1 otherwise.",
    )
    val.add_argument("paths", nargs="+", metavar="PATH", help="YAML files or directories of them")
    val.set_defaults(handler=cmd_validate)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.handler(args))
    except BrokenPipeError:
        # The reader went away (``studspec run ... | head``): not an error of ours.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
