"""The registry of phase handlers: what each kind of phase does, one line a kind.

A handler (:class:`~studspec.engine.core.PhaseHandler`) is the whole of a kind of phase, in
the module that owns that phase's part; the compiled machine gives every state its kind's
handler, and the hand consults the handler of the phase it is in (its work on entry, when it
is done waiting, whose turn it is, the choices, how it takes an answer). A new kind of phase
is a member of :class:`~studspec.engine.phases.PhaseKind`, one handler module, and its line
here (docs/architecture.md walks through one).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import (
    betting_phase,
    dealing,
    declare,
    discarding,
    passing,
    revealing,
    rolling,
    rounds,
    setting,
    settlement,
    showdown,
    turning_up,
)
from .core import HandCore, PhaseHandler
from .phases import PhaseKind


def _nothing(hand: HandCore) -> None:
    """The phases with no work of their own: the start, and the end."""


HANDLERS: Mapping[PhaseKind, PhaseHandler] = MappingProxyType(
    {
        PhaseKind.START: PhaseHandler(PhaseKind.START, enter=_nothing),
        PhaseKind.ANTES: rounds.ANTES,
        PhaseKind.BURN: dealing.BURN,
        PhaseKind.DEAL: dealing.DEAL,
        PhaseKind.BRING_IN: betting_phase.BRING_IN,
        PhaseKind.BETTING: betting_phase.BETTING,
        PhaseKind.TURN_UP: turning_up.TURN_UP,
        PhaseKind.REVEAL: revealing.REVEAL,
        PhaseKind.ROLL: rolling.ROLL,
        PhaseKind.DISCARD: discarding.DISCARD,
        PhaseKind.DRAW: discarding.DRAW,
        PhaseKind.BUY: discarding.BUY,
        PhaseKind.PASS: passing.PASS,
        PhaseKind.SET_HANDS: setting.SET_HANDS,
        PhaseKind.DECLARE: declare.DECLARE,
        PhaseKind.SHOWDOWN: showdown.SHOWDOWN,
        PhaseKind.SETTLEMENT: settlement.SETTLEMENT,
        PhaseKind.COMPLETE: PhaseHandler(PhaseKind.COMPLETE, enter=_nothing),
    }
)
"""Every kind of phase's handler."""
