"""Declare over any set of shares (issue 26, "Declare works over any set of shares";
docs/rules.md V7): a declaration is any non-empty set of the book's shares, written ``dcl 1+3``
or ``dcl all`` (``high``, ``low``, ``both`` in a two-share high-low book); each share goes
among the seats that declared it, and a seat that declared more than one (a swing) must win
or tie every share it declared or it takes nothing from the pot, which is decided again
without it (docs/conformance.md, the ``dcl`` line).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studspec import load_variant, parse_action
from studspec.engine.actions import Declaration, declaration_choices, spelled
from studspec.engine.cards import Card, parse_cards
from studspec.engine.machine import compile_variant
from studspec.engine.rules import ODD_CHIP
from studspec.engine.settlement import award_pot
from studspec.engine.shares import Holding
from studspec.errors import ActionFormatError
from studspec.rulebook.model import Face

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "tests" / "data" / "shares" / "high-low-chicago-declared.yaml"
FACES = (Face.DOWN, Face.DOWN, Face.UP, Face.UP, Face.UP, Face.UP, Face.DOWN)
THREE = (True, False, False)  # high, ace-to-five low, the spade in the hole
HIGH_LOW = (True, False)


@pytest.mark.parametrize(
    ("text", "value"),
    [("dcl 1", "1"), ("dcl 3+1", "1+3"), ("DCL ALL", "all"), ("dcl 2+1+3", "1+2+3"), ("dcl Both", "both")],
)
def test_a_declaration_is_read_as_share_numbers_ascending_or_a_word(text: str, value: str) -> None:
    """V7: share numbers in any order are written ascending; the words are case-blind."""
    action = parse_action(text)
    assert action.declaration == Declaration(value)
    assert str(parse_action(str(action))) == str(action) == f"dcl {value}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dcl", "dcl takes one word"),
        ("dcl 1 3", "dcl takes one word"),
        ("dcl 1+1", "names share 1 twice"),
        ("dcl 0", "share numbers joined by +"),
        ("dcl 12", "share numbers joined by +"),
        ("dcl 1+", "share numbers joined by +"),
        ("dcl none", "share numbers joined by +"),
        ("dcl " + "1+" * 5000 + "2", "characters"),
    ],
)
def test_a_declaration_that_names_no_set_of_shares_is_not_an_action(text: str, message: str) -> None:
    """V7: a declaration names one share at least, each once; nothing else reads as one, and
    a hostile line is named, not printed whole."""
    with pytest.raises(ActionFormatError, match=message):
        parse_action(text)


def test_a_declaration_built_by_hand_must_be_written_as_the_line_is() -> None:
    with pytest.raises(ActionFormatError, match="ascending: 1\\+3"):
        Declaration("3+1")
    with pytest.raises(ActionFormatError, match="is text"):
        Declaration(3)  # type: ignore[arg-type]  # the refusal under test


def test_the_words_name_the_high_share_and_the_other_in_a_high_low_book() -> None:
    """V7: in a two-share book with one high poker hand, high is that share wherever it is
    listed, low the other, both both; numbers and all name the same sets."""
    assert Declaration.HIGH.shares(HIGH_LOW) == (0,) and Declaration.LOW.shares(HIGH_LOW) == (1,)
    assert Declaration.HIGH.shares((False, True)) == (1,) and Declaration.LOW.shares((False, True)) == (0,)
    assert Declaration.BOTH.shares(HIGH_LOW) == Declaration.ALL.shares(HIGH_LOW) == Declaration("1+2").shares(HIGH_LOW)
    assert spelled((0, 1), HIGH_LOW) == Declaration.BOTH and spelled((1,), (False, True)) == Declaration.HIGH
    assert declaration_choices(HIGH_LOW) == (Declaration.HIGH, Declaration.LOW, Declaration.BOTH)


def test_a_three_share_book_is_declared_by_number_and_refuses_the_words() -> None:
    """V7: seven sets of three shares, the whole set written all; a share the book lacks and
    the two-share words are refused, saying how this book is declared."""
    offered = [d.value for d in declaration_choices(THREE)]
    assert offered == ["1", "2", "3", "1+2", "1+3", "2+3", "all"]
    assert Declaration("1+2+3").shares(THREE) == Declaration.ALL.shares(THREE) == (0, 1, 2)
    assert spelled((2, 0), THREE) == Declaration("1+3")
    with pytest.raises(ActionFormatError, match="numbered 1 to 3: there is no share 4"):
        Declaration("1+4").shares(THREE)
    with pytest.raises(ActionFormatError, match="declared by number"):
        Declaration.BOTH.shares(THREE)
    assert [d.swing for d in declaration_choices(THREE)] == [False, False, False, True, True, True, True]


def _award(
    hands: dict[int, str], declared: dict[int, str], amount: int = 100
) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """One pot of High-Low Chicago declared split among the declared shares."""
    shares = compile_variant(load_variant(str(BOOK))).rules.shares
    held = {seat: Holding.known(list(parse_cards(text)), FACES) for seat, text in hands.items()}
    chosen = {seat: Declaration(value) for seat, value in declared.items()}
    chip = ODD_CHIP["highest-card-by-suit"]
    return [(a.share, a.amounts) for a in award_pot(0, amount, sorted(hands), shares, held.__getitem__, chip, chosen)]


# p1: three kings, no low, no spade in the hole. p2: the low 7-5-4-2-A, ace high, no hole
# spade. p3: a pair of eights, no low, the ace of spades in the hole.
HANDS = {0: "KcKd9hKhQdJc3d", 1: "Ac2d4h7c5hTcJd", 2: "As9dQhTh8d8c6c"}


def test_each_share_goes_among_those_who_declared_it_odd_chip_to_high() -> None:
    """V7, S9: 100 is 34 high (the odd chip), 33 low, 33 spade."""
    assert _award(HANDS, {0: "1", 1: "2", 2: "3"}) == [
        ("high", ((0, 34),)),
        ("ace-to-five-low", ((1, 33),)),
        ("high-spade-in-the-hole", ((2, 33),)),
    ]


def test_a_swing_over_two_of_three_that_misses_one_takes_nothing() -> None:
    """V7: p1 declares high and spade with no hole spade: out; p3's eights take high, and the
    spade nobody else declared goes to high, the first share somebody won."""
    assert _award(HANDS, {0: "1+3", 1: "2", 2: "1"}) == [
        ("high", ((2, 67),)),
        ("ace-to-five-low", ((1, 33),)),
    ]


def test_a_swing_over_two_of_three_that_wins_both_keeps_them() -> None:
    """V7: p3 declares high and spade against p2's high only: p3's eights beat ace high and
    its As is the only hole spade, so it keeps both; p1 declared low with no low, and the
    low nobody qualified for goes to high."""
    assert _award(HANDS, {0: "2", 1: "1", 2: "1+3"}) == [
        ("high", ((2, 67),)),
        ("high-spade-in-the-hole", ((2, 33),)),
    ]


def test_when_every_declarer_fails_the_cards_decide() -> None:
    """V7: every seat swings all three and none wins all; nobody is left, so the cards speak:
    high p1, low p2, spade p3."""
    assert _award(HANDS, {0: "all", 1: "all", 2: "all"}) == [
        ("high", ((0, 34),)),
        ("ace-to-five-low", ((1, 33),)),
        ("high-spade-in-the-hole", ((2, 33),)),
    ]


_SETS = st.sampled_from([d.value for d in declaration_choices(THREE)])
_DECK: list[Card] = [c for c in parse_cards("".join(r + s for r in "23456789TJQKA" for s in "cdhs")) if c is not None]


@settings(max_examples=60, deadline=None)
@given(
    seats=st.integers(2, 5),
    amount=st.integers(1, 10_000),
    data=st.data(),
)
def test_chips_are_conserved_under_any_declarations(seats: int, amount: int, data: st.DataObject) -> None:
    """V7, S9: whatever each seat declares, every chip of the pot goes to a seat that could
    win it, and none more."""
    cards: list[Card] = data.draw(st.permutations(_DECK))[: 7 * seats]
    hands = {seat: "".join(str(c) for c in cards[7 * seat : 7 * seat + 7]) for seat in range(seats)}
    declared = {seat: data.draw(_SETS) for seat in range(seats)}
    awards = _award(hands, declared, amount)
    paid = [chips for _, amounts in awards for _, chips in amounts]
    assert sum(paid) == amount and all(chips > 0 for chips in paid)


def test_a_person_types_a_set_of_shares_at_the_prompt() -> None:
    """play's prompt (docs/rules.md V7): ``1+3`` and ``all`` typed alone declare; ``dcl 2``
    declares share 2 (a number alone picks from the list)."""
    from studspec.play.game import parse_choice

    assert parse_choice("3+1", []) == parse_action("dcl 1+3")
    assert parse_choice("all", []) == parse_action("dcl all")
    assert parse_choice("dcl 2", []) == parse_action("dcl 2")
