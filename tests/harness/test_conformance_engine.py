"""Checking another engine: the JSON-lines harness, the reference adapter behind it, a
deliberately broken adapter, and engines that crash, hang or write nonsense.

Every engine here is a small script run as a child process; the harness must report each
disagreement case by case and never hang.
"""

from __future__ import annotations

import re
import sys
import textwrap
import time
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.cli import main
from studspec.conformance.adapter import InProcessEngine
from studspec.conformance.case import find_cases
from studspec.conformance.checkpoints import TableState
from studspec.conformance.process import ProcessEngine
from studspec.conformance.protocol import QUERY, EngineError, Refusal
from studspec.conformance.runner import run_case, run_cases
from studspec.errors import EngineFault

SUITE = ROOT / "tests" / "conformance"
PYTHON = f'"{sys.executable}"'
REFERENCE = f"{PYTHON} -m studspec engine"
"""``studspec engine``, run by this interpreter (the console script may not be on PATH)."""


def script(tmp_path: Path, name: str, body: str) -> str:
    """Write a Python engine script and return the command that runs it."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return f'{PYTHON} "{path}"'


def conform(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    status = main(["conform", *args])
    return status, capsys.readouterr().out.splitlines()


def failing_cases(lines: list[str]) -> list[str]:
    return [line.split(":", 1)[0].removeprefix("FAIL ") for line in lines if line.startswith("FAIL ")]


def test_the_reference_adapter_agrees_with_the_interpreter_on_every_case() -> None:
    """``studspec engine`` behind the protocol gives exactly the in-process verdicts (the
    whole suite passes through the harness wherever it passes in-process)."""
    paths = find_cases([SUITE])
    assert len(paths) >= 100
    inside = {str(r.path): r.failure for r in run_cases(paths, InProcessEngine())}
    engine = ProcessEngine(REFERENCE, timeout=10)
    try:
        outside = {str(r.path): r.failure for r in run_cases(paths, engine)}
    finally:
        engine.close()
    assert engine.starts == 1, "one engine process serves the whole run"
    assert outside.keys() == inside.keys()
    for path, failure in inside.items():
        theirs = outside[path]
        assert (failure is None) == (theirs is None), path
        if failure is not None and theirs is not None:
            assert (theirs.index, theirs.expected, theirs.got) == (failure.index, failure.expected, failure.got)


BROKEN_ODD_CHIP = """
    import sys
    from studspec.engine import rules
    # The server gives an odd chip to the first seat instead of the highest card by suit.
    rules.ODD_CHIP._entries["highest-card-by-suit"] = rules.ODD_CHIP["first-seat-left-of-dealer"]
    from studspec.conformance.adapter import serve
    sys.exit(serve(sys.stdin, sys.stdout))
"""

BROKEN_FOLD = """
    import sys
    from studspec.conformance import adapter
    # The server lets a player fold when there is nothing to call.
    state = adapter.ReferenceAdapter.state
    def offers_fold(self, detail=False):
        reply = state(self, detail)
        if reply.get("legal") and "f" not in reply["legal"] and "sm" not in reply["legal"]:
            reply["legal"] = ["f"] + reply["legal"]
        return reply
    adapter.ReferenceAdapter.state = offers_fold
    sys.exit(adapter.serve(sys.stdin, sys.stdout))
"""


def test_a_broken_odd_chip_rule_is_reported_with_the_first_diverging_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = script(tmp_path, "broken_odd_chip.py", BROKEN_ODD_CHIP)
    status, lines = conform(capsys, "--engine", command, "-x", str(SUITE / "pots"))
    assert status == 1
    assert re.fullmatch(r"\d+ passed, 1 failed", lines[-1])  # -x: the run stops at the first
    first = failing_cases(lines)
    assert len(first) == 1
    assert first[0].endswith("pots/ec31-tied-straights-odd-chip-highest-card-by-suit-in-five.phh")
    text = "\n".join(lines)
    assert "expected finishing stacks 1002 1003 995; got stacks 1003 1002 995" in text
    assert "failed check: finishing_stacks" in text
    assert "the case cites: docs/rules.md E31" in text


def test_a_broken_legal_action_set_is_caught_at_the_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    command = script(tmp_path, "broken_fold.py", BROKEN_FOLD)
    case = SUITE / "betting" / "no-fold-when-nothing-to-call.phh"
    status, lines = conform(capsys, "--engine", command, str(case))
    assert status == 1
    headline = f"FAIL {case}: action 6 ('p2 cc'): expected legal {{cc, cbr 10}}; got legal {{f, cc, cbr 10}}"
    assert lines[0].startswith(headline)
    assert "(not allowed f)" in lines[0]
    assert any(line.strip().startswith("to act: p2") for line in lines)
    assert lines[-1] == "0 passed, 1 failed"


TWO_CASES = [
    str(SUITE / "bring-in" / "ec02-stud-ace-is-high-deuce-brings-in.phh"),
    str(SUITE / "flow" / "everyone-folds-to-the-bring-in.phh"),
]

CRASHES = """
    import sys
    sys.stdin.readline()
    print("boom: the engine gave up", file=sys.stderr, flush=True)
    sys.exit(3)
