"""Priced dealt-card rules: Baseball's up 3 (match the pot or fold) and an extra card bought
for a price (docs/rules.md section V, Baseball: "A face-up 4 earns an extra card (free or
paid). A face-up 3: match the pot or fold (or pay a fee)"; Wikipedia "Baseball (poker)").

The deal waits for the seat's answer; the price is dead money in the main pot; a refused
answer changes nothing; a fold that leaves one player ends the hand at once.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from scripted import deal, legal, new_hand, play, snapshot
from studspec import (
    ActionTaken,
    Hand,
    IllegalActionError,
    IllegalDealError,
    TriggerFired,
    load_variant,
    parse_action,
    parse_cards,
)
from studspec.engine.actions import ActionKind
from studspec.engine.pots import Pot, build_pots
from studspec.errors import ActionFormatError, SpecErrors
from studspec.history.phh import history_actions, parse_history, replay, write_history
from studspec.play.players import PlayerKind, make_player, play_out
from studspec.play.simulate import Setup, simulate
from studspec.play.stats import format_report, report
from studspec.rulebook import validate_file

BUY_THE_FOUR = """\
schema_version: 1
extends: seven-card-stud
name: buy-the-four
title: Buy the four
description: An up four may be bought an extra card for the small bet.
phh_codes: []
players:
  max: 6
triggers:
  - rank: "4"
    effect: extra-card
    price: small-bet
