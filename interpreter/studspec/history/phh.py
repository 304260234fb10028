"""PHH hand histories (uoftcprg/phh-std): read, replay through the rules, and write.

A history is TOML. The standard fields give the game, stakes, stacks and the actions in
order; fields that begin with ``_`` are ours (``_variant`` names the rule book to play)
and leave the file valid PHH. Replay feeds every deal and action to a hand dealt from
outside, so each is checked against the rule book exactly as a live action would be.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studspec.engine.actions import parse_action
from studspec.engine.cards import format_cards, parse_cards
from studspec.engine.events import ActionTaken, CardsDealt, CommunityCardDealt, Declared, EventVisitor, Mucked, Showed
from studspec.engine.hand import Hand
from studspec.errors import ActionFormatError, CardFormatError, HandError, HistoryFormatError, ReplayError, StakesError
from studspec.spec.model import Stakes, Variant


@dataclass(frozen=True)
class History:
    """The fields of a PHH file that a stud replay needs, plus our ``_`` additions."""

    path: str
    variant_code: str
    antes: tuple[int, ...]
    bring_in: int
    small_bet: int
    big_bet: int
    starting_stacks: tuple[int, ...]
    actions: tuple[str, ...]
    finishing_stacks: tuple[int, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    """Every other field of the file (``_variant``, ``_rule``, ``event`` ...)."""


def _ints(data: dict[str, Any], key: str, path: str) -> tuple[int, ...]:
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise HistoryFormatError(f"{path}: '{key}' must be a list of whole numbers")
    return tuple(value)


def _int(data: dict[str, Any], key: str, path: str) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise HistoryFormatError(f"{path}: '{key}' must be a whole number")
    return value


def parse_history(text: str, path: str = "<history>") -> History:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise HistoryFormatError(f"{path}: not valid TOML: {error}") from None
    code = data.get("variant")
    if not isinstance(code, str):
        raise HistoryFormatError(f"{path}: 'variant' must name the game (F7S, F7S/8, FR, ...)")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HistoryFormatError(f"{path}: 'actions' must be a list of strings")
    stacks = _ints(data, "starting_stacks", path)
    antes = _ints(data, "antes", path) if "antes" in data else (0,) * len(stacks)
    finishing = _ints(data, "finishing_stacks", path) if "finishing_stacks" in data else None
    known = {"variant", "actions", "starting_stacks", "antes", "finishing_stacks", "bring_in", "small_bet", "big_bet"}
    return History(
        path=path,
        variant_code=code,
        antes=antes,
        bring_in=_int(data, "bring_in", path),
        small_bet=_int(data, "small_bet", path),
        big_bet=_int(data, "big_bet", path),
        starting_stacks=stacks,
        actions=tuple(actions),
        finishing_stacks=finishing,
        extra={k: v for k, v in data.items() if k not in known},
    )


def read_history(path: str | Path) -> History:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise HistoryFormatError(f"{path}: cannot read: {error.strerror}") from None
    return parse_history(text, str(path))


def stakes_of(history: History) -> Stakes:
    antes = set(history.antes)
    if len(antes) > 1:
        raise HistoryFormatError(
            f"{history.path}: antes differ by seat ({sorted(antes)}); one ante per table is supported"
        )
    return Stakes(
        ante=antes.pop() if antes else 0,
        bring_in=history.bring_in,
        small_bet=history.small_bet,
        big_bet=history.big_bet,
        starting_stack=max(history.starting_stacks, default=0),
    )


def new_replay_hand(history: History, variant: Variant) -> Hand:
    try:
        return Hand(
            variant,
            history.starting_stacks,
            stakes=stakes_of(history),
            deal_from_outside=True,
            auto_showdown=False,
        )
    except StakesError as error:
        raise HistoryFormatError(f"{history.path}: {error}") from None


def apply_history_action(hand: Hand, text: str) -> None:
    """Play one PHH action line on ``hand``; raises with the reason when refused."""
    words = text.split("#", 1)[0].split()
    if not words:
        raise ActionFormatError("empty action")
    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh" and words[2].startswith("p") and words[2][1:].isdigit():
            hand.deal(int(words[2][1:]) - 1, parse_cards(words[3], allow_unknown=True))
            return
        if len(words) == 3 and words[1] == "db":
            cards = parse_cards(words[2], allow_unknown=True)
            for card in cards:
                hand.deal(None, [card])
            return
        raise ActionFormatError(f"{text!r}: a dealing action is 'd dh pN CARDS' or 'd db CARDS'")
    who = words[0]
    if not (who.startswith("p") and who[1:].isdigit()):
        raise ActionFormatError(f"{text!r}: an action starts with the seat (p1, p2, ...) or 'd'")
    seat = int(who[1:]) - 1
    if not 0 <= seat < hand.seats:
        raise ActionFormatError(f"{text!r}: there is no seat {who} at a {hand.seats}-handed table")
    hand.act(parse_action(" ".join(words[1:])), seat=seat)


@dataclass(frozen=True)
class ReplayOutcome:
    history: History
    hand: Hand
    stacks: tuple[int, ...]

    @property
    def matches(self) -> bool | None:
        """Whether the stacks equal ``finishing_stacks`` (``None`` when the file has none)."""
        if self.history.finishing_stacks is None:
            return None
        return self.stacks == self.history.finishing_stacks


def replay(history: History, variant: Variant) -> ReplayOutcome:
    hand = new_replay_hand(history, variant)
    for index, text in enumerate(history.actions):
        try:
            apply_history_action(hand, text)
        except (HandError, ActionFormatError, CardFormatError) as error:
            raise ReplayError(history.path, index, text, str(error)) from None
    if not hand.is_complete:
        raise ReplayError(
            history.path,
            len(history.actions),
            "(end of history)",
            f"the history ends before the hand is over ({hand.waiting_for()})",
        )
    return ReplayOutcome(history, hand, tuple(hand.stacks))


class _ActionLines(EventVisitor):
    """PHH action lines: the dealer's deals and each seat's actions, shows and mucks."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def cards_dealt(self, event: CardsDealt) -> None:
        self.lines.append(f"d dh p{event.seat + 1} {format_cards(event.cards)}")

    def community_card_dealt(self, event: CommunityCardDealt) -> None:
        self.lines.append(f"d db {format_cards([event.card])}")

    def action_taken(self, event: ActionTaken) -> None:
        self.lines.append(f"p{event.seat + 1} {event.action}")

    def declared(self, event: Declared) -> None:
        """studspec's own line (PHH has no declare action): ``p2 dcl both``."""
        self.lines.append(f"p{event.seat + 1} dcl {event.declaration.value}")

    def showed(self, event: Showed) -> None:
        self.lines.append(f"p{event.seat + 1} sm {format_cards(event.cards)}")

    def mucked(self, event: Mucked) -> None:
        self.lines.append(f"p{event.seat + 1} sm")


