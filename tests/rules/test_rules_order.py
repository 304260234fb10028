"""Who acts first on 4th-7th street, and who shows first at the showdown.

Sources: WSOP-L 215, 235, 240; seeds 000-002; TDA 17A / WSOP-T 72 (show order); rules
matrix section 3, edge cases 15-19 and 24.
"""

from __future__ import annotations

import pytest

from scripted import HILO, RAZZ, STUD, deal, deal_street, new_hand, passive, play, run_passive, shown_order, streets
from studspec.engine.hand import Hand


@pytest.mark.parametrize("name", [STUD, HILO])
def test_equal_high_boards_first_seat_left_of_dealer_acts(name: str) -> None:
    """WSOP-L 215 ("a tie is broken by position"), WSOP-L 240 (stud/8), edge case 15: on
    4th street p2 shows K♥7♣ and p5 shows K♠7♦; the others show less -> p2 acts first
    (the suits do not matter: K♠ does not make p5 first)."""
    hand = new_hand(name, stacks=[1000] * 5)
    deal(hand, p1="AsAd2c", p2="AhAcKh", p3="QsQd5h", p4="JsJd6s", p5="TsTdKs")
    passive(hand)
    deal(hand, p1="3d", p2="7c", p3="4h", p4="9c", p5="7d")
    assert hand.actor == 1


def test_razz_equal_low_boards_first_seat_acts() -> None:
    """WSOP-L 235 ("If the low hand is tied, the first participant clockwise from the dealer
    starts the action"), edge case 19: 6♦4♣ (p2) and 6♣4♦ (p4) -> p2."""
    hand = new_hand(RAZZ, stacks=[1000] * 4)
    deal(hand, p1="AsAdKs", p2="2h2c6d", p3="3s3dJh", p4="5s5d6c")
    passive(hand)
    deal(hand, p1="Qd", p2="4c", p3="Th", p4="4d")
    assert hand.actor == 1


def test_pair_board_opens_before_straight_and_flush_boards() -> None:
    """Edge case 16 / docs/rules.md O2 (straights and flushes never count),
    WSOP-L 225 (dealers do not announce possible straights or flushes): on 6th street
    5♥6♥7♥8♥ (p1) against 2♣2♦9♠3♥ (p2) -> the pair opens."""
    hand = new_hand(STUD)
    run = run_passive(
        hand,
        "AsAd5h6h7h8h4c",
        "KsKd2c2d9s3hJc",
        "QsQdKhQcJd4dTc",
    )
    # 3rd: 2c brings in; 4th: pair of deuces; 5th: 2-2-9; 6th: 2-2-9-3 over the heart run.
    assert run.openers == [1, 1, 1, 1, 1]


def test_trips_board_opens_before_two_pair_board() -> None:
    """Edge case 17 / WSOP-L 215 ("the high hand on board"): on 6th street K♣K♦4♠4♥ (p1)
    against 3♠3♥3♦A♣ (p2) -> the trips open. On 4th street K-K beats 3-3."""
    hand = new_hand(STUD)
    run = run_passive(
        hand,
        "AsAdKcKd4s4h2c",
        "TsTd3s3h3dAcJc",
        "JsJhQs9c7h8d5c",
    )
    # 3rd: 3s brings in; 4th: KK over 33 and Q-9; 5th: 3-3-3 over K-K-4; 6th: 333A over KK44.
    assert run.openers == [1, 0, 1, 1, 1]


def test_ace_high_board_opens_in_stud() -> None:
    """WSOP-L 215, 239 (ace high in stud high): 4th street A♣2♦ (p2) against K♠Q♠ (p1) ->
    the ace board opens."""
    hand = new_hand(STUD, stacks=[1000, 1000])
    deal(hand, p1="3h4hKs", p2="5h6hAc")
    passive(hand)
    deal(hand, p1="Qs", p2="2d")
    assert hand.actor == 1


def test_razz_lowest_board_opens_ace_low_and_unpaired_beats_paired() -> None:
    """Razz: the low hand acts first (WSOP-L 235), aces low and a pair is high (WSOP-L 234,
    razz intro), edge case 18: K-Q (4th), K-Q-J (5th), K-Q-J-T (6th) at p2 open before
    A-A, A-A-2, A-A-2-3 at p1."""
    hand = new_hand(RAZZ, stacks=[1000, 1000])
    run = run_passive(
        hand,
        "4c5cAcAd2h3h6c",
        "4d5dKcQdJhTs6d",
    )
    # 3rd: Kc is the highest door (the ace is low) -> p2 brings in.
    assert run.openers == [1, 1, 1, 1, 1]


