"""Every error studspec raises, under one root: :class:`StudspecError`.

``except StudspecError`` catches anything the package refuses, and each class stays as
narrow as the problem: bad input is also a :class:`ValueError` and a missing name a
:class:`LookupError`, as before, so code that caught those still works. The module sits
below every layer (it imports nothing of the package), so any module may raise from it.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "ActionFormatError",
    "CardFormatError",
    "CaseFormatError",
    "CheckpointFormatError",
    "ChoiceError",
    "ChunkLostError",
    "ClusterAddressError",
    "ClusterError",
    "ClusterExtraMissingError",
    "ClusterUnreachableError",
    "DeckExhaustedError",
    "EngineFault",
    "EngineStartError",
    "GraphvizMissingError",
    "HandError",
    "HistoryFormatError",
    "IllegalActionError",
    "IllegalDealError",
    "ImportFormatError",
    "JSONLineError",
    "LineFormatError",
    "MessageError",
    "MissingPhraseError",
    "NotARuleBookError",
    "OutputFileError",
    "ProtocolError",
    "ReplayError",
    "RuleBookOutsideError",
    "SnapshotError",
    "SpecError",
    "SpecErrors",
    "StakesError",
    "StudspecError",
    "UnknownRuleError",
    "UnknownVariantError",
    "VariantLookupError",
]

NodePath = tuple[str | int, ...]
"""Where a value sits in a document: keys and list indexes from the top (``("streets", 0, "deal")``)."""


class StudspecError(Exception):
    """The root of every error studspec raises."""


# --- Rule books --------------------------------------------------------------------------


def _one_line(text: str) -> str:
    """``text`` with line breaks escaped, so that an error is always exactly one line."""
    return text.replace("\r", "\\r").replace("\n", "\\n")


class SpecError(StudspecError, ValueError):
    """One problem in a rule book, at ``path:line:col`` (1-based).

    Every problem, whether the YAML does not parse, the schema refuses a value or a semantic
    check fails, prints as ``file:line:col: message``, the form compilers and editors use, so
    a card room can jump straight to the line to fix. ``path`` is the file as the user named
    it (or the built-in file's path). Problems about a whole file (too large, unreadable,
    unknown rule book) point at line 1, column 1 so that every error line has the same shape.
    """

    def __init__(self, path: str, line: int, col: int, message: str, node: NodePath = ()) -> None:
        self.path = _one_line(path)
        self.line = line
        self.col = col
        self.message = _one_line(message)
        self.node: NodePath = node
        """The document node the problem is about (empty for the whole file)."""
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.message}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SpecError):
            return NotImplemented
        return type(self) is type(other) and self.sort_key() == other.sort_key()

    def __hash__(self) -> int:
        return hash(self.sort_key())

    def sort_key(self) -> tuple[str, int, int, str]:
        """Order of reporting: by file, then line, column and message."""
        return (self.path, self.line, self.col, self.message)


class SpecErrors(SpecError):
    """All the problems of one rule book, raised by :func:`~studspec.rulebook.load_variant`.

    It is itself a :class:`SpecError` about the first problem, so ``except SpecError`` and
    ``str(err)`` (one line, the first problem plus how many more there are) work unchanged;
    ``errors`` holds every problem, in reporting order.
    """

    def __init__(self, errors: Sequence[SpecError]) -> None:
        if not errors:
            raise ValueError("SpecErrors needs at least one error")
        self.errors: tuple[SpecError, ...] = tuple(errors)
        first = self.errors[0]
        message = first.message
        if len(self.errors) > 1:
            more = len(self.errors) - 1
            message += f" (and {more} more problem{'s' if more > 1 else ''}; `studspec validate` lists all)"
        super().__init__(first.path, first.line, first.col, message, first.node)

    def lines(self) -> list[str]:
        """Every problem as one ``file:line:col: message`` line."""
        return [str(error) for error in self.errors]


class NotARuleBookError(SpecError):
    """A file that cannot be a rule book: not a regular file (a FIFO, a device, a folder), or
    not a YAML mapping with ``schema_version``. The message says which file and why, and
    never quotes the file's content."""


class RuleBookOutsideError(SpecError):
    """A rule book (named, or reached through ``extends``) outside the folders the caller
    allows rule books to come from (``load_variant(..., allowed=...)``)."""


class UnknownVariantError(StudspecError, LookupError):
    """A built-in rule book name that does not exist."""


class UnknownRuleError(StudspecError, LookupError):
    """A rule book names an option value that has no function behind it."""


# --- Cards, actions and the hand ---------------------------------------------------------


class CardFormatError(StudspecError, ValueError):
    """A card's text is not a rank letter followed by a suit letter."""


class ActionFormatError(StudspecError, ValueError):
    """An action's text is not one of ``f``, ``cc``, ``pb``, ``cbr X``, ``sm [CARDS]``."""


