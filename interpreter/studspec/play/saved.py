"""A game of ``studspec play`` saved in the middle of a hand, and resumed exactly.

The hand is saved as its own snapshot (:meth:`studspec.Hand.snapshot`); the session around it
as the few numbers that decide everything else (seat, seed, hands played, stacks). The built-in
players' choices come from generators seeded by the hand's number, so resuming replays the
hand's log with them choosing again: each must choose exactly what the log says, which both
brings their generators to the same point and proves the saved game is the one they played.

That proves nothing about the set-up, and the set-up is the whole deal: its seed shows every
hole card, and a changed deck, stack or past action of the player's own replays as well as
the real one. So the document is sealed (:mod:`studspec.play.sealing`): the file says in
plain text only what it is, ``{"format":"studspec-game","version":3,"key":ID,"sealed":TOKEN}``,
and the token is the document encrypted and authenticated with a key kept in the user's
configuration folder. A file that was changed in any way, that another account's key sealed,
or that an older studspec wrote without a seal (versions 1 and 2) is refused with one line.
The file is written whole or not at all, readable by its owner only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from studspec.engine.hand import Hand
from studspec.engine.snapshots import read_log, replay_entry
from studspec.errors import OutputFileError, SnapshotError, StudspecError
from studspec.files import write_atomically

from .players import Player, PlayerKind
from .sealing import ensure_key, seal, unseal
from .session import Session
from .simulate import bots_for_hand, hand_seed

FORMAT = "studspec-game"
VERSION = 3
"""Version 3: the game is sealed. Version 2 (a hand's built-in players share one generator)
and version 1 (a generator per player) were plain JSON, which nothing shows unchanged."""
UNSEALED_VERSIONS = (1, 2)
MAX_BYTES = 1 << 20
"""A saved game is a few kilobytes; a bigger file is not one."""
_WRAPPER = ("format", "version", "key", "sealed")


def prepare_save(path: str) -> None:
    """Refuse, before a game starts, a ``--save`` target that can never be written (a folder)
    and make the key the game will be sealed with, so that neither fails only when the
    player quits."""
    target = Path(path)
    if target.is_dir():
        raise OutputFileError(f"cannot save the game to {path}: it is a folder; give a file name")
    above = next((folder for folder in target.absolute().parents if folder.exists()), None)
    if above is not None and not above.is_dir():
        raise OutputFileError(f"cannot save the game to {path}: {above} is a file, not a folder")
    ensure_key()


def save_game(session: Session, path: str) -> None:
    """Seal the session and the hand in play and write them to ``path``, whole or not at all
    (mode 0600). Raises :class:`OutputFileError` (one line) when the file cannot be written,
    and leaves whatever was at ``path`` as it was."""
    payload = json.dumps(_document(session), separators=(",", ":")).encode("utf-8")
    write_atomically(path, _wrapped(seal(payload)), mode=0o600)


def _wrapped(sealed: Mapping[str, Any]) -> str:
    """The file's text: the one spelling of it that :func:`_read` accepts, so that a change
    to any byte of the file is refused, whitespace included."""
    fields = {"format": FORMAT, "version": VERSION, "key": sealed["key"], "sealed": sealed["sealed"]}
    return json.dumps(fields, separators=(",", ":")) + "\n"


def _document(session: Session) -> dict[str, Any]:
    assert session.current is not None
    hand, _bots = session.current
    return {
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
            hands=_count(document, "hands"),
            stacks=[_int({"stack": stack}, "stack") for stack in document["stacks"]],
            rebuys=_count(document, "rebuys"),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise SnapshotError(f"{path}: not a saved game ({error})") from None
    if len(session.stacks) != session.players or not 0 <= session.seat < session.players:
        raise SnapshotError(
            f"{path}: not a saved game ({len(session.stacks)} stacks and seat {session.seat} "
            f"for {session.players} players: one stack a player, the seat one of them)"
        )
    try:
        session.current = _resumed(session, start, hand_doc.get("log"))
    except SnapshotError as error:
        raise SnapshotError(f"{path}: {error}") from None
    return session


def _read(path: str) -> dict[str, Any]:
    """The saved document in ``path``, unsealed; one :class:`SnapshotError` line for anything
    that is not a game this account sealed, unchanged."""
    wrapper, text = _wrapper(path)
    version = wrapper.get("version")
    if type(version) is int and version in UNSEALED_VERSIONS:
        raise SnapshotError(
            f"{path}: a game saved by an older studspec (saved-game version {version}) before saved games "
            f"were sealed; it cannot be resumed, since nothing shows it was not changed after it was saved"
        )
    if type(version) is not int or version != VERSION:
        raise SnapshotError(f"{path}: a saved game of another version; this studspec resumes version {VERSION}")
    if set(wrapper) != set(_WRAPPER) or _wrapped(wrapper) != text:
        raise SnapshotError(f"{path}: the saved game was changed after it was saved (it is not as studspec wrote it)")
    payload = unseal(wrapper, path)
    try:
        document = json.loads(payload)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SnapshotError(f"{path}: the sealed game is not a saved game") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT or document.get("version") != VERSION:
        raise SnapshotError(f"{path}: the sealed game is not a saved game of version {VERSION}")
    return document


def _wrapper(path: str) -> tuple[dict[str, Any], str]:
    """The file's plain-text wrapper and its text, if it says it is a saved game."""
    file = Path(path)
    if not file.is_file() or file.stat().st_size > MAX_BYTES:
        raise SnapshotError(f"{path}: not a saved game file (a regular file of at most {MAX_BYTES} bytes)")
    try:
        text = file.read_text(encoding="utf-8")
        wrapper = json.loads(text)
    except OSError as error:
        raise SnapshotError(f"{path}: cannot read the saved game: {error.strerror or error}") from None
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SnapshotError(f"{path}: not a saved game (not JSON)") from None
    if not isinstance(wrapper, dict) or wrapper.get("format") != FORMAT:
        raise SnapshotError(f"{path}: not a saved game of studspec play (format {FORMAT!r})")
    return wrapper, text


def _int(document: dict[str, Any], key: str) -> int:
    value = document[key]
    if type(value) is not int:
        raise ValueError(f"{key} must be an integer")
    return value


def _count(document: dict[str, Any], key: str) -> int:
    value = _int(document, key)
    if value < 0:
        raise ValueError(f"{key} must not be negative")
    return value


def _resumed(session: Session, hand: Hand, log: Any) -> tuple[Hand, list[Player]]:
    """The saved hand (``hand``, dealt and not yet played) replayed from ``log`` with the
    session's players choosing again."""
    seed = hand_seed(session.seed, session.hands)
    if hand.seed != seed or hand.seats != session.players or not 0 <= session.seat < session.players:
        raise SnapshotError("the saved hand is not the session's next hand")
    if list(hand.starting_stacks) != session.hand_stacks():
        raise SnapshotError("the saved hand did not begin with the session's stacks")
    if hand.stacked_deck is not None or not hand.deck.drawing:
        raise SnapshotError("the saved hand is not dealt from the session's shuffle (a game deals no other way)")
    bots = bots_for_hand(session.bots, seed, session.players)
    for kind, seat, text in read_log(log):
        if kind == "act" and seat != session.hand_seat() and seat is not None and 0 <= seat < hand.seats:
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
