"""Where a history's rule book may come from (issue 11): ``conform`` confines a case's
``_variant`` (and every book it extends) to the folders of the cases it was given and the
current directory unless told other folders with ``--rulebooks``; ``replay --rulebooks`` does the same for histories; the
engine protocol never opens a rule book at all (every book arrives resolved in ``new_hand``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from studspec.cli import main

BOOK = "schema_version: 1\nextends: razz\nname: outside-razz\nphh_codes: []\n"
CASE = """\
variant = "outside-razz"
_variant = "../books/outside-razz.yaml"
antes = [1, 1]
bring_in = 3
small_bet = 10
big_bet = 20
starting_stacks = [100, 100]
actions = ["d dh p1 2c3d4h", "d dh p2 KcKdKh", "p2 pb", "p1 f"]
finishing_stacks = [99, 101]
"""


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    """cases/case.phh names ../books/outside-razz.yaml, a folder beside the cases."""
    (tmp_path / "books").mkdir()
    (tmp_path / "books" / "outside-razz.yaml").write_text(BOOK, encoding="utf-8")
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "case.phh").write_text(CASE, encoding="utf-8")
    return tmp_path


def test_conform_confines_a_case_book_to_the_case_folders(
    layout: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """By default: the folders of the cases given, and the current directory."""
    monkeypatch.chdir(layout / "cases")
    assert main(["conform", str(layout / "cases")]) == 1
    assert "outside the folders rule books may come from" in capsys.readouterr().out


def test_conform_rulebooks_names_the_folders_books_may_come_from(
    layout: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conform", str(layout / "cases"), "--rulebooks", str(layout)]) == 0
    assert capsys.readouterr().out.strip().endswith("1 passed, 0 failed")


def test_conform_allows_a_book_in_the_current_directory(
    layout: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(layout)
    assert main(["conform", str(layout / "cases")]) == 0


def test_replay_confines_only_when_asked(layout: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = str(layout / "cases" / "case.phh")
    assert main(["replay", case]) == 0
    assert main(["replay", case, "--rulebooks", str(layout / "cases")]) == 1
    err = capsys.readouterr().err
    assert "outside the folders" in err and err.count("\n") == 1
