"""The engine protocol: JSON lines between the conformance harness and a poker engine.

The harness writes one JSON object per line to the engine's stdin; the engine answers each
with exactly one JSON object per line on its stdout. Seats are 0-based; actions and cards
use the PHH vocabulary. docs/conformance.md is the reference for implementers.

Harness to engine::

    {"type": "new_hand", "protocol": 2, "case": "...", "rulebook": {...}, "rulebook_digest": "sha256:...",
     "builtin": true, "stakes": {...}, "stacks": [...]}
    {"type": "deal", "seat": 0, "cards": ["As", "Kd", "7h"]}     seat null: a community card
    {"type": "action", "seat": 1, "action": "cbr 400"}
    {"type": "query"}

Engine to harness, for every message::

    {"to_act": 1, "legal": ["f", "cc 200", "cbr 400"], "complete": false, "stacks": [...]}
    {"refused": "why the rules forbid the deal or action"}      the hand is unchanged
    {"error": "why the engine could not handle the message"}    a fault: the case fails

Protocol 2 (issue 23) tells a refusal by the rules from an engine's fault, so a crash never
passes for a correct refusal, and puts the amount on every choice that moves chips, so a
wrong call shows where it happens; ``new_hand`` says which exact rule book it carries. This
module only builds messages and reads replies; it knows nothing of processes.

Decisions about cards (issue 24) add no message: a choice is an ``action`` (``sd 7h2c``,
``up 7h``, ``pass 7h8h9h``, ``buy 7h``, ``decline``, ``set AsKsQdQc7h``), a replacement card
a ``deal``, and the choice offered is written ``CODE COUNT CARDS [PRICE]`` (``sd 2
AsAdKcKd``; :func:`card_choice`), so an engine that plays no such book sees nothing new.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from studspec.engine.actions import CARD_DECISIONS, ActionKind, LegalAction, is_number
from studspec.engine.cards import format_cards
from studspec.errors import JSONLineError, LineFormatError, ProtocolError
from studspec.rulebook.model import Stakes

from .checkpoints import TableState, normalize_action

PROTOCOL_VERSION = 2
"""The protocol this harness speaks; docs/conformance.md, "Protocol versions", says what changed."""

Message = dict[str, Any]

QUERY: Message = {"type": "query"}

MAX_LINE = 1_000_000
"""Characters in one message line, its newline excluded (a ``new_hand`` with its rule book is
a few kilobytes): a longer line is refused before it is parsed."""

MAX_DEPTH = 32
"""Arrays and objects nested in one message (the protocol's messages need fewer than 10)."""

MAX_DIGITS = 30
"""Digits in one JSON integer (amounts are whole numbers of chips; 2**64 has 20 digits)."""


@dataclass(frozen=True)
class Refusal:
    """The engine refused a deal or action by the rules: ``{"refused": "..."}``; the hand is
    as it was."""

    reason: str


@dataclass(frozen=True)
class EngineError:
    """The engine could not handle a message: ``{"error": "..."}`` (a bug, a rule book or a
    message it cannot play). Never a refusal by the rules: a case that expects a refusal and
    gets one fails, so an engine that answers everything with a crash passes nothing."""

    error: str


Reply = TableState | Refusal | EngineError


def new_hand_message(
    rulebook: Mapping[str, Any], stakes: Stakes, stacks: Sequence[int], case: str = "", builtin: bool = False
) -> Message:
    """``builtin``: whether ``rulebook`` is a built-in book exactly as studspec ships it (an
    engine that deals fixed games checks it, not the name alone: a house book may reuse a
    built-in's name)."""
    return {
        "type": "new_hand",
        "protocol": PROTOCOL_VERSION,
        "case": case,
        "rulebook": dict(rulebook),
        "rulebook_digest": rulebook_digest(rulebook),
        "builtin": builtin,
        "stakes": {
            "ante": stakes.ante,
            "bring_in": stakes.bring_in,
            "small_bet": stakes.small_bet,
            "big_bet": stakes.big_bet,
            **({"blinds": list(stakes.blinds)} if stakes.blinds else {}),
        },
        "stacks": list(stacks),
    }


def protocol_choice(choice: LegalAction) -> str:
    """A legal choice as protocol 2 writes it: the chips it moves on every choice that moves
    some (``cc 3`` a call of 3, ``pb 3``, ``pay 20``; ``cbr X`` the street total, as in PHH),
    a bare ``cc`` for a check; a decision about cards as :func:`card_choice` writes it."""
    if choice.kind is ActionKind.CHECK_CALL and choice.cost:
        return f"cc {choice.cost}"
    if choice.kind is ActionKind.BRING_IN:
        return f"pb {choice.cost}"
    if choice.kind in CARD_DECISIONS:
        return card_choice(choice)
    return str(choice)


def card_choice(choice: LegalAction) -> str:
    """A decision about cards as a legal choice: the code, how many cards (``2``, or a range
    ``0..1`` as ``cbr`` writes one), the cards the seat may name as one run, and the price of
    each replacement card when it has one: ``sd 2 AsKd7h2c`` (discard two of those four),
    ``sd 0..1 AsAd2c3c4d7h8h 10`` (draw one card for 10, or stand pat). The cards are the
    seat's own, so the choice says which of them the rule lets it name (down cards only, say)."""
    low, high = choice.minimum, choice.maximum
    count = f"{low}" if low == high else f"{low}..{high}"
    text = f"{choice.kind.value} {count} {format_cards(choice.cards)}"
    return f"{text} {choice.cost}" if choice.cost else text


def canonical_json(value: Any) -> str:
    """The one spelling of a JSON value that digests are taken of: keys sorted, no spaces,
    every character past ASCII written as a ``\\uXXXX`` escape."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def rulebook_digest(rulebook: Mapping[str, Any]) -> str:
    """``sha256:`` and the hex SHA-256 of the rule book's canonical JSON (UTF-8): two books
    with the same digest state the same rules, whatever they are named."""
    return "sha256:" + hashlib.sha256(canonical_json(dict(rulebook)).encode("utf-8")).hexdigest()


def _seat_of(word: str, line: str) -> int:
    if not (word.startswith("p") and is_number(word[1:]) and len(word) <= 4 and int(word[1:]) >= 1):
        raise LineFormatError(f"{line!r}: expected a seat p1, p2, ... not {word!r}")
    return int(word[1:]) - 1


def _split_cards(text: str, line: str) -> list[str]:
    if len(text) % 2:
        raise LineFormatError(f"{line!r}: {text!r} is not a run of two-character cards")
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def messages_for_line(line: str) -> list[Message]:
    """The protocol messages for one PHH action line (``d db`` with several cards deals
    them one message each). Cards are passed as written (``??`` for unknown)."""
    words = line.split("#", 1)[0].split()
    if not words:
        raise LineFormatError(f"{line!r}: empty action line")
    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            return [{"type": "deal", "seat": _seat_of(words[2], line), "cards": _split_cards(words[3], line)}]
        if len(words) == 3 and words[1] == "db":
            return [{"type": "deal", "seat": None, "cards": [card]} for card in _split_cards(words[2], line)]
        raise LineFormatError(f"{line!r}: a dealing line is 'd dh pN CARDS' or 'd db CARDS'")
    if len(words) < 2:
        raise LineFormatError(f"{line!r}: a player's line is 'pN ACTION'")
    return [{"type": "action", "seat": _seat_of(words[0], line), "action": " ".join(words[1:])}]


def encode(message: Mapping[str, Any]) -> str:
    """One line of JSON (no newline inside), ending in a newline."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=True) + "\n"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_reply(data: Any) -> Reply:
    """Check a decoded reply's shape; raise :class:`ProtocolError` saying what is wrong."""
    if not isinstance(data, dict):
        raise ProtocolError(f"a reply must be a JSON object, not {type(data).__name__}")
    if "refused" in data and "error" in data:
        raise ProtocolError("a reply is a refusal ('refused') or an engine error ('error'), not both")
    for key, kind in (("refused", Refusal), ("error", EngineError)):
        if key in data:
            if not isinstance(data[key], str):
                raise ProtocolError(f"'{key}' must be a string")
            return kind(data[key])
    missing = [key for key in ("to_act", "legal", "complete", "stacks") if key not in data]
    if missing:
        raise ProtocolError(f"a state reply needs to_act, legal, complete and stacks; missing {', '.join(missing)}")
    to_act, legal, complete, stacks = data["to_act"], data["legal"], data["complete"], data["stacks"]
    if to_act is not None and not (_is_int(to_act) and to_act >= 0):
        raise ProtocolError(f"'to_act' must be a 0-based seat or null, not {to_act!r}")
    if not isinstance(legal, list) or not all(isinstance(a, str) for a in legal):
        raise ProtocolError("'legal' must be a list of strings such as \"cbr 400\"")
    if not isinstance(complete, bool):
        raise ProtocolError("'complete' must be true or false")
    if not isinstance(stacks, list) or not all(_is_int(s) for s in stacks):
        raise ProtocolError("'stacks' must be a list of whole numbers")
    detail = data.get("detail", "")
    if not isinstance(detail, str):
        raise ProtocolError("'detail' must be a string when given")
    return TableState(
        to_act=to_act,
        legal=frozenset(normalize_action(a) for a in legal),
        complete=complete,
        stacks=tuple(stacks),
        detail=detail,
    )


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def _check_depth(line: str) -> None:
    """Refuse a line nested deeper than :data:`MAX_DEPTH` before the parser recurses into it
    (brackets inside strings do not count)."""
    depth = 0
    for match in _BRACKET.finditer(_STRING.sub("", line)):
        if match.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise JSONLineError(f"arrays and objects are nested more than {MAX_DEPTH} deep")
        else:
            depth -= 1


def _refuse_constant(name: str) -> NoReturn:
    raise JSONLineError(f"{name} is not a JSON number: amounts are whole numbers")


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise JSONLineError(f"an integer of {digits} digits: at most {MAX_DIGITS} are allowed")
    return int(text)


def load_line(line: str) -> Any:
    """Decode one protocol line (its newline, if any, stripped), within :data:`MAX_LINE`,
    :data:`MAX_DEPTH` and :data:`MAX_DIGITS`; ``NaN`` and ``Infinity`` are refused. Raises
    :class:`JSONLineError` saying what is wrong; never a recursion or conversion error."""
    line = line.rstrip("\r\n")
    if len(line) > MAX_LINE:
        raise JSONLineError(f"the line has {len(line)} characters: at most {MAX_LINE} are allowed")
    _check_depth(line)
    try:
        return json.loads(line, parse_constant=_refuse_constant, parse_int=_bounded_int)
    except json.JSONDecodeError as error:
        raise JSONLineError(f"not JSON ({error.msg} at column {error.colno})") from None
    except RecursionError:  # cannot happen after the depth check; never let it escape
        raise JSONLineError(f"arrays and objects are nested more than {MAX_DEPTH} deep") from None


def decode_reply(line: str) -> Reply:
    """Read one line the engine wrote."""
    try:
        data = load_line(line)
    except JSONLineError as error:
        shown = line if len(line) <= 120 else line[:117] + "..."
        raise ProtocolError(f"{error}: {shown.rstrip()!r}") from None
    return parse_reply(data)
