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
import threading
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

from studspec.errors import IllegalDealError

from .bits import as_bits
from .cards import CARDS, Card


@lru_cache(maxsize=16)
def card_set(cards: tuple[Card, ...]) -> frozenset[Card]:
    """The cards of a deck as a set, shared by every hand dealt from it."""
    return frozenset(cards)


@lru_cache(maxsize=16)
def card_bits(cards: tuple[Card, ...]) -> int:
    """The cards of a deck as bits (every card unseen, as a hand begins), made once a deck."""
    return as_bits(cards)


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does (the same draws from
    the generator, so the same order for the same seed), in a third less time: the bit
    lengths are known in advance and the draws are inlined."""
    getrandbits = rng.getrandbits
    for i, n, k in _steps(len(cards)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@lru_cache(maxsize=16)
def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """Each step of shuffling ``length`` cards: the position filled, how many cards it is
    chosen among, and the bits a draw takes (the same for every hand of a deck's size)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))


class Deck:
    """The stub, burns and muck of one hand."""

    def __init__(
        self, stub: Sequence[Card] | None, rng: random.Random | int, cards: Sequence[Card] = CARDS, shuffled: int = 0
    ) -> None:
        """``stub`` is every card of ``cards`` in dealing order (top first), or ``None`` when
        the cards come from outside. ``rng`` is the generator a later reshuffle draws from,
        or the seed it is made from when first needed (after ``shuffled`` cards' worth of
        shuffling, as the deal did): most hands never reshuffle, and a generator holds 2.5 KB."""
        self._rng: random.Random | None = rng if isinstance(rng, random.Random) else None
        self._seed = 0 if isinstance(rng, random.Random) else rng
        self._shuffled = shuffled
        self.drawing = stub is not None
        deck = tuple(cards)
        self.cards = card_set(deck)
        """Every card of the deck (jokers, when the rule book's deck has them)."""
        self._stub: list[Card] = list(reversed(stub)) if stub is not None else []
        self._unseen = card_bits(deck)  # the stub, when drawing, is every card in some order
        self._given_size = len(cards) if stub is None else 0
        self.burns: list[Card | None] = []
        self.muck: list[Card | None] = []

    @property
    def rng(self) -> random.Random:
        """The generator a reshuffle draws from, as it stands after the deal's shuffle."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
            if self._shuffled:
                shuffle(self._rng, [CARDS[0]] * self._shuffled)  # the same draws, whatever the cards
        return self._rng

    @classmethod
    def shuffled(cls, seed: int, deck: Sequence[Card] = CARDS) -> Deck:
        """The deck shuffled by ``random.Random(seed)`` (one generator reseeded per hand)."""
        cards = list(deck)
        shuffle(_shuffler(seed), cards)
        return cls(cards, seed, deck, shuffled=len(cards))

    @classmethod
    def stacked(cls, cards: Sequence[Card], seed: int, deck: Sequence[Card] = CARDS) -> Deck:
        """A deck whose top cards are ``cards`` in this order (the first is dealt first); the
        cards not named follow, shuffled by ``random.Random(seed)``, so a stacked deck never
        runs dry early."""
        if len(set(cards)) != len(cards):
            raise IllegalDealError("a stacked deck lists a card twice")
        strangers = [str(card) for card in cards if card not in set(deck)]
        if strangers:
            raise IllegalDealError(f"a stacked deck names {', '.join(strangers)}, which this deck does not hold")
        named = set(cards)
        rest = [card for card in deck if card not in named]
        shuffle(_shuffler(seed), rest)
        return cls([*cards, *rest], seed, deck, shuffled=len(rest))

    @classmethod
    def given(cls, seed: int, deck: Sequence[Card] = CARDS) -> Deck:
        return cls(None, seed, deck)

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
        self._unseen &= ~(1 << card)
        return card

    def deal(self, count: int) -> list[Card]:
        """The top ``count`` cards of the stub, in the order dealt."""
        stub = self._stub
        if count <= 0:
            return []
        if len(stub) < count:
            raise IllegalDealError("the stub is empty")
        if count == 1:  # a replacement card, or one card of a deal that watches each card fall
            card = stub.pop()
            self._unseen &= ~(1 << card)
            return [card]
        cards = stub[: -count - 1 : -1]
        del stub[-count:]
        self._unseen &= ~as_bits(cards)
        return cards

    def take(self, card: Card | None) -> None:
        """Account for a card dealt from outside; ``None`` is a card nobody saw."""
        if self._given_size <= 0:
            raise IllegalDealError("the stub is empty: no card is left to deal")
        if card is not None:
            self.reveal(card)
        self._given_size -= 1

    def is_unseen(self, card: Card) -> bool:
        """Whether ``card`` may still turn up: not dealt, not shown, not in the muck."""
        return bool(self._unseen >> card & 1)

    def unseen_copies(self, card: Card) -> int:
        """How many copies of ``card`` may still turn up: 1 or 0 (a double deck's: 2, 1 or 0)."""
        return self._unseen >> card & 1

    def reveal(self, card: Card) -> None:
        """A card becomes known (dealt or shown); it must not be anywhere else already."""
        if not self._unseen >> card & 1:
            if card not in self.cards:  # a stripped deck's removed rank, or a joker it lacks
                raise IllegalDealError(f"{card} is not in this deck: the rule book's deck does not hold it")
            where = "the muck (a folded hand)" if card in self.muck else "play already"
            raise IllegalDealError(f"{card} is in {where}: a card can be dealt only once")
        self._unseen &= ~(1 << card)

    def unsee(self, cards: Collection[Card]) -> None:
        """Cards become unseen again (only a rule that puts cards back in play would)."""
        self._unseen |= as_bits(cards)

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
            self.rng.shuffle(self._stub)
        else:
            self._given_size += count
        self.burns.clear()
        return count

    def to_muck(self, cards: Iterable[Card | None]) -> None:
        self.muck.extend(cards)

    def gather(self, cards: Sequence[Card]) -> None:
        """Every card comes back and the deal starts again (a voided deal): a drawing deck's
        stub is all of ``cards`` (the deck, in its order) shuffled by the hand's generator; a
        given deck counts them all unseen again, for the dealer outside to deal anew."""
        self.burns.clear()
        self.muck.clear()
        self._unseen = card_bits(tuple(cards))
        if self.drawing:
            stub = list(cards)
            shuffle(self.rng, stub)
            self._stub = list(reversed(stub))
        else:
            self._given_size = len(cards)


class TwinDeck(Deck):
    """A double deck (``deck.copies: 2``): every card twice, the two copies alike.

    Nothing in play tells the copies apart (a history writes ``As`` for either), so the deck
    counts, for each card, how many copies may still turn up: one bit for "at least one"
    (the single deck's bits, so :meth:`is_unseen` is unchanged) and one for "both". A card
    is refused the third time it is dealt or shown (docs/rules.md D6)."""

    def __init__(
        self, stub: Sequence[Card] | None, rng: random.Random | int, cards: Sequence[Card] = CARDS, shuffled: int = 0
    ) -> None:
        super().__init__(stub, rng, cards, shuffled)
        faces = tuple(sorted(self.cards))
        self._unseen = card_bits(faces)
        self._twice = card_bits(tuple(card for card in faces if list(cards).count(card) > 1))

    @classmethod
    def stacked(cls, cards: Sequence[Card], seed: int, deck: Sequence[Card] = CARDS) -> Deck:
        """A double deck whose top cards are ``cards``: each may be named as often as the
        deck holds it (twice); the rest follow, shuffled."""
        rest = list(deck)
        for card in cards:
            if card not in rest:
                held = "does not hold" if card not in set(deck) else f"holds {deck.count(card)} of"
                raise IllegalDealError(f"a stacked deck names {card} more often than this deck {held} it")
            rest.remove(card)
        shuffle(_shuffler(seed), rest)
        return cls([*cards, *rest], seed, deck, shuffled=len(rest))

    def draw(self) -> Card:
        if not self._stub:
            raise IllegalDealError("the stub is empty")
        card = self._stub.pop()
        self._see(card)
        return card

    def deal(self, count: int) -> list[Card]:
        stub = self._stub
        if count <= 0:
            return []
        if len(stub) < count:
            raise IllegalDealError("the stub is empty")
        cards = stub[: -count - 1 : -1]
        del stub[-count:]
        for card in cards:
            self._see(card)
        return cards

    def _see(self, card: Card) -> None:
        """One copy of ``card`` turns up: the second copy first stops being unseen."""
        bit = 1 << card
        if self._twice & bit:
            self._twice &= ~bit
        else:
            self._unseen &= ~bit

    def unseen_copies(self, card: Card) -> int:
        return (self._unseen >> card & 1) + (self._twice >> card & 1)

    def reveal(self, card: Card) -> None:
        """A copy of ``card`` becomes known; refused when both are known already."""
        if not self._unseen >> card & 1:
            if card not in self.cards:
                raise IllegalDealError(f"{card} is not in this deck: the rule book's deck does not hold it")
            raise IllegalDealError(
                f"both copies of {card} are in play or in the muck already: a double deck holds each card twice"
            )
        self._see(card)

    def unsee(self, cards: Collection[Card]) -> None:
        for card in cards:
            bit = 1 << card
            if self._unseen & bit:
                self._twice |= bit
            else:
                self._unseen |= bit


_SHUFFLERS = threading.local()
"""Each thread's generator for the deals, reseeded per hand: seeding costs less than making a
generator, and a hand keeps none unless it must reshuffle. One per thread, so hands built
at once in several threads never draw from one stream."""


def _shuffler(seed: int) -> random.Random:
    """This thread's deal generator, seeded ``seed`` (the state ``random.Random(seed)`` has)."""
    generator: random.Random | None = getattr(_SHUFFLERS, "generator", None)
    if generator is None:
        generator = _SHUFFLERS.generator = random.Random()
    generator.seed(seed)
    return generator
