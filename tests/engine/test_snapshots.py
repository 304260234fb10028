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
from studspec import BRING_IN, CHECK_CALL, Hand, load_variant
from studspec.engine.cards import parse_cards
from studspec.errors import IllegalActionError, SnapshotError
from studspec.play.players import PlayerKind, make_player
from tampering import JSON, nested, replaced, value_paths

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
        ({"stacks": [1000]}, "2 to 16"),
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


# --- issue 21 item 12: no traceback on a hostile document -----------------------------------


def _fresh() -> dict[str, object]:
    return Hand(load_variant("seven-card-stud"), [1000, 1000], seed=1).snapshot()


HUGE = 10**5000
"""Over Python's 4,300-digit limit: ``str()`` of it raises a bare ValueError."""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"book": nested(900)}, "nested more than 32"),
        ({"book": nested(500)}, "nested more than 32"),
        ({"book": {"name": nested(900)}}, "nested more than 32"),
        ({"version": True}, "version true"),
        ({"version": 1.0}, "version 1.0"),
        ({"stacks": [HUGE, 1000]}, "at most 18 digits"),
        ({"stacks": [10**235, 1000]}, "at most 18 digits"),
        ({"stacks": [10**18, 1000]}, "at most 18 digits"),
        ({"seed": HUGE}, "seed must be an integer of at most 256 bits"),
        ({"seed": -HUGE}, "seed must be an integer of at most 256 bits"),
        ({"stakes": {"ante": 1, "bring_in": 2, "small_bet": 3, "big_bet": HUGE, "starting_stack": 9}}, "18 digits"),
        ({"stakes": {"ante": True, "bring_in": 2, "small_bet": 3, "big_bet": 4, "starting_stack": 9}}, "stakes.ante"),
        ({"log": [["act", HUGE, "pb"]]}, "each log entry is"),
        ({"log": [["act", 1.0, "pb"]]}, "each log entry is"),
        ({"log": [["act", True, "pb"]]}, "each log entry is"),
        ({"log": [["act", -1, "pb"]]}, "each log entry is"),
        ({"log": [["act", 0, "pb", HUGE]]}, "each log entry is"),
        ({"log": [nested(900)]}, "each log entry is"),
        ({"deck": HUGE}, "deck must be"),
        ({"book": {"name": HUGE}}, "not valid|18 digits"),
        ({"book": {"name": "x", 5: "y"}}, "keys"),
        ({"format": nested(900)}, "not a saved hand"),
    ],
)
def test_a_hostile_document_is_refused_in_one_line_issue_21_item_12(change: dict[str, object], message: str) -> None:
    document = _fresh()
    document.update(change)
    with pytest.raises(SnapshotError, match=message) as refused:
        Hand.restore(document)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 400


def test_a_seat_given_as_true_is_refused_so_every_saved_seat_is_an_integer_issue_21_item_12() -> None:
    """``True == 1`` in Python, but the hand takes only integer seats: ``seat=True`` is
    refused (it was taken and logged as ``true``, a document the hand then refused to
    restore), and every seat a snapshot holds is an integer."""
    hand = Hand(load_variant("seven-card-stud"), [1000, 1000], seed=1)
    assert hand.actor == 0
    hand.act(BRING_IN, seat=0)
    with pytest.raises(IllegalActionError):
        hand.act(CHECK_CALL, seat=True)  # a bool is an int to the type checker: what a program may pass
    hand.act(CHECK_CALL, seat=1)
    document = json.loads(json.dumps(hand.snapshot()))
    assert [seat for _kind, seat, _text in document["log"]] == [0, 1]
    assert all(type(seat) is int for _kind, seat, _text in document["log"])
    assert _state(Hand.restore(document)) == _state(hand)


def test_a_hand_waiting_for_its_first_deal_restores_waiting_issue_21_item_12() -> None:
    """``deal_from_outside`` with nothing dealt yet is a hand at its first deal: restored, it
    waits for the same cards the original waits for (no player can act, nothing fails)."""
    hand = Hand(load_variant("razz"), [1000, 1000, 1000], deal_from_outside=True, seed=4)
    document = _fresh()
    document.update({"book": "razz", "stacks": [1000, 1000, 1000], "seed": 4, "deal_from_outside": True, "log": []})
    restored = Hand.restore(document)
    assert restored.actor is None and restored.pending_deal() is not None
    assert _state(restored) == _state(hand)


def _played(hand: Hand, steps: int) -> dict[str, object]:
    _play(hand, random.Random(steps), steps)
    document: dict[str, object] = json.loads(json.dumps(hand.snapshot()))
    return document


def _house_snapshot() -> dict[str, object]:
    """A house book's snapshot embeds the whole book: every option a value to change."""
    from studspec.rulebook.build import build_variant

    razz = load_variant("razz")
    data = json.loads(json.dumps({**razz.resolved, "name": "house-razz"}, default=list))
    return _played(Hand(build_variant(data, "house"), [900, 900, 900], seed=5), 6)


def _outside_snapshot() -> dict[str, object]:
    hand = Hand(load_variant("seven-card-stud"), [1000, 1000], deal_from_outside=True)
    hand.deal(0, [None, None, *parse_cards("2c")])
    document: dict[str, object] = json.loads(json.dumps(hand.snapshot()))
    return document


SAVED = [
    _played(Hand(load_variant("seven-card-stud"), [1000, 1000, 1000, 1000], seed=2), 12),
    _house_snapshot(),
    _outside_snapshot(),
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_change_to_a_snapshot_restores_or_is_one_snapshot_error_issue_21_item_12(data: st.DataObject) -> None:
    """Replace values anywhere in saved hands (the set-up, the embedded book, the log) with
    any JSON: huge integers, booleans, floats, deep nesting. Restoring gives a hand or one
    :class:`SnapshotError` line; nothing else ever escapes."""
    document: object = data.draw(st.sampled_from(SAVED))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(value_paths(document)))
        document = replaced(document, path, data.draw(JSON))
    try:
        Hand.restore(document)  # type: ignore[arg-type]
    except SnapshotError as error:
        assert "\n" not in str(error)
