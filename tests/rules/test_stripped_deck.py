"""Stripped decks (docs/rules.md D5) and a flush above a full house.

Mexican Poker is dealt from 40 cards (no 8s, 9s or tens) and a joker (WSOP-L, Mexican Poker;
generic_poker mexican_poker.json, deck short_27_ja; luckyladyla.com): 7-J-Q-K-A is its
highest straight and A-2-3-4-5 its lowest ("A-5 is considered the lowest straight, 7-A is
considered Highest Straight"), and a flush beats a full house (generic_poker's evaluation
27_ja_ffh_high_wild_bug; bonuskey.com's hand order). Short-deck hold'em takes out the deuces
to fives, and its ace plays below the six: A-6-7-8-9. Expected values are reasoned from those
rules; the brute-force section compares the evaluator with tools/stripped_brute_force.py,
which enumerates every five cards and every wild substitution (its long run: 100,000 hands a
case, reported in tools/README.md).
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from conftest import ROOT
from studspec import Hand, load_variant, parse_cards
from studspec.authoring.describe import describe
from studspec.authoring.document import to_markdown
from studspec.engine.cards import Card
from studspec.engine.evaluation import HIGH, HIGH_FLUSH_OVER_FULL_HOUSE, RANKINGS, Ranking
from studspec.engine.wild_ranking import JokerPlay, WildSpec, wild_ranking
from studspec.errors import IllegalDealError
from studspec.rulebook.loader import validate_file
from tools.stripped_brute_force import CASES, disagreements, random_hands

MEXICAN_POKER = ROOT / "tests" / "data" / "stud-family" / "mexican-poker.yaml"
NO_8_9_T = frozenset({6, 7, 8})
MEXICAN = HIGH_FLUSH_OVER_FULL_HOUSE.without(NO_8_9_T)
SHORT_DECK = HIGH.without({0, 1, 2, 3})


def cards(text: str) -> list[Card]:
    parsed = parse_cards(text.replace(" ", ""))
    assert all(card is not None for card in parsed)
    return parsed  # type: ignore[return-value]


def words(ranking: Ranking, text: str) -> str:
    return ranking.describe(ranking.value(cards(text)))


def test_straights_skip_the_removed_ranks() -> None:
    """D5: without 8, 9 and T, 7-J-Q-K-A, 6-7-J-Q-K and 5-6-7-J-Q are straights, A-2-3-4-5 the
    lowest; 7-J-Q-K-A suited is the royal flush (luckyladyla.com: "Royal Flush (7, J, Q, K, A
    - Suited)"). On the full deck the same cards are ace, king or queen high."""
    assert words(MEXICAN, "7c Jd Qh Ks Ac") == "straight, ace high"
    assert words(MEXICAN, "6c 7d Jh Qs Kc") == "straight, king high"
    assert words(MEXICAN, "5c 6d 7h Js Qc") == "straight, queen high"
    assert words(MEXICAN, "Ac 2d 3h 4s 5c") == "straight, five high"
    assert words(MEXICAN, "7h Jh Qh Kh Ah") == "royal flush"
    assert words(HIGH, "7c Jd Qh Ks Ac") == "ace high"
    straights = [
        MEXICAN.value(cards(t)) for t in ("Ac2d3h4s5c", "2c3d4h5s6c", "3c4d5h6s7c", "4c5d6h7sJc", "7cJdQhKsAc")
    ]
    assert straights == sorted(straights) and len(set(straights)) == 5
    assert MEXICAN.value(cards("Ac 2d 3h 4s 5c")) > MEXICAN.value(cards("Ac Ad Ah Ks Qc"))  # above three aces


def test_the_ace_plays_below_the_lowest_ranks_left() -> None:
    """D5, short-deck hold'em: without the deuces to fives A-6-7-8-9 is the lowest straight."""
    assert words(SHORT_DECK, "Ac 6d 7h 8s 9c") == "straight, nine high"
    assert SHORT_DECK.value(cards("Ac 6d 7h 8s 9c")) < SHORT_DECK.value(cards("6c 7d 8h 9s Tc"))
    assert words(HIGH, "Ac 6d 7h 8s 9c") == "ace high"


def test_a_flush_beats_a_full_house() -> None:
    """D5, Mexican Poker: a flush above a full house, below four of a kind; the names stay."""
    flush = MEXICAN.value(cards("2c 3c 5c Jc Ac"))
    full = MEXICAN.value(cards("Ac Ad Ah Ks Kc"))
    quads = MEXICAN.value(cards("2c 2d 2h 2s 3c"))
    assert full < flush < quads
    assert MEXICAN.describe(flush) == "flush, ace high" and MEXICAN.describe(full) == "full house, aces full of kings"
    assert HIGH_FLUSH_OVER_FULL_HOUSE.value(cards("2c 3c 5c Jc Ac")) > HIGH_FLUSH_OVER_FULL_HOUSE.value(
        cards("Ac Ad Ah Ks Kc")
    )
    assert HIGH.value(cards("2c 3c 5c Jc Ac")) < HIGH.value(cards("Ac Ad Ah Ks Kc"))


