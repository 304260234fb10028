"""Tests for :mod:`studspec.engine.wild`: wild cards, jokers and the bug, in every ranking.

Expected results come from the rules of poker with wild cards (docs/rules.md section V and
edge case 37; Robert's Rules for the bug: an ace, or any card that completes a straight, a
flush or a straight flush; in lowball the joker is the lowest card the hand lacks), not from
the code under test. The brute-force section checks the evaluator against a reference
written here: every wild card replaced by every card it may stand for, each five cards
classified by a deliberately naive function, the best taken.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement, pairwise

import pytest

from studspec.engine.cards import CARDS, JOKERS, Card, Rank, format_cards, parse_card, parse_cards
from studspec.engine.evaluation import (
    ACE_TO_FIVE_LOW,
    ACE_TO_SIX_LOW,
    DEUCE_TO_SEVEN_LOW,
    HIGH,
    HIGH_BOARD,
    RANKINGS,
    Ranking,
)
from studspec.engine.wild_ranking import FlushWilds, JokerPlay, WildRanking, WildSpec, wild_ranking
from studspec.errors import CardFormatError

DEUCES = WildSpec(frozenset({Rank.TWO}))
BASEBALL = WildSpec(frozenset({Rank.THREE, Rank.NINE}))
JOKERS_WILD = WildSpec()
BUG = WildSpec(jokers=JokerPlay.BUG)
DEUCES_AND_BUG = WildSpec(frozenset({Rank.TWO}), JokerPlay.BUG)
DEUCES_ANY_RANK = WildSpec(frozenset({Rank.TWO}), flush=FlushWilds.ANY_RANK)
"""Deuces wild under the double-ace flush house rule (``wild.flush: any-rank``)."""
BASEBALL_ANY_RANK = WildSpec(frozenset({Rank.THREE, Rank.NINE}), flush=FlushWilds.ANY_RANK)
BUG_ANY_RANK = WildSpec(jokers=JokerPlay.BUG, flush=FlushWilds.ANY_RANK)


def cards(text: str) -> list[Card]:
    """Cards from hand-history text; spaces allowed for readability."""
    parsed = parse_cards(text.replace(" ", ""))
    assert all(card is not None for card in parsed)
    return parsed  # type: ignore[return-value]


def value(ranking: Ranking, spec: WildSpec, text: str) -> int:
    return wild_ranking(ranking, spec).value(cards(text))


def words(ranking: Ranking, spec: WildSpec, text: str) -> str:
    return ranking.describe(value(ranking, spec, text))


# -- jokers as cards --------------------------------------------------------------------------


def test_jokers_have_their_own_text_and_are_not_in_the_deck() -> None:
    """Xr and Xb: X is no rank letter and r/b no suit letter, so no PHH card reads as one."""
    assert [str(joker) for joker in JOKERS] == ["Xr", "Xb"]
    assert [int(joker) for joker in JOKERS] == [52, 53]
    assert parse_card("xr") == JOKERS[0] and parse_card("XB") == JOKERS[1]
    assert parse_cards("AsXr??Xb", allow_unknown=True) == [parse_card("As"), JOKERS[0], None, JOKERS[1]]
    assert format_cards([JOKERS[1], parse_card("Td"), None]) == "XbTd??"
    assert len(CARDS) == 52 and not set(JOKERS) & set(CARDS)
    assert all(joker.is_joker for joker in JOKERS) and not any(card.is_joker for card in CARDS)
    for text in ("Xc", "Xs", "Jk", "X?"):
        with pytest.raises(CardFormatError):
            parse_card(text)


def test_a_joker_has_no_rank_or_suit_and_natural_rankings_refuse_it() -> None:
    with pytest.raises(ValueError):
        _ = JOKERS[0].rank
    with pytest.raises(ValueError):
        _ = JOKERS[1].suit
    for ranking in RANKINGS.values():
        with pytest.raises(ValueError):
            ranking.value(cards("As Kd Xr"))


# -- the spec and the evaluator objects -------------------------------------------------------


def test_spec_says_which_cards_are_wild() -> None:
    assert DEUCES.is_wild(parse_card("2h")) and not DEUCES.is_wild(parse_card("3h"))
    assert all(spec.is_wild(joker) for spec in (DEUCES, BUG, JOKERS_WILD) for joker in JOKERS)
    assert BASEBALL.naturals(cards("3c 9d Kh Xr 4s")) == cards("Kh 4s")
    assert BASEBALL.wilds(cards("3c 9d Kh Xr 4s")) == cards("3c 9d Xr")
    assert WildSpec(frozenset({0, 12})) == WildSpec(frozenset({Rank.TWO, Rank.ACE}))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        WildSpec(frozenset({13}))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        WildSpec(jokers="half-wild")  # type: ignore[arg-type]


def test_evaluators_are_cached_pickle_and_read_like_rankings() -> None:
    evaluator = wild_ranking(HIGH, DEUCES)
    assert wild_ranking(HIGH, WildSpec(frozenset({Rank.TWO}))) is evaluator
    copy = pickle.loads(pickle.dumps(evaluator))
    assert copy == evaluator and copy.ranking is HIGH
    assert copy.value(cards("2c Ah Ad Kc Qs")) == evaluator.value(cards("2c Ah Ad Kc Qs"))
    assert (evaluator.name, evaluator.low, evaluator.ace_low) == ("high", False, False)
    assert wild_ranking(ACE_TO_FIVE_LOW, DEUCES).low and wild_ranking(DEUCE_TO_SEVEN_LOW, DEUCES).low
    with pytest.raises(AttributeError):
        evaluator.spec = BUG  # type: ignore[misc]


@pytest.mark.parametrize("ranking", list(RANKINGS.values()), ids=list(RANKINGS))
def test_without_a_wild_card_the_value_is_the_natural_value(ranking: Ranking) -> None:
    rng = random.Random(f"natural/{ranking.name}")
    evaluator = wild_ranking(ranking, DEUCES_AND_BUG)
    naturals = [card for card in CARDS if card >> 2 != Rank.TWO]
    hands = [rng.sample(naturals, rng.choice((1, 2, 3, 4, 5, 6, 7, 7, 8, 9, 12))) for _ in range(2000)]
    assert [evaluator.value(hand) for hand in hands] == [ranking.value(hand) for hand in hands]
    for hand in hands[:200]:
        assert evaluator.best_five(hand[:8]) == ranking.best_five(hand[:8])
        assert evaluator.odd_chip_key(hand[:8]) == ranking.odd_chip_key(hand[:8])


# -- high: five of a kind, Baseball, deuces ---------------------------------------------------


def test_five_of_a_kind_beats_a_straight_flush() -> None:
    """docs/rules.md E37 (Baseball, 3s and 9s wild): five of a kind tops the ranking.

    Three kings and two wild cards are five kings, above any straight flush. A hand of five
    threes and nines is five wild cards, and a wild card stands for any card: five aces,
    the best hand there is (it beats a straight flush whether read as five 9s or five aces).
    """
    royal = HIGH.value(cards("Ah Kh Qh Jh Th"))
    assert value(HIGH, BASEBALL, "Ks Kh 9d 3c Kc") > royal
    assert words(HIGH, BASEBALL, "Ks Kh 9d 3c Kc") == "five of a kind, kings"
    assert words(HIGH, BASEBALL, "9s 9h 9d 9c 3c") == "five of a kind, aces"
    assert value(HIGH, BASEBALL, "9s 9h 9d 9c 3c") > value(HIGH, BASEBALL, "Ks Kh 9d 3c Kc")
    # With deuces wild the nines are natural: four nines and a deuce are five nines.
    assert words(HIGH, DEUCES, "9s 9h 9d 9c 2c") == "five of a kind, nines"
    assert value(HIGH, DEUCES, "9s 9h 9d 9c 2c") > royal


def test_a_wild_card_completes_the_best_hand_it_can() -> None:
    assert words(HIGH, DEUCES, "2c Ah Ad Kc Qs") == "three of a kind, aces"
    assert words(HIGH, DEUCES, "2c 9h 8h 7h 6h") == "straight flush, ten high"
    assert words(HIGH, DEUCES, "2c Kh Qd Jc Ts") == "straight, ace high"
    assert words(HIGH, DEUCES, "2c 2d Kh Kd 7c") == "four of a kind, kings"
    assert words(HIGH, DEUCES, "2c Ks Qs Js Ts") == "royal flush"


def test_a_wild_card_in_a_flush_takes_the_highest_rank_the_flush_lacks() -> None:
    """A flush is five different ranks of a suit: with the ace of hearts held, the wild
    heart is the king (no "double-ace flush")."""
    assert value(HIGH, DEUCES, "2c Ah 9h 7h 4h") == HIGH.value(cards("Ah Kh 9h 7h 4h"))
    assert value(HIGH, DEUCES, "2c 2d Ah Kh 9h") == HIGH.value(cards("Ah Kh Qh Jh 9h"))


def test_under_any_rank_a_wild_card_in_a_flush_may_copy_a_held_rank() -> None:
    """Issue 21 item 9: with wild.flush any-rank (the double-ace flush, Robert's Rules names
    it as a house rule) a wild heart beside the ace of hearts is a second ace: A-A-9-7-4 of
    hearts beats the ace-king flush A-K-Q-J-9 that distinct ranks would have made of it."""
    double_ace = value(HIGH, DEUCES_ANY_RANK, "2c Ah 9h 7h 4h")
    assert double_ace > HIGH.value(cards("As Ks Qs Js 9s"))
    assert double_ace < HIGH.value(cards("Kd Kh Kc 4s 4d"))  # still a flush: a full house beats it
    # Three diamonds and two deuces: A-A-A-8-5 by copies, against A-K-Q-8-5 by distinct ranks.
    assert value(HIGH, DEUCES_ANY_RANK, "Ad 2c 2h 8d 5d") > value(HIGH, DEUCES, "As Ks Qs Js 9s")
    assert value(HIGH, DEUCES, "Ad 2c 2h 8d 5d") < value(HIGH, DEUCES, "As Ks Qs Js 9s")
    # A straight flush still needs five ranks in a row, and is found as before.
    assert words(HIGH, DEUCES_ANY_RANK, "2c Ah Kh Qh Jh") == "royal flush"
    # Without an ace in the suit the wild card is the ace of that suit under both rules.
    assert value(HIGH, DEUCES_ANY_RANK, "2c Kh 9h 7h 4h") == value(HIGH, DEUCES, "2c Kh 9h 7h 4h")


def test_best_five_of_baseball_hands() -> None:
    """Baseball deals extra cards (an up 4): the best five of eight or nine play."""
    eight = cards("3c 4h 4d 7s 8c Jd Qh 2s")  # one wild card: no straight (7-8-J-Q lacks 9 and T): three fours
    assert wild_ranking(HIGH, BASEBALL).value(eight) == HIGH.value(cards("4h 4d 4s Qh Jd"))
    nine = cards("3c 9d 5h 6h 7h Kh 2c Ad Qs")  # two wild cards and three hearts: a straight flush
    assert words(HIGH, BASEBALL, format_cards(nine)) == "straight flush, nine high"


def test_wild_best_five_and_odd_chip() -> None:
    """The five that play are natural cards first; a wild card has no suit of its own, so
    the odd chip is read from the highest natural card that plays (WSOP-L 149)."""
    evaluator = wild_ranking(HIGH, DEUCES)
    hand = cards("2c Ah Ad Kc Qs 4d 3h")
    assert evaluator.best_five(hand) == tuple(cards("Ah Ad Kc Qs 2c"))
    assert evaluator.odd_chip_key(hand) == (12, 2)
    assert evaluator.odd_chip_key(cards("2c 2d 2h 2s Xr")) == (-1, -1)
    assert evaluator.best_five(cards("2c 5d 4h 3s As"))[-2:] == tuple(cards("As 2c"))  # the wheel's ace is a one
    with pytest.raises(ValueError):
        evaluator.best_five(cards("2c 2c Ah Kd Qs"))


# -- the bug ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "plays_as"),
    [
        ("Xr Ah Ad Kc Qs", "Ac Ah Ad Kc Qs"),  # an ace: three aces
        ("Xr 9h 8h 7h 6h", "Th 9h 8h 7h 6h"),  # completes the best straight flush, ten high
        ("Xr Kh Kd Qc Js 4d", "Ac Kh Kd Qc Js"),  # no straight or flush to make: an ace kicker
        ("Xr Qh Jd Tc 9s", "Kc Qh Jd Tc 9s"),  # completes a straight: the king, not an ace
        ("Xr Ah Kh 8h 3h", "Ah Kh Qh 8h 3h"),  # completes a flush: the highest heart not held
        ("Xr 5d 4c 3h 2s", "6d 5d 4c 3h 2s"),  # the six-high straight beats the wheel
        ("Xr 7h 7d 7c 2s", "Ac 7h 7d 7c 2s"),  # not a fourth seven: three sevens, ace kicker
    ],
)
def test_the_bug_is_an_ace_or_completes_a_straight_or_flush(hand: str, plays_as: str) -> None:
    assert value(HIGH, BUG, hand) == HIGH.value(cards(plays_as))


def test_the_bug_makes_five_aces_the_best_hand() -> None:
    """Four aces and the bug: five aces, above a royal flush (Robert's Rules)."""
    assert words(HIGH, BUG, "Xr Ah Ad Ac As") == "five of a kind, aces"
    assert value(HIGH, BUG, "Xr Ah Ad Ac As") > HIGH.value(cards("As Ks Qs Js Ts"))


def test_two_bugs_and_a_bug_beside_wild_deuces() -> None:
    assert words(HIGH, BUG, "Xr Xb Kh Kd Qc") == "two pair, aces and kings"
    assert words(HIGH, BUG, "Xr Xb Kh Qh Jc") == "straight, ace high"
    # The deuce may be a third king; the bug may not, so it is the ace kicker.
    assert words(HIGH, DEUCES_AND_BUG, "Xr 2d Kh Kd 7c") == "three of a kind, kings"
    assert value(HIGH, DEUCES_AND_BUG, "Xr 2d Kh Kd 7c") == HIGH.value(cards("Ks Kh Kd Ac 7c"))
    assert words(HIGH, DEUCES_AND_BUG, "Xr 2d Kh Qh 7h") == "flush, ace high"


def test_the_bug_on_a_board_without_straights_is_an_ace() -> None:
    assert value(HIGH_BOARD, BUG, "Xr Kd") == HIGH_BOARD.value(cards("Ac Kd"))
    assert value(HIGH_BOARD, BUG, "Xr 9h 8h 7h 6h") == HIGH_BOARD.value(cards("Ac 9h 8h 7h 6h"))


def test_in_a_low_the_bug_is_fully_wild() -> None:
    """Lowball plays the joker as the lowest card the hand lacks."""
    assert value(ACE_TO_FIVE_LOW, BUG, "Xr 8d 6c 4h 3s") == ACE_TO_FIVE_LOW.value(cards("8d 6c 4h 3s Ac"))
    assert value(ACE_TO_FIVE_LOW, BUG, "Xr Ad 2c 3h 5s") == ACE_TO_FIVE_LOW.value(cards("Ad 2c 3h 4s 5s"))


# -- lows: the wild card is the best card it can be -------------------------------------------


def test_razz_with_deuces_wild() -> None:
    """Razz (ace-to-five), deuces wild: 2-A-3-4-K. The deuce is wild and becomes the best rank
    not held, which is a deuce (the hand holds no natural one); five cards must all play, so
    the king stays: K-4-3-2-A. With seven cards and a five, the same deuce makes the wheel."""
    assert words(ACE_TO_FIVE_LOW, DEUCES, "2c Ah 3d 4s Kc") == "K-4-3-2-A"
    assert words(ACE_TO_FIVE_LOW, DEUCES, "2c Ah 3d 4s Kc Qd 5h") == "5-4-3-2-A"
    assert words(ACE_TO_FIVE_LOW, DEUCES, "2c 2d Ah Ad 3c") == "pair of aces"  # four ranks at best
    assert value(ACE_TO_FIVE_LOW, DEUCES, "2c 2d 6h 7d 8c") == ACE_TO_FIVE_LOW.value(cards("Ac 2d 6h 7d 8c"))


def test_deuce_to_seven_wild_card_avoids_straights_and_flushes() -> None:
    """2-7: 6-5-4-3 and a wild card. A deuce or a seven would make a straight, which counts
    against the hand; the best card it can be is an eight: 8-6-5-4-3. Four hearts and a
    wild card: the wild card takes another suit, so no flush."""
    assert words(DEUCE_TO_SEVEN_LOW, JOKERS_WILD, "Xr 6d 5c 4h 3s") == "8-6-5-4-3"
    assert value(DEUCE_TO_SEVEN_LOW, JOKERS_WILD, "Xr 7h 5h 4h 3h") == DEUCE_TO_SEVEN_LOW.value(cards("7h 5h 4h 3h 2c"))
    assert words(DEUCE_TO_SEVEN_LOW, JOKERS_WILD, "Xr 7h 5h 4h 3h") == "7-5-4-3-2"
    # The ace is high only, so A-5-4-3 and a wild deuce are no wheel but ace high.
    assert words(DEUCE_TO_SEVEN_LOW, DEUCES, "2c Ad 3h 4s 5c") == "A-5-4-3-2"


def test_ace_to_six_wild_card_avoids_the_wheel() -> None:
    """London lowball: A-2-3-4 and a wild card. A five makes A-2-3-4-5, a straight; the best
    the wild card can be is a six, for A-2-3-4-6, the best hand."""
    assert words(ACE_TO_SIX_LOW, JOKERS_WILD, "Xr Ad 2c 3h 4s") == "6-4-3-2-A"
    assert value(ACE_TO_SIX_LOW, JOKERS_WILD, "Xr Xb Ad 2c 3h") == ACE_TO_SIX_LOW.value(cards("6d 4c 3h 2c Ad"))


# -- brute force against a naive reference ----------------------------------------------------

NaiveKey = tuple[int, tuple[int, ...]]
Classify = Callable[[tuple[int, ...], bool], NaiveKey]
STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8


def naive_high(ranks: tuple[int, ...], flush: bool, wheel: bool = True, straights: bool = True) -> NaiveKey:
    """Category and tie-break of five ranks (0 deuce .. 12 ace, or -1 for an ace played low),
    written out the obvious way; ``flush`` says the five are one suit (with five ranks)."""
    by_count = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in by_count] + [0]
    tie = tuple(rank for rank, _ in by_count)
    top = sorted(set(ranks), reverse=True)
    straight: int | None = None
    if straights and len(top) == 5:
        if top[0] - top[4] == 4:
            straight = top[0]
        elif wheel and top == [12, 3, 2, 1, 0]:
            straight = 3
    if shape[0] == 5:
        return 9, tie
    if straight is not None and flush:
        return STRAIGHT_FLUSH, (straight,)
    if shape[0] == 4:
        return 7, tie
    if shape[:2] == [3, 2]:
        return 6, tie
    if flush:  # every card counts, high to low (a wild copy may repeat a rank: A-A-8-5-4)
        return FLUSH, tuple(sorted(ranks, reverse=True))
    if straight is not None:
        return STRAIGHT, (straight,)
    return {3: 3, 2: 2 if shape[1] == 2 else 1, 1: 0}[shape[0]], tie


