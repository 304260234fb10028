"""Every option value the schema allows has exactly one registry function behind it, and the
interpreter never branches on a variant's name ("The spec is data", DESIGN.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from studspec.engine import rules
from studspec.engine.registry import Registry
from studspec.rulebook import option_values

REGISTRIES = [
    rules.BRING_IN_CARD,
    rules.BRING_IN_TIES,
    rules.BRING_IN_ALL_IN_FOR_ANTE,
    rules.BRING_IN_COMPLETION,
    rules.OPEN_PAIR,
    rules.HEADS_UP,
    rules.COMMUNITY_CARD_ROUND,
    rules.FIRST_TO_ACT_BOARD,
    rules.FIRST_TO_ACT_TIES,
    rules.STRUCTURES,
    rules.SHORT_ALL_IN,
    rules.BURN,
    rules.EXHAUSTION,
    rules.SHOWDOWN_ORDER,
    rules.SHOWDOWN_DECLARE,
    rules.DECKS,
    rules.WILD_FOLLOW,
    rules.WILD_JOKERS,
    rules.WILD_PER_PLAYER,
    rules.WILD_BOARD,
    rules.WILD_FLUSH,
    rules.STREET_INDICATORS,
    rules.TRIGGER_EFFECTS,
    rules.TRIGGER_PRICES,
    rules.SHARE_RULES,
    rules.ODD_CHIP,
    rules.NOBODY_QUALIFIES,
    rules.DECISION_KINDS,
    rules.DECISION_CARDS,
    rules.DECISION_ORDER,
    rules.DECISION_PRICES,
    rules.DECISION_SHORT,
    rules.DECISION_REPLACEMENT,
    rules.DECISION_DIRECTION,
]


@pytest.mark.parametrize("registry", REGISTRIES, ids=lambda r: r.option)
def test_registry_matches_schema_enum(registry: Registry[object]) -> None:
    assert registry.names() == sorted(option_values(registry.option))


def test_every_rule_registry_is_checked() -> None:
    found = {name for name, value in vars(rules).items() if isinstance(value, Registry)}
    assert len(found) == len(REGISTRIES)


def test_interpreter_never_names_a_variant() -> None:
    package = Path(rules.__file__).parent
    pattern = re.compile(r"razz|hi[-_ ]?lo|seven[-_ ]card|stud8|F7S|\bFR\b", re.IGNORECASE)
    offenders = []
    for path in package.rglob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if pattern.search(code) and not code.strip().startswith(('"', "'")):
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    # Docstrings may cite rules; executable code may not test for a variant.
    assert [o for o in offenders if "==" in o or " in (" in o or "if " in o] == []


def test_unknown_option_value_names_the_known_ones() -> None:
    with pytest.raises(LookupError, match="known: highest-ace-high, highest-ace-low, lowest-ace-high"):
        rules.BRING_IN_CARD["lowest"]
