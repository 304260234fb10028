"""Decisions about cards (issue 24): turn up, discard, draw, buy, pass, set two hands.

Each test deals a stacked deck (top card first; seat 0 is first left of the dealer) in a
small book written here, and reasons the expected outcome from the rule it names: the
roll-your-own and flip rules (docs/rules.md; generic_poker 7_card_flip, mexican_stud), Super
Stud's discard, Anaconda's passes, stud with a twist's draw, English stud's buy, Cowpie's two
hands. Every refused decision must leave the hand exactly as it was (issue 24, Done when).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from studspec import Hand, IllegalActionError, load_variant, parse_action, parse_cards
from studspec.engine.cards import Card
from studspec.rulebook.model import Face, Variant

HEADER = """schema_version: 1
extends: seven-card-stud
title: A test book
description: A book of the decision tests.
deck: {burn: none, exhaustion: none}
"""


def book(tmp_path: Path, name: str, body: str) -> Variant:
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEADER + f"name: {name}\n" + body, encoding="utf-8")
    return load_variant(str(path))


def cards(text: str) -> list[Card]:
    return [card for card in parse_cards(text) if card is not None]


def act(hand: Hand, line: str) -> None:
    seat, action = line.split(" ", 1)
    hand.act(parse_action(action), int(seat[1:]) - 1)


def observable(hand: Hand) -> tuple[Any, ...]:
    """Everything a caller can see of the hand (what a refusal must leave as it was)."""
    return (
        hand.state,
        hand.actor,
        [list(c) for c in hand.cards],
        [list(f) for f in hand.faces],
        [list(b) for b in hand.boards],
        list(hand.stacks),
        len(hand.events),
        [str(a) for a in hand.legal_actions()],
        [hand.view(seat) for seat in range(hand.seats)],
        hand.snapshot(),
    )


def refused(hand: Hand, line: str, why: str) -> None:
    before = observable(hand)
    with pytest.raises(IllegalActionError, match=why):
        act(hand, line)
    assert observable(hand) == before


FLIP = """streets:
  - id: third
    deal: [down, down, down, down]
    decisions: [{decide: turn-up, count: 2}]
    bet: small
    bring_in: true
  - {id: fourth, deal: [up], bet: small}
"""


def test_flip_turns_two_up_together_and_the_bring_in_reads_the_new_boards(tmp_path: Path) -> None:
    """Seven-Card Flip (generic_poker 7_card_flip): four down, each turns two up together;
    the bring-in is the lowest up card after the reveal (WSOP-L 215)."""
    flip = book(tmp_path, "flip", FLIP)
    hand = Hand(flip, [1000, 1000, 1000], deck=cards("AsKsQsJs2c9d9h3hAdAcKdKc"))
    assert hand.state == "third_turn_up"
    assert [str(c) for c in hand.legal_actions(1)] == ["up 2 cards"]
    before_p1 = hand.view(0)
    act(hand, "p2 up 2c3h")  # p2 chooses first: together, any seat still to choose may
    assert hand.view(0) == before_p1, "a choice made together stays its seat's secret"
    assert hand.boards[1] == []
    act(hand, "p1 up AsKs")
    act(hand, "p3 up AdKd")
    assert [hand.boards[s] for s in range(3)] == [cards("AsKs"), cards("2c3h"), cards("AdKd")]
    assert hand.faces[1] == [Face.UP, Face.DOWN, Face.DOWN, Face.UP]
    assert hand.state == "third_betting"
    assert hand.actor == 1  # the 2c is the lowest up card: p2 brings in
    view = hand.view(0)
    assert view.seats[1].cards == (cards("2c")[0], None, None, cards("3h")[0])


def test_a_refused_turn_up_leaves_the_hand_as_it_was(tmp_path: Path) -> None:
    """Turning up a card one does not hold, naming one twice, the wrong count: refused."""
    hand = Hand(book(tmp_path, "flip", FLIP), [1000, 1000], deck=cards("AsKsQsJs2c9d9h3h"))
    refused(hand, "p1 up 2c9d", "does not hold 2c")
    refused(hand, "p1 up AsAs", "named twice")
    refused(hand, "p1 up As", "2 cards")
    refused(hand, "p1 cc", "not allowed now|is not")
    act(hand, "p1 up AsKs")
    refused(hand, "p1 up QsJs", "turn")  # p1 has chosen; only p2 is still to choose


def test_a_card_named_twice_is_refused_where_the_cards_are_unseen(tmp_path: Path) -> None:
    """A card named twice is refused though the seat's cards were dealt unseen (``??``): a
    named card may stand for one unseen card, not two (fuzz finding: ``sd QsQs`` accepted)."""
    hand = Hand(book(tmp_path, "flip", FLIP), [1000, 1000], deal_from_outside=True)
    unseen = parse_cards("????????", allow_unknown=True)
    hand.deal(0, unseen)
    hand.deal(1, unseen)
    refused(hand, "p1 up 2c2c", "named twice")
    act(hand, "p1 up 2c3c")


def test_turning_up_an_up_card_is_refused(tmp_path: Path) -> None:
    """Roll your own turns down cards up: a card already face up is not eligible."""
    body = """streets:
  - id: third
    deal: [down, down, up]
    decisions: [{decide: turn-up}]
    bet: small
    bring_in: true
