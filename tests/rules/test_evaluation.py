"""Tests for :mod:`studspec.engine.evaluation`: high, the three lowball rankings and the boards.

Expected results come from the rules of poker (and the WSOP Live Action rules, "WSOP-L",
where one applies), not from the code under test; the brute-force section checks the
table-driven values against a deliberately naive reference written here.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studspec.engine.cards import CARDS, Card, parse_cards
from studspec.engine.evaluation import (
    ACE_TO_FIVE_LOW,
    ACE_TO_SIX_BOARD,
    ACE_TO_SIX_LOW,
    DEUCE_TO_SEVEN_BOARD,
    DEUCE_TO_SEVEN_LOW,
    HIGH,
    HIGH_BOARD,
    HIGH_FLUSH_OVER_FULL_HOUSE,
    RANKINGS,
    Ranking,
)


def cards(text: str) -> list[Card]:
    """Cards from hand-history text; spaces allowed for readability."""
    parsed = parse_cards(text.replace(" ", ""))
    known = [card for card in parsed if card is not None]
    assert len(known) == len(parsed)
    return known


def high(text: str) -> int:
    return HIGH.value(cards(text))


def low(text: str) -> int:
    return ACE_TO_FIVE_LOW.value(cards(text))


def board(text: str) -> int:
    return HIGH_BOARD.value(cards(text))


def text_of(hand: Sequence[Card]) -> str:
    return "".join(str(card) for card in hand)


# -- the registry and the Ranking objects ----------------------------------------------------


def test_registry_names_the_rankings() -> None:
    assert RANKINGS == {
        "high": HIGH,
        "high-flush-over-full-house": HIGH_FLUSH_OVER_FULL_HOUSE,
        "ace-to-five-low": ACE_TO_FIVE_LOW,
        "high-board": HIGH_BOARD,
        "deuce-to-seven-low": DEUCE_TO_SEVEN_LOW,
        "ace-to-six-low": ACE_TO_SIX_LOW,
        "deuce-to-seven-board": DEUCE_TO_SEVEN_BOARD,
        "ace-to-six-board": ACE_TO_SIX_BOARD,
    }
    assert [r.ace_low for r in (HIGH, ACE_TO_FIVE_LOW, HIGH_BOARD)] == [False, True, False]
    assert [r.low for r in RANKINGS.values()] == [False, False, True, False, True, True, True, True]
    assert [r.ace_low for r in RANKINGS.values()] == [False, False, True, False, False, True, False, True]
    assert all(ranking.name == name for name, ranking in RANKINGS.items())


def test_rankings_are_immutable_and_pickle_to_the_same_object() -> None:
    with pytest.raises(AttributeError):
        HIGH.name = "low"
    for ranking in RANKINGS.values():
        assert pickle.loads(pickle.dumps(ranking)) is ranking


def test_a_low_that_counts_flushes_is_refused() -> None:
    with pytest.raises(ValueError):
        Ranking("ace-to-six", ace_low=True, straights=True, flushes=True)


def test_a_lowball_ranking_says_so_and_an_ace_low_high_is_refused() -> None:
    """An ace-low ranking alone is the ace-to-five low; lowball that counts straights and
    flushes against the hand is asked for with ``low=True``. No game plays high with the
    ace low only."""
    assert Ranking("a-6", ace_low=True, low=True).straights
    with pytest.raises(ValueError):
        Ranking("ace-low-high", ace_low=True, low=False, straights=False, flushes=False)


@pytest.mark.parametrize("ranking", list(RANKINGS.values()), ids=list(RANKINGS))
def test_an_empty_hand_has_no_value(ranking: Ranking) -> None:
    with pytest.raises(ValueError):
        ranking.value([])


# -- high: categories, kickers, straights ----------------------------------------------------

HIGH_CATEGORIES_WORST_FIRST = [
    ("high card", "Ah Kd 9c 7s 4h"),
    ("pair", "2c 2d 3h 4s 6c"),
    ("two pair", "3c 3d 2h 2s 4c"),
    ("three of a kind", "2c 2d 2h 3s 4c"),
    ("straight", "Ah 2d 3c 4s 5h"),  # the wheel, the lowest straight, still beats trips
    ("flush", "2h 3h 4h 5h 7h"),
    ("full house", "2c 2d 2h 3s 3c"),
    ("four of a kind", "2c 2d 2h 2s 3c"),
    ("straight flush", "Ah 2h 3h 4h 5h"),
]


def test_every_high_category_beats_the_one_below_it() -> None:
    """Each category's weakest hand beats the previous category's strongest hand."""
    strongest_of = {
        "high card": "Ah Kd Qc Js 9h",
        "pair": "Ah Ad Kc Qs Jh",
        "two pair": "Ah Ad Kc Ks Qh",
        "three of a kind": "Ah Ad Ac Ks Qh",
        "straight": "Ah Kd Qc Js Th",
        "flush": "Ah Kh Qh Jh 9h",
        "full house": "Ah Ad Ac Ks Kh",
        "four of a kind": "Ah Ad Ac As Kh",
    }
    pairs = pairwise(HIGH_CATEGORIES_WORST_FIRST)
    for (lower, _), (higher, weakest) in pairs:
        assert high(weakest) > high(strongest_of[lower]), (higher, lower)


def test_high_categories_are_in_order() -> None:
    values = [high(hand) for _, hand in HIGH_CATEGORIES_WORST_FIRST]
    assert values == sorted(values) and len(set(values)) == len(values)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ah Ad Kc 4s 2h", "Ac As Qd Jh Th"),  # pair of aces: king kicker beats queen
        ("Ah Ad Kc 4s 3h", "Ac As Kd 4h 2c"),  # down to the last kicker
        ("Kh Kd 7c 7s 3h", "Kc Ks 7d 7h 2c"),  # two pair: the fifth card decides
        ("Kh Kd 7c 7s 2h", "Kc Ks 6d 6h Ac"),  # the second pair before the kicker
        ("Ah Kd 9c 7s 3h", "Ac Kh 9d 7h 2c"),  # high card: fifth card
        ("Ah Ad Ac 3s 2h", "Kc Ks Kd Ah Qc"),  # trips by rank before kickers
        ("3h 3d 3c 2s 2h", "2c 2s 2d As Ah"),  # full house: the trips before the pair
        ("Kh Kd Kc Ks 3h", "Kh Kd Kc Ks 2h"),  # quads: the kicker
        ("Ah Jh 9h 7h 3h", "Ac Jc 9c 7c 2c"),  # flush: every card, top down
        ("6h 5d 4c 3s 2h", "Ah 2d 3c 4s 5h"),  # WSOP-L 239: in a straight, the ace is low or high
        ("Ah Kd Qc Js Th", "Kh Qd Jc Ts 9h"),  # broadway is the top straight
        ("2h 3h 4h 5h 6h", "Ah 2h 3h 4h 5h"),  # the steel wheel is the lowest straight flush
    ],
)
def test_high_tie_breaks(better: str, worse: str) -> None:
    assert high(better) > high(worse)


def test_high_ties_ignore_suits() -> None:
    assert high("Ah Kd Qc Js 9h") == high("As Kc Qd Jh 9c")
    assert high("9s 8h 7d 6c 5c") == high("9h 8s 7c 6d 5d")


def test_straights_do_not_wrap_around_the_ace() -> None:
    """Q-K-A-2-3 is no straight: ace high only."""
    assert high("Qh Kd Ac 2s 3h") < high("2c 2d 3h 4s 6c")


# -- high: best five of seven ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("seven", "five"),
    [
        ("4h 5d 6h 7h 8c 2h Kh", "Kh 7h 6h 4h 2h"),  # a flush over a straight
        ("5h 6h 7h 8h 9h Ah Kh", "9h 8h 7h 6h 5h"),  # a straight flush over an ace-high flush
        ("4c 5d 6h 7s 8c 9d 2h", "9d 8c 7s 6h 5d"),  # six in a row: the higher straight
        ("Ah Ad Ac As Kh Kd Kc", "Ah Ad Ac As Kh"),  # quads and trips: quads with the king
        ("Kh Kd 7c 7s 3h 3d Qc", "Kh Kd 7c 7s Qc"),  # three pairs: the best two, then the queen
        ("Kh Kd 7c 7s 3h 3d 2c", "Kh Kd 7c 7s 3h"),  # the third pair's card is the best kicker
        ("Kh Kd Kc 7s 7h 7d 2c", "Kh Kd Kc 7s 7h"),  # two trips: kings full of sevens
    ],
)
def test_best_five_of_seven(seven: str, five: str) -> None:
    assert high(seven) == high(five)


def test_the_wheel_beats_trips_in_seven_cards() -> None:
    assert high("Ac 2d 3h 4s 5c 5d 5h") == high("Ac 2d 3h 4s 5c")
    assert HIGH.describe(high("Ac 2d 3h 4s 5c 5d 5h")) == "straight, five high"


def test_two_trips_make_the_higher_full_house() -> None:
    assert high("Kh Kd Kc 7s 7h 7d 2c") > high("7s 7h 7d Kh Kd Qc 2c")
    assert HIGH.describe(high("Kh Kd Kc 7s 7h 7d 2c")) == "full house, kings full of sevens"


def test_a_six_card_flush_keeps_its_best_five() -> None:
    assert high("Ah Kh 9h 7h 4h 2h Qd") == high("Ah Kh 9h 7h 4h")


# -- high: describe ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        ("Ah Kd 9c 7s 4h", "ace high"),
        ("9h 9d Kc 7s 4h", "pair of nines"),
        ("Kh Kd 7c 7s 4h", "two pair, kings and sevens"),
        ("6h 6d 6c 7s 4h", "three of a kind, sixes"),
        ("Ah 2d 3c 4s 5h", "straight, five high"),
        ("Ah Jh 9h 7h 3h", "flush, ace high"),
        ("Kh Kd Kc 7s 7h", "full house, kings full of sevens"),
        ("2h 2d 2c 2s 7h", "four of a kind, twos"),
        ("9h 8h 7h 6h 5h", "straight flush, nine high"),
        ("Ah Kh Qh Jh Th", "royal flush"),
    ],
)
def test_high_describe(hand: str, words: str) -> None:
    assert HIGH.describe(high(hand)) == words


# -- ace-to-five low (razz, and the low half of eight-or-better) -----------------------------


def test_the_wheel_is_the_best_low_and_a_straight_for_high() -> None:
    """WSOP-L 239: an ace is both the highest and the lowest card; A-2-3-4-5 plays both ways."""
    wheel = cards("Ah 2d 3c 4s 5h")
    assert ACE_TO_FIVE_LOW.value(wheel) == max(
        ACE_TO_FIVE_LOW.value(list(five)) for five in combinations(CARDS[:20] + CARDS[48:], 5)
    )
    assert HIGH.describe(HIGH.value(wheel)) == "straight, five high"
    assert ACE_TO_FIVE_LOW.describe(ACE_TO_FIVE_LOW.value(wheel)) == "5-4-3-2-A"


def test_razz_ignores_straights_and_flushes() -> None:
    """Razz (WSOP-L 233-235): straights and flushes do not count against a low."""
    assert low("5h 4h 3h 2h Ah") == low("5c 4d 3h 2s Ac")
    assert low("6h 5h 4h 3h 2h") > low("7c 4d 3h 2s Ac")


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("8s 6d 5h 4c 3s", "8c 7d 3h 2s Ac"),  # eight-or-better: the highest card first, then next
        ("7s 6d 5h 4c 2s", "8c 4d 3h 2s Ac"),  # a seven beats any eight
        ("Ks Qd Jh Tc 9s", "Ac Ad 2h 3s 4c"),  # any no-pair hand beats any pair
        ("Ac Ad 2h 3s 4c", "2c 2d Ah 3s 4c"),  # the ace is the lowest pair
        ("Kc Kd Qh Js Tc", "2c 2d 3h 3s 4c"),  # one pair beats two pair
        ("2c 2d 3h 3s 4c", "Ac Ad Ah 2s 3c"),  # two pair beats trips
        ("Ac Ad Ah 2s 3c", "Ac Ad Ah 2s 2c"),  # trips beat a full house
        ("Kc Kd Kh 2s 2c", "Ac Ad Ah As 2c"),  # a full house beats quads
        ("9c 5d 4h 3s 2c", "Tc 4d 3h 2s Ac"),  # nine-low beats ten-low
    ],
)
def test_low_ordering(better: str, worse: str) -> None:
    assert low(better) > low(worse)


def test_razz_best_low_of_seven() -> None:
    """A, 2, 2, 3, 4, 8, K: the low is A-2-3-4-8 (the second deuce and the king play no part)."""
    seven = cards("Ac 2d 2h 3s 4c 8d Kh")
    assert ACE_TO_FIVE_LOW.value(seven) == low("8d 4c 3s 2d Ac")
    assert ACE_TO_FIVE_LOW.describe(ACE_TO_FIVE_LOW.value(seven)) == "8-4-3-2-A"


def test_razz_seven_cards_with_only_four_ranks_make_the_smallest_pair() -> None:
    """Four ranks in seven cards force a pair; the best low pairs its lowest card."""
    assert low("Ac Ad 2h 2s 3c 3d 4h") == low("Ac Ad 2h 3c 4h")
    assert ACE_TO_FIVE_LOW.describe(low("Ac Ad 2h 2s 3c 3d 4h")) == "pair of aces"


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ks Qd Jh Tc", "Ac Ad 2h 3s"),  # an unpaired board beats any paired board
        ("Ac 2d", "3h 2s"),  # A-2 beats 3-2
        ("Qd", "Kc"),  # one up card: the lower card
        ("Ac", "2d"),  # the ace is the lowest card (WSOP-L 239)
        ("7c 5d 2h", "7d 6h Ac"),  # the second card decides
        ("Kc Kd 2h", "Ac Ad Ah"),  # a pair beats trips
    ],
)
def test_low_boards_rank_partial_hands(better: str, worse: str) -> None:
    """Razz: the lowest board acts first (WSOP-L 235); boards of one to four cards."""
    assert low(better) > low(worse)


def test_low_describe() -> None:
    assert ACE_TO_FIVE_LOW.describe(low("8s 6d 4h 3c Ad")) == "8-6-4-3-A"
    assert ACE_TO_FIVE_LOW.describe(low("9s 9d 4h 3c Ad")) == "pair of nines"
    assert ACE_TO_FIVE_LOW.describe(low("Kc Tc")) == "K-T"


# -- eight or better --------------------------------------------------------------------------


def test_eight_or_better_qualifies_a_low_of_five_ranks_eight_or_under() -> None:
    """Stud eight-or-better (WSOP-L 237-241): five different ranks, 8 or lower, ace is 1."""
    seven = cards("Ac 2d 2h 3s 4c 8d Kh")
    value = ACE_TO_FIVE_LOW.value(seven)
    assert ACE_TO_FIVE_LOW.qualifies(value, 8)
    assert ACE_TO_FIVE_LOW.qualifies(seven, 8)  # cards work too


@pytest.mark.parametrize(
    "hand",
    [
        "9c 6d 4h 3s 2c Kh Kd",  # the best low is 9-6-4-3-2: a nine is too high
        "8c 8d 4h 3s 2c Kh Kd",  # only four ranks of eight or less
        "Ac 2d 3h 4s",  # a short hand is never a qualifying low
    ],
)
def test_eight_or_better_refuses(hand: str) -> None:
    assert not ACE_TO_FIVE_LOW.qualifies(low(hand), 8)


def test_qualifier_edges() -> None:
    assert ACE_TO_FIVE_LOW.qualifies(low("8c 7d 6h 5s 4c"), 8)
    assert not ACE_TO_FIVE_LOW.qualifies(low("8c 7d 6h 5s 4c"), 7)
    assert ACE_TO_FIVE_LOW.qualifies(low("5c 4d 3h 2s Ac"), 5)
    with pytest.raises(ValueError):
        HIGH.qualifies(high("5c 4d 3h 2s Ac"), 8)
    with pytest.raises(TypeError):
        ACE_TO_FIVE_LOW.qualifies(CARDS[0], 8)


# -- the board that acts first in seven-card stud ---------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2c 2d 9s 3h", "5h 6h 7h 8h"),  # edge case 16: the pair beats four to a straight flush
        ("3s 3h 3d Ac", "Kc Kd 4s 4h"),  # edge case 17: trips beat two pair
        ("Kc Kd 4s 4h", "Ac Ad Ks Qh"),  # two pair beat one pair
        ("9c 9d As", "9h 9s Kd"),  # a pair's kicker
        ("As", "Kd"),  # one card: ace high
        ("Ac 7d", "Kc Qd"),  # high cards from the top
        ("2c 2d 2h 2s", "Ac Ad Ah Ks"),  # quads beat trips
    ],
)
def test_high_board(better: str, worse: str) -> None:
    """Seven-card stud: the best board acts first; straights and flushes do not count."""
    assert board(better) > board(worse)


def test_high_board_ignores_five_card_straights_and_flushes() -> None:
    assert board("5h 6h 7h 8h 9h") < board("2c 2d 3s 4h 5d")
    assert HIGH_BOARD.describe(board("5h 6h 7h 8h 9h")) == "nine high"
    assert HIGH_BOARD.describe(board("2c 2d 9s 3h")) == "pair of twos"


# -- deuce-to-seven low (2-7 razz, Kansas City lowball) --------------------------------------


def deuce(text: str) -> int:
    return DEUCE_TO_SEVEN_LOW.value(cards(text))


def ace_six(text: str) -> int:
    return ACE_TO_SIX_LOW.value(cards(text))


@pytest.mark.parametrize(
    ("better", "worse", "rule"),
    [
        ("7h 5d 4c 3s 2h", "8h 5d 4c 3s 2h", "the highest card first: a seven beats an eight"),
        ("7h 5d 4c 3s 2h", "7d 6c 4h 3s 2c", "then the next card: 7-5 beats 7-6"),
        ("Kh Qd Jc Ts 8h", "Ah 2d 3c 4s 5h", "the ace is high only: A-5-4-3-2 is ace high, no straight"),
        ("9h 8d 7c 6s 4h", "7h 5h 4h 3h 2h", "a flush counts against the hand: 9-8-7-6-4 beats a suited 7-5-4-3-2"),
        ("Ah Kd Qc Js 9h", "6h 5d 4c 3s 2h", "a straight counts against the hand: ace high beats 6-5-4-3-2"),
        ("2h 2d 3c 4s 5h", "Ah Kd Qc Js Th", "T-J-Q-K-A is a straight, worse than any pair"),
        ("Kh Qd Jc Ts 8h", "2h 2d 3c 4s 5h", "any no-pair hand beats a pair"),
        ("2h 2d Ac Ks Qh", "Ah Ad 2c 3s 4h", "the aces are the worst pair"),
        ("Ah Kh Qh Jh 9h", "2c 3c 4c 5c 6c", "a flush beats a straight flush (both count against the hand)"),
        ("Kh Kd Kc 3s 3h", "2c 2d 2h 2s 3c", "a full house beats four of a kind"),
    ],
)
def test_deuce_to_seven_ordering(better: str, worse: str, rule: str) -> None:
    assert deuce(better) > deuce(worse), rule


def test_deuce_to_seven_best_hand_and_words() -> None:
    """7-5-4-3-2 of mixed suits is the best 2-7 hand (no five of deuces to sevens, or with an
    ace, beats it); the wheel, pokerkit issue 44's bug, is an ace-high hand here."""
    every_low_five = combinations([c for c in CARDS if c >> 2 <= 5 or c >> 2 == 12], 5)
    assert deuce("7h 5d 4c 3s 2h") == max(DEUCE_TO_SEVEN_LOW.value(five) for five in every_low_five)
    assert DEUCE_TO_SEVEN_LOW.describe(deuce("7h 5d 4c 3s 2h")) == "7-5-4-3-2"
    assert DEUCE_TO_SEVEN_LOW.describe(deuce("Ah 2d 3c 4s 5h")) == "A-5-4-3-2"
    assert DEUCE_TO_SEVEN_LOW.describe(deuce("6h 5d 4c 3s 2h")) == "straight, six high"
    assert DEUCE_TO_SEVEN_LOW.describe(deuce("7h 5h 4h 3h 2h")) == "flush, seven high"
    assert DEUCE_TO_SEVEN_LOW.describe(deuce("9h 9d 4c 3s 2h")) == "pair of nines"


