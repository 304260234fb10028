"""Semantic checks: rules a schema cannot state, run on the merged book.

Each check is one small function in :data:`CHECKS` (the way jsonschema keeps one function
per keyword) that yields :class:`Finding` s: the node at fault and a message saying what is
wrong and what is allowed. A new rule option that constrains others adds one check here,
registered with the parts of the book it reads (``@check(("stakes",), ("streets",))``): on a
book with schema errors a check runs only if the schema refused nothing it reads, so the
other problems of the book are still found in the same run.

A problem caused by two values (the small bet and the big bet) is reported at the one the
user wrote: a finding names the node it is about and the other nodes it could be reported
at (``instead``), and the first of them written in the book being checked, not inherited
from the book it extends, is the one reported.

What an option value implies (a limit structure, a rule for running out) is read from its
traits in :mod:`.options`, never from the value's name, so a new value needs no new branch.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from studspec.errors import SpecError
from studspec.terminal import printable

from .nodes import NodePath
from .options import (
    BURN_TRAITS,
    COMMUNITY_ROUND_TRAITS,
    DECK_TRAITS,
    EXHAUSTION_TRAITS,
    HAND_TRAITS,
    INDICATOR_TRAITS,
    LEAST_HAND_TRAITS,
    SHORT_ALL_IN_TRAITS,
    STRUCTURE_TRAITS,
    TRIGGER_EFFECT_TRAITS,
    TRIGGER_PRICE_TRAITS,
    values_where,
)
from .yamlload import Document

_RANKS = "23456789TJQKA"

DECK_SIZES: Mapping[str, int] = MappingProxyType({name: deck.cards for name, deck in DECK_TRAITS.items()})
"""Cards in each ``deck.cards`` option (read from :data:`.options.DECK_TRAITS`)."""


def deck_size(deck: Mapping[str, Any]) -> int:
    """Cards in a book's ``deck`` section: its ``cards`` without the ``removed_ranks`` (a stripped
    deck: four cards a rank), every card twice in a double deck (``copies``), the size every
    piece of deck arithmetic counts."""
    return DECK_TRAITS[deck["cards"]].size_without(len(deck.get("removed_ranks", ())), deck.get("copies", 1))


def deck_name(deck: Mapping[str, Any]) -> str:
    """A book's deck as messages name it: ``52-plus-joker``, ``52-plus-joker without 8, 9, T``,
    or ``standard-52 twice (deck.copies 2)``."""
    removed = deck.get("removed_ranks", ())
    name = f"{deck['cards']} without {', '.join(removed)}" if removed else str(deck["cards"])
    return f"{name} twice (deck.copies 2)" if deck.get("copies", 1) > 1 else name


@dataclass(frozen=True)
class Finding:
    """One semantic problem: the node at fault, and the message (without the node's name).

    ``instead``: other nodes that cause the problem too, each with the message to give there;
    the problem is reported at the first of ``node`` and these that the checked book itself
    wrote (see the module's docstring).
    """

    node: NodePath
    message: str
    at_key: bool = False
    instead: tuple[tuple[NodePath, str], ...] = ()


Book = Mapping[str, Any]
Check = Callable[[Book], Iterator[Finding]]
CHECKS: list[Check] = []
READS: dict[Check, tuple[NodePath, ...]] = {}
"""The nodes each check reads: it is skipped when the schema refused one of them, or anything inside."""

_BROKEN_INPUT = (KeyError, TypeError, ValueError, IndexError, AttributeError)


def check(*reads: NodePath) -> Callable[[Check], Check]:
    """Register a semantic check that reads the nodes ``reads`` (and what lies inside them)."""

    def register(function: Check) -> Check:
        CHECKS.append(function)
        READS[function] = reads
        return function

    return register


def _overlaps(a: NodePath, b: NodePath) -> bool:
    """Whether one node is the other or lies inside it."""
    size = min(len(a), len(b))
    return a[:size] == b[:size]


def _runs(function: Check, refused: Collection[NodePath]) -> bool:
    return not any(_overlaps(bad, read) for bad in refused for read in READS[function])


def _reported(doc: Document, finding: Finding) -> SpecError:
    """The finding as an error at its node, or at an ``instead`` node the book itself wrote."""
    places = ((finding.node, finding.message, finding.at_key), *((n, m, False) for n, m in finding.instead))
    for node, message, at_key in places:
        if doc.locate(node, key=at_key).file == doc.file:
            return doc.error(node, message, key=at_key)
    return doc.error(finding.node, finding.message, key=finding.at_key)


def semantic_errors(doc: Document, invalid: Collection[NodePath] = ()) -> list[SpecError]:
    """Every semantic problem of a merged ``doc``, each at its node's place.

    ``invalid``: the nodes the schema refused (:attr:`.schema.SchemaCheck.invalid`); a check
    that reads one of them, or a value the YAML loader refused, is skipped, since it would
    only restate that problem in other words. Without ``invalid`` the book must be
    schema-valid.
    """
    refused = {*invalid, *doc.unreadable}
    found: list[SpecError] = []
    for function in CHECKS:
        if not _runs(function, refused):
            continue
        try:
            findings = list(function(doc.data))
        except _BROKEN_INPUT:
            if not refused:
                raise  # a valid book: a bug in the check, not in the book
            continue  # a value the schema refused reaches it some other way
        found.extend(_reported(doc, finding) for finding in findings)
    return found


def _up_cards(street: Book) -> int:
    return sum(1 for face in street["deal"] if face == "up")


def _turned_up(street: Book) -> int:
    """The fewest cards a street's decisions surely turn up (a turn-up of an exact count)."""
    return sum(
        decision.get("count", 0 if "up_to" in decision or "at_least" in decision else 1)
        for decision in street.get("decisions", ())
        if decision["decide"] == "turn-up"
    )


@check(("title",), ("description",), ("phh_codes",))
def text_a_terminal_shows(book: Book) -> Iterator[Finding]:
    """A book's text is printed by describe, run, simulate and play: it may hold no control
    character (nor a bidirectional override) that a terminal would obey rather than show
    (``ESC ] 0 ;`` retitles the window, ``ESC [ 2 J`` clears it); a description may break
    lines."""
    texts: list[tuple[NodePath, Any, bool]] = [(("title",), book.get("title"), False)]
    texts.append((("description",), book.get("description"), True))
    texts += [(("phh_codes", i), code, False) for i, code in enumerate(book.get("phh_codes", ()))]
    for node, text, newlines in texts:
        if not isinstance(text, str) or printable(text, newlines=newlines) == text:
            continue
        bad = next(char for char in text if printable(char, newlines=newlines) != char)
        allowed = " but line breaks" if newlines else ""
        yield Finding(
            node,
            f"holds the control character {printable(bad)} (U+{ord(bad):04X}), which a terminal would obey "
            f"rather than show; a rule book's text may hold no control character{allowed}",
        )


@check(("players",))
def players_range(book: Book) -> Iterator[Finding]:
    """players.min may not exceed players.max."""
    low, high = book["players"]["min"], book["players"]["max"]
    if low > high:
        yield Finding(
            ("players", "min"),
            f"{low} is above players.max {high}; players.min must be at most players.max",
            instead=(
                (("players", "max"), f"{high} is below players.min {low}; players.max must be at least players.min"),
            ),
        )


@check(("stakes",), ("streets",))
def stakes_order(book: Book) -> Iterator[Finding]:
    """The small bet is below the big bet; with a bring-in, 1 <= bring-in < small bet.

    The same rule as the table check of ``studspec run`` (engine/stakes.py): the bring-in
    player may complete to the small bet (WSOP-L 216, 219), so the bring-in is below it, and
    a bring-in of nothing would be no forced bet. A book without a bring-in street never
    posts one, so its ``stakes.bring_in`` is only required not to be negative (the schema).
    """
    stakes = book["stakes"]
    bring_in, small, big = stakes["bring_in"], stakes["small_bet"], stakes["big_bet"]
    if small >= big:
        relation = "equals" if small == big else "is above"
        yield Finding(
            ("stakes", "small_bet"),
            f"{small} {relation} stakes.big_bet {big}; the small bet must be below the big bet",
            instead=(
                (
                    ("stakes", "big_bet"),
                    (
                        f"{big} {'equals' if small == big else 'is below'} stakes.small_bet {small}; "
                        "the big bet must be above the small bet"
                    ),
                ),
            ),
        )
    if not any(street.get("bring_in", False) for street in book["streets"]):
        return
    if bring_in < 1:
        yield Finding(
            ("stakes", "bring_in"),
            f"{bring_in} is no forced bet: the first street has the bring-in, so stakes.bring_in must be "
            f"at least 1 (and below stakes.small_bet {small}); a book without one sets bring_in: false "
            "on its first street",
        )
    elif bring_in >= small:
        why = "(the bring-in player may complete it to the small bet, WSOP-L 216, 219)"
        yield Finding(
            ("stakes", "bring_in"),
            f"{bring_in} must be below stakes.small_bet {small} {why}",
            instead=((("stakes", "small_bet"), f"{small} must be above stakes.bring_in {bring_in} {why}"),),
        )


@check(("stakes",), ("streets",), ("players",))
def blinds_fit(book: Book) -> Iterator[Finding]:
    """Blinds open the first betting round in place of the bring-in, so no street has the
    bring-in; each blind is at most the small bet (a blind is a bet of the first round, the
    big blind usually the small bet); every blind has a seat to post it at the smallest table."""
    stakes = book["stakes"]
    blinds = stakes.get("blinds", [])
    if not blinds:
        return
    small = stakes["small_bet"]
    for number, blind in enumerate(blinds):
        if blind > small:
            yield Finding(
                ("stakes", "blinds", number),
                f"blind {blind} is above stakes.small_bet {small}; a blind is at most the small bet "
                "(the big blind is usually the small bet, the small blind half of it)",
            )
    for index, street in enumerate(book["streets"]):
        if street.get("bring_in", False):
            yield Finding(
                ("streets", index, "bring_in"),
                f"street {street['id']!r} has the bring-in, but stakes.blinds opens the first betting round "
                "after the blinds; a book has blinds or a bring-in, not both (set bring_in: false or blinds: [])",
            )
    fewest = book["players"]["min"]
    if len(blinds) > fewest:
        yield Finding(
            ("stakes", "blinds"),
            f"{len(blinds)} blinds, but the book seats as few as {fewest} players (players.min); "
            f"a book has at most players.min blinds, one a seat",
        )


@check(("streets",))
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


@check(("streets",))
def bring_in_street(book: Book) -> Iterator[Finding]:
    """At most one street has the bring-in: the first with a betting round (a step of
    decisions without betting may come before it: Australian stud discards first), and an
    up card must show by then. A book with no bring-in (antes only, as many home games play)
    opens the first street by the boards (``first_to_act``), and the opener may check."""
    streets = book["streets"]
    marked = [i for i, street in enumerate(streets) if street.get("bring_in", False)]
    betting = [i for i, street in enumerate(streets) if street.get("betting", True)]
    first = betting[0] if betting else 0
    first_id = streets[first]["id"]
    for index in marked:
        if index != first:
            yield Finding(
                ("streets", index, "bring_in"),
                f"the bring-in is allowed only on the first street with betting ({first_id!r}), "
                f"not on {streets[index]['id']!r}",
            )
        elif sum(_up_cards(street) + _turned_up(street) for street in streets[: index + 1]) == 0:
            deal = ", ".join(streets[index]["deal"])
            yield Finding(
                ("streets", index, "deal"),
                f"street {first_id!r} has the bring-in but no up card shows by then ([{deal}]); the "
                "bring-in is chosen by up cards, so its street must deal (or turn up) at least one up card",
            )


@check(("streets",))
def open_pair_needs_two_up_cards(book: Book) -> Iterator[Finding]:
    """An open pair can show only once a board has two up cards."""
    up = 0
    for index, street in enumerate(book["streets"]):
        up += _up_cards(street) + _turned_up(street)
        if street.get("open_pair_big_bet", False) and up < 2:
            yield Finding(
                ("streets", index, "open_pair_big_bet"),
                f"no board can show a pair on street {street['id']!r}: only {up} up card"
                f"{'s' * (up != 1)} dealt by then; open_pair_big_bet needs at least 2",
            )


def _replacements(street: Book) -> int:
    """The most replacement cards one seat may be dealt on a street (draws and buys)."""
    most = 0
    for decision in street.get("decisions", ()):
        if decision["decide"] in ("draw", "buy"):
            most += decision.get("count") or decision.get("up_to") or (1 if decision["decide"] == "buy" else 7)
    return most


def _to_the_middle(street: Book) -> int:
    """Cards a street deals to the middle, once for the table: its community cards and its
    indicator card (the book's form of :attr:`~studspec.rulebook.model.Street.to_the_middle`)."""
    return len(street.get("board", ())) + ("indicator" in street)


def _deals(streets: Sequence[Book], index: int) -> bool:
    """Whether street ``index`` deals any card from the stub, to the seats or the middle (a
    burn comes before it): an indicator or community cards it only turns were dealt on an
    earlier street, and the face-down indicators and community cards of later streets it
    deals itself."""
    street = streets[index]
    later = any(
        street["id"] in (other.get("indicator_dealt_on"), other.get("board_dealt_on")) for other in streets[index + 1 :]
    )
    face_up = "indicator" in street and street.get("indicator_dealt_on") is None
    board_now = bool(street.get("board")) and street.get("board_dealt_on") is None
    return bool(street["deal"]) or board_now or face_up or later


@dataclass(frozen=True)
class _DeckCount:
    """The deck arithmetic of a book: the deck, the seats, each street's cards and burns."""

    name: str
    size: int
    seats: int
    cards: list[int]
    burns: list[int]
    board: int = 0
    """Community cards dealt by design, on every street together (once, not a seat)."""

    @staticmethod
    def of(book: Book) -> _DeckCount:
        deck, streets = book["deck"], book["streets"]
        burn = BURN_TRAITS[deck["burn"]]
        return _DeckCount(
            name=deck_name(deck),
            size=deck_size(deck),
            seats=book["players"]["max"],
            cards=[len(street["deal"]) + _replacements(street) for street in streets],
            burns=[burn.cards_burned_before(i) if _deals(streets, i) else 0 for i in range(len(streets))],
            board=sum(_to_the_middle(street) for street in streets),
        )

    @property
    def served_in_full(self) -> int:
        """The most players the deck serves every card of every street."""
        return (self.size - sum(self.burns) - self.board) // max(sum(self.cards), 1)


@check(("streets",), ("deck",), ("players",))
def deck_serves_every_street(book: Book) -> Iterator[Finding]:
    """The deck must last: in full without an exhaustion rule, else up to the last street.

    Each finding is reported where the author can fix it (players.max, the rule for running
    out, the streets), at the first of them the book itself writes, and says how many
    players the deck does serve."""
    exhaustion = EXHAUSTION_TRAITS[book["deck"]["exhaustion"]]
    if not exhaustion.has_rule:
        yield from _deck_serves_every_seat(book, _DeckCount.of(book))
    elif exhaustion.may_deal_community_card:
        yield from _deck_serves_up_to_the_last_street(book, _DeckCount.of(book))


def _deck_serves_every_seat(book: Book, count: _DeckCount) -> Iterator[Finding]:
    """Without a rule for running out, every card of every seat must be in the deck."""
    needed = count.seats * sum(count.cards) + sum(count.burns) + count.board
    if needed <= count.size:
        return
    community = values_where(EXHAUSTION_TRAITS, lambda rule: rule.may_deal_community_card)
    ways = [_fewer_players(count.served_in_full)]
    if count.cards[-1] == 1:
        ways.append(f"use exhaustion: {community[0]} (a community card when the cards run short)")
    exhaustion = book["deck"]["exhaustion"]
    message = (
        f"{count.seats} players x {sum(count.cards)} cards + {sum(count.burns)} burns"
        f"{f' + {count.board} community cards' if count.board else ''} = {needed} cards, but the "
        f"{count.name} deck has {count.size}; with exhaustion {exhaustion} the deck must serve "
        f"every seat: {', or '.join(ways)}"
    )
    yield Finding(("deck", "exhaustion"), message, instead=_deck_places(message))


def _deck_serves_up_to_the_last_street(book: Book, count: _DeckCount) -> Iterator[Finding]:
    """A community card can stand in for the last street only: that street deals one card,
    and the deck serves every seat up to it, with a burn and a card to spare."""
    streets, exhaustion = book["streets"], book["deck"]["exhaustion"]
    dealing = [index for index, street in enumerate(streets) if street["deal"]]
    cards, burns, last = count.cards, count.burns, dealing[-1] if dealing else len(count.cards) - 1
    if cards[last] != 1:
        none = values_where(EXHAUSTION_TRAITS, lambda rule: not rule.has_rule)[0]
        message = (
            f"the last street {streets[last]['id']!r} deals {cards[last]} cards; with "
            f"deck.exhaustion {exhaustion} it must deal exactly 1 (it may become one community "
            f"card); or set deck.exhaustion: {none} (no community card: the deck must then serve every "
            f"seat, {_fewer_players(count.served_in_full)})"
        )
        yield Finding(("streets", last, "deal"), message, instead=((("deck", "exhaustion"), message),))
    before = sum(cards[:last])
    needed = count.seats * before + sum(burns[:last])
    # The last street needs its burn (the burns can be reshuffled) and one community card.
    if needed > count.size or count.size - count.seats * before < burns[last] + 1:
        fits = min((count.size - sum(burns[:last])) // before, (count.size - burns[last] - 1) // before)
        message = (
            f"{count.seats} players x {before} cards + {sum(burns[:last])} burns = {needed} cards before the "
            f"last street, leaving too few in the {count.name} deck ({count.size}) for the streets before it "
            f"and a community card: {_fewer_players(fits)}"
        )
        yield Finding(("players", "max"), message, instead=_deck_places(message, ("deck", "exhaustion")))


def _deck_places(message: str, *first: NodePath) -> tuple[tuple[NodePath, str], ...]:
    """The other values that decide whether the deck serves the table: a deck finding is
    reported at the first of them the book itself writes."""
    places = (
        *first,
        ("players", "max"),
        ("deck", "burn"),
        ("deck", "cards"),
        ("deck", "removed_ranks"),
        ("deck", "copies"),
    )
    return tuple((node, message) for node in places)


def _fewer_players(fits: int) -> str:
    """How to fit a table to the deck: a smaller players.max, or, when not even two players
    fit (the schema's minimum), fewer cards."""
    if fits >= 2:
        return f"set players.max to {fits} or less"
    return "not even 2 players fit, so deal fewer cards (streets) or use a bigger deck (deck.cards)"


@check(("triggers",), ("streets",), ("deck",), ("players",))
def extra_cards_fit_the_deck(book: Book) -> Iterator[Finding]:
    """An extra card comes in the middle of a street, where no rule for running out can
    help: the deck must hold every seat's cards, the burns and every extra card there can be
    (one for each card of a triggering rank the deck holds, four a rank)."""
    copies = book["deck"].get("copies", 1)
    extras = sum(
        4 * copies for trigger in book.get("triggers", ()) if TRIGGER_EFFECT_TRAITS[trigger["effect"]].deals_card
    )
    if not extras:
        return
    streets, deck = book["streets"], book["deck"]
    size = deck_size(deck)
    seats = book["players"]["max"]
    cards = sum(len(street["deal"]) for street in streets)
    burns = sum(BURN_TRAITS[deck["burn"]].cards_burned_before(i) for i in range(len(streets)) if _deals(streets, i))
    board = sum(_to_the_middle(street) for street in streets)  # dealt once
    needed = seats * cards + burns + board + extras
    if needed > size:
        fits = (size - burns - board - extras) // max(cards, 1)
        shared = f" + {board} community cards" if board else ""
        message = (
            f"{seats} players x {cards} cards + {burns} burns{shared} + {extras} possible extra cards = {needed} "
            f"cards, but the {deck_name(deck)} deck has {size}; an extra card cannot wait for a "
            f"community card: {_fewer_players(fits)}"
        )
        yield Finding(("players", "max"), message, instead=((("triggers",), message),))


@check(("triggers",))
def folding_rules_have_a_price(book: Book) -> Iterator[Finding]:
    """A rule whose refusal folds the hand asks for something: free, nobody would fold."""
    priced = values_where(TRIGGER_PRICE_TRAITS, lambda price: price.charges)
    for index, trigger in enumerate(book.get("triggers", ())):
        price = trigger.get("price", "free")
        effect = TRIGGER_EFFECT_TRAITS[trigger["effect"]]
        if effect.needs_price and not TRIGGER_PRICE_TRAITS[price].charges:
            question = "pay or fold" if effect.declining_folds else "pay or play the card as what it is"
            yield Finding(
                ("triggers", index, "price"),
                f"{trigger['effect']} asks the player to {question}, so it needs a price: one of {', '.join(priced)}",
            )


@check(("triggers",), ("stakes",))
def priced_rules_cost_something(book: Book) -> Iterator[Finding]:
    """A rule priced at a stake the book sets to 0 would ask nothing (a price of nothing is
    no question, so a pay-or-fold rule would never be asked)."""
    for index, trigger in enumerate(book.get("triggers", ())):
        stake = TRIGGER_PRICE_TRAITS[trigger.get("price", "free")].stake
        if stake is not None and book["stakes"].get(stake, 0) == 0:
            yield Finding(
                ("triggers", index, "price"),
                f"price {trigger['price']} costs nothing here (stakes.{stake} is 0); "
                "set that stake, or price the rule by another stake or the pot",
            )


def _low(hand: str) -> bool:
    """A low poker hand: the only kind of share that may take a qualifier."""
    traits = HAND_TRAITS[hand]
    return traits.low and not traits.card


def _reading(share: Book) -> tuple[Any, ...]:
    """What a share reads and how: two shares alike would always go to the same hands."""
    own_board = (share.get("own"), share.get("board"), share.get("own_face", "any"))
    card = (share.get("suit", "spades"), share.get("card_face", "down"), share.get("card_rank"))
    classes = (*sorted(share.get("class_ranks", ())), str(share.get("top_hand")))
    points = tuple(sorted(share.get("points", {}).items()))
    hand = "one named card" if "card_rank" in share else share["hand"]  # high or low: the same one card
    return (hand, *own_board, share.get("set"), bool(share.get("natural")), *card, classes, points)


def _always_won(share: Book) -> bool:
    """A poker share with no qualifier: some live hand always wins it (a qualifier on a high
    share is refused on its own, and such a share would still always be won)."""
    hand = share["hand"]
    return not HAND_TRAITS[hand].card and not ("qualifier" in share and _low(hand)) and "at_least" not in share


@check(("pots", "shares"), ("deck",), ("wild",), ("streets",))
def share_combination(book: Book) -> Iterator[Finding]:
    """Shares read the cards differently; a qualifier belongs to a low share and ``at_least``
    to a high one; one share is always won, to take the shares nobody wins."""
    shares = book["pots"]["shares"]
    for index, share in enumerate(shares):
        if HAND_TRAITS[share["hand"]].points or "points" in share:
            yield from _points_share(index, share)
        else:
            yield from _share_qualifiers(book, index, share)
        same = next((earlier for earlier in range(index) if _reading(shares[earlier]) == _reading(share)), None)
        if same is not None:
            yield Finding(
                ("pots", "shares", index),
                f"shares {same + 1} and {index + 1} both read the {share['hand']} hand of the same cards, so the "
                "same hands would always win both; give them different rankings or different cards (own and "
                "board, set), or make them one share",
            )
    always = next((index for index, share in enumerate(shares) if _always_won(share)), None)
    if always is None and "nobody_qualifies" not in book["pots"]:
        yield from _a_share_always_won(shares)
    elif always is not None and "nobody_qualifies" in book["pots"]:
        hand = shares[always]["hand"]
        fix = "" if HAND_TRAITS[hand].points else ", or give that share a qualifier (qualifier, at_least)"
        yield Finding(("pots", "nobody_qualifies"), f"share {always + 1} ({hand}) is always won, so no pot is ever "
                      f"left with nobody qualified; remove nobody_qualifies{fix}")  # fmt: skip


_NOT_FOR_POINTS = ("qualifier", "at_least", "natural", "class_ranks", "top_hand", "suit", "card_face", "card_rank", "set", "own",
                   "board", "own_face")  # fmt: skip
"""Share options that choose or rank a poker hand or a card: a points share counts every card."""


def _points_share(index: int, share: Book) -> Iterator[Finding]:
    """A most-points share names what each rank is worth, and nothing else reads its cards:
    every card a seat holds counts (docs/rules.md V22)."""
    where = ("pots", "shares", index)
    if not HAND_TRAITS[share["hand"]].points:
        yield Finding((*where, "points"), f"points says what each rank is worth in a most-points share; a "
                      f"{share['hand']} share ranks hands: remove points, or make the share hand: most-points")  # fmt: skip
        return
    if "points" not in share:
        yield Finding(where, "a most-points share needs points: what each rank is worth, e.g. {A: 1, '2': 2, "
                      "'3': 3, '6': 6} (the football hand)", at_key=True)  # fmt: skip
    elif not any(share["points"].values()):
        yield Finding((*where, "points"), "every rank named is worth 0, so every hand would total 0 and tie: "
                      "give at least one rank some points")  # fmt: skip
    for key in _NOT_FOR_POINTS:
        if key in share:
            yield Finding((*where, key), f"a most-points share counts every card a player holds, so {key} does "
                          "not apply to it; remove it")  # fmt: skip


def _share_qualifiers(book: Book, index: int, share: Book) -> Iterator[Finding]:
    """A qualifier on a low share only; ``at_least`` on a high poker share only, on a full deck,
    with a rank its hand class can have."""
    if "qualifier" in share and not _low(share["hand"]):
        lows = ", ".join(sorted(values_where(HAND_TRAITS, lambda hand: hand.low and not hand.card)))
        yield Finding(
            ("pots", "shares", index, "qualifier"),
            f"a qualifier (the highest rank of a low) applies only to a low hand ({lows}); a high share "
            f"takes at_least (the least hand: {{hand: pair, rank: J}}); remove it from the {share['hand']!r} share",
        )
    if share.get("natural"):
        yield from _natural_share(book, index, share)
    for key in ("class_ranks", "top_hand"):
        if key in share and HAND_TRAITS[share["hand"]].card:
            yield Finding(("pots", "shares", index, key), f"{key} ranks poker hands in classes by the cards they "
                          f"hold; a {share['hand']} share reads one card")  # fmt: skip
    if "class_ranks" in share and "top_hand" in share:
        yield Finding(("pots", "shares", index, "top_hand"), "a share ranks hands by one of class_ranks (a card "
                      "of those ranks) and top_hand (so many of one rank), not both")  # fmt: skip
    for key in ("suit", "card_face", "card_rank"):
        if key in share and not HAND_TRAITS[share["hand"]].card:
            cards = ", ".join(sorted(values_where(HAND_TRAITS, lambda hand: hand.card)))
            yield Finding(("pots", "shares", index, key), f"{key} says which card wins a card share ({cards}); "
                          f"a {share['hand']} share is a poker hand")  # fmt: skip
    least = share.get("at_least")
    if least is None:
        return
    where = ("pots", "shares", index, "at_least")
    traits = HAND_TRAITS[share["hand"]]
    named = "cards" in least
    if named == ("hand" in least) or (named and "rank" in least):
        yield Finding(where, "at_least names the least hand either by its class (hand, with an optional rank: "
                      "{hand: pair, rank: J}) or as five cards (cards: 9s 9h 8d 8c 5s), one of the two", at_key=True)  # fmt: skip
    elif traits.low or traits.card or not (traits.classes or named):
        highs = ", ".join(
            sorted(values_where(HAND_TRAITS, lambda hand: not hand.low and not hand.card and hand.classes))
        )
        yield Finding(where, f"at_least (the least hand that qualifies) applies only to a high poker hand ({highs}"
                      f"{'' if traits.low or traits.card else '; or any high hand, named as cards'}); "
                      f"a low share takes a qualifier (its highest rank: 8 for eight-or-better)")  # fmt: skip
    else:
        yield from _least_hand_fits(book, where, share, least)


def _least_hand_fits(book: Book, where: tuple[str | int, ...], share: Book, least: Book) -> Iterator[Finding]:
    """A least hand is five different cards, on a full deck, on a hand of five: a class's rank
    that exists."""
    if "cards" in least:
        yield from _least_cards(where, least["cards"])
    if book["deck"].get("removed_ranks"):
        yield Finding(where, "at_least is not read on a stripped deck (deck.removed_ranks): its least hands "
                      "would be made of ranks the deck lacks; remove one or the other")  # fmt: skip
    elif "set" in share:
        yield Finding(where, "at_least names a least five-card hand, and a hand a player sets may hold fewer "
                      "cards: it is not read on a set share (set); remove one or the other")  # fmt: skip
    elif "rank" in least and _RANKS.index(least["rank"]) < _RANKS.index(LEAST_HAND_TRAITS[least["hand"]].lowest_rank):
        lowest = LEAST_HAND_TRAITS[least["hand"]].lowest_rank
        yield Finding((*where, "rank"), f"a {least['hand']} ranked {least['rank']} does not exist: its "
                      f"deciding rank is at least {lowest}")  # fmt: skip


def _least_cards(where: tuple[str | int, ...], cards: str) -> Iterator[Finding]:
    """A least hand written as cards is five different cards (the schema has checked each text)."""
    texts = cards.split()
    if len(set(texts)) != len(texts):
        repeated = sorted({text for text in texts if texts.count(text) > 1})
        yield Finding((*where, "cards"), f"the least hand names {', '.join(repeated)} twice; a hand is five "
                      "different cards")  # fmt: skip


def _natural_share(book: Book, index: int, share: Book) -> Iterator[Finding]:
    """A natural share is a poker share of a book with wild cards that are cards (a wild
    rank or single wild cards), and no joker, which is no card when not wild."""
    where = ("pots", "shares", index, "natural")
    wild = book.get("wild", {})
    if HAND_TRAITS[share["hand"]].card:
        yield Finding(where, f"natural applies to a poker hand; a {share['hand']} share reads one card")
    elif DECK_TRAITS[book["deck"]["cards"]].jokers:
        yield Finding(where, f"a natural hand plays every card as what it is, and the {book['deck']['cards']} "
                      "deck's joker is nothing but wild: use a deck without jokers")  # fmt: skip
    elif not (
        wild.get("ranks")
        or wild.get("cards")
        or wild.get("follows")
        or wild.get("moves")
        or wild.get("follow", "none") != "none"
        or wild.get("per_player", "none") != "none"
        or any(street.get("indicator") == "wild-rank" for street in book["streets"])
    ):
        yield Finding(where, "no card is wild in this book, so every hand is natural: set wild.ranks, "
                      "wild.cards or wild.follow, or remove natural")  # fmt: skip


def _a_share_always_won(shares: list[Book]) -> Iterator[Finding]:
    """Every share here may go unwon (a qualified low nobody makes, a card nobody holds in
    the hole), and then nobody could take the pot: one poker share without a qualifier must
    be there to take a share nobody qualifies for (docs/rules.md section V: no low, high
    scoops; no hole spade, the poker hand scoops)."""
    pokers = ", ".join(sorted(values_where(HAND_TRAITS, lambda hand: not hand.card)))
    split = "pots.nobody_qualifies: split-evenly (every hand in the pot takes an even part)"
    qualified = next((key for key in ("qualifier", "at_least") if key in shares[0]), None)
    if len(shares) == 1 and qualified is not None:
        yield Finding(
            ("pots", "shares", 0, qualified),
            f"a lone share with a qualifier ({qualified}): when no hand qualifies nobody could win the "
            f"pot; add a share to take it, say {split}, or remove the {qualified}",
        )
    elif len(shares) == 1:
        yield Finding(
            ("pots", "shares", 0, "hand"),
            f"a lone {shares[0]['hand']} share cannot take every pot: when no live hand holds the card "
            f"nobody could win; add a poker share ({pokers}) to take the pot then",
        )
    else:
        named = " + ".join(
            share["hand"] + (" (qualified)" if "qualifier" in share or "at_least" in share else "") for share in shares
        )
        yield Finding(
            ("pots", "shares"),
            f"every share may go unwon ({named}): when nobody qualifies and nobody holds the card, nobody "
            f"could win the pot; one share must be a poker hand ({pokers}) without a qualifier, or say {split}",
            at_key=True,
        )


@check(("wild",), ("deck", "cards"), ("deck", "copies"))
def jokers_need_a_joker(book: Book) -> Iterator[Finding]:
    """``wild.jokers`` says how a joker plays, so it needs a deck with one (and wild-down-bug-up
    a deck with exactly one: a double deck holds each joker twice)."""
    wild = book.get("wild", {})
    deck = book["deck"]["cards"]
    copies = book["deck"].get("copies", 1)
    if "jokers" in wild and not DECK_TRAITS[deck].jokers:
        decks = ", ".join(values_where(DECK_TRAITS, lambda traits: traits.jokers > 0))
        yield Finding(
            ("wild", "jokers"),
            f"the {deck} deck has no joker for wild.jokers to rule; set deck.cards to one with "
            f"jokers ({decks}) or remove wild.jokers",
        )
    elif wild.get("jokers") == "wild-down-bug-up" and DECK_TRAITS[deck].jokers * copies > 1:
        one = ", ".join(values_where(DECK_TRAITS, lambda traits: traits.jokers == 1))
        twice = " twice (deck.copies 2)" if copies > 1 else ""
        yield Finding(
            ("wild", "jokers"),
            f"wild-down-bug-up plays a seat's joker by its face, so the deck has one joker; the {deck} "
            f"deck{twice} has {DECK_TRAITS[deck].jokers * copies} (one hand could hold one up and one down): "
            f"use {one}, one deck (deck.copies 1)",
        )


@check(("wild",), ("deck", "cards"))
def flush_rule_needs_a_wild_card(book: Book) -> Iterator[Finding]:
    """``wild.flush`` says what a wild card is in a flush, so some card must be wild."""
    wild = book.get("wild", {})
    if "flush" not in wild:
        return
    anything_wild = (
        wild.get("ranks")
        or wild.get("cards")
        or wild.get("follows") is not None
        or wild.get("follow", "none") != "none"
        or wild.get("per_player", "none") != "none"
        or DECK_TRAITS[book["deck"]["cards"]].jokers
    )
    if not anything_wild:
        yield Finding(
            ("wild", "flush"),
            "no card is wild in this book for wild.flush to rule; make a card wild (wild.ranks, wild.cards, "
            "wild.follow, wild.follows, wild.per_player, or a deck with jokers) or remove wild.flush",
        )


@check(("showdown", "declare"), ("pots", "shares"))
def declare_needs_shares_to_choose_between(book: Book) -> Iterator[Finding]:
    """Players declare for one share, several or all (docs/rules.md V7), so a declare book's
    pots have two or three shares of any kinds (the schema allows at most three); with one
    there is nothing to declare. Two shares of which one is a high poker hand are declared
    ``high``, ``low`` or ``both``; any other set by share number (``dcl 1+3``, ``dcl all``)."""
    declare = book["showdown"].get("declare", "none")
    hands = [share["hand"] for share in book["pots"]["shares"]]
    if declare != "none" and len(hands) < 2:
        yield Finding(
            ("showdown", "declare"),
            f"declare: {declare} needs two or three pots.shares to declare between (high + ace-to-five-low; "
            f"high + ace-to-five-low + high-spade-in-the-hole); got only {' + '.join(hands)}: add a share, "
            "or let cards speak (declare: none)",
        )


@check(("betting",), ("streets",))
def structure_fits_the_streets(book: Book) -> Iterator[Finding]:
    """Limit books size every street; pot and no limit books size by the pot or the stack,
    allow unlimited raises (WSOP-L 125) and have no half-bet rule (WSOP-L 129 is for limit)."""
    if STRUCTURE_TRAITS[book["betting"]["structure"]].limit:
        yield from _limit_streets(book)
    else:
        yield from _unlimited_betting(book)


def _limit_streets(book: Book) -> Iterator[Finding]:
    """Each street names the stake that sizes its bets; the open pair needs fixed bets."""
    structure = book["betting"]["structure"]
    for index, street in enumerate(book["streets"]):
        if "bet" not in street and street.get("betting", True):
            yield Finding(
                ("streets", index),
                f"street {street['id']!r} has no bet; a {structure} book must size every "
                "street with bet: small or bet: big",
                at_key=True,
            )
        if street.get("open_pair_big_bet", False):
            yield from _open_pair_needs_fixed_bets(structure, index)


def _unlimited_betting(book: Book) -> Iterator[Finding]:
    """No street has a fixed size, no open pair, no raise cap, no half-bet rule."""
    betting = book["betting"]
    structure = betting["structure"]
    streets = book["streets"]
    sized = [street["id"] for street in streets if "bet" in street or "bet_times" in street]
    if sized:
        # One line at the choice that conflicts: the streets usually come from a parent book.
        limits = " or ".join(values_where(STRUCTURE_TRAITS, lambda traits: traits.limit))
        message = (
            f"a {structure} book sizes bets by {STRUCTURE_TRAITS[structure].sized_by}, "
            f"but streets {', '.join(sized)} have a fixed bet size (bet, bet_times); give "
            f"streets as a list without them (they are allowed only in {limits})"
        )
        yield Finding(("betting", "structure"), message, instead=tuple((node, message) for node in _sizes(streets)))
    for index, street in enumerate(streets):
        if street.get("open_pair_big_bet", False):
            yield from _open_pair_needs_fixed_bets(structure, index)
    if betting["raise_cap"] is not None:
        message = f"{betting['raise_cap']} raises: a {structure} book allows unlimited raises (WSOP-L 125); set raise_cap: null"
        yield Finding(("betting", "raise_cap"), message, instead=((("betting", "structure"), message),))
    if SHORT_ALL_IN_TRAITS[betting["short_all_in"]].limit_only:
        others = " or ".join(values_where(SHORT_ALL_IN_TRAITS, lambda rule: not rule.limit_only))
        message = f"the half-bet rule is for limit play (WSOP-L 129); a {structure} book must use {others}"
        yield Finding(("betting", "short_all_in"), message, instead=((("betting", "structure"), message),))


def _sizes(streets: list[Book]) -> Iterator[NodePath]:
    """The nodes that give streets a fixed bet size (bet, bet_times)."""
    for index, street in enumerate(streets):
        for key in ("bet", "bet_times"):
            if key in street:
                yield ("streets", index, key)


def _open_pair_needs_fixed_bets(structure: str, index: int) -> Iterator[Finding]:
    """The open-pair rule offers the big bet in place of the small one (WSOP-L 220)."""
    if not STRUCTURE_TRAITS[structure].fixed:
        fixed = " or ".join(values_where(STRUCTURE_TRAITS, lambda traits: traits.fixed))
        yield Finding(
            ("streets", index, "open_pair_big_bet"),
            f"the open-pair big bet is a {fixed} rule (WSOP-L 220); a {structure} book must leave it false",
        )


@check(("betting", "community_card_round"), ("deck", "exhaustion"))
def community_round_needs_a_community_card(book: Book) -> Iterator[Finding]:
    """A rule that takes the community card's betting round away needs an exhaustion rule that
    can deal one."""
    round_rule = book["betting"].get("community_card_round", "normal")
    exhaustion = book["deck"]["exhaustion"]
    if COMMUNITY_ROUND_TRAITS[round_rule].betting_round or EXHAUSTION_TRAITS[exhaustion].may_deal_community_card:
        return
    community = values_where(EXHAUSTION_TRAITS, lambda rule: rule.may_deal_community_card)
    yield Finding(
        ("betting", "community_card_round"),
        f"{round_rule} applies to a community card, but deck.exhaustion {exhaustion} never deals "
        f"one; use one of {', '.join(sorted(community))} or leave it normal",
    )


@check(("streets",), ("deck", "exhaustion"))
def community_cards_need_a_deck_that_lasts(book: Book) -> Iterator[Finding]:
    """Community cards by design (``streets[].board``) are dealt from a deck that serves every
    seat: a rule for running short would deal one more community card in place of a street,
    which the engine does not mix with a board the book deals."""
    exhaustion = book["deck"]["exhaustion"]
    if not EXHAUSTION_TRAITS[exhaustion].has_rule:
        return
    for index, street in enumerate(book["streets"]):
        if street.get("board") or street.get("indicator"):
            none = values_where(EXHAUSTION_TRAITS, lambda rule: not rule.has_rule)[0]
            yield Finding(
                ("streets", index, "board" if street.get("board") else "indicator"),
                f"street {street['id']!r} deals cards to the middle, but deck.exhaustion {exhaustion} may deal "
                f"one more in place of a street; a book with community cards sets deck.exhaustion: {none} "
                "(and seats as many players as the deck serves)",
                instead=((("deck", "exhaustion"), f"{exhaustion} cannot be mixed with community cards by design"),),
            )
            return


@check(("streets",))
def face_down_indicators_are_dealt_earlier(book: Book) -> Iterator[Finding]:
    """An indicator card dealt face down (``indicator_dealt_on``) is this street's indicator,
    dealt on a street before it, so it is in the middle when its turn comes."""
    ids = [street["id"] for street in book["streets"]]
    for index, street in enumerate(book["streets"]):
        dealt_on = street.get("indicator_dealt_on")
        if dealt_on is None:
            continue
        where = ("streets", index, "indicator_dealt_on")
        if "indicator" not in street:
            yield Finding(where, "indicator_dealt_on says where this street's indicator card is dealt face down; "
                          "the street names no indicator (indicator: wild-rank, discard-rank or fold-rank)")  # fmt: skip
        elif dealt_on not in ids[:index]:
            earlier = ", ".join(ids[:index]) or "none"
            yield Finding(where, f"{dealt_on!r} is not a street before {street['id']!r}; the card is dealt face "
                          f"down on an earlier street and turned on this one: one of {earlier}")  # fmt: skip


@check(("streets",))
def face_down_boards_are_dealt_earlier(book: Book) -> Iterator[Finding]:
    """Community cards dealt face down (``board_dealt_on``) are this street's board, dealt on
    a street before it, so they are in the middle when their turn comes (docs/rules.md V15)."""
    ids = [street["id"] for street in book["streets"]]
    for index, street in enumerate(book["streets"]):
        dealt_on = street.get("board_dealt_on")
        if dealt_on is None:
            continue
        where = ("streets", index, "board_dealt_on")
        if not street.get("board"):
            yield Finding(where, "board_dealt_on says where this street's community cards are dealt face down; "
                          "the street deals none (board: [up], one entry a card)")  # fmt: skip
        elif dealt_on not in ids[:index]:
            earlier = ", ".join(ids[:index]) or "none"
            yield Finding(where, f"{dealt_on!r} is not a street before {street['id']!r}; the cards are dealt face "
                          f"down on an earlier street and turned on this one: one of {earlier}")  # fmt: skip


@check(("streets",))
def turned_cards_were_dealt_down(book: Book) -> Iterator[Finding]:
    """A street's ``turn_up`` turns cards dealt face down before it (on it or earlier) and
    not turned yet, so a book never asks for more than a seat holds face down."""
    down = 0
    for index, street in enumerate(book["streets"]):
        down += sum(face == "down" for face in street["deal"])
        wanted = street.get("turn_up", 0)
        if wanted > down:
            yield Finding(("streets", index, "turn_up"), f"street {street['id']!r} turns up {wanted} card(s) a "
                          f"player, but only {down} face-down card(s) are dealt by then and not turned")  # fmt: skip
            return
        down -= wanted


@check(("streets",), ("triggers",))
def turned_cards_set_off_no_rule(book: Book) -> Iterator[Finding]:
    """A card turned up by rule (``turn_up``, ``turn_until_best``) is no dealt card, so a
    dealt-card rule on up cards would miss it, and an indicator that kills the hands showing
    its rank looks at the boards only when it is turned: such a book sets neither."""
    turning = [key for key in ("turn_up", "turn_until_best") if any(street.get(key) for street in book["streets"])]
    if not turning:
        return
    how = " and ".join(f"streets[].{key}" for key in turning)
    for index, trigger in enumerate(book.get("triggers", ())):
        if trigger.get("face", "up") == "up":
            yield Finding(("triggers", index, "face"), f"this book turns cards up by rule ({how}), and "
                          "a turned card is no dealt card: a dealt-card rule on up cards would not see it; set "
                          "face: down, or deal the cards face up")  # fmt: skip
    for index, street in enumerate(book["streets"]):
        if street.get("indicator") == "fold-rank":
            yield Finding(("streets", index, "indicator"), f"this book turns cards up by rule ({how}): a fold-rank "
                          "indicator kills the hands showing its rank when it is turned, and a card turned later "
                          "would not be seen; use wild-rank or discard-rank, or deal the cards face up")  # fmt: skip


@check(("players",), ("streets",))
def blind_play_asks_no_decision(book: Book) -> Iterator[Finding]:
    """A player who cannot see its own cards (``players.no_peek``) has nothing to choose them
    by: a blind book turns its cards up by rule (``turn_up``) and asks no decision about them."""
    if not book["players"].get("no_peek"):
        return
    for index, street in enumerate(book["streets"]):
        if street.get("decisions"):
            yield Finding(("streets", index, "decisions"), "players.no_peek: nobody sees their own face-down "
                          "cards, so there is nothing to choose them by; turn cards up by rule with turn_up")  # fmt: skip
            return


@check(("streets",))
def down_when_all_up_has_up_cards(book: Book) -> Iterator[Finding]:
    """``down_when_all_up`` turns a street's up cards face down for some players, so the
    street deals an up card."""
    for index, street in enumerate(book["streets"]):
        if street.get("down_when_all_up") and "up" not in street["deal"]:
            yield Finding(("streets", index, "down_when_all_up"), f"street {street['id']!r} deals no card face up "
                          "for down_when_all_up to deal face down instead; it goes with a deal of an up card")  # fmt: skip


@check(("streets",), ("wild",), ("deck", "cards"))
def barred_ranks_need_wild_jokers(book: Book) -> Iterator[Finding]:
    """An indicator that throws out a rank or kills with it bars wild cards from that rank;
    a bug joker counts as an ace whatever is barred, so such a book plays its jokers wild."""
    if not DECK_TRAITS[book["deck"]["cards"]].jokers or book.get("wild", {}).get("jokers", "wild") == "wild":
        return
    for index, street in enumerate(book["streets"]):
        if "indicator" in street and INDICATOR_TRAITS[street["indicator"]].bars_wild:
            yield Finding(("streets", index, "indicator"), f"{street['indicator']} bars wild cards from its rank, "
                          "but a joker played as the bug is always an ace; with jokers set wild.jokers: wild")  # fmt: skip
            return


@check(("wild",))
def one_follow_rule(book: Book) -> Iterator[Finding]:
    """Follow the Queen (``follow``) and the same rule for any rank (``follows``) are one rule:
    a book names it once."""
    wild = book.get("wild", {})
    if wild.get("follows") is not None and wild.get("follow", "none") != "none":
        yield Finding(
            ("wild", "follows"),
            f"wild.follows {wild['follows']!r} and wild.follow {wild['follow']!r} both name the rank to follow; "
            "set one (follows: Q is follow: follow-the-queen), and follow: none where a book extends one that follows",
        )


@check(("pots", "shares"), ("streets",))
def own_and_board_fit(book: Book) -> Iterator[Finding]:
    """A share held to ``own`` of a seat's cards and ``board`` community cards names both, five
    in all, on a poker ranking, in a book that deals that many community cards and at least
    that many cards to each seat, face down where ``own_face`` says so (Stud Hold'em: two and
    three; Down in the Delta: two hole cards and three)."""
    streets = book["streets"]
    community = sum(len(street.get("board", ())) for street in streets)
    dealt = sum(len(street["deal"]) for street in streets)
    down = sum(face == "down" for street in streets for face in street["deal"])
    fewest = _fewest_held(streets)
    for index, share in enumerate(book["pots"]["shares"]):
        own, board = share.get("own"), share.get("board")
        if own is None and board is None:
            if "own_face" in share:
                yield Finding(("pots", "shares", index, "own_face"), "own_face says which of a seat's own cards "
                              "the share's own cards come from; it goes with own and board")  # fmt: skip
            continue
        where = ("pots", "shares", index, "own" if own is not None else "board")
        if own is None or board is None:
            yield Finding(where, "own and board go together: how many of a seat's own cards and of the "
                          "community cards the hand plays (Stud Hold'em: own 2, board 3)")  # fmt: skip
        elif own + board != 5:
            yield Finding(
                where, f"own {own} + board {board} = {own + board}; a poker hand is five cards: own + board = 5"
            )
        elif HAND_TRAITS[share["hand"]].card or share.get("set") is not None:
            yield Finding(where, f"own and board choose the five cards of a poker hand; {share['hand']!r}"
                          f"{' reading a set hand' if share.get('set') is not None else ''} is not one")  # fmt: skip
        elif board > community:
            yield Finding(where, f"the hand plays {board} community card(s), but the streets deal {community} "
                          "(streets[].board)")  # fmt: skip
        elif own > dealt:
            yield Finding(where, f"the hand plays {own} of a seat's own cards, but each seat is dealt {dealt}")
        elif own > fewest:
            yield Finding(where, f"the hand plays {own} of a seat's own cards, but after its discards a seat may "
                          f"hold only {fewest}: nobody could make the hand")  # fmt: skip
        elif share.get("own_face") == "down" and own > down:
            yield Finding(("pots", "shares", index, "own_face"), f"the hand plays {own} of a seat's face-down "
                          f"cards, but each seat is dealt {down} face down")  # fmt: skip


def _fewest_held(streets: list[Book]) -> int:
    """The fewest cards a seat may hold at the showdown: every card dealt it, less the most
    its discards may take (a discard of up to every card still leaves it one: a hand to show)."""
    held = 0
    for street in streets:
        held += len(street["deal"])
        for decision in street.get("decisions", ()):
            if decision["decide"] != "discard":
                continue  # a draw, a buy or a pass gives back as many as it takes
            if "count" in decision or "up_to" in decision:
                held -= decision.get("count", decision.get("up_to", 0))
            else:
                held = min(held, decision.get("keep", 1))
            held = max(held, 1)
    return held


@check(("triggers",))
def extra_face_goes_with_an_extra_card(book: Book) -> Iterator[Finding]:
    """``extra_face`` says how a rule's extra card is dealt: only a rule that deals one has it."""
    for index, trigger in enumerate(book.get("triggers", ())):
        if "extra_face" in trigger and not TRIGGER_EFFECT_TRAITS[trigger["effect"]].deals_card:
            yield Finding(
                ("triggers", index, "extra_face"),
                f"effect {trigger['effect']!r} deals no extra card, so it has no extra_face; "
                "extra_face goes with effect extra-card",
            )
