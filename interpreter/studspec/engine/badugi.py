"""Badugi: the best hand is the largest set of cards of different suits and different ranks.

A badugi is up to four cards, no two of a suit and no two of a rank (Wikipedia, "Badugi";
pagat.com, "Badugi"). More cards beat fewer: any four-card badugi beats any three-card one,
and so on. Between badugis of one size the highest card decides, the lower winning, then
the next highest, and so on; aces are low, so 4-3-2-A of four suits is the best hand.

The best badugi of any number of cards is found greedily. The sets of ranks that can be
given a suit each, all suits different, are the independent sets of a transversal matroid
(ranks on one side, suits on the other); adding ranks from the lowest up, each one kept if
the ranks kept so far still have four suits to go round, gives a largest set whose i-th
lowest rank is as low as any largest set's (Gale's theorem), hence the lowest under the
badugi comparison. Whether some ranks can go round the suits is Hall's condition on their
suit masks, looked up in a table that fills itself as hands ask.

Badugi with the ace high (generic_poker's ``badugi_ah``, the badugi half of RazzBadeucey, as
deuce-to-seven counts the ace) is the same ranking with the ranks counted deuce first and the
ace last: 5-4-3-2 of four suits is its best hand.

A value is an ``int``, larger better, like every ranking's: the badugi's size, then its
ranks highest first, each counted so that lower is more. :class:`Badugi` is a
:class:`~studspec.engine.evaluation.Ranking` so a share, a board and the odd-chip rules read
it through the same methods; wild cards and stripped decks are refused by validate
(``HAND_TRAITS``), so the wild-card tables never see it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .cards import FIRST_JOKER, Card
from .evaluation import Ranking

__all__ = ["BADUGI", "BADUGI_ACE_HIGH", "Badugi"]

_LOW_LETTERS = "A23456789TJQK"
_HIGH_LETTERS = "23456789TJQKA"
_WORDS = ("no", "one", "two", "three", "four")
_ACE_LOW_RANK = [((card >> 2) + 1) % 13 for card in range(FIRST_JOKER)]
"""Each card's rank counted ace-low: the ace 0, the deuce 1 .. the king 12 (a list: a joker
is past its end)."""
_ACE_HIGH_RANK = [card >> 2 for card in range(FIRST_JOKER)]
"""Each card's rank counted ace-high: the deuce 0 .. the ace 12."""
_CARD_SUIT = [1 << (card & 3) for card in range(FIRST_JOKER)]
"""Each card's suit as a bit of a suit mask."""


def _hall(state: int) -> bool:
    """Whether the suit masks packed in ``state`` (4 bits each) can each take a different suit."""
    masks = []
    while state:
        masks.append(state & 15)
        state >>= 4
    for size in range(1, len(masks) + 1):
        for group in combinations(masks, size):
            union = 0
            for mask in group:
                union |= mask
            if union.bit_count() < size:
                return False
    return True


class _Matchable(dict[int, bool]):
    """Hall's condition for each packed sequence of suit masks, computed once when asked."""

    __slots__ = ()

    def __missing__(self, state: int) -> bool:
        fits = _hall(state)
        self[state] = fits
        return fits


_MATCHABLE = _Matchable()


