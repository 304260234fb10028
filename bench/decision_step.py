"""What one decision about cards costs beside one betting action, in the same hands.

Issue 24 asks that a decision step (turn up, discard, draw, buy, pass, set hands) cost no
more than a betting action. This plays whole hands of rule books with decisions, with one
policy written here for every kind (bet: check or call; a card decision: name the first
cards it may, so a draw or a buy always takes a card; a set of two hands chosen by brute
force until the engine takes it), and times every accepted ``Hand.act`` call with
``perf_counter_ns``, grouped by the phase it was taken in: a betting round (the bring-in
too) or a decision about cards. A declaration (``dcl``) is neither, and is left out.
Refused attempts of the set-hands policy are not timed. Both groups are measured in the
steady state a table runs in, as bench/compare.py measures whole hands: the book's rankings
are filled first (:meth:`~studspec.engine.evaluation.Ranking.fill`), then untimed hands on
other seeds warm everything else. (Without the filling, a look-up that misses computes its
entry in whichever act asks first: a showdown in a betting round's last act, a set of two
hands checked in a decision.)

An act does more than its own phase's work: the act that ends a step carries the hand on
into the next phase, and entering that phase (dealing a street, opening a betting round and
finding who acts first, the showdown) runs inside it. Two figures follow from that:

- **as acted**: each act's whole time, to its group. The last decision of a step then pays
  for opening the betting round after it, and the last call of a round for dealing the next
  street or settling the hand.
- **phase-owned**: the time spent entering each phase is taken out of the act it ran in
  and charged to the phase entered: opening a betting round to betting, entering a decision
  step (finding who has something to choose) to the decisions, dealing, burning and the
  showdown to neither. A step's cost is then its entry, its acts and carrying the choices
  out (a draw's or a buy's replacement cards included): what the step itself does.

The figure is the mean per act of each group and their ratio, per book; a together decision
is carried out on its last seat's act, so the mean over the step's acts is what a table pays
per player. Timer overhead (~0.1 us) falls on both sides alike.

``--parts`` adds where each group's time goes, per act: the act's own work (checking it,
taking it, looking for an edge out, finding the next actor), carrying out choices
(decisions only: moving, paying for and dealing cards), and what its acts spent entering
each group's phases or any other (dealing, burning, declaring, the showdown and the
settlement). As acted, a group's figure is the sum of its row (with ``--parts`` a decision
that carries out choices also pays its timer, about 0.15 us). It shows why the ratio is more
than speed: a step's last act pays for what follows it, so where a decision's own act costs
what a betting action's does, the decision's mean is the larger by its carrying out and by
what the phase after it costs to enter beyond what follows a betting round.

Usage: python bench/decision_step.py [--hands 2000] [--warmup 1000] [--parts] [--books NAME_OR_PATH ...]
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from studspec import Action, ActionKind, Hand, IllegalActionError, LegalAction, Variant, load_variant
from studspec.engine import choosing
from studspec.engine.actions import CARD_DECISIONS
from studspec.engine.core import HandCore
from studspec.engine.machine import compile_variant
from studspec.engine.phases import PhaseKind
from studspec.play.players import RandomPlayer

BOOKS = ("super-stud", "seven-card-flip", "mexican-stud", "anaconda", "stud-with-a-twist", "english-stud", "cowpie")

BETTING = "betting"
DECISION = "decision"
OTHER = "other"

OWN = "own"
CARRY = "carry"

CHEAPEST = "cheapest"
RANDOM = "random"

_GROUPS = {
    PhaseKind.BRING_IN: BETTING,
    PhaseKind.BETTING: BETTING,
    PhaseKind.TURN_UP: DECISION,
    PhaseKind.DISCARD: DECISION,
    PhaseKind.DRAW: DECISION,
    PhaseKind.BUY: DECISION,
    PhaseKind.PASS: DECISION,
    PhaseKind.SET_HANDS: DECISION,
}


def group_of(kind: PhaseKind) -> str:
    """The group a phase's acts and entry are counted in."""
    return _GROUPS.get(kind, OTHER)