def negated(key: NaiveKey) -> NaiveKey:
    """A low's badness turned into a key where larger is better."""
    return -key[0], tuple(-rank for rank in key[1])


def ace_low(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-1 if rank == 12 else rank for rank in ranks)


CLASSIFIERS: dict[str, Classify] = {
    "high": lambda ranks, flush: naive_high(ranks, flush),
    "ace-to-five-low": lambda ranks, flush: negated(naive_high(ace_low(ranks), False, straights=False)),
    "deuce-to-seven-low": lambda ranks, flush: negated(naive_high(ranks, flush, wheel=False)),
    "ace-to-six-low": lambda ranks, flush: negated(naive_high(ace_low(ranks), flush, wheel=False)),
}
"""Each ranking under test, as a naive key of five ranks and whether they are one suit."""


def ordinal(key: NaiveKey) -> int:
    """A naive key as one int in the same order (category, then each rank of the tie-break:
    every digit is in 0..31 and, within a category, ties have the same length)."""
    number = key[0] + 16
    for rank in (*key[1], *[-16] * (5 - len(key[1]))):
        number = number << 5 | (rank + 16)
    return number


def category_of(number: int) -> int:
    return (number >> 25) - 16


def ordinal_ranks(number: int) -> list[int]:
    """The tie-break ranks of an :func:`ordinal` (the ranks written, fillers left out)."""
    digits = [(number >> (5 * (4 - i))) & 31 for i in range(5)]
    return [digit - 16 for digit in digits if digit != 0]


