"""What a written hand history says it is (docs/conformance.md, "Which variant a history names").

``variant`` is a PHH code only when the rule book itself lists that code and PHH defines it;
otherwise it is the book's name, which can never be a PHH code, so a PHH reader refuses to
play the hand rather than play it by other rules. ``_variant`` names the book: a built-in
one by its name, one from a file by its path relative to the history's folder (``run
--phh``, which prints the history, relative to the current directory), never by an absolute
path, so that the history and its book can move and be shared together.
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

from conftest import BUILTIN_BOOKS, ROOT
from studspec.cli import main
from studspec.engine.hand import Hand
from studspec.history import phh
from studspec.history.phh import parse_history, read_history, replay, write_history
from studspec.history.variants import variant_for_history
from studspec.play.players import RandomPlayer, play_out
from studspec.rulebook import load_variant
from studspec.rulebook.model import Variant

HOUSE = (
    "schema_version: 1\nextends: seven-card-stud\nname: {name}\ntitle: House\n{codes}"
    "streets:\n  fourth:\n    bet: big\n    open_pair_big_bet: false\n"
)
"""Seven-card stud with a big bet on fourth street: not the game PHH's F7S names."""


def house(path: Path, name: str = "house", codes: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HOUSE.format(name=name, codes=codes), encoding="utf-8")
    return path


def played(variant: Variant, seed: int = 3) -> Hand:
    hand = Hand(variant, [variant.stakes.starting_stack] * 4, seed=seed)
    return play_out(hand, [RandomPlayer(__import__("random").Random(seed + i)) for i in range(4)])


def fields(text: str) -> dict[str, object]:
    return tomllib.loads(text)


# --- variant ----------------------------------------------------------------------------------


@pytest.mark.parametrize("book", BUILTIN_BOOKS)
def test_a_history_claims_only_a_phh_code_its_own_book_lists(book: str) -> None:
    variant = load_variant(book)
    code = fields(write_history(played(variant)))["variant"]
    own = [c for c in variant.phh_codes if c in phh.PHH_STUD_CODES]
    if own:
        assert code == own[0]
    else:
        assert code == variant.name and code not in phh.PHH_STUD_CODES


def test_the_casino_books_write_their_codes_and_house_books_their_names() -> None:
    written = {book: fields(write_history(played(load_variant(book))))["variant"] for book in BUILTIN_BOOKS}
    assert written["seven-card-stud"] == "F7S" and written["seven-card-stud-hi-lo"] == "F7S/8"
    assert written["razz"] == "FR"
    assert written["seven-card-stud-home"] == "seven-card-stud-home"
    assert written["razz-deuce-to-seven"] == "razz-deuce-to-seven"  # FR is ace-to-five razz


def test_a_name_can_never_be_a_phh_code() -> None:
    """PHH's codes are capitals (F7S, F7S/8, FR, NT, ...); a book's name, by the schema, is
    lowercase letters, digits and dashes."""
    import json

    schema = json.loads((ROOT / "schema" / "variant.schema.json").read_text(encoding="utf-8"))
    pattern = re.compile(schema["properties"]["name"]["pattern"])
    for code in (*phh.PHH_STUD_CODES, "FT", "NT", "NS", "PO", "FO/8", "N2L1D", "F2L3D", "FB"):
        assert pattern.fullmatch(code) is None


def test_a_book_that_extends_a_casino_book_does_not_claim_its_code(tmp_path: Path) -> None:
    variant = load_variant(str(house(tmp_path / "house.yaml")))
    assert fields(write_history(played(variant)))["variant"] == "house"


def test_a_code_phh_does_not_define_is_not_written(tmp_path: Path) -> None:
    """A book may list codes of its own (tests/data/five-card-stud.yaml lists F5S); PHH has no
    such code, so a history does not claim it."""
    variant = load_variant(str(ROOT / "tests" / "data" / "five-card-stud.yaml"))
    assert "F5S" in variant.phh_codes
    assert fields(write_history(played(variant)))["variant"] == variant.name


def test_a_house_book_that_lists_a_code_is_taken_at_its_word(tmp_path: Path) -> None:
    variant = load_variant(str(house(tmp_path / "house.yaml", codes="phh_codes: [F7S]\n")))
    assert fields(write_history(played(variant)))["variant"] == "F7S"


