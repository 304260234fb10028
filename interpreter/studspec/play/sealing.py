"""Sealing a saved game, so that its player can neither read it nor change it.

A saved game holds the hand's set-up, and the set-up decides every card: the shuffle's seed
shows the built-in players' hole cards to whoever reads it, and an edited deck, stack or
past action would be resumed as if it had been played (a snapshot is trusted input:
:mod:`studspec.engine.snapshots`). So ``studspec play --save`` encrypts and authenticates
what it saves with a key only the account that saved it holds, and refuses to resume
anything the key does not open.

The key is made the first time a game may be saved: 32 random bytes as a Fernet key
(AES-128-CBC with an HMAC-SHA256 over the whole token, from the ``cryptography`` package),
written once with mode 0600 to ``saved-games.key`` in the user's configuration folder
(:func:`config_folder`), made with mode 0700. It is never printed and never replaced: two
``play`` commands saving for the first time at once agree on the first key written, and a
key that is lost makes the games it sealed unreadable rather than readable by someone else.

A sealed game names its key by an identifier derived from the key (:func:`key_id`, which
reveals nothing of it), so that a game saved on another machine or account is told apart
from a game that was changed: the token itself cannot tell the two apart.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import hashlib
import hmac
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryptography.fernet import Fernet, InvalidToken

from studspec.errors import OutputFileError, SnapshotError

CONFIG_ENV = "STUDSPEC_CONFIG_DIR"
"""An environment variable naming the configuration folder itself (tests, several profiles)."""
KEY_FILE = "saved-games.key"
_KEY_BYTES = 44
"""A Fernet key: 32 bytes in URL-safe base64."""
_WINDOWS = os.name == "nt"
MAX_TOKEN = 1 << 21
"""A sealed saved game is a few kilobytes; a longer token is not one."""


def config_folder() -> Path:
    """studspec's folder of the user's configuration: ``$STUDSPEC_CONFIG_DIR`` if set, else
    ``%APPDATA%\\studspec`` on Windows, else ``$XDG_CONFIG_HOME/studspec`` (when it is an
    absolute path, as the XDG specification requires) or ``~/.config/studspec``."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    if _WINDOWS and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "studspec"
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "studspec"
    try:
        home = Path.home()
    except RuntimeError:  # no HOME and no account entry (a bare container)
        raise OutputFileError(
            f"cannot find a home folder to keep the key for saved games in; set ${CONFIG_ENV} to a folder"
        ) from None
    return home / ".config" / "studspec"


def key_path() -> Path:
    return config_folder() / KEY_FILE


def key_id(key: bytes) -> str:
    """A name for ``key`` that says which key sealed a game and nothing of the key itself
    (an HMAC of a fixed label under the key)."""
    return hmac.new(key, b"studspec saved-game key id", hashlib.sha256).hexdigest()[:16]


def ensure_key() -> bytes:
    """This account's key, made now if there is none yet. Raises :class:`OutputFileError`
    when it cannot be made, :class:`SnapshotError` when the file there is not a key."""
    path = key_path()
    if not path.exists():
        _create_key(path)
    return load_key()


def load_key() -> bytes:
    """This account's key; one :class:`SnapshotError` line when it is missing or unreadable."""
    path = key_path()
    if not path.is_file():
        raise SnapshotError(
            f"there is no key for saved games at {path}: a game can be resumed only by the account "
            f"that saved it, on the machine it was saved on (or the key was removed)"
        )
    try:
        with path.open("rb") as stream:
            key = stream.read(1024).strip()
    except OSError as error:
        raise SnapshotError(f"cannot read the key for saved games at {path}: {error.strerror or error}") from None
    if len(key) != _KEY_BYTES or not _is_key(key):
        raise SnapshotError(
            f"{path} is not a key for saved games ({_KEY_BYTES} characters of URL-safe base64); "
            f"remove it to make a new one: the games it sealed can no longer be resumed"
        )
    return key


def _is_key(key: bytes) -> bool:
    try:
        Fernet(key)
    except (ValueError, binascii.Error):
        return False
    return True


def _create_key(path: Path) -> None:
    """Write a new key at ``path`` unless one is there already. The key is written whole to a
    file beside it and linked into place, which fails rather than replace a key another
    process wrote meanwhile; so a game sealed with the first key stays readable."""
    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        temporary = folder / f".{path.name}.{secrets.token_hex(6)}.studspec-tmp"
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as error:
        raise OutputFileError(
            f"cannot make the key for saved games in {folder}: {error.strerror or error} "
            f"(${CONFIG_ENV} names another folder for it)"
        ) from None
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(Fernet.generate_key() + b"\n")
            stream.flush()
            os.fsync(stream.fileno())
        _publish(temporary, path)
    except OSError as error:
        raise OutputFileError(f"cannot write the key for saved games {path}: {error.strerror or error}") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()


def _publish(temporary: Path, path: Path) -> None:
    """Put the written key at ``path`` unless a key is there already."""
    try:
        os.link(temporary, path)
    except FileExistsError:
        pass  # another process made the key first: use that one
    except OSError:
        if not path.exists():  # a file system without hard links: replace, with the small race it leaves
            os.replace(temporary, path)


def seal(payload: bytes) -> dict[str, str]:
    """``payload`` encrypted and authenticated with this account's key (made if need be):
    the fields ``key`` (which key, :func:`key_id`) and ``sealed`` (the Fernet token)."""
    key = ensure_key()
    return {"key": key_id(key), "sealed": Fernet(key).encrypt(payload).decode("ascii")}


def unseal(fields: Mapping[str, Any], name: str) -> bytes:
    """The payload :func:`seal` sealed into ``fields``; one :class:`SnapshotError` line,
    starting with ``name``, when it is not this account's or was changed in any way."""
    sealed, sealer = fields.get("sealed"), fields.get("key")
    if not isinstance(sealed, str) or not isinstance(sealer, str) or len(sealed) > MAX_TOKEN:
        raise SnapshotError(f"{name}: not a sealed saved game (no 'key' and 'sealed' text)")
    key = load_key()
    if not hmac.compare_digest(sealer.encode("utf-8", "replace"), key_id(key).encode("ascii")):
        raise SnapshotError(
            f"{name}: the game was sealed with another key than {key_path()} (saved by another account "
            f"or on another machine, or the key was made again since); it can be resumed only where it was saved"
        )
    try:
        return Fernet(key).decrypt(_canonical(sealed))
    except (InvalidToken, binascii.Error):
        raise SnapshotError(
            f"{name}: the saved game was changed after it was saved (its seal does not match)"
        ) from None


def _canonical(token: str) -> bytes:
    """``token`` as bytes if it is base64 written the one way :func:`seal` writes it. Fernet
    would read other spellings of the same bytes too (characters it skips, unused low bits in
    the last character); refusing them means that any change to a saved game is refused."""
    raw = token.encode("ascii", "replace")
    if base64.urlsafe_b64encode(base64.b64decode(raw, altchars=b"-_", validate=True)) != raw:
        raise binascii.Error("not canonical base64")
    return raw
