"""What each option value means is stated once, in ``studspec.rulebook.options``: each traits
table covers its option's schema enum exactly, and the traits say what the rules say."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from studspec.engine import rules
from studspec.rulebook import option_values, options
from studspec.rulebook.options import (
    BURN_TRAITS,
    COMMUNITY_ROUND_TRAITS,
    DECK_TRAITS,
    EXHAUSTION_TRAITS,
    HAND_TRAITS,
    SHORT_ALL_IN_TRAITS,
    STRUCTURE_TRAITS,
    TRAITS,
    values_where,
)

STREETS = range(5)
"""Street indexes of a seven-card book: third street (0) to seventh street (4)."""


@pytest.mark.parametrize("option", sorted(TRAITS))
def test_traits_table_keys_are_the_schema_enum(option: str) -> None:
    """Every value the schema allows has traits, and no other value does; in the schema's order,
    so messages that list values list them as the schema does."""
    assert list(TRAITS[option]) == option_values(option)


def test_every_traits_table_is_listed() -> None:
    """A traits table missing from TRAITS would escape the enum test above."""
    tables = [value for name, value in vars(options).items() if name.endswith("_TRAITS") and isinstance(value, Mapping)]
    assert len(tables) == len(TRAITS)
    assert all(any(table is listed for listed in TRAITS.values()) for table in tables)


def test_fixed_and_spread_limit_are_the_limit_structures() -> None:
    """docs/rules.md L1, L7: fixed and spread limit size each
    street's bets by its stake; "PL / NL": pot and no limit size them by the pot or the stack."""
    assert values_where(STRUCTURE_TRAITS, lambda s: s.limit) == ("fixed-limit", "spread-limit")
    assert STRUCTURE_TRAITS["pot-limit"].sized_by == "the pot"
    assert STRUCTURE_TRAITS["no-limit"].sized_by == "the stack"


def test_only_fixed_limit_has_one_size_per_bet() -> None:
    """WSOP-L 220: the open-pair big bet is a fixed-limit rule; spread limit allows any bet
    up to the street's stake (docs/rules.md L7)."""
    assert values_where(STRUCTURE_TRAITS, lambda s: s.fixed) == ("fixed-limit",)


def test_a_fixed_size_is_a_limit() -> None:
    """A fixed bet is the street's stake, so a structure cannot be fixed and unlimited."""
    with pytest.raises(ValueError, match="fixed implies limit"):
        options.StructureTraits(limit=False, fixed=True, sized_by="the pot")


def test_the_half_bet_rule_is_for_limit_play() -> None:
    """WSOP-L 129 (docs/rules.md L5, L7)."""
    assert SHORT_ALL_IN_TRAITS["half-bet-reopens"].limit_only
    assert not SHORT_ALL_IN_TRAITS["full-bet-reopens"].limit_only


def test_before_later_streets_burns_one_card_before_every_street_but_the_first() -> None:
    """TDA RP-10H (docs/rules.md D1: before 4th-7th only, 3 prior burns by seventh)."""
    burn = BURN_TRAITS["before-later-streets"]
    assert [burn.cards_burned_before(i) for i in STREETS] == [0, 1, 1, 1, 1]
    assert sum(burn.cards_burned_before(i) for i in STREETS[:-1]) == 3
    assert [BURN_TRAITS["none"].cards_burned_before(i) for i in STREETS] == [0] * 5


def test_the_burn_registry_is_read_from_the_traits() -> None:
    """TDA RP-10H: the engine burns before exactly the streets the checks count a burn for."""
    for value, burn in BURN_TRAITS.items():
        assert rules.BURN[value] == burn.burns_before
        assert [int(burn.burns_before(i)) for i in STREETS] == [burn.cards_burned_before(i) for i in STREETS]


def test_only_exhaustion_none_has_no_rule_for_running_out() -> None:
    """docs/rules.md D3: TDA RP-10H, WSOP-L 228 and the seeds each give a
    procedure that may end in one community card; ``none`` gives none."""
    assert values_where(EXHAUSTION_TRAITS, lambda e: not e.has_rule) == ("none",)
    assert values_where(EXHAUSTION_TRAITS, lambda e: e.may_deal_community_card) == (
        "burns-then-community",
        "tda",
        "community",
    )


def test_a_community_street_is_bet_unless_no_betting() -> None:
    """TDA RP-10H-D: the street of a community card has a betting round (seed 001: none); the
    engine's registry is read from the same trait."""
    assert COMMUNITY_ROUND_TRAITS["normal"].betting_round
    assert not COMMUNITY_ROUND_TRAITS["no-betting"].betting_round
    for value, traits in COMMUNITY_ROUND_TRAITS.items():
        assert rules.COMMUNITY_CARD_ROUND[value] is traits.betting_round


def test_the_standard_deck_has_52_cards() -> None:
    """deck.cards standard-52: the French deck of 52 cards, no jokers."""
    assert DECK_TRAITS["standard-52"].cards == 52


def test_only_a_low_ranking_is_low() -> None:
    """Robert's Rules, stud/8: the low half goes to the best ace-to-five low (eight or better);
    the high half to the best high hand."""
    assert values_where(HAND_TRAITS, lambda h: h.low and not h.card) == (
        "ace-to-five-low",
        "deuce-to-seven-low",  # docs/rules.md section V: 2-7 razz
        "ace-to-six-low",  # London lowball
        "badugi",  # docs/rules.md V18: the lowest badugi wins
        "badugi-ace-high",  # V18: RazzBadeucey's badugi, the ace high
    )


def test_the_issue_26_rankings_take_no_wild_cards_nor_a_stripped_deck() -> None:
    """docs/rules.md V18-V20, V22: badugi, ace-to-five high, soko and the most points are
    ranked on the full deck, without wild cards; a badugi holds four cards at most."""
    plain = values_where(HAND_TRAITS, lambda h: not h.wild)
    assert plain == ("badugi", "badugi-ace-high", "ace-to-five-high", "soko", "most-points")
    assert values_where(HAND_TRAITS, lambda h: not h.stripped) == plain
    assert [HAND_TRAITS[name].size for name in plain[:4]] == [4, 4, 5, 5]
    assert not HAND_TRAITS["ace-to-five-high"].low and not HAND_TRAITS["soko"].low


def test_only_the_points_share_counts_points() -> None:
    """docs/rules.md V22: the football hand is not a poker hand nor a card; it counts every
    card (so no least hand of a poker class applies to it) and the most points win."""
    assert values_where(HAND_TRAITS, lambda h: h.points) == ("most-points",)
    traits = HAND_TRAITS["most-points"]
    assert not traits.low and not traits.card and not traits.classes


def test_the_spade_in_the_hole_is_a_card_share() -> None:
    """docs/rules.md section V, High/Low Chicago: the second share goes to the highest (lowest)
    spade in the hole, one card, not a poker hand; Low Chicago's is the low one."""
    cards = values_where(HAND_TRAITS, lambda h: h.card)
    assert cards == ("high-spade-in-the-hole", "low-spade-in-the-hole", "low-spade-in-the-hole-ace-high")
    assert [HAND_TRAITS[c].low for c in cards] == [False, True, True]
