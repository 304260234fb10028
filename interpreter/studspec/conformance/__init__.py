"""Conformance toolkit: cases (PHH files with expectations), the runner that checks them
against the reference interpreter or another engine, and case generation.

A server team's engine is checked through a JSON-lines protocol (:mod:`.protocol`); the
interpreter itself speaks it too (:mod:`.adapter`), so the reference and a foreign engine
are driven by the same code (:mod:`.runner`) and judged by the same checks
(:mod:`.checkpoints`). One module per idea: :mod:`.case` (the file format), :mod:`.checkpoints`
(what a case expects mid-hand), :mod:`.protocol` (messages and replies), :mod:`.rulebook` (a
Variant from resolved JSON), :mod:`.adapter` (the interpreter behind the protocol),
:mod:`.process` (an engine as a child process, with timeouts), :mod:`.runner` (playing a case),
:mod:`.report` (text and JUnit XML), :mod:`.generate` (random-play cases).
``docs/conformance.md`` is the guide.
"""

from studspec.errors import CaseFormatError, EngineFault

from .adapter import InProcessEngine
from .case import Case, find_cases, load_case
from .process import ProcessEngine
from .runner import CaseResult, Failure, run_case, run_cases

__all__ = [
    "Case",
    "CaseFormatError",
    "CaseResult",
    "EngineFault",
    "Failure",
    "InProcessEngine",
    "ProcessEngine",
    "find_cases",
    "load_case",
    "run_case",
    "run_cases",
]
