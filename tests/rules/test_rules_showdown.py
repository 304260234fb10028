"""Who wins: best five of seven, the stud/8 split, razz lows, side pots and the odd chip.

Sources: WSOP-L section IX intro, 149, 234, 236-244; Robert's Rules (ties); seeds 000-002;
docs/rules.md E25-E32.
"""

from __future__ import annotations

from pathlib import Path

from scripted import (
    HILO,
    RAZZ,
    STUD,
    awards,
    bet_then_call,
    deal_street,
    new_hand,
    passive,
    play,
    run_passive,
    streets,
    won,
)
from studspec import Hand, Showed, load_variant, parse_action, parse_history, replay, write_history


def pot_of_101(name: str, p1: str, p2: str, p3: str) -> Hand:
    """Ante 5, BI 3, SB 10, BB 20: p1 (lowest door) brings in, p2 calls, p3 folds; 4th is
    checked; 5th and 6th are bet and called; 7th is checked. p1 and p2 each put in
    5 + 3 + 20 + 20 = 48, p3 its ante 5: the pot is 101."""
    hand = new_hand(name, ante=5, bring_in=3, small_bet=10, big_bet=20)
    third, fourth, fifth, sixth, seventh = streets(p1, p2, p3)
    deal_street(hand, third)
    play(hand, "p1 pb\np2 cc\np3 f")
    deal_street(hand, fourth)
    passive(hand)
    deal_street(hand, fifth)
    bet_then_call(hand)
    deal_street(hand, sixth)
    bet_then_call(hand)
    deal_street(hand, seventh)
    passive(hand)
    assert hand.is_complete
    assert sum(won(hand).values()) == 101
    return hand


def test_best_five_of_seven_flush_beats_two_pair() -> None:
    """Section IX intro ("The best five-card poker hand wins"), seed 000: p1's seven cards
    hold five hearts (K-9-7-4-2) and no pair; p2 holds aces and kings. The flush wins the
    pot of 2 x (1 + 3) = 8."""
    hand = new_hand(STUD, stacks=[1000, 1000])
    run_passive(hand, "2h9hKh3c7hJd4h", "AsAdKcKs5d6c8s")
    assert won(hand) == {0: 8}
    assert hand.result is not None and hand.result.stacks == (1004, 996)


def test_stud8_split_odd_chip_to_high() -> None:
    """WSOP-L 244 ("When there is an odd chip in a pot, the chip goes to the high hand"),
    WSOP-L 149, edge case 25: pot 101, p1 high (kings), p2 low (8-7-6-3-A) -> 51 / 50."""
    hand = pot_of_101(HILO, "KcKd2cQhJs9s3d", "Ah3h6c7d8sJdQc", "9h9dTh")
    assert won(hand) == {0: 51, 1: 50}
    assert hand.result is not None and hand.result.stacks == (1003, 1002, 995)


def test_stud8_no_qualifying_low_high_scoops() -> None:
    """Stud/8 section intro ("If there is no qualifying hand for low, the best high hand
    wins the whole pot"), edge case 27: p2's best low is 9-6-4-3-2 (not eight or better)
    -> p1's kings take all 101."""
    hand = pot_of_101(HILO, "KcKd2cQhJs9s3d", "2h3h4c6d9cJdQc", "9h9dTh")
    assert won(hand) == {0: 101}
    assert hand.result is not None and hand.result.stacks == (1053, 952, 995)


def test_stud8_wheel_scoops_high_and_low() -> None:
    """WSOP-L 238 (any five for high, the same or others for low), 239 (the ace is high and
    low), edge case 28: A-2-3-4-5 is a straight for high and the best low -> p2 scoops."""
    hand = pot_of_101(HILO, "KcKd2cQhJs9s3d", "Ah2h3c4d5sJdQc", "9h9dTh")
    assert won(hand) == {1: 101}
    assert hand.result is not None and hand.result.stacks == (952, 1053, 995)


def test_stud8_low_compares_from_the_top_card_down() -> None:
    """WSOP-L 241, stud/8 intro, edge case 29: 8-6-5-4-3 (p2) beats 8-7-3-2-A (p3) for low.
    Pot 3 x (1 + 3) = 12: high (p1, trip kings) 6, low (p2) 6."""
    hand = new_hand(HILO)
    run_passive(hand, "KcKdKsQh9sJd7s", "3c4d5h6s8cJcQd", "Ad2d3s7c8hTh9c")
    assert won(hand) == {0: 6, 1: 6}


