"""``studspec import`` (issue 23): PokerStars text hand histories of 7 Card Stud, Stud Hi/Lo
and Razz, fixed limit, cash and tournament, converted to PHH that ``replay`` checks.

The histories in tests/data/pokerstars/ were written for these tests in the format PokerStars
publishes (header, table, seats, antes, streets, showdown, summary). Each expected result
below is worked out by hand from the rules, in the test's docstring; the one history that
breaks a rule (the wrong seat brings in) must be named by ``replay`` at that action.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.cli import main
from studspec.errors import ImportFormatError, ReplayError
from studspec.history.phh import parse_history, read_history, replay
from studspec.history.pokerstars import MAX_FILE_BYTES, read_hand, read_site_file, split_hands
from studspec.history.pokerstars_phh import convert
from studspec.history.variants import variant_for_history

DATA = ROOT / "tests" / "data" / "pokerstars"
RAKED_SPLIT = DATA / "stud-cash-split-pot-raked.txt"
HI_LO_SPLIT = DATA / "stud-hi-lo-tournament-split-sitting-out.txt"
RAZZ_ALL_INS = DATA / "razz-tournament-all-ins-side-pot-uncalled.txt"
RAZZ_UNCALLED = DATA / "razz-cash-uncalled-completion.txt"
WRONG_BRING_IN = DATA / "stud-cash-wrong-bring-in.txt"


def imported(path: Path, tmp_path: Path, **options: object) -> Path:
    """The one hand of ``path`` converted and written as ``tmp_path/NAME.phh``."""
    (_line, lines), *rest = split_hands(read_site_file(path), str(path))
    assert rest == []
    target = tmp_path / f"{path.stem}.phh"
    target.write_text(convert(read_hand(str(path), lines), **options), encoding="utf-8")  # type: ignore[arg-type]
    return target


def replayed(path: Path) -> tuple[tuple[int, ...], bool | None]:
    history = read_history(path)
    outcome = replay(history, variant_for_history(history))
    return outcome.stacks, outcome.matches


def test_a_raked_cash_split_pot(tmp_path: Path) -> None:
    """Stud, $0.10/$0.20, ante 2, bring-in 5 (cents). Dario's 4h brings in (lowest door).
    Alba and Chiara make the same six-to-ten straight: the 233 pot splits 116 and 117, the odd
    chip to Chiara's Ts over Alba's Tc (WSOP-L 149). Each put in 2 + 10 + 10 + 40 + 20 = 82.
    The site kept 12 of rake and paid 110 and 111: it says Alba 400 - 82 + 110 = 428 and
    Chiara 500 - 82 + 111 = 529; the rules pay 434 and 535, 6 more each: the 12 of rake, from
    the winners alone. Elio sits out (no ante, no cards): he is no seat of the hand."""
    phh = imported(RAKED_SPLIT, tmp_path)
    history = read_history(phh)
    assert history.finishing_stacks == (428, 343, 529, 138)
    assert history.extra["players"] == ["Alba", "Bruno", "Chiara", "Dario"]
    assert history.extra["seats"] == [1, 3, 5, 6]
    assert history.extra["_rake"] == 12 and history.extra["_units_per_currency"] == 100
    assert (history.antes, history.bring_in, history.small_bet, history.big_bet) == ((2, 2, 2, 2), 5, 10, 20)
    assert history.actions[:4] == ("d dh p1 Tc6h7d", "d dh p2 ????Qs", "d dh p3 Ts6d9c", "d dh p4 ????4h")
    assert replayed(phh) == ((434, 343, 535, 138), True)


def test_a_tournament_high_low_split_with_a_seat_sitting_out(tmp_path: Path) -> None:
    """Stud/8, level II (20/40), ante 4, bring-in 10. Hiro sits out but is dealt in: he posts
    the ante and folds. Jonas's kings and queens win high, Fenna's 7-5-3-2-A low: the 660 pot
    is 330 each. Fenna and Jonas put in 4 + 20 + 20 + 80 + 40 + 80 = 244, Ines 164:
    Fenna 1500 - 244 + 330 = 1586, Gus 1456, Hiro 1536, Ines 1336, Jonas 980 - 244 + 330 = 1066."""
    phh = imported(HI_LO_SPLIT, tmp_path)
    history = read_history(phh)
    assert history.variant_code == "F7S/8" and history.extra["players"][2] == "Hiro"
    assert history.extra["event"] == "PokerStars Tournament #3712345678, $5+$0.50 USD, Level II"
    assert "_rake" not in history.extra and "currency" not in history.extra
    assert replayed(phh) == ((1586, 1456, 1536, 1336, 1066), True)


def test_razz_all_ins_a_side_pot_and_an_uncalled_bet(tmp_path: Path) -> None:
    """Razz, level V (100/200), ante 20, bring-in 50: Nils's Kh brings in. Lars is all-in for
    150 on 3rd street, Kira for 300 on 4th, where Mona's raise to 200 is called for 150: 50
    comes back. Main pot 3 x 150 + Nils's 70 = 520 to Lars's wheel; side pot 2 x 150 = 300 to
    Mona's 7-5-4-2-A over Kira's 7-6-3-2-A. Kira 0, Lars 520, Mona 2400, Nils 1730. The site
    lists Mona's show first; every hand is tabled (TDA 16), so no order is wrong."""
    phh = imported(RAZZ_ALL_INS, tmp_path)
    history = read_history(phh)
    assert history.actions[-3:] == ("p3 sm As4d2c7h9d5sTc", "p1 sm Ah7c3d6c8s2hJs", "p2 sm 2d3s5hKd4hAc9h")
    assert replayed(phh) == ((0, 520, 2400, 1730), True)


