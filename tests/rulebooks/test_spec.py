"""Loading rule books: the built-ins, ``extends`` (deep merge, list replacement, street
patches, relative paths, chains), the Variant fields, the catalog, the cache and the schema."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from conftest import ROOT
from studspec.errors import SpecErrors
from studspec.rulebook import (
    BetSize,
    Face,
    Share,
    Stakes,
    Street,
    Variant,
    builtin_names,
    builtin_path,
    catalog,
    clear_cache,
    load_schema,
    load_variant,
    option_values,
    schema_path,
    validate_file,
)

VARIANTS = ROOT / "variants"
DATA = ROOT / "tests" / "data"
BUILTINS = sorted(path.stem for path in VARIANTS.glob("*.yaml"))
"""Every rule book in variants/ is a built-in, found by its file name."""


def _yaml(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


def _stud_street(street_id: str) -> dict[str, Any]:
    return next(s for s in _yaml(VARIANTS / "seven-card-stud.yaml")["streets"] if s["id"] == street_id)


# --- the built-in rule books --------------------------------------------------------------


def test_builtin_names_and_paths() -> None:
    assert builtin_names() == BUILTINS
    for name in BUILTINS:
        # The installed copy (studspec/_data) or the checkout's file: the same text either way.
        assert builtin_path(name).read_bytes() == (VARIANTS / f"{name}.yaml").read_bytes()
    with pytest.raises(
        LookupError,
        match=r"built-in rule books: anaconda, baseball, canadian-stud, chicago-declare, cowpie, english-stud, five-card-stud, .*razz, .*seven-card-stud, ",
    ):
        builtin_path("omaha")


@pytest.mark.parametrize("name", BUILTINS)
def test_builtins_load_by_name_from_any_directory(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    clear_cache()
    variant = load_variant(name)
    assert isinstance(variant, Variant)
    assert variant.name == name
    assert variant.source == f"builtin:{name}"
    assert validate_file(name) == []
    assert validate_file(str(VARIANTS / f"{name}.yaml")) == []


def test_seven_card_stud_fields_match_the_yaml() -> None:
    book = _yaml(VARIANTS / "seven-card-stud.yaml")
    v = load_variant("seven-card-stud")
    assert v.name == book["name"] == "seven-card-stud"
    assert v.title == book["title"]
    assert v.description == book["description"]
    assert v.phh_codes == ("F7S",)
    assert (v.min_players, v.max_players) == (book["players"]["min"], book["players"]["max"]) == (2, 8)
    assert v.stakes == Stakes(ante=40, bring_in=200, small_bet=400, big_bet=800, starting_stack=40000)
    assert v.stakes == Stakes(**book["stakes"])
    assert (v.structure, v.raise_cap, v.short_all_in) == ("fixed-limit", 3, "half-bet-reopens")
    assert (v.bring_in_card, v.bring_in_ties) == ("lowest-ace-high", "suit")
    assert (v.first_to_act_board, v.first_to_act_ties) == ("best-high-board", "seat")
    assert v.streets == (
        Street("third", (Face.DOWN, Face.DOWN, Face.UP), BetSize.SMALL, bring_in=True),
        Street("fourth", (Face.UP,), BetSize.SMALL, open_pair_big_bet=True),
        Street("fifth", (Face.UP,), BetSize.BIG),
        Street("sixth", (Face.UP,), BetSize.BIG),
        Street("seventh", (Face.DOWN,), BetSize.BIG),
    )
    assert (v.deck, v.burn, v.exhaustion) == ("standard-52", "before-later-streets", "burns-then-community")
    assert v.showdown_order == "last-aggressor-else-first-to-act"
    assert v.shares == (Share("high"),)
    assert v.odd_chip == "highest-card-by-suit"
    assert v.resolved == book


def test_hi_lo_overrides_fourth_street_and_the_shares() -> None:
    book = _yaml(VARIANTS / "seven-card-stud-hi-lo.yaml")
    stud = load_variant("seven-card-stud")
    v = load_variant("seven-card-stud-hi-lo")
    assert v.name == book["name"] and v.title == book["title"] and v.phh_codes == ("F7S/8",)
    assert v.shares == (Share("high"), Share("ace-to-five-low", qualifier=8))
    assert v.streets[1] == Street("fourth", (Face.UP,), BetSize.SMALL, open_pair_big_bet=False)
    assert v.streets[0] == stud.streets[0] and v.streets[2:] == stud.streets[2:]
    assert (v.bring_in_card, v.first_to_act_board) == (stud.bring_in_card, stud.first_to_act_board)
    assert v.stakes == stud.stakes and v.odd_chip == stud.odd_chip


def test_razz_inherits_from_seven_card_stud_and_overrides_what_its_yaml_states() -> None:
    razz = _yaml(VARIANTS / "razz.yaml")
    expected = copy.deepcopy(_yaml(VARIANTS / "seven-card-stud.yaml"))
    for key in ("name", "title", "description", "phh_codes"):
        expected[key] = razz[key]
    expected["bring_in"]["card"] = razz["bring_in"]["card"]
    expected["first_to_act"]["board"] = razz["first_to_act"]["board"]
    expected["streets"][1]["open_pair_big_bet"] = razz["streets"]["fourth"]["open_pair_big_bet"]
    expected["pots"]["shares"] = razz["pots"]["shares"]
    v = load_variant("razz")
    assert v.resolved == expected
    assert "extends" not in v.resolved
    assert (v.bring_in_card, v.bring_in_ties) == ("highest-ace-low", "suit")  # ties inherited
    assert (v.first_to_act_board, v.first_to_act_ties) == ("best-low-board", "seat")
    assert v.shares == (Share("ace-to-five-low"),)
    assert v.odd_chip == "highest-card-by-suit"  # pots merged deeply: odd_chip kept
    assert [s.open_pair_big_bet for s in v.streets] == [False] * 5
    assert [s.id for s in v.streets] == ["third", "fourth", "fifth", "sixth", "seventh"]
    json.dumps(v.resolved)  # plain data, no marks


# --- extends -----------------------------------------------------------------------------


def test_relative_extends_deep_merge_list_replace_and_street_patch() -> None:
    base = _yaml(DATA / "five-card-stud.yaml")
    v = load_variant(str(DATA / "five-card-house.yaml"))
    assert v.source == str(DATA / "five-card-house.yaml")
    # deep merge: only the ante changes
    assert v.stakes == Stakes(ante=0, bring_in=20, small_bet=50, big_bet=100, starting_stack=5000)
    assert v.resolved["betting"] == base["betting"] and v.raise_cap is None
    # lists replace
    assert v.phh_codes == ()
    assert v.shares == (Share("high"), Share("ace-to-five-low", qualifier=8))
    # streets patched by id: third changes, the rest stays, the order is kept
    assert v.streets == (
        Street("second", (Face.DOWN, Face.UP), BetSize.SMALL, bring_in=True),
        Street("third", (Face.UP,), BetSize.BIG, open_pair_big_bet=False),
        Street("fourth", (Face.UP,), BetSize.BIG),
        Street("fifth", (Face.UP,), BetSize.BIG),
    )
    assert v.max_players == 10 and v.description == base["description"]


def test_a_chain_of_three_with_a_replacing_street_list() -> None:
    v = load_variant(str(DATA / "nested" / "house-chain.yaml"))
    assert v.name == "house-chain" and v.title == "Five-Card Stud, house rules"
    assert (v.min_players, v.max_players) == (2, 8)
    assert v.stakes.ante == 0  # from the middle book
    assert [s.id for s in v.streets] == ["second", "third", "fourth", "fifth"]
    assert v.streets[3].deal == (Face.DOWN,)
    assert not any(s.open_pair_big_bet for s in v.streets)  # the list replaced, not patched


def test_a_house_rule_on_a_builtin(tmp_path: Path) -> None:
    path = tmp_path / "home.yaml"
    path.write_text(
        "schema_version: 1\n"
        "extends: seven-card-stud\n"
        "name: home-stud\n"
        "stakes: {ante: 0, bring_in: 100}\n"
        "betting: {raise_cap: null}\n"
        "streets:\n"
        "  fourth: {bet: big}\n"
        "  seventh: {deal: [up]}\n"
    )
    v = load_variant(path)
    assert v.name == "home-stud" and v.title == "Seven-Card Stud"
    assert v.stakes == Stakes(ante=0, bring_in=100, small_bet=400, big_bet=800, starting_stack=40000)
    assert v.raise_cap is None
    assert v.streets[1] == Street("fourth", (Face.UP,), BetSize.BIG, open_pair_big_bet=True)
    assert v.streets[4] == Street("seventh", (Face.UP,), BetSize.BIG)


def test_yaml_merge_keys_and_anchors_are_plain_data(tmp_path: Path) -> None:
    path = tmp_path / "anchors.yaml"
    path.write_text(
        "schema_version: 1\n"
        "extends: seven-card-stud\n"
        "streets:\n"
        "  - &up {id: third, deal: [down, down, up], bet: small, bring_in: true}\n"
        "  - {<<: *up, id: fourth, deal: [up], bring_in: false}\n"
        "  - {<<: *up, id: fifth, deal: [up], bet: big, bring_in: false}\n"
    )
    v = load_variant(path)
    assert v.streets == (
        Street("third", (Face.DOWN, Face.DOWN, Face.UP), BetSize.SMALL, bring_in=True),
        Street("fourth", (Face.UP,), BetSize.SMALL),
        Street("fifth", (Face.UP,), BetSize.BIG),
    )


def test_a_patch_may_not_rename_a_street(tmp_path: Path) -> None:
    path = tmp_path / "rename.yaml"
    path.write_text("schema_version: 1\nextends: razz\nstreets:\n  fourth: {id: quatre}\n")
    errors = validate_file(path)
    assert [(e.line, e.col) for e in errors] == [(4, 16)]
    assert "cannot rename a street" in errors[0].message


def test_a_self_extending_book_is_a_cycle(tmp_path: Path) -> None:
    path = tmp_path / "self.yaml"
    path.write_text("schema_version: 1\nextends: ./self.yaml\n")
    errors = validate_file(path)
    assert len(errors) == 1 and errors[0].line == 2
    assert "extends cycle" in errors[0].message and "self.yaml -> " in errors[0].message


# --- the catalog, the cache and the schema -------------------------------------------------


def test_the_packaged_data_directory_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """In an installed wheel the books are under studspec/_data/; they win over a checkout."""
    (tmp_path / "variants").mkdir()
    (tmp_path / "schema").mkdir()
    (tmp_path / "variants" / "seven-card-stud.yaml").write_bytes((VARIANTS / "seven-card-stud.yaml").read_bytes())
    (tmp_path / "schema" / "variant.schema.json").write_bytes(schema_path().read_bytes())
    monkeypatch.setattr(catalog, "_DATA", tmp_path)
    catalog._names.cache_clear()
    try:
        assert builtin_names() == ["seven-card-stud"]
        assert catalog.schema_path() == tmp_path / "schema" / "variant.schema.json"
        assert builtin_path("seven-card-stud") == tmp_path / "variants" / "seven-card-stud.yaml"
    finally:
        monkeypatch.undo()
        catalog._names.cache_clear()
    assert builtin_names() == BUILTINS


def test_loaded_variants_are_cached_until_a_file_changes(tmp_path: Path) -> None:
    clear_cache()
    assert load_variant("razz") is load_variant("razz")
    parent = tmp_path / "parent.yaml"
    child = tmp_path / "child.yaml"
    parent.write_text("schema_version: 1\nextends: seven-card-stud\nstakes: {ante: 10}\n")
    child.write_text("schema_version: 1\nextends: ./parent.yaml\nname: child\n")
    first = load_variant(child)
    assert load_variant(child) is first and first.stakes.ante == 10
    parent.write_text("schema_version: 1\nextends: seven-card-stud\nstakes: {ante: 25}\n")
    later = parent.stat().st_mtime_ns + 10**9  # a change the file system clock might not show
    os.utime(parent, ns=(later, later))
    assert load_variant(child).stakes.ante == 25


def test_unknown_name_raises_a_spec_error() -> None:
    with pytest.raises(SpecErrors, match="unknown rule book 'omaha'"):
        load_variant("omaha")


def test_the_schema_is_valid_2020_12_with_an_id_a_title_and_descriptions() -> None:
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] and schema["title"]

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            for name, sub in node.get("properties", {}).items():
                if where.endswith(".else") or ".else." in where:
                    continue  # completeness constraints only, described at their first definition
                assert isinstance(sub, dict) and sub.get("description"), f"{where}.{name} has no description"
            if node.get("additionalProperties") is not None and "properties" in node and ".else" not in where:
                assert node["additionalProperties"] is False, where
            for key, sub in node.items():
                walk(sub, f"{where}.{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{where}[{i}]")

    walk(schema, "$")


def test_the_schema_accepts_the_builtin_files_as_written() -> None:
    validator = Draft202012Validator(load_schema())
    for name in BUILTINS:
        assert list(validator.iter_errors(_yaml(VARIANTS / f"{name}.yaml"))) == []


def test_option_values_read_the_schema_enums() -> None:
    assert option_values("bring_in.card") == [
        "lowest-ace-high",
        "highest-ace-low",
        "highest-ace-high",
        "lowest-ace-low",
    ]
    assert option_values("first_to_act.board")[:2] == ["best-high-board", "best-low-board"]
    assert option_values("betting.structure") == ["fixed-limit", "spread-limit", "pot-limit", "no-limit"]
    assert option_values("deck.exhaustion") == ["none", "burns-then-community", "tda", "community"]
    assert option_values("pots.shares.hand")[:2] == ["high", "ace-to-five-low"]
    assert option_values("streets.deal") == [face.value for face in Face]
    assert option_values("streets.bet") == [size.value for size in BetSize]
