"""Broken rule books: each gives exactly one error line, at the right place, saying what is allowed.

The expected line and column of every case were read off the fixture in tests/data/broken/
(1-based; the column is where the offending key or value starts).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import BUILTIN_BOOKS, ROOT
from studspec.cli import main
from studspec.errors import SpecError, SpecErrors
from studspec.rulebook import load_variant, validate_file, validate_paths
from studspec.rulebook.yamlload import MAX_BYTES

DATA = ROOT / "tests" / "data"
BROKEN = DATA / "broken"
LINE = re.compile(r"^(?P<file>[^\n]+):(?P<line>\d+):(?P<col>\d+): (?P<message>[^\n]+)$")

# fixture, file the error is in (if not the fixture), line, col, words the message must hold
CASES: list[tuple[str, str | None, int, int, list[str]]] = [
    ("yaml-syntax.yaml", None, 6, 6, ["invalid YAML", "expected ',' or ']'", "flow sequence at line 5"]),
    ("duplicate-key.yaml", None, 8, 3, ["stakes.ante", "duplicate key 'ante'", "first at line 6", "only once"]),
    (
        "unknown-key.yaml",
        None,
        6,
        3,
        [
            "unknown key 'raise_limit'",
            "allowed keys: structure, raise_cap, open_pair, heads_up, short_all_in, community_card_round",
        ],
    ),
    ("bad-enum.yaml", None, 6, 14, ["betting.structure: 'fixed' is not one of the allowed values: fixed-limit"]),
    ("wrong-type.yaml", None, 6, 9, ["stakes.ante", "expected an integer", "'forty'"]),
    ("bad-schema-version.yaml", None, 2, 17, ["schema_version", "2 is not allowed", "only allowed value is 1"]),
    ("bad-name.yaml", None, 4, 7, ["name", "'Seven Card Stud'", "lowercase", "dashes"]),
    ("non-string-key.yaml", None, 6, 3, ["key 'yes' reads as a boolean", "keys must be strings", "quote"]),
    (
        "missing-section.yaml",
        None,
        2,
        1,
        [
            "missing required section 'showdown'",
            "without `extends` must state",
            "first_to_act, streets, deck, showdown, pots",
        ],
    ),
    (
        "missing-key.yaml",
        None,
        6,
        1,
        [
            "stakes",
            "missing required key 'big_bet'",
            "required keys: ante, bring_in, small_bet, big_bet, starting_stack",
        ],
    ),
    (
        "streets-patch-standalone.yaml",
        None,
        11,
        3,
        ["streets", "only in a rule book with `extends`", "expected a list of streets"],
    ),
    (
        "bring-in-no-up-card.yaml",
        None,
        7,
        11,
        [
            "streets[0].deal",
            "'third' has the bring-in but no up card shows by then",
            "[down, down, down]",
            "at least one up card",
        ],
    ),
    (
        "bring-in-on-later-street.yaml",
        None,
        7,
        22,
        ["streets[1].bring_in", "only on the first street with betting ('third')", "not on 'fourth'"],
    ),
    (
        "deck-too-small.yaml",
        None,
        6,
        15,
        [
            "deck.exhaustion",
            "8 players x 7 cards + 4 burns = 60 cards",
            "has 52",
            "players.max to 6 or less",
            "burns-then-community",
        ],
    ),
    (
        "community-last-street-two-cards.yaml",
        None,
        10,
        22,
        ["streets[3].deal", "'last' deals 2 cards", "burns-then-community", "exactly 1"],
    ),
    (
        "duplicate-street-id.yaml",
        None,
        9,
        10,
        ["streets[3].id", "duplicate street id 'fourth'", "also streets[2]", "unique"],
    ),
    ("open-pair-too-early.yaml", None, 6, 30, ["streets[0].open_pair_big_bet", "only 1 up card", "needs at least 2"]),
    ("players-min-above-max.yaml", None, 6, 8, ["players.min", "6 is above players.max 4", "at most"]),
    (
        "bring-in-not-below-small-bet.yaml",
        None,
        6,
        13,
        ["stakes.bring_in", "400 must be below stakes.small_bet 400"],
    ),
    (
        "small-bet-equals-big-bet.yaml",
        None,
        5,
        21,
        ["stakes.small_bet", "800 equals stakes.big_bet 800", "must be below the big bet"],
    ),
    (
        "small-bet-above-big-bet.yaml",
        None,
        5,
        21,
        ["stakes.small_bet", "1000 is above stakes.big_bet 800", "must be below the big bet"],
    ),
    (
        "qualifier-on-high.yaml",
        None,
        8,
        18,
        [
            "pots.shares[0].qualifier",
            "only to a low hand (ace-to-five-low, ace-to-six-low, badugi, badugi-ace-high, deuce-to-seven-low)",
            "'high' share",
        ],
    ),
    (
        "two-high-shares.yaml",
        None,
        8,
        7,
        ["pots.shares[1]", "shares 1 and 2 both read the high hand of the same cards", "different rankings"],
    ),
    (
        "lone-low-share-with-qualifier.yaml",
        None,
        7,
        42,
        ["pots.shares[0].qualifier", "lone share with a qualifier", "add a share to take it", "nobody_qualifies"],
    ),
    # Contradictory or incomplete combinations of options (issue 3).
    (
        "pot-limit-with-bet-size.yaml",
        None,
        6,
        22,
        [
            "betting.structure",
            "pot-limit book sizes bets by the pot",
            "third, fourth, fifth, sixth, seventh",
            "without them",
        ],
    ),
    (
        "no-limit-with-raise-cap.yaml",
        None,
        6,
        14,
        ["betting.raise_cap", "unlimited raises (WSOP-L 125)", "raise_cap: null"],
    ),
    (
        "pot-limit-half-bet-rule.yaml",
        None,
        6,
        17,
        ["betting.short_all_in", "limit play (WSOP-L 129)", "full-bet-reopens"],
    ),
    (
        "spread-limit-open-pair.yaml",
        None,
        6,
        31,
        ["streets[1].open_pair_big_bet", "fixed-limit rule (WSOP-L 220)", "spread-limit book must leave it false"],
    ),
    (
        "fixed-limit-street-without-bet.yaml",
        None,
        8,
        5,
        ["streets[2]", "'fifth' has no bet", "bet: small or bet: big"],
    ),
    (
        "no-betting-without-community-card.yaml",
        None,
        7,
        25,
        ["betting.community_card_round", "exhaustion none never deals one", "burns-then-community, community, tda"],
    ),
    (
        "open-pair-no-up-card-on-fourth.yaml",
        None,
        6,
        45,
        ["streets[1].open_pair_big_bet", "'fourth'", "only 1 up card", "needs at least 2"],
    ),
    (
        "extends-unknown.yaml",
        None,
        3,
        10,
        [
            "extends",
            "unknown rule book 'seven-card-studd'",
            "built-in rule books: anaconda, baseball, canadian-stud, chicago-declare, cowpie, english-stud, five-card-stud, follow-the-queen",
        ],
    ),
    (
        "extends-missing-file.yaml",
        None,
        3,
        10,
        ["extends", "file not found", "'./no-such-book.yaml'", "relative to this file"],
    ),
    (
        "cycle-a.yaml",
        "cycle-b.yaml",
        4,
        10,
        ["extends cycle", "cycle-a.yaml -> ", "cycle-b.yaml -> ", "cannot extend itself"],
    ),
    (
        "unknown-street-id.yaml",
        None,
        8,
        3,
        ["streets.eighth", "unknown street id 'eighth'", "third, fourth, fifth, sixth, seventh"],
    ),
    (
        "bad-parent-child.yaml",
        "parents/bad-parent.yaml",
        6,
        13,
        ["pots.odd_chip", "'high-card-by-suit' is not one of the allowed values: highest-card-by-suit"],
    ),
    ("alias-bomb.yaml", None, 8, 36, ["aliases expand to more than 10000 nodes", "billion laughs"]),
    ("recursive-alias.yaml", None, 5, 25, ["recursive YAML alias", "finite tree"]),
]


def _one_line(errors: list[SpecError]) -> re.Match[str]:
    """The single error's line, checked to have exactly the ``file:line:col: message`` form."""
    lines = [str(error) for error in errors]
    assert len(lines) == 1, lines
    match = LINE.match(lines[0])
    assert match, lines[0]
    return match


