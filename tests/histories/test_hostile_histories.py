"""Hand histories are untrusted input: whatever a file holds, `studspec replay` answers with
one clean error line and a non-zero exit status, quickly and in little memory.

Each hostile file is replayed in a child process (so that a hang, a traceback or a memory
blow-up is seen as such), which reports its own time and peak memory; then the pieces behind
it are checked one by one: the file reader (size cap, regular files only, UTF-8), the TOML
nesting bound, the seat and amount grammar (ASCII digits, at most 18 of them), the `Action`
type, and `_variant`, which names a rule book and never makes studspec quote another file.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.engine import actions
from studspec.engine.actions import Action, ActionKind, bet_to, parse_action
from studspec.errors import ActionFormatError, HistoryFormatError, ReplayError, VariantLookupError
from studspec.history import phh
from studspec.history.phh import parse_history, read_history, replay
from studspec.history.variants import variant_for_history
from studspec.rulebook import load_variant

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX resource limits and FIFOs")

HEAD = """variant = "F7S"
antes = [1, 1]
bring_in = 3
small_bet = 10
big_bet = 20
starting_stacks = [100, 100]
"""
DEAL = '"d dh p1 AsKs2c", "d dh p2 AhKh9d"'
SECRET = "SECRET-TOKEN-5b1e"
"""Written into files a history must not make studspec quote."""

SECONDS = 5.0
PEAK_MB = 200.0
MEMORY_CEILING = 1 << 30
"""The child's address-space limit: a blow-up fails as a MemoryError, not by exhausting the machine."""

CHILD = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))

def peak_mb():
    # VmHWM is this process's own peak; ru_maxrss keeps the parent's across fork and exec.
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

from studspec.cli import main
start, status = time.perf_counter(), "crashed"
try:
    status = main(["replay", sys.argv[2]])
finally:
    with open(sys.argv[1], "w") as out:
        json.dump({{"status": status, "seconds": time.perf_counter() - start, "peak_mb": peak_mb()}}, out)