class StakesError(StudspecError, ValueError):
    """Stakes or stacks a hand cannot be dealt with."""


class HandError(StudspecError):
    """Base of every error a hand raises when asked to do something it cannot."""


class IllegalActionError(HandError, ValueError):
    """An action refused by the rules. The hand is left exactly as it was.

    The message names the action, the reason and the legal choices.
    """

    def __init__(self, action: str, reason: str, legal: tuple[str, ...] = ()) -> None:
        self.action = action
        self.reason = reason
        self.legal = legal
        choices = ", ".join(legal) if legal else "none"
        super().__init__(f"{action!r} refused: {reason}; legal now: {choices}")


class IllegalDealError(HandError, ValueError):
    """A deal refused by the rules (wrong seat, wrong count, a card already in play...)."""


class DeckExhaustedError(HandError):
    """The stub cannot serve the street and the rule book has no rule for running out."""


# --- Hand histories ----------------------------------------------------------------------


class OutputFileError(StudspecError, OSError):
    """A file a command was asked to write could not be written (a folder in its place, no
    permission, a full disk). Files are written whole or not at all, so the message can say
    that whatever stood at the path before is unchanged."""


class SnapshotError(StudspecError, ValueError):
    """A saved hand (:meth:`studspec.Hand.snapshot`) that cannot be restored: malformed, or
    its log does not replay under its rule book."""


class HistoryFormatError(StudspecError, ValueError):
    """A file that is not a usable PHH history (bad TOML, missing or malformed fields)."""


class ReplayError(StudspecError, ValueError):
    """A history broke the rules at one action; names its index, text and the reason."""

    def __init__(self, path: str, index: int, action: str, reason: str) -> None:
        self.path, self.index, self.action, self.reason = path, index, action, reason
        super().__init__(f"{path}: action {index} {action!r}: {reason}")


class VariantLookupError(StudspecError, LookupError):
    """No rule book answers to a history's variant code."""


class ImportFormatError(StudspecError, ValueError):
    """A site's hand history that ``studspec import`` cannot read, at one line of one file:
    says where, what it found and what it reads."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        self.path, self.line, self.reason = path, line, reason
        super().__init__(f"{path}:{line}: {reason}")


# --- Tools -------------------------------------------------------------------------------


class MissingPhraseError(StudspecError, LookupError):
    """An option value has no phrase in the describer: add one to its phrase table."""


class UnsupportedMachineError(StudspecError, TypeError):
    """A compiled machine uses a ``transitions`` feature a hand's walk of its edges does not
    run (a programming error in the engine, never a rule book's fault)."""


class GraphvizMissingError(StudspecError, RuntimeError):
    """SVG or PNG was asked for but Graphviz (program or Python package) is not installed."""


class ChoiceError(StudspecError, ValueError):
    """Typed text that is not one of the legal choices; the message says why and what to type."""


class ClusterError(StudspecError, RuntimeError):
    """``--cluster`` cannot be used: Ray is not installed, the cluster cannot be reached or
    has no CPU, or a node runs another version of studspec. The message is one line."""


class ClusterExtraMissingError(ClusterError):
    """``--cluster`` was given but Ray (the ``cluster`` extra) is not installed here."""


class ClusterUnreachableError(ClusterError, ConnectionError):
    """No Ray cluster answered at the address given, within a bounded time."""


class ClusterAddressError(ClusterError, ValueError):
    """``--cluster`` was given something that is no Ray address (``ray://garbage``): refused
    before anything connects, naming the forms an address takes."""


class ChunkLostError(StudspecError, RuntimeError):
    """A chunk of work whose worker died on every try (it is retried a bounded number of times)."""


# --- Conformance -------------------------------------------------------------------------


class CaseFormatError(StudspecError, ValueError):
    """A file that is not a usable case: bad PHH, no ``finishing_stacks``, bad checkpoints."""


class CheckpointFormatError(StudspecError, ValueError):
    """A ``_to_act``, ``_legal`` or ``_illegal`` field that is not written as documented."""


class LineFormatError(StudspecError, ValueError):
    """A case's action line that is not a PHH deal or player action."""


class MessageError(StudspecError, ValueError):
    """A protocol message that is not one of the protocol's (unknown type, missing or mistyped field)."""


class ProtocolError(StudspecError, ValueError):
    """An engine's reply that is not one of the two documented shapes."""


class EngineFault(StudspecError):
    """The engine under test crashed, timed out, or wrote something that is not a protocol reply."""


class JSONLineError(StudspecError, ValueError):
    """A protocol line that is not one JSON value within the protocol's limits: not JSON, too
    long, nested too deep, a number with too many digits, or ``NaN`` / ``Infinity``."""


class EngineStartError(EngineFault):
    """The engine's command could not be started at all (no such program, not executable)."""
