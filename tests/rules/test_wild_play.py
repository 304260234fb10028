"""Wild cards at the table: which cards are wild as the hand is dealt, and what wins.

Follow the Queen (docs/rules.md section V, E36), deuces wild (five of a kind above a
straight flush, section 2 and edge case 37), and the natural reading of a wild door for the
bring-in ("the bring-in goes by natural cards", issue 9).
"""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT
from scripted import deal, new_hand, passive
from studspec import PendingDeal, TriggerFired, WildRanksChanged, parse_action
from studspec.engine.cards import Rank
from studspec.engine.wild_now import table_ranks
from studspec.rulebook.loader import validate_file
from studspec.rulebook.model import Face

FAMILY = ROOT / "tests" / "data" / "stud-family"


def refusals(tmp_path: Path, name: str, text: str) -> list[str]:
    """What ``validate`` says of the rule book ``name`` of this text, saved as ``name.yaml``
    (one file:line:col line each)."""
    book = tmp_path / f"{name}.yaml"
    book.write_text(text, encoding="utf-8")
    return [str(error) for error in validate_file(book)]


def test_follow_the_queen_follows_each_up_queen() -> None:
    """Edge case 36: Q♥ up then 7♣ up → sevens and queens wild; a later Q♠ then 5♥ → fives
    replace sevens; a queen as the last up card (sixth street) leaves queens alone wild.
    Down cards never count."""
    hand = new_hand("follow-the-queen")
    deal(hand, p1="2c3cQh", p2="4d5d7c", p3="8s9sKd")
    assert table_ranks(hand) == {Rank.QUEEN, Rank.SEVEN}
    passive(hand)
    deal(hand, p1="Qs", p2="5h", p3="Th")
    assert table_ranks(hand) == {Rank.QUEEN, Rank.FIVE}
    passive(hand)
    deal(hand, p1="6c", p2="Jd", p3="3d")
    passive(hand)
    deal(hand, p1="6h", p2="Ah", p3="Qd")  # the last up card of the deal is a queen
    assert table_ranks(hand) == {Rank.QUEEN}
    passive(hand)
    deal(hand, p1="Qc", p2="Kc", p3="9c")  # seventh street is down: no card follows
    assert table_ranks(hand) == {Rank.QUEEN}
    changes = [e.ranks for e in hand.events if isinstance(e, WildRanksChanged)]
    seven, five = (Rank.SEVEN, Rank.QUEEN), (Rank.FIVE, Rank.QUEEN)
    assert changes == [seven, (Rank.QUEEN,), five, (Rank.QUEEN,)]  # queens are wild from the start


def test_five_of_a_kind_beats_a_straight_flush_with_deuces_wild() -> None:
    """docs/rules.md section V (edge case 37's rule, deuces here): five of a kind ranks above a
    straight flush. p1: four nines and a deuce, five nines; p2: 8-7-6-5-4 of hearts. Every
    street checked: p1 takes the antes, the bring-in and its call: 1000 - 4 + 8."""
    hand = new_hand("seven-card-stud-deuces-wild", stacks=(1000, 1000))
    deal(hand, p1="9c9d9h", p2="5h6h7h")
    passive(hand)
    for p1, p2 in (("9s", "8h"), ("2c", "Kc"), ("4d", "Qs"), ("Jc", "4h")):
        deal(hand, p1=p1, p2=p2)
        passive(hand)
    assert hand.is_complete
    assert hand.stacks == [1004, 996]
    assert hand.result is not None
    assert [(a.amounts, a.hand) for a in hand.result.awards] == [(((0, 8),), "five of a kind, nines")]


def test_a_deuce_door_brings_in_as_a_deuce_when_the_board_reads_naturally() -> None:
    """Issue 9: the natural reading, the bring-in goes by natural cards: with deuces wild the
    2♣ door is still the lowest card and brings in (WSOP-L 215 on the natural cards)."""
    hand = new_hand("seven-card-stud-deuces-wild")
    deal(hand, p1="AsKd2c", p2="QdJd3c", p3="8s9s4h")
    assert hand.actor == 0 and [str(a) for a in hand.legal_actions()] == ["pb", "cbr 10"]


def test_baseball_an_up_four_earns_an_extra_card_and_five_wild_cards_are_five_aces() -> None:
    """docs/rules.md E37 (Baseball): a 4 dealt up earns an immediate extra card; with
    eight cards the best five play; five wild cards (threes and nines) make five aces, which
    beat p2's royal flush. Checked down; p1's up 3 on fifth street costs the pot (8): p1 takes
    the antes, the bring-in, the call and its own 8: 16."""
    hand = new_hand("baseball", stacks=(1000, 1000))
    deal(hand, p1="9d9h4c")
    assert hand.pending_deal() == PendingDeal(0, 1, (Face.DOWN,))  # p1's extra card, at once
    deal(hand, p1="3c")
    assert hand.pending_deal() == PendingDeal(1, 3, (Face.DOWN, Face.DOWN, Face.UP))
    deal(hand, p2="KsQsJs")
    passive(hand)
    deal(hand, p1="9s", p2="Ts")
    passive(hand)
    deal(hand, p1="3d")  # an up 3: match the pot (8) or fold, before p2's card
    assert [str(a) for a in hand.legal_actions()] == ["pay 8", "f"]
    hand.act(parse_action("pay"))
    deal(hand, p2="As")
    passive(hand)
    for p1, p2 in (("2c", "2d"), ("5c", "5d")):
        deal(hand, p1=p1, p2=p2)
        passive(hand)
    assert hand.is_complete and len(hand.cards[0]) == 8
    assert hand.stacks == [1004, 996]  # the pot of 16 holds p1's 8 for the 3d: 1000 - 12 + 16
    assert hand.result is not None
    assert [(a.amounts, a.hand) for a in hand.result.awards] == [(((0, 16),), "five of a kind, aces")]
    assert [e.effect for e in hand.events if isinstance(e, TriggerFired)] == ["extra-card", "pay-or-fold"]


