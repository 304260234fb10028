"""Hi-lo declare (issue 9; docs/rules.md section V, "optional declare"; home-game declare rules).

Every live seat declares high, low or both before the showdown, at once or in turn from the
last aggressor; each share goes among the seats that declared for it, and a seat that
declared both must win or tie both or it wins nothing from that pot.
"""

from __future__ import annotations

import pytest

from scripted import play, snapshot
from studspec import Declared, Hand, IllegalActionError, Stakes, load_variant, parse_action
from studspec.engine.actions import Declaration
from studspec.engine.cards import Card, parse_cards
from studspec.engine.evaluation import ACE_TO_FIVE_LOW, HIGH
from studspec.engine.rules import ODD_CHIP
from studspec.engine.settlement import award_pot
from studspec.engine.shares import Holding, RankedShare
from studspec.history.phh import history_actions
from studspec.rulebook.model import Face

STAKES = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
FACES = (Face.DOWN, Face.DOWN, Face.UP, Face.UP, Face.UP, Face.UP, Face.DOWN)

# p1: As Kd 7h 8h 9c 4h 5s (ace-king high; low 8-7-5-4-A). p2: 2c 3d Ks Qc Jd Th Ac (the
# straight A-K-Q-J-T; low J-T-3-2-A). The king of spades brings in (aces low).
TO_SEVENTH = """
d dh p1 AsKd7h
d dh p2 2c3dKs
p2 pb
p1 cc
d dh p1 8h
d dh p2 Qc
p1 cc
p2 cc
d dh p1 9c
d dh p2 Jd
p1 cc
p2 cc
d dh p1 4h
d dh p2 Th
p1 cc
p2 cc
d dh p1 5s
d dh p2 Ac
p1 cc
p2 cc
"""


def declare_hand(book: str = "seven-card-stud-hi-lo-declare") -> Hand:
    hand = Hand(load_variant(book), [100, 100], stakes=STAKES, deal_from_outside=True)
    play(hand, TO_SEVENTH)
    return hand


def test_a_simultaneous_declaration_is_hidden_until_every_seat_has_declared() -> None:
    """Declaring at once: p2's declaration is its own until p1 declares too; then both are
    recorded, in seat order, and every seat sees them."""
    hand = declare_hand()
    assert hand.state == "declare"
    hand.act(parse_action("dcl both"), seat=1)
    assert not any(isinstance(e, Declared) for e in hand.events)
    assert hand.view(0).declarations == ()  # p1 does not know what p2 declared
    assert hand.view(None).declarations == ()
    assert hand.view(1).declarations == (None, Declaration.BOTH)  # p2 knows its own
    assert [str(a) for a in hand.legal_actions(1)] == []  # p2 has declared
    hand.act(parse_action("dcl low"), seat=0)
    declared = [e for e in hand.events if isinstance(e, Declared)]
    assert [(e.seat, e.declaration) for e in declared] == [(0, Declaration.LOW), (1, Declaration.BOTH)]
    assert history_actions(hand)[-4:-2] == ["p1 dcl low", "p2 dcl both"]  # then the cards are shown


def test_a_failed_swing_wins_nothing() -> None:
    """p2 declares both with the straight but loses low to p1's 8-7-5-4-A: it wins nothing,
    and nobody else declared high, so p1 takes the pot of 8 (antes 2, bring-in and call 6)."""
    hand = declare_hand()
    hand.act(parse_action("dcl both"), seat=1)
    hand.act(parse_action("dcl low"), seat=0)
    assert hand.is_complete
    assert hand.stacks == [104, 96]


def test_declaring_out_of_turn_is_refused_and_changes_nothing() -> None:
    """In turn from the last aggressor; with a checked seventh street, the seat that acted first
    on it (p1, the lower board) declares first; p2 declaring first is refused."""
    path = "tests/conformance/options/books/declare-in-turn.yaml"
    hand = declare_hand(path)
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="not p2's turn"):
        hand.act(parse_action("dcl high"), seat=1)
    assert snapshot(hand) == before
    hand.act(parse_action("dcl low"), seat=0)
    assert [(e.seat, e.declaration) for e in hand.events if isinstance(e, Declared)] == [(0, Declaration.LOW)]


