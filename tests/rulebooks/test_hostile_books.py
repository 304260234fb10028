"""Rule books written to hurt: files that are not files, files that are not rule books,
control characters, huge merge keys, books that reach outside their folder.

Each must end ``studspec validate`` quickly, in little memory, with one clean
``file:line:col: message`` line per problem and no traceback. The broken books of
tests/rulebooks/test_validate.py are about mistakes; these are about attacks and accidents.
"""

from __future__ import annotations

import os
import re
import resource
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.errors import SpecError, SpecErrors
from studspec.rulebook import RuleBookOutsideError, confine, load_variant, validate_file, yamlload
from studspec.rulebook.catalog import variants_dir
from studspec.rulebook.yamlload import MAX_BYTES, MAX_NODES

LINE = re.compile(r"^[^\n]+:\d+:\d+: [^\n]+$")
MEMORY = 200 << 20
"""The most address space a ``studspec validate`` of a hostile book may use (200 MiB)."""
SECONDS = 10.0
"""A generous bound on one ``studspec validate`` run (it takes about one second)."""

SECRET = "hunter2-do-not-print-me"


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def validate_cli(*args: str, cwd: Path) -> tuple[int, list[str], str]:
    """``studspec validate ARGS`` in a child process with at most :data:`MEMORY` of address
    space, killed after 30 s (a hang fails the test instead of hanging the suite)."""
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "studspec", "validate", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=30,
        preexec_fn=_limit_memory,
        check=False,
    )
    elapsed = time.perf_counter() - start
    assert elapsed < SECONDS, f"validate took {elapsed:.1f} s"
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stdout.splitlines()
    assert lines and lines[-1].endswith("problem(s)"), result.stdout
    problems = lines[:-1]
    for line in problems:
        assert LINE.match(line), line
    return result.returncode, problems, result.stderr


# --- files that are not regular files ------------------------------------------------------


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo.yaml"
    os.mkfifo(path)
    return path


def test_a_fifo_named_on_the_command_line_is_refused_not_read(fifo: Path) -> None:
    status, problems, _ = validate_cli(fifo.name, cwd=fifo.parent)
    assert status == 1
    assert problems == [f"{fifo.name}:1:1: not a regular file (a FIFO); a rule book must be a regular .yaml file"]


def test_a_fifo_named_by_extends_is_refused_at_the_extends_line(fifo: Path) -> None:
    child = fifo.parent / "child.yaml"
    child.write_text("schema_version: 1\nextends: ./fifo.yaml\n")
    status, problems, _ = validate_cli(child.name, cwd=fifo.parent)
    assert status == 1
    assert len(problems) == 1
    assert problems[0].startswith("child.yaml:2:10: extends: ")
    assert "not a regular file (a FIFO)" in problems[0]


def test_a_symlink_to_a_fifo_is_refused(fifo: Path) -> None:
    link = fifo.parent / "link.yaml"
    link.symlink_to(fifo)
    status, problems, _ = validate_cli(link.name, cwd=fifo.parent)
    assert status == 1 and len(problems) == 1 and "not a regular file (a FIFO)" in problems[0]


