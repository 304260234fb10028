"""The stud family's games with decisions about cards (issue 24): every rule book of
tests/data/stud-family/ (one a game of talvola/generic_poker's stud configs, each citing its
config and every way it departs from it), the shipped books with decisions and those of issue 26 validate with
no problem and no warning, play to the end with the built-in players, and replay from the
hand history they write.

What a finished hand must show, from the rules of every game: chips are only moved, never made
or lost (the stacks and the pot always hold what the players brought); a card is in one place
only, a live hand, the muck (folded hands and discards), the burns or the stub, and the deck's
every card is in one of them; a hand history written of a hand replays to the same stacks and
reads back line for line.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.engine.cards import Card
from studspec.engine.hand import Hand
from studspec.history.phh import parse_history, replay, write_history
from studspec.play.players import Player, RandomPlayer, RuleBasedPlayer
from studspec.rulebook import load_variant
from studspec.rulebook.loader import check_paths
from studspec.rulebook.model import Variant

FAMILY = ROOT / "tests" / "data" / "stud-family"
SHIPPED: tuple[str, ...] = ("mexican-stud", "seven-card-flip", "super-stud", "pineapple-stud", "anaconda")
SHIPPED += ("english-stud", "stud-with-a-twist", "cowpie")
"""The built-in books with decisions about cards, shipped in variants/ (issue 24)."""
SHIPPED += ("razzdugi", "razzdeucey", "canadian-stud", "razz-high", "seven-card-stud-hi-lo-double-qualifier")
SHIPPED += ("high-low-chicago", "chicago-declare")
"""... and the built-in books of issue 26's rankings and shares."""

BOOKS = [*sorted(FAMILY.glob("*.yaml")), *(ROOT / "variants" / f"{name}.yaml" for name in SHIPPED)]
HANDS = 30


def game(path: Path) -> str:
    """The test id: the folder and the game (``stud-family/anaconda``, ``variants/anaconda``)."""
    return f"{path.parent.name}/{path.stem}"


def played(paths: list[Path]) -> list[object]:
    """The books to play, each named by its game."""
    return [pytest.param(path, id=game(path)) for path in paths]


def players(variant: Variant, seed: int) -> int:
    """From two players up to the book's most, seed by seed."""
    return 2 + seed % (variant.max_players - 1)


def table(seed: int, count: int) -> list[Player]:
    """The built-in players, both kinds, every random choice from the seed."""
    rng = random.Random(seed)
    kinds = (RandomPlayer, RuleBasedPlayer)
    return [kinds[(seat + seed) % 2](random.Random(rng.random())) for seat in range(count)]


def check_chips_and_cards(hand: Hand) -> None:
    """Chips conserved; every card of the deck in exactly one place."""
    assert sum(hand.stacks) + sum(pot.amount for pot in hand.pots()) == sum(hand.starting_stacks)
    places: list[Card | None] = [card for seat, held in enumerate(hand.cards) if not hand.folded[seat] for card in held]
    places += hand.deck.muck
    places += hand.deck.burns
    places += hand.community
    places += hand.indicators
    places += hand.deck.stub
    counted = Counter(places)
    twice = sorted(str(card) for card, times in counted.items() if times > 1)
    assert not twice, f"in two places: {twice}"
    assert None not in counted, "an unseen card in a hand dealt from a known deck"
    assert set(counted) == set(hand.deck.cards), "a card went missing"


def play(variant: Variant, seed: int) -> Hand:
    """One hand at ``seed``, the invariants checked after every action."""
    count = players(variant, seed)
    hand = Hand(variant, [variant.stakes.starting_stack] * count, seed=seed)
    seated = table(seed, count)
    check_chips_and_cards(hand)
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None, f"the hand waits for something players cannot give ({hand.waiting_for()})"
        hand.act(seated[seat].choose(hand, seat, hand.legal_actions()), seat=seat)
        check_chips_and_cards(hand)
    return hand


@pytest.mark.parametrize("path", BOOKS, ids=game)
def test_the_book_validates_with_no_problem_and_no_warning(path: Path) -> None:
    report = check_paths([str(path)])
    assert (report.checked, report.errors, report.warnings) == (1, [], [])


@pytest.mark.parametrize("path", played(BOOKS))
def test_thirty_hands_play_to_the_end_with_chips_and_cards_in_place(path: Path) -> None:
    variant = load_variant(str(path))
    for seed in range(HANDS):
        hand = play(variant, seed)
        assert sum(hand.stacks) == sum(hand.starting_stacks)


@pytest.mark.parametrize("path", played(BOOKS))
def test_every_hand_replays_from_the_history_it_writes(path: Path) -> None:
    variant = load_variant(str(path))
    for seed in range(HANDS):
        hand = play(variant, seed)
        text = write_history(hand)
        outcome = replay(parse_history(text, f"{path.stem}-{seed}.phh"), variant)
        assert outcome.matches is True, f"seed {seed}: the replay ends at other stacks"
        assert write_history(outcome.hand) == text, f"seed {seed}: the replay writes another history"
