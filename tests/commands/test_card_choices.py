"""Built-in players' decisions about cards (issue 24): always legal, and sensible.

The rule-based player turns up what shows least (the strongest cards stay hidden), keeps the
best hand when it discards, draws or buys only when it gains more than the price, and sets
two hands the book allows; the random player names random cards, legal by construction. The
expected choices below are reasoned from the rules and the rankings, hand by hand.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealt_decisions import cards, drive, seven_card_deals
from studspec.engine.actions import Action, ActionKind
from studspec.engine.cards import Card
from studspec.engine.core import pot_size
from studspec.engine.events import CardsChosen
from studspec.engine.hand import Hand
from studspec.engine.phases import PhaseKind
from studspec.engine.setting import check
from studspec.play.players import PlayerKind, RandomPlayer, RuleBasedPlayer, make_player, play_out
from studspec.rulebook import load_variant
from studspec.rulebook.model import Stakes, Variant

DECISION_BOOKS = (
    "mexican-stud",
    "seven-card-flip",
    "super-stud",
    "pineapple-stud",
    "anaconda",
    "english-stud",
    "stud-with-a-twist",
    "cowpie",
)
"""The shipped books with decisions about cards: every kind is asked by one of them."""

OPTIONAL = str(Path(__file__).resolve().parent.parent / "data" / "card-choices" / "optional-choices.yaml")
"""A book whose every kind of choice has a range that may name no card (and a priced draw,
and a buy of up to two cards)."""


def seats_for(variant: Variant, wanted: int = 6) -> int:
    return min(wanted, variant.max_players)


def played(book: str, kind: PlayerKind, seed: int, seats: int) -> Hand:
    variant = load_variant(book)
    stacks = [variant.stakes.starting_stack] * seats_for(variant, seats)
    rng = random.Random(seed)
    players = [make_player(kind, random.Random(rng.random())) for _ in stacks]
    hand = play_out(Hand(variant, stacks, seed=seed), players)
    assert hand.is_complete and hand.result is not None
    assert sum(hand.result.stacks) == sum(stacks)
    return hand


@pytest.mark.parametrize("kind", list(PlayerKind))
@pytest.mark.parametrize("book", [*DECISION_BOOKS, OPTIONAL])
def test_players_decide_legally_in_every_decision_book(book: str, kind: PlayerKind) -> None:
    """play_out raises on any illegal choice (the hand is the one judge); the hands end with
    every chip, and the decisions were really asked (some seat chose cards)."""
    chosen = 0
    for seed in range(12):
        hand = played(book, kind, seed, 6)
        chosen += sum(isinstance(event, CardsChosen) for event in hand.events)
    assert chosen > 0


@settings(max_examples=60, deadline=None)
@given(
    book=st.sampled_from([*DECISION_BOOKS, OPTIONAL]),
    kind=st.sampled_from(list(PlayerKind)),
    seed=st.integers(0, 2**32 - 1),
    seats=st.integers(2, 8),
)
def test_no_built_in_player_makes_an_illegal_card_choice(book: str, kind: PlayerKind, seed: int, seats: int) -> None:
    """Property: over any seed and table size, neither player names cards the hand refuses
    (a refused choice raises IllegalActionError out of play_out)."""
    played(book, kind, seed, seats)


def rules_choice(hand: Hand, seat: int) -> Action:
    """The rule-based player's answer to what the seat is asked now."""
    assert hand.legal_actions(seat), f"p{seat + 1} is asked nothing now"
    return RuleBasedPlayer(random.Random(0)).choose(hand, seat, hand.legal_actions(seat))


def named(action: Action) -> set[Card]:
    return {card for card in action.cards or () if card is not None}


def test_rule_based_player_turns_up_its_weakest_card() -> None:
    """Mexican stud (roll your own, aces high, the best board acts first): dealt the ace of
    spades and the seven of diamonds, the seat turns up the seven: a seven showing shows
    less than an ace, and the ace stays in the hole. The other seat shows its deuce."""
    hand = drive("mexican-stud", ["As7d", "Kc2h"], PhaseKind.TURN_UP)
    assert rules_choice(hand, 0) == Action(ActionKind.TURN_UP, cards=tuple(cards("7d")))
    assert rules_choice(hand, 1) == Action(ActionKind.TURN_UP, cards=tuple(cards("2h")))


def test_rule_based_player_keeps_a_hidden_pair_hidden() -> None:
    """Seven-Card Flip: four down cards, two to turn up. With a pair of kings, a seven and a
    deuce, the seven and the deuce show least (7-2 is the weakest high board the four cards
    can make; any board with a king beats it): the kings stay in the hole."""
    hand = drive("seven-card-flip", ["KhKd7c2s", "AcQdJh9s"], PhaseKind.TURN_UP)
    choice = rules_choice(hand, 0)
    assert choice.kind is ActionKind.TURN_UP and named(choice) == set(cards("7c2s"))


def test_in_a_low_game_the_low_cards_stay_hidden(tmp_path: Path) -> None:
    """A razz roll-your-own (Mexican stud won by the low hand, the lowest board acting first):
    dealt the ace and the king, the seat shows the king, the worst low card."""
    book = tmp_path / "mexican-razz.yaml"
    book.write_text(
        "schema_version: 1\nextends: mexican-stud\nname: mexican-razz\ntitle: Mexican razz\n"
        "description: x\nbring_in: {card: highest-ace-low}\nfirst_to_act: {board: best-low-board}\n"
        "pots: {shares: [{hand: ace-to-five-low}]}\n",
        encoding="utf-8",
    )
    hand = drive(str(book), ["AsKd", "2c3c"], PhaseKind.TURN_UP)
    assert rules_choice(hand, 0) == Action(ActionKind.TURN_UP, cards=tuple(cards("Kd")))