def test_an_uncalled_completion_comes_back_and_the_rake_is_the_winners(tmp_path: Path) -> None:
    """Razz $0.04/$0.08: ante 1, bring-in 2. Tove raises to 12, Sven folds: Tove's last 4 come
    back. The pot is 3 + 2 + 8 + 8 = 21; the site paid 20 (rake 1): Tove 100 - 13 + 4 + 20 =
    111; the rules pay 21, so 112."""
    phh = imported(RAZZ_UNCALLED, tmp_path)
    assert read_history(phh).finishing_stacks == (117, 71, 111)
    assert replayed(phh) == ((117, 71, 112), True)


def test_a_history_that_breaks_a_rule_is_named_at_the_action(tmp_path: Path) -> None:
    """WSOP-L 215: the lowest door brings in. Piet (3d) brings in, but Quinn's 2c is lower:
    replay refuses action 3, 'p2 pb', and says it waits for p3."""
    phh = imported(WRONG_BRING_IN, tmp_path)
    history = read_history(phh)
    with pytest.raises(ReplayError) as refused:
        replay(history, variant_for_history(history))
    assert (refused.value.index, refused.value.action) == (3, "p2 pb")
    assert "waiting for p3" in refused.value.reason


def test_the_site_s_hand_number_table_players_and_time_are_kept(tmp_path: Path) -> None:
    history = read_history(imported(RAZZ_UNCALLED, tmp_path))
    extra = history.extra
    assert (extra["venue"], extra["hand"], extra["table"], extra["seat_count"]) == (
        "PokerStars", 251234567005, "Kassiopeia II", 8,
    )  # fmt: skip
    assert (extra["year"], extra["month"], extra["day"], extra["time"]) == (2024, 3, 17, datetime.time(10, 2, 13))
    assert extra["time_zone_abbreviation"] == "ET" and extra["currency"] == "USD"


def test_a_rake_taken_from_a_loser_does_not_match(tmp_path: Path) -> None:
    """The rake comes out of the pot: a site that says a loser paid it is not believed."""
    text = imported(RAKED_SPLIT, tmp_path).read_text(encoding="utf-8")
    wrong = text.replace("finishing_stacks = [428, 343, 529, 138]", "finishing_stacks = [434, 331, 535, 138]")
    history = parse_history(wrong, "wrong.phh")
    assert replay(history, variant_for_history(history)).matches is False


# --- the command -------------------------------------------------------------------------------


def test_import_writes_every_hand_and_replay_checks_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    session = tmp_path / "session.txt"
    session.write_text("\n\n".join(p.read_text(encoding="utf-8") for p in sorted(DATA.glob("*.txt"))), "utf-8")
    out = tmp_path / "out"
    assert main(["import", str(session), "-o", str(out)]) == 0
    written = sorted(out.glob("*.phh"))
    assert len(written) == 5
    capsys.readouterr()
    assert main(["replay", *map(str, written)]) == 1
    lines = capsys.readouterr()
    assert "4 replayed, 1 failed" in lines.out
    assert "pokerstars-251234567004.phh: action 3 'p2 pb'" in lines.err


def test_import_of_one_hand_prints_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(RAZZ_UNCALLED)]) == 0
    captured = capsys.readouterr()
    assert parse_history(captured.out).extra["hand"] == 251234567005
    assert "1 hand(s) converted, 0 refused" in captured.err


def test_import_names_the_rule_book_to_replay_under(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["import", str(RAZZ_UNCALLED), "-o", str(out), "--rulebook", "razz-deuce-to-seven"]) == 0
    assert read_history(out / "pokerstars-251234567005.phh").extra["_variant"] == "razz-deuce-to-seven"


# --- untrusted input ---------------------------------------------------------------------------


def refusal(tmp_path: Path, text: str | bytes, capsys: pytest.CaptureFixture[str], *options: str) -> str:
    """The one line ``studspec import`` says about a file holding ``text``."""
    path = tmp_path / "hands.txt"
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    assert main(["import", str(path), *options, "-o", str(tmp_path / "out")]) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if line.startswith("studspec import: ")]
    assert len(errors) == 1, errors
    assert "Traceback" not in errors[0]
    return errors[0].removeprefix(f"studspec import: {path}:")