def test_a_phh_reader_refuses_to_play_a_house_history(tmp_path: Path) -> None:
    """pokerkit reads the fields of a house book's history, but has no game for its variant."""
    pokerkit = pytest.importorskip("pokerkit")
    path = tmp_path / "h.phh"
    path.write_text(write_history(played(load_variant("seven-card-stud-home"))), encoding="utf-8")
    with path.open("rb") as handle:
        history = pokerkit.HandHistory.load(handle)
    with pytest.raises(KeyError):
        history.create_state()


def test_the_decision_is_documented() -> None:
    doc = (ROOT / "docs" / "conformance.md").read_text(encoding="utf-8")
    assert "Which variant a history names" in doc
    section = doc.split("Which variant a history names", 1)[1][:3000]
    assert "_variant" in section and "never absolute" in section


# --- _variant -----------------------------------------------------------------------------------


def test_a_built_in_book_is_named_by_its_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "seven-card-stud-home", "--players", "3", "--seed", "2", "--phh"]) == 0
    assert fields(capsys.readouterr().out)["_variant"] == "seven-card-stud-home"


@pytest.mark.parametrize("absolute", [False, True])
def test_run_names_a_book_file_relative_to_the_current_directory(
    absolute: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    book = house(tmp_path / "books" / "house.yaml")
    monkeypatch.chdir(tmp_path)
    assert main(["run", str(book) if absolute else "books/house.yaml", "--players", "3", "--phh"]) == 0
    text = capsys.readouterr().out
    assert fields(text)["_variant"] == "books/house.yaml"
    (tmp_path / "hand.phh").write_text(text, encoding="utf-8")
    assert main(["replay", "hand.phh"]) == 0


def test_simulate_names_a_book_file_relative_to_the_histories(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    house(tmp_path / "club" / "house.yaml")
    monkeypatch.chdir(tmp_path / "club")
    assert main(["simulate", "house.yaml", "--hands", "4", "--players", "4", "--workers", "1", "--quiet",
                 "--phh", "hands/today"]) == 0  # fmt: skip
    files = sorted((tmp_path / "club" / "hands" / "today").glob("*.phh"))
    assert len(files) == 4
    for path in files:
        assert fields(path.read_text(encoding="utf-8"))["_variant"] == "../../house.yaml"


def test_a_folder_of_histories_and_its_book_replay_after_a_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Written, copied elsewhere with the book, the original deleted: every hand still replays."""
    house(tmp_path / "club" / "house.yaml")
    monkeypatch.chdir(tmp_path / "club")
    assert main(["simulate", "house.yaml", "--hands", "3", "--players", "4", "--workers", "1", "--quiet",
                 "--phh", "hands"]) == 0  # fmt: skip
    shutil.copytree(tmp_path / "club", tmp_path / "moved")
    shutil.rmtree(tmp_path / "club")
    monkeypatch.chdir(tmp_path)
    for path in sorted((tmp_path / "moved" / "hands").glob("*.phh")):
        text = path.read_text(encoding="utf-8")
        assert str(tmp_path) not in text
        history = read_history(path)
        assert variant_for_history(history).name == "house"
        assert replay(history, variant_for_history(history)).matches


def test_write_history_names_a_book_file_by_its_path_not_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file book named like a built-in one must not replay under the built-in's rules."""
    house(tmp_path / "stud.yaml", name="seven-card-stud")
    monkeypatch.chdir(tmp_path)
    variant = load_variant("stud.yaml")
    text = write_history(played(variant))
    assert fields(text)["_variant"] == "stud.yaml"
    found = variant_for_history(parse_history(text, str(tmp_path / "h.phh")))
    assert Path(found.source).resolve() == (tmp_path / "stud.yaml").resolve()
    assert found.streets == variant.streets and found.source != "builtin:seven-card-stud"


def test_a_history_written_before_this_fix_with_an_absolute_path_still_replays(tmp_path: Path) -> None:
    book = house(tmp_path / "house.yaml")
    text = write_history(played(load_variant(str(book))), variant_ref=str(book.resolve()))
    assert variant_for_history(parse_history(text, str(tmp_path / "elsewhere" / "h.phh"))).name == "house"
