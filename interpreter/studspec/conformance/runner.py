"""Run a case against an engine: play its history message by message and check it.

The driver is the same for the reference interpreter (in-process) and for another team's
engine (a child process): it sends ``new_hand``, then each deal and action, checking the
case's checkpoints whenever their N actions have been applied, and at the end compares the
stacks with ``finishing_stacks``. The first disagreement ends the case; it is reported with
the action index, what was expected, what happened, and the engine's state at that point.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from studspec.errors import (
    CaseFormatError,
    EngineFault,
    HistoryFormatError,
    LineFormatError,
    SpecError,
    StudspecError,
    VariantLookupError,
)
from studspec.history.phh import stakes_of
from studspec.history.variants import Folders

from .case import Case, find_cases, load_case
from .checkpoints import Checkpoint, Illegal, TableState
from .protocol import QUERY, Message, Refusal, Reply, messages_for_line, new_hand_message


class Engine(Protocol):
    """Anything that answers protocol messages: the in-process reference or a process."""

    def send(self, message: Message) -> Reply: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class Failure:
    """Where and how a case failed."""

    index: int | None
    """Actions applied before the failure (the 0-based index of the action being played or
    checked); ``None`` when the case itself could not be read."""
    line: str | None
    """That action's line, when there is one."""
    expected: str
    got: str
    state: str = ""
    """The hand's state at that point, as the engine reported it."""
    stage: str = ""
    """Where it failed when that is not an action: starting the hand."""


@dataclass(frozen=True)
class CaseResult:
    path: str
    rule: str | None
    failure: Failure | None
    seconds: float
    partial: bool = False
    """The case has no ``finishing_stacks``: it checked actions and checkpoints only."""

    @property
    def passed(self) -> bool:
        return self.failure is None


class _CaseError(StudspecError):
    """The case cannot be run (a bad ``_illegal`` line, say); reported as the case failing."""


