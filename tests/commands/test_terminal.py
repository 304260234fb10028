"""``studspec.terminal.printable``: what a terminal would obey is shown, not sent (issue 21 item 14)."""

from __future__ import annotations

import json

import pytest

from studspec.terminal import printable, printable_json


def test_the_reported_title_is_escaped_issue_21_item_14() -> None:
    """``T ESC ] 0 ; PWNED BEL ESC [ 2 J``: the window title and the clear screen are shown."""
    assert printable("T\x1b]0;PWNED\a\x1b[2J") == "T\\x1b]0;PWNED\\x07\\x1b[2J"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("\x00", "\\x00"),
        ("\x08", "\\x08"),
        ("\t", "\\t"),
        ("\r", "\\r"),
        ("\n", "\\n"),
        ("\x1f", "\\x1f"),
        ("\x7f", "\\x7f"),  # DEL
        ("\x80", "\\x80"),  # the first C1 control
        ("\x9b", "\\x9b"),  # CSI, an escape of its own on some terminals
        ("\x9f", "\\x9f"),  # the last C1 control
        ("\u202a", "\\u202a"),  # left-to-right embedding
        ("\u202e", "\\u202e"),  # right-to-left override
        ("\u2066", "\\u2066"),  # left-to-right isolate
        ("\u2069", "\\u2069"),  # pop directional isolate
    ],
)
def test_each_kind_of_control_is_written_as_an_escape(raw: str, shown: str) -> None:
    assert printable(f"a{raw}b") == f"a{shown}b"


@pytest.mark.parametrize(
    "text",
    ["Seven-Card Stud", "A♠ K♥ 10♦", "Kings & Little Ones", "Łódź 7-stud", "\xa0no-break", "\u2065", "\u206a", "\\x1b"],
)
def test_printable_text_passes_unchanged(text: str) -> None:
    """Suits, accents and the characters just outside the escaped ranges are not touched (a
    backslash is not a control: a path may have one)."""
    assert printable(text) == text


def test_newlines_stay_only_when_asked_for() -> None:
    """A report the program composes keeps its lines; a quoted value is always one line."""
    assert printable("a\nb\x1b\r\n", newlines=True) == "a\nb\\x1b\\r\n"
    assert printable("a\nb") == "a\\nb"


def test_json_keeps_its_values_and_shows_no_control() -> None:
    """``ensure_ascii=False`` escapes C0 itself; DEL, C1 and the overrides are escaped here,
    and the text still parses to the very same value."""
    value = {"title": "T\x1b]0;x\a \x7f\x9b\u202eA♠"}
    text = printable_json(json.dumps(value, ensure_ascii=False))
    assert text == '{"title": "T\\u001b]0;x\\u0007 \\u007f\\u009b\\u202eA♠"}'
    assert json.loads(text) == value
