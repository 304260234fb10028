"""Save and resume a hand (issue 11): ``Hand.snapshot()`` is a small JSON document,
``Hand.restore`` turns it back into a hand that goes on exactly as the original (the same
events, stacks and legal actions), pickling goes through it, and a tampered document is
refused with a clear error rather than trusted."""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import BUILTIN_BOOKS
from studspec import Hand, load_variant
from studspec.engine.cards import parse_cards
from studspec.errors import SnapshotError
from studspec.play.players import PlayerKind, make_player

SEATS = st.integers(min_value=2, max_value=8)


def _state(hand: Hand) -> tuple[object, ...]:
    return (
        list(hand.events),
        list(hand.stacks),
        hand.state,
        hand.actor,
        [str(a) for a in hand.legal_actions()],
        hand.pending_deal(),
        list(hand.pots()),
        [hand.view(seat) for seat in range(hand.seats)],
    )


def _play(hand: Hand, rng: random.Random, steps: int) -> None:
    players = [make_player(PlayerKind.RANDOM, rng) for _ in range(hand.seats)]
    for _ in range(steps):
        if hand.is_complete:
            return
        seat = hand.actor
        assert seat is not None
        hand.act(players[seat].choose(hand, seat, hand.legal_actions()), seat=seat)


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), seats=SEATS, cut=st.integers(0, 60), data=st.data())
def test_a_restored_hand_goes_on_exactly_as_the_original(
    book: str, seed: int, seats: int, cut: int, data: st.DataObject
) -> None:
    variant = load_variant(book)
    seats = min(seats, variant.max_players)
    stacks = [data.draw(st.integers(1, 3000)) for _ in range(seats)]
    hand = Hand(variant, stacks, seed=seed)
    _play(hand, random.Random(seed), cut)
    document = json.loads(json.dumps(hand.snapshot()))  # it is JSON, and nothing else
    restored = Hand.restore(document)
    unpickled = pickle.loads(pickle.dumps(hand))
    assert _state(restored) == _state(hand) == _state(unpickled)
    for copy in (hand, restored, unpickled):  # the same choices from here on, the same hand
        _play(copy, random.Random(seed + 1), 400)
    assert _state(restored) == _state(hand) == _state(unpickled)
    assert hand.is_complete and restored.result == hand.result


def test_a_hand_dealt_from_outside_with_unseen_cards_is_saved_too() -> None:
    hand = Hand(load_variant("seven-card-stud"), [1000, 1000], deal_from_outside=True)
    hand.deal(0, [None, None, *parse_cards("2c")])
    document = hand.snapshot()
    assert document["log"] == [["deal", 0, "????2c"]]
    assert _state(Hand.restore(document)) == _state(hand)


def test_a_house_book_is_saved_whole_and_checked_again(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("schema_version: 1\nextends: razz\nname: house-razz\nstakes:\n  ante: 7\n", encoding="utf-8")
    hand = Hand(load_variant(str(path)), [500, 500, 500], seed=3)
    document = json.loads(json.dumps(hand.snapshot()))
    assert document["book"]["name"] == "house-razz" and "extends" not in document["book"]
    assert _state(Hand.restore(document)) == _state(hand)
    document["book"]["betting"]["structure"] = "half-limit"
    with pytest.raises(SnapshotError, match="not valid"):
        Hand.restore(document)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "x"}, "not a saved hand"),
        ({"version": 9}, "version 9"),
        ({"book": "no-such-book"}, "no built-in rule book"),
        ({"stacks": [1000, True]}, "stacks must be an integer"),
        ({"stacks": [1000]}, "2 to 10"),
        ({"seed": "7"}, "seed must be an integer"),
        ({"stakes": {"ante": 1}}, "stakes must give exactly"),
        ({"log": [["act", 0, "cbr 999999"]]}, "log entry 0"),
        ({"log": [["shout", 0, "cc"]]}, "each log entry is"),
        ({"log": [["act", 0, "cc"]] * 3000}, "at most 2000"),
        ({"deck": "AsAs"}, "set-up is refused"),
    ],
)
def test_a_tampered_document_is_refused_with_what_is_wrong(change: dict[str, object], message: str) -> None:
    document = Hand(load_variant("seven-card-stud"), [1000, 1000], seed=1).snapshot()
    document.update(change)
    with pytest.raises(SnapshotError, match=message):
        Hand.restore(document)


def test_a_hand_without_a_seed_still_saves_its_shuffle() -> None:
    hand = Hand(load_variant("seven-card-stud"), [1000, 1000, 1000])
    assert type(hand.snapshot()["seed"]) is int
    assert _state(Hand.restore(hand.snapshot())) == _state(hand)
