"""The least hand a qualified high share takes: "jacks or better" as a value to compare.

A high share may need a hand of at least a class and rank (``pots.shares[].at_least``: a
pair of jacks, two pair, a straight). The share's ranking values the weakest five cards of
that class and rank, and a hand qualifies when its value is at least that: every pair of
jacks beats J-J-4-3-2 or ties it, and no pair of tens reaches it. Built once, when the book's
rules are resolved; the showdown then compares two integers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from studspec.rulebook.options import LEAST_HAND_TRAITS

from .cards import CARDS, RANK_LETTERS, Card

CLASSES = tuple(LEAST_HAND_TRAITS)
"""The hand classes a high share's qualifier may name, weakest first."""

LEAST_RANK = {name: RANK_LETTERS.index(traits.lowest_rank) for name, traits in LEAST_HAND_TRAITS.items()}
"""The lowest deciding rank of each class (deuce 0 to ace 12)."""

_ACE = 12


def _run(top: int) -> list[int]:
    """The ranks of the straight topped by ``top`` (the wheel, five high, plays the ace low)."""
    return [_ACE, 0, 1, 2, 3] if top == 3 else [top - step for step in range(5)]


def _lowest(count: int, taken: Sequence[int]) -> list[int]:
    """The ``count`` lowest ranks not in ``taken``."""
    return [rank for rank in range(13) if rank not in taken][:count]


def least_ranks(hand: str, rank: int) -> tuple[list[int], bool]:
    """The five ranks of the weakest hand of class ``hand`` and deciding ``rank`` (deuce 0 to
    ace 12), and whether its cards are of one suit."""
    if hand in ("pair", "three-of-a-kind", "four-of-a-kind"):
        size = {"pair": 2, "three-of-a-kind": 3, "four-of-a-kind": 4}[hand]
        return [rank] * size + _lowest(5 - size, [rank]), False
    if hand == "two-pair":
        low = _lowest(1, [rank])[0]
        return [rank, rank, low, low, _lowest(1, [rank, low])[0]], False
    if hand == "full-house":
        pair = _lowest(1, [rank])[0]
        return [rank] * 3 + [pair] * 2, False
    if hand == "flush":
        kickers = _lowest(4, [rank])
        if rank == _ACE and kickers == [0, 1, 2, 3]:  # A-5-4-3-2 suited is the wheel's straight flush
            kickers = [0, 1, 2, 4]
        return [rank, *kickers], True
    return _run(rank), hand == "straight-flush"


def least_cards(hand: str, rank: int) -> list[Card]:
    """The weakest five cards of class ``hand`` and deciding ``rank``: one suit for a flush
    or a straight flush; else the suits taken in turn, so no flush is made by chance."""
    ranks, suited = least_ranks(hand, rank)
    return [CARDS[value * 4 + (0 if suited else position % 4)] for position, value in enumerate(ranks)]


def least_value(value: Callable[[Sequence[Card]], int], hand: str, rank: int | None) -> int:
    """The value under ``value`` (a ranking's) of the least qualifying hand."""
    chosen = LEAST_RANK[hand] if rank is None else rank
    return value(least_cards(hand, chosen))