@dataclass
class Tally:
    """Time and acts per group, in both accountings."""

    acts: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    as_acted: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    owned: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    entering: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    """Time spent entering phases during the act now timed, by the entered phase's group."""
    carrying: int = 0
    """Time spent carrying out choices during the act now timed."""
    parts: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))
    """Each group's time by part (``OWN``, ``CARRY``, or the group whose phases it entered)."""

    def reset(self) -> None:
        """Forget every figure (after the untimed hands)."""
        for figures in (self.acts, self.as_acted, self.owned, self.entering, self.parts):
            figures.clear()
        self.carrying = 0


def timed_entries(variant: Variant, tally: Tally) -> None:
    """Wrap every phase entry of the book's compiled machine in a timer that charges it to
    the entered phase's group (this process only: the bench's instrument, not the engine's)."""
    compiled = compile_variant(variant)
    timed = {}
    for name, edges in compiled.edges.items():
        rewired = []
        for conditions, before, dest, enter in edges:
            group = group_of(dest.handler.kind)
            rewired.append((conditions, before, dest, tuple(_timer(step, group, tally) for step in enter)))
        timed[name] = tuple(rewired)
    object.__setattr__(compiled, "edges", timed)


def fill_rankings(variant: Variant) -> None:
    """Fill the value tables of the book's rankings before anything is timed: its shares',
    as bench/compare.py does, and the boards' that pick who acts first."""
    rules = compile_variant(variant).rules
    for ranking in {id(r): r for r in (*(rule.ranking for rule, _ in rules.shares), rules.board)}.values():
        fill = getattr(ranking, "fill", None)
        if fill is not None:
            fill()


def _nothing_to_restore() -> None:
    """Without ``--parts`` nothing is timed but the acts and the entries."""


def timed_carrying(tally: Tally) -> Callable[[], None]:
    """Time every carrying out of choices (all books, this process: the bench's instrument);
    returns what puts the engine's own back."""
    engine_carry = choosing._carry

    def timed(hand: HandCore, carry: choosing.Carry, made: Sequence[choosing.Chosen]) -> None:
        start = time.perf_counter_ns()
        try:
            engine_carry(hand, carry, made)
        finally:
            tally.carrying += time.perf_counter_ns() - start

    choosing._carry = timed

    def restore() -> None:
        choosing._carry = engine_carry

    return restore


def _timer(step: Callable[[HandCore], None], group: str, tally: Tally) -> Callable[[HandCore], None]:
    def run(hand: HandCore) -> None:
        start = time.perf_counter_ns()
        try:
            step(hand)
        finally:
            tally.entering[group] += time.perf_counter_ns() - start

    return run


def actions_for(choice: LegalAction) -> list[Action]:
    """The actions this policy tries for a choice, in order (only a set of hands may need more than one)."""
    if choice.kind is ActionKind.COMPLETE_BET_RAISE:
        return [Action(choice.kind, choice.minimum)]
    if choice.kind not in CARD_DECISIONS:
        return [Action(choice.kind, declaration=choice.declaration)]
    assert choice.minimum is not None
    if choice.kind is ActionKind.SET:
        return [Action(choice.kind, cards=combo) for combo in itertools.combinations(choice.cards, choice.minimum)]
    return [Action(choice.kind, cards=tuple(choice.cards[: choice.minimum]) or None)]


