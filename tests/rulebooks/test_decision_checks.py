"""validate's checks of decisions about cards (rulebook/decision_checks.py): a book that
validates must play (issue 24), so what the engine could not carry out is refused at the
line that causes it, with what is allowed instead."""

from __future__ import annotations

from pathlib import Path

import pytest

from studspec.rulebook import validate_file

HEAD = """schema_version: 1
extends: seven-card-stud
name: book
title: A book
description: A test book of decisions.
players: {max: 6}
deck: {exhaustion: none}
"""


def problems(tmp_path: Path, body: str) -> list[str]:
    path = tmp_path / "book.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    return [str(error) for error in validate_file(str(path))]


def test_a_valid_decision_book_has_no_problem(tmp_path: Path) -> None:
    assert problems(tmp_path, "streets:\n  seventh:\n    decisions: [{decide: draw, up_to: 1}]\n") == []


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        # A discard needs its number: nothing says how many cards a player throws away.
        ("streets:\n  seventh:\n    decisions: [{decide: discard}]\n", 10, "needs its number of cards"),
        # A free buy is a draw (docs/rules.md V12: a buy is paid for).
        ("streets:\n  seventh:\n    decisions: [{decide: buy}]\n", 10, "a buy needs a price"),
        # An option of another kind: a pass has a direction, a discard has not.
        (
            "streets:\n  seventh:\n    decisions: [{decide: discard, count: 1, direction: left}]\n",
            10,
            "direction applies to pass",
        ),
        # Two ways of giving the number.
        ("streets:\n  seventh:\n    decisions: [{decide: discard, count: 1, keep: 5}]\n", 10, "one way"),
        # A street that deals nothing and asks nothing does nothing.
        ("streets:\n  seventh:\n    deal: []\n", 10, "deals no card and asks no decision"),
        # A history claiming PHH's stud code could not hold studspec's own lines.
        ("phh_codes: [F7S]\nstreets:\n  seventh:\n    decisions: [{decide: draw, up_to: 1}]\n", 8, "set phh_codes: []"),
        # Two hands must take every card a seat holds (seven): [5, 3] takes eight.
        (
            (
                "streets:\n  seventh:\n    decisions: [{decide: set-hands, hands: [5, 3]}]\n"
                "pots: {shares: [{hand: high, set: 1}, {hand: high, set: 2}]}\n"
            ),
            10,
            "every seat then holds 7",
        ),
        # A replacement card would have to be watched by the dealt-card rules mid-decision.
        (
            "triggers: [{rank: '4', effect: extra-card}]\nstreets:\n  seventh:\n    decisions: [{decide: draw, up_to: 1}]\n",
            11,
            "may not draw or buy",
        ),
    ],
)
def test_a_decision_the_engine_cannot_play_is_refused(tmp_path: Path, body: str, line: int, words: str) -> None:
    found = problems(tmp_path, body)
    assert len(found) == 1, found
    assert f"book.yaml:{line}:" in found[0] and words in found[0], found[0]