def test_a_directory_named_by_extends_is_not_a_rule_book(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").mkdir()
    child = tmp_path / "child.yaml"
    child.write_text("schema_version: 1\nextends: parent.yaml\n")
    errors = validate_file(child)
    assert [(e.line, e.col) for e in errors] == [(2, 10)]
    assert "not a regular file (a directory)" in errors[0].message


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_refused_without_reading_it(tmp_path: Path) -> None:
    status, problems, _ = validate_cli("/dev/zero", cwd=tmp_path)
    assert status == 1
    assert problems == [
        "/dev/zero:1:1: not a regular file (a character device); a rule book must be a regular .yaml file"
    ]


def test_load_variant_refuses_a_device_too() -> None:
    if not Path("/dev/null").exists():
        pytest.skip("no /dev/null")
    with pytest.raises(SpecErrors, match="not a regular file"):
        load_variant("/dev/null")


# --- files that are not rule books --------------------------------------------------------


@pytest.fixture
def secrets(tmp_path: Path) -> Path:
    """A folder beside the book with files that must never be echoed."""
    folder = tmp_path / "secrets"
    folder.mkdir()
    (folder / "passwd").write_text("".join(f"user{i}:x:{i}:{i}:{SECRET}:/home/u{i}:/bin/sh\n" for i in range(40)))
    (folder / "config.yaml").write_text(f"password: {SECRET}\nhost: example.org\n")
    (folder / "broken.yaml").write_text(f"key: [{SECRET}\nother: {{{SECRET}\n")
    (folder / "tabs.yaml").write_text(f"schema_version: 1\ntitle: ok\n\t{SECRET}: 1\n")
    return folder


@pytest.mark.parametrize("parent", ["passwd", "config.yaml"])
def test_a_parent_that_is_no_rule_book_is_never_echoed(secrets: Path, parent: str) -> None:
    book = secrets.parent / "book.yaml"
    book.write_text(f"schema_version: 1\nextends: ./secrets/{parent}\n")
    status, problems, err = validate_cli(book.name, cwd=book.parent)
    assert status == 1 and len(problems) == 1, problems
    assert SECRET not in problems[0] and SECRET not in err
    assert problems[0].startswith("book.yaml:2:10: extends: ")
    assert f"secrets/{parent}" in problems[0] and "is not a rule book" in problems[0]
    assert "built-in rule book" in problems[0] and "path" in problems[0]


@pytest.mark.parametrize(("parent", "line", "col"), [("broken.yaml", 2, 6), ("tabs.yaml", 3, 1)])
def test_a_parent_whose_yaml_does_not_parse_is_not_echoed(secrets: Path, parent: str, line: int, col: int) -> None:
    book = secrets.parent / "book.yaml"
    book.write_text(f"schema_version: 1\nextends: secrets/{parent}\n")
    status, problems, err = validate_cli(book.name, cwd=book.parent)
    assert status == 1 and len(problems) == 1, problems
    assert SECRET not in problems[0] and SECRET not in err
    assert problems[0].startswith(f"secrets/{parent}:{line}:{col}: invalid YAML: ")


def test_the_passwd_error_says_why(secrets: Path) -> None:
    book = secrets.parent / "book.yaml"
    book.write_text("schema_version: 1\nextends: secrets/passwd\n")
    (error,) = validate_file(book)
    assert "is not a rule book: not a YAML mapping" in error.message


def test_a_top_level_file_that_is_no_mapping_is_not_echoed(secrets: Path) -> None:
    (error,) = validate_file(secrets / "passwd")
    assert SECRET not in str(error)
    assert (error.line, error.col) == (1, 1) and "not a rule book: not a YAML mapping" in error.message


def test_long_values_are_quoted_as_a_short_excerpt(tmp_path: Path) -> None:
    book = tmp_path / "book.yaml"
    book.write_text(f"schema_version: 1\nextends: razz\nstakes:\n  ante: {'x' * 5000}\n  {'x' * 1000}: 1\n")
    errors = validate_file(book)
    assert len(errors) == 2
    for error in errors:
        assert len(str(error)) < 400, str(error)
        assert "xxxx" in error.message and "..." in error.message


# --- confining rule books to folders -----------------------------------------------------


@pytest.fixture
def case_folder(tmp_path: Path) -> Path:
    inside = tmp_path / "cases"
    (inside / "sub").mkdir(parents=True)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "parent.yaml").write_text("schema_version: 1\nextends: razz\nname: outside-parent\n")
    (inside / "ok.yaml").write_text("schema_version: 1\nextends: razz\nname: ok\n")
    (inside / "sub" / "nested.yaml").write_text("schema_version: 1\nextends: ../ok.yaml\nname: nested\n")
    (inside / "escapes.yaml").write_text("schema_version: 1\nextends: ../elsewhere/parent.yaml\nname: escapes\n")
    (inside / "link.yaml").symlink_to(outside / "parent.yaml")
    return inside


def test_books_inside_the_folder_and_built_in_books_load(case_folder: Path) -> None:
    assert load_variant(case_folder / "ok.yaml", allowed=(case_folder,)).name == "ok"
    assert load_variant(case_folder / "sub" / "nested.yaml", allowed=[case_folder]).name == "nested"
    assert load_variant("razz", allowed=(case_folder,)).name == "razz"
    assert load_variant(variants_dir() / "razz.yaml", allowed=(case_folder,)).name == "razz"


