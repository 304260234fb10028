"""The subcommands of ``studspec``, one module each.

Every module in this package that defines ``register(subparsers)`` is a subcommand; the
CLI finds them by scanning the package, so adding a command is adding a module.
"""

from __future__ import annotations

from studspec.errors import SpecError
from studspec.files import write_atomically
from studspec.spec import load_variant
from studspec.spec.model import Variant
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
