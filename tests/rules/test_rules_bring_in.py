"""Who brings in, what the bring-in seat and the next seats may do, and a short bring-in.

Sources: WSOP-L 215-219, 235, 240; seeds 000-002; docs/rules.md E1, E2, E3, E5,
E7, E8. Stakes: ante 1, bring-in 3, small bet 10, big bet 20.
"""

from __future__ import annotations

import pytest

from scripted import HILO, RAZZ, STUD, actions_taken, deal, finish, legal, new_hand, play, won
from studspec.engine.events import BringInDue
from studspec.engine.hand import Hand
from studspec.errors import IllegalActionError


def bring_in_seat(hand: Hand) -> int:
    due = [e for e in hand.events if isinstance(e, BringInDue)]
    assert len(due) == 1, due
    return due[0].seat


@pytest.mark.parametrize("name", [STUD, HILO])
def test_lowest_door_brings_in_ace_is_high(name: str) -> None:
    """WSOP-L 215 (stud), WSOP-L 240 (stud/8: "an ace counting as a high card"), edge
    case 2: doors A♣ and 2♠ -> the 2♠ brings in, not the ace."""
    hand = new_hand(name)
    deal(hand, p1="KdQdAc", p2="KhQh2s", p3="KsQs9h")
    assert bring_in_seat(hand) == 1
    assert hand.actor == 1


def test_razz_highest_door_brings_in_ace_is_low_king_of_spades_worst() -> None:
    """WSOP-L 235 / razz intro ("the king of spades being the highest card"), edge case 3:
    doors K♥, A♣, K♠ -> K♠ brings in (the ace is the lowest card in razz)."""
    hand = new_hand(RAZZ)
    deal(hand, p1="2d3dKh", p2="2h3hAc", p3="2s3sKs")
    assert bring_in_seat(hand) == 2


def test_razz_king_of_spades_brings_in_from_any_seat() -> None:
    """WSOP-L 235, edge case 3 (seats swapped): K♠ at p1, K♥ at p3 -> p1 brings in; the
    suit, not the position, breaks the tie."""
    hand = new_hand(RAZZ)
    deal(hand, p1="2s3sKs", p2="2h3hAc", p3="2d3dKh")
    assert bring_in_seat(hand) == 0


def test_equal_low_doors_break_by_suit_clubs_lowest() -> None:
    """Seeds 001/002 (suits rank spades, hearts, diamonds, clubs; the lowest card "by rank
    and by suit" brings in), WSOP-L 215, edge case 1: 2♦ at seat 3 and 2♣ at seat 6 ->
    seat 6 brings in, although seat 3 is earlier."""
    hand = new_hand(STUD, stacks=[1000] * 6)
    deal(hand, p1="AsKs9h", p2="AhKhTs", p3="AdKd2d", p4="AcKcJc", p5="QsQhQd", p6="JsJh2c")
    assert bring_in_seat(hand) == 5


def test_razz_equal_high_doors_break_by_suit_spades_highest() -> None:
    """WSOP-L 235 ("the highest card by suit starts the action"): doors Q♦ (p1) and Q♠ (p2)
    -> p2 brings in."""
    hand = new_hand(RAZZ)
    deal(hand, p1="2s3sQd", p2="2h3hQs", p3="2d3d5c")
    assert bring_in_seat(hand) == 1


def test_bring_in_seat_may_post_or_complete_but_not_fold() -> None:
    """WSOP-L 216 (the forced bet may open for a full bet), WSOP-L 219: the bring-in seat
    posts the bring-in (3) or completes to the small bet (10); folding is refused."""
    hand = new_hand(STUD)
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h")
    assert hand.actor == 0
    assert legal(hand) == ["pb", "cbr 10"]
    with pytest.raises(IllegalActionError):
        play(hand, "p1 f")
    with pytest.raises(IllegalActionError):
        play(hand, "p1 cc")
    play(hand, "p1 pb")
    assert actions_taken(hand)[-1].added == 3


