"""Fixed-limit betting: bet sizes by street, the raise cap, and the open pair on 4th street.

Sources: WSOP-L section IX intro, 219, 220, 233, 236, 237, 242; seeds 000/001 ("one bet
and three raises"); docs/rules.md E6, E11, E13, E14. Stakes: ante 1, BI 3, SB 10,
BB 20.
"""

from __future__ import annotations

import pytest

from scripted import HILO, RAZZ, STUD, cbr_amounts, deal, legal, new_hand, passive, play
from studspec.engine.hand import Hand
from studspec.errors import IllegalActionError


def five_handed_third_street() -> Hand:
    hand = new_hand(STUD, stacks=[1000] * 5)
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h", p4="AcKcTs", p5="QsQhJd")
    return hand


def test_cap_is_completion_plus_three_raises_on_third_street() -> None:
    """Seeds 000/001 (one bet and three raises per round), WSOP-L 219 (the completion is
    the bet, not a raise), edge case 6: BI 3 -> complete 10 -> 20 -> 30 -> 40; the next
    player may only call or fold."""
    hand = five_handed_third_street()
    play(hand, "p1 pb\np2 cbr 10\np3 cbr 20\np4 cbr 30")
    assert legal(hand) == ["f", "cc", "cbr 40"]  # the third raise is still allowed
    play(hand, "p5 cbr 40")
    assert hand.actor == 0
    assert legal(hand) == ["f", "cc"]
    with pytest.raises(IllegalActionError) as refused:
        play(hand, "p1 cbr 50")
    assert "cap" in refused.value.reason
    play(hand, "p1 cc")
    assert legal(hand) == ["f", "cc"]  # still capped for p2


def test_cap_when_the_bring_in_seat_completes() -> None:
    """Seeds 000/001, WSOP-L 216/219: the bring-in seat's own completion to 10 is the bet;
    20, 30, 40 are the three raises, then only calls."""
    hand = five_handed_third_street()
    play(hand, "p1 cbr 10\np2 cbr 20\np3 cbr 30\np4 cbr 40")
    assert legal(hand) == ["f", "cc"]


def test_cap_on_a_later_street_is_bet_plus_three_raises() -> None:
    """Seeds 000/001 (every round: one bet, three raises): 5th street (big bet 20): bet 20,
    raises to 40, 60, 80; the next player may only call or fold."""
    hand = new_hand(STUD, stacks=[1000] * 3)
    play(
        hand,
        """
        d dh p1 AsKs2c
        d dh p2 AhKh9d
        d dh p3 AdKd9h
        p1 pb
        p2 cc
        p3 cc
        """,
    )
    deal(hand, p1="3c", p2="4d", p3="7s")
    passive(hand)
    deal(hand, p1="5c", p2="6d", p3="8s")
    # 5th street boards: p1 2c3c5c, p2 9d4d6d, p3 9h7s8s -> p3 (nine-eight-seven) opens.
    assert hand.actor == 2
    play(hand, "p3 cbr 20\np1 cbr 40\np2 cbr 60\np3 cbr 80")
    assert legal(hand) == ["f", "cc"]


def to_act(hand: Hand) -> str:
    """The PHH name of the seat to act (``p1`` for seat 0): the hand waits for a player."""
    seat = hand.actor
    assert seat is not None, f"nobody is to act ({hand.state})"
    return f"p{seat + 1}"


def play_to(hand: Hand, street: str) -> None:
    """Three players, boards without pairs: p1 2c 3c 5c 7c, p2 9d 4d 6d Jd, p3 9h 7s 8s Th."""
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h")
    ups = [
        dict(p1="3c", p2="4d", p3="7s"),
        dict(p1="5c", p2="6d", p3="8s"),
        dict(p1="7c", p2="Jd", p3="Th"),
        dict(p1="Qc", p2="Qh", p3="Qs"),
    ]
    order = ["third", "fourth", "fifth", "sixth", "seventh"]
    for step in range(order.index(street)):
        passive(hand)
        deal(hand, **ups[step])


@pytest.mark.parametrize("name", [STUD, HILO, RAZZ])
@pytest.mark.parametrize(
    "street, size",
    [("third", 10), ("fourth", 10), ("fifth", 20), ("sixth", 20), ("seventh", 20)],
)
def test_small_bet_on_third_and_fourth_big_bet_from_fifth(name: str, street: str, size: int) -> None:
    """WSOP-L section IX intro (stud), 242 (stud/8), 236 (razz): the small bet (10) on 3rd
    and 4th street, the big bet (20) on 5th, 6th and 7th; a raise adds one more such bet.
    No board is paired, so the open-pair option does not apply."""
    hand = new_hand(name, stacks=[1000] * 3)
    play_to(hand, street)
    if street == "third":
        play(hand, f"{to_act(hand)} pb")  # then the completion is to one small bet
        assert cbr_amounts(hand.legal_actions()) == [size]
        play(hand, f"{to_act(hand)} cbr {size}")
    else:
        assert cbr_amounts(hand.legal_actions()) == [size]
        play(hand, f"{to_act(hand)} cbr {size}")
    assert cbr_amounts(hand.legal_actions()) == [2 * size]
    with pytest.raises(IllegalActionError):
        play(hand, f"{to_act(hand)} cbr {3 * size}")


