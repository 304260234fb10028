"""Reporting case results: the text ``studspec conform`` prints, and JUnit XML for CI.

A failure is one headline (file, action index, expected, got), then the check that failed,
the rule the case cites (which need not be the failing check's: a case about kickers can fail
on its show order) and the engine's state at that point, labelled when it is not simply the
state there, indented, so a person sees why without re-running. With ``--all-mismatches``
each further disagreement of the case follows in the same shape.
Every line quotes a case file (its name, ``_variant``, actions) or what an engine answered,
so each is shown with its control characters escaped (:func:`~studspec.terminal.printable`):
a case or an engine under test must not be able to drive the terminal, nor put characters
XML does not allow into the JUnit report.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from studspec.files import write_atomically
from studspec.terminal import printable

from .results import CaseResult, Failure


def where(failure: Failure) -> str:
    if failure.stage:
        return failure.stage
    if failure.index is None:
        return "reading the case"
    if failure.probe:
        return f"after {failure.index} actions, the _illegal line {failure.line!r}"
    if failure.line is None:
        return f"after the last action ({failure.index} actions)"
    return f"action {failure.index} ({failure.line!r})"


def headline(result: CaseResult) -> str:
    """One line: the case, where it failed, what was expected and the first line of what
    happened (an engine fault's stderr tail follows in the details)."""
    failure = result.failure
    if failure is None:
        return printable(f"PASS {result.path}" + (" (partial: no finishing_stacks)" if result.partial else ""))
    got = failure.got.splitlines()[0] if failure.got else ""
    return printable(f"FAIL {result.path}: {where(failure)}: expected {failure.expected}; got {got}")


def _details(failure: Failure, rule: str | None) -> list[str]:
    """The indented lines under a failure's headline."""
    lines = [f"  {printable(line.rstrip())}" for line in failure.got.splitlines()[1:]]
    if failure.check:
        lines.append(f"    failed check: {printable(failure.check)}")
    if rule:
        lines.append(f"    the case cites: {printable(rule)}")
    if failure.state:
        lines.append(f"    {printable(failure.state_label)}:")
        lines.extend(f"      {printable(line)}" for line in failure.state.splitlines())
    return lines


def failure_text(result: CaseResult) -> str:
    """The headline and its indented details, then every further disagreement found."""
    failure = result.failure
    lines = [headline(result)]
    if failure is None:
        return lines[0]
    lines.extend(_details(failure, result.rule))
    for more in result.more:
        got = more.got.splitlines()[0] if more.got else ""
        lines.append(printable(f"  and at {where(more)}: expected {more.expected}; got {got}"))
        lines.extend("  " + line for line in _details(more, None))
    return "\n".join(lines)


def summary(results: Sequence[CaseResult]) -> str:
    """The last line of a run: ``N passed, N failed``, and how many of the passes were
    partial cases (checked without a finishing result) when there were any."""
    failed = sum(1 for r in results if not r.passed)
    partial = sum(1 for r in results if r.passed and r.partial)
    line = f"{len(results) - failed} passed, {failed} failed"
    return line + (f" ({partial} passed partial: actions and checkpoints only)" if partial else "")


def write_junit(results: Sequence[CaseResult], path: str | Path, name: str = "studspec conform") -> None:
    """JUnit XML, one ``testcase`` per case (classname: the case's folder), with the
    cited rule as a property and the failure text in a ``failure`` element; written whole or
    not at all (:func:`~studspec.files.write_atomically`), so a report CI keeps is never cut
    short."""
    failed = sum(1 for r in results if not r.passed)
    total_time = sum(r.seconds for r in results)
    suites = ET.Element("testsuites", tests=str(len(results)), failures=str(failed), time=f"{total_time:.3f}")
    suite = ET.SubElement(
        suites, "testsuite", name=name, tests=str(len(results)), failures=str(failed), errors="0",
        skipped="0", time=f"{total_time:.3f}",
    )  # fmt: skip
    for result in results:
        case_path = Path(printable(result.path))
        classname = ".".join(part for part in case_path.parent.parts if part not in ("", ".", "/")) or "conformance"
        case = ET.SubElement(
            suite, "testcase", classname=classname, name=case_path.name, file=printable(result.path),
            time=f"{result.seconds:.3f}",
        )  # fmt: skip
        if result.rule or result.partial:
            properties = ET.SubElement(case, "properties")
            if result.rule:
                ET.SubElement(properties, "property", name="rule", value=printable(result.rule))
            if result.partial:
                ET.SubElement(properties, "property", name="partial", value="true")
        if result.failure is not None:
            message = headline(result)[len("FAIL ") :]
            element = ET.SubElement(case, "failure", message=message, type="ConformanceFailure")
            element.text = failure_text(result)
    tree = ET.ElementTree(suites)
    ET.indent(tree)
    document = io.BytesIO()
    tree.write(document, encoding="utf-8", xml_declaration=True)
    write_atomically(path, document.getvalue())