"""


@pytest.fixture(scope="module")
def buy_the_four(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("books") / "buy-the-four.yaml"
    path.write_text(BUY_THE_FOUR, encoding="utf-8")
    return path


def test_an_up_three_asks_for_the_pot_before_anyone_else_is_dealt() -> None:
    """Wikipedia "Baseball (poker)": an open 3 is bought by matching the chips in the pot. Antes
    1 x 3: p1's door 3 costs 3, and p2's cards wait for the answer."""
    hand = new_hand("baseball")
    deal(hand, p1="AcAh3d")
    assert hand.actor == 0 and legal(hand) == ["pay 3", "f"]
    assert hand.pending_deal() is None
    with pytest.raises(IllegalDealError, match="waiting for p1 to pay 3 or fold"):
        deal(hand, p2="Jd8c5c")
    assert [e.price for e in hand.events if isinstance(e, TriggerFired)] == [3]


def test_a_refused_answer_leaves_the_hand_exactly_as_it_was() -> None:
    """Wrong amount, decline where the rule is pay or fold, another seat answering, a deal:
    each is refused, and nothing changes (a refused action loses nothing)."""
    hand = new_hand("baseball")
    deal(hand, p1="AcAh3d")
    before = snapshot(hand)
    for line, error in (
        ("p1 pay 2", IllegalActionError),
        ("p1 decline", IllegalActionError),
        ("p1 cc", IllegalActionError),
        ("p2 pay 3", IllegalActionError),
        ("d dh p2 Jd8c5c", IllegalDealError),
    ):
        with pytest.raises(error):
            play(hand, line)
        assert snapshot(hand) == before, line
    with pytest.raises(IllegalActionError, match="pay or fold"):
        play(hand, "p1 decline")


def test_the_price_is_dead_money_in_the_main_pot_and_no_bet() -> None:
    """The payment goes to the pot every player still in contests, and the street's betting
    starts from nothing: p1 owes no call and the bring-in is the usual 3."""
    hand = new_hand("baseball")
    play(hand, "d dh p1 AcAh3d\np1 pay 3\nd dh p2 Jd8c5c\nd dh p3 KcKsKh")
    assert hand.stacks == [996, 999, 999]
    assert hand.pots() == [Pot(6, (0, 1, 2))]
    assert hand.actor == 0 and legal(hand) == ["pb", "cbr 10"]  # the 3d is the lowest door
    play(hand, "p1 pb")
    assert hand.round is not None and hand.round.bets == {0: 3}


def test_dead_money_joins_the_main_pot_not_a_side_pot() -> None:
    """A side pot is made of bets only some seats matched; money paid for a card is nobody's
    bet, so it stays with the main pot, open to every seat still in."""
    pots = build_pots([10, 30, 30], [True, True, True], dead=7)
    assert pots == [Pot(37, (0, 1, 2)), Pot(40, (1, 2))]
    assert build_pots([0, 0], [True, False], dead=5) == [Pot(5, (0,))]


def test_a_fold_that_leaves_one_player_ends_the_hand_at_once() -> None:
    """Heads-up, p2's up 3 on fourth street: p2 folds rather than pay, and p1 takes the pot
    uncontested; nothing more is dealt. Antes 2, bring-in 3, completed to 10 and called: 22.
    p1 1000 - 11 + 22 = 1011, p2 989."""
    hand = new_hand("baseball", stacks=(1000, 1000))
    play(hand, "d dh p1 KcKd8s\nd dh p2 2c7d5h\np2 pb\np1 cbr 10\np2 cc\nd dh p1 Qh\nd dh p2 3s")
    assert legal(hand) == ["pay 22", "f"]
    play(hand, "p2 f")
    assert hand.is_complete and hand.stacks == [1011, 989]
    assert hand.result is not None and [a.share for a in hand.result.awards] == ["uncontested"]


def test_a_short_stack_pays_what_it_has_and_is_all_in() -> None:
    """The price is capped at the stack (all-in for less, as for antes and calls, WSOP-L 217):
    p1 with 2 chips left after the ante pays 2 for a pot of 3."""
    hand = new_hand("baseball", stacks=(3, 1000, 1000))
    deal(hand, p1="AcAh3d")
    assert legal(hand) == ["pay 2", "f"]
    play(hand, "p1 pay")
    assert hand.stacks[0] == 0
    (paid,) = [e for e in hand.events if isinstance(e, ActionTaken)]
    assert (paid.seat, paid.added, paid.all_in, str(paid.action)) == (0, 2, True, "pay 2")


def test_a_seat_with_no_chips_is_not_asked() -> None:
    """A player all-in on the ante cannot pay and is never folded for want of chips: the deal
    goes straight on (table stakes)."""
    hand = new_hand("baseball", stacks=(1, 1000, 1000))
    deal(hand, p1="AcAh3d")
    assert hand.pending_deal() is not None and hand.pending_deal().seat == 1  # type: ignore[union-attr]
    assert [e.price for e in hand.events if isinstance(e, TriggerFired)] == [None]


def test_an_extra_card_bought_or_declined(buy_the_four: Path) -> None:
    """docs/rules.md section V: an up 4 earns an extra card, free or paid. For the small bet
    (10): p1 buys and gets one more down card at once; p2 declines and gets none."""
    variant = load_variant(str(buy_the_four))
    hand = Hand(variant, [1000, 1000], stakes=new_hand().stakes, deal_from_outside=True)
    play(hand, "d dh p1 AcKh4d")
    assert legal(hand) == ["pay 10", "decline"]
    play(hand, "p1 pay 10")
    pending = hand.pending_deal()
    assert pending is not None and (pending.seat, pending.count) == (0, 1)
    play(hand, "d dh p1 9c\nd dh p2 QcJd4s")
    with pytest.raises(IllegalActionError, match="the amount must be one of: pay 10"):
        play(hand, "p2 pay 20")
    play(hand, "p2 decline")
    assert [len(c) for c in hand.cards] == [4, 3]
    assert hand.stacks == [989, 999] and sum(p.amount for p in hand.pots()) == 12
    assert hand.actor is not None  # the bring-in: the deal is over


def test_pay_or_fold_needs_a_price(tmp_path: Path) -> None:
    """A pay-or-fold rule that costs nothing would ask nothing: validate says what is
    allowed, at the rule's own line."""
    path = tmp_path / "free-three.yaml"
    path.write_text(
        "schema_version: 1\nextends: baseball\nname: free-three\ntriggers:\n  - rank: '3'\n    effect: pay-or-fold\n",
        encoding="utf-8",
    )
    errors = validate_file(path)
    assert len(errors) == 1 and errors[0].line == 5
    assert "needs a price: one of ante, bring-in, small-bet, big-bet, pot" in errors[0].message
    with pytest.raises(SpecErrors):
        load_variant(str(path))


def test_pay_parses_with_or_without_the_price() -> None:
    assert parse_action("pay") == parse_action("PAY")
    assert parse_action("pay 40").amount == 40 and str(parse_action("pay 40")) == "pay 40"
    assert parse_action("decline").kind is ActionKind.DECLINE
    with pytest.raises(ActionFormatError, match="pay takes at most one whole amount"):
        parse_action("pay 4 0")


def test_random_baseball_hands_replay_from_their_history() -> None:
    """Every priced answer is a history line (``p3 pay 40``, ``p2 f``): a played hand written
    as PHH replays to the same stacks and the same lines, and chips are conserved."""
    variant = load_variant("baseball")
    answers: set[ActionKind] = set()
    for seed in range(40):
        rng = random.Random(seed)
        hand = Hand(variant, [2000] * 5, seed=seed)
        play_out(hand, [make_player(PlayerKind.RANDOM, rng) for _ in range(5)])
        assert sum(hand.stacks) == 10000
        outcome = replay(parse_history(write_history(hand), "played.phh"), variant)
        assert outcome.stacks == tuple(hand.stacks)
        assert history_actions(outcome.hand) == history_actions(hand)
        for asked, answer in zip(hand.events, hand.events[1:]):
            if isinstance(asked, TriggerFired) and asked.price is not None and isinstance(answer, ActionTaken):
                answers.add(answer.action.kind)
    assert {ActionKind.PAY, ActionKind.FOLD} <= answers  # the seeds do exercise both answers


