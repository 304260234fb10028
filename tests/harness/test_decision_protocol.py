"""Decisions about cards through the engine protocol (issue 24, docs/conformance.md 2.8).

A decision is an ``action`` message with the line's own text (``sd 7h2c``, ``up 7h``, ``pass
7h8h9h``, ``buy 7h``, ``decline``, ``set AsKsQdQc7h``); replacement cards are ``deal``
messages. The legal choice of a decision says the code, how many cards (``2`` or a range
``0..1``), the cards the seat may name and the price of each replacement card: ``sd 2
AsAdKcKd``, ``sd 0..1 AsAd2c3c4d7h8h 100``. The hand-written histories of every kind and
generated cases of each book play through the reference in-process and behind ``studspec
engine``; an engine that gets a decision wrong fails the case at the decision.
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from decision_play import BOOKS, DECISIONS, book_path, decision_book
from studspec.cli import main
from studspec.conformance.adapter import InProcessEngine, ReferenceAdapter
from studspec.conformance.checkpoints import normalize_action
from studspec.conformance.examples.pokerkit_engine import Adapter
from studspec.conformance.process import ProcessEngine
from studspec.conformance.protocol import card_choice, messages_for_line, new_hand_message, protocol_choice
from studspec.conformance.runner import run_cases
from studspec.engine.actions import ActionKind, LegalAction
from studspec.engine.cards import parse_cards
from studspec.history.phh import read_history
from studspec.rulebook.model import Stakes

HISTORIES = DECISIONS / "histories"
REFERENCE = f'"{sys.executable}" -m studspec engine'


def test_a_card_decision_is_offered_with_its_count_cards_and_price() -> None:
    cards = tuple(parse_cards("AsAdKcKd"))
    assert protocol_choice(LegalAction(ActionKind.DISCARD, 2, 2, 0, cards=cards)) == "sd 2 AsAdKcKd"
    assert protocol_choice(LegalAction(ActionKind.DISCARD, 0, 1, 100, cards=cards)) == "sd 0..1 AsAdKcKd 100"
    assert card_choice(LegalAction(ActionKind.BUY, 1, 1, 200, cards=cards[:1])) == "buy 1 As 200"
    assert protocol_choice(LegalAction(ActionKind.DECLINE)) == "decline"
    assert protocol_choice(LegalAction(ActionKind.SET, 5, 5, 0, cards=(*cards, None))) == "set 5 AsAdKcKd??"


def test_a_card_choice_is_the_same_choice_whatever_the_order_of_its_cards() -> None:
    """The seat's cards are a set: an engine may keep them in any order; ``2..2`` is ``2``."""
    assert normalize_action("SD 2..2 KdKcAdAs") == normalize_action("sd 2 AsAdKcKd") == "sd 2 AdAsKcKd"
    assert normalize_action("sd 0..1 8h7hAs 100") == "sd 0..1 7h8hAs 100"
    assert normalize_action("sd 7h2c") == "sd 7h2c"  # an action, not a choice: as written


def test_the_hand_written_histories_pass_in_process_and_behind_the_protocol() -> None:
    """Every kind, with its ``_legal`` choices and ``_illegal`` decisions (a card the seat
    does not hold, too many, a folded seat's pass), through the same driver both ways."""
    inside = [result.failure for result in run_cases([HISTORIES], InProcessEngine())]
    engine = ProcessEngine(REFERENCE, timeout=10)
    try:
        outside = [result.failure for result in run_cases([HISTORIES], engine)]
    finally:
        engine.close()
    assert len(inside) == len(outside) == len(BOOKS)
    assert inside == outside == [None] * len(BOOKS)


