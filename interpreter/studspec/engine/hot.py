"""Enum members the hot path reads, kept here as plain module constants.

Python 3.11's ``EnumType`` defines ``__getattr__``, so every ``ActionKind.FOLD`` written in a
function is a Python-level look-up (about 150 ns, four times a global's), paid several times
a decision. The functions played millions of times by ``simulate`` read these constants
instead (``from .hot import FOLD``); cold code keeps the plain spelling, which reads better.
Each constant is the member itself, so ``kind is FOLD`` holds exactly when
``kind is ActionKind.FOLD`` does.
"""

from __future__ import annotations

from .actions import ActionKind
from .phases import PhaseKind

FOLD = ActionKind.FOLD
CHECK_CALL = ActionKind.CHECK_CALL
BRING_IN = ActionKind.BRING_IN
COMPLETE_BET_RAISE = ActionKind.COMPLETE_BET_RAISE
SHOW_MUCK = ActionKind.SHOW_MUCK
DECLARE = ActionKind.DECLARE
PAY = ActionKind.PAY
DECLINE = ActionKind.DECLINE

BETTING_PHASE = PhaseKind.BETTING
SHOWDOWN_PHASE = PhaseKind.SHOWDOWN
COMPLETE_PHASE = PhaseKind.COMPLETE