def play(variant: Variant, seeds: range, tally: Tally, policy: str) -> None:
    """Play ``seeds``' hands with ``policy``, adding every accepted act to ``tally``."""
    for seed in seeds:
        hand = Hand(variant, [100_000] * variant.max_players, seed=seed)
        players = [RandomPlayer(random.Random(seed * 16 + seat)) for seat in range(hand.seats)]
        while not hand.is_complete:
            seat = hand.actor
            assert seat is not None
            legal = hand.legal_actions()
            group = group_of(hand.phase.handler.kind)
            if policy == RANDOM:
                tries = [players[seat].choose(hand, seat, legal)]
            else:
                tries = actions_for(next((c for c in legal if c.kind is ActionKind.CHECK_CALL), legal[0]))
            for action in tries:
                tally.entering.clear()
                tally.carrying = 0
                start = time.perf_counter_ns()
                try:
                    hand.act(action, seat)
                except IllegalActionError:
                    continue
                spent = time.perf_counter_ns() - start
                entered_in_act = sum(tally.entering.values())
                tally.acts[group] += 1
                tally.as_acted[group] += spent
                tally.owned[group] += spent - entered_in_act
                tally.parts[group, OWN] += spent - entered_in_act - tally.carrying
                tally.parts[group, CARRY] += tally.carrying
                for entered, cost in tally.entering.items():
                    tally.owned[entered] += cost
                    tally.parts[group, entered] += cost
                break
            else:
                raise SystemExit(f"{variant.name}: the policy found no legal action for p{seat + 1} in {hand.state}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="timed hands per book (default 2000)")
    parser.add_argument(
        "--warmup", type=int, default=1000, help="untimed hands per book first, on other seeds (default 1000)"
    )
    parser.add_argument(
        "--policy",
        choices=(CHEAPEST, RANDOM),
        default=CHEAPEST,
        help="cheapest: check or call, and take every card a draw or buy offers (the decisions' worst case);"
        " random: the built-in random player (folds, raises, cards chosen at random), timed acts only",
    )
    parser.add_argument("--books", nargs="+", default=list(BOOKS), help="rule books with decisions")
    parser.add_argument(
        "--parts",
        action="store_true",
        help="also print where each group's time per act goes (own work, carrying out, entering phases)",
    )
    args = parser.parse_args()
    print(f"us per act; {args.hands} hands per book after {args.warmup} untimed; policy {args.policy}")
    print(f"{'':<20} {'as acted':^26} {'phase-owned':^26}")
    print(f"{'book':<20} {'betting':>8} {'decision':>9} {'ratio':>7}  {'betting':>8} {'decision':>9} {'ratio':>7}")
    tallies = {}
    for book in args.books:
        variant = load_variant(book)
        fill_rankings(variant)
        tally = tallies[book] = Tally()
        timed_entries(variant, tally)
        restore = timed_carrying(tally) if args.parts else _nothing_to_restore  # its timer costs a decision ~0.15 us
        try:
            play(variant, range(args.hands, args.hands + args.warmup), tally, args.policy)
            tally.reset()
            play(variant, range(args.hands), tally, args.policy)
        finally:
            restore()
        row = [f"{book:<20}"]
        for figures in (tally.as_acted, tally.owned):
            bet = figures[BETTING] / tally.acts[BETTING] / 1000
            decide = figures[DECISION] / tally.acts[DECISION] / 1000
            row.append(f"{bet:>8.2f} {decide:>9.2f} {decide / bet:>7.2f}")
        print(" ".join(row[:1]) + " " + "  ".join(row[1:]))
    if args.parts:
        print_parts(tallies)


_PART_COLUMNS = ((OWN, "own"), (CARRY, "carry"), (DECISION, "+dec"), (BETTING, "+bet"), (OTHER, "+other"))
"""Each part's column: the act's own work, carrying out choices, entering decision phases,
entering betting phases, and entering any other (dealing, burning, declaring, the showdown,
the settlement)."""


def print_parts(tallies: dict[str, Tally]) -> None:
    """Where each group's time per act goes, as acted (each row sums to its as-acted figure)."""
    print()
    print("us per act, as acted, by part: own work, carrying out choices, entering decisions, betting, other phases")
    heads = " ".join(f"{label:>6}" for _, label in _PART_COLUMNS)
    print(f"{'book':<20} {'group':<9} {heads}")
    for book, tally in tallies.items():
        for group in (BETTING, DECISION):
            acts = tally.acts[group]
            cells = " ".join(f"{tally.parts[group, part] / acts / 1000:>6.2f}" for part, _ in _PART_COLUMNS)
            print(f"{book:<20} {group:<9} {cells}")


if __name__ == "__main__":
    main()
