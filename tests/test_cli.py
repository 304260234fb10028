"""The `studspec` command: run, replay and validate, with their exit statuses."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from studspec.cli import main

from conftest import ROOT, shared_dir


def test_run_prints_a_readable_history(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "seven-card-stud", "--players", "8", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "*** third street ***" in out
    assert "has the bring-in" in out
    assert "Final stacks:" in out
    # 8 x 40000 chips at the start, all still on the table at the end.
    final = out.split("Final stacks:")[1]
    assert sum(int(part.split()[1]) for part in final.split(",")) == 8 * 40000


def test_run_phh_is_accepted_back_by_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for book in ("seven-card-stud", "seven-card-stud-hi-lo", "razz"):
        assert main(["run", book, "--players", "5", "--seed", "4", "--phh"]) == 0
        path = tmp_path / f"{book}.phh"
        path.write_text(capsys.readouterr().out)
        assert main(["replay", str(path)]) == 0
        assert "match finishing_stacks" in capsys.readouterr().out


def test_run_same_seed_same_hand(capsys: pytest.CaptureFixture[str]) -> None:
    main(["run", "razz", "--players", "6", "--seed", "9", "--phh"])
    first = capsys.readouterr().out
    main(["run", "razz", "--players", "6", "--seed", "9", "--phh"])
    assert capsys.readouterr().out == first
    main(["run", "razz", "--players", "6", "--seed", "10", "--phh"])
    assert capsys.readouterr().out != first


def test_replay_exits_1_on_wrong_finishing_stacks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = sorted((shared_dir() / "phh" / "wsop-2023").glob("*F7S.phh"))[0]
    text = source.read_text()
    start = text.index("finishing_stacks = [") + len("finishing_stacks = [")
    end = text.index("]", start)
    stacks = [int(s) for s in text[start:end].split(",")]
    stacks[0] += 1
    broken = tmp_path / "wrong.phh"
    broken.write_text(text[:start] + ", ".join(map(str, stacks)) + text[end:])
    assert main(["replay", str(broken)]) == 1
    assert "differ from finishing_stacks" in capsys.readouterr().out


def test_replay_exits_1_naming_the_refused_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(
        "variant = 'F7S'\nantes = [10, 10]\nbring_in = 20\nsmall_bet = 100\nbig_bet = 200\n"
        "starting_stacks = [1000, 1000]\n"
        "actions = ['d dh p1 AsKs2c', 'd dh p2 QdJd9h', 'p1 cbr 150']\n"
    )
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "action 2 'p1 cbr 150'" in err
    assert "pb" in err and "cbr 100" in err  # the legal choices are named


def test_replay_all_wsop_hands(capsys: pytest.CaptureFixture[str]) -> None:
    files = sorted(str(p) for p in (shared_dir() / "phh" / "wsop-2023").glob("*.phh"))
    assert main(["replay", *files]) == 0
    assert capsys.readouterr().out.count("match finishing_stacks") == 36


def test_validate_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(ROOT / "variants")]) == 0
    assert main(["validate", str(ROOT / "tests" / "data" / "broken" / "unknown-key.yaml")]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].endswith(
        "unknown key 'raise_limit'; allowed keys: structure, raise_cap, heads_up, short_all_in, community_card_round"
    )


@pytest.mark.skipif(shutil.which("studspec") is None, reason="console script not installed")
def test_console_script_help() -> None:
    result = subprocess.run(["studspec", "--help"], capture_output=True, text=True, check=True)
    for command in ("run", "replay", "validate"):
        assert command in result.stdout


def test_module_entry_point() -> None:
    result = subprocess.run([sys.executable, "-m", "studspec.cli", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.startswith("studspec ")


def test_list_names_every_builtin_book(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = sorted(path.stem for path in (ROOT / "variants").glob("*.yaml"))
    assert [line.split()[0] for line in lines] == names
    assert any(line.startswith("razz ") and "Razz" in line and "(PHH FR)" in line for line in lines)
