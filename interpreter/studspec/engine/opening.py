"""Who opens a betting round: the bring-in by the door cards, later rounds by the boards.

Both are "the seat with the largest key" under the rule book's registry functions. A card
nobody saw (a replayed history's ``??``) leaves its seat's key unknown; such seats stay
candidates beside the best known one, and whichever of them acts in the history opens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .cards import Card
from .evaluation import Ranking

Key = tuple[int, ...]


def candidates(keys: Mapping[int, Key | None]) -> tuple[int, ...]:
    """The seat with the largest key, plus every seat whose key is unknown, in seat order."""
    known = [(key, seat) for seat, key in keys.items() if key is not None]
    unknown = {seat for seat, key in keys.items() if key is None}
    best = {max(known)[1]} if known else set()
    return tuple(sorted(unknown | best))


def bring_in_keys(
    doors: Mapping[int, Card | None],
    card_rule: Callable[[Card], tuple[int, int]],
    ties: Callable[[tuple[int, int], int], Key],
) -> dict[int, Key | None]:
    """Each seat's obligation to bring in, from its door card (larger: brings in)."""
    return {seat: None if door is None else ties(card_rule(door), seat) for seat, door in doors.items()}


def board_keys(
    boards: Mapping[int, Sequence[Card | None]],
    ranking: Ranking,
    ties: Callable[[Sequence[Card], int, Ranking], Key],
) -> dict[int, Key | None]:
    """Each seat's claim to act first, from its up cards (larger: acts first)."""
    keys: dict[int, Key | None] = {}
    for seat, board in boards.items():
        if any(card is None for card in board):
            keys[seat] = None
        else:
            cards = [card for card in board if card is not None]
            keys[seat] = (ranking.value(cards), *ties(cards, seat, ranking))
    return keys
