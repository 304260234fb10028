"""Dividing a pot: shares, odd chips and identical hands (WSOP-L 149, 244; WSOP-T 73)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from studspec.engine.cards import Card, parse_cards
from studspec.engine.evaluation import ACE_TO_FIVE_LOW, HIGH
from studspec.engine.rules import ODD_CHIP, SHARE_RULES
from studspec.engine.settlement import award_pot, share_portions
from studspec.engine.shares import Holding, RankedShare
from studspec.rulebook.model import Face

WHEEL_1 = parse_cards("As2d3c4h5sKcQh")
WHEEL_2 = parse_cards("Ac2c3d4d5hKdQd")
HIGH_SHARE, LOW_SHARE = RankedShare(HIGH), RankedShare(ACE_TO_FIVE_LOW)
SHARES = [(HIGH_SHARE, None), (LOW_SHARE, 8)]


CHIP = ODD_CHIP["highest-card-by-suit"]


def held(cards: list[Card | None]) -> Holding:
    """Seven cards dealt as stud deals them: two down, four up, one down."""
    faces = (Face.DOWN, Face.DOWN, Face.UP, Face.UP, Face.UP, Face.UP, Face.DOWN)
    return Holding.known(cards, faces)


def test_odd_chip_between_shares_goes_to_high_whatever_the_order() -> None:
    """WSOP-L 244: when there is an odd chip in a pot, the chip goes to the high hand."""
    assert share_portions(101, [HIGH_SHARE, LOW_SHARE]) == [51, 50]
    assert share_portions(101, [LOW_SHARE, HIGH_SHARE]) == [50, 51]


@given(amount=st.integers(min_value=2, max_value=10_000))
def test_identical_hands_split_the_whole_pot_evenly(amount: int) -> None:
    """WSOP-L 149: two players with identical hands (the same wheel, high and low) split the
    pot as evenly as possible; each share is still paid in full."""
    cards = {0: held(WHEEL_1), 1: held(WHEEL_2)}
    awards = award_pot(0, amount, [0, 1], SHARES, cards.__getitem__, ODD_CHIP["highest-card-by-suit"])
    assert [award.share for award in awards] == ["high", "ace-to-five-low"]
    totals = {0: 0, 1: 0}
    for award, portion in zip(awards, share_portions(amount, [HIGH_SHARE, LOW_SHARE])):
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
    awards = award_pot(
        0, 101, [0, 1], SHARES, {0: held(high_only), 1: held(no_low)}.__getitem__, ODD_CHIP["highest-card-by-suit"]
    )
    assert [(a.share, a.amounts) for a in awards] == [("high", ((0, 101),))]


def test_the_spade_in_the_hole_counts_face_down_cards_only() -> None:
    """docs/rules.md E35 (High Chicago): the A♠ face up at one seat does not count; the
    K♠ in another seat's hole takes the spade half. The high hand takes the other half."""
    spade = SHARE_RULES["high-spade-in-the-hole"]
    seat_1 = held(parse_cards("2d3dAsJcTc9h8h"))  # the ace of spades is its first up card
    seat_4 = held(parse_cards("Ks7c6d6h6s2c3h"))  # the king of spades in the hole
    assert spade.score(seat_1) is None
    awards = award_pot(0, 100, [0, 3], [(HIGH_SHARE, None), (spade, None)], {0: seat_1, 3: seat_4}.__getitem__, CHIP)
    assert [(a.share, a.amounts) for a in awards] == [
        ("high", ((3, 50),)),  # three sixes beat the ace-high
        ("high-spade-in-the-hole", ((3, 50),)),
    ]


def test_no_spade_in_any_hole_gives_high_the_whole_pot() -> None:
    """docs/rules.md section V (High/Low Chicago): with no hole spade, high scoops."""
    spade = SHARE_RULES["high-spade-in-the-hole"]
    seat_0 = held(parse_cards("2d3dAsJcTc9h8h"))
    seat_1 = held(parse_cards("Kc7c6d6h6sQs3h"))
    awards = award_pot(0, 101, [0, 1], [(HIGH_SHARE, None), (spade, None)], {0: seat_0, 1: seat_1}.__getitem__, CHIP)
    assert [(a.share, a.amounts) for a in awards] == [("high", ((1, 101),))]


def test_low_chicago_counts_the_ace_as_the_house_says() -> None:
    """docs/rules.md section V: the ace's rank in Low Chicago is a house choice. Ace low: the
    A♠ in the hole is the lowest spade; ace high: the 2♠ is."""
    ace = held(parse_cards("As9d5c4c5h9h8h"))
    deuce = held(parse_cards("2s9c6d6h7s7c3h"))
    for name, winner in (("low-spade-in-the-hole", 0), ("low-spade-in-the-hole-ace-high", 1)):
        rule = SHARE_RULES[name]
        ace_score, deuce_score = rule.score(ace), rule.score(deuce)
        assert ace_score is not None and deuce_score is not None
        assert (ace_score > deuce_score) == (winner == 0), name
