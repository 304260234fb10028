"""Hostile input on the engine protocol: ``studspec engine`` answers every line, whatever it
holds, with exactly one reply (an ``{"error": ...}`` for a bad one) and goes on serving; the
harness reads hostile replies as a fault, never as a crash of its own; and an engine that
cannot be started stops ``studspec conform`` at once with one line.

The lines are the ones that used to kill the engine: JSON nested 1,000 deep (a
RecursionError), an integer of 5,000 digits (Python's int conversion limit), ``Infinity``
(OverflowError in int()), and mistyped fields that were silently accepted (``true`` as a
stack of 1, ``"1"`` and ``3.9`` as amounts).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from studspec.cli import main
from studspec.conformance.adapter import ReferenceAdapter
from studspec.conformance.process import ProcessEngine
from studspec.conformance.protocol import MAX_DEPTH, MAX_DIGITS, MAX_LINE, decode_reply, load_line, new_hand_message
from studspec.errors import EngineFault, EngineStartError, JSONLineError, ProtocolError, StudspecError
from studspec.rulebook import load_variant
from studspec.rulebook.model import Stakes

SUITE = ROOT / "tests" / "conformance"
RAZZ = load_variant("razz")
STAKES = {"ante": 1, "bring_in": 3, "small_bet": 10, "big_bet": 20}


def new_hand(**changes: Any) -> dict[str, Any]:
    """A valid new_hand for three seats of razz, with ``changes`` to its fields or stakes."""
    message = new_hand_message(RAZZ.resolved, Stakes(1, 3, 10, 20), [1000, 1000, 1000])
    for key, value in changes.items():
        if key in STAKES:
            message["stakes"][key] = value
        else:
            message[key] = value
    return message


def line(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def with_ante(text: str) -> str:
    """A new_hand line whose ante is written as ``text`` (raw JSON, which json.dumps cannot write)."""
    return line(new_hand(ante="@ANTE@")).replace('"@ANTE@"', text)


def engine_replies(lines: list[bytes]) -> list[dict[str, Any]]:
    """Run ``studspec engine`` on these lines; every reply, decoded. It must exit 0 at end of input."""
    result = subprocess.run(
        [sys.executable, "-m", "studspec", "engine"],
        input=b"".join(lines),
        capture_output=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr.decode(errors="replace")[-2000:]
    assert b"Traceback" not in result.stderr
    return [json.loads(reply) for reply in result.stdout.decode("ascii").splitlines()]


GOOD = line(new_hand()).encode() + b"\n"
QUERY = b'{"type":"query"}\n'

HOSTILE = {
    "nested-1000-deep": b"[" * 1000 + b"]" * 1000,
    "nested-objects": b'{"a":' * 1000 + b"1" + b"}" * 1000,
    "deep-inside-a-message": b'{"type":"query","x":' + b"[" * 500 + b"]" * 500 + b"}",
    "integer-of-5000-digits": with_ante("1" * 5000).encode(),
    "negative-integer-of-5000-digits": with_ante("-" + "9" * 5000).encode(),
    "infinity": with_ante("Infinity").encode(),
    "minus-infinity": with_ante("-Infinity").encode(),
    "nan": with_ante("NaN").encode(),
    "float-overflow": with_ante("1e400").encode(),
    "too-long": b'{"type":"query","pad":"' + b"x" * (MAX_LINE + 10) + b'"}',
    "not-utf-8": b'{"type":"deal","seat":0,"cards":["\xff\xfe","Kd","7h"]}',
    "not-json": b"hello, engine",
    "truncated": line(new_hand())[:40].encode(),
    "not-an-object": b"[1, 2, 3]",
    "a-bare-string": b'"new_hand"',
    "null": b"null",
}


FORGETS_THE_HAND = {"float-overflow"}
"""A new_hand that parses (1e400 is a float) and is refused then: like any new_hand, it forgets
the hand before (docs/conformance.md, 2.5). A line that does not parse changes nothing."""


@pytest.mark.parametrize("name", list(HOSTILE))
def test_every_bad_line_gets_one_error_reply_and_the_engine_goes_on(name: str) -> None:
    replies = engine_replies([GOOD, HOSTILE[name] + b"\n", QUERY, GOOD])
    assert len(replies) == 4, replies
    first, refused, query, again = replies
    assert set(refused) == {"error"} and isinstance(refused["error"], str) and refused["error"]
    assert first["stacks"] == [999, 999, 999]
    assert query["stacks"] == ([] if name in FORGETS_THE_HAND else [999, 999, 999])
    assert again["stacks"] == [999, 999, 999] and again["complete"] is False


def test_all_the_bad_lines_in_one_session() -> None:
    lines = [GOOD] + [bad + b"\n" for name, bad in HOSTILE.items() if name not in FORGETS_THE_HAND] + [QUERY]
    replies = engine_replies(lines)
    assert len(replies) == len(lines)
    assert all(set(reply) == {"error"} for reply in replies[1:-1])
    assert replies[-1]["stacks"] == [999, 999, 999]


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        pytest.param(HOSTILE["nested-1000-deep"], [f"nested more than {MAX_DEPTH} deep"], id="deep"),
        pytest.param(HOSTILE["integer-of-5000-digits"], ["5000 digits", f"at most {MAX_DIGITS}"], id="digits"),
        pytest.param(HOSTILE["infinity"], ["Infinity", "whole numbers"], id="infinity"),
        pytest.param(HOSTILE["nan"], ["NaN"], id="nan"),
        pytest.param(HOSTILE["too-long"], [f"at most {MAX_LINE}"], id="long"),
        pytest.param(HOSTILE["not-json"], ["not JSON"], id="not-json"),
    ],
)
def test_the_error_says_what_is_wrong(bad: bytes, words: list[str]) -> None:
    (reply,) = engine_replies([bad + b"\n"])
    for word in words:
        assert word in reply["error"]


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert load_line('{"type": "query", "note": "' + "[" * 1000 + '"}') == {"type": "query", "note": "[" * 1000}
    assert load_line("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(JSONLineError):
        load_line("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert load_line("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)


def test_a_line_error_is_a_studspec_error_and_a_value_error() -> None:
    assert issubclass(JSONLineError, StudspecError) and issubclass(JSONLineError, ValueError)
    assert issubclass(EngineStartError, EngineFault)


# --- Strict types ---------------------------------------------------------------------------


def refusal(message: Any) -> str:
    """The error the reference adapter replies to ``message`` (after a valid hand is begun)."""
    adapter = ReferenceAdapter()
    adapter.handle(new_hand())
    reply = adapter.handle(message)
    assert set(reply) == {"error"}, f"accepted: {reply}"
    return str(reply["error"])


@pytest.mark.parametrize(
    ("message", "words"),
    [
        pytest.param(new_hand(stacks=[True, 1000, 1000]), ["stacks[0]", "whole number", "not true"], id="true-stack"),
        pytest.param(new_hand(stacks=[1000, False]), ["stacks[1]", "not false"], id="false-stack"),
        pytest.param(new_hand(stacks=[1000, "1000"]), ["stacks[1]", 'the string "1000"'], id="string-stack"),
        pytest.param(new_hand(stacks=[1000, 999.5]), ["stacks[1]", "999.5"], id="float-stack"),
        pytest.param(new_hand(stacks=[1000.0, 1000]), ["stacks[0]", "1000.0"], id="float-integral-stack"),
        pytest.param(new_hand(stacks=[1000, None]), ["stacks[1]", "null"], id="null-stack"),
        pytest.param(new_hand(stacks="1000"), ["'stacks'", "a list"], id="stacks-not-a-list"),
        pytest.param(new_hand(ante="1"), ["stakes.ante", "whole number", 'the string "1"'], id="string-ante"),
        pytest.param(new_hand(ante=3.9), ["stakes.ante", "the number 3.9"], id="float-ante"),
        pytest.param(new_hand(bring_in=True), ["stakes.bring_in", "not true"], id="true-bring-in"),
        pytest.param(new_hand(big_bet=None), ["stakes.big_bet", "null"], id="null-big-bet"),
        pytest.param(new_hand(small_bet=[10]), ["stakes.small_bet", "a list"], id="list-small-bet"),
        pytest.param(new_hand(stakes={"ante": 1}), ["missing bring_in, small_bet, big_bet"], id="missing-stakes"),
        pytest.param(new_hand(stakes=[1, 3, 10, 20]), ["'stakes'", "an object"], id="stakes-not-an-object"),
        pytest.param(new_hand(rulebook="razz"), ["'rulebook'", "an object"], id="rulebook-by-name"),
        pytest.param({"type": "deal", "seat": True, "cards": ["As"]}, ["'seat'", "not true"], id="true-seat"),
        pytest.param({"type": "deal", "seat": "0", "cards": ["As"]}, ["'seat'", 'the string "0"'], id="string-seat"),
        pytest.param({"type": "deal", "seat": 0.0, "cards": ["As"]}, ["'seat'", "0.0"], id="float-seat"),
        pytest.param({"type": "deal", "seat": 0, "cards": ["As", 12, "7h"]}, ["cards[1]", "a string"], id="int-card"),
        pytest.param({"type": "deal", "seat": 0, "cards": "AsKd7h"}, ["'cards'", "a list"], id="cards-string"),
        pytest.param({"type": "action", "seat": True, "action": "f"}, ["'seat'", "not true"], id="true-actor"),
        pytest.param({"type": "action", "seat": 1.0, "action": "f"}, ["'seat'", "1.0"], id="float-actor"),
        pytest.param({"type": "action", "seat": 0, "action": 5}, ["'action'", "a string", "not 5"], id="int-action"),
        pytest.param({"type": "action", "action": "f"}, ["'seat'", "missing"], id="no-actor"),
    ],
)
def test_mistyped_fields_are_refused_naming_the_field_and_what_is_allowed(message: Any, words: list[str]) -> None:
    error = refusal(message)
    for word in words:
        assert word in error, error


@pytest.mark.parametrize("seat", [7, -1, 3])
def test_a_seat_the_table_lacks_is_refused_by_the_rules(seat: int) -> None:
    """Issue 23 item 1: a well-formed message naming a seat nobody sits in is the rules'
    refusal (``refused``), as an out-of-turn action is; only a malformed one is an ``error``."""
    adapter = ReferenceAdapter()
    adapter.handle(new_hand())
    for message in ({"type": "deal", "seat": seat, "cards": ["As"]}, {"type": "action", "seat": seat, "action": "f"}):
        reply = adapter.handle(message)
        assert set(reply) == {"refused"}, reply
        assert f"no seat {seat}" in reply["refused"] and "0 to 2" in reply["refused"]


def test_a_refused_new_hand_leaves_no_hand() -> None:
    adapter = ReferenceAdapter()
    adapter.handle(new_hand())
    assert "error" in adapter.handle(new_hand(stacks=[True, 1000, 1000]))
    assert adapter.hand is None
    assert "before any new_hand" in adapter.handle({"type": "deal", "seat": 0, "cards": ["As", "Kd", "7h"]})["error"]


def test_a_community_card_still_takes_a_null_seat() -> None:
    """null is a valid seat (a community card): the message is read, and the rules refuse a
    community card before the deck runs out."""
    adapter = ReferenceAdapter()
    adapter.handle(new_hand())
    reply = adapter.handle({"type": "deal", "seat": None, "cards": ["As"]})
    assert set(reply) == {"refused"} and "community card is out of turn" in reply["refused"]


def test_true_as_a_stack_is_refused_over_the_protocol() -> None:
    replies = engine_replies([line(new_hand(stacks=[True, 1000, 1000])).encode() + b"\n", QUERY])
    assert "stacks[0]" in replies[0]["error"]
    assert replies[1]["stacks"] == []


# --- The harness reading a hostile engine ---------------------------------------------------


@pytest.mark.parametrize(
    "reply",
    [
        "[" * 1000 + "]" * 1000,
        '{"to_act": null, "legal": [], "complete": false, "stacks": [' + "1" * 5000 + "]}",
        '{"to_act": null, "legal": [], "complete": false, "stacks": [NaN]}',
        '{"to_act": null, "legal": [], "complete": false, "stacks": [1e400]}',
    ],
    ids=["deep", "digits", "nan", "float"],
)
def test_the_harness_reads_a_hostile_reply_as_a_protocol_error(reply: str) -> None:
    with pytest.raises(ProtocolError):
        decode_reply(reply)


def test_an_engine_writing_a_deep_reply_is_a_fault_not_a_harness_crash(tmp_path: Path) -> None:
    path = tmp_path / "deep.py"
    path.write_text(
        textwrap.dedent(
            """
            import sys
            for line in sys.stdin:
                print("[" * 100000 + "]" * 100000, flush=True)
            """
        ),
        encoding="utf-8",
    )
    engine = ProcessEngine(f'"{sys.executable}" "{path}"', timeout=10)
    try:
        with pytest.raises(EngineFault, match="nested more than"):
            engine.send(new_hand())
    finally:
        engine.close()


# --- An engine that cannot start ------------------------------------------------------------


@pytest.mark.parametrize("command", ["/nonexistent/prog", "/nonexistent/engine --serve"])
def test_an_engine_that_cannot_start_stops_the_run_with_one_line(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["conform", str(SUITE / "razz"), "--engine", command])
    captured = capsys.readouterr()
    assert status != 0
    assert "FAIL" not in captured.out
    lines = captured.err.splitlines()
    assert lines == [f"studspec conform: cannot start engine {command!r}: No such file or directory"]


def test_an_engine_that_cannot_start_is_said_once_from_the_command_line() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "studspec", "conform", str(SUITE), "--engine", "/nonexistent/prog"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert result.stdout == ""
    assert result.stderr.count("cannot start engine") == 1
    assert len(result.stderr.splitlines()) == 1


def test_an_empty_engine_command_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--engine ""`` (an unset variable in a CI script) must not quietly check the reference."""
    assert main(["conform", str(SUITE / "razz"), "--engine", ""]) == 2
    assert "the engine command is empty" in capsys.readouterr().err
