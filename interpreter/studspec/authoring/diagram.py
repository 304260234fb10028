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
import re
import shutil
from collections.abc import Iterable
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

DECISION_LEGEND = (
    "  %% A state (waits for a choice of cards) is a decision of the rule book (turn up,\n"
    "  %% discard, draw, buy, pass, set hands): done: every player still in has chosen and\n"
    "  %% every replacement card is dealt. A street without betting goes on from its last\n"
    "  %% decision to the next street.\n"
)
"""Said only for a book with decisions, so other books' diagrams read as before."""

ROLL_LEGEND = (
    "  %% A roll state is one player's turn of a street played until the best hand showing is\n"
    "  %% beaten (turn_until_best): new_best: the turn beat it, and a betting round follows;\n"
    "  %% else the next player turns. The street loops until one player is left.\n"
)
"""Said only for a book with such a street."""

_MERMAID_ID = re.compile(r"[^:\s\-{]+")
"""What Mermaid's state diagrams read as one state's id: no dash (it starts an arrow), so a
phase of a street named ``pass-one`` is drawn as ``pass_one_pass``, labelled with its name."""

_ID_LINES = (
    re.compile(r'^(\s*state ".*" as )(\S+)()$'),
    re.compile(r"^(\s*Class )(\S+)( .*)$"),
    re.compile(r"^(\s*)(\S+)( --> .*)$"),
    re.compile(r"^(\s*\S+ --> )(\S+)(:.*)?$"),
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
    legend = LEGEND + (DECISION_LEGEND if any(street.decisions for street in variant.streets) else "")
    legend += ROLL_LEGEND if any(street.turn_until_best for street in variant.streets) else ""
    legend += share_legend(variant)
    return head + marker + legend + _with_mermaid_ids(body, machine.states).rstrip("\n") + "\n"


def share_legend(variant: Variant) -> str:
    """What the settlement divides each pot into, for a split-pot book (a book of one share
    says nothing, so its diagram reads as before): each share's ranking and qualifier."""
    if len(variant.shares) < 2:
        return ""
    parts = []
    for share in variant.shares:
        words = share.hand + (" (natural)" if share.natural else "")
        if share.qualifier is not None:
            words += f", {share.qualifier} or better"
        if share.at_least is not None:
            hand, rank = share.at_least
            words += f", at least {hand}" + (f" of {rank}s" if rank is not None else "")
        if share.least_cards:
            words += f", at least {' '.join(share.least_cards)}"
        if share.points:
            words += " (" + ", ".join(f"{rank} {worth}" for rank, worth in share.points) + ")"
        parts.append(words)
    unwon = "; nobody qualified: split among every hand" if variant.nobody_qualifies else ""
    return f"  %% settlement: each pot split equally into {len(parts)} shares: {'; '.join(parts)}{unwon}.\n"


def mermaid_ids(names: Iterable[str]) -> dict[str, str]:
    """Each state's id in Mermaid text: its name, a dash made an underscore (a street id may
    hold dashes, a phase name no underscore pair), with a number added should two meet."""
    ids: dict[str, str] = {}
    for name in names:
        safe = name if _MERMAID_ID.fullmatch(name) else name.replace("-", "_")
        while safe in ids.values() or (safe != name and safe in names):
            safe += "_"
        ids[name] = safe
    return ids


def _with_mermaid_ids(body: str, names: Iterable[str]) -> str:
    """``body`` with every state id Mermaid could not read replaced (labels keep the name)."""
    ids = mermaid_ids(list(names))
    if all(ids[name] == name for name in ids):
        return body
    lines = []
    for line in body.split("\n"):
        for pattern in _ID_LINES:
            line = pattern.sub(lambda m: m.group(1) + ids.get(m.group(2), m.group(2)) + (m.group(3) or ""), line)
        lines.append(line)
    return "\n".join(lines)


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
