"""A game of ``studspec play`` saved in the middle of a hand, and resumed exactly.

The hand is saved as its own snapshot (:meth:`studspec.Hand.snapshot`); the session around it
as the few numbers that decide everything else (seat, seed, hands played, stacks). The built-in
players' choices come from generators seeded by the hand's number, so resuming replays the
hand's log with them choosing again: each must choose exactly what the log says, which both
brings their generators to the same point and proves the saved game is the one they played.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from studspec.engine.hand import Hand
from studspec.engine.snapshots import read_log, replay_entry
from studspec.errors import SnapshotError, StudspecError

from .game import Session
from .players import Player, PlayerKind
from .simulate import bots_for_hand, hand_seed

FORMAT = "studspec-game"
VERSION = 2
"""Version 2: a hand's built-in players share one generator. A version 1 game chose with a
generator per player, so its players would not choose again what its log says."""
MAX_BYTES = 1 << 20
"""A saved game is a few kilobytes; a bigger file is not one."""


def save_game(session: Session, path: str) -> None:
    """Write the session and the hand in play to ``path`` (JSON)."""
    assert session.current is not None
    hand, _bots = session.current
    document = {
        "format": FORMAT,
        "version": VERSION,
        "players": session.players,
        "seat": session.seat,
        "seed": session.seed,
        "bots": session.bots.value,
        "hands": session.hands,
        "stacks": list(session.stacks),
        "rebuys": session.rebuys,
        "hand": hand.snapshot(),
    }
    Path(path).write_text(json.dumps(document), encoding="utf-8")


def load_game(path: str) -> Session:
    """The session saved in ``path``, its hand in play brought back to where it was saved."""
    document = _read(path)
    try:
        hand_doc = dict(document["hand"])
        start = Hand.restore({**hand_doc, "log": []})
        session = Session(
            variant=start.variant,
            players=_int(document, "players"),
            seat=_int(document, "seat"),
            seed=_int(document, "seed"),
            stakes=start.stakes,
            bots=PlayerKind(document["bots"]),
            hands=_int(document, "hands"),
            stacks=[_int({"stack": stack}, "stack") for stack in document["stacks"]],
            rebuys=_int(document, "rebuys"),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise SnapshotError(f"{path}: not a saved game ({error})") from None
    session.current = _resumed(session, start, hand_doc.get("log"))
    return session


def _read(path: str) -> dict[str, Any]:
    file = Path(path)
    if not file.is_file() or file.stat().st_size > MAX_BYTES:
        raise SnapshotError(f"{path}: not a saved game file (a regular file of at most {MAX_BYTES} bytes)")
    try:
        document = json.loads(file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SnapshotError(f"{path}: not a saved game (not JSON)") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT or document.get("version") != VERSION:
        raise SnapshotError(f"{path}: not a saved game of this studspec (format {FORMAT!r}, version {VERSION})")
    return document


def _int(document: dict[str, Any], key: str) -> int:
    value = document[key]
    if type(value) is not int:
        raise ValueError(f"{key} must be an integer")
    return value


def _resumed(session: Session, hand: Hand, log: Any) -> tuple[Hand, list[Player]]:
    """The saved hand (``hand``, dealt and not yet played) replayed from ``log`` with the
    session's players choosing again."""
    seed = hand_seed(session.seed, session.hands)
    if hand.seed != seed or hand.seats != session.players or not 0 <= session.seat < session.players:
        raise SnapshotError("the saved hand is not the session's next hand")
    bots = bots_for_hand(session.bots, seed, session.players)
    for kind, seat, text in read_log(log):
        if kind == "act" and seat != session.seat and seat is not None and 0 <= seat < hand.seats:
            chosen = str(bots[seat].choose(hand, seat, hand.legal_actions()))
            if chosen != text:
                raise SnapshotError(
                    f"the saved hand does not follow its players: p{seat + 1} chose {chosen}, not {text}"
                )
        try:
            replay_entry(hand, (kind, seat, text))
        except StudspecError as error:
            raise SnapshotError(f"the saved hand does not replay: {error}") from None
    return hand, bots
