"""``simulate`` reports the decisions about cards (issue 24), for the books that ask them.

The counts of one hand are reasoned from the cards dealt and the choices made; the rates of
a simulation are checked against what the book's rules force (Super Stud throws exactly two
cards, the twist is one card or none). A book without decisions reports what it always did.
"""

from __future__ import annotations

import random

from dealt_decisions import cards, drive, seven_card_deals
from studspec.engine.actions import Action, ActionKind
from studspec.engine.hand import Hand
from studspec.engine.phases import PhaseKind
from studspec.play.decision_stats import Count, DecisionCounter, decision_counts
from studspec.play.players import PlayerKind, RandomPlayer, play_out
from studspec.play.simulate import Setup, simulate
from studspec.play.stats import Totals, format_report, record, report
from studspec.rulebook import load_variant


def counts(hand: Hand) -> dict[str, int]:
    """The hand's decision counts that are not zero, by name."""
    return {Count(i).name: n for i, n in enumerate(decision_counts(hand)) if n}


def choose(hand: Hand, seat: int, kind: ActionKind, text: str = "") -> None:
    hand.act(Action(kind, cards=tuple(cards(text)) or None), seat)


def test_a_turned_up_card_is_counted_best_when_no_down_card_showed_more() -> None:
    """Mexican stud (aces high on the board): p1 turns up its ace over a seven, its best card;
    p2 turns up its deuce and keeps the trey down, not its best."""
    hand = drive("mexican-stud", ["As7d", "2c3c"], PhaseKind.TURN_UP)
    choose(hand, 0, ActionKind.TURN_UP, "As")
    choose(hand, 1, ActionKind.TURN_UP, "2c")
    assert counts(hand) == {"TURN_UPS": 2, "TURNED_BEST": 1}


def test_discards_draws_buys_passes_and_settings_are_counted() -> None:
    """One hand of each kind, two seats, the choices made by hand: the counts are the choices."""
    hand = drive("super-stud", ["9h2hQcQs4c", "AdKdJc8h5s"], PhaseKind.DISCARD)
    choose(hand, 0, ActionKind.DISCARD, "9h2h")
    choose(hand, 1, ActionKind.DISCARD, "JcAd")
    assert counts(hand) == {"DISCARDS": 2, "DISCARDED": 4}

    hand = drive("stud-with-a-twist", seven_card_deals("AhKhQhJhTh2c3d", "4s5s9c8d7c6dJs"), PhaseKind.DRAW)
    choose(hand, 0, ActionKind.DISCARD)  # stands pat
    choose(hand, 1, ActionKind.DISCARD, "Js")
    assert counts(hand) == {"DRAWS": 2, "DREW": 1, "DRAWN": 1}

    hand = drive("english-stud", seven_card_deals("AhKhQhJhTh2c3d", "4s5s9c8d7c6dJs"), PhaseKind.BUY)
    hand.act(Action(ActionKind.DECLINE), 0)
    choose(hand, 1, ActionKind.BUY, "Js")
    assert counts(hand) == {"BUY_OFFERS": 2, "BOUGHT": 1}

    hand = drive("anaconda", ["As2d3h4cKdKhQs", "5c6c7c8c9cTcJc"], PhaseKind.PASS)
    choose(hand, 0, ActionKind.PASS, "KdKhQs")
    choose(hand, 1, ActionKind.PASS, "5c6c7c")
    assert counts(hand) == {"PASSES": 2, "PASSED": 6}

    hand = drive("cowpie", seven_card_deals("2c3dAhKhQhJh9h", "4s5s9c8d7c6dJs"), PhaseKind.SET_HANDS)
    choose(hand, 0, ActionKind.SET, "AhKhQhJh9h")
    choose(hand, 1, ActionKind.SET, "5s9c8d7c6d")  # a straight over J-4
    assert counts(hand) == {"SETTINGS": 2}


