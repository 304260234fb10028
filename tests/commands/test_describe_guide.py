"""docs/authoring.md, section 8 (issue 24): every example book about decisions on cards
validates clean, reads in ``studspec describe`` as the guide quotes it, plays seeded hands
with the built-in players to the end, writes the history lines the guide names, and
replays from that history to the same stacks.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.authoring.describe import describe
from studspec.authoring.document import Format, render
from studspec.engine.hand import Hand
from studspec.history.phh import parse_history, replay, write_history
from studspec.play.players import RuleBasedPlayer, play_out
from studspec.rulebook import load_variant, validate_file

GUIDE = ROOT / "docs" / "authoring.md"
SECTION = "## 8. Decisions about cards"

LINE_OF = {
    "turn-up": " up ",
    "discard": " sd ",
    "draw": " sd",
    "buy": (" buy ", " decline"),
    "pass": " pass ",
    "set-hands": " set ",
}
"""What a history writes for each kind (the guide's table): a player's line with its code."""


def examples() -> list[tuple[str, str, str]]:
    """(file name, YAML, the rest of its subsection) for each example of section 8."""
    section = GUIDE.read_text(encoding="utf-8").split(SECTION, 1)[1].split("\n## ", 1)[0]
    found = []
    for part in section.split("\n### ")[1:]:
        block = part.split("```yaml\n", 1)[1].split("```", 1)[0]
        name = re.match(r"# (\S+\.yaml)\n", block)
        assert name, "each example starts with a comment naming its file"
        found.append((name.group(1), block, part))
    return found


EXAMPLES = examples()


def test_the_section_has_an_example_of_every_kind() -> None:
    kinds = {kind for _, block, _ in EXAMPLES for kind in re.findall(r"decide: ([a-z-]+)", block)}
    assert kinds == set(LINE_OF)


@pytest.mark.parametrize(("name", "block", "text"), EXAMPLES, ids=[name for name, _, _ in EXAMPLES])
def test_each_example_validates_reads_as_quoted_plays_and_replays(
    tmp_path: Path, name: str, block: str, text: str
) -> None:
    path = tmp_path / name
    path.write_text(block, encoding="utf-8")
    assert validate_file(path) == []
    variant = load_variant(str(path))
    described = render(describe(variant), Format.MARKDOWN)
    quotes = [q for q in re.findall(r'"([^"]{40,})"', " ".join(text.split())) if q.endswith(".")]
    assert quotes, f"{name}: the guide quotes what describe says"
    for quote in quotes:
        assert quote in described, f"{name}: describe does not say {quote!r}"
    kinds = {d.decide for street in variant.streets for d in street.decisions}
    written = ""
    for seed in range(12):
        players = min(5, variant.max_players)
        hand = Hand(variant, [variant.stakes.starting_stack] * players, seed=seed)
        play_out(hand, [RuleBasedPlayer(random.Random(seed * 10 + s)) for s in range(players)])
        history = write_history(hand, variant_ref=str(path))
        outcome = replay(parse_history(history, str(tmp_path / "h.phh")), variant)
        assert outcome.stacks == tuple(hand.stacks)
        written += history
    for kind in kinds:
        codes = LINE_OF[kind]
        assert any(re.search(rf'"p\d+{re.escape(code)}', written) for code in codes), f"{name}: no {kind} line"
