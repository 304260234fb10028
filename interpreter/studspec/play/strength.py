"""How good a seat's cards are, for any rule book: a percentile, then a share of the pot.

The rule-based player needs a number that means the same thing in stud, razz and a hi/lo
house rule. A ranking's raw value does not (a low value and a high value do not compare),
but its percentile does: the fraction of random hands of as many cards that it beats or
ties. Percentiles come from a fixed sample per (ranking, card count), drawn once with a
fixed seed, so every process computes the same tables and simulations stay reproducible.
The rankings come from the rule book's shares as its compiled rules read them (a high
share's least hand, a card share's suit and card, a points share's points); nothing here
knows a variant by name.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from studspec.engine.cards import CARDS, Card
from studspec.engine.double_deck import DoubleDeck, double_deck
from studspec.engine.evaluation import Ranking
from studspec.engine.identity import by_identity
from studspec.engine.machine import compile_variant
from studspec.engine.rules import WILD_PER_PLAYER
from studspec.engine.shares import (
    DoubleDeckShare,
    Evaluator,
    Holding,
    HoleCardShare,
    PointsShare,
    RankedShare,
    ShareRule,
)
from studspec.engine.wild_cards import PerPlayer
from studspec.engine.wild_ranking import WildRanking, WildSpec, wild_ranking
from studspec.rulebook.model import Face, Variant

SAMPLE = 3000
"""Random hands per table: enough for a percentile good to about 1%."""


@cache
def _table(ranking: Evaluator, count: int) -> tuple[int, ...]:
    """Sorted values of ``SAMPLE`` random ``count``-card hands under ``ranking`` (with its
    wild cards, when it has them)."""
    rng = random.Random(f"studspec-strength/{ranking.name}/{count}")
    deck = _deck_of(ranking)
    return tuple(sorted(ranking.value(rng.sample(deck, count)) for _ in range(SAMPLE)))


def _deck_of(ranking: Evaluator) -> Sequence[Card]:
    """The cards random hands are drawn from: the 52, or a stripped deck's (its ranking says
    which ranks it lacks), every card twice on a double deck, so a percentile compares hands
    the book can deal."""
    natural = ranking.ranking if isinstance(ranking, (WildRanking, DoubleDeck)) else ranking
    cards = [card for card in CARDS if card >> 2 not in natural.removed] if natural.removed else CARDS
    return [*cards, *cards] if isinstance(ranking, DoubleDeck) else cards


@cache
def _field_table(
    ranking: Ranking, field: WildSpec, per_player: PerPlayer, faces: tuple[Face, ...], count: int
) -> tuple[int, ...]:
    """Sorted values of ``SAMPLE`` random ``count``-card hands as the showdown values an
    opponent's in a book where a card may be wild for one player alone: under the cards wild
    for everyone (``field``) and the hand's own per-player wild rank, its cards dealt with
    the book's ``faces``. Against a table of hands with only the table's wild cards, every
    seat's own wild card would look like an edge nobody else has (everyone would call to
    the end: issue 21 item 8)."""
    rng = random.Random(f"studspec-strength/{ranking.name}/{count}/per-player")
    values = []
    deck = _deck_of(ranking)
    for _ in range(SAMPLE):
        cards = rng.sample(deck, count)
        own = per_player(cards, faces)
        spec = WildSpec(field.ranks | own, field.jokers, field.flush, field.cards)
        values.append(wild_ranking(ranking, spec).value(cards))
    return tuple(sorted(values))


@by_identity
@lru_cache(maxsize=64)
def _deal_faces(variant: Variant) -> tuple[Face, ...]:
    """How a seat's cards are dealt, in order (extra cards beyond the streets are down)."""
    return tuple(face for street in variant.streets for face in street.deal)


def percentile(ranking: Evaluator, cards: Sequence[Card]) -> float:
    """The fraction of random hands of ``len(cards)`` cards that ``cards`` beats or ties."""
    return percentile_of_value(ranking, ranking.value(cards), len(cards))


def percentile_of_value(ranking: Evaluator, value: int, count: int) -> float:
    """The fraction of random hands of ``count`` cards that a hand valued ``value`` beats or
    ties (values of a ranking compare across hand sizes: five cards against the best five of
    seven)."""
    table = _table(ranking, count)
    return bisect_right(table, value) / len(table)


