"""What running a case found: each disagreement (:class:`Failure`) and the case's result.

A failure says where (the action index and its line), what the case expected, what the
engine did, which check that was (a case about kickers can fail on its show order, and the
report must say so: issue 23 item 4) and the engine's state at that point, labelled when it
is not simply "now" (after an illegal line the engine accepted, it is the state the illegal
line left: item 9).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Failure:
    """Where and how a case failed."""

    index: int | None
    """Actions applied before the failure (the 0-based index of the action being played or
    checked); ``None`` when the case itself could not be read."""
    line: str | None
    """The line in question: the case's action at ``index``, or the ``_illegal`` line tried there."""
    expected: str
    got: str
    state: str = ""
    """The hand's state at that point, as the engine reported it."""
    stage: str = ""
    """Where it failed when that is not an action: starting the hand."""
    check: str = ""
    """The check that failed (``_to_act after 12 actions (whose turn)``, ``finishing_stacks``)."""
    state_label: str = "state"
    """What ``state`` is the state of, when that needs saying."""
    probe: bool = False
    """``line`` is an ``_illegal`` line tried after ``index`` actions, not the case's action."""


@dataclass(frozen=True)
class CaseResult:
    path: str
    rule: str | None
    failure: Failure | None
    """The first disagreement (``None``: the case passed)."""
    seconds: float
    partial: bool = False
    """The case has no ``finishing_stacks``: it checked actions and checkpoints only."""
    more: tuple[Failure, ...] = ()
    """Every disagreement after the first, when the run kept going (``--all-mismatches``)."""

    @property
    def passed(self) -> bool:
        return self.failure is None

    @property
    def failures(self) -> tuple[Failure, ...]:
        """Every disagreement found, in the order met."""
        return () if self.failure is None else (self.failure, *self.more)
