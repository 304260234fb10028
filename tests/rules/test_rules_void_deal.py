"""A dealt card that voids the deal (issue 25: "a dealt card may void the deal (the cards are
gathered and dealt again, the pot carried over)"; ``triggers[].effect: void-deal``).

Sources: docs/rules.md V16; pokertips.org, "The Queen": "if the queen of spades comes as an up
card to any player, the hand is over. All cards are thrown in, the money remains in the pot,
and the game is dealt again. Any player who dropped before the queen of spades showed up on the
board cannot come back in". The book: tests/data/wild-changes/the-queen.yaml, at the scripted
stakes (ante 1, bring-in 3, bets 10/20).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ROOT
from scripted import deal, new_hand, play
from studspec.authoring.describe import describe
from studspec.authoring.document import Format
from studspec.authoring.document import render as render_document
from studspec.engine.actions import ActionKind, parse_action
from studspec.engine.cards import parse_card
from studspec.engine.events import AntePosted, BringInDue, DealVoided, StreetBegan
from studspec.engine.hand import Hand
from studspec.errors import IllegalActionError, IllegalDealError
from studspec.history.phh import history_actions, parse_history, replay, write_history
from studspec.play.render import render
from studspec.play.stats import record
from studspec.rulebook import load_variant
from studspec.rulebook.loader import validate_file

QUEEN = str(ROOT / "tests" / "data" / "wild-changes" / "the-queen.yaml")


def play_out(hand: Hand) -> None:
    """Post every bring-in and call or check everything to the end."""
    while not hand.is_complete:
        kinds = {choice.kind for choice in hand.legal_actions()}
        hand.act(parse_action("pb" if ActionKind.BRING_IN in kinds else "cc"))


def voided_hand() -> Hand:
    """Third street called around, then p2's up queen of spades on fourth street."""
    hand = new_hand(QUEEN, stacks=[100, 100, 100])
    deal(hand, p1="Ah8d5c", p2="KcJd9h", p3="7s3dTd")
    play(hand, "p1 pb\np2 cc\np3 cc")
    deal(hand, p1="6h", p2="Qs")
    return hand


def test_the_void_gathers_every_card_and_keeps_every_chip() -> None:
    """V16: the moment the up queen of spades falls, nothing more of the deal is dealt; no seat
    holds a card, the middle and the burns are empty, the whole deck is unseen again, the pot
    keeps its 12 chips, and the next deal due is p1's third street."""
    hand = voided_hand()
    assert [event for event in hand.events if isinstance(event, DealVoided)] == [DealVoided(1, parse_card("Qs"), 1)]
    assert all(cards == [] for cards in hand.cards) and hand.community == [] and hand.deck.burns == []
    assert hand.deck.size == 52 and sum(pot.amount for pot in hand.pots()) == 12 and hand.stacks == [96, 96, 96]
    pending = hand.pending_deal()
    assert pending is not None and pending.seat == 0 and pending.count == 3
    for viewer in (None, 0, 1, 2):
        assert all(seat.cards == () for seat in hand.view(viewer).seats)


def test_nothing_is_acted_or_dealt_out_of_turn_while_the_new_deal_is_due() -> None:
    """The void's refusals: the rest of the voided street, an action, a seat out of turn; each
    leaves the hand as it was."""
    hand = voided_hand()
    before = (list(hand.events), hand.pending_deal())
    for line in ("d dh p3 8c", "d dh p2 9s9c3h"):
        with pytest.raises(IllegalDealError):
            play(hand, line)
    with pytest.raises(IllegalActionError):
        play(hand, "p1 cc")
    assert (list(hand.events), hand.pending_deal()) == before


def test_no_ante_again_but_a_new_bring_in() -> None:
    """The new deal posts no ante (the page: the money remains in the pot) but third street's
    bring-in again, from the new doors; every card may come again (Qs dealt down voids nothing)."""
    hand = voided_hand()
    deal(hand, p1="Qs8cKh", p2="9s9c3h", p3="7h5d2d")
    assert sum(isinstance(event, AntePosted) for event in hand.events) == 3
    assert [event.seat for event in hand.events if isinstance(event, BringInDue)] == [0, 2]
    assert [event.index for event in hand.events if isinstance(event, StreetBegan)] == [0, 1, 0]


def test_a_seeded_hand_voids_replays_and_restores_alike() -> None:
    """Seeded hands with voids (the deck shuffled again by the hand's own generator): the
    history marks the card's line with a comment and replays to the same stacks; a snapshot
    restores the same hand."""
    variant = load_variant(QUEEN)
    found = 0
    for seed in range(60):
        hand = Hand(variant, [1000] * 6, seed=seed)
        play_out(hand)
        voids = [event for event in hand.events if isinstance(event, DealVoided)]
        if not voids:
            continue
        found += 1
        lines = history_actions(hand)
        assert sum("# void" in line for line in lines) == len(voids) <= 3
        replayed = replay(parse_history(write_history(hand, variant_ref=QUEEN)), variant)
        assert replayed.stacks == tuple(hand.stacks)
        assert Hand.restore(hand.snapshot()).events == hand.events
        assert sum(hand.stacks) == 6000
    assert found >= 5


def test_a_folded_player_stays_out_of_the_new_deal() -> None:
    """The page: a player who dropped before the queen showed cannot come back in."""
    hand = new_hand(QUEEN, stacks=[100, 100, 100])
    deal(hand, p1="Th9h8c", p2="KcKs3d", p3="Ad4sJc")
    play(hand, "p2 pb\np3 cbr 10\np1 f\np2 cc")
    deal(hand, p2="5h", p3="Qs")
    pending = hand.pending_deal()
    assert pending is not None and pending.seat == 1 and hand.folded[0]


def test_describe_the_render_and_simulate_say_so() -> None:
    """describe says what the card does and the limit; the readable history says the deal is
    void; simulate's record counts the voids of a hand."""
    text = render_document(describe(load_variant(QUEEN)), Format.MARKDOWN)
    assert "When a Q of spades is dealt face up, the deal is void at once" in text
    assert "voided at most three times" in text
    assert "voids the deal (void 1)" in render(voided_hand())
    hand = Hand(load_variant(QUEEN), [1000] * 6, seed=0)
    play_out(hand)
    assert record(hand).voids == sum(isinstance(event, DealVoided) for event in hand.events) > 0


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("    max_voids: 3\n", "    max_voids: 3\n    price: ante\n", "with no question, so its price is free"),
        ("    effect: void-deal\n", "    effect: kill\n", "voids no deal, so it has no max_voids"),
        ("triggers:\n", "stakes:\n  blinds: [1, 2]\ntriggers:\n", "it has blinds"),
    ],
)
def test_validate_bounds_a_void(old: str, new: str, message: str, tmp_path: Path) -> None:
    """A void is free (it asks nothing), max_voids goes with a void, and a book with blinds
    cannot start its deal again: each refused, saying why."""
    text = Path(QUEEN).read_text(encoding="utf-8")
    assert old in text
    book = tmp_path / "the-queen.yaml"
    book.write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    assert any(message in error for error in errors), errors