def test_wild_cards_stand_only_for_cards_the_deck_holds() -> None:
    """D5, V5: a wild joker beside A-K-Q-J of a suit is the 7 (a royal flush here, 7-J-Q-K-A);
    beside A-K-Q-2 of a suit it is the jack; the bug completes
    6-7-J-Q-K and in a flush is the highest rank the suit lacks that the deck holds."""
    wild = wild_ranking(MEXICAN, WildSpec())
    bug = wild_ranking(MEXICAN, WildSpec(jokers=JokerPlay.BUG))
    assert wild.describe(wild.value(cards("Xr Ac Kc Qc Jc"))) == "royal flush"
    assert wild.value(cards("Xr Ac Kc Qc 2c 3d")) == MEXICAN.value(cards("Ac Kc Qc Jc 2c"))
    assert bug.describe(bug.value(cards("Xr 6s 7c Jh Qd"))) == "straight, king high"
    assert bug.value(cards("Xr 2c 3c 4c Jc")) == MEXICAN.value(cards("Ac 2c 3c 4c Jc"))
    assert bug.value(cards("Xr 2c 4c 5c 6c")) == MEXICAN.value(cards("2c 3c 4c 5c 6c"))  # a straight flush


def test_lowball_counts_the_stripped_straights_against_the_hand() -> None:
    """D5: in deuce-to-seven 4-5-6-7-J is a straight on the 40-card deck (a bad low), so
    J-7-6-5-3 beats it; ace-to-five ignores straights on any deck."""
    low = RANKINGS["deuce-to-seven-low"].without(NO_8_9_T)
    assert low.describe(low.value(cards("4c 5d 6h 7s Jc"))) == "straight, jack high"
    assert low.value(cards("3c 5d 6h 7s Jc")) > low.value(cards("4c 5d 6h 7s Jc"))
    razz = RANKINGS["ace-to-five-low"].without(NO_8_9_T)
    assert razz.value(cards("Ac 2d 3h 4s 5c")) == RANKINGS["ace-to-five-low"].value(cards("Ac 2d 3h 4s 5c"))


def test_stripped_rankings_are_shared_and_pickle() -> None:
    assert HIGH_FLUSH_OVER_FULL_HOUSE.without(NO_8_9_T) is MEXICAN
    assert HIGH.without(()) is HIGH
    assert pickle.loads(pickle.dumps(MEXICAN)) is MEXICAN
    with pytest.raises(ValueError):
        HIGH.without({12})  # the ace stays


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_stripped_values_agree_with_brute_force(case: object) -> None:
    """Every five cards, every wild substitution (tools/stripped_brute_force.py): the same order
    of 4,000 random hands a case as the evaluator's (100,000 a case in the tool's own run)."""
    hands = random_hands(case, 4000, f"test/{case.name}")  # type: ignore[arg-type,attr-defined]
    assert disagreements(case, hands) == []  # type: ignore[arg-type]


def test_mexican_poker_deals_41_cards_and_refuses_a_removed_one() -> None:
    """D5: the 40 cards and the joker, none of rank 8, 9 or T; one dealt from outside is refused."""
    variant = load_variant(str(MEXICAN_POKER))
    hand = Hand(variant, stacks=[1000] * 8, seed=3)
    assert hand.deck.size + sum(len(c) for c in hand.cards) == 41
    assert not {str(card)[0] for card in hand.deck.stub} & {"8", "9", "T"}
    given = Hand(variant, stacks=[1000] * 2, seed=3, deal_from_outside=True)
    with pytest.raises(IllegalDealError, match=r"9h is not in this rule book's deck .*deck\.removed_ranks"):
        given.deal(0, cards("Ac 9h"))
    assert "every one of its eights, nines and tens is taken out, leaving 41 cards" in to_markdown(describe(variant))


def refusals(tmp_path: Path, text: str) -> list[str]:
    """What ``validate`` says of a book of this text (its third line an ``extends``)."""
    book = tmp_path / "book.yaml"
    text = text if text.startswith("extends") else "extends: seven-card-stud\n" + text
    book.write_text("schema_version: 1\nname: book\n" + text, encoding="utf-8")
    return [str(error) for error in validate_file(book)]


def test_validate_refuses_rules_that_name_a_removed_rank(tmp_path: Path) -> None:
    """D5: wild ranks and cards, a rank to follow, a dealt-card rule, a qualifier naming a
    removed rank or left with fewer than five ranks below it; the stripped deck too small."""
    deck = "players:\n  max: 4\ndeck:\n  removed_ranks: ['8', '9', T]\n"
    cases = {
        "wild rank": (deck + "wild:\n  ranks: ['9']\n", "book.yaml:9:", "wild.ranks names the rank '9'"),
        "wild card": (deck + "wild:\n  cards: [Th]\n", "book.yaml:9:", "the wild card Th names the rank 'T'"),
        "follows": (deck + "wild:\n  follows: '8'\n", "book.yaml:9:", "wild.follows names the rank '8'"),
        "trigger": (deck + "triggers:\n  - {rank: '9', effect: extra-card}\n", "book.yaml:9:", "dealt-card rule"),
        "qualifier": (
            "extends: seven-card-stud-hi-lo\n" + deck,
            "book.yaml:3:",
            "the qualifier 8 names the rank '8'",
        ),
        "few ranks": (
            "deck:\n  removed_ranks: ['3', '4']\npots:\n  shares:\n    - hand: high\n    - {hand: ace-to-five-low, qualifier: 6}\n",
            "book.yaml:9:",
            "holds only A, 2, 5, 6 there",
        ),
        "deck size": (
            "deck:\n  removed_ranks: ['2', '3', '4', '5']\n  exhaustion: none\nplayers:\n  max: 5\n",
            "book.yaml:",
            "the standard-52 without 2, 3, 4, 5 deck has 36",
        ),
    }
    for name, (text, place, said) in cases.items():
        errors = refusals(tmp_path, text)
        assert any(said in error and error.startswith(str(tmp_path / place)) for error in errors), (name, errors)
