"""The conformance toolkit itself: the case format, ``studspec conform`` (report, exit
status, JUnit XML), ``studspec cases generate`` and the pytest plugin.

The suite's cases are test items of their own (collected by the plugin); these tests check
that the machinery around them reports what it should.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import BUILTIN_BOOKS, ROOT
from studspec.cli import main
from studspec.conformance.adapter import InProcessEngine, ReferenceAdapter
from studspec.conformance.case import load_case, option_names
from studspec.conformance.checkpoints import Illegal, Legal, TableState, ToAct, normalize_action, parse_checkpoints
from studspec.conformance.protocol import messages_for_line, parse_reply
from studspec.conformance.runner import run_case
from studspec.errors import CaseFormatError, LineFormatError, ProtocolError
from studspec.rulebook import load_variant

pytest_plugins = ["pytester"]

SUITE = ROOT / "tests" / "conformance"
REFERENCE = f'"{sys.executable}" -m studspec engine'
DATA = ROOT / "tests" / "data"

CASE = """\
variant = "F7S"
_rule = "WSOP-L 219"
antes = [1, 1, 1]
bring_in = 3
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsKs2c", "d dh p2 AhKh9d", "d dh p3 AdKd9h", "p1 pb", "p2 f", "p3 f"]
finishing_stacks = [1002, 999, 999]
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def run(tmp_path: Path, text: str) -> str:
    """Run one case written from ``text``; its failure as one line ('' when it passes)."""
    result = run_case(write(tmp_path, "case.phh", text), InProcessEngine())
    if result.failure is None:
        return ""
    f = result.failure
    return f"{f.index} {f.line} | {f.expected} | {f.got}"


# --- the case format ------------------------------------------------------------------


def test_a_plain_case_passes(tmp_path: Path) -> None:
    assert run(tmp_path, CASE) == ""


def test_checkpoints_are_read_in_order_of_n() -> None:
    extra = {
        "_illegal": [[3, "p1 f"]],
        "_legal": [[3, ["pb", "cbr  10"]]],
        "_to_act": [[3, "p1"], [0, "none"]],
    }
    assert parse_checkpoints(extra, 6) == (
        ToAct(0, None),
        ToAct(3, 0),
        Legal(3, frozenset({"pb", "cbr 10"})),
        Illegal(3, "p1 f"),
    )


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ('_to_act = [[3, "seat 1"]]', "is not a seat"),
        ('_to_act = [[7, "p1"]]', "outside 0..6"),
        ('_legal = [[3, "pb"]]', "must be a list of actions"),
        ("_illegal = [[3, 5]]", "must be an action line"),
        ('_legal = [3, ["pb"]]', "is not a pair"),
        ("_rule = 219", "'_rule' must be text"),
    ],
)
def test_a_malformed_field_is_a_case_error(tmp_path: Path, field: str, message: str) -> None:
    text = CASE.replace('_rule = "WSOP-L 219"\n', "") + field + "\n"
    with pytest.raises(CaseFormatError, match=re.escape(message)):
        load_case(write(tmp_path, "case.phh", text))
    assert "case error" in run(tmp_path, text)


def test_a_case_without_finishing_stacks_is_partial(tmp_path: Path) -> None:
    """More in tests/harness/test_partial_cases.py: it passes on its actions alone."""
    text = CASE.replace("finishing_stacks = [1002, 999, 999]\n", "")
    assert run(tmp_path, text) == ""
    assert load_case(write(tmp_path, "case.phh", text)).partial


def test_normalized_actions() -> None:
    assert normalize_action("  CC ") == "cc"
    assert normalize_action("cbr   400") == "cbr 400"
    assert normalize_action("cbr 400..400") == "cbr 400"
    assert normalize_action("cbr 400..800") == "cbr 400..800"


# --- what a failing case reports ---------------------------------------------------------


def test_wrong_finishing_stacks(tmp_path: Path) -> None:
    text = CASE.replace("[1002, 999, 999]", "[1001, 999, 1000]")
    assert run(tmp_path, text) == "6 None | finishing stacks 1001 999 1000 | stacks 1002 999 999"


