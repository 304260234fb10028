"""``studspec simulate``: many hands with built-in players, and what the rules did."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

from studspec.cli.commands import (
    MAX_HANDS,
    MAX_SEED,
    MAX_WORKERS,
    PLAYERS_HELP,
    amount,
    load_rulebook,
    players_or_default,
    whole_number,
)
from studspec.engine.hand import Hand
from studspec.engine.stakes import MAX_AMOUNT
from studspec.errors import ChunkLostError, ClusterError, StakesError
from studspec.history.phh import rulebook_reference
from studspec.play.backends import open_backend
from studspec.play.chunks import CHUNKS_PER_WORKER, retried_line
from studspec.play.players import PlayerKind
from studspec.play.simulate import CHUNK_LEAST, CHUNK_MOST, ProgressBar, Setup, Simulated, run_simulation
from studspec.play.stats import format_report, report
from studspec.terminal import printable


def _cluster_address(text: str) -> str:
    """An argparse ``type``: a Ray address in one of the forms ``--cluster`` takes, checked
    before anything connects (Ray would wait half a minute on ``ray://garbage``). The check
    needs no Ray, and :mod:`studspec.play.cluster` is loaded only when the option is given."""
    from studspec.errors import ClusterAddressError
    from studspec.play.cluster import check_address

    try:
        return check_address(text)
    except ClusterAddressError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _setup(args: argparse.Namespace) -> Setup:
    """The simulation the arguments ask for; stakes that cannot be dealt raise StakesError."""
    variant = load_rulebook(args.variant)
    players = players_or_default(args.players, variant)
    stakes = variant.stakes if args.stack is None else replace(variant.stakes, starting_stack=args.stack)
    Hand(variant, [stakes.starting_stack] * players, stakes=stakes, seed=0)
    return Setup(
        variant=variant,
        players=players,
        stakes=stakes,
        player=PlayerKind(args.bots),
        seed=args.seed,
        # Absolute: a worker (on a cluster, on another machine) does not run in this folder.
        phh_dir=str(Path(args.phh).resolve()) if args.phh else None,
        variant_ref=rulebook_reference(args.variant, args.phh) if args.phh else variant.name,
    )


def _run(args: argparse.Namespace, setup: Setup) -> Simulated:
    """Play the hands where the arguments say (here, a local pool, a cluster), with progress;
    chunks run again after a lost worker are said on stderr, never in the report."""
    with open_backend(args.cluster, args.workers) as backend:
        bar = ProgressBar(args.hands, enabled=not args.quiet)
        run = run_simulation(setup, args.hands, backend, progress=bar, chunk=args.chunk)
        bar.finish(run.label)
    notice = retried_line("simulate", run.retried)
    if notice:
        print(notice, file=sys.stderr)
    return run


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        setup = _setup(args)
        totals = _run(args, setup).totals
    except (StakesError, ClusterError, ChunkLostError) as error:
        print(f"studspec simulate: {error}", file=sys.stderr)
        return 1
    variant = setup.variant
    meta = {
        "rulebook": args.variant if Path(args.variant).suffix in (".yaml", ".yml") else variant.name,
        "title": variant.title,
        "players": setup.players,
        "seed": args.seed,
        "player": args.bots,
    }
    data = report(totals, variant, big_bet=setup.stakes.big_bet, meta=meta)
    if args.json:
        print(json.dumps(data, indent=2))
    else:
        sys.stdout.write(printable(format_report(data), newlines=True))  # the report quotes the book's title
    return 0


def add_cluster_arguments(
    cmd: argparse.ArgumentParser, unit: str, default_chunk: int | None, default_said: str | None = None
) -> None:
    """``--workers``, ``--cluster`` and ``--chunk``, the same for every command that runs in
    chunks (``simulate``, ``cases generate``). ``default_chunk`` ``None`` leaves the size to
    the run, which ``default_said`` then describes for ``--help``."""
    cmd.add_argument(
        "--workers",
        type=whole_number(1, MAX_WORKERS),
        help=f"processes to use, 1 to {MAX_WORKERS:,} (default: every core); with --cluster, chunks run at once "
        "(default: the cluster's CPUs)",
    )
    cmd.add_argument(
        "--cluster",
        metavar="ADDRESS",
        type=_cluster_address,
        help="run on a Ray cluster: ray://HOST:10001 (Ray Client), or from a node of the cluster "
        "HOST:6379 or auto (needs pip install 'studspec[cluster]'; see docs/cluster.md)",
    )
    cmd.add_argument(
        "--chunk",
        type=whole_number(1, MAX_HANDS),
        default=default_chunk,
        metavar=unit.upper(),
        help=f"{unit} per task, 1 to {MAX_HANDS:,} (default {default_said or default_chunk}); a cluster wants "
        "larger ones, the output does not change",
    )


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser(
        "simulate",
        help="play many hands with built-in players and report what the rules did",
        description=(
            "Play HANDS hands of a rule book with built-in players on all cores, or on a Ray "
            "cluster, and report how often each street is reached, the showdown rate, pot "
            "sizes in big bets, bring-in completions, the open-pair big bet, community cards, "
            "hi/lo scoops and splits, the decisions about cards in a book that has them (draws, "
            "discards, the card turned up, buys, passes), and results by seat. The same seed gives the same "
            "numbers with any number of workers or machines and any --chunk. Progress goes to "
            "stderr: a bar on a terminal, a line per 10% otherwise."
        ),
    )
    cmd.add_argument("variant", metavar="RULEBOOK", help="a built-in rule book name or a YAML path")
    cmd.add_argument(
        "--hands",
        type=whole_number(1, MAX_HANDS),
        default=1000,
        help=f"hands to play, 1 to {MAX_HANDS:,} (default 1000)",
    )
    cmd.add_argument("--players", type=int, help=PLAYERS_HELP)
    cmd.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=0,
        help=f"seed of the whole simulation, 0 to {MAX_SEED:,} (default 0)",
    )
    add_cluster_arguments(
        cmd, "hands", None, f"about {CHUNKS_PER_WORKER} chunks a worker, of {CHUNK_LEAST} to {CHUNK_MOST:,} hands"
    )
    cmd.add_argument(
        "--bots",
        choices=[k.value for k in PlayerKind],
        default=PlayerKind.RULES.value,
        help="the built-in players: rules (by hand strength, default) or random (as in 'play')",
    )
    cmd.add_argument(
        "--stack", type=amount(1), help="every player's starting stack (default: the rule book's); all the stacks "
        f"together may be at most {MAX_AMOUNT:,}, the most a hand history can write"
    )  # fmt: skip
    cmd.add_argument("--json", action="store_true", help="print the report as JSON")
    cmd.add_argument(
        "--phh",
        metavar="DIR",
        help="also write every hand to DIR as a PHH file, written by the workers "
        "(with --cluster, DIR must be a folder every node shares)",
    )
    cmd.add_argument("--quiet", action="store_true", help="no progress on stderr")
    cmd.set_defaults(handler=cmd_simulate)