@pytest.mark.parametrize(("fixture", "in_file", "line", "col", "words"), CASES, ids=[c[0] for c in CASES])
def test_broken_book_gives_one_error_at_the_right_place(
    fixture: str, in_file: str | None, line: int, col: int, words: list[str]
) -> None:
    path = BROKEN / fixture
    errors = validate_file(str(path))
    match = _one_line(errors)
    expected_file = BROKEN / (in_file or fixture)
    assert Path(match["file"]).resolve() == expected_file.resolve()
    assert (int(match["line"]), int(match["col"])) == (line, col), str(errors[0])
    for word in words:
        assert word in match["message"], (word, match["message"])
    error = errors[0]
    assert (error.line, error.col) == (line, col)
    assert str(error) == f"{error.path}:{line}:{col}: {error.message}"


def test_the_exact_line_of_an_enum_error() -> None:
    path = str(BROKEN / "bad-enum.yaml")
    assert [str(e) for e in validate_file(path)] == [
        (
            f"{path}:6:14: betting.structure: 'fixed' is not one of the allowed values: "
            "fixed-limit, spread-limit, pot-limit, no-limit"
        )
    ]


def test_the_first_file_is_named_as_given() -> None:
    errors = validate_file(str(BROKEN / "wrong-type.yaml"))
    assert errors[0].path == str(BROKEN / "wrong-type.yaml")