def test_deuce_to_seven_best_five_of_seven_avoids_the_flush() -> None:
    """Seven cards, five hearts: the lowest five ranks (T-9-6-5-3) are all hearts, so they
    make a flush; the best low plays an ace instead: A-9-6-5-3, ace high (of the two aces,
    best_five names the higher suit)."""
    seven = cards("Ac Ad 5h 6h 9h 3h Th")
    assert DEUCE_TO_SEVEN_LOW.value(seven) == deuce("Ac 9h 6h 5h 3h")
    assert DEUCE_TO_SEVEN_LOW.best_five(seven) == tuple(cards("Ad 9h 6h 5h 3h"))
    # A second three of another suit breaks the flush: T-9-6-5-3 plays.
    assert DEUCE_TO_SEVEN_LOW.value(cards("Ac 3d 5h 6h 9h 3h Th")) == deuce("Th 9h 6h 5h 3d")


def test_deuce_to_seven_board_ace_is_the_worst_door() -> None:
    """docs/rules.md E3: 2-7 razz doors A♣ and K♠: the ace is the worst (highest)
    card, so A♣ brings in (highest-ace-high); the lowest board acts first, with no straights
    or flushes on a board (WSOP-L 215)."""
    doors = [cards("Ac")[0], cards("Ks")[0]]
    assert min(doors, key=lambda door: DEUCE_TO_SEVEN_BOARD.value([door])) == cards("Ac")[0]
    assert DEUCE_TO_SEVEN_BOARD.value(cards("Ks")) > DEUCE_TO_SEVEN_BOARD.value(cards("Ac"))
    assert DEUCE_TO_SEVEN_BOARD.value(cards("7c 5d")) > DEUCE_TO_SEVEN_BOARD.value(cards("7d 6c"))
    assert DEUCE_TO_SEVEN_BOARD.value(cards("Kc Qd")) > DEUCE_TO_SEVEN_BOARD.value(cards("2c 2d"))
    assert DEUCE_TO_SEVEN_BOARD.value(cards("6h 5h 4h 3h")) > DEUCE_TO_SEVEN_BOARD.value(cards("7c 5d 4h 3s"))
    assert DEUCE_TO_SEVEN_BOARD.describe(DEUCE_TO_SEVEN_BOARD.value(cards("6h 5h 4h 3h 2h"))) == "6-5-4-3-2"
    assert DEUCE_TO_SEVEN_BOARD.card_order(cards("As")[0]) == (12, 3)


