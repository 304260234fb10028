"""Conformance toolkit: cases (PHH files with expectations), the runner that checks them
against the reference interpreter or another engine, and case generation.

A server team's engine is checked through a JSON-lines protocol (:mod:`.protocol`); the
interpreter itself speaks it too (:mod:`.adapter`), so the reference and a foreign engine
are driven by the same code (:mod:`.runner`) and judged by the same checks
(:mod:`.checkpoints`). ``docs/conformance.md`` is the guide.
"""

from .case import Case, CaseFormatError, find_cases, load_case
from .runner import CaseResult, run_case, run_cases

__all__ = [
    "Case",
    "CaseFormatError",
    "CaseResult",
    "find_cases",
    "load_case",
    "run_case",
    "run_cases",
]