def test_razz_ace_deuce_board_opens_before_three_deuce() -> None:
    """Edge case 18 (second half), WSOP-L 234/235: 4th street A♥2♠ (p2) against 3♣2♦ (p1)
    -> A-2 is the lower board and opens."""
    hand = new_hand(RAZZ, stacks=[1000, 1000])
    deal(hand, p1="KsKh3c", p2="QsQhAh")
    passive(hand)
    deal(hand, p1="2d", p2="2s")
    assert hand.actor == 1


# --- showdown order ----------------------------------------------------------------------

STUD_CARDS = ("AsKs2c3c5c7cQc", "AhKh9d4d6dJdQh", "AdKd9h7s8sThQs")
"""Boards: p1 2c 3c 5c 7c, p2 9d 4d 6d Jd, p3 9h 7s 8s Th. p2's jack-high board opens 6th
and 7th street."""


def stud_to_seventh(through_sixth: str = "") -> Hand:
    hand = new_hand(STUD)
    per_street = streets(*STUD_CARDS)
    for index, street in enumerate(per_street):
        deal_street(hand, street)
        if index == 3 and through_sixth:
            play(hand, through_sixth)
        if index < 4:
            passive(hand)
    return hand


def test_last_raiser_on_the_final_round_shows_first() -> None:
    """Seed 001 ("if there is betting on seventh street, the player who made the last bet
    or raise shows first"), TDA 17A, WSOP-T 72, edge case 24: on 7th p2 bets, p3 raises,
    the others call -> p3 shows first, then the others clockwise (p1, p2)."""
    hand = stud_to_seventh()
    assert hand.actor == 1
    play(hand, "p2 cbr 20\np3 cbr 40\np1 cc\np2 cc")
    assert hand.is_complete
    assert shown_order(hand) == [2, 0, 1]


def test_no_bet_on_the_final_round_first_to_act_shows_first() -> None:
    """Seed 001 ("if nobody bet, the player with the highest hand showing shows first"),
    TDA 17A / WSOP-T 72, edge case 24: a bet on 6th street (by p3) does not count; 7th is
    checked around, so the 7th-street opener p2 (jack-high board) shows first."""
    hand = stud_to_seventh(through_sixth="p2 cc\np3 cbr 20\np1 cc\np2 cc")
    assert hand.actor == 1
    play(hand, "p2 cc\np3 cc\np1 cc")
    assert hand.is_complete
    assert shown_order(hand) == [1, 2, 0]


def test_razz_no_bet_lowest_board_shows_first() -> None:
    """TDA 17A / WSOP-T 72 (the would-be opener: low board in razz), WSOP-L 235, edge case
    24: 7th street is checked around; p3 shows 5-4-3-2 (the lowest board) and shows first."""
    hand = new_hand(RAZZ)
    run = run_passive(
        hand,
        "2c2dKcQcJdTh3c",
        "4c4d9h8h7c6c5c",
        "6d6h5s4s3s2s7d",
    )
    assert run.openers[1:] == [2, 2, 2, 2]
    assert hand.is_complete
    assert shown_order(hand) == [2, 0, 1]


@pytest.mark.parametrize("name", [STUD, HILO])
def test_all_in_high_hand_action_proceeds_clockwise(name: str) -> None:
    """WSOP-L 240 ("If the high hand is all-in, action proceeds clockwise as if that person
    had checked"), docs/rules.md O4: p1 (all-in on 3rd street) shows A-A on
    4th; p2 (5-2) acts next, not p3 (K-K, the best board among those who can bet)."""
    hand = new_hand(name, stacks=[11, 1000, 1000])
    play(hand, "d dh p1 QsQhAh\nd dh p2 Js9s2c\nd dh p3 JcJhKc\np2 pb\np3 cc\np1 cbr 10\np2 cc\np3 cc")
    assert hand.stacks[0] == 0
    deal(hand, p1="Ad", p2="5d", p3="Kd")
    assert hand.actor == 1
