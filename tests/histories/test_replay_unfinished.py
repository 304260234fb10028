"""``studspec replay --unfinished`` (issue 11): a history that stops before the hand is over
says whose turn it is and what they may do, instead of failing; without the flag it fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from studspec.cli import main

HISTORY = """\
variant = "F7S"
antes = [1, 1, 1]
bring_in = 3
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsKs2c", "d dh p2 AhKh9d", "d dh p3 AdKd9h", "p1 pb"]
"""


def test_an_unfinished_history_says_whose_turn_it_is(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """WSOP-L 215: p1's 2c brought in for 3; p2 may fold, call or complete to the small bet."""
    path = tmp_path / "stops.phh"
    path.write_text(HISTORY, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "ends before the hand is over" in capsys.readouterr().err
    assert main(["replay", "--unfinished", str(path)]) == 0
    out = capsys.readouterr().out
    assert "unfinished after 4 actions, on third street: waiting for p2; legal: f, cc, cbr 10" in out
    assert out.rstrip().endswith("stacks 996 999 999")
