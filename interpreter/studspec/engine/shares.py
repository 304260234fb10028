"""What wins a share of a pot: a poker hand under a ranking, or one card a seat holds.

Every share of every pot is decided by a :class:`ShareRule`: it scores each claimant's
:class:`Holding` (larger is better; ``None`` when the seat cannot win the share at all, like
a Chicago player with no spade in the hole) and puts the winning score in words. Poker
rankings (:class:`RankedShare`) look at the best five cards; a card share
(:class:`HoleCardShare`) looks only at the seat's face-down cards (High and Low Chicago:
the spade in the hole, docs/rules.md V4, edge case E35).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import cast

from studspec.rulebook.model import Face

from .cards import FIRST_JOKER, RANK_LETTERS, RANK_NAMES, SUIT_LETTERS, Card, Suit
from .double_deck import DoubleDeck, double_deck
from .evaluation import HIGH, Ranking
from .records import quick_init
from .wild_ranking import WildRanking, WildSpec, wild_ranking

Evaluator = Ranking | WildRanking | DoubleDeck
"""What values a hand: a natural ranking, or one with wild cards, or either on a double deck
(same scale, same methods)."""


@quick_init
@dataclass(frozen=True, slots=True)
class Holding:
    """A seat's cards at the showdown: its own, in the order dealt, with how each was dealt,
    and the community cards that play in every hand."""

    cards: tuple[Card, ...]
    faces: tuple[Face, ...]
    community: tuple[Card, ...] = ()
    wild: WildSpec | None = None
    """What is wild in this seat's hand (``None``: no card is)."""
    sets: tuple[tuple[Card, ...], ...] = ()
    """The two hands the seat set, when the book has players set hands (Cowpie)."""

    @classmethod
    def known(
        cls,
        cards: Sequence[Card | None],
        faces: Sequence[Face],
        community: Sequence[Card | None] = (),
        wild: WildSpec | None = None,
    ) -> Holding:
        """The cards of these that a viewer knows (``None`` stands for one it does not)."""
        if None not in cards and None not in community:  # a seat's own view: all known
            return cls(
                cast(tuple[Card, ...], tuple(cards)), tuple(faces), cast(tuple[Card, ...], tuple(community)), wild
            )
        pairs = [(card, face) for card, face in zip(cards, faces) if card is not None]
        return cls(
            tuple(card for card, _ in pairs),
            tuple(face for _, face in pairs),
            tuple(card for card in community if card is not None),
            wild,
        )

    @property
    def playing(self) -> tuple[Card, ...]:
        """Every card that plays in the seat's poker hand."""
        return self.cards + self.community

    def hole(self) -> tuple[Card, ...]:
        """The seat's face-down cards (a card shown at the showdown is still a hole card)."""
        return tuple(card for card, face in zip(self.cards, self.faces) if face is Face.DOWN)


class RankedShare:
    """A share won by the best poker hand under ``ranking`` (with an optional qualifier)."""

    __slots__ = ("high", "name", "ranking")

    def __init__(self, ranking: Ranking) -> None:
        self.ranking = ranking
        self.name = ranking.name
        self.high = not ranking.low
        """High shares take a pot's odd chip before low ones (WSOP-L 244)."""

    def ranking_for(self, holding: Holding) -> Evaluator:
        """The evaluator of this seat's hand: the ranking itself, or it with the wild cards."""
        return self.ranking if holding.wild is None else wild_ranking(self.ranking, holding.wild)

    def score(self, holding: Holding) -> int | None:
        return self.ranking_for(holding).value(holding.playing)

    def cards(self, holding: Holding) -> tuple[Card, ...]:
        """The cards this share reads (the odd-chip rules look at them)."""
        return holding.playing

    def qualifies(self, score: int, qualifier: int) -> bool:
        """A low's qualifier is its highest rank ("eight or better"); a high share's is the
        value of the least hand that qualifies (``at_least``: a pair of jacks)."""
        if self.high:
            return score >= qualifier
        return self.ranking.qualifies(score, qualifier)

    def describe(self, score: int) -> str:
        return self.ranking.describe(score)


_SUIT_WORDS = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


class DoubleDeckShare(RankedShare):
    """A poker share on a double deck (``deck.copies: 2``): the ranking, with the seat's wild
    cards, valued by :class:`.double_deck.DoubleDeck`, which knows two identical cards, five
    of a kind and the flush with a repeated rank (docs/rules.md D6)."""

    __slots__ = ()

    def ranking_for(self, holding: Holding) -> Evaluator:
        return double_deck(self.ranking if holding.wild is None else wild_ranking(self.ranking, holding.wild))