class Reference(dict[int, int]):
    """The best hand by brute force: every five cards, every wild card as every card.

    A five's value depends only on its natural ranks, whether its natural cards share a
    suit, and how many wild cards and bugs it holds (:func:`five_codes` codes that, and this
    dict memoises the best key of each code as an :func:`ordinal`); each wild card is tried
    as each of the 13 ranks, in the naturals' suit (a flush, when the five ranks differ) or
    in another (no flush), and each five ranks classified by the naive function, memoised.
    """

    def __init__(
        self,
        classify: Classify,
        bugs_restricted: bool,
        copies_flush: bool = False,
        barred: frozenset[int] = frozenset(),
    ) -> None:
        super().__init__()
        self.classify = classify
        self.bugs_restricted = bugs_restricted
        self.copies_flush = copies_flush
        """wild.flush any-rank: a wild card in a flush may copy a rank the five holds."""
        self.substitutes = [
            [(extra, aces) for extra, aces in choices if not any(extra >> (3 * rank) & 7 for rank in barred)]
            for choices in SUBSTITUTES
        ]
        """What the wild cards may stand for: every rank but the barred ones."""
        self.naive_keys: dict[int, NaiveKey] = {}

    def best(self, codes: Iterable[int]) -> int:
        """The best key of a hand, given the codes of its fives."""
        return max(map(self.__getitem__, codes))

    def __missing__(self, code: int) -> int:
        """The best key of one five: every substitution of its wild cards and bugs."""
        natural, suited, wild, bugs = code & RANKS, bool(code >> 40 & 1), code >> 56 & 7, code >> 60
        best: NaiveKey | None = None
        for extra, _ in self.substitutes[wild]:
            for bugged, all_aces in SUBSTITUTES[bugs]:
                ranks = natural + extra + bugged
                can_flush = suited and (self.copies_flush or not ranks & PAIRED)
                for flush in (can_flush,) if wild + bugs == 0 else (False, True) if can_flush else (False,):
                    key = self.key(ranks, flush)
                    if bugs and self.bugs_restricted and not all_aces and key[0] not in MADE_BY_A_BUG:
                        continue  # the bug stands for a card the bug rule forbids
                    if best is None or key > best:
                        best = key
        assert best is not None
        self[code] = ordinal(best)
        return self[code]

    def key(self, ranks: int, flush: bool) -> NaiveKey:
        """The naive key of five ranks (a code of rank counts), memoised."""
        memo = ranks | flush << 39
        key = self.naive_keys.get(memo)
        if key is None:
            spelled = tuple(rank for rank in range(13) for _ in range((ranks >> (3 * rank)) & 7))
            key = self.naive_keys[memo] = self.classify(spelled, flush)
        return key


