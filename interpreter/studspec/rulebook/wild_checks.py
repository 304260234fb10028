"""Semantic checks of the wild cards that change as the cards fall and of the dealt-card
rules that end a hand: what a schema cannot say about them, so that a book that validates
plays as it reads.

A wild rank that climbs (``wild.moves``) is one rule for a changing rank, as following one
is; cards that cancel the wild cards (``wild.cancelled_by``) need something wild to cancel
and enough cards to show; a dealt card a player pays to keep wild (``pay-or-not-wild``) is
of a wild rank and has a price, and a rule that ends a hand at once (``kill``, ``win-pot``)
asks nothing. Registered with :func:`.checks.check` like every other check (the loader
imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from .checks import Book, Finding, check
from .options import (
    DECK_TRAITS,
    HAND_TRAITS,
    INDICATOR_TRAITS,
    TRIGGER_EFFECT_TRAITS,
    TRIGGER_PRICE_TRAITS,
    values_where,
)


@check(("wild",))
def one_changing_rank(book: Book) -> Iterator[Finding]:
    """A rank that climbs and a rank that follows are two answers to one question (which rank
    the up cards made wild): a book names one."""
    wild = book.get("wild", {})
    if wild.get("moves") is None:
        return
    following = wild.get("follows") is not None or wild.get("follow", "none") != "none"
    if following:
        yield Finding(
            ("wild", "moves"),
            "wild.moves makes the up cards move the wild rank, and wild.follow or wild.follows makes them "
            "follow one; a book sets one of them (follow: none where a book extends one that follows)",
        )


@check(("wild",), ("deck", "cards"))
def cancelling_needs_wild_cards(book: Book) -> Iterator[Finding]:
    """``wild.cancelled_by`` ends the wild cards: some card must be wild, none of them a joker
    (a joker has no natural value to fall back to), and the cards that cancel must exist, as
    many as it waits for."""
    wild = book.get("wild", {})
    cancel = wild.get("cancelled_by")
    if cancel is None:
        return
    jokers = DECK_TRAITS[book["deck"]["cards"]].jokers
    counted = 4 * len(cancel.get("ranks", ())) + len(cancel.get("cards", ()))
    up = cancel.get("up", 1)
    if jokers:
        plain = values_where(DECK_TRAITS, lambda deck: not deck.jokers)
        yield Finding(("wild", "cancelled_by"), f"a joker has no natural value to play once the wild cards are "
                      f"cancelled; a book with wild.cancelled_by uses a deck without jokers: {', '.join(plain)}")  # fmt: skip
    elif not (wild.get("ranks") or wild.get("cards") or wild.get("moves") or wild.get("follows")
              or wild.get("follow", "none") != "none" or wild.get("per_player", "none") != "none"):  # fmt: skip
        yield Finding(("wild", "cancelled_by"), "no card is wild in this book for wild.cancelled_by to cancel; "
                      "make a card wild (wild.ranks, wild.cards, wild.follow, wild.follows, wild.moves, "
                      "wild.per_player)")  # fmt: skip
    elif counted == 0:
        yield Finding(("wild", "cancelled_by"), "wild.cancelled_by names no card that cancels: list ranks "
                      "(ranks: [\"5\", T]) or cards (cards: [Qs])")  # fmt: skip
    elif up > counted:
        yield Finding(("wild", "cancelled_by", "up"), f"up {up} waits for more up cards than the {counted} "
                      f"card(s) listed; at most {counted}")  # fmt: skip


@check(("triggers",), ("wild",))
def a_bought_wild_card_is_of_a_wild_rank(book: Book) -> Iterator[Finding]:
    """A player pays to keep a dealt card wild, so its rank is one of the book's wild ranks."""
    wild_ranks = book.get("wild", {}).get("ranks", ())
    for index, trigger in enumerate(book.get("triggers", ())):
        if TRIGGER_EFFECT_TRAITS[trigger["effect"]].declining_unwilds and trigger["rank"] not in wild_ranks:
            listed = ", ".join(wild_ranks) if wild_ranks else "none"
            yield Finding(
                ("triggers", index, "rank"),
                f"{trigger['effect']} asks the player to pay to keep the card wild, so its rank is a wild "
                f"rank: {trigger['rank']!r} is not in wild.ranks (wild ranks: {listed})",
            )


