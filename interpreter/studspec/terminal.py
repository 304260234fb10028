"""Text read from a file, made safe to print: no character a terminal would obey.

A rule book's title, a history's ``_variant``, a case's file name or a line an engine sent
are the user's (or a stranger's) text, and a terminal does not only show what it is sent:
``ESC ] 0 ; ... BEL`` retitles the window, ``ESC [ 2 J`` clears the screen, a C1 control
(U+0080 to U+009F) is an escape of its own on some terminals, and the bidirectional
overrides and isolates (U+202A to U+202E, U+2066 to U+2069) make a line show in another
order than it reads. Everything studspec prints that came from outside goes through
:func:`printable`, which writes each such character as a visible escape (``\\x1b``,
``\\u202e``) so that the person sees what the file holds and the terminal obeys none of it.
Printable text, whatever its script, passes unchanged.

This module sits beside :mod:`studspec.errors` and :mod:`studspec.files`, below every layer,
since the authoring tools, play, histories, conformance and the command line all print.
"""

from __future__ import annotations

import re

__all__ = ["printable", "printable_json"]

_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""C0 controls, DEL, C1 controls, and the bidirectional overrides and isolates."""

_UNSAFE_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, newlines: bool = False) -> str:
    """``text`` with every control character, DEL and bidirectional override written as an
    escape (``\\x1b``, ``\\n``, ``\\u202e``). ``newlines=True`` keeps line breaks, for
    multi-line text the program composes itself (a report, a description); otherwise the
    result is one line, as every error and every line quoted from a file must be."""
    pattern = _UNSAFE_BUT_NEWLINE if newlines else _UNSAFE
    return pattern.sub(_escape, text)


_JSON_UNSAFE = re.compile("[\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""What :func:`json.dumps` with ``ensure_ascii=False`` leaves raw (it escapes C0 itself)."""


def printable_json(text: str) -> str:
    """JSON (or TOML) text written with ``ensure_ascii=False``, with DEL, the C1 controls and
    the bidirectional overrides it leaves raw written as ``\\uXXXX`` escapes: they can only
    stand inside strings there, so the text still parses to the same values, and the rest
    of the non-ASCII text (suit symbols, names) stays readable."""
    return _JSON_UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
