"""Partial conformance cases (issue 11): a case without ``finishing_stacks`` checks its
actions, checkpoints and ``_illegal`` lines only, says so in every report, and fails like
any case when the engine accepts what it says is illegal. Checked in process, through the
engine protocol (``studspec engine``) and through the pytest plugin."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from studspec.cli import main
from studspec.conformance.adapter import InProcessEngine
from studspec.conformance.process import ProcessEngine
from studspec.conformance.report import headline, summary
from studspec.conformance.runner import run_case

pytest_plugins = ["pytester"]

# WSOP-L 215: the lowest door brings in; here p1's 2c. The case stops on third street, from a
# bug report that the bring-in seat could check: it cannot (it must post or complete).
PARTIAL = """\
variant = "F7S"
_rule = "WSOP-L 215 (the lowest card brings in; the bring-in must be posted or completed)"
antes = [1, 1, 1]
bring_in = 3
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsKs2c", "d dh p2 AhKh9d", "d dh p3 AdKd9h"]
_to_act = [[3, "p1"]]
_legal = [[3, ["pb 3", "cbr 10"]]]
_illegal = [[3, "p1 cc"], [3, "p2 pb"]]
"""

REFERENCE = f'"{sys.executable}" -m studspec engine'


def _write(tmp_path: Path, text: str, name: str = "partial.phh") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_partial_case_passes_on_its_actions_and_checkpoints(tmp_path: Path) -> None:
    result = run_case(_write(tmp_path, PARTIAL), InProcessEngine())
    assert result.passed and result.partial
    assert headline(result).endswith("(partial: no finishing_stacks)")
    assert summary([result]) == "1 passed, 0 failed (1 passed partial: actions and checkpoints only)"


def test_a_partial_case_whose_illegal_line_is_legal_fails(tmp_path: Path) -> None:
    text = PARTIAL.replace('[3, "p1 cc"]', '[3, "p1 pb"]')
    result = run_case(_write(tmp_path, text), InProcessEngine())
    assert not result.passed and result.failure is not None
    assert result.failure.expected == "'p1 pb' refused"


def test_a_partial_case_whose_action_is_refused_fails(tmp_path: Path) -> None:
    text = PARTIAL.replace('"d dh p3 AdKd9h"]', '"d dh p3 AdKd9h", "p2 cc"]').replace('_to_act = [[3, "p1"]]\n', "")
    result = run_case(_write(tmp_path, text), InProcessEngine())
    assert not result.passed and result.failure is not None and result.failure.index == 3


def test_a_partial_case_through_the_engine_protocol(tmp_path: Path) -> None:
    engine = ProcessEngine(REFERENCE)
    try:
        assert run_case(_write(tmp_path, PARTIAL), engine).passed
        text = PARTIAL.replace('[3, "p1 cc"]', '[3, "p1 pb"]')
        assert not run_case(_write(tmp_path, text, "bad.phh"), engine).passed
    finally:
        engine.close()


def test_conform_reports_partial_cases_in_text_and_junit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path, PARTIAL)
    junit = tmp_path / "report.xml"
    assert main(["conform", str(tmp_path), "--junit", str(junit)]) == 0
    assert "(1 passed partial" in capsys.readouterr().out
    properties = {p.get("name"): p.get("value") for p in ET.parse(junit).iter("property")}
    assert properties["partial"] == "true"


def test_the_pytest_plugin_runs_partial_cases(pytester: pytest.Pytester) -> None:
    pytester.makefile(".phh", **{"conformance/partial": PARTIAL})
    pytester.makefile(".phh", **{"conformance/wrong": PARTIAL.replace('[3, "p1 cc"]', '[3, "p1 pb"]')})
    pytester.runpytest("-q").assert_outcomes(passed=1, failed=1)


def test_the_pytest_plugin_stops_once_when_the_engine_cannot_start(pytester: pytest.Pytester) -> None:
    """Issue 11: a missing engine program stops the run with one line, not a failure per case."""
    for name in ("one", "two", "three"):
        pytester.makefile(".phh", **{f"conformance/{name}": PARTIAL})
    result = pytester.runpytest("-q", "--studspec-engine", "/nonexistent/engine")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert result.stdout.str().count("cannot start engine") == 1
