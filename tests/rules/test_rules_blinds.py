"""Blinds: forced bets posted by position before the deal, in place of a bring-in (issue 25).

Sources: docs/rules.md F10 (the blinds in a stud rule book); Robert's Rules of Poker, the
general rules of blinds (the blinds are live bets; the big blind has the option to raise
when nobody has; a player all-in for less than the big blind leaves the full blind to call);
TDA Rule 34 (heads-up, the dealer posts the small blind and acts first before the first
board); the blind games of talvola/generic_poker's stud configs (Four Forty Four, Pistol
Pete: a betting round on down cards, after the blinds).

The books: tests/data/blinds/hole-card-blinds.yaml (two down, a round, three up cards) and
up-card-blinds.yaml (one down and one up, the first round after the blinds), both blinds 5
and 10 at a 10/20 game with no ante.
"""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from conftest import ROOT
from scripted import deal, legal, new_hand, play, won
from studspec.authoring.describe import describe
from studspec.authoring.document import Format, render
from studspec.engine.events import BlindPosted, CardsDealt
from studspec.engine.hand import Hand
from studspec.errors import HistoryFormatError, IllegalActionError, StakesError
from studspec.history.phh import new_replay_hand, parse_history, replay, write_history
from studspec.play.players import RandomPlayer, play_out
from studspec.rulebook import load_variant
from studspec.rulebook.loader import validate_file

BOOKS = ROOT / "tests" / "data" / "blinds"
HOLE = str(BOOKS / "hole-card-blinds.yaml")
UP = str(BOOKS / "up-card-blinds.yaml")
BLINDS: dict[str, int | tuple[int, ...]] = {"ante": 0, "blinds": (5, 10)}


def test_the_first_two_seats_post_the_blinds_before_any_card() -> None:
    """Robert's Rules (blinds): the two players to the dealer's left post the small and the
    big blind before the deal; seat 0 is the first to the dealer's left, the dealer sits last."""
    hand = new_hand(HOLE, stacks=[1000, 1000, 1000, 1000], **BLINDS)
    posted = [(e.seat, e.blind, e.amount, e.all_in) for e in hand.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 0, 5, False), (1, 1, 10, False)]
    assert not any(isinstance(e, CardsDealt) for e in hand.events)
    assert hand.stacks == [995, 990, 1000, 1000]
    assert sum(pot.amount for pot in hand.pots()) == 15


def test_the_round_opens_after_the_big_blind_whatever_the_up_cards_show() -> None:
    """A book with blinds has no bring-in: the first round opens with the first seat after
    the last blind (p3), not with the low or high up card. p3 may fold, call the big blind
    (10, the small bet: a full bet) or raise to 20."""
    hand = new_hand(UP, stacks=[1000, 1000, 1000, 1000], **BLINDS)
    deal(hand, p1="2cAs", p2="3dAh", p3="4h2d", p4="5sKc")
    assert hand.actor == 2
    assert legal(hand) == ["f", "cc", "cbr 20"]


def test_the_big_blind_has_the_option_when_nobody_raised() -> None:
    """Robert's Rules: the big blind is live; when everyone has only called, the big blind
    may check or raise. p3 and p4 call 10, p1 completes its small blind with 5; p2 then
    checks or raises to 20; its check ends the round (40 in the pot)."""
    hand = new_hand(HOLE, stacks=[1000, 1000, 1000, 1000], **BLINDS)
    deal(hand, p1="2c3c", p2="4d5d", p3="6h7h", p4="8s9s")
    play(hand, "p3 cc\np4 cc\np1 cc")
    assert hand.actor == 1
    assert legal(hand) == ["cc", "cbr 20"]
    play(hand, "p2 cc")
    assert hand.stacks == [990, 990, 990, 990]
    assert hand.pending_deal() is not None  # the round is over: the next street is dealt


def test_a_raise_by_the_big_blind_reopens_the_betting() -> None:
    """The big blind's raise is a full raise: everyone who only called may act again."""
    hand = new_hand(HOLE, stacks=[1000, 1000, 1000], **BLINDS)
    deal(hand, p1="2c3c", p2="4d5d", p3="6h7h")
    play(hand, "p3 cc\np1 cc\np2 cbr 20")
    assert hand.actor == 2
    assert legal(hand) == ["f", "cc", "cbr 30"]