def test_follow_the_king_follows_each_up_king() -> None:
    """Follow the King (generic_poker follow_the_king.json; docs/rules.md V5 with kings for
    queens): K♥ up then 7♣ up → kings and sevens wild; a later K♠ then 5♥ → fives replace
    sevens; an up queen changes nothing; a king as the last up card leaves kings alone wild."""
    hand = new_hand(str(FAMILY / "follow-the-king.yaml"))
    deal(hand, p1="2c3cKh", p2="4d5d7c", p3="8s9sQd")
    assert table_ranks(hand) == {Rank.KING, Rank.SEVEN}
    passive(hand)
    deal(hand, p1="Ks", p2="5h", p3="Th")
    assert table_ranks(hand) == {Rank.KING, Rank.FIVE}
    passive(hand)
    deal(hand, p1="6c", p2="Qh", p3="3d")  # a queen is no trigger here
    assert table_ranks(hand) == {Rank.KING, Rank.FIVE}
    passive(hand)
    deal(hand, p1="6h", p2="Ah", p3="Kd")  # the last up card of the deal is a king
    assert table_ranks(hand) == {Rank.KING}
    changes = [e.ranks for e in hand.events if isinstance(e, WildRanksChanged)]
    assert changes == [(Rank.SEVEN, Rank.KING), (Rank.KING,), (Rank.FIVE, Rank.KING), (Rank.KING,)]


def test_a_book_names_the_rank_to_follow_once(tmp_path: Path) -> None:
    """wild.follow (Follow the Queen) and wild.follows (any rank) are one rule: a book that
    extends Follow the Queen and sets follows: K without follow: none is refused, pointing at
    follows, with how to fix it."""
    errors = refusals(
        tmp_path, "both", "schema_version: 1\nextends: follow-the-queen\nname: both\nwild:\n  follows: K\n"
    )
    assert any(":5:12:" in error and "both name the rank to follow" in error for error in errors), errors


def test_a_single_wild_card_or_a_followed_rank_is_a_wild_card_for_the_flush_rule(tmp_path: Path) -> None:
    """wild.flush rules what a wild card is in a flush: one-eyed jacks (wild.cards) and
    Follow the King (wild.follows) make wild cards, so a book may set it with either (found
    by the wild conformance cases: both were refused as "no card is wild")."""
    for wild in ("  cards: [Js, Jh]\n", "  follows: K\n"):
        text = "schema_version: 1\nextends: seven-card-stud\nname: double-ace\nwild:\n" + wild + "  flush: any-rank\n"
        assert refusals(tmp_path, "double-ace", text) == []


def test_an_extra_card_dealt_face_up_shows_and_counts_on_the_board() -> None:
    """Baseball with the up 4's extra card face up (Gustafson's house; Wikipedia, "Baseball
    (poker)": the extra card "can be dealt face up rather than face down"): p1's up 4♥ earns
    the K♠ at once, face up. On fourth street p1 shows 4♥ K♠ 6♣ against p2's Q♥ 6♦: p1's king
    is the best board and acts first (face down, the K♠ would leave p2's queen the best)."""
    hand = new_hand(str(FAMILY / "baseball-gustafson.yaml"), stacks=(1000, 1000))
    deal(hand, p1="2c5d4h")
    assert hand.pending_deal() == PendingDeal(0, 1, (Face.UP,))
    deal(hand, p1="Ks")
    deal(hand, p2="7c8dQh")
    assert [str(card) for card in hand.boards[0]] == ["4h", "Ks"]
    passive(hand)
    deal(hand, p1="6c", p2="6d")
    assert hand.actor == 0


def test_extra_face_goes_only_with_a_rule_that_deals_an_extra_card(tmp_path: Path) -> None:
    """validate refuses extra_face on a rule that deals no card (pay or fold), at the key."""
    errors = refusals(
        tmp_path,
        "face",
        'schema_version: 1\nextends: baseball\nname: face\ntriggers:\n  - rank: "3"\n    effect: pay-or-fold\n'
        "    price: pot\n    extra_face: up\n",
    )
    assert any(":8:17:" in error and "deals no extra card, so it has no extra_face" in error for error in errors), (
        errors
    )


def test_a_joker_played_by_its_face_needs_a_deck_of_one_joker(tmp_path: Path) -> None:
    """wild.jokers: wild-down-bug-up reads a seat's joker by its face (Mexican Poker: wild
    down, the bug up); with two jokers one hand could hold one of each, so validate refuses
    the two-joker deck at the option and names the deck that works."""
    errors = refusals(
        tmp_path,
        "two",
        "schema_version: 1\nextends: seven-card-stud\nname: two\nplayers:\n  max: 7\ndeck:\n"
        "  cards: 52-plus-two-jokers\n  exhaustion: none\nwild:\n  jokers: wild-down-bug-up\n",
    )
    assert any(":10:11:" in error and "use 52-plus-joker" in error for error in errors), errors
