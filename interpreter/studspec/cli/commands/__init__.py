"""The subcommands of ``studspec``, one module each.

Every module in this package that defines ``register(subparsers)`` is a subcommand; the
CLI finds them by scanning the package, so adding a command is adding a module.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from studspec.engine.actions import MAX_AMOUNT_DIGITS
from studspec.engine.stakes import MAX_AMOUNT
from studspec.errors import SpecError
from studspec.files import write_atomically
from studspec.rulebook import load_variant
from studspec.rulebook.model import Variant
from studspec.terminal import printable


def load_rulebook(ref: str) -> Variant:
    """A built-in name or a YAML path; a bad rule book ends the command with its error line."""
    try:
        return load_variant(ref)
    except SpecError as error:
        raise SystemExit(f"studspec: {printable(str(error))}") from None


PLAYERS_HELP = "players at the table (default: the rule book's most, players.max)"


def players_or_default(requested: int | None, variant: Variant) -> int:
    """How many seats a command deals: as asked, or a full table of the book (its
    ``players.max``), the one default of run, play, simulate and cases generate."""
    return variant.max_players if requested is None else requested


def write_output(path: str, data: str | bytes) -> None:
    """Write a command's output file (``-o``), making its folder if needed: whole, or not at
    all, so a full disk or a folder at ``path`` leaves what was there unchanged. A file that
    cannot be written raises :class:`~studspec.errors.OutputFileError`, which
    :func:`studspec.cli.main` prints as one line."""
    write_atomically(path, data)


# --- Bounded options ---------------------------------------------------------------------
# Every number an option takes is bounded where argparse reads it, so that a value no run
# could use is one line naming the allowed range, never an OverflowError from deep inside.

MAX_HANDS = 10**12
"""Most hands (``simulate --hands``), cases (``cases generate --count``) or hands a chunk
(``--chunk``) a run may ask for: a million million hands is years of work on a large
cluster, and counts stay far inside the 64-bit sizes a run's chunk arithmetic needs (a
count of 10**26 overflowed ``len``)."""

MAX_WORKERS = 1024
"""Most processes (or, on a cluster, chunks at once) ``--workers`` may ask for."""

MAX_SEED = 10**18 - 1
"""Largest ``--seed``: 18 digits, as an amount (a seed is written into case file names)."""

MAX_SECONDS = 3600.0
"""Longest ``--timeout`` or ``--startup-timeout`` of ``conform``: an hour for one answer."""


def _shown(text: str) -> str:
    """What was typed, cut short when long (a value of thousands of digits is one line too)."""
    return repr(text if len(text) <= 24 else f"{text[:20]}...")


def whole_number(low: int, high: int, note: str = "") -> Callable[[str], int]:
    """An argparse ``type``: a whole number of ASCII digits from ``low`` to ``high``, else
    one line naming the range (``note`` says why the bound is what it is)."""
    allowed = f"a whole number from {low:,} to {high:,}{f' ({note})' if note else ''}"
    width = len(str(max(abs(low), abs(high))))

    def parse(text: str) -> int:
        digits = text.removeprefix("-")
        significant = digits.lstrip("0")
        if not (digits.isascii() and digits.isdigit()) or len(significant) > width:
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {_shown(text)}")
        value = int(significant or "0") * (-1 if text.startswith("-") else 1)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {_shown(text)}")
        return value

    return parse


def amount(low: int) -> Callable[[str], int]:
    """An argparse ``type`` for a stake or a stack: ``low`` to :data:`MAX_AMOUNT`, the bound
    the engine holds every table to (so a hand ``run`` deals always writes a history
    ``replay`` reads back)."""
    return whole_number(low, MAX_AMOUNT, f"{MAX_AMOUNT_DIGITS} digits, the most an amount in a hand history may have")


def seconds(text: str) -> float:
    """An argparse ``type``: a time in seconds above 0 and at most :data:`MAX_SECONDS`
    (``nan``, ``inf`` and ``1e400`` are numbers to ``float``, and no time to wait for)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds above 0 and at most {MAX_SECONDS:,.0f}, not {_shown(text)}"
        )
    return value