def test_a_declaration_before_the_betting_is_over_is_refused() -> None:
    hand = Hand(load_variant("seven-card-stud-hi-lo-declare"), [100, 100], stakes=STAKES, deal_from_outside=True)
    play(hand, "d dh p1 AsKd7h\nd dh p2 2c3dKs")
    with pytest.raises(IllegalActionError, match="once the betting is over, before the showdown"):
        hand.act(parse_action("dcl high"), seat=1)


def test_a_book_without_declarations_refuses_one() -> None:
    hand = Hand(load_variant("seven-card-stud-hi-lo"), [100, 100], stakes=STAKES, deal_from_outside=True)
    play(hand, "d dh p1 AsKd7h\nd dh p2 2c3dKs")
    with pytest.raises(IllegalActionError, match="cards speak"):
        hand.act(parse_action("dcl high"), seat=0)


def held(text: str) -> Holding:
    cards: list[Card | None] = list(parse_cards(text))
    return Holding.known(cards, FACES)


SHARES = [(RankedShare(HIGH), None), (RankedShare(ACE_TO_FIVE_LOW), None)]
CHIP = ODD_CHIP["highest-card-by-suit"]


def test_a_swing_that_ties_one_share_and_wins_the_other_keeps_both() -> None:
    """A seat that declares both must win or tie both: p1 ties p2 for high (the same straight)
    and wins low outright, so it takes half the high and all the low: of 100, p1 75, p2 25."""
    p1 = held("As2c3d4h5s9c9d")  # the wheel: high 5-high straight, low 5-4-3-2-A
    p2 = held("Ac2d3h4s5cKdKh")  # the wheel too: the same straight; low 5-4-3-2-A as well
    p3 = held("QsQdQcJhJs8d8h")  # a full house: declares high
    declared = {0: Declaration.BOTH, 1: Declaration.HIGH, 2: Declaration.LOW}
    awards = award_pot(0, 100, [0, 1, 2], SHARES, {0: p1, 1: p2, 2: p3}.__getitem__, CHIP, declared)
    # p3 declared low with no low at all (its best low is Q-Q-J-J-8); p1's wheel wins low.
    assert [(a.share, a.amounts) for a in awards] == [
        ("high", ((0, 25), (1, 25))),
        ("ace-to-five-low", ((0, 50),)),
    ]


def _chicago_award(
    hands: dict[int, str], declared: dict[int, Declaration]
) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """One pot of 100 of the chicago-declare book, split among the declared shares."""
    from studspec.engine.machine import compile_variant

    shares = compile_variant(load_variant("chicago-declare")).rules.shares
    held = {seat: Holding.known(list(parse_cards(text)), FACES) for seat, text in hands.items()}
    awards = award_pot(0, 100, sorted(hands), shares, held.__getitem__, ODD_CHIP["highest-card-by-suit"], declared)
    return [(award.share, award.amounts) for award in awards]


def test_chicago_declared_low_names_the_spade_in_the_hole() -> None:
    """poker.tj, High Chicago: players declare the high hand, the high spade in the hole or
    both. p1 (three sixes) declares high, p2 (the king of spades in the hole, no pair)
    declares low, that is the spade: each takes the half it declared for."""
    hands = {0: "2c3d6d6h6s9c4h", 1: "Ks7c2dTcJh8d3c"}
    assert _chicago_award(hands, {0: Declaration.HIGH, 1: Declaration.LOW}) == [
        ("high", ((0, 50),)),
        ("high-spade-in-the-hole", ((1, 50),)),
    ]


def test_chicago_declared_a_failed_swing_wins_nothing() -> None:
    """p1 declares both with the best high hand but only the five of spades in the hole;
    p2's king of spades in the hole beats it, so p1 wins nothing; the shares are decided
    again without p1: p2, who declared the spade, takes it, and the high half nobody else
    declared for goes to the first share somebody won, the spade's winner (docs/rules.md S9)."""
    hands = {0: "5s3d6d6h6c9c4h", 1: "Ks7c2dTcJh8d3c"}
    assert _chicago_award(hands, {0: Declaration.BOTH, 1: Declaration.LOW}) == [
        ("high-spade-in-the-hole", ((1, 100),)),
    ]
