"""``studspec cases generate``: write random-play hands as conformance cases."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from studspec.cli.commands import load_rulebook
from studspec.conformance.generate import GenerationSettings, generate_cases
from studspec.errors import StakesError


def cmd_generate(args: argparse.Namespace) -> int:
    variant = load_rulebook(args.variant)
    if args.count < 0:
        print("studspec cases generate: --count must not be negative", file=sys.stderr)
        return 2
    settings = GenerationSettings(players=args.players)
    try:
        written = generate_cases(
            variant, args.variant, Path(args.out), count=args.count, seed=args.seed, settings=settings
        )
    except StakesError as error:
        print(f"studspec cases generate: {error}", file=sys.stderr)
        return 1
    print(f"{len(written)} case(s) written to {args.out}")
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cases = sub.add_parser("cases", help="make conformance cases (see 'studspec cases generate -h')")
    actions = cases.add_subparsers(dest="cases_command", required=True, metavar="ACTION")
    gen = actions.add_parser(
        "generate",
        help="write random-play hands as cases with finishing stacks and checkpoints",
        description=(
            "Deal COUNT hands of RULEBOOK from seeded decks, play them with random players, and "
            "write each as a case: the PHH history, the reference's finishing_stacks, and at "
            "every decision whose turn it is and the exact legal actions (_to_act, _legal), "
            "sometimes an action that must be refused (_illegal). The same seed writes the same "
            "files. Run them with 'studspec conform OUT'."
        ),
    )
    gen.add_argument("variant", metavar="RULEBOOK", help="a built-in rule book name or a YAML path")
    gen.add_argument("out", metavar="OUT", help="directory to write the cases into (created if missing)")
    gen.add_argument("--count", type=int, default=10, help="how many hands (default 10)")
    gen.add_argument("--seed", type=int, default=0, help="seed for decks, stacks and players (default 0)")
    gen.add_argument("--players", type=int, default=6, help="players at the table (default 6)")
    gen.set_defaults(handler=cmd_generate)
