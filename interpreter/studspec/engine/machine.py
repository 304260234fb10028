"""Compile a rule book into a `transitions` state machine: one state per phase of a hand.

The machine is built once per rule book (cached) with ``model=None``; hands are plain
objects with a ``state`` attribute driven through the machine's ``advance`` event without
being registered, so dealing many hands costs no per-hand machine set-up. Entering a state
calls the hand's method for that kind of phase; the conditions on the edges (one seat
left, betting closed) are the hand's predicates, so the drawn diagram shows the flow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, unique
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from transitions import Machine

from studspec.spec.model import Variant

if TYPE_CHECKING:
    from .rules import ResolvedRules


@unique
class PhaseKind(str, Enum):
    """What a phase of the hand does."""

    START = "start"
    ANTES = "antes"
    BURN = "burn"
    DEAL = "deal"
    BRING_IN = "bring_in"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    SETTLEMENT = "settlement"
    COMPLETE = "complete"


@dataclass(frozen=True)
class Phase:
    name: str
    kind: PhaseKind
    street: int | None = None


ADVANCE = "advance"


@dataclass(frozen=True)
class CompiledVariant:
    """A rule book compiled into its phases and the machine that orders them."""

    variant: Variant
    phases: dict[str, Phase]
    machine: Machine
    advance: Callable[[Any], bool]
    rules: ResolvedRules
    """The rule book's options, looked up in the registries once."""


def _phases(variant: Variant, burns: Callable[[int], bool]) -> list[Phase]:
    phases = [Phase("start", PhaseKind.START), Phase("antes", PhaseKind.ANTES)]
    for index, street in enumerate(variant.streets):
        if burns(index):
            phases.append(Phase(f"{street.id}_burn", PhaseKind.BURN, index))
        phases.append(Phase(f"{street.id}_deal", PhaseKind.DEAL, index))
        if street.bring_in:
            phases.append(Phase(f"{street.id}_bring_in", PhaseKind.BRING_IN, index))
        phases.append(Phase(f"{street.id}_betting", PhaseKind.BETTING, index))
    phases += [
        Phase("showdown", PhaseKind.SHOWDOWN),
        Phase("settlement", PhaseKind.SETTLEMENT),
        Phase("complete", PhaseKind.COMPLETE),
    ]
    return phases


def _transitions(phases: list[Phase]) -> list[dict[str, Any]]:
    """Edges of the hand, each ``advance``; the first whose conditions hold is taken."""
    edges: list[dict[str, Any]] = []
    names = [phase.name for phase in phases]

    def after_betting(index: int) -> str:
        """Where a street ends: the next street's first phase, or the showdown."""
        for phase in phases[index + 1 :]:
            if phase.street is not None and phase.street != phases[index].street:
                return phase.name
            if phase.kind is PhaseKind.SHOWDOWN:
                return phase.name
        return "showdown"

    for index, phase in enumerate(phases):
        if phase.kind is PhaseKind.COMPLETE:
            continue
        following = names[index + 1]
        if phase.kind is PhaseKind.DEAL:
            edges.append(
                dict(
                    source=phase.name, dest=after_betting(index), conditions="betting_closed", before="_betting_skipped"
                )
            )
        if phase.kind is PhaseKind.BETTING:
            edges.append(dict(source=phase.name, dest="settlement", conditions="one_seat_left"))
            following = after_betting(index)
        edges.append(dict(source=phase.name, dest=following))
    return edges


def build_machine(variant: Variant, burns: Callable[[int], bool], graph: bool = False) -> tuple[Machine, list[Phase]]:
    """The machine for ``variant``; ``graph=True`` builds a drawable one (Mermaid)."""
    phases = _phases(variant, burns)
    states = [{"name": phase.name, "on_enter": f"_enter_{phase.kind.value}"} for phase in phases]
    kwargs: dict[str, Any] = dict(
        model=None,
        states=states,
        initial="start",
        auto_transitions=False,
        send_event=False,
    )
    if graph:
        from transitions.extensions.diagrams import GraphMachine

        machine: Machine = GraphMachine(graph_engine="mermaid", show_conditions=True, title=variant.title, **kwargs)
    else:
        machine = Machine(**kwargs)
    for edge in _transitions(phases):
        machine.add_transition(ADVANCE, **edge)
    return machine, phases


@lru_cache(maxsize=64)
def compile_variant(variant: Variant) -> CompiledVariant:
    """Compile once per rule book; every hand of that rule book shares the result."""
    from .rules import resolve

    rules = resolve(variant)
    machine, phases = build_machine(variant, rules.burn)
    event = machine.events[ADVANCE]
    return CompiledVariant(
        variant=variant,
        phases={phase.name: phase for phase in phases},
        machine=machine,
        advance=event.trigger,
        rules=rules,
    )