# -- ace-to-six low (London lowball) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse", "rule"),
    [
        ("6h 4d 3c 2s Ah", "Ah 2d 3c 4s 5h", "A-2-3-4-5 is a straight, which counts against the hand"),
        ("6h 4d 3c 2s Ah", "6d 5c 3h 2s Ac", "then card by card: 6-4 beats 6-5"),
        ("Kh Qd Jc Ts Ah", "2h 2d 3c 4s 5h", "the ace is low only: T-J-Q-K-A is king high, no straight"),
        ("9h 8d 7c 6s 4h", "7h 4h 3h 2h Ah", "a flush counts against the hand"),
        ("Ah Ad 2c 3s 4h", "2h 2d Ac 3s 4h", "aces are the lowest pair"),
        ("Kh Qd Jc Ts 8h", "Ah Ad 2c 3s 4h", "any no-pair hand beats a pair"),
    ],
)
def test_ace_to_six_ordering(better: str, worse: str, rule: str) -> None:
    assert ace_six(better) > ace_six(worse), rule


def test_ace_to_six_best_hand_and_words() -> None:
    every_low_five = combinations([c for c in CARDS if c >> 2 <= 4 or c >> 2 == 12], 5)
    assert ace_six("6h 4d 3c 2s Ah") == max(ACE_TO_SIX_LOW.value(five) for five in every_low_five)
    assert ACE_TO_SIX_LOW.describe(ace_six("6h 4d 3c 2s Ah")) == "6-4-3-2-A"
    assert ACE_TO_SIX_LOW.describe(ace_six("Ah 2d 3c 4s 5h")) == "straight, five high"
    assert ACE_TO_SIX_LOW.describe(ace_six("Kh Qd Jc Ts Ah")) == "K-Q-J-T-A"
    assert ACE_TO_SIX_LOW.best_five(cards("Ah 2d 3c 4s 5h 6d Kc")) == tuple(cards("6d 4s 3c 2d Ah"))
    assert ACE_TO_SIX_LOW.card_order(cards("As")[0]) == (0, 3)


