"""The subcommands of ``studspec``, one module each.

Every module in this package that defines ``register(subparsers)`` is a subcommand; the
CLI finds them by scanning the package, so adding a command is adding a module.
"""

from __future__ import annotations

from ..spec import SpecError, load_variant
from ..spec.model import Variant


def load_rulebook(ref: str) -> Variant:
    """A built-in name or a YAML path; a bad rule book ends the command with its error line."""
    try:
        return load_variant(ref)
    except SpecError as error:
        raise SystemExit(f"studspec: {error}") from None