class _Driver:
    """Plays one case on one engine, remembering how far it got."""

    def __init__(self, case: Case, engine: Engine, allowed: Folders = None) -> None:
        self.allowed = allowed
        """The folders the case's ``_variant`` rule book may come from (``None``: anywhere)."""
        self.case = case
        self.engine = engine
        self.index = 0
        self.state: TableState | None = None
        self._queried: Reply | None = None
        """The last query's reply, while nothing has been played since (refusals change nothing)."""
        self.started = False
        """Whether the engine has answered ``new_hand``."""

    def line(self, index: int) -> str | None:
        actions = self.case.history.actions
        return actions[index] if index < len(actions) else None

    def fail(self, expected: str, got: str, index: int | None = None) -> Failure:
        at = self.index if index is None else index
        stage = "" if self.started else "starting the hand (new_hand)"
        return Failure(at, self.line(at), expected, got, self.describe(), stage)

    def describe(self) -> str:
        """The engine's state (with its detail, if it gives one), best effort."""
        try:
            reply = self.engine.send(QUERY)
        except EngineFault as fault:
            last = self.state.summary() if self.state is not None else "no state reported"
            return f"{last}\n(the engine could not be queried: {str(fault).splitlines()[0]})"
        if isinstance(reply, Refusal):
            return f"(the engine refused the query: {reply.error})"
        return reply.summary() + ("\n" + reply.detail if reply.detail else "")

    def send(self, message: Message) -> Reply:
        self._queried = None
        return self.engine.send(message)

    def query(self) -> Reply:
        if self._queried is None:
            self._queried = self.engine.send(QUERY)
        return self._queried

    def state_reply(self, reply: Reply, what: str) -> TableState | Failure:
        if isinstance(reply, Refusal):
            return self.fail(f"{what} accepted", f"refused: {reply.error}")
        self.state = reply
        return reply

    def run(self, messages: Sequence[list[Message]]) -> Failure | None:
        history = self.case.history
        variant = self.case.variant(self.allowed)
        start = new_hand_message(variant.resolved, stakes_of(history), history.starting_stacks, self.case.path)
        outcome = self.state_reply(self.send(start), "the new hand")
        if isinstance(outcome, Failure):
            return outcome
        self.started = True
        checkpoints = list(self.case.checkpoints)
        for self.index in range(len(messages) + 1):
            while checkpoints and checkpoints[0].after == self.index:
                failure = self.check(checkpoints.pop(0))
                if failure is not None:
                    return failure
            if self.index == len(messages):
                break
            for message in messages[self.index]:
                outcome = self.state_reply(self.send(message), f"action {self.index} {self.line(self.index)!r}")
                if isinstance(outcome, Failure):
                    return outcome
        return self.finish()

    def check(self, checkpoint: Checkpoint) -> Failure | None:
        assert self.state is not None
        if isinstance(checkpoint, Illegal):
            return self.check_refused(checkpoint.line)
        mismatch = checkpoint.mismatch(self.state)
        if mismatch is None:
            return None
        return self.fail(*mismatch)

    def check_refused(self, line: str) -> Failure | None:
        try:
            messages = messages_for_line(line)
        except LineFormatError as error:
            raise _CaseError(f"_illegal: {error}") from None
        if len(messages) != 1:
            raise _CaseError(f"_illegal: {line!r} must be one deal or one action")
        before = self.query()
        reply = self.send(messages[0])
        if not isinstance(reply, Refusal):
            return self.fail(f"{line!r} refused", f"{line!r} accepted")
        after = self.query()
        if (
            isinstance(before, TableState)
            and isinstance(after, TableState)
            and (before != after or before.detail != after.detail)
        ):
            return self.fail(
                f"{line!r} refused, leaving the hand unchanged",
                f"refused ({reply.error}) but the hand changed: was {before.summary()}",
            )
        return None

    def finish(self) -> Failure | None:
        assert self.state is not None
        end = len(self.case.history.actions)
        want = self.case.finishing_stacks
        if want is None:  # a partial case: the hand need not be over
            return None
        if not self.state.complete:
            return self.fail("the hand over after the last action", "the hand is not over", end)
        if self.state.stacks != want:
            shown = " ".join(str(s) for s in want)
            got = " ".join(str(s) for s in self.state.stacks)
            return self.fail(f"finishing stacks {shown}", f"stacks {got}", end)
        return None


CASE_ERRORS = (CaseFormatError, HistoryFormatError, VariantLookupError, SpecError, LineFormatError, OSError)


def run_case(path: str | Path, engine: Engine, allowed: Folders = None) -> CaseResult:
    """Load and run one case on ``engine``; never raises for a bad case or a bad engine.
    ``allowed``: the folders its ``_variant`` rule book may come from (``None``: anywhere)."""
    began = time.perf_counter()
    rule: str | None = None
    driver: _Driver | None = None
    partial = False
    try:
        case = load_case(path)
        rule, partial = case.rule, case.partial
        messages = [messages_for_line(line) for line in case.history.actions]
        driver = _Driver(case, engine, allowed)
        failure = driver.run(messages)
    except (*CASE_ERRORS, _CaseError) as error:
        index = driver.index if driver is not None else None
        line = driver.line(driver.index) if driver is not None else None
        failure = Failure(index, line, "a runnable case", f"case error: {error}")
    except EngineFault as fault:
        assert driver is not None
        failure = driver.fail("a reply that follows the protocol", f"engine fault: {fault}")
    return CaseResult(str(path), rule, failure, time.perf_counter() - began, partial)


def run_cases(
    paths: Iterable[str | Path], engine: Engine, *, exitfirst: bool = False, allowed: Folders = None
) -> Iterator[CaseResult]:
    """Run every case under ``paths`` in order; with ``exitfirst``, stop after a failure."""
    for path in find_cases(paths):
        result = run_case(path, engine, allowed)
        yield result
        if exitfirst and not result.passed:
            return
