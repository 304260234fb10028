"""``studspec describe`` states each decision about cards at its place in the street order
(issue 24): turn up, discard, draw, buy, pass and set two hands, a street without betting,
a step that deals nothing, and the pot shares that read a set hand.

Expected words are built from the book's own numbers and the phrase registry (the number
of cards in words, the face of the cards a decision names, the stake that prices a card),
never copied from output. Each option value of a decision is set in turn in a small house
rule, and its words must follow.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import BUILTIN_BOOKS
from studspec.authoring.describe import describe
from studspec.authoring.document import CHANGED, Format, render
from studspec.authoring.phrases import PHRASES, fill, named_values, phrase, schema_options
from studspec.rulebook import load_variant
from studspec.rulebook.model import Variant

WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")

SEVEN_CARD_STREETS: list[dict[str, Any]] = [
    {"id": "third", "deal": ["down", "down", "up"], "bet": "small", "bring_in": True},
    {"id": "fourth", "deal": ["up"], "bet": "small"},
    {"id": "fifth", "deal": ["up"], "bet": "big"},
    {"id": "sixth", "deal": ["up"], "bet": "big"},
    {"id": "seventh", "deal": ["down"], "bet": "big"},
]


def markdown(variant: Variant) -> str:
    return render(describe(variant), Format.MARKDOWN)


def street_line(text: str, street_id: str) -> str:
    lead = f"**{street_id.replace('-', ' ').capitalize()} street**"
    return next(line for line in text.splitlines() if lead in line)


def section(text: str, title: str) -> str:
    return text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]


def with_step(tmp_path: Path, decision: dict[str, Any], **extra: Any) -> Variant:
    """Seven-card stud for six players, then a step of ``decision`` alone (no card dealt)
    with a betting round at the big bet: 6 x (7 + 1 replacement) + 4 burns = 52 cards."""
    doc = {
        "schema_version": 1,
        "extends": "seven-card-stud",
        "name": "step",
        "title": "A step",
        "players": {"max": 6},
        "deck": {"exhaustion": "none"},
        "streets": [*SEVEN_CARD_STREETS, {"id": "step", "deal": [], "decisions": [decision], "bet": "big"}],
        **extra,
    }
    path = tmp_path / "step.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return load_variant(str(path))


# --- the shipped books with decisions ----------------------------------------------------------


def test_super_stud_discards_on_a_step_without_cards_or_betting() -> None:
    """Super Stud: four down and one up, a betting round, then every player discards two of
    its down cards (no replacement); that step deals no card, so nothing is burned before
    it, and it has no betting round."""
    variant = load_variant("super-stud")
    line = street_line(markdown(variant), "discard")
    (decision,) = next(s for s in variant.streets if s.id == "discard").decisions
    count = WORDS[decision.count or 0]
    assert f"Each player discards {count} face-down cards, together, in secret." in line
    assert "There is no betting on this street." in line
    assert "burn" not in line and "acts first" not in line and "bets" not in line.lower()


def test_a_turn_up_comes_before_the_bring_in_it_decides() -> None:
    """Seven-Card Flip: four cards down, every player turns two of them up, all at once, and
    the bring-in then reads the turned-up cards (the decision is said before the betting)."""
    line = street_line(markdown(load_variant("seven-card-flip")), "fourth")
    turn = "Each player turns two face-down cards face up, together, in secret."
    assert turn in line
    assert line.index("Four cards face down") < line.index(turn) < line.index("The bring-in opens the betting.")


def test_anaconda_passes_left_seen_only_by_their_receivers() -> None:
    text = markdown(load_variant("anaconda"))
    for street, count in (("pass-three", "three"), ("pass-two", "two"), ("pass-one", "one")):
        cards = "card" if count == "one" else "cards"
        assert (
            f"Each player passes {count} face-down {cards} to the next player still in on the left; "
            "all passes are made together and seen only by their receivers." in street_line(text, street)
        )
    # The first betting round has nothing face up: the first player to the dealer's left
    # opens; once cards are rolled up, the board opens.
    assert "first player to the dealer's left acts first" in street_line(text, "deal")
    assert "first player to the dealer's left acts first" in street_line(text, "pass-one")
    roll = street_line(text, "first-roll")
    assert "Each player discards two cards, together, in secret." in roll
    assert roll.index("discards") < roll.index("turns one face-down card face up")
    assert "first player to the dealer's left" not in roll


def test_english_stud_buys_one_card_for_the_big_bet_in_turn() -> None:
    variant = load_variant("english-stud")
    text = markdown(variant)
    (buy,) = next(s for s in variant.streets if s.id == "buy").decisions
    face = phrase("streets.decisions.replacement", buy.replacement).text
    big = variant.stakes.big_bet
    assert (
        f"Each player may buy a replacement for one card, in turn from the dealer's left, for the big bet "
        f"({big}) a card; {face}." in street_line(text, "buy")
    )
    rules = section(text, "Decisions about cards")
    assert phrase("streets.decisions.order", "in-turn").text in rules
    assert phrase("streets.decisions.short_of_price", "all-in").text in rules  # the schema's default


def test_a_twist_draws_up_to_one_card_with_its_face() -> None:
    line = street_line(markdown(load_variant("stud-with-a-twist")), "twist")
    assert (
        "Each player may draw up to one card, in turn from the dealer's left; a replacement comes face up "
        "for an up card and face down for a down card." in line
    )


def test_cowpie_sets_two_hands_and_each_wins_half() -> None:
    text = markdown(load_variant("cowpie"))
    setting = next(s for s in load_variant("cowpie").streets if any(d.hands for d in s.decisions))
    assert (
        "Each player sets a five-card hand and a two-card hand, together, in secret; each hand holds at "
        "least one face-down card; the five-card hand must outrank the two-card hand." in street_line(text, setting.id)
    )
    pots = section(text, "Pots")
    assert "Half of each pot goes to the best five-card hand, half to the best two-card hand" in pots
    # A two-card hand has no straight or flush, and no low qualifier applies to a high share.
    assert "no straight or flush" in pots and "qualifies" not in pots


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_only_books_with_decisions_speak_of_them(book: str) -> None:
    """A book without decisions has no section on them and no decision's words; a book with
    them has the section, naming each kind it uses."""
    variant = load_variant(book)
    text = markdown(variant)
    kinds = {d.decide for street in variant.streets for d in street.decisions}
    assert ("## Decisions about cards" in text) == bool(kinds)
    for value in named_values(dict(schema_options())["streets.decisions.decide"]):
        said = phrase("streets.decisions.decide", value).text
        assert (said in text) == (value in kinds), f"{book}: {value}"


def test_the_deck_counts_replacements_and_burns_only_before_a_deal() -> None:
    """English stud for six: seven cards dealt and one bought each, and a burn before each of
    the four later streets that deal (the buy deals none first): 6 x 8 + 4 = 52."""
    variant = load_variant("english-stud")
    dealt = sum(len(s.deal) for s in variant.streets)
    burns = sum(1 for i, s in enumerate(variant.streets) if i > 0 and s.deal)
    need = variant.max_players * (dealt + 1) + burns
    assert f"needs at most {need} cards ({dealt + 1} each, one of them a replacement, and {burns} burns)" in (
        markdown(variant)
    )


def test_html_states_the_decisions_too() -> None:
    page = render(describe(load_variant("super-stud")), Format.HTML)
    assert "<h2>Decisions about cards</h2>" in page
    assert "Each player discards two face-down cards, together, in secret." in page


# --- every option value of a decision changes the words ----------------------------------------


def _decision_values() -> list[tuple[str, str]]:
    return [
        (option, value)
        for option, node in schema_options()
        if option.startswith("streets.decisions.")
        for value in named_values(node)
    ]


_BASE: dict[str, dict[str, Any]] = {
    "turn-up": {"decide": "turn-up"},
    "discard": {"decide": "discard", "count": 1},
    "draw": {"decide": "draw", "up_to": 1},
    "buy": {"decide": "buy", "price": "small-bet"},
    "pass": {"decide": "pass", "count": 1},
    "set-hands": {"decide": "set-hands", "hands": [5, 2]},
}
"""A small decision of each kind, valid as it stands."""

_KIND_OF = {
    "cards": "discard",
    "order": "discard",
    "price": "draw",
    "short_of_price": "buy",
    "replacement": "draw",
    "direction": "pass",
    "first_outranks": "set-hands",
}
"""The kind whose decision each option is tried on."""

_SET_SHARES = {"pots": {"shares": [{"hand": "high", "set": 1}, {"hand": "high", "set": 2}]}}


def _book_for(tmp_path: Path, option: str, value: str) -> Variant:
    key = option.rsplit(".", 1)[1]
    kind = value if key == "decide" else _KIND_OF[key]
    decision = dict(_BASE[kind])
    if key != "decide":
        decision[key] = value == "true" if key == "first_outranks" else value
    return with_step(tmp_path, decision, **(_SET_SHARES if kind == "set-hands" else {}))


@pytest.mark.parametrize(("option", "value"), _decision_values(), ids=[f"{o}={v}" for o, v in _decision_values()])
def test_each_decision_value_reads_as_its_phrase(tmp_path: Path, option: str, value: str) -> None:
    """Set one option of a decision: its words are in the step's line (a fragment: the
    cards' face, the order, the price, the replacement, the direction, the outranking rule)
    or in the section on decisions (what a kind shows, what an order means, a short stack),
    and no other value's are."""
    variant = _book_for(tmp_path, option, value)
    text = markdown(variant)
    line = street_line(text, "step")
    rules = section(text, "Decisions about cards")
    said = phrase(option, value)
    words = fill(said.text, variant.resolved)
    if option.endswith((".decide", ".order", ".short_of_price")):
        assert words in rules
    if option.endswith(".order"):
        assert said.noun in line
    if option.endswith(".cards"):
        assert f"discards one {said.noun}," in line
    if option.endswith(".price"):
        price = fill(said.noun, variant.resolved)
        assert (f", for {price} a card;" in line) == bool(price)
    if option.endswith((".replacement", ".direction")):
        assert words in line
    if option.endswith(".first_outranks"):
        assert ("the five-card hand must outrank the two-card hand" in line) == (value == "true")
    others = [v for o, v in PHRASES if o == option and v != value]
    for other in others:
        other_words = fill(PHRASES[(option, other)].text, variant.resolved)
        if other_words and other_words != words:
            assert other_words not in text, f"{option}: {value} still reads as {other}"


def test_a_house_rule_changing_a_decision_marks_its_street(tmp_path: Path) -> None:
    """A book that extends Super Stud and discards one card instead of two: the discard step
    is marked changed, the other streets are not."""
    path = tmp_path / "one.yaml"
    doc = {
        "schema_version": 1,
        "extends": "super-stud",
        "name": "one",
        "title": "Super Stud, one discard",
        "streets": {"discard": {"decisions": [{"decide": "discard", "count": 1, "cards": "down"}]}},
    }
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    text = markdown(load_variant(str(path)))
    line = street_line(text, "discard")
    assert CHANGED in line and "Each player discards one face-down card, together, in secret." in line
    assert CHANGED not in street_line(text, "fourth")


def test_every_decision_template_fills_in() -> None:
    """Each kind's wording names only the fields describe fills (the cards, the order, the
    price, the replacement, where passed cards go), in both its forms."""
    fields = {"what": "two cards", "order": "together", "price": "", "replacement": "r", "to": "to p2"}
    for value in named_values(dict(schema_options())["streets.decisions.decide"]):
        said = phrase("streets.decisions.decide", value)
        assert said.choice and said.optional and said.text, value
        said.choice.format(**fields)
        said.optional.format(**fields)