def test_heads_up_the_dealer_posts_the_small_blind_and_acts_first() -> None:
    """TDA Rule 34: heads-up, the dealer (the last seat, p2) posts the small blind and p1 the
    big one; the dealer acts first in the blinds' round."""
    hand = new_hand(HOLE, stacks=[1000, 1000], **BLINDS)
    posted = [(e.seat, e.amount) for e in hand.events if isinstance(e, BlindPosted)]
    assert posted == [(1, 5), (0, 10)]
    deal(hand, p1="2c3c", p2="4d5d")
    assert hand.actor == 1
    assert legal(hand) == ["f", "cc", "cbr 20"]


def test_a_big_blind_all_in_for_less_leaves_the_full_blind_to_call() -> None:
    """Robert's Rules: a player all-in for less than the big blind has posted what it has;
    the others still call the full blind. p2 posts 6 of its 10, all-in; p3 calls 10, p1
    adds 5; nobody bets later. p2 wins the main pot 3 x 6 = 18 with aces; the side pot of
    4 + 4 = 8 goes to p3's kings over p1's queens. Final: p1 990, p2 18, p3 998."""
    hand = new_hand(HOLE, stacks=[1000, 6, 1000], **BLINDS)
    posted = [(e.seat, e.amount, e.all_in) for e in hand.events if isinstance(e, BlindPosted)]
    assert posted == [(0, 5, False), (1, 6, True)]
    deal(hand, p1="QcQd", p2="AhAs", p3="KhKs")
    assert hand.actor == 2
    assert legal(hand) == ["f", "cc", "cbr 20"]
    assert hand.legal_actions()[1].cost == 10
    play(hand, "p3 cc\np1 cc")
    for up in (("2c", "7d", "9h"), ("3c", "8d", "Th"), ("4d", "5s", "Jc")):
        deal(hand, p1=up[0], p3=up[1], p2=up[2])  # dealt in seat order whatever the keywords
        while hand.actor is not None and not hand.is_complete:
            play(hand, f"p{hand.actor + 1} cc")
    assert hand.is_complete
    assert hand.stacks == [990, 18, 998]
    assert won(hand) == {1: 18, 2: 8}


def test_a_big_blind_below_a_full_bet_is_completed() -> None:
    """A blind below the round's bet is like a bring-in: blinds 3 and 6 at a 10/20 game;
    p3 may call 6 or complete to 10 (the small bet); after the completion the next raise is
    a full bet over it, to 20."""
    hand = new_hand(HOLE, stacks=[1000, 1000, 1000], ante=0, blinds=(3, 6))
    deal(hand, p1="2c3c", p2="4d5d", p3="6h7h")
    assert legal(hand) == ["f", "cc", "cbr 10"]
    assert hand.legal_actions()[1].cost == 6
    play(hand, "p3 cbr 10")
    assert legal(hand) == ["f", "cc", "cbr 20"]


def test_the_big_blind_is_the_rounds_bet_under_the_raise_cap() -> None:
    """A fixed-limit round allows a bet and three raises (the books' raise_cap 3): the full
    big blind is the bet, so three raises (to 20, 30, 40) cap the round."""
    hand = new_hand(HOLE, stacks=[1000, 1000, 1000, 1000], **BLINDS)
    deal(hand, p1="2c3c", p2="4d5d", p3="6h7h", p4="8s9s")
    play(hand, "p3 cbr 20\np4 cbr 30\np1 cbr 40")
    assert legal(hand) == ["f", "cc"]


def test_a_blind_acting_out_of_turn_is_refused_and_changes_nothing() -> None:
    """The big blind does not act first: its call, out of turn, is refused with whose turn
    it is, and the hand is as it was."""
    hand = new_hand(HOLE, stacks=[1000, 1000, 1000], **BLINDS)
    deal(hand, p1="2c3c", p2="4d5d", p3="6h7h")
    before = hand.snapshot()
    with pytest.raises(IllegalActionError, match="not p2's turn"):
        play(hand, "p2 cc")
    assert hand.snapshot() == before