def test_together_choices_wait_in_secret_and_replacements_arrive_as_deals() -> None:
    """A together step: the first seat's choice changes nothing anyone sees (``to_act`` moves
    to the next seat still to choose); an in-turn draw waits for its replacement as a deal."""
    adapter = ReferenceAdapter()
    history = read_history(HISTORIES / "discard.phh")
    variant = decision_book("discard")
    start = new_hand_message(variant.resolved, Stakes(10, 20, 100, 200), [1000, 1000])
    replies = [adapter.handle(start)]
    for line in history.actions[:5]:
        replies.append(adapter.handle(messages_for_line(line)[0]))
    assert replies[-2]["to_act"] == 0 and replies[-2]["legal"] == ["sd 2 AsAdKcKd"]
    assert replies[-1]["to_act"] == 1 and replies[-1]["legal"] == ["sd 2 QhQd7h7d"]
    assert replies[-1]["stacks"] == replies[-2]["stacks"]
    assert "[Kc] [Kd]" in adapter.state(detail=True)["detail"]  # p1's cards stay until p2 chooses
    assert set(adapter.handle({"type": "action", "seat": 0, "action": "sd AsAd"})) == {"refused"}


@pytest.mark.parametrize("kind", [kind for kind in sorted(BOOKS) if kind != "set-hands"])
def test_generated_cases_of_each_book_pass_both_ways(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``studspec cases generate`` writes the decisions, their legal choices and refused
    decisions (a card of another seat, one card too many or too few); the reference passes
    them in-process and behind the protocol. (Cowpie waits for the built-in players to set
    two hands the book accepts.)"""
    monkeypatch.chdir(tmp_path)
    book = tmp_path / f"{BOOKS[kind]}.yaml"  # conform reads books beside the cases or here
    book.write_text(book_path(BOOKS[kind]).read_text(encoding="utf-8"), encoding="utf-8")
    args = ["cases", "generate", book.name, "out", "--count", "12", "--seed", "3", "--players", "4"]
    assert main([*args, "--workers", "1"]) == 0
    text = "".join(path.read_text(encoding="utf-8") for path in sorted((tmp_path / "out").glob("*.phh")))
    code = {"turn-up": "up", "discard": "sd", "draw": "sd", "buy": "buy", "pass": "pass"}[kind]
    assert f'"{code} ' in text
    capsys.readouterr()
    assert main(["conform", "out"]) == 0
    assert main(["conform", "--engine", REFERENCE, "out"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "12 passed, 0 failed"


ACCEPTS_TOO_MANY = """
    import sys
    from studspec.conformance import adapter
    from studspec.engine import actions
    # The server lets a player name one card more than the rule allows.
    allows = actions.LegalAction.allows
    def generous(self, action):
        if self.kind in actions.CARD_DECISIONS and action.kind is self.kind:
            return self.minimum <= len(action.cards or ()) <= self.maximum + 1
        return allows(self, action)
    actions.LegalAction.allows = generous
    sys.exit(adapter.serve(sys.stdin, sys.stdout))
"""


def test_an_engine_that_takes_too_many_cards_fails_at_the_decision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "too_many.py"
    script.write_text(textwrap.dedent(ACCEPTS_TOO_MANY), encoding="utf-8")
    case = HISTORIES / "discard.phh"
    assert main(["conform", "--engine", f'"{sys.executable}" "{script}"', str(case)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"FAIL {case}: after 4 actions, the _illegal line 'p1 sd AdKcKd'")
    assert lines[-1] == "0 passed, 1 failed"


def test_the_pokerkit_example_refuses_every_book_with_decisions() -> None:
    """pokerkit's stud games cannot turn up, discard, draw, buy, pass or set: the example
    answers such a book's ``new_hand`` with an error, as any book it does not play."""
    adapter = Adapter()
    for kind in BOOKS:
        start = new_hand_message(decision_book(kind).resolved, Stakes(10, 20, 100, 200), [1000, 1000])
        reply = adapter.handle(start)
        assert set(reply) == {"error"} and BOOKS[kind] in reply["error"]
        assert set(adapter.handle({"type": "query"})) >= {"to_act", "legal"}
