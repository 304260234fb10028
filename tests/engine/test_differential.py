"""The differential test (issue 10): the interpreter still plays recorded seeded hands exactly as
the implementation that recorded them did: the same events, field by field, and the same
finishing stacks. The recording (``python bench/differential.py record``: 10,000 hands of every
built-in book, by a policy of the script's own) was made before any speed work; CI checks its
first 200 hands a book, and ``python bench/differential.py check`` checks all of them."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from conftest import BUILTIN_BOOKS, ROOT

BLOCKS = 2
"""Blocks of 100 hands a book checked in CI (about 10 s in all)."""


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("differential", ROOT / "bench" / "differential.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


DIFFERENTIAL = _script()


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_seeded_hands_play_as_recorded(book: str) -> None:
    recorded = json.loads((Path(DIFFERENTIAL.DATA) / f"{book}.json").read_text(encoding="utf-8"))
    assert recorded["block"] == DIFFERENTIAL.BLOCK and len(recorded["digests"]) * DIFFERENTIAL.BLOCK >= 10_000
    for block in range(BLOCKS):
        assert DIFFERENTIAL.block_digest(book, block) == recorded["digests"][block], (
            f"{book}: hands {block * 100}-{block * 100 + 99} differ from the recording "
            f"(python bench/differential.py check --books {book} names the block)"
        )


def test_the_digest_sees_a_changed_event() -> None:
    """The digest is not blind: one chip more in one hand's stacks changes its block's digest."""
    hand = DIFFERENTIAL.play("razz", 0)
    text = DIFFERENTIAL.canonical(hand)
    hand.stacks[0] += 1
    assert DIFFERENTIAL.canonical(hand) != text