def test_after_the_bring_in_next_seat_may_fold_call_or_complete_only() -> None:
    """WSOP-L 219 (completing the bring-in is not a raise), edge case 5: BI 3, SB 10 -> the
    next player may fold, call 3 or complete to 10; "raise to 13" (BI + SB) is illegal."""
    hand = new_hand(STUD)
    play(
        hand,
        """
        d dh p1 AsKs2c
        d dh p2 AhKh9d
        d dh p3 AdKd9h
        p1 pb
        """,
    )
    assert hand.actor == 1
    assert legal(hand) == ["f", "cc", "cbr 10"]
    for illegal in ("p2 cbr 13", "p2 cbr 6", "p2 cbr 20"):
        with pytest.raises(IllegalActionError):
            play(hand, illegal)
    play(hand, "p2 cc")
    assert actions_taken(hand)[-1].added == 3
    # p3 has the same choices after a call of the bring-in.
    assert legal(hand) == ["f", "cc", "cbr 10"]
    play(hand, "p3 cbr 10")
    # After the completion a raise is a full small bet: to 20.
    assert legal(hand) == ["f", "cc", "cbr 20"]


def test_completion_by_the_bring_in_seat_counts_as_the_bet() -> None:
    """WSOP-L 216/219: the bring-in seat opens for a full bet (10); the next seat faces a
    bet of 10: fold, call 10 or raise to 20."""
    hand = new_hand(STUD)
    play(hand, "d dh p1 AsKs2c\nd dh p2 AhKh9d\nd dh p3 AdKd9h\np1 cbr 10")
    assert legal(hand) == ["f", "cc", "cbr 20"]


def test_everyone_calls_the_bring_in_round_ends_without_option() -> None:
    """docs/rules.md E7 (no bring-in "option": the bring-in was action taken in
    turn): p1 brings in, p2 and p3 call -> third street is over and fourth street's cards
    are due; p1 is not asked to act again."""
    hand = new_hand(STUD)
    play(hand, "d dh p1 AsKs2c\nd dh p2 AhKh9d\nd dh p3 AdKd9h\np1 pb\np2 cc\np3 cc")
    assert hand.actor is None
    assert legal(hand, 0) == []
    assert hand.street_id == "fourth"
    pending = hand.pending_deal()
    assert pending is not None and pending.seat == 0 and pending.count == 1
    assert hand.stacks == [996, 996, 996]


def test_short_bring_in_still_obliges_the_full_bring_in() -> None:
    """WSOP-L 217 ("All other participants must enter for at least the bring-in amount"),
    edge case 8: p1 has 2 chips after the ante and the low card; BI 3 -> p1 posts 2,
    all-in; p2 and p3 must call 3, and their extra 1 + 1 forms a side pot p1 cannot win.

    p1 holds the best hand: main pot 3 x (1 + 2) = 9 -> p1. Side pot 1 + 1 = 2 -> p2
    (aces over p3's kings). Final: p1 9, p2 1000 - 4 + 2 = 998, p3 996.
    """
    hand = new_hand(STUD, stacks=[3, 1000, 1000])
    deal(hand, p1="QsQh2c", p2="AdAh9d", p3="KcKh9h")
    assert hand.actor == 0
    assert "pb" in legal(hand)
    play(hand, "p1 pb")
    assert actions_taken(hand)[-1].added == 2 and actions_taken(hand)[-1].all_in
    assert hand.actor == 1
    assert legal(hand) == ["f", "cc", "cbr 10"]
    play(hand, "p2 cc")
    assert actions_taken(hand)[-1].added == 3
    play(hand, "p3 cc")
    assert actions_taken(hand)[-1].added == 3
    # Later streets: p2 and p3 check it down; p1 makes four queens, p2 aces, p3 kings.
    finish(hand, p1="QdQc3d4d", p2="5c6c7sTs", p3="5s6s8cJd")
    assert hand.is_complete
    assert won(hand) == {0: 9, 1: 2}
    assert hand.result is not None and hand.result.stacks == (9, 998, 996)


