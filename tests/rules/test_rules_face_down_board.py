"""Community cards dealt face down and turned later (issue 25: "a street may deal cards to the
board (one or several, face up or face down and turned later), shared by every hand";
``streets[].board_dealt_on``).

Sources: docs/rules.md V15; Cincinnati (blackjackworlds.com, after Hoyle: "an extra hand of
five cards in the center of the table, face down. The cards in the center are turned up one at
a time, with a betting interval following the turn of each card"). The books:
tests/conformance/community/books/cincinnati.yaml and oxford-stud-river-face-down.yaml, at the
scripted stakes (ante 1, bring-in 3, bets 10/20).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from scripted import deal, new_hand, play
from studspec.authoring.describe import describe
from studspec.authoring.document import Format, render
from studspec.engine.actions import parse_action
from studspec.engine.cards import parse_cards
from studspec.engine.events import CommunityCardDealtDown, CommunityCardTurned
from studspec.engine.hand import Hand
from studspec.errors import IllegalActionError, IllegalDealError
from studspec.history.phh import history_actions, parse_history, replay, write_history
from studspec.rulebook import load_variant
from studspec.rulebook.loader import validate_file

BOOKS = ROOT / "tests" / "conformance" / "community" / "books"
CINCINNATI = str(BOOKS / "cincinnati.yaml")
OXFORD_DOWN = str(BOOKS / "oxford-stud-river-face-down.yaml")
CENTER = ("Qc", "9h", "2d", "Kh", "5s")


def dealt(center: tuple[str, ...] = CENTER) -> Hand:
    """Cincinnati heads-up, the players' cards and the five center cards dealt face down."""
    hand = new_hand(CINCINNATI, stacks=[100, 100])
    deal(hand, p1="AsKs7d4c2h", p2="QhQd9c8c3s")
    for card in center:
        play(hand, f"d db {card}")
    return hand


def test_the_center_is_seen_by_nobody_until_its_street_turns_it() -> None:
    """V15: a face-down community card is nobody's: every view shows ``None`` in its place,
    no hand plays it (``hand.community`` holds the turned cards only); each street turns the
    next one, after the players' cards, with no line."""
    hand = new_hand(CINCINNATI, stacks=[100, 100])
    deal(hand, p1="AsKs7d4c2h", p2="QhQd9c8c3s")
    for card in CENTER[:4]:
        play(hand, f"d db {card}")
    for viewer in (None, 0, 1):
        assert hand.view(viewer).community == (None,) * 4
    play(hand, "d db 5s")
    assert hand.community == parse_cards("Qc")
    for viewer in (None, 0, 1):
        assert hand.view(viewer).community == (*parse_cards("Qc"), None, None, None, None)
    play(hand, "p1 cc\np2 cc")
    assert hand.community == parse_cards("Qc9h")


def test_each_face_down_card_is_a_line_of_its_own_and_its_turn_none() -> None:
    """The history deals each face-down card on a ``d db`` line of its own; the turns need no
    line (docs/conformance.md), and a replay makes the same hand."""
    hand = dealt()
    while not hand.is_complete:
        hand.act(parse_action("cc"))
    lines = history_actions(hand)
    assert lines[2:7] == [f"d db {card}" for card in CENTER]
    assert not any(line.startswith("d ") for line in lines[7:])
    replayed = replay(parse_history(write_history(hand, variant_ref=CINCINNATI)), load_variant(CINCINNATI))
    assert replayed.stacks == tuple(hand.stacks) and replayed.hand.community == hand.community
    assert [e.card for e in hand.events if isinstance(e, CommunityCardDealtDown)] == parse_cards("".join(CENTER))


def test_a_card_dealt_unseen_is_named_when_it_is_turned() -> None:
    """A spectator's history deals the center ``??``: the hand waits at each turn for the
    dealer to name the card (a ``d db`` line); ``??`` there, a card in play and a card in the
    center already are refused, leaving the hand as it was; the history written names each
    card at its turn and replays to the same stacks."""
    hand = dealt(("??",) * 5)
    pending = hand.pending_deal()
    assert pending is not None and pending.turn and pending.seat is None and pending.count == 1
    for line, why in (("d db ??", "name it"), ("d db As", "already in play"), ("p1 cc", "not p1's turn")):
        with pytest.raises(Exception, match=why):
            play(hand, line)
    assert hand.community == [] and hand.pending_deal() == pending
    play(hand, "d db Qc")
    assert hand.community == parse_cards("Qc") and hand.actor == 0
    play(hand, "p1 cc\np2 cc")
    with pytest.raises(IllegalDealError, match="already in play"):
        play(hand, "d db Qc")
    for card in CENTER[1:]:
        play(hand, f"d db {card}")
        play(hand, "p1 cc\np2 cc")
    # Qc 9h 2d Kh 5s: p2's queens full of nines beat p1's kings and deuces; the 2 antes.
    assert hand.is_complete and hand.stacks == [99, 101]
    lines = history_actions(hand)
    assert lines[2:7] == ["d db ??"] * 5 and lines.count("d db Qc") == 1
    named = [e for e in hand.events if isinstance(e, CommunityCardTurned)]
    assert [e.card for e in named] == parse_cards("".join(CENTER)) and all(e.named for e in named)
    replayed = replay(parse_history(write_history(hand, variant_ref=CINCINNATI)), load_variant(CINCINNATI))
    assert replayed.stacks == (99, 101)


