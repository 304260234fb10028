"""``studspec describe``: the rules in words, generated from the YAML.

The expectations are derived from the rule books and the phrase registry, never copied
from output: a phrase is looked up by (option, value), numbers are read from the variant,
and each test changes one option in a house rule and checks that the words follow.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import BUILTIN_BOOKS
from studspec.authoring.describe import describe
from studspec.authoring.document import CHANGED, Format, render
from studspec.authoring.phrases import PHRASES, Phrase, fill, named_values, phrase, schema_default, schema_options
from studspec.cli import main
from studspec.engine.rules import BURN
from studspec.rulebook import load_variant, option_values
from studspec.rulebook.checks import DECK_SIZES
from studspec.rulebook.model import Face, Variant

BASE = "seven-card-stud"


def markdown(variant: Variant) -> str:
    return render(describe(variant), Format.MARKDOWN)


def house_rule(tmp_path: Path, overrides: dict[str, Any], name: str = "house") -> Variant:
    """A rule book extending the casino book with ``overrides``, loaded as a user would."""
    doc = {"schema_version": 1, "extends": BASE, "name": name, "title": f"House {name}", **overrides}
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return load_variant(str(path))


def nested(option: str, value: Any) -> dict[str, Any]:
    """``{"betting": {"structure": value}}`` for ``"betting.structure"``."""
    out: Any = value
    for part in reversed(option.split(".")):
        out = {part: out}
    return dict(out)


def line_with(text: str, needle: str) -> str:
    return next(line for line in text.splitlines() if needle in line)


# --- the phrase registry against the schema --------------------------------------------------


def test_every_value_in_the_schema_has_a_phrase() -> None:
    """The lead adds options and values; this fails, naming each, until it has its words."""
    missing = [
        f"{option}: {value}"
        for option, node in schema_options()
        for value in named_values(node)
        if (option, value) not in PHRASES
    ]
    assert not missing, "add phrases to studspec.authoring.phrases.PHRASES for: " + ", ".join(missing)


def test_every_enum_read_through_option_values_has_a_phrase() -> None:
    """The same, through the schema's own accessor for the enums the registries use."""
    for option, node in schema_options():
        if "enum" in node or "enum" in node.get("items", {}):
            for value in option_values(option):
                assert (option, value) in PHRASES, f"no phrase for {option}: {value}"


def test_no_phrase_for_a_value_the_schema_does_not_have() -> None:
    known = {(option, value) for option, node in schema_options() for value in named_values(node)}
    assert set(PHRASES) <= known, f"stale phrases: {sorted(set(PHRASES) - known)}"


def test_phrases_that_others_refer_to_have_nouns_and_all_fill_in() -> None:
    book = load_variant(BASE).resolved
    for option in ("pots.shares.hand", "first_to_act.board", "streets.bet"):
        for value in option_values(option):
            assert phrase(option, value).noun, f"{option}: {value} needs a noun"
    for said in PHRASES.values():
        fill(said.text, book)
        if said.street:
            assert "{size}" in said.street
            fill(said.street, book, size="the big bet (800)")


# --- every built-in book ---------------------------------------------------------------------


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_builtin_books_describe_every_option_they_set(book: str) -> None:
    variant = load_variant(book)
    text = markdown(variant)
    assert text.startswith(f"# {variant.title}\n")
    for option, node in schema_options():
        if option.startswith(("streets.", "pots.shares", "triggers.")):
            continue
        value = _value(variant.resolved, option)
        if value is None or not named_values(node):
            continue
        words = fill(phrase(option, value).text, variant.resolved)
        if words and _shown_for(variant, option):
            assert words in text, f"{book}: {option}: {value} is not described"
    for street in variant.streets:
        assert street_line(text, street.id)
    for share in variant.shares:
        assert phrase("pots.shares.hand", share.hand).noun in text


def _value(book: Any, option: str) -> Any:
    for part in option.split("."):
        if not isinstance(book, dict) or part not in book:
            return None
        book = book[part]
    return book


def _shown_for(variant: Variant, option: str) -> bool:
    """Options whose rule only applies with another: the heads-up cap needs a cap, the
    community-card round a rule that deals one, how the bring-in is chosen a street that
    has one (Anaconda opens by position: nothing is face up on its first street)."""
    if option.startswith("bring_in."):
        return any(street.bring_in for street in variant.streets)
    if option == "betting.heads_up":
        return variant.raise_cap is not None
    if option == "betting.community_card_round":
        return variant.exhaustion != "none"
    return True


