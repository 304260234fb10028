"""Every file a command writes is written whole or not at all (issue 21 item 13).

A full disk is a size limit here: each command runs in a subprocess under
``RLIMIT_FSIZE`` with ``SIGXFSZ`` ignored, so a write past the limit fails with ``EFBIG``
("File too large") as a full disk fails with ``ENOSPC``, without root or a small file
system. Each refusal must be one line on stderr, exit status 1 (2 for a bad option), no
traceback, and the file that was there before must be unchanged byte for byte, with no
temporary file left beside it.

A read-only folder stops nobody running as root (tests may), so that case is skipped then;
the size limit covers the same failure for root.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT

PRECIOUS = b"the user's own file: it must survive a failed write\n"
LIMIT = 150
"""Bytes a file may grow to under the size limit: more than PRECIOUS, less than any output."""

AS_ROOT = os.geteuid() == 0
READ_ONLY_SKIP = "root writes into a read-only folder; the size-limit tests cover the failure"


def studspec(
    *args: str, cwd: Path, limit: int | None = None, stdout: int | None = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    """``python -m studspec ARGS`` in ``cwd``, files limited to ``limit`` bytes when given."""

    def limited() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead of killing
        assert limit is not None
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(ROOT / "interpreter")}
    return subprocess.run(
        [sys.executable, "-m", "studspec", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env=env,
        preexec_fn=limited if limit is not None else None,
        timeout=120,
    )


def assert_refused(run: subprocess.CompletedProcess[str], line: str, status: int = 1) -> None:
    """Exactly ``line`` on stderr, and the status."""
    assert "Traceback" not in run.stderr, run.stderr
    assert run.stderr.splitlines() == [line], run.stderr
    assert run.returncode == status


def no_temporary_left(folder: Path) -> None:
    left = [path.name for path in folder.iterdir() if path.name.endswith(".studspec-tmp")]
    assert left == [], f"temporary files left behind: {left}"


def precious(path: Path) -> Path:
    path.write_bytes(PRECIOUS)
    return path


# --- Output files of describe and diagram (-o) ---------------------------------------------


@pytest.mark.parametrize("command", [["describe", "razz"], ["diagram", "razz"]])
def test_a_full_disk_leaves_the_output_file_as_it_was_issue_21_item_13(command: list[str], tmp_path: Path) -> None:
    """Before: the file was opened for writing (emptied) first, and kept LIMIT bytes of the new text."""
    target = precious(tmp_path / "out.txt")
    run = studspec(*command, "-o", str(target), cwd=tmp_path, limit=LIMIT)
    assert_refused(run, f"studspec: cannot write {target}: File too large (the file already there is unchanged)")
    assert target.read_bytes() == PRECIOUS
    no_temporary_left(tmp_path)


@pytest.mark.parametrize("command", [["describe", "razz"], ["diagram", "razz"]])
def test_a_folder_given_as_the_output_file_is_one_line_issue_21_item_13(command: list[str], tmp_path: Path) -> None:
    folder = tmp_path / "rules"
    folder.mkdir()
    run = studspec(*command, "-o", str(folder), cwd=tmp_path)
    assert_refused(run, f"studspec: cannot write {folder}: it is a folder; give a file name")
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize(
    "command", [["describe", "razz"], ["run", "razz", "--players", "4"], ["simulate", "razz", "--hands", "60"]]
)
def test_a_full_disk_under_standard_output_is_one_line_issue_21_item_13(command: list[str], tmp_path: Path) -> None:
    """``studspec describe razz >> rules.md`` on a disk already full (the file is at the size
    limit, so the first write fails). Before: a traceback (OSError from the write, or from
    the interpreter's flush at exit)."""
    quiet = ["--quiet"] if command[0] == "simulate" else []
    (tmp_path / "rules.md").write_bytes(b"x" * LIMIT)
    with open(tmp_path / "rules.md", "ab") as out:
        run = studspec(*command, *quiet, cwd=tmp_path, limit=LIMIT, stdout=out.fileno())
    assert_refused(run, "studspec: cannot write the output: File too large")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_standard_output_on_dev_full_is_one_line_issue_21_item_13(tmp_path: Path) -> None:
    """/dev/full answers every write with ENOSPC, as a full disk does."""
    with open("/dev/full", "wb") as full:
        run = studspec("describe", "razz", cwd=tmp_path, stdout=full.fileno())
    assert_refused(run, "studspec: cannot write the output: No space left on device")


# --- conform --junit -----------------------------------------------------------------------

CASES = ROOT / "tests" / "conformance" / "antes"


def test_junit_given_a_folder_is_refused_before_the_cases_run_issue_21_item_13(tmp_path: Path) -> None:
    """Before: the cases ran, then ``tree.write`` raised IsADirectoryError (a traceback)."""
    run = studspec("conform", str(CASES), "--junit", str(tmp_path), cwd=tmp_path)
    assert_refused(run, f"studspec conform: --junit {tmp_path} is a folder; give a file name", status=2)
    assert run.stdout == ""


def test_junit_on_a_full_disk_keeps_the_old_report_and_the_summary_issue_21_item_13(tmp_path: Path) -> None:
    """The three cases pass and are summed up on stdout; the report cannot be written."""
    report = precious(tmp_path / "report.xml")
    run = studspec("conform", str(CASES), "--junit", str(report), cwd=tmp_path, limit=LIMIT)
    assert_refused(run, f"studspec: cannot write {report}: File too large (the file already there is unchanged)")
    assert run.stdout.splitlines() == ["3 passed, 0 failed"]
    assert report.read_bytes() == PRECIOUS
    no_temporary_left(tmp_path)


# --- cases generate and simulate --phh: folders of files written by the workers ------------


def generate(out: Path, *extra: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    return studspec(
        "cases", "generate", "razz", str(out), "--count", "4", "--quiet", *extra, cwd=out.parent, limit=limit
    )


def simulate(out: Path, *extra: str, limit: int | None = None) -> subprocess.CompletedProcess[str]:
    args = ("simulate", "razz", "--hands", "60", "--players", "4", "--quiet", "--phh", str(out), *extra)
    return studspec(*args, cwd=out.parent, limit=limit)


WRITERS = {
    "cases generate": (generate, "2", ("razz-seed0-0000.phh", "razz-seed0-0002.phh")),
    "simulate --phh": (simulate, "30", ("hand-000001.phh", "hand-000031.phh")),
}
"""Each command that writes a folder of files, a chunk size that cuts its run in two, and
the first file of each chunk."""


@pytest.mark.parametrize("command", WRITERS)
def test_a_file_in_place_of_the_folder_is_one_line_issue_21_item_13(command: str, tmp_path: Path) -> None:
    """Before: FileExistsError from mkdir, a traceback."""
    out = precious(tmp_path / "out")
    run = WRITERS[command][0](out)
    assert_refused(run, f"studspec: cannot write into {out}: it is a file, not a folder")
    assert out.read_bytes() == PRECIOUS


@pytest.mark.parametrize("workers", ["1", "2"])
@pytest.mark.parametrize("command", WRITERS)
def test_a_full_disk_keeps_the_files_already_there_issue_21_item_13(command: str, workers: str, tmp_path: Path) -> None:
    """A worker (this process, or one of a pool) cannot write a hand or a case: one line,
    and the file of an earlier run at that name is as it was. Before: a traceback, and the
    file emptied and cut at the limit. On two workers both chunks start at once and either
    may fail first; the run stops at the first failure and says which file it was."""
    write, chunk, (first, second) = WRITERS[command]
    out = tmp_path / "out"
    out.mkdir()
    kept = precious(out / first)
    run = write(out, "--workers", workers, "--chunk", chunk, limit=LIMIT)
    said = [f"studspec: cannot write {kept}: File too large (the file already there is unchanged)"]
    if workers == "2":
        said.append(f"studspec: cannot write {out / second}: File too large")
    assert "Traceback" not in run.stderr, run.stderr
    assert len(run.stderr.splitlines()) == 1 and run.stderr.splitlines()[0] in said, run.stderr
    assert run.returncode == 1
    assert kept.read_bytes() == PRECIOUS
    if workers == "1":
        # (A pool's other worker is stopped at once, and could be stopped mid-write.)
        no_temporary_left(out)


@pytest.mark.skipif(AS_ROOT, reason=READ_ONLY_SKIP)
@pytest.mark.parametrize("command", WRITERS)
def test_a_read_only_folder_is_one_line_issue_21_item_13(command: str, tmp_path: Path) -> None:
    write, _, (first, _) = WRITERS[command]
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    try:
        run = write(out, "--workers", "1")
    finally:
        out.chmod(0o755)
    assert_refused(run, f"studspec: cannot write {out / first}: Permission denied")
    assert list(out.iterdir()) == []


def test_the_files_of_a_run_that_can_write_are_all_there(tmp_path: Path) -> None:
    """The atomic writes change nothing a run that succeeds leaves: every file, no temporary."""
    assert generate(tmp_path / "cases").returncode == 0
    assert simulate(tmp_path / "hands").returncode == 0
    assert sorted(p.name for p in (tmp_path / "cases").iterdir()) == [f"razz-seed0-{n:04d}.phh" for n in range(4)]
    assert sorted(p.name for p in (tmp_path / "hands").iterdir()) == [f"hand-{n:06d}.phh" for n in range(1, 61)]
