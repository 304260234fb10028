"""``studspec play --save`` / ``--resume`` (issue 11: "play can save and resume a game"):
quitting in the middle of a hand saves it, and the resumed game goes on exactly as the game
would have gone without the break: the same cards, the same choices of the built-in
players, the same result.

Issue 21 item 11: a saved game is sealed (encrypted and authenticated with a key in the
user's configuration folder), so reading it shows no card and changing it in any way gets it
refused. Item 12: no saved game, whatever it holds, ends ``play --resume`` in a traceback."""

from __future__ import annotations

import base64
import errno
import io
import json
import os
import re
import stat
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cryptography.fernet import Fernet
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from studspec import Hand
from studspec.cli import main
from studspec.errors import SnapshotError
from studspec.play import saved, sealing
from studspec.play.game import Console, new_session, run_session
from studspec.play.saved import load_game
from studspec.play.sealing import config_folder
from studspec.play.session import Session
from studspec.play.simulate import hand_seed
from studspec.play.table import Style
from studspec.rulebook import load_variant
from tampering import JSON, replaced, value_paths

PLAIN = Style(symbols=False, color=False)


def _play(script: str, save: Path | None = None, session: object = None) -> tuple[int, str, object]:
    if session is None:
        session = new_session(load_variant("seven-card-stud"), 4, 0, seed=9)
    if save is not None:
        session.save_to = str(save)  # type: ignore[attr-defined]
    out = io.StringIO()
    status = run_session(session, Console(io.StringIO(script), out), PLAIN, max_hands=1)  # type: ignore[arg-type]
    return status, out.getvalue(), session


def test_a_game_saved_mid_hand_goes_on_as_it_would_have(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _status, before, _ = _play("cc\ncc\nq\ny\n", save)
    assert f"Leave the table and save the game to {save}? [y/N]" in before
    assert f"Game saved to {save}" in before
    resumed = load_game(str(save))
    _status, after, _ = _play("cc\n" * 60, session=resumed)
    _status, straight, _ = _play("cc\ncc\n" + "cc\n" * 60)
    assert after.split("Result:", 1)[1] == straight.split("Result:", 1)[1]


def test_a_tampered_save_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    _play("cc\nq\ny\n", save)
    wrapper = json.loads(save.read_text(encoding="utf-8"))
    token = wrapper["sealed"]
    wrapper["sealed"] = token[:60] + ("A" if token[60] != "A" else "B") + token[61:]
    save.write_text(json.dumps(wrapper, separators=(",", ":")) + "\n", encoding="utf-8")
    with pytest.raises(SnapshotError, match="changed after it was saved"):
        load_game(str(save))
    save.write_text("{not json", encoding="utf-8")
    with pytest.raises(SnapshotError, match="not JSON"):
        load_game(str(save))


def _old_game(version: int) -> dict[str, object]:
    """A game as studspec wrote it before saved games were sealed: plain JSON."""
    hand = Hand(load_variant("seven-card-stud"), [40000] * 4, seed=hand_seed(9, 0))
    return {"format": "studspec-game", "version": version, "players": 4, "seat": 0, "seed": 9, "bots": "rules",
            "hands": 0, "stacks": [40000] * 4, "rebuys": 0, "hand": hand.snapshot()}  # fmt: skip


@pytest.mark.parametrize("version", [1, 2])
def test_a_game_saved_before_games_were_sealed_is_refused_by_name_issue_21_item_11(
    version: int, tmp_path: Path
) -> None:
    """Versions 1 and 2 were plain JSON that anyone could have changed; nothing in them
    shows they were not, so they are refused, saying why, rather than trusted."""
    save = tmp_path / "old.json"
    save.write_text(json.dumps(_old_game(version)), encoding="utf-8")
    with pytest.raises(SnapshotError, match=rf"older studspec \(saved-game version {version}\).*cannot be resumed"):
        load_game(str(save))


# --- issue 21 item 11: a saved game is sealed ------------------------------------------------


def _saved(tmp_path: Path, name: str = "game.json") -> tuple[Path, Session]:
    """A game of seven-card stud quit in its first hand, saved to ``name``."""
    save = tmp_path / name
    _status, _out, session = _play("cc\nq\ny\n", save)
    assert isinstance(session, Session) and session.current is not None
    return save, session


def test_a_saved_game_shows_nothing_of_the_deal_issue_21_item_11(tmp_path: Path) -> None:
    """The seed decides every hole card: the file must not hold it, nor anything else of
    the game, readable. It says what it is, and the rest is one sealed token."""
    save, session = _saved(tmp_path)
    assert session.current is not None
    hand = session.current[0]
    text = save.read_text(encoding="utf-8")
    wrapper = json.loads(text)
    assert sorted(wrapper) == ["format", "key", "sealed", "version"]
    assert (wrapper["format"], wrapper["version"]) == ("studspec-game", 3)
    token = base64.urlsafe_b64decode(wrapper["sealed"])
    for secret in (str(hand.seed), "seven-card-stud", '"seed"', '"stacks"', '"log"', "cbr", "40000"):
        assert secret not in text
        assert secret.encode() not in token
    assert len(hand.snapshot()["log"]) > 1  # there were actions to hide


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_the_file_and_the_key_are_the_owners_alone_issue_21_item_11(tmp_path: Path) -> None:
    save, _session = _saved(tmp_path)
    folder = config_folder()
    assert folder == Path(os.environ["STUDSPEC_CONFIG_DIR"])
    assert stat.S_IMODE(save.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "saved-games.key").stat().st_mode) == 0o600


