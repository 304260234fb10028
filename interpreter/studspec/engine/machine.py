"""Compile a rule book into a `transitions` state machine: one state per phase of a hand.

The machine is built once per rule book (cached) with ``model=None``; hands are plain
objects with a ``state`` attribute, never registered with it, so dealing many hands costs
no per-hand machine set-up. Every callback is an engine function that takes the hand:
entering a state does that phase's work, and the conditions on the edges say both where the
flow goes (one seat left, betting closed) and where the hand waits (until the cards are
dealt, the round is over, everyone has shown). The hand advances while an edge can be
taken, so the drawn diagram is exactly where a hand stops and why.

Each state is a :class:`~studspec.engine.core.Phase` whose handler (its kind's, from
:data:`studspec.engine.handlers.HANDLERS`) gives the state's ``on_enter`` work and, for a
phase that waits, the condition on every edge out of it. A hand walks the machine's own
edges (:attr:`CompiledVariant.edges`, read from the built ``transitions`` machine: its
conditions, ``before`` callbacks, destinations and ``on_enter`` callbacks, in the machine's
order, each edge carrying its destination's phase) rather than firing its ``advance`` event. Firing costs
about 12 µs an edge in ``transitions``' event bookkeeping and logging, a fifth of a short
hand, for machinery (queues, event data, prepare and finalize hooks) this machine does not
use; :func:`edge_table` refuses a machine that uses any of it, and a test plays every rule
book both ways and finds the same hands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from transitions import Machine, State

from studspec.errors import UnsupportedMachineError
from studspec.rulebook.model import Variant

from . import rolling, rounds, voiding
from .core import Phase, Step
from .decisions import DecisionRule
from .handlers import HANDLERS
from .identity import by_identity
from .phases import PhaseKind
from .rules import ResolvedRules, resolve

ADVANCE = "advance"
FINAL_STATE = "complete"
"""The state a hand ends in; it has no edge out."""

Edge = tuple[tuple[Step, ...], tuple[Step, ...], Phase, tuple[Step, ...]]
"""One ``advance`` edge as a hand walks it: its conditions (all must hold), its ``before``
callbacks, the destination's phase (its name, its handler, its street), and the
destination's ``on_enter`` callbacks. A plain tuple: the hand unpacks it on every step."""


@dataclass(frozen=True)
class CompiledVariant:
    """A rule book compiled into its phases and the machine that orders them."""

    variant: Variant
    phases: dict[str, Phase]
    machine: Machine
    advance: Callable[..., bool]
    """``advance(hand, hand)``: ``transitions``' own firing of the event, taking the first edge
    whose conditions hold (False if none); what :attr:`edges` must agree with."""
    rules: ResolvedRules
    """The rule book's options, looked up in the registries once."""
    edges: dict[str, tuple[Edge, ...]]
    """For each state, its ``advance`` edges in the machine's order (none out of the end)."""
    start: Phase
    """The phase every hand begins in."""


def _phase(name: str, kind: PhaseKind, street: int | None = None, rule: Any = None) -> Phase:
    return Phase(name, HANDLERS[kind], street, rule)


def _phases(variant: Variant, rules: ResolvedRules) -> list[Phase]:
    phases = [_phase("start", PhaseKind.START), _phase("antes", PhaseKind.ANTES)]
    for index, street in enumerate(variant.streets):
        face_up_indicator = street.indicator is not None and street.indicator_dealt_on is None
        board_now = bool(street.board) and street.board_dealt_on is None
        dealt_now = bool(street.deal or board_now or rules.indicators_down[index] or rules.boards_down[index])
        dealt_now = dealt_now or face_up_indicator
        if dealt_now or street.indicator is not None or street.board:  # a street that only turns cards deals too
            if rules.burn(index) and dealt_now:  # but no burn: nothing comes from the stub
                phases.append(_phase(f"{street.id}_burn", PhaseKind.BURN, index))
            phases.append(_phase(f"{street.id}_deal", PhaseKind.DEAL, index))
        if street.turn_up:
            phases.append(_phase(f"{street.id}_reveal", PhaseKind.REVEAL, index))
        phases.extend(_decision_phases(street.id, index, rules.decisions[index]))
        if street.turn_until_best:
            phases.append(_phase(f"{street.id}_roll", PhaseKind.ROLL, index))
        if street.betting:
            if street.bring_in:
                phases.append(_phase(f"{street.id}_bring_in", PhaseKind.BRING_IN, index))
            phases.append(_phase(f"{street.id}_betting", PhaseKind.BETTING, index))
    if rules.declares:
        phases.append(_phase("declare", PhaseKind.DECLARE))
    phases += [
        _phase("showdown", PhaseKind.SHOWDOWN),
        _phase("settlement", PhaseKind.SETTLEMENT),
        _phase(FINAL_STATE, PhaseKind.COMPLETE),
    ]
    return phases


