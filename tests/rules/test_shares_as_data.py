"""Pot shares as data: two lows, three shares, a qualified high share (docs/rules.md S9, V4).

Every pot is split into equal shares, each won by the best hand (or card) it reads; a share
nobody wins goes to the first share in the book's list somebody won; a pot's odd chips go to
the high poker shares first, then in the list's order (WSOP-L 244 for high over low). The
books: variants/razzdeucey.yaml (generic_poker's razzdeucey.json: ace-to-five and
deuce-to-seven halves), variants/high-low-chicago.yaml (high, eight-or-better low, the high
spade in the hole), tests/data/shares/jacks-or-better-hi-lo.yaml (the high half needs a pair
of jacks or better).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from studspec import load_variant
from studspec.engine.cards import Card, Rank, parse_cards
from studspec.engine.machine import compile_variant
from studspec.engine.rules import ODD_CHIP
from studspec.engine.settlement import award_pot
from studspec.engine.shares import Holding
from studspec.engine.wild_ranking import WildSpec
from studspec.rulebook.loader import validate_file
from studspec.rulebook.model import Face

JACKS = str(ROOT / "tests" / "data" / "shares" / "jacks-or-better-hi-lo.yaml")
CHIP = ODD_CHIP["highest-card-by-suit"]
STUD_FACES = (Face.DOWN, Face.DOWN, Face.UP, Face.UP, Face.UP, Face.UP, Face.DOWN)


def held(text: str, wild: WildSpec | None = None) -> Holding:
    """Seven cards as stud deals them: two down, four up, one down."""
    cards: list[Card | None] = list(parse_cards(text))
    return Holding.known(cards, STUD_FACES, wild=wild)


def awarded(
    book: str, amount: int, hands: dict[int, str], wild: WildSpec | None = None
) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    shares = compile_variant(load_variant(book)).rules.shares
    holdings = {seat: held(text, wild) for seat, text in hands.items()}
    awards = award_pot(0, amount, sorted(hands), shares, holdings.__getitem__, CHIP)
    return [(award.share, award.amounts) for award in awards]


def test_razzdeucey_splits_between_the_two_lows() -> None:
    """A-2-3-4-5 is the best ace-to-five low, but in deuce-to-seven the ace is high and the
    wheel no straight: p1's best 2-7 low is Q-5-4-3-2, beaten by p2's 7-5-4-3-2 (the best
    2-7 hand; its suits make no flush). Each takes a half; the odd chip of 101 goes to the
    first share listed, ace-to-five (no high share is there to take it)."""
    hands = {0: "As2d3c4h5sKcQh", 1: "7d5c4d3h2s9cKd"}
    assert awarded("razzdeucey", 101, hands) == [
        ("ace-to-five-low", ((0, 51),)),
        ("deuce-to-seven-low", ((1, 50),)),
    ]


def test_high_low_chicago_splits_three_ways_with_the_odd_chips_to_high_first() -> None:
    """p1: three sixes and the K of spades in the hole; p2: 8-4-3-2-A, its only spade (8s)
    face up; p3: a pair of nines and the deuce of spades in the hole. High to p1, the low to
    p2, the highest hole spade (the king) to p1. 101 in thirds: 33 each and two odd chips,
    the first to the high share, the second to the next in the list, the low."""
    hands = {0: "Ks7c6d6h6s2c3h", 1: "Ac2d3c4h8sQcJd", 2: "2s9d9cTh5hKd4c"}
    assert awarded("high-low-chicago", 101, hands) == [
        ("high", ((0, 34),)),
        ("ace-to-five-low", ((1, 34),)),
        ("high-spade-in-the-hole", ((0, 33),)),
    ]


def test_high_low_chicago_a_third_nobody_wins_goes_to_the_high_hand() -> None:
    """No low of eight or better (p1: K-7-6-3-2 at best; p3: T-9-5-4-2) and p3's deuce of
    spades the only hole spade. 101 in thirds is high 34, low 34 (the two odd chips), spade
    33; the low's third goes to the first share somebody won, the high hand (p1's three
    sixes): p1 68, p3 33 for the spade."""
    hands = {0: "Kc7c6d6h6s2c3h", 2: "2s9d9cTh5hKd4c"}
    assert awarded("high-low-chicago", 101, hands) == [
        ("high", ((0, 68),)),
        ("high-spade-in-the-hole", ((2, 33),)),
    ]


def test_a_high_half_nobody_qualifies_for_goes_to_the_low() -> None:
    """Jacks or better: p1's pair of tens does not qualify, nor does p2's no-pair 7-5-4-3-2
    (no straight, no flush): no high hand qualifies, and the low (p2's) takes the whole pot."""
    hands = {0: "TsTdKc9h8c3s2h", 1: "7d5c4d3h2sQcKd"}
    assert awarded(JACKS, 100, hands) == [("ace-to-five-low", ((1, 100),))]


def test_the_least_qualifying_hand_itself_qualifies() -> None:
    """J-J-4-3-2 is the weakest pair of jacks, and it qualifies; the low goes to p2."""
    hands = {0: "JsJdKc9hQc8s7h", 1: "7d5c4d3h2sQdKd"}
    assert awarded(JACKS, 100, hands) == [("high", ((0, 50),)), ("ace-to-five-low", ((1, 50),))]
    lowest = {0: "JsJd4c3h2dKsQh", 1: "7d5c4d3s2sQdKd"}  # p1 K-Q-J-J-4 anyway: its best five
    assert awarded(JACKS, 100, lowest)[0] == ("high", ((0, 50),))


NATURAL = str(ROOT / "tests" / "data" / "shares" / "deuces-wild-natural-split.yaml")


def test_the_natural_share_reads_a_wild_deuce_as_a_deuce() -> None:
    """Deuces wild, split with the best natural hand: p1's deuce makes three kings, the best
    hand with wild cards; played as a deuce it leaves a pair of kings, below p2's natural
    aces. Half each; the odd chip of 101 to the first share listed (both are high)."""
    hands = {0: "2cKdKh7s8d9c4h", 1: "AsAd5c6hTcJd3s"}
    assert awarded(NATURAL, 101, hands, WildSpec(frozenset({Rank.TWO}))) == [
        ("high", ((0, 51),)),
        ("high (natural)", ((1, 50),)),
    ]


def test_identical_hands_split_evenly_when_a_share_goes_unwon() -> None:
    """WSOP-L 149: identical hands split the pot as evenly as possible. Two players with the
    same ranks (K-9-7-5-4 high, 7-5-4-3-2 low) and no spade at all: the spade's third goes
    to the high hand, and the 8 chips split 4 and 4, not share by share with both odd chips
    to one player (found by review)."""
    hands = {0: "7c5d4h3c2dKh9d", 1: "7d5c4c3d2hKd9c"}
    result = awarded("high-low-chicago", 8, hands)
    totals = {0: 0, 1: 0}
    for _, amounts in result:
        for seat, chips in amounts:
            totals[seat] += chips
    assert totals == {0: 4, 1: 4}, result


def test_an_ace_high_flush_qualifies_for_at_least_an_ace_high_flush() -> None:
    """S9: the weakest ace-high flush is A-6-4-3-2 (A-5-4-3-2 suited is the wheel's straight
    flush), so every ace-high flush qualifies (found by review: only straight flushes did)."""
    from studspec.engine.qualifiers import least_cards

    assert least_cards("flush", 12) == list(parse_cards("Ac2c3c4c6c"))


ACTION_RAZZ = str(ROOT / "tests" / "data" / "stud-family" / "action-razz.yaml")


def test_action_razz_a_hand_holding_a_face_card_beats_any_without() -> None:
    """BARGE rulebook, Action Razz: the nut razz hand A-2-3-4-5-6-7 is a 'butt' five and loses
    to K-K-K-K-Q-Q-Q, a 'face' hand (queens full of kings): any hand holding a J, Q or K
    beats any hand holding none."""
    hands = {0: "Ah2h3s4c5d6s7c", 1: "KhKdKsKcQdQsQc"}
    assert awarded(ACTION_RAZZ, 100, hands) == [("ace-to-five-low", ((1, 100),))]


def test_action_razz_among_face_hands_the_best_low_wins_the_face_card_need_not_play() -> None:
    """BARGE: the face card need not play in the low. p1 (a jack, and 7-5-4-3-2 below it)
    beats p2 (a king, 8-6-4-3-2): both hold a face card, so the lows decide; p3, no face
    card and the wheel, loses to both."""
    hands = {0: "Jc7d5h4s3c2dKh", 1: "Kc8d6h4d3s2hQs", 2: "Ad2c3d4h5c9s8h"}
    assert awarded(ACTION_RAZZ, 99, hands) == [("ace-to-five-low", ((0, 99),))]


def test_action_razz_with_no_face_card_anywhere_the_best_low_wins() -> None:
    """BARGE: with no face card at the showdown the best low wins, as in razz."""
    hands = {0: "Ad2c3d4h5c9s8h", 1: "7c6d5h4s2dTc9c"}
    assert awarded(ACTION_RAZZ, 100, hands) == [("ace-to-five-low", ((0, 100),))]


SEVENS = str(ROOT / "tests" / "data" / "shares" / "sevens-beat-everything.yaml")


def test_a_house_top_hand_beats_every_other_hand() -> None:
    """Issue 26's house rule, "a pair of sevens beats everything" (top_hand: rank 7, count 2):
    p2's pair of sevens beats p1's straight flush; between two top hands the better poker
    hand wins (p3's three sevens over p2's pair), and a lone seven is no top hand."""
    hands = {0: "9h8h7h6h5hKcQd", 1: "7s7d2c3h9dJsKh"}
    assert awarded(SEVENS, 100, hands) == [("high", ((1, 100),))]
    three = {1: "7s7d2c3h9dJsKh", 2: "7c7hTcTdAs4s5d"}
    assert awarded(SEVENS, 100, three) == [("high", ((2, 100),))]
    lone = {0: "7hAsAdKcKd2c3s", 1: "QsQdQc4h5h6d9c"}
    assert awarded(SEVENS, 100, lone) == [("high", ((1, 100),))]


HEARTS = str(ROOT / "tests" / "data" / "shares" / "high-heart-in-the-hand.yaml")


def test_a_card_share_of_another_suit_and_any_face() -> None:
    """The highest heart a player holds, up or down (suit: hearts, card_face: any): p1's ace
    of hearts face up beats p2's king of hearts in the hole, which High Chicago's hole-only
    rule would have counted alone; the high half to p2's three sixes."""
    hands = {0: "2c3dAh7s8d9c4s", 1: "Kh5c6d6h6sQc2d"}
    assert awarded(HEARTS, 100, hands) == [("high", ((1, 50),)), ("high-heart-in-the-hand", ((0, 50),))]


@pytest.mark.parametrize(
    ("book", "message"),
    [
        ("extends: seven-card-stud\n", "no card is wild in this book"),
        ("extends: seven-card-stud\ndeck:\n  cards: 52-plus-joker\n", "joker is nothing but wild"),
    ],
)
def test_validate_refuses_a_natural_share_with_nothing_wild_or_a_joker(book: str, message: str, tmp_path: Path) -> None:
    """A natural share needs cards that are wild but are cards: a wild rank, not a joker."""
    path = tmp_path / "natural.yaml"
    path.write_text(
        f"schema_version: 1\n{book}name: natural\npots:\n  shares:\n    - hand: high\n"
        "    - hand: high\n      natural: true\n",
        encoding="utf-8",
    )
    errors = [str(error) for error in validate_file(path)]
    assert any(message in error for error in errors), errors


@pytest.mark.parametrize(
    ("shares", "message"),
    [
        ("    - hand: high\n    - hand: high\n", "shares 1 and 2 both read the high hand of the same cards"),
        (
            "    - hand: high\n      at_least: {hand: pair, rank: J}\n    - hand: ace-to-five-low\n      qualifier: 8\n",
            "every share may go unwon",
        ),
        ("    - hand: ace-to-five-low\n      at_least: {hand: pair}\n", "applies only to a high poker hand"),
        ("    - hand: high\n    - hand: ace-to-five-high\n      at_least: {hand: pair}\n", "only to a high poker hand"),
        ("    - hand: high\n      at_least: {hand: flush, rank: '6'}\n", "its deciding rank is at least 7"),
        ("    - hand: high\n      qualifier: 8\n", "a high share takes at_least"),
        ("    - hand: high\n      suit: hearts\n", "suit says which card wins a card share"),
        ("    - hand: high\n    - hand: high-spade-in-the-hole\n      class_ranks: [J]\n", "reads one card"),
        ("    - hand: high\n      class_ranks: [J]\n      top_hand: {rank: '7'}\n", "not both"),
        (
            (
                "    - hand: high\n    - hand: ace-to-five-low\n    - hand: deuce-to-seven-low\n"
                "    - hand: high-spade-in-the-hole\n"
            ),
            "at most 3",
        ),
    ],
)
def test_validate_refuses_shares_that_cannot_be_played(shares: str, message: str, tmp_path: Path) -> None:
    """Shares must read differently; one must always be won; at_least on a high share with a
    rank its class can have; a qualifier on a low; at most three shares."""
    book = tmp_path / "shares.yaml"
    book.write_text(
        f"schema_version: 1\nextends: seven-card-stud\nname: shares\npots:\n  shares:\n{shares}", encoding="utf-8"
    )
    errors = [str(error) for error in validate_file(book)]
    assert any(message in error for error in errors), errors


def test_declare_needs_two_shares_or_three(tmp_path: Path) -> None:
    """Players declare for one share, several or all (docs/rules.md V7, issue 26): a one-share
    book has nothing to declare between, and validate says what is needed."""
    book = tmp_path / "declare.yaml"
    book.write_text(
        "schema_version: 1\nextends: razz\nname: declare\nshowdown:\n  declare: simultaneous\n",
        encoding="utf-8",
    )
    errors = [str(error) for error in validate_file(book)]
    assert any("needs two or three pots.shares to declare between" in error for error in errors), errors
    assert all("declare" in error for error in errors), errors


def test_two_lows_may_be_declared_by_number(tmp_path: Path) -> None:
    """Any two shares may be declared for (V7): RazzDeucey's two lows, ace-to-five and
    deuce-to-seven, are declared dcl 1, dcl 2 or dcl all (no high hand for the words)."""
    book = tmp_path / "declare.yaml"
    book.write_text(
        "schema_version: 1\nextends: razzdeucey\nname: declare\nphh_codes: []\nshowdown:\n  declare: simultaneous\n",
        encoding="utf-8",
    )
    assert validate_file(book) == []


QUEEN = str(ROOT / "tests" / "data" / "shares" / "queen-of-spades-in-the-hole.yaml")


def test_a_named_card_share_goes_to_whoever_holds_that_card_in_the_hole() -> None:
    """docs/rules.md S9, card_rank: only the queen of spades counts. p1 holds it face down
    (its first card) and a pair of fives; p2 holds the ace of spades in the hole and a pair of
    kings, the best high hand. High to p2, the queen's half to p1 (the odd chip to high)."""
    hands = {0: "Qs4d5c5h8c9dTh", 1: "AsKd2cKh7d3c6s"}
    assert awarded(QUEEN, 101, hands) == [
        ("high", ((1, 51),)),
        ("queen-of-spades-in-the-hole", ((0, 50),)),
    ]


def test_a_named_card_dealt_face_up_claims_nothing_and_high_scoops() -> None:
    """The queen of spades dealt face up (p1's third card) is not in the hole, and p2's ace of
    spades in the hole is not the named card: nobody wins that half, and high (p2's kings)
    takes the whole pot."""
    hands = {0: "4d5cQs5h8c9dTh", 1: "AsKd2cKh7d3c6s"}
    assert awarded(QUEEN, 101, hands) == [("high", ((1, 101),))]


def test_card_rank_belongs_to_a_card_share(tmp_path: Path) -> None:
    """card_rank names the card of a card share; a poker hand has no one card to name."""
    book = tmp_path / "named.yaml"
    book.write_text(
        "schema_version: 1\nextends: seven-card-stud\nname: named\npots:\n  shares:\n    - hand: high\n"
        "      card_rank: Q\n",
        encoding="utf-8",
    )
    errors = [str(error) for error in validate_file(book)]
    assert any("card_rank says which card wins a card share" in error for error in errors), errors


@pytest.mark.parametrize(
    ("book", "message"),
    [
        (
            (
                "extends: high-chicago\nname: named\npots:\n  shares:\n    - hand: high\n"
                "    - hand: high-spade-in-the-hole\n      card_rank: Q\n    - hand: low-spade-in-the-hole\n"
                "      card_rank: Q\n"
            ),
            "shares 2 and 3 both read",
        ),
        (
            (
                "extends: high-chicago\nname: named\nplayers:\n  max: 6\ndeck:\n  removed_ranks: [Q]\npots:\n"
                "  shares:\n    - hand: high\n    - hand: high-spade-in-the-hole\n      card_rank: Q\n"
            ),
            "card_rank names the rank 'Q', which deck.removed_ranks takes out of the deck",
        ),
    ],
)
def test_validate_refuses_a_named_card_read_twice_or_not_in_the_deck(book: str, message: str, tmp_path: Path) -> None:
    """A named card is one card whichever way a share orders its suit, so two shares naming it
    would always go to the same player; and a named card the stripped deck lacks is never
    dealt (docs/rules.md S9, D5)."""
    path = tmp_path / "named.yaml"
    path.write_text("schema_version: 1\n" + book, encoding="utf-8")
    errors = [str(error) for error in validate_file(path)]
    assert any(message in error for error in errors), errors


def test_validate_refuses_own_cards_the_discards_leave_too_few_of(tmp_path: Path) -> None:
    """docs/rules.md V15: a share of exactly two own cards and three community cards cannot
    be made by a seat that discards two of its three cards; every pot would go unwon (the
    settlement fell over on such a book before this check)."""
    hold_em = ROOT / "tests" / "data" / "stud-family" / "stud-hold-em.yaml"
    streets = (
        "streets:\n  - id: first\n    deal: [down, down, up]\n    bet: small\n    decisions:\n"
        "      - decide: discard\n        count: 2\n"
        "  - id: flop\n    deal: []\n    board: [up, up, up]\n    bet: small\n"
        "  - id: turn\n    deal: []\n    board: [up]\n    bet: big\n"
        "  - id: river\n    deal: []\n    board: [up]\n    bet: big\n"
    )
    book = tmp_path / "discarded.yaml"
    book.write_text(f"schema_version: 1\nextends: {hold_em}\nname: discarded\n{streets}", encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    assert any("after its discards a seat may hold only 1" in error for error in errors), errors
