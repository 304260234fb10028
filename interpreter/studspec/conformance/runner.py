"""Run a case against an engine: load it, play it (:mod:`.driver`) and say how it went.

The same code serves the reference interpreter (in-process) and another team's engine (a
child process). A case that cannot be read or run, and an engine that crashes or writes
nonsense, are reported as the case failing, never as an exception of the harness.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path

from studspec.errors import (
    CaseFormatError,
    EngineFault,
    HistoryFormatError,
    LineFormatError,
    SpecError,
    VariantLookupError,
)
from studspec.history.variants import Folders

from .case import find_cases, load_case
from .driver import CaseError, Driver, Engine
from .protocol import messages_for_line
from .results import CaseResult, Failure

__all__ = ["CASE_ERRORS", "CaseResult", "Engine", "Failure", "run_case", "run_cases"]

CASE_ERRORS = (CaseFormatError, HistoryFormatError, VariantLookupError, SpecError, LineFormatError, OSError)


def _play(
    path: str | Path, engine: Engine, allowed: Folders, keep_going: bool
) -> tuple[list[Failure], str | None, bool]:
    """The failures of one case, its cited rule and whether it is partial."""
    rule: str | None = None
    partial = False
    driver: Driver | None = None
    try:
        case = load_case(path)
        rule, partial = case.rule, case.partial
        messages = [messages_for_line(line) for line in case.history.actions]
        driver = Driver(case, engine, allowed, keep_going)
        return driver.run(messages), rule, partial
    except (*CASE_ERRORS, CaseError) as error:
        index = driver.index if driver is not None else None
        line = driver.line(driver.index) if driver is not None else None
        found = driver.failures if driver is not None else []
        return [*found, Failure(index, line, "a runnable case", f"case error: {error}")], rule, partial
    except EngineFault as fault:
        assert driver is not None
        check = "a reply that follows the protocol"
        failure = driver.fail(check, f"engine fault: {fault}", check)
        return [*driver.failures, failure], rule, partial


def run_case(path: str | Path, engine: Engine, allowed: Folders = None, keep_going: bool = False) -> CaseResult:
    """Load and run one case on ``engine``; never raises for a bad case or a bad engine.
    ``allowed``: the folders its ``_variant`` rule book may come from (``None``: anywhere);
    ``keep_going``: record every disagreement, not only the first."""
    began = time.perf_counter()
    failures, rule, partial = _play(path, engine, allowed, keep_going)
    first = failures[0] if failures else None
    return CaseResult(str(path), rule, first, time.perf_counter() - began, partial, tuple(failures[1:]))


def _covers(path: Path, options: Collection[str]) -> bool:
    """Whether the case at ``path`` covers one of ``options``; a case that cannot be read is
    run anyway, so that its problem is reported."""
    try:
        case = load_case(path)
    except CaseFormatError:
        return True
    return any(case.covers(option) for option in options)


def run_cases(
    paths: Iterable[str | Path],
    engine: Engine,
    *,
    exitfirst: bool = False,
    allowed: Folders = None,
    keep_going: bool = False,
    options: Collection[str] = (),
) -> Iterator[CaseResult]:
    """Run every case under ``paths`` in order; with ``exitfirst``, stop after a failure;
    with ``options``, only the cases that cover one of them (``_options``)."""
    for path in find_cases(paths):
        if options and not _covers(path, options):
            continue
        result = run_case(path, engine, allowed, keep_going)
        yield result
        if exitfirst and not result.passed:
            return
