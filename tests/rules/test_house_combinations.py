"""Home-game options combine in books studspec does not ship (issue 9: "six-card stud with a
bug, Low Chicago with deuces wild, five-card stud hi-lo declare"): each validates, reads back
in describe with every rule it took, plays to the end and replays from its own history.

Five-card stud hi-lo declare is the authoring guide's example (tests/commands/test_play.py); these are
the others, with a priced Baseball rule on five-card stud for good measure.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from studspec import Hand, load_variant
from studspec.authoring.describe import describe
from studspec.authoring.document import Format, render
from studspec.history.phh import parse_history, replay, write_history
from studspec.play.players import RuleBasedPlayer, play_out
from studspec.rulebook import validate_file

BOOKS = {
    "six-card-stud-bug": (
        """\
schema_version: 1
extends: six-card-stud
name: six-card-stud-bug
title: Six-Card Stud with the Bug
description: Six-card stud with one joker in the deck, played as the bug.
deck:
  cards: 52-plus-joker
wild:
  jokers: bug
""",
        ["A joker is the bug: in a high hand it counts only as an ace"],
    ),
    "low-chicago-deuces": (
        """\
schema_version: 1
extends: low-chicago
name: low-chicago-deuces
title: Low Chicago, Deuces Wild
description: Low Chicago in which every deuce is wild.
wild:
  ranks: ["2"]
""",
        ["Deuces are wild", "lowest spade"],
    ),
    "five-card-stud-pay-the-three": (
        """\
schema_version: 1
extends: five-card-stud
name: five-card-stud-pay-the-three
title: Five-Card Stud, Pay the Three
description: Five-card stud in which an up three costs the ante or the hand.
triggers:
  - rank: "3"
    effect: pay-or-fold
    price: ante
""",
        ["When a 3 is dealt face up, that player must pay the ante"],
    ),
}


def _book(tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(BOOKS[name][0], encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_a_combination_validates_and_describes_what_it_took(tmp_path: Path, name: str) -> None:
    path = _book(tmp_path, name)
    assert validate_file(path) == []
    text = render(describe(load_variant(str(path))), Format.MARKDOWN)
    for words in BOOKS[name][1]:
        assert words in text, f"{name}: {words!r} is not described"


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_a_combination_plays_to_the_end_and_replays(tmp_path: Path, name: str) -> None:
    path = _book(tmp_path, name)
    variant = load_variant(str(path))
    players = min(5, variant.max_players)
    for seed in range(25):
        hand = Hand(variant, [variant.stakes.starting_stack] * players, seed=seed)
        play_out(hand, [RuleBasedPlayer(random.Random(seed * 10 + s)) for s in range(players)])
        assert hand.is_complete and sum(hand.stacks) == players * variant.stakes.starting_stack
        history = write_history(hand, variant_ref=str(path))
        assert replay(parse_history(history, str(tmp_path / "h.phh")), variant).stacks == tuple(hand.stacks)


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_a_combination_runs_from_the_command_line(tmp_path: Path, name: str) -> None:
    path = _book(tmp_path, name)
    run = subprocess.run(
        [sys.executable, "-m", "studspec", "run", str(path), "--players", "4", "--seed", "2"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Final stacks" in run.stdout or "Result" in run.stdout