def street_line(text: str, street_id: str) -> str:
    """The numbered line of a street, led by its name ("Pass three street")."""
    return line_with(text, f"**{street_id.replace('-', ' ').capitalize()} street**")


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_street_lines_follow_the_streets(book: str) -> None:
    """Each street says what is dealt, its decisions, its bet in chips, the burn (before a
    street that deals cards: a step of decisions alone deals none) and who opens; a street
    without betting says so. Who opens is the best board once any card is face up (dealt up
    or turned up), else the first player to the dealer's left."""
    variant = load_variant(book)
    text = markdown(variant)
    up_yet = False
    for index, street in enumerate(variant.streets):
        line = street_line(text, street.id)
        assert ("burn card" in line) == (BURN[variant.burn](index) and bool(street.deal))
        assert line.count("Each player ") == len(street.decisions)
        up_yet = up_yet or Face.UP in street.deal or any(d.decide == "turn-up" for d in street.decisions)
        assert ("There is no betting on this street." in line) == (not street.betting)
        if not street.betting:
            assert "acts first" not in line and "bring-in" not in line
            continue
        if street.bet is not None:
            assert f"({variant.stakes.bet(street.bet, street.bet_times)})" in line
        assert ("bring-in opens" in line) == street.bring_in
        board = phrase("first_to_act.board", variant.first_to_act_board).noun
        assert (board.lower() in line.lower()) == (not street.bring_in and up_yet)
        assert ("first player to the dealer's left acts first" in line) == (not street.bring_in and not up_yet)
        open_pair = fill(phrase("streets.open_pair_big_bet", True).text, variant.resolved)
        if variant.open_pair == "big-bet-required":  # seed 002: the big bet opens, no choice
            open_pair = fill(phrase("betting.open_pair", variant.open_pair).text, variant.resolved)
        assert (open_pair in line) == street.open_pair_big_bet


def test_the_deck_arithmetic_is_the_books() -> None:
    variant = load_variant(BASE)
    text = markdown(variant)
    cards = sum(len(s.deal) for s in variant.streets)
    burns = sum(1 for i in range(len(variant.streets)) if BURN[variant.burn](i))
    need = variant.max_players * cards + burns
    assert need > DECK_SIZES[variant.deck]
    assert f"would need {need} cards ({cards} each and {burns} burns)" in text


# --- change an option, the text changes ------------------------------------------------------

_COMPANIONS: dict[tuple[str, str], dict[str, Any]] = {
    # Pot and no limit books size no street, allow any number of raises, and use the
    # full-bet rule for short all-ins (the schema's semantic checks say so).
    **{
        ("betting.structure", s): {
            "betting": {"structure": s, "raise_cap": None, "short_all_in": "full-bet-reopens"},
            "streets": [
                {"id": "third", "deal": ["down", "down", "up"], "bring_in": True},
                {"id": "fourth", "deal": ["up"]},
                {"id": "fifth", "deal": ["up"]},
                {"id": "sixth", "deal": ["up"]},
                {"id": "seventh", "deal": ["down"]},
            ],
        }
        for s in ("pot-limit", "no-limit")
    },
    ("betting.structure", "spread-limit"): {
        "betting": {"structure": "spread-limit"},
        "streets": {"fourth": {"open_pair_big_bet": False}},
    },
    # A boolean option is written as one (the parametrisation names it as text).
    **{("players.no_peek", text): {"players": {"no_peek": text == "true"}} for text in ("true", "false")},
    # Declarations need a high and a low share to declare for.
    **{
        ("showdown.declare", d): {
            "showdown": {"declare": d},
            "pots": {"shares": [{"hand": "high"}, {"hand": "ace-to-five-low"}]},
        }
        for d in ("simultaneous", "in-turn-from-last-aggressor")
    },
    # How wild cards read on the board needs a wild card (issue 21 item 3: otherwise unsaid).
    **{("wild.board", b): {"wild": {"ranks": ["2"], "board": b}} for b in ("natural", "wild")},
    # What a wild card is in a flush needs a wild card (issue 21 item 9).
    **{("wild.flush", f): {"wild": {"ranks": ["2"], "flush": f}} for f in ("distinct-ranks", "any-rank")},
    # How a joker plays needs a deck with one.
    **{
        ("wild.jokers", j): {"deck": {"cards": "52-plus-joker"}, "wild": {"jokers": j}}
        for j in ("wild", "bug", "wild-down-bug-up")
    },
    # A pot nobody qualifies for needs a share that can go unwon (docs/rules.md S9).
    ("pots.nobody_qualifies", "split-evenly"): {
        "pots": {
            "shares": [{"hand": "high", "at_least": {"hand": "pair", "rank": "J"}}],
            "nobody_qualifies": "split-evenly",
        }
    },
    # Without a rule for running out, a full table must fit in the deck.
    ("deck.exhaustion", "none"): {"deck": {"exhaustion": "none"}, "players": {"max": 6}},
}