def test_every_broken_fixture_is_covered() -> None:
    covered = {c[0] for c in CASES} | {c[1] for c in CASES if c[1]}
    on_disk = {str(p.relative_to(BROKEN)) for p in BROKEN.rglob("*.yaml")}
    assert on_disk == covered


def test_oversized_file(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("schema_version: 1\n" + "# padding\n" * (MAX_BYTES // 10 + 1))
    match = _one_line(validate_file(path))
    assert (match["file"], match["line"], match["col"]) == (str(path), "1", "1")
    assert "at most 1,048,576 bytes (1 MiB)" in match["message"]


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.yaml"
    path.write_text("# nothing but a comment\n")
    match = _one_line(validate_file(path))
    assert (match["line"], match["col"]) == ("1", "1")
    assert "empty" in match["message"] and "mapping" in match["message"]


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(b"schema_version: 1\ntitle: caf\xe9\n")
    match = _one_line(validate_file(path))
    assert (match["line"], match["col"]) == ("2", "11")
    assert "UTF-8" in match["message"]


def test_unsafe_tag_is_refused_not_run(tmp_path: Path) -> None:
    path = tmp_path / "unsafe.yaml"
    path.write_text("schema_version: 1\nextends: seven-card-stud\ntitle: !!python/object/apply:os.system [echo hi]\n")
    match = _one_line(validate_file(path))
    assert (match["line"], match["col"]) == ("3", "8")
    assert "python/object/apply:os.system" in match["message"] and "not allowed" in match["message"]


def test_missing_file_and_unknown_name() -> None:
    match = _one_line(validate_file(str(DATA / "no-such-file.yaml")))
    assert (match["line"], match["col"]) == ("1", "1") and "cannot read" in match["message"]
    match = _one_line(validate_file("no-such-game"))
    assert "unknown rule book 'no-such-game'" in match["message"] and "seven-card-stud" in match["message"]


def test_all_problems_are_reported_sorted_by_line(tmp_path: Path) -> None:
    path = tmp_path / "many.yaml"
    path.write_text(
        "schema_version: 1\n"  # 1
        "extends: seven-card-stud\n"  # 2
        "colour: red\n"  # 3
        "stakes:\n"  # 4
        "  ante: -1\n"  # 5
        "betting:\n"  # 6
        "  structure: spread\n"  # 7
        "  raise_cap: many\n"  # 8
    )
    errors = validate_file(path)
    assert [(e.line, e.col) for e in errors] == [(3, 1), (5, 9), (7, 14), (8, 14)]
    assert "unknown key 'colour'" in errors[0].message
    assert "-1 is below the minimum 0" in errors[1].message
    assert "'spread' is not one of the allowed values: fixed-limit" in errors[2].message
    assert "expected an integer or null, got a string 'many'" in errors[3].message


OPEN_PAIR_LINE = next(
    number
    for number, line in enumerate((ROOT / "variants" / "seven-card-stud.yaml").read_text().splitlines(), 1)
    if line.strip().startswith("open_pair_big_bet: true")
)


def test_a_problem_from_the_parent_names_the_parents_line(tmp_path: Path) -> None:
    """Marks survive the merge: a street the child did not touch is reported at the child's
    extends (issue 21 item 7), naming the line of the parent's file it comes from."""
    path = tmp_path / "no-up.yaml"
    path.write_text("schema_version: 1\nextends: seven-card-stud\nstreets:\n  third:\n    deal: [down, down, down]\n")
    errors = validate_file(path)
    assert [(Path(e.path).name, e.line, e.col) for e in errors] == [
        ("no-up.yaml", 2, 10),  # fourth street's open_pair_big_bet: true, inherited
        ("no-up.yaml", 5, 11),
    ]
    assert "open_pair_big_bet needs at least 2" in errors[0].message
    assert f"seven-card-stud.yaml:{OPEN_PAIR_LINE}:24;" in errors[0].message


def test_load_variant_raises_all_problems() -> None:
    with pytest.raises(SpecErrors) as caught:
        load_variant(str(BROKEN / "unknown-street-id.yaml"))
    error = caught.value
    assert isinstance(error, SpecError) and isinstance(error, ValueError)
    assert len(error.errors) == 1 and str(error) == str(error.errors[0])
    assert "\n" not in str(error)


def test_load_variant_summarises_several_problems(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text("schema_version: 1\nextends: razz\nplayers: {min: 1}\nfoo: 1\n")
    with pytest.raises(SpecErrors) as caught:
        load_variant(path)
    assert len(caught.value.errors) == 2
    assert str(caught.value).startswith(f"{path}:3:16: players.min: 1 is below the minimum 2")
    assert str(caught.value).endswith("(and 1 more problem; `studspec validate` lists all)")


def test_validate_paths_counts_files_and_lists_lines() -> None:
    checked, lines = validate_paths([str(ROOT / "variants")])
    assert (checked, lines) == (len(list((ROOT / "variants").glob("*.yaml"))), [])
    checked, lines = validate_paths([str(BROKEN)])
    assert checked == len(list(BROKEN.rglob("*.yaml")))
    assert all(LINE.match(line) for line in lines)
    assert {Path(match["file"]).name for line in lines if (match := LINE.match(line))} >= {
        c[0] for c in CASES if c[1] is None
    }
    checked, lines = validate_paths(["razz", str(DATA / "five-card-house.yaml")])
    assert (checked, lines) == (2, [])


# --- any input gives error lines, never a crash ----------------------------------------

_WORDS = [
    "schema_version",
    "extends",
    "name",
    "title",
    "players",
    "min",
    "max",
    "stakes",
    "ante",
    "bring_in",
    "small_bet",
    "big_bet",
    "betting",
    "structure",
    "raise_cap",
    "streets",
    "id",
    "deal",
    "bet",
    "open_pair_big_bet",
    "deck",
    "cards",
    "burn",
    "exhaustion",
    "pots",
    "shares",
    "hand",
    "qualifier",
    "odd_chip",
    "third",
    "fourth",
    "up",
    "down",
    "small",
    "big",
    "razz",
    "seven-card-stud",
    "fixed-limit",
    "high",
    "ace-to-five-low",
]
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.sampled_from(_WORDS), st.text(max_size=8))
_values = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(_WORDS) | st.text(max_size=5), inner, max_size=5)
    ),
    max_leaves=25,
)


