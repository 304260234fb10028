"""A refused action or deal leaves the hand exactly as it was, and says why.

Sources: the interpreter's contract (``IllegalActionError``: "The hand is left exactly as
it was. The message names the action, the reason and the legal choices"), applied to the
rules tested elsewhere: WSOP-L 216/219 (bring-in options), edge case 5 (no raise to BI +
SB), seeds 000/001 (the cap), WSOP-L 215 (order of action).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scripted import STUD, deal, legal, new_hand, play, snapshot
from studspec.engine.hand import Hand
from studspec.errors import IllegalActionError, IllegalDealError


def third_street(*lines: str) -> Hand:
    hand = new_hand(STUD, stacks=[1000] * 5)
    deal(hand, p1="AsKs2c", p2="AhKh9d", p3="AdKd9h", p4="AcKcTs", p5="QsQhJd")
    for line in lines:
        play(hand, line)
    return hand


def assert_refused(hand: Hand, line: str, *, reason_has: str = "") -> IllegalActionError:
    before = snapshot(hand)
    choices = legal(hand)
    with pytest.raises(IllegalActionError) as refused:
        play(hand, line)
    error = refused.value
    assert snapshot(hand) == before, f"{line!r} was refused but changed the hand"
    message = str(error)
    assert line in message, f"the message does not name the action {line!r}: {message}"
    assert error.reason and error.reason in message
    assert reason_has in error.reason, error.reason
    assert list(error.legal) == choices
    for choice in choices:
        assert choice in message
    return error


def test_bring_in_seat_fold_is_refused_unchanged() -> None:
    """WSOP-L 216 (the bring-in seat posts or completes; it may not fold)."""
    hand = third_street()
    error = assert_refused(hand, "p1 f")
    assert list(error.legal) == ["pb", "cbr 10"]


def test_raise_to_bring_in_plus_small_bet_is_refused_unchanged() -> None:
    """Edge case 5 / WSOP-L 219: after BI 3, "cbr 13" is refused; the message lists f, cc
    and cbr 10."""
    hand = third_street("p1 pb")
    error = assert_refused(hand, "p2 cbr 13", reason_has="amount")
    assert list(error.legal) == ["f", "cc", "cbr 10"]


def test_out_of_turn_action_is_refused_unchanged() -> None:
    """WSOP-L 215 (action proceeds clockwise from the bring-in): p3 may not act before p2."""
    hand = third_street("p1 pb")
    error = assert_refused(hand, "p3 cc", reason_has="turn")
    assert "p2" in error.reason


def test_raise_beyond_the_cap_is_refused_unchanged() -> None:
    """Seeds 000/001 (one bet and three raises)."""
    hand = third_street("p1 pb", "p2 cbr 10", "p3 cbr 20", "p4 cbr 30", "p5 cbr 40")
    assert_refused(hand, "p1 cbr 50", reason_has="cap")


def test_bring_in_post_by_another_seat_is_refused_unchanged() -> None:
    """WSOP-L 215: only the low card posts the bring-in."""
    hand = third_street("p1 pb")
    assert_refused(hand, "p2 pb")


def test_action_after_the_hand_is_over_is_refused() -> None:
    """Once everyone else folded the hand is over; any further action is refused."""
    hand = new_hand(STUD)
    play(hand, "d dh p1 AsKs2c\nd dh p2 AhKh9d\nd dh p3 AdKd9h\np1 pb\np2 f\np3 f")
    before = snapshot(hand)
    with pytest.raises(IllegalActionError) as refused:
        play(hand, "p1 cc")
    assert "p1" in str(refused.value) or "cc" in str(refused.value)
    assert snapshot(hand) == before


def test_muck_before_the_showdown_is_refused_unchanged() -> None:
    """Cards are shown or mucked only at the showdown (or when betting is closed)."""
    hand = third_street("p1 pb")
    before = snapshot(hand)
    with pytest.raises(IllegalActionError):
        play(hand, "p2 sm")
    assert snapshot(hand) == before


@pytest.mark.parametrize(
    "line",
    [
        "d dh p2 3c",  # out of turn: p1 is dealt first
        "d dh p1 3c4c",  # two cards on a one-card street
        "d dh p1 As",  # already in play (p1's own hole card)
        "d db 3c",  # no community card is due
    ],
)
def test_refused_deal_leaves_the_hand_unchanged(line: str) -> None:
    """Seed 000 (each card is dealt once), the deal order of the rule book (one up card a
    seat on 4th street, in seat order)."""
    hand = new_hand(STUD)
    play(hand, "d dh p1 AsKs2c\nd dh p2 AhKh9d\nd dh p3 AdKd9h\np1 pb\np2 cc\np3 cc")
    before = snapshot(hand)
    with pytest.raises(IllegalDealError):
        play(hand, line)
    assert snapshot(hand) == before


ACTIONS = st.one_of(
    st.sampled_from(["f", "cc", "pb"]),
    st.integers(min_value=0, max_value=60).map(lambda n: f"cbr {n}"),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    prefix=st.integers(min_value=0, max_value=4),
    seat=st.integers(min_value=0, max_value=4),
    action=ACTIONS,
)
def test_any_refused_action_changes_nothing(prefix: int, seat: int, action: str) -> None:
    """Any action, by any seat, at several points of a capped third street: either it is
    legal for the actor, or it is refused, leaving the hand as it was and naming itself."""
    lines = ["p1 pb", "p2 cbr 10", "p3 cbr 20", "p4 cbr 30", "p5 cbr 40"][:prefix]
    hand = third_street(*lines)
    line = f"p{seat + 1} {action}"
    allowed = seat == hand.actor and action in legal(hand)
    before = snapshot(hand)
    if allowed:
        play(hand, line)
        return
    with pytest.raises(IllegalActionError) as refused:
        play(hand, line)
    assert snapshot(hand) == before
    assert line in str(refused.value)


# --- shows of nothing, and what an early show tables (issue 11) --------------------------------


def test_a_show_of_no_cards_is_refused_and_changes_nothing() -> None:
    """Every seat all-in on the antes, nothing dealt yet: ``sm`` with no cards is no show (a
    show names the seat's cards; a bare ``sm`` is a muck, WSOP-L 231), so it is refused and
    the seat's later down cards stay its own."""
    from studspec.engine.actions import show

    hand = new_hand(STUD, stacks=(1, 1, 1))
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="a show names every card"):
        hand.act(show(()), seat=0)
    assert snapshot(hand) == before
    deal(hand, p1="AsKd7h", p2="2c3c4c", p3="QhQd9s")
    assert hand.view(1).seats[0].cards == (None, None, hand.cards[0][2])