def test_rule_based_player_discards_what_does_not_pair() -> None:
    """Super Stud: four down cards and one up, two down cards thrown. Holding a pair of queens
    in the hole, the seat throws the nine and the deuce: no other three cards it may keep
    make a pair."""
    hand = drive("super-stud", ["9h2hQcQs4c", "AdKdJc8h5s"], PhaseKind.DISCARD)
    assert rules_choice(hand, 0) == Action(ActionKind.DISCARD, cards=tuple(cards("9h2h")))


def test_a_made_hand_stands_pat_and_a_four_flush_draws() -> None:
    """Stud with a twist (one card may be replaced): a royal flush stands pat (no card can make
    it better); four hearts draw, throwing a card that is not a heart (a heart lands about
    one time in five, and a flush beats every hand a seven-card ace-high can make)."""
    hand = drive("stud-with-a-twist", seven_card_deals("AhKhQhJhTh2c3d", "4s5s9c8d7c6dJs"), PhaseKind.DRAW)
    assert rules_choice(hand, 0) == Action(ActionKind.DISCARD)  # bare sd: stands pat
    hand = drive("stud-with-a-twist", seven_card_deals("AhKh7hQc9d2h4s", "3s5s9c8d7c6dJs"), PhaseKind.DRAW)
    choice = rules_choice(hand, 0)
    assert choice.kind is ActionKind.DISCARD and len(named(choice)) == 1
    assert all(card.suit != cards("2h")[0].suit for card in named(choice))


def test_a_buy_that_cannot_pay_for_itself_is_declined() -> None:
    """English stud: a buy costs the big bet. With a pair of aces the seat already wins more
    than a third of the time against one random hand; the pot (the antes and the bring-in,
    nobody having bet) and a big bet to come are worth under 1.5 prices, so even a sure win
    would gain less than the price: it declines."""
    stakes = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
    hand = drive("english-stud", seven_card_deals("AsAd7h2c9dJs4h", "KcQd8s6h5c3s2d"), PhaseKind.BUY, stakes=stakes)
    (buy, decline) = hand.legal_actions(0)
    assert buy.kind is ActionKind.BUY and buy.cost == 20 and decline.kind is ActionKind.DECLINE
    assert pot_size(hand) + stakes.big_bet < 1.5 * buy.cost
    assert rules_choice(hand, 0) == Action(ActionKind.DECLINE)


def test_two_hands_set_as_the_book_allows_and_as_well_as_they_can() -> None:
    """Cowpie (five cards and two, the five must outrank the two, a down card in each): with
    five hearts (the nine down) and two small down cards, the flush is the five-card hand and
    the deuce and trey the two: the flush wins its half nearly always, and any setting that
    breaks it leaves a five-card hand of a high card."""
    hand = drive("cowpie", seven_card_deals("2c3dAhKhQhJh9h", "4s5s9c8d7c6dJs"), PhaseKind.SET_HANDS)
    choice = rules_choice(hand, 0)
    assert choice.kind is ActionKind.SET and named(choice) == set(cards("AhKhQhJh9h"))
    positions = tuple(hand.cards[0].index(card) for card in named(choice))
    assert check(hand, 0, positions) is None  # the book's own check


def test_a_pass_keeps_the_low_draw_and_hands_over_the_pair() -> None:
    """Anaconda (hi-lo declare, three cards passed left): holding A-2-3-4 and a pair of kings
    with a queen, the seat keeps the four low cards (the best four cards a low can start
    from, and a straight draw) and passes the kings and the queen."""
    hand = drive("anaconda", ["As2d3h4cKdKhQs", "5c6c7c8c9cTcJc"], PhaseKind.PASS)
    assert named(rules_choice(hand, 0)) == set(cards("KdKhQs"))


def test_where_a_seat_may_pass_no_card_the_rule_based_player_passes_none() -> None:
    """A pass of up to two cards: keeping every card keeps the best hand (a card passed is
    one fewer, and the one received is unknown), so the rule-based player passes none."""
    passed = set()
    for seed in range(6):
        hand = played(OPTIONAL, PlayerKind.RULES, seed, 4)
        passed |= {
            len(e.action.cards or ())
            for e in hand.events
            if isinstance(e, CardsChosen) and e.action.kind is ActionKind.PASS
        }
    assert passed == {0}


@pytest.mark.parametrize("seed", range(30))
def test_the_random_player_sets_only_hands_the_book_allows(seed: int) -> None:
    """Cowpie's rules for two hands are refused by the hand when broken; the random player's
    setting always passes the book's own check."""
    hand = drive("cowpie", seven_card_deals("2c3dAhKhQhJh9h", "4s5s9c8d7c6dJs"), PhaseKind.SET_HANDS)
    choice = RandomPlayer(random.Random(seed)).choose(hand, 0, hand.legal_actions(0))
    positions = tuple(hand.cards[0].index(card) for card in named(choice))
    assert check(hand, 0, positions) is None
