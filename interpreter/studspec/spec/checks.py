"""Semantic checks: rules a schema cannot state, run on the merged, schema-valid book.

Each check is one small function in :data:`CHECKS` (the way jsonschema keeps one function
per keyword) that yields :class:`Finding` s: the node at fault and a message saying what is
wrong and what is allowed. A new rule option that constrains others adds one check here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from studspec.errors import SpecError

from .nodes import NodePath
from .yamlload import Document

DECK_SIZES: dict[str, int] = {"standard-52": 52}
"""Cards in each ``deck.cards`` option."""

HIGH_HANDS = frozenset({"high"})
"""``pots.shares[].hand`` values that rank high hands (no qualifier)."""

LOW_HANDS = frozenset({"ace-to-five-low"})
"""``pots.shares[].hand`` values that rank low hands (may take a qualifier)."""

LIMIT_STRUCTURES = frozenset({"fixed-limit", "spread-limit"})
"""Structures whose bets are sized per street (``streets[].bet``) and may be capped."""

COMMUNITY_EXHAUSTION = frozenset({"burns-then-community", "tda", "community"})
"""``deck.exhaustion`` rules that may end in one community card."""


def burns_before(burn: str, street_index: int) -> int:
    """Cards burned before the street at ``street_index`` (0-based) under a ``deck.burn`` rule."""
    return 1 if burn == "before-later-streets" and street_index > 0 else 0


@dataclass(frozen=True)
class Finding:
    """One semantic problem: the node at fault, and the message (without the node's name)."""

    node: NodePath
    message: str
    at_key: bool = False


Book = Mapping[str, Any]
Check = Callable[[Book], Iterator[Finding]]
CHECKS: list[Check] = []


def check(function: Check) -> Check:
    """Register a semantic check."""
    CHECKS.append(function)
    return function


def semantic_errors(doc: Document) -> list[SpecError]:
    """Every semantic problem of a schema-valid merged ``doc``, at its node's place."""
    return [
        doc.error(finding.node, finding.message, key=finding.at_key)
        for function in CHECKS
        for finding in function(doc.data)
    ]


def _up_cards(street: Book) -> int:
    return sum(1 for face in street["deal"] if face == "up")


@check
def players_range(book: Book) -> Iterator[Finding]:
    """players.min may not exceed players.max."""
    low, high = book["players"]["min"], book["players"]["max"]
    if low > high:
        yield Finding(("players", "min"), f"{low} is above players.max {high}; players.min must be at most players.max")


@check
def stakes_order(book: Book) -> Iterator[Finding]:
    """The bring-in is below the small bet (it may be completed to it); small <= big."""
    stakes = book["stakes"]
    if stakes["bring_in"] >= stakes["small_bet"]:
        yield Finding(
            ("stakes", "bring_in"),
            f"{stakes['bring_in']} must be below stakes.small_bet {stakes['small_bet']} "
            "(the bring-in player may complete it to the small bet, WSOP-L 216, 219)",
        )
    if stakes["small_bet"] >= stakes["big_bet"]:
        relation = "equals" if stakes["small_bet"] == stakes["big_bet"] else "is above"
        yield Finding(
            ("stakes", "small_bet"),
            f"{stakes['small_bet']} {relation} stakes.big_bet {stakes['big_bet']}; the small bet must be below the big bet",
        )


@check
def unique_street_ids(book: Book) -> Iterator[Finding]:
    """Street ids name streets in patches and histories, so each is used once."""
    first: dict[str, int] = {}
    for index, street in enumerate(book["streets"]):
        street_id = street["id"]
        if street_id in first:
            yield Finding(
                ("streets", index, "id"),
                f"duplicate street id {street_id!r} (also streets[{first[street_id]}]); street ids must be unique",
            )
        else:
            first[street_id] = index


@check
def bring_in_street(book: Book) -> Iterator[Finding]:
    """Exactly one street, the first, has the bring-in, and it deals an up card."""
    streets = book["streets"]
    marked = [i for i, street in enumerate(streets) if street.get("bring_in", False)]
    first_id = streets[0]["id"]
    if not marked:
        yield Finding(
            ("streets",),
            f"no street has bring_in: true; the first street ({first_id!r}) must have the bring-in",
            at_key=True,
        )
    for index in marked:
        if index != 0:
            yield Finding(
                ("streets", index, "bring_in"),
                f"the bring-in is allowed only on the first street ({first_id!r}), not on {streets[index]['id']!r}",
            )
        elif _up_cards(streets[0]) == 0:
            deal = ", ".join(streets[0]["deal"])
            yield Finding(
                ("streets", 0, "deal"),
                f"street {first_id!r} has the bring-in but deals no up card ([{deal}]); the "
                "bring-in is chosen by up cards, so its street must deal at least one up card",
            )


@check
def open_pair_needs_two_up_cards(book: Book) -> Iterator[Finding]:
    """An open pair can show only once a board has two up cards."""
    up = 0
    for index, street in enumerate(book["streets"]):
        up += _up_cards(street)
        if street.get("open_pair_big_bet", False) and up < 2:
            yield Finding(
                ("streets", index, "open_pair_big_bet"),
                f"no board can show a pair on street {street['id']!r}: only {up} up card"
                f"{'s' * (up != 1)} dealt by then; open_pair_big_bet needs at least 2",
            )


@check
def deck_serves_every_street(book: Book) -> Iterator[Finding]:
    """The deck must last: in full without an exhaustion rule, else up to the last street."""
    streets = book["streets"]
    deck = book["deck"]
    size = DECK_SIZES[deck["cards"]]
    seats = book["players"]["max"]
    cards = [len(street["deal"]) for street in streets]
    burns = [burns_before(deck["burn"], i) for i in range(len(streets))]
    if deck["exhaustion"] == "none":
        needed = seats * sum(cards) + sum(burns)
        if needed > size:
            fits = max((size - sum(burns)) // sum(cards), 0)
            yield Finding(
                ("deck", "exhaustion"),
                f"{seats} players x {sum(cards)} cards + {sum(burns)} burns = {needed} cards, but the "
                f"{deck['cards']} deck has {size}; with exhaustion none the deck must serve every "
                f"seat: set players.max to {fits} or less, or use exhaustion: burns-then-community",
            )
        return
    if deck["exhaustion"] in COMMUNITY_EXHAUSTION:
        last = len(streets) - 1
        if cards[last] != 1:
            yield Finding(
                ("streets", last, "deal"),
                f"the last street {streets[last]['id']!r} deals {cards[last]} cards; with "
                f"deck.exhaustion {deck['exhaustion']} it must deal exactly 1 (it may become "
                "one community card)",
            )
        needed = seats * sum(cards[:last]) + sum(burns[:last])
        # The last street needs its burn (the burns can be reshuffled) and one community card.
        stub = size - seats * sum(cards[:last])
        if needed > size or stub < burns[last] + 1:
            yield Finding(
                ("deck", "exhaustion"),
                f"{seats} players x {sum(cards[:last])} cards + {sum(burns[:last])} burns = "
                f"{needed} cards before the last street, leaving too few in the {deck['cards']} "
                f"deck ({size}) for the streets before it and a community card; lower players.max",
            )


@check
def share_combination(book: Book) -> Iterator[Finding]:
    """Two shares split high/low; a qualifier belongs to a low share."""
    shares = book["pots"]["shares"]
    for index, share in enumerate(shares):
        if "qualifier" in share and share["hand"] in HIGH_HANDS:
            yield Finding(
                ("pots", "shares", index, "qualifier"),
                f"a qualifier applies only to a low hand ({', '.join(sorted(LOW_HANDS))}); "
                f"remove it from the {share['hand']!r} share",
            )
    if len(shares) == 1 and "qualifier" in shares[0] and shares[0]["hand"] in LOW_HANDS:
        yield Finding(
            ("pots", "shares", 0, "qualifier"),
            "a lone share cannot have a qualifier: when no hand qualifies nobody could win the "
            "pot; add a high share to take it, or remove the qualifier",
        )
    if len(shares) == 2:
        hands = [share["hand"] for share in shares]
        if not (sum(h in HIGH_HANDS for h in hands) == 1 and sum(h in LOW_HANDS for h in hands) == 1):
            yield Finding(
                ("pots", "shares"),
                f"two shares must be one high and one low hand (high + ace-to-five-low); got {' + '.join(hands)}",
                at_key=True,
            )


@check
def structure_fits_the_streets(book: Book) -> Iterator[Finding]:
    """Limit books size every street; pot and no limit books size by the pot or the stack,
    allow unlimited raises (WSOP-L 125) and have no half-bet rule (WSOP-L 129 is for limit)."""
    betting = book["betting"]
    structure = betting["structure"]
    streets = book["streets"]
    if structure in LIMIT_STRUCTURES:
        for index, street in enumerate(streets):
            if "bet" not in street:
                yield Finding(
                    ("streets", index),
                    f"street {street['id']!r} has no bet; a {structure} book must size every "
                    "street with bet: small or bet: big",
                    at_key=True,
                )
            if structure != "fixed-limit" and street.get("open_pair_big_bet", False):
                yield Finding(
                    ("streets", index, "open_pair_big_bet"),
                    f"the open-pair big bet is a fixed-limit rule (WSOP-L 220); a {structure} book must leave it false",
                )
        return
    sized = [street["id"] for street in streets if "bet" in street or "bet_times" in street]
    if sized:
        # One line at the choice that conflicts: the streets usually come from a parent book.
        yield Finding(
            ("betting", "structure"),
            f"a {structure} book sizes bets by the {'pot' if structure == 'pot-limit' else 'stack'}, "
            f"but streets {', '.join(sized)} have a fixed bet size (bet, bet_times); give "
            "streets as a list without them (they are allowed only in fixed-limit or spread-limit)",
        )
    for index, street in enumerate(streets):
        if street.get("open_pair_big_bet", False):
            yield Finding(
                ("streets", index, "open_pair_big_bet"),
                f"the open-pair big bet is a fixed-limit rule (WSOP-L 220); a {structure} book must leave it false",
            )
    if betting["raise_cap"] is not None:
        yield Finding(
            ("betting", "raise_cap"),
            f"{betting['raise_cap']} raises: a {structure} book allows unlimited raises "
            "(WSOP-L 125); set raise_cap: null",
        )
    if betting["short_all_in"] == "half-bet-reopens":
        yield Finding(
            ("betting", "short_all_in"),
            f"the half-bet rule is for limit play (WSOP-L 129); a {structure} book must use full-bet-reopens",
        )


@check
def community_round_needs_a_community_card(book: Book) -> Iterator[Finding]:
    """A rule for the community-card round needs an exhaustion rule that can deal one."""
    betting = book["betting"]
    exhaustion = book["deck"]["exhaustion"]
    if betting.get("community_card_round", "normal") != "normal" and exhaustion not in COMMUNITY_EXHAUSTION:
        yield Finding(
            ("betting", "community_card_round"),
            f"{betting['community_card_round']} applies to a community card, but deck.exhaustion "
            f"{exhaustion} never deals one; use one of {', '.join(sorted(COMMUNITY_EXHAUSTION))} or leave it normal",
        )
