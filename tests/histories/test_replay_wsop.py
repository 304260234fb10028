"""The 36 real hands of the 2023 WSOP (shared/phh/wsop-2023) replay to their finishing stacks.

They are tournament hands (13 stud, 13 stud/8, 10 razz) transcribed from television, with
unseen cards as '??'; every deal and action is checked by the rules while replaying.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import shared_dir, wsop_hands
from studspec.history.phh import read_history, replay
from studspec.history.variants import variant_for_history

HANDS = sorted((shared_dir() / "phh" / "wsop-2023").glob("*.phh"))


def test_all_36_hands_are_present() -> None:
    assert len(wsop_hands()) == 36


@pytest.mark.parametrize("path", HANDS, ids=lambda p: p.stem)
def test_wsop_hand_replays_to_its_finishing_stacks(path: Path) -> None:
    history = read_history(path)
    outcome = replay(history, variant_for_history(history))
    assert history.finishing_stacks is not None
    assert outcome.stacks == history.finishing_stacks
    assert sum(outcome.stacks) == sum(history.starting_stacks)
