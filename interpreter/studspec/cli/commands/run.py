"""``studspec run``: deal one hand with built-in players and print its history."""

from __future__ import annotations

import argparse
import random
import sys

from studspec.cli.commands import MAX_SEED, PLAYERS_HELP, amount, load_rulebook, players_or_default, whole_number
from studspec.engine.hand import Hand
from studspec.engine.stakes import MAX_AMOUNT
from studspec.errors import StakesError
from studspec.history.phh import rulebook_reference, write_history
from studspec.play.players import RandomPlayer, play_out
from studspec.play.render import render
from studspec.rulebook.model import Stakes
from studspec.terminal import printable


def cmd_run(args: argparse.Namespace) -> int:
    variant = load_rulebook(args.variant)
    players = players_or_default(args.players, variant)
    base = variant.stakes
    stakes = Stakes(
        ante=base.ante if args.ante is None else args.ante,
        bring_in=base.bring_in if args.bring_in is None else args.bring_in,
        small_bet=base.small_bet if args.small_bet is None else args.small_bet,
        big_bet=base.big_bet if args.big_bet is None else args.big_bet,
        starting_stack=base.starting_stack if args.stack is None else args.stack,
        blinds=base.blinds if args.blinds is None else args.blinds,
    )
    try:
        hand = Hand(variant, [stakes.starting_stack] * players, stakes=stakes, seed=args.seed)
    except StakesError as error:
        print(f"studspec run: {error}", file=sys.stderr)
        return 1
    rng = random.Random(args.seed)
    play_out(hand, [RandomPlayer(random.Random(rng.random())) for _ in range(players)])
    # The history goes to stdout, to be saved here: a book from a file is named by its path
    # relative to the current directory (`_variant` is read relative to the history's file).
    if args.phh:
        print(write_history(hand, variant_ref=rulebook_reference(args.variant)))
    else:
        print(printable(render(hand), newlines=True))  # it quotes the book's title: escaped
    return 0


def blind_amounts(text: str) -> tuple[int, ...]:
    """An argparse ``type``: blinds as comma-separated amounts (``100,200``), or ``0`` for none."""
    if text.strip() == "0":
        return ()
    parts = text.split(",")
    if len(parts) > MAX_BLINDS:
        raise argparse.ArgumentTypeError(f"at most {MAX_BLINDS} blinds, one a seat; not {len(parts)}")
    return tuple(amount(1)(part.strip()) for part in parts)


MAX_BLINDS = 10
"""As many blinds as a table has seats (the schema's bound)."""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    run = sub.add_parser(
        "run",
        help="deal one hand with built-in players and print its history",
        description=(
            "Deal one hand of a rule book to random built-in players and print its history: "
            "every card, action, pot and winner (down cards in brackets). With --phh the hand "
            "is printed as a PHH hand history, which 'studspec replay' plays back. Stakes come "
            "from the rule book's stakes section unless given here, in the table's smallest unit."
        ),
    )
    run.add_argument("variant", metavar="RULEBOOK", help="a built-in rule book name or a YAML path")
    run.add_argument("--players", type=int, help=PLAYERS_HELP)
    run.add_argument(
        "--seed", type=whole_number(0, MAX_SEED), default=0,
        help=f"seed for the shuffle and the players, 0 to {MAX_SEED:,} (default 0)",
    )  # fmt: skip
    run.add_argument("--phh", action="store_true", help="print the hand as PHH, which 'replay' reads back")
    run.add_argument("--ante", type=amount(0), help="the ante (default: the rule book's stakes.ante)")
    run.add_argument("--bring-in", type=amount(0), dest="bring_in", help="the bring-in (default: stakes.bring_in)")
    run.add_argument(
        "--blinds", type=blind_amounts, metavar="AMOUNTS",
        help="the blinds from the dealer's left, comma-separated (100,200); 0 for none (default: stakes.blinds)",
    )  # fmt: skip
    run.add_argument("--small-bet", type=amount(1), dest="small_bet", help="the small bet (default: stakes.small_bet)")
    run.add_argument("--big-bet", type=amount(1), dest="big_bet", help="the big bet (default: stakes.big_bet)")
    run.add_argument(
        "--stack", type=amount(1),
        help="every player's starting stack (default: stakes.starting_stack); all the stacks together, like "
        f"every amount, may be at most {MAX_AMOUNT:,}, the most a hand history can write",
    )  # fmt: skip
    run.set_defaults(handler=cmd_run)
