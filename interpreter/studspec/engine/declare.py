"""Hi-lo declare: before the showdown every seat still in says what it plays for.

Each live seat declares one of the book's shares, several or all (``dcl 1+3``, ``dcl all``;
in a high-low book ``dcl high``, ``dcl low`` or ``dcl both``: :class:`.actions.Declaration`). Declaring in turn, each declaration is
public at once; declaring simultaneously (chips in a fist), a declaration stays the
declarer's own until the last seat has declared, and then all are recorded together, so the
event log never tells one seat what another chose before it chose itself. At settlement a
share is contested only by the seats that declared for it, and a seat that declared more
than one share (a swing) must win or tie each of them or it takes nothing from that pot
(docs/rules.md V7: Chicago's "optional declare"; home-game declare rules).
"""

from __future__ import annotations

from .actions import Action, ActionKind, Declaration, LegalAction, declaration_choices, spelled
from .core import HandCore, PhaseHandler, clockwise_from, part
from .events import Declared
from .opening import final_opener
from .phases import PhaseKind, Wait
from .rounds import final_round


def share_highs(hand: HandCore) -> tuple[bool, ...]:
    """Each of the book's shares, whether it is a high poker hand: what ``high`` and ``low``
    name in a high-low book (:meth:`.actions.Declaration.shares`)."""
    return tuple(rule.high for rule, _ in hand.rules.shares)


def declare_choices(hand: HandCore) -> list[LegalAction]:
    """What a seat may declare: every non-empty set of the book's shares, as the book spells it."""
    highs = share_highs(hand)
    return [LegalAction(ActionKind.DECLARE, declaration=d, highs=highs) for d in declaration_choices(highs)]


class DeclarePart:
    """The declare phase's own record."""

    __slots__ = ("declarations", "pending", "queue")

    def __init__(self) -> None:
        self.queue: list[int] = []
        """Seats still to declare, in the order they may."""
        self.declarations: dict[int, Declaration] = {}
        """Every declaration known to the table."""
        self.pending: dict[int, Declaration] = {}
        """Simultaneous declarations made but not yet shown (each known only to its seat)."""


_PART = part(DeclarePart)


def declarations_of(hand: HandCore) -> dict[int, Declaration]:
    """Every declaration known to the table (none in a book where cards speak)."""
    found: DeclarePart = hand.parts[_PART]
    return found.declarations


def own_declaration(hand: HandCore, seat: int) -> Declaration | None:
    """What ``seat`` declared, known to it even before simultaneous declarations are shown."""
    found: DeclarePart = hand.parts[_PART]
    return found.declarations.get(seat, found.pending.get(seat))


def enter_declare(hand: HandCore) -> None:
    """Queue the live seats: in turn from the last aggressor of the final round (else the
    seat that acted first on it), or all at once."""
    found: DeclarePart = hand.parts[_PART]
    live = list(hand.live)
    found.declarations, found.pending = {}, {}
    if len(live) < 2:
        found.queue = []
        return
    if not hand.rules.declare_in_turn:
        found.queue = live
        return
    last = final_round(hand)
    first = last.last_aggressor if last is not None else None
    if first is None or first not in live:
        first = final_opener(hand)
    order = [first, *clockwise_from(hand.seats, first)]
    found.queue = [seat for seat in order if seat in live]


def declarations_done(hand: HandCore) -> bool:
    """The machine's condition to leave the declare phase: every live seat has declared."""
    found: DeclarePart = hand.parts[_PART]
    return not found.queue


def actor(hand: HandCore) -> int | None:
    """The next seat to declare (declaring at once, any seat in the queue may)."""
    found: DeclarePart = hand.parts[_PART]
    return found.queue[0] if found.queue else None


def choices(hand: HandCore, seat: int) -> list[LegalAction]:
    """A seat may declare when it is its turn (in turn) or while it has not declared yet."""
    queue = hand.parts[_PART].queue
    due = queue[:1] == [seat] if hand.rules.declare_in_turn else seat in queue
    return declare_choices(hand) if due else []


def has_declared(hand: HandCore, seat: int) -> bool:
    """Whether ``seat`` has made its declaration (shown or not): a second one is refused."""
    found: DeclarePart = hand.parts[_PART]
    return seat in found.declarations or seat in found.pending


def take(hand: HandCore, seat: int, action: Action) -> bool:
    """Record a declaration already checked as legal, as the book spells it (``1+2`` in a
    high-low book is recorded ``both``), so a history writes one line for one meaning;
    ``True`` while other seats are still to declare (the phase waits on)."""
    assert action.declaration is not None
    highs = share_highs(hand)
    declaration = spelled(action.declaration.shares(highs), highs)
    found: DeclarePart = hand.parts[_PART]
    found.queue.remove(seat)
    if hand.rules.declare_in_turn:
        found.declarations[seat] = declaration
        hand.events.append(Declared(seat, declaration))
        return bool(found.queue)
    found.pending[seat] = declaration
    if found.queue:
        return True
    for declarer in sorted(found.pending):  # the last seat has declared: every declaration is shown
        found.declarations[declarer] = found.pending[declarer]
        hand.events.append(Declared(declarer, found.pending[declarer]))
    found.pending = {}
    return False


DECLARE = PhaseHandler(
    PhaseKind.DECLARE,
    enter=enter_declare,
    waits_for=Wait.DECLARATION,
    done=declarations_done,
    actor=actor,
    choices=choices,
    take=take,
    waits_on_seats=True,
)
