"""Semantic checks of a stripped deck (``deck.removed_ranks``): no rule of the book may name a
card the deck does not hold.

A rank taken out of the deck can never be dealt, so a wild rank, a single wild card, a rank
to follow or to climb from, a card that cancels the wild cards or a dealt-card rule naming it
would be a rule that never fires, and a low qualifier naming it, or needing more low ranks
than are left, one that reads otherwise than it is played. Each is refused at the value that
names the rank, saying which ranks the deck holds (docs/rules.md D5). How many players the
deck serves is :mod:`.checks`' deck arithmetic, which counts the stripped deck. Registered
with :func:`.checks.check` like every other check (the loader imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from .checks import Book, Finding, check
from .nodes import NodePath
from .options import HAND_TRAITS

_RANKS = "23456789TJQKA"
_ACE_LOW_RANKS = "A23456789TJQK"
"""A qualifier's ranks: 1 is the ace, 13 the king (``pots.shares[].qualifier``)."""
_QUEEN = "Q"
"""The rank Follow the Queen follows (``wild.follow: follow-the-queen``)."""


def _removed(book: Book) -> tuple[str, ...]:
    return tuple(book["deck"].get("removed_ranks", ()))


def _left(removed: tuple[str, ...]) -> str:
    """The ranks a stripped deck holds, for messages."""
    return ", ".join(rank for rank in _RANKS if rank not in removed)


def _named(node: NodePath, what: str, rank: str, removed: tuple[str, ...]) -> Finding:
    return Finding(
        node,
        f"{what} names the rank {rank!r}, which deck.removed_ranks takes out of the deck, so no such "
        f"card is ever dealt; name a rank the deck holds ({_left(removed)}) or keep {rank!r} in the deck",
    )


@check(("deck",), ("wild",))
def wild_cards_the_deck_holds(book: Book) -> Iterator[Finding]:
    """Every wild rank and card, rank to follow, rank to climb from and card that cancels is
    one the stripped deck holds."""
    removed = _removed(book)
    if not removed:
        return
    wild = book.get("wild", {})
    for index, rank in enumerate(wild.get("ranks", ())):
        if rank in removed:
            yield _named(("wild", "ranks", index), "wild.ranks", rank, removed)
    for index, card in enumerate(wild.get("cards", ())):
        if card[0] in removed:
            yield _named(("wild", "cards", index), f"the wild card {card}", card[0], removed)
    for key in ("follows", "moves"):
        if wild.get(key) in removed:
            yield _named(("wild", key), f"wild.{key}", wild[key], removed)
    if wild.get("follow", "none") == "follow-the-queen" and _QUEEN in removed:
        yield _named(("wild", "follow"), "follow-the-queen", _QUEEN, removed)
    yield from _climb_has_no_gap(wild, removed)
    cancel = wild.get("cancelled_by") or {}
    for index, rank in enumerate(cancel.get("ranks", ())):
        if rank in removed:
            yield _named(("wild", "cancelled_by", "ranks", index), "wild.cancelled_by", rank, removed)
    for index, card in enumerate(cancel.get("cards", ())):
        if card[0] in removed:
            yield _named(("wild", "cancelled_by", "cards", index), f"the cancelling card {card}", card[0], removed)


@check(("deck",), ("pots", "shares"))
def named_cards_the_deck_holds(book: Book) -> Iterator[Finding]:
    """A card share's one named card (``card_rank``) is of a rank the stripped deck holds:
    else the share could never be won (docs/rules.md D5: no rule names a removed rank)."""
    removed = _removed(book)
    for index, share in enumerate(book["pots"]["shares"] if removed else ()):
        rank = share.get("card_rank")
        if rank in removed:
            yield _named(("pots", "shares", index, "card_rank"), "card_rank", rank, removed)


def _climb_has_no_gap(wild: Book, removed: tuple[str, ...]) -> Iterator[Finding]:
    """A wild rank that climbs (Sequence) moves to the next rank up when one shows; a removed
    rank above its start would stop the climb there for good, which no source plays."""
    start = wild.get("moves")
    if start is None or start in removed:
        return
    gaps = [rank for rank in _RANKS[_RANKS.index(start) :] if rank in removed]
    if gaps:
        yield Finding(
            ("wild", "moves"),
            f"the wild rank climbs from {start!r} one rank at a time, but the deck has no {gaps[0]!r} "
            f"(deck.removed_ranks), so the climb would stop below it; a climbing wild rank is played on a "
            "deck without gaps above its start",
        )


@check(("deck",), ("triggers",))
def dealt_card_rules_the_deck_holds(book: Book) -> Iterator[Finding]:
    """A dealt-card rule's rank is one the stripped deck holds."""
    removed = _removed(book)
    for index, trigger in enumerate(book.get("triggers", ())):
        if trigger["rank"] in removed:
            yield _named(("triggers", index, "rank"), "the dealt-card rule", trigger["rank"], removed)


@check(("deck",), ("pots",))
def qualifiers_the_deck_can_meet(book: Book) -> Iterator[Finding]:
    """A low qualifier names a rank the stripped deck holds, and five ranks of the deck are at
    or below it (a qualifying low is five different ranks)."""
    removed = _removed(book)
    if not removed:
        return
    for index, share in enumerate(book["pots"]["shares"]):
        qualifier = share.get("qualifier")
        if qualifier is None or not HAND_TRAITS[share["hand"]].low:
            continue
        node = ("pots", "shares", index, "qualifier")
        rank = _ACE_LOW_RANKS[qualifier - 1]
        if rank in removed:
            yield _named(node, f"the qualifier {qualifier}", rank, removed)
            continue
        ace_low = HAND_TRAITS[share["hand"]].ace_low
        below = [r for r in _ACE_LOW_RANKS[:qualifier] if r not in removed and (ace_low or r != "A")]
        if len(below) < 5:
            yield Finding(
                node,
                f"a low qualifying for {qualifier} needs five different ranks at or below it, but the deck "
                f"holds only {', '.join(below) or 'none'} there (deck.removed_ranks); raise the qualifier",
            )
