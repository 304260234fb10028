"""The vocabulary of cards: ranks, suits, the 52 card singletons and the two jokers.

A card is an ``int`` (``rank * 4 + suit``) so that evaluation tables can be indexed by
it directly, yet it prints as ``As`` and knows its rank and suit. Ranks count from the
deuce (0) to the ace (12); suits from clubs (0) to spades (3), which is also the order
the rule books use to break ties by suit (clubs < diamonds < hearts < spades), so
``int`` order is "ace high, then by suit".

Home games add jokers: cards 52 (``Xr``, the red joker) and 53 (``Xb``, the black one).
They have no rank and no suit; ``X`` is no rank letter and ``r``/``b`` no suit letter, so
their text cannot be mistaken for a PHH card or for ``??`` (an unknown card), and a PHH
reader that knows only the 52 cards refuses them rather than misreading them. What a
joker stands for is :mod:`studspec.engine.wild`'s business; the natural rankings refuse it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum, unique

from studspec.errors import CardFormatError


@unique
class Rank(IntEnum):
    """A card's rank; the value is its position with the ace high."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def letter(self) -> str:
        """The one-character name used in hand histories (``T`` for ten)."""
        return RANK_LETTERS[self]


@unique
class Suit(IntEnum):
    """A card's suit; the value is its rank in the suit order used to break ties."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The lower-case letter used in hand histories."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol, for people."""
        return SUIT_SYMBOLS[self]


RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"


JOKER_LETTER = "X"
"""The rank-place letter of a joker's text: not a rank letter, so never read as a card."""
JOKER_COLOURS = "rb"
"""The suit-place letter of each joker (red 52, black 53): not a suit letter."""
FIRST_JOKER = 52
"""The ``int`` of the first joker: every card at or above it is a joker."""

_RANKS: tuple[Rank, ...] = tuple(Rank)
_SUITS: tuple[Suit, ...] = tuple(Suit)
"""Every rank and suit by number: indexing a tuple is far cheaper than calling the enum,
and a card's rank is asked for every door card and board of every street."""


class Card(int):
    """One of the 52 cards or a joker. Use :data:`CARDS`, :data:`JOKERS` or :func:`parse_card`."""

    __slots__ = ()

    @property
    def rank(self) -> Rank:
        if self >= FIRST_JOKER:
            raise ValueError(f"a joker ({self}) has no rank")
        return _RANKS[self >> 2]

    @property
    def suit(self) -> Suit:
        if self >= FIRST_JOKER:
            raise ValueError(f"a joker ({self}) has no suit")
        return _SUITS[self & 3]

    @property
    def is_joker(self) -> bool:
        """Whether this is one of the two jokers (cards 52 and 53)."""
        return self >= FIRST_JOKER

    def __bool__(self) -> bool:
        """Every card is something: without this the deuce of clubs, ``int`` 0, would be
        false and vanish from ``[c for c in cards if c]``."""
        return True

    def __str__(self) -> str:
        if self >= FIRST_JOKER:
            return JOKER_LETTER + JOKER_COLOURS[self - FIRST_JOKER]
        return RANK_LETTERS[self >> 2] + SUIT_LETTERS[self & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""All 52 cards, in ``int`` order (deuce of clubs first, ace of spades last); no jokers."""

JOKERS: tuple[Card, ...] = (Card(52), Card(53))
"""The red joker (``Xr``) and the black joker (``Xb``), for decks that deal them."""

_BY_TEXT = {str(card): card for card in CARDS + JOKERS}
_CARD_RE = re.compile(r"[2-9TJQKA][cdhs]|X[rb]|\?\?")


RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
"""Each rank's name, deuce first (``queen``)."""


def card_name(card: Card) -> str:
    """A card of the 52 in words, for the rules: ``queen of spades``."""
    return f"{RANK_NAMES[card.rank]} of {card.suit.name.lower()}"


def parse_card(text: str) -> Card:
    """Return the card named like ``As`` or ``Td``, or a joker, ``Xr`` or ``Xb``."""
    try:
        return _BY_TEXT[text[:1].upper() + text[1:].lower()]
    except (KeyError, IndexError):
        raise CardFormatError(
            f"{text!r} is not a card: write a rank (2-9, T, J, Q, K, A) then a suit (c, d, h, s), "
            "or Xr or Xb for a joker"
        ) from None


def parse_cards(text: str, *, allow_unknown: bool = False) -> list[Card | None]:
    """Parse concatenated cards (``AsKd7h``); ``??`` is an unknown card when allowed.

    Hand histories write the cards a seat receives as one run of two-character names;
    ``??`` marks a card nobody saw, and ``Xr``/``Xb`` a joker.

    >>> parse_cards("AsKd??", allow_unknown=True)
    [Card('As'), Card('Kd'), None]
    >>> format_cards(parse_cards("Th9hXr"))
    'Th9hXr'
    """
    text = text.strip()
    if len(text) % 2:
        raise CardFormatError(f"{text!r} is not a run of two-character cards")
    result: list[Card | None] = []
    for i in range(0, len(text), 2):
        chunk = text[i : i + 2]
        if chunk == "??":
            if not allow_unknown:
                raise CardFormatError(f"unknown card '??' is not allowed here (in {text!r})")
            result.append(None)
        else:
            result.append(parse_card(chunk))
    return result


def format_cards(cards: Iterable[Card | None]) -> str:
    """Write cards the way hand histories do; ``??`` for an unknown card, ``Xr``/``Xb`` for a joker."""
    return "".join("??" if card is None else str(card) for card in cards)
