"""The ``studspec`` command. Each subcommand lives in :mod:`studspec.cli.commands`."""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

from studspec import __version__
from studspec.cli import commands
from studspec.cli.commands import load_rulebook
from studspec.errors import OutputFileError
from studspec.terminal import printable

INTERRUPTED = 130
"""The exit status after Ctrl-C (128 + SIGINT), as shells report a command stopped by it."""

_FULL = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT})
"""The errors of a standard output that cannot take more (``> file`` on a full disk, past a
size limit): said in one line, as a file the command writes itself would be."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="studspec",
        description="Stud poker rule books in YAML, played by one interpreter.",
    )
    parser.add_argument("--version", action="version", version=f"studspec {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    return parser


def players_problem(command: str, ref: str, players: int) -> str | None:
    """Why ``players`` cannot sit at a table of the rule book ``ref``, if they cannot: what is
    wrong and what is allowed, for ``--players`` of ``command``."""
    variant = load_rulebook(ref)
    low, high = variant.min_players, variant.max_players
    if low <= players <= high:
        return None
    return f"studspec {command}: --players must be from {low} to {high} players for {variant.name}, not {players}"


def _check_players(args: argparse.Namespace) -> str | None:
    """Every command that seats ``--players`` at a RULEBOOK (run, play, simulate, cases
    generate) is checked here, once, before it starts."""
    players, ref = getattr(args, "players", None), getattr(args, "variant", None)
    if not isinstance(players, int) or not isinstance(ref, str):
        return None
    return players_problem(args.command, ref, players)


def _interrupted(command: str | None) -> int:
    """Ctrl-C: one line, no traceback (on a terminal the ^C leaves the cursor mid-line)."""
    name = f"studspec {command}" if command else "studspec"
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.write(("\n" if sys.stderr.isatty() else "") + f"{name}: interrupted\n")
        sys.stderr.flush()
    return INTERRUPTED


def _cannot_write(problem: str) -> int:
    """A file the command was asked to write could not be written (a folder in its place, a
    full disk): one line, status 1."""
    with contextlib.suppress(OSError, ValueError):
        print(f"studspec: {printable(problem)}", file=sys.stderr)
    return 1


def _output_full(error: OSError) -> int:
    """Standard output could not take more (``> file`` on a full disk, past a size limit):
    one line, status 1, and standard output pointed at nothing (as Python's documentation
    does for a closed pipe), so that the interpreter's own flush of what is still buffered
    does not fail again at exit with a traceback."""
    with contextlib.suppress(OSError, ValueError):
        nothing = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nothing, sys.stdout.fileno())
        os.close(nothing)
    return _cannot_write(f"cannot write the output: {error.strerror or error}")


def _run(args: argparse.Namespace) -> int:
    """The command, and its output flushed here, where a full disk can still be said."""
    problem = _check_players(args)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    status = int(args.handler(args))
    sys.stdout.flush()
    return status


def main(argv: Sequence[str] | None = None) -> int:
    args: argparse.Namespace | None = None
    try:
        args = build_parser().parse_args(argv)
        return _run(args)
    except BrokenPipeError:
        # The reader went away (``studspec run ... | head``): not an error of ours.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return _interrupted(args.command if args is not None else None)
    except OutputFileError as error:
        return _cannot_write(str(error))
    except OSError as error:
        if error.errno not in _FULL:
            raise
        return _output_full(error)
    except Exception as error:  # a bug of ours: said in one line, the traceback on request
        if os.environ.get("STUDSPEC_DEBUG"):
            raise
        return _internal_error(args.command if args is not None else None, error)


INTERNAL_ERROR = 70
"""The exit status of a bug in studspec (``EX_SOFTWARE``), not a problem with the input."""


def _internal_error(command: str | None, error: Exception) -> int:
    """An error studspec did not expect: one line naming it, not a traceback, and how to see
    the traceback for a report (``STUDSPEC_DEBUG=1``)."""
    name = f"studspec {command}" if command else "studspec"
    with contextlib.suppress(OSError, ValueError):
        print(
            f"{name}: internal error ({type(error).__name__}: {printable(str(error))[:300]}); this is a bug in "
            "studspec, not in your input: please report it with the command (STUDSPEC_DEBUG=1 shows the traceback)",
            file=sys.stderr,
        )
    return INTERNAL_ERROR


if __name__ == "__main__":
    sys.exit(main())
