"""Writing the files a command was asked for: whole or not at all.

A saved game, a folder of generated cases or a JUnit report is worth something to the user,
and the file it replaces may be worth more. Every file studspec writes is written to a new
file beside the target, flushed to disk, then renamed over the target in one step
(:func:`os.replace` is atomic on POSIX and Windows), so a full disk, a size limit or a crash
in the middle leaves the old file as it was and never a truncated one. A file that cannot be
written is one :class:`~studspec.errors.OutputFileError` line, never a traceback.

This module sits beside :mod:`studspec.errors`, below every layer, since play, conformance
and the command line all write files.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from studspec.errors import OutputFileError

__all__ = ["make_folder", "write_atomically"]

_TEMPORARY_SUFFIX = ".studspec-tmp"


def _reason(error: OSError) -> str:
    return error.strerror or type(error).__name__


def make_folder(path: str | os.PathLike[str]) -> Path:
    """The folder ``path``, made with its parents if missing; one line if it cannot be (a file
    stands in its place, no permission)."""
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise OutputFileError(f"cannot write into {os.fspath(path)}: it is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputFileError(f"cannot make the folder {os.fspath(path)}: {_reason(error)}") from None
    return folder


def write_atomically(
    path: str | os.PathLike[str],
    data: str | bytes,
    *,
    mode: int = 0o666,
    make_parents: bool = True,
    durable: bool = True,
) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole, or leave ``path`` as it was.

    ``mode`` is the new file's permission before the umask (``0o600`` for a file only its
    owner may read). ``durable=False`` skips the flush to disk before the rename, for the
    thousands of small files of one run (a PHH file a simulated hand, a generated case):
    the flush costs about as much as playing the hand, and without it a failed write still
    leaves no partial file; only a power cut could, and the run can be made again from its
    seed. Raises :class:`OutputFileError` with one line naming the path and the reason: a
    folder at ``path``, a missing or read-only folder, a full disk.
    """
    target = Path(path)
    shown = os.fspath(path)
    if target.is_dir():
        raise OutputFileError(f"cannot write {shown}: it is a folder; give a file name")
    if make_parents:
        make_folder(target.parent)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}{_TEMPORARY_SUFFIX}")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    except OSError as error:
        raise OutputFileError(f"cannot write {shown}: {_reason(error)}") from None
    try:
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(payload)
            stream.flush()
            if durable:
                os.fsync(stream.fileno())
        os.replace(temporary, target)
    except OSError as error:
        _remove(temporary)
        kept = " (the file already there is unchanged)" if target.exists() else ""
        raise OutputFileError(f"cannot write {shown}: {_reason(error)}{kept}") from None
    except BaseException:
        _remove(temporary)
        raise


def _remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
