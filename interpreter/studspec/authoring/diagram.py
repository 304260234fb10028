"""``studspec diagram``: the compiled state machine of a rule book, drawn by ``transitions``.

The diagram is the machine the interpreter runs, not a picture drawn beside it: it is
built by :func:`studspec.engine.machine.build_machine` (the same phases and edges as play) with
``transitions``' own diagram support. Mermaid text needs nothing installed and renders on
GitHub, in many editors and at mermaid.live; SVG and PNG go through Graphviz when it is
installed (the ``dot`` program and the ``graphviz`` Python package).
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from enum import Enum, unique
from typing import Any

from studspec.engine.machine import build_machine
from studspec.engine.rules import resolve
from studspec.errors import GraphvizMissingError
from studspec.rulebook.model import Variant
from studspec.terminal import printable


@unique
class DiagramFormat(str, Enum):
    """What ``studspec diagram`` can produce."""

    MERMAID = "mermaid"
    """Mermaid ``stateDiagram-v2`` text; no dependency."""
    SVG = "svg"
    """An SVG image, through Graphviz."""
    PNG = "png"
    """A PNG image, through Graphviz."""


GRAPHVIZ_HELP = (
    "{fmt} output needs Graphviz: the 'dot' program (Debian/Ubuntu: sudo apt install graphviz; "
    "macOS: brew install graphviz; Windows and others: https://graphviz.org/download/) and its "
    "Python package (pip install graphviz). Without them, 'studspec diagram RULEBOOK' prints "
    "Mermaid text, which GitHub and https://mermaid.live draw as it is."
)

LEGEND = (
    "  %% Each arrow is the machine's 'advance' event; [condition] is the test that picks it.\n"
    "  %% A state marked (waits for ...) is where the hand stops until its condition holds:\n"
    "  %% cards_dealt: every card of the street is dealt (a seeded deck deals at once; cards\n"
    "  %% dealt from outside, as in a replay, are waited for);\n"
    "  %% round_over: every player due to act has acted (the hand waits for each action);\n"
    "  %% all_shown: every contestant has shown or mucked (cards speak unless told otherwise).\n"
    "  %% betting_closed: no betting round on this street (fewer than two players can bet,\n"
    "  %% or a community card the rule book plays without betting).\n"
    "  %% one_seat_left: everyone else folded; the pot is settled without a showdown.\n"
)


def _machine(variant: Variant) -> Any:
    rules = resolve(variant)
    machine, _phases = build_machine(variant, rules, graph=True)
    return machine


def mermaid(variant: Variant) -> str:
    """The machine of ``variant`` as Mermaid ``stateDiagram-v2`` text.

    The graph is drawn from the machine itself (no model registered, so no state is
    highlighted as current). The title goes in Mermaid's front matter as ``title:``.
    """
    machine = _machine(variant)
    text: str = machine.graph_cls(machine).get_graph(title=f"title: {json.dumps(variant.title)}").draw(None)
    head, marker, body = text.partition("stateDiagram-v2\n")
    return head + marker + LEGEND + body.rstrip("\n") + "\n"


def graphviz_available() -> bool:
    """Whether SVG and PNG can be drawn: the Python package imports and ``dot`` is on PATH."""
    return importlib.util.find_spec("graphviz") is not None and shutil.which("dot") is not None


def image(variant: Variant, fmt: DiagramFormat) -> bytes:
    """The machine of ``variant`` drawn by Graphviz as SVG or PNG bytes."""
    if not graphviz_available():
        raise GraphvizMissingError(GRAPHVIZ_HELP.format(fmt=fmt.value.upper()))
    from transitions.extensions.diagrams_graphviz import Graph

    machine = _machine(variant)
    graph = Graph(machine).get_graph(title=printable(variant.title))
    data: bytes = graph.draw(None, format=fmt.value)
    return data