MADE_BY_A_BUG = (STRAIGHT, FLUSH, STRAIGHT_FLUSH)
"""A bug that is not an ace may only complete one of these (Robert's Rules)."""
PAIRED = sum(6 << (3 * rank) for rank in range(13))
"""Set in a code of rank counts where some rank is held twice or more (no flush then)."""
SUBSTITUTES = [
    [(sum(1 << (3 * rank) for rank in ranks), all(rank == 12 for rank in ranks))
     for ranks in combinations_with_replacement(range(13), count)]
    for count in range(6)
]  # fmt: skip
"""For each number of wild cards, every multiset of ranks they may stand for (as a code of
rank counts), and whether all are aces (what a bug may always be)."""


CODES = [(1 << (3 * (card >> 2))) + (1 << (40 + 3 * (card & 3))) for card in range(52)]
"""A code per natural card: rank counts (bits 0..38) and suit counts (40..51) that add up
without carrying; :func:`five_codes` replaces the suits by one bit (all one suit, or not)."""
RANKS = (1 << 39) - 1
SUITED = [{count << (3 * suit) for suit in range(4)} for count in range(6)]
"""For each number of natural cards, the suit parts of a code where they share a suit."""


def five_codes(hand: Sequence[Card], wild_flags: Sequence[bool], bugs: int) -> set[int]:
    """The codes of the hand's fives that may be the best, each of its natural ranks, whether
    its natural cards share a suit, and its numbers of wild cards and bugs.

    A five holds every fully wild card of the hand (up to five): a wild card can copy any
    natural card it would replace, so leaving one out is never better. ``bugs`` of the
    hand's wild cards are bugs (jokers under a high ranking), which are not so free (a bug
    cannot copy a king unless it completes a straight or a flush): fives with each number
    of them are tried.
    """
    naturals = [CODES[card] for card in hand if not wild_flags[card]]
    wild = min(len(hand) - len(naturals) - bugs, 5)
    codes: set[int] = set()
    for tame in range(min(bugs, 5 - wild) + 1):
        size = 5 - wild - tame
        if size <= len(naturals):
            counts, suited = wild << 56 | tame << 60, SUITED[size]
            codes.update(
                (code & RANKS) | counts | ((code >> 40) in suited) << 40
                for code in map(sum, combinations(naturals, size))
            )
    return codes


