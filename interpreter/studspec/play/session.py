"""A session of ``studspec play``: who sits where, and the stacks carried from hand to hand.

Kept apart from the game loop (:mod:`.game`) so that saving and resuming a session
(:mod:`.saved`) reads it without importing the loop, which saves through it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from studspec.engine.hand import Hand
from studspec.rulebook.model import Stakes, Variant

from .players import Player, PlayerKind


@dataclass
class Session:
    """Who sits where, and the stacks carried from hand to hand."""

    variant: Variant
    players: int
    seat: int
    seed: int
    stakes: Stakes
    bots: PlayerKind = PlayerKind.RULES
    hands: int = 0
    stacks: list[int] = field(default_factory=list)
    rebuys: int = 0
    """Times the person's stack ran out and was filled up again."""
    save_to: str | None = None
    """Where quitting in the middle of a hand saves the game (``play --save``)."""
    current: tuple[Hand, list[Player]] | None = field(default=None, repr=False, compare=False)
    """The hand in play and its built-in players, while one is."""

    def __post_init__(self) -> None:
        if not self.stacks:
            self.stacks = [self.stakes.starting_stack] * self.players

    def first_chair(self) -> int:
        """The chair in the hand's first seat (p1, the dealer's left). A hand numbers its seats
        from the dealer's left, as PHH lists its players; where the book has blinds the
        dealer button moves one chair to the left every hand, so the blinds go round the
        table; else the button stays and every chair keeps its seat."""
        return self.hands % self.players if self.stakes.blinds else 0

    def hand_seat(self, chair: int | None = None) -> int:
        """The seat of ``chair`` (default: the person's) in the hand now dealt."""
        return ((self.seat if chair is None else chair) - self.first_chair()) % self.players

    def hand_stacks(self) -> list[int]:
        """The chairs' stacks in the order of the hand's seats."""
        first = self.first_chair()
        return [self.stacks[(seat + first) % self.players] for seat in range(self.players)]

    def take_stacks(self, stacks: list[int] | tuple[int, ...]) -> None:
        """The stacks a hand ended with (by its seats), back to the chairs."""
        first = self.first_chair()
        for seat, stack in enumerate(stacks):
            self.stacks[(seat + first) % self.players] = stack

    @property
    def net(self) -> int:
        """Chips won or lost over the session, rebuys counted as money put in."""
        return self.stacks[self.seat] - self.stakes.starting_stack * (1 + self.rebuys)
