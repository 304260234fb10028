"""``studspec play --save`` / ``--resume`` (issue 11: "play can save and resume a game"):
quitting in the middle of a hand saves it, and the resumed game goes on exactly as the game
would have gone without the break: the same cards, the same choices of the built-in
players, the same result. A saved file that was tampered with is refused."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from studspec.errors import SnapshotError
from studspec.play.game import Console, new_session, run_session
from studspec.play.saved import load_game
from studspec.play.table import Style
from studspec.spec import load_variant

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
    document = json.loads(save.read_text(encoding="utf-8"))
    document["seed"] += 1  # another session: its next hand is not this one
    save.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SnapshotError, match="not the session's next hand"):
        load_game(str(save))
    save.write_text("{not json", encoding="utf-8")
    with pytest.raises(SnapshotError, match="not JSON"):
        load_game(str(save))


def test_a_game_saved_before_the_players_shared_a_generator_is_refused_by_name(tmp_path: Path) -> None:
    """Version 1 games chose with one generator a player; resumed now, the players would not
    choose what the log says, so the file is refused as another version, not as tampered."""
    save = tmp_path / "game.json"
    _play("cc\nq\ny\n", save)
    document = json.loads(save.read_text(encoding="utf-8"))
    assert document["version"] == 2
    document["version"] = 1
    save.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(SnapshotError, match=r"not a saved game of this studspec .*version 2"):
        load_game(str(save))
