"""The issue 26 rankings: badugi (docs/rules.md V18), ace-to-five high (V19) and soko (V20).

Each ranking is checked on the examples of its rule pages, reasoned by hand, and against the
brute force of tools/ranking_brute_force.py on a sample of random hands (the tool itself runs
100,000 hands of each size); the sample must also catch a wrong ranking. Validate refuses the
three rankings with wild cards or a stripped deck, at the node to fix.
"""

from __future__ import annotations

import pickle
from itertools import pairwise
from pathlib import Path

import pytest

from studspec.engine.ace_to_five_high import ACE_TO_FIVE_HIGH
from studspec.engine.badugi import BADUGI, BADUGI_ACE_HIGH
from studspec.engine.cards import Card, parse_card
from studspec.engine.evaluation import ACE_TO_FIVE_LOW, HIGH, HIGH_BOARD, Ranking
from studspec.engine.soko import SOKO
from studspec.rulebook.loader import validate_file
from tools.ranking_brute_force import FOOTBALL, REFERENCES, PointsValue, disagreements, random_hands


def cards(text: str) -> list[Card]:
    return [parse_card(word) for word in text.split()]


def ordered(ranking: Ranking, *hands: str) -> bool:
    """Whether the hands are given best first, each strictly better than the next."""
    values = [ranking.value(cards(hand)) for hand in hands]
    return all(a > b for a, b in pairwise(values))


# --- badugi (V18: Wikipedia and pagat.com, "Badugi") -----------------------------------------


def test_badugi_more_cards_beat_fewer_then_the_lowest_highest_card() -> None:
    """A four-card badugi beats any three-card one; among equal sizes the lower highest card
    wins, then the next; aces are low, so 4-3-2-A of four suits is the best hand."""
    assert ordered(BADUGI, "4c 3d 2h As", "Kc Qd Jh Ts", "3c 2d Ah As", "2c Ad 2h Ah")
    assert ordered(BADUGI, "7c 4d 2h As", "7c 5d 2h As", "8c 3d 2h As")
    assert BADUGI.value(cards("4c 3d 2h As")) == BADUGI.value(cards("4s 3h 2d Ac"))  # suits do not rank


def test_badugi_reads_the_best_four_of_seven() -> None:
    """The As clashes with the 2s (a suit) and the Ah with the As (a rank): from seven cards the
    best badugi is 6c-5d-3h-As, not one with the deuce."""
    value = BADUGI.value(cards("As 2s 3h 4h 5d 6c 7c"))
    assert BADUGI.describe(value) == "four-card badugi, 6-5-3-A"
    assert [str(c) for c in BADUGI.best_five(cards("As 2s 3h 4h 5d 6c 7c"))] == ["6c", "5d", "3h", "As"]
    assert BADUGI.describe(BADUGI.value(cards("As Ah 2d 3c 4c"))) == "three-card badugi, 3-2-A"


def test_badugi_qualifier_is_a_four_card_badugi_no_higher() -> None:
    """A qualifier asks for a four-card badugi whose highest card is at most it (13: any
    four-card badugi, generic_poker's Mississippi Studugi)."""
    assert BADUGI.qualifies(cards("8c 5d 2h As"), 8)
    assert not BADUGI.qualifies(cards("9c 5d 2h As"), 8)
    assert BADUGI.qualifies(cards("Kc Qd Jh Ts"), 13)
    assert not BADUGI.qualifies(cards("3c 2d Ah As"), 13)


def test_badugi_with_the_ace_high() -> None:
    """generic_poker's badugi_ah (RazzBadeucey): the ace is the highest rank, so 5-4-3-2 is the
    best badugi and 4-3-2-A (ace high) is below K-Q-J-T; an ace never qualifies."""
    assert ordered(BADUGI_ACE_HIGH, "5c 4d 3h 2s", "6c 4d 3h 2s", "Kc Qd Jh Ts", "4c 3d 2h As", "3c 2d Ah As")
    assert BADUGI_ACE_HIGH.describe(BADUGI_ACE_HIGH.value(cards("4c 3d 2h As"))) == "four-card badugi, A-4-3-2"
    assert not BADUGI_ACE_HIGH.qualifies(cards("4c 3d 2h As"), 13)
    assert BADUGI_ACE_HIGH.qualifies(cards("Kc Qd Jh Ts"), 13)


def test_badugi_odd_chip_reads_the_highest_card_by_suit() -> None:
    """WSOP-L 149 read for a badugi: the highest card of the badugi, by suit; where the same
    ranks go round other suits, the choice with the highest card by suit: 7-4-2 plays the 7s
    or the 7h, and reads the 7s; beside the As the seven must be the 7h."""
    assert BADUGI.odd_chip_key(cards("7s 7h 4d 2c")) == BADUGI.card_order(parse_card("7s"))
    assert BADUGI.odd_chip_key(cards("7s 7h 4d 2c As")) == BADUGI.card_order(parse_card("7h"))


# --- ace-to-five high (V19: generic_poker's a5_low_high, Razz High) -------------------------


def test_ace_to_five_high_no_pair_beats_a_pair_and_high_cards_win() -> None:
    """K-Q-J-T-9 is the best hand; any hand without a pair beats a pair of kings; a pair beats
    two pair; 6-4-3-2-A (and the wheel's 5-4-3-2-A) are the worst unpaired hands."""
    assert ordered(
        ACE_TO_FIVE_HIGH,
        "Ks Qh Jd Tc 9c",
        "Ks Qh Jd Tc 8c",
        "7s 5h 4d 3c 2c",
        "6s 4h 3d 2c Ah",
        "5s 4h 3d 2c Ah",
        "Ks Kh Qd Jc Tc",
        "As Ah Kd Qc Jc",
        "Ks Kh Qd Qc Jc",
        "Ks Kh Kd Qc Jc",
    )