def test_wrong_seat_to_act(tmp_path: Path) -> None:
    assert run(tmp_path, CASE + '_to_act = [[3, "p2"]]\n') == "3 p1 pb | p2 to act | p1 to act"


def test_wrong_legal_set(tmp_path: Path) -> None:
    got = run(tmp_path, CASE + '_legal = [[3, ["pb 3", "cbr 10", "f"]]]\n')
    assert got == "3 p1 pb | legal {f, pb 3, cbr 10} | legal {pb 3, cbr 10} (missing f)"


def test_an_illegal_action_that_is_accepted(tmp_path: Path) -> None:
    assert run(tmp_path, CASE + '_illegal = [[3, "p1 pb"]]\n') == "3 p1 pb | 'p1 pb' refused | 'p1 pb' accepted"


def test_a_legal_action_that_is_refused(tmp_path: Path) -> None:
    text = CASE.replace('"p2 f", "p3 f"', '"p3 f", "p2 f"')
    got = run(tmp_path, text)
    assert got.startswith("4 p3 f | action 4 'p3 f' accepted | refused: 'p3 f' refused: it is not p3's turn")


def test_a_hand_that_is_not_over(tmp_path: Path) -> None:
    text = CASE.replace(', "p3 f"]', "]")
    assert run(tmp_path, text) == "5 None | the hand over after the last action | the hand is not over"


def test_an_unreadable_case(tmp_path: Path) -> None:
    assert "case error" in run(tmp_path, "variant = \n")
    assert "no built-in rule book plays PHH variant 'XYZ'" in run(tmp_path, CASE.replace('"F7S"', '"XYZ"'))


# --- the command ------------------------------------------------------------------------


def test_conform_prints_each_failure_with_the_state_and_a_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "a/good.phh", CASE)
    bad = write(tmp_path, "a/bad.phh", CASE.replace("[1002, 999, 999]", "[999, 1002, 999]"))
    status = main(["conform", str(tmp_path / "a")])
    lines = capsys.readouterr().out.splitlines()
    assert status == 1
    assert lines[0] == (
        f"FAIL {bad}: after the last action (6 actions): expected finishing stacks 999 1002 999; got stacks 1002 999 999"
    )
    assert "    the case cites: WSOP-L 219" in lines
    assert "    failed check: finishing_stacks" in lines
    assert "      to act: nobody; legal: none; stacks: 1002 999 999; the hand is over" in lines
    assert any(line.startswith("      p1: stack 1002") and "[As] [Ks] 2c" in line for line in lines)
    assert lines[-1] == "1 passed, 1 failed"


def test_conform_passes_the_suite_folder_by_folder_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", str(SUITE / "bring-in"), str(SUITE / "razz")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and re.fullmatch(r"\d+ passed, 0 failed", lines[0])


def test_conform_with_no_cases_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1] == "0 passed, 0 failed"
    assert "no .phh cases" in captured.err


def test_conform_writes_junit_xml(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "cases/good.phh", CASE)
    write(tmp_path, "cases/bad.phh", CASE + '_to_act = [[3, "p3"]]\n')
    report = tmp_path / "out" / "conformance.xml"
    assert main(["conform", "--junit", str(report), str(tmp_path / "cases")]) == 1
    capsys.readouterr()
    suite = ET.parse(report).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures")) == ("2", "1")
    cases = {case.get("name"): case for case in suite.findall("testcase")}
    assert set(cases) == {"good.phh", "bad.phh"}
    failure = cases["bad.phh"].find("failure")
    assert failure is not None and "expected p3 to act; got p1 to act" in (failure.get("message") or "")
    assert cases["good.phh"].find("failure") is None
    rule = cases["good.phh"].find("properties/property")
    assert rule is not None and rule.get("value") == "WSOP-L 219"


# --- the protocol and the reference adapter ---------------------------------------------


