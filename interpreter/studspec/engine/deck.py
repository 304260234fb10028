"""Where the undealt cards are: the stub, the burns and the muck.

A deck works in one of two ways. Drawing: it holds the stub in order (shuffled by a seeded
``random.Random``, or stacked by the caller) and deals from it. Given: the cards come from
outside (a replayed history, a dealer's device) and the deck only checks that each one is
still unseen and counts what is left, so the rules that depend on the size of the stub
(running out of cards) apply to replays exactly as to dealt hands. Folded cards go to the
muck and never come back (seed 000).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from studspec.errors import IllegalDealError

from .cards import CARDS, Card


class Deck:
    """The stub, burns and muck of one hand."""

    def __init__(self, stub: Sequence[Card] | None, rng: random.Random, cards: Sequence[Card] = CARDS) -> None:
        self._rng = rng
        self.drawing = stub is not None
        self.cards = frozenset(cards)
        """Every card of the deck (jokers, when the rule book's deck has them)."""
        self._stub: list[Card] = list(reversed(stub)) if stub is not None else []
        self._unseen: set[Card] = set(cards) if stub is None else set(stub)
        self._given_size = len(cards) if stub is None else 0
        self.burns: list[Card | None] = []
        self.muck: list[Card | None] = []

    @classmethod
    def shuffled(cls, rng: random.Random, deck: Sequence[Card] = CARDS) -> Deck:
        cards = list(deck)
        rng.shuffle(cards)
        return cls(cards, rng, deck)

    @classmethod
    def stacked(cls, cards: Sequence[Card], rng: random.Random, deck: Sequence[Card] = CARDS) -> Deck:
        """A deck whose top cards are ``cards`` in this order (the first is dealt first); the
        cards not named follow, shuffled by ``rng``, so a stacked deck never runs dry early."""
        if len(set(cards)) != len(cards):
            raise IllegalDealError("a stacked deck lists a card twice")
        strangers = [str(card) for card in cards if card not in set(deck)]
        if strangers:
            raise IllegalDealError(f"a stacked deck names {', '.join(strangers)}, which this deck does not hold")
        rest = [card for card in deck if card not in set(cards)]
        rng.shuffle(rest)
        return cls([*cards, *rest], rng, deck)

    @classmethod
    def given(cls, rng: random.Random, deck: Sequence[Card] = CARDS) -> Deck:
        return cls(None, rng, deck)

    @property
    def size(self) -> int:
        """Cards left in the stub."""
        return len(self._stub) if self.drawing else self._given_size

    @property
    def stub(self) -> tuple[Card, ...]:
        """The stub top card first (drawing decks only; a given deck's order is unknown)."""
        return tuple(reversed(self._stub))

    def draw(self) -> Card:
        if not self._stub:
            raise IllegalDealError("the stub is empty")
        card = self._stub.pop()
        self._unseen.discard(card)
        return card

    def take(self, card: Card | None) -> None:
        """Account for a card dealt from outside; ``None`` is a card nobody saw."""
        if self._given_size <= 0:
            raise IllegalDealError("the stub is empty: no card is left to deal")
        if card is not None:
            self.reveal(card)
        self._given_size -= 1

    def is_unseen(self, card: Card) -> bool:
        """Whether ``card`` may still turn up: not dealt, not shown, not in the muck."""
        return card in self._unseen

    def reveal(self, card: Card) -> None:
        """A card becomes known (dealt or shown); it must not be anywhere else already."""
        if card not in self._unseen:
            where = "the muck (a folded hand)" if card in self.muck else "play already"
            raise IllegalDealError(f"{card} is in {where}: a card can be dealt only once")
        self._unseen.discard(card)

    def burn(self) -> Card | None:
        card = self.draw() if self.drawing else None
        if not self.drawing:
            self.take(None)
        self.burns.append(card)
        return card

    def reshuffle_burns(self) -> int:
        """Return the burns to the stub and shuffle it; how many went back."""
        count = len(self.burns)
        if self.drawing:
            self._stub.extend(card for card in self.burns if card is not None)
            self._rng.shuffle(self._stub)
        else:
            self._given_size += count
        self.burns.clear()
        return count

    def to_muck(self, cards: Iterable[Card | None]) -> None:
        self.muck.extend(cards)
