"""What a rule book's decisions about cards ask, as data the decision phases read.

A street may ask players to do something with their cards besides betting: turn cards up
(roll your own, Seven-Card Flip), discard (Super Stud), draw (stud with a twist), buy a
replacement (English stud), pass (Anaconda) or set two hands (Cowpie). Each decision of the
book (``streets[].decisions[]``) is resolved once, when the book is compiled, into a
:class:`DecisionRule` carried by its phase (:attr:`~.core.Phase.rule`); the phase's handler
(:mod:`.choosing` and one module per kind) reads it. Nothing here names a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from studspec.rulebook.model import Face

from .phases import PhaseKind
from .triggers import Price


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """One decision of a street, resolved in the registries (:mod:`.rules`)."""

    kind: PhaseKind
    count: int | None
    """Exactly this many cards (at most the eligible ones), or ``None``."""
    least: int
    """At least this many cards, when ``count`` and ``keep`` are ``None``."""
    most: int | None
    """At most this many (``None``: every eligible card)."""
    keep: int | None
    """Discard down to this many cards."""
    faces: tuple[Face, ...]
    """The faces of the cards a seat may name (both: any card)."""
    together: bool
    """Chosen in secret and carried out at once; else one seat after another, each public."""
    price: Price | None
    """What each replacement card costs (``None``: free)."""
    short_pays_all: bool
    """A seat short of the price may still take a card and pay all it has."""
    replacement: Face | None
    """How a replacement card is dealt (``None``: with the face of the card it replaces)."""
    step: int
    """Where passed cards go among the seats still in: 1 to the left, -1 to the right, 0 across."""
    hands: tuple[int, ...] = ()
    """The sizes of the two hands a seat sets, first then second."""
    first_outranks: bool = False
    down_in_each: int = 0

    def bounds(self, held: int, eligible: int) -> tuple[int, int]:
        """How few and how many cards a seat holding ``held`` cards, ``eligible`` of which it
        may name, must name: the book's count, capped by what the seat can name.

        >>> rule = DecisionRule(PhaseKind.DISCARD, None, 0, None, 5, (Face.DOWN, Face.UP), True, None, True, None, 1)
        >>> rule.bounds(held=7, eligible=7)  # keep five of seven: discard exactly two
        (2, 2)
        """
        if self.hands:
            return self.hands[0], self.hands[0]
        if self.count is not None:
            exact = min(self.count, eligible)
            return exact, exact
        if self.keep is not None:
            exact = min(max(held - self.keep, 0), eligible)
            return exact, exact
        most = eligible if self.most is None else min(self.most, eligible)
        return min(self.least, most), most
