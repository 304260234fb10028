"""The `studspec` command: run, replay and validate, with their exit statuses."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, wsop_hands
from studspec import read_history
from studspec.cli import main


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
    source = next(path for path in wsop_hands() if path.name.endswith("_F7S.phh"))
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
    files = [str(path) for path in wsop_hands()]
    assert main(["replay", *files]) == 0
    assert capsys.readouterr().out.count("match finishing_stacks") == 36


def test_validate_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(ROOT / "variants")]) == 0
    assert main(["validate", str(ROOT / "tests" / "data" / "broken" / "unknown-key.yaml")]) == 1
    out = capsys.readouterr().out.strip().splitlines()
    count = len(list((ROOT / "variants").glob("*.yaml")))
    assert out[0] == f"{count} file(s) checked, 0 problem(s)"
    assert out[1].endswith(
        "unknown key 'raise_limit'; allowed keys: structure, raise_cap, open_pair, heads_up, short_all_in, community_card_round"
    )
    assert out[2:] == ["1 file(s) checked, 1 problem(s)"]


def test_validate_of_a_folder_without_rule_books_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(tmp_path)]) == 1
    assert "no rule books found" in capsys.readouterr().err


def test_replay_names_a_missing_house_rule_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(
        "variant = 'F7S'\n_variant = 'gone.yaml'\nantes = [1, 1]\nbring_in = 3\nsmall_bet = 10\n"
        "big_bet = 20\nstarting_stacks = [100, 100]\nactions = []\n"
    )
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "_variant 'gone.yaml' not found" in err and str(tmp_path / "gone.yaml") in err


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


def test_describe_json_is_the_resolved_rule_book(capsys: pytest.CaptureFixture[str]) -> None:
    """What the conformance protocol sends an engine: razz with seven-card stud merged in."""
    import json

    assert main(["describe", "razz", "--format", "json"]) == 0
    book = json.loads(capsys.readouterr().out)
    assert book["name"] == "razz" and "extends" not in book
    assert book["bring_in"]["card"] == "highest-ace-low"
    assert [street["id"] for street in book["streets"]] == ["third", "fourth", "fifth", "sixth", "seventh"]


def test_run_simulate_and_cases_seat_the_same_default_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21 item 5: without --players, every command deals a full table of the book
    (players.max), so a five-player book runs as it simulates instead of being refused."""
    book = tmp_path / "five-handed.yaml"
    book.write_text(
        "schema_version: 1\nextends: seven-card-stud\nname: five-handed\ntitle: Five handed\n"
        "players: {min: 2, max: 5}\n",
        encoding="utf-8",
    )
    assert main(["run", str(book), "--seed", "2"]) == 0
    seats = capsys.readouterr().out.splitlines()[1]
    assert seats.startswith("Seats: ") and seats.count(", p") == 4  # p1 to p5
    assert main(["simulate", str(book), "--hands", "5", "--seed", "2", "--json", "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["players"] == 5
    out = tmp_path / "cases"
    assert main(["cases", "generate", str(book), str(out), "--count", "1", "--quiet", "--workers", "1"]) == 0
    (case,) = out.rglob("*.phh")
    assert len(read_history(case).starting_stacks) == 5


def test_a_bug_is_one_line_and_status_70_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An error studspec did not expect (a bug, not the input's fault) is said in one line
    naming it, with exit status 70 (EX_SOFTWARE); STUDSPEC_DEBUG=1 gives the traceback."""
    import studspec.cli.commands.run as run_command

    def broken(*_: object, **__: object) -> None:
        raise IndexError("list index out of range")

    monkeypatch.setattr(run_command, "Hand", broken)
    monkeypatch.delenv("STUDSPEC_DEBUG", raising=False)
    assert main(["run", "seven-card-stud", "--seed", "1"]) == 70
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "studspec run: internal error (IndexError: list index out of range)" in err
    monkeypatch.setenv("STUDSPEC_DEBUG", "1")
    with pytest.raises(IndexError):
        main(["run", "seven-card-stud", "--seed", "1"])
