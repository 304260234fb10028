"""Badugi: the best hand is the largest set of cards of different suits and different ranks.

A badugi is up to four cards, no two of a suit and no two of a rank (Wikipedia, "Badugi";
pagat.com, "Badugi"). More cards beat fewer: any four-card badugi beats any three-card one,
and so on. Between badugis of one size the highest card decides, the lower winning, then
the next highest, and so on; aces are low, so 4-3-2-A of four suits is the best hand.

The best badugi of any number of cards starts from each suit's lowest card. Where those
fall on different ranks they are the best badugi: it has a card of every suit the hand
holds, so none has more, and a badugi of as many cards takes a card of each of those suits,
none lower, so its ranks, highest first, are each no lower. Where some share a rank, a
badugi holds at most one card of it, so the best badugi is the best of those of the hands
without all but one card of each shared rank (a branch for each choice of the card kept). In
a branch the suits that lost their lowest card play their second lowest. In the branch where
of each shared rank the suit with the highest second card keeps it (the suits with lower
ones give it up), the lowest cards are, rank by rank, no higher than any branch's; so where
they do not clash in turn, they are the best badugi of the hand (by the argument above, no
branch's best badugi beats its lowest cards). Only where they do clash (one hand in twenty
of seven cards) are the branches solved one by one, in the same way.

A hand is one ``int`` of four 15-bit fields, one suit's ranks each, lowest first, each with
a guard bit above its ranks: one subtraction finds every suit's lowest card at once (the
guard takes the borrow of an empty suit and stands in for its missing card), and the
remainder by 2**15 - 1 sums the four fields into one number, which tells lowest cards of
different ranks apart and from any that clash; a list of 1,093 values, built on import,
gives their value. The common hand costs a loop over its cards, four operations and one
look-up, as a high hand costs in :mod:`studspec.engine.evaluation`; one with a clash, a dict
look-up of the way its suits share ranks (14 ways) and about ten operations more.

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
_FIELD = 15
"""Bits of a suit's field: 13 ranks, the lowest first, a guard bit above them and a spare bit
that lets the four fields fold into one (:data:`_FOLD`)."""
_ONES = sum(1 << (_FIELD * suit) for suit in range(4))
"""The lowest bit of every suit's field."""
_GUARD = 13
_GUARDS = _ONES << _GUARD
"""The guard bit of every field. A hand holds them all: a field's guard stops the borrow of
the subtraction that finds each suit's lowest card, and stands for it where there is none."""
_FIELD_BITS = (1 << _FIELD) - 1
"""A field's bits, shifted down."""
_FIELDS = tuple(_FIELD_BITS << (_FIELD * suit) for suit in range(4))
"""Each suit's field."""
_ALL_FIELDS = sum(_FIELDS)
_FOLD = (1 << _FIELD) - 1
"""``lowest % _FOLD`` is the sum of the four fields of a hand's lowest cards (2**15 leaves 1
over): one bit a rank held by one suit, the guard's for each suit without a card, and, where
ranks clash, a sum that no set of different ranks has."""
_ACE_LOW_BIT = [1 << (_FIELD * (card & 3) + ((card >> 2) + 1) % 13) for card in range(FIRST_JOKER)]
"""Each card's bit, its rank counted ace-low (the ace 0, the deuce 1 .. the king 12) in its
suit's field (a list: a joker is past its end)."""
_ACE_HIGH_BIT = [1 << (_FIELD * (card & 3) + (card >> 2)) for card in range(FIRST_JOKER)]
"""Each card's bit, its rank counted ace-high (the deuce 0 .. the ace 12)."""


def _suits_by_rank(lowest: int) -> dict[int, list[int]]:
    """The suits of each rank among the cards ``lowest`` (a bit a field, the guard for none)."""
    suits: dict[int, list[int]] = {}
    for suit in range(4):
        rank = (lowest >> (_FIELD * suit) & _FIELD_BITS).bit_length() - 1
        if rank < _GUARD:
            suits.setdefault(rank, []).append(suit)
    return suits


def _by_fold() -> list[int]:
    """The value of each set of lowest cards of different ranks at its fold (``% _FOLD``), -1
    at the other folds: 1,093 folds of 32,767 (built on import, in under a millisecond)."""
    values = [-1] * _FOLD
    for size in range(5):
        guards = (4 - size) << _GUARD  # the suits without a card; all four: the fold is 1
        for ranks in combinations(range(13), size):  # the ranks from the lowest up
            value = size << 16
            for place, rank in enumerate(ranks):
                value |= (13 - rank) << (4 * place)
            values[(sum(1 << rank for rank in ranks) + guards) % _FOLD] = value
    return values


_BY_FOLD = _by_fold()


class _ClashingPlaces(dict[int, int]):
    """For each set of lowest cards (a bit a field) of which some share a rank, the place in
    :data:`_SHORTCUTS` of the way they do, computed once when asked (13,403 sets at most)."""

    __slots__ = ()

    def __missing__(self, lowest: int) -> int:
        groups = tuple(tuple(held) for held in _suits_by_rank(lowest).values() if len(held) > 1)
        if not groups:
            raise ValueError(f"no two lowest cards share a rank in {lowest:#x}")
        place = _shortcut(groups)
        self[lowest] = place
        return place


