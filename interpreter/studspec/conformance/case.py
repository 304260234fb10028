"""A conformance case: a PHH hand history whose ``finishing_stacks`` is the verdict, plus
optional ``_variant``, ``_rule`` and checkpoints (DESIGN.md, "Conformance cases").

A case without ``finishing_stacks`` is *partial*: a refusal check written from a bug report
need not finish the hand, so such a case checks that its actions are accepted, its
checkpoints and its ``_illegal`` lines, and nothing about the end; reports say it is partial.

Cases are found by walking paths for ``*.phh`` files, sorted, so every run (and the first
diverging case a broken engine is reported with) is in the same order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from studspec.errors import CaseFormatError, CheckpointFormatError, HistoryFormatError
from studspec.history.phh import History, read_history
from studspec.history.variants import Folders, variant_for_history
from studspec.spec.model import Variant

from .checkpoints import Checkpoint, parse_checkpoints


@dataclass(frozen=True)
class Case:
    path: str
    history: History
    checkpoints: tuple[Checkpoint, ...]

    @property
    def rule(self) -> str | None:
        """The rule the case checks, as cited in ``_rule``."""
        rule = self.history.extra.get("_rule")
        return rule if isinstance(rule, str) else None

    @property
    def finishing_stacks(self) -> tuple[int, ...] | None:
        """The expected result; ``None`` for a partial case."""
        return self.history.finishing_stacks

    @property
    def partial(self) -> bool:
        """No ``finishing_stacks``: the case checks its actions and checkpoints only."""
        return self.history.finishing_stacks is None

    def variant(self, allowed: Folders = None) -> Variant:
        """The rule book to play: ``_variant`` (name, or YAML path beside the case), else the
        PHH code. Raises ``SpecError`` or ``VariantLookupError``."""
        return variant_for_history(self.history, allowed)


def load_case(path: str | Path) -> Case:
    """Read one case; raises :class:`CaseFormatError` naming the file and the problem."""
    try:
        history = read_history(path)
    except HistoryFormatError as error:
        raise CaseFormatError(str(error)) from None
    if history.finishing_stacks is not None and len(history.finishing_stacks) != len(history.starting_stacks):
        raise CaseFormatError(f"{path}: 'finishing_stacks' and 'starting_stacks' differ in length")
    rule = history.extra.get("_rule")
    if rule is not None and not isinstance(rule, str):
        raise CaseFormatError(f"{path}: '_rule' must be text citing the rule (e.g. \"WSOP-L 217\")")
    try:
        checkpoints = parse_checkpoints(history.extra, len(history.actions))
    except CheckpointFormatError as error:
        raise CaseFormatError(f"{path}: {error}") from None
    return Case(str(path), history, checkpoints)


def find_cases(paths: Iterable[str | Path]) -> list[Path]:
    """Every ``*.phh`` file named or under a named directory, sorted within each path.

    A path that does not exist is kept, so that running it reports the missing file.
    """
    found: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.phh") if p.is_file()))
        else:
            found.append(path)
    return found