class Badugi(Ranking):
    """The badugi ranking: lowest badugi wins, more cards first (see the module docstring)."""

    __slots__ = ()

    def __init__(self, name: str = "badugi", ace_low: bool = True) -> None:
        super().__init__(name, ace_low=ace_low, low=True, straights=False, flushes=False)

    def __repr__(self) -> str:
        return f"<Badugi {self.name!r}>"

    def __reduce__(self) -> tuple[object, tuple[str]]:  # type: ignore[override]
        """Pickle as the module's instance of this name."""
        return _badugi, (self.name,)

    def without(self, removed: object) -> Ranking:
        """Badugi is played on the full deck; validate refuses a stripped one (``HAND_TRAITS``)."""
        if removed:
            raise ValueError("badugi is ranked on the full 52-card deck")
        return self

    @property
    def _letters(self) -> str:
        return _LOW_LETTERS if self.ace_low else _HIGH_LETTERS

    def fill(self, most: int = 7) -> int:
        """Nothing to fill: the only table is the small one of suit masks."""
        return 0

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best badugi among ``cards`` (larger is better)."""
        masks = [0] * 13
        ranks = _ACE_LOW_RANK if self.ace_low else _ACE_HIGH_RANK
        try:
            for card in cards:
                masks[ranks[card]] |= _CARD_SUIT[card]
        except IndexError:
            raise ValueError(f"badugi cannot value a joker: {[str(c) for c in cards]}") from None
        matchable = _MATCHABLE
        state = value = size = 0
        for index, mask in enumerate(masks):  # the ranks from the lowest up
            if mask:
                grown = state << 4 | mask
                if matchable[grown]:
                    state = grown
                    value |= (13 - index) << (4 * size)
                    size += 1
                    if size == 4:
                        break
        return size << 16 | value

    def ranks(self, value: int) -> list[int]:
        """The badugi's ranks in its order (ace 0 .. king 12 ace-low; deuce 0 .. ace 12 ace-high),
        highest first."""
        size = value >> 16
        return [13 - (value >> (4 * i) & 15) for i in reversed(range(size))]

    def describe(self, value: int) -> str:
        """Words for a value, e.g. ``"four-card badugi, 8-5-3-A"``."""
        size = value >> 16
        if not 1 <= size <= 4:
            raise ValueError(f"{value} is not a value of the badugi ranking")
        return f"{_WORDS[size]}-card badugi, {'-'.join(self._letters[r] for r in self.ranks(value))}"

    def qualifies(self, hand: int | Sequence[Card], qualifier: int) -> bool:
        """A four-card badugi whose highest card is at most ``qualifier`` (ace 1 .. king 13):
        13 lets any four-card badugi qualify (generic_poker's Mississippi Studugi). Where the
        ace is high it counts 14 and never qualifies, as in a deuce-to-seven low."""
        if not 1 <= qualifier <= 13:
            raise ValueError(f"a badugi qualifier is from 1 (ace) to 13 (king), not {qualifier}")
        value = hand if isinstance(hand, int) else self.value(hand)
        top = self.ranks(value)[0] + (1 if self.ace_low else 2)
        return value >> 16 == 4 and top <= qualifier

    def best_five(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """The cards of the best badugi (up to four), highest card first. Where the same ranks
        can be held in other suits, the choice whose highest card by suit is highest, then the
        next (the odd-chip rules read it, WSOP-L 149). Enumerates; meant for showdowns."""
        cards = tuple(cards)
        if len(set(cards)) != len(cards):
            raise ValueError(f"the same card twice in {[str(c) for c in cards]}")
        target = self.value(cards)
        best: tuple[Card, ...] = ()
        best_order: list[tuple[int, int]] = []
        for combo in combinations(cards, target >> 16):
            if len({c >> 2 for c in combo}) < len(combo) or len({c & 3 for c in combo}) < len(combo):
                continue
            if self.value(combo) != target:
                continue
            ordered = tuple(sorted(combo, key=self.card_order, reverse=True))
            order = [self.card_order(card) for card in ordered]
            if not best or order > best_order:
                best, best_order = ordered, order
        return best

    def odd_chip_key(self, cards: Sequence[Card]) -> tuple[int, int]:
        """(rank in the badugi's order, suit) of its highest card: the bigger takes an odd chip."""
        return self.card_order(self.best_five(cards)[0])


BADUGI = Badugi()
"""Badugi, aces low."""

BADUGI_ACE_HIGH = Badugi("badugi-ace-high", ace_low=False)
"""Badugi with the ace the highest rank (generic_poker's badugi_ah)."""


def _badugi(name: str = "badugi") -> Badugi:
    """The module's instance called ``name`` (what a pickled badugi ranking becomes)."""
    return BADUGI_ACE_HIGH if name == BADUGI_ACE_HIGH.name else BADUGI
