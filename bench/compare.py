"""Every speed figure of issue 10 beside its peer, with the ratio, the target and PASS or MISS.

A figure on its own says little about a machine we do not know, and the bench scripts each
print a few; this one prints them all, in one run, each set beside the peer measured in the
same process a moment apart, so the ratio (which the targets are written in) survives a slow
or busy machine. Sections (``--only`` picks some):

* ``hands``: whole hands (antes to settlement) of seven-card stud, stud hi-lo and razz at 8
  and 2 players, studspec against pokerkit's fixed-limit games, one policy written here for
  both engines, timed in alternating chunks so that noise from the rest of the machine falls
  on both alike, after untimed warm-up hands on each (the steady state of a long run).
  Target: at least 10x at 8 players, 8x at 2 (stretch 25x).
* ``build``: one 8-player hand built (compiled book, seeded deck, antes and third street
  dealt), best of several ``timeit`` repeats, beside pokerkit's ``create_state``. At most 150 us.
* ``memory``: bytes one live 8-player hand holds (tracemalloc) after its build and once played
  out, beside a pokerkit state measured the same way. At most 10 KB for the live hand, read
  as the hand in play from its deal: the issue's own baseline ("a live hand holds about
  15 KB") was the built hand, 17.7 KB then, when a played-out hand held 46 KB. The
  played-out figure is reported beside it, without a target.
* ``simulate``: ``studspec simulate`` as a subprocess on 2 workers: wall clock, peak memory of
  the whole process tree, the rate projected to the target's 1,000,000 hands (5 minutes on 2
  cores), peak memory at 10,000 hands against N (flat), and the same report byte for byte
  with 1 and 2 workers.
* ``eval``: best-of-seven evaluations per second against treys (10x), their timed passes taken
  in turn so that noise slows both alike, and wild-card evaluation against treys' natural
  seven cards (1x), through bench/bench_evaluation.py.
* ``startup``: ``studspec validate`` of every built-in book, the first hand in a fresh process,
  and a warm load of a built-in book (under 30 ms), with ``import pokerkit`` for comparison.

The exit status is 0 whatever is missed (this is a report); it is not 0 only when something
fails to run. pokerkit and treys are the peers: ``pip install ".[bench]"``.

Usage: python bench/compare.py [--quick] [--only hands,build,...] [--json PATH]
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import importlib.util
import itertools
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import threading
import time
import timeit
import tracemalloc
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any, Literal, TypeVar

try:
    import studspec
except ImportError:  # run from a checkout without installing: use the source tree
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "interpreter"))
    import studspec
from studspec.engine.actions import BRING_IN, CHECK_CALL, FOLD, ActionKind, bet_to
from studspec.engine.hand import Hand
from studspec.engine.machine import compile_variant
from studspec.rulebook import builtin_names, clear_cache, load_variant
from studspec.rulebook.model import Stakes

T = TypeVar("T")
SECTIONS = ("hands", "build", "memory", "simulate", "eval", "startup")
BENCH = Path(__file__).resolve().parent
SOURCE = Path(studspec.__file__).resolve().parent.parent
"""The folder this process imports studspec from; subprocesses are given the same one."""
PEERS_MISSING = 'not installed: pip install ".[bench]"'

FOLD_SHARE = 0.15
RAISE_SHARE = 0.2
HAND_GAMES = (
    ("seven-card-stud", "FixedLimitSevenCardStud"),
    ("seven-card-stud-hi-lo", "FixedLimitSevenCardStudHighLowSplitEightOrBetter"),
    ("razz", "FixedLimitRazz"),
)
"""Each book raced in ``hands`` and the pokerkit game that plays the same rules."""
MEMORY_BOOK = "seven-card-stud"
ONE_MILLION = 1_000_000
FIVE_MINUTES = 300.0


# ---------------------------------------------------------------------------- figures


@dataclass(frozen=True)
class Target:
    """What a figure must reach: a ratio to the peer (``ratio``), a ceiling (``max``), a
    floor (``min``) or a yes (``true``: the figure is 1 for yes, 0 for no)."""

    kind: Literal["ratio", "max", "min", "true"]
    value: float
    text: str
    stretch: float | None = None
    """A further ratio printed beside the target (PASS or MISS too), not part of the verdict."""

    def judge(self, figure: Figure) -> bool | None:
        """PASS (True), MISS (False) or cannot tell (None: no figure, or no peer for a ratio)."""
        if self.kind == "ratio":
            return None if figure.ratio is None else figure.ratio >= self.value
        if figure.ours is None:
            return None
        if self.kind == "max":
            return figure.ours <= self.value
        if self.kind == "min":
            return figure.ours >= self.value
        return figure.ours == 1.0


@dataclass
class Figure:
    """One measured figure, with its peer from the same run when there is one."""

    section: str
    name: str
    ours: float | None
    unit: str
    peer: float | None = None
    peer_name: str = ""
    lower_is_better: bool = False
    """For times and bytes; the ratio is then peer / ours, so above 1 is always studspec ahead."""
    target: Target | None = None
    note: str = ""
    text: str | None = None
    """Printed instead of the number (a yes/no figure: 'same', 'different')."""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        if self.ours is None or self.peer is None or self.ours == 0 or self.peer == 0:
            return None
        return self.peer / self.ours if self.lower_is_better else self.ours / self.peer

    @property
    def verdict(self) -> str:
        if self.target is None:
            return ""
        passed = self.target.judge(self)
        word = "n/a" if passed is None else ("PASS" if passed else "MISS")
        if self.target.stretch is not None and self.ratio is not None:
            word += f" (stretch {'PASS' if self.ratio >= self.target.stretch else 'MISS'})"
        return word

    def as_json(self) -> dict[str, Any]:
        document = dataclasses.asdict(self)
        document["ratio"] = self.ratio
        document["verdict"] = self.verdict or None
        return document


def shown(value: float | None, unit: str) -> str:
    """A figure as printed: thousands separated, decimals as the unit needs."""
    if value is None:
        return "-"
    if unit in ("hands/s", "evals/s", "B", "builds/s"):
        return f"{value:,.0f} {unit}"
    if unit in ("us", "ms", "actions"):
        return f"{value:,.1f} {unit}"
    if unit == "s":
        return f"{value:,.0f} s ({value / 60:.1f} min)" if value >= 100 else f"{value:,.2f} s"
    if unit == "MiB":
        return f"{value:,.1f} MiB"
    if unit == "x":
        return f"{value:.2f}x"
    return f"{value:,.3g} {unit}".strip()


def print_table(title: str, figures: Sequence[Figure]) -> None:
    """One section's figures as a table: ours, the peer, the ratio, the target, the verdict."""
    print(f"\n== {title} ==")
    rows = [("figure", "studspec", "peer", "ratio", "target", "result")]
    for figure in figures:
        ours = figure.text if figure.text is not None else shown(figure.ours, figure.unit)
        if figure.peer is not None:
            peer = f"{shown(figure.peer, figure.unit)} {figure.peer_name}".strip()
        else:
            peer = figure.peer_name or "-"
        ratio = "-" if figure.ratio is None else f"{figure.ratio:.2f}x"
        target = "-" if figure.target is None else figure.target.text
        if figure.target is not None and figure.target.stretch is not None:
            target += f" (stretch {figure.target.stretch:g}x)"
        rows.append((figure.name, ours, peer, ratio, target, figure.verdict))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for number, row in enumerate(rows):
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
        if number == 0:
            print("  " + "  ".join("-" * width for width in widths))
    for figure in figures:
        if figure.note:
            print(f"  * {figure.name}: {figure.note}")