"""

HANGS = """
    import sys, time
    sys.stdin.readline()
    time.sleep(60)
"""

NONSENSE = """
    import sys
    for line in sys.stdin:
        print("hello, harness", flush=True)
"""

WRONG_SHAPE = """
    import json, sys
    for line in sys.stdin:
        print(json.dumps({"to_act": "p1", "legal": [], "complete": False, "stacks": []}), flush=True)
"""

DIES_MID_HAND = """
    import sys
    from studspec.conformance.adapter import ReferenceAdapter
    import json
    adapter = ReferenceAdapter()
    for count, line in enumerate(sys.stdin):
        if count == 3:
            sys.exit(0)
        print(json.dumps(adapter.handle(json.loads(line))), flush=True)
"""


@pytest.mark.parametrize(
    ("name", "body", "words"),
    [
        pytest.param("crashes", CRASHES, ["engine fault", "exit status 3", "boom: the engine gave up"], id="crash"),
        pytest.param("hangs", HANGS, ["engine fault", "no reply to the new_hand message within 0.3 s"], id="timeout"),
        pytest.param(
            "nonsense", NONSENSE, ["engine fault", "malformed reply to the new_hand message", "not JSON"], id="not-json"
        ),
        pytest.param(
            "wrong_shape", WRONG_SHAPE, ["engine fault", "'to_act' must be a 0-based seat or null"], id="wrong-shape"
        ),
        pytest.param(
            "dies_mid_hand", DIES_MID_HAND, ["engine fault", "closed its output", "deal message"], id="dies-mid-hand"
        ),
    ],
)
def test_a_misbehaving_engine_fails_each_case_clearly_and_never_hangs(
    name: str, body: str, words: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    command = script(tmp_path, f"{name}.py", body)
    began = time.monotonic()
    limit = "0.3" if name == "hangs" else "10"  # a hung engine is given 0.3 s a message
    status, lines = conform(capsys, "--engine", command, "--timeout", limit, "--startup-timeout", limit, *TWO_CASES)
    assert time.monotonic() - began < 15
    assert status == 1
    assert failing_cases(lines) == TWO_CASES  # each case fails on its own; the next gets a fresh engine
    text = "\n".join(lines)
    for word in words:
        assert word in text
    assert lines[-1] == "0 passed, 2 failed"


def test_an_engine_that_cannot_start_stops_the_run_once(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11: a missing engine program is one clear line and exit 2, not a failure per case."""
    status = main(["conform", "--engine", "/nonexistent/engine --serve", *map(str, TWO_CASES)])
    captured = capsys.readouterr()
    assert status == 2 and captured.out == ""
    assert captured.err.count("cannot start engine") == 1


def test_a_hung_engine_is_killed_and_replaced(tmp_path: Path) -> None:
    engine = ProcessEngine(script(tmp_path, "hangs.py", HANGS), timeout=0.3, startup_timeout=0.3)
    result = run_case(TWO_CASES[0], engine)
    assert result.failure is not None and "within 0.3 s" in result.failure.got
    assert engine.process is None
    with pytest.raises(EngineFault, match="not running"):
        engine.send(QUERY)
    run_case(TWO_CASES[1], engine)
    assert engine.starts == 2
    engine.close()


def test_the_reference_engine_refuses_an_illegal_action_by_the_rules() -> None:
    """Issue 23 item 1: an illegal deal or action is ``refused``; a message the engine cannot
    read is an ``error``, which no case takes for a refusal."""
    engine = ProcessEngine(REFERENCE, timeout=10)
    try:
        from studspec.conformance.protocol import new_hand_message
        from studspec.rulebook import load_variant
        from studspec.rulebook.model import Stakes

        state = engine.send(new_hand_message(load_variant("razz").resolved, Stakes(1, 3, 10, 20), [100, 100]))
        assert isinstance(state, TableState) and state.to_act is None and state.stacks == (99, 99)
        assert isinstance(engine.send({"type": "deal", "seat": 1, "cards": ["As", "Kd", "7h"]}), Refusal)
        engine.send({"type": "deal", "seat": 0, "cards": ["As", "2d", "Kh"]})
        state = engine.send({"type": "deal", "seat": 1, "cards": ["3s", "4d", "Qh"]})
        assert isinstance(state, TableState) and state.to_act == 0 and state.legal == {"pb 3", "cbr 10"}
        refusal = engine.send({"type": "action", "seat": 0, "action": "f"})
        assert isinstance(refusal, Refusal) and "refused" in refusal.reason
        assert isinstance(engine.send({"type": "bogus"}), EngineError)
        query = engine.send(QUERY)
        assert isinstance(query, TableState) and "p1: stack 99" in query.detail
    finally:
        engine.close()
