"""``studspec cases generate``: write random-play hands as conformance cases."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from studspec.cli.commands import MAX_HANDS, MAX_SEED, PLAYERS_HELP, load_rulebook, players_or_default, whole_number
from studspec.cli.commands.simulate import add_cluster_arguments
from studspec.conformance.generate import CASE_CHUNK, Generated, GenerationSettings, generation, run_generation
from studspec.engine.hand import Hand
from studspec.errors import ChunkLostError, ClusterError, StakesError
from studspec.play.backends import open_backend
from studspec.play.chunks import retried_line
from studspec.play.simulate import ProgressBar

COMMAND = "cases generate"


def _generate(args: argparse.Namespace) -> Generated:
    """Write the cases where the arguments say (here, a local pool, a cluster), with progress
    on stderr unless ``--quiet``; stakes the book cannot deal raise StakesError first."""
    variant = load_rulebook(args.variant)
    stakes = variant.stakes
    players = players_or_default(args.players, variant)
    Hand(variant, [max(stakes.starting_stack, 1)] * players, stakes=stakes, seed=0)
    job = generation(variant, args.variant, Path(args.out), args.seed, GenerationSettings(players=players))
    with open_backend(args.cluster, args.workers) as backend:
        bar = ProgressBar(args.count, enabled=not args.quiet, command=COMMAND, unit="cases")
        run = run_generation(job, args.count, backend, progress=bar, chunk=args.chunk)
        bar.finish(run.label)
    return run


def cmd_generate(args: argparse.Namespace) -> int:
    try:
        run = _generate(args)
    except (StakesError, ClusterError, ChunkLostError) as error:
        print(f"studspec {COMMAND}: {error}", file=sys.stderr)
        return 1
    notice = retried_line(COMMAND, run.retried)
    if notice:
        print(notice, file=sys.stderr)
    print(f"{run.written} case(s) written to {args.out}")
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
            "sometimes an action that must be refused (_illegal). Each case is seeded by the "
            "seed and its number, and written by the worker that plays it, on all cores or a "
            "Ray cluster (--cluster; OUT must then be a folder every node shares): the same "
            "seed writes the same files whatever runs them. Run them with 'studspec conform OUT'."
        ),
    )
    gen.add_argument("variant", metavar="RULEBOOK", help="a built-in rule book name or a YAML path")
    gen.add_argument("out", metavar="OUT", help="directory to write the cases into (created if missing)")
    gen.add_argument(
        "--count", type=whole_number(0, MAX_HANDS), default=10, help=f"how many hands, 0 to {MAX_HANDS:,} (default 10)"
    )
    gen.add_argument(
        "--seed", type=whole_number(0, MAX_SEED), default=0,
        help=f"seed for decks, stacks and players, 0 to {MAX_SEED:,} (default 0)",
    )  # fmt: skip
    gen.add_argument("--players", type=int, help=PLAYERS_HELP)
    add_cluster_arguments(gen, "cases", CASE_CHUNK)
    gen.add_argument("--quiet", action="store_true", help="no progress on stderr")
    gen.set_defaults(handler=cmd_generate)
