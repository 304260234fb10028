"""Decisions about cards in the text log ``studspec run`` prints (issue 24).

The log is the dealer's: every card is told, down cards in brackets, so a decision reads
with the cards it names, each bracketed while it is face down (nobody but its seat, or the
seat it is passed to, sees it): ``p1 discards [Kc] [Kd]``, ``p1 turns up Kd``. The
replacement card a draw or buy brings follows as the seat being dealt a card.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from decision_play import BOOKS, DECISIONS, book_path, decision_book
from studspec.cli import main
from studspec.history.phh import read_history, replay
from studspec.play.render import render

TOLD = {
    "turn-up": ["  p1 turns up Kd", "  p2 turns up 2h", "  p2 brings in for 20", "  p1 turns up As"],
    "discard": [
        "*** discard street ***",
        "  p1 discards [Kc] [Kd]",
        "  p2 discards [7h] [7d]",
        "*** fourth street ***",
    ],
    "draw": ["  p1 discards [8h] and draws 1 card (pays 100)", "  p1 is dealt [5d]", "  p2 stands pat"],
    "buy": ["  p1 buys a card for 200, giving up [8h]", "  p1 is dealt [5d]", "  p2 declines to buy"],
    "pass": [
        "  p1 bets 100",
        "  p3 folds",
        "  p1 passes [2c] [3c] [4c] to p2",
        "  p2 passes [9h] [Th] [2h] to p1",
        "  p1 discards [8d] [2h]",
        "  p2 discards [9h] [7d]",
        "  p1 turns up As",
        "  p2 turns up 2c",
        "  p1 bets 200",
    ],
    "set-hands": ["  p1 sets [As] Kc Kd 8s 7h / [Ad] [3d]", "  p2 sets [Qs] [Qd] Jc 9h 4h / 2c [2d]"],
}
"""Lines of each hand-written history's log, in the order told (others come between)."""


def told(kind: str) -> list[str]:
    history = read_history(DECISIONS / "histories" / f"{kind}.phh")
    return render(replay(history, decision_book(kind)).hand).splitlines()


@pytest.mark.parametrize("kind", sorted(BOOKS))
def test_each_decision_is_told_with_its_cards(kind: str) -> None:
    lines = told(kind)
    places = [lines.index(line) for line in TOLD[kind]]
    assert places == sorted(places)


def test_a_replacement_card_is_told_right_after_the_choice_that_brought_it() -> None:
    lines = told("draw")
    at = lines.index("  p1 discards [8h] and draws 1 card (pays 100)")
    assert lines[at + 1 : at + 3] == ["  p1 is dealt [5d]", "  p2 stands pat"]


def test_a_pass_is_told_by_the_seat_that_passes_and_the_seat_it_reaches() -> None:
    """Anaconda's passes go to the next seat still in: with p3 folded, p2 passes to p1."""
    lines = told("pass")
    assert "  p3 folds" in lines
    assert not any(line.startswith("  p3 passes") for line in lines)
    assert "  p2 passes [7d] [8d] to p1" in lines


def test_run_prints_the_decisions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``studspec run`` tells the discards of a Super Stud hand with the rest of it."""
    assert main(["run", str(book_path("super-stud")), "--players", "3", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    discards = [line for line in lines if " discards [" in line]
    assert discards and all(line.count("[") == 2 for line in discards)
    assert lines.index("*** discard street ***") < lines.index(discards[0]) < lines.index("*** fourth street ***")