def test_the_face_down_river_is_on_no_board_and_takes_no_burn() -> None:
    """V15 and O1: the river card dealt face down beside the flop is on nobody's board (the
    seats' own up cards open); the river street deals nothing from the stub, so a seeded
    hand burns before the flop and sixth street only."""
    hand = Hand(load_variant(OXFORD_DOWN), [1000] * 3, seed=11)
    while not hand.is_complete:
        hand.act(parse_action("cc" if hand.legal_actions()[0].kind.name != "BRING_IN" else "pb"))
    burns = [e for e in hand.events if type(e).__name__ == "CardBurned"]
    assert len(burns) == 2
    assert len(hand.community) == 3 and all(len(board) == 2 for board in hand.boards)


def test_a_full_cincinnati_table_never_runs_short() -> None:
    """Nine players, five cards each and five in the center: 50 cards, no burns (no street
    after the deal takes a card from the stub)."""
    for seed in range(3):
        hand = Hand(load_variant(CINCINNATI), [1000] * 9, seed=seed)
        while not hand.is_complete:
            hand.act(parse_action("cc"))
        assert len(hand.community) == 5 and hand.deck.size == 2


def test_a_snapshot_keeps_the_center_face_down() -> None:
    """A hand saved before the turns and restored goes on exactly as the original: the same
    unseen center in every view, the same cards turned later."""
    hand = Hand(load_variant(CINCINNATI), [1000] * 3, seed=5)
    restored = Hand.restore(hand.snapshot())
    assert restored.view(0) == hand.view(0) and hand.view(0).community[1:] == (None,) * 4
    for copy in (hand, restored):
        while not copy.is_complete:
            copy.act(parse_action("cc"))
    assert restored.community == hand.community and restored.stacks == hand.stacks


def test_describe_says_when_the_center_is_dealt_and_turned() -> None:
    """describe: the deal street says five community cards face down, seen by nobody; each
    later street says its card is turned up and plays from then on."""
    text = render(describe(load_variant(CINCINNATI)), Format.MARKDOWN)
    assert "Five community cards face down in the middle, seen by nobody" in text
    assert "community card dealt face down on deal street for this one is turned up" in text


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("board_dealt_on: deal\n    bet: small\n  - id: second", "board_dealt_on: fifth\n    bet: small\n  - id: second",
         "not a street before"),
        ("    board: [up]\n    board_dealt_on: deal\n    bet: small\n  - id: second",
         "    board_dealt_on: deal\n    bet: small\n  - id: second", "the street deals none"),
    ],
)  # fmt: skip
def test_validate_holds_face_down_community_cards_to_an_earlier_street(
    old: str, new: str, message: str, tmp_path: Path
) -> None:
    """board_dealt_on names an earlier street, and goes with the street's board: refused at
    the key otherwise, saying what is allowed."""
    text = Path(CINCINNATI).read_text(encoding="utf-8")
    assert old in text
    book = tmp_path / "cincinnati.yaml"
    book.write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    assert any(message in error and "board_dealt_on" in error for error in errors), errors


def test_a_player_may_not_name_the_unturned_river_as_its_own() -> None:
    """V15 and TDA 16: p1 is all-in on third street, so its hand may be tabled before the
    river card dealt face down beside the flop is turned; a show naming that card (2h) as one
    of p1's, added or in place of its own 2c, is refused and changes nothing; its own three
    cards are shown."""
    hand = new_hand(OXFORD_DOWN, stacks=[11, 100])
    deal(hand, p1="KcKd2c", p2="7h8h9s")
    play(hand, "p1 pb\np2 cbr 10\np1 cc\nd db 6hTh\nd db 2h")
    assert hand.stacks == [0, 89] and hand.view(1).community == (*parse_cards("6hTh"), None)
    before = list(hand.events)
    for line, why in (("p1 sm KcKd2c2h", "show all of them"), ("p1 sm KcKd2h", "not KcKd2h")):
        with pytest.raises(IllegalActionError, match=why):
            play(hand, line)
    assert hand.events == before
    play(hand, "p1 sm KcKd2c")
    assert hand.shown == [3, 0]
