"""Semantic checks of the decisions about cards (``streets[].decisions[]``): what a schema
cannot say about them, so that a book that validates plays.

Each option of a decision belongs to some kinds only (a pass has a direction, a draw a price,
a discard may keep N); a number of cards is given one way; a book that sets two hands holds
a known number of cards when it sets them, and names for every share the hand it reads.
Registered with :func:`.checks.check` like every other check (the loader imports this module).
"""

from __future__ import annotations

from collections.abc import Iterator

from .checks import Book, Finding, check
from .options import HAND_TRAITS, TRIGGER_EFFECT_TRAITS

_ONLY: dict[str, tuple[str, ...]] = {
    "keep": ("discard",),
    "direction": ("pass",),
    "price": ("draw", "buy"),
    "short_of_price": ("draw", "buy"),
    "replacement": ("draw", "buy"),
    "hands": ("set-hands",),
    "first_outranks": ("set-hands",),
    "down_in_each": ("set-hands",),
    "cards": ("discard", "draw", "buy", "pass"),
}
"""The kinds each option of a decision belongs to."""

_NUMBERS = ("count", "up_to", "at_least", "keep")
_REPLACING = ("draw", "buy")


def _decisions(book: Book) -> Iterator[tuple[int, int, Book]]:
    for index, street in enumerate(book["streets"]):
        for number, decision in enumerate(street.get("decisions", ())):
            yield index, number, decision


@check(("streets",))
def streets_do_something(book: Book) -> Iterator[Finding]:
    """A street deals cards, turns cards up or asks a decision; a street without betting has no bet size
    and no bring-in."""
    for index, street in enumerate(book["streets"]):
        if (
            not street["deal"]
            and not street.get("decisions")
            and not street.get("board")
            and not street.get("indicator")
            and not street.get("turn_up")
        ):
            yield Finding(
                ("streets", index, "deal"),
                f"street {street['id']!r} deals no card and asks no decision; give it cards to deal "
                "(to the seats, or to the board), cards to turn up (turn_up) or decisions",
            )
        if street.get("betting", True) is False:
            for key in ("bring_in", "open_pair_big_bet"):
                if street.get(key, False):
                    yield Finding(
                        ("streets", index, key),
                        f"street {street['id']!r} has no betting round (betting: false), so no {key}",
                    )


@check(("streets",))
def decision_options_fit_their_kind(book: Book) -> Iterator[Finding]:
    """Each option belongs to its kinds; the number of cards is given one way."""
    for index, number, decision in _decisions(book):
        kind = decision["decide"]
        place = ("streets", index, "decisions", number)
        for key, kinds in _ONLY.items():
            if key in decision and kind not in kinds:
                yield Finding((*place, key), f"{key} applies to {' and '.join(kinds)} only, not to {kind}")
        given = [key for key in _NUMBERS if key in decision]
        if len(given) > 1 and ("count" in given or "keep" in given):
            yield Finding(
                (*place, given[1]),
                f"give the number of cards one way: count (exactly), keep (down to), or up_to and at_least; not {' and '.join(given)}",
            )
        if "up_to" in decision and "at_least" in decision and decision["at_least"] > decision["up_to"]:
            yield Finding((*place, "at_least"), f"at_least {decision['at_least']} is above up_to {decision['up_to']}")
        if kind in ("discard", "draw") and not given:
            yield Finding(
                place,
                f"a {kind} needs its number of cards: count (exactly), up_to (0 to N), at_least, or keep (discard down to N)",
                at_key=True,
            )
        if kind == "set-hands":
            if "hands" not in decision:
                yield Finding(place, "set-hands needs hands: the sizes of the two hands, e.g. [5, 2]", at_key=True)
            for key in _NUMBERS:
                if key in decision:
                    yield Finding((*place, key), "set-hands takes its numbers from hands, not from " + key)
        if kind == "buy" and decision.get("price", "free") == "free":
            yield Finding(place, "a buy needs a price (a free buy is a draw: decide: draw)", at_key=True)


@check(("streets",), ("triggers",))
def replacements_set_off_no_rule(book: Book) -> Iterator[Finding]:
    """A replacement card is dealt in the middle of a decision, where no dealt-card rule can
    ask its question: a book with an extra-card or pay-or-fold rule may not draw or buy."""
    if not book.get("triggers"):
        return
    for index, number, decision in _decisions(book):
        if decision["decide"] in _REPLACING:
            yield Finding(
                ("streets", index, "decisions", number, "decide"),
                f"a {decision['decide']} deals replacement cards, which the book's dealt-card rules (triggers) "
                "would have to watch; a book with triggers may not draw or buy",
                instead=((("triggers",), "a book with dealt-card rules (triggers) may not draw or buy"),),
            )