def _decision_phases(street_id: str, index: int, decisions: tuple[DecisionRule, ...]) -> list[Phase]:
    """A phase for each decision of a street, named for its kind (``fifth_turn_up``), with a
    number when the street asks the same kind twice (``fifth_pass_2``)."""
    phases: list[Phase] = []
    for rule in decisions:
        name = f"{street_id}_{rule.kind.value}"
        same = sum(1 for phase in phases if phase.kind is rule.kind)
        phases.append(_phase(name if not same else f"{name}_{same + 1}", rule.kind, index, rule))
    return phases


_SKIPPABLE = frozenset({PhaseKind.BRING_IN, PhaseKind.BETTING})
"""The phases a street passes over when fewer than two seats can bet."""


def _after_street(phases: list[Phase], index: int) -> str:
    """Where the street of ``phases[index]`` ends: the next street's first phase, or what
    follows the last street (the declarations or the showdown)."""
    for phase in phases[index + 1 :]:
        if phase.street != phases[index].street:
            return phase.name
    return "showdown"


def _transitions(phases: list[Phase], deal_may_fold: bool = False, deal_may_void: bool = False) -> list[dict[str, Any]]:
    """Edges of the hand, each ``advance``; the first whose conditions hold is taken. Every
    edge out of a phase that waits carries the condition that the wait is over. When a
    dealt-card rule can fold a seat in the middle of a deal (pay or fold), the deal has an
    edge to the settlement too, for the hand whose last opponent folded there; when one can
    void the deal (The Queen), an edge back to the first street's first phase, taken first."""
    edges: list[dict[str, Any]] = []
    first = phases[2].name  # after the start and the antes: the first street's burn or deal
    for index, phase in enumerate(phases[:-1]):
        roll = _roll_of(phases, phase)
        if roll is not None:
            edges += _roll_edges(phase, roll, phases[index + 1])
            continue
        wait = phase.handler.done
        done = [wait] if wait is not None else []
        following = phases[index + 1].name
        if phase.kind is PhaseKind.DEAL and deal_may_void:
            edges.append(dict(source=phase.name, dest=first, conditions=[voiding.voided], before=voiding.restart))
        if phase.kind is PhaseKind.DEAL and deal_may_fold:
            edges.append(dict(source=phase.name, dest="settlement", conditions=[*done, rounds.one_seat_left]))
        if phase.kind is not PhaseKind.BETTING and phases[index + 1].kind in _SKIPPABLE and wait is not None:
            edges.append(
                dict(
                    source=phase.name,
                    dest=_after_street(phases, index),
                    conditions=[*done, rounds.betting_closed],
                    before=rounds.betting_skipped,
                )
            )
        if phase.kind is PhaseKind.BETTING:
            edges.append(dict(source=phase.name, dest="settlement", conditions=[rounds.one_seat_left]))
            following = _after_street(phases, index)
        edges.append(dict(source=phase.name, dest=following, conditions=done))
    return edges


def _roll_of(phases: list[Phase], phase: Phase) -> Phase | None:
    """The roll phase of ``phase``'s street when ``phase`` is that roll or the betting that
    follows it (they loop until one player is left), else ``None``."""
    if phase.kind is not PhaseKind.ROLL and phase.kind is not PhaseKind.BETTING:
        return None
    return next((p for p in phases if p.kind is PhaseKind.ROLL and p.street == phase.street), None)


def _roll_edges(phase: Phase, roll: Phase, following: Phase) -> list[dict[str, Any]]:
    """A street played turn by turn until one player is left (``turn_until_best``): from a
    turn to the betting when it made a new best hand (skipped when fewer than two can bet),
    else to the next turn; from the betting back to the next turn."""
    settle: dict[str, Any] = dict(source=phase.name, dest="settlement", conditions=[rounds.one_seat_left])
    if phase.kind is PhaseKind.BETTING:
        return [settle, dict(source=phase.name, dest=roll.name, conditions=[rounds.round_over])]
    edges = [settle]
    if following.kind is PhaseKind.BETTING and following.street == phase.street:
        edges.append(
            dict(
                source=phase.name,
                dest=roll.name,
                conditions=[rolling.new_best, rounds.betting_closed],
                before=rounds.betting_skipped,
            )
        )
        edges.append(dict(source=phase.name, dest=following.name, conditions=[rolling.new_best]))
    edges.append(dict(source=phase.name, dest=roll.name, conditions=[]))
    return edges


def _label(phase: Phase) -> str:
    """A state's name in a drawing, with what it waits for (``third_betting (waits for a player)``)."""
    wait = phase.waits_for
    return phase.name if wait is None else f"{phase.name} (waits for {wait.value})"


