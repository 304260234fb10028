"""Nothing read from a file reaches the terminal as a control sequence (issue 21 item 14).

A rule book's title and description, a history's ``_variant``, a case's file name, the
lines an engine under test writes and the answers a script feeds ``play`` are someone
else's text. Printed raw, ``ESC ] 0 ; ... BEL`` retitles the window and ``ESC [ 2 J`` clears
it; a C1 control (U+009B is CSI) is an escape of its own on some terminals; a bidi override
shows a line in another order than it reads. Every command must show them escaped
(``\\x1b``, ``\\x9b``, ``\\u202e``) whatever the schema lets through: the books here are made
in memory (``dataclasses.replace``), so these tests hold whether or not ``validate`` refuses
such a title.
"""

from __future__ import annotations

import io
import json
import re
import sys
import textwrap
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.cli import main
from studspec.engine.hand import Hand
from studspec.history.phh import parse_history, write_history
from studspec.play.game import Console, new_session, run_session
from studspec.play.table import Style
from studspec.rulebook import load_variant
from studspec.rulebook.model import Variant

HOSTILE = "T\x1b]0;PWNED\x07\x1b[2J\x9b\u202eX"
"""The issue's title, with a C1 CSI and a right-to-left override added."""
SHOWN = "T\\x1b]0;PWNED\\x07\\x1b[2J\\x9b\\u202eX"
"""How it must be shown: each control written as an escape, the rest as it is."""

RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What must never be printed: every control but the newline, DEL, C1, bidi overrides."""


def assert_clean(text: str) -> None:
    found = sorted({f"U+{ord(char):04X}" for char in RAW.findall(text)})
    assert found == [], f"raw control characters printed: {found}"


def hostile_book(name: str = "razz") -> Variant:
    """A built-in book with the hostile title and description, as if the schema let them by."""
    variant = load_variant(name)
    resolved = {**variant.resolved, "title": HOSTILE, "description": f"Line one.\n{HOSTILE}"}
    return replace(variant, title=HOSTILE, description=f"Line one.\n{HOSTILE}", resolved=resolved)


@pytest.fixture
def book(monkeypatch: pytest.MonkeyPatch) -> Variant:
    """Every command's ``load_rulebook`` hands out the hostile book."""
    variant = hostile_book()
    for command in ("describe", "diagram", "run", "simulate"):
        monkeypatch.setattr(f"studspec.cli.commands.{command}.load_rulebook", lambda ref: variant)
    return variant


# --- The rule book's strings ----------------------------------------------------------------


@pytest.mark.usefixtures("book")
def test_describe_shows_the_title_escaped_issue_21_item_14(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "razz"]) == 0
    out = capsys.readouterr().out
    assert_clean(out)
    assert out.startswith(f"# {SHOWN}\n\nLine one.\n{SHOWN}\n")  # the description keeps its line break


@pytest.mark.usefixtures("book")
def test_describe_to_a_file_is_escaped_too_issue_21_item_14(tmp_path: Path) -> None:
    """A page saved with -o and shown with cat must not drive the terminal either."""
    assert main(["describe", "razz", "-o", str(tmp_path / "rules.md")]) == 0
    text = (tmp_path / "rules.md").read_text(encoding="utf-8")
    assert_clean(text)
    assert text.startswith(f"# {SHOWN}\n")


