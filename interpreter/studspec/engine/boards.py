"""How the up cards read: the one reader of the boards for who brings in, who acts first and
whether a board shows an open pair.

Read naturally (the usual rule), every up card counts as what it is and a joker as an ace.
Where the book counts wild cards on the board (``wild.board: wild``), a wild up card never
brings in, a board is valued with its wild cards played, and a wild card pairs any other up
card. Which cards are wild changes as the cards fall (Follow the Queen), so a reading is made
for the moment it is asked (:func:`reading`); a book in which no card can ever be wild has no
reading at all (``None``), and its boards are read as dealt, without a look-up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .cards import FIRST_JOKER, Card, Rank
from .core import HandCore
from .shares import Evaluator
from .wild_cards import as_natural
from .wild_now import barred_ranks, table_wild
from .wild_ranking import FlushWilds, JokerPlay, WildSpec, wild_ranking

DoorRule = Callable[[Card], tuple[int, int]]
"""A bring-in rule: the key of a door card (the largest key brings in)."""

NEVER_BRINGS_IN = (-99, -99)
"""The key of a door card that never brings in (a wild card, when wild cards count)."""


@dataclass(frozen=True, slots=True)
class BoardReading:
    """How up cards read at one moment of a hand in which some card can be wild."""

    wild: frozenset[Rank] | None
    """The ranks wild on the board (jokers always are); ``None``: the board reads naturally."""
    jokers: JokerPlay
    flush: FlushWilds
    wild_cards: frozenset[Card] = frozenset()
    """Single cards wild on the board, when it reads wild cards (``wild.cards``)."""
    barred: frozenset[Rank] = frozenset()
    """Ranks a wild card may not stand for (an indicator's rank thrown out or fatal)."""

    def is_wild(self, card: Card) -> bool:
        """Whether ``card`` counts as wild on the board."""
        return self.wild is not None and (card >= FIRST_JOKER or card >> 2 in self.wild or card in self.wild_cards)

    def door(self, rule: DoorRule) -> DoorRule:
        """The bring-in rule over door cards read this way."""

        def key(card: Card) -> tuple[int, int]:
            return NEVER_BRINGS_IN if self.is_wild(card) else rule(as_natural(card))

        return key

    def evaluator(self, ranking: Evaluator) -> Evaluator:
        """``ranking`` with the board's wild cards played, or as it is when they read naturally."""
        if self.wild is None:
            return ranking
        return wild_ranking(
            ranking,
            WildSpec(ranks=self.wild, jokers=self.jokers, flush=self.flush, cards=self.wild_cards, barred=self.barred),
        )

    def cards(self, board: Sequence[Card | None]) -> list[Card | None]:
        """A board as :meth:`evaluator`'s ranking takes it: as dealt, or each card natural."""
        if self.wild is not None:
            return list(board)
        return [None if card is None else as_natural(card) for card in board]

    def shows_pair(self, board: Sequence[Card | None]) -> bool:
        """Two up cards of a rank, or (wild cards counting) a wild card beside another up card."""
        up = [card for card in board if card is not None]
        wilds = [card for card in up if self.is_wild(card)]
        ranks = [as_natural(card) >> 2 for card in up if not self.is_wild(card)]
        return len(ranks) != len(set(ranks)) or (bool(wilds) and len(up) >= 2)


def reading(hand: HandCore) -> BoardReading | None:
    """How the boards read now; ``None`` in a book where no card can ever be wild."""
    table = hand.rules.wild
    if not table.any:
        return None
    if not table.board_wild:
        return BoardReading(None, table.jokers_up, table.flush)
    ranks, cards = table_wild(hand)
    return BoardReading(ranks, table.jokers_up, table.flush, cards, barred_ranks(hand))


def door_rule(hand: HandCore) -> DoorRule:
    """The book's bring-in rule over door cards as they read now."""
    rule = hand.rules.bring_in_card
    read = reading(hand)
    return rule if read is None else read.door(rule)


def open_pair_showing(hand: HandCore) -> bool:
    """Any live board shows a pair (WSOP-L 220: the big bet is open to every player)."""
    read = reading(hand)
    boards = hand.boards
    if read is None:  # every up card read as it is: a pair is a repeated rank
        for seat in hand.live:
            ranks = [card >> 2 for card in boards[seat] if card is not None]
            if len(ranks) != len(set(ranks)):
                return True
        return False
    return any(read.shows_pair(boards[seat]) for seat in hand.live)
