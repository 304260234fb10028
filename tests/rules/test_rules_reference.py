"""The project's own rules reference, docs/rules.md, and the cases that cite it (issue 23
item 7): 66 casino cases cited a rules matrix that lives beside the project, not in it. Every
case now cites docs/rules.md by tag or a primary source, every tag it cites exists, and
nothing in the suite points outside the repository."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from conftest import ROOT

SUITE = ROOT / "tests" / "conformance"
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")

PRIMARY = re.compile(
    r"docs/rules\.md [FOLDSVE]\d+|WSOP-[LT] |TDA |RRP|Robert's Rules|seeds? 00\d|BARGE|Wikipedia|pagat"
)
"""What a case's ``_rule`` must cite at least one of: a rule of docs/rules.md or a primary source."""

OUTSIDE = re.compile(r"rules[ -]matrix|\.\./shared|shared/ref", re.IGNORECASE)
"""How a citation of a file beside the repository reads."""


def _tags() -> set[str]:
    """Every rule docs/rules.md states: its ``### F1.`` headings and its edge cases E1-E37."""
    headings = set(re.findall(r"^### ([FOLDSV]\d+)\. ", RULES, re.M))
    edges = set(re.findall(r"^\| (E\d+) \|", RULES, re.M))
    return headings | edges


def _cases() -> list[Path]:
    return sorted(SUITE.rglob("*.phh"))


def test_the_reference_states_every_edge_case_and_names_its_sources() -> None:
    tags = _tags()
    assert {f"E{n}" for n in range(1, 38)} <= tags
    assert {"F1", "F8", "O1", "L2", "L5", "D3", "S1", "S2", "V4"} <= tags
    for source in ("WSOP-L", "WSOP-T", "TDA", "RRP", "seed 000", "seed 001", "seed 002"):
        assert f"| {source}" in RULES, source
    assert not OUTSIDE.search(RULES)


@pytest.mark.parametrize("path", _cases(), ids=lambda p: str(p.relative_to(SUITE)))
def test_every_case_cites_the_reference_or_a_primary_source(path: Path) -> None:
    rule = tomllib.loads(path.read_text(encoding="utf-8")).get("_rule")
    assert isinstance(rule, str) and PRIMARY.search(rule), f"{path}: _rule cites no rule of docs/rules.md nor a source"
    for group in re.findall(r"docs/rules\.md ((?:[A-Z]\d+(?:, )?)+)", rule):
        for tag in re.findall(r"[A-Z]\d+", group):
            assert tag in _tags(), f"{path}: docs/rules.md has no rule {tag}"


def test_nothing_in_the_suite_points_outside_the_repository() -> None:
    """The cases, their books and the guide cite the project's reference, not a file beside it."""
    files = [*_cases(), *SUITE.rglob("*.yaml"), ROOT / "docs" / "conformance.md"]
    offenders = [str(path) for path in files if OUTSIDE.search(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_the_books_the_schema_and_the_docs_cite_the_project_s_reference() -> None:
    """What ships to users (the rule books, the schema and the docs generated from it, the
    guides) cites docs/rules.md or a primary source, never the matrix beside the project."""
    files = [
        *(ROOT / "variants").glob("*.yaml"),
        ROOT / "schema" / "variant.schema.json",
        *(ROOT / "docs").glob("*.md"),
    ]
    offenders = [str(path) for path in files if OUTSIDE.search(path.read_text(encoding="utf-8"))]
    assert offenders == []


def test_the_guide_and_the_reference_link_each_other() -> None:
    guide = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    assert "[rules.md](rules.md)" in guide
    assert "docs/rules.md E10" in RULES