def test_ace_to_six_board_is_the_ace_to_five_low() -> None:
    """On a board straights and flushes do not count, so the ace-to-six board ranks as
    razz's does: the ace is the best door."""
    rng = random.Random(36)
    for _ in range(500):
        board = rng.sample(CARDS, rng.randint(1, 4))
        assert ACE_TO_SIX_BOARD.value(board) == ACE_TO_FIVE_LOW.value(board)
    assert ACE_TO_SIX_BOARD.value(cards("Ac")) > ACE_TO_SIX_BOARD.value(cards("2d"))


def test_lowball_qualifiers() -> None:
    """A lowball low qualifies with five different ranks at most the qualifier and no
    straight or flush; in 2-7 an ace never qualifies (it is high)."""
    assert DEUCE_TO_SEVEN_LOW.qualifies(deuce("8h 6d 4c 3s 2h"), 8)
    assert not DEUCE_TO_SEVEN_LOW.qualifies(deuce("Ah 5d 4c 3s 2h"), 8)
    assert not DEUCE_TO_SEVEN_LOW.qualifies(deuce("6h 5d 4c 3s 2h"), 8)  # a straight
    assert ACE_TO_SIX_LOW.qualifies(ace_six("8h 6d 4c 3s Ah"), 8)
    assert not ACE_TO_SIX_LOW.qualifies(ace_six("5h 4d 3c 2s Ah"), 8)  # a straight
    assert not ACE_TO_SIX_LOW.qualifies(ace_six("8h 6h 4h 3h Ah"), 8)  # a flush