# --- the open pair on 4th street -------------------------------------------------------


def fourth_with_open_pair(name: str) -> Hand:
    """p1 shows 8♥ 8♦ on 4th street (an open pair); p2 and p3 show unpaired boards."""
    hand = new_hand(name, stacks=[1000] * 3)
    play(
        hand,
        """
        d dh p1 AsKs8h
        d dh p2 AhKh2c
        d dh p3 AdKd9c
        """,
    )
    passive(hand)  # p2 (2c) brings in in stud and stud/8; p1 (8h) is not the razz bring-in either
    deal(hand, p1="8d", p2="5c", p3="Tc")
    return hand


def test_open_pair_opener_may_bet_small_or_big() -> None:
    """WSOP-L 220, edge case 11: the high hand with an open pair bets the small (10) or the
    big bet (20)."""
    hand = fourth_with_open_pair(STUD)
    assert hand.actor == 0  # the pair of eights is the high board
    assert legal(hand) == ["cc", "cbr 10", "cbr 20"]


def test_open_pair_after_a_small_bet_raise_small_or_big() -> None:
    """WSOP-L 220 ("If you bet $5, any participant then has the option to call $5, raise
    $5, or raise $10"), edge case 11: after a bet of 10 the next player may call 10 or
    raise to 20 or 30."""
    hand = fourth_with_open_pair(STUD)
    play(hand, "p1 cbr 10")
    assert legal(hand) == ["f", "cc", "cbr 20", "cbr 30"]


def test_open_pair_after_a_big_raise_all_raises_are_big() -> None:
    """WSOP-L 220 ("If a $10 raise is made, then all other raises must be in increments of
    $10"): bet 10, raise 20 more to 30 -> the next raise is to 50 only."""
    hand = fourth_with_open_pair(STUD)
    play(hand, "p1 cbr 10\np2 cbr 30")
    assert legal(hand) == ["f", "cc", "cbr 50"]


def test_open_pair_after_a_big_bet_raises_are_big() -> None:
    """WSOP-L 220, edge case 11 ("After a 10-sized wager, raises go up by 10"): bet 20 ->
    the next raise is to 40 only."""
    hand = fourth_with_open_pair(STUD)
    play(hand, "p1 cbr 20")
    assert legal(hand) == ["f", "cc", "cbr 40"]


def test_open_pair_after_a_small_raise_the_option_remains() -> None:
    """WSOP-L 220: only a big bet or raise locks the size; bet 10, raise 10 to 20 -> the next
    player may still raise small (to 30) or big (to 40)."""
    hand = fourth_with_open_pair(STUD)
    play(hand, "p1 cbr 10\np2 cbr 20")
    assert legal(hand) == ["f", "cc", "cbr 30", "cbr 40"]


def test_open_pair_holder_checks_next_player_keeps_the_option() -> None:
    """WSOP-L 220 ("If the participant high with the open pair on fourth street checks,
    then subsequent participants have the same options"), edge case 13."""
    hand = fourth_with_open_pair(STUD)
    play(hand, "p1 cc")
    assert hand.actor == 1
    assert legal(hand) == ["cc", "cbr 10", "cbr 20"]
    play(hand, "p2 cbr 20")
    assert legal(hand) == ["f", "cc", "cbr 40"]


def test_open_pair_does_not_change_fifth_street() -> None:
    """WSOP-L 220 applies to 4th street only; 5th street is the big bet (edge case 11)."""
    hand = fourth_with_open_pair(STUD)
    passive(hand)
    deal(hand, p1="3h", p2="6c", p3="Jc")
    assert cbr_amounts(hand.legal_actions()) == [20]


@pytest.mark.parametrize("name", [HILO, RAZZ])
def test_no_open_pair_big_bet_in_stud8_or_razz(name: str) -> None:
    """WSOP-L 237 (stud/8), 233 and 236 (razz), edge case 14: an open pair on 4th street
    gives no option; the only bet is the small bet (10); a bet of 20 is refused."""
    hand = fourth_with_open_pair(name)
    actor = hand.actor
    assert actor is not None
    assert cbr_amounts(hand.legal_actions()) == [10]
    with pytest.raises(IllegalActionError):
        play(hand, f"p{actor + 1} cbr 20")
