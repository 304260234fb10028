"""What a case expects part-way through a hand, and the table state it is compared with.

A case states expectations at points of its history: after the first N entries of
``actions`` (deals included) it may say whose turn it is (``_to_act``), exactly which
actions are legal (``_legal``, with the amount of every choice that moves chips: ``cc 3``
is a call of 3 chips, a bare ``cc`` a check), what each seat has behind (``_stacks``) and
which action must be refused (``_illegal``). Each kind is a small frozen record that knows
how to read itself from the PHH field and, for those that look only at the state, how to
compare itself with what an engine reports and name the check it makes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from studspec.engine.actions import CARD_DECISIONS, is_number
from studspec.errors import CheckpointFormatError


@dataclass(frozen=True)
class TableState:
    """What an engine reports after each message: the protocol's state reply.

    ``detail`` is free text the engine may add to describe the hand (the reference gives
    every seat's cards, bets and the pots); it is shown when a case fails and compared
    before and after a refused action, but never checked against a case.
    """

    to_act: int | None
    """The seat whose action is awaited (0-based), or ``None`` (dealing, or the hand is over)."""
    legal: frozenset[str]
    complete: bool
    stacks: tuple[int, ...]
    detail: str = field(default="", compare=False)

    def summary(self) -> str:
        """One line: whose turn, the legal actions, the stacks."""
        turn = "nobody" if self.to_act is None else seat_name(self.to_act)
        legal = ", ".join(sorted_actions(self.legal)) or "none"
        over = "; the hand is over" if self.complete else ""
        stacks = " ".join(str(s) for s in self.stacks)
        return f"to act: {turn}; legal: {legal}; stacks: {stacks}{over}"


def seat_name(seat: int) -> str:
    """``pK``, the PHH name of 0-based seat ``K - 1``."""
    return f"p{seat + 1}"


_SEAT = re.compile(r"^p([1-9][0-9]*)$")
_RANGE = re.compile(r"^cbr ([0-9]+)\.\.([0-9]+)$")
_CARD_CODES = frozenset(kind.value for kind in CARD_DECISIONS)
"""The codes of decisions about cards: as a legal choice, ``CODE COUNT CARDS [PRICE]``."""


def normalize_action(text: str) -> str:
    """One spelling per legal action: single spaces, lower-case codes, ``cbr 10..10`` as
    ``cbr 10`` (a range of one amount is that amount), ``cc 0`` as ``cc`` (a check moves no
    chips); a decision about cards with its count as one number when the range is one
    (``sd 2..2`` as ``sd 2``) and the cards it may name in one order (``sd 2 2c7hAsKd``)."""
    words = text.split()
    if not words:
        return ""
    normal = " ".join([words[0].lower(), *words[1:]])
    match = _RANGE.match(normal)
    if match and match.group(1) == match.group(2):
        return f"cbr {match.group(1)}"
    if normal == "cc 0":
        return "cc"
    if words[0].lower() in _CARD_CODES and len(words) >= 3:
        return _card_choice(normal.split())
    return normal


def _card_choice(words: list[str]) -> str:
    """``CODE COUNT CARDS [PRICE]`` with a range of one count as that count and the cards
    sorted: the seat's cards are a set, whatever order an engine keeps them in."""
    low, _, high = words[1].partition("..")
    if low == high:
        words[1] = low
    run = words[2]
    if len(run) % 2 == 0:
        words[2] = "".join(sorted(run[i : i + 2] for i in range(0, len(run), 2)))
    return " ".join(words)


def action_cost(choice: str) -> int | None:
    """The chips a legal choice moves from the stack when its amount says so: ``cc 3``,
    ``pb 3`` and ``pay 20`` move that many; ``f``, a bare ``cc`` (a check) and ``sm`` none.
    ``None`` for ``cbr``, whose amount is the street total, not what it moves."""
    words = choice.split()
    if not words or words[0] == "cbr":
        return None
    if words[0] in ("cc", "pb", "pay") and len(words) == 2:
        return int(words[1]) if is_number(words[1]) and len(words[1]) <= 30 else None
    return 0


def _action_order(text: str) -> tuple[int, int, str]:
    order = {"f": 0, "cc": 1, "pb": 2, "cbr": 3, "sm": 4}
    words = text.split()
    code = words[0] if words else ""
    amount = words[1].split("..")[0] if len(words) > 1 else ""
    return (order.get(code, 5), int(amount) if is_number(amount) and len(amount) <= 30 else 0, text)


def sorted_actions(actions: Iterable[str]) -> list[str]:
    """Legal actions in the interpreter's order: f, cc, pb, cbr by amount, sm."""
    return sorted(actions, key=_action_order)


@dataclass(frozen=True)
class ToAct:
    """``_to_act``: after ``after`` actions it is ``seat``'s turn (``None``: nobody's)."""

    after: int
    seat: int | None

    def mismatch(self, state: TableState) -> tuple[str, str] | None:
        """``(expected, got)`` when the state disagrees, else ``None``."""
        if state.to_act == self.seat:
            return None
        want = "nobody" if self.seat is None else seat_name(self.seat)
        got = "nobody" if state.to_act is None else seat_name(state.to_act)
        return f"{want} to act", f"{got} to act"

    @property
    def check(self) -> str:
        return f"_to_act after {self.after} actions (whose turn)"


@dataclass(frozen=True)
class Legal:
    """``_legal``: after ``after`` actions the legal actions are exactly ``actions``."""

    after: int
    actions: frozenset[str]

    def mismatch(self, state: TableState) -> tuple[str, str] | None:
        if state.legal == self.actions:
            return None
        missing = sorted_actions(self.actions - state.legal)
        extra = sorted_actions(state.legal - self.actions)
        got = "legal {" + ", ".join(sorted_actions(state.legal)) + "}"
        notes = []
        if missing:
            notes.append("missing " + ", ".join(missing))
        if extra:
            notes.append("not allowed " + ", ".join(extra))
        return "legal {" + ", ".join(sorted_actions(self.actions)) + "}", f"{got} ({'; '.join(notes)})"

    @property
    def check(self) -> str:
        return f"_legal after {self.after} actions (the choices and their amounts)"


@dataclass(frozen=True)
class Stacks:
    """``_stacks``: after ``after`` actions each seat has exactly ``stacks`` behind (what its
    antes, bets and calls have left it), so a wrong amount shows where it is taken."""

    after: int
    stacks: tuple[int, ...]

    def mismatch(self, state: TableState) -> tuple[str, str] | None:
        if state.stacks == self.stacks:
            return None
        return "stacks " + " ".join(map(str, self.stacks)), "stacks " + " ".join(map(str, state.stacks))

    @property
    def check(self) -> str:
        return f"_stacks after {self.after} actions (the chips behind each seat)"


@dataclass(frozen=True)
class Illegal:
    """``_illegal``: after ``after`` actions, ``line`` (a PHH action line) must be refused
    and leave the hand unchanged."""

    after: int
    line: str

    @property
    def check(self) -> str:
        return f"_illegal after {self.after} actions: {self.line!r} refused by the rules, the hand unchanged"


Checkpoint = ToAct | Legal | Stacks | Illegal


def _pairs(value: Any, key: str, actions: int) -> list[tuple[int, Any]]:
    if not isinstance(value, list):
        raise CheckpointFormatError(f"'{key}' must be a list of [N, ...] pairs")
    pairs = []
    for item in value:
        pair = isinstance(item, list) and len(item) == 2
        if not (pair and isinstance(item[0], int) and not isinstance(item[0], bool)):
            raise CheckpointFormatError(f"'{key}': {item!r} is not a pair [N, ...] with N a whole number")
        if not 0 <= item[0] <= actions:
            raise CheckpointFormatError(
                f"'{key}': N = {item[0]} is outside 0..{actions} (the number of actions in the case)"
            )
        pairs.append((item[0], item[1]))
    return pairs


def _seat(value: Any, key: str) -> int | None:
    if value == "none":
        return None
    match = _SEAT.match(value) if isinstance(value, str) else None
    if match is None:
        raise CheckpointFormatError(f'\'{key}\': {value!r} is not a seat: write "p1", "p2", ... or "none"')
    return int(match.group(1)) - 1


def _action_set(value: Any, key: str) -> frozenset[str]:
    if not isinstance(value, list) or not all(isinstance(a, str) and a.strip() for a in value):
        raise CheckpointFormatError(f'\'{key}\': {value!r} must be a list of actions such as ["f", "cc", "cbr 10"]')
    return frozenset(normalize_action(a) for a in value)


def _stack_list(value: Any, key: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise CheckpointFormatError(f"'{key}': {value!r} must be a list of whole numbers, one per seat")
    return tuple(value)


def parse_checkpoints(extra: dict[str, Any], actions: int) -> tuple[Checkpoint, ...]:
    """Read ``_to_act``, ``_legal``, ``_stacks`` and ``_illegal`` from a case's extra fields,
    in order of N (then to_act, legal, stacks, illegal, as written)."""
    found: list[Checkpoint] = []
    if "_to_act" in extra:
        found += [ToAct(n, _seat(v, "_to_act")) for n, v in _pairs(extra["_to_act"], "_to_act", actions)]
    if "_legal" in extra:
        found += [Legal(n, _action_set(v, "_legal")) for n, v in _pairs(extra["_legal"], "_legal", actions)]
    if "_stacks" in extra:
        found += [Stacks(n, _stack_list(v, "_stacks")) for n, v in _pairs(extra["_stacks"], "_stacks", actions)]
    if "_illegal" in extra:
        for n, line in _pairs(extra["_illegal"], "_illegal", actions):
            if not isinstance(line, str) or not line.strip():
                raise CheckpointFormatError(f"'_illegal': {line!r} must be an action line such as \"p2 cbr 13\"")
            found.append(Illegal(n, line.strip()))
    kinds = {ToAct: 0, Legal: 1, Stacks: 2, Illegal: 3}
    return tuple(sorted(found, key=lambda c: (c.after, kinds[type(c)])))
