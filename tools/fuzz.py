#!/usr/bin/env python3
"""Random-play fuzzer for studspec: every built-in rule book and the stud family's test books
(or the books ``--books`` names), random tables, random legal play, decisions about cards
among it, refused requests at random points, and invariants checked after every step.

    python tools/fuzz.py --hands 20000 --seed 1 --workers 2
    python tools/fuzz.py --hands 100000 --seed 24 --workers 2 --decisions   # books with decisions
    python tools/fuzz.py --seed 1 --start 1234 --hands 1 --workers 1 --verbose   # replay one hand

Each hand is drawn from ``(seed, hand number)`` alone, so the figures do not depend on the
number of workers and any hand can be replayed by its number. A hand picks a book, 2 to the
book's maximum players, stakes (the book's, or small random ones), a stack per seat (from
less than an ante to deep), a seeded deck or cards dealt from outside (some seats' down
cards dealt unseen, ``None``, as a replayed history deals ``??``), and cards that speak at
showdown or players who show or muck (``sm``) in turn. Decisions about cards (turn up,
discard, draw, buy, pass, set two hands) name a random number of the offered cards (an
unseen one as ``??`` or as what it is), two hands only as the book allows.

Checked after every step, from the public API and the event log only:

- chips are conserved (stacks plus pots equal the starting total), the stacks rebuilt from the
  event log equal the hand's, and the pots rebuilt from the log equal ``Hand.pots()``;
- every card is in one place (seats, board, burns, muck, stub) and the count adds up; the
  log's decisions are carried out in a ledger of its own (cards turned up, thrown away,
  passed; replacements paid for as dead money) and the muck holds what was thrown or folded;
- no view shows a down card of another seat before it is shown (a card passed to a third
  seat included), nor a declaration before it is public, a choice made together changes
  nothing another seat sees until the last seat has chosen, and the views agree with the
  log (one seat's view each step in rotation, more when the street changes, every seat's
  around each refused request; ``--all-views``: every seat's after every step);
- a legal action costs what it said it would;
- every refused request (wrong seat, wrong kind, amounts out of range, deals out of turn, wrong
  or duplicate cards, cards already in play; a decision naming a card not held, of the wrong
  face, twice, too many or too few, by a seat not due, or two hands the book refuses) raises
  a ``StudspecError`` and leaves every observable of the hand exactly as it was.

At the end of each hand: it ended within a bound of steps, the result nets to zero, and every
pot went to the players an independent brute-force evaluator (written here, not studspec's)
says should have it (a share that reads one of two set hands included). Exit status 1 when
anything was found.
"""

from __future__ import annotations

import argparse
import glob
import json
import multiprocessing
import os
import random
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, partial
from itertools import combinations
from math import comb
from pathlib import Path
from typing import Any

from studspec import (
    MUCK,
    Action,
    ActionKind,
    ActionTaken,
    AntePosted,
    BlindPosted,
    BurnsReshuffled,
    Card,
    CardBurned,
    CardsDealt,
    CardsThrownOut,
    CardsTurned,
    CommunityCardDealt,
    CommunityCardDealtDown,
    CommunityCardTurned,
    DealVoided,
    Declaration,
    Declared,
    Event,
    Face,
    Hand,
    HandEnded,
    HandKilled,
    IndicatorDealt,
    IndicatorTurned,
    LegalAction,
    Mucked,
    PendingDeal,
    PotAwarded,
    RollFellShort,
    Showed,
    Stakes,
    StreetBegan,
    StudspecError,
    TableView,
    TriggerFired,
    Variant,
    bet_to,
    builtin_names,
    declare,
    format_cards,
    load_variant,
    parse_action,
    parse_card,
    show,
)
from studspec.engine.actions import CARD_DECISIONS, choose
from studspec.engine.cards import RANK_NAMES
from studspec.engine.decisions import DecisionRule
from studspec.engine.events import CardsChosen
from studspec.engine.phases import PhaseKind
from studspec.engine.settlement import NOBODY_QUALIFIED
from studspec.files import write_atomically
from studspec.rulebook.model import Share
from studspec.rulebook.options import INDICATOR_TRAITS, TRIGGER_EFFECT_TRAITS

MAX_STEPS = 2000
"""A hand that needs more steps than this (deals, actions) has not terminated."""

# ---------------------------------------------------------------------------------- cards

RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"
ACE, KING, QUEEN = 14, 13, 12

DECK: tuple[Card, ...] = tuple(parse_card(rank + suit) for rank in RANK_LETTERS for suit in SUIT_LETTERS)
JOKERS = (parse_card("Xr"), parse_card("Xb"))
OUTSIDE_DECK = {"standard-52": JOKERS[0], "52-plus-joker": JOKERS[1]}
"""A card each deck does not hold (a deck with both jokers holds every card there is)."""
Nature = tuple[int, str]
"""A card as this module's evaluators see it: rank 2..14 (ace 14) and suit letter."""
NATURE: dict[Card, Nature] = {card: (RANK_LETTERS.index(str(card)[0]) + 2, str(card)[1]) for card in DECK}


def natures(cards: Iterable[Card]) -> list[Nature]:
    return [NATURE[card] for card in cards]


# ---------------------------------------------------------------------------- evaluation
# Written from the rules of poker, not from studspec.engine.evaluation: a hand's key is
# (category, ranks...) compared as a tuple; high hands take the largest key, lows the smallest.

