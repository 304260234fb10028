"""What ``studspec validate`` says about a rule book: every problem in one run, each at the
line the user wrote, in words that match the rule; and the stakes rule that the schema, the
checks, the docs and ``studspec run`` share."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from studspec.errors import SpecErrors, StakesError
from studspec.rulebook import load_schema, load_variant, validate_file
from studspec.rulebook.model import Stakes
from test_validate import _check_lines, _values

DOCS = ROOT / "docs" / "rulebooks.md"


def _book(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


# --- every problem in one run (issue 5) ----------------------------------------------------


def test_three_typos_in_different_places_show_in_one_run(tmp_path: Path) -> None:
    path = _book(
        tmp_path,
        "schema_version: 1\n"  # 1
        "extends: seven-card-stud\n"  # 2
        "betting:\n"  # 3
        "  structure: fixed-limt\n"  # 4  schema: not an allowed value
        "stakes:\n"  # 5
        "  small_bet: 900\n"  # 6  semantic: above the big bet (800)
        "streets:\n"  # 7
        "  fouth:\n"  # 8  merge: no such street
        "    bet: big\n",  # 9
    )
    errors = validate_file(path)
    assert [(e.line, e.col) for e in errors] == [(4, 14), (6, 14), (8, 3)], errors
    assert "'fixed-limt' is not one of the allowed values" in errors[0].message
    assert "900 is above stakes.big_bet 800" in errors[1].message
    assert "unknown street id 'fouth'" in errors[2].message


def test_schema_and_semantic_problems_of_a_standalone_book_show_together(tmp_path: Path) -> None:
    stud = (ROOT / "variants" / "seven-card-stud.yaml").read_text()
    text = (
        stud.replace("  min: 2\n", "  min: 9\n")  # semantic: above players.max 8
        .replace("  ante: 40\n", "  ante: forty\n")  # schema
        .replace("heads_up: capped", "heads_up: cappd")  # schema
    )
    errors = validate_file(_book(tmp_path, text))
    messages = [e.message for e in errors]
    assert len(errors) == 3, messages
    assert any("players.min: 9 is above players.max 8" in m for m in messages)
    assert any("stakes.ante: expected an integer" in m for m in messages)
    assert any("'cappd' is not one of the allowed values" in m for m in messages)


def test_a_check_on_a_refused_value_is_not_run(tmp_path: Path) -> None:
    """A check whose input the schema refused would only repeat the problem in other words."""
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nstakes:\n  small_bet: lots\n")
    errors = validate_file(path)
    assert [(e.line, e.col) for e in errors] == [(4, 14)] and "expected an integer" in errors[0].message


def test_problems_in_parent_and_child_show_together(tmp_path: Path) -> None:
    _book(tmp_path, "schema_version: 1\nextends: razz\nstakes:\n  ante: -5\n", "parent.yaml")
    path = _book(tmp_path, "schema_version: 1\nextends: parent.yaml\nplayers:\n  min: 9\n")
    errors = validate_file(path)
    assert [(Path(e.path).name, e.line) for e in errors] == [("house.yaml", 4), ("parent.yaml", 4)], errors


def test_a_street_patch_error_is_reported_once(tmp_path: Path) -> None:
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nstreets:\n  fourth:\n    bet: huge\n")
    errors = validate_file(path)
    assert len(errors) == 1 and (errors[0].line, errors[0].col) == (5, 10), errors


def test_a_refused_yaml_tag_is_not_reported_twice(tmp_path: Path) -> None:
    path = _book(tmp_path, "schema_version: 1\nextends: razz\nstakes:\n  ante: !!set {a: null}\n")
    errors = validate_file(path)
    assert len(errors) == 1 and "'set' is not allowed" in errors[0].message, errors


# --- the user's own line (issue 6) -------------------------------------------------------


def test_a_bet_size_the_user_wrote_is_blamed_on_the_user(tmp_path: Path) -> None:
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud-pot-limit\nstreets:\n  fourth:\n    bet: big\n")
    errors = validate_file(path)
    assert [(e.path, e.line, e.col) for e in errors] == [(str(path), 5, 10)], errors
    assert "a pot-limit book sizes bets by the pot" in errors[0].message
    assert "inherits" not in errors[0].message


def test_a_structure_the_user_wrote_is_blamed_on_the_user(tmp_path: Path) -> None:
    """Every problem is in the user's file: at the structure it wrote, or (issue 21 item 7)
    at its extends line for the values it inherits and must now override."""
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nbetting:\n  structure: pot-limit\n")
    errors = validate_file(path)
    assert {error.path for error in errors} == {str(path)}
    assert (4, 14) in {(error.line, error.col) for error in errors}


def test_a_stake_the_user_wrote_is_blamed_on_the_user(tmp_path: Path) -> None:
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nstakes:\n  big_bet: 300\n")
    (error,) = validate_file(path)
    assert (error.path, error.line, error.col) == (str(path), 4, 12)
    assert "stakes.big_bet: 300 is below stakes.small_bet 400" in error.message
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nstakes:\n  small_bet: 150\n")
    (error,) = validate_file(path)
    assert (error.path, error.line, error.col) == (str(path), 4, 14)
    assert "stakes.small_bet: 150" in error.message and "bring_in 200" in error.message
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nplayers:\n  max: 1\n")
    (error,) = validate_file(path)
    assert (error.path, error.line, error.col) == (str(path), 4, 8)


def test_a_value_only_the_parent_wrote_is_reported_at_extends(tmp_path: Path) -> None:
    """Issue 21 item 7: the user edits its own file, never the installed parent; a problem
    with an inherited value is reported at the book's extends line, names the key to set
    there (a street by its id, as a patch writes it) and says where the value comes from."""
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: house\n")
    assert validate_file(path) == []
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nstreets:\n  third:\n    deal: [down]\n")
    errors = validate_file(path)
    assert {error.path for error in errors} == {str(path)}
    inherited = [error for error in errors if "inherited from" in error.message]
    assert inherited and all((error.line, error.col) == (2, 10) for error in inherited)
    assert any("set streets.fourth.open_pair_big_bet in this file" in error.message for error in inherited)
    assert all("seven-card-stud.yaml:" in error.message for error in inherited)


def test_a_deck_problem_is_reported_at_the_players_the_user_wrote(tmp_path: Path) -> None:
    """Issue 21 item 7: ten players of seven-card stud run the deck out before the last
    street (10 x 6 + 3 burns = 63 > 52); the rule for running out is the parent's, the
    fix is players.max, which the user wrote, so the problem is reported there, with the
    largest table that fits (8: 8 x 6 + 3 = 51 cards, and a burn and a card left)."""
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: ten\nplayers: {max: 10}\n")
    (error,) = validate_file(path)
    assert (error.path, error.line) == (str(path), 4)
    assert error.message.startswith("players.max:") and "set players.max to 8 or less" in error.message


def test_a_last_street_refused_by_the_rule_for_running_out_names_the_way_out(tmp_path: Path) -> None:
    """Issue 21 item 7: a last street of two cards cannot become one community card; the
    message says that deck.exhaustion: none (no community card) is the other way."""
    path = _book(
        tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: two\nstreets:\n  seventh: {deal: [down, down]}\n"
    )
    (error,) = validate_file(path)
    assert "set deck.exhaustion: none" in error.message
    # 8 cards each and 4 burns: (52 - 4) // 8 = 6 players fit a deck that must serve every seat.
    assert "set players.max to 6 or less" in error.message


def test_no_suggestion_of_a_table_below_two_players(tmp_path: Path) -> None:
    """Issue 21 item 15: when not even two players fit the deck, the message says to deal
    fewer cards rather than "set players.max to 0 or less"."""
    streets = "[" + ", ".join(f"{{id: s{i}, deal: [down, down, down, down], bet: small}}" for i in range(7)) + "]"
    path = _book(
        tmp_path,
        f"schema_version: 1\nextends: seven-card-stud\nname: many\ndeck: {{exhaustion: none}}\nstreets: {streets}\n",
    )
    errors = validate_file(path)
    assert errors and not any("or less" in error.message for error in errors)
    assert any("not even 2 players fit" in error.message for error in errors)


# --- the stakes rule (issue 7) -----------------------------------------------------------


def _stakes_book(tmp_path: Path, stakes: str, extends: str = "seven-card-stud") -> Path:
    return _book(tmp_path, f"schema_version: 1\nextends: {extends}\nstakes: {stakes}\n")


def test_a_bring_in_of_zero_is_refused_when_a_street_has_the_bring_in(tmp_path: Path) -> None:
    (error,) = validate_file(_stakes_book(tmp_path, "{bring_in: 0}"))
    assert (error.line, error.col) == (3, 20)
    assert "stakes.bring_in: 0" in error.message and "at least 1" in error.message


def test_a_bring_in_of_zero_is_allowed_without_a_bring_in_street(tmp_path: Path) -> None:
    _book(
        tmp_path,
        "schema_version: 1\nextends: seven-card-stud\nname: no-bring-in\nstreets:\n  third:\n    bring_in: false\n",
        "antes-only.yaml",
    )
    path = _stakes_book(tmp_path, "{bring_in: 0}", extends="antes-only.yaml")
    assert validate_file(path) == []
    variant = load_variant(path)
    from studspec.engine.stakes import check_table

    check_table(variant.stakes, variant, [100, 100])


def test_equal_small_and_big_bets_are_refused(tmp_path: Path) -> None:
    (error,) = validate_file(_stakes_book(tmp_path, "{small_bet: 800}"))
    assert "800 equals stakes.big_bet 800" in error.message and "below the big bet" in error.message


@pytest.mark.parametrize(
    "stakes",
    [
        Stakes(ante=0, bring_in=0, small_bet=400, big_bet=800, starting_stack=1000),
        Stakes(ante=0, bring_in=400, small_bet=400, big_bet=800, starting_stack=1000),
        Stakes(ante=0, bring_in=200, small_bet=800, big_bet=800, starting_stack=1000),
        Stakes(ante=0, bring_in=200, small_bet=900, big_bet=800, starting_stack=1000),
        Stakes(ante=0, bring_in=200, small_bet=400, big_bet=800, starting_stack=1000),
        Stakes(ante=5, bring_in=1, small_bet=2, big_bet=3, starting_stack=1000),
    ],
)
def test_validate_and_the_table_check_agree(tmp_path: Path, stakes: Stakes) -> None:
    from studspec.engine.stakes import check_table

    text = "{" + ", ".join(f"{k}: {getattr(stakes, k)}" for k in ("ante", "bring_in", "small_bet", "big_bet")) + "}"
    book_ok = validate_file(_stakes_book(tmp_path, text)) == []
    try:
        check_table(stakes, load_variant("seven-card-stud"), [1000, 1000])
        table_ok = True
    except StakesError:
        table_ok = False
    assert book_ok == table_ok


def test_the_docs_and_schema_state_the_same_stakes_rule() -> None:
    stakes = load_schema()["properties"]["stakes"]["properties"]
    assert "below big_bet" in stakes["small_bet"]["description"]
    assert "above small_bet" in stakes["big_bet"]["description"]
    assert "at least 1" in stakes["bring_in"]["description"]
    docs = DOCS.read_text(encoding="utf-8")
    for key in ("bring_in", "small_bet", "big_bet"):
        assert stakes[key]["description"] in docs, key
    assert "at most big_bet" not in docs and "at least small_bet" not in docs
    json.dumps(stakes)


def test_load_variant_refuses_what_run_refuses(tmp_path: Path) -> None:
    with pytest.raises(SpecErrors, match="bring_in"):
        load_variant(_stakes_book(tmp_path, "{bring_in: 0}"))


# --- messages that say what is wrong (issue 8) ---------------------------------------------


def test_a_book_with_extends_but_no_schema_version(tmp_path: Path) -> None:
    (error,) = validate_file(_book(tmp_path, "extends: seven-card-stud\nname: house\n"))
    assert (error.line, error.col) == (1, 1)
    assert "missing required section 'schema_version'" in error.message
    assert "without `extends`" not in error.message
    assert "every rule book states schema_version: 1" in error.message


def test_a_standalone_book_without_schema_version_still_lists_the_sections(tmp_path: Path) -> None:
    errors = validate_file(_book(tmp_path, "name: lonely\n"))
    missing = [e.message for e in errors if "schema_version" in e.message.split(";")[0]]
    assert len(missing) == 1 and "every rule book states schema_version: 1" in missing[0]
    others = [e.message for e in errors if "'players'" in e.message]
    assert others and "without `extends` must state" in others[0]


# --- PHH codes are not inherited (issue 9) -------------------------------------------------


def test_a_house_rule_does_not_inherit_its_parents_phh_codes(tmp_path: Path) -> None:
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: house\n")
    variant = load_variant(path)
    assert variant.phh_codes == ()
    assert "phh_codes" not in variant.resolved


def test_a_house_rule_may_state_its_own_phh_codes(tmp_path: Path) -> None:
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: house\nphh_codes: [F7S]\n")
    assert load_variant(path).phh_codes == ("F7S",)


def test_the_built_in_books_keep_their_codes() -> None:
    assert load_variant("seven-card-stud").phh_codes == ("F7S",)
    assert load_variant("razz").phh_codes == ("FR",)
    assert load_variant("seven-card-stud-hi-lo").phh_codes == ("F7S/8",)
    assert load_variant("five-card-stud").phh_codes == ()


# --- the whole pipeline runs on broken books without crashing ------------------------------

_SECTIONS = ["players", "stakes", "betting", "bring_in", "first_to_act", "streets", "deck", "showdown", "pots"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    parent=st.sampled_from(["seven-card-stud", "razz", "five-card-stud", "seven-card-stud-pot-limit", "baseball"]),
    patch=st.dictionaries(st.sampled_from(_SECTIONS), _values, max_size=4),
)
def test_any_child_of_a_built_in_book_gives_error_lines(parent: str, patch: dict[str, object], tmp_path: Path) -> None:
    """Merging and the semantic checks now run on books with schema errors: never a crash."""
    path = tmp_path / "child.yaml"
    path.write_text(yaml.safe_dump({"schema_version": 1, "extends": parent, **patch}), encoding="utf-8")
    _check_lines(validate_file(path))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(street=st.dictionaries(st.sampled_from(["deal", "bet", "bring_in", "open_pair_big_bet", "id", "x"]), _values))
def test_any_street_patch_gives_error_lines(street: dict[str, object], tmp_path: Path) -> None:
    path = tmp_path / "child.yaml"
    book = {"schema_version": 1, "extends": "seven-card-stud", "streets": {"fourth": street, "third": street}}
    path.write_text(yaml.safe_dump(book), encoding="utf-8")
    _check_lines(validate_file(path))


def test_wild_flush_needs_a_wild_card(tmp_path: Path) -> None:
    """Issue 21 item 9: wild.flush says what a wild card is in a flush; in a book where no
    card is wild it could never apply, so it is refused at the option (as wild.jokers is in
    a deck without a joker), and allowed once a rank is wild."""
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: x\nwild: {flush: any-rank}\n")
    (error,) = validate_file(path)
    assert error.message.startswith("wild.flush: no card is wild")
    path = _book(
        tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: x\nwild: {ranks: ['2'], flush: any-rank}\n"
    )
    assert validate_file(path) == []


def test_a_lone_card_share_is_refused(tmp_path: Path) -> None:
    """Found by the rule-book generator (issue 21 item 2): a book whose only share is the
    spade in the hole validated, then crashed the showdown of a hand where no live hand held
    a spade in the hole (nobody could win the pot). A card share needs a poker share beside
    it to take the pot then (docs/rules.md section V: no hole spade, high scoops)."""
    path = _book(
        tmp_path,
        "schema_version: 1\nextends: seven-card-stud\nname: x\npots: {shares: [{hand: high-spade-in-the-hole}]}\n",
    )
    (error,) = validate_file(path)
    assert error.message.startswith("pots.shares[0].hand: a lone high-spade-in-the-hole share cannot take every pot")


@pytest.mark.parametrize(
    ("key", "value"),
    [("title", "T\x1b]0;PWNED\x07\x1b[2J"), ("description", "Fine\nthen \x9b31m red"), ("title", "abc\u202edcba")],
)
def test_control_characters_in_a_books_text_are_refused(tmp_path: Path, key: str, value: str) -> None:
    """Issue 21 item 14: a title such as "T ESC]0;PWNED BEL ESC[2J" passed validate and was
    printed raw by describe, run and simulate, retitling and clearing the user's terminal.
    A book's text may hold no control character (a description may break lines), and the
    error itself shows the character escaped."""
    path = tmp_path / "house.yaml"
    path.write_text(
        yaml.safe_dump({"schema_version": 1, "extends": "razz", "name": "house", key: value}), encoding="utf-8"
    )
    (error,) = validate_file(path)
    assert error.message.startswith(f"{key}: holds the control character")
    assert not any(char in str(error) for char in "\x1b\x07\x9b\u202e")
    path.write_text(
        yaml.safe_dump({"schema_version": 1, "extends": "razz", "name": "house", "description": "Two\nlines"}),
        encoding="utf-8",
    )
    assert validate_file(path) == []


def test_two_shares_that_may_both_go_unwon_are_refused(tmp_path: Path) -> None:
    """Found by the rule-book generator (issue 21 item 2): a qualified low beside a spade in
    the hole validated, and a hand where nobody made the low and nobody held a hole spade
    crashed the settlement. One share must always have a winner: a poker hand without a
    qualifier (a qualified low with a high share, or a card share with any unqualified
    poker share, still validates)."""
    both = "pots: {shares: [{hand: ace-to-five-low, qualifier: 6}, {hand: low-spade-in-the-hole-ace-high}]}\n"
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: x\n" + both)
    (error,) = validate_file(path)
    assert error.message.startswith("pots.shares: every share may go unwon")
    fine = "pots: {shares: [{hand: ace-to-five-low}, {hand: low-spade-in-the-hole}]}\n"
    path = _book(tmp_path, "schema_version: 1\nextends: seven-card-stud\nname: x\n" + fine)
    assert validate_file(path) == []