def test_passed_cards_are_followed_to_their_new_seat() -> None:
    """Anaconda: the cards p1 passes are p2's from then on (a later turn-up of them is judged
    among p2's down cards), and the cards it passed are no longer p1's."""
    hand = drive("anaconda", ["As2d3h4cKdKhQs", "5c6c7c8c9cTcJc"], PhaseKind.PASS)
    choose(hand, 0, ActionKind.PASS, "KdKhQs")
    choose(hand, 1, ActionKind.PASS, "5c6c7c")
    counter = DecisionCounter(hand)
    counter.visit(hand.events)
    held = [{card for card, _ in seat} for seat in counter.held]
    assert held[0] == set(cards("As2d3h4c5c6c7c")) and held[1] == set(cards("8c9cTcJcKdKhQs"))


def setup(book: str, players: int) -> Setup:
    variant = load_variant(book)
    return Setup(variant=variant, players=players, stakes=variant.stakes, player=PlayerKind.RULES, seed=3)


def rules_report(book: str, hands: int = 120, players: int = 5) -> dict[str, object]:
    t = setup(book, players)
    totals = simulate(t, hands, workers=1)
    meta = {"title": t.variant.title, "players": players, "seed": 3, "player": "rules"}
    return report(totals, t.variant, big_bet=t.stakes.big_bet, meta=meta)


def test_simulate_reports_the_decisions_of_a_decision_book() -> None:
    """Super Stud: every seat still in when the discard street begins throws exactly two
    cards; so there are as many choices as players who reached that street, two cards each."""
    t = setup("super-stud", 5)
    totals = simulate(t, 120, workers=1)
    street = [s.id for s in t.variant.streets].index("discard")
    assert totals.decisions[Count.DISCARDS] == totals.players_at_street[street] > 0
    assert totals.decisions[Count.DISCARDED] == 2 * totals.decisions[Count.DISCARDS]
    data = report(
        totals, t.variant, big_bet=t.stakes.big_bet, meta={"title": "x", "players": 5, "seed": 3, "player": "rules"}
    )
    assert list(data["decisions"]) == ["discard"] and data["decisions"]["discard"]["cards_per_choice"] == 2.0
    text = format_report(data)
    assert "decisions about cards" in text and "cards discarded            2.00 a choice" in text


def test_the_twist_draws_one_card_or_none_and_rolls_are_rated() -> None:
    """Stud with a twist draws one card at most: a draw is one card. Mexican stud's report
    says how often the card turned up was the best one, a rate."""
    twist = rules_report("stud-with-a-twist")["decisions"]
    assert isinstance(twist, dict) and list(twist) == ["draw"]
    assert twist["draw"]["cards_per_draw"] in (0.0, 1.0)
    assert 0.0 < twist["draw"]["drew"] <= 1.0
    mexican = rules_report("mexican-stud")["decisions"]
    assert isinstance(mexican, dict) and list(mexican) == ["turn_up"]
    assert 0.0 <= mexican["turn_up"]["turned_best"] < 0.5  # the rule-based player shows its least
    assert mexican["turn_up"]["choices_per_hand"] > 0


def test_a_book_without_decisions_reports_what_it_always_did() -> None:
    """Seven-card stud: no decisions section, no decision line, and every hand's record has
    no decision counts."""
    data = rules_report("seven-card-stud", hands=40)
    assert "decisions" not in data
    assert "decisions about cards" not in format_report(data)
    variant = load_variant("seven-card-stud")
    hand = play_out(Hand(variant, [40000] * 3, seed=1), [RandomPlayer(random.Random(s)) for s in range(3)])
    assert record(hand).decisions == ()


def test_decision_totals_add_up_whatever_the_workers() -> None:
    """The counts are integers summed as every other total: one worker or two, the same."""
    t = setup("anaconda", 5)
    one, two = simulate(t, 60, workers=1), simulate(t, 60, workers=2)
    assert one == two and one.decisions and one.decisions[Count.PASSES] > 0
    merged = Totals(streets=len(t.variant.streets), seats=5)
    merged.merge(one)
    assert merged.decisions == one.decisions