Key = tuple[int, ...]
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_KIND = range(10)
_SHAPES = {(5,): FIVE_KIND, (4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR}


def five_card_key(
    cards: Sequence[Nature],
    *,
    ace_low: bool = False,
    wheel: bool = True,
    straights_flushes: bool = True,
    flush_repeats: bool = False,
) -> Key:
    """The key of exactly five cards as a high hand (larger is better).

    ``ace_low`` counts the ace as 1 (below the deuce) and never as 14; ``wheel`` lets an
    ace-high ranking play A-2-3-4-5 as a five-high straight; without ``straights_flushes``
    straights and flushes do not count (ace-to-five low); ``flush_repeats`` lets a flush hold a
    rank twice (a double deck's natural cards, docs/rules.md D6), ranked card by card."""
    ranks = [1 if ace_low and rank == ACE else rank for rank, _ in cards]
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    ordered = tuple(rank for rank, _ in groups)
    distinct = len(counts) == 5
    flush = straights_flushes and (distinct or flush_repeats) and len({suit for _, suit in cards}) == 1
    straight = 0
    if straights_flushes and distinct:
        if ordered[0] - ordered[4] == 4:
            straight = ordered[0]
        elif wheel and ordered == (ACE, 5, 4, 3, 2):
            straight = 5
    if shape == (5,):
        return (FIVE_KIND, ordered[0])
    if straight and flush:
        return (STRAIGHT_FLUSH, straight)
    if shape in ((4, 1), (3, 2)):
        return (_SHAPES[shape], *ordered)
    if flush:
        return (FLUSH, *sorted(ranks, reverse=True))  # card by card, a repeated rank kept (D6)
    if straight:
        return (STRAIGHT, straight)
    return (_SHAPES.get(shape, PAIR if shape == (2, 1, 1, 1) else HIGH_CARD), *ordered)


def best_key(cards: Sequence[Nature], pick: Callable[[Iterable[Key]], Key], **rules: bool) -> Key:
    """The best key of any five of ``cards`` (brute force over every combination)."""
    return pick(five_card_key(five, **rules) for five in combinations(cards, 5))


def short_key(cards: Sequence[Nature], *, ace_low: bool = False) -> Key:
    """The key of fewer than five cards, valued as they stand: by pairs, trips and quads only,
    since a straight or a flush takes five cards (two cards are a pair or two high cards). A
    shorter hand whose ranks begin a longer one's ranks is below it: kickers count."""
    ranks = [1 if ace_low and rank == ACE else rank for rank, _ in cards]
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = (*(count for _, count in groups), 0)
    pairs = TWO_PAIR if shape[:2] == (2, 2) else PAIR if shape[0] == 2 else HIGH_CARD
    category = {4: QUADS, 3: TRIPS}.get(shape[0], pairs)
    return (category, *(rank for rank, _ in groups))


def high_key(cards: Sequence[Nature], **deck: bool) -> Key:
    """Standard high poker, best five of any number (fewer: as they stand); ``deck``:
    ``flush_repeats=True`` on a double deck."""
    return best_key(cards, max, **deck) if len(cards) >= 5 else short_key(cards)


def ace_to_five_key(cards: Sequence[Nature], **deck: bool) -> Key:
    """Razz and the low of eight-or-better: aces low, straights and flushes ignored; smaller wins."""
    if len(cards) < 5:
        return short_key(cards, ace_low=True)
    return best_key(cards, min, ace_low=True, straights_flushes=False)


def deuce_to_seven_key(cards: Sequence[Nature], **deck: bool) -> Key:
    """2-7 low: the worst high hand, the ace high only (A-2-3-4-5 is no straight); smaller wins."""
    return best_key(cards, min, wheel=False, **deck) if len(cards) >= 5 else short_key(cards)


def ace_to_six_key(cards: Sequence[Nature], **deck: bool) -> Key:
    """A-6 low: the ace low only, straights and flushes count against; smaller wins."""
    return best_key(cards, min, ace_low=True, **deck) if len(cards) >= 5 else short_key(cards, ace_low=True)


def eight_or_better(key: Key, qualifier: int) -> bool:
    """An ace-to-five low qualifies when it has five different ranks, none above ``qualifier``."""
    return key[0] == HIGH_CARD and len(key) == 6 and key[1] <= qualifier


def badugi_key(cards: Sequence[Nature], ace_low: bool = True) -> Key:
    """Badugi (docs/rules.md V18): every set of cards with no suit and no rank twice; the
    most cards, then the lowest highest card, and so on, aces low unless ``ace_low`` is false
    (larger key is better)."""
    best: Key = ()
    for size in range(1, min(4, len(cards)) + 1):
        for group in combinations(cards, size):
            ranks = [1 if ace_low and rank == ACE else rank for rank, _ in group]
            if len(set(ranks)) == size and len({suit for _, suit in group}) == size:
                best = max(best, (size, *(-rank for rank in sorted(ranks, reverse=True))))
    return best


def badugi_qualifies(key: Key, qualifier: int) -> bool:
    """A qualified badugi is four cards, the highest at most ``qualifier`` (ace 1, or 14 where
    it is high: never)."""
    return key[0] == 4 and -key[1] <= qualifier


_A5_CLASSES = ((1, 1, 1, 1, 1), (2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2), (4, 1))


def _a5_high_cards(cards: Sequence[Nature]) -> Key:
    """Five cards or fewer under ace-to-five high: no pair the best class, then a pair, two
    pair, trips, a full house, quads; the highest ranks first within a class, aces low."""
    ranks = Counter(1 if rank == ACE else rank for rank, _ in cards)
    order = sorted(ranks, key=lambda rank: (ranks[rank], rank), reverse=True)
    shape = tuple(ranks[rank] for rank in order)
    index = next(i for i, full in enumerate(_A5_CLASSES) if full[: len(shape)] == shape)
    return (-index, *order)


def ace_to_five_high_key(cards: Sequence[Nature]) -> Key:
    """Ace-to-five high (docs/rules.md V19, Razz High): the best five by :func:`_a5_high_cards`."""
    if len(cards) <= 5:
        return _a5_high_cards(cards)
    return max(_a5_high_cards(five) for five in combinations(cards, 5))


def _soko_cards(cards: Sequence[Nature]) -> Key:
    """Five cards or fewer under soko: high poker with a four-straight and a four-flush between
    a pair and two pair (the high categories from two pair up moved two places)."""
    key = five_card_key(cards) if len(cards) == 5 else short_key(cards)
    if key[0] >= TWO_PAIR:
        return (key[0] + 2, *key[1:])
    suits = Counter(suit for _, suit in cards)
    suit, most = suits.most_common(1)[0] if suits else ("", 0)
    if most == 4:
        suited = sorted((rank for rank, s in cards if s == suit), reverse=True)
        return (TWO_PAIR + 1, *suited, *(rank for rank, s in cards if s != suit))
    ranks = {rank for rank, _ in cards}
    for top in range(ACE, 4, -1):
        if set(range(top - 3, top + 1)) <= ranks:
            rest = [rank for rank, _ in cards]
            for rank in range(top - 3, top + 1):
                rest.remove(rank)
            return (TWO_PAIR, top, *rest)
    if {ACE, 2, 3, 4} <= ranks:
        rest = [rank for rank, _ in cards]
        for rank in (ACE, 2, 3, 4):
            rest.remove(rank)
        return (TWO_PAIR, 4, *rest)
    return key


def soko_key(cards: Sequence[Nature]) -> Key:
    """Soko (docs/rules.md V20, Canadian stud): the best five by :func:`_soko_cards`."""
    if len(cards) <= 5:
        return _soko_cards(cards)
    return max(_soko_cards(five) for five in combinations(cards, 5))


def _window(high: int) -> frozenset[int]:
    return frozenset((ACE, 2, 3, 4, 5)) if high == 5 else frozenset(range(high - 4, high + 1))


WINDOWS = tuple((high, _window(high)) for high in range(ACE, 4, -1))


def wild_high_key(naturals: Sequence[Nature], wilds: int, **deck: bool) -> Key:
    """Standard high with ``wilds`` cards that stand for any card (a copy of one held too, so
    five of a kind tops a straight flush; a flush needs five different ranks). Category by
    category from the top, each asking whether the natural cards and the wild ones can make it."""
    if wilds == 0:
        return high_key(naturals, **deck)
    if wilds >= 5:
        return (FIVE_KIND, ACE)
    counts = Counter(rank for rank, _ in naturals)
    by_rank = sorted(counts, reverse=True)
    suited: dict[str, list[int]] = {}
    for rank, suit in naturals:
        suited.setdefault(suit, []).append(rank)  # a double deck's suit may hold a rank twice
    found = _wild_made(counts, by_rank, suited, wilds)
    if found is not None:
        return found
    return _wild_sets(naturals, counts, by_rank, wilds)


def _wild_made(counts: Counter[int], by_rank: list[int], suited: dict[str, list[int]], wilds: int) -> Key | None:
    """Five of a kind down to a straight, the best one the wild cards can make (else ``None``)."""
    for rank in by_rank:
        if counts[rank] + wilds >= 5:
            return (FIVE_KIND, rank)
    for high, window in WINDOWS:
        if any(len(window & set(ranks)) + wilds >= 5 for ranks in suited.values()):
            return (STRAIGHT_FLUSH, high)
    for rank in by_rank:
        if counts[rank] + wilds >= 4:
            return (QUADS, rank, max(r for r in by_rank if r != rank))
    for trips in range(ACE, 1, -1):
        need = max(0, 3 - counts.get(trips, 0))
        for pair in range(ACE, 1, -1):
            if pair != trips and need + max(0, 2 - counts.get(pair, 0)) <= wilds:
                return (FULL_HOUSE, trips, pair)
    flushes = [_wild_flush(ranks, wilds) for ranks in suited.values() if len(ranks) + wilds >= 5]
    if flushes:
        return max(flushes)
    present = set(by_rank)
    for high, window in WINDOWS:
        if len(window & present) + wilds >= 5:
            return (STRAIGHT, high)
    return None


def _wild_flush(ranks: list[int], wilds: int) -> Key:
    """The best flush of a suit's natural ranks (a double deck's may repeat one) and wild
    cards, each the highest rank the suit's natural cards lack: its five highest."""
    missing = [rank for rank in range(ACE, 1, -1) if rank not in ranks][:wilds]
    return (FLUSH, *sorted([*ranks, *missing], reverse=True)[:5])


def _wild_sets(naturals: Sequence[Nature], counts: Counter[int], by_rank: list[int], wilds: int) -> Key:
    """Trips (a pair and a wild card, or a card and two) or a pair (one wild card)."""
    ranks = sorted((rank for rank, _ in naturals), reverse=True)
    for rank in by_rank:
        if counts[rank] + wilds >= 3:
            return (TRIPS, rank, *[r for r in ranks if r != rank][:2])
    top = by_rank[0]
    return (PAIR, top, *[r for r in ranks if r != top][:3])


# ------------------------------------------------------------------------- share oracle


@dataclass(frozen=True)
class Holding:
    """A claimant's cards at the showdown as this module sees them."""

    own: tuple[Nature, ...]
    faces: tuple[Face, ...]
    board: tuple[Nature, ...]
    sets: tuple[tuple[Nature, ...], ...] = ()
    """The two hands the seat set (first, second), when the book sets hands."""

    @property
    def playing(self) -> tuple[Nature, ...]:
        return self.own + self.board

    def hole(self) -> list[Nature]:
        return [card for card, face in zip(self.own, self.faces) if face is Face.DOWN]


@dataclass(frozen=True)
class ShareOracle:
    """One share of every pot: what scores a claimant, whether larger or smaller wins."""

    name: str
    score: Callable[[Holding], Key | None]
    larger_wins: bool
    high: bool
    """A high poker share: it takes a pot's odd chips first, and plays for high when declaring."""
    qualifier: int | None = None
    least: tuple[int, int] | None = None
    """A high share's least qualifying hand: its category and deciding rank (``at_least``)."""
    qualifies: Callable[[Key, int], bool] = eight_or_better
    """Whether a key meets the share's qualifier (a five-card low, or a four-card badugi)."""
    least_hand: Key | None = None
    """A high share's least qualifying hand given as five cards (``at_least.cards``): its key."""

    def winners(self, seats: Sequence[int], held: dict[int, Holding]) -> list[int]:
        scored: dict[int, Key] = {}
        for seat in seats:
            key = self.score(held[seat])
            if key is not None and (self.qualifier is None or self.qualifies(key, self.qualifier)):
                if self.least is not None and key[:2] < self.least:  # a lower class, or its rank below
                    continue
                if self.least_hand is not None and key < self.least_hand:  # worse than the five cards named
                    continue
                scored[seat] = key
        if not scored:
            return []
        best = max(scored.values()) if self.larger_wins else min(scored.values())
        return sorted(seat for seat, key in scored.items() if key == best)


def _points(points: dict[str, int]) -> Callable[[Holding], Key | None]:
    """The football hand's score: the points of every card the seat holds and of the board,
    each rank worth what the book says (a rank it does not name: nothing)."""
    worth = {RANK_LETTERS.index(letter) + 2: value for letter, value in points.items()}

    def score(holding: Holding) -> Key | None:
        return (sum(worth.get(rank, 0) for rank, _ in holding.playing),)

    return score


def _hole_spade(
    highest: bool, ace_low: bool, letter: str = "s", anywhere: bool = False, only: int | None = None
) -> Callable[[Holding], Key | None]:
    """The card share's score: the highest (or lowest) card of the suit ``letter`` among the
    hole cards, or among every own card (``anywhere``)."""

    def score(holding: Holding) -> Key | None:
        cards = holding.own if anywhere else holding.hole()
        spades = [
            1 if ace_low and rank == ACE else rank
            for rank, suit in cards
            if suit == letter and (only is None or rank == only)
        ]
        if not spades:
            return None
        return (max(spades) if highest else min(spades),)

    return score


def _ranked(ranking: Callable[[Sequence[Nature]], Key]) -> Callable[[Holding], Key | None]:
    return lambda holding: ranking(holding.playing)


def _own_and_board(
    ranking: Callable[[Sequence[Nature]], Key], own: int, board: int, larger_wins: bool, hole_only: bool = False
) -> Callable[[Holding], Key | None]:
    """Exactly ``own`` of the seat's cards (its hole cards, ``hole_only``) and ``board``
    community cards (Stud Hold'em, Down in the Delta), every choice of them tried; a seat with
    too few has no claim."""

    def score(holding: Holding) -> Key | None:
        mine_from = tuple(holding.hole()) if hole_only else holding.own
        if len(mine_from) < own or len(holding.board) < board:
            return None
        keys = [
            ranking(mine + shared)
            for mine in combinations(mine_from, own)
            for shared in combinations(holding.board, board)
        ]
        return max(keys) if larger_wins else min(keys)

    return score


Wilds = frozenset[int | Nature]
"""What is wild at a showdown: ranks (an ``int``) and single cards (a ``Nature``)."""


def _wild(wilds: Wilds, double: bool = False) -> Callable[[Holding], Key | None]:
    def score(holding: Holding) -> Key | None:
        naturals = [card for card in holding.playing if card[0] not in wilds and card not in wilds]
        return wild_high_key(naturals, len(holding.playing) - len(naturals), flush_repeats=double)

    return score


def _set_hand(index: int, key: Callable[[Sequence[Nature]], Key]) -> Callable[[Holding], Key | None]:
    """Score one of the two hands a seat set, with the board (any number of cards)."""

    def score(holding: Holding) -> Key | None:
        return key(holding.sets[index] + holding.board)

    return score


def set_share_oracles(variant: Variant, wild_ranks: Wilds, sizes: set[int]) -> list[ShareOracle] | str:
    """The oracles of a book whose players set two hands: each share reads its hand."""
    if wild_ranks:
        return "wild cards in a set hand"
    oracles: list[ShareOracle] = []
    high_key, lows = deck_keys(variant)
    for share in variant.shares:
        name = share.hand
        if share.set_hand is None or (name != "high" and name not in LOWS):
            return f"the {name} share of a set hand"
        if share.qualifier is not None and min(sizes) < 5:
            return "a qualifier on a hand of fewer than five cards"
        key = high_key if name == "high" else lows[name]
        score = _set_hand(share.set_hand - 1, key)
        oracles.append(
            ShareOracle(f"{name} (hand {share.set_hand})", score, name == "high", name == "high", share.qualifier)
        )
    return oracles


def share_oracles(variant: Variant, wild_ranks: Wilds) -> list[ShareOracle] | str:
    """This module's oracle for each of the book's shares, or why it cannot check them; a
    share with hand classes (``class_ranks``) puts its class before its key."""
    oracles = _share_oracles(variant, wild_ranks)
    if isinstance(oracles, str):
        return oracles
    for index, share in enumerate(variant.shares):
        if share.class_ranks or share.top_hand is not None:
            if share.qualifier is not None or share.at_least is not None:
                return "a qualifier beside hand classes"
            letters, count = (share.class_ranks, 1) if share.class_ranks else share.top_hand or ("", 1)
            oracles[index] = _classed(oracles[index], {RANK_LETTERS.index(letter) + 2 for letter in letters}, count)
    return oracles


def _classed(oracle: ShareOracle, ranks: set[int], count: int = 1) -> ShareOracle:
    """The oracle with the hand's class first: holding ``count`` cards of ``ranks`` anywhere
    in its cards (the upper class; a top hand) beats holding fewer, whichever way the share's
    keys win."""
    inner = oracle.score

    def score(holding: Holding) -> Key | None:
        key = inner(holding)
        if key is None:
            return None
        upper = sum(1 for rank, _ in holding.playing if rank in ranks) >= count
        return (int(upper) if oracle.larger_wins else int(not upper), *key)

    return replace(oracle, score=score)


def _share_oracles(variant: Variant, wild_ranks: Wilds) -> list[ShareOracle] | str:
    oracles: list[ShareOracle] = []
    high_key, lows = deck_keys(variant)
    for share in variant.shares:
        name, qualifier = share.hand, share.qualifier
        if share.natural and share.own is None and share.set_hand is None and name in ("high", *LOWS):
            key = high_key if name == "high" else lows[name]  # every card as what it is
            high = name == "high"
            oracles.append(ShareOracle(f"{name} (natural)", _ranked(key), high, high, qualifier, least_key(share)))
            continue
        if share.natural:
            return f"a natural {name} share"
        if share.least_cards and name != "high":
            return f"a least hand named as cards on a {name} share"
        if wild_ranks and name != "high":
            return f"wild cards in a {name} share"
        if wild_ranks and variant.wild.flush != "distinct-ranks":
            return f"wild.flush {variant.wild.flush}"  # this oracle's flushes are five different ranks
        if qualifier is not None and name not in ("ace-to-five-low", "badugi", "badugi-ace-high"):
            return f"a qualifier on a {name} share"
        if share.own is not None and share.board is not None:
            if wild_ranks or (name != "high" and name not in LOWS):
                return f"own and board on a {name} share{' with wild cards' if wild_ranks else ''}"
            ranking = high_key if name == "high" else lows[name]
            score = _own_and_board(ranking, share.own, share.board, name == "high", share.own_face == "down")
            oracles.append(ShareOracle(name, score, name == "high", name == "high", qualifier, least_key(share)))
        elif name == "high":
            score = _wild(wild_ranks, variant.copies > 1) if wild_ranks else _ranked(high_key)
            named = high_key(natures(parse_card(text) for text in share.least_cards)) if share.least_cards else None
            oracles.append(ShareOracle(name, score, True, True, least=least_key(share), least_hand=named))
        elif name == "most-points":
            oracles.append(ShareOracle(name, _points(dict(share.points)), True, False))
        elif name in LOWS:
            oracles.append(ShareOracle(name, _ranked(lows[name]), False, False, qualifier))
        elif name in MORE_RANKINGS:
            if share.at_least is not None:
                return f"at_least on a {name} share"  # the least hands are high poker's keys
            key, high = MORE_RANKINGS[name]
            oracles.append(ShareOracle(name, _ranked(key), True, high, qualifier, qualifies=badugi_qualifies))
        elif name in HOLE_SHARES:
            highest, ace_low = HOLE_SHARES[name]
            anywhere = share.card_face == "any"
            shown = name.replace("spade", share.suit[:-1])  # high-heart-in-the-hole ...
            shown = shown.replace("-in-the-hole", "-in-the-hand") if anywhere else shown
            only = None if share.card_rank is None else RANK_LETTERS.index(share.card_rank) + 2
            if only is not None:  # one named card: queen-of-spades-in-the-hole
                where = "-in-the-hand" if anywhere else "-in-the-hole"
                shown = f"{RANK_NAMES[only - 2]}-of-{share.suit}{where}"
            score = _hole_spade(highest, ace_low, share.suit[0], anywhere, only)
            oracles.append(ShareOracle(shown, score, highest, False))
        else:
            return f"the {name} share"
    return oracles


LEAST_CLASSES = {
    "pair": (PAIR, 2),
    "two-pair": (TWO_PAIR, 3),
    "three-of-a-kind": (TRIPS, 2),
    "straight": (STRAIGHT, 5),
    "flush": (FLUSH, 7),
    "full-house": (FULL_HOUSE, 2),
    "four-of-a-kind": (QUADS, 2),
    "straight-flush": (STRAIGHT_FLUSH, 5),
}
"""Each class a high share's ``at_least`` names: its category here, and its lowest deciding
rank (two pair from threes, a straight from the five-high wheel, a flush from seven high)."""


def least_key(share: Share) -> tuple[int, int] | None:
    """The (category, deciding rank) a hand must reach: every hand of a higher class
    qualifies, and of the class one whose deciding rank (a key's first rank: the pair's, the
    higher pair's, the three's or the four's, a straight's or a flush's top card) is as high."""
    if share.at_least is None:
        return None
    hand, letter = share.at_least
    category, lowest = LEAST_CLASSES[hand]
    return category, lowest if letter is None else RANK_LETTERS.index(letter) + 2


LOWS: dict[str, Callable[..., Key]] = {
    "ace-to-five-low": ace_to_five_key,
    "deuce-to-seven-low": deuce_to_seven_key,
    "ace-to-six-low": ace_to_six_key,
}
MORE_RANKINGS: dict[str, tuple[Callable[[Sequence[Nature]], Key], bool]] = {
    "badugi": (badugi_key, False),
    "badugi-ace-high": (lambda cards: badugi_key(cards, ace_low=False), False),
    "ace-to-five-high": (ace_to_five_high_key, True),
    "soko": (soko_key, True),
}
"""The issue 26 rankings: each key (larger wins) and whether its share is a high share."""


def deck_keys(
    variant: Variant,
) -> tuple[Callable[[Sequence[Nature]], Key], dict[str, Callable[[Sequence[Nature]], Key]]]:
    """The high and low keys for the book's deck: on a double deck a flush may hold a rank
    twice (docs/rules.md D6)."""
    if variant.copies == 1:
        return high_key, LOWS
    return partial(high_key, flush_repeats=True), {name: partial(key, flush_repeats=True) for name, key in LOWS.items()}


HOLE_SHARES: dict[str, tuple[bool, bool]] = {
    "high-spade-in-the-hole": (True, False),
    "low-spade-in-the-hole": (False, True),
    "low-spade-in-the-hole-ace-high": (False, False),
}


def named_shares(value: str, highs: Sequence[bool]) -> frozenset[int] | None:
    """The shares (indexes from 0) a ``dcl`` word names in a book whose shares are high poker
    shares or not, as docs/conformance.md documents the line; ``None`` for a share the book
    lacks. Written from the documentation, not from the engine's own reading."""
    count = len(highs)
    if value == "all":
        return frozenset(range(count))
    if value in ("high", "low", "both"):
        if count != 2 or sum(highs) != 1:
            return None
        if value == "both":
            return frozenset((0, 1))
        return frozenset(i for i in range(2) if highs[i] == (value == "high"))
    numbers = frozenset(int(part) - 1 for part in value.split("+"))
    return numbers if max(numbers) < count else None


SOME_DECLARATIONS = tuple(Declaration(v) for v in ("high", "low", "both", "all", "1", "2", "3", "1+3", "2+3", "1+2+3"))
"""Declarations to try in any book: the words, every share, and shares some books lack."""


def share_winners(
    oracles: Sequence[ShareOracle],
    claim: Sequence[int],
    held: dict[int, Holding],
    declared: dict[int, Declaration],
) -> list[list[int]]:
    """Who wins each share. Declaring: each share among those who declared for it; a seat that
    declared more than one share and does not win or tie every one of them is out, and the
    shares are decided again; if the declarations decide nothing, the cards do."""
    highs = [o.high for o in oracles]
    chosen = {seat: named_shares(declared[seat].value, highs) or frozenset() for seat in claim if seat in declared}
    eligible = list(chosen)
    while eligible:
        winners = [o.winners([s for s in eligible if i in chosen[s]], held) for i, o in enumerate(oracles)]
        if not any(winners):
            break
        failed = {s for s in eligible if len(chosen[s]) > 1 and any(s not in winners[i] for i in chosen[s])}
        if not failed:
            return winners
        eligible = [seat for seat in eligible if seat not in failed]
    return [oracle.winners(claim, held) for oracle in oracles]


def portions(amount: int, oracles: Sequence[ShareOracle]) -> list[int]:
    """A pot split evenly between the shares, odd chips to the high shares first."""
    base, extra = divmod(amount, len(oracles))
    split = [base] * len(oracles)
    order = sorted(range(len(oracles)), key=lambda i: not oracles[i].high)
    for index in order[:extra]:
        split[index] += 1
    return split


# ------------------------------------------------------------------------------ results


class Broken(Exception):
    """An invariant does not hold: a finding of kind ``kind``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


@dataclass(frozen=True)
class Finding:
    kind: str
    book: str
    seed: int
    hand: int
    message: str
    setup: str
    reproduce: str
    """The command that plays this hand alone, step by step."""
    trace: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "book": self.book,
            "seed": self.seed,
            "hand": self.hand,
            "message": self.message,
            "setup": self.setup,
            "reproduce": self.reproduce,
        }


@dataclass
class Figures:
    """What a run did; every count but ``seconds`` depends only on the seed and the hands."""

    hands: int = 0
    actions: int = 0
    decisions: int = 0
    """Of the actions: decisions about cards."""
    deals: int = 0
    refusals: int = 0
    probes: int = 0
    probes_granted: int = 0
    showdown_pots_checked: int = 0
    uncontested_pots_checked: int = 0
    showdown_pots_skipped: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    refusal_kinds: Counter[str] = field(default_factory=Counter)
    books: Counter[str] = field(default_factory=Counter)
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False

    def merge(self, other: Figures) -> None:
        for name in (
            "hands",
            "actions",
            "decisions",
            "deals",
            "refusals",
            "probes",
            "probes_granted",
            "showdown_pots_checked",
            "uncontested_pots_checked",
            "showdown_pots_skipped",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.skipped.update(other.skipped)
        self.refusal_kinds.update(other.refusal_kinds)
        self.books.update(other.books)
        self.findings.extend(other.findings)
        self.findings.sort(key=lambda f: f.hand)

    def counts(self) -> dict[str, Any]:
        """The figures that must not depend on the number of workers."""
        return {
            "hands": self.hands,
            "actions": self.actions,
            "decisions": self.decisions,
            "deals": self.deals,
            "refusals": self.refusals,
            "probes": self.probes,
            "probes_granted": self.probes_granted,
            "refusal_kinds": dict(sorted(self.refusal_kinds.items())),
            "findings": len(self.findings),
            "showdown_pots_checked": self.showdown_pots_checked,
            "uncontested_pots_checked": self.uncontested_pots_checked,
            "showdown_pots_skipped": self.showdown_pots_skipped,
            "skipped": dict(sorted(self.skipped.items())),
            "books": dict(sorted(self.books.items())),
            "finding_kinds": dict(sorted(Counter(f.kind for f in self.findings).items())),
        }


@dataclass(frozen=True)
class FuzzConfig:
    seed: int = 0
    hands: int = 1000
    start: int = 0
    """The number of the first hand (``--start N --hands 1`` replays hand N)."""
    workers: int = 1
    books: tuple[str, ...] = ()
    """The books to draw from, built-in names or paths of rule-book files; empty: every
    built-in book and the stud family's test books (:func:`default_books`)."""
    refusal_rate: float = 0.08
    """The chance, before each step, of trying a request that must be refused."""
    unseen_rate: float = 0.05
    """The share of hands dealt from outside whose other seats' down cards are dealt unseen
    (a replay's ``??``). The engine copies such a hand before every command, so each costs
    several times an ordinary hand."""
    all_views: bool = False
    """Check every seat's view after every step, not only when the street or a showing is new."""
    probe_rate: float = 0.02
    """The chance, before each step, of a request that may go either way (tabling an all-in hand)."""
    chunk: int = 50
    stop_after: int | None = None
    """Stop once this many findings are in (``None``: run every hand)."""
    trace: bool = False
    decisions: bool = False
    """Only the books (of ``books``, or the default ones) that ask decisions about cards."""
    skip: tuple[str, ...] = ()
    """Books left out (names, or paths as listed), e.g. while a bug found in one is fixed."""

    def book_list(self) -> tuple[str, ...]:
        return tuple(book for book in book_list(self.books, self.decisions) if not skipped(book, self.skip))

    def command(self, hand: int) -> str:
        """The command line that replays hand number ``hand`` alone, step by step."""
        words = ["python tools/fuzz.py", f"--seed {self.seed}", f"--start {hand}", "--hands 1 --workers 1 --verbose"]
        defaults = FuzzConfig()
        for name in ("refusal_rate", "probe_rate", "unseen_rate"):
            if getattr(self, name) != getattr(defaults, name):
                words.append(f"--{name.replace('_', '-')} {getattr(self, name)}")
        if self.books:
            words.append(f"--books {','.join(self.books)}")
        if self.decisions:
            words.append("--decisions")
        if self.skip:
            words.append(f"--skip {','.join(self.skip)}")
        return " ".join(words)


ROOT = Path(__file__).resolve().parent.parent
"""The repository: the stud family's test books are found from here, whatever the working folder."""
FAMILY = "tests/data/stud-family/*.yaml"
"""Rule books of the stud family the tests keep beside the built-in ones (games with decisions
about cards among them), fuzzed by default when the folder is there."""


def default_books() -> tuple[str, ...]:
    """Every built-in book, then every book of :data:`FAMILY` (as paths from the repository)."""
    family = sorted(ROOT.glob(FAMILY))
    return (*builtin_names(), *(str(path.relative_to(ROOT)) for path in family))


def book_path(book: str) -> str:
    """Where to load ``book`` from: a built-in name as it is, a path as given or else from the
    repository (so a finding's replay command works from either folder)."""
    if book in builtin_names() or Path(book).is_file():
        return book
    return str(ROOT / book)


def expand_books(words: Iterable[str]) -> tuple[list[str], list[str]]:
    """The books ``--books`` names: each word a comma-separated list of built-in names, files
    or glob patterns (from the working folder or the repository). Also what matched nothing."""
    found: list[str] = []
    unknown: list[str] = []
    names = set(builtin_names())
    for word in words:
        for item in (part for part in word.split(",") if part):
            if item in names or Path(item).is_file() or (ROOT / item).is_file():
                matches = [item]
            else:
                matches = sorted(glob.glob(item)) or sorted(
                    str(Path(m).relative_to(ROOT)) for m in glob.glob(str(ROOT / item))
                )
            found.extend(m for m in matches if m not in found)
            if not matches:
                unknown.append(item)
    return found, unknown


@cache
def book_list(books: tuple[str, ...], decisions: bool) -> tuple[str, ...]:
    """The books a run draws from: ``books`` (default :func:`default_books`), only those that
    ask decisions about cards if ``decisions``."""
    chosen = books or default_books()
    return tuple(book for book in chosen if asks_decisions(book)) if decisions else chosen


def skipped(book: str, skip: Sequence[str]) -> bool:
    """Whether ``book`` is one of ``skip``: by name, path, or a path's file name without .yaml."""
    return any(book == name or Path(book).stem == name for name in skip)


def asks_decisions(book: str) -> bool:
    """Whether the book asks players a decision about their cards."""
    return any(street.decisions for street in variant_named(book).streets)


# ------------------------------------------------------------------------- the event log


def side_pots(contributed: Sequence[int], live: Sequence[bool], dead: int) -> list[tuple[int, tuple[int, ...]]]:
    """Main and side pots from what each seat put in: a pot closes at each level a live seat
    stopped at; folded money above the last level joins the last pot, but for a bet nobody
    called (one seat's money above every other seat's), which is its own, returned to it
    even when its hand is dead; dead money the main pot (a pot of its own, first, when a
    seat still in put nothing in but a price)."""
    ranked = sorted(contributed, reverse=True)
    if ranked and ranked[0] > 0 and (len(ranked) == 1 or ranked[0] > ranked[1]):
        seat = contributed.index(ranked[0])
        if not live[seat]:
            excess = ranked[0] - (ranked[1] if len(ranked) > 1 else 0)
            rest = [c - excess if s == seat else c for s, c in enumerate(contributed)]
            return [*side_pots(rest, live, dead), (excess, (seat,))]
    levels = sorted({c for c, alive in zip(contributed, live) if alive and c > 0})
    pots: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for level in levels:
        amount = sum(max(0, min(c, level) - below) for c in contributed)
        pots.append((amount, tuple(s for s, c in enumerate(contributed) if live[s] and c >= level)))
        below = level
    leftover = sum(max(0, c - below) for c in contributed)
    if leftover:
        if pots:
            pots[-1] = (pots[-1][0] + leftover, pots[-1][1])
        else:
            pots.append((leftover, ()))
    if dead:  # contested by every seat still in: the main pot, or its own if one bet nothing
        everyone = tuple(s for s, alive in enumerate(live) if alive)
        if pots and set(pots[0][1]) == set(everyone):
            pots[0] = (pots[0][0] + dead, pots[0][1])
        else:
            pots.insert(0, (dead, everyone))
    return pots


class Places:
    """Where each card is, one place per copy: a double deck (``deck.copies: 2``) holds every
    card twice, and the two copies may lie in different places (docs/rules.md D6)."""

    def __init__(self) -> None:
        self.copies = 1
        """Copies of each card the deck holds (the fuzzer sets it from the book)."""
        self._at: dict[Card, list[str]] = {}

    def __contains__(self, card: object) -> bool:
        return card in self._at

    def __iter__(self) -> Iterator[Card]:
        return iter(self._at)

    def __len__(self) -> int:
        return sum(len(places) for places in self._at.values())

    def __getitem__(self, card: Card) -> str:
        return " and ".join(self._at[card])

    def full(self, card: Card) -> bool:
        """Every copy of ``card`` is somewhere already."""
        return len(self._at.get(card, ())) >= self.copies

    def items(self) -> Iterator[tuple[Card, str]]:
        """Each placed copy and its place."""
        for card, places in self._at.items():
            for place in places:
                yield card, place

    def place(self, card: Card, place: str) -> None:
        self._at.setdefault(card, []).append(place)

    def move(self, card: Card, source: str, to: str) -> None:
        """The copy of ``card`` at ``source`` (else the first one) goes to ``to``."""
        places = self._at.setdefault(card, [])
        if not places:
            raise Broken("cards", f"{card} moved from {source} to {to} but is nowhere")
        places[places.index(source) if source in places else 0] = to

    def remove(self, card: Card, source: str) -> None:
        """The copy of ``card`` at ``source`` leaves play (a burn reshuffled into the stub)."""
        places = self._at.get(card, [])
        if source not in places:
            raise Broken("cards", f"{card} left {source} but is at {self[card] if places else 'nowhere'}")
        places.remove(source)
        if not places:
            del self._at[card]


class Ledger:
    """The hand rebuilt from its event log alone: chips, pots, cards and where each card is."""

    def __init__(self, starting: Sequence[int]) -> None:
        seats = len(starting)
        self.stacks = list(starting)
        self.contributed = [0] * seats
        self.dead = 0
        self.folded = [False] * seats
        self.mucked = [False] * seats
        self.shown = [0] * seats
        """How many of each seat's cards were tabled (a card dealt after tabling stays down)."""
        self.cards: list[list[Card | None]] = [[] for _ in range(seats)]
        self.faces: list[list[Face]] = [[] for _ in range(seats)]
        self.board: list[Card | None] = []
        self.board_down: list[Card | None] = []
        """Community cards dealt face down and not yet turned: nobody's, in no hand."""
        self.indicators: list[Card | None] = []
        """Cards in the middle that play in no hand, face up or down."""
        self.wild_indicated: list[Card | None] = []
        """Those turned up whose rank is wild (``wild-rank``)."""
        self.barred: set[int] = set()
        """Ranks turned up that no wild card may stand for (``discard-rank``, ``fold-rank``)."""
        self.burns: list[Card | None] = []
        self.where = Places()
        self.muck_order: list[int] = []
        self.declared: dict[int, Declaration] = {}
        self.awards: list[PotAwarded] = []
        self.settled: list[tuple[int, tuple[int, ...]]] | None = None
        self.ended: tuple[int, ...] | None = None
        self.up_order: list[Card | None] = []
        self.seen = 0
        self.discarded = 0
        """Cards thrown away by a decision (discard, draw, buy): in the muck, no seat's."""
        self.sets: dict[int, tuple[int, ...]] = {}
        """The positions of each seat's first hand, when it set two (the rest make the second)."""
        self.choosing: tuple[Face, ...] = (Face.DOWN, Face.UP)
        """The faces of the cards the decision being taken may name (the fuzzer sets it from
        the book's decision before each action): an unseen card named stands for the
        first unseen card of these faces."""
        self.placed: dict[int, list[int | None]] = {}
        """Where each choice made and not yet carried out puts its unseen names."""
        self.passing: list[tuple[int, list[tuple[Card | None, Face]]]] = []
        """Cards passed and not yet received: every pass of a step is taken out before any
        is received (the cards a seat names are its own, not what it is about to get)."""
        self.asked: tuple[int, Card | None] | None = None
        """The seat and card of a pay-or-not-wild rule waiting for its answer."""
        self.unwild: set[Card | None] = set()
        """Cards of a wild rank their holders declined to pay for: natural."""
        self.street = -1
        self.rolling: set[int] = set()
        """The streets played until the best hand showing is beaten (``turn_until_best``)."""
        self.showing: Callable[[Sequence[Card], Sequence[Card]], Key] | None = None
        """What a hand showing is worth (larger better), where this module reads the turns."""
        self.turn: tuple[int, bool] | None = None
        """The seat that just turned on such a street, and whether it beat the best hand."""
        self.voids = 0
        """How many times the deal was voided (every card gathered and dealt again)."""

    def live(self) -> list[int]:
        return [s for s in range(len(self.stacks)) if not self.folded[s] and not self.mucked[s]]

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        return side_pots(self.contributed, [not f for f in self.folded], self.dead)

    def read(self, events: Sequence[Event]) -> None:
        for event in events[self.seen :]:
            if self.ended is not None:
                raise Broken("log", f"{event} recorded after the hand ended")
            if self.passing and not (isinstance(event, CardsChosen) and event.to is not None):
                self._received()
            self.apply(event)
        self._received()
        self.seen = len(events)

    def apply(self, event: Event) -> None:
        if self.turn is not None and not isinstance(event, RollFellShort):
            if not self.turn[1]:
                raise Broken("rules", f"p{self.turn[0] + 1} turned without beating the best hand and is still in")
            self.turn = None
        if isinstance(event, StreetBegan):
            self.street = event.index
        elif isinstance(event, RollFellShort):
            self._fell_short(event)
        elif isinstance(event, (AntePosted, BlindPosted)):
            self._pay(event.seat, event.amount, event)
            self.contributed[event.seat] += event.amount
        elif isinstance(event, ActionTaken):
            self._action(event)
        elif isinstance(event, CardsDealt):
            self._dealt(event)
        elif isinstance(event, CommunityCardDealt):
            self._place(event.card, "the board")
            self.board.append(event.card)
            self.up_order.append(event.card)
        elif isinstance(event, CommunityCardDealtDown):
            self._place(event.card, "the face-down board")
            self.board_down.append(event.card)
        elif isinstance(event, CommunityCardTurned):
            self._board_turned(event)
        elif isinstance(event, IndicatorDealt):
            self._place(event.card, "the indicator")
            self.indicators.append(event.card)
            if event.face is Face.UP:
                self._indicated(event.card, event.effect)
        elif isinstance(event, IndicatorTurned):
            if event.card not in self.indicators:
                raise Broken("log", f"{event} turns a card never dealt to the middle")
            self._indicated(event.card, event.effect)
        elif isinstance(event, CardsThrownOut):
            self._thrown_out(event)
        elif isinstance(event, CardsTurned):
            self._turned(event)
        elif isinstance(event, HandKilled):
            if self.folded[event.seat] or self.mucked[event.seat]:
                raise Broken("log", f"{event}: p{event.seat + 1} was no longer in the hand")
            self._to_muck(event.seat)
            self.folded[event.seat] = True
        elif isinstance(event, CardBurned):
            self._place(event.card, "the burns")
            self.burns.append(event.card)
        elif isinstance(event, BurnsReshuffled):
            self._reshuffled(event)
        elif isinstance(event, Showed):
            self._showed(event)
        elif isinstance(event, Mucked):
            self._to_muck(event.seat)
            self.mucked[event.seat] = True
            self.muck_order.append(event.seat)
        elif isinstance(event, Declared):
            self.declared[event.seat] = event.declaration
        elif isinstance(event, CardsChosen):
            self._chosen(event)
        elif isinstance(event, PotAwarded):
            self._awarded(event)
        elif isinstance(event, HandEnded):
            self._ended(event)
        elif isinstance(event, TriggerFired):
            self._triggered(event)
        elif isinstance(event, DealVoided):
            self._voided(event)

    def _voided(self, event: DealVoided) -> None:
        """A dealt card voided the deal (docs/rules.md V16): it must be the card just dealt to a
        seat still in; every card goes back (nothing is anywhere but the stub), the chips stay
        where they are, and the seats still in stay in."""
        if self.folded[event.seat] or event.card not in self.cards[event.seat]:
            raise Broken("log", f"{event}: p{event.seat + 1} does not hold that card, or is out of the hand")
        self.voids += 1
        if event.count != self.voids:
            raise Broken("log", f"{event} is void {event.count}, the log's void {self.voids}")
        seats = len(self.stacks)
        self.shown = [0] * seats
        self.cards = [[] for _ in range(seats)]
        self.faces = [[] for _ in range(seats)]
        self.board, self.board_down, self.indicators, self.burns = [], [], [], []
        self.wild_indicated, self.up_order = [], []
        self.barred, self.unwild = set(), set()
        copies, self.where = self.where.copies, Places()
        self.where.copies = copies
        self.discarded = 0
        self.sets, self.placed, self.passing, self.asked = {}, {}, [], None

    def _board_turned(self, event: CommunityCardTurned) -> None:
        """A face-down community card turns up: one dealt seen is the card turned; one dealt
        unseen is named now, and must be nowhere else."""
        if event.named and None in self.board_down:
            self.board_down.remove(None)
            self._place(event.card, "the board")
        elif not event.named and event.card is not None and event.card in self.board_down:
            self.board_down.remove(event.card)
            self.where.move(event.card, "the face-down board", "the board")
        else:
            raise Broken("log", f"{event} turns a card never dealt face down to the middle")
        self.board.append(event.card)
        self.up_order.append(event.card)

    def _triggered(self, event: TriggerFired) -> None:
        """A dealt-card rule a player may pay to keep wild waits for the answer (the hands a
        kill card or a pot won ends are each a :class:`HandKilled` of their own)."""
        if TRIGGER_EFFECT_TRAITS[event.effect].declining_unwilds and event.price is not None:
            self.asked = (event.seat, event.card)

    def _indicated(self, card: Card | None, effect: str) -> None:
        """An indicator card shows: its rank wild, or barred from the wild cards."""
        if effect == "wild-rank":
            self.wild_indicated.append(card)
        elif card is not None:
            self.barred.add(NATURE[card][0])

    def _showing(self, seat: int, more: Sequence[Card | None] = ()) -> Key:
        assert self.showing is not None
        up = [card for card, face in zip(self.cards[seat], self.faces[seat]) if face is Face.UP]
        return self.showing([c for c in [*up, *more] if c is not None], [c for c in self.board if c is not None])

    def _rolled(self, event: CardsTurned) -> None:
        """A turn until the best hand showing is beaten: no card before the last beats it,
        and the last does, or the seat is left with no face-down card (and is dead)."""
        seat, cards = event.seat, event.cards
        if self.turn is not None:
            raise Broken("log", f"{event}: p{self.turn[0] + 1}'s turn fell short and its hand was not dead")
        showing = [s for s in self.live() if Face.UP in self.faces[s]]
        best = max((self._showing(s) for s in showing), default=None)
        beats = [best is None or self._showing(seat, cards[: n + 1]) > best for n in range(len(cards))]
        if any(beats[:-1]):
            raise Broken("rules", f"{event}: p{seat + 1} beat the best hand showing before its last card")
        self.turn = (seat, bool(beats) and beats[-1])

    def _fell_short(self, event: RollFellShort) -> None:
        """A dead hand after a turn that did not beat the best: every card of it face up (a seat
        with none left to turn is dead at once, even straight after another's winning turn)."""
        if self.turn is not None and self.turn[0] != event.seat and self.turn[1]:
            self.turn = None  # the last turn beat the best; this seat had nothing left to turn
        if self.turn != (event.seat, False) and not (self.turn is None and Face.DOWN not in self.faces[event.seat]):
            raise Broken("rules", f"{event} after a turn that beat the best hand (or no turn): {self.turn}")
        if Face.DOWN in self.faces[event.seat]:
            raise Broken("rules", f"{event}: p{event.seat + 1} still has face-down cards to turn")
        self.turn = None
        self._to_muck(event.seat)
        self.folded[event.seat] = True

    def _turned(self, event: CardsTurned) -> None:
        """A seat's next face-down cards, first dealt first, turned up by rule."""
        seat = event.seat
        if self.folded[seat] or self.mucked[seat]:
            raise Broken("log", f"{event}: p{seat + 1} is no longer in the hand")
        if self.street in self.rolling and self.showing is not None:
            self._rolled(event)
        down = [p for p, face in enumerate(self.faces[seat]) if face is Face.DOWN][: len(event.cards)]
        if [self.cards[seat][p] for p in down] != list(event.cards):
            raise Broken("cards", f"{event} turns other cards than p{seat + 1}'s next face-down ones")
        for position in down:
            self.faces[seat][position] = Face.UP
            self.up_order.append(self.cards[seat][position])

    def _thrown_out(self, event: CardsThrownOut) -> None:
        """A seat's cards of the indicated rank go to the muck, up or down."""
        seat = event.seat
        for card in event.cards:
            if card not in self.cards[seat]:
                raise Broken("cards", f"{event}: {card} is not p{seat + 1}'s")
            position = self.cards[seat].index(card)
            del self.cards[seat][position]
            del self.faces[seat][position]
            self.shown[seat] = min(self.shown[seat], len(self.cards[seat]))
            if card is not None:
                self.where.move(card, f"p{seat + 1}", "the muck")
            self.discarded += 1

    # -- decisions about cards

    def _chosen(self, event: CardsChosen) -> None:
        """Carry out a seat's decision: turn up, throw away (paying for replacements, which
        follow as ordinary deals), pass, or set two hands."""
        seat, kind = event.seat, event.action.kind
        if self.folded[seat] or self.mucked[seat]:
            raise Broken("log", f"{event}: p{seat + 1} is no longer in the hand")
        positions = self._named(seat, event)
        if kind is ActionKind.TURN_UP:
            for position in positions:
                if self.faces[seat][position] is not Face.DOWN:
                    raise Broken("log", f"{event} turns up p{seat + 1}'s card {position + 1}, already up")
                self.faces[seat][position] = Face.UP
                self.up_order.append(self.cards[seat][position])
        elif kind is ActionKind.SET:
            self.sets[seat] = positions
        else:
            removed = self._take_out(seat, positions)
            if kind is ActionKind.PASS:
                if event.to is None or event.to == seat or self.folded[event.to] or self.mucked[event.to]:
                    raise Broken("log", f"{event} passes to a seat that cannot receive")
                self.passing.append((event.to, removed))
                for card, _ in removed:
                    if card is not None:
                        self.where.move(card, f"p{seat + 1}", f"passing to p{event.to + 1}")
            else:
                self.discarded += len(removed)
                for card, _ in removed:
                    if card is not None:
                        self.where.move(card, f"p{seat + 1}", "the muck")
        if event.paid and kind not in (ActionKind.DISCARD, ActionKind.BUY):
            raise Broken("chips", f"{event} paid for no replacement")
        self._pay(seat, event.paid, event)
        self.dead += event.paid

    def _named(self, seat: int, event: CardsChosen) -> tuple[int, ...]:
        """The positions the event's cards name in the seat's hand: a card it holds where it
        is; an unseen card (``??``) or a card never seen stands for the first unseen card of
        the decision's faces not named already, and a card named for it becomes known."""
        held, faces = self.cards[seat], self.faces[seat]
        taken: list[int] = []
        names = event.action.cards or ()
        placed = self.placed.pop(seat, [None] * len(names))
        for card, fixed in zip(names, placed):
            position = fixed
            if position is None:
                position = next(
                    (p for p, c in enumerate(held) if card is not None and c == card and p not in taken), None
                )
            if position is None:
                free = (p for p, c in enumerate(held) if c is None and faces[p] in self.choosing and p not in taken)
                position = next(free, None)
                if position is None:
                    raise Broken("log", f"{event} names {card}, which p{seat + 1} does not hold")
            if position in taken or faces[position] not in self.choosing:
                raise Broken("log", f"{event} names {card} twice or of a face this decision does not name")
            if card is not None and held[position] is None:  # named for an unseen card: it is known now
                self._place(card, f"p{seat + 1}")
                held[position] = card
            if card is not None and held[position] != card:
                raise Broken("cards", f"{event} names {card} for p{seat + 1}'s card {position + 1}, {held[position]}")
            taken.append(position)
        return tuple(taken)

    def unseen_places(self, seat: int, names: Sequence[Card | None]) -> list[int | None]:
        """The place each unseen name of a choice stands for (``None`` for a card the seat
        holds known), fixed when the choice is made: the first unseen cards of the decision's
        faces, in order (a hand tabled before a choice made together is carried out shows
        them, but they are still the cards chosen)."""
        held, faces = self.cards[seat], self.faces[seat]
        free = iter([p for p, card in enumerate(held) if card is None and faces[p] in self.choosing])
        return [next(free, None) if card is None or card not in held else None for card in names]

    def _take_out(self, seat: int, positions: Sequence[int]) -> list[tuple[Card | None, Face]]:
        cards, faces = self.cards[seat], self.faces[seat]
        removed = [(cards[p], faces[p]) for p in positions]
        for position in sorted(positions, reverse=True):
            del cards[position]
            del faces[position]
            if position < self.shown[seat]:
                self.shown[seat] -= 1
        return removed

    def _received(self) -> None:
        """Give every seat the cards passed to it this step, in the order they were passed."""
        for to, cards in self.passing:
            for card, face in cards:
                self.cards[to].append(card)
                self.faces[to].append(face)
                if card is not None:
                    self.where.move(card, f"passing to p{to + 1}", f"p{to + 1}")
        self.passing = []

    def _pay(self, seat: int, amount: int, event: Event) -> None:
        if amount < 0:
            raise Broken("chips", f"{event} moves a negative amount")
        self.stacks[seat] -= amount
        if self.stacks[seat] < 0:
            raise Broken("chips", f"{event} leaves p{seat + 1} with a negative stack ({self.stacks[seat]})")

    def _action(self, event: ActionTaken) -> None:
        seat = event.seat
        if self.folded[seat] or self.mucked[seat]:
            raise Broken("log", f"p{seat + 1} acted ({event.action}) after folding or mucking")
        self._pay(seat, event.added, event)
        if event.action.kind is ActionKind.PAY:
            self.dead += event.added
        else:
            self.contributed[seat] += event.added
        if event.action.kind is ActionKind.FOLD:
            self._to_muck(seat)
            self.folded[seat] = True
        if self.asked is not None and self.asked[0] == seat and event.action.kind is ActionKind.DECLINE:
            self.unwild.add(self.asked[1])  # not bought: the card is natural
        if event.action.kind in (ActionKind.PAY, ActionKind.DECLINE):
            self.asked = None

    def _dealt(self, event: CardsDealt) -> None:
        seat = event.seat
        if self.folded[seat] or self.mucked[seat]:
            raise Broken("cards", f"{event} deals to a seat no longer in the hand")
        if len(event.cards) != len(event.faces):
            raise Broken("log", f"{event} has {len(event.cards)} cards and {len(event.faces)} faces")
        for card, face in zip(event.cards, event.faces):
            self._place(card, f"p{seat + 1}")
            if face is Face.UP:
                self.up_order.append(card)
        self.cards[seat].extend(event.cards)
        self.faces[seat].extend(event.faces)

    def _place(self, card: Card | None, place: str) -> None:
        if card is None:
            return
        if self.where.full(card):
            raise Broken("cards", f"{card} went to {place} while it is at {self.where[card]}")
        self.where.place(card, place)

    def _to_muck(self, seat: int) -> None:
        for card in self.cards[seat]:
            if card is not None:
                self.where.move(card, f"p{seat + 1}", "the muck")

    def _reshuffled(self, event: BurnsReshuffled) -> None:
        if event.count != len(self.burns):
            raise Broken("cards", f"{event} returns {event.count} burns, but {len(self.burns)} were burned")
        for card in self.burns:
            if card is not None:
                self.where.remove(card, "the burns")
        self.burns = []

    def _showed(self, event: Showed) -> None:
        seat, held = event.seat, self.cards[event.seat]
        if len(event.cards) != len(held):
            raise Broken("log", f"p{seat + 1} showed {len(event.cards)} cards and holds {len(held)}")
        for index, (shown, card) in enumerate(zip(event.cards, held)):
            if card is not None and shown != card:
                raise Broken("cards", f"p{seat + 1} showed {format_cards(event.cards)} holding {format_cards(held)}")
            if card is None and shown is not None:
                self._place(shown, f"p{seat + 1}")
                held[index] = shown
        self.shown[seat] = len(held)

    def _awarded(self, event: PotAwarded) -> None:
        if self.settled is None:
            self.settled = self.pots()
        for seat, amount in event.amounts:
            if amount < 0:
                raise Broken("chips", f"{event} pays a negative amount")
            self.stacks[seat] += amount
        self.awards.append(event)

    def _ended(self, event: HandEnded) -> None:
        if self.settled is None:
            self.settled = self.pots()
        self.ended = tuple(event.stacks)
        if list(event.stacks) != self.stacks:
            raise Broken("chips", f"the hand ended with {list(event.stacks)}, the log adds up to {self.stacks}")


# ----------------------------------------------------------------------------- snapshot

SNAPSHOT_PARTS = (
    "events",
    "stacks",
    "contributed",
    "dead money",
    "actor",
    "state",
    "street",
    "complete",
    "pots",
    "legal actions",
    "legal actions by seat",
    "pending deal",
    "folded",
    "mucked",
    "shown",
    "cards",
    "faces",
    "community",
    "deck size",
    "burns",
    "muck",
    "stub",
    "live seats",
    "result",
    "waiting for",
    "views",
    "shuffle state",
)


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Every observable of the hand, deep-copied, to compare before and after a refused request."""
    seats = range(hand.seats)
    return (
        tuple(hand.events),
        tuple(hand.stacks),
        tuple(hand.contributed),
        hand.dead_money,
        hand.actor,
        hand.state,
        hand.street,
        hand.is_complete,
        tuple((p.amount, p.eligible) for p in hand.pots()),
        tuple(hand.legal_actions()),
        tuple(tuple(hand.legal_actions(s)) for s in seats),
        hand.pending_deal(),
        tuple(hand.folded),
        tuple(hand.mucked),
        tuple(hand.shown),
        tuple(tuple(c) for c in hand.cards),
        tuple(tuple(f) for f in hand.faces),
        tuple(hand.community),
        hand.deck.size,
        tuple(hand.deck.burns),
        tuple(hand.deck.muck),
        hand.deck.stub,
        tuple(hand.live_seats()),
        hand.result,
        hand.waiting_for(),
        tuple(hand.view(v) for v in (None, *seats)),
        hand.rng.getstate(),
    )


VIEWS = SNAPSHOT_PARTS.index("views")
"""Where a snapshot keeps the views of the spectator and of every seat, in seat order."""


def changed(before: tuple[Any, ...], after: tuple[Any, ...]) -> list[str]:
    return [name for name, a, b in zip(SNAPSHOT_PARTS, before, after) if a != b]


# ----------------------------------------------------------------------------- one hand

_VARIANTS: dict[str, Variant] = {}


def variant_named(name: str) -> Variant:
    if name not in _VARIANTS:
        _VARIANTS[name] = load_variant(book_path(name))
    return _VARIANTS[name]


@dataclass(frozen=True)
class Intent:
    """An action to ask for, made into an :class:`Action` only when asked: building one with a
    bad amount may itself be refused (a ``StudspecError``), which counts as the refusal."""

    kind: ActionKind
    amount: int | None = None
    declaration: Declaration | None = None
    cards: tuple[Card | None, ...] = ()
    """For a decision about cards: the cards it names."""

    def make(self) -> Action:
        if self.kind is ActionKind.DECLARE:
            assert self.declaration is not None
            return declare(self.declaration)
        if self.kind in CARD_DECISIONS:
            return choose(self.kind, self.cards)
        return Action(self.kind, amount=self.amount)

    def __str__(self) -> str:
        if self.kind is ActionKind.DECLARE and self.declaration is not None:
            return f"dcl {self.declaration.value}"
        if self.kind in CARD_DECISIONS:
            return f"{self.kind.value} {format_cards(self.cards)}".rstrip()
        return self.kind.value + ("" if self.amount is None else f" {self.amount}")


def allowed(options: Sequence[LegalAction], action: Action | Intent) -> bool:
    """Whether ``action`` is one of ``options`` as the API documents them (amounts in range)."""
    for option in options:
        if option.kind is not action.kind:
            continue
        if option.kind is ActionKind.DECLARE:
            assert option.declaration is not None and action.declaration is not None
            mine = named_shares(action.declaration.value, option.highs)
            if mine is not None and mine == named_shares(option.declaration.value, option.highs):
                return True
        elif option.kind is ActionKind.PAY:
            if action.amount is None or action.amount == option.cost:
                return True
        elif option.kind is ActionKind.COMPLETE_BET_RAISE:
            assert option.minimum is not None and option.maximum is not None
            if action.amount is not None and option.minimum <= action.amount <= option.maximum:
                return True
        else:
            return True
    return False


def _where(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    frame = next((f for f in reversed(frames) if "studspec" in f.filename), frames[-1] if frames else None)
    return f" at {os.path.basename(frame.filename)}:{frame.lineno}" if frame is not None else ""


GARBAGE = ("", "   ", "cbr", "cbr x", "cbr 1 2", "zz", "f 3", "cc 10", "pb 5", "dcl sideways", "dcl", "sm A")
"""Action texts that are no action at all: :func:`parse_action` must refuse each one."""


@dataclass
class Outcome:
    figures: Figures
    finding: Finding | None = None


@dataclass(frozen=True)
class Chosen:
    """A decision about cards the fuzzer made: what the log must record when it is carried
    out, and what the seat's unseen cards become then."""

    action: Action
    truths: tuple[tuple[Card | None, Card], ...]
    """Each card named for an unseen place, as named (``None``: ``??``), with what it truly is."""
    removes: bool
    """The named cards leave the seat (thrown away or passed)."""
    paid: int
    """What the log must show paid for replacements."""


WRITTEN = {
    PhaseKind.TURN_UP: ActionKind.TURN_UP,
    PhaseKind.DISCARD: ActionKind.DISCARD,
    PhaseKind.DRAW: ActionKind.DISCARD,
    PhaseKind.BUY: ActionKind.BUY,
    PhaseKind.PASS: ActionKind.PASS,
    PhaseKind.SET_HANDS: ActionKind.SET,
}
"""How a history writes each kind of decision (a draw is a discard the dealer replaces)."""
NAMES_NONE = frozenset((ActionKind.DISCARD, ActionKind.TURN_UP, ActionKind.PASS))
"""Decisions that may name no card where the book allows none: a bare ``sd`` stands pat, a
bare ``up`` or ``pass`` turns up or passes nothing (a buy of nothing is a ``decline``)."""


def decision_rule(hand: Hand) -> DecisionRule | None:
    """The decision the hand's phase asks, or ``None`` when it asks none."""
    rule = hand.phase.rule
    return rule if isinstance(rule, DecisionRule) else None


card_key = high_key
"""A hand of any number of cards as a high hand (a set hand: the first must outrank the second)."""


def setting_breaks(
    rule: DecisionRule,
    first: Sequence[tuple[Card | None, Face]],
    second: Sequence[tuple[Card | None, Face]],
    ranked: bool = True,
) -> str:
    """Why a setting of two hands breaks the book's rule for them ('' when it does not),
    judged on the cards themselves: the sizes, face-down cards in each, and (``ranked``) the
    first hand outranking the second as a high hand (not judged where a card is unknown)."""
    if len(first) != rule.hands[0] or len(second) != rule.hands[1]:
        return f"hands of {len(first)} and {len(second)} cards, not {rule.hands}"
    for number, part in ((1, first), (2, second)):
        if sum(1 for _, face in part if face is Face.DOWN) < rule.down_in_each:
            return f"hand {number} holds fewer than {rule.down_in_each} face-down cards"
    big, small = ([card for card, _ in part if card is not None] for part in (first, second))
    known = len(big) + len(small) == len(first) + len(second)
    if ranked and rule.first_outranks and known and card_key(natures(big)) <= card_key(natures(small)):
        return "the first hand does not outrank the second"
    return ""


class HandFuzzer:
    """Plays one hand, number ``number`` of ``config.seed``, checking everything as it goes."""

    def __init__(self, config: FuzzConfig, number: int) -> None:
        self.config = config
        self.number = number
        self.rng = random.Random(f"studspec-fuzz:{config.seed}:{number}")
        self.figures = Figures(hands=1)
        self.trace: list[str] = []
        rng = self.rng
        self.book = rng.choice(config.book_list())
        self.variant = variant_named(self.book)
        players = rng.randint(self.variant.min_players, self.variant.max_players)
        self.stakes = self._stakes()
        self.starting = [self._stack() for _ in range(players)]
        self.outside = rng.random() < 0.5
        self.hidden: set[int] = set()
        self.hide_up = False
        # An indicator that throws a rank out cannot throw out a card dealt unseen; the engine
        # then refuses it at the showdown (docs/rules.md V15), which the fuzzer's true cards
        # may be: such books are dealt seen.
        throws = any(INDICATOR_TRAITS[s.indicator].discards for s in self.variant.streets if s.indicator)
        throws = throws or any(s.turn_until_best for s in self.variant.streets)  # its turns read every card
        # On a double deck a card seen elsewhere may still be a seat's unseen card (its copy),
        # which the fuzzer's unseen places do not tell apart: such books are dealt seen too.
        if self.outside and rng.random() < config.unseen_rate and not throws and self.variant.copies == 1:
            hero = rng.randrange(-1, players)  # -1: a spectator's history, every down card unseen
            self.hidden = {s for s in range(players) if s != hero}
            self.hide_up = rng.random() < 0.15
        self.auto_showdown = not self.hidden and rng.random() < 0.5
        self.deck = [card for card in DECK if str(card)[0] not in self.variant.removed_ranks]  # a stripped deck's
        self.deck *= self.variant.copies  # a double deck: every card twice
        rng.shuffle(self.deck)
        self.deck_seed = rng.randrange(2**32)
        self.unseen: list[list[Card]] = [[] for _ in range(players)]
        """The cards each seat holds unseen (dealt as ``None``), in the order of its unseen
        places: the fuzzer dealt them, so it knows what they are."""
        self.board_unseen: list[tuple[Card, int]] = []
        """Community cards dealt face down unseen (``??``), each with the street that turns it."""
        self.boards_dealt = 0
        """Community cards dealt face down so far (their turning streets are the book's order)."""
        self.voids_seen = 0
        """Voided deals the fuzzer has dealt again after (the ledger counts them from the log)."""
        self.meant: dict[int, Chosen] = {}
        """Each seat's decision made and not yet seen carried out in the log."""
        self.fold_rate = rng.choice((0.0, 0.03, 0.1, 0.25))
        self.raise_rate = rng.choice((0.05, 0.2, 0.4, 0.7))
        self.muck_rate = rng.choice((0.0, 0.3, 0.7))
        self.ledger = Ledger(self.starting)
        self.ledger.rolling = {i for i, street in enumerate(self.variant.streets) if street.turn_until_best}
        self.ledger.showing = self._showing_oracle()
        self.ledger.where.copies = self.variant.copies
        self.hand: Hand | None = None
        self.moment: tuple[Any, ...] = ()
        self.rotation = number

    # ------------------------------------------------------------------ the table

    def _stakes(self) -> Stakes:
        book = self.variant.stakes
        if self.rng.random() < 0.7:
            return book
        small = self.rng.randint(2, 40)
        big = small * self.rng.choice((2, 2, 3)) if self.rng.random() < 0.8 else small + self.rng.randint(1, 20)
        bring_in = self.rng.randint(1, small - 1)
        ante = self.rng.choice((0, 1, self.rng.randint(1, small)))
        return Stakes(ante=ante, bring_in=bring_in, small_bet=small, big_bet=big, starting_stack=big * 50)

    def _stack(self) -> int:
        stakes, roll = self.stakes, self.rng.random()
        ante = max(1, stakes.ante)
        deep = max(stakes.starting_stack, stakes.big_bet * 20)
        if roll < 0.07:
            return self.rng.randint(1, ante)  # all-in on the ante, or short of it
        if roll < 0.14:
            return ante + self.rng.randint(1, max(1, stakes.bring_in))  # all-in on the bring-in
        if roll < 0.35:
            return self.rng.randint(1, stakes.big_bet * 4)
        if roll < 0.85:
            return self.rng.randint(stakes.big_bet * 4, deep)
        return self.rng.randint(deep, deep * 3)

    def setup(self) -> str:
        if self.outside:
            if self.hidden:
                known = sorted(set(range(len(self.starting))) - self.hidden)
                whose = f"p{known[0] + 1}'s" if known else "no seat's"
                dealing = f"dealt from outside, only {whose} down cards known" + (
                    ", some up cards unseen" * self.hide_up
                )
            else:
                dealing = "dealt from outside"
        else:
            dealing = f"seed {self.deck_seed}"
        s = self.stakes
        return (
            f"{self.book}, {len(self.starting)} players, stacks {self.starting}, "
            f"stakes {s.ante}/{s.bring_in}/{s.small_bet}/{s.big_bet}, {dealing}, auto_showdown={self.auto_showdown}"
        )

    def _note(self, text: str) -> None:
        if self.config.trace:
            self.trace.append(text)

    # ------------------------------------------------------------------ the run

    def run(self) -> Outcome:
        outcome = Outcome(self.figures)
        self.figures.books[self.book] += 1
        try:
            self._play()
        except Broken as broken:
            outcome.finding = self._finding(broken.kind, broken.message)
        except Exception as error:  # the fuzzer's own fault: report it rather than hide it
            outcome.finding = self._finding("fuzzer-error", f"{type(error).__name__}: {error}{_where(error)}")
        return outcome

    def _finding(self, kind: str, message: str) -> Finding:
        command = self.config.command(self.number)
        return Finding(
            kind, self.book, self.config.seed, self.number, message, self.setup(), command, tuple(self.trace)
        )

    def _play(self) -> None:
        self._note(self.setup())
        self.hand = self._engine(
            "Hand(...)",
            lambda: Hand(
                self.variant,
                list(self.starting),
                stakes=self.stakes,
                seed=None if self.outside else self.deck_seed,
                deal_from_outside=self.outside,
                auto_showdown=self.auto_showdown,
            ),
        )
        hand = self.live_hand
        self._check()
        steps = 0
        while not hand.is_complete:
            steps += 1
            if steps > MAX_STEPS:
                raise Broken("termination", f"the hand is not over after {MAX_STEPS} steps ({hand.waiting_for()})")
            deciding = decision_rule(hand) is not None  # a short phase: try more refusals there
            if self.rng.random() < self.config.refusal_rate * (3 if deciding else 1):
                self._refuse()
            if self.rng.random() < self.config.probe_rate:
                self._probe()
                if hand.is_complete:
                    break
            self._step()
            self._check()
        self._finish()

    def _engine(self, label: str, call: Callable[[], Any]) -> Any:
        """Run a request that must succeed."""
        try:
            return call()
        except StudspecError as error:
            raise Broken("legal-refused", f"{label} was refused: {type(error).__name__}: {error}") from None
        except Exception as error:
            raise Broken("crash", f"{label} raised {type(error).__name__}: {error}{_where(error)}") from None

    @property
    def live_hand(self) -> Hand:
        assert self.hand is not None
        return self.hand

    # ------------------------------------------------------------------ legal play

    def _step(self) -> None:
        hand = self.live_hand
        pending = hand.pending_deal()
        if pending is not None:
            self._deal(pending)
            return
        actor = hand.actor
        if actor is not None:
            options = hand.legal_actions(actor)
            if not options:
                raise Broken("actor", f"p{actor + 1} is to act but has no legal action")
            if hand.legal_actions() != options:
                raise Broken("actor", "legal_actions() differs from legal_actions(actor)")
        seat = actor
        if actor is None or self.rng.random() < 0.2:  # anyone else who may act (declaring at once, opening)
            movers = [s for s in range(hand.seats) if hand.legal_actions(s)]
            if not movers:
                raise Broken("stuck", f"no deal is due and nobody may act, yet the hand is not over ({hand.state})")
            seat = self.rng.choice(movers)
        assert seat is not None
        options = hand.legal_actions(seat)
        self._check_options(seat, options)
        option = self._pick(options)
        if option.kind is ActionKind.SET and not self._judged_setting():
            self._try_settings(seat, option)
            return
        action = self._action_for(option, seat)
        self._act(seat, option, action)

    def _try_settings(self, seat: int, option: LegalAction) -> None:
        """Set two hands where this fuzzer cannot judge them (wild cards): try settings until
        one is accepted, each refused one counted as a refusal."""
        rule = decision_rule(self.live_hand)
        assert rule is not None
        for _ in range(40):
            if self._decide(seat, rule, self._choice(option, seat), may_refuse=True):
                return
            self.meant.pop(seat, None)
            self.figures.refusals += 1
            self.figures.refusal_kinds["setting judged by the engine"] += 1
        raise Broken("stuck", f"p{seat + 1}: forty settings of {format_cards(self._truth(seat))} refused")

    def _pick(self, options: Sequence[LegalAction]) -> LegalAction:
        weights = []
        check_free = any(o.kind is ActionKind.CHECK_CALL and o.cost == 0 for o in options)
        for option in options:
            kind = option.kind
            if kind is ActionKind.FOLD:
                weights.append(self.fold_rate * (0.2 if check_free else 1.0) + 0.001)
            elif kind is ActionKind.COMPLETE_BET_RAISE:
                weights.append(self.raise_rate)
            elif kind is ActionKind.DECLINE:
                weights.append(0.3)
            else:
                weights.append(1.0)
        return self.rng.choices(list(options), weights)[0]

    def _action_for(self, option: LegalAction, seat: int) -> Action:
        kind, rng = option.kind, self.rng
        if kind is ActionKind.COMPLETE_BET_RAISE:
            assert option.minimum is not None and option.maximum is not None
            roll = rng.random()
            amount = option.minimum if roll < 0.4 else option.maximum if roll < 0.6 else None
            return bet_to(amount if amount is not None else rng.randint(option.minimum, option.maximum))
        if kind is ActionKind.SHOW_MUCK:
            if len(self.ledger.live()) > 1 and rng.random() < self.muck_rate:
                return MUCK
            return show(tuple(self._truth(seat)))
        if kind is ActionKind.DECLARE:
            assert option.declaration is not None
            return declare(option.declaration)
        if kind is ActionKind.PAY:
            return Action(ActionKind.PAY, amount=option.cost if rng.random() < 0.5 else None)
        if kind in CARD_DECISIONS:
            return self._choice(option, seat)
        return Action(kind)

    # ------------------------------------------------------------------ decisions about cards

    def _slots(self, seat: int, rule: DecisionRule) -> tuple[list[int], list[int]]:
        """The seat's places the decision may name: those of known cards, and those of its
        unseen cards in order (a card named for an unseen place takes the first one free)."""
        held, faces = self.ledger.cards[seat], self.ledger.faces[seat]
        slots = [p for p, face in enumerate(faces) if face in rule.faces]
        return [p for p in slots if held[p] is not None], [p for p in slots if held[p] is None]

    def _choice(self, option: LegalAction, seat: int) -> Action:
        """A legal decision: a random number of the seat's eligible cards within the bounds
        (two hands that keep the book's rules, for a setting), some unseen ones named as
        ``??`` and some by what they are."""
        rule = decision_rule(self.live_hand)
        assert rule is not None and option.minimum is not None and option.maximum is not None
        if option.kind is ActionKind.SET:
            places = self._setting(seat, rule)
        else:
            known, unseen = self._slots(seat, rule)
            least = option.minimum if option.kind in NAMES_NONE else max(option.minimum, 1)
            places = self._places(known, unseen, self.rng.randint(least, option.maximum))
        names, truths = self._names(seat, option.kind, places)
        removes = option.kind in (ActionKind.DISCARD, ActionKind.BUY, ActionKind.PASS)
        priced = option.kind in (ActionKind.DISCARD, ActionKind.BUY)
        paid = min(option.cost * len(names), self.ledger.stacks[seat]) if priced else 0
        action = choose(option.kind, names)
        self.meant[seat] = Chosen(action, truths, removes, paid)
        return action

    def _places(self, known: list[int], unseen: list[int], count: int) -> list[int]:
        """``count`` places, in a random order, of these known and unseen places (the unseen
        ones first in order: a card named for an unseen place takes the first one free)."""
        picked = self.rng.sample(known + unseen, min(count, len(known) + len(unseen)))
        hidden = sum(1 for p in picked if p in unseen)
        places = [p for p in picked if p not in unseen] + unseen[:hidden]
        self.rng.shuffle(places)
        return places

    def _names(
        self, seat: int, kind: ActionKind, places: Sequence[int]
    ) -> tuple[tuple[Card | None, ...], tuple[tuple[Card | None, Card], ...]]:
        """The names of the cards at ``places``: an unseen one as ``??`` or as the card it truly
        is (always the card, to turn it up); and what each unseen one named truly is."""
        held = self.ledger.cards[seat]
        truth = dict(zip((p for p, card in enumerate(held) if card is None), self.unseen[seat]))
        unseen = iter(sorted(p for p in places if held[p] is None))
        names: list[Card | None] = []
        truths: list[tuple[Card | None, Card]] = []
        for place in places:
            card = held[place]
            if card is None:
                real = truth[next(unseen)]
                card = real if self.rng.random() < 0.6 or kind is ActionKind.TURN_UP else None
                truths.append((card, real))
            names.append(card)
        return tuple(names), tuple(truths)

    def _decide(self, seat: int, rule: DecisionRule, action: Action, may_refuse: bool = False) -> bool:
        """Take a decision: carried out at once (in turn) or when the last seat has chosen
        (together), each exactly as chosen; until then, nothing another seat sees changes.
        ``may_refuse``: a refusal is no finding (``False``: it was refused)."""
        hand = self.live_hand
        if action.kind not in CARD_DECISIONS:
            self.meant[seat] = Chosen(action, (), False, 0)
        self.ledger.choosing = rule.faces
        pending = rule.together and len(self._movers()) > 1  # not the last to choose: carried out later
        watchers = self._watchers(seat) if pending else ()
        seen = self._others_see(seat, watchers) if pending else None
        label = f"p{seat + 1} {action}"
        self._note(label)
        before = len(hand.events)
        places = self.ledger.unseen_places(seat, action.cards or ())
        by_default = seat == hand.actor and self.rng.random() < 0.2
        if may_refuse:
            try:
                hand.act(action, seat=None if by_default else seat)
            except StudspecError:
                return False
        else:
            self._engine(label, lambda: hand.act(action, seat=None if by_default else seat))
        self.figures.actions += 1
        self.figures.decisions += 1
        self.ledger.placed[seat] = places
        new = hand.events[before:]
        carried = [(i, e) for i, e in enumerate(new) if isinstance(e, CardsChosen)]
        if not carried:
            if not pending or new:
                raise Broken("log", f"{label} was taken but the log records {list(map(str, new)) or 'nothing'}")
            if seen != self._others_see(seat, watchers):
                raise Broken("view-leak", f"{label}, chosen together and not yet carried out, changed what others see")
            return True
        if pending:
            raise Broken("secrecy", f"{label} was carried out before every seat had chosen: {carried[0][1]}")
        dealt = [i for i, e in enumerate(new) if isinstance(e, CardsDealt)]
        seats = [e.seat for _, e in carried]
        if seats != sorted(seats):
            raise Broken("log", f"{label}: the choices are not recorded in seat order")
        if dealt and dealt[0] < carried[-1][0]:
            raise Broken("log", f"{label}: a replacement card is dealt before every choice is recorded")
        for _, event in carried:
            self._carried(event)
        if self.meant:
            raise Broken("log", f"{label}: the choices of {sorted(self.meant)} were not carried out with the rest")
        return True

    def _carried(self, event: CardsChosen) -> None:
        """A choice is in the log: it is what the seat chose and paid what it said; the seat's
        unseen cards follow it."""
        chosen = self.meant.pop(event.seat, None)
        if chosen is None or event.action != chosen.action:
            raise Broken("log", f"{event} carries out what p{event.seat + 1} did not choose ({chosen})")
        if event.paid != chosen.paid:
            raise Broken("chips", f"{event} paid {event.paid}, offered at {chosen.paid}")
        unseen = self.unseen[event.seat]
        for named, real in chosen.truths:
            if real not in unseen:
                continue  # the seat tabled its hand before the choice was carried out
            if named is not None or chosen.removes:
                unseen.remove(real)
            if named is None and event.to is not None:
                self.unseen[event.to].append(real)

    def _watchers(self, seat: int) -> tuple[int | None, ...]:
        """Whose views to compare around a choice made together: every other seat's with
        ``all_views``; else a spectator's and one other seat's (a view costs about a step)."""
        others = [s for s in range(self.live_hand.seats) if s != seat]
        if self.config.all_views:
            return (None, *others)
        return (None, self.rng.choice(others))

    def _others_see(self, seat: int, watchers: Sequence[int | None]) -> tuple[Any, ...]:
        """What other seats may see of the hand: the watchers' views (but whose turn it is),
        the log, and each other seat's choices."""
        hand = self.live_hand
        views = [replace(hand.view(v), actor=None, legal=()) for v in watchers]
        others = tuple(tuple(hand.legal_actions(s)) for s in range(hand.seats) if s != seat)
        return (tuple(views), len(hand.events), others)

    def _setting(self, seat: int, rule: DecisionRule) -> list[int]:
        """The places of a first hand that keeps the book's rules for two hands, by the cards
        as they truly are (unseen ones in order: a card named for an unseen place takes the
        first one free, so only the first unseen places may be in the first hand). Where no
        setting keeps them, as the hand sees the cards, the rules are waived: any will do."""
        for _ in range(30):
            good = self._settings(seat, rule, self._truth(seat))
            if good:
                break
            if not self.unseen[seat]:
                break
            self.rng.shuffle(self.unseen[seat])  # nobody knows which unseen card is where
        else:
            good = []
        seen = self.ledger.cards[seat]
        if not good and self._settings(seat, rule, seen, canonical=False):
            good = self._settings(seat, rule, seen)  # kept as far as the hand can tell
        elif not good:
            good = self._settings(seat, rule, seen, waived=True)
        if not good:
            raise Broken("stuck", f"p{seat + 1} holds {format_cards(seen)}: no setting of {rule} to name")
        places = list(self.rng.choice(good))
        self.rng.shuffle(places)
        return places

    def _settings(
        self, seat: int, rule: DecisionRule, cards: Sequence[Card | None], canonical: bool = True, waived: bool = False
    ) -> list[tuple[int, ...]]:
        """Every first hand the seat may set with these cards (``waived``: any); ``canonical``:
        only those whose unseen places are the first ones."""
        held, faces = self.ledger.cards[seat], self.ledger.faces[seat]
        unseen = [p for p, card in enumerate(held) if card is None]
        good: list[tuple[int, ...]] = []
        for first in combinations(range(len(held)), rule.hands[0]):
            hidden = [p for p in first if held[p] is None]
            if canonical and hidden != unseen[: len(hidden)]:
                continue
            second = [p for p in range(len(held)) if p not in first]
            parts = [(cards[p], faces[p]) for p in first], [(cards[p], faces[p]) for p in second]
            if waived or not setting_breaks(rule, *parts, ranked=self._judged_setting()):
                good.append(first)
        return good

    def _judged_setting(self) -> bool:
        """Whether this fuzzer judges a setting itself: a natural deck with no wild card (the
        engine judges wild hands with its own wild ranking)."""
        variant = self.variant
        wild = variant.wild
        return (
            variant.deck == "standard-52"
            and not wild.ranks
            and not wild.cards
            and not any(street.indicator for street in variant.streets)
            and wild.follow == "none"
            and wild.per_player == "none"
        )

    def _truth(self, seat: int) -> list[Card]:
        """The seat's cards, the unseen ones included (this fuzzer dealt them)."""
        unseen = iter(self.unseen[seat])
        return [next(unseen) if card is None else card for card in self.ledger.cards[seat]]

    def _act(self, seat: int, option: LegalAction, action: Action) -> None:
        hand = self.live_hand
        rule = decision_rule(hand)
        if rule is not None:
            self._decide(seat, rule, action)
            return
        by_default = seat == hand.actor and self.rng.random() < 0.2
        label = f"p{seat + 1} {action}"
        self._note(label)
        before = len(hand.events)
        self._engine(label, lambda: hand.act(action, seat=None if by_default else seat))
        self.figures.actions += 1
        if action.kind in (ActionKind.SHOW_MUCK, ActionKind.DECLARE):
            return
        first = next((e for e in hand.events[before:] if isinstance(e, ActionTaken)), None)
        if first is None or first.seat != seat or first.action.kind is not action.kind:
            raise Broken("log", f"{label} was taken but the log records {first}")
        cost = option.cost
        if option.kind is ActionKind.COMPLETE_BET_RAISE:
            assert option.minimum is not None and action.amount is not None
            cost = action.amount - (option.minimum - option.cost)
        elif option.kind in (ActionKind.FOLD, ActionKind.DECLINE):
            cost = 0
        if first.added != cost:
            raise Broken("chips", f"{label} was offered at a cost of {cost} but moved {first.added}")

    def _check_options(self, seat: int, options: Sequence[LegalAction]) -> None:
        stack = self.ledger.stacks[seat]
        rule = decision_rule(self.live_hand)
        for option in options:
            if rule is not None:
                self._check_choice(seat, rule, option)
                continue
            if option.cost < 0 or option.cost > stack:
                raise Broken("legal-actions", f"p{seat + 1} is offered {option} costing {option.cost} with {stack}")
            if option.kind is ActionKind.COMPLETE_BET_RAISE:
                low, high = option.minimum, option.maximum
                if low is None or high is None or low > high or high - (low - option.cost) > stack:
                    raise Broken("legal-actions", f"p{seat + 1} is offered {option} with {stack} behind")

    def _check_choice(self, seat: int, rule: DecisionRule, option: LegalAction) -> None:
        """A decision offers the seat's own cards of the decision's faces, a number of them
        it holds, and nothing else (a buy may be declined)."""
        said = f"p{seat + 1} is offered {option} naming {format_cards(option.cards)}"
        if option.kind is ActionKind.DECLINE and rule.kind is PhaseKind.BUY:
            return
        if option.kind not in CARD_DECISIONS or option.minimum is None or option.maximum is None:
            raise Broken("legal-actions", f"{said} in a decision about cards")
        known, unseen = self._slots(seat, rule)
        mine = tuple(self.ledger.cards[seat][p] for p in sorted(known + unseen))
        if option.cards != mine or option.cost < 0:
            raise Broken("legal-actions", f"{said}; its cards of the decision's faces are {format_cards(mine)}")
        if not 0 <= option.minimum <= option.maximum <= len(mine) or (
            option.maximum == 0 and option.kind not in NAMES_NONE
        ):
            raise Broken("legal-actions", f"{said}: {option.minimum} to {option.maximum} cards")
        if option.kind is ActionKind.SET and option.minimum != rule.hands[0]:
            raise Broken("legal-actions", f"{said}: the first hand holds {rule.hands[0]} cards")

    def _deal(self, pending: PendingDeal) -> None:
        hand = self.live_hand
        if pending.count != len(pending.faces) or pending.count < 1:
            raise Broken("pending-deal", f"{pending} is not a deal")
        truth: list[Card]
        given: list[Card | None]
        if pending.turn:  # a face-down community card dealt unseen: named now, from no stub
            truth = [self._board_turn()]
            given = [truth[0]]
        else:
            if len(self.deck) < pending.count:
                raise Broken("pending-deal", f"{pending} asks for more cards than are left ({len(self.deck)})")
            truth = [self.deck.pop() for _ in range(pending.count)]
            given = [self._given(pending.seat, card, face) for card, face in zip(truth, pending.faces)]
            if pending.seat is None and pending.faces == (Face.DOWN,) and not pending.indicator:
                given = self._board_down(truth[0])
        who = "the board" if pending.seat is None else f"p{pending.seat + 1}"
        label = f"deal {who} {format_cards(given)}"
        self._note(label)
        before = len(hand.events)
        self._engine(label, lambda: hand.deal(pending.seat, given))
        self.figures.deals += 1
        if pending.seat is not None:
            self.unseen[pending.seat].extend(card for card, named in zip(truth, given) if named is None)
            dealt = [e for e in hand.events[before:] if isinstance(e, CardsDealt)]
            if not dealt or list(dealt[0].cards) != given or dealt[0].faces != pending.faces:
                raise Broken("log", f"{label} was recorded as {dealt[0] if dealt else 'nothing'}")

    def _redeal(self) -> None:
        """The deal was voided: the fuzzer, as the dealer outside, gathers every card and
        shuffles its deck again; nothing it dealt unseen is held any more."""
        self.voids_seen = self.ledger.voids
        self.deck = [card for card in DECK if str(card)[0] not in self.variant.removed_ranks]
        self.rng.shuffle(self.deck)
        self.unseen = [[] for _ in self.starting]
        self.board_unseen, self.boards_dealt = [], 0
        self.meant = {}

    def _board_down(self, card: Card) -> list[Card | None]:
        """A community card dealt face down: unseen (``??``) in a history with unseen cards,
        half the time, kept to be named when its street turns it."""
        hand = self.live_hand
        order = [later for turning in hand.rules.boards_down for later in turning]
        later = order[self.boards_dealt]
        self.boards_dealt += 1
        if not self.hidden or self.rng.random() < 0.5:
            return [card]
        self.board_unseen.append((card, later))
        return [None]

    def _board_turn(self) -> Card:
        """The card a face-down community card dealt unseen truly is, as its street turns it
        (the first dealt of those this street turns)."""
        street = self.live_hand.street
        index = next((i for i, (_, later) in enumerate(self.board_unseen) if later == street), None)
        if index is None:
            raise Broken("pending-deal", f"a turn is due on street {street}, but no card was dealt unseen for it")
        return self.board_unseen.pop(index)[0]

    def _given(self, seat: int | None, card: Card, face: Face) -> Card | None:
        if seat not in self.hidden:
            return card
        if face is Face.DOWN or (self.hide_up and self.rng.random() < 0.3):
            return None
        return card

    # ------------------------------------------------------------------ invariants

    def _check(self) -> None:
        hand, ledger = self.live_hand, self.ledger
        ledger.read(hand.events)
        if ledger.voids != self.voids_seen:
            self._redeal()
        for unseen in self.unseen:
            if unseen:  # a card shown or named is known now: it is no longer an unseen place's
                unseen[:] = [card for card in unseen if card not in ledger.where]
        if hand.is_complete != (ledger.ended is not None):
            raise Broken("log", f"complete={hand.is_complete} but the log {'ends' if ledger.ended else 'goes on'}")
        if list(hand.stacks) != ledger.stacks:
            raise Broken("chips", f"stacks {list(hand.stacks)}, the log adds up to {ledger.stacks}")
        pots = [(p.amount, p.eligible) for p in hand.pots()]
        total = sum(hand.stacks) + sum(amount for amount, _ in pots)
        if total != sum(self.starting):
            raise Broken("chips", f"stacks {list(hand.stacks)} and pots {pots} hold {total}, not {sum(self.starting)}")
        expected = ledger.pots() if not hand.is_complete else []
        if pots != expected:
            raise Broken("pots", f"pots {pots}, the log makes {expected}")
        self._check_cards()
        self._check_views()

    def _check_cards(self) -> None:
        hand, ledger = self.live_hand, self.ledger
        deck = hand.deck
        total = len(deck.cards) * ledger.where.copies
        held = sum(len(cards) for cards in ledger.cards) + sum(len(cards) for _, cards in ledger.passing)
        middle = len(ledger.board) + len(ledger.board_down) + len(ledger.indicators)
        slots = held + middle + len(ledger.burns) + ledger.discarded + deck.size
        if slots != total:
            raise Broken("cards", f"{slots} cards are dealt, burned, thrown away or in the stub; the deck has {total}")
        out = [s for s in range(len(ledger.cards)) if ledger.folded[s] or ledger.mucked[s]]
        mucked = Counter(card for card, at in ledger.where.items() if at == "the muck")
        if len(deck.muck) != ledger.discarded + sum(len(ledger.cards[s]) for s in out) or mucked != Counter(
            card for card in deck.muck if card is not None
        ):
            raise Broken("cards", f"the muck holds {format_cards(deck.muck)}; thrown away and folded: {mucked}")
        if deck.drawing:
            stub = deck.stub
            copies = ledger.where.copies
            in_stub = Counter(stub)
            if len(stub) != deck.size or max(in_stub.values(), default=0) > copies:
                raise Broken("cards", f"the stub lists {len(stub)} cards ({len(in_stub)} different), size {deck.size}")
            placed = Counter(card for card, _ in ledger.where.items())
            for card, count in in_stub.items():
                if count + placed[card] > copies:
                    raise Broken("cards", f"{card} is in the stub and at {ledger.where[card]}")
            if len(ledger.where) + len(stub) != total:
                raise Broken("cards", f"{len(ledger.where)} cards in play and {len(stub)} in the stub, not {total}")

    def _viewers(self) -> tuple[int | None, ...]:
        """Whose views to check now: every seat's with ``all_views``; else the next seat in
        rotation, and the spectator's and one more seat's too when the street, a showing or
        the end of the hand is new. A view costs about as much as a step: checking every
        seat's after every step would be most of the run, and each seat's view is still
        checked several times a hand."""
        hand, ledger = self.live_hand, self.ledger
        if self.config.all_views:
            return (None, *range(hand.seats))
        moment = (hand.street, tuple(ledger.shown), hand.is_complete)
        self.rotation += 1
        seats: tuple[int | None, ...] = (self.rotation % hand.seats,)
        if moment != self.moment:
            self.moment = moment
            self.rotation += 1
            seats = (None, *seats, self.rotation % hand.seats)
        return seats

    def _check_views(self, views: Sequence[TableView] | None = None) -> None:
        """Check ``views`` (the spectator's and every seat's; default: those :meth:`_viewers`
        picks) against the log: each seat's own cards, every up card and every tabled card,
        and nothing else."""
        hand, ledger = self.live_hand, self.ledger
        viewers = self._viewers() if views is None else (None, *range(hand.seats))
        if views is None:
            views = [hand.view(viewer) for viewer in viewers]
        if tuple(view.viewer for view in views) != tuple(viewers):
            raise Broken("view", f"the views asked of {viewers} are for {[view.viewer for view in views]}")
        own = [tuple(cards) for cards in ledger.cards]
        faces = [tuple(dealt) for dealt in ledger.faces]
        public = [
            tuple(c if f is Face.UP or i < ledger.shown[s] else None for i, (c, f) in enumerate(zip(own[s], faces[s])))
            for s in range(hand.seats)
        ]
        board = (*ledger.board, *(None for _ in ledger.board_down))
        for view in views:
            viewer = view.viewer
            if len(view.seats) != hand.seats or view.community != board:
                raise Broken("view", f"view({viewer}) has {len(view.seats)} seats and the board {view.community}")
            for s, seat_view in enumerate(view.seats):
                want = own[s] if s == viewer and not self.variant.no_peek else public[s]
                if seat_view.seat != s or seat_view.cards != want or seat_view.faces != faces[s]:
                    self._check_seat_view(viewer, s, seat_view.cards, seat_view.faces)
                    raise Broken("view", f"view({viewer}) of p{s + 1}: {seat_view}")
                if seat_view.stack != ledger.stacks[s] or seat_view.folded != (ledger.folded[s] or ledger.mucked[s]):
                    raise Broken(
                        "view", f"view({viewer}) of p{s + 1}: stack {seat_view.stack}, folded {seat_view.folded}"
                    )
            for seat, declared in enumerate(view.declarations):
                if declared is not None and seat != viewer and declared != ledger.declared.get(seat):
                    raise Broken("view-leak", f"p{(viewer or 0) + 1}'s view shows p{seat + 1}'s declaration {declared}")

    def _check_seat_view(
        self, viewer: int | None, seat: int, cards: Sequence[Card | None], faces: Sequence[Face]
    ) -> None:
        ledger = self.ledger
        held, dealt = ledger.cards[seat], ledger.faces[seat]
        who = "a spectator" if viewer is None else f"p{viewer + 1}"
        if list(faces) != dealt or len(cards) != len(held):
            raise Broken(
                "view", f"{who} sees p{seat + 1} with {format_cards(cards)} {faces}; dealt {format_cards(held)}"
            )
        for index, (card, truth, face) in enumerate(zip(cards, held, dealt)):
            own = seat == viewer and not self.variant.no_peek  # a blind player sees none of its own
            visible = own or index < ledger.shown[seat] or face is Face.UP
            expected = truth if visible else None
            if card == expected:
                continue
            if not visible:
                raise Broken(
                    "view-leak", f"{who} sees p{seat + 1}'s down card {card} (card {index + 1}) before it is shown"
                )
            raise Broken("view", f"{who} sees p{seat + 1}'s card {index + 1} as {card}, it is {truth}")

    # ------------------------------------------------------------------ the end

    def _finish(self) -> None:
        hand, ledger = self.live_hand, self.ledger
        result = hand.result
        if result is None or not isinstance(hand.events[-1], HandEnded):
            raise Broken("result", "the hand is over without a result or a final HandEnded event")
        net = tuple(s - t for s, t in zip(hand.stacks, self.starting))
        if result.stacks != tuple(hand.stacks) or result.net != net or sum(result.net) != 0:
            raise Broken("result", f"result stacks {result.stacks} net {result.net}; stacks {hand.stacks}")
        if list(result.awards) != ledger.awards:
            raise Broken("result", "the result's awards are not the log's")
        self._check_awards()
        if self.rng.random() < self.config.refusal_rate * 3:
            self._refuse()

    def _check_awards(self) -> None:
        ledger = self.ledger
        assert ledger.settled is not None
        by_pot: dict[int, list[PotAwarded]] = {}
        for award in ledger.awards:
            by_pot.setdefault(award.pot, []).append(award)
        for index, (amount, eligible) in enumerate(ledger.settled):
            got = by_pot.pop(index, [])
            paid = sum(a for award in got for _, a in award.amounts)
            if paid != amount:
                raise Broken("award", f"pot {index} held {amount} and paid out {paid}: {got}")
            self._check_pot(index, amount, eligible, got)
        if by_pot:
            raise Broken("award", f"awards for pots that do not exist: {by_pot}")

    def _claimants(self, eligible: tuple[int, ...]) -> list[int]:
        """Who may still win a pot: its one eligible seat; else those that did not muck; if
        all of them mucked, the last to muck (nobody else could claim it)."""
        if len(eligible) == 1:
            return list(eligible)
        found = [s for s in eligible if not self.ledger.mucked[s]]
        return found or [s for s in self.ledger.muck_order if s in eligible][-1:]

    def _check_pot(self, index: int, amount: int, eligible: tuple[int, ...], got: list[PotAwarded]) -> None:
        claim = self._claimants(eligible)
        if len(claim) == 1:
            if [(a.share, a.amounts) for a in got] != [("uncontested", ((claim[0], amount),))]:
                raise Broken("award", f"pot {index} ({amount}) belongs to p{claim[0] + 1} alone, awarded {got}")
            self.figures.uncontested_pots_checked += 1
            return
        if not claim:
            raise Broken("award", f"pot {index} ({amount}) has nobody to win it: {eligible}")
        oracles, held = self._oracles(claim)
        if isinstance(oracles, str):
            self.figures.showdown_pots_skipped += 1
            self.figures.skipped[oracles] += 1
            return
        winners = share_winners(oracles, claim, held, self.ledger.declared)
        if not any(winners) and self.variant.nobody_qualifies is not None:
            check_even_split(index, amount, claim, got)
        else:
            check_split(index, amount, oracles, winners, got)
        self.figures.showdown_pots_checked += 1

    def _oracles(self, claim: Sequence[int]) -> tuple[list[ShareOracle] | str, dict[int, Holding]]:
        ledger, variant = self.ledger, self.variant
        if variant.deck != "standard-52" or variant.wild.per_player != "none":
            return f"the {variant.deck} deck, per-player wild cards {variant.wild.per_player}", {}
        if variant.removed_ranks:  # its straights skip the removed ranks: tools/stripped_brute_force.py checks them
            return "a stripped deck (deck.removed_ranks)", {}
        if any(card is None for card in ledger.board) or any(None in ledger.cards[s] for s in claim):
            return "a claimant's cards are not all known", {}
        wild = self._wild_ranks()
        if isinstance(wild, str):
            return wild, {}
        board = tuple(natures(c for c in ledger.board if c is not None))
        held = {
            s: Holding(tuple(natures(c for c in ledger.cards[s] if c is not None)), tuple(ledger.faces[s]), board)
            for s in claim
        }
        if any(share.set_hand is not None for share in variant.shares):
            held = {s: replace(h, sets=self._sets(s, h)) for s, h in held.items()}
            return set_share_oracles(
                variant, wild, {len(part) + len(board) for h in held.values() for part in h.sets}
            ), held
        short = any(len(h.playing) < 5 for h in held.values())
        if short and (wild or any(share.qualifier is not None for share in variant.shares)):
            return "a qualifier or wild cards on a hand of fewer than five cards", {}
        return share_oracles(variant, wild), held

    def _sets(self, seat: int, holding: Holding) -> tuple[tuple[Nature, ...], ...]:
        """The two hands the seat set: the cards it named first, the rest second (all its
        cards, for each, if it set none)."""
        first = self.ledger.sets.get(seat)
        if first is None:
            return (holding.own, holding.own)
        rest = tuple(card for p, card in enumerate(holding.own) if p not in first)
        return (tuple(holding.own[p] for p in first), rest)

    def _showing_oracle(self) -> Callable[[Sequence[Card], Sequence[Card]], Key] | None:
        """What a hand showing is worth, larger better, by the book's one share (``None``: not
        a book whose turns this module reads: a wild card or more than one share)."""
        variant, wild = self.variant, self.variant.wild
        wild_any = any(
            (
                wild.ranks,
                wild.cards,
                wild.follow != "none",
                wild.follows,
                wild.moves,
                wild.per_player != "none",
                "joker" in variant.deck,
                any(street.indicator == "wild-rank" for street in variant.streets),
            )
        )
        if not self.ledger.rolling or wild_any:  # this oracle reads natural hands only
            return None
        oracles = share_oracles(variant, frozenset())
        if isinstance(oracles, str) or len(oracles) != 1:
            return None
        oracle = oracles[0]

        def worth(up: Sequence[Card], board: Sequence[Card]) -> Key:
            key = oracle.score(Holding(tuple(natures(up)), (Face.UP,) * len(up), tuple(natures(board))))
            assert key is not None
            return key if oracle.larger_wins else tuple(-part for part in key)

        return worth

    def _wild_ranks(self) -> Wilds | str:
        wild = self.variant.wild
        ranks: set[int | Nature] = {RANK_LETTERS.index(letter) + 2 for letter in wild.ranks}
        ranks.update((RANK_LETTERS.index(text[0]) + 2, text[1]) for text in wild.cards)
        if any(street.indicator == "wild-rank" for street in self.variant.streets):
            if None in self.ledger.wild_indicated:
                return "an indicator card was dealt unseen"
            ranks.update(NATURE[card][0] for card in self.ledger.wild_indicated if card is not None)
        if self.ledger.barred and ranks:
            return "wild cards barred from a rank (an indicator's)"
        trigger = QUEEN if wild.follow == "follow-the-queen" else None
        if wild.follows is not None:
            trigger = RANK_LETTERS.index(wild.follows) + 2
        if trigger is not None:
            ranks.add(trigger)
            if None in self.ledger.up_order:
                return "an up card was dealt unseen (the rank to follow)"
            followed, waiting = None, False
            for card in self.ledger.up_order:
                assert card is not None
                rank = NATURE[card][0]
                if rank == trigger:
                    followed, waiting = None, True
                elif waiting:
                    followed, waiting = rank, False
            if followed is not None:
                ranks.add(followed)
        elif wild.follow != "none":
            return f"wild.follow {wild.follow}"
        return self._changed(ranks)

    def _changed(self, ranks: set[int | Nature]) -> Wilds | str:
        """The wild cards after the up cards moved or cancelled them, and without the cards
        their holders would not pay for (each of the rank's other cards wild alone)."""
        wild = self.variant.wild
        if (wild.moves is not None or wild.cancelled_by is not None) and None in self.ledger.up_order:
            return "an up card was dealt unseen (a wild rank that moves or is cancelled)"
        up = [NATURE[card] for card in self.ledger.up_order if card is not None]
        if wild.moves is not None:
            climbed = None
            for rank, _ in up:
                if (climbed is None and rank == RANK_LETTERS.index(wild.moves) + 2) or (
                    climbed is not None and rank == climbed + 1
                ):
                    climbed = rank
            if climbed is not None:
                ranks.add(climbed)
        cancel = wild.cancelled_by
        if cancel is not None:
            counted = {RANK_LETTERS.index(letter) + 2 for letter in cancel.ranks}
            named = {(RANK_LETTERS.index(text[0]) + 2, text[1]) for text in cancel.cards}
            if sum(1 for nature in up if nature[0] in counted or nature in named) >= cancel.up:
                return frozenset()
        if None in self.ledger.unwild:
            return "a card declined as wild was dealt unseen"
        plain = {NATURE[card] for card in self.ledger.unwild if card is not None}
        for rank in {nature[0] for nature in plain} & ranks:
            ranks.discard(rank)
            ranks.update((rank, suit) for suit in "cdhs" if (rank, suit) not in plain)
        return frozenset(ranks)

    # ------------------------------------------------------------------ refusals

    def _refuse(self) -> None:
        tries: list[Callable[[], tuple[str, Callable[[], None]] | None]] = [
            self._wrong_seat,
            self._wrong_kind,
            self._bad_amount,
            self._bad_show,
            self._bad_deal,
            self._nobody,
            self._garbage,
            self._bad_choice,
        ]
        self.rng.shuffle(tries)
        if decision_rule(self.live_hand) is not None and self.rng.random() < 0.5:
            tries.insert(0, self._bad_choice)  # most of what a decision can get wrong
        for attempt in tries:
            request = attempt()
            if request is not None:
                self.figures.refusal_kinds[attempt.__name__.strip("_").replace("_", " ")] += 1
                self._expect_refusal(*request)
                return

    def _expect_refusal(self, label: str, request: Callable[[], None]) -> None:
        hand = self.live_hand
        self.figures.refusals += 1
        self._note(f"(refused) {label}")
        before = snapshot(hand)
        self._check_views(before[VIEWS])  # every seat's view, computed for the snapshot anyway
        try:
            request()
        except StudspecError:
            pass
        except Exception as error:
            raise Broken("crash", f"{label} raised {type(error).__name__}: {error}{_where(error)}") from None
        else:
            raise Broken("refusal-accepted", f"{label} should have been refused and was accepted")
        parts = changed(before, snapshot(hand))
        if parts:
            raise Broken("refusal-changed-state", f"the refused {label} changed: {', '.join(parts)}")

    def _random_action(self) -> Intent:
        rng = self.rng
        amount = rng.choice((0, 1, -1, self.stakes.big_bet, rng.randint(0, 3 * max(self.starting)), 10**12))
        return rng.choice(
            (
                Intent(ActionKind.FOLD),
                Intent(ActionKind.CHECK_CALL),
                Intent(ActionKind.BRING_IN),
                Intent(ActionKind.COMPLETE_BET_RAISE, amount),
                Intent(ActionKind.PAY, rng.choice((None, amount))),
                Intent(ActionKind.DECLINE),
                Intent(ActionKind.DECLARE, declaration=rng.choice(SOME_DECLARATIONS)),
                Intent(rng.choice(sorted(CARD_DECISIONS)), cards=tuple(rng.sample(DECK, rng.randint(0, 2)))),
            )
        )

    def _wrong_seat(self) -> tuple[str, Callable[[], None]] | None:
        hand = self.live_hand
        idle = [s for s in range(hand.seats) if not hand.legal_actions(s)] + [-1, hand.seats, 99]
        seat, intent = self.rng.choice(idle), self._random_action()
        return f"p{seat + 1} {intent} (not p{seat + 1}'s turn)", lambda: hand.act(intent.make(), seat=seat)

    def _movers(self) -> list[int]:
        hand = self.live_hand
        return [s for s in range(hand.seats) if hand.legal_actions(s)]

    def _wrong_kind(self) -> tuple[str, Callable[[], None]] | None:
        hand, movers = self.live_hand, self._movers()
        if not movers:
            return None
        seat = self.rng.choice(movers)
        options = hand.legal_actions(seat)
        wrong = [a for a in (self._random_action() for _ in range(5)) if not allowed(options, a)]
        if not wrong:
            return None
        intent = wrong[0]
        return f"p{seat + 1} {intent} (offered {', '.join(map(str, options))})", lambda: hand.act(intent.make(), seat)

    def _bad_amount(self) -> tuple[str, Callable[[], None]] | None:
        hand, movers = self.live_hand, self._movers()
        if not movers:
            return None
        seat = self.rng.choice(movers)
        options = hand.legal_actions(seat)
        priced = [o for o in options if o.kind in (ActionKind.COMPLETE_BET_RAISE, ActionKind.PAY)]
        if not priced:
            return None
        option = self.rng.choice(priced)
        low = option.minimum if option.minimum is not None else option.cost
        high = option.maximum if option.maximum is not None else option.cost
        amounts = [low - 1, high + 1, 0, -1, -low, 10**12, low + (high - low) // 2 + 1, self.rng.randint(0, high * 2)]
        kind = option.kind
        candidates = [Intent(kind, a) for a in amounts if not allowed(options, Intent(kind, a))]
        if not candidates:
            return None
        intent = self.rng.choice(candidates)
        return f"p{seat + 1} {intent} (offered {', '.join(map(str, options))})", lambda: hand.act(intent.make(), seat)

    def _bad_show(self) -> tuple[str, Callable[[], None]] | None:
        hand, rng = self.live_hand, self.rng
        seat = rng.randrange(hand.seats)
        held = self._truth(seat)
        if rng.random() < 0.3 or not held:
            if any(o.kind is ActionKind.SHOW_MUCK for o in hand.legal_actions(seat)):
                return None
            return f"p{seat + 1} sm (a muck out of turn)", lambda: hand.act(MUCK, seat)
        cards: list[Card | None] = list(held)
        how = rng.randrange(4)
        if how == 0:
            cards.append(rng.choice(DECK))
        elif how == 1:
            cards.pop()
        elif how == 2:
            cards[rng.randrange(len(cards))] = None
        else:
            index = rng.randrange(len(cards))
            others = (
                [c for c in self.ledger.where if c != held[index] and self.ledger.where.full(c)]
                if self.ledger.cards[seat][index] is None
                else []
            )
            if self.ledger.cards[seat][index] is None and not others:
                return None  # any unseen card may stand there: nothing certain to refuse
            cards[index] = rng.choice(others or [c for c in DECK if c != held[index]])
        action = show(tuple(cards))
        return f"p{seat + 1} {action} (holding {format_cards(held)})", lambda: hand.act(action, seat)

    def _bad_deal(self) -> tuple[str, Callable[[], None]] | None:
        hand, rng = self.live_hand, self.rng
        pending = hand.pending_deal()
        fresh = list(reversed(self.deck[-4:]))
        if pending is None:
            seat: int | None = rng.choice([None, *range(hand.seats)])
            cards: list[Card | None] = list(fresh[: rng.randint(1, 3)])
            why = "no deal is due"
        else:
            seat, cards = pending.seat, list(fresh[: pending.count])
            seat, cards, why = self._spoil(pending, seat, cards, fresh)
        who = "the board" if seat is None else f"p{seat + 1}"
        return f"deal {who} {format_cards(cards)} ({why})", lambda: hand.deal(seat, cards)

    def _spoil(
        self, pending: PendingDeal, seat: int | None, cards: list[Card | None], fresh: list[Card]
    ) -> tuple[int | None, list[Card | None], str]:
        """Make a due deal wrong in one way."""
        rng, hand = self.rng, self.live_hand
        known = [card for card in self.ledger.where if self.ledger.where.full(card)]  # every copy in play
        how = rng.randrange(5)
        others = [s for s in (None, *range(hand.seats), -1, 99) if s != seat]
        if how == 0:
            return rng.choice(others), cards, "out of turn"
        if how == 1:
            # The board may be dealt in parts (a card a line, as the protocol deals it): only none
            # or too many is wrong there (docs/rules.md V15).
            wrong = (0, pending.count + 1) if seat is None else (0, pending.count - 1, pending.count + 1)
            count = rng.choice([n for n in wrong if n != pending.count])
            return seat, list(fresh[:count]) if count <= len(fresh) else cards + cards, "the wrong number of cards"
        if how == 2 and known:
            cards[rng.randrange(len(cards))] = rng.choice(known)
            return seat, cards, "a card already in play"
        copies = self.variant.copies
        if how == 3 and len(cards) > copies:
            cards[1 : copies + 1] = [cards[0]] * copies
            return seat, cards, "a card twice" if copies == 1 else "a card more often than the double deck holds it"
        removed = self.variant.removed_ranks
        stranger = parse_card(removed[0] + "c") if removed else OUTSIDE_DECK.get(self.variant.deck)
        if stranger is None:
            return rng.choice(others), cards, "out of turn"
        cards[rng.randrange(len(cards))] = stranger
        return seat, cards, "a card this deck does not hold"

    def _nobody(self) -> tuple[str, Callable[[], None]] | None:
        hand = self.live_hand
        if hand.actor is not None:
            return None
        intent = self._random_action() if self.rng.random() < 0.7 else Intent(ActionKind.SHOW_MUCK)
        return f"{intent} (nobody is to act)", lambda: hand.act(intent.make())

    def _garbage(self) -> tuple[str, Callable[[], None]] | None:
        if self.rng.random() < 0.7:
            return None
        text = self.rng.choice(GARBAGE)

        def parse() -> None:
            parse_action(text)

        return f"parse_action({text!r})", parse

    # -- decisions about cards

    def _bad_choice(self) -> tuple[str, Callable[[], None]] | None:
        """A decision about cards that must be refused: a card the seat does not hold, of a
        face the decision does not name, or named twice; too many or too few; by a seat not
        due (later in turn, folded, or one that already chose); two hands that break the
        book's rules; a priced card for a seat all-in."""
        hand, rule = self.live_hand, decision_rule(self.live_hand)
        if rule is None:
            return None
        spoilers = [self._not_held, self._wrong_face, self._twice, self._miscounted, self._not_due, self._bad_setting]
        self.rng.shuffle(spoilers)
        if rule.hands and self.rng.random() < 0.5:
            spoilers.insert(0, self._bad_setting)
        made = next((found for found in (spoil(rule) for spoil in spoilers) if found is not None), None)
        if made is None:
            return None
        seat, intent, why = made
        self.figures.refusal_kinds[f"bad choice: {why}"] += 1
        return f"p{seat + 1} {intent} ({why})", lambda: hand.act(intent.make(), seat)

    def _due(self) -> tuple[int, LegalAction] | None:
        """A seat due to decide and its decision about cards."""
        hand = self.live_hand
        offers = [(s, o) for s in self._movers() for o in hand.legal_actions(s) if o.kind in CARD_DECISIONS]
        return self.rng.choice(offers) if offers else None

    def _legal_names(self, seat: int, rule: DecisionRule, option: LegalAction) -> list[Card | None]:
        """Names of a number of the seat's eligible cards the decision allows (not checked
        against the two hands' rules)."""
        assert option.minimum is not None and option.maximum is not None
        known, unseen = self._slots(seat, rule)
        least = option.minimum if option.kind in NAMES_NONE else max(option.minimum, 1)
        return list(self._names(seat, option.kind, self._places(known, unseen, least))[0])

    def _spoiled(
        self, rule: DecisionRule, why: str, stranger: Callable[[int], list[Card]]
    ) -> tuple[int, Intent, str] | None:
        """A legal choice with one name replaced by (or, if it names none, added) a card of
        ``stranger(seat)``, the cards that make it wrong."""
        due = self._due()
        if due is None:
            return None
        seat, option = due
        wrong = stranger(seat)
        if not wrong:
            return None
        names = self._legal_names(seat, rule, option)
        card = self.rng.choice(wrong)
        if names:
            names[self.rng.randrange(len(names))] = card
        else:
            names.append(card)
        return seat, Intent(option.kind, cards=tuple(names)), why

    def _not_held(self, rule: DecisionRule) -> tuple[int, Intent, str] | None:
        """A card known to be elsewhere: another seat's, the board's, a burn, the muck."""
        where = self.ledger.where
        return self._spoiled(
            rule,
            "not held",
            lambda seat: [c for c, at in where.items() if at != f"p{seat + 1}" and c not in self.ledger.cards[seat]],
        )

    def _wrong_face(self, rule: DecisionRule) -> tuple[int, Intent, str] | None:
        """A card of the seat's of a face the decision does not name (turning up an up card)."""
        if len(rule.faces) > 1:
            return None
        ledger = self.ledger

        def other_face(seat: int) -> list[Card]:
            held = zip(ledger.cards[seat], ledger.faces[seat])
            return [card for card, face in held if card is not None and face not in rule.faces]

        return self._spoiled(rule, "wrong face", other_face)

    def _twice(self, rule: DecisionRule) -> tuple[int, Intent, str] | None:
        due = self._due()
        if due is None:
            return None
        seat, option = due
        names = self._legal_names(seat, rule, option)
        known = [card for card in names if card is not None]
        if not known:
            return None
        names[self.rng.randrange(len(names))] = known[0]
        if names.count(known[0]) < 2:
            names.append(known[0])
        return seat, Intent(option.kind, cards=tuple(names)), "a card named twice"

    def _miscounted(self, rule: DecisionRule) -> tuple[int, Intent, str] | None:
        """One card more than the most, or one fewer than the least, of the seat's own."""
        due = self._due()
        if due is None:
            return None
        seat, option = due
        assert option.minimum is not None and option.maximum is not None
        known, unseen = self._slots(seat, rule)
        counts = [n for n in (option.minimum - 1, option.maximum + 1) if 0 <= n <= len(known) + len(unseen)]
        if option.kind is ActionKind.BUY:
            counts = [n for n in counts if n > 0]  # a buy of nothing is a decline
        if not counts:
            return None
        count = self.rng.choice(counts)
        names, _ = self._names(seat, option.kind, self._places(known, unseen, count))
        return seat, Intent(option.kind, cards=names), "too few cards" if count < option.minimum else "too many cards"

    def _not_due(self, rule: DecisionRule) -> tuple[int, Intent, str] | None:
        """A seat not due names cards of its own: one later in turn, one that already chose,
        one folded, or one all-in where each card has a price."""
        hand, ledger = self.live_hand, self.ledger
        idle = [s for s in range(hand.seats) if not hand.legal_actions(s) and ledger.cards[s]]
        if not idle:
            return None
        seat = self.rng.choice(idle)
        kind = WRITTEN[rule.kind]
        faces = zip(ledger.cards[seat], ledger.faces[seat])
        mine = [card for card, face in faces if card is not None and face in rule.faces]
        count = min(len(mine), rule.hands[0] if rule.hands else 1)
        if count == 0 and kind not in NAMES_NONE:
            return None
        folded = ledger.folded[seat] or ledger.mucked[seat]
        why = "folded" if folded else "all-in, a priced card" if ledger.stacks[seat] == 0 else "not due"
        return seat, Intent(kind, cards=tuple(self.rng.sample(mine, count))), why

    def _bad_setting(self, rule: DecisionRule) -> tuple[int, Intent, str] | None:
        """Two hands, every card known, that break the book's rules for them."""
        due = self._due()
        if due is None or not rule.hands or not self._judged_setting():
            return None
        seat = due[0]
        held = self.ledger.cards[seat]
        everything = [(card, face) for card, face in zip(held, self.ledger.faces[seat]) if card is not None]
        if len(everything) < len(held):
            return None
        bad = []
        for first in combinations(range(len(held)), rule.hands[0]):
            second = [everything[p] for p in range(len(held)) if p not in first]
            if setting_breaks(rule, [everything[p] for p in first], second):
                bad.append(first)
        if not bad or len(bad) == comb(len(held), rule.hands[0]):
            return None  # every setting keeps the rules, or none does and they are waived
        first = self.rng.choice(bad)
        return seat, Intent(ActionKind.SET, cards=tuple(held[p] for p in first)), "a setting the rules refuse"

    def _probe(self) -> None:
        """A request the API may grant or refuse (tabling a live hand before the showdown): a
        refusal must change nothing, and a grant is checked like any step."""
        hand = self.live_hand
        live = [s for s in self.ledger.live() if self.ledger.shown[s] < len(self.ledger.cards[s])]
        if not live or hand.is_complete:
            return
        seat = self.rng.choice(live)
        action = show(tuple(self._truth(seat)))
        self.figures.probes += 1
        before = snapshot(hand)
        try:
            hand.act(action, seat)
        except StudspecError:
            parts = changed(before, snapshot(hand))
            if parts:
                raise Broken(
                    "refusal-changed-state", f"the refused p{seat + 1} {action} changed {', '.join(parts)}"
                ) from None
            return
        except Exception as error:
            raise Broken(
                "crash", f"p{seat + 1} {action} raised {type(error).__name__}: {error}{_where(error)}"
            ) from None
        self.figures.probes_granted += 1
        self._note(f"p{seat + 1} {action} (tabled)")
        self._check()


def check_even_split(index: int, amount: int, claim: Sequence[int], got: list[PotAwarded]) -> None:
    """A pot nobody qualified for any share of goes to every claimant alike, within one chip
    (``pots.nobody_qualifies: split-evenly``; docs/rules.md S9)."""
    paid = dict(got[0].amounts) if len(got) == 1 and got[0].share == NOBODY_QUALIFIED else {}
    base = amount // len(claim)
    if sorted(paid) != sorted(claim) or not all(value in (base, base + 1) for value in paid.values()):
        raise Broken("award", f"pot {index} ({amount}): nobody qualified, so every hand in it takes an even "
                     f"part; awarded {got}")  # fmt: skip


def check_split(
    index: int, amount: int, oracles: Sequence[ShareOracle], winners: list[list[int]], got: list[PotAwarded]
) -> None:
    """Compare one contested pot's awards with the shares' winners: who is paid from each
    share, how much each share holds, and that tied winners split within one chip."""
    names = [o.name for o in oracles]
    shares = [f"{name}#{i}" for i, name in enumerate(names)]  # two shares may read one ranking (Studaha)
    awarded: dict[str, dict[int, int]] = {}
    position = 0
    for award in got:  # the awards come in the shares' order, a share nobody won left out
        found = next((i for i in range(position, len(names)) if names[i] == award.share), None)
        if found is None:
            raise Broken("award", f"pot {index}: unexpected or repeated share {award.share!r} in {got}")
        awarded[shares[found]] = dict(award.amounts)
        position = found + 1
    said = "; ".join(f"{o.name}: {', '.join(f'p{s + 1}' for s in w) or 'nobody'}" for o, w in zip(oracles, winners))
    won_shares = [i for i, w in enumerate(winners) if w]
    first = sorted(winners[won_shares[0]]) if won_shares else []
    if len(won_shares) > 1 and len(first) > 1 and all(sorted(winners[i]) == first for i in won_shares):
        # identical hands win every share somebody won: they split the whole pot evenly (WSOP-L 149)
        totals = Counter[int]()
        if set(awarded) != {shares[i] for i in won_shares}:
            raise Broken("award", f"pot {index} ({amount}): expected {said}; awarded {got}")
        for share in (shares[i] for i in won_shares):
            if sorted(awarded.get(share, {})) != first:
                raise Broken("award", f"pot {index} ({amount}): expected {said}; awarded {got}")
            totals.update(awarded[share])
        if max(totals.values()) - min(totals.values()) > 1:
            raise Broken("award", f"pot {index} ({amount}): tied {said}, but split {dict(totals)}")
        return
    split = portions(amount, oracles)
    won = [i for i, w in enumerate(winners) if w]
    if not won:
        raise Broken("award", f"pot {index} ({amount}): no share has a winner by this oracle; awarded {got}")
    for i, w in enumerate(winners):
        if not w:
            split[won[0]] += split[i]
            split[i] = 0
    expected = {shares[i] for i in won if split[i] > 0}
    if set(awarded) != expected:
        raise Broken("award", f"pot {index} ({amount}): expected {said}; awarded {got}")
    for i in won:
        if split[i] == 0:
            continue
        paid = awarded[shares[i]]
        base = split[i] // len(winners[i])
        fair = sum(paid.values()) == split[i] and all(v in (base, base + 1) for v in paid.values())
        if sorted(paid) != winners[i] or not fair:
            raise Broken(
                "award", f"pot {index} ({amount}): expected {said} ({split[i]} to {oracles[i].name}); awarded {got}"
            )


# ------------------------------------------------------------------------------ running


def fuzz_hand(config: FuzzConfig, number: int) -> Outcome:
    """Play and check hand ``number`` of ``config.seed``."""
    return HandFuzzer(config, number).run()


def _run_chunk(job: tuple[FuzzConfig, int, int]) -> Figures:
    config, first, count = job
    figures = Figures()
    for number in range(first, first + count):
        outcome = fuzz_hand(config, number)
        figures.merge(outcome.figures)
        if outcome.finding is not None:
            figures.findings.append(outcome.finding)
            if config.stop_after is not None and len(figures.findings) >= config.stop_after:
                break
    return figures


def _chunks(config: FuzzConfig) -> Iterator[tuple[FuzzConfig, int, int]]:
    end = config.start + config.hands
    for first in range(config.start, end, config.chunk):
        yield config, first, min(config.chunk, end - first)


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops the pool
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the pool stops its workers with SIGTERM


def _stop(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def catch_stops() -> None:
    """Ctrl-C (even when the shell started the run with SIGINT ignored) and SIGTERM stop the
    run cleanly: what was done is reported."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _stop)


def run(config: FuzzConfig, progress: Callable[[Figures], None] | None = None) -> Figures:
    """Fuzz ``config.hands`` hands from ``config.start``; Ctrl-C stops and returns what was done."""
    total = Figures()
    started = time.perf_counter()
    try:
        if config.workers <= 1:
            for job in _chunks(config):
                _absorb(total, _run_chunk(job), progress)
                if _enough(config, total):
                    break
        else:
            with multiprocessing.Pool(config.workers, initializer=_quiet_worker) as pool:
                for figures in pool.imap_unordered(_run_chunk, _chunks(config)):
                    _absorb(total, figures, progress)
                    if _enough(config, total):
                        break
    except KeyboardInterrupt:
        total.interrupted = True
    total.seconds = time.perf_counter() - started
    return total


def _absorb(total: Figures, figures: Figures, progress: Callable[[Figures], None] | None) -> None:
    total.merge(figures)
    if progress is not None:
        progress(total)


def _enough(config: FuzzConfig, total: Figures) -> bool:
    return config.stop_after is not None and len(total.findings) >= config.stop_after


class Progress:
    """Prints hands done, findings and the rate to stderr, at most every few seconds."""

    def __init__(self, hands: int, every: float = 5.0) -> None:
        self.hands, self.every = hands, every
        self.started = self.last = time.perf_counter()

    def __call__(self, figures: Figures) -> None:
        now = time.perf_counter()
        if now - self.last < self.every and figures.hands < self.hands:
            return
        self.last = now
        rate = figures.hands / max(now - self.started, 1e-9)
        left = (self.hands - figures.hands) / rate if rate else 0.0
        print(
            f"{figures.hands}/{self.hands} hands, {len(figures.findings)} findings, {rate:.0f} hands/s, "
            f"about {left:.0f} s left",
            file=sys.stderr,
        )


def summary(config: FuzzConfig, figures: Figures) -> str:
    rate = figures.hands / figures.seconds if figures.seconds > 0 else 0.0
    skipped = ", ".join(f"{n} {why}" for why, n in figures.skipped.most_common()) or "none"
    stopped = " (interrupted)" if figures.interrupted else ""
    return (
        f"studspec fuzz{stopped}: seed {config.seed}, {figures.hands} hands, {figures.actions} actions "
        f"({figures.decisions} decisions about cards), "
        f"{figures.deals} deals, {figures.refusals} refusals tried, {figures.probes} probes, "
        f"{len(figures.findings)} findings; showdown pots checked {figures.showdown_pots_checked} "
        f"(uncontested {figures.uncontested_pots_checked}), skipped {figures.showdown_pots_skipped} ({skipped}); "
        f"{figures.seconds:.1f} s, {rate:.0f} hands/s with {config.workers} worker(s)"
    )


def report(config: FuzzConfig, figures: Figures, shown: int = 20) -> dict[str, Any]:
    rate = figures.hands / figures.seconds if figures.seconds > 0 else 0.0
    return {
        "seed": config.seed,
        "start": config.start,
        "workers": config.workers,
        "seconds": round(figures.seconds, 3),
        "hands_per_second": round(rate, 1),
        "interrupted": figures.interrupted,
        **figures.counts(),
        "finding_list": [f.as_dict() for f in figures.findings[:shown]],
    }


def print_finding(config: FuzzConfig, finding: Finding, out: Any) -> None:
    print(f"FINDING [{finding.kind}] {finding.book}, seed {finding.seed}, hand {finding.hand}", file=out)
    print(f"  {finding.message}", file=out)
    print(f"  table: {finding.setup}", file=out)
    print(f"  reproduce: {finding.reproduce}", file=out)
    for line in finding.trace[-25:]:
        print(f"    | {line}", file=out)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Random-play fuzzer for studspec's rule books.")
    parser.add_argument("--hands", type=int, default=1000, help="how many hands (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    parser.add_argument(
        "--start", type=int, default=0, help="the number of the first hand (replay one: --start N --hands 1)"
    )
    parser.add_argument(
        "--books",
        nargs="+",
        default=[],
        metavar="BOOK",
        help="books to draw from: built-in names, rule-book files or glob patterns, comma- or space-separated "
        f"(default: every built-in book and {FAMILY})",
    )
    parser.add_argument(
        "--decisions", action="store_true", help="only the books (of --books or the default) that ask decisions"
    )
    parser.add_argument(
        "--skip", default="", metavar="BOOKS", help="comma-separated books to leave out (names, paths or file stems)"
    )
    parser.add_argument("--refusal-rate", type=float, default=FuzzConfig.refusal_rate)
    parser.add_argument("--probe-rate", type=float, default=FuzzConfig.probe_rate)
    parser.add_argument(
        "--unseen-rate",
        type=float,
        default=FuzzConfig.unseen_rate,
        help="share of hands dealt from outside with unseen down cards",
    )
    parser.add_argument("--all-views", action="store_true", help="check every seat's view after every step (slower)")
    parser.add_argument("--chunk", type=int, default=FuzzConfig.chunk, help="hands per job handed to a worker")
    parser.add_argument("--stop-after", type=int, default=None, help="stop after this many findings")
    parser.add_argument("--verbose", action="store_true", help="print each finding's hand step by step")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr every few seconds")
    parser.add_argument("--show", type=int, default=20, help="print at most this many findings (default 20)")
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        default=None,
        metavar="PATH",
        help="write the figures as JSON (to stdout without PATH)",
    )
    return parser


def parse_args(argv: Sequence[str] | None) -> tuple[FuzzConfig, argparse.Namespace]:
    parser = _parser()
    args = parser.parse_args(argv)
    found, unknown = expand_books(args.books)
    if unknown:
        parser.error(f"no book or file {', '.join(unknown)}; built-in: {', '.join(builtin_names())}")
    books = tuple(found)
    if not [book for book in book_list(books, args.decisions) if not skipped(book, args.skip.split(","))]:
        parser.error("no book left to fuzz (--books, --decisions, --skip)")
    config = FuzzConfig(
        seed=args.seed,
        hands=args.hands,
        start=args.start,
        workers=max(1, args.workers),
        books=books,
        refusal_rate=args.refusal_rate,
        unseen_rate=args.unseen_rate,
        probe_rate=args.probe_rate,
        all_views=args.all_views,
        chunk=max(1, args.chunk),
        stop_after=args.stop_after,
        trace=args.verbose,
        decisions=args.decisions,
        skip=tuple(name for name in args.skip.split(",") if name),
    )
    return config, args


def main(argv: Sequence[str] | None = None) -> int:
    config, args = parse_args(argv)
    catch_stops()
    figures = run(config, Progress(config.hands) if args.progress else None)
    for finding in figures.findings[: args.show]:
        print_finding(config, finding, sys.stdout)
    if len(figures.findings) > args.show:
        print(f"... and {len(figures.findings) - args.show} more findings", file=sys.stdout)
    print(summary(config, figures), file=sys.stdout)
    if args.json is not None:
        text = json.dumps(report(config, figures, args.show), indent=2)
        if args.json == "-":
            print(text)
        else:
            write_atomically(args.json, text + "\n")  # a long run's report, whole or not at all
    if figures.findings:
        return 1
    return 130 if figures.interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
