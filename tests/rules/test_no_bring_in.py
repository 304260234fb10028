"""A rule book without a bring-in, and one whose first street shows no up card (issue 21
items 1, 3 and 4).

Many home games play antes only: nobody brings in, and the first round opens by the boards
(``first_to_act``). When the first street deals every card face down there is no board to
read, and the round opens by position: the first player to the dealer's left (Robert's
Rules of Poker, draw poker, where no card shows: "the first player to the left of the
dealer"). Such a book validated before and then crashed every command; now it plays, and
neither the history, the description nor the simulation speaks of a bring-in it never has.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import ROOT
from studspec import Hand, load_variant, parse_action, parse_cards, validate_file
from studspec.authoring.describe import describe
from studspec.authoring.document import Format, render
from studspec.cli import main
from studspec.engine.actions import ActionKind
from studspec.rulebook.model import Variant

ALL_DOWN_FIRST = [
    {"id": "third", "deal": ["down", "down", "down"], "bet": "small"},
    {"id": "fourth", "deal": ["up"], "bet": "small"},
    {"id": "fifth", "deal": ["up"], "bet": "big"},
    {"id": "sixth", "deal": ["up"], "bet": "big"},
    {"id": "seventh", "deal": ["down"], "bet": "big"},
]
"""Seven-card stud with the door card dealt down: no up card until fourth street."""


def book(tmp_path: Path, streets: Any, name: str = "no-door") -> Path:
    path = tmp_path / f"{name}.yaml"
    doc = {
        "schema_version": 1,
        "extends": "seven-card-stud",
        "name": name,
        "title": "No door card",
        "description": "Three down cards, then three up and one down; antes only, no bring-in.",
        "streets": streets,
    }
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture
def no_door(tmp_path: Path) -> Variant:
    path = book(tmp_path, ALL_DOWN_FIRST)
    assert validate_file(path) == []
    return load_variant(str(path))


def test_a_first_street_without_an_up_card_opens_by_position(no_door: Variant) -> None:
    """Item 1: no board to read, so the first seat left of the dealer (seat 0) acts first,
    and with no bring-in it may check; the next street, with up cards, opens by the boards."""
    hand = Hand(no_door, [1000] * 3, deal_from_outside=True)
    for seat, cards in enumerate(("2c3c4c", "AsKsQs", "7d8d9d")):
        hand.deal(seat, parse_cards(cards))
    assert hand.actor == 0
    kinds = {choice.kind for choice in hand.legal_actions()}
    assert ActionKind.BRING_IN not in kinds and ActionKind.CHECK_CALL in kinds
    for _ in range(3):
        hand.act(parse_action("cc"))  # everyone checks
    assert hand.street_id == "fourth"
    for seat, cards in enumerate(("5h", "Kd", "Ah")):
        hand.deal(seat, parse_cards(cards))
    assert hand.actor == 2  # the ace is the best high board (first_to_act best-high-board)


def test_a_first_street_without_an_up_card_plays_in_every_command(
    no_door: Variant, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 1: run, simulate, describe and diagram all finish on such a book."""
    source = no_door.source
    assert main(["run", source, "--players", "4", "--seed", "3"]) == 0
    assert main(["simulate", source, "--hands", "30", "--players", "4", "--seed", "3", "--workers", "1"]) == 0
    assert main(["describe", source]) == 0
    assert main(["diagram", source]) == 0
    out = capsys.readouterr().out
    assert "first player to the dealer's left acts first" in out


def test_no_bring_in_is_never_spoken_of(no_door: Variant, capsys: pytest.CaptureFixture[str]) -> None:
    """Items 3 and 4: a book with no bring-in prints no bring-in stake in the run header, no
    bring-in rule in its description and no bring-in completion rate in its simulation."""
    text = render(describe(no_door), Format.MARKDOWN)
    assert "There is no bring-in." in text
    assert "must bring in" not in text and "bring-in of" not in text and "completion of the bring-in" not in text
    assert main(["run", no_door.source, "--players", "3", "--seed", "1"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert "bring-in" not in header and "ante 40" in header
    assert main(["simulate", no_door.source, "--hands", "20", "--players", "3", "--seed", "1", "--workers", "1"]) == 0
    assert "bring-in" not in capsys.readouterr().out
    assert main(["simulate", no_door.source, "--hands", "20", "--players", "3", "--seed", "1", "--json"]) == 0
    assert "bring_in" not in json.loads(capsys.readouterr().out)


def test_the_option_reference_allows_no_bring_in() -> None:
    """Item 4: the schema says a book may have no bring-in street (the engine plays one)."""
    schema = json.loads((ROOT / "schema" / "variant.schema.json").read_text("utf-8"))
    streets = schema["properties"]["streets"]["description"]
    assert "Exactly" not in streets
    assert "at most one" in schema["$defs"]["street"]["properties"]["bring_in"]["description"].lower()


def test_a_casino_book_speaks_of_no_rule_it_does_not_have() -> None:
    """Item 3: seven-card stud has a 52-card deck, no wild card and no dealt-card rule, so its
    description says nothing of jokers, wild boards or triggers, and has no raw option text."""
    text = render(describe(load_variant("seven-card-stud")), Format.MARKDOWN)
    assert "A joker" not in text and "the bug" not in text
    assert "Wild cards count" not in text
    assert "\n- dealt face up" not in text  # a trigger's face, as a bare fragment
    assert "triggers." not in text and "Other rules" not in text
    assert "No card is wild." in text
