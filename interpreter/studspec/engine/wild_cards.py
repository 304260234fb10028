"""A rule book's wild cards, resolved once per book: which ranks are wild for everyone, the
rank that follows a trigger card, the wild card of one player's own, how jokers play.

:class:`WildTable` is what :func:`studspec.engine.rules.resolve` makes of the book's ``wild``
section; :mod:`.wild_now` reads it, with the cards dealt so far, to say what is wild in a
hand now, and :mod:`.wild_ranking` values hands under that. Nothing here depends on a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from studspec.rulebook.model import Face

from .cards import FIRST_JOKER, Card, Rank
from .wild_ranking import FlushWilds, JokerPlay

PerPlayer = Callable[[Sequence[Card | None], Sequence[Face]], frozenset[Rank]]
"""The ranks wild for one seat alone, from its cards and how each was dealt."""


@dataclass(frozen=True)
class FollowRule:
    """A rank made wild by the up card that follows a trigger card (Follow the Queen).

    ``trigger`` is itself wild; the rank of the next up card after an up trigger becomes wild
    with it; a later up trigger replaces that rank (until the up card after it says which);
    ``None`` is no such rule.
    """

    trigger: Rank | None = None


@dataclass(frozen=True)
class CancelRule:
    """Cards whose showing ends every wild card for the rest of the hand (Woolworth: the
    second five or ten face up); down cards never count."""

    ranks: frozenset[Rank] = frozenset()
    cards: frozenset[Card] = frozenset()
    up: int = 1
    """The count of such up cards at which the wild cards end."""

    def counts(self, card: Card) -> bool:
        """Whether ``card``, dealt or turned face up, counts toward the cancelling."""
        return card in self.cards or (card < FIRST_JOKER and card.rank in self.ranks)


@dataclass(frozen=True)
class WildTable:
    """A rule book's wild cards, resolved once per book."""

    ranks: frozenset[Rank] = frozenset()
    cards: frozenset[Card] = frozenset()
    """Single cards wild wherever they lie (``wild.cards``: the queen of spades)."""
    follow: FollowRule = FollowRule()
    moves_from: Rank | None = None
    """Where a wild rank that climbs with the up cards starts (``wild.moves``: Sequence)."""
    cancel: CancelRule | None = None
    """Cards whose showing ends every wild card (``wild.cancelled_by``)."""
    jokers: JokerPlay = JokerPlay.WILD
    jokers_up: JokerPlay = JokerPlay.WILD
    """How a joker plays once it is face up (``wild.jokers: wild-down-bug-up``: the bug)."""
    flush: FlushWilds = FlushWilds.DISTINCT_RANKS
    """What a wild card may stand for in a flush (``wild.flush``)."""
    per_player: PerPlayer | None = None
    board_wild: bool = False
    """Whether wild cards count as wild for the bring-in and first to act."""
    deck_has_jokers: bool = False
    unwild_possible: bool = False
    """A player may leave a card of a wild rank natural (``triggers[].effect: pay-or-not-wild``)."""
    indicated_bars: bool = False
    """An indicator's rank may bar wild cards from standing for it (the Bad, the Ugly)."""
    indicated: bool = False
    """An indicator card's rank is wild (``streets[].indicator: wild-rank``: Kryky)."""
    any: bool = field(init=False, compare=False)
    """Whether any card can ever be wild in this book (asked several times a hand: kept)."""
    plain: bool = field(init=False, compare=False)
    """No card bought natural, no cancelling, no rank barred: a seat's spec is read as it
    always was (the common case, kept quick)."""
    changes: bool = field(init=False, compare=False)
    """Whether an up card can change what is wild (a rank followed, climbing, cancelled):
    the deal then shows the wild rules every up card."""

    def __post_init__(self) -> None:
        wild = bool(
            self.ranks
            or self.cards
            or self.indicated
            or self.follow.trigger is not None
            or self.moves_from is not None
            or self.per_player
            or self.deck_has_jokers
        )
        object.__setattr__(self, "any", wild)
        changing = self.follow.trigger is not None or self.moves_from is not None or self.cancel is not None
        object.__setattr__(self, "changes", changing)
        object.__setattr__(self, "plain", not (self.unwild_possible or self.cancel is not None or self.indicated_bars))


ACE_OF_SPADES = Card(51)


def as_natural(card: Card) -> Card:
    """A card as it counts on a board read naturally: itself, or an ace for a joker."""
    return ACE_OF_SPADES if card >= FIRST_JOKER else card


_PLURALS = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces")  # fmt: skip


SINGULARS = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
             "jack", "queen", "king", "ace")  # fmt: skip
"""Each rank's name (Follow the *King*)."""


def plural(rank: Rank) -> str:
    """The rank's name in the plural: ``kings``."""
    return _PLURALS[rank]


def wild_words(ranks: Sequence[Rank]) -> str:
    """The wild ranks for people: ``queens and sevens are wild``."""
    names = [_PLURALS[rank] for rank in sorted(ranks, reverse=True)]
    if not names:
        return "no rank is wild"
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{listed} are wild"


def lowest_down_card(cards: Sequence[Card | None], faces: Sequence[Face]) -> frozenset[Rank]:
    """The rank of the seat's lowest face-down card, aces high ("low hole card wild")."""
    down = [card for card, face in zip(cards, faces) if face is Face.DOWN and card is not None]
    naturals = [card for card in down if card < FIRST_JOKER]
    return frozenset({min(naturals).rank}) if naturals else frozenset()