def test_the_key_lives_in_the_users_configuration_folder_issue_21_item_11(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("STUDSPEC_CONFIG_DIR")
    monkeypatch.setattr(sealing, "_WINDOWS", False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    assert config_folder() == tmp_path / "home" / ".config" / "studspec"
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/config")  # the XDG specification: ignored
    assert config_folder() == tmp_path / "home" / ".config" / "studspec"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_folder() == tmp_path / "xdg" / "studspec"
    _saved(tmp_path)
    assert (tmp_path / "xdg" / "studspec" / "saved-games.key").is_file()
    assert not (tmp_path / "home").exists()
    monkeypatch.setattr(sealing, "_WINDOWS", True)
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert config_folder() == tmp_path / "roaming" / "studspec"


def test_the_key_is_made_once_and_never_replaced_issue_21_item_11(tmp_path: Path) -> None:
    first, _ = _saved(tmp_path, "first.json")
    key = (config_folder() / "saved-games.key").read_bytes()
    assert len(key.strip()) == 44
    second, _ = _saved(tmp_path, "second.json")
    assert (config_folder() / "saved-games.key").read_bytes() == key
    assert load_game(str(first)).current is not None and load_game(str(second)).current is not None


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_change_to_any_byte_of_a_saved_game_is_refused_issue_21_item_11(data: st.DataObject) -> None:
    """Whatever bytes of the file change, and to whatever (the token, its key's name, the
    version, a brace, a quote), the game is refused with one SnapshotError line."""
    folder = Path(os.environ["STUDSPEC_CONFIG_DIR"]).parent
    save = folder / "game.json"
    if not save.exists():
        _saved(folder)
    changed = bytearray(save.read_bytes())
    shifts = data.draw(st.dictionaries(st.integers(0, len(changed) - 1), st.integers(1, 255), min_size=1, max_size=4))
    for index, shift in shifts.items():
        changed[index] = (changed[index] + shift) % 256  # never the byte it was
    attempt = folder / "changed.json"
    attempt.write_bytes(bytes(changed))
    with pytest.raises(SnapshotError) as refused:
        load_game(str(attempt))
    assert "\n" not in str(refused.value)


def _opened(save: Path) -> dict[str, Any]:
    """The sealed document, opened with the key (what only the account that saved it can do)."""
    document: dict[str, Any] = json.loads(sealing.unseal(json.loads(save.read_text(encoding="utf-8")), str(save)))
    return document


def _sealed_as_studspec(document: dict[str, Any], save: Path) -> None:
    """``document`` sealed with this account's key and written as ``play --save`` writes it."""
    save.write_text(saved._wrapped(sealing.seal(json.dumps(document).encode())), encoding="utf-8")


def _aces(document: dict[str, Any]) -> None:
    document["hand"]["deck"] = "AsAhAd" + "2c3c4c5c6c7c8c9cTcJc"


def _stack(amount: int) -> Callable[[dict[str, Any]], None]:
    def edit(document: dict[str, Any]) -> None:
        document["stacks"][0] = document["hand"]["stacks"][0] = amount

    return edit


def _stakes(document: dict[str, Any]) -> None:
    document["hand"]["stakes"]["big_bet"] = 1600


def _seat(document: dict[str, Any]) -> None:
    document["players"] += 1
    document["stacks"].append(40000)
    document["hand"]["stacks"].append(40000)


def _own_action(document: dict[str, Any]) -> None:
    document["hand"]["log"] = [entry if entry[1] != 0 else ["act", 0, "f"] for entry in document["hand"]["log"]]


AUDITED_EDITS = [_aces, _stack(40_000_000), _stack(10**235), _stakes, _seat, _own_action]
"""The edits the audit made to saved games, each accepted before they were sealed."""


@pytest.mark.parametrize("edit", AUDITED_EDITS, ids=lambda edit: getattr(edit, "__name__", "stack"))
def test_an_edited_game_cannot_be_resealed_issue_21_item_11(
    edit: Callable[[dict[str, Any]], None], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whoever edits a game must seal it again, and has no key but their own: a game sealed
    with another key is refused, and so is another key's token under this key's name."""
    save, _session = _saved(tmp_path)
    document = _opened(save)
    edit(document)
    ours, our_config = json.loads(save.read_text(encoding="utf-8")), os.environ["STUDSPEC_CONFIG_DIR"]
    monkeypatch.setenv("STUDSPEC_CONFIG_DIR", str(tmp_path / "the-editors-config"))
    forged = tmp_path / "forged.json"
    _sealed_as_studspec(document, forged)
    theirs = json.loads(forged.read_text(encoding="utf-8"))
    monkeypatch.setenv("STUDSPEC_CONFIG_DIR", our_config)
    with pytest.raises(SnapshotError, match="sealed with another key"):
        load_game(str(forged))
    forged.write_text(saved._wrapped({"key": ours["key"], "sealed": theirs["sealed"]}), encoding="utf-8")
    with pytest.raises(SnapshotError, match="changed after it was saved"):
        load_game(str(forged))
    plain = {**document, "version": 2}
    forged.write_text(json.dumps(plain), encoding="utf-8")
    with pytest.raises(SnapshotError, match="older studspec"):
        load_game(str(forged))


# --- issue 21 item 12: no traceback from a saved game, sealed or not -------------------------


def _nested(depth: int) -> object:
    value: object = "x"
    for _ in range(depth):
        value = {"streets": value}
    return value


HOSTILE: dict[str, Callable[[dict[str, Any]], None]] = {
    "book nested 900 deep": lambda d: d["hand"].update(book=_nested(900)),
    "dealt from outside, nothing dealt": lambda d: d["hand"].update(deal_from_outside=True, log=[]),
    "dealt from outside, a deal logged": lambda d: d["hand"].update(
        deal_from_outside=True, log=[["deal", 0, "AsKs2c"]]
    ),
    "a stacked deck": _aces,
    "a seat given as true": lambda d: d["hand"]["log"].__setitem__(0, ["act", True, d["hand"]["log"][0][2]]),
    "a seat given as 1.0": lambda d: d["hand"]["log"].__setitem__(0, ["act", 1.0, d["hand"]["log"][0][2]]),
    "the seat given as 1.0": lambda d: d.update(seat=1.0),
    "the session's version true": lambda d: d.update(version=True),
    "the hand's version true": lambda d: d["hand"].update(version=True),
    "a stack of 10^235": _stack(10**235),
    "stacks the hand did not begin with": lambda d: d["stacks"].__setitem__(0, 12345),
    "hands played -1": lambda d: d.update(hands=-1),
    "a seat more": _seat,
}


@pytest.mark.parametrize("change", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_game_sealed_with_the_right_key_is_one_line_issue_21_item_12(
    change: Callable[[dict[str, Any]], None], tmp_path: Path
) -> None:
    """The key is the account's own, so its owner can seal anything (the seal keeps others'
    and accidental changes out, not the owner's); what resumes is still checked, and any
    game that is not the one the session dealt is one line, never a traceback."""
    save, _session = _saved(tmp_path)
    document = _opened(save)
    change(document)
    _sealed_as_studspec(document, save)
    with pytest.raises(SnapshotError) as refused:
        load_game(str(save))
    assert "\n" not in str(refused.value) and str(refused.value).startswith(str(save))


# --- at the command line: one line, never a traceback -----------------------------------------


def _cli(
    args: list[str], answers: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    status = main(args)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _key() -> Path:
    return config_folder() / "saved-games.key"


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (
            lambda: _key().unlink(),
            "there is no key for saved games at .*: a game can be resumed only by the account that saved it",
        ),
        (lambda: _key().write_bytes(b"not a key\n"), "is not a key for saved games"),
        (lambda: _key().write_bytes(Fernet.generate_key()), "sealed with another key"),
    ],
    ids=["removed", "garbage", "another"],
)
def test_a_game_whose_key_is_gone_says_so_in_one_line_issue_21_item_11(
    damage: Callable[[], object],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    save, _session = _saved(tmp_path)
    key = _key().read_bytes().strip().decode()
    damage()
    status, out, err = _cli(["play", "--resume", str(save)], "", monkeypatch, capsys)
    assert status == 1
    assert len(err.splitlines()) == 1 and err.startswith("studspec play: ") and "Traceback" not in err
    assert re.search(message, err), err
    assert key not in err + out, "the key is never printed"


@pytest.mark.parametrize(
    "text", ["[1, 2]", '{"format": "studspec-hand"}', "_variant = 'razz'\nante_trimming_status = true\n", ""]
)
def test_the_wrong_file_is_not_a_saved_game_issue_21_item_11(
    text: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.json"
    wrong.write_text(text, encoding="utf-8")
    status, _out, err = _cli(["play", "--resume", str(wrong)], "", monkeypatch, capsys)
    assert status == 1 and len(err.splitlines()) == 1
    assert "not a saved game" in err


QUIT = "q\ny\n"


@pytest.mark.parametrize("where", ["a folder", "under a file"])
def test_save_onto_what_cannot_be_a_file_is_refused_before_the_game_issue_21_item_11(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("mine\n", encoding="utf-8")
    target = tmp_path if where == "a folder" else tmp_path / "a-file" / "game.json"
    status, out, err = _cli(["play", "razz", "--seed", "1", "--save", str(target)], QUIT, monkeypatch, capsys)
    assert status == 1
    assert err.startswith(f"studspec play: cannot save the game to {target}: ") and len(err.splitlines()) == 1
    assert "Your action" not in out, "refused before any hand is dealt"
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "mine\n"


def test_a_save_that_fails_on_a_full_disk_leaves_the_old_file_issue_21_item_11(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "game.json"
    save.write_text("the game saved yesterday\n", encoding="utf-8")

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    sealing.ensure_key()  # made before the disk fills: this test is about the game's file
    monkeypatch.setattr(os, "fsync", full)
    status, out, err = _cli(["play", "razz", "--seed", "1", "--save", str(save)], QUIT, monkeypatch, capsys)
    assert status == 1
    assert (
        err
        == f"studspec play: cannot write {save}: No space left on device (the file already there is unchanged); the game was not saved\n"
    )
    assert "Game saved" not in out
    assert save.read_text(encoding="utf-8") == "the game saved yesterday\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]


def test_another_spelling_of_the_same_token_is_refused_issue_21_item_11() -> None:
    """Base64 has spellings the decoder reads as the same bytes (unused low bits in the last
    character, characters it skips); a seal that accepted them would let a file change and
    still be resumed. ``play`` writes one spelling and refuses the others."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    payloads = [b"x" * 16 * blocks for blocks in range(3)]  # one of three token lengths needs padding
    payload, fields = next((p, f) for p in payloads if (f := sealing.seal(p))["sealed"].endswith("="))
    token = fields["sealed"]
    body, padding = token.rstrip("="), len(token) - len(token.rstrip("="))
    twin = alphabet[alphabet.index(body[-1]) ^ 1]  # the lowest bit of the last character holds no byte
    respelled = body[:-1] + twin + "=" * padding
    assert respelled != token and base64.urlsafe_b64decode(respelled) == base64.urlsafe_b64decode(token)
    assert sealing.unseal(fields, "game") == payload
    for changed in (respelled, token[:10] + "!" + token[10:]):
        with pytest.raises(SnapshotError, match="changed after it was saved"):
            sealing.unseal({**fields, "sealed": changed}, "game")


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_document_sealed_with_the_right_key_resumes_or_is_one_line_issue_21_item_12(
    data: st.DataObject,
) -> None:
    """Behind the seal, what resumes is checked as a snapshot is: values anywhere in the
    session or its hand replaced with any JSON (huge integers, booleans, floats, deep
    nesting) give a game or one SnapshotError line, never another exception."""
    folder = Path(os.environ["STUDSPEC_CONFIG_DIR"]).parent
    save = folder / "game.json"
    if not save.exists():
        _saved(folder)
    document: object = _opened(save)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(value_paths(document)))
        document = replaced(document, path, data.draw(JSON))
    attempt = folder / "attempt.json"
    try:
        attempt.write_text(saved._wrapped(sealing.seal(json.dumps(document).encode())), encoding="utf-8")
    except ValueError:  # a number json cannot write (over 4,300 digits): no file to resume
        return
    try:
        load_game(str(attempt))
    except SnapshotError as error:
        assert "\n" not in str(error)


def test_no_home_folder_is_one_line_issue_21_item_11(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def nowhere() -> Path:
        raise RuntimeError("Could not determine home directory.")

    for name in ("STUDSPEC_CONFIG_DIR", "XDG_CONFIG_HOME", "APPDATA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(nowhere))
    status, _out, err = _cli(["play", "razz", "--save", str(tmp_path / "g.json")], QUIT, monkeypatch, capsys)
    assert status == 1
    assert (
        err
        == "studspec play: cannot find a home folder to keep the key for saved games in; set $STUDSPEC_CONFIG_DIR to a folder\n"
    )


def test_a_game_with_blinds_saved_in_its_second_hand_resumes_with_the_button_where_it_was(tmp_path: Path) -> None:
    """docs/rules.md F10: at a table with blinds the button moves a chair each hand, so in the
    second hand the person (chair 1) is p3, the dealer. A game saved there resumes in the same
    seat, the same stacks by seat, and ends as the game played straight through does."""
    book = load_variant(str(Path(__file__).resolve().parents[1] / "data" / "blinds" / "hole-card-blinds.yaml"))

    def second_hand(script: str, save: Path | None = None) -> tuple[str, Session]:
        session = new_session(book, 3, 0, seed=4)
        _play("f\n" + "cc\n" * 30, session=session)
        _status, out, _ = _play(script, save, session)
        return out, session

    save = tmp_path / "game.json"
    before, _ = second_hand("cc\nq\ny\n", save)
    assert "=== Hand 2: Hole-Card Blinds, you are p3, p3 deals ===" in before
    assert f"Game saved to {save}" in before
    resumed = load_game(str(save))
    assert resumed.hands == 1 and resumed.hand_seat() == 2
    _status, after, _ = _play("cc\n" * 60, session=resumed)
    straight, _ = second_hand("cc\ncc\n" + "cc\n" * 60)
    assert after.split("Result:", 1)[1] == straight.split("Result:", 1)[1]