def test_stud8_low_skips_a_paired_card() -> None:
    """WSOP-L 238 (any five cards make the low), edge case 30: A, 2, 2, 3, 4, 8, K -> the
    low A-2-3-4-8 qualifies. Pot 8: p1 (trip kings) high 4, p2 low 4."""
    hand = new_hand(HILO, stacks=[1000, 1000])
    run_passive(hand, "KcKdKsQh9sJd7s", "Ac2c2d3h4s8dKh")
    assert won(hand) == {0: 4, 1: 4}


def test_stud8_tied_lows_split_the_low_half_odd_chip_by_suit() -> None:
    """WSOP-L 244 ("the participant with the highest card by suit receives the odd chip ...
    only the five cards used"), WSOP-L 149, edge case 26: pot 102 (3 x 34), high p1 51;
    p2 (8♠-6-4-3-A) and p3 (8♥-6-4-3-A) tie for low and split 51 -> 26 to p2 (8♠), 25."""
    hand = new_hand(HILO)
    third, fourth, fifth, sixth, seventh = streets("KcKdKsQh9sJd7s", "As3d8s6c4hJcQd", "Ah3c8h6h4dJsTh")
    deal_street(hand, third)
    passive(hand)  # p3's 8♥ is the lowest door: it brings in, the others call 3
    deal_street(hand, fourth)
    bet_then_call(hand)  # 10 each
    deal_street(hand, fifth)
    bet_then_call(hand)  # 20 each
    deal_street(hand, sixth)
    passive(hand)
    deal_street(hand, seventh)
    passive(hand)
    assert hand.is_complete
    assert won(hand) == {0: 51, 1: 26, 2: 25}


def test_razz_nine_low_wins_without_qualifier() -> None:
    """WSOP-L 234 ("The lowest hand wins the pot"; no qualifier in razz): p1's 9-7-5-3-2
    beats p2's T-6-4-3-2 and takes the pot of 8."""
    hand = new_hand(RAZZ, stacks=[1000, 1000])
    run_passive(hand, "9c7c5d3h2sKdQd", "Tc6h4s3d2dKhKc")
    assert won(hand) == {0: 8}


def test_razz_a_pair_can_win() -> None:
    """WSOP-L 234 / razz intro (lowest hand wins; two aces the lowest pair), docs/rules.md
    S7: p1 can do no better than a pair of deuces (2-2-3-4-5), p2 no
    better than two pair (7-7-6-6-8) -> the pair is lower and wins the pot of 8."""
    hand = new_hand(RAZZ, stacks=[1000, 1000])
    run_passive(hand, "2c2d3c3d4c4d5s", "6c6d7c7d8c8d8h")
    assert won(hand) == {0: 8}


def test_all_in_side_pot_each_pot_goes_to_its_best_hand() -> None:
    """WSOP-L 149 ("All side pots and the main pot will be split as separate pots"): p1 has
    11 chips and completes all-in to 10; p2 and p3 bet on. Main pot 3 x 11 = 33 -> p1
    (trip queens); side pot 2 x (10 + 20) = 60 -> p2 (aces) over p3 (kings).
    Final: p1 33, p2 1000 - 41 + 60 = 1019, p3 959."""
    hand = new_hand(STUD, stacks=[11, 1000, 1000])
    third, fourth, fifth, sixth, seventh = streets("QsQhQd9c5s7d3s", "AsAd2c4h6h8cTc", "KcKh9d3cJd5h2d")
    deal_street(hand, third)
    play(hand, "p2 pb\np3 cc\np1 cbr 10\np2 cc\np3 cc")
    assert hand.stacks[0] == 0
    deal_street(hand, fourth)
    bet_then_call(hand)
    deal_street(hand, fifth)
    bet_then_call(hand)
    deal_street(hand, sixth)
    passive(hand)
    deal_street(hand, seventh)
    passive(hand)
    assert hand.is_complete
    by_pot = {(a.pot, a.share): dict(a.amounts) for a in awards(hand)}
    assert by_pot == {(0, "high"): {0: 33}, (1, "high"): {1: 60}}
    assert hand.result is not None and hand.result.stacks == (33, 1019, 959)