def history_actions(hand: Hand) -> list[str]:
    """The hand's deals and actions as PHH action lines."""
    reader = _ActionLines()
    reader.visit(hand.events)
    return reader.lines


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def write_history(hand: Hand, *, variant_ref: str | None = None, extra: dict[str, Any] | None = None) -> str:
    """The hand as PHH text; ``replay`` accepts it back unchanged.

    ``variant`` is the rule book's PHH code when it has one; ``_variant`` names the rule
    book so that a house rule replays under its own rules.
    """
    variant = hand.variant
    # A rule book without a PHH code is named by itself; `_variant` is what replay reads.
    code = variant.phh_codes[0] if variant.phh_codes else variant.name
    fields: list[tuple[str, Any]] = [
        ("variant", code),
        ("_variant", variant_ref or variant.name),
        ("ante_trimming_status", True),
        ("antes", [hand.stakes.ante] * hand.seats),
        ("bring_in", hand.stakes.bring_in),
        ("small_bet", hand.stakes.small_bet),
        ("big_bet", hand.stakes.big_bet),
        ("starting_stacks", list(hand.starting_stacks)),
        ("actions", history_actions(hand)),
    ]
    if hand.is_complete:
        fields.append(("finishing_stacks", list(hand.stacks)))
    for key, value in (extra or {}).items():
        fields.append((key, value))
    return "".join(f"{key} = {_toml(value)}\n" for key, value in fields)