def test_extends_outside_the_folder_is_refused(case_folder: Path) -> None:
    path = case_folder / "escapes.yaml"
    assert load_variant(path).name == "escapes"  # no confinement: paths anywhere
    with pytest.raises(SpecErrors) as caught:
        load_variant(path, allowed=(case_folder,))
    (error,) = caught.value.errors
    assert isinstance(error, RuleBookOutsideError)
    assert (error.path, error.line, error.col) == (str(path), 2, 10)
    assert f"is outside the folders rule books may come from: {case_folder.resolve()}" in error.message
    assert "built-in" in error.message


def test_a_book_outside_the_folder_is_refused_before_it_is_read(case_folder: Path, fifo: Path) -> None:
    for outside in (fifo, case_folder.parent / "elsewhere" / "parent.yaml", case_folder / "link.yaml"):
        errors = validate_file(outside, allowed=(case_folder,))
        assert len(errors) == 1 and isinstance(errors[0], RuleBookOutsideError), errors
        assert (errors[0].line, errors[0].col) == (1, 1)


def test_confine_resolves_symlinks_and_dot_dots(case_folder: Path) -> None:
    assert confine(case_folder / "sub" / ".." / "ok.yaml", (case_folder,)) == (case_folder / "ok.yaml").resolve()
    assert confine(case_folder.parent / "anything.yaml", None) == (case_folder.parent / "anything.yaml").resolve()
    for outside in (case_folder / "link.yaml", case_folder / ".." / "elsewhere" / "parent.yaml"):
        with pytest.raises(RuleBookOutsideError) as caught:
            confine(outside, (case_folder, case_folder / "sub"))
        assert isinstance(caught.value, SpecError)
        assert f": {case_folder.resolve()}, {(case_folder / 'sub').resolve()}" in str(caught.value)


def test_validate_can_confine_books_to_folders(case_folder: Path) -> None:
    status, problems, _ = validate_cli("--confine", ".", "ok.yaml", "escapes.yaml", cwd=case_folder)
    assert status == 1 and len(problems) == 1
    assert problems[0].startswith("escapes.yaml:2:10: extends: ") and "is outside the folders" in problems[0]
    status, problems, _ = validate_cli("escapes.yaml", cwd=case_folder)
    assert (status, problems) == (0, [])


# --- control characters ------------------------------------------------------------------


@pytest.mark.parametrize(("raw", "shown"), [(b"\x07", "U+0007"), (b"\x00", "U+0000"), (b"\x1b", "U+001B")])
def test_a_control_character_is_a_clean_error_at_its_place(tmp_path: Path, raw: bytes, shown: str) -> None:
    path = tmp_path / "control.yaml"
    path.write_bytes(b"schema_version: 1\nextends: razz\ntitle: Ra" + raw + b"zz\n")
    status, problems, _ = validate_cli(path.name, cwd=tmp_path)
    assert status == 1
    assert len(problems) == 1 and problems[0].startswith("control.yaml:3:10: "), problems
    assert shown in problems[0] and "control character" in problems[0]


def test_a_control_character_in_a_parent_is_reported_at_its_place_there(tmp_path: Path) -> None:
    (tmp_path / "parent.yaml").write_bytes(b"schema_version: 1\nextends: razz\ntitle: \x7f\n")
    child = tmp_path / "child.yaml"
    child.write_text("schema_version: 1\nextends: parent.yaml\n")
    errors = validate_file(child)
    assert len(errors) == 1
    assert "U+007F" in errors[0].message and str(errors[0]).startswith(str(tmp_path / "parent.yaml") + ":3:8: ")


# --- merge keys --------------------------------------------------------------------------


def _merge_key_book(keys: int) -> str:
    """One large ``<<:`` merge whose every key is then overridden explicitly."""
    merged = ", ".join(f"k{i}: 0" for i in range(keys))
    explicit = "".join(f"  k{i}: {{a: 1}}\n" for i in range(keys))
    return f"schema_version: 1\nextends: razz\nstakes:\n  <<: {{{merged}}}\n{explicit}"


def test_a_huge_merge_key_validates_in_seconds(tmp_path: Path) -> None:
    """The parser stops at MAX_NODES, so an 800 KB book costs what a 10,000-node one does."""
    path = tmp_path / "merge.yaml"
    text = _merge_key_book(30_000)
    assert 750_000 < len(text) < MAX_BYTES
    path.write_text(text)
    start = time.perf_counter()
    errors = validate_file(path)
    elapsed = time.perf_counter() - start
    assert elapsed < 10, f"{elapsed:.1f} s"
    assert len(errors) == 1 and errors[0].line == 4, errors  # inside the merged mapping
    assert f"more than {MAX_NODES:,} YAML keys and values" in errors[0].message