"""
    hand = Hand(book(tmp_path, "roll", body), [1000, 1000], deck=cards("AsKs2cQdJd3c"))
    refused(hand, "p1 up 2c", "face up")


SUPER = """players: {max: 5}
streets:
  - {id: third, deal: [down, down, down, down, up], bet: small, bring_in: true}
  - id: discard
    deal: []
    betting: false
    decisions: [{decide: discard, count: 2, cards: down}]
  - {id: fourth, deal: [up], bet: small}
"""


def test_super_stud_discards_two_down_cards_into_the_muck(tmp_path: Path) -> None:
    """Super Stud (generic_poker super_stud): four down, one up; after the first round each
    discards exactly two down cards, no replacement; the count is public, the cards not."""
    hand = Hand(book(tmp_path, "super", SUPER), [1000, 1000], deck=cards("AsKsQsJs2cAdKdQdJd3c4h5h"))
    act(hand, "p1 pb")  # the 2c is the lowest door: p1 brings in
    act(hand, "p2 cc")
    assert hand.state == "discard_discard"
    refused(hand, "p1 sd 2cAs", "face up")
    refused(hand, "p1 sd AsKsQs", "2 cards")
    act(hand, "p1 sd QsJs")
    act(hand, "p2 sd QdJd")
    assert hand.cards[0] == cards("AsKs2c4h")
    assert set(cards("QsJsQdJd")) <= set(hand.deck.muck)
    assert hand.view(1).seats[0].cards == (None, None, cards("2c")[0], cards("4h")[0])


def test_passes_go_left_to_the_next_seat_still_in_and_only_the_receiver_sees_them(tmp_path: Path) -> None:
    """Anaconda (generic_poker anaconda): passes are made together, to the left; a folded
    seat neither passes nor receives (the cards go to the next seat still in)."""
    body = """streets:
  - {id: deal, deal: [down, down, down], bet: small}
  - {id: pass, deal: [], decisions: [{decide: pass, count: 1, cards: down}], bet: small}
"""
    hand = Hand(book(tmp_path, "pass", body), [1000, 1000, 1000, 1000], deck=cards("2c3c4c5d6d7d8h9hThJsQsKs"))
    act(hand, "p1 cbr 400")  # no up card: the first round opens by position, p1 first
    act(hand, "p2 f")
    act(hand, "p3 cc")
    act(hand, "p4 cc")
    assert hand.state == "pass_pass"
    refused(hand, "p2 pass 5d", "p2 has folded")
    act(hand, "p1 pass 2c")
    act(hand, "p3 pass 8h")
    act(hand, "p4 pass Js")
    assert hand.cards[0] == cards("3c4cJs")  # p4's card comes round to p1
    assert hand.cards[2] == cards("9hTh2c")  # p1's goes past folded p2 to p3
    assert hand.cards[3] == cards("QsKs8h")
    assert hand.view(3).seats[2].cards == (None, None, None), "p4 never sees what p1 passed to p3"


TWIST = """players: {max: 4}
streets:
  - {id: third, deal: [down, up], bet: small, bring_in: true}
  - id: twist
    deal: []
    decisions: [{decide: draw, up_to: 1, price: small-bet, order: in-turn, short_of_price: stand-pat}]
    bet: big