def _shortcut(groups: tuple[tuple[int, ...], ...]) -> int:
    """The place in :data:`_SHORTCUTS` of the way suits' lowest cards share ranks (``groups``:
    the suits of each shared rank), added if new."""
    if groups in _GROUPS:
        return _GROUPS.index(groups)
    movers = sum(_FIELDS[suit] for held in groups for suit in held[1:])
    branches = tuple(
        sum(_FIELDS[suit] for held in groups for suit in held if suit not in keep) for keep in product(*groups)
    )
    fields = sum(_FIELDS[suit] for held in groups for suit in held)
    _GROUPS.append(groups)
    _SHORTCUTS.append((_ALL_FIELDS & ~movers, fields, _LowerSeconds(groups), branches))
    return len(_SHORTCUTS) - 1


class _LowerSeconds(dict[int, int]):
    """For suits whose lowest cards share a rank (``groups``: the suits of each such rank), the
    cards that stand in for all but one of each group: given the suits' second lowest cards (a
    bit a field, the guard for none), the lowest of them but one of each group, in the fields of
    all but the group's first suit (the first keeps the rank). Computed once when asked."""

    __slots__ = ("groups",)

    def __init__(self, groups: tuple[tuple[int, ...], ...]) -> None:
        super().__init__()
        self.groups = groups

    def __missing__(self, seconds: int) -> int:
        bits = 0
        for held in self.groups:
            ranks = sorted((seconds >> (_FIELD * suit) & _FIELD_BITS).bit_length() - 1 for suit in held)
            for suit, rank in zip(held[1:], ranks):  # the lowest but one: the guard is highest
                bits |= 1 << (_FIELD * suit + rank)
        self[seconds] = bits
        return bits


_CLASHING = _ClashingPlaces()
_GROUPS: list[tuple[tuple[int, ...], ...]] = []
"""Each way suits' lowest cards can share ranks (the suits of each shared rank) met so far, at
its place in :data:`_SHORTCUTS`."""
_SHORTCUTS: list[tuple[int, int, _LowerSeconds, tuple[int, ...]]] = []
"""For each way suits' lowest cards can share ranks (:data:`_GROUPS`; 14 ways): the fields to
keep of the lowest cards (all but those of every group's suits but the first), the fields of
the groups' suits, their :class:`_LowerSeconds`, and the fields of the suits that lose their
card in each branch. The cards kept and the stand-ins, where they do not clash, are the best
badugi (the module docstring)."""


def _solve(hand: int) -> int:
    """The value of the best badugi of ``hand`` (suit fields, every guard bit set): each suit's
    lowest card, or the stand-ins for those that share a rank, or where those clash too, the
    best of the branches (the module docstring). :meth:`Badugi.value` is this, inlined."""
    lowest = hand & ~(hand - _ONES)
    value = _BY_FOLD[lowest % _FOLD]
    if value >= 0:
        return value
    rest = hand ^ lowest | _GUARDS  # without each suit's lowest card
    keep, fields, stand_ins, branches = _SHORTCUTS[_CLASHING[lowest]]
    value = _BY_FOLD[(lowest & keep | stand_ins[rest & ~(rest - _ONES) & fields]) % _FOLD]
    return value if value >= 0 else _best_branch(hand, lowest, branches)


def _best_branch(hand: int, lowest: int, branches: tuple[int, ...]) -> int:
    """The value of the best badugi of any branch of ``hand``: the hand without its ``lowest``
    cards in the fields of one of ``branches``."""
    best = 0
    for removed in branches:
        value = _solve(hand ^ (lowest & removed))
        if value > best:
            best = value
    return best


class Badugi(Ranking):
    """The badugi ranking: lowest badugi wins, more cards first (see the module docstring)."""

    __slots__ = ("_bits",)

    _bits: list[int]
    """Each card's bit in a hand's suit fields, its rank counted as this ranking counts it."""

    def __init__(self, name: str = "badugi", ace_low: bool = True) -> None:
        super().__init__(name, ace_low=ace_low, low=True, straights=False, flushes=False)
        object.__setattr__(self, "_bits", _ACE_LOW_BIT if ace_low else _ACE_HIGH_BIT)

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
        """Fill the table of lowest cards that share ranks now (it fills as hands ask
        otherwise); return its size. ``most`` is the Ranking interface's: every hand size
        shares the one table."""
        for ranks in product(range(_GUARD + 1), repeat=4):  # each suit's lowest rank, or its guard
            lowest = sum(1 << (_FIELD * suit + rank) for suit, rank in enumerate(ranks))
            if _BY_FOLD[lowest % _FOLD] < 0:
                _CLASHING[lowest]
        return len(_CLASHING)

    def value(self, cards: Sequence[Card]) -> int:
        """The value of the best badugi among ``cards`` (larger is better): :func:`_solve`."""
        bits = self._bits
        hand = _GUARDS
        try:
            for card in cards:
                hand |= bits[card]
        except IndexError:
            raise ValueError(f"badugi cannot value a joker: {[str(c) for c in cards]}") from None
        lowest = hand & ~(hand - _ONES)  # each suit's lowest card
        value = _BY_FOLD[lowest % _FOLD]
        if value >= 0:
            return value
        rest = hand ^ lowest | _GUARDS  # some share a rank: the lower second cards stand in
        keep, fields, stand_ins, branches = _SHORTCUTS[_CLASHING[lowest]]
        value = _BY_FOLD[(lowest & keep | stand_ins[rest & ~(rest - _ONES) & fields]) % _FOLD]
        return value if value >= 0 else _best_branch(hand, lowest, branches)

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