def _check_lines(errors: list[SpecError]) -> None:
    for error in errors:
        assert isinstance(error, SpecError)
        assert LINE.match(str(error)), str(error)
        assert error.line >= 1 and error.col >= 1


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(book=st.dictionaries(st.sampled_from(_WORDS), _values, max_size=8))
def test_any_data_gives_error_lines_not_a_crash(book: dict[str, object], tmp_path: Path) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text(yaml.safe_dump(book, allow_unicode=True), encoding="utf-8")
    _check_lines(validate_file(path))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.sampled_from(list("ab: -[]{},&*!<>\n\t'\"#|?%@`~.0")), max_size=60))
def test_any_text_gives_error_lines_not_a_crash(text: str, tmp_path: Path) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_text(text, encoding="utf-8")
    _check_lines(validate_file(path))


def test_a_stud_book_with_random_changes_stays_well_formed(tmp_path: Path) -> None:
    """A valid book with one section swapped for a wrong value gives errors about that section."""
    stud = yaml.safe_load((ROOT / "variants" / "seven-card-stud.yaml").read_text())
    for section in ("players", "stakes", "betting", "streets", "deck", "pots"):
        book = dict(stud, **{section: "oops"})
        path = tmp_path / f"{section}.yaml"
        path.write_text(yaml.safe_dump(book, sort_keys=False))
        errors = validate_file(path)
        _check_lines(errors)
        assert len(errors) == 1 and errors[0].message.startswith(f"{section}: expected a "), errors


