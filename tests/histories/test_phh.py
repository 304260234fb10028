"""PHH replay checks every deal and action against the rule book (core issue, item 6)."""

from __future__ import annotations

import random

import pytest

from studspec.engine.actions import CHECK_CALL, ActionKind, parse_action
from studspec.engine.hand import Hand
from studspec.errors import ReplayError
from studspec.history.phh import ReplayOutcome, parse_history, replay, write_history
from studspec.play.players import RandomPlayer, play_out
from studspec.rulebook import load_variant

STUD = """
variant = 'F7S'
antes = [10, 10, 10]
bring_in = 20
small_bet = 100
big_bet = 200
starting_stacks = [1000, 1000, 1000]
actions = {actions}
"""


def history(actions: list[str], **fields: object) -> str:
    text = STUD.format(actions=repr(actions))
    return text + "".join(f"{k} = {v!r}\n" for k, v in fields.items())


def play(actions: list[str], book: str = "seven-card-stud") -> ReplayOutcome:
    return replay(parse_history(history(actions), "case.phh"), load_variant(book))


DEAL = ["d dh p1 AsKs2c", "d dh p2 QdJd9h", "d dh p3 7c7d5s"]
# Door cards 2c, 9h, 5s: the 2 of clubs is lowest and brings in (WSOP-L 215).


def refused(actions: list[str], book: str = "seven-card-stud") -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        play(actions, book)
    return caught.value


def test_refused_action_names_its_index_and_reason() -> None:
    error = refused([*DEAL, "p2 pb"])
    assert error.index == 3 and error.action == "p2 pb"
    assert "p1" in error.reason  # the bring-in is p1's (2c)


def test_deal_to_the_wrong_seat_is_refused() -> None:
    error = refused(["d dh p2 AsKs2c"])
    assert error.index == 0 and "out of turn" in error.reason


def test_deal_of_the_wrong_number_of_cards_is_refused() -> None:
    error = refused(["d dh p1 AsKs"])
    assert "3 card" in error.reason


def test_a_card_cannot_be_dealt_twice() -> None:
    error = refused(["d dh p1 AsKs2c", "d dh p2 AsJd9h"])
    assert error.index == 1 and "As" in error.reason


def test_folded_cards_are_never_dealt_again() -> None:
    """Seed 000: cards of folded hands may never be brought back into play."""
    actions = [*DEAL, "p1 pb", "p2 f", "p3 cc", "d dh p1 Qd"]  # Qd was p2's, folded
    error = refused(actions)
    assert error.index == 6 and "muck" in error.reason


def test_unknown_cards_are_accepted_and_checked_when_shown() -> None:
    actions = ["d dh p1 ????2c", "d dh p2 QdJd9h", "d dh p3 7c7d5s", "p1 pb", "p2 f", "p3 f"]
    outcome = play(actions)
    # The bring-in (20) is uncalled: p1 takes it back with the three antes (30), so p1
    # gains the two other antes and p2, p3 lose only their ante.
    assert outcome.stacks == (1020, 990, 990)


def test_history_that_stops_early_is_an_error() -> None:
    error = refused([*DEAL, "p1 pb"])
    assert "ends before the hand is over" in error.reason


def test_finishing_stacks_are_compared() -> None:
    text = history([*DEAL, "p1 pb", "p2 f", "p3 f"], finishing_stacks=[1020, 990, 990])
    outcome = replay(parse_history(text, "case.phh"), load_variant("seven-card-stud"))
    assert outcome.matches is True
    text = history([*DEAL, "p1 pb", "p2 f", "p3 f"], finishing_stacks=[1000, 1000, 1000])
    assert replay(parse_history(text, "c.phh"), load_variant("seven-card-stud")).matches is False


@pytest.mark.parametrize("book", ["seven-card-stud", "seven-card-stud-hi-lo", "razz"])
@pytest.mark.parametrize("seed", range(6))
def test_written_history_replays_unchanged(book: str, seed: int) -> None:
    variant = load_variant(book)
    hand = Hand(variant, [4000] * 6, seed=seed)
    rng = random.Random(seed)
    play_out(hand, [RandomPlayer(random.Random(rng.random())) for _ in range(6)])
    text = write_history(hand)
    outcome = replay(parse_history(text, "written.phh"), variant)
    assert outcome.matches is True
    assert write_history(outcome.hand) == text


def eight_handed_no_folds(seed: int) -> Hand:
    """Eight players who only check and call: the deck runs out on seventh street."""
    hand = Hand(load_variant("seven-card-stud"), [40000] * 8, seed=seed)
    while not hand.is_complete:
        kinds = {a.kind for a in hand.legal_actions()}
        hand.act(parse_action("pb") if ActionKind.BRING_IN in kinds else CHECK_CALL)
    return hand


def test_community_card_exactly_when_the_rules_call_for_one() -> None:
    """Seed 000: with 8 players, 8 x 6 cards + 3 burns leave 1 card; the burns go back,
    and 4 cards still cannot serve 8 seats, so one community card is dealt face up."""
    hand = eight_handed_no_folds(3)
    text = write_history(hand)
    assert text.count("d db ") == 1
    outcome = replay(parse_history(text, "c.phh"), load_variant("seven-card-stud"))
    assert outcome.matches is True
    card = text.split("d db ")[1][:2]
    wrong = text.replace(f'"d db {card}"', f'"d dh p1 {card}"')
    with pytest.raises(ReplayError) as caught:
        replay(parse_history(wrong, "c.phh"), load_variant("seven-card-stud"))
    assert "community card" in caught.value.reason