def test_short_bring_in_cannot_lower_what_the_others_owe() -> None:
    """WSOP-L 217, edge case 8: a low card with 2 chips (BI 3) can only post its 2 chips as
    the bring-in for less; "completing" to 2 is no completion (the small bet is 10), and
    however the 2 chips go in, the next player must enter for at least 3.

    The interpreter offers ``cbr 2`` beside ``pb``; taking it sets the level to 2, and the
    next seat is then asked to call only 2, contradicting WSOP-L 217.
    """
    hand = new_hand(STUD, stacks=[3, 1000, 1000])
    deal(hand, p1="QsQh2c", p2="AdAh9d", p3="KcKh9h")
    try:
        play(hand, "p1 cbr 2")
    except IllegalActionError:
        return  # refused: the only way to put the 2 chips in is pb, tested above
    call = next(a for a in hand.legal_actions() if str(a) == "cc")
    assert call.cost == 3, f"after a 2-chip all-in bring-in p2 must call 3, is asked {call.cost}"


def test_low_card_all_in_for_the_ante_next_seat_must_open() -> None:
    """WSOP-L 217 ("If the participant with the low card is all-in for the ante, the person
    to that participant's left acts first"), docs/rules.md E9: p1 has the 2♣ and
    no chips after the ante; p2 acts first and may not check: it opens for at least the
    bring-in (3, or completes to 10)."""
    hand = new_hand(STUD, stacks=[1, 1000, 1000])
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h")
    assert hand.actor == 1
    options = hand.legal_actions()
    assert "cc" not in legal(hand), "nothing has been bet: a check would leave no opening wager"
    wagers = sorted(a.cost for a in options if str(a) != "f")
    assert wagers and wagers[0] >= 3


def test_low_card_all_in_for_the_ante_next_seat_may_fold() -> None:
    """docs/rules.md E9 and its default "TDA" (RP-10E): the seat to the left of a
    low card that is all-in for the ante "opens for >= bring-in or folds". (pokerkit, per
    the matrix, instead forces that seat to post; the matrix chose TDA as the default.)"""
    hand = new_hand(STUD, stacks=[1, 1000, 1000])
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h")
    assert hand.actor == 1
    assert "f" in legal(hand)


def test_opening_obligation_moves_on_when_the_next_seat_folds() -> None:
    """TDA RP-10E: with the low card all-in for the ante, each seat in turn opens for at
    least the bring-in or folds. p2 folds, so p3 must open or fold; with nobody left who
    could call a completion (p1 has no chips), opening means posting the bring-in. If p3
    folds too, p1 (all-in for its 1-chip ante) wins the three antes: 1 + 1 + 1 = 3."""
    hand = new_hand(STUD, stacks=[1, 1000, 1000])
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h")
    play(hand, "p2 f")
    assert hand.actor == 2
    assert legal(hand) == ["f", "pb"]
    play(hand, "p3 f")
    assert hand.is_complete
    assert hand.result is not None and hand.result.stacks == (3, 999, 999)


def test_short_all_in_of_half_a_bet_reopens_to_a_full_raise() -> None:
    """WSOP-L 129 (an all-in of half a bet or more is treated as a full bet), edge case 10:
    after BI 3, p2 goes all-in to 8, at least half of the completion to 10, so it counts
    as the completion -> the next player calls 8 or raises a full bet to 18."""
    hand = new_hand(STUD, stacks=[1000, 9, 1000])
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h")
    play(hand, "p1 pb\np2 cbr 8")
    assert legal(hand) == ["f", "cc", "cbr 18"]


def test_short_all_in_below_half_a_bet_does_not_reopen() -> None:
    """WSOP-L 129 (less than half a bet does not reopen the betting for those who already
    acted; those who have not acted may fold, call or complete), edge case 10: after BI
    3, p2 is all-in to 4 -> p3 and p4 may call 4 or complete to 10; when both call, the
    bring-in (who already acted) may only call or fold."""
    hand = new_hand(STUD, stacks=[1000, 5, 1000, 1000])
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h", p4="AcKcTs")
    play(hand, "p1 pb\np2 cbr 4")
    assert legal(hand) == ["f", "cc", "cbr 10"]
    play(hand, "p3 cc")
    assert legal(hand) == ["f", "cc", "cbr 10"]
    play(hand, "p4 cc")
    assert hand.actor == 0
    assert legal(hand) == ["f", "cc"]
