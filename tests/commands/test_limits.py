"""Limits that agree, and limits that exist (issue 21 item 15).

One bound for amounts everywhere: a table ``run`` deals (stacks, ante, bets) must give a
history that ``replay`` reads back, so both use the 18 digits a history's amounts may have.
Every integer option is bounded where argparse reads it, with one line naming the allowed
range, never an ``OverflowError``. ``play`` reads an answer line with a bound. ``--cluster``
refuses an address that cannot be one before anything connects.
"""

from __future__ import annotations

import io
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.cli import main
from studspec.engine.hand import Hand
from studspec.engine.stakes import MAX_AMOUNT
from studspec.errors import ClusterUnreachableError, StakesError
from studspec.history import phh
from studspec.play.cluster import _check_reachable, check_address
from studspec.play.game import MAX_LINE, Console
from studspec.rulebook import load_variant

# --- play: an answer line is read with a bound -------------------------------------------------


def test_an_overlong_answer_is_dropped_and_said_issue_21_item_15() -> None:
    """The line is not kept: the rest of it is read in pieces and dropped, the person is told
    the limit, and the next line is the answer."""
    out = io.StringIO()
    console = Console(io.StringIO("x" * (MAX_LINE * 100) + "\ncc\n"), out)
    assert console.ask("> ") == "cc\n"
    lines = out.getvalue().splitlines()
    assert lines == [
        "> " + "x" * 20 + "...",
        f"  not accepted: that line is over {MAX_LINE:,} characters; it was dropped",
        "> cc",
    ]


def test_a_line_at_the_bound_is_an_answer() -> None:
    """``MAX_LINE`` characters and the line break: read whole (a last line without a break too)."""
    answer = " " * (MAX_LINE - 2) + "cc"
    assert Console(io.StringIO(answer + "\n"), io.StringIO()).ask("> ") == answer + "\n"
    assert Console(io.StringIO(answer), io.StringIO()).ask("> ") == answer


PEAK = """
import sys
from studspec.cli import main
status = main(["play", "razz", "--players", "3", "--seed", "1"])
with open("/proc/self/status") as status_file:
    peak = next(int(line.split()[1]) // 1024 for line in status_file if line.startswith("VmHWM:"))
print(f"peak {peak} MB, status {status}", file=sys.stderr)
"""


def test_a_100_mb_line_costs_no_memory_issue_21_item_15(tmp_path: Path) -> None:
    """The issue's case: a 100 MB line, then quit. Before: read whole, 676 MB at the peak."""
    if not Path("/proc/self/status").exists():
        return
    script = tmp_path / "input.txt"
    with script.open("w", encoding="utf-8") as handle:
        handle.write("x" * (100 * 1024 * 1024) + "\nq\ny\n")
    with script.open("rb") as stdin:
        run = subprocess.run(
            [sys.executable, "-c", PEAK], stdin=stdin, capture_output=True, text=True, cwd=ROOT, timeout=120
        )
    words = run.stderr.split()
    assert words[:1] == ["peak"], run.stderr
    assert int(words[1]) < 100, run.stderr  # the line alone would be 100 MB
    assert f"not accepted: that line is over {MAX_LINE:,} characters; it was dropped" in run.stdout


# --- One bound for amounts ----------------------------------------------------------------

AMOUNT_RANGE = (
    "a whole number from {low} to 999,999,999,999,999,999 (18 digits, the most an amount in a hand history may have)"
)
TABLE_LIMIT = "999,999,999,999,999,999 (18 digits, the most an amount in a hand history may have)"


def last_error(capsys: pytest.CaptureFixture[str]) -> str:
    """argparse's error line (after its usage lines)."""
    return capsys.readouterr().err.splitlines()[-1]


def parse_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as ended:
        main(list(args))
    assert ended.value.code == 2
    return last_error(capsys)