def test_nobody_checks_facing_the_blind() -> None:
    """The blind is a bet to call: the first to act may fold, call or raise, not check for
    nothing (its ``cc`` costs the blind)."""
    hand = new_hand(HOLE, stacks=[1000, 1000, 1000], **BLINDS)
    deal(hand, p1="2c3c", p2="4d5d", p3="6h7h")
    assert "f" in legal(hand)
    assert hand.legal_actions()[1].cost == 10


def test_blinds_all_in_skip_the_round_and_are_not_charged_again() -> None:
    """Both players all-in on their blinds: no betting is left (the round is skipped), the
    blinds stay in the pot as they are, and no later round asks for them again. Heads-up,
    p2 posts the small blind, all 5 it has; p1 posts 10 of its 1000. p2's aces win the main
    pot of 10; p1's 5 over p2's all-in comes back to it. Final: p1 995, p2 10."""
    hand = new_hand(HOLE, stacks=[1000, 5], **BLINDS)
    deal(hand, p1="2c3c", p2="AhAs")
    for up in (("4d", "Kc"), ("6s", "Qd"), ("8h", "Js")):
        deal(hand, p1=up[0], p2=up[1])
    assert hand.is_complete
    assert hand.stacks == [995, 10]


def test_a_hand_with_blinds_writes_them_as_phh_does_and_replays() -> None:
    """PHH writes the blinds as ``blinds_or_straddles``, each seat's blind (flop games'
    field); the history replays to the same stacks. Heads-up the dealer (p2) posts the
    small blind: ``[10, 5]``."""
    for seats, per_seat in ((4, [5, 10, 0, 0]), (2, [10, 5])):
        variant = load_variant(HOLE)
        hand = Hand(variant, [1000] * seats, seed=seats)
        play_out(hand, [RandomPlayer(random.Random(seat)) for seat in range(seats)])
        text = write_history(hand, variant_ref=HOLE)
        assert f"blinds_or_straddles = {per_seat}" in text
        history = parse_history(text)
        replayed = replay(history, variant)
        assert list(replayed.stacks) == hand.stacks


def test_a_history_whose_blinds_skip_a_seat_is_refused_with_the_rule() -> None:
    """Blinds are posted by the seats from p1 on; heads-up the dealer, p2, posts the small
    blind, so a heads-up ``[5, 10]`` (p1 small) is refused, not read the other way round."""
    text = (
        'variant = "hole-card-blinds"\nblinds_or_straddles = [5, 10]\nsmall_bet = 10\nbig_bet = 20\n'
        "starting_stacks = [100, 100]\nactions = []\n"
    )
    with pytest.raises(HistoryFormatError, match="heads-up the dealer, p2, posts the small blind"):
        new_replay_hand(parse_history(text), load_variant(HOLE))
    skipping = text.replace("[5, 10]", "[0, 5, 10]").replace("[100, 100]", "[100, 100, 100]")
    with pytest.raises(HistoryFormatError, match="blinds are posted by the seats from p1 on"):
        new_replay_hand(parse_history(skipping), load_variant(HOLE))


def test_a_table_of_a_bring_in_book_posts_no_blinds() -> None:
    """A book opens with a bring-in or with blinds, not both: a table that gives blinds to a
    bring-in book is refused before anything is dealt, with the reason."""
    stud = load_variant("seven-card-stud")
    stakes = dataclasses.replace(stud.stakes, blinds=(200, 400))
    with pytest.raises(StakesError, match="opens with a bring-in; a table of it posts no blinds"):
        Hand(stud, [10_000] * 3, stakes=stakes)
    hole = load_variant(HOLE)
    with pytest.raises(StakesError, match="3 blinds need at least 3 seats, not 2"):
        Hand(hole, [1000] * 2, stakes=dataclasses.replace(hole.stakes, blinds=(5, 10, 10)))
    with pytest.raises(StakesError, match="from 1 up to the small bet"):
        Hand(hole, [1000] * 3, stakes=dataclasses.replace(hole.stakes, blinds=(5, 15)))