def test_action_lines_become_protocol_messages() -> None:
    assert messages_for_line("d dh p2 AsKd7h") == [{"type": "deal", "seat": 1, "cards": ["As", "Kd", "7h"]}]
    assert messages_for_line("d db AhKs") == [
        {"type": "deal", "seat": None, "cards": ["Ah"]},
        {"type": "deal", "seat": None, "cards": ["Ks"]},
    ]
    assert messages_for_line("p3 cbr 400  # a raise") == [{"type": "action", "seat": 2, "action": "cbr 400"}]
    assert messages_for_line("p1 sm AsKd??") == [{"type": "action", "seat": 0, "action": "sm AsKd??"}]
    for bad in ("", "x cc", "p0 cc", "d dh p1 AsK", "p1"):
        with pytest.raises(LineFormatError):
            messages_for_line(bad)


def test_replies_are_checked() -> None:
    state = parse_reply({"to_act": 1, "legal": ["f", "cbr 10..10"], "complete": False, "stacks": [5, 6]})
    assert state == TableState(1, frozenset({"f", "cbr 10"}), False, (5, 6))
    bad: object  # replies of every shape
    for bad in ([], {"to_act": 1}, {"to_act": True, "legal": [], "complete": False, "stacks": []},
                {"to_act": None, "legal": "f", "complete": False, "stacks": []},
                {"to_act": None, "legal": [], "complete": 0, "stacks": []},
                {"error": 5}):  # fmt: skip
        with pytest.raises(ProtocolError):
            parse_reply(bad)


def test_the_reference_adapter_answers_bad_messages_with_errors() -> None:
    adapter = ReferenceAdapter()
    assert "before any new_hand" in adapter.handle({"type": "deal", "seat": 0, "cards": []})["error"]
    assert "unknown message type" in adapter.handle({"type": "hello"})["error"]
    assert "rulebook" in adapter.handle({"type": "new_hand", "protocol": 2, "rulebook": 3})["error"]
    bad_book = {"type": "new_hand", "protocol": 2, "rulebook": {"name": "x"}, "stakes": {}, "stacks": [10, 10]}
    assert "<rulebook from new_hand>" in adapter.handle(bad_book)["error"]