class WildFlags(dict[WildSpec, list[bool]]):
    """Whether each of the 54 cards is wild under a spec, looked up once per spec."""

    def __missing__(self, spec: WildSpec) -> list[bool]:
        flags = self[spec] = [spec.is_wild(Card(card)) for card in range(54)]
        return flags


WILD_FLAGS = WildFlags()


SIZES = (5, 5, 6, 6, 7, 7, 7, 8, 8, 9)
"""Hand sizes drawn: seven-card stud's most often, five- and six-card stud's, and Baseball's
eight and nine (fewer: brute force over nine cards is the slow part of the reference)."""


@cache
def random_wild_hands(seed: str, count: int, specs: tuple[WildSpec, ...]) -> tuple[list[WildSpec], list[list[Card]]]:
    """Hands of 5 to 9 cards holding 0 to 3 wild cards; a quarter drawn from two suits only
    and a sixth from few ranks, so flushes, straight flushes, quads and five of a kind occur."""
    rng = random.Random(seed)
    pools = {}
    for spec in specs:
        naturals = [card for card in CARDS if not spec.is_wild(card)]
        pools[spec] = (
            [card for card in (*CARDS, *JOKERS) if spec.is_wild(card)],
            (naturals, [c for c in naturals if c & 3 >= 2], [c for c in naturals if c >> 2 in (5, 6, 7, 8, 12)]),
        )
    hand_specs, hands = [], []
    for index in range(count):
        spec = specs[index % len(specs)]
        wild_pool, natural_pools = pools[spec]
        natural_pool = natural_pools[1 if index % 4 == 1 else 2 if index % 6 == 3 else 0]
        size, wilds = rng.choice(SIZES), min(rng.randint(0, 3), len(wild_pool))
        hand = rng.sample(wild_pool, wilds) + rng.sample(natural_pool, size - wilds)
        hand_specs.append(spec)
        hands.append(hand)
    return hand_specs, hands