"""


def test_a_twist_is_paid_for_and_replaced_up_for_up(tmp_path: Path) -> None:
    """Stud with a twist: a player may replace one card for the small bet, dead money in the
    pot; the replacement comes with the face of the card it replaces."""
    hand = Hand(book(tmp_path, "twist", TWIST), [1000, 1000], stakes=None, deck=cards("As2cKdQd7h8h"))
    act(hand, "p1 pb")  # 2c brings in 200
    act(hand, "p2 cc")
    assert hand.state == "twist_draw" and hand.actor == 0
    assert [str(c) for c in hand.legal_actions()] == ["sd 0-1 cards (400 a card)"]
    act(hand, "p1 sd 2c")
    assert hand.cards[0] == cards("As7h") and hand.faces[0] == [Face.DOWN, Face.UP]
    assert hand.boards[0] == cards("7h")
    assert hand.stacks[0] == 1000 - 40 - 200 - 400
    act(hand, "p2 sd")  # stands pat, pays nothing
    assert hand.stacks[1] == 1000 - 40 - 200
    assert sum(hand.stacks) + sum(p.amount for p in hand.pots()) == 2000


def test_a_seat_short_of_the_price_stands_pat_when_the_book_says_so(tmp_path: Path) -> None:
    """short_of_price: stand-pat: a seat that cannot pay a card's price in full takes none;
    an all-in seat is not asked at all."""
    hand = Hand(book(tmp_path, "twist", TWIST), [340, 1000], deck=cards("As2cKdQd7h8h"))
    act(hand, "p1 pb")
    act(hand, "p2 cbr 400")
    act(hand, "p1 cc")  # p1 is all-in for 300 after the ante
    assert hand.stacks[0] == 0
    assert hand.state == "twist_draw" and hand.actor == 1, "all-in p1 cannot pay for a card: not asked"


def test_drawing_from_an_outside_dealer_waits_for_the_replacement(tmp_path: Path) -> None:
    """A replay deals replacements through deal(): nobody acts until p1's card is dealt
    (PHH: ``p1 sd 2c`` then ``d dh p1 7h``)."""
    hand = Hand(book(tmp_path, "twist", TWIST), [1000, 1000], deal_from_outside=True)
    hand.deal(0, cards("As2c"))
    hand.deal(1, cards("KdQd"))
    act(hand, "p1 pb")
    act(hand, "p2 cc")
    act(hand, "p1 sd 2c")
    pending = hand.pending_deal()
    assert pending is not None and (pending.seat, pending.faces) == (0, (Face.UP,))
    assert hand.actor is None
    hand.deal(0, cards("7h"))
    assert hand.actor == 1


BUY = """players: {max: 4}
streets:
  - {id: third, deal: [down, up], bet: small, bring_in: true}
  - id: buy
    deal: []
    decisions: [{decide: buy, price: big-bet, replacement: down, order: in-turn}]
    bet: big
"""


def test_a_buy_is_taken_or_declined_and_the_bought_card_comes_down(tmp_path: Path) -> None:
    """English stud (generic_poker english_stud): each may buy one replacement for the big bet,
    dealt face down, or decline."""
    hand = Hand(book(tmp_path, "buy", BUY), [2000, 2000], deck=cards("As2cKdQd7h8h"))
    act(hand, "p1 pb")
    act(hand, "p2 cc")
    assert [str(c) for c in hand.legal_actions()] == ["buy 1 card (800 a card)", "decline"]
    act(hand, "p1 buy 2c")
    assert hand.cards[0] == cards("As7h") and hand.faces[0] == [Face.DOWN, Face.DOWN]
    assert hand.boards[0] == []
    assert hand.stacks[0] == 2000 - 40 - 200 - 800
    act(hand, "p2 decline")
    assert hand.cards[1] == cards("KdQd") and hand.stacks[1] == 2000 - 40 - 200


COWPIE = """players: {max: 7}
streets:
  - {id: deal, deal: [down, down, up, up, up, up, down], bet: small, bring_in: true}
  - id: set
    deal: []
    decisions: [{decide: set-hands, hands: [5, 2], first_outranks: true, down_in_each: 1}]
    bet: big
pots:
  shares: [{hand: high, set: 1}, {hand: high, set: 2}]
