"""Badugi: the best hand is the largest set of cards of different suits and different ranks.

A badugi is up to four cards, no two of a suit and no two of a rank (Wikipedia, "Badugi";
pagat.com, "Badugi"). More cards beat fewer: any four-card badugi beats any three-card one,
and so on. Between badugis of one size the highest card decides, the lower winning, then
the next highest, and so on; aces are low, so 4-3-2-A of four suits is the best hand.

The best badugi of any number of cards comes from each suit's lowest card. Where those fall
on different ranks they are the best badugi: it has a card of every suit the hand holds, so
none has more, and any badugi of as many cards takes a card of each of those suits, none of
them lower, so its highest card is no lower, nor its next. Where two suits' lowest cards
share a rank, the best badugi holds one of the two (whichever badugi holds neither, giving
either suit its lowest card instead is no worse), so it is the better of the hand's best
badugis without the one card and without the other; each has a card fewer, and the few
hands with such clashes (about a third of seven cards) are settled in a handful of steps.

The hand is one ``int`` of four 14-bit fields, a suit's ranks each, so one subtraction finds
every suit's lowest card at once (a guard bit atop each field stops the borrow), and a dict
that fills itself as hands ask gives the value of those (at most four) cards, or says which
two clash: the common hand costs a loop over its cards, five operations and one look-up.

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
from itertools import combinations, product

from .cards import FIRST_JOKER, Card
from .evaluation import Ranking

__all__ = ["BADUGI", "BADUGI_ACE_HIGH", "Badugi"]

_LOW_LETTERS = "A23456789TJQK"
_HIGH_LETTERS = "23456789TJQKA"
_WORDS = ("no", "one", "two", "three", "four")
_FIELD = 14
"""Bits of a suit's field: 13 ranks, the lowest first, and a guard bit above them."""
_ONES = sum(1 << (_FIELD * suit) for suit in range(4))
"""The lowest bit of every suit's field."""
_GUARDS = _ONES << 13
"""The guard bit of every field. A hand holds them all: a field's guard stops the borrow of
the subtraction that finds each suit's lowest card, and stands for it where there is none."""
_FIELDS = tuple(((1 << _FIELD) - 1) << (_FIELD * suit) for suit in range(4))
"""Each suit's field, its guard bit included."""
_ACE_LOW_BIT = [1 << (_FIELD * (card & 3) + ((card >> 2) + 1) % 13) for card in range(FIRST_JOKER)]
"""Each card's bit, its rank counted ace-low (the ace 0, the deuce 1 .. the king 12) in its
suit's field (a list: a joker is past its end)."""
_ACE_HIGH_BIT = [1 << (_FIELD * (card & 3) + (card >> 2)) for card in range(FIRST_JOKER)]
"""Each card's bit, its rank counted ace-high (the deuce 0 .. the ace 12)."""


def _lowest(hand: int) -> int:
    """Each suit's lowest card of ``hand`` (suit fields, every guard bit set), or its guard."""
    return hand & ~(hand - _ONES)


def _suits_by_rank(lowest: int) -> dict[int, list[int]]:
    """The suits of each rank among the cards ``lowest`` (one bit a field)."""
    suits: dict[int, list[int]] = {}
    for suit in range(4):
        rank = (lowest >> (_FIELD * suit) & ((1 << _FIELD) - 1)).bit_length() - 1
        if rank < 13:  # not the guard: the suit has a card
            suits.setdefault(rank, []).append(suit)
    return suits