class HoleCardShare:
    """A share won by the best single card of one suit among a seat's face-down cards.

    ``order`` ranks a card's rank (deuce 0 .. ace 12) so that larger wins: the highest spade
    (High Chicago) or, turned over, the lowest (Low Chicago, with the ace low or high as the
    house plays it). A seat with no such card in the hole has no claim; if nobody has, the
    share goes to the poker share (no hole spade: high scoops, docs/rules.md V4).
    """

    __slots__ = ("anywhere", "copies", "high", "name", "only", "order", "ranking", "suit")

    def __init__(
        self,
        name: str,
        suit: Suit,
        order: Callable[[int], int],
        anywhere: bool = False,
        copies: int = 1,
        only: int | None = None,
    ) -> None:
        self.name = name
        self.suit = suit
        self.order = order
        self.anywhere = anywhere
        """Any of the seat's own cards counts, up or down (``card_face: any``), not only the hole."""
        self.copies = copies
        """Copies of each card in the deck: on a double deck two seats may hold the same spade."""
        self.only = only
        """The one rank that counts (``card_rank``: deuce 0 .. ace 12), so the share goes to
        whoever holds that one card (the queen of spades); ``None``: any rank of the suit."""
        self.high = False
        """The poker share takes the pot's odd chip first."""
        self.ranking = HIGH
        """Ties cannot happen in one deck; the odd-chip rules read a ranking all the same."""

    def on_deck(self, copies: int) -> HoleCardShare:
        """This share on a deck holding each card ``copies`` times (docs/rules.md D6)."""
        return HoleCardShare(self.name, self.suit, self.order, self.anywhere, copies, self.only)

    def ranking_for(self, holding: Holding) -> Evaluator:
        """The ranking the odd-chip rules read: ties happen only on a double deck, whose
        evaluator knows two identical cards (D6)."""
        ranking = self.ranking if holding.wild is None else wild_ranking(self.ranking, holding.wild)
        return double_deck(ranking) if self.copies > 1 else ranking

    def cards(self, holding: Holding) -> tuple[Card, ...]:
        return holding.playing

    def of(self, suit: Suit, anywhere: bool, only: int | None = None) -> HoleCardShare:
        """The same share for another suit, reading every own card, or for one card
        (``pots.shares[].suit``, ``card_face``, ``card_rank``), named for it:
        ``high-heart-in-the-hole``, ``high-spade-in-the-hand``, ``queen-of-spades-in-the-hole``."""
        if suit is self.suit and anywhere is self.anywhere and only is None:
            return self
        where = "-in-the-hand" if anywhere else "-in-the-hole"
        if only is not None:
            name = f"{RANK_NAMES[only]}-of-{_SUIT_WORDS[suit]}s{where}"
        else:
            name = self.name.replace("spade", _SUIT_WORDS[suit]).replace("-in-the-hole", where)
        return HoleCardShare(name, suit, self.order, anywhere, self.copies, only)

    def score(self, holding: Holding) -> int | None:
        cards = holding.cards if self.anywhere else holding.hole()
        ranks = [card >> 2 for card in cards if card < FIRST_JOKER and card & 3 == self.suit]
        if self.only is not None:
            ranks = [rank for rank in ranks if rank == self.only]
        if not ranks:
            return None
        best = max(ranks, key=self.order)
        return self.order(best) * 16 + int(best)

    def qualifies(self, score: int, qualifier: int) -> bool:
        raise ValueError(f"the {self.name} share takes no qualifier")

    def describe(self, score: int) -> str:
        rank = score % 16
        card = RANK_LETTERS[rank] + SUIT_LETTERS[self.suit]
        where = "in the hand" if self.anywhere else "in the hole"
        return f"the {RANK_NAMES[rank]} of {self.suit.name.lower()} {where} ({card})"


