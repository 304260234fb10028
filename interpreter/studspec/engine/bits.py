"""Small sets of small numbers (seats, cards) as the bits of one int.

A hand asks "is this seat still to act?" and "is this card still unseen?" on every action
and every deal; a set of a few seats or of 52 cards costs 200 bytes to 2 KB, the bits of an
int a few bytes, and the questions are a shift and a mask.
"""

from __future__ import annotations

from collections.abc import Collection

_BIT = {number: 1 << number for number in range(64)}
"""The bit of each number a hand names: seats, and cards (jokers included) below 64."""


def as_bits(numbers: Collection[int]) -> int:
    """Distinct ``numbers`` as bits: number ``n`` is bit ``n``.

    For distinct numbers the sum of their bits is their union, and ``sum`` over a table
    runs in C: a whole table's seats or a street's cards cost a few steps, not a few a number
    (this is asked for every street, every raise and every deal)."""
    try:
        return sum(map(_BIT.__getitem__, numbers))
    except KeyError:  # a number outside the table (never a seat or a card): shifted below
        pass
    bits = 0
    for number in numbers:
        bits |= 1 << number
    return bits