@check(("triggers",))
def rules_at_once_are_free(book: Book) -> Iterator[Finding]:
    """A rule that ends a hand at once (a kill card, a card that wins the pot) asks no
    question, so it has no price (a kill one may buy off is pay-or-fold)."""
    for index, trigger in enumerate(book.get("triggers", ())):
        price = trigger.get("price", "free")
        if TRIGGER_EFFECT_TRAITS[trigger["effect"]].at_once and TRIGGER_PRICE_TRAITS[price].charges:
            yield Finding(
                ("triggers", index, "price"),
                f"{trigger['effect']} takes effect at once with no question, so its price is free; "
                "a card the player may pay to survive is effect pay-or-fold",
            )


@check(("triggers",), ("stakes",), ("streets",))
def a_void_deal_restarts_a_plain_deal(book: Book) -> Iterator[Finding]:
    """A card that voids the deal sends the hand back to its first street (docs/rules.md V16):
    a book with blinds (live bets of the first round, posted once) or with draws or buys
    (cards dealt in a decision, not a street's deal) cannot start it again, and ``max_voids``
    bounds only a void."""
    blinds = bool(book.get("stakes", {}).get("blinds"))
    dealing = any(
        decision["decide"] in ("draw", "buy") for street in book["streets"] for decision in street.get("decisions", ())
    )
    for index, trigger in enumerate(book.get("triggers", ())):
        voids = TRIGGER_EFFECT_TRAITS[trigger["effect"]].voids
        if "max_voids" in trigger and not voids:
            yield Finding(("triggers", index, "max_voids"), f"effect {trigger['effect']!r} voids no deal, so it has "
                          "no max_voids; max_voids goes with effect void-deal")  # fmt: skip
        elif voids and (blinds or dealing):
            why = "blinds, posted once before the deal" if blinds else "draws or buys, dealt outside a street's deal"
            yield Finding(("triggers", index, "effect"), f"void-deal deals the hand again from its first street, "
                          f"which this book cannot do: it has {why}; use kill or win-pot, or drop them")  # fmt: skip


_PLAIN_BOARDS = ("best-ace-to-five-high-board",)
"""The first-to-act boards whose ranking has no wild-card tables (:func:`rankings_fit_the_deck`)."""


def _something_wild(book: Book) -> str | None:
    """What makes a card wild in this book (for the message), or ``None`` when nothing does."""
    wild = book.get("wild", {})
    for key in ("ranks", "cards", "moves", "follows"):
        if wild.get(key):
            return f"wild.{key}"
    for key in ("follow", "per_player"):
        if wild.get(key, "none") != "none":
            return f"wild.{key}"
    if DECK_TRAITS[book["deck"]["cards"]].jokers:
        return f"the jokers of deck.cards {book['deck']['cards']}"
    if any(INDICATOR_TRAITS[street["indicator"]].wild for street in book["streets"] if "indicator" in street):
        return "an indicator card of a wild rank (streets[].indicator)"
    return None


@check(("pots", "shares"), ("wild",), ("deck",), ("streets",), ("first_to_act",))
def rankings_fit_the_deck(book: Book) -> Iterator[Finding]:
    """Badugi, ace-to-five high and soko (docs/rules.md V18-V20) have no wild-card tables and
    are ranked on one full deck: a book where a card can be wild, or whose deck is stripped or
    doubled, names another ranking (``HAND_TRAITS``), so a book that validates plays."""
    wild = _something_wild(book)
    deck = book["deck"]
    stripped = "deck.removed_ranks strips it" if deck.get("removed_ranks") else None
    stripped = "deck.copies doubles it" if deck.get("copies", 1) > 1 else stripped
    for index, share in enumerate(book["pots"]["shares"]):
        traits = HAND_TRAITS[share["hand"]]
        node = ("pots", "shares", index, "hand")
        if wild is not None and not traits.wild:
            takes = ", ".join(values_where(HAND_TRAITS, lambda hand: hand.wild and not hand.card))
            yield Finding(node, f"the {share['hand']} ranking takes no wild cards, and {wild} makes a card wild "
                          f"here; remove the wild cards or rank hands by one that takes them ({takes})")  # fmt: skip
        elif stripped and not traits.stripped:
            yield Finding(node, f"the {share['hand']} ranking is played on one full 52-card deck, and {stripped}; "
                          "use the standard deck or rank hands by another ranking")  # fmt: skip
    board = book.get("first_to_act", {}).get("board")
    if board in _PLAIN_BOARDS and (wild is not None or stripped):
        yield Finding(("first_to_act", "board"), f"{board} reads boards of one full deck without wild cards, and "
                      f"{wild or stripped} here; use best-high-board or best-low-board")  # fmt: skip
