"""Decisions about cards in PHH histories (issue 24): written, read and replayed.

A seat's decision is a player line naming the cards (PHH's own ``sd``, studspec's ``up``,
``pass``, ``buy``, ``set`` and ``decline``); the replacement cards a draw or buy brings are
the ordinary ``d dh`` lines after it. A replay plays each line through the hand's own judge
(``Hand.act``, the hand dealt from outside), so a history of a hand that could not happen is
refused at the line that breaks a rule, with the reason.

The hand-written histories in tests/data/decisions/histories reason their finishing stacks
out in their header comments; the round trips play hands with :class:`ChoosingPlayer` and
replay what was written.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from decision_play import BOOKS, DECISIONS, book_path, decision_book, played
from studspec.cli import main
from studspec.engine.actions import ActionKind
from studspec.engine.events import CardsChosen, CardsDealt
from studspec.errors import ReplayError
from studspec.history.phh import History, history_actions, parse_history, read_history, replay, write_history
from studspec.rulebook import load_variant

HISTORIES = DECISIONS / "histories"

REASONED = {
    "turn-up": (1030, 970),
    "discard": (1030, 970),
    "draw": (1230, 770),
    "buy": (1030, 970),
    "pass": (1005, 1005, 990),
    "set-hands": (1005, 1005, 990),
}
"""The finishing stacks each hand-written history reasons out in its header comment."""

WRITTEN = {
    "turn-up": "up",
    "discard": "sd",
    "draw": "sd",
    "buy": "buy",
    "pass": "pass",
    "set-hands": "set",
}
"""The code each kind of decision is written with."""


def history_of(kind: str) -> History:
    return read_history(HISTORIES / f"{kind}.phh")


def replayed_until(kind: str, lines: list[str], at: int) -> History:
    """The history of ``kind`` cut after ``at`` lines, with ``lines`` after it."""
    history = history_of(kind)
    return dataclasses.replace(history, actions=(*history.actions[:at], *lines), finishing_stacks=None)


def refusal(kind: str, lines: list[str], at: int) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        replay(replayed_until(kind, lines, at), decision_book(kind), unfinished=True)
    return caught.value


@pytest.mark.parametrize("kind", sorted(BOOKS))
def test_a_hand_written_history_replays_to_the_stacks_reasoned_out(kind: str) -> None:
    outcome = replay(history_of(kind), decision_book(kind))
    assert outcome.stacks == REASONED[kind]
    assert outcome.matches


@pytest.mark.parametrize("kind", sorted(BOOKS))
def test_two_hundred_hands_round_trip_through_a_written_history(kind: str) -> None:
    """Written, read back and replayed, every hand ends with the stacks it was played to;
    the decisions are in the history as lines of their own code."""
    variant = decision_book(kind)
    code = WRITTEN[kind]
    written = 0
    for seed in range(200):
        hand = played(variant, seed, seats=min(variant.max_players, 5))
        text = write_history(hand, variant_ref=str(book_path(BOOKS[kind])))
        assert replay(parse_history(text), variant).stacks == tuple(hand.stacks), f"seed {seed}"
        written += any(line.split()[1] == code for line in history_actions(hand))
    assert written > 100  # most hands reach the decision (the rest end in folds before it)


def test_every_choice_of_a_together_draw_comes_before_the_replacements(tmp_path: Path) -> None:
    """Chosen together, every seat's choice is written (in seat order) when the last seat has
    chosen, and only then each seat's replacement cards, in seat order; replay accepts them
    in that order."""
    text = book_path("stud-with-a-twist").read_text(encoding="utf-8").replace("order: in-turn", "order: together")
    path = tmp_path / "together-twist.yaml"
    path.write_text(text.replace("name: stud-with-a-twist", "name: together-twist"), encoding="utf-8")
    variant = load_variant(str(path))
    checked = 0
    for seed in range(60):
        hand = played(variant, seed, seats=4)
        events = [e for e in hand.events if isinstance(e, CardsChosen | CardsDealt)]
        chosen = [i for i, e in enumerate(events) if isinstance(e, CardsChosen)]
        if not chosen:
            continue
        after = [e for e in events[chosen[0] :] if isinstance(e, CardsDealt)]
        assert all(isinstance(e, CardsChosen) for e in events[chosen[0] : chosen[-1] + 1])
        assert [e.seat for e in after] == sorted(e.seat for e in after)
        seats = [events[i].seat for i in chosen]
        assert seats == sorted(seats)
        assert replay(parse_history(write_history(hand)), variant).stacks == tuple(hand.stacks)
        checked += bool(after)
    assert checked > 10


def test_a_history_of_decisions_names_the_book_not_a_phh_code() -> None:
    """``up``, ``pass``, ``buy``, ``set`` and ``decline`` are studspec's own lines, as ``dcl``
    and ``pay`` are: only books that claim no PHH code write them, so a PHH reader refuses
    the history at its unknown variant rather than misreading it (docs/conformance.md)."""
    for kind, name in BOOKS.items():
        variant = decision_book(kind)
        assert not variant.phh_codes
        assert parse_history(write_history(played(variant, 1))).variant_code == name


def test_cards_nobody_saw_may_be_discarded_and_named_cards_fill_unseen_places() -> None:
    """p2's cards were not seen (``??``): its discard may name ``????``, or name the cards,
    which become known; its show at the end then names every card it holds."""
    history = history_of("discard")
    unseen = ["d dh p1 AsAdKcKd2c", "d dh p2 ????????9s", "p1 pb", "p2 cc", "p1 sd KcKd"]
    for discard in ("p2 sd ????", "p2 sd 7h7d"):
        actions = (*unseen, discard, *history.actions[6:])
        outcome = replay(dataclasses.replace(history, actions=actions), decision_book("discard"))
        assert outcome.stacks == REASONED["discard"]
    named = replay(
        dataclasses.replace(history, actions=(*unseen, "p2 sd 7h7d"), finishing_stacks=None),
        decision_book("discard"),
        unfinished=True,
    )
    assert [str(card) for card in named.hand.cards[1]] == ["None", "None", "9s"]
    assert [str(card) for card in named.hand.deck.muck[-2:]] == ["7h", "7d"]


def test_unseen_cards_may_be_passed_and_turned_up() -> None:
    """p2's seven cards were not seen: its passes name ``??``, and p1's passes back to it are
    known; p1 names the unseen cards it received (9h, 2h, 7d), which become known as named;
    p2's last card turned up is one nobody saw until its show. The hand ends as the seen one
    did, and p2's show names its cards."""
    actions = list(history_of("pass").actions)
    actions[1] = "d dh p2 ??????????????"
    actions[7], actions[11], actions[33] = "p2 pass ??????", "p2 pass ????", "p2 up ??"
    history = dataclasses.replace(history_of("pass"), actions=tuple(actions))
    outcome = replay(history, decision_book("pass"))
    assert outcome.stacks == REASONED["pass"]
    assert [str(card) for card in outcome.hand.cards[1]] == ["5d", "6d", "2c", "3c", "4c"]