@dataclass(frozen=True)
class ShareStrength:
    """One share of the rule book's pots, what wins it, and its part of a pot."""

    rule: ShareRule
    qualifier: int | None
    weight: float


@by_identity
@lru_cache(maxsize=64)
def share_strengths(variant: Variant) -> tuple[ShareStrength, ...]:
    """What wins each of the rule book's shares, as the showdown reads them, each with its
    qualifier (a low's highest rank, or the value of a high share's least hand) and its part
    of a pot."""
    shares = compile_variant(variant).rules.shares
    weight = 1 / len(shares)
    return tuple(ShareStrength(rule, qualifier, weight) for rule, qualifier in shares)


@cache
def _points_table(rule: PointsShare, count: int) -> tuple[int, ...]:
    """Sorted totals of ``SAMPLE`` random ``count``-card hands under a points share."""
    rng = random.Random(f"studspec-strength/points/{rule.worth}/{count}")
    return tuple(sorted(rule.score(Holding(tuple(rng.sample(CARDS[:52], count)), ())) or 0 for _ in range(SAMPLE)))


def _points_chance(rule: PointsShare, holding: Holding, rivals: int) -> float:
    """A points share: the fraction of random hands of as many cards whose total this one
    reaches, to the power of the rivals (docs/rules.md V22)."""
    table = _points_table(rule, len(holding.playing))
    return (bisect_right(table, rule.score(holding) or 0) / len(table)) ** rivals


def _card_share_chance(rule: HoleCardShare, holding: Holding, rivals: int) -> float:
    """A card share: the chance that no rival holds a better card, taken as the fraction of
    the suit's ranks this card beats to the power of the rivals; nothing without one."""
    score = rule.score(holding)
    if score is None:
        return 0.0
    orders = sorted(rule.order(rank) for rank in range(13))
    return (orders.index(rule.order(score % 16)) / 12) ** rivals


def share_chances(
    variant: Variant, holding: Holding, opponents: int, field: WildSpec | None = None
) -> list[tuple[ShareStrength, float]]:
    """For each share, a rough chance that ``holding`` wins it against ``opponents`` random
    hands: the percentile to the power of the number of opponents; a low that cannot
    qualify any more has none. Crude (opponents who stay are not random), but cheap and
    the same for every game.

    ``field``: in a book with a per-player wild card, what is wild for every seat now; the
    random hands are then valued as the showdown values the opponents', each with its own
    per-player wild rank (:func:`_field_table`)."""
    cards = holding.playing
    rivals = max(1, opponents)
    per_player = WILD_PER_PLAYER[variant.wild.per_player] if field is not None else None
    chances: list[tuple[ShareStrength, float]] = []
    for share in share_strengths(variant):
        rule = share.rule
        if not cards:
            chance = 0.0
        elif isinstance(rule, HoleCardShare):
            chance = _card_share_chance(rule, holding, rivals)
        elif isinstance(rule, PointsShare):
            chance = _points_chance(rule, holding, rivals)
        else:
            table = None
            if per_player is not None and field is not None and isinstance(rule, RankedShare):
                faces = _deal_faces(variant)[: len(cards)]
                faces += (Face.DOWN,) * (len(cards) - len(faces))
                table = _field_table(rule.ranking, field, per_player, faces, len(cards))
            chance = _ranked_chance(share, rule.ranking_for(holding), cards, rivals, table)
        chances.append((share, chance))
    return chances


def _ranked_chance(
    share: ShareStrength, ranking: Evaluator, cards: Sequence[Card], rivals: int, table: tuple[int, ...] | None
) -> float:
    """A poker share's chance: none for a low that can no longer qualify, else the
    percentile of ``cards`` (in ``table``, or the ranking's own) to the power of the rivals."""
    value = ranking.value(cards)
    qualifier = share.qualifier
    if qualifier is not None and len(cards) >= 5 and not share.rule.qualifies(value, qualifier):
        return 0.0
    if table is not None:
        return (bisect_right(table, value) / len(table)) ** rivals
    return percentile_of_value(ranking, value, len(cards)) ** rivals


def equity(variant: Variant, holding: Holding, opponents: int, field: WildSpec | None = None) -> float:
    """A rough expected share of the pot for ``holding`` against ``opponents`` random hands
    (``field``: see :func:`share_chances`)."""
    return sum(share.weight * chance for share, chance in share_chances(variant, holding, opponents, field))


