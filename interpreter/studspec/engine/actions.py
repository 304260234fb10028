"""Player actions in the vocabulary of PHH hand histories, and what may be chosen.

``f`` fold, ``cc`` check or call, ``pb`` post the bring-in, ``cbr X`` complete, bet or raise
to ``X`` (the seat's total for the street), ``sm CARDS`` show, bare ``sm`` muck. Using the
PHH words everywhere (API, CLI prompts, conformance cases) means a history, a test case and
a typed command are the same text.

PHH has no action for a hi-lo declaration; studspec writes it ``dcl high``, ``dcl low`` or
``dcl both`` (``p3 dcl both`` in a history). A dealt-card rule with a price (Baseball's
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

from dataclasses import dataclass
from enum import Enum, unique

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
    """Declare for the high share, the low share or both before a hi-lo declare showdown
    (studspec's own code: PHH has none)."""
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


@unique
class Declaration(str, Enum):
    """What a seat plays for in a hi-lo declare game."""

    HIGH = "high"
    """The high share only."""
    LOW = "low"
    """The low share only."""
    BOTH = "both"
    """Both shares: the seat must win or tie each of them, or it wins nothing (a swing)."""

    def plays_for(self, low: bool) -> bool:
        """Whether a seat so declared contends for the low share (``low``) or the high one."""
        return self is Declaration.BOTH or (self is Declaration.LOW) == low


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
    "f, cc, pb, cbr AMOUNT, sm CARDS (show), sm (muck), dcl high|low|both (declare), "
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
    """``dcl high|low|both``: declare for a share of a hi-lo declare pot."""
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
    choices = ", ".join(d.value for d in Declaration)
    if len(rest) != 1:
        raise ActionFormatError(f"{shown(text)}: dcl takes one word, {choices} (e.g. 'dcl high')")
    try:
        return declare(Declaration(rest[0].lower()))
    except ValueError:
        raise ActionFormatError(f"{shown(text)}: declare one of {choices}") from None


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
    """For ``dcl``: the declaration this choice makes."""
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
            return action.declaration is self.declaration
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


def _count(minimum: int | None, maximum: int | None) -> str:
    """How many cards a card decision names: ``2 cards``, ``0-3 cards``."""
    many = f"{minimum}" if minimum == maximum else f"{minimum}-{maximum}"
    return f"{many} card" + ("" if many == "1" else "s")