def test_simulate_reports_how_often_the_three_is_bought() -> None:
    """The question a Baseball table asks (issue 9): how often an up 3 is matched."""
    variant = load_variant("baseball")
    setup = Setup(variant=variant, players=6, stakes=variant.stakes, player=PlayerKind.RULES, seed=4)
    meta = {"title": variant.title, "players": 6, "seed": 4, "player": "rules"}
    data = report(simulate(setup, 300), variant, big_bet=variant.stakes.big_bet, meta=meta)
    (rule,) = data["priced_rules"]
    assert rule["effect"] == "pay-or-fold"
    assert 0.3 < rule["asked_per_hand"] < 1.5  # 8 threes, about 4 up cards a seat to 6 seats
    assert 0.0 < rule["paid"] < 1.0
    assert "pay-or-fold asked, per hand" in format_report(data)


def test_a_price_the_books_stakes_set_to_nothing_is_refused(tmp_path: Path) -> None:
    """A rule priced at a stake of 0 asks nothing: validate says so at the rule's price."""
    path = tmp_path / "free-by-accident.yaml"
    path.write_text(
        "schema_version: 1\nextends: baseball\nname: free-by-accident\nstakes:\n  ante: 0\n"
        "triggers:\n  - rank: '3'\n    effect: pay-or-fold\n    price: ante\n",
        encoding="utf-8",
    )
    errors = validate_file(path)
    message = (
        "triggers[0].price: price ante costs nothing here (stakes.ante is 0); set that stake, or price "
        "the rule by another stake or the pot"
    )
    assert [(e.line, e.message) for e in errors] == [(9, message)]


def test_dead_money_is_contested_by_a_seat_that_bet_nothing() -> None:
    """Found by the rule-book generator (issue 21 item 2): with no ante, a seat that went
    all-in paying a card's price (1 chip) bet nothing, so it was eligible for no pot and
    could not win back even the dead money it paid, though dead money is contested by
    every seat still in (docs/rulebooks.md triggers[].price). The dead money is then a pot
    of its own, first, that every seat still in contests; the bets make the pots after it."""
    assert build_pots([0, 1, 1], [True, True, True], dead=1) == [Pot(1, (0, 1, 2)), Pot(2, (1, 2))]
    # With every seat still in having bet, the dead money joins the main pot as before.
    assert build_pots([1, 1, 1], [True, True, True], dead=1) == [Pot(4, (0, 1, 2))]


TWO_PRICES = """\
schema_version: 1
extends: five-card-stud
name: two-prices
title: Two prices on one deal
description: A down ten buys an extra card for the small bet; an up five pays the bring-in or folds.
players: {max: 2}
stakes: {ante: 0, bring_in: 5}
triggers:
  - {rank: T, face: down, effect: extra-card, price: small-bet}
  - {rank: "5", face: up, effect: pay-or-fold, price: bring-in}
"""


def test_a_second_price_is_asked_of_what_the_first_left(tmp_path: Path) -> None:
    """Found by the rule-book generator (issue 21 item 2): p2 holds 1 chip and is dealt a
    down ten (an extra card for the small bet) and an up five (the bring-in or fold) on one
    deal. Both prices were fixed when the cards fell, at 1 chip each, so p2 paid 2 chips it
    did not have and its stack went below zero. Each rule is priced when it is asked: p2 pays
    its last chip for the extra card, is then all-in, and is not asked the second price (an
    all-in player is never folded for want of chips: docs/rulebooks.md triggers[].price)."""
    book = tmp_path / "two-prices.yaml"
    book.write_text(TWO_PRICES, encoding="utf-8")
    hand = Hand(load_variant(str(book)), [100, 1], deal_from_outside=True)
    hand.deal(0, parse_cards("6hJc"))
    hand.deal(1, parse_cards("Ts5h"))
    fired = [e for e in hand.events if isinstance(e, TriggerFired)]
    assert [(e.seat, str(e.card), e.price) for e in fired] == [(1, "Ts", 1)]  # the five waits its turn
    assert hand.actor == 1
    hand.act(parse_action("pay 1"))
    fired = [e for e in hand.events if isinstance(e, TriggerFired)]
    assert [(e.seat, str(e.card), e.price) for e in fired] == [(1, "Ts", 1), (1, "5h", None)]
    assert hand.stacks == [100, 0] and hand.dead_money == 1
    pending = hand.pending_deal()
    assert pending is not None and (pending.seat, pending.count) == (1, 1)  # the extra card, bought
