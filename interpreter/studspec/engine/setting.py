"""Setting two hands: Cowpie's and Outhouse's five and two.

Each seat still in splits its cards into the book's two hands (``set AsKsQdQc7h``: the named
cards make the first, the rest the second), together, in secret, all shown at the showdown.
Each share of the pot names the hand it reads (``pots.shares[].set``), so each hand wins
its own share. The book may require each hand to hold face-down cards, and the first to
outrank the second as a high poker hand (the big hand must beat the small); a setting that
breaks either rule is refused with the reason, unless the seat's cards allow no setting that
keeps them, when any setting stands. The second hand is every card the first leaves: the
checks see to it that every seat then holds the two hands' cards exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from studspec.rulebook.model import Face

from .actions import ActionKind
from .cards import Card
from .choosing import Chosen, decision_handler, record, rule_of
from .core import HandCore, part
from .evaluation import HIGH
from .phases import PhaseKind
from .wild_now import spec_for
from .wild_ranking import wild_ranking


class SetPart:
    """The hands each seat set: the positions in its hand of the first one's cards."""

    __slots__ = ("first",)

    def __init__(self) -> None:
        self.first: dict[int, tuple[int, ...]] = {}


_PART = part(SetPart)
_DOWN = Face.DOWN


def hands_of(hand: HandCore, seat: int) -> tuple[tuple[Card | None, ...], tuple[Card | None, ...]] | None:
    """The two hands the seat set, first and second (``None``: it set none)."""
    found: SetPart = hand.parts[_PART]
    first = found.first.get(seat)
    if first is None:
        return None
    held = hand.cards[seat]
    return tuple(held[p] for p in first), tuple(card for p, card in enumerate(held) if p not in first)


def check(hand: HandCore, seat: int, positions: tuple[int, ...]) -> str | None:
    """Why a setting breaks the book's rules for the two hands, or ``None``. Where the seat's
    cards allow no setting that keeps them (every down card turned up, two cards that can
    only tie), the rules are waived for it: a hand never waits on a setting nobody can make."""
    reason = _broken(hand, seat, positions)
    if reason is None or not any(
        _broken(hand, seat, other) is None for other in combinations(range(len(hand.cards[seat])), len(positions))
    ):
        return None
    return reason


def _broken(hand: HandCore, seat: int, positions: tuple[int, ...]) -> str | None:
    rule = rule_of(hand)
    held, faces = hand.cards[seat], hand.faces[seat]
    rest = [p for p in range(len(held)) if p not in positions]
    least = rule.down_in_each
    if least:
        for number, places in ((1, positions), (2, rest)):
            down = [faces[p] for p in places].count(_DOWN)
            if down < least:
                return f"hand {number} holds {down} face-down card(s); each hand must hold at least {least}"
    if rule.first_outranks:
        first = [held[p] for p in positions]
        second = [held[p] for p in rest]
        if None not in first and None not in second:
            spec = spec_for(hand, seat)
            ranking = HIGH if spec is None else wild_ranking(HIGH, spec)
            if ranking.value(first) <= ranking.value(second):  # type: ignore[arg-type]
                return "the first hand must outrank the second"
    return None


def set_hands(hand: HandCore, made: Sequence[Chosen]) -> None:
    """Record every seat's two hands."""
    found: SetPart = hand.parts[_PART]
    for chosen in made:
        found.first[chosen.seat] = chosen.positions
        record(hand, chosen)


SET_HANDS = decision_handler(PhaseKind.SET_HANDS, ActionKind.SET, set_hands, check)
