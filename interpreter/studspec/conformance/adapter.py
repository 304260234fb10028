"""The reference adapter: the interpreter behind the engine protocol.

``studspec engine`` serves it on stdin/stdout, so a team can check the harness itself (and
see what correct replies look like) before pointing it at their server; ``studspec conform``
without ``--engine`` calls it in-process through :class:`InProcessEngine`, so the reference
and a foreign engine run through the very same driver and checks.

It answers a deal or action the rules forbid with ``{"refused": ...}`` and everything else
it cannot do (a malformed message, a book it cannot build, a protocol it does not speak, a
crash of its own) with ``{"error": ...}``: a crash must never pass for a refusal (protocol 2).
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Iterator, Mapping
from typing import Any, TextIO

from studspec.engine.actions import parse_action
from studspec.engine.cards import Card, format_cards, parse_card
from studspec.engine.hand import Hand
from studspec.errors import DeckExhaustedError, EngineFault, HandError, JSONLineError, MessageError
from studspec.rulebook.model import Face, Stakes

from .protocol import MAX_LINE, PROTOCOL_VERSION, Message, Reply, load_line, parse_reply, protocol_choice
from .rulebook import variant_from_resolved

REFUSALS = (HandError, DeckExhaustedError)
"""What a deal or action the rules forbid raises: illegal actions and deals, a deck that
cannot serve them. Answered ``{"refused": ...}``."""

ERRORS = (ValueError,)
"""What a message the adapter cannot carry out raises (a malformed message, a bad card's
text, stakes or a rule book it cannot deal): answered ``{"error": ...}``, never as a
refusal by the rules."""

STAKES = ("ante", "bring_in", "small_bet", "big_bet")
"""The stakes every ``new_hand`` message gives; ``blinds`` (a list, from the dealer's left) is optional."""
MAX_BLINDS = 10

_KINDS = {
    int: "a whole number (a JSON integer such as 10)",
    str: "a string",
    list: "a list",
    dict: "an object",
}


def _is_kind(value: Any, kind: type) -> bool:
    """Strict JSON types: ``true`` is no whole number (though Python says so), nor are 3.0 or "3"."""
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def _given(value: Any) -> str:
    """What a message sent, in JSON's words, for an error reply."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        text = json.dumps(value)
        return "the string " + (text if len(text) <= 40 else text[:37] + '..."')
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return str(value)


def _checked(kind: str, name: str, value: Any, want: type) -> Any:
    if not _is_kind(value, want):
        raise MessageError(f"{kind!r} message: {name} must be {_KINDS[want]}, not {_given(value)}")
    return value


def _field(message: Mapping[str, Any], key: str, kind: type) -> Any:
    """A required field of ``kind``; the error names the field, what is allowed and what came."""
    if key not in message:
        raise MessageError(f"{message.get('type')!r} message: {key!r} is missing; it must be {_KINDS[kind]}")
    return _checked(str(message.get("type")), repr(key), message[key], kind)


def _int_list(message: Mapping[str, Any], key: str) -> list[int]:
    values = _field(message, key, list)
    return [_checked(str(message.get("type")), f"{key}[{i}]", v, int) for i, v in enumerate(values)]


def _stakes(message: Mapping[str, Any]) -> Stakes:
    stakes = _field(message, "stakes", dict)
    missing = [key for key in STAKES if key not in stakes]
    if missing:
        raise MessageError(f"'new_hand' message: stakes need {', '.join(STAKES)}; missing {', '.join(missing)}")
    amounts = {key: _checked("new_hand", f"stakes.{key}", stakes[key], int) for key in STAKES}
    blinds = _checked("new_hand", "stakes.blinds", stakes.get("blinds", []), list)
    if len(blinds) > MAX_BLINDS:
        raise MessageError(
            f"'new_hand' message: stakes.blinds has {len(blinds)} blinds; at most {MAX_BLINDS}, one a seat"
        )
    posted = tuple(_checked("new_hand", f"stakes.blinds[{i}]", blind, int) for i, blind in enumerate(blinds))
    return Stakes(**amounts, blinds=posted)


def _card(text: str) -> Card | None:
    return None if text == "??" else parse_card(text)


class ReferenceAdapter:
    """Answers protocol messages with the interpreter; one hand at a time."""

    def __init__(self) -> None:
        self.hand: Hand | None = None

    def handle(self, message: Any) -> Message:
        """The reply to one decoded message: a state, ``{"refused": ...}`` for a deal or
        action the rules forbid, ``{"error": ...}`` for a message it cannot carry out."""
        try:
            if not isinstance(message, dict):
                raise MessageError(f"a message must be a JSON object, not {_given(message)}")
            kind = message.get("type")
            if kind not in ("new_hand", "deal", "action", "query"):
                raise MessageError(f"unknown message type {kind!r}: new_hand, deal, action or query")
            if kind == "query":
                return self.state(detail=True)
            if kind == "new_hand":
                self._new_hand(message)
            elif self.hand is None:
                raise MessageError(f"{kind!r} before any new_hand")
            elif kind == "deal":
                self._deal(self.hand, message)
            else:
                seat = self._seat(message)
                self.hand.act(parse_action(_field(message, "action", str)), seat=seat)
        except REFUSALS as error:
            return {"refused": str(error)}
        except ERRORS as error:
            return {"error": str(error)}
        return self.state()

    @staticmethod
    def _seat(message: Mapping[str, Any]) -> int:
        """The message's seat, a whole number; one the table lacks is the hand's to refuse
        (by the rules: nobody sits there), not a malformed message."""
        seat: int = _field(message, "seat", int)
        return seat

    def _deal(self, hand: Hand, message: Mapping[str, Any]) -> None:
        if "seat" in message and not (message["seat"] is None or _is_kind(message["seat"], int)):
            raise MessageError(
                f"'deal' message: 'seat' must be a seat number or null (a community card), not {_given(message['seat'])}"
            )
        seat = None if message.get("seat", 0) is None else self._seat(message)
        cards = _field(message, "cards", list)
        texts = [_checked("deal", f"cards[{i}]", card, str) for i, card in enumerate(cards)]
        hand.deal(seat, [_card(text) for text in texts])

    def _new_hand(self, message: Mapping[str, Any]) -> None:
        self.hand = None
        version = message.get("protocol")
        if version != PROTOCOL_VERSION:
            raise MessageError(
                f"'new_hand' message: protocol {_given(version)}: this engine speaks protocol {PROTOCOL_VERSION}"
            )
        variant = variant_from_resolved(_field(message, "rulebook", dict))
        stakes = _stakes(message)
        stacks = _int_list(message, "stacks")
        self.hand = Hand(variant, stacks, stakes=stakes, deal_from_outside=True, auto_showdown=False)

    def state(self, detail: bool = False) -> Message:
        hand = self.hand
        if hand is None:
            return {"to_act": None, "legal": [], "complete": False, "stacks": []}
        actor = hand.actor
        reply: Message = {
            "to_act": actor,
            "legal": [protocol_choice(a) for a in hand.legal_actions()] if actor is not None else [],
            "complete": hand.is_complete,
            "stacks": list(hand.stacks),
        }
        if detail:
            reply["detail"] = describe_hand(hand)
        return reply


def describe_hand(hand: Hand) -> str:
    """Every seat's cards (down cards in brackets), stack, bet and status, the pots and the
    phase: what a person needs to see why a case failed. Deterministic, so it can also be
    compared before and after a refused action."""
    bets = hand.round.bets if hand.round is not None else {}
    lines = [f"phase {hand.state}, street {hand.street_id or '-'}, events {len(hand.events)}"]
    for seat in range(hand.seats):
        cards = " ".join(
            ("??" if c is None else str(c)) if f is Face.UP else f"[{'??' if c is None else c}]"
            for c, f in zip(hand.cards[seat], hand.faces[seat])
        )
        status = "folded" if hand.folded[seat] else "mucked" if hand.mucked[seat] else ""
        if not status and hand.stacks[seat] == 0 and not hand.is_complete:
            status = "all-in"
        if hand.shown[seat]:
            status = (status + " shown").strip()
        lines.append(
            f"p{seat + 1}: stack {hand.stacks[seat]}, bet {bets.get(seat, 0)}, in {hand.contributed[seat]}"
            f"{', ' + status if status else ''}; cards {cards or '-'}"
        )
    if hand.community:
        lines.append("community: " + format_cards(hand.community))
    face_down = len(hand.view(None).community) - len(hand.community)
    if face_down:
        lines.append(f"community face down (not yet turned): {face_down}")
    if hand.indicators:
        lines.append("indicators (in no hand): " + format_cards(hand.indicators))
    pots = ", ".join(f"{p.amount} [{' '.join(f'p{s + 1}' for s in p.eligible)}]" for p in hand.pots())
    lines.append(f"pots: {pots or '-'}")
    pending = hand.pending_deal()
    if pending is not None:
        board = "the indicator card (in no hand)" if pending.indicator else "the board"
        lines.append("next: a deal to " + (board if pending.seat is None else f"p{pending.seat + 1}"))
    return "\n".join(lines)


class InProcessEngine:
    """The reference adapter called directly: the default engine of ``studspec conform``."""

    def __init__(self) -> None:
        self.adapter = ReferenceAdapter()

    def send(self, message: Message) -> Reply:
        try:
            reply = self.adapter.handle(message)
        except Exception as error:
            self.adapter = ReferenceAdapter()
            raise EngineFault(f"the interpreter crashed: {type(error).__name__}: {error}") from error
        return parse_reply(reply)

    def close(self) -> None:
        self.adapter = ReferenceAdapter()


def _lines(stdin: TextIO) -> Iterator[str | JSONLineError]:
    """The lines of ``stdin``, each read into at most :data:`MAX_LINE` characters: a longer
    line is skipped to its end and given as the error to reply with."""
    while True:
        line = stdin.readline(MAX_LINE + 3)  # the longest line allowed, and its \r\n
        if not line:
            return
        if len(line.rstrip("\r\n")) <= MAX_LINE:
            yield line
            continue
        length = len(line)
        while line and not line.endswith("\n"):
            line = stdin.readline(1 << 16)
            length += len(line)
        yield JSONLineError(f"a line of {length} characters: at most {MAX_LINE} are allowed")


def answer(adapter: ReferenceAdapter, line: str) -> Message:
    """The reply to one line of input: a bad line gets an error reply, never an exception."""
    try:
        message = load_line(line)
    except JSONLineError as error:
        return {"error": f"malformed message: {error}"}
    try:
        return adapter.handle(message)
    except Exception as error:  # a bug of the interpreter: report it, forget the hand, keep serving
        traceback.print_exc(file=sys.stderr)
        adapter.hand = None
        return {"error": f"engine error: {type(error).__name__}: {error}"}


def serve(stdin: TextIO, stdout: TextIO) -> int:
    """Answer protocol lines from ``stdin`` on ``stdout`` until end of input, one reply a
    line (blank lines aside), whatever the line holds."""
    adapter = ReferenceAdapter()
    for line in _lines(stdin):
        if isinstance(line, JSONLineError):
            reply: Message = {"error": f"malformed message: {line}"}
        elif not line.strip():
            continue
        else:
            reply = answer(adapter, line)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
