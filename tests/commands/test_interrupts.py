"""Stopping and refusing at the command line: Ctrl-C in ``simulate`` and ``play`` ends the
command at once with one line and exit status 130 (no traceback, no worker left running); a
``--players`` the rule book cannot seat is refused saying what is allowed; and ``play`` never
answers a refused action with an empty list of choices.

Ctrl-C is sent as a terminal sends it, to the whole process group (the command and its
workers), and also as ``kill -INT`` sends it, to the command alone.
"""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.cli import main
from studspec.play.game import Console, new_session, run_session
from studspec.play.table import Style
from studspec.rulebook import load_variant

INTERRUPTED = 130


def children(pid: int) -> set[int]:
    """The child processes of ``pid``, from /proc (every thread's list)."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found |= {int(word) for word in (task / "children").read_text().split()}
        except OSError:
            continue
    return found


def descendants(pid: int) -> set[int]:
    found: set[int] = set()
    pending = [pid]
    while pending:
        for child in children(pending.pop()) - found:
            found.add(child)
            pending.append(child)
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie has finished)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def start(*args: str) -> subprocess.Popen[str]:
    """``python -m studspec ARGS`` in its own process group, stdin a pipe kept open, and its
    output buffered as any program's on a pipe (``PYTHONUNBUFFERED`` taken away): what it
    must show at once, such as a prompt, it must flush itself."""
    return subprocess.Popen(
        [sys.executable, "-m", "studspec", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
        env={name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"},
    )


def interrupt(process: subprocess.Popen[str], whole_group: bool) -> tuple[int, str, str, float]:
    """Send SIGINT; the exit status, stdout, stderr and how long it took to exit."""
    began = time.monotonic()
    if whole_group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        os.kill(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        out, err = process.communicate()
        pytest.fail(f"still running 10 s after SIGINT; stderr: {err[-2000:]}")
    return process.returncode, out, err, time.monotonic() - began


def wait_for_workers(pid: int, count: int, at_least: float = 2.0, at_most: float = 30.0) -> set[int]:
    """The process's descendants once ``count`` of them run (and ``at_least`` seconds passed)."""
    began = time.monotonic()
    while True:
        found = descendants(pid)
        elapsed = time.monotonic() - began
        if len(found) >= count and elapsed >= at_least:
            return found
        if elapsed > at_most:
            pytest.fail(f"the workers did not start within {at_most:g} s (found {sorted(found)})")
        time.sleep(0.1)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads child processes from /proc")
@pytest.mark.parametrize("whole_group", [True, False], ids=["ctrl-c", "kill-int"])
def test_ctrl_c_stops_simulate_and_its_workers_at_once(whole_group: bool) -> None:
    process = start("simulate", "seven-card-stud", "--hands", "200000", "--players", "8", "--workers", "2")
    workers = wait_for_workers(process.pid, 2)
    status, out, err, took = interrupt(process, whole_group)
    assert status == INTERRUPTED, err
    assert took < 5, f"took {took:.1f} s to stop"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert err.strip().splitlines()[-1] == "studspec simulate: interrupted"
    assert "street reached" not in out, "no report for an interrupted run"
    deadline = time.monotonic() + 3
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in workers if running(pid)] == [], "worker processes left running"


def wait_for(process: subprocess.Popen[str], text: str, at_most: float = 30.0) -> str:
    """What the process wrote on stdout up to ``text`` (reads a character at a time). A
    process still silent after ``at_most`` seconds is killed, so that the read ends and the
    test fails rather than waits for ever (a prompt left in a buffer prints nothing)."""
    assert process.stdout is not None
    seen = ""
    watchdog = threading.Timer(at_most, lambda: os.killpg(process.pid, signal.SIGKILL))
    watchdog.start()
    try:
        while text not in seen:
            char = process.stdout.read(1)
            if not char:
                pytest.fail(
                    f"never printed {text!r} (it ended, or was stopped after {at_most:g} s); printed {seen[-500:]!r}"
                )
            seen += char
    finally:
        watchdog.cancel()
    return seen


@pytest.mark.parametrize("whole_group", [True, False], ids=["ctrl-c", "kill-int"])
def test_ctrl_c_stops_play_at_the_prompt(whole_group: bool) -> None:
    process = start("play", "razz", "--players", "3", "--seed", "1", "--color", "never")
    wait_for(process, "Your action")
    status, _, err, took = interrupt(process, whole_group)
    assert status == INTERRUPTED, err
    assert took < 5
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert err.strip() == "studspec play: interrupted"


def test_an_interrupt_inside_a_command_is_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(self: Console, prompt: str) -> str | None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Console, "ask", interrupted)
    try:
        status = main(["play", "razz", "--players", "3", "--seed", "1"])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped from main() (it would print a traceback)")
    assert status == INTERRUPTED
    assert capsys.readouterr().err.strip() == "studspec play: interrupted"


# --- --players --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["run", "razz"],
        ["simulate", "razz", "--hands", "5", "--workers", "1"],
        ["play", "razz"],
        ["cases", "generate", "razz", "OUT"],
    ],
    ids=["run", "simulate", "play", "cases"],
)
@pytest.mark.parametrize("players", ["-3", "0", "1", "9"])
def test_a_player_count_the_book_cannot_seat_says_what_is_allowed(
    command: list[str], players: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [str(tmp_path / "out") if word == "OUT" else word for word in command]
    status = main([*args, "--players", players])
    captured = capsys.readouterr()
    assert status == 1
    name = command[0]
    assert captured.err.strip() == f"studspec {name}: --players must be from 2 to 8 players for razz, not {players}"
    assert not (tmp_path / "out").exists()


def test_the_allowed_range_is_the_books(capsys: pytest.CaptureFixture[str]) -> None:
    variant = load_variant("seven-card-stud")
    status = main(["run", "seven-card-stud", "--players", str(variant.max_players + 1)])
    assert status == 1
    assert f"from {variant.min_players} to {variant.max_players} players" in capsys.readouterr().err


def test_a_player_count_the_book_can_seat_still_plays(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "razz", "--players", "2"]) == 0
    assert main(["run", "razz", "--players", "8"]) == 0


# --- play: a refused action lists the choices -------------------------------------------------


def test_a_show_on_third_street_lists_the_real_choices() -> None:
    session = new_session(load_variant("razz"), 3, 0, 1)
    out = io.StringIO()
    status = run_session(session, Console(io.StringIO("sm\nq\ny\n"), out), Style(symbols=False, color=False))
    assert status == 0
    text = out.getvalue()
    menu = re.findall(r"^  \d+  (\S+(?: \S+)?)\s{2}", text, re.M)
    assert menu, text
    refused = re.search(r"refused by the rules: (.*); your choices: (.*)$", text, re.M)
    assert refused is not None, text
    assert "showdown" in refused.group(1)
    assert refused.group(2).split(", ") == menu