# -- best five and the odd chip ---------------------------------------------------------------


def test_identical_straights_odd_chip_to_highest_card_by_suit() -> None:
    """WSOP-L 149: identical straights; the odd chip goes to the highest card by suit."""
    spade_nine = cards("9s 8h 7d 6c 5c")
    heart_nine = cards("9h 8s 7c 6d 5d")
    assert HIGH.value(spade_nine) == HIGH.value(heart_nine)
    assert HIGH.odd_chip_key(spade_nine) > HIGH.odd_chip_key(heart_nine)
    assert HIGH.odd_chip_key(spade_nine) == (7, 3)


def test_odd_chip_reads_only_the_five_cards_that_make_the_hand() -> None:
    """WSOP-L 149: an ace of spades that does not play does not win the odd chip."""
    with_idle_ace = cards("9h 8s 7c 6d 5d As 2c")
    assert HIGH.best_five(with_idle_ace) == tuple(cards("9h 8s 7c 6d 5d"))
    assert HIGH.odd_chip_key(with_idle_ace) == (7, 2)


def test_best_five_prefers_the_higher_suit_among_equal_choices() -> None:
    """Two nines can complete the straight: the nine of spades is the card that plays."""
    seven = cards("9h 9s 8c 7c 6d 5d 2c")
    assert HIGH.best_five(seven) == tuple(cards("9s 8c 7c 6d 5d"))