# --- warnings (issue 21 items 6 and 10) ---------------------------------------------------

EIGHT_CARDS = """schema_version: 1
extends: seven-card-stud
name: eight-card
title: Eight-card stud
players: {max: 5}
deck: {exhaustion: none}
streets:
  - {id: third, deal: [down, down, up], bet: small, bring_in: true}
  - {id: fourth, deal: [up], bet: small}
  - {id: fifth, deal: [up], bet: big}
  - {id: sixth, deal: [up], bet: big}
  - {id: seventh, deal: [up], bet: big}
  - {id: eighth, deal: [down], bet: big}
"""


def _validate(capsys: pytest.CaptureFixture[str], *paths: Path | str) -> tuple[int, list[str]]:
    status = main(["validate", *map(str, paths)])
    return status, capsys.readouterr().out.splitlines()


def test_a_new_deal_under_an_inherited_description_is_warned(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 6: an eight-card game inheriting seven-card stud's description ("Two down cards
    and one up card...") would describe another game: a warning at its streets, exit 0."""
    book = tmp_path / "eight-card.yaml"
    book.write_text(EIGHT_CARDS, encoding="utf-8")
    status, lines = _validate(capsys, book)
    assert status == 0
    (warning,) = [line for line in lines if ": warning: " in line]
    assert warning.startswith(f"{book}:7:1: warning: ") and "description" in warning
    assert lines[-1] == "1 file(s) checked, 0 problem(s), 1 warning(s)"
    book.write_text(EIGHT_CARDS + "description: Eight cards, the last one down.\n", encoding="utf-8")
    assert not [line for line in _validate(capsys, book)[1] if ": warning: " in line]


def test_a_patch_that_keeps_the_deal_is_not_warned(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 6: a patch that changes a street's bets, not its cards, still plays the game the
    inherited description describes."""
    book = tmp_path / "big-fourth.yaml"
    book.write_text(
        "schema_version: 1\nextends: seven-card-stud\nname: big-fourth\ntitle: Big fourth\n"
        "streets:\n  fourth: {bet: big, open_pair_big_bet: false}\n",
        encoding="utf-8",
    )
    assert _validate(capsys, book) == (0, ["1 file(s) checked, 0 problem(s)"])


def test_a_name_that_is_not_the_file_stem_is_warned(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Item 10: the schema says a book's name is its file's stem; a mismatch is warned at the
    name, and a book that sets no name (and so is called by its parent's) at its extends."""
    book = tmp_path / "friday-game.yaml"
    book.write_text("schema_version: 1\nextends: razz\nname: saturday-game\ntitle: Friday\n", encoding="utf-8")
    status, lines = _validate(capsys, book)
    assert status == 0 and lines[0].startswith(f"{book}:3:7: warning: name 'saturday-game'")
    book.write_text("schema_version: 1\nextends: razz\ntitle: Friday\n", encoding="utf-8")
    status, lines = _validate(capsys, book)
    assert status == 0 and lines[0].startswith(f"{book}:2:10: warning: this book sets no name, so it is called 'razz'")
    assert "add name: friday-game" in lines[0]


def test_the_built_in_books_have_no_warning(capsys: pytest.CaptureFixture[str]) -> None:
    """Every shipped book describes its own deal and is named as its file."""
    status, lines = _validate(capsys, ROOT / "variants")
    assert status == 0 and lines == [f"{len(BUILTIN_BOOKS)} file(s) checked, 0 problem(s)"]