def assert_same_order(values: Sequence[int], reference: Sequence[int], hands: Sequence[Sequence[Card]]) -> None:
    """Values order the hands exactly as the reference does: equal keys get equal values,
    better keys larger ones (checked between every reference class and the next)."""
    first: dict[tuple[int, int], int] = {}
    for index, pair in enumerate(zip(reference, values)):
        first.setdefault(pair, index)
    pairs = sorted(first, key=lambda pair: pair[0])
    for (ref_a, value_a), (ref_b, value_b) in pairwise(pairs):
        ok = value_a == value_b if ref_a == ref_b else value_a < value_b
        hand_a, hand_b = (format_cards(hands[first[pair]]) for pair in ((ref_a, value_a), (ref_b, value_b)))
        assert ok, f"{hand_a} ({value_a}, {ref_a}) vs {hand_b} ({value_b}, {ref_b})"


HANDS_PER_RANKING = 100_000

WILD_CASES = {ranking.name: ranking for ranking in (HIGH, ACE_TO_FIVE_LOW, DEUCE_TO_SEVEN_LOW, ACE_TO_SIX_LOW)}
SPECS = (DEUCES, BASEBALL, JOKERS_WILD, DEUCES_AND_BUG, BUG)
"""The specs the hands mix, the same hands for every ranking: under high the bug is only an
ace or a card that completes a straight or a flush; under the lows it is fully wild."""