@pytest.mark.parametrize(
    ("kind", "at", "lines", "index", "why"),
    [
        ("discard", 4, ["p1 sd KcQh"], 4, "p1 does not hold Qh"),
        ("discard", 4, ["p1 sd AdKcKd"], 4, "discard exactly 2 cards, not 3"),
        ("discard", 4, ["p1 sd Kc2c"], 4, "2c is face up; this decision names down cards only"),
        ("discard", 4, ["p1 sd KcKd", "p1 sd AsAd"], 5, "waiting for p2 to discard 2 cards"),
        ("discard", 3, ["p2 sd 7h7d"], 3, "nothing to discard now: this is the betting on third street"),
        ("discard", 4, ["p1 cc"], 4, "this step asks each player to discard"),
        ("pass", 6, ["p3 pass KhKdKc"], 6, "p3 has folded (waiting for p1, p2 to pass 3 cards)"),
        ("pass", 6, ["p1 pass 2c3c4c4c"], 6, "pass exactly 3 cards, not 4"),
        ("draw", 20, ["p1 sd 8h7h"], 20, "draw at most 1 card, not 2"),
        ("draw", 20, ["p2 sd"], 20, "waiting for p1 to draw up to 1 card (100 a card) or stand pat (then p2)"),
        ("draw", 21, ["p2 sd"], 21, "waiting for a deal to p1"),
        ("buy", 20, ["p1 buy 8h7h"], 20, "buy exactly 1 card, not 2"),
        ("buy", 20, ["p1 up 8h"], 20, "nothing to turn up now: this step asks each player to buy (buy or decline)"),
        ("set-hands", 22, ["p1 set AsAd3dKcKd"], 22, "hand 2 holds 0 face-down card"),
        ("set-hands", 22, ["p1 set KcKd7h8s3d"], 22, "the first hand must outrank the second"),
        ("set-hands", 22, ["p1 set AsKcKd8s"], 22, "name exactly 5 cards for the first hand, not 4"),
        ("turn-up", 2, ["p1 up 2h"], 2, "p1 does not hold 2h"),
        ("turn-up", 8, ["p1 up Kd"], 8, "Kd is face up"),
    ],
)
def test_a_decision_the_rules_refuse_is_refused_at_its_line(
    kind: str, at: int, lines: list[str], index: int, why: str
) -> None:
    error = refusal(kind, lines, at)
    assert (error.index, error.action) == (index, lines[-1])
    assert why in error.reason


