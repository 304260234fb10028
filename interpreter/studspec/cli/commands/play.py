"""``studspec play``: play a rule book against built-in players in the terminal."""

from __future__ import annotations

import argparse
import random
import sys

from studspec.cli.commands import (
    MAX_HANDS,
    MAX_SEED,
    PLAYERS_HELP,
    amount,
    load_rulebook,
    players_or_default,
    whole_number,
)
from studspec.engine.hand import Hand
from studspec.errors import OutputFileError, SnapshotError, StakesError, StudspecError
from studspec.play.game import Console, new_session, run_session
from studspec.play.players import PlayerKind
from studspec.play.saved import load_game, prepare_save
from studspec.play.session import Session
from studspec.play.table import detect_style


def _resume(args: argparse.Namespace) -> int:
    """``play --resume FILE``: go on with a saved game, in the hand where it was saved."""
    try:
        session = load_game(args.resume)
    except StudspecError as error:
        print(f"studspec play: {error}", file=sys.stderr)
        return 1
    return _sit_down(session, args, args.save or args.resume)


def _sit_down(session: Session, args: argparse.Namespace, save_to: str | None) -> int:
    """Play the session. A ``--save`` file that can never be written, or a key that cannot be
    made, is refused before the first hand; a save that fails when the player quits (a full
    disk) is one line, and the file that was there is left as it was."""
    if save_to is not None:
        try:
            prepare_save(save_to)
        except StudspecError as error:
            print(f"studspec play: {error}", file=sys.stderr)
            return 1
    session.save_to = save_to
    console = Console(sys.stdin, sys.stdout)
    try:
        return run_session(session, console, detect_style(sys.stdout, args.color), max_hands=args.hands)
    except (OutputFileError, SnapshotError) as error:
        print(f"studspec play: {error}; the game was not saved", file=sys.stderr)
        return 1


def cmd_play(args: argparse.Namespace) -> int:
    if args.resume is not None:
        return _resume(args)
    if args.variant is None:
        print("studspec play: name a rule book (or --resume a saved game)", file=sys.stderr)
        return 2
    variant = load_rulebook(args.variant)
    if args.seed is None:
        # A fresh game each time; the seed is printed so that a game can be dealt again.
        args.seed = random.SystemRandom().randrange(10**6)
        print(f"(seed {args.seed}: --seed {args.seed} deals this game again)")
    players = players_or_default(args.players, variant)
    if not 1 <= args.seat <= players:
        print(f"studspec play: --seat must be from 1 to {players}", file=sys.stderr)
        return 2
    session = new_session(variant, players, args.seat - 1, args.seed, bots=PlayerKind(args.bots), stack=args.stack)
    try:
        Hand(variant, list(session.stacks), stakes=session.stakes, seed=0)
    except StakesError as error:
        print(f"studspec play: {error}", file=sys.stderr)
        return 1
    return _sit_down(session, args, args.save)


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    cmd = sub.add_parser(
        "play",
        help="play a rule book against built-in players in the terminal",
        description=(
            "Sit at a table of built-in players and play hand after hand. Each turn shows the "
            "table as your seat sees it and lists your legal actions; type a number, a PHH "
            "action (cbr 400) or a word (call). Bad input is refused with the reason and asked "
            "again. Reads standard input line by line, so a game can be scripted."
        ),
    )
    cmd.add_argument("variant", metavar="RULEBOOK", nargs="?", help="a built-in rule book name or a YAML path")
    cmd.add_argument(
        "--save", metavar="FILE",
        help=(
            "quitting (q) in the middle of a hand saves the game to FILE instead of giving the hand up; "
            "the file is sealed with a key in your configuration folder, so only your account can resume it"
        ),
    )  # fmt: skip
    cmd.add_argument(
        "--resume", metavar="FILE",
        help="go on with a game saved by --save, in the hand where it stopped (saves to FILE again on q)",
    )  # fmt: skip
    cmd.add_argument("--players", type=int, help=f"{PLAYERS_HELP} (you included)")
    cmd.add_argument(
        "--seat", type=whole_number(1, 16), default=1, help="your seat, 1 = first left of the dealer (default 1)"
    )
    cmd.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        help=f"seed for the deals and the players, 0 to {MAX_SEED:,} (default: a new one each game, printed)",
    )
    cmd.add_argument(
        "--bots",
        choices=[k.value for k in PlayerKind],
        default=PlayerKind.RULES.value,
        help="the other players: rules (by hand strength, default) or random",
    )
    cmd.add_argument("--stack", type=amount(1), help="every player's starting stack (default: the rule book's)")
    cmd.add_argument(
        "--hands",
        type=whole_number(1, MAX_HANDS),
        help=f"play this many hands, 1 to {MAX_HANDS:,}, without asking between them (default: ask after each hand)",
    )
    _add_table_options(cmd)
    cmd.set_defaults(handler=cmd_play)


def _add_table_options(cmd: argparse.ArgumentParser) -> None:
    """How the table looks: colours."""
    cmd.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="red hearts and diamonds (default auto: on a terminal without NO_COLOR)",
    )