@pytest.mark.parametrize(
    ("patch", "where", "message"),
    [
        ("  blinds: [5, 30]\n", "stakes.blinds", "blind 30 is above stakes.small_bet 10"),
        ("  blinds: [5, 10, 10]\n", "stakes.blinds", "3 blinds, but the book seats as few as 2 players"),
    ],
)
def test_validate_refuses_blinds_the_engine_cannot_post(patch: str, where: str, message: str, tmp_path: Path) -> None:
    """``validate`` refuses what a table could not deal, pointing at the blinds: a blind over
    the small bet, more blinds than the fewest players."""
    text = Path(HOLE).read_text(encoding="utf-8").replace("  blinds: [5, 10]\n", patch)
    book = tmp_path / "hole-card-blinds.yaml"
    book.write_text(text, encoding="utf-8")
    errors = [str(error) for error in validate_file(book)]
    line = text.splitlines().index(patch.rstrip("\n")) + 1
    assert any(f":{line}:" in error and message in error for error in errors), errors


def test_validate_refuses_blinds_beside_a_bring_in(tmp_path: Path) -> None:
    """A book has blinds or a bring-in, not both: the bring-in street is pointed at."""
    book = tmp_path / "blinds-and-bring-in.yaml"
    book.write_text(
        "schema_version: 1\nextends: seven-card-stud\nname: blinds-and-bring-in\nstakes:\n  blinds: [100, 200]\n",
        encoding="utf-8",
    )
    errors = [str(error) for error in validate_file(book)]
    assert any("has the bring-in, but stakes.blinds opens the first betting round" in error for error in errors), errors


def test_the_guides_blinds_example_validates_reads_as_quoted_plays_and_replays(tmp_path: Path) -> None:
    """docs/authoring.md section 9: its book validates clean, ``describe`` says what the
    guide quotes, and seeded hands with blinds play to the end and replay from their
    histories (which carry ``blinds_or_straddles``)."""
    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    section = guide.split("## 9. Blinds", 1)[1].split("\n## ", 1)[0]
    block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "hole-card-stud.yaml"
    path.write_text(block, encoding="utf-8")
    assert validate_file(path) == []
    variant = load_variant(str(path))
    described = " ".join(render(describe(variant), Format.MARKDOWN).split())
    quotes = re.findall(r'"([^"]{40,})"', " ".join(section.split()))
    assert len(quotes) == 2
    for quote in quotes:
        assert quote.rstrip(",.") in described
    for seed in range(6):
        players = 2 + seed % 4
        hand = Hand(variant, [variant.stakes.starting_stack] * players, seed=seed)
        play_out(hand, [RandomPlayer(random.Random(seed * 10 + s)) for s in range(players)])
        history = write_history(hand, variant_ref=str(path))
        assert "blinds_or_straddles = " in history
        assert list(replay(parse_history(history), variant).stacks) == hand.stacks


def test_heads_up_a_small_blind_short_of_an_all_in_big_blind_still_calls_or_folds() -> None:
    """Heads-up, p1's big blind is all-in for 6 of 10, more than p2's small blind of 5: p2,
    the only seat with chips, still faces the full blind (F10) and must fold or call 5 (no
    raise: nobody could call it). Its call's last 4 chips are never matched and come back.
    (A big blind all-in for less than the small blind leaves nothing to call: no round.)"""
    hand = new_hand(HOLE, stacks=[6, 100], **BLINDS)
    deal(hand, p1="7cKd", p2="2s9h")
    assert hand.actor == 1
    assert legal(hand) == ["f", "cc"]
    assert hand.legal_actions()[1].cost == 5
    short = new_hand(HOLE, stacks=[4, 100], **BLINDS)
    deal(short, p1="7cKd", p2="2s9h")
    assert short.actor is None and short.pending_deal() is not None


def test_the_hand_knows_its_button_the_seat_that_posts_no_blind() -> None:
    """Seats are numbered from the dealer's left, so the dealer is the last seat: three-handed
    p3 deals and posts nothing; heads-up p2 deals and posts the small blind (TDA 34)."""
    three = new_hand(HOLE, stacks=[1000, 1000, 1000], **BLINDS)
    assert three.button == 2
    assert three.button not in {e.seat for e in three.events if isinstance(e, BlindPosted)}
    two = new_hand(HOLE, stacks=[1000, 1000], **BLINDS)
    assert two.button == 1
    assert next(e for e in two.events if isinstance(e, BlindPosted)).seat == two.button