sys.exit(status)
"""


def history(actions: str, *, head: str = HEAD, extra: str = "") -> str:
    return f"{head}{extra}actions = [{actions}]\n"


def write(path: Path, text: str | bytes) -> Path:
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


# --- Each hostile file, replayed in a child process -----------------------------------------


def not_utf8(tmp: Path) -> Path:
    return write(tmp / "latin1.phh", history(f'{DEAL}, "p1 cbr \xb2"').encode("latin-1"))


def superscript_amount(tmp: Path) -> Path:
    return write(tmp / "h.phh", history(f'{DEAL}, "p1 cbr ²"'))


def superscript_seat(tmp: Path) -> Path:
    return write(tmp / "h.phh", history(f'{DEAL}, "p² cc"'))


def superscript_dealt_seat(tmp: Path) -> Path:
    return write(tmp / "h.phh", history('"d dh p1 AsKs2c", "d dh p² AhKh9d"'))


def arabic_amount(tmp: Path) -> Path:
    return write(tmp / "h.phh", history(f'{DEAL}, "p1 cbr ١٠"'))


def long_amount(tmp: Path) -> Path:
    return write(tmp / "h.phh", history(f'{DEAL}, "p1 cbr {"9" * 5000}"'))


def long_stack(tmp: Path) -> Path:
    return write(tmp / "h.phh", history("", head=HEAD.replace("[100, 100]", f"[{'9' * 5000}, 100]")))


def deep_arrays(tmp: Path) -> Path:
    return write(tmp / "h.phh", history(DEAL, extra=f"_x = {'[' * 100_000}{']' * 100_000}\n"))


def deep_dotted_key(tmp: Path) -> Path:
    return write(tmp / "h.phh", history(DEAL, extra="a" + ".a" * 100_000 + " = 1\n"))


def fifty_megabytes(tmp: Path) -> Path:
    lines = '"p1 cc", ' * (50_000_000 // 9)
    return write(tmp / "big.phh", history(f"{DEAL}, {lines}"))


def numbers_to_the_cap(tmp: Path) -> Path:
    """TOML's slowest shape to parse (a long array of small numbers), as big as the cap allows."""
    text = history(DEAL, extra="_x = []\n")
    room = phh.MAX_HISTORY_BYTES - len(text.encode())
    return write(tmp / "h.phh", text.replace("_x = []", "_x = [" + "1," * (room // 2 - 1) + "]"))


def fifo(tmp: Path) -> Path:
    path = tmp / "fifo.phh"
    os.mkfifo(path)
    return path


def passwd(tmp: Path) -> Path:
    return write(tmp / "h.phh", history(DEAL, extra='_variant = "/etc/passwd"\n'))


def secret_text_file(tmp: Path) -> Path:
    secret = write(tmp / "notes.txt", f"{SECRET}\n")
    return write(tmp / "h.phh", history(DEAL, extra=f"_variant = {json.dumps(str(secret))}\n"))


def secret_yaml_string(tmp: Path) -> Path:
    write(tmp / "notes.yaml", f"{SECRET} is the password\n")
    return write(tmp / "h.phh", history(DEAL, extra='_variant = "notes.yaml"\n'))


def secret_yaml_value(tmp: Path) -> Path:
    write(tmp / "config.yaml", f"schema_version: {SECRET}\nname: [{SECRET}]\n")
    return write(tmp / "h.phh", history(DEAL, extra='_variant = "config.yaml"\n'))


HOSTILE: dict[str, tuple[Callable[[Path], Path], str]] = {
    "not-utf8": (not_utf8, "not UTF-8"),
    "superscript-amount": (superscript_amount, "digits 0-9"),
    "superscript-seat": (superscript_seat, "seat"),
    "superscript-dealt-seat": (superscript_dealt_seat, "d dh pN"),
    "arabic-amount": (arabic_amount, "digits 0-9"),
    "5000-digit-amount": (long_amount, "at most 18"),
    "5000-digit-stack": (long_stack, "too many digits"),
    "100000-deep-arrays": (deep_arrays, "nested more than"),
    "100000-deep-dotted-key": (deep_dotted_key, "nested more than"),
    "50-megabytes": (fifty_megabytes, "at most"),
    "numbers-to-the-cap": (numbers_to_the_cap, "ends before the hand is over"),
    "fifo": (fifo, "not a regular file"),
    "variant-etc-passwd": (passwd, "neither a built-in rule book name nor a .yaml path"),
    "variant-secret-text": (secret_text_file, "neither a built-in rule book name nor a .yaml path"),
    "variant-secret-yaml-string": (secret_yaml_string, "not a usable rule book"),
    "variant-secret-yaml-value": (secret_yaml_value, "not a usable rule book"),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_history_gets_one_clean_error_line(name: str, tmp_path: Path) -> None:
    make, expected = HOSTILE[name]
    path = make(tmp_path)
    stats = tmp_path / "stats.json"
    child = subprocess.run(
        [sys.executable, "-c", CHILD.format(limit=MEMORY_CEILING), str(stats), str(path)],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    report = json.loads(stats.read_text())
    err = child.stderr
    assert "Traceback" not in err, err[-2000:]
    assert child.returncode != 0 and report["status"] == 1
    assert err.count("\n") == 1 and err.endswith("\n"), err[:2000]
    assert report["seconds"] < SECONDS, report
    assert report["peak_mb"] < PEAK_MB, report
    assert SECRET not in err and "root:" not in err
    assert expected in err
    assert err.startswith(str(path)), err[:300]
    assert len(err) < 1000, err[:300]


# --- The file reader --------------------------------------------------------------------------


def test_a_history_of_exactly_the_cap_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    text = history('"d dh p1 AsKs2c"')
    padding = phh.MAX_HISTORY_BYTES - len(text.encode()) - 1
    exact = write(tmp_path / "exact.phh", text + "#" + "x" * (padding - 1) + "\n")
    assert exact.stat().st_size == phh.MAX_HISTORY_BYTES
    assert read_history(exact).actions == ("d dh p1 AsKs2c",)
    over = write(tmp_path / "over.phh", text + "#" + "x" * padding + "\n")
    cap = f"{phh.MAX_HISTORY_BYTES + 1:,} bytes; a hand history may be at most {phh.MAX_HISTORY_BYTES:,} bytes"
    with pytest.raises(HistoryFormatError, match=cap):
        read_history(over)


def test_text_given_directly_is_capped_too() -> None:
    with pytest.raises(HistoryFormatError, match="characters; a hand history may be at most"):
        parse_history(history(DEAL) + "#" * phh.MAX_HISTORY_BYTES)


def test_the_cap_is_larger_than_any_real_hand() -> None:
    from conftest import wsop_hands

    cases = (ROOT / "tests" / "conformance").rglob("*.phh")
    largest = max(path.stat().st_size for path in (*wsop_hands(), *cases))
    assert largest * 40 < phh.MAX_HISTORY_BYTES


def test_a_folder_is_not_a_history(tmp_path: Path) -> None:
    with pytest.raises(HistoryFormatError, match="not a regular file"):
        read_history(tmp_path)


def test_a_missing_file_and_a_nul_in_the_name_are_clean_errors(tmp_path: Path) -> None:
    with pytest.raises(HistoryFormatError, match="cannot read"):
        read_history(tmp_path / "gone.phh")
    with pytest.raises(HistoryFormatError, match="cannot read"):
        read_history(str(tmp_path / "a\x00b.phh"))


def test_not_utf8_names_the_line_and_column(tmp_path: Path) -> None:
    path = write(tmp_path / "h.phh", b'variant = "F7S"\n_who = "Jos\xe9"\n')
    with pytest.raises(HistoryFormatError, match=r"line 2, column 12: not UTF-8"):
        read_history(path)


# --- TOML nesting -----------------------------------------------------------------------------


def nested(depth: int) -> str:
    return history(DEAL, extra=f"_x = {'[' * depth}1{']' * depth}\n")


def test_nesting_to_the_bound_is_read_and_one_more_is_refused() -> None:
    assert parse_history(nested(phh.MAX_NESTING)).extra["_x"] is not None
    with pytest.raises(HistoryFormatError, match="nested more than 32 deep"):
        parse_history(nested(phh.MAX_NESTING + 1))
    with pytest.raises(HistoryFormatError, match="nested more than"):
        parse_history(history(DEAL, extra=f"_x = {'{a = ' * 40}1{'}' * 40}\n"))


def test_dotted_keys_count_as_nesting() -> None:
    assert parse_history(history(DEAL, extra="a.b.c.d = 1\n")).extra["a"] == {"b": {"c": {"d": 1}}}
    with pytest.raises(HistoryFormatError, match="line 7: nested more than"):
        parse_history(history(DEAL, extra="a" + ".a" * 40 + " = 1\n"))
    with pytest.raises(HistoryFormatError, match="nested more than"):
        parse_history(history(DEAL, extra="[" + ".".join(["t"] * 40) + "]\nx = 1\n"))


def test_brackets_and_dots_in_strings_and_comments_are_not_nesting() -> None:
    deep = "[" * 50
    extra = (
        f'_note = "{deep}{"." * 50}\\"{deep}"\n'  # an escaped quote does not end it
        f"_raw = '{{{{{deep}'\n"
        f'_long = """\n{deep}""{deep}\\"""{deep}"""\n'  # quotes and an escaped run of three inside
        f'_end = """{deep}""""\n'  # a fourth quote belongs to the string
        f"_lit = '''{deep}\n''{deep}''''\n"
        f"# {deep} a comment\n"
        "_floats = [1.5, 2.25, 3.125]\n"
        "_when = 1979-05-27T07:32:00.999\n"
        '"quoted.key.with.many.dots.in.it" = 1\n'
    )
    data = parse_history(history(DEAL, extra=extra)).extra
    assert data["_note"] == deep + "." * 50 + '"' + deep and data["_raw"] == "{{" + deep
    assert data["_long"] == f'{deep}""{deep}"""{deep}' and data["_end"] == deep + '"'
    assert data["_lit"] == f"{deep}\n''{deep}'" and data["_floats"] == [1.5, 2.25, 3.125]
    assert data["quoted.key.with.many.dots.in.it"] == 1


def test_a_written_case_with_checkpoints_is_within_the_bound() -> None:
    text = history(DEAL, extra='_legal = [[4, ["f", "cc", "cbr 10"]], [6, ["f"]]]\n_to_act = [[4, "p2"]]\n')
    assert parse_history(text).extra["_legal"][0][1] == ["f", "cc", "cbr 10"]


# --- Numbers, seats and amounts ---------------------------------------------------------------


def test_whole_numbers_of_a_history_have_at_most_18_digits() -> None:
    ok = HEAD.replace("[100, 100]", f"[{10**18 - 1}, 100]")
    assert parse_history(history(DEAL, head=ok)).starting_stacks[0] == 10**18 - 1
    for field, value in (("starting_stacks", f"[{10**18}, 100]"), ("bring_in", str(-(10**18)))):
        head = HEAD.replace(f"{field} = " + ("[100, 100]" if field == "starting_stacks" else "3"), f"{field} = {value}")
        with pytest.raises(HistoryFormatError, match=f"'{field}' must be .* at most 18 digits"):
            parse_history(history(DEAL, head=head))


@pytest.mark.parametrize("text", ["cbr ٤٠٠", "cbr ５", "cbr ²", "cbr ¹⁰", "pay ٥", "cbr 1_000", "cbr +5", "cbr -5"])
def test_amounts_are_ascii_digits_only(text: str) -> None:
    with pytest.raises(ActionFormatError, match="digits 0-9"):
        parse_action(text)


def test_amounts_have_at_most_18_digits() -> None:
    assert parse_action("cbr " + "9" * 18).amount == 10**18 - 1
    assert parse_action("pay 000000000000000007").amount == 7
    for text in ("cbr " + "1" + "0" * 18, "pay " + "9" * 5000):
        with pytest.raises(ActionFormatError, match=r"digits; at most 18 are accepted") as caught:
            parse_action(text)
        assert len(str(caught.value)) < 300


def play(lines: list[str]) -> ReplayError:
    text = history(", ".join(json.dumps(line) for line in lines))
    with pytest.raises(ReplayError) as caught:
        replay(parse_history(text, "h.phh"), load_variant("seven-card-stud"))
    return caught.value


@pytest.mark.parametrize("seat", ["p²", "p٢", "p２", "p0", "p3", "p" + "1" * 5000, "q1", "p"])
def test_a_seat_is_p_and_ascii_digits_at_the_table(seat: str) -> None:
    for lines in ([f"d dh {seat} AsKs2c"], ["d dh p1 AsKs2c", "d dh p2 AhKh9d", f"{seat} pb"]):
        error = play(lines)
        assert error.index == len(lines) - 1
        assert "seat" in error.reason or "d dh pN" in error.reason
        assert len(str(error)) < 800


def test_an_amount_in_other_digits_is_not_played_as_that_number() -> None:
    error = play(["d dh p1 AsKs2c", "d dh p2 AhKh9d", "p1 cbr ١٠"])  # Arabic-Indic 10
    assert "digits 0-9" in error.reason and "refused" not in error.reason


# --- The Action type --------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [150.5, 10.0, True, False, -1, "10", None])
def test_a_cbr_amount_is_a_non_negative_whole_number(amount: object) -> None:
    with pytest.raises(ActionFormatError):
        Action(ActionKind.COMPLETE_BET_RAISE, amount=amount)  # type: ignore[arg-type]


@pytest.mark.parametrize("amount", [2.5, True, -3])
def test_a_pay_amount_is_a_non_negative_whole_number(amount: object) -> None:
    with pytest.raises(ActionFormatError, match="pay"):
        Action(ActionKind.PAY, amount=amount)  # type: ignore[arg-type]


def test_valid_actions_still_build() -> None:
    assert bet_to(0).amount == 0 and str(bet_to(400)) == "cbr 400"
    assert Action(ActionKind.PAY).amount is None and str(Action(ActionKind.PAY, amount=7)) == "pay 7"
    assert str(Action(ActionKind.FOLD)) == "f"


def test_only_cbr_and_pay_take_an_amount_and_the_kind_is_an_action_kind() -> None:
    with pytest.raises(ActionFormatError, match="f takes no amount"):
        Action(ActionKind.FOLD, amount=5)
    with pytest.raises(ActionFormatError, match="ActionKind"):
        Action("cbr", amount=5)  # type: ignore[arg-type]


def test_a_float_amount_never_reaches_the_stacks() -> None:
    """Before: a no-limit hand took ``cbr 100.5`` (inside 100..39975) and a stack held 39874.5."""
    from studspec.engine.hand import Hand

    hand = Hand(load_variant("seven-card-stud-no-limit"), [40000, 40000, 40000], seed=1)
    low = next(a for a in hand.legal_actions() if a.kind is ActionKind.COMPLETE_BET_RAISE)
    assert low.minimum is not None and low.maximum is not None and low.minimum < low.maximum
    with pytest.raises(ActionFormatError, match="whole number"):
        hand.act(Action(ActionKind.COMPLETE_BET_RAISE, amount=low.minimum + 0.5))  # type: ignore[arg-type]
    assert all(type(stack) is int for stack in hand.stacks)


def test_the_amount_error_is_a_value_error() -> None:
    assert issubclass(ActionFormatError, ValueError) and actions.MAX_AMOUNT_DIGITS == 18


# --- _variant names a rule book, and nothing else ---------------------------------------------


def lookup(tmp_path: Path, ref: str) -> str:
    path = write(tmp_path / "h.phh", history(DEAL, extra=f"_variant = {json.dumps(ref)}\n"))
    with pytest.raises(VariantLookupError) as caught:
        variant_for_history(read_history(path))
    return str(caught.value)


def test_a_variant_that_is_no_built_in_name_is_refused_by_name(tmp_path: Path) -> None:
    message = lookup(tmp_path, "passwd")
    assert "'passwd' is no built-in rule book" in message and "seven-card-stud" in message


def test_a_variant_path_must_be_yaml_and_is_never_opened_otherwise(tmp_path: Path) -> None:
    for ref in ("/etc/passwd", "../../../../etc/hostname", "./notes.txt"):
        assert "neither a built-in rule book name nor a .yaml path" in lookup(tmp_path, ref)


def test_a_variant_that_cannot_be_a_file_name_is_not_found(tmp_path: Path) -> None:
    assert "not found" in lookup(tmp_path, "a\x00b.yaml")
    assert "not found" in lookup(tmp_path, "x" * 3000 + ".yaml")
    assert "too long" in lookup(tmp_path, "x" * 5000 + ".yaml")


def test_a_broken_rule_book_is_located_not_quoted(tmp_path: Path) -> None:
    write(tmp_path / "book.yaml", f"schema_version: 1\nname: {SECRET}\n")
    message = lookup(tmp_path, "book.yaml")
    assert SECRET not in message
    assert "not a usable rule book" in message and "book.yaml:" in message and "studspec validate" in message


def test_a_good_rule_book_beside_the_history_still_plays(tmp_path: Path) -> None:
    (tmp_path / "books").mkdir()
    write(tmp_path / "books" / "home.yaml", "schema_version: 1\nextends: seven-card-stud\nname: home\ntitle: Home\n")
    path = write(tmp_path / "h.phh", history(DEAL, extra='_variant = "books/home.yaml"\n'))
    assert variant_for_history(read_history(path)).name == "home"
