"""Small sets of small numbers (seats, cards) as the bits of one int.

A hand asks "is this seat still to act?" and "is this card still unseen?" on every action
and every deal; a set of a few seats or of 52 cards costs 200 bytes to 2 KB, the bits of an
int a few bytes, and the questions are a shift and a mask.
"""

from __future__ import annotations

from collections.abc import Iterable


def as_bits(numbers: Iterable[int]) -> int:
    """``numbers`` as bits: number ``n`` is bit ``n``."""
    bits = 0
    for number in numbers:
        bits |= 1 << number
    return bits