class SetHandShare:
    """A poker share that reads one of the two hands a seat set (Cowpie: the five-card hand
    for one half, the two-card hand for the other)."""

    __slots__ = ("high", "index", "inner", "name", "ranking")

    def __init__(self, inner: RankedShare, index: int) -> None:
        self.inner = inner
        self.index = index
        self.ranking = inner.ranking
        self.high = inner.high
        self.name = f"{inner.name} (hand {index + 1})"

    def _hand(self, holding: Holding) -> Holding:
        cards = holding.sets[self.index] if holding.sets else holding.cards
        return Holding(cards, (Face.DOWN,) * len(cards), holding.community, holding.wild)

    def ranking_for(self, holding: Holding) -> Evaluator:
        return self.inner.ranking_for(holding)

    def cards(self, holding: Holding) -> tuple[Card, ...]:
        return self._hand(holding).playing

    def score(self, holding: Holding) -> int | None:
        return self.inner.score(self._hand(holding))

    def qualifies(self, score: int, qualifier: int) -> bool:
        return self.inner.qualifies(score, qualifier)

    def describe(self, score: int) -> str:
        return self.inner.describe(score)


class OwnAndBoardShare:
    """A poker share whose hand is exactly ``own`` of the seat's own cards and ``board`` of the
    community cards (Stud Hold'em: two and three, as Omaha plays; docs/rules.md V15). A seat
    with too few of either has no such hand and no claim to the share. ``down_only``: the own
    cards are hole cards (Down in the Delta: two of the face-down cards)."""

    __slots__ = ("board", "down_only", "high", "inner", "name", "own", "ranking")

    def __init__(self, inner: RankedShare, own: int, board: int, down_only: bool = False) -> None:
        self.inner = inner
        self.own = own
        self.board = board
        self.down_only = down_only
        self.ranking = inner.ranking
        self.high = inner.high
        self.name = inner.name

    def ranking_for(self, holding: Holding) -> Evaluator:
        return self.inner.ranking_for(holding)

    def _best(self, holding: Holding) -> tuple[int, tuple[Card, ...]] | None:
        """The best value and its cards over every choice of own and community cards."""
        own = holding.cards
        if self.down_only:
            own = tuple(card for card, face in zip(holding.cards, holding.faces) if face is Face.DOWN)
        if len(own) < self.own or len(holding.community) < self.board:
            return None
        evaluator = self.ranking_for(holding)
        best: tuple[int, tuple[Card, ...]] | None = None
        for mine in combinations(own, self.own):
            for shared in combinations(holding.community, self.board):
                five = mine + shared
                value = evaluator.value(five)
                if best is None or value > best[0]:
                    best = (value, five)
        return best

    def cards(self, holding: Holding) -> tuple[Card, ...]:
        """The five the share plays (the odd-chip rules read them), or all when none can."""
        best = self._best(holding)
        return holding.playing if best is None else best[1]

    def score(self, holding: Holding) -> int | None:
        best = self._best(holding)
        return None if best is None else best[0]

    def qualifies(self, score: int, qualifier: int) -> bool:
        return self.inner.qualifies(score, qualifier)

    def describe(self, score: int) -> str:
        return self.inner.describe(score)


class NaturalShare:
    """A poker share won by the best natural hand: every card plays as what it is, wild or
    not (``pots.shares[].natural``: deuces wild, the pot split between the best hand and the
    best natural hand). Whatever the other shares make of a wild card, this one reads the
    seat's cards without it."""

    __slots__ = ("high", "inner", "name", "ranking")

    def __init__(self, inner: RankedShare | SetHandShare | OwnAndBoardShare) -> None:
        self.inner = inner
        self.ranking = inner.ranking
        self.high = inner.high
        self.name = f"{inner.name} (natural)"

    def ranking_for(self, holding: Holding) -> Evaluator:
        return self.inner.ranking_for(replace(holding, wild=None))

    def cards(self, holding: Holding) -> tuple[Card, ...]:
        return self.inner.cards(replace(holding, wild=None))

    def score(self, holding: Holding) -> int | None:
        return self.inner.score(replace(holding, wild=None))

    def qualifies(self, score: int, qualifier: int) -> bool:
        return self.inner.qualifies(score, qualifier)

    def describe(self, score: int) -> str:
        return self.inner.describe(score)


CLASS_STEP = 1 << 40
"""Added to a score of the upper class (above every value a ranking gives)."""


