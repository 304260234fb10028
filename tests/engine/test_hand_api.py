"""The hand's interface: stacked decks, stakes checks, the event log of the bring-in."""

from __future__ import annotations

import pytest

from studspec.engine.actions import parse_action
from studspec.engine.cards import parse_cards
from studspec.engine.events import BringInDue, CardsDealt
from studspec.engine.hand import Hand
from studspec.errors import IllegalActionError, IllegalDealError, StakesError
from studspec.history.phh import apply_history_action
from studspec.rulebook import load_variant
from studspec.rulebook.model import Stakes

STAKES = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)


def test_a_stacked_deck_deals_its_cards_first_and_the_rest_after() -> None:
    """A stacked deck names the top cards; third street deals them seat by seat (seed 000:
    two down, one up to each player), and the hand goes on from the unnamed rest."""
    top = parse_cards("AsKsQs2c3c4c")
    hand = Hand(load_variant("seven-card-stud"), [100, 100], stakes=STAKES, deck=[c for c in top if c is not None])
    dealt = [e.cards for e in hand.events if isinstance(e, CardsDealt)]
    assert dealt == [tuple(top[:3]), tuple(top[3:])]
    hand.act(parse_action("pb"))  # 4c is the lower door: p2 brings in
    assert hand.events[-1].seat == 1  # type: ignore[attr-defined]


def test_the_deuce_of_clubs_is_a_card_like_any_other() -> None:
    """Cards are ints (2c is 0) but never false."""
    assert all(parse_cards("2c"))


def test_a_seat_needs_chips_to_be_dealt_in() -> None:
    with pytest.raises(StakesError, match="above 0"):
        Hand(load_variant("seven-card-stud"), [100, 0, 100], stakes=STAKES)


def test_the_small_bet_must_be_below_the_big_bet() -> None:
    """Issue 3: stakes are validated at the table too."""
    with pytest.raises(StakesError, match="below the big bet"):
        Hand(load_variant("seven-card-stud"), [100, 100], stakes=Stakes(1, 3, 20, 20))


def test_the_log_names_each_seat_that_must_open() -> None:
    """TDA RP-10E: with the low card all-in for the ante, the opening obligation passes to the
    left and on round the table as seats fold; the event log records each step."""
    hand = Hand(load_variant("seven-card-stud"), [1, 100, 100], stakes=STAKES, deal_from_outside=True)
    for line in ("d dh p1 AsAh2c", "d dh p2 5d6d9c", "d dh p3 8d9dJh", "p2 f"):
        apply_history_action(hand, line)
    due = [e.seat for e in hand.events if isinstance(e, BringInDue)]
    assert due == [1, 2]


@pytest.mark.parametrize("seat", [1.0, True, -1, 7, "p2", 10**5000], ids=["float", "bool", "-1", "7", "str", "huge"])
def test_a_seat_that_is_not_a_seat_number_is_refused_and_changes_nothing(seat: object) -> None:
    """Seats are the integers 0 to seats - 1: a bool or a float is not one, though Python
    compares True and 1.0 equal to 1 (issue 21 item 12: ``act(seat=1.0)`` was a bare
    TypeError and ``seat=True`` was logged as taken). Refused with the reason, hand unchanged."""
    hand = Hand(load_variant("razz"), [100] * 3, seed=1)
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="seats are the integers 0 to 2"):
        hand.act(parse_action("pb"), seat)  # type: ignore[arg-type]
    assert hand.snapshot() == before
    outside = Hand(load_variant("razz"), [100] * 3, deal_from_outside=True)
    with pytest.raises(IllegalDealError, match="seats are the integers 0 to 2"):
        outside.deal(seat, parse_cards("2c3c4c"))  # type: ignore[arg-type]
    assert outside.log == []


@pytest.mark.parametrize("given", ["cc", None, ("cc",)], ids=["str", "none", "tuple"])
def test_something_that_is_not_an_action_is_refused_and_changes_nothing(given: object) -> None:
    """``Hand.act`` takes an Action: anything else (a string, or a LegalAction from
    ``legal_actions()`` passed on as is) used to be logged as taken, and the hand's snapshot
    then failed. Refused with what is allowed, hand unchanged."""
    hand = Hand(load_variant("razz"), [100] * 3, seed=1)
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match=r"Hand\.act takes an Action"):
        hand.act(given)  # type: ignore[arg-type]
    assert hand.snapshot() == before


def test_a_legal_action_passed_on_as_is_is_refused_with_how_to_build_the_action() -> None:
    """The choices ``legal_actions()`` gives are what is allowed; the chosen Action is built
    from one. Passing the choice itself is refused and the hand is as it was."""
    hand = Hand(load_variant("razz"), [100] * 3, seed=1)
    before = hand.snapshot()
    choice = hand.legal_actions()[0]
    with pytest.raises(IllegalActionError, match="a LegalAction says what is allowed"):
        hand.act(choice)  # type: ignore[arg-type]
    assert hand.snapshot() == before
    assert hand.log == []