# ---------------------------------------------------------------------------- helpers


def load_bench_module(name: str) -> ModuleType:
    """A sibling bench script, loaded by path (bench/ is no package)."""
    path = BENCH / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def pokerkit_module() -> ModuleType | None:
    """pokerkit, or None when it is not installed; its card-reuse warnings at 8 players are
    silenced (it warns each time it deals mucked cards again; we only time it)."""
    try:
        pokerkit = importlib.import_module("pokerkit")  # a ModuleType to mypy, installed or not
    except ImportError:
        return None
    warnings.simplefilter("ignore")
    return pokerkit


def pokerkit_automations(pokerkit: ModuleType) -> tuple[Any, ...]:
    """Everything but the players' decisions, as bench/bench_play.py automates it."""
    automation = pokerkit.Automation
    return (
        automation.ANTE_POSTING,
        automation.BET_COLLECTION,
        automation.CARD_BURNING,
        automation.HOLE_DEALING,
        automation.BOARD_DEALING,
        automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        automation.HAND_KILLING,
        automation.CHIPS_PUSHING,
        automation.CHIPS_PULLING,
    )


def subprocess_env() -> dict[str, str]:
    """The environment for child processes: they import studspec from where this one does."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(SOURCE), env.get("PYTHONPATH"))))
    return env


def studspec_command(*arguments: str) -> list[str]:
    """The ``studspec`` command run by this interpreter (``python -m studspec`` is the command)."""
    return [sys.executable, "-m", "studspec", *arguments]


# ---------------------------------------------------------------------------- the policy

FOLDS, RAISES, PASSES = 0, 1, 2
"""The policy's three answers: fold, complete/bet/raise to the minimum, or the passive action
(the bring-in when that is the choice, else check or call)."""


def decide(rng: random.Random, can_fold: bool, can_raise: bool) -> int:
    """The one policy both engines play: fold 15% of the time when facing a bet; else, when a
    complete/bet/raise is open, take it (at the minimum) 20% of the time; else pass."""
    roll = rng.random()
    if can_fold and roll < FOLD_SHARE:
        return FOLDS
    if can_raise and rng.random() < RAISE_SHARE:
        return RAISES
    return PASSES


def finish_studspec(hand: Hand, rng: random.Random) -> int:
    """Play a studspec hand out with :func:`decide`; the number of decisions taken.

    studspec offers ``f`` only when there is something to call (``cc`` then costs more than
    nothing), but the fold is still gated on that cost so the two engines fold in exactly the
    same spots. With the open-pair rule two ``cbr`` choices are offered; the smaller is taken.
    """
    decisions = 0
    while not hand.is_complete:
        fold = bring_in = False
        owed = 0
        minimum: int | None = None
        for choice in hand.legal_actions():
            kind = choice.kind
            if kind is ActionKind.CHECK_CALL:
                owed = choice.cost
            elif kind is ActionKind.FOLD:
                fold = True
            elif kind is ActionKind.COMPLETE_BET_RAISE:
                if choice.minimum is not None and (minimum is None or choice.minimum < minimum):
                    minimum = choice.minimum
            elif kind is ActionKind.BRING_IN:
                bring_in = True
            else:
                raise RuntimeError(f"the policy does not answer {choice} ({hand.waiting_for()})")
        answer = decide(rng, fold and owed > 0, minimum is not None)
        if answer == FOLDS:
            hand.act(FOLD)
        elif answer == RAISES:
            assert minimum is not None
            hand.act(bet_to(minimum))
        else:
            hand.act(BRING_IN if bring_in else CHECK_CALL)
        decisions += 1
    return decisions


def pokerkit_state(game: Any, automations: tuple[Any, ...], stakes: Stakes, players: int, mode: Any) -> Any:
    """A pokerkit state at the book's stakes: antes posted and the hole cards dealt."""
    return game.create_state(
        automations,
        True,
        stakes.ante,
        stakes.bring_in,
        stakes.small_bet,
        stakes.big_bet,
        [stakes.starting_stack] * players,
        players,
        mode=mode,
    )


