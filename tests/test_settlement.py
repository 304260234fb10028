"""Dividing a pot: shares, odd chips and identical hands (WSOP-L 149, 244; WSOP-T 73)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from studspec.engine.cards import parse_cards
from studspec.engine.evaluation import ACE_TO_FIVE_LOW, HIGH
from studspec.engine.rules import ODD_CHIP
from studspec.engine.settlement import award_pot, share_portions

WHEEL_1 = parse_cards("As2d3c4h5sKcQh")
WHEEL_2 = parse_cards("Ac2c3d4d5hKdQd")
SHARES = [(HIGH, None), (ACE_TO_FIVE_LOW, 8)]


def test_odd_chip_between_shares_goes_to_high_whatever_the_order() -> None:
    """WSOP-L 244: when there is an odd chip in a pot, the chip goes to the high hand."""
    assert share_portions(101, [HIGH, ACE_TO_FIVE_LOW]) == [51, 50]
    assert share_portions(101, [ACE_TO_FIVE_LOW, HIGH]) == [50, 51]


@given(amount=st.integers(min_value=2, max_value=10_000))
def test_identical_hands_split_the_whole_pot_evenly(amount: int) -> None:
    """WSOP-L 149: two players with identical hands (the same wheel, high and low) split the
    pot as evenly as possible; each share is still paid in full."""
    cards = {0: WHEEL_1, 1: WHEEL_2}
    awards = award_pot(0, amount, [0, 1], SHARES, cards.__getitem__, ODD_CHIP["highest-card-by-suit"])
    assert [award.share for award in awards] == ["high", "ace-to-five-low"]
    totals = {0: 0, 1: 0}
    for award, portion in zip(awards, share_portions(amount, [HIGH, ACE_TO_FIVE_LOW])):
        assert sum(chips for _, chips in award.amounts) == portion
        for seat, chips in award.amounts:
            assert chips >= 0
            totals[seat] += chips
    assert abs(totals[0] - totals[1]) <= 1
    if amount % 2:
        # The odd chip: the highest card by suit of the five, the 5s (p1) over the 5h.
        assert totals[0] == totals[1] + 1


def test_no_qualifying_low_high_takes_all() -> None:
    """WSOP-L 236-238 (stud/8 intro): with no qualifying low the best high wins the pot."""
    high_only = parse_cards("KsKhKdQcJc9d9h")
    no_low = parse_cards("Qs Jh Td 9c 8s 2d 2c".replace(" ", ""))
    awards = award_pot(0, 101, [0, 1], SHARES, {0: high_only, 1: no_low}.__getitem__, ODD_CHIP["highest-card-by-suit"])
    assert [(a.share, a.amounts) for a in awards] == [("high", ((0, 101),))]