GOOD = RAZZ_UNCALLED.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "said"),
    [
        pytest.param(
            ("Sven: calls $0.02", "Sven: calls a lot"),
            "14: hand #251234567005: cannot read 'Sven: calls a lot'",
            id="unknown-action",
        ),
        pytest.param(
            ("Razz Limit", "Hold'em No Limit"), '1: "Hold\'em No Limit": studspec imports 7 Card Stud', id="holdem"
        ),
        pytest.param(
            ("$0.04/$0.08", "$0.04/$0.085"),
            "1: '$0.085' is no amount in whole units of a cent",
            id="fraction-of-a-cent",
        ),
        pytest.param(
            ("Table 'Kassiopeia II' 8-max", "Tafel"), "2: hand #251234567005: expected the table", id="no-table"
        ),
        pytest.param(
            ("Tove collected $0.20", "Tove collected $0.30"),
            "1: hand #251234567005: the chips do not add up",
            id="chips",
        ),
        pytest.param(
            ("Dealt to Tove [4c 3h 6d]", "Dealt to Tove [4c 3h 1x]"),
            "12: hand #251234567005: '1x' is no card",
            id="card",
        ),
        pytest.param(("*** SUMMARY ***", "*** FLOP ***"), "*** FLOP *** is no stud street", id="flop"),
        pytest.param(
            ("Rita: brings in for $0.02", "Rita: brings in for $0.02 and is all-in"),
            "give it with --bring-in",
            id="bring-in-unknown",
        ),
        pytest.param(
            ("Seat 2: Rita", "Seat 3: Rita"), "4: hand #251234567005: seat 3 ('Sven') is given twice", id="seat-twice"
        ),
    ],
)
def test_what_cannot_be_read_is_one_line_with_the_line_number(
    change: tuple[str, str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert change[0] in GOOD
    assert said in refusal(tmp_path, GOOD.replace(change[0], change[1], 1), capsys)


def test_a_bring_in_the_history_does_not_show_may_be_given(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(GOOD.replace("Rita: brings in for $0.02", "Rita: brings in for $0.02 and is all-in"), "utf-8")
    assert main(["import", str(path), "-o", str(tmp_path / "out"), "--bring-in", "2"]) == 0


def test_a_file_that_is_not_utf8_is_named_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOOD.encode("utf-8").replace(b"Sven", b"Sv\xe9n", 2)
    assert refusal(tmp_path, text, capsys).startswith("4: not UTF-8 text")


def test_a_file_that_is_not_a_hand_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "1: 'hello' is not a PokerStars hand" in refusal(tmp_path, "hello\n", capsys)


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.txt"
    with open(path, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    assert main(["import", str(path)]) == 1
    assert f"at most {MAX_FILE_BYTES:,} are read" in capsys.readouterr().err


def test_a_line_too_long_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "a line of 5,000 characters" in refusal(tmp_path, GOOD + "x" * 5000 + "\n", capsys)


def test_control_characters_in_a_name_never_reach_the_terminal_or_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = "Sv\x1b[31men"
    said = refusal(tmp_path, GOOD.replace("Sven", hostile).replace("calls $0.02", "calls a lot"), capsys)
    assert "\x1b" not in said and "\\x1b" in said
    path = tmp_path / "ok.txt"
    path.write_text(GOOD.replace("Sven", hostile), encoding="utf-8")
    assert main(["import", str(path), "-o", str(tmp_path / "ok")]) == 0
    written = (tmp_path / "ok" / "pokerstars-251234567005.phh").read_text(encoding="utf-8")
    assert (
        "\x1b" not in written
        and read_history(tmp_path / "ok" / "pokerstars-251234567005.phh").extra["players"][1] == hostile
    )


def test_one_bad_hand_does_not_stop_the_others(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.txt"
    bad = GOOD.replace("251234567005", "251234567006").replace("Sven: calls $0.02", "Sven: dances")
    path.write_text(GOOD + "\n\n" + bad, encoding="utf-8")
    assert main(["import", str(path), "-o", str(tmp_path / "out")]) == 1
    assert [p.name for p in (tmp_path / "out").glob("*.phh")] == ["pokerstars-251234567005.phh"]
    assert "1 hand(s) converted, 1 refused" in capsys.readouterr().err


def test_a_reader_error_is_a_studspec_error() -> None:
    with pytest.raises(ImportFormatError, match=r"^nowhere\.txt:0: cannot read"):
        read_site_file("nowhere.txt")


def test_a_showdown_that_is_not_tabled_keeps_its_order(tmp_path: Path) -> None:
    """S1 (TDA 17A): Alba made the last bet on 7th street, so she shows first; only tabled
    hands (every player but one all-in) may show in any order."""
    text = imported(RAKED_SPLIT, tmp_path).read_text(encoding="utf-8")
    swapped = text.replace(
        '"p1 sm Tc6h7d8s9h2cKc", "p3 sm Ts6d9c8h7s3dQc"', '"p3 sm Ts6d9c8h7s3dQc", "p1 sm Tc6h7d8s9h2cKc"'
    )
    history = parse_history(swapped, "swapped.phh")
    with pytest.raises(ReplayError, match="out of turn at showdown"):
        replay(history, variant_for_history(history))
