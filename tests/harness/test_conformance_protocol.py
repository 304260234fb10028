"""Protocol 2 and the harness's findings (issue 23): what driving a real engine, pokerkit,
through the harness showed, each checked with an engine built to show it.

The engines here are the reference adapter with one thing changed, in process (a class with
``send``) or as a child process; each test names the item of issue 23 it checks.
"""

from __future__ import annotations

import hashlib
import json
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from studspec.cli import main
from studspec.conformance.adapter import InProcessEngine, ReferenceAdapter
from studspec.conformance.case import load_case
from studspec.conformance.checkpoints import TableState
from studspec.conformance.protocol import (
    PROTOCOL_VERSION,
    QUERY,
    EngineError,
    Message,
    Refusal,
    Reply,
    new_hand_message,
    parse_reply,
    rulebook_digest,
)
from studspec.conformance.report import failure_text
from studspec.conformance.runner import run_case
from studspec.errors import CaseFormatError
from studspec.rulebook import load_variant
from studspec.rulebook.model import Stakes

SUITE = ROOT / "tests" / "conformance"
PYTHON = f'"{sys.executable}"'


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


class Wrapped:
    """The in-process reference with its replies (or the messages it gets) changed."""

    def __init__(self) -> None:
        self.inner = InProcessEngine()
        self.sent: list[Message] = []

    def send(self, message: Message) -> Reply:
        self.sent.append(message)
        return self.inner.send(message)

    def close(self) -> None:
        self.inner.close()


# --- item 1: a refusal by the rules is not an engine fault ----------------------------------


class CrashesOnIllegalLines(Wrapped):
    """Answers every line the rules refuse with a crash report, as a naive adapter would."""

    def send(self, message: Message) -> Reply:
        reply = super().send(message)
        if isinstance(reply, Refusal):
            return EngineError(
                f"engine error: AttributeError: 'NoneType' object has no attribute {reply.reason[:10]!r}"
            )
        return reply


def test_a_crash_never_passes_for_a_refusal() -> None:
    """Issue 23 item 1: an engine that crashes on every illegal line passed every case's
    ``_illegal`` lines; now each is a failure naming the error as no refusal."""
    case = SUITE / "bring-in" / "ec05-after-bring-in-fold-call-or-complete.phh"
    assert run_case(case, InProcessEngine()).passed
    result = run_case(case, CrashesOnIllegalLines())
    assert result.failure is not None
    assert result.failure.expected.endswith("refused by the rules")
    assert result.failure.got.startswith("engine error, not a refusal by the rules: engine error: AttributeError")


def test_replies_tell_a_refusal_from_an_error() -> None:
    """Issue 23 item 1: ``{"refused": ...}`` and ``{"error": ...}`` are two replies; both at
    once is no reply."""
    assert parse_reply({"refused": "not your turn"}) == Refusal("not your turn")
    assert parse_reply({"error": "engine error: KeyError"}) == EngineError("engine error: KeyError")
    with pytest.raises(Exception, match="not both"):
        parse_reply({"refused": "a", "error": "b"})


def test_the_reference_refuses_by_the_rules_and_errs_on_what_it_cannot_read() -> None:
    adapter = ReferenceAdapter()
    razz = load_variant("razz")
    assert "stacks" in adapter.handle(new_hand_message(razz.resolved, Stakes(1, 3, 10, 20), [100, 100]))
    assert set(adapter.handle({"type": "deal", "seat": 1, "cards": ["As", "Kd", "7h"]})) == {"refused"}
    assert set(adapter.handle({"type": "deal", "seat": 0, "cards": ["Zz", "Kd", "7h"]})) == {"error"}
    assert set(adapter.handle({"type": "action", "seat": 0, "action": "fly"})) == {"error"}


# --- item 2: burns ----------------------------------------------------------------------------


class BurnsARealCard(Wrapped):
    """Burns the king of diamonds from a deck of its own, then refuses to be dealt it."""

    def send(self, message: Message) -> Reply:
        if message.get("type") == "deal" and "Kd" in message.get("cards", []):
            return Refusal("Kd is not in the deck")
        return super().send(message)