def finish_pokerkit(state: Any, rng: random.Random) -> int:
    """The same as :func:`finish_studspec` for a pokerkit state; the number of decisions.

    pokerkit's ``can_fold()`` (cash-game mode) is true with nothing to call too (it only
    warns), so the fold is gated on ``checking_or_calling_amount`` being above nothing, as
    studspec's is on the cost of ``cc``.
    """
    decisions = 0
    while state.status:
        owed = state.checking_or_calling_amount
        answer = decide(rng, bool(owed) and state.can_fold(), state.can_complete_bet_or_raise_to())
        if answer == FOLDS:
            state.fold()
        elif answer == RAISES:
            state.complete_bet_or_raise_to()  # no amount: the minimum
        elif state.can_post_bring_in():
            state.post_bring_in()
        elif state.can_check_or_call():
            state.check_or_call()
        else:
            raise RuntimeError("the pokerkit state waits for something the policy does not answer")
        decisions += 1
    return decisions


# ---------------------------------------------------------------------------- hands


@dataclass
class Race:
    """One book at one table size, both engines, interleaved chunk by chunk."""

    hands: int = 0
    seconds: float = 0.0
    decisions: int = 0
    peer_hands: int = 0
    peer_seconds: float = 0.0
    peer_decisions: int = 0


WARMUP_SEEDS = 1 << 40
"""The warm-up hands' deck seeds: far from the timed hands' (which start at ``--seed``)."""


def race(book: str, game_name: str, players: int, rounds: int, chunk: int, seed: int, warmup: int = 0) -> Race:
    """Alternate ``rounds`` chunks of ``chunk`` hands per engine (which goes first alternates
    too), summing each engine's time; the studspec hand is built inside the timing.

    Both engines are measured in the steady state a long simulation runs in. pokerkit builds
    its hand-evaluation tables when imported; studspec fills its own as hands ask, so the
    book's rankings are filled first (:meth:`~studspec.engine.evaluation.Ranking.fill`).
    Then each engine plays ``warmup`` hands untimed. The warm-up hands have other seeds and
    another policy generator, so the timed hands and decisions are the same without them.
    """
    variant = load_variant(book)
    stakes = variant.stakes
    stacks = [stakes.starting_stack] * players
    result = Race()
    rng = random.Random(seed)
    finish_studspec(Hand(variant, stacks, seed=seed - 1), random.Random(0))  # compile the book outside the timing
    for rule, _ in compile_variant(variant).rules.shares:
        rule.ranking.fill()
    warm_rng = random.Random(seed - 1)
    for number in range(warmup):
        finish_studspec(Hand(variant, stacks, seed=WARMUP_SEEDS + number), warm_rng)
    pokerkit = pokerkit_module()
    peer_rng = random.Random(seed)
    game: Any = None
    automations: tuple[Any, ...] = ()
    mode: Any = None
    if pokerkit is not None:
        game, automations, mode = getattr(pokerkit, game_name), pokerkit_automations(pokerkit), pokerkit.Mode.CASH_GAME
        finish_pokerkit(pokerkit_state(game, automations, stakes, players, mode), random.Random(0))
        for _ in range(warmup):
            finish_pokerkit(pokerkit_state(game, automations, stakes, players, mode), warm_rng)
        random.seed(seed)  # pokerkit shuffles with the random module's own generator
    number = seed
    for turn in range(rounds):
        order = ("studspec", "pokerkit") if turn % 2 == 0 else ("pokerkit", "studspec")
        for engine in order:
            if engine == "studspec":
                decisions = 0
                start = time.perf_counter()
                for _ in range(chunk):
                    decisions += finish_studspec(Hand(variant, stacks, seed=number), rng)
                    number += 1
                result.seconds += time.perf_counter() - start
                result.hands += chunk
                result.decisions += decisions
            elif pokerkit is not None:
                decisions = 0
                start = time.perf_counter()
                for _ in range(chunk):
                    decisions += finish_pokerkit(pokerkit_state(game, automations, stakes, players, mode), peer_rng)
                result.peer_seconds += time.perf_counter() - start
                result.peer_hands += chunk
                result.peer_decisions += decisions
    return result