def test_stud8_side_pot_without_low_goes_to_high() -> None:
    """WSOP-L 149 (pots split separately), stud/8 intro (no qualifying low -> high takes
    all), edge case 32: p1 (11 chips, all-in) has the only low; main pot 33 -> high p2 17
    (odd chip, WSOP-L 244), low p1 16. In the p2-p3 side pot (60) nobody has a low -> p2
    takes it all. Final: p1 16, p2 1000 - 41 + 17 + 60 = 1036, p3 959."""
    hand = new_hand(HILO, stacks=[11, 1000, 1000])
    third, fourth, fifth, sixth, seventh = streets("Ac2d4s5h7cKdKs", "QcQdQh9sTc3s3h", "9c9dJcJdKh6s6c")
    deal_street(hand, third)
    play(hand, "p1 cbr 10\np2 cc\np3 cc")  # p1's 4♠ is the lowest door; it completes all-in
    deal_street(hand, fourth)
    bet_then_call(hand)
    deal_street(hand, fifth)
    bet_then_call(hand)
    deal_street(hand, sixth)
    passive(hand)
    deal_street(hand, seventh)
    passive(hand)
    assert hand.is_complete
    assert won(hand) == {0: 16, 1: 77}
    assert hand.result is not None and hand.result.stacks == (16, 1036, 959)


def test_tied_straights_odd_chip_to_highest_card_by_suit_in_the_five() -> None:
    """WSOP-L 149 ("the odd chip will be given to the highest card by suit ... only the five
    cards that make the participant's hand are considered"), edge case 31: p1 and p2 both
    play 9-8-7-6-5; pot 101. p2's straight has 9♠, p1's 9♥; p1's A♠ is not among its five
    cards and does not count -> p2 51, p1 50."""
    hand = pot_of_101(STUD, "5h6h2c7c8d9hAs", "5c6d7h8h9sKdQc", "ThTdJc")
    assert won(hand) == {0: 50, 1: 51}
    assert hand.result is not None and hand.result.stacks == (1002, 1003, 995)


def test_a_board_of_unseen_up_cards_shows_after_the_known_boards() -> None:
    """Found by tools/fuzz.py: seed 001's order (the best high board shows first when nobody
    bet) met a contestant whose up cards a history wrote as ``??`` and crashed, leaving the
    hand stuck in the showdown. Such a board now ranks below every board that shows a card."""
    from studspec import BRING_IN, CHECK_CALL, ActionKind, Hand, load_variant, parse_cards

    hand = Hand(load_variant("seven-card-stud-pot-limit"), [1000, 1000], deal_from_outside=True, auto_showdown=False)
    mine = iter(parse_cards("AsKd7h2c9dJh4s"))
    while hand.state != "showdown":
        pending = hand.pending_deal()
        if pending is not None:
            cards = [next(mine) for _ in range(pending.count)] if pending.seat == 0 else [None] * pending.count
            hand.deal(pending.seat, cards)
            continue
        seat = next(s for s in range(hand.seats) if hand.legal_actions(s))  # unseen doors: either may open
        kinds = {a.kind for a in hand.legal_actions(seat)}
        hand.act(BRING_IN if ActionKind.BRING_IN in kinds else CHECK_CALL, seat)
    assert hand.state == "showdown" and hand.actor == 0  # p1's known board shows first


def test_an_empty_pot_is_shown_down_by_nobody_whether_cards_speak_or_not(tmp_path: Path) -> None:
    """No ante and nobody bets: there is no pot, so nobody contests one and nobody shows.
    A hand where cards speak and a replayed history of it (players show or muck in turn)
    agree, so the history replays (found by the rule-book generator, issue 21 item 2)."""
    book = tmp_path / "no-ante.yaml"
    book.write_text(
        "schema_version: 1\nextends: seven-card-stud\nname: no-ante\ntitle: No ante, no bring-in\n"
        "description: Antes nothing and nobody brings in.\nstakes: {ante: 0}\n"
        "streets:\n  third: {bring_in: false}\n",
        encoding="utf-8",
    )
    variant = load_variant(str(book))
    hand = Hand(variant, [100, 100], seed=3)
    while not hand.is_complete:
        hand.act(parse_action("cc"))  # everyone checks every street
    assert not any(isinstance(event, Showed) for event in hand.events)
    assert hand.pots() == [] and list(hand.stacks) == [100, 100]
    again = replay(parse_history(write_history(hand)), variant)
    assert again.hand.is_complete and list(again.stacks) == [100, 100]