def _lowest_value(lowest: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The value of the cards ``lowest`` (one bit a field) if their ranks all differ, and no
    branches. Otherwise minus the value they would have if the ranks differed (no badugi of
    the hand beats it), and the branches: for each way to keep one card of each rank they
    share, the cards kept and the fields of the suits whose card is not."""
    suits = _suits_by_rank(lowest)
    ranks = sorted(rank for rank, held in suits.items() for _ in held)
    value = len(ranks) << 16
    for size, rank in enumerate(ranks):  # the ranks from the lowest up
        value |= (13 - rank) << (4 * size)
    if len(suits) == len(ranks):
        return value, ()
    branches = []
    for keep in product(*suits.values()):
        fields = sum(_FIELDS[suit] for held in suits.values() for suit in held if suit not in keep)
        branches.append((lowest & ~fields, fields))
    return -value, tuple(branches)


class _LowestValues(dict[int, int]):
    """The value of each set of lowest cards (:func:`_lowest_value`), computed once when asked
    (14**4 = 38,416 of them at most); where ranks clash, their branches go to :data:`_BRANCHES`
    and the shortcut to :data:`_SHORTCUTS`."""

    __slots__ = ()

    def __missing__(self, lowest: int) -> int:
        value, branches = _lowest_value(lowest)
        if branches:
            _BRANCHES[lowest] = branches
            groups = tuple(tuple(held) for held in _suits_by_rank(lowest).values() if len(held) > 1)
            table = _SECONDS.get(groups) or _SECONDS.setdefault(groups, _LowerSeconds(groups))
            movers = sum(_FIELDS[suit] for held in groups for suit in held[1:])
            fields = sum(_FIELDS[suit] for held in groups for suit in held)
            _SHORTCUTS[lowest] = (lowest & ~movers, fields, table)
        self[lowest] = value
        return value


class _LowerSeconds(dict[int, int]):
    """For suits whose lowest cards share a rank (``groups``: the suits of each such rank), the
    cards that stand in for all but one of each group: given the suits' second lowest cards (a
    bit or the guard in each field), the lowest of them but one of each group, in the fields of
    all but the group's first suit (the first keeps the rank). Computed once when asked."""

    __slots__ = ("groups",)

    def __init__(self, groups: tuple[tuple[int, ...], ...]) -> None:
        super().__init__()
        self.groups = groups

    def __missing__(self, seconds: int) -> int:
        bits = 0
        for held in self.groups:
            ranks = sorted(((seconds & _FIELDS[suit]) >> (_FIELD * suit)).bit_length() - 1 for suit in held)
            for suit, rank in zip(held[1:], ranks):  # the lowest but one: the guard, 13, is highest
                bits |= 1 << (_FIELD * suit + rank)
        self[seconds] = bits
        return bits


_VALUES = _LowestValues()
_BRANCHES: dict[int, tuple[tuple[int, int], ...]] = {}
"""For each set of lowest cards of which some share a rank (a key of :data:`_VALUES` of negative
value): the ways to keep one card of each such rank, as the cards kept and the fields of the
suits that lose theirs. In the hand without those cards, a field's lowest card is its second."""
_SECONDS: dict[tuple[tuple[int, ...], ...], _LowerSeconds] = {}
"""The :class:`_LowerSeconds` of each way suits' lowest cards can share ranks."""
_SHORTCUTS: dict[int, tuple[int, int, _LowerSeconds]] = {}
"""For each set of lowest cards of which some share a rank: the cards without those of every
group's suits but the first, the fields of the groups' suits, and their :class:`_LowerSeconds`:
the cards kept and the stand-ins, where they do not clash, are the best badugi (the module
docstring)."""


def _branching(hand: int, lowest: int) -> int:
    """The value of the best badugi of ``hand`` (suit fields), whose suits' ``lowest`` cards
    clash: the best of its branches' (the module docstring), and of theirs where theirs clash
    in turn, passing over a branch whose bound is no better than the best found."""
    values, clashes = _VALUES, _BRANCHES
    best = 0
    todo = [(1 << 20, hand, lowest)]
    while todo:
        bound, hand, lowest = todo.pop()
        if bound <= best:
            continue
        second = _lowest(hand ^ lowest | _GUARDS)
        for kept, fields in clashes[lowest]:
            branch = kept | second & fields
            value = values[branch]
            if value >= 0:
                if value > best:
                    best = value
            elif -value > best:
                todo.append((-value, hand ^ (lowest & fields), branch))
    return best


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
        """Fill the table of lowest cards now (it fills as hands ask otherwise); return its size.
        ``most`` is the Ranking interface's: every hand size shares the one table."""
        for bits in product(range(_FIELD), repeat=4):  # each suit's lowest rank, or its guard
            _VALUES[sum(1 << (_FIELD * suit + bit) for suit, bit in enumerate(bits))]
        return len(_VALUES)

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best badugi among ``cards`` (larger is better)."""
        bits = _ACE_LOW_BIT if self.ace_low else _ACE_HIGH_BIT
        hand = _GUARDS
        try:
            for card in cards:
                hand |= bits[card]
        except IndexError:
            raise ValueError(f"badugi cannot value a joker: {[str(c) for c in cards]}") from None
        lowest = hand & ~(hand - _ONES)  # each suit's lowest card
        value = _VALUES[lowest]
        if value >= 0:
            return value
        rest = hand ^ lowest | _GUARDS  # some share a rank: the lower second cards stand in
        kept, fields, stand_ins = _SHORTCUTS[lowest]
        value = _VALUES[kept | stand_ins[rest & ~(rest - _ONES) & fields]]
        return value if value >= 0 else _branching(hand, lowest)

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
