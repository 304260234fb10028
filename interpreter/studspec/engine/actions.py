"""Player actions in the vocabulary of PHH hand histories, and what may be chosen.

``f`` fold, ``cc`` check or call, ``pb`` post the bring-in, ``cbr X`` complete, bet or raise
to ``X`` (the seat's total for the street), ``sm CARDS`` show, bare ``sm`` muck. Using the
PHH words everywhere (API, CLI prompts, conformance cases) means a history, a test case and
a typed command are the same text.

PHH has no action for a hi-lo declaration; studspec writes it ``dcl`` and the shares declared:
``dcl high``, ``dcl low`` or ``dcl both`` in a high-low book, share numbers (``dcl 1+3``) or
``dcl all`` in any (``p3 dcl both`` in a history; :class:`Declaration`). A dealt-card rule with a price (Baseball's
bought extra card, an up 3's match the pot or fold) is answered ``pay 200``, ``decline`` or
``f``. A PHH reader that does not know ``dcl`` or ``pay`` refuses such a history rather than
misreading it (docs/conformance.md).

What a player does with its cards besides betting is written with the cards it names: PHH's
own ``sd CARDS`` (discard, or draw when the book deals replacements; a bare ``sd`` stands
pat), and studspec's ``up CARDS`` (turn cards face up), ``pass CARDS`` (pass them on),
``buy CARD`` (buy a replacement; ``decline`` buys none) and ``set CARDS`` (the cards of the
first of two hands a seat sets).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum, unique
from itertools import combinations
from typing import ClassVar

from studspec.errors import ActionFormatError, CardFormatError

from .cards import Card, format_cards, parse_cards
from .records import quick_init


@unique
class ActionKind(str, Enum):
    """What a seat does; the value is the PHH action code."""

    FOLD = "f"
    """Give up the hand."""
    CHECK_CALL = "cc"
    """Check when nothing is owed, else call (all-in for less when short)."""
    BRING_IN = "pb"
    """Post the bring-in (the forced opening bet of the first street)."""
    COMPLETE_BET_RAISE = "cbr"
    """Complete the bring-in to a full bet, bet, or raise; the amount is the street total."""
    SHOW_MUCK = "sm"
    """Show cards at showdown (or when all-in), or muck them (no cards)."""
    DECLARE = "dcl"
    """Declare for one share, several or all before a declare showdown (the high share, the
    low share or both in a high-low book; studspec's own code: PHH has none)."""
    PAY = "pay"
    """Pay what a dealt-card rule asks (Baseball's extra card, an up 3's match the pot); the
    amount is the price (studspec's own code: PHH has none)."""
    DECLINE = "decline"
    """Say no to a dealt-card rule's price and forgo what it gives, or buy no card (studspec's
    own code)."""
    DISCARD = "sd"
    """Discard the named cards (a draw: and be dealt replacements); bare ``sd`` stands pat.
    PHH's "stand pat or discard"."""
    TURN_UP = "up"
    """Turn the named down cards face up (roll your own, flip; studspec's own code)."""
    PASS = "pass"
    """Pass the named cards to the seat the book says (studspec's own code)."""
    BUY = "buy"
    """Buy a replacement for the named card, at the book's price (studspec's own code)."""
    SET = "set"
    """Set two hands: the named cards make the first, the rest the second (studspec's own code)."""


@dataclass(frozen=True, slots=True)
class Declaration:
    """What a seat plays for in a declare game: a non-empty set of the book's shares
    (docs/rules.md V7), as its ``dcl`` line spells it.

    ``value`` is the text after ``dcl``: share numbers in the book's ``pots.shares`` order,
    ascending, joined by ``+`` (``1``, ``1+3``); ``all`` for every share; and, in a book of
    two shares one of which is a high poker hand, the words ``high`` (that share), ``low``
    (the other) and ``both``. A declaration is read without its book (a history line, a
    typed action), so what it names is resolved against the book's shares by :meth:`shares`,
    and the engine records it as the book spells it (:func:`spelled`): the words where the
    book has them, else numbers, and ``all`` for every share."""

    value: str

    def __post_init__(self) -> None:
        if type(self.value) is not str:
            raise ActionFormatError(f"a declaration is text ({DECLARATION_SYNTAX}), not {self.value!r}")
        if self.value not in DECLARATION_WORDS and share_numbers(self.value) != self.value:
            raise ActionFormatError(f"write the share numbers ascending: {share_numbers(self.value)}")

    def shares(self, highs: Sequence[bool]) -> tuple[int, ...]:
        """The indexes (from 0, ascending) of the shares this names in a book whose shares
        are, in order, high poker hands or not (``highs``). Raises :class:`ActionFormatError`,
        saying what the book allows, when it names a share the book does not have."""
        count = len(highs)
        if self.value == "all":
            return tuple(range(count))
        if self.value in DECLARATION_WORDS:
            if not worded(highs):
                raise ActionFormatError(
                    f"'{self.value}' names a share of a book with two shares, one a high poker hand; "
                    f"this book's {count} shares are declared by number (1, 1+2, all)"
                )
            high = highs.index(True)
            return {"high": (high,), "low": (1 - high,)}.get(self.value, (0, 1))
        numbers = tuple(int(part) - 1 for part in self.value.split("+"))
        if numbers[-1] >= count:
            raise ActionFormatError(
                f"this book has {count} shares, numbered 1 to {count}: there is no share {numbers[-1] + 1}"
            )
        return numbers

    @property
    def swing(self) -> bool:
        """Whether this names more than one share (a declare book has two or three): the
        seat must win or tie each of them, or it takes nothing from the pot."""
        return self.value in ("both", "all") or "+" in self.value

    def __str__(self) -> str:
        return self.value

    HIGH: ClassVar[Declaration]
    """The high share of a high-low book."""
    LOW: ClassVar[Declaration]
    """The other share of a high-low book (the low, or a card: High Chicago's spade)."""
    BOTH: ClassVar[Declaration]
    """Both shares of a high-low book: a swing, which must win or tie each of them."""
    ALL: ClassVar[Declaration]
    """Every share of the book: a swing over them all."""


DECLARATION_WORDS = ("high", "low", "both", "all")
"""The words a declaration may be; ``all`` in any book, the others in a high-low book."""
MOST_SHARES = 9
"""Share numbers are single digits: a book has at most three shares (``pots.shares``), and
one digit each keeps a hostile ``dcl`` line short to read."""
DECLARATION_SYNTAX = "share numbers joined by + (1, 1+3), all, or in a high-low book high, low or both"

Declaration.HIGH = Declaration("high")
Declaration.LOW = Declaration("low")
Declaration.BOTH = Declaration("both")
Declaration.ALL = Declaration("all")


def share_numbers(text: str) -> str:
    """``text`` (``3+1``) as a declaration by share numbers, ascending (``1+3``); raises
    :class:`ActionFormatError` naming what is allowed for anything else."""
    parts = text.split("+")
    if len(text) > 2 * MOST_SHARES or any(len(p) != 1 or not "1" <= p <= str(MOST_SHARES) for p in parts):
        raise ActionFormatError(f"declare {DECLARATION_SYNTAX}, not {shown(text)}")
    twice = sorted({p for p in parts if parts.count(p) > 1})
    if twice:
        raise ActionFormatError(f"{shown(text)} names share {twice[0]} twice: name each share once")
    return "+".join(sorted(parts))


def worded(highs: Sequence[bool]) -> bool:
    """Whether a book's shares are declared ``high``, ``low`` or ``both``: two shares, one of
    them a high poker hand (the high-low books, and High Chicago declared)."""
    return len(highs) == 2 and sum(highs) == 1


def spelled(indexes: Sequence[int], highs: Sequence[bool]) -> Declaration:
    """The declaration of the shares ``indexes`` as a book with these shares writes it."""
    chosen = sorted(set(indexes))
    if worded(highs):
        return Declaration.BOTH if len(chosen) == 2 else Declaration.HIGH if highs[chosen[0]] else Declaration.LOW
    if len(chosen) == len(highs):
        return Declaration.ALL
    return Declaration("+".join(str(index + 1) for index in chosen))


def declaration_choices(highs: Sequence[bool]) -> tuple[Declaration, ...]:
    """Every declaration a book with these shares offers: each share alone, then each pair,
    and every share (a high-low book: ``high``, ``low``, ``both``)."""
    count = len(highs)
    sets = [c for size in range(1, count + 1) for c in combinations(range(count), size)]
    return tuple(spelled(chosen, highs) for chosen in sets)


# Read for every action made and checked (defined here, beside the enum; why: .hot).
_CBR, _PAY, _DECLARE = ActionKind.COMPLETE_BET_RAISE, ActionKind.PAY, ActionKind.DECLARE
_WITH_AMOUNT = (_CBR, _PAY)
CARD_DECISIONS = frozenset((ActionKind.DISCARD, ActionKind.TURN_UP, ActionKind.PASS, ActionKind.BUY, ActionKind.SET))
"""The kinds that name cards a seat holds: what it does with its cards besides betting."""
_NEED_CARDS = frozenset((ActionKind.BUY, ActionKind.SET))
"""Card decisions that must name at least one card: a bare ``sd`` stands pat, a bare ``up``
or ``pass`` turns up or passes nothing (where the book lets a seat name none), a buy that
buys nothing is ``decline``, and a set names its first hand."""

MAX_AMOUNT_DIGITS = 18
"""Most digits an amount (or a seat number) written as text may have: 18 digits is below
10**18, far beyond any table's chips, and keeps a hostile line from costing a huge number."""

ACTION_SYNTAX = (
    "f, cc, pb, cbr AMOUNT, sm CARDS (show), sm (muck), dcl SHARES (declare: 1+3, all, high, low, both), "
    "pay or pay AMOUNT (a dealt card's price) or decline, sd or sd CARDS (discard or draw), "
    "up CARDS, pass CARDS, buy CARD, set CARDS"
)


@quick_init
@dataclass(frozen=True, slots=True)
class Action:
    """One action as a seat takes it."""

    kind: ActionKind
    amount: int | None = None
    """For ``cbr``: the seat's total wager on this street after the action; for ``pay``: the
    price paid (optional when asking: the price is the rule's)."""
    cards: tuple[Card | None, ...] | None = None
    """For ``sm``: the cards shown (``None`` when mucking); for a card decision (``sd``,
    ``up``, ``pass``, ``buy``, ``set``) the cards it names. ``None`` items are unknown."""
    declaration: Declaration | None = None
    """For ``dcl``: what the seat declares."""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ActionKind):
            raise ActionFormatError(f"an action's kind must be an ActionKind, not {self.kind!r}")
        if not self.cards and self.kind in _NEED_CARDS:
            raise ActionFormatError(f"{self.kind.value} needs the cards it names (e.g. '{self.kind.value} 7h')")
        if self.amount is None:
            if self.kind is _CBR:
                raise ActionFormatError("cbr needs an amount, the seat's total for the street")
            return
        if self.kind not in _WITH_AMOUNT:
            raise ActionFormatError(f"{self.kind.value} takes no amount, not {self.amount!r}")
        if isinstance(self.amount, bool) or not isinstance(self.amount, int):
            raise ActionFormatError(
                f"the amount of {self.kind.value} must be a whole number of chips, not {self.amount!r}"
            )
        if self.amount < 0:
            raise ActionFormatError(f"the amount of {self.kind.value} must not be negative, not {self.amount}")

    def __str__(self) -> str:
        if self.kind is ActionKind.COMPLETE_BET_RAISE:
            return f"cbr {self.amount}"
        if self.kind is ActionKind.PAY and self.amount is not None:
            return f"pay {self.amount}"
        if self.kind is ActionKind.DECLARE and self.declaration is not None:
            return f"dcl {self.declaration.value}"
        if self.cards and (self.kind is ActionKind.SHOW_MUCK or self.kind in CARD_DECISIONS):
            return f"{self.kind.value} {format_cards(self.cards)}"
        return str(self.kind.value)


