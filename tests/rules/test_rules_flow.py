"""Skipping ahead: a lone player left wins at once; with nobody left to bet, the cards run
out without betting.

Sources: seed 000 / section IX intro (a hand is played to the showdown only while more than
one player remains), Robert's Rules (a pot won uncontested is not shown), TDA 16 / WSOP-L
229 (all-in players receive their cards; there is no more betting), docs/rules.md
L8, section S.
"""

from __future__ import annotations

from scripted import STUD, deal, legal, new_hand, passive, play, won
from studspec.engine.events import BettingSkipped, CardsDealt, PotAwarded, Showed


def test_everyone_folds_to_the_bring_in_no_more_cards_no_showdown() -> None:
    """Seed 000 (the winner is decided among the players still in), Robert's Rules (an
    uncontested pot is won without showing): p1 brings in, p2 and p3 fold -> the hand
    ends at once, no 4th-street card, nobody shows, p1 wins the pot 3 + 3 = 6."""
    hand = new_hand(STUD)
    play(hand, "d dh p1 AsKs2c\nd dh p2 AhKh9d\nd dh p3 AdKd9h\np1 pb\np2 f\np3 f")
    assert hand.is_complete
    assert hand.pending_deal() is None
    assert hand.actor is None and legal(hand, 0) == []
    assert sum(isinstance(e, CardsDealt) for e in hand.events) == 3
    assert not any(isinstance(e, Showed) for e in hand.events)
    pots = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(p.share, p.amounts) for p in pots] == [("uncontested", ((0, 6),))]
    assert hand.result is not None and hand.result.stacks == (1002, 999, 999)


def test_fold_to_a_bet_on_fourth_street_ends_the_hand() -> None:
    """Seed 000: p3 bets on 4th street, p1 and p2 fold -> no 5th-street card; p3 wins
    3 x (1 + 3) + 10 = 22."""
    hand = new_hand(STUD)
    play(hand, "d dh p1 AsKs2c\nd dh p2 AhKh9d\nd dh p3 AdKd9h\np1 pb\np2 cc\np3 cc")
    deal(hand, p1="3c", p2="4d", p3="Ts")
    assert hand.actor == 2
    play(hand, "p3 cbr 10\np1 f\np2 f")
    assert hand.is_complete and hand.pending_deal() is None
    assert sum(isinstance(e, CardsDealt) for e in hand.events) == 6
    assert won(hand) == {2: 22}
    assert hand.result is not None and hand.result.stacks == (996, 996, 1008)


def test_heads_up_all_in_cards_run_out_without_betting() -> None:
    """TDA 16, WSOP-L 229 (an all-in player still receives its cards), docs/rules.md L8: with one
    player all-in and one other left, no more betting; 4th to 7th street are dealt with
    nobody to act. p1 (11 chips) completes all-in, p2 calls; p1's queens beat p2's kings:
    p1 wins 2 x 11 = 22."""
    hand = new_hand(STUD, stacks=[11, 1000])
    play(hand, "d dh p1 QsQh2c\nd dh p2 KcKh9d\np1 cbr 10\np2 cc")
    for p1_card, p2_card in (("Qd", "3c"), ("5s", "4d"), ("7h", "8c"), ("9s", "Jd")):
        assert hand.actor is None and hand.legal_actions() == [] and not hand.is_complete
        pending = hand.pending_deal()
        assert pending is not None and pending.seat == 0
        deal(hand, p1=p1_card, p2=p2_card)
    assert hand.is_complete
    assert won(hand) == {0: 22}
    assert hand.result is not None and hand.result.stacks == (22, 989)
    # One "no betting" record per street dealt without a betting round, naming that street.
    skipped = [e.street for e in hand.events if isinstance(e, BettingSkipped)]
    assert skipped == ["fourth", "fifth", "sixth", "seventh"]


def test_two_all_in_one_with_chips_no_more_betting() -> None:
    """TDA 16, WSOP-L 149: p1 (11) completes all-in, p2 (21) raises all-in to 20, p3 calls;
    only p3 still has chips, so nobody bets again. Main pot 3 x 11 = 33 -> p1 (trip
    queens); side pot 2 x 10 = 20 -> p2 (kings) over p3 (jacks). Final 33, 20, 979."""
    hand = new_hand(STUD, stacks=[11, 21, 1000])
    play(hand, "d dh p1 QsQh2c\nd dh p2 KcKh9d\nd dh p3 JcJh9h\np1 cbr 10\np2 cbr 20\np3 cc")
    for cards in (dict(p1="Qd", p2="3c", p3="4s"), dict(p1="5s", p2="4d", p3="6c"),
                  dict(p1="7h", p2="8c", p3="Ts"), dict(p1="9s", p2="Jd", p3="2d")):  # fmt: skip
        assert hand.actor is None
        deal(hand, **cards)
    assert hand.is_complete
    assert won(hand) == {0: 33, 1: 20}
    assert hand.result is not None and hand.result.stacks == (33, 20, 979)
    assert sum(isinstance(e, BettingSkipped) for e in hand.events) == 4  # 4th to 7th street


def test_all_in_on_a_later_street_the_rest_is_dealt_without_betting() -> None:
    """TDA 16 / WSOP-L 229: heads-up, p2 (25 chips) calls all-in for its last chip on 6th
    street; 7th street is dealt with no betting round. p1's queens full take all: the
    uncalled 19 of p1's 6th-street bet comes back to p1 (it forms a pot only p1 can win)."""
    hand = new_hand(STUD, stacks=[1000, 25])
    play(hand, "d dh p1 QsQh9c\nd dh p2 KcKh2d\np2 pb\np1 cc")
    deal(hand, p1="Qd", p2="3c")
    passive(hand)
    deal(hand, p1="5s", p2="4d")
    play(hand, "p1 cbr 20\np2 cc")  # p2: 25 - 1 - 3 - 20 = 1 chip left
    deal(hand, p1="7h", p2="8c")
    play(hand, "p1 cbr 20\np2 cc")  # p2 calls all-in for 1
    assert hand.stacks[1] == 0
    assert hand.actor is None
    deal(hand, p1="9s", p2="Jd")
    assert hand.is_complete
    assert [e.street for e in hand.events if isinstance(e, BettingSkipped)] == ["seventh"]
    assert hand.result is not None and hand.result.stacks == (1025, 0)