def section_hands(args: argparse.Namespace) -> list[Figure]:
    figures = []
    peer_present = pokerkit_module() is not None
    for players, target, stretch in ((8, 10.0, 25.0), (2, 8.0, 25.0)):
        chunk = args.chunk * (3 if players == 2 else 1)  # 2-player hands are short: more of them
        for book, game_name in HAND_GAMES:
            outcome = race(book, game_name, players, args.rounds, chunk, args.seed, args.warmup)
            ours = outcome.hands / outcome.seconds
            peer = outcome.peer_hands / outcome.peer_seconds if outcome.peer_seconds else None
            ours_actions = outcome.decisions / outcome.hands
            peer_actions = outcome.peer_decisions / outcome.peer_hands if outcome.peer_hands else None
            if peer_actions is None:
                note = f"pokerkit {PEERS_MISSING}; {ours_actions:.1f} actions/hand"
            else:
                same = outcome.decisions == outcome.peer_decisions
                note = f"actions/hand studspec {ours_actions:.2f}, pokerkit {peer_actions:.2f}" + (
                    " (identical totals: the policy's choices depend on the betting, not the cards)"
                    if same
                    else " (the workloads should be close)"
                )
            figures.append(
                Figure(
                    "hands",
                    f"{book}, {players} players",
                    ours,
                    "hands/s",
                    peer,
                    "pokerkit " + game_name if peer_present else f"pokerkit {PEERS_MISSING}",
                    target=Target("ratio", target, f">= {target:g}x", stretch),
                    note=note,
                    extra={
                        "hands_each": outcome.hands,
                        "rounds": args.rounds,
                        "chunk": chunk,
                        "actions_per_hand": ours_actions,
                        "peer_actions_per_hand": peer_actions,
                    },
                )
            )
    print_table(
        f"1. Whole hands, one policy, same process, interleaved ({args.rounds} rounds of "
        f"{args.chunk} hands at 8 players, {3 * args.chunk} at 2, per engine, after "
        f"{args.warmup} untimed hands each, evaluation tables filled)",
        figures,
    )
    return figures


# ---------------------------------------------------------------------------- build


def best_microseconds(build: Callable[[], object], repeat: int) -> float:
    """Microseconds per call: ``timeit`` sized to about 0.2 s a pass, best of ``repeat``."""
    timer = timeit.Timer(build)
    number, _ = timer.autorange()
    return min(timer.repeat(repeat=repeat, number=number)) / number * 1e6


def section_build(args: argparse.Namespace) -> list[Figure]:
    variant = load_variant(MEMORY_BOOK)
    stacks = [variant.stakes.starting_stack] * 8
    seeds = itertools.count(args.seed)
    Hand(variant, stacks, seed=0)  # warm-up: the compiled book exists before the timing
    ours = best_microseconds(lambda: Hand(variant, stacks, seed=next(seeds)), args.repeat)
    pokerkit = pokerkit_module()
    peer = None
    if pokerkit is not None:
        game, automations = pokerkit.FixedLimitSevenCardStud, pokerkit_automations(pokerkit)
        mode = pokerkit.Mode.CASH_GAME
        peer = best_microseconds(lambda: pokerkit_state(game, automations, variant.stakes, 8, mode), args.repeat)
    figures = [
        Figure(
            "build",
            "build an 8-player hand",
            ours,
            "us",
            peer,
            "pokerkit create_state" if pokerkit else f"pokerkit {PEERS_MISSING}",
            lower_is_better=True,
            target=Target("max", 150.0, "<= 150 us"),
            note="antes posted, third street dealt, bring-in awaited (pokerkit: the same automations)",
        )
    ]
    print_table(f"2. Building a hand ({MEMORY_BOOK}, best of {args.repeat} timeit repeats)", figures)
    return figures


# ---------------------------------------------------------------------------- memory


def traced() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


def held_bytes(make: Callable[[], T], play: Callable[[T], object] | None) -> tuple[int, int]:
    """Bytes an object holds while alive, and what stays behind once it is gone.

    The object is made (and played, when ``play`` is given); the traced memory with it alive,
    less the traced memory once it is dropped and collected, is what it holds. Whatever it
    added to structures every hand shares (caches) stays after it and is not counted; that
    remainder is returned too, so a hand that leaked would show.
    """
    before = traced()
    thing = make()
    if play is not None:
        play(thing)
    alive = traced()
    del thing
    after = traced()
    return alive - after, after - before