def test_low_odd_chip_key_uses_the_low_five() -> None:
    """The low share's odd chip is read from the five low cards, not from the kings."""
    hand = cards("8s 6d 4h 3c Ad Ks Kh")
    assert ACE_TO_FIVE_LOW.best_five(hand) == tuple(cards("8s 6d 4h 3c Ad"))
    assert ACE_TO_FIVE_LOW.odd_chip_key(hand) == (7, 3)  # the eight (ace 0 ... eight 7), spades


def test_low_best_five_puts_the_ace_last() -> None:
    """WSOP-L 239: in ace-to-five low the ace is the lowest card."""
    best = ACE_TO_FIVE_LOW.best_five(cards("Ac 2d 3h 4s 5c Kd Qh"))
    assert best == tuple(cards("5c 4s 3h 2d Ac"))
    assert ACE_TO_FIVE_LOW.card_order(cards("As")[0]) == (0, 3)
    assert HIGH.card_order(cards("As")[0]) == (12, 3)


def test_best_five_of_a_short_hand_is_the_hand() -> None:
    assert set(HIGH_BOARD.best_five(cards("Kc Kd 4s"))) == set(cards("Kc Kd 4s"))


def test_best_five_rejects_a_repeated_card() -> None:
    with pytest.raises(ValueError):
        HIGH.best_five(cards("As As Kd Qh Jc"))


# -- brute force against a naive reference ----------------------------------------------------