def test_describe_html_escapes_markup_and_controls_issue_21_item_14(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    title = 'A<script>alert("x")</script> & \x1b[2J'
    variant = replace(load_variant("razz"), title=title, description="<b>bold</b>\x07")
    monkeypatch.setattr("studspec.cli.commands.describe.load_rulebook", lambda ref: variant)
    assert main(["describe", "razz", "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert_clean(page)
    assert "<script>" not in page and "<b>" not in page
    shown = "A&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; \\x1b[2J"
    assert f"<title>{shown}</title>" in page
    assert f"<h1>{shown}</h1>" in page
    assert "<p>&lt;b&gt;bold&lt;/b&gt;\\x07</p>" in page


@pytest.mark.usefixtures("book")
def test_describe_json_shows_no_control_and_keeps_the_value_issue_21_item_14(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["describe", "razz", "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert_clean(out)
    assert json.loads(out)["title"] == HOSTILE


@pytest.mark.usefixtures("book")
def test_run_shows_the_title_escaped_issue_21_item_14(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "razz", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert_clean(out)
    assert out.startswith(f"{SHOWN}: ")


@pytest.mark.usefixtures("book")
def test_simulate_shows_the_title_escaped_issue_21_item_14(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "razz", "--hands", "20", "--players", "3", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert_clean(out)
    assert out.startswith(f"{SHOWN}: 20 hands")


def test_play_shows_the_title_and_the_typed_answers_escaped_issue_21_item_14() -> None:
    """The banner and the table quote the title; a scripted answer is echoed after its prompt,
    and a refused one is quoted in the refusal."""
    session = new_session(hostile_book(), 3, 0, seed=1)
    out = io.StringIO()
    script = "\x1b]0;PWNED\x07\nf\u202e\nq\ny\n"
    run_session(session, Console(io.StringIO(script), out), Style(symbols=False, color=False))
    text = out.getvalue()
    assert_clean(text)
    assert f"=== Hand 1: {SHOWN}, you are p1 ===" in text
    assert f"{SHOWN} · " in text  # the table's first line
    assert "\\x1b]0;PWNED\\x07" in text
    assert "f\\u202e" in text


def test_a_history_written_by_studspec_shows_no_control_issue_21_item_14() -> None:
    """``_variant`` names a book by its path, which may hold any character: TOML escapes C0
    itself, and DEL, C1 and the bidi overrides are escaped too; the value reads back the same."""
    hand = Hand(load_variant("razz"), [1000] * 2, seed=3)
    reference = "books/\x7f\x9b\u202e\x1b.yaml"
    text = write_history(hand, variant_ref=reference)
    assert_clean(text)
    assert '_variant = "books/\\u007f\\u009b\\u202e\\u001b.yaml"' in text
    assert parse_history(text).extra["_variant"] == reference


# --- Files named by a history or found in a folder ------------------------------------------

NAMED = "bad\x1b]0;PWNED\x07\x9b\u202e.yaml"
NAMED_SHOWN = "bad\\x1b]0;PWNED\\x07\\x9b\\u202e.yaml"


def history_naming(tmp_path: Path, book: str) -> Path:
    """A finished hand whose ``_variant`` is ``book``, a path beside the history."""
    text = write_history(_played(), variant_ref=book)
    path = tmp_path / "hand.phh"
    path.write_text(text, encoding="utf-8")
    return path


def _played() -> Hand:
    import random

    from studspec.play.players import RandomPlayer, play_out

    hand = Hand(load_variant("razz"), [1000] * 2, seed=5)
    return play_out(hand, [RandomPlayer(random.Random(1)), RandomPlayer(random.Random(2))])


def test_replay_shows_a_bad_books_name_escaped_issue_21_item_14(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The book ``_variant`` names exists and is no rule book: its error line is
    ``file:line:col: message``, and the file's name is the history's text. Before: printed raw."""
    (tmp_path / NAMED).write_text("schema_version: 1\nnot_an_option: 1\n", encoding="utf-8")
    history = history_naming(tmp_path, NAMED)
    assert main(["replay", str(history)]) == 1
    captured = capsys.readouterr()
    assert_clean(captured.out + captured.err)
    assert NAMED_SHOWN in captured.err
    assert len(captured.err.splitlines()) == 1


def test_validate_shows_a_found_files_name_escaped_issue_21_item_14(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A folder is validated file by file: the names come from the folder, not the user."""
    (tmp_path / NAMED).write_text("schema_version: 1\nnot_an_option: 1\n", encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert_clean(out)
    assert NAMED_SHOWN in out


def test_a_rule_books_error_line_is_escaped_before_a_command_ends_issue_21_item_14(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / NAMED).write_text("schema_version: 1\nnot_an_option: 1\n", encoding="utf-8")
    with pytest.raises(SystemExit) as ended:
        main(["run", str(tmp_path / NAMED)])
    assert isinstance(ended.value.code, str)
    assert_clean(ended.value.code)
    assert ended.value.code.startswith(f"studspec: {tmp_path}/{NAMED_SHOWN}:")


# --- conform: cases and engines -------------------------------------------------------------


def test_conform_shows_a_cases_name_and_its_book_escaped_issue_21_item_14(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A case named with escapes, whose ``_variant`` is a bad book named with escapes: the
    failure printed and the JUnit report show both escaped (and the report is XML)."""
    (tmp_path / NAMED).write_text("schema_version: 1\nnot_an_option: 1\n", encoding="utf-8")
    case = tmp_path / "case\x1b[2J.phh"
    case.write_text(write_history(_played(), variant_ref=NAMED), encoding="utf-8")
    report = tmp_path / "report.xml"
    assert main(["conform", str(tmp_path), "--junit", str(report)]) == 1
    out = capsys.readouterr().out
    assert_clean(out)
    assert f"FAIL {tmp_path}/case\\x1b[2J.phh: " in out
    assert NAMED_SHOWN in out
    xml = report.read_text(encoding="utf-8")
    assert_clean(xml)
    ET.fromstring(xml)  # characters XML forbids would not parse


def test_conform_shows_what_an_engine_wrote_escaped_issue_21_item_14(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An engine that dies after writing escapes to stderr: its last words are quoted."""
    engine = tmp_path / "engine.py"
    engine.write_text(
        textwrap.dedent(
            """
            import sys
            sys.stdin.readline()
            sys.stderr.write("dying\\x1b]0;PWNED\\x07\\x9b\\u202e\\n")
            sys.stdout.write("not json \\x1b[2J\\n")
            """
        ),
        encoding="utf-8",
    )
    cases = ROOT / "tests" / "conformance" / "antes"
    status = main(["conform", str(cases), "-x", "--engine", f'"{sys.executable}" "{engine}"'])
    assert status == 1
    captured = capsys.readouterr()
    assert_clean(captured.out + captured.err)
    assert "FAIL " in captured.out