@cache
def reference_keys() -> dict[str, list[int]]:
    """The reference's key of every hand under every ranking, computed in one pass (the
    fives of a hand are the same for every ranking unless it holds a bug)."""
    hand_specs, hands = random_wild_hands("wild", HANDS_PER_RANKING, SPECS)
    references = {name: Reference(CLASSIFIERS[name], not ranking.low) for name, ranking in WILD_CASES.items()}
    keys: dict[str, list[int]] = {name: [] for name in WILD_CASES}
    for spec, hand in zip(hand_specs, hands):
        flags = WILD_FLAGS[spec]
        jokers = hand.count(JOKERS[0]) + hand.count(JOKERS[1]) if spec.jokers is JokerPlay.BUG else 0
        free = five_codes(hand, flags, 0)
        tame = five_codes(hand, flags, jokers) if jokers else free
        for name, reference in references.items():
            keys[name].append(reference.best(tame if reference.bugs_restricted else free))
    return keys


@pytest.mark.parametrize("name", list(WILD_CASES))
def test_wild_values_agree_with_brute_force(name: str) -> None:
    ranking = WILD_CASES[name]
    hand_specs, hands = random_wild_hands("wild", HANDS_PER_RANKING, SPECS)
    evaluators = {spec: wild_ranking(ranking, spec) for spec in SPECS}
    values = [evaluators[spec].value(hand) for spec, hand in zip(hand_specs, hands)]
    keys = reference_keys()[name]
    assert_same_order(values, keys, hands)
    categories = {abs(category_of(key)) for key in keys}
    assert categories >= ({*range(10)} if name == "high" else {0, 1, 2, 3})
    wild_counts = Counter(sum(WILD_FLAGS[spec][card] for card in hand) for spec, hand in zip(hand_specs, hands))
    assert set(wild_counts) == {0, 1, 2, 3} and min(wild_counts.values()) > HANDS_PER_RANKING // 10


def test_wild_evaluator_is_a_wild_ranking() -> None:
    assert isinstance(wild_ranking(HIGH, BASEBALL), WildRanking)


ANY_RANK_SPECS = (DEUCES_ANY_RANK, BASEBALL_ANY_RANK, BUG_ANY_RANK)


def test_any_rank_flushes_agree_with_brute_force() -> None:
    """Issue 21 item 9: under wild.flush any-rank a high hand is valued as the reference does
    when a wild card (or a bug completing a flush) may copy any rank in a flush: 100,000
    random hands, every substitution, the same order."""
    hand_specs, hands = random_wild_hands("any-rank", HANDS_PER_RANKING, ANY_RANK_SPECS)
    evaluators = {spec: wild_ranking(HIGH, spec) for spec in ANY_RANK_SPECS}
    values = [evaluators[spec].value(hand) for spec, hand in zip(hand_specs, hands)]
    reference = Reference(CLASSIFIERS["high"], bugs_restricted=True, copies_flush=True)
    keys = []
    for spec, hand in zip(hand_specs, hands):
        jokers = hand.count(JOKERS[0]) + hand.count(JOKERS[1]) if spec.jokers is JokerPlay.BUG else 0
        keys.append(reference.best(five_codes(hand, WILD_FLAGS[spec], jokers)))
    assert_same_order(values, keys, hands)
    copied = sum(
        category_of(key) == FLUSH and len(set(ordinal_ranks(key))) < 5 for key in keys
    )  # flushes with a repeated rank: the rule at work
    assert copied > 100