FOLD = Action(ActionKind.FOLD)
CHECK_CALL = Action(ActionKind.CHECK_CALL)
BRING_IN = Action(ActionKind.BRING_IN)
MUCK = Action(ActionKind.SHOW_MUCK)


def bet_to(amount: int) -> Action:
    """``cbr amount``: complete, bet or raise to ``amount`` for the street."""
    return Action(ActionKind.COMPLETE_BET_RAISE, amount=amount)


def declare(declaration: Declaration) -> Action:
    """``dcl SHARES``: declare for shares of a declare pot (``dcl 1+3``, ``dcl both``)."""
    return Action(ActionKind.DECLARE, declaration=declaration)


def show(cards: tuple[Card | None, ...]) -> Action:
    """``sm CARDS``: table these cards."""
    return Action(ActionKind.SHOW_MUCK, cards=tuple(cards))


def choose(kind: ActionKind, cards: tuple[Card | None, ...]) -> Action:
    """A card decision naming ``cards`` (``sd`` with none stands pat)."""
    return Action(kind, cards=tuple(cards) if cards else None)


def is_number(word: str) -> bool:
    """Whether ``word`` is a whole number written in ASCII digits ``0-9`` only.

    ``str.isdigit`` also accepts other scripts' digits (``٤٠٠``, full-width ``５``) and
    superscripts (``²``, which ``int`` then refuses), so it is never used to read an amount."""
    return word.isascii() and word.isdigit()


