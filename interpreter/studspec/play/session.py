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

    @property
    def net(self) -> int:
        """Chips won or lost over the session, rebuys counted as money put in."""
        return self.stacks[self.seat] - self.stakes.starting_stack * (1 + self.rebuys)