_CHANGES = [
    (option, value)
    for option, node in schema_options()
    if not option.startswith(("streets.", "pots.shares", "triggers."))
    for value in named_values(node)
]


@pytest.mark.parametrize(("option", "value"), _CHANGES, ids=[f"{o}={v}" for o, v in _CHANGES])
def test_each_option_value_reads_as_its_phrase(tmp_path: Path, option: str, value: str) -> None:
    """Set one option in a house rule: its phrase appears, no other value's does, and the
    point is marked changed exactly when the value differs from the casino book's."""
    overrides = _COMPANIONS.get((option, value), nested(option, value))
    variant = house_rule(tmp_path, overrides)
    text = markdown(variant)
    said = fill(phrase(option, value).text, variant.resolved)
    if not said or not _shown_for(variant, option):
        return
    assert said in text
    others = {fill(phrase(option, v).text, variant.resolved) for v in option_values(option) if v != value}
    for other in others - {said, ""}:
        assert other not in text, f"{option}: {value} still reads as another value"
    base = _value(load_variant(BASE).resolved, option)
    if base is None:  # an optional option the casino book leaves out has the schema's default
        base = schema_default(option)
    line = line_with(text, said[:60])
    assert (CHANGED in line) == (base != value)


def test_a_street_bet_change_is_in_its_street_and_marked(tmp_path: Path) -> None:
    """Seed 000's home rule: big bets from fourth street."""
    variant = house_rule(tmp_path, {"streets": {"fourth": {"bet": "big", "open_pair_big_bet": False}}})
    text = markdown(variant)
    big = f"{phrase('streets.bet', 'big').noun} ({variant.stakes.big_bet})"
    fourth = line_with(text, "**Fourth street**")
    assert big in fourth and CHANGED in fourth
    assert CHANGED not in line_with(text, "**Third street**")
    assert CHANGED not in line_with(text, "**Fifth street**")
    assert "**streets.fourth.bet**: small \u2192 big" in text


def test_faces_and_bet_times_read_from_the_street(tmp_path: Path) -> None:
    variant = house_rule(tmp_path, {"streets": {"seventh": {"deal": ["up"], "bet_times": 2}}})
    seventh = line_with(markdown(variant), "**Seventh street**")
    assert f"one card {phrase('streets.deal', 'up').text} to each player" in seventh
    assert f"twice the big bet ({2 * variant.stakes.big_bet})" in seventh


def test_open_pair_rule_follows_the_street(tmp_path: Path) -> None:
    variant = house_rule(
        tmp_path,
        {"streets": {"fourth": {"open_pair_big_bet": False}, "fifth": {"bet": "small", "open_pair_big_bet": True}}},
    )
    text = markdown(variant)
    rule = fill(phrase("streets.open_pair_big_bet", True).text, variant.resolved)
    assert rule not in line_with(text, "**Fourth street**")
    assert rule in line_with(text, "**Fifth street**")


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"stakes": {"ante": 0}}, "no ante"),
        ({"stakes": {"ante": 25}}, "an ante of 25"),
        ({"stakes": {"small_bet": 500, "big_bet": 1000}}, "a small bet of 500 and a big bet of 1000"),
        ({"betting": {"raise_cap": 4}}, "up to four raises"),
        ({"betting": {"raise_cap": 0}}, "and no raises"),
        ({"betting": {"raise_cap": None}}, "no limit on the number of raises"),
        ({"players": {"min": 3, "max": 6}}, "From 3 to 6 players"),
    ],
)
def test_numbers_read_from_the_book(tmp_path: Path, overrides: dict[str, Any], expected: str) -> None:
    text = markdown(house_rule(tmp_path, overrides))
    assert expected in text
    assert CHANGED in line_with(text, expected)


def test_small_table_never_runs_short(tmp_path: Path) -> None:
    variant = house_rule(tmp_path, {"players": {"max": 6}})
    cards = sum(len(s.deal) for s in variant.streets)
    need = 6 * cards + sum(1 for i in range(len(variant.streets)) if BURN[variant.burn](i))
    assert f"A full table of 6 needs at most {need} cards" in markdown(variant)


def test_low_qualifier_is_named(tmp_path: Path) -> None:
    seven = house_rule(tmp_path, {"pots": {"shares": [{"hand": "high"}, {"hand": "ace-to-five-low", "qualifier": 7}]}})
    text = markdown(seven)
    assert "none higher than seven" in text and "seven or better" in text
    regular = house_rule(tmp_path, {"pots": {"shares": [{"hand": "high"}, {"hand": "ace-to-five-low"}]}}, "regular")
    low = phrase("pots.shares.hand", "ace-to-five-low").noun
    assert f"Every hand qualifies for the {low} share" in markdown(regular)
    razz_pots = markdown(load_variant("razz")).split("## Pots")[1].split("\n## ")[0]
    assert "qualifies" not in razz_pots