def test_a_card_the_engine_burned_is_named_as_such() -> None:
    """Issue 23 item 2: the harness never sends burns; an engine that burned a real card
    refuses it later, and the failure says the harness had not dealt it before and what to do."""
    case = SUITE / "bring-in" / "ec05-after-bring-in-fold-call-or-complete.phh"
    text = case.read_text(encoding="utf-8")
    assert '"d dh p3 AdKd9h"' in text
    result = run_case(case, BurnsARealCard())
    assert result.failure is not None and result.failure.line == "d dh p3 AdKd9h"
    assert "the harness dealt Ad Kd 9h, which it had not dealt before in this hand" in result.failure.got
    assert "burn placeholder cards" in result.failure.got


# --- item 3: all hands tabled -----------------------------------------------------------------


class ShowsInReverse(Wrapped):
    """At a showdown, asks the contestants to show from the last seat to the first (any order
    is right when every hand is tabled), and passes the shows to the reference in its own
    order as they become due."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting: dict[int, Message] = {}
        self.shows: list[int] = []
        """The seats whose shows came, in the order they came."""

    def pending(self) -> list[int]:
        hand = self.inner.adapter.hand
        assert hand is not None
        return [s for s in hand.live_seats() if hand.shown[s] < len(hand.cards[s]) and s not in self.waiting]

    def send(self, message: Message) -> Reply:
        hand = self.inner.adapter.hand
        if message.get("type") == "action" and message["action"].startswith("sm") and hand is not None:
            if message["seat"] not in self.pending():
                return Refusal("not that seat's show")
            self.shows.append(message["seat"])
            self.waiting[message["seat"]] = message
            while hand.actor in self.waiting:
                super().send(self.waiting.pop(hand.actor))
        else:
            super().send(message)
        state = self.inner.send(QUERY)
        assert isinstance(state, TableState)
        if state.legal != {"sm"}:
            return state
        return TableState(max(self.pending()), state.legal, state.complete, state.stacks)


def test_tabled_hands_are_shown_in_the_order_the_engine_asks() -> None:
    """Issue 23 item 3: with every hand tabled (TDA 16) the case's show order was enforced;
    now the harness sends the shows the way the engine asks for them."""
    case = SUITE / "flow" / "two-all-in-one-with-chips-no-more-betting.phh"
    assert load_case(case).tabled == 6
    engine = ShowsInReverse()
    result = run_case(case, engine)
    assert result.passed, failure_text(result)
    assert engine.shows == [2, 1, 0]


def test_tabled_hands_are_shown_early_when_the_engine_asks(tmp_path: Path) -> None:
    """Issue 23 item 3 (pokerkit's way): an engine may ask for a tabled hand's show as soon as
    the betting is over; it is sent the cards dealt so far, and the rest when it asks again."""

    class AsksAtOnce(Wrapped):
        """Asks each all-in hand to show as soon as nobody can bet any more."""

        def __init__(self) -> None:
            super().__init__()
            self.asked: set[int] = set()

        def send(self, message: Message) -> Reply:
            reply = super().send(message)
            hand = self.inner.adapter.hand
            if not isinstance(reply, TableState) or hand is None or reply.to_act is not None or reply.complete:
                return reply
            if len([s for s in hand.live_seats() if hand.stacks[s] > 0]) > 1:
                return reply
            left = [s for s in hand.live_seats() if s not in self.asked]
            if not left:
                return reply
            if message.get("type") == "action" and message["action"].startswith("sm"):
                self.asked.add(message["seat"])
                left = [s for s in left if s != message["seat"]]
            return TableState(left[0], frozenset({"sm"}), False, reply.stacks) if left else reply

    case = SUITE / "pots" / "two-pair-kicker-decides.phh"
    engine = AsksAtOnce()
    result = run_case(case, engine)
    assert result.passed, failure_text(result)
    early = [m["action"] for m in engine.sent if m.get("type") == "action" and m["action"].startswith("sm")]
    assert early[:2] == ["sm AsAh3c", "sm AdAc4c"]


def test_a_tabled_case_may_not_pin_a_show_or_muck(tmp_path: Path) -> None:
    """Issue 23 item 3: after ``_tabled`` no checkpoint may pin whose show is next, and no
    tabled hand is mucked."""
    text = (SUITE / "pots" / "two-pair-kicker-decides.phh").read_text(encoding="utf-8")
    pinned = text.replace('_to_act = [[2, "p1"], [4, "none"]]', '_to_act = [[2, "p1"], [4, "none"], [12, "p2"]]')
    with pytest.raises(CaseFormatError, match="pins the next show"):
        load_case(write(tmp_path, "pinned.phh", pinned))
    mucked = text.replace('"p1 sm AsAh3cKsKh7dQc"', '"p1 sm"')
    with pytest.raises(CaseFormatError, match="mucks"):
        load_case(write(tmp_path, "mucked.phh", mucked))


# --- item 4: the failing check is named --------------------------------------------------------


def test_a_show_order_failure_names_the_check_not_only_the_case_rule(tmp_path: Path) -> None:
    """Issue 23 item 4: a show-order failure appeared under the case's rule ("kickers"); now
    the report names the failed check, the showing order, and labels the rule as the case's."""
    case = SUITE / "showdown" / "ec24-checked-seventh-opener-shows-first.phh"
    text = case.read_text(encoding="utf-8")
    to_act = next(line for line in text.splitlines() if line.startswith("_to_act"))
    index = json.loads(to_act.split("=", 1)[1])[-1]
    wrong = "p1" if index[1] != "p1" else "p2"
    bad = text.replace(to_act, to_act.replace(f'[{index[0]}, "{index[1]}"]', f'[{index[0]}, "{wrong}"]'))
    result = run_case(write(tmp_path, "case.phh", bad), InProcessEngine())
    report = failure_text(result)
    assert f"failed check: _to_act after {index[0]} actions (whose turn); the showing order" in report
    assert "    the case cites: " in report


# --- item 5: amounts --------------------------------------------------------------------------


def test_legal_choices_carry_the_chips_they_move() -> None:
    """Issue 23 item 5: the call and the bring-in say their amount (``cbr`` keeps PHH's "to")."""
    engine = InProcessEngine()
    stud = load_variant("seven-card-stud")
    engine.send(new_hand_message(stud.resolved, Stakes(1, 3, 10, 20), [1000, 4, 1000]))
    for seat, cards in enumerate((["As", "Ks", "2c"], ["Ah", "Kh", "9d"], ["Ad", "Kd", "9h"])):
        state = engine.send({"type": "deal", "seat": seat, "cards": cards})
    assert isinstance(state, TableState) and state.legal == {"pb 3", "cbr 10"}
    state = engine.send({"type": "action", "seat": 0, "action": "pb"})
    assert isinstance(state, TableState) and state.legal == {"f", "cc 3"}  # p2 has 3 behind: all-in to call
    state = engine.send({"type": "action", "seat": 1, "action": "cc"})
    assert isinstance(state, TableState) and state.legal == {"f", "cc 3", "cbr 10"}


class CallsShort(Wrapped):
    """Offers a call one chip short of what it takes (a server whose display and ledger
    disagree)."""

    def send(self, message: Message) -> Reply:
        reply = super().send(message)
        if isinstance(reply, TableState):
            legal = {f"cc {int(c.split()[1]) - 1}" if c.startswith("cc ") else c for c in reply.legal}
            return TableState(reply.to_act, frozenset(legal), reply.complete, reply.stacks, reply.detail)
        return reply


def test_a_wrong_call_amount_fails_where_it_is_offered_and_where_it_is_taken() -> None:
    """Issue 23 item 5: a call of 2 where the rule says 3 showed only as one chip at the end;
    now at the case's ``_legal`` (the amount the rules call for) and, without one, at the call
    itself (the stack fell by more than the engine offered)."""
    case = SUITE / "bring-in" / "ec08-short-bring-in-others-owe-full-bring-in.phh"
    result = run_case(case, CallsShort())
    assert result.failure is not None and result.failure.index == 4
    assert "expected legal {f, cc 3, cbr 10}; got legal {f, cc 2, cbr 10}" in failure_text(result)
    flow = SUITE / "flow" / "heads-up-hand-played-to-the-end.phh"
    result = run_case(flow, CallsShort(), keep_going=True)
    checks = [failure.check for failure in result.failures]
    assert any(check.startswith("the chips action") for check in checks), checks


def test_a_stacks_checkpoint_pins_the_chips_behind(tmp_path: Path) -> None:
    """Issue 23 item 5: ``_stacks`` checks each seat's chips mid-hand."""
    case = SUITE / "flow" / "every-deal-the-rules-refuse.phh"
    assert run_case(case, InProcessEngine()).passed
    bad = case.read_text(encoding="utf-8").replace("[7, [989, 989, 999]]", "[7, [990, 989, 999]]")
    result = run_case(write(tmp_path, "case.phh", bad), InProcessEngine())
    assert result.failure is not None and result.failure.check.startswith("_stacks after 7 actions")
    assert (result.failure.expected, result.failure.got) == ("stacks 990 989 999", "stacks 989 989 999")


# --- item 6: which rule book ---------------------------------------------------------------------


HOUSE_BOOK = """\
schema_version: 1
extends: seven-card-stud
name: seven-card-stud
title: Seven-Card Stud
streets:
  fourth:
    bet: big
    open_pair_big_bet: false
"""

HOUSE_CASE = """\
variant = "F7S"
_variant = "seven-card-stud.yaml"
_rule = "seed 000 (big bets from 4th street)"
antes = [1, 1]
bring_in = 3
small_bet = 10
big_bet = 20
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs2c", "d dh p2 AhKh9d", "p1 pb", "p2 f"]
finishing_stacks = [101, 99]
"""


def test_new_hand_says_whether_the_book_is_the_built_in_and_gives_its_digest(tmp_path: Path) -> None:
    """Issue 23 item 6: a house book named ``seven-card-stud`` arrived as the built-in; now
    ``builtin`` is false for it and its digest differs."""
    write(tmp_path, "seven-card-stud.yaml", HOUSE_BOOK)
    house = write(tmp_path, "house.phh", HOUSE_CASE)
    builtin = write(tmp_path, "builtin.phh", HOUSE_CASE.replace('_variant = "seven-card-stud.yaml"\n', ""))
    starts = {}
    for name, path in (("house", house), ("builtin", builtin)):
        engine = Wrapped()
        assert run_case(path, engine).passed
        starts[name] = engine.sent[0]
    assert starts["house"]["rulebook"]["name"] == starts["builtin"]["rulebook"]["name"] == "seven-card-stud"
    assert (starts["house"]["builtin"], starts["builtin"]["builtin"]) == (False, True)
    assert starts["house"]["rulebook_digest"] != starts["builtin"]["rulebook_digest"]
    canonical = json.dumps(starts["builtin"]["rulebook"], sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert starts["builtin"]["rulebook_digest"] == "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()
    assert rulebook_digest(load_variant("seven-card-stud").resolved) == starts["builtin"]["rulebook_digest"]


# --- item 8: keep going --------------------------------------------------------------------------

OFFERS_FOLD = """
    import sys
    from studspec.conformance import adapter
    state = adapter.ReferenceAdapter.state
    def offers_fold(self, detail=False):
        reply = state(self, detail)
        if reply.get("legal") and "f" not in reply["legal"] and "sm" not in reply["legal"]:
            reply["legal"] = ["f"] + reply["legal"]
        return reply
    adapter.ReferenceAdapter.state = offers_fold
    sys.exit(adapter.serve(sys.stdin, sys.stdout))
"""


def test_all_mismatches_reports_every_disagreement_of_a_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 23 item 8: ``--all-mismatches`` goes on after a disagreement; both ``_legal``
    checkpoints of the case that offer no fold are reported, the second as "and at"."""
    command = f'{PYTHON} "{write(tmp_path, "fold.py", OFFERS_FOLD)}"'
    case = str(SUITE / "betting" / "no-fold-when-nothing-to-call.phh")
    assert main(["conform", "--engine", command, case]) == 1
    once = capsys.readouterr().out
    assert main(["conform", "--all-mismatches", "--engine", command, case]) == 1
    every = capsys.readouterr().out
    assert "  and at" not in once
    assert "  and at action 7 ('p1 cbr 10'): expected legal {cc, cbr 10}; got legal {f, cc, cbr 10}" in every
    assert every.splitlines()[-1] == "0 passed, 1 failed"


def test_all_mismatches_deals_the_hand_again_after_an_accepted_illegal_line(tmp_path: Path) -> None:
    """Issue 23 item 8: after an ``_illegal`` line the engine accepts, the hand is dealt again
    and the case goes on to its end (here: its finishing stacks agree, so one failure)."""
    text = (SUITE / "flow" / "every-deal-the-rules-refuse.phh").read_text(encoding="utf-8")
    bad = text.replace('  [9, "d dh p1 5c"],\n', '  [9, "d dh p1 5c"],\n  [9, "p2 cbr 10"],\n')
    path = write(tmp_path, "case.phh", bad)
    engine = Wrapped()
    result = run_case(path, engine, keep_going=True)
    assert [f.line for f in result.failures] == ["p2 cbr 10"]
    assert sum(1 for m in engine.sent if m.get("type") == "new_hand") == 2


# --- item 9: an accepted illegal line ---------------------------------------------------------------


def test_an_accepted_illegal_line_is_quoted_and_the_state_labelled(tmp_path: Path) -> None:
    """Issue 23 item 9: the headline quoted the case's next line and the state was unlabelled;
    now it quotes the illegal line and says the state is the one that line left."""
    text = (SUITE / "flow" / "every-deal-the-rules-refuse.phh").read_text(encoding="utf-8")
    bad = text.replace('  [9, "d dh p1 5c"],\n', '  [9, "d dh p1 5c"],\n  [9, "p2 cbr 10"],\n')
    result = run_case(write(tmp_path, "case.phh", bad), InProcessEngine())
    report = failure_text(result).splitlines()
    assert report[0].endswith(
        "after 9 actions, the _illegal line 'p2 cbr 10': expected 'p2 cbr 10' refused; got 'p2 cbr 10' accepted"
    )
    assert (
        "    state after the engine accepted 'p2 cbr 10' (the case expects it refused: the hand has changed):" in report
    )
    assert any("to act: p1" in line for line in report)


# --- item 10: the gaps in the docs ------------------------------------------------------------------


def test_the_reference_answers_another_protocol_version_with_an_error() -> None:
    """Issue 23 item 10: a new_hand of another version is an error naming the one spoken."""
    message = new_hand_message(load_variant("razz").resolved, Stakes(1, 3, 10, 20), [100, 100])
    message["protocol"] = 1
    reply = ReferenceAdapter().handle(message)
    assert set(reply) == {"error"} and f"speaks protocol {PROTOCOL_VERSION}" in reply["error"]


def test_a_query_before_any_new_hand_is_a_state_with_no_hand() -> None:
    assert ReferenceAdapter().handle({"type": "query"})["stacks"] == []


def test_a_refused_book_is_a_failure_not_a_skip(tmp_path: Path) -> None:
    """Issue 23 item 10: a new_hand the engine cannot deal fails the case."""

    class PlaysNothing(Wrapped):
        def send(self, message: Message) -> Reply:
            if message.get("type") == "new_hand":
                return EngineError("this engine deals hold'em only")
            return super().send(message)

    result = run_case(SUITE / "razz" / "lowest-pair-wins-when-all-paired.phh", PlaysNothing())
    assert result.failure is not None and result.failure.stage == "starting the hand (new_hand)"
    assert result.failure.got == "engine error: this engine deals hold'em only"


GUIDE = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "said",
    [
        "A deal carries all of a seat's cards for the street",
        "A `d db` line of several cards is sent as one message per card",
        "names the seat's own cards",
        "A `query` before any `new_hand`",
        "An engine that receives a version it does not speak",
        "the case **fails**, it is not skipped",
        "An engine needs a way to be dealt given cards",
        "Burns are never sent.",
    ],
)
def test_the_guide_says_what_the_trial_found_unsaid(said: str) -> None:
    """Issue 23 item 10: each gap the trial found is answered in docs/conformance.md."""
    assert said in " ".join(GUIDE.split())


def test_the_examples_of_the_guide_are_the_reference_s_own_replies() -> None:
    session = GUIDE.split("### 2.1 A session", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    adapter = ReferenceAdapter()
    stud = load_variant("seven-card-stud")
    lines = session.splitlines()
    adapter.handle(new_hand_message(stud.resolved, Stakes(1, 3, 10, 20), [1000, 1000, 1000], builtin=True))
    for sent, got in zip(lines[2::2], lines[3::2]):
        message: Any = json.loads(sent[2:])
        reply = adapter.handle(message)
        reply.pop("detail", None)
        want = json.loads(got[2:])
        if "refused" in want:
            assert reply["refused"].startswith(want["refused"])
        else:
            assert reply == want, sent