def test_replay_prints_a_refused_decision_as_one_line_with_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A pass by a folded seat: the file, the line's index and the reason, no traceback."""
    text = (HISTORIES / "pass.phh").read_text(encoding="utf-8")
    text = text.replace('"p1 pass 2c3c4c",          # 6  to p2', '"p3 pass KhKdKc",          # 6')
    path = tmp_path / "pass.phh"
    path.write_text(text.replace('"../anaconda.yaml"', repr(str(book_path("anaconda")))), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"{path}: action 6 'p3 pass KhKdKc': ")
    assert "waiting for p1, p2 to pass 3 cards" in err


@pytest.mark.parametrize("kind", [kind for kind in sorted(BOOKS) if kind != "set-hands"])
def test_run_phh_then_replay_round_trips(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``studspec run --phh`` writes what ``studspec replay`` plays back to the same stacks.
    (Cowpie waits for the built-in players to set two hands the book accepts.)"""
    monkeypatch.chdir(tmp_path)
    for seed in range(5):
        assert main(["run", str(book_path(BOOKS[kind])), "--players", "4", "--seed", str(seed), "--phh"]) == 0
        path = tmp_path / f"{kind}-{seed}.phh"
        path.write_text(capsys.readouterr().out, encoding="utf-8")
        assert main(["replay", str(path)]) == 0
        assert "(match finishing_stacks)" in capsys.readouterr().out


def test_a_bare_sd_stands_pat_and_decline_buys_nothing() -> None:
    """``p2 sd`` (stand pat) and ``p2 decline`` are written as such and change no card."""
    for kind, line in (("draw", "p2 sd"), ("buy", "p2 decline")):
        outcome = replay(history_of(kind), decision_book(kind))
        chosen = [e for e in outcome.hand.events if isinstance(e, CardsChosen) and e.seat == 1]
        assert [f"p2 {e.action}" for e in chosen] == [line]
        assert chosen[0].action.cards is None and chosen[0].paid == 0
        assert chosen[0].action.kind in (ActionKind.DISCARD, ActionKind.DECLINE)
