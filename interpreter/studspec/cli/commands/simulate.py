"""``studspec simulate``: many hands with built-in players, and what the rules did."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from studspec.cli.commands import load_rulebook
from studspec.engine.hand import Hand
from studspec.errors import StakesError
from studspec.history.phh import rulebook_reference
from studspec.play.players import PlayerKind
from studspec.play.simulate import ProgressBar, Setup, default_workers, simulate
from studspec.play.stats import format_report, report


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def cmd_simulate(args: argparse.Namespace) -> int:
    variant = load_rulebook(args.variant)
    players = args.players if args.players is not None else variant.max_players
    stakes = variant.stakes if args.stack is None else replace(variant.stakes, starting_stack=args.stack)
    try:
        Hand(variant, [stakes.starting_stack] * players, stakes=stakes, seed=0)
    except StakesError as error:
        print(f"studspec simulate: {error}", file=sys.stderr)
        return 1
    is_path = Path(args.variant).suffix in (".yaml", ".yml")
    setup = Setup(
        variant=variant,
        players=players,
        stakes=stakes,
        player=PlayerKind(args.bots),
        seed=args.seed,
        phh_dir=args.phh,
        variant_ref=rulebook_reference(args.variant, args.phh) if args.phh else variant.name,
    )
    workers = args.workers or default_workers()
    bar = ProgressBar(args.hands, enabled=not args.quiet)
    totals = simulate(setup, args.hands, workers=workers, progress=bar)
    bar.finish(workers)
    meta = {
        "rulebook": args.variant if is_path else variant.name,
        "title": variant.title,
        "players": players,
        "seed": args.seed,
        "player": args.bots,
    }
    data = report(totals, variant, big_bet=stakes.big_bet, meta=meta)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        sys.stdout.write(format_report(data))
    return 0


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser(
        "simulate",
        help="play many hands with built-in players and report what the rules did",
        description=(
            "Play HANDS hands of a rule book with built-in players on all cores and report how "
            "often each street is reached, the showdown rate, pot sizes in big bets, bring-in "
            "completions, the open-pair big bet, community cards, hi/lo scoops and splits, and "
            "results by seat. The same seed gives the same numbers with any number of workers. "
            "Progress goes to stderr: a bar on a terminal, a line per 10% otherwise."
        ),
    )
    cmd.add_argument("variant", metavar="RULEBOOK", help="a built-in rule book name or a YAML path")
    cmd.add_argument("--hands", type=_positive, default=1000, help="hands to play (default 1000)")
    cmd.add_argument("--players", type=int, help="players at the table (default: the rule book's most)")
    cmd.add_argument("--seed", type=int, default=0, help="seed of the whole simulation (default 0)")
    cmd.add_argument("--workers", type=_positive, help="processes to use (default: every core)")
    cmd.add_argument(
        "--bots",
        choices=[k.value for k in PlayerKind],
        default=PlayerKind.RULES.value,
        help="the built-in players: rules (by hand strength, default) or random (as in 'play')",
    )
    cmd.add_argument("--stack", type=_positive, help="every player's starting stack (default: the rule book's)")
    cmd.add_argument("--json", action="store_true", help="print the report as JSON")
    cmd.add_argument("--phh", metavar="DIR", help="also write every hand to DIR as a PHH file")
    cmd.add_argument("--quiet", action="store_true", help="no progress on stderr")
    cmd.set_defaults(handler=cmd_simulate)
