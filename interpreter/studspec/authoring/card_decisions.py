"""The decisions about cards (``streets[].decisions[]``) in plain English, for ``studspec describe``.

Each decision is read as the engine plays it: resolved by :func:`studspec.engine.rules.decision_rule`
(so a turn-up names down cards, a buy with no number names one, a pass is made together), then
worded from its kind's phrase in :mod:`studspec.authoring.phrases`, with the number of cards,
their face, the order, the price and where a replacement or a passed card goes filled in. The
rules that hold for every decision of a kind (what everyone sees, what together means, a
player short of the price) are said once, in a section of their own; a book without decisions
has neither that section nor a word about them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from studspec.engine.decisions import DecisionRule
from studspec.engine.phases import PhaseKind
from studspec.engine.rules import DECISION_CARDS, decision_rule
from studspec.rulebook.model import Decision, Face, Street, Variant

from .phrases import fill, phrase

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

_REPLACING = frozenset({PhaseKind.DRAW, PhaseKind.BUY})
"""Kinds that deal a replacement for each card named."""


def number(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def _plural(noun: str, n: int | None) -> str:
    return noun if n == 1 else noun + "s"


def _noun(rule: DecisionRule) -> str:
    """The cards a decision may name, as a noun: "card", "face-down card"."""
    value = next(name for name in DECISION_CARDS if DECISION_CARDS[name] == rule.faces)
    return phrase("streets.decisions.cards", value).noun


def _what(rule: DecisionRule) -> tuple[str, bool]:
    """The cards named ("two face-down cards", "up to one card") and whether a player may
    name none (the optional wording)."""
    noun = _noun(rule)
    if rule.hands:
        first, second = rule.hands
        return f"a {number(first)}-card hand and a {number(second)}-card hand", False
    if rule.count is not None:
        return f"{number(rule.count)} {_plural(noun, rule.count)}", False
    if rule.keep is not None:
        return f"{_plural(noun, 2)} until {number(rule.keep)} cards are left", False
    if rule.most is None:
        if rule.least == 0:
            return f"any number of {_plural(noun, 2)}", True
        return f"at least {number(rule.least)} {_plural(noun, rule.least)}", False
    if rule.least == 0:
        return f"up to {number(rule.most)} {_plural(noun, rule.most)}", True
    return f"from {number(rule.least)} to {number(rule.most)} {_plural(noun, rule.most)}", False


def _set_rules(decision: Decision, rule: DecisionRule) -> str:
    """What a set of two hands must hold: face-down cards in each, the first above the second."""
    rules = []
    if rule.down_in_each:
        down = _plural("face-down card", rule.down_in_each)
        rules.append(f"each hand holds at least {number(rule.down_in_each)} {down}")
    first, second = (f"{number(n)}-card hand" for n in rule.hands)
    outranks = phrase("streets.decisions.first_outranks", decision.first_outranks).choice
    if outranks:
        rules.append(outranks.format(first=first, second=second))
    return "".join(f"; {text}" for text in rules)


def sentence(decision: Decision, book: Mapping[str, Any]) -> str:
    """One decision as a sentence at its place in the street: "Each player discards two
    face-down cards, together, in secret."."""
    rule = decision_rule(decision)
    said = phrase("streets.decisions.decide", decision.decide)
    what, optional = _what(rule)
    price = fill(phrase("streets.decisions.price", decision.price).noun, book)
    text = (said.optional if optional else said.choice).format(
        what=what,
        order=phrase("streets.decisions.order", "together" if rule.together else "in-turn").noun,
        price=f", for {price} a card" if price else "",
        replacement=phrase("streets.decisions.replacement", decision.replacement).text,
        to=phrase("streets.decisions.direction", decision.direction).text,
    )
    if rule.hands:
        text += _set_rules(decision, rule)
    return text + "."


def decisions_of(variant: Variant) -> Iterator[Decision]:
    for street in variant.streets:
        yield from street.decisions


def general(variant: Variant, book: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """The rules every decision of the book follows, each with the option it states: who is
    asked, what each kind shows, what together and in turn mean, a player short of a price."""
    decisions = list(decisions_of(variant))
    everyone = (
        "Every player still in the hand is asked, in seat order from the dealer's left; a player "
        "who has folded is not. A player who is all-in decides like any other."
    )
    yield everyone, "streets.decisions"
    for kind in dict.fromkeys(d.decide for d in decisions):
        yield phrase("streets.decisions.decide", kind).text, "streets.decisions.decide"
    orders = {"together" if decision_rule(d).together else "in-turn" for d in decisions}
    for order in ("together", "in-turn"):
        if order in orders:
            yield phrase("streets.decisions.order", order).text, "streets.decisions.order"
    for short in dict.fromkeys(d.short_of_price for d in decisions if d.price != "free"):
        yield fill(phrase("streets.decisions.short_of_price", short).text, book), "streets.decisions.short_of_price"


def shows_up(street: Street) -> bool:
    """Whether the street puts a card face up: it deals one, a player turns one up (by
    choice or by rule), or a replacement is dealt face up."""
    if Face.UP in street.deal or street.turn_up:
        return True
    rules = [decision_rule(d) for d in street.decisions]
    return any(r.kind is PhaseKind.TURN_UP or (r.kind in _REPLACING and r.replacement is Face.UP) for r in rules)


def replacements(street: Street) -> int:
    """The most replacement cards one player may be dealt on the street (its draws and buys),
    counted as ``studspec validate`` counts them for the deck."""
    most = 0
    for decision in street.decisions:
        rule = decision_rule(decision)
        if rule.kind in _REPLACING:
            most += decision.count or decision.up_to or (1 if rule.kind is PhaseKind.BUY else 7)
    return most


def set_sizes(variant: Variant) -> tuple[int, ...]:
    """The sizes of the hands the book's players set (``()`` when they set none)."""
    return next((d.hands for d in decisions_of(variant) if d.hands), ())