def section_memory(args: argparse.Namespace) -> list[Figure]:
    variant = load_variant(MEMORY_BOOK)
    stakes = variant.stakes
    stacks = [stakes.starting_stack] * 8
    count = args.memory_hands
    pokerkit = pokerkit_module()
    finish_studspec(Hand(variant, stacks, seed=0), random.Random(0))  # warm-up: the compiled book and caches exist
    if pokerkit is not None:
        game, automations = pokerkit.FixedLimitSevenCardStud, pokerkit_automations(pokerkit)
        mode = pokerkit.Mode.CASH_GAME
        random.seed(args.seed)
        finish_pokerkit(pokerkit_state(game, automations, stakes, 8, mode), random.Random(0))
    built: list[tuple[int, int]] = []
    played: list[tuple[int, int]] = []
    peer_built: list[tuple[int, int]] = []
    peer_played: list[tuple[int, int]] = []
    tracemalloc.start()
    try:
        for n in range(count):
            # The policy's generator is made before the measurement: it is the player's, not the hand's.
            make = partial(Hand, variant, stacks, seed=args.seed + n)
            built.append(held_bytes(make, None))
            played.append(held_bytes(make, partial(finish_studspec, rng=random.Random(n))))
            if pokerkit is not None:
                make_state = partial(pokerkit_state, game, automations, stakes, 8, mode)
                peer_built.append(held_bytes(make_state, None))
                peer_played.append(held_bytes(make_state, partial(finish_pokerkit, rng=random.Random(n))))
    finally:
        tracemalloc.stop()
    peer_name = "pokerkit state" if pokerkit is not None else f"pokerkit {PEERS_MISSING}"
    target = Target("max", 10_240.0, "<= 10,240 B")
    figures = []
    for label, ours, theirs in (("built", built, peer_built), ("played out", played, peer_played)):
        left = max(rest for _, rest in ours)
        note = f"left behind once dropped (shared caches, leaks): at most {left:,} B a hand"
        if label != "built":
            note += "; no target: the issue's live hand is the built one (see the module's docstring)"
        figures.append(
            Figure(
                "memory",
                f"8-player hand {label} (max of {count})",
                float(max(size for size, _ in ours)),
                "B",
                float(max(size for size, _ in theirs)) if theirs else None,
                peer_name,
                lower_is_better=True,
                target=target if label == "built" else None,
                note=note,
                extra={"sizes": [size for size, _ in ours], "peer_sizes": [size for size, _ in theirs]},
            )
        )
    print_table(f"3. A live hand in memory ({MEMORY_BOOK}, tracemalloc, events included)", figures)
    print("  (a studspec hand makes its own seeded random.Random, about 2.5 KB, only when its stub")
    print("  must be reshuffled; pokerkit shuffles with the random module's shared generator)")
    return figures


# ---------------------------------------------------------------------------- simulate


@dataclass
class TreeRun:
    """One process and its descendants, run to the end."""

    wall: float
    returncode: int
    stdout: bytes
    stderr: bytes
    peak_rss: int | None
    """Peak of the summed RSS of the process and every descendant, polled every 0.1 s (pages
    shared after a fork count once per process, so this overstates a little)."""
    peak_pss: int | None
    """The same for PSS (shared pages divided among their sharers), when /proc offers it."""
    largest_process: int
    """wait4's ru_maxrss: the largest single process (the child or a descendant it reaped),
    not a sum."""


