"""The reference adapter: the interpreter behind the engine protocol.

``studspec engine`` serves it on stdin/stdout, so a team can check the harness itself (and
see what correct replies look like) before pointing it at their server; ``studspec conform``
without ``--engine`` calls it in-process through :class:`InProcessEngine`, so the reference
and a foreign engine run through the very same driver and checks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TextIO

from studspec.engine.actions import parse_action
from studspec.engine.cards import Card, format_cards, parse_card
from studspec.engine.hand import Hand
from studspec.errors import DeckExhaustedError, EngineFault, HandError, MessageError
from studspec.spec.model import Face, Stakes

from .protocol import Message, Reply, parse_reply
from .rulebook import variant_from_resolved

REFUSALS = (HandError, ValueError, DeckExhaustedError)
"""What a refused message raises: illegal actions and deals, bad cards, bad stakes or books."""


_KINDS = {int: "a whole number", str: "a string", list: "a list", dict: "an object"}


def _field(message: Mapping[str, Any], key: str, kind: type) -> Any:
    """A required field of ``kind`` (``True`` is no whole number here, though Python says so)."""
    value = message.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise MessageError(f"{message.get('type')!r} message: {key!r} is missing or not {_KINDS[kind]}")
    return value


def _card(text: str) -> Card | None:
    return None if text == "??" else parse_card(text)


class ReferenceAdapter:
    """Answers protocol messages with the interpreter; one hand at a time."""

    def __init__(self) -> None:
        self.hand: Hand | None = None

    def handle(self, message: Any) -> Message:
        """The reply to one decoded message (a state, or ``{"error": ...}``)."""
        try:
            if not isinstance(message, dict):
                raise MessageError("a message must be a JSON object")
            kind = message.get("type")
            if kind not in ("new_hand", "deal", "action", "query"):
                raise MessageError(f"unknown message type {kind!r}: new_hand, deal, action or query")
            if kind == "new_hand":
                self._new_hand(message)
            elif kind == "query":
                return self.state(detail=True)
            elif self.hand is None:
                raise MessageError(f"{kind!r} before any new_hand")
            elif kind == "deal":
                seat = message.get("seat")
                if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                    raise MessageError("'deal' message: 'seat' must be a seat number or null")
                cards = _field(message, "cards", list)
                self.hand.deal(seat, [_card(str(c)) for c in cards])
            else:
                seat = _field(message, "seat", int)
                self.hand.act(parse_action(_field(message, "action", str)), seat=seat)
        except REFUSALS as error:
            return {"error": str(error)}
        return self.state()

    def _new_hand(self, message: Mapping[str, Any]) -> None:
        self.hand = None
        variant = variant_from_resolved(_field(message, "rulebook", dict))
        stakes = _field(message, "stakes", dict)
        try:
            table = Stakes(
                ante=int(stakes["ante"]),
                bring_in=int(stakes["bring_in"]),
                small_bet=int(stakes["small_bet"]),
                big_bet=int(stakes["big_bet"]),
            )
        except (KeyError, TypeError) as error:
            raise MessageError(
                f"'new_hand' message: stakes need ante, bring_in, small_bet and big_bet ({error})"
            ) from None
        stacks = _field(message, "stacks", list)
        self.hand = Hand(variant, stacks, stakes=table, deal_from_outside=True, auto_showdown=False)

    def state(self, detail: bool = False) -> Message:
        hand = self.hand
        if hand is None:
            return {"to_act": None, "legal": [], "complete": False, "stacks": []}
        actor = hand.actor
        reply: Message = {
            "to_act": actor,
            "legal": [str(a) for a in hand.legal_actions()] if actor is not None else [],
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
    pots = ", ".join(f"{p.amount} [{' '.join(f'p{s + 1}' for s in p.eligible)}]" for p in hand.pots())
    lines.append(f"pots: {pots or '-'}")
    pending = hand.pending_deal()
    if pending is not None:
        lines.append("next: a deal to " + ("the board" if pending.seat is None else f"p{pending.seat + 1}"))
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


def serve(stdin: TextIO, stdout: TextIO) -> int:
    """Answer protocol lines from ``stdin`` on ``stdout`` until end of input."""
    adapter = ReferenceAdapter()
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except json.JSONDecodeError as error:
            reply: Message = {"error": f"malformed message, not JSON: {error.msg}"}
        else:
            reply = adapter.handle(message)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