class _LabelledState(State):
    """A state drawn under a label of its own (what it waits for), played as any state."""

    def __init__(self, *args: Any, label: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.label = label or self.name


@lru_cache(maxsize=1)
def _graph_machine_class() -> type[Machine]:
    """``transitions``' drawable machine with labelled states (imported only to draw)."""
    from transitions.extensions.diagrams import GraphMachine

    return type("LabelledGraphMachine", (GraphMachine,), {"state_cls": _LabelledState})


def build_machine(variant: Variant, rules: ResolvedRules, graph: bool = False) -> tuple[Machine, list[Phase]]:
    """The machine for ``variant`` under its resolved ``rules`` (which streets burn, whether
    seats declare, whether a deal can fold a seat); ``graph=True`` builds a drawable one
    (Mermaid), whose states are labelled with what they wait for."""
    phases = _phases(variant, rules)
    states: list[dict[str, Any]] = [
        {"name": phase.name, "on_enter": phase.handler.enter, "final": phase.kind is PhaseKind.COMPLETE}
        for phase in phases
    ]
    kwargs: dict[str, Any] = dict(
        model=None,
        states=states,
        initial="start",
        auto_transitions=False,
        send_event=False,
    )
    if graph:
        for state, phase in zip(states, phases):
            state["label"] = _label(phase)
        machine: Machine = _graph_machine_class()(
            graph_engine="mermaid", show_conditions=True, title=variant.title, **kwargs
        )
    else:
        machine = Machine(**kwargs)
    for edge in _transitions(phases, rules.deal_may_fold, rules.deal_may_void):
        machine.add_transition(ADVANCE, **edge)
    return machine, phases


@by_identity
@lru_cache(maxsize=64)
def compile_variant(variant: Variant) -> CompiledVariant:
    """Compile once per rule book; every hand of that rule book shares the result."""
    rules = resolve(variant)
    machine, phases = build_machine(variant, rules)
    by_name = {phase.name: phase for phase in phases}
    return CompiledVariant(
        variant=variant,
        phases=by_name,
        machine=machine,
        advance=machine.events[ADVANCE].trigger,
        rules=rules,
        edges=edge_table(machine, by_name),
        start=phases[0],
    )


def edge_table(machine: Machine, phases: dict[str, Phase]) -> dict[str, tuple[Edge, ...]]:
    """Every state's ``advance`` edges, read from the built machine: what a hand walks.

    The walk runs conditions, ``before`` callbacks and the destination's ``on_enter``
    callbacks, which is all this machine uses; a machine with anything else (``unless``
    conditions, ``prepare`` or ``after`` callbacks, exit callbacks, machine-wide hooks
    including ``on_exception`` and ``on_final``, a queue) is refused rather than walked
    wrongly.
    """
    hooks = (
        machine.prepare_event,
        machine.before_state_change,
        machine.after_state_change,
        machine.finalize_event,
        machine.on_exception,
        machine.on_final,
    )
    if any(hooks) or machine.has_queue or any(state.on_exit for state in machine.states.values()):
        raise UnsupportedMachineError("the machine uses hooks or exit callbacks the edge walk does not run")
    table: dict[str, tuple[Edge, ...]] = {}
    for name in phases:
        edges = []
        for transition in machine.events[ADVANCE].transitions.get(name, []):
            if transition.prepare or transition.after or not all(c.target for c in transition.conditions):
                raise UnsupportedMachineError(f"an edge out of {name} uses prepare, after or unless")
            dest = transition.dest
            if dest is None:
                raise UnsupportedMachineError(f"an edge out of {name} is internal (no destination)")
            edges.append(
                (
                    _steps(condition.func for condition in transition.conditions),
                    _steps(transition.before),
                    phases[dest],
                    _steps(machine.states[dest].on_enter),
                )
            )
        waiting = phases[name].handler
        if waiting.waits_on_seats and any(edge[0][:1] != (waiting.done,) for edge in edges):
            raise UnsupportedMachineError(
                f"an edge out of {name} does not begin with its phase's done: a take that leaves the phase"
                " waiting on seats would skip it"
            )
        table[name] = tuple(edges)
    return table


def _steps(callbacks: Iterable[str | Callable[..., Any]]) -> tuple[Step, ...]:
    """Callbacks as the hand calls them; a callback named by string is refused (this machine
    passes functions, and a name would need ``transitions``' resolution on every step)."""
    steps = []
    for callback in callbacks:
        if isinstance(callback, str):
            raise UnsupportedMachineError(f"callback {callback!r} is named, not a function")
        steps.append(callback)
    return tuple(steps)