def _tree(root: int) -> list[int]:
    """``root`` and its descendants, from the parent of every process in /proc."""
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as stat:
                ppid = int(stat.read().rsplit(b")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(name))
    tree = [root]
    for pid in tree:  # grows as it goes: breadth first
        tree.extend(children.get(pid, ()))
    return tree


def _memory(pid: int, page: int) -> tuple[int, int | None]:
    """RSS and PSS of one process in bytes (0 and None when it is gone)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as statm:
            rss = int(statm.read().split()[1]) * page
    except (OSError, IndexError, ValueError):
        return 0, None
    try:
        with open(f"/proc/{pid}/smaps_rollup", "rb") as rollup:
            for line in rollup:
                if line.startswith(b"Pss:"):
                    return rss, int(line.split()[1]) * 1024
    except (OSError, IndexError, ValueError):
        pass
    return rss, None


def run_tree(command: Sequence[str], poll: float = 0.1) -> TreeRun:
    """Run ``command`` to the end, timing the wall clock while a thread polls its memory."""
    page = os.sysconf("SC_PAGE_SIZE")
    polling = Path("/proc/self/statm").exists()
    peaks: list[int | None] = [None, None]
    stop = threading.Event()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(list(command), stdout=out, stderr=err, env=subprocess_env())

        def sample() -> None:
            while not stop.is_set():
                rss = 0
                pss: int | None = 0
                for pid in _tree(process.pid):
                    one, proportional = _memory(pid, page)
                    rss += one
                    pss = None if pss is None or proportional is None else pss + proportional
                peaks[0] = max(peaks[0] or 0, rss)
                if pss is not None:
                    peaks[1] = max(peaks[1] or 0, pss)
                stop.wait(poll)

        watcher = threading.Thread(target=sample, daemon=True)
        if polling:
            watcher.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        stop.set()
        if polling:
            watcher.join()
        out.seek(0)
        err.seek(0)
        return TreeRun(wall, process.returncode, out.read(), err.read(), peaks[0], peaks[1], usage.ru_maxrss * 1024)


def simulate(hands: int, workers: int) -> TreeRun:
    arguments = ("simulate", "seven-card-stud", "--hands", str(hands), "--players", "8", "--seed", "1")
    run = run_tree(studspec_command(*arguments, "--quiet", "--json", "--workers", str(workers)))
    if run.returncode != 0:
        raise RuntimeError(f"studspec simulate failed ({run.returncode}): {run.stderr.decode(errors='replace')}")
    return run


def mib(size: int | None) -> float | None:
    return None if size is None else size / (1 << 20)


def section_simulate(args: argparse.Namespace) -> list[Figure]:
    hands, flat_hands, same_hands, workers = args.simulate_hands, args.flat_hands, args.same_hands, args.workers
    main = simulate(hands, workers)
    flat = simulate(flat_hands, workers)
    one = simulate(same_hands, 1)
    two = simulate(same_hands, 2)
    rate = hands / main.wall
    measured = hands == ONE_MILLION
    million = main.wall if measured else ONE_MILLION / rate
    peak_ratio = None if main.peak_rss is None or flat.peak_rss is None else main.peak_rss / flat.peak_rss
    figures = [
        Figure(
            "simulate",
            f"simulate {hands:,} hands, {workers} workers",
            rate,
            "hands/s",
            note=f"wall clock {main.wall:.1f} s for the whole process (start-up included); no peer",
            extra={"hands": hands, "wall": main.wall},
        ),
        Figure(
            "simulate",
            "1,000,000 hands, " + ("MEASURED" if measured else "PROJECTED from the rate above"),
            million,
            "s",
            lower_is_better=True,
            target=Target("max", FIVE_MINUTES, "<= 300 s on 2 cores"),
            note="measured"
            if measured
            else f"not measured: 1,000,000 / {rate:,.0f} hands/s (run --simulate-hands 1000000 to measure)",
            extra={"measured": measured},
        ),
    ]
    for run, count in ((flat, flat_hands), (main, hands)):
        figures.append(
            Figure(
                "simulate",
                f"peak memory, process tree, {count:,} hands",
                mib(run.peak_rss),
                "MiB",
                note=f"sum of RSS polled every 0.1 s; PSS sum {shown(mib(run.peak_pss), 'MiB')}; "
                f"largest single process (wait4 ru_maxrss, a max not a sum) {shown(mib(run.largest_process), 'MiB')}",
                extra={"peak_pss": run.peak_pss, "largest_process": run.largest_process, "wall": run.wall},
            )
        )
    figures.append(
        Figure(
            "simulate",
            f"flat memory: peak at {hands:,} / peak at {flat_hands:,}",
            peak_ratio,
            "x",
            target=Target("max", 1.2, "<= 1.2x (flat)"),
            note="this script reads 'flat' as at most 1.2x; the issue gives no number",
        )
    )
    same = one.stdout == two.stdout
    figures.append(
        Figure(
            "simulate",
            f"same JSON report with 1 and 2 workers ({same_hands:,} hands)",
            1.0 if same else 0.0,
            "",
            text="same" if same else "different",
            target=Target("true", 1.0, "byte for byte"),
            note=f"{len(one.stdout):,} bytes of JSON compared",
        )
    )
    print_table(f"4. simulate seven-card-stud --players 8 --seed 1 ({sys.executable} -m studspec)", figures)
    return figures


# ---------------------------------------------------------------------------- eval


def section_eval(args: argparse.Namespace) -> list[Figure]:
    evaluation = load_bench_module("bench_evaluation")
    n, seed, repeat = args.eval_hands, args.seed, args.repeat
    hands = evaluation.random_hands(n, seed)
    evaluation.time_pass(evaluation.HIGH.value, hands)  # warm: fill the tables these hands need
    made = evaluation.treys_evaluator(hands)
    treys: float | None = None
    notes = ""
    if made is None:
        high = float(evaluation.best_rate(evaluation.HIGH.value, hands, repeat))
    else:
        evaluate, converted = made
        subset = evaluation.sized_for(evaluate, converted, args.seconds)
        evaluation.time_pass(evaluate, subset[:1000])
        # Passes taken in turn, studspec then treys, so noise slows both alike (as in section 1).
        high, treys = evaluation.interleaved_best_rates([(evaluation.HIGH.value, hands), (evaluate, subset)], repeat)
        notes = f"passes interleaved with studspec's; treys timed on {len(subset):,} of the hands; "
        notes += (
            "it orders a sample as studspec does"
            if evaluation.treys_agrees(hands)
            else "WARNING: it orders some hands differently"
        )
    peer_name = "treys 7-card" if made is not None else f"treys {PEERS_MISSING}"
    figures = [
        Figure(
            "eval",
            "best-of-seven HIGH",
            high,
            "evals/s",
            treys,
            peer_name,
            target=Target("ratio", evaluation.REQUIRED_HIGH_VS_TREYS, f">= {evaluation.REQUIRED_HIGH_VS_TREYS:g}x"),
            note=notes,
        ),
        Figure(
            "eval",
            "best-of-seven HIGH, absolute",
            high,
            "evals/s",
            target=Target("min", evaluation.REQUIRED_HIGH_RATE, f">= {evaluation.REQUIRED_HIGH_RATE:,}/s"),
            note="bench/bench_evaluation.py's own floor",
        ),
    ]
    targeted = {"7 cards, 1 wild deuce", "7 cards, 2 wild deuces", "7 cards, 1 joker as the bug"}
    for label, rate in evaluation.measure_wild(n, seed, repeat):
        figures.append(
            Figure(
                "eval",
                f"wild: {label}",
                float(rate),
                "evals/s",
                treys,
                "treys natural 7-card" if made is not None else peer_name,
                target=Target("ratio", evaluation.REQUIRED_WILD_VS_TREYS, ">= 1x") if label in targeted else None,
                note="" if label in targeted else "for the record (8 and 9 cards; no target of its own here)",
            )
        )
    print_table(f"5. Evaluation ({n:,} seeded hands, best of {repeat}, via bench/bench_evaluation.py)", figures)
    return figures


# ---------------------------------------------------------------------------- startup


def best_process(command: Sequence[str], repeat: int) -> tuple[float, list[bytes]]:
    """The fastest whole-process wall time of ``repeat`` runs (after one untimed run, so the
    bytecode caches exist), and every run's output."""
    subprocess.run(list(command), env=subprocess_env(), capture_output=True, check=True)
    times, outputs = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(list(command), env=subprocess_env(), capture_output=True, check=True)
        times.append(time.perf_counter() - start)
        outputs.append(done.stdout)
    return min(times), outputs


FIRST_HAND = """\
import time
start = time.perf_counter()
from studspec.engine.hand import Hand
from studspec.rulebook import load_variant
imported = time.perf_counter()
variant = load_variant("seven-card-stud")
loaded = time.perf_counter()
Hand(variant, [variant.stakes.starting_stack] * 8, seed=1)
built = time.perf_counter()
print(imported - start, loaded - imported, built - loaded)
"""


def best_load_ms(name: str, repeat: int, cached: bool) -> float:
    """Milliseconds of ``load_variant(name)`` in a process that has loaded it once already:
    a cache hit (``cached``), or after :func:`clear_cache` (the file read, checked and built
    again). Best of ``repeat``."""
    load_variant(name)
    times = []
    for _ in range(repeat):
        if not cached:
            clear_cache()
        start = time.perf_counter()
        load_variant(name)
        times.append(time.perf_counter() - start)
    return min(times) * 1e3


def section_startup(args: argparse.Namespace) -> list[Figure]:
    repeat = args.process_repeat
    names = builtin_names()
    validate, outputs = best_process(studspec_command("validate", *names), repeat)
    bare, _ = best_process([sys.executable, "-c", "pass"], repeat)
    ours_import, _ = best_process([sys.executable, "-c", "import studspec"], repeat)
    first, first_outputs = best_process([sys.executable, "-c", FIRST_HAND], repeat)
    parts = [[float(word) for word in output.split()] for output in first_outputs]
    imported, loaded, built = (min(column) * 1e3 for column in zip(*parts))
    peer_import: float | None = None
    try:
        peer_import, _ = best_process([sys.executable, "-c", "import pokerkit"], repeat)
    except subprocess.CalledProcessError:
        peer_import = None
    load_repeat = max(3, args.repeat * 2)
    uncached = {name: best_load_ms(name, load_repeat, cached=False) for name in names}
    slowest = max(uncached, key=lambda name: uncached[name])
    hit = best_load_ms("seven-card-stud", load_repeat * 10, cached=True)
    last_line = outputs[-1].decode(errors="replace").strip().splitlines()[-1:] or ["(no output)"]
    figures = [
        Figure(
            "startup",
            f"studspec validate, all {len(names)} built-in books",
            validate * 1e3,
            "ms",
            note=f"one process, whole wall time; it said: {last_line[0]}; no target given for this figure",
        ),
        Figure(
            "startup",
            "first hand in a fresh process",
            first * 1e3,
            "ms",
            note=f"whole process; inside it: import {imported:.1f} ms, load the book {loaded:.1f} ms, "
            f"compile and build the hand {built:.1f} ms (best of {repeat} each); no target given",
            extra={"import_ms": imported, "load_ms": loaded, "build_ms": built},
        ),
        Figure(
            "startup",
            "python -c 'import studspec'",
            ours_import * 1e3,
            "ms",
            peer_import * 1e3 if peer_import is not None else None,
            "python -c 'import pokerkit'" if peer_import is not None else f"pokerkit {PEERS_MISSING}",
            lower_is_better=True,
            note=f"whole process; python -c pass alone takes {bare * 1e3:.1f} ms",
        ),
        Figure(
            "startup",
            "load seven-card-stud, warm process, uncached",
            uncached["seven-card-stud"],
            "ms",
            target=Target("max", 30.0, "< 30 ms"),
            note="load_variant caches per file; clear_cache() before each load, so the book is read, "
            "checked against the schema and built each time (the schema itself stays loaded)",
        ),
        Figure(
            "startup",
            f"load slowest built-in book ({slowest}), uncached",
            uncached[slowest],
            "ms",
            target=Target("max", 30.0, "< 30 ms"),
            extra={"uncached_ms": uncached},
        ),
        Figure(
            "startup",
            "load seven-card-stud, cached (a cache hit)",
            hit,
            "ms",
            note="what a second load_variant of the same book costs: the file stamps are checked",
        ),
    ]
    print_table(f"6. Start-up (best of {repeat} processes; in-process loads best of {load_repeat})", figures)
    return figures


# ---------------------------------------------------------------------------- main

RUNNERS: dict[str, Callable[[argparse.Namespace], list[Figure]]] = {
    "hands": section_hands,
    "build": section_build,
    "memory": section_memory,
    "simulate": section_simulate,
    "eval": section_eval,
    "startup": section_startup,
}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Sections: " + ", ".join(SECTIONS) + ". Exit status 0 whatever is missed.",
    )
    parser.add_argument(
        "--quick", action="store_true", help="small counts: checks the script works, well under a minute"
    )
    parser.add_argument("--only", default=",".join(SECTIONS), help="sections to run, comma-separated (default: all)")
    parser.add_argument("--json", type=Path, metavar="PATH", help="also write every figure to PATH as JSON")
    parser.add_argument("--seed", type=int, default=1, help="seed of hands and policies (default %(default)s)")
    parser.add_argument("--rounds", type=int, help="hands: chunks per engine (default 10; quick 2)")
    parser.add_argument("--chunk", type=int, help="hands: hands per chunk at 8 players, 3x at 2 (default 50; quick 10)")
    parser.add_argument(
        "--warmup", type=int, help="hands: untimed hands per engine first, for the steady state (default 300; quick 20)"
    )
    parser.add_argument("--repeat", type=int, help="timeit and evaluation passes; the best counts (default 7; quick 3)")
    parser.add_argument("--memory-hands", type=int, help="memory: hands measured, the max counts (default 20; quick 5)")
    parser.add_argument("--simulate-hands", type=int, help="simulate: N (default 100,000; quick 2,000)")
    parser.add_argument(
        "--flat-hands", type=int, help="simulate: the smaller run N is compared with (default 10,000; quick 500)"
    )
    parser.add_argument(
        "--same-hands", type=int, help="simulate: hands of the 1 vs 2 workers check (default 2,000; quick 300)"
    )
    parser.add_argument(
        "--workers", type=int, default=2, help="simulate: workers of the timed runs (default %(default)s)"
    )
    parser.add_argument(
        "--eval-hands", type=int, help="eval: hands in the prebuilt list (default 100,000; quick 10,000)"
    )
    parser.add_argument(
        "--seconds", type=float, help="eval: about how long one treys pass may take (default 1.0; quick 0.2)"
    )
    parser.add_argument(
        "--process-repeat", type=int, help="startup: processes per figure, the best counts (default 5; quick 2)"
    )
    args = parser.parse_args(argv)
    defaults: dict[str, tuple[int | float, int | float]] = {
        "rounds": (10, 2),
        "chunk": (50, 10),
        "warmup": (300, 20),
        "repeat": (7, 3),
        "memory_hands": (20, 5),
        "simulate_hands": (100_000, 2_000),
        "flat_hands": (10_000, 500),
        "same_hands": (2_000, 300),
        "eval_hands": (100_000, 10_000),
        "seconds": (1.0, 0.2),
        "process_repeat": (5, 2),
    }
    for name, (full, quick) in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, quick if args.quick else full)
    args.sections = [word.strip() for word in args.only.split(",") if word.strip()]
    unknown = [word for word in args.sections if word not in SECTIONS]
    if unknown:
        parser.error(f"unknown section {', '.join(unknown)}: choose from {', '.join(SECTIONS)}")
    return args