def test_ace_to_five_high_words() -> None:
    assert ACE_TO_FIVE_HIGH.describe(ACE_TO_FIVE_HIGH.value(cards("Ks Qh Jd Tc 9c As 2d"))) == "K-Q-J-T-9"
    assert ACE_TO_FIVE_HIGH.describe(ACE_TO_FIVE_HIGH.value(cards("Ks Kh Kd Qc Qh Jd 9s"))) == "pair of kings"


# --- soko (V20: denexa.com, sokopoker.com, reviewed-online-poker.com) -----------------------


def test_soko_four_flush_over_four_straight_over_a_pair() -> None:
    """Two pair beats a four-flush, which beats a four-straight, which beats a pair of aces;
    a four-straight with the ace low is four high."""
    assert ordered(SOKO, "3s 3h 2d 2c 9c", "Ks 8s 6s 4s 8h", "Qs Jh Td 9c 2h", "As 2h 3d 4c 9c", "As Ah Kd 9c 7c")


def test_soko_four_flushes_compare_the_suited_cards_then_the_fifth() -> None:
    """K-8-6-4 suited beats Q-J-T-9 suited (the highest card of the four-flush); equal four
    suited ranks go to the fifth card."""
    assert ordered(SOKO, "Ks 8s 6s 4s 8h", "Qh Jh Th 9h Tc")
    assert ordered(SOKO, "Ks 8s 6s 4s 9h", "Kh 8h 6h 4h 8c")
    assert SOKO.describe(SOKO.value(cards("Ks 8s 6s 4s 8h"))) == "four-flush, king high"
    assert SOKO.describe(SOKO.value(cards("As 2h 3d 4c 9c"))) == "four-straight, four high"
    assert SOKO.describe(SOKO.value(cards("Ks Kh Qd Qc 2c"))) == "two pair, kings and queens"


# --- every ranking: the brute force, pickling ----------------------------------------------


@pytest.mark.parametrize("name", sorted(REFERENCES))
@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_ranking_agrees_with_the_brute_force(name: str, size: int) -> None:
    """docs/rules.md V18-V20: the engine orders random hands as the brute force does."""
    assert disagreements(name, random_hands(600, size, f"test/{name}/{size}")) == []


@pytest.mark.parametrize(
    ("name", "wrong"),
    [("badugi", ACE_TO_FIVE_LOW), ("badugi-ace-high", BADUGI), ("ace-to-five-high", HIGH_BOARD), ("soko", HIGH)],
)
def test_the_brute_force_catches_a_wrong_ranking(name: str, wrong: Ranking) -> None:
    assert disagreements(name, random_hands(600, 7, f"wrong/{name}"), wrong)


def test_the_brute_force_catches_wrong_points() -> None:
    """docs/rules.md V22: a six counted 5 instead of 6 is caught."""
    assert disagreements("most-points", random_hands(600, 7, "wrong/points"), PointsValue({**FOOTBALL, "6": 5}))


@pytest.mark.parametrize("ranking", [BADUGI, BADUGI_ACE_HIGH, ACE_TO_FIVE_HIGH, SOKO])
def test_a_pickled_ranking_is_the_module_one(ranking: Ranking) -> None:
    assert pickle.loads(pickle.dumps(ranking)) is ranking


# --- validate -----------------------------------------------------------------------------


def refusals(tmp_path: Path, text: str) -> list[str]:
    book = tmp_path / "book.yaml"
    book.write_text("schema_version: 1\nname: book\nextends: seven-card-stud\n" + text, encoding="utf-8")
    return [str(error) for error in validate_file(book)]


def test_validate_refuses_the_rankings_with_wild_cards_or_a_stripped_deck(tmp_path: Path) -> None:
    """A book that validates must play: the three rankings have no wild-card tables and are
    ranked on the full deck, so validate names the share's hand (file:line:col)."""
    shares = "pots:\n  shares:\n    - hand: {hand}\n"
    wild = refusals(tmp_path, "wild:\n  ranks: ['2']\n" + shares.format(hand="badugi"))
    assert any(e.startswith(f"{tmp_path / 'book.yaml'}:8:") and "takes no wild cards" in e for e in wild), wild
    joker = refusals(tmp_path, "deck:\n  cards: 52-plus-joker\n" + shares.format(hand="soko"))
    assert any("the jokers of deck.cards 52-plus-joker" in e for e in joker), joker
    stripped = refusals(tmp_path, "deck:\n  removed_ranks: ['2']\n" + shares.format(hand="ace-to-five-high"))
    assert any(":8:" in e and "played on one full 52-card deck" in e for e in stripped), stripped
    doubled = refusals(tmp_path, "deck:\n  copies: 2\n" + shares.format(hand="badugi"))
    assert any(":8:" in e and "deck.copies doubles it" in e for e in doubled), doubled
    board = refusals(tmp_path, "wild:\n  ranks: ['2']\nfirst_to_act:\n  board: best-ace-to-five-high-board\n")
    assert any(":7:" in e and "reads boards of one full deck without wild cards" in e for e in board), board
    assert refusals(tmp_path, shares.format(hand="soko")) == []