def natural_equity(variant: Variant, cards: Sequence[Card], opponents: int) -> float | None:
    """:func:`equity` of a seat's own cards, every one known, none wild and no community
    card, computed without a :class:`Holding` (a player asks at every decision); ``None``
    when the rule book has a share that needs the whole holding (a hole-card share).

    The same numbers as :func:`equity`, in the same order of addition, with each share's
    value function and percentile tables looked up once per rule book rather than on every
    call (:class:`_NaturalShare`)."""
    shares = _natural_shares(variant)
    if shares is None:
        return None
    if not cards:
        return 0.0
    rivals = max(1, opponents)
    count = len(cards)
    total = 0.0
    for share in shares:
        value = share.value(cards)
        qualifier = share.qualifier
        if qualifier is not None and count >= 5 and not share.qualifies(value, qualifier):
            continue  # a low that can no longer qualify adds nothing
        table = share.tables.get(count)
        if table is None:
            table = share.tables[count] = _table(share.ranking, count)
        total += share.weight * (bisect_right(table, value) / len(table)) ** rivals
    return total


def natural_key(variant: Variant, cards: Sequence[Card], opponents: int) -> tuple[float, tuple[int, ...]] | None:
    """:func:`natural_equity`, and beside it each share's value of ``cards`` (larger is better),
    every card valued once: the players' choice of cards compares many sets of cards, and the
    values tell apart sets the percentile tables cannot. ``None`` as for :func:`natural_equity`."""
    shares = _natural_shares(variant)
    if shares is None:
        return None
    if not cards:
        return 0.0, ()
    rivals = max(1, opponents)
    count = len(cards)
    total = 0.0
    values = []
    for share in shares:
        value = share.value(cards)
        values.append(value)
        qualifier = share.qualifier
        if qualifier is not None and count >= 5 and not share.qualifies(value, qualifier):
            continue
        table = share.tables.get(count)
        if table is None:
            table = share.tables[count] = _table(share.ranking, count)
        total += share.weight * (bisect_right(table, value) / len(table)) ** rivals
    return total, tuple(values)


class _NaturalShare:
    """One share of a rule book whose every share is won by a poker hand, with what
    :func:`natural_equity` reads of it bound once: the weight, the ranking's value function,
    the qualifier, and the percentile tables by card count as they are first needed."""

    __slots__ = ("qualifier", "qualifies", "ranking", "tables", "value", "weight")

    def __init__(self, share: ShareStrength, ranking: Evaluator) -> None:
        self.weight = share.weight
        self.ranking = ranking
        self.value = ranking.value
        self.qualifier = share.qualifier
        self.qualifies = share.rule.qualifies
        self.tables: dict[int, tuple[int, ...]] = {}


@by_identity
@lru_cache(maxsize=64)
def _natural_shares(variant: Variant) -> tuple[_NaturalShare, ...] | None:
    """Each share with its natural ranking, when every share is won by a poker hand."""
    shares = share_strengths(variant)
    if any(isinstance(share.rule, (HoleCardShare, PointsShare)) for share in shares):
        return None
    return tuple(_NaturalShare(share, _natural(share.rule)) for share in shares)


def _natural(rule: ShareRule) -> Evaluator:
    """The evaluator of a share's hands without wild cards: its ranking, on a double deck
    read as :class:`~studspec.engine.double_deck.DoubleDeck` reads it."""
    return double_deck(rule.ranking) if isinstance(rule, DoubleDeckShare) else rule.ranking


def describe_best(variant: Variant, holding: Holding) -> list[str]:
    """The seat's best hand in words for each share ("pair of sevens", "8-6-4-2-A")."""
    if not holding.playing:
        return []
    words = []
    for share in share_strengths(variant):
        score = share.rule.score(holding)
        words.append(_nothing(share.rule) if score is None else share.rule.describe(score))
    return words


def _nothing(rule: ShareRule) -> str:
    """What a seat has for a share it cannot win: no card of the suit (``no heart in the
    hand``), not the one card named (``no queen of spades in the hole``), or no hand of the
    share's cards."""
    if not isinstance(rule, HoleCardShare):
        return "no hand for this share"
    words = rule.name.replace("-", " ").removesuffix(" ace high")
    return "no " + words.removeprefix("high ").removeprefix("low ")