def print_summary(figures: Sequence[Figure]) -> None:
    targeted = [figure for figure in figures if figure.target is not None]
    print("\n== Summary: issue 10's targets ==")
    rows = [("target", "figure", "result")]
    for figure in targeted:
        assert figure.target is not None
        value = figure.ratio if figure.target.kind == "ratio" else figure.ours
        if figure.text is not None:
            shown_value = figure.text
        elif figure.target.kind == "ratio":
            shown_value = "-" if value is None else f"{value:.2f}x"
        else:
            shown_value = shown(value, figure.unit)
        rows.append((f"{figure.name}: {figure.target.text}", shown_value, figure.verdict))
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        print("  " + "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    verdicts = [figure.target.judge(figure) for figure in targeted if figure.target is not None]
    print(
        f"  {verdicts.count(True)} PASS, {verdicts.count(False)} MISS"
        + (f", {verdicts.count(None)} n/a (peer missing)" if None in verdicts else "")
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    print(
        f"studspec {studspec.__version__} from {SOURCE}; Python {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} cores{'; QUICK counts' if args.quick else ''}"
    )
    pokerkit = pokerkit_module()
    if pokerkit is None:
        print(f"pokerkit {PEERS_MISSING} (ratios against it are skipped)")
    figures: list[Figure] = []
    for section in SECTIONS:
        if section in args.sections:
            started = time.perf_counter()
            figures.extend(RUNNERS[section](args))
            print(f"  ({section}: {time.perf_counter() - started:.1f} s)")
            sys.stdout.flush()
    print_summary(figures)
    if args.json is not None:
        document = {
            "studspec": studspec.__version__,
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cores": os.cpu_count(),
            "argv": sys.argv[1:] if argv is None else list(argv),
            "quick": args.quick,
            "figures": [figure.as_json() for figure in figures],
        }
        args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
        print(f"figures written to {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
