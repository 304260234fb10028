"""Built-in players: always legal, for any rule book; the rule-based one plays by strength."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
import yaml

from conftest import BUILTIN_BOOKS
from scripted import STUD, act, deal, new_hand
from studspec.engine.actions import ActionKind
from studspec.engine.cards import Card, parse_cards
from studspec.engine.evaluation import ACE_TO_FIVE_LOW, HIGH
from studspec.engine.events import StreetBegan
from studspec.engine.hand import Hand
from studspec.engine.shares import Holding
from studspec.engine.wild_now import field_spec
from studspec.engine.wild_ranking import WildSpec
from studspec.play.players import PlayerKind, RandomPlayer, RuleBasedPlayer, make_player, play_out
from studspec.play.strength import equity, percentile
from studspec.rulebook import load_variant
from studspec.rulebook.model import Face

_POT_LIMIT = {
    "schema_version": 1,
    "extends": "seven-card-stud",
    "name": "pot-limit-stud",
    "title": "Pot-limit stud",
    "betting": {"structure": "pot-limit", "raise_cap": None, "short_all_in": "full-bet-reopens"},
    "bring_in": {"card": "highest-ace-high"},
    "streets": [
        {"id": "third", "deal": ["down", "down", "up"], "bring_in": True},
        {"id": "fourth", "deal": ["up"]},
        {"id": "fifth", "deal": ["up"]},
        {"id": "sixth", "deal": ["up"]},
        {"id": "seventh", "deal": ["down"]},
    ],
}


def books(tmp_path: Path) -> list[str]:
    """The built-in books and a pot-limit house rule (ranges: any amount from min to max)."""
    path = tmp_path / "pot-limit-stud.yaml"
    path.write_text(yaml.safe_dump(_POT_LIMIT, sort_keys=False), encoding="utf-8")
    return [*BUILTIN_BOOKS, str(path)]


@pytest.mark.parametrize("kind", list(PlayerKind))
def test_players_finish_every_hand_legally_and_keep_the_chips(tmp_path: Path, kind: PlayerKind) -> None:
    """play_out raises on any illegal action; a hand ends; no chip is made or lost."""
    for book in books(tmp_path):
        variant = load_variant(book)
        for seed in range(15):
            stacks = [variant.stakes.starting_stack] * min(8, variant.max_players)
            rng = random.Random(seed)
            hand = play_out(
                Hand(variant, stacks, seed=seed), [make_player(kind, random.Random(rng.random())) for _ in stacks]
            )
            assert hand.is_complete and hand.result is not None
            assert sum(hand.result.stacks) == sum(stacks)


def test_short_stacks_all_in_still_play_legally() -> None:
    variant = load_variant("seven-card-stud-hi-lo")
    for seed in range(20):
        stacks = [50, 300, 900, 250, 40000, 10]
        hand = play_out(Hand(variant, stacks, seed=seed), [RuleBasedPlayer(random.Random(seed + s)) for s in range(6)])
        assert sum(hand.stacks) == sum(stacks)


def known(text: str) -> list[Card]:
    """Cards from hand-history text, every one known (no ``??``)."""
    parsed = parse_cards(text)
    cards = [card for card in parsed if card is not None]
    assert len(cards) == len(parsed)
    return cards


def test_percentiles_order_hands_the_rankings_way() -> None:
    trips = known("AsAhAd")
    rags = known("2c7d9h")
    assert percentile(HIGH, trips) > 0.99 > 0.5 > percentile(HIGH, rags)
    wheel_start = known("As2d3h")
    royalty = known("KsQdJh")
    assert percentile(ACE_TO_FIVE_LOW, wheel_start) > 0.95 > 0.2 > percentile(ACE_TO_FIVE_LOW, royalty)


def up(cards: Sequence[Card | None]) -> Holding:
    """Cards as a board: every one face up."""
    return Holding.known(cards, [Face.UP] * len(cards))


def test_equity_uses_the_books_shares() -> None:
    """The same cards are strong in stud and weak in razz, and the other way round."""
    stud, razz = load_variant("seven-card-stud"), load_variant("razz")
    kings, low = known("KsKdKh"), known("As2d3h")
    assert equity(stud, up(kings), 3) > equity(stud, up(low), 3)
    assert equity(razz, up(low), 3) > equity(razz, up(kings), 3)
    # More opponents, less of the pot.
    assert equity(stud, up(kings), 1) > equity(stud, up(kings), 6)


def test_a_low_that_cannot_qualify_wins_no_low_share() -> None:
    hilo = load_variant("seven-card-stud-hi-lo")
    no_low = known("KsKdQhQcJs")  # nothing eight or lower
    with_low = known("As2d3h5c7s")
    # Two shares, half the pot each: without a qualifying low only the high half counts.
    assert equity(hilo, up(no_low), 1) == pytest.approx(0.5 * percentile(HIGH, no_low))
    assert equity(hilo, up(with_low), 1) > 0.5 * percentile(HIGH, with_low)


def _bring_in_then_complete(hand: Hand) -> None:
    """p1 has the bring-in (2c is lowest), posts it, p2 completes: p3 faces a full bet."""
    act(hand, "pb")
    act(hand, "cbr 10")
    assert hand.actor == 2


def test_rule_based_player_folds_rags_facing_a_bet() -> None:
    hand = new_hand(STUD, stacks=(1000,) * 8)
    deal(
        hand,
        p1="KdKc2c",
        p2="AsAd3c",
        p3="7h2d9s",
        **{f"p{i}": c for i, c in zip(range(4, 9), ("Js4dTh", "Qs5dJh", "8s6d4h", "Jd7d5h", "Tc8d6h"))},
    )
    _bring_in_then_complete(hand)
    choice = RuleBasedPlayer(random.Random(0), looseness=0.0).choose(hand, 2, hand.legal_actions())
    assert choice.kind is ActionKind.FOLD


def test_rule_based_player_raises_rolled_up_trips() -> None:
    hand = new_hand(STUD, stacks=(1000,) * 3)
    deal(hand, p1="KdKc2c", p2="QsQd3c", p3="AhAcAs")
    _bring_in_then_complete(hand)
    choice = RuleBasedPlayer(random.Random(0), looseness=0.0).choose(hand, 2, hand.legal_actions())
    assert choice.kind is ActionKind.COMPLETE_BET_RAISE


def test_rule_based_hands_look_like_poker() -> None:
    """Some hands end early, many reach the last street: players fold and play on."""
    variant = load_variant("seven-card-stud")
    ended_on = []
    for seed in range(120):
        rng = random.Random(seed)
        hand = play_out(
            Hand(variant, [40000] * 8, seed=seed), [RuleBasedPlayer(random.Random(rng.random())) for _ in range(8)]
        )
        ended_on.append(sum(isinstance(e, StreetBegan) for e in hand.events))
    last = len(variant.streets)
    assert 0.2 < ended_on.count(last) / len(ended_on) < 0.95
    assert sum(1 for n in ended_on if n <= 2) >= 10


def test_same_seed_same_choices() -> None:
    variant = load_variant("razz")

    def history(seed: int) -> list[str]:
        rng = random.Random(seed)
        hand = play_out(
            Hand(variant, [40000] * 6, seed=seed), [RuleBasedPlayer(random.Random(rng.random())) for _ in range(6)]
        )
        return [str(e) for e in hand.events]

    assert history(3) == history(3)


def test_random_player_still_plays_out() -> None:
    """RandomPlayer is what `run`, the property tests and the benchmark use."""
    variant = load_variant("seven-card-stud")
    hand = play_out(Hand(variant, [40000] * 8, seed=1), [RandomPlayer(random.Random(i)) for i in range(8)])
    assert hand.is_complete


# --- a wild card of one player's own (issue 21 item 8) -----------------------------------

LOW_HOLE_WILD = (
    "schema_version: 1\nextends: seven-card-stud\nname: low-hole-wild\ntitle: Low Hole Wild\n"
    "description: Each player's lowest down card, and every card of its rank, is wild for that player.\n"
    "wild: {per_player: lowest-down-card}\n"
)


def test_a_per_player_wild_card_is_weighed_against_opponents_with_their_own(tmp_path: Path) -> None:
    """Each player's lowest hole card is wild for that player alone, so every opponent has
    one too: a random hand is an average hand, and its chance against one random opponent
    (a percentile) averages a half. Valued against hands with no wild card of their own,
    every seat would look far stronger than the field (and call to the end)."""
    path = tmp_path / "low-hole-wild.yaml"
    path.write_text(LOW_HOLE_WILD, encoding="utf-8")
    variant = load_variant(str(path))
    rng = random.Random(21)
    faces = [Face.DOWN, Face.DOWN, Face.UP, Face.UP, Face.UP, Face.UP, Face.DOWN]
    hand = Hand(variant, [1000] * 2, seed=1)  # nothing is wild for the table: only one's own
    chances = []
    for _ in range(1500):
        cards = rng.sample(range(52), 7)
        holding = Holding.known([Card(c) for c in cards], faces, (), spec_for_cards(hand, cards, faces))
        chances.append(equity(variant, holding, 1, field_spec(hand)))
    mean = sum(chances) / len(chances)
    assert 0.42 < mean < 0.58, mean


def spec_for_cards(hand: Hand, cards: list[int], faces: list[Face]) -> WildSpec:
    """The spec the showdown values these cards under in ``hand``'s book (its per-player rank)."""
    field = field_spec(hand)
    assert field is not None
    own = hand.rules.wild.per_player
    assert own is not None
    return WildSpec(field.ranks | own([Card(c) for c in cards], faces), field.jokers, field.flush)


def test_simulated_per_player_wild_hands_do_not_all_reach_the_showdown(tmp_path: Path) -> None:
    """Before the field counted each opponent's own wild card, 99-100% of Low Hole Wild
    hands reached the showdown with pots of 60 big bets; with it the rule-based players
    fold weak hands as they do in deuces wild (about half reach the showdown)."""
    path = tmp_path / "low-hole-wild.yaml"
    path.write_text(LOW_HOLE_WILD, encoding="utf-8")
    variant = load_variant(str(path))
    rng = random.Random(8)
    showdowns = 0
    for number in range(200):
        hand = Hand(variant, [40000] * 6, seed=number)
        play_out(hand, [RuleBasedPlayer(random.Random(rng.random())) for _ in range(6)])
        showdowns += len(hand.live) > 1
    assert showdowns < 0.75 * 200