def test_a_house_rule_stating_the_parents_value_changes_nothing(tmp_path: Path) -> None:
    base = load_variant(BASE)
    variant = house_rule(tmp_path, {"stakes": {"ante": base.stakes.ante}, "bring_in": {"ties": base.bring_in_ties}})
    text = markdown(variant)
    assert CHANGED not in text
    assert "changes nothing" in text


def test_a_book_without_extends_marks_nothing() -> None:
    text = markdown(load_variant(BASE))
    assert CHANGED not in text and "Changes from" not in text


def test_razz_marks_what_it_changes_from_stud() -> None:
    text = markdown(load_variant("razz"))
    card = fill(phrase("bring_in.card", "highest-ace-low").text, {})
    assert CHANGED in line_with(text, card[1:40])
    assert CHANGED not in line_with(text, fill(phrase("bring_in.ties", "suit").text, {}))
    assert "## Changes from Seven-Card Stud" in text


# --- HTML and the command --------------------------------------------------------------------


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.changed = 0
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ("meta", "br"):
            self.stack.append(tag)
        if tag == "li" and ("class", "changed") in attrs:
            self.changed += 1

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack.pop() == tag, f"unbalanced </{tag}>"

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_is_balanced_and_marks_the_same_points(tmp_path: Path) -> None:
    variant = house_rule(tmp_path, {"streets": {"fourth": {"bet": "big"}}, "stakes": {"ante": 0}})
    doc = describe(variant)
    page = render(doc, Format.HTML)
    parser = _Collector()
    parser.feed(page)
    assert parser.stack == []
    assert parser.changed == render(doc, Format.MARKDOWN).count(CHANGED) == 2
    assert variant.title in "".join(parser.text)


def test_describe_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for book in BUILTIN_BOOKS:
        assert main(["describe", book]) == 0
        assert capsys.readouterr().out.startswith(f"# {load_variant(book).title}")
    out = tmp_path / "razz.html"
    assert main(["describe", "razz", "--format", "html", "-o", str(out)]) == 0
    assert re.search(r"<title>Razz</title>", out.read_text(encoding="utf-8"))


def test_describe_command_reports_a_broken_book(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nextends: seven-card-stud\nbring_in:\n  card: lowest\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main(["describe", str(bad)])
    assert f"{bad}:4:" in str(stop.value)


def test_an_option_describe_does_not_place_still_appears(monkeypatch: pytest.MonkeyPatch) -> None:
    """A schema option added later and not yet placed in a section is listed under "Other
    rules" (with its phrase when it has one), so the description never leaves a rule out."""
    import copy
    from dataclasses import replace

    import studspec.authoring.describe as module

    real = list(schema_options())
    extra = [("betting.frobnicate", {"type": "integer"}), ("deck.colour", {"type": "string", "enum": ["red"]})]
    monkeypatch.setattr(module, "schema_options", lambda: iter(real + extra))
    monkeypatch.setitem(PHRASES, ("deck.colour", "red"), Phrase("Red backs."))
    base = load_variant(BASE)
    book = copy.deepcopy(dict(base.resolved))
    book["betting"]["frobnicate"] = 3
    book["deck"]["colour"] = "red"
    text = markdown(replace(base, resolved=book))
    other = text.split("## Other rules", 1)[1]
    assert "betting.frobnicate: 3" in other and "Red backs." in other


def test_a_replaced_street_list_is_shown_whole_not_compared_by_id() -> None:
    """Five-card stud's "third" street is not seven-card stud's third (issue 11): its change
    list shows both street lists, and no per-street change such as streets.third.deal."""
    text = markdown(load_variant("five-card-stud"))
    changes = text.split("## Changes from", 1)[1].split("\n## ", 1)[0]
    assert "streets.third" not in changes and "streets.fourth" not in changes
    assert "→ [second (down up, small, bring-in), third (up, small), fourth (up, big), fifth (up, big)]" in changes


def test_card_shares_alone_do_not_promise_a_poker_hand(tmp_path: Path) -> None:
    """docs/rules.md S9: a book of two spade shares, a pot neither is won in split among every
    hand (pots.nobody_qualifies), has no poker hand to take an unwon share: describe does not
    say one does."""
    spades = [{"hand": "high-spade-in-the-hole"}, {"hand": "low-spade-in-the-hole"}]
    variant = house_rule(tmp_path, {"pots": {"shares": spades, "nobody_qualifies": "split-evenly"}})
    text = markdown(variant)
    assert "the poker hand takes the whole pot" not in text
    assert "split as evenly as possible among every hand still in it" in text
