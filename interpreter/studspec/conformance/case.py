"""A conformance case: a PHH hand history whose ``finishing_stacks`` is the verdict, plus
optional ``_variant``, ``_rule`` and checkpoints (DESIGN.md, "Conformance cases").

A case without ``finishing_stacks`` is *partial*: a refusal check written from a bug report
need not finish the hand, so such a case checks that its actions are accepted, its
checkpoints and its ``_illegal`` lines, and nothing about the end; reports say it is partial.

``_options = ["bring_in.card", ...]`` names the rule-book options the case covers, as the
schema names them (``bring_in.card``, ``streets.open_pair_big_bet``, ``pots.shares.hand``), so
``studspec conform --option wild.follow`` or a plain grep finds every case of one rule.

``_tabled = N`` says that from action N on every hand still in is tabled (the betting ended
with all but one player all-in before the last street: TDA 16), so no showing order applies:
the harness plays the case's show lines from N on in whatever order the engine asks for them
(issue 23 item 3), and a checkpoint may not pin whose show comes next.

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
from studspec.rulebook.model import Variant
from studspec.rulebook.schema import options
from studspec.terminal import printable

from .checkpoints import Checkpoint, Legal, ToAct, parse_checkpoints


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
    def options(self) -> tuple[str, ...]:
        """``_options``: the rule-book options the case covers (none named: ``()``)."""
        value = self.history.extra.get("_options")
        return tuple(value) if isinstance(value, list) else ()

    def covers(self, option: str) -> bool:
        """Whether the case covers ``option``, or an option inside it (``wild`` covers
        ``wild.follow``)."""
        return any(name == option or name.startswith(option + ".") for name in self.options)

    @property
    def tabled(self) -> int | None:
        """``_tabled``: the action from which every hand still in is tabled, shown in any order."""
        value = self.history.extra.get("_tabled")
        return value if isinstance(value, int) else None

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
    _check_options(history.extra.get("_options"), str(path))
    try:
        checkpoints = parse_checkpoints(history.extra, len(history.actions))
    except CheckpointFormatError as error:
        raise CaseFormatError(f"{path}: {error}") from None
    _check_tabled(history, checkpoints, str(path))
    return Case(str(path), history, checkpoints)


def option_names() -> frozenset[str]:
    """The options a case may name in ``_options``: the schema's (``bring_in.card``)."""
    return frozenset(name for name, _ in options())


def _check_options(value: object, path: str) -> None:
    """``_options`` is a list of the schema's option names."""
    if value is None:
        return
    known = option_names()
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise CaseFormatError(f"{path}: '_options' must be a list of option names, e.g. [\"bring_in.card\"]")
    unknown = [name for name in value if name not in known]
    if unknown:
        raise CaseFormatError(
            f"{path}: '_options' names {printable(repr(unknown[0])[:60])}, which is no option of a rule book; "
            "options are named as the schema names them (bring_in.card, streets.bet, pots.shares.hand)"
        )


def is_show_line(line: str) -> bool:
    """``pN sm CARDS``: a seat showing its cards (a bare ``sm`` mucks)."""
    words = line.split("#", 1)[0].split()
    return len(words) == 3 and words[0].startswith("p") and words[1] == "sm"


def _check_tabled(history: History, checkpoints: tuple[Checkpoint, ...], path: str) -> None:
    """``_tabled`` is an action index, no hand after it is mucked, and no ``_to_act`` or
    ``_legal`` after it stands just before a show: with every hand tabled there is no order of
    showing to check."""
    tabled = history.extra.get("_tabled")
    if tabled is None:
        return
    count = len(history.actions)
    if not isinstance(tabled, int) or isinstance(tabled, bool) or not 0 <= tabled <= count:
        raise CaseFormatError(f"{path}: '_tabled' must be an action index from 0 to {count}, not {tabled!r}")
    for line in history.actions[tabled:]:
        words = line.split("#", 1)[0].split()
        if len(words) == 2 and words[1] == "sm":
            raise CaseFormatError(
                f"{path}: {line!r} mucks, but from _tabled = {tabled} on every hand is tabled (TDA 16): show its cards"
            )
    for checkpoint in checkpoints:
        at = checkpoint.after
        if isinstance(checkpoint, ToAct | Legal) and at >= tabled and at < count and is_show_line(history.actions[at]):
            raise CaseFormatError(
                f"{path}: {checkpoint.check.split(' (')[0]} pins the next show, but from _tabled = {tabled} on every "
                "hand is tabled and shown in any order; leave that checkpoint out"
            )


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