def _held_before(book: Book, street_index: int, decision_number: int) -> int | None:
    """How many cards every seat holds when a decision is asked (``None``: not known in
    advance: a discard of a varying number, a discard or pass of one face only (a seat with
    fewer such cards names fewer), or an extra card a dealt-card rule may give)."""
    if any(TRIGGER_EFFECT_TRAITS[t["effect"]].deals_card for t in book.get("triggers", ())):
        return None
    held = 0
    for index, street in enumerate(book["streets"][: street_index + 1]):
        held += len(street["deal"])
        decisions = street.get("decisions", ())
        for number, decision in enumerate(decisions):
            if index == street_index and number == decision_number:
                return held
            if decision.get("cards", "any") != "any" and decision["decide"] in ("discard", "pass"):
                return None  # a seat with fewer cards of that face throws or passes fewer
            if decision["decide"] != "discard":
                continue
            if "count" in decision:
                held -= min(decision["count"], held)
            elif "keep" in decision:
                held = min(held, decision["keep"])
            else:
                return None
    return held


@check(("streets",), ("pots", "shares"), ("triggers",))
def set_hands_fit(book: Book) -> Iterator[Finding]:
    """Two hands take every card a seat holds when it sets them; nothing is dealt or thrown
    after; every share names the hand it reads, a poker hand; one set-hands decision."""
    found = [(i, n, d) for i, n, d in _decisions(book) if d["decide"] == "set-hands"]
    shares = book["pots"]["shares"]
    named = [number for number, share in enumerate(shares) if "set" in share]
    if not found:
        for number in named:
            yield Finding(("pots", "shares", number, "set"), "set names a hand, but no decision sets hands (set-hands)")
        return
    for index, number, _ in found[1:]:
        yield Finding(("streets", index, "decisions", number), "a book sets hands once", at_key=True)
    index, number, decision = found[0]
    place = ("streets", index, "decisions", number)
    sizes = decision.get("hands")
    held = _held_before(book, index, number)
    if sizes and held is None:
        yield Finding(
            place,
            "set-hands needs every seat to hold a known number of cards: no discard of a varying number "
            "(up_to, at_least), no discard or pass of down or up cards only, and no extra-card rule before it",
            at_key=True,
        )
    elif sizes and held != sum(sizes):
        yield Finding((*place, "hands"), f"hands {sizes} take {sum(sizes)} cards, but every seat then holds {held}")
    for later, street in enumerate(book["streets"][index:], start=index):
        after = street.get("decisions", ())[number + 1 :] if later == index else street.get("decisions", ())
        if (later > index and street["deal"]) or any(d["decide"] != "turn-up" for d in after):
            yield Finding(("streets", later, "id"), "no card may be dealt, thrown or passed after the hands are set")
            break
    for share_number, share in enumerate(shares):
        if "set" not in share:
            yield Finding(
                ("pots", "shares", share_number),
                "players set two hands here: every share names the hand it reads (set: 1 or set: 2)",
                at_key=True,
            )
        elif HAND_TRAITS[share["hand"]].card:
            yield Finding(
                ("pots", "shares", share_number, "set"), "set applies to poker hands only, not to a card share"
            )


@check(("streets",), ("phh_codes",))
def decisions_claim_no_phh_code(book: Book) -> Iterator[Finding]:
    """PHH's stud games have no line for turning up, passing, buying or setting hands, and
    none of them draws: a history claiming one of their codes with such lines in it would
    mislead a PHH reader. A book with decisions about cards writes studspec's own lines
    under its own name (``phh_codes: []``), as a declare book does."""
    codes = book.get("phh_codes", ())
    found = next(((i, n) for i, n, _ in _decisions(book)), None)
    if not codes or found is None:
        return
    message = (
        f"a book with decisions about cards writes studspec's own history lines (up, pass, buy, set; "
        f"sd in a stud game), which PHH's {', '.join(codes)} has not: set phh_codes: []"
    )
    yield Finding(("phh_codes",), message, instead=((("streets", found[0], "decisions"), message),))
