"""Antes: every seat posts one before the cards, and a short ante wins only what it matched.

Sources: seed 000 ("Ensin kukin pelaaja asettaa alkupanoksen pottiin": first each player puts
the ante in the pot), seed 001 (antes before any card), docs/rules.md F1 (a short ante:
that player wins only matching ante money), WSOP-L 149 (side pots are split separately).
"""

from __future__ import annotations

from scripted import STUD, new_hand, passive, play, run_passive, won
from studspec.engine.events import AntePosted, CardsDealt


def test_every_seat_posts_the_ante_before_any_card() -> None:
    """Seed 000 / seed 001: each player posts the ante before the first card is dealt."""
    hand = new_hand(STUD, stacks=[1000, 900, 800, 700], ante=5)
    antes = [e for e in hand.events if isinstance(e, AntePosted)]
    assert [(e.seat, e.amount, e.all_in) for e in antes] == [(0, 5, False), (1, 5, False), (2, 5, False), (3, 5, False)]
    assert not any(isinstance(e, CardsDealt) for e in hand.events)
    assert hand.stacks == [995, 895, 795, 695]
    assert sum(p.amount for p in hand.pots()) == 20
    # Nothing is dealt yet: the first deal is awaited for p1, three cards.
    pending = hand.pending_deal()
    assert pending is not None and pending.seat == 0


def test_short_ante_posts_all_and_wins_only_its_share_of_each_ante() -> None:
    """docs/rules.md F1 (trimmed antes), WSOP-L 149: a seat with 20 chips against an ante
    of 50 posts 20, all-in. It wins 20 from each opponent's ante plus its own (60); the
    other 30 + 30 of antes and all later bets form a side pot it cannot win.

    p1 (20 chips) holds the best hand, p2 brings in for 25, p3 calls, nobody bets later.
    Main pot 3 x 20 = 60 -> p1. Side pot 30 + 30 + 25 + 25 = 110 -> p2 (kings over p3's
    queens). Final: p1 60, p2 1000 - 75 + 110 = 1035, p3 1000 - 75 = 925.
    """
    hand = new_hand(STUD, stacks=[20, 1000, 1000], ante=50, bring_in=25, small_bet=100, big_bet=200)
    assert hand.stacks == [0, 950, 950]
    first = next(e for e in hand.events if isinstance(e, AntePosted))
    assert (first.amount, first.all_in) == (20, True)
    run = run_passive(
        hand,
        "AsAdAhAc9d8d7d",  # p1: four aces
        "KsKd3c4c5h6h8s",  # p2: pair of kings, door 3c (lowest: brings in)
        "QsQd5c6cJh9h2s",  # p3: pair of queens
    )
    assert run.hand.is_complete
    assert won(hand) == {0: 60, 1: 110}
    assert hand.result is not None
    assert hand.result.stacks == (60, 1035, 925)


def test_short_ante_side_pot_keeps_the_folded_seats_excess_ante() -> None:
    """docs/rules.md F1 (a short ante trimmed), WSOP-L 149: p1 posts 20 of a 50 ante; p2 brings in
    for 25 and p3 folds. The main pot holds 20 from each ante (60) and goes to p1, who
    has the best hand; p2 alone is eligible for the rest: 30 (its ante) + 25 (bring-in)
    + 30 (p3's ante) = 85. With one seat all-in and one left, no more betting happens.
    Final: p1 60, p2 1000 - 75 + 85 = 1010, p3 950.
    """
    hand = new_hand(STUD, stacks=[20, 1000, 1000], ante=50, bring_in=25, small_bet=100, big_bet=200)
    play(
        hand,
        """
        d dh p1 AsAdAh
        d dh p2 Ks2d3c   # 3c: the lowest door brings in
        d dh p3 QsQd9c
        p2 pb
        p3 f
        """,
    )
    play(
        hand,
        """
        d dh p1 Ac
        d dh p2 4c
        d dh p1 9d
        d dh p2 5h
        d dh p1 8d
        d dh p2 6h
        d dh p1 7d
        d dh p2 8s
        """,
    )
    passive(hand)
    assert hand.is_complete
    assert won(hand) == {0: 60, 1: 85}
    assert hand.result is not None and hand.result.stacks == (60, 1010, 950)