# --- case generation ---------------------------------------------------------------------


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_generated_cases_conform_and_replay(book: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every built-in book, home games included (simultaneous declarations share one
    history index: the generated checkpoints must still hold)."""
    out = tmp_path / "generated"
    players = str(min(8, load_variant(book).max_players))
    assert main(["cases", "generate", book, str(out), "--count", "6", "--seed", "5", "--players", players]) == 0
    files = sorted(out.glob("*.phh"))
    assert len(files) == 6
    capsys.readouterr()
    assert main(["conform", str(out)]) == 0
    assert capsys.readouterr().out.splitlines() == ["6 passed, 0 failed"]
    assert main(["replay", *map(str, files)]) == 0
    case = load_case(files[0])
    assert case.rule and "random play" in case.rule
    assert any(isinstance(c, Legal) for c in case.checkpoints) and any(isinstance(c, ToAct) for c in case.checkpoints)


def test_generated_cases_check_refusals_and_are_reproducible(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("a", "b"):
        assert main(["cases", "generate", "seven-card-stud", str(tmp_path / name), "--count", "10", "--seed", "9"]) == 0
    first = sorted((tmp_path / "a").glob("*.phh"))
    assert [p.read_text() for p in first] == [p.read_text() for p in sorted((tmp_path / "b").glob("*.phh"))]
    refusals = [c for p in first for c in load_case(p).checkpoints if isinstance(c, Illegal)]
    assert len(refusals) >= 5


def test_generated_cases_of_a_yaml_rule_book_name_it_relative_to_the_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "five"
    assert (
        main(["cases", "generate", str(DATA / "five-card-stud.yaml"), str(out), "--count", "3", "--players", "6"]) == 0
    )
    capsys.readouterr()
    text = next(out.glob("*.phh")).read_text()
    assert re.search(r'_variant = "(\.\./)+.*five-card-stud\.yaml"', text)
    assert main(["conform", str(out)]) == 0


# --- the pytest plugin -------------------------------------------------------------------


def test_the_plugin_collects_cases_under_conformance_only(pytester: pytest.Pytester) -> None:
    pytester.makefile(".phh", **{"conformance/good": CASE})
    pytester.makefile(".phh", **{"conformance/deeper/bad": CASE + '_to_act = [[3, "p2"]]\n'})
    pytester.makefile(".phh", **{"histories/not_a_case": "this is not a case"})
    result = pytester.runpytest("-q", "-p", "no:randomly")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*FAIL *bad.phh: action 3 ('p1 pb'): expected p2 to act; got p1 to act*"])


def test_the_plugin_runs_a_case_named_on_the_command_line(pytester: pytest.Pytester) -> None:
    path = pytester.makefile(".phh", **{"histories/one": CASE})
    pytester.runpytest(str(path), "-q").assert_outcomes(passed=1)


def test_the_plugin_can_check_an_engine(pytester: pytest.Pytester) -> None:
    pytester.makefile(".phh", **{"conformance/good": CASE})
    result = pytester.runpytest("-q", "--studspec-engine", REFERENCE)
    result.assert_outcomes(passed=1)


# --- the guide ----------------------------------------------------------------------------

GUIDE = ROOT / "docs" / "conformance.md"


def test_the_guide_example_case_passes(tmp_path: Path) -> None:
    text = GUIDE.read_text(encoding="utf-8")
    example = text.split("```toml\n", 1)[1].split("```", 1)[0]
    assert run(tmp_path, example) == ""


def test_the_guide_lists_every_topical_folder() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    listed = text.split("tests/conformance/{", 1)[1].split("}", 1)[0].split(",")
    house = {
        "options",
        "house-games",
        "chicago",
        "lowball",
        "wild",
        "decisions",
        "blinds",
        "community",
        "decks",
        "table-rules",
        "no-peek",
        "shares",
        "wild-changes",
        "rankings",
        "points-and-qualifiers",
        "void-deal",
        "named-card",
    }  # non-casino books, apart
    folders = sorted(p.name for p in SUITE.iterdir() if p.is_dir() and p.name not in house)
    assert sorted(listed) == folders
    for folder in folders + sorted(house):
        assert f"| `{folder}/` |" in text


def test_an_interpreter_crash_fails_the_case_not_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from studspec.engine.hand import Hand

    def explode(self: Hand, *args: object, **kwargs: object) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(Hand, "act", explode)
    got = run(tmp_path, CASE)
    assert got.startswith(
        "3 p1 pb | a reply that follows the protocol | engine fault: the interpreter crashed: ZeroDivisionError"
    )


# --- cases tagged with the options they cover (issue 22) -----------------------------------

CASE_ROOT = ROOT / "tests" / "conformance"


def test_every_case_names_the_options_it_covers() -> None:
    """Each case's ``_options`` names rule-book options as the schema does, so a grep or
    ``conform --option`` finds every case of one rule."""
    known = option_names()
    for path in sorted(CASE_ROOT.rglob("*.phh")):
        case = load_case(path)
        assert case.options, f"{path} names no _options"
        assert set(case.options) <= known, path


def test_conform_option_runs_exactly_the_cases_that_cover_it(capsys: pytest.CaptureFixture[str]) -> None:
    """``--option wild.follow`` runs the cases tagged wild.follow, and a section (``wild``)
    every case of an option inside it."""
    tagged = [p for p in CASE_ROOT.rglob("*.phh") if "wild.follow" in load_case(p).options]
    section = [p for p in CASE_ROOT.rglob("*.phh") if any(o.startswith("wild.") for o in load_case(p).options)]
    assert 0 < len(tagged) < len(section)
    assert main(["conform", str(CASE_ROOT), "--option", "wild.follow", "-v"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == f"{len(tagged)} passed, 0 failed"
    assert main(["conform", str(CASE_ROOT), "--option", "wild"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"{len(section)} passed, 0 failed"


def test_an_unknown_option_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A typo in ``--option`` or in a case's ``_options`` says what is allowed, not "0 cases"."""
    assert main(["conform", str(CASE_ROOT), "--option", "wild.folow"]) == 2
    assert "is no rule-book option" in capsys.readouterr().err
    case = tmp_path / "case.phh"
    source = next(CASE_ROOT.rglob("*.phh")).read_text(encoding="utf-8")
    case.write_text(re.sub(r"^_options = .*$", '_options = ["bring_in.colour"]', source, flags=re.M), "utf-8")
    with pytest.raises(CaseFormatError, match="no option of a rule book"):
        load_case(case)