def test_every_override_of_a_large_merge_key_is_reported_quickly(tmp_path: Path) -> None:
    """Overriding each merged key forgets only that key's marks: linear, not quadratic."""
    keys = MAX_NODES // 7
    path = tmp_path / "merge.yaml"
    path.write_text(_merge_key_book(keys))
    start = time.perf_counter()
    errors = validate_file(path)
    elapsed = time.perf_counter() - start
    assert elapsed < 10, f"{elapsed:.1f} s"
    assert len(errors) == keys
    assert str(errors[0]) == (
        f"{path}:5:3: stakes.k0: unknown key 'k0'; allowed keys: ante, bring_in, small_bet, big_bet, blinds, starting_stack"
    )
    assert (errors[-1].line, errors[-1].col) == (4 + keys, 3)


class _CountingMarks(dict):  # type: ignore[type-arg]
    """A mark table that counts how often it is scanned whole."""

    scans = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        _CountingMarks.scans += 1
        return super().__iter__()


def test_overriding_a_merged_key_never_scans_every_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    """The quadratic cost was one scan of all marks per overridden key: now there is none."""
    original = yamlload._Builder.__init__

    def counting(self: yamlload._Builder, loader: object, file: str) -> None:
        original(self, loader, file)  # type: ignore[arg-type]
        self.values, self.keys = _CountingMarks(), _CountingMarks()

    monkeypatch.setattr(yamlload._Builder, "__init__", counting)
    _CountingMarks.scans = 0
    doc, errors = yamlload.parse_text(_merge_key_book(500), "merge.yaml")
    assert doc is not None and errors == []
    assert len(doc.data["stakes"]) == 500 and doc.data["stakes"]["k7"] == {"a": 1}
    assert doc.values[("stakes", "k7", "a")].line == 12
    assert _CountingMarks.scans == 0


def test_a_huge_merge_key_through_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "merge.yaml"
    path.write_text(_merge_key_book(30_000))
    status, problems, _ = validate_cli(path.name, cwd=tmp_path)
    assert status == 1 and len(problems) == 1 and "YAML keys and values" in problems[0]


def test_merge_key_marks_point_at_the_winner(tmp_path: Path) -> None:
    """Overriding a merged mapping forgets the merged marks under it, and only those."""
    path = tmp_path / "marks.yaml"
    path.write_text(
        "schema_version: 1\n"  # 1
        "extends: razz\n"  # 2
        "base: &base {ante: {deep: 1}, bring_in: x}\n"  # 3
        "stakes:\n"  # 4
        "  <<: *base\n"  # 5
        "  ante: 7\n"  # 6
    )
    errors = validate_file(path)
    assert [(e.line, e.col, e.node) for e in errors] == [(3, 1, ("base",)), (3, 41, ("stakes", "bring_in"))]


def test_regular_file_modes_still_load(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("schema_version: 1\nextends: razz\nname: house\n")
    path.chmod(stat.S_IRUSR)
    assert load_variant(path).name == "house"


# --- the hostile books that already failed cleanly in process, through the command line -------

BROKEN = ROOT / "tests" / "data" / "broken"


@pytest.mark.parametrize("name", sorted(p.name for p in BROKEN.glob("*.yaml")))
def test_every_broken_fixture_is_one_clean_line_per_problem_in_bounds(name: str) -> None:
    """Issue 11, Done when: hostile inputs (alias bombs, recursive aliases, cycles, and every
    other broken fixture) exit with clean file:line:col lines, no traceback, within the time
    and memory bounds, through the command a user runs."""
    status, problems, _ = validate_cli(name, cwd=BROKEN)
    assert status == 1 and problems


def test_a_30_mb_book_and_a_python_tag_are_refused_in_bounds(tmp_path: Path) -> None:
    (tmp_path / "huge.yaml").write_text("schema_version: 1\n" + "# padding\n" * 3_000_000, encoding="utf-8")
    (tmp_path / "tag.yaml").write_text(
        "schema_version: 1\nextends: razz\ntitle: !!python/object/apply:os.system [echo owned]\n", encoding="utf-8"
    )
    for name in ("huge.yaml", "tag.yaml"):
        status, problems, _ = validate_cli(name, cwd=tmp_path)
        assert status == 1 and len(problems) == 1, problems
        assert "owned" not in problems[0] or "not allowed" in problems[0]
