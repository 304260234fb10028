"""The vocabulary of a hand's phases: the kinds of phase, and what a phase may wait for.

The compiled machine (:mod:`studspec.engine.machine`) has one state per phase; what each
kind of phase does is its handler (:class:`studspec.engine.core.PhaseHandler`, registered
in :mod:`studspec.engine.handlers`). A phase that needs something from outside the engine
(cards dealt by a dealer, a player's action, a contestant's show or muck) says what in its
handler's ``waits_for``, and the machine's edge out of it carries the condition that the wait
is over. The hand itself never decides where it stops.
"""

from __future__ import annotations

from enum import Enum, unique


@unique
class PhaseKind(str, Enum):
    """What a phase of the hand does."""

    START = "start"
    ANTES = "antes"
    BURN = "burn"
    DEAL = "deal"
    BRING_IN = "bring_in"
    BETTING = "betting"
    TURN_UP = "turn_up"
    REVEAL = "reveal"
    ROLL = "roll"
    DISCARD = "discard"
    DRAW = "draw"
    BUY = "buy"
    PASS = "pass"
    SET_HANDS = "set_hands"
    DECLARE = "declare"
    SHOWDOWN = "showdown"
    SETTLEMENT = "settlement"
    COMPLETE = "complete"


@unique
class Wait(str, Enum):
    """What a phase may wait for before the hand moves on."""

    DEAL = "a deal"
    """Cards dealt from outside (a replay or a live dealer); a seeded deck never waits."""
    PLAYER = "a player"
    """A betting action from the seat to act."""
    CHOICE = "a choice of cards"
    """Each player's decision about its cards (turn up, discard, draw, buy, pass, set hands)."""
    DECLARATION = "a declaration"
    """Each live seat's hi-lo declaration (high, low or both)."""
    SHOW = "a show"
    """A contestant's show or muck (when cards do not speak by themselves)."""