def naive_high(hand: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Category and tie-break of at most five cards, written out the slow obvious way."""
    ranks = sorted((card >> 2 for card in hand), reverse=True)
    by_count = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in by_count] + [0]
    tie = tuple(rank for rank, _ in by_count)
    flush = len(hand) == 5 and len({card & 3 for card in hand}) == 1
    straight: int | None = None
    if len(hand) == 5 and len(set(ranks)) == 5:
        if ranks[0] - ranks[4] == 4:
            straight = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight = 3
    if straight is not None and flush:
        return 8, (straight,)
    if shape[0] == 4:
        return 7, tie
    if shape[0] == 3 and shape[1] == 2:
        return 6, tie
    if flush:
        return 5, tuple(ranks)
    if straight is not None:
        return 4, (straight,)
    if shape[0] == 3:
        return 3, tie
    if shape[0] == 2 and shape[1] == 2:
        return 2, tie
    if shape[0] == 2:
        return 1, tie
    return 0, tuple(ranks)


def naive_board(hand: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """High without straights or flushes: rank groups only."""
    ranks = [card >> 2 for card in hand]
    by_count = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in by_count)
    category = {4: 6, 3: 4 if shape[1:2] == (2,) else 3, 2: 2 if shape[1:2] == (2,) else 1, 1: 0}
    return category[shape[0]], tuple(rank for rank, _ in by_count)


def naive_low_badness(hand: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """How bad a low of at most five cards is (smaller is better): ace counts 1."""
    ranks = [1 if card >> 2 == 12 else (card >> 2) + 2 for card in hand]
    by_count = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in by_count)
    badness = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (3, 2): 4, (4,): 5}
    category = badness[shape[:2]] if shape[:2] in badness else badness[shape[:1]]
    return category, tuple(rank for rank, _ in by_count)


NaiveKey = tuple[int, tuple[int, ...]]


def best_of(
    hand: Sequence[int],
    rank: Callable[[Sequence[int]], NaiveKey],
    pick: Callable[[Iterable[NaiveKey]], NaiveKey] = max,
) -> NaiveKey:
    """The best five-card (or whole, if shorter) hand by a naive ranking function."""
    return pick(rank(combo) for combo in combinations(hand, min(5, len(hand))))


def assert_same_order(values: Sequence[int], reference: Sequence[NaiveKey], hands: Sequence[Sequence[Card]]) -> None:
    """Values order the hands exactly as the reference does (every pair, not just neighbours).

    Sorting the distinct (reference, value) pairs by reference must give strictly rising
    values, one per reference class: equal hands get equal values, better hands larger ones.
    """
    first_hand: dict[tuple[NaiveKey, int], Sequence[Card]] = {}
    for ref, value, hand in zip(reference, values, hands):
        first_hand.setdefault((ref, value), hand)
    pairs = sorted(first_hand, key=lambda pair: pair[0])
    for (ref_a, value_a), (ref_b, value_b) in pairwise(pairs):
        expected = "==" if ref_a == ref_b else "<"
        ok = value_a == value_b if ref_a == ref_b else value_a < value_b
        assert ok, (
            f"{text_of(first_hand[ref_a, value_a])} ({value_a}) should be {expected} "
            f"{text_of(first_hand[ref_b, value_b])} ({value_b})"
        )


def random_hands(seed: int, count: int, sizes: Sequence[int]) -> list[tuple[Card, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(CARDS, rng.choice(sizes))) for _ in range(count)]


def test_high_agrees_with_brute_force() -> None:
    hands = random_hands(149, 3000, (5, 6, 7))
    # Skew towards the rarer categories too: hands from two suits, or from few ranks.
    rng = random.Random(239)
    hands += [tuple(rng.sample([c for c in CARDS if c & 3 >= 2], 7)) for _ in range(500)]
    hands += [tuple(rng.sample(CARDS[:24], 7)) for _ in range(500)]
    reference = [best_of(hand, naive_high) for hand in hands]
    assert_same_order([HIGH.value(hand) for hand in hands], reference, hands)
    assert {category for category, _ in reference} == set(range(9))  # every category was tried


def test_low_agrees_with_brute_force() -> None:
    hands = random_hands(235, 3000, (5, 6, 7))
    rng = random.Random(241)
    hands += [tuple(rng.sample(CARDS[:24], 7)) for _ in range(500)]  # few ranks: pairs forced
    # A smaller badness is a better low, so a larger value: order by the negated badness.
    reference = [negated(best_of(hand, naive_low_badness, min)) for hand in hands]
    assert_same_order([ACE_TO_FIVE_LOW.value(hand) for hand in hands], reference, hands)


def negated(badness: tuple[int, tuple[int, ...]]) -> tuple[int, tuple[int, ...]]:
    """Turn a low's badness into a key where larger is better."""
    return -badness[0], tuple(-rank for rank in badness[1])


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_boards_agree_with_brute_force(size: int) -> None:
    """Boards of one to four up cards, high (who acts first) and low (razz)."""
    hands = random_hands(215 + size, 1500, (size,))
    assert_same_order([HIGH_BOARD.value(h) for h in hands], [naive_board(h) for h in hands], hands)
    low_reference = [negated(naive_low_badness(h)) for h in hands]
    assert_same_order([ACE_TO_FIVE_LOW.value(h) for h in hands], low_reference, hands)


def test_high_board_agrees_with_brute_force_on_seven_cards() -> None:
    hands = random_hands(220, 2000, (5, 6, 7))
    reference = [best_of(hand, naive_board) for hand in hands]
    assert_same_order([HIGH_BOARD.value(hand) for hand in hands], reference, hands)


def naive_lowball_badness(hand: Sequence[int], ace_low: bool, counts_straights_and_flushes: bool = True) -> NaiveKey:
    """How bad a lowball hand of at most five cards is (smaller is better), spelled out:
    the ace at one end only (low in ace-to-six, high in deuce-to-seven), and straights and
    flushes counting against the hand like the high categories they are."""
    ranks = sorted(((card >> 2) + 1) % 13 if ace_low else card >> 2 for card in hand)[::-1]
    by_count = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in by_count] + [0]
    tie = tuple(rank for rank, _ in by_count)
    five = counts_straights_and_flushes and len(hand) == 5 and len(set(ranks)) == 5
    flush = five and len({card & 3 for card in hand}) == 1
    straight = five and ranks[0] - ranks[4] == 4
    if straight and flush:
        return 8, tie
    if shape[0] == 4 or shape[:2] == [3, 2]:
        return (7 if shape[0] == 4 else 6), tie
    if flush or straight:
        return (5 if flush else 4), tie
    return {3: 3, 2: 2 if shape[1] == 2 else 1, 1: 0}[shape[0]], tie


def lowball_hands(seed: int) -> list[tuple[Card, ...]]:
    """Random hands of five to twelve cards, many of them crowded into few suits and low
    ranks, so the rare case of a best low that only a flush could hold comes up often."""
    hands = random_hands(seed, 1200, (5, 6, 7, 7, 8, 9, 10, 12))
    rng = random.Random(seed + 1)
    hearts_and_a_few = [c for c in CARDS if c & 3 == 2 or c >> 2 in (0, 4, 8, 12)]
    hands += [tuple(rng.sample(hearts_and_a_few, rng.choice((6, 7, 8)))) for _ in range(1000)]
    hands += [tuple(rng.sample([c for c in CARDS if c >> 2 <= 6 or c >> 2 == 12], 7)) for _ in range(500)]
    low_hearts = [c for c in CARDS if c & 3 == 2 and (c >> 2 <= 7 or c >> 2 == 12)]
    high_others = [c for c in CARDS if c & 3 != 2 and 8 <= c >> 2 <= 11]
    hands += [tuple(rng.sample(low_hearts, 5) + rng.sample(high_others, 2)) for _ in range(300)]
    return hands


def lowball_reference(hands: Sequence[Sequence[Card]], ace_low: bool, counts: bool = True) -> list[NaiveKey]:
    """The naive key (larger is better) of each hand's best lowball five."""

    def badness(five: Sequence[int]) -> NaiveKey:
        return naive_lowball_badness(five, ace_low, counts)

    return [negated(best_of(hand, badness, min)) for hand in hands]


