"""Rule books with decisions about cards (issue 24) and a small player that makes them, for
the tests of histories, replay, the engine protocol and the text log.

The books are copies of the issue's example books (tests/data/decisions/), one per kind of
decision. The player bets as :class:`~studspec.play.players.RandomPlayer` does and names
cards at random within what the hand offers; for two hands set (Cowpie) it tries the
settings in random order and takes the first the book's own check accepts (the first hand
must outrank the second), so every hand it plays is a legal one.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from studspec.engine.actions import CARD_DECISIONS, Action, ActionKind, LegalAction
from studspec.engine.choosing import eligible, rule_of
from studspec.engine.hand import Hand
from studspec.engine.setting import check
from studspec.play.players import RandomPlayer, play_out
from studspec.rulebook import load_variant
from studspec.rulebook.model import Variant

DECISIONS = Path(__file__).resolve().parent / "data" / "decisions"

BOOKS = {
    "turn-up": "mexican-stud",
    "discard": "super-stud",
    "draw": "stud-with-a-twist",
    "buy": "english-stud",
    "pass": "anaconda",
    "set-hands": "cowpie",
}
"""Each kind of decision and the example book that asks it."""


def book_path(name: str) -> Path:
    return DECISIONS / f"{name}.yaml"


def decision_book(kind: str) -> Variant:
    """The example book of a kind of decision (``turn-up``, ``discard`` ...)."""
    return load_variant(str(book_path(BOOKS[kind])))


class ChoosingPlayer:
    """Bets at random; names a random legal set of cards when a decision asks."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.betting = RandomPlayer(rng)

    def choose(self, hand: Hand, seat: int, legal: list[LegalAction]) -> Action:
        decision = next((choice for choice in legal if choice.kind in CARD_DECISIONS), None)
        if decision is None:
            return self.betting.choose(hand, seat, legal)
        if any(choice.kind is ActionKind.DECLINE for choice in legal) and self.rng.random() < 0.5:
            return Action(ActionKind.DECLINE)
        if decision.kind is ActionKind.SET:
            return self.set_hands(hand, seat, decision)
        assert decision.minimum is not None and decision.maximum is not None
        count = self.rng.randint(decision.minimum, decision.maximum)
        named = tuple(self.rng.sample(decision.cards, count))
        return Action(decision.kind, cards=named or None)

    def set_hands(self, hand: Hand, seat: int, decision: LegalAction) -> Action:
        """The first setting, in random order, that the book accepts."""
        assert decision.minimum is not None
        positions = eligible(hand, seat, rule_of(hand))
        settings = list(itertools.combinations(positions, decision.minimum))
        self.rng.shuffle(settings)
        for first in settings:
            if check(hand, seat, first) is None:
                return Action(ActionKind.SET, cards=tuple(hand.cards[seat][p] for p in first))
        raise AssertionError(f"p{seat + 1} has no setting the book accepts: {hand.cards[seat]}")


def players(count: int, seed: int) -> list[ChoosingPlayer]:
    rng = random.Random(seed)
    return [ChoosingPlayer(random.Random(rng.random())) for _ in range(count)]


def played(variant: Variant, seed: int, seats: int = 5, stack: int | None = None) -> Hand:
    """A hand of ``variant`` dealt from ``seed`` and played out by :class:`ChoosingPlayer`."""
    start = variant.stakes.starting_stack if stack is None else stack
    hand = Hand(variant, [start] * seats, stakes=variant.stakes, seed=seed)
    play_out(hand, list(players(seats, seed)))
    return hand
