"""A hand with decisions about cards saves and restores exactly (issue 24).

A snapshot is the hand's set-up and the commands it accepted; restoring plays them again
(``parse_action(str(action))``), so a decision must read back as it was written, and choices
made together but not yet carried out (each its seat's secret) must be waiting again after a
restore, neither lost nor carried out early. Pickling goes through the same document.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from decision_play import BOOKS, DECISIONS, decision_book, players
from studspec.engine.actions import Action
from studspec.engine.choosing import part_of
from studspec.engine.hand import Hand
from studspec.errors import IllegalActionError
from studspec.history.phh import apply_history_action as apply_line
from studspec.history.phh import new_replay_hand, read_history

DECIDING = frozenset(("turn_up", "discard", "draw", "buy", "pass", "set_hands"))
"""The kinds of phase in which seats decide about their cards."""


def fingerprint(hand: Hand) -> tuple[Any, ...]:
    """Everything a restored hand must give back as it was, pending secret choices included."""
    pending = [(c.seat, str(c.action), c.positions) for c in part_of(hand).pending] if hand.phase.rule else []
    return (
        hand.state,
        hand.actor,
        hand.waiting_for(),
        hand.pending_deal(),
        [list(cards) for cards in hand.cards],
        [list(faces) for faces in hand.faces],
        [list(board) for board in hand.boards],
        list(hand.stacks),
        list(hand.events),
        [[str(choice) for choice in hand.legal_actions(seat)] for seat in range(hand.seats)],
        pending,
        hand.deck.stub if hand.deck.drawing else None,
    )


def same_after_restore(hand: Hand) -> None:
    """The hand restored from its snapshot, and unpickled, is the hand."""
    want = fingerprint(hand)
    assert fingerprint(Hand.restore(hand.snapshot())) == want
    assert fingerprint(pickle.loads(pickle.dumps(hand))) == want


@pytest.mark.parametrize("kind", sorted(BOOKS))
def test_a_hand_restores_exactly_before_every_decision_and_at_the_end(kind: str) -> None:
    """Every seat's turn in a decision step (together: with the earlier seats' choices still
    secret), then the finished hand; each restored copy, given the rest of the original's
    commands, ends exactly as the original did."""
    variant = decision_book(kind)
    secret = 0
    for seed in range(6):
        hand = Hand(variant, [variant.stakes.starting_stack] * 4, stakes=variant.stakes, seed=seed)
        seats = players(4, seed)
        copies: list[tuple[Hand, int]] = []
        while not hand.is_complete:
            if hand.phase.kind.value in DECIDING:
                same_after_restore(hand)
                secret += bool(part_of(hand).pending)
                copies.append((Hand.restore(hand.snapshot()), len(hand.log)))
            seat = hand.actor
            assert seat is not None
            hand.act(seats[seat].choose(hand, seat, hand.legal_actions()), seat)
        same_after_restore(hand)
        for copy, done in copies[:3]:
            for _, who, command in hand.log[done:]:
                assert isinstance(command, Action)  # a seeded hand deals its own cards: it logs actions
                copy.act(command, seat=who)
            assert fingerprint(copy) == fingerprint(hand)
    if kind not in ("draw", "buy"):  # chosen in turn: nothing waits in secret
        assert secret > 0


def test_a_hand_dealt_from_outside_restores_while_a_replacement_is_due() -> None:
    """A replayed draw waits for its replacement card (nobody acts): restored, it waits for
    the same card, and takes the rest of the history to the same end."""
    history = read_history(DECISIONS / "histories" / "draw.phh")
    hand = new_replay_hand(history, decision_book("draw"))
    for line in history.actions[:21]:
        apply_line(hand, line)
    assert hand.actor is None and hand.pending_deal() is not None
    same_after_restore(hand)
    restored = Hand.restore(hand.snapshot())
    for line in history.actions[21:]:
        apply_line(hand, line)
        apply_line(restored, line)
    assert fingerprint(restored) == fingerprint(hand)
    assert tuple(restored.stacks) == history.finishing_stacks


def test_a_secret_choice_restored_is_still_secret_and_still_binding() -> None:
    """p1 has discarded in secret; restored, p1 may not choose again, p2 still may, and the
    table sees p1's cards as they were until p2 has chosen."""
    history = read_history(DECISIONS / "histories" / "discard.phh")
    hand = new_replay_hand(history, decision_book("discard"))
    for line in history.actions[:5]:  # through "p1 sd KcKd"
        apply_line(hand, line)
    restored = pickle.loads(pickle.dumps(Hand.restore(hand.snapshot())))
    assert [str(card) for card in restored.cards[0]] == ["As", "Ad", "Kc", "Kd", "2c"]
    assert restored.waiting_for() == "waiting for p2 to discard 2 cards"
    with pytest.raises(IllegalActionError, match="not p1's turn"):
        apply_line(restored, "p1 sd AsAd")
    apply_line(restored, "p2 sd 7h7d")
    assert [str(card) for card in restored.cards[0]] == ["As", "Ad", "2c"]