@pytest.mark.parametrize(
    ("ranking", "ace_low"),
    [(DEUCE_TO_SEVEN_LOW, False), (ACE_TO_SIX_LOW, True)],
    ids=["deuce-to-seven", "ace-to-six"],
)
def test_lowball_agrees_with_brute_force(ranking: Ranking, ace_low: bool) -> None:
    hands = lowball_hands(44 if ace_low else 27)
    reference = lowball_reference(hands, ace_low)
    assert_same_order([ranking.value(hand) for hand in hands], reference, hands)
    categories = {category for category, _ in reference}
    assert categories >= {0, -1, -2, -3} and categories & {-4, -5}  # a straight or a flush at best, too


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 7])
def test_lowball_boards_agree_with_brute_force(size: int) -> None:
    """Boards of one to four up cards (and whole hands, for completeness): the lowest board
    acts first under 2-7 and A-6, straights and flushes not counting (WSOP-L 215)."""
    hands = random_hands(2700 + size, 800, (size,))
    for ranking, ace_low in ((DEUCE_TO_SEVEN_BOARD, False), (ACE_TO_SIX_BOARD, True)):
        assert_same_order([ranking.value(hand) for hand in hands], lowball_reference(hands, ace_low, False), hands)
    for ranking, ace_low in ((DEUCE_TO_SEVEN_LOW, False), (ACE_TO_SIX_LOW, True)):
        assert_same_order([ranking.value(hand) for hand in hands], lowball_reference(hands, ace_low), hands)


# -- properties ------------------------------------------------------------------------------

hands_of = st.lists(st.sampled_from(CARDS), min_size=1, max_size=7, unique=True)


@settings(max_examples=300, deadline=None)
@given(hands_of, st.randoms(use_true_random=False))
def test_card_order_does_not_matter(hand: list[Card], rng: random.Random) -> None:
    shuffled = hand[:]
    rng.shuffle(shuffled)
    for ranking in RANKINGS.values():
        assert ranking.value(hand) == ranking.value(shuffled) == ranking.value(tuple(shuffled))


@settings(max_examples=200, deadline=None)
@given(hands_of)
def test_best_five_makes_the_value(hand: list[Card]) -> None:
    for ranking in RANKINGS.values():
        five = ranking.best_five(hand)
        assert len(five) == min(5, len(hand)) and set(five) <= set(hand)
        assert ranking.value(five) == ranking.value(hand)
        # The odd chip reads the top card of the five as played (in a wheel the five,
        # see test_odd_chip_in_tied_wheels_goes_by_the_five).
        assert ranking.odd_chip_key(hand)[1] == five[0] & 3
        assert ranking.odd_chip_key(hand) == ranking.odd_chip_key(five)
        assert isinstance(ranking.describe(ranking.value(hand)), str)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=6, max_size=8, unique=True))
def test_another_card_never_hurts_a_five_card_hand(hand: list[Card]) -> None:
    """More cards to choose from: the best five can only get better (high and low alike)."""
    for ranking in RANKINGS.values():
        assert ranking.value(hand) >= ranking.value(hand[:-1])


def test_more_than_seven_cards() -> None:
    """Nothing in the tables stops at seven: ten cards with two flushes take the better one."""
    ten = cards("2h 4h 6h 8h Th 3s 5s 7s 9s Js")
    assert HIGH.value(ten) == high("3s 5s 7s 9s Js")
    assert HIGH.value(CARDS) == high("Ah Kh Qh Jh Th") == high("As Ks Qs Js Ts")
    assert ACE_TO_FIVE_LOW.value(CARDS) == low("5c 4d 3h 2s Ac")


def test_odd_chip_in_tied_wheels_goes_by_the_five() -> None:
    """WSOP-L 149: the highest card by suit among the five cards that make the hand. In
    A-2-3-4-5 the ace plays as a one, so the five is the highest card: 5s beats 5d even
    though the other hand holds the ace of spades."""
    spade_five = cards("Ac2c3d4h5sKdKh")
    spade_ace = cards("As2d3h4c5dQcJh")
    assert HIGH.value(spade_five) == HIGH.value(spade_ace)
    assert HIGH.odd_chip_key(spade_five) > HIGH.odd_chip_key(spade_ace)
    assert HIGH.best_five(spade_five)[0] == cards("5s")[0]


def multisets_of_ranks(most: int) -> int:
    """How many rank multisets of 1 to ``most`` cards one deck allows (13 ranks, at most four
    of each): the coefficients of (1 + x + x^2 + x^3 + x^4)^13, counted independently of the
    tables."""
    coefficients = [1]
    for _ in range(13):
        grown = [0] * (len(coefficients) + 4)
        for degree, ways in enumerate(coefficients):
            for extra in range(5):
                grown[degree + extra] += ways
        coefficients = grown
    return sum(coefficients[1 : most + 1])


@pytest.mark.parametrize("name", ["high", "ace-to-five-low", "deuce-to-seven-low"])
def test_filling_a_ranking_up_front_gives_the_values_it_computes_on_demand(name: str) -> None:
    """Ranking.fill (a long run pays the table once) changes no value: a filled ranking and a
    fresh one that fills as asked agree on every hand, flushes included."""
    template = RANKINGS[name]
    filled, lazy = (
        Ranking(
            name, ace_low=template.ace_low, straights=template.straights, flushes=template.flushes, low=template.low
        )
        for _ in range(2)
    )
    assert filled.fill(6) == multisets_of_ranks(6)
    rng = random.Random(607)
    hands = random_hands(601, 3000, (1, 2, 3, 4, 5, 6))
    hands += [tuple(rng.sample([c for c in CARDS if c & 3 == 1], 6)) for _ in range(300)]  # flushes
    assert [filled.value(hand) for hand in hands] == [lazy.value(hand) for hand in hands]