def test_an_all_in_hand_tabled_early_shows_only_the_cards_it_held() -> None:
    """TDA 16: once an all-in closes the betting, hands may be tabled; the cards dealt after
    that are dealt face down and stay the seat's own until the showdown."""
    hand = new_hand(STUD, stacks=(4, 1000))
    play(hand, "d dh p1 AsKd7h\nd dh p2 2c3c4c\np2 pb\np1 cc")  # p1 calls all-in for 3
    play(hand, "p1 sm AsKd7h")
    play(hand, "d dh p1 8h\nd dh p2 5c\nd dh p1 9h\nd dh p2 6c\nd dh p1 Th\nd dh p2 7c\nd dh p1 Jh")
    seen = hand.view(1).seats[0].cards
    assert seen[:3] == tuple(hand.cards[0][:3])  # tabled
    assert seen[6] is None  # seventh street's down card: not tabled yet


def test_a_show_before_the_showdown_is_refused_with_the_choices_open_now() -> None:
    """A refusal always says what may be done instead (issue 11: ``sm`` on third street
    listed no choices): the bring-in seat may post or complete (WSOP-L 215)."""
    hand = new_hand(STUD)
    deal(hand, p1="AsKd2c", p2="2d3c4c", p3="QhQd9s")
    with pytest.raises(IllegalActionError) as refused:
        play(hand, "p1 sm AsKd2c")
    assert refused.value.legal == ("pb", "cbr 10")


def test_a_settlement_that_needs_unseen_cards_is_refused_and_the_hand_is_as_it_was() -> None:
    """Cards speak at the showdown, but p2's down cards were dealt unseen (``??``, as in a
    replayed history): the last call would settle a pot nobody can award, so it is refused,
    and the hand is exactly as before it (it is rebuilt from its log of accepted commands)."""
    from studspec.engine.actions import ActionKind, parse_action
    from studspec.engine.cards import parse_cards
    from studspec.errors import HandError

    hand = new_hand(STUD, stacks=(1000, 1000))
    mine, ups = iter(parse_cards("AsKd2c9sTc3d5h")), iter(parse_cards("7h8hJhQd"))
    while True:
        pending = hand.pending_deal()
        if pending is not None:
            own = pending.seat == 0
            hand.deal(
                pending.seat, [next(mine) if own else (next(ups) if f.value == "up" else None) for f in pending.faces]
            )
            continue
        kinds = {a.kind for a in hand.legal_actions()}
        before = snapshot(hand)
        try:
            hand.act(parse_action("pb" if ActionKind.BRING_IN in kinds else "cc"))
        except HandError as refused:
            assert "cannot be settled" in str(refused)
            break
    assert hand.state == "seventh_betting" and snapshot(hand) == before


def test_a_settlement_that_needs_an_unseen_community_card_is_refused_and_the_hand_is_as_it_was() -> None:
    """Eight players reach seventh street with one card left for the river: it is dealt as
    a community card (seed 000), here unseen (``??``). Every seat's own cards are known, but
    the board is not, so the last call cannot be settled: it is refused and the hand is
    exactly as before it, waiting for the same seat (found in review: the rollback looked
    only at the seats' own cards, so the hand was left half-settled)."""
    from studspec.engine.actions import ActionKind, parse_action
    from studspec.engine.cards import CARDS
    from studspec.errors import HandError

    hand = new_hand(STUD, stacks=(100_000,) * 8)
    cards = list(CARDS)
    while True:
        pending = hand.pending_deal()
        if pending is not None:
            hand.deal(pending.seat, [None] if pending.seat is None else [cards.pop() for _ in pending.faces])
            continue
        kinds = {a.kind for a in hand.legal_actions()}
        before, actor = snapshot(hand), hand.actor
        try:
            hand.act(parse_action("pb" if ActionKind.BRING_IN in kinds else "cc"))
        except HandError as refused:
            assert "cannot be settled" in str(refused)
            break
    assert hand.community == [None]
    assert hand.state == "seventh_betting" and snapshot(hand) == before
    assert hand.actor == actor is not None