BARRED_SPECS = (
    WildSpec(ranks=frozenset({Rank.TWO}), barred=frozenset({Rank.TEN})),
    WildSpec(ranks=frozenset({Rank.THREE, Rank.NINE}), barred=frozenset({Rank.TEN, Rank.FIVE})),
    WildSpec(ranks=frozenset({Rank.SEVEN}), barred=frozenset({Rank.ACE, Rank.KING})),
)
"""The Good, the Bad and the Ugly: wild ranks beside one or two ranks a wild card may not
stand for (the Bad's and the Ugly's), among them the ace and the ten of the top straights."""


@pytest.mark.parametrize("name", ["high", "ace-to-five-low"])
def test_wild_cards_barred_from_ranks_agree_with_brute_force(name: str) -> None:
    """docs/rules.md V15 (mypokerhomegame.com, the Good, the Bad and the Ugly: "A player
    cannot use the wild card to replace a bad or ugly card ... if 10's are 'bad' then you
    cannot have a 9-T-J-Q-K straight"): 100,000 random hands, every substitution of the wild
    cards over the ranks they may be, the same order as the evaluator's values."""
    ranking = WILD_CASES[name]
    hand_specs, hands = random_wild_hands("barred", HANDS_PER_RANKING, BARRED_SPECS)
    references = {
        spec: Reference(CLASSIFIERS[name], not ranking.low, barred=frozenset(int(r) for r in spec.barred))
        for spec in BARRED_SPECS
    }
    values = [wild_ranking(ranking, spec).value(hand) for spec, hand in zip(hand_specs, hands)]
    keys = [references[spec].best(five_codes(hand, WILD_FLAGS[spec], 0)) for spec, hand in zip(hand_specs, hands)]
    assert_same_order(values, keys, hands)
    barred_broadway = wild_ranking(HIGH, BARRED_SPECS[0])
    assert "straight" not in HIGH.describe(barred_broadway.value(cards("9c Jd Qh Ks 2c")))  # no ten from the deuce


ONE_EYED_JACKS = WildSpec(cards=frozenset(cards("Js Jh")))
DEUCES_AND_THE_QUEEN_OF_SPADES = WildSpec(frozenset({Rank.TWO}), cards=frozenset(cards("Qs")))
SUICIDE_KING_AND_BUG = WildSpec(jokers=JokerPlay.BUG, cards=frozenset(cards("Kh")))
CARD_SPECS = (ONE_EYED_JACKS, DEUCES_AND_THE_QUEEN_OF_SPADES, SUICIDE_KING_AND_BUG)


def test_a_single_wild_card_is_wild_and_its_rank_is_not() -> None:
    """wild.cards (issue 25), one-eyed jacks: the jack of spades is wild and the jack of clubs
    is a jack, so four aces and the J♠ are five aces (above a straight flush, docs/rules.md
    V5), and four aces and the J♣ are four aces with a jack. A joker is no single card."""
    assert ONE_EYED_JACKS.is_wild(parse_card("Js")) and not ONE_EYED_JACKS.is_wild(parse_card("Jc"))
    five_aces = value(HIGH, ONE_EYED_JACKS, "As Ah Ad Ac Js")
    natural = value(HIGH, ONE_EYED_JACKS, "As Ah Ad Ac Jc")
    assert words(HIGH, ONE_EYED_JACKS, "As Ah Ad Ac Js").startswith("five of a kind")
    assert five_aces > natural
    with pytest.raises(ValueError, match="cards of the 52"):
        WildSpec(cards=frozenset(JOKERS))


@pytest.mark.parametrize("name", ["high", "ace-to-five-low"])
def test_single_wild_cards_agree_with_brute_force(name: str) -> None:
    """Issue 25: hands where single cards are wild (one-eyed jacks; deuces and the queen of
    spades; the suicide king beside the bug) are valued as the brute-force reference values
    them, every substitution of every wild card: 100,000 random hands, the same order."""
    ranking = WILD_CASES[name]
    hand_specs, hands = random_wild_hands("single cards", HANDS_PER_RANKING, CARD_SPECS)
    evaluators = {spec: wild_ranking(ranking, spec) for spec in CARD_SPECS}
    values = [evaluators[spec].value(hand) for spec, hand in zip(hand_specs, hands)]
    reference = Reference(CLASSIFIERS[name], not ranking.low)
    keys = []
    for spec, hand in zip(hand_specs, hands):
        jokers = hand.count(JOKERS[0]) + hand.count(JOKERS[1]) if spec.jokers is JokerPlay.BUG else 0
        free = five_codes(hand, WILD_FLAGS[spec], 0)
        tame = five_codes(hand, WILD_FLAGS[spec], jokers) if jokers else free
        keys.append(reference.best(tame if reference.bugs_restricted else free))
    assert_same_order(values, keys, hands)
    single = Counter(sum(card in spec.cards for card in hand) for spec, hand in zip(hand_specs, hands))
    assert single[1] > HANDS_PER_RANKING // 10 and single[2] > HANDS_PER_RANKING // 20
