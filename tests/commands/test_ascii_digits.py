"""Amounts and seats are ASCII digits only, everywhere a person or a file writes one (issue 11:
``str.isdigit`` took ``٤٠٠`` as 400 and crashed on ``²``): the play prompt, the conformance
protocol's lines and a checkpoint's sorting all refuse them cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest

from studspec.cli import main
from studspec.conformance.checkpoints import sorted_actions
from studspec.conformance.protocol import messages_for_line
from studspec.engine.actions import ActionKind, LegalAction
from studspec.errors import ChoiceError, LineFormatError
from studspec.play.game import parse_choice

LEGAL = [LegalAction(ActionKind.FOLD), LegalAction(ActionKind.COMPLETE_BET_RAISE, 400, 800, 400)]


@pytest.mark.parametrize("typed", ["٤٠٠", "２", "²", "bet ٤٠٠", "raise ²", "2 ٤٠٠", "9" * 40])
def test_the_play_prompt_refuses_digits_of_other_scripts(typed: str) -> None:
    with pytest.raises(ChoiceError):
        parse_choice(typed, LEGAL)


@pytest.mark.parametrize("line", ["p² pb", "p١ cc", "p99999 cc"])
def test_a_protocol_line_with_a_strange_seat_is_a_format_error(line: str) -> None:
    with pytest.raises(LineFormatError):
        messages_for_line(line)


def test_checkpoint_sorting_ignores_strange_amounts() -> None:
    assert sorted_actions(["cbr ²", "f", "cbr 20"]) == ["f", "cbr ²", "cbr 20"]  # no crash; sorted as 0


def test_conform_reports_a_case_with_a_strange_seat_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case = tmp_path / "case.phh"
    case.write_text(
        'variant = "F7S"\nantes = [1, 1]\nbring_in = 3\nsmall_bet = 10\nbig_bet = 20\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 AsKs2c", "d dh p2 AhKh9d", "p² pb"]\n'
        "finishing_stacks = [100, 100]\n",
        encoding="utf-8",
    )
    assert main(["conform", str(case)]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err and "expected a seat" in out.out