def shown(text: str, limit: int = 60) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters: a hostile line of a
    hundred thousand characters is named, not printed whole."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}... ({len(text):,} characters)"


def parse_amount(word: str, what: str = "an amount") -> int:
    """``word`` as a whole number of at most :data:`MAX_AMOUNT_DIGITS` ASCII digits."""
    if not is_number(word):
        raise ActionFormatError(f"{what} is written in digits 0-9, not {shown(word)}")
    if len(word) > MAX_AMOUNT_DIGITS:
        raise ActionFormatError(f"{what} has {len(word)} digits; at most {MAX_AMOUNT_DIGITS} are accepted")
    return int(word)


def parse_action(text: str) -> Action:
    """Read an action written the PHH way (``cbr 400``, ``sm AsKd7h``).

    >>> parse_action("cbr 400") == bet_to(400)
    True
    >>> str(parse_action("SM askd7h")), str(parse_action("sm"))
    ('sm AsKd7h', 'sm')
    >>> parse_action("raise 400")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    studspec.errors.ActionFormatError: unknown action 'raise 400': write one of f, cc, pb, cbr AMOUNT, ...
    """
    words = text.split()
    if not words:
        raise ActionFormatError(f"empty action: write one of {ACTION_SYNTAX}")
    code, rest = words[0].lower(), words[1:]
    try:
        kind = ActionKind(code)
    except ValueError:
        raise ActionFormatError(f"unknown action {shown(text)}: write one of {ACTION_SYNTAX}") from None
    if kind is ActionKind.COMPLETE_BET_RAISE:
        if len(rest) != 1:
            raise ActionFormatError(f"{shown(text)}: cbr needs one whole amount, the street total (e.g. 'cbr 400')")
        return bet_to(_amount(text, rest[0]))
    if kind is ActionKind.SHOW_MUCK:
        if len(rest) > 1:
            raise ActionFormatError(f"{shown(text)}: write the shown cards as one run, e.g. 'sm AsKd7h'")
        if not rest:
            return MUCK
        try:
            return show(tuple(parse_cards(rest[0], allow_unknown=True)))
        except CardFormatError as error:
            raise ActionFormatError(f"{shown(text)}: {error}") from None
    if kind is ActionKind.DECLARE:
        return _parse_declaration(text, rest)
    if kind in CARD_DECISIONS:
        return _parse_card_decision(text, kind, rest)
    if kind is ActionKind.PAY and rest:
        if len(rest) != 1:
            raise ActionFormatError(f"{shown(text)}: pay takes at most one whole amount, the price (e.g. 'pay 200')")
        return Action(kind, amount=_amount(text, rest[0]))
    if rest:
        raise ActionFormatError(f"{shown(text)}: {code} takes no amount")
    return Action(kind)


