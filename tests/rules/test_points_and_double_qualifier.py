"""The football hand and the double qualifier (docs/rules.md V22, S9).

- Oakland Raiders (tests/data/stud-family/oakland-raiders.yaml, after generic_poker's
  oakland_raiders.json): each pot split three ways, high, eight-or-better low and the most
  football points (aces 1, deuces 2, threes 3, sixes 6, every other rank nothing).
- 7-Card Stud Double Qualifier (variants/seven-card-stud-hi-lo-double-qualifier.yaml, after
  generic_poker's 7_card_stud_double_qualifier.json): the high half needs nines and eights
  with a five or better (generic_poker's [8, 558]), the low half an eight-low, and a pot
  nobody qualifies for is split among every hand in it (no_qualifier_met: split_pot).

Every expected split below is worked from those rules by hand: a pot in equal shares, odd
chips to the high poker share first and then in the book's list order, a share nobody wins
to the first share somebody won, tied hands' odd chip to the highest card by suit.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from studspec import load_variant
from studspec.authoring.describe import describe
from studspec.authoring.document import to_markdown
from studspec.engine.cards import CARDS, Card, parse_cards
from studspec.engine.machine import compile_variant
from studspec.engine.rules import ODD_CHIP
from studspec.engine.settlement import NOBODY_QUALIFIED, award_pot
from studspec.engine.shares import Holding, PointsShare
from studspec.play.strength import describe_best, share_chances
from studspec.rulebook.loader import validate_file
from studspec.rulebook.model import Face

RAIDERS = str(ROOT / "tests" / "data" / "stud-family" / "oakland-raiders.yaml")
DOUBLE = "seven-card-stud-hi-lo-double-qualifier"
CHIP = ODD_CHIP["highest-card-by-suit"]
STUD_FACES = (Face.DOWN, Face.DOWN, Face.UP, Face.UP, Face.UP, Face.UP, Face.DOWN)


def awarded(book: str, amount: int, hands: dict[int, str]) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """How ``book`` pays a pot of ``amount`` among seats holding seven cards each, as dealt."""
    rules = compile_variant(load_variant(book)).rules
    holdings = {seat: Holding.known(list[Card | None](parse_cards(text)), STUD_FACES) for seat, text in hands.items()}
    awards = award_pot(0, amount, sorted(hands), rules.shares, holdings.__getitem__, CHIP, None, rules.nobody_qualifies)
    return [(award.share, award.amounts) for award in awards]


def test_oakland_raiders_splits_high_low_and_football_points() -> None:
    """p1: four sixes (high) and 6+6+6+6+3 = 27 points; p2: the wheel, 5-4-3-2-A low, 1+2+3 = 6
    points; p3: threes and deuces, 3+3+2+2+1 = 11 points, no low (A-2-3 and then a nine).
    100 in thirds: 33 each, the odd chip to the high share: high 34 and points 33 to p1, low
    33 to p2."""
    hands = {0: "6c6d6h6s3cKdQd", 1: "As2d3d4h5cKcJc", 2: "3s3d2h2cAhTc9c"}
    assert awarded(RAIDERS, 100, hands) == [
        ("high", ((0, 34),)),
        ("ace-to-five-low", ((1, 33),)),
        ("most-points", ((0, 33),)),
    ]


def test_oakland_raiders_tied_points_split_and_an_unwon_low_goes_to_high() -> None:
    """No eight-low (p1 holds 6-3 and picture cards; p2 6-4-3-8 and then a nine). p1's sixes
    with K-Q-J beat p2's sixes with T-9-8 for high. Both count 6+6+3 = 15 points: a tie.
    101 in thirds: 33 each and two odd chips, to high and then to the low (list order); the
    low's 34 goes to high, the first share won: p1 68. The points' 33 split 17 and 16, the
    odd chip to the highest card by suit among each hand's cards (p1's king)."""
    hands = {0: "6s6h3cKdQdJc9d", 1: "6d6c3sTh9s8h4h"}
    assert awarded(RAIDERS, 101, hands) == [
        ("high", ((0, 68),)),
        ("most-points", ((0, 17), (1, 16))),
    ]


def test_points_count_every_card_and_only_the_named_ranks() -> None:
    """docs/rules.md V22: all seven cards count, face up or down; a seven, eight or picture
    card is worth nothing. 6-6-6-6-3-3-3 is the best seven-card hand: 33 points."""
    rules = compile_variant(load_variant(RAIDERS)).rules
    football, _ = rules.shares[2]
    best = Holding.known(list[Card | None](parse_cards("6c6d6h6s3c3d3h")), STUD_FACES)
    nothing = Holding.known(list[Card | None](parse_cards("KcQdJhTs9c8d7h")), STUD_FACES)
    assert football.score(best) == 33
    assert football.score(nothing) == 0
    assert football.describe(33) == "33 points"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(CARDS[:52]), min_size=1, max_size=9, unique=True),
    st.dictionaries(st.sampled_from("23456789TJQKA"), st.integers(0, 100), min_size=1, max_size=13),
)
def test_a_points_total_is_the_sum_of_each_cards_rank_worth(cards: list[Card], points: dict[str, int]) -> None:
    """docs/rules.md V22, against a reference written from the card's text: each card counts
    what the book gives its rank (the first letter of ``Ts``), and a rank it does not name 0."""
    share = PointsShare("most-points").scoring(points)
    holding = Holding.known(list[Card | None](cards), (Face.UP,) * len(cards))
    assert share.score(holding) == sum(points.get(str(card)[0], 0) for card in cards)


def test_double_qualifier_nines_and_eights_with_a_five_qualify_for_high() -> None:
    """The least high is 9-9-8-8-5: p1 holds exactly it and takes the high half; p2's
    7-6-4-3-2 takes the low half (K-high, no high)."""
    hands = {0: "9s9h8d8c5s4c2d", 1: "7d6c4d3h2sKdQc"}
    assert awarded(DOUBLE, 100, hands) == [("high", ((0, 50),)), ("ace-to-five-low", ((1, 50),))]


def test_double_qualifier_a_lower_kicker_does_not_qualify_and_low_scoops() -> None:
    """9-9-8-8-4 is one kicker short of 9-9-8-8-5: no high qualifies, and the high half goes
    to the low (docs/rules.md S9: a share nobody wins goes to the first share won)."""
    hands = {0: "9s9h8d8c4s3c2d", 1: "7d6c4d3h2sKdQc"}
    assert awarded(DOUBLE, 100, hands) == [("ace-to-five-low", ((1, 100),))]


def test_double_qualifier_nobody_qualifies_so_every_hand_shares_the_pot() -> None:
    """p1 9-9-8-8-4 (short of the least high), p2 K-Q-J-9-7 and p3 A-K-Q-J-9 (no pair); nobody
    has five ranks eight or lower. No share is won: 100 among three, 33 each, the odd chip
    to the highest card by suit of the high hands (p3's ace of clubs)."""
    hands = {0: "9s9h8d8c4s3c2d", 1: "KdQcJh9c7s5d4h", 2: "AcKcQsJd9h7c6d"}
    assert awarded(DOUBLE, 100, hands) == [(NOBODY_QUALIFIED, ((0, 33), (1, 33), (2, 34)))]


def test_double_qualifier_two_pair_above_nines_and_eights_qualify_below_do_not() -> None:
    """Tens and deuces beat nines and eights (the higher pair first); nines and sevens with an
    ace do not reach nines and eights with a five (the lower pair before the kicker)."""
    rules = compile_variant(load_variant(DOUBLE)).rules
    high, least = rules.shares[0]
    assert least is not None

    def qualifies(text: str) -> bool:
        score = high.score(Holding.known(list[Card | None](parse_cards(text)), STUD_FACES))
        assert score is not None
        return high.qualifies(score, least)

    assert qualifies("TsTd2h2c3s4d6h")
    assert qualifies("9s9h8d8cAsKdQh")
    assert not qualifies("9s9h7d7cAsKdQh")


BOOK = "schema_version: 1\nextends: seven-card-stud\nname: shares\npots:\n"


@pytest.mark.parametrize(
    ("pots", "message"),
    [
        ("  shares:\n    - hand: high\n    - hand: most-points\n", "needs points: what each rank is worth"),
        ("  shares:\n    - hand: high\n      points: {A: 1}\n", "points says what each rank is worth"),
        (
            "  shares:\n    - hand: high\n    - hand: most-points\n      points: {A: 1}\n      qualifier: 8\n",
            "so qualifier does not apply to it",
        ),
        (
            "  shares:\n    - hand: high\n    - hand: most-points\n      points: {A: 1}\n      suit: hearts\n",
            "so suit does not apply to it",
        ),
        ("  shares:\n    - hand: high\n    - hand: most-points\n      points: {B: 1}\n", "points"),
        (
            "  shares:\n    - hand: high\n      at_least: {hand: pair, cards: 9s 9h 8d 8c 5s}\n",
            "either by its class",
        ),
        ("  shares:\n    - hand: high\n      at_least: {rank: J}\n", "either by its class"),
        ("  shares:\n    - hand: high\n      at_least: {cards: 9s 9s 8d 8c 5s}\n", "names 9s twice"),
        ("  shares:\n    - hand: high\n      at_least: {cards: 9s 9h 8d 8c}\n", "at_least.cards"),
        (
            "  shares:\n    - hand: high\n      at_least: {cards: 9s 9h 8d 8c 5s}\n",
            "when no hand qualifies nobody could win",
        ),
        ("  shares:\n    - hand: high\n  nobody_qualifies: split-evenly\n", "is always won"),
        ("  shares:\n    - hand: high\n      at_least: {cards: 9s9h8d8c5s}\n", "five cards separated by spaces"),
        (
            (
                "  shares:\n    - hand: high\n    - hand: most-points\n      points: {A: 1}\n"
                "    - hand: most-points\n      points: {A: 1}\n"
            ),
            "shares 2 and 3 both read",
        ),
        ("  shares:\n    - hand: high\n    - hand: most-points\n      points: {A: 0}\n", "every hand would total 0"),
        (
            "  shares:\n    - hand: ace-to-five-low\n      at_least: {cards: 9s 9h 8d 8c 5s}\n    - hand: high\n",
            "applies only to a high poker hand",
        ),
    ],
)
def test_validate_refuses_points_and_least_hands_that_cannot_be_played(pots: str, message: str, tmp_path: Path) -> None:
    """docs/rules.md V22 and S9: a most-points share names its points and nothing that picks
    poker cards; a least hand is a class or five different cards; a pot must always find a
    winner, through a share always won or nobody_qualifies, which needs a pot that can go unwon."""
    book = tmp_path / "shares.yaml"
    book.write_text(BOOK + pots, encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    assert any(message in error for error in errors), errors


def test_a_lone_qualified_high_share_plays_with_nobody_qualifies(tmp_path: Path) -> None:
    """Jacks or better to win, else the pot is split among every hand: valid, and a hand of
    it plays to the end with every chip paid out."""
    book = tmp_path / "jacks.yaml"
    book.write_text(
        BOOK + "  shares:\n    - hand: high\n      at_least: {hand: pair, rank: J}\n  nobody_qualifies: split-evenly\n",
        encoding="utf-8",
    )
    assert [str(error) for error in validate_file(book)] == []
    rules = compile_variant(load_variant(str(book))).rules
    tens = {0: "TsTd5c4h3s2dKh", 1: "9s9d5d4c3c2hQh"}  # no pair of jacks or better: split 50/50
    holdings = {seat: Holding.known(list[Card | None](parse_cards(t)), STUD_FACES) for seat, t in tens.items()}
    awards = award_pot(0, 100, [0, 1], rules.shares, holdings.__getitem__, CHIP, None, rules.nobody_qualifies)
    assert [(a.share, a.amounts) for a in awards] == [(NOBODY_QUALIFIED, ((0, 50), (1, 50)))]


def test_the_built_in_players_read_points_as_points() -> None:
    """docs/rules.md V22: the players' chance at the points share grows with the total, not with
    the poker hand: four kings and two queens count nothing, four sixes and three threes 33."""
    variant = load_variant(RAIDERS)
    kings = Holding.known(list[Card | None](parse_cards("KcKdKhKsQcQdJh")), STUD_FACES)
    sixes = Holding.known(list[Card | None](parse_cards("6c6d6h6s3c3d3h")), STUD_FACES)
    assert share_chances(variant, kings, 3)[2][1] < 0.2
    assert share_chances(variant, sixes, 3)[2][1] > 0.9
    assert describe_best(variant, sixes)[2] == "33 points"


def test_a_lone_qualified_share_says_its_least_hand(tmp_path: Path) -> None:
    """describe states a lone share's qualifier (jacks or better), as it does a split pot's,
    and what becomes of a pot nobody qualifies for (docs/rules.md S9)."""
    book = tmp_path / "jacks.yaml"
    book.write_text(
        BOOK + "  shares:\n    - hand: high\n      at_least: {hand: pair, rank: J}\n  nobody_qualifies: split-evenly\n",
        encoding="utf-8",
    )
    text = to_markdown(describe(load_variant(str(book))))
    assert "A high hand qualifies only with at least a pair of jacks" in text
    assert "split as evenly as possible among every hand still in it" in text