"""


def test_cowpie_hands_each_win_their_half(tmp_path: Path) -> None:
    """Cowpie (generic_poker cowpie): a five-card and a two-card hand, each with a face-down
    card, the five-card hand outranking the two; half the pot to each best hand."""
    hand = Hand(book(tmp_path, "cowpie", COWPIE), [1000, 1000], deck=cards("AsAh9c9d2c4h5hKsKh3d8s7s6dQc"))
    act(hand, "p1 pb")  # up cards 9c9d2c4h and 3d8s7s6d: the 2c is the lowest
    act(hand, "p2 cc")
    assert hand.state == "set_set_hands"
    refused(hand, "p1 set AsAh5h9c9d", "hand 2 holds 0 face-down")  # 2c and 4h are both up
    refused(hand, "p2 set 3d8s7s6dQc", "outrank")  # queen high below the two kings
    act(hand, "p1 set AsAh9c9d2c")  # aces and nines / 5-4 high
    act(hand, "p2 set KsKh8s7s6d")  # kings / queen-three high
    for _ in range(2):
        seat = hand.actor
        assert seat is not None
        hand.act(parse_action("cc"), seat)
    result = hand.result
    assert result is not None
    # Pot: antes 2 x 40, the bring-in 200 called = 480, halves of 240: aces up beats kings
    # for hand 1 (p1); Q-3 beats 5-4 for hand 2 (p2).
    assert [(a.share, a.amounts) for a in result.awards] == [
        ("high (hand 1)", ((0, 240),)),
        ("high (hand 2)", ((1, 240),)),
    ]


def test_a_book_without_decisions_compiles_to_the_same_phases(tmp_path: Path) -> None:
    """Books without decisions play exactly as before: no decision phase, the same names."""
    hand = Hand(load_variant("seven-card-stud"), [1000, 1000], seed=1)
    names = list(hand.compiled.phases)
    assert names[:5] == ["start", "antes", "third_deal", "third_bring_in", "third_betting"]
    assert not any(name.endswith(("_turn_up", "_discard", "_draw", "_buy", "_pass", "_set_hands")) for name in names)


def test_mexican_stud_rolls_before_the_card_and_the_roller_gets_it_face_down() -> None:
    """Mexican Stud as generic_poker deals it (mexican_stud.json; docs/rules.md V9): each
    player may roll its one hole card before the next card ("expose ... min_number 0"); the
    card then comes face down to a player that rolled ("conditional_state": "all_exposed"),
    face up to one that kept its hole card, so each always holds one card down. p1 (9d up
    beside the 5s) brings in as the high card, p2 calls; p1 rolls the 5s, p2 keeps the 4d."""
    mexican = load_variant(str(Path(__file__).parents[1] / "data" / "stud-family" / "mexican-stud.yaml"))
    hand = Hand(mexican, [1000, 1000], deck=cards("5s9d4d7d"))
    act(hand, "p1 pb")
    act(hand, "p2 cc")
    assert hand.state == "roll-third_turn_up" and hand.actor == 0
    assert [str(choice) for choice in hand.legal_actions()] == ["up 0-1 cards"]
    refused(hand, "p1 up 5s9d", "at most 1|0-1|1 card")
    act(hand, "p1 up 5s")
    act(hand, "p2 up")  # keeps its hole card
    assert hand.state == "third_betting"
    assert [faces[2] for faces in hand.faces] == [Face.DOWN, Face.UP]
    assert [faces.count(Face.DOWN) for faces in hand.faces] == [1, 1]
    assert hand.boards[0] == cards("9d5s")  # the door, then the rolled card


def test_an_unseen_card_named_twice_is_refused(tmp_path: Path) -> None:
    """A replay whose deals were ``??``: naming one unseen card twice is two cards that are
    one, refused as a seen card named twice is (found by tools/fuzz.py: ``p4 sd 2s2s`` was
    taken as two discards)."""
    hand = Hand(book(tmp_path, "flip", FLIP), [1000, 1000], deal_from_outside=True)
    hand.deal(0, [None, None, None, None])
    hand.deal(1, cards("2c9d9h3h"))
    refused(hand, "p1 up 2s2s", "named twice")
    act(hand, "p1 up 2s7d")  # two unseen cards, named once each
    act(hand, "p2 up 2c3h")  # the last to choose: every choice is carried out, and p1's become known
    assert hand.cards[0][:2] == cards("2s7d") and hand.boards[0] == cards("2s7d")