class ClassShare:
    """A poker share in which hands fall in two classes by the cards held: one holding a card
    of ``ranks`` among all its cards beats every one holding none, and each class is ranked
    by the share's hand (Action Razz: a face card, J, Q or K, anywhere in the seven, then
    the best ace-to-five low; BARGE rulebook). The score carries the class above the value."""

    __slots__ = ("count", "high", "inner", "name", "ranking", "ranks")

    def __init__(
        self,
        inner: RankedShare | SetHandShare | OwnAndBoardShare | NaturalShare,
        ranks: frozenset[int],
        count: int = 1,
    ) -> None:
        self.inner = inner
        self.ranks = ranks
        """The ranks (deuce 0 .. ace 12) that put a hand in the upper class."""
        self.count = count
        """How many cards of those ranks it takes (a house top hand: a pair of sevens, 2)."""
        self.ranking = inner.ranking
        self.high = inner.high
        self.name = inner.name

    def upper(self, holding: Holding) -> bool:
        """The hand holds ``count`` cards of the class ranks (jokers are of no rank)."""
        return sum(1 for card in holding.playing if card < FIRST_JOKER and card >> 2 in self.ranks) >= self.count

    def ranking_for(self, holding: Holding) -> Evaluator:
        return self.inner.ranking_for(holding)

    def cards(self, holding: Holding) -> tuple[Card, ...]:
        return self.inner.cards(holding)

    def score(self, holding: Holding) -> int | None:
        value = self.inner.score(holding)
        if value is None:
            return None
        return value + CLASS_STEP if self.upper(holding) else value

    def qualifies(self, score: int, qualifier: int) -> bool:
        return self.inner.qualifies(score % CLASS_STEP, qualifier)

    def describe(self, score: int) -> str:
        words = self.inner.describe(score % CLASS_STEP)
        held = "with" if score >= CLASS_STEP else "without"
        ranks = "-".join(RANK_LETTERS[rank] for rank in sorted(self.ranks))
        return f"{words}, {held} " + (f"a card of {ranks}" if self.count == 1 else f"{self.count} cards of {ranks}")


class PointsShare:
    """A share won by the most points: every card a seat holds, up or down, and the community
    cards count what its rank is worth, the rest nothing (``hand: most-points`` with
    ``points``; Oakland Raiders' football hand: aces 1, deuces 2, threes 3, sixes 6;
    generic_poker's seven_card_football; docs/rules.md V22). Every hand has a total, so the
    share is always won; equal totals tie and split it."""

    __slots__ = ("high", "name", "ranking", "worth")

    def __init__(self, name: str, worth: Sequence[int] = (0,) * 13) -> None:
        self.name = name
        self.worth = tuple(worth)
        """Points of each rank, deuce 0 .. ace 12 (a joker is worth nothing)."""
        self.high = False
        """Not a poker share: the poker shares take a pot's odd chips first."""
        self.ranking = HIGH
        """What the odd-chip rules read among tied totals (the highest card by suit)."""

    def scoring(self, points: Mapping[str, int]) -> PointsShare:
        """This share counting ``points`` (rank letters to points; a rank not named is worth 0)."""
        return PointsShare(self.name, [points.get(letter, 0) for letter in RANK_LETTERS])

    def ranking_for(self, holding: Holding) -> Evaluator:
        return self.ranking

    def cards(self, holding: Holding) -> tuple[Card, ...]:
        """What the odd-chip rules read between tied totals: every card counts, so the highest
        card by suit of them all (not of a best poker five: a full house of threes and deuces
        beside an ace plays the ace here; docs/rules.md V22)."""
        natural = [card for card in holding.playing if card < FIRST_JOKER]
        return (max(natural, key=self.ranking.card_order),) if natural else holding.playing

    def score(self, holding: Holding) -> int | None:
        worth = self.worth
        return sum(worth[card >> 2] for card in holding.playing if card < FIRST_JOKER)

    def qualifies(self, score: int, qualifier: int) -> bool:
        raise ValueError(f"the {self.name} share takes no qualifier")

    def describe(self, score: int) -> str:
        return f"{score} point{'' if score == 1 else 's'}"


ShareRule = (
    RankedShare
    | DoubleDeckShare
    | HoleCardShare
    | SetHandShare
    | OwnAndBoardShare
    | NaturalShare
    | ClassShare
    | PointsShare
)
"""What a rule book's ``pots.shares[].hand`` names."""


def ace_high(rank: int) -> int:
    """Deuce lowest, ace highest."""
    return rank


def lowest_ace_low(rank: int) -> int:
    """The lowest card wins, the ace the lowest of all."""
    return -((rank + 1) % 13)


def lowest_ace_high(rank: int) -> int:
    """The lowest card wins, the deuce the lowest of all (the ace counts high)."""
    return -rank


def odd_chip_order(rules: Sequence[ShareRule]) -> list[int]:
    """Share indexes in the order they take a pot's odd chips: high shares first (WSOP-L 244)."""
    return sorted(range(len(rules)), key=lambda i: not rules[i].high)