def _amount(text: str, word: str) -> int:
    try:
        return parse_amount(word)
    except ActionFormatError as error:
        raise ActionFormatError(f"{shown(text)}: {error}") from None


def _parse_card_decision(text: str, kind: ActionKind, rest: list[str]) -> Action:
    code = kind.value
    if len(rest) > 1:
        raise ActionFormatError(f"{shown(text)}: write the cards as one run, e.g. '{code} 7h2c'")
    if not rest:
        if kind not in _NEED_CARDS:
            return Action(kind)
        raise ActionFormatError(f"{shown(text)}: {code} needs the cards it names (e.g. '{code} 7h')")
    try:
        cards = tuple(parse_cards(rest[0], allow_unknown=True))
    except CardFormatError as error:
        raise ActionFormatError(f"{shown(text)}: {error}") from None
    return choose(kind, cards)


def _parse_declaration(text: str, rest: list[str]) -> Action:
    """``dcl WORD``: one word, the shares declared (:class:`Declaration`); numbers in any
    order are written ascending."""
    if len(rest) != 1:
        raise ActionFormatError(f"{shown(text)}: dcl takes one word, {DECLARATION_SYNTAX} (e.g. 'dcl 1+3')")
    word = rest[0].lower()
    if word in DECLARATION_WORDS:
        return declare(Declaration(word))
    try:
        return declare(Declaration(share_numbers(word)))
    except ActionFormatError as error:
        raise ActionFormatError(f"{shown(text)}: {error}") from None


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One choice open to the seat to act, with exact amounts.

    For ``cbr`` the seat may choose any total from ``minimum`` to ``maximum``; in fixed limit
    the two are equal (the open-pair rule then offers two ``cbr`` choices). For ``pb`` and
    ``cc`` both are the seat's street total after the action. ``cost`` is what the action
    takes from the stack at its minimum.
    """

    kind: ActionKind
    minimum: int | None = None
    maximum: int | None = None
    cost: int = 0
    declaration: Declaration | None = None
    """For ``dcl``: the declaration this choice makes, as the book spells it."""
    highs: tuple[bool, ...] = ()
    """For ``dcl``: each of the book's shares, whether it is a high poker hand; a declaration
    spelled another way (``1+2`` for ``both``) is this choice when it names the same shares."""
    cards: tuple[Card | None, ...] = ()
    """For a card decision: the seat's cards it may name (``minimum`` to ``maximum`` of them;
    ``cost`` is its price for each card drawn or bought)."""

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is this choice (with an amount inside the range)."""
        if action.kind is not self.kind:
            return False
        if self.kind in CARD_DECISIONS:
            assert self.minimum is not None and self.maximum is not None
            return self.minimum <= len(action.cards or ()) <= self.maximum
        if self.kind is _DECLARE:
            return action.declaration is not None and _respelled(action.declaration, self.highs) == self.declaration
        if self.kind is _PAY:
            return action.amount is None or action.amount == self.cost
        if self.kind is _CBR:
            assert self.minimum is not None and self.maximum is not None
            return action.amount is not None and self.minimum <= action.amount <= self.maximum
        return True

    def __str__(self) -> str:
        if self.kind is ActionKind.COMPLETE_BET_RAISE:
            if self.minimum == self.maximum:
                return f"cbr {self.minimum}"
            return f"cbr {self.minimum}..{self.maximum}"
        if self.kind is ActionKind.PAY:
            return f"pay {self.cost}"
        if self.kind is ActionKind.DECLARE and self.declaration is not None:
            return f"dcl {self.declaration.value}"
        if self.kind in CARD_DECISIONS:
            return f"{self.kind.value} {_count(self.minimum, self.maximum)}" + (
                f" ({self.cost} a card)" if self.cost else ""
            )
        return str(self.kind.value)


def _respelled(declaration: Declaration, highs: Sequence[bool]) -> Declaration | None:
    """``declaration`` as the book spells it, or ``None`` when it names a share the book lacks."""
    try:
        return spelled(declaration.shares(highs), highs)
    except ActionFormatError:
        return None


def _count(minimum: int | None, maximum: int | None) -> str:
    """How many cards a card decision names: ``2 cards``, ``0-3 cards``."""
    many = f"{minimum}" if minimum == maximum else f"{minimum}-{maximum}"
    return f"{many} card" + ("" if many == "1" else "s")