def test_run_refuses_the_issues_stack_naming_the_limit_issue_21_item_15(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: dealt, and the history it wrote was refused by replay (18-digit limit)."""
    line = parse_error(capsys, "run", "razz", "--stack", "10000000000000000000", "--phh")
    assert (
        line
        == f"studspec run: error: argument --stack: must be {AMOUNT_RANGE.format(low=1)}, not '10000000000000000000'"
    )


@pytest.mark.parametrize(("option", "low"), [("--ante", 0), ("--bring-in", 0), ("--small-bet", 1), ("--big-bet", 1)])
def test_every_stake_option_has_the_same_bound_issue_21_item_15(
    option: str, low: int, capsys: pytest.CaptureFixture[str]
) -> None:
    line = parse_error(capsys, "run", "razz", option, "1000000000000000000")
    assert (
        line
        == f"studspec run: error: argument {option}: must be {AMOUNT_RANGE.format(low=low)}, not '1000000000000000000'"
    )


def test_the_chips_on_the_table_together_are_bounded_issue_21_item_15(capsys: pytest.CaptureFixture[str]) -> None:
    """Each stack may be 18 digits, but the winner of both would hold 19: refused by the
    engine's table check, which names the bound."""
    assert main(["run", "razz", "--players", "2", "--stack", "999999999999999999"]) == 1
    assert capsys.readouterr().err == (
        f"studspec run: the stacks add up to 1,999,999,999,999,999,998 chips; a table holds at most {TABLE_LIMIT}\n"
    )


def test_a_hand_at_the_bound_replays_issue_21_item_15(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two stacks of 499,999,999,999,999,999 (together one below the bound): run writes the
    history and replay reads it back and agrees with its finishing stacks."""
    assert main(["run", "razz", "--players", "2", "--stack", "499999999999999999", "--phh"]) == 0
    history = tmp_path / "hand.phh"
    history.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["replay", str(history)]) == 0
    assert capsys.readouterr().out.endswith("(match finishing_stacks)\n")


def test_the_engine_holds_every_table_to_the_bound_issue_21_item_15() -> None:
    """The same constant as the histories', for stacks and for each stake."""
    variant = load_variant("razz")
    assert phh.MAX_WHOLE_NUMBER == MAX_AMOUNT == 10**18 - 1
    Hand(variant, [MAX_AMOUNT - 1, 1], seed=0)  # at the bound: dealt
    with pytest.raises(StakesError) as refused:
        Hand(variant, [MAX_AMOUNT, 1], seed=0)
    assert (
        str(refused.value)
        == f"the stacks add up to 1,000,000,000,000,000,000 chips; a table holds at most {TABLE_LIMIT}"
    )
    big = replace(variant.stakes, big_bet=MAX_AMOUNT + 1)
    with pytest.raises(StakesError) as refused:
        Hand(variant, [1000, 1000], stakes=big, seed=0)
    assert str(refused.value) == f"the big bet (1,000,000,000,000,000,000) is over {TABLE_LIMIT}"


# --- Every integer option is bounded by argparse --------------------------------------------


def test_simulate_refuses_the_issues_hand_count_issue_21_item_15(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: OverflowError (a Spans length past sys.maxsize)."""
    line = parse_error(capsys, "simulate", "razz", "--hands", "99999999999999999999999999")
    assert line == (
        "studspec simulate: error: argument --hands: must be a whole number from 1 to 1,000,000,000,000, "
        "not '99999999999999999999...'"
    )


@pytest.mark.parametrize(
    ("args", "option", "allowed", "given"),
    [
        (["simulate", "razz"], "--hands", "1 to 1,000,000,000,000", "0"),
        (["simulate", "razz"], "--workers", "1 to 1,024", "100000"),
        (["simulate", "razz"], "--chunk", "1 to 1,000,000,000,000", "0"),
        (["simulate", "razz"], "--seed", "0 to 999,999,999,999,999,999", "-1"),
        (["simulate", "razz"], "--stack", "1 to 999,999,999,999,999,999", "0"),
        (["run", "razz"], "--seed", "0 to 999,999,999,999,999,999", "-1"),
        (["cases", "generate", "razz", "out"], "--count", "0 to 1,000,000,000,000", "-1"),
        (["cases", "generate", "razz", "out"], "--seed", "0 to 999,999,999,999,999,999", "-1"),
        (["cases", "generate", "razz", "out"], "--workers", "1 to 1,024", "0"),
        (["play", "razz"], "--seat", "1 to 16", "17"),
        (["play", "razz"], "--seed", "0 to 999,999,999,999,999,999", "-1"),
        (["play", "razz"], "--hands", "1 to 1,000,000,000,000", "1000000000001"),
        (["play", "razz"], "--stack", "1 to 999,999,999,999,999,999", "0"),
    ],
)
def test_each_integer_option_names_its_range_issue_21_item_15(
    args: list[str], option: str, allowed: str, given: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = parse_error(capsys, *args, f"{option}={given}")
    command = "cases generate" if args[0] == "cases" else args[0]
    note = " (18 digits, the most an amount in a hand history may have)" if option == "--stack" else ""
    assert (
        line
        == f"studspec {command}: error: argument {option}: must be a whole number from {allowed}{note}, not {given!r}"
    )


@pytest.mark.parametrize("given", ["١٢", "+5", "5.0", "0x10", " 7", "9" * 5000])
def test_only_ascii_digits_are_a_whole_number(given: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Python's int() reads Arabic-Indic digits, a sign, spaces and (past 4,300 digits) fails
    with its own message: an option takes plain digits, and a long value is quoted short."""
    line = parse_error(capsys, "simulate", "razz", "--hands", given)
    shown = repr(given if len(given) <= 24 else f"{given[:20]}...")
    assert (
        line
        == f"studspec simulate: error: argument --hands: must be a whole number from 1 to 1,000,000,000,000, not {shown}"
    )


@pytest.mark.parametrize("given", ["nan", "inf", "-1", "0", "1e400", "3601", "soon"])
@pytest.mark.parametrize("option", ["--timeout", "--startup-timeout"])
def test_conform_timeouts_are_bounded_issue_21_item_15(
    option: str, given: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: nan, inf and 1e400 ended in a ValueError or OverflowError traceback."""
    line = parse_error(capsys, "conform", "tests/conformance/antes", "--engine", "true", f"{option}={given}")
    assert line == (
        f"studspec conform: error: argument {option}: must be a number of seconds above 0 and at most 3,600, "
        f"not {given!r}"
    )


# --- --cluster: the address is checked before anything connects -----------------------------

FORMS = (
    "give ray://HOST:PORT (Ray Client, port 10001 unless the head chose another), HOST:PORT from a node of "
    "the cluster (port 6379), or auto"
)


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        ("ray://garbage", "no HOST:PORT"),
        ("garbage", "no HOST:PORT"),
        ("ray://:10001", "no HOST:PORT"),
        ("ray://head:0", "the port must be a number from 1 to 65535"),
        ("ray://head:65536", "the port must be a number from 1 to 65535"),
        ("ray://head:1000080", "the port must be a number from 1 to 65535"),
        ("ray://head:ten", "the port must be a number from 1 to 65535"),
        ("ray://a b:10001", "'a b' is no host name"),
        ("ray://-head:10001", "'-head' is no host name"),
        ("ray://[::g]:10001", "'[::g]' is no IPv6 address"),
        ("http://head:8265", "'http://head' is no host name"),
    ],
)
def test_an_address_that_cannot_be_one_is_refused_at_once_issue_21_item_15(
    address: str, problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: ``ray://garbage`` waited 30 s for Ray to give up. Now argparse refuses it, and
    Ray is never imported."""
    began = time.monotonic()
    line = parse_error(capsys, "simulate", "razz", "--hands", "10", "--cluster", address)
    assert time.monotonic() - began < 5
    assert (
        line
        == f"studspec simulate: error: argument --cluster: {address!r} is not a Ray cluster address ({problem}); {FORMS}"
    )


@pytest.mark.parametrize(
    "address", ["auto", "ray://head:10001", "head.example.org:6379", "10.0.0.7:6379", "ray://[::1]:10001"]
)
def test_the_forms_ray_takes_are_accepted(address: str) -> None:
    assert check_address(address) == address


@pytest.fixture
def listener() -> Iterator[tuple[socket.socket, str]]:
    """A port on this machine that accepts connections: what answers there is up to the test."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        yield server, f"127.0.0.1:{server.getsockname()[1]}"


def test_a_listener_that_says_nothing_is_not_taken_for_ray_issue_21_item_15(
    listener: tuple[socket.socket, str],
) -> None:
    """Before: Ray waited 30 to 60 s on it and leaked a log line to stderr; now the gRPC
    greeting goes unanswered for the bound, and Ray is never called."""
    _, address = listener
    began = time.monotonic()
    with pytest.raises(ClusterUnreachableError) as refused:
        _check_reachable(f"ray://{address}", 5.0, 1.0)
    assert time.monotonic() - began < 4
    assert str(refused.value) == (
        f"ray://{address} is not a Ray cluster: it accepts connections but did not answer as Ray (gRPC) within 1 s"
    )


def test_a_listener_that_answers_something_else_is_refused_issue_21_item_15(
    listener: tuple[socket.socket, str],
) -> None:
    """A web server answers the greeting at once, but not with HTTP/2 settings."""
    server, address = listener

    def answer() -> None:
        connection, _ = server.accept()
        with connection:
            connection.recv(1024)
            connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    with pytest.raises(ClusterUnreachableError) as refused:
        _check_reachable(address, 5.0, 5.0)
    thread.join(5)
    assert (
        str(refused.value) == f"{address} is not a Ray cluster: what answers there does not speak Ray's protocol (gRPC)"
    )


def test_a_grpc_server_passes_the_check(listener: tuple[socket.socket, str]) -> None:
    """What Ray's head (a gRPC server) does: read the greeting, answer with a SETTINGS frame."""
    server, address = listener

    def answer() -> None:
        connection, _ = server.accept()
        with connection:
            connection.recv(1024)
            connection.sendall(bytes([0, 0, 6, 4, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 100]))

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    _check_reachable(f"ray://{address}", 5.0, 5.0)
    thread.join(5)
