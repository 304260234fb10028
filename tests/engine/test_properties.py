"""Invariants of every hand, over random legal play in every shipped rule book.

After every event of the log and after every action: chips are conserved (stacks plus
pots equal the starting total), no card is in two places, no folded or discarded card is
dealt again, and no seat's view shows another seat's down card (including a card passed
between two other seats); every hand ends settled. Decisions about cards (issue 24) move
cards as the log says: a discard to the muck, a pass to its receiver, a turned card face up.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import BUILTIN_BOOKS, ROOT
from studspec.engine.actions import ActionKind
from studspec.engine.cards import Card
from studspec.engine.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BurnsReshuffled,
    CardBurned,
    CardsChosen,
    CardsDealt,
    CommunityCardDealt,
    HandEnded,
    IndicatorDealt,
    Mucked,
    PotAwarded,
)
from studspec.engine.hand import Hand
from studspec.play.players import RandomPlayer
from studspec.rulebook import load_variant
from studspec.rulebook.model import Face


def check_event_log(hand: Hand) -> None:
    """Walk the log event by event: chips and cards must balance after each one."""
    total = sum(hand.starting_stacks)
    stacks = list(hand.starting_stacks)
    pot = 0
    location: dict[Card, str] = {}
    holdings: dict[int, list[Card]] = {s: [] for s in range(hand.seats)}
    mucked: set[Card] = set()
    burns: list[Card] = []
    for event in hand.events:
        if isinstance(event, (AntePosted, BlindPosted)):
            stacks[event.seat] -= event.amount
            pot += event.amount
        elif isinstance(event, ActionTaken):
            stacks[event.seat] -= event.added
            pot += event.added
            if event.action.kind is ActionKind.FOLD:
                for card in holdings[event.seat]:
                    location[card] = "muck"
                    mucked.add(card)
        elif isinstance(event, Mucked):
            for card in holdings[event.seat]:
                location[card] = "muck"
                mucked.add(card)
        elif isinstance(event, CardsChosen):
            _chosen(event, stacks, holdings, location, mucked)
            pot += event.paid
        elif isinstance(event, PotAwarded):
            for seat, amount in event.amounts:
                stacks[seat] += amount
                pot -= amount
        elif isinstance(event, (CardsDealt, CommunityCardDealt, IndicatorDealt, CardBurned)):
            cards = event.cards if isinstance(event, CardsDealt) else (event.card,)
            for dealt in cards:  # None for an unseen card; `card` above holds known cards only
                assert dealt is not None
                card = dealt
                assert card not in mucked, f"folded card {card} dealt again"
                assert card not in location or (location[card] == "burn" and card not in burns), (
                    f"{card} dealt while already at {location.get(card)}"
                )
                if isinstance(event, CardsDealt):
                    location[card] = f"p{event.seat}"
                    holdings[event.seat].append(card)
                elif isinstance(event, (CommunityCardDealt, IndicatorDealt)):
                    location[card] = "board"
                else:
                    location[card] = "burn"
                    burns.append(card)
        elif isinstance(event, BurnsReshuffled):
            for card in burns:
                del location[card]
            burns.clear()
        elif isinstance(event, HandEnded):
            assert list(event.stacks) == stacks
        assert min(stacks) >= 0
        assert sum(stacks) + pot == total, f"chips not conserved after {event}"
    assert pot == 0, "chips left in the pot after the hand"


def _chosen(
    event: CardsChosen,
    stacks: list[int],
    holdings: dict[int, list[Card]],
    location: dict[Card, str],
    mucked: set[Card],
) -> None:
    """A decision about cards as the log tells it: what it paid, where its cards went (a
    discard or a draw to the muck, a pass to its receiver; turning up moves no card)."""
    stacks[event.seat] -= event.paid
    kind = event.action.kind
    if kind not in (ActionKind.DISCARD, ActionKind.BUY, ActionKind.PASS):
        return
    for card in event.action.cards or ():
        assert card is not None and location.get(card) == f"p{event.seat}", f"{card} is not p{event.seat}'s"
        holdings[event.seat].remove(card)
        if kind is ActionKind.PASS:
            assert event.to is not None
            location[card] = f"p{event.to}"
            holdings[event.to].append(card)
        else:
            location[card] = "muck"
            mucked.add(card)


def check_state(hand: Hand) -> None:
    """The live state: chips balance, each card in exactly one place, views hide down cards."""
    assert sum(hand.stacks) + sum(p.amount for p in hand.pots()) == sum(hand.starting_stacks)
    places: list[Card] = [c for cards in hand.cards for c in cards if c is not None]
    places += [c for c in hand.community if c is not None]
    places += [c for c in hand.indicators if c is not None]
    places += [c for c in hand.deck.burns if c is not None]
    places += list(hand.deck.stub)
    places += [c for c in hand.deck.muck if c is not None and c not in places]  # discards (a fold's stay held)
    held = set(places)
    assert len(held) == len(places), "a card is in two places"
    assert len(places) == 52, "a card went missing"
    for viewer in range(hand.seats):
        view = hand.view(viewer)
        for seat_view in view.seats:
            if seat_view.seat == viewer or hand.shown[seat_view.seat]:
                continue
            for card, face in zip(seat_view.cards, seat_view.faces):
                if face is Face.DOWN:
                    assert card is None, f"p{viewer + 1} sees p{seat_view.seat + 1}'s down card"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    book=st.sampled_from(BUILTIN_BOOKS),
    players=st.integers(min_value=2, max_value=8),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    short_stacks=st.booleans(),
    fold=st.sampled_from([0.0, 0.1, 0.3]),
    aggression=st.sampled_from([0.1, 0.3, 0.6]),
)
def test_random_legal_play_keeps_every_invariant(
    book: str, players: int, seed: int, short_stacks: bool, fold: float, aggression: float
) -> None:
    play_and_check(book, players, seed, short_stacks, fold, aggression)


def play_and_check(book: str, players: int, seed: int, short_stacks: bool, fold: float, aggression: float) -> None:
    """One hand of random legal play, every invariant checked after every step."""
    variant = load_variant(book)
    players = min(players, variant.max_players)  # Baseball seats six: its extra cards need the deck
    rng = random.Random(seed)
    stakes = variant.stakes
    if short_stacks:
        # Stacks from nothing past the ante up to a few big bets: all-ins, side pots, short antes.
        stacks = [rng.randint(1, stakes.big_bet * 4) for _ in range(players)]
    else:
        stacks = [stakes.starting_stack] * players
    hand = Hand(variant, stacks, seed=seed)
    bots = [RandomPlayer(random.Random(rng.random()), fold=fold, aggression=aggression) for _ in range(players)]
    check_state(hand)
    steps = 0
    while not hand.is_complete:
        seat = hand.actor
        assert seat is not None, f"hand stuck in {hand.state}"
        hand.act(bots[seat].choose(hand, seat, hand.legal_actions()), seat=seat)
        check_state(hand)
        steps += 1
        assert steps < 500
    check_event_log(hand)
    assert hand.result is not None
    assert hand.result.stacks == tuple(hand.stacks)
    assert sum(hand.result.net) == 0


TABLE_RULE_BOOKS = sorted(
    str(path)
    for path in (
        *(ROOT / "tests" / "data" / "blinds").glob("*.yaml"),
        *(
            ROOT / "tests" / "data" / "stud-family" / f"{name}.yaml"
            for name in (
                "oxford-stud",
                "billabong",
                "stud-hold-em",
                "razzaho",
                "four-forty-four",
                "mississippi-stud",
                "australian-stud",
                "follow-the-king",
                "baseball-gustafson",
                "kryky",
            )
        ),
        ROOT / "tests" / "conformance" / "wild" / "books" / "one-eyed-jacks.yaml",
    )
)
"""Books of issue 25's table rules: blinds, community cards (free, or own and board), a rank
to follow, single wild cards, an extra card face up."""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    book=st.sampled_from(TABLE_RULE_BOOKS),
    players=st.integers(min_value=2, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    short_stacks=st.booleans(),
)
def test_the_table_rules_keep_every_invariant(book: str, players: int, seed: int, short_stacks: bool) -> None:
    """Blinds posted short and all-in, boards every hand plays, single wild cards: chips are
    conserved, every card is in one place, no seat sees another's down card, after every
    step of random play (docs/rules.md F10, V5, V6, V15)."""
    play_and_check(book, players, seed, short_stacks, 0.1, 0.3)
