"""Limits that agree, and limits that exist (issue 21 item 15).

One bound for amounts everywhere: a table ``run`` deals (stacks, ante, bets) must give a
history that ``replay`` reads back, so both use the 18 digits a history's amounts may have.
Every integer option is bounded where argparse reads it, with one line naming the allowed
range, never an ``OverflowError``. ``play`` reads an answer line with a bound. ``--cluster``
refuses an address that cannot be one before anything connects.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from conftest import ROOT
from studspec.play.game import MAX_LINE, Console

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
