"""Play many hands of a rule book with built-in players, on every core, reproducibly.

Each hand depends only on ``(seed, hand number)``: its shuffle and its players' choices
are seeded from those two alone, and every hand starts from the rule book's starting
stacks. Hands are played in fixed chunks, each chunk's integer totals are merged in
chunk order, so the same seed gives the same numbers whatever the number of workers
(and however the operating system schedules them).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from studspec.engine.hand import Hand
from studspec.history.phh import write_history
from studspec.spec.model import Stakes, Variant

from .players import Player, PlayerKind, make_player, play_out
from .stats import Totals, record

CHUNK = 50
"""Hands per task: small enough for a smooth progress bar, large enough to amortise the
cost of sending a task to a worker."""


def hand_seed(seed: int, number: int) -> int:
    """The seed of hand ``number`` of a simulation seeded ``seed`` (stable across processes
    and Python versions: a hash of both, not ``hash()``)."""
    digest = hashlib.blake2b(f"studspec/{seed}/{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def bots_for_hand(kind: PlayerKind, seed: int, count: int) -> list[Player]:
    """The built-in players of the hand seeded ``seed``, each with its own seeded rng."""
    rng = random.Random(seed ^ 0x5EA7)
    return [make_player(kind, random.Random(rng.getrandbits(64))) for _ in range(count)]


@dataclass(frozen=True)
class Setup:
    """Everything that decides how a hand is played, except its number."""

    variant: Variant
    players: int
    stakes: Stakes
    player: PlayerKind
    seed: int
    phh_dir: str | None = None
    variant_ref: str | None = None
    """How PHH files name the rule book (``_variant``): a built-in name, or a path relative to
    ``phh_dir`` (histories stay portable when the folder moves with its book)."""


def play_hand(setup: Setup, number: int) -> Hand:
    """Hand ``number`` of the simulation, played to the end."""
    seed = hand_seed(setup.seed, number)
    hand = Hand(setup.variant, [setup.stakes.starting_stack] * setup.players, stakes=setup.stakes, seed=seed)
    return play_out(hand, bots_for_hand(setup.player, seed, setup.players))


def play_chunk(setup: Setup, start: int, stop: int) -> Totals:
    """Play hands ``start`` to ``stop - 1`` and add them up (runs in a worker process)."""
    totals = Totals(streets=len(setup.variant.streets), seats=setup.players)
    shares = len(setup.variant.shares)
    for number in range(start, stop):
        hand = play_hand(setup, number)
        totals.add(record(hand), shares)
        if setup.phh_dir is not None:
            path = Path(setup.phh_dir) / f"hand-{number + 1:06d}.phh"
            path.write_text(write_history(hand, variant_ref=setup.variant_ref), encoding="utf-8")
    return totals


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the parent's to handle (a terminal sends it to the whole process
    group); the parent then stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop at once: cancel the chunks not begun, and end the workers in the middle of theirs."""
    processes = list((pool._processes or {}).values())  # the executor offers no public way to end them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=2.0)
        if process.is_alive():
            process.kill()
            process.join(timeout=1.0)


def _play_in_pool(
    setup: Setup,
    chunks: list[tuple[int, int]],
    results: list[Totals | None],
    workers: int,
    progress: Callable[[int], None] | None,
    start_method: str | None,
) -> None:
    """Play the chunks on ``workers`` processes into ``results``. On any exception (Ctrl-C
    included) the workers are stopped at once, not left to finish, and it is raised again."""
    context = multiprocessing.get_context(start_method)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_ignore_interrupts)
    done = 0
    try:
        futures = {pool.submit(play_chunk, setup, start, stop): i for i, (start, stop) in enumerate(chunks)}
        for future in as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            start, stop = chunks[i]
            done += stop - start
            if progress:
                progress(done)
    except BaseException:
        _stop_pool(pool)
        raise
    pool.shutdown()


def simulate(
    setup: Setup,
    hands: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    start_method: str | None = None,
) -> Totals:
    """Play ``hands`` hands and return their totals; ``progress(done)`` after each chunk.

    ``workers`` > 1 spreads the chunks over that many processes (``start_method`` as in
    :mod:`multiprocessing`; the platform's default when ``None``). The result does not
    depend on ``workers``.
    """
    if setup.phh_dir is not None:
        Path(setup.phh_dir).mkdir(parents=True, exist_ok=True)
    chunks = [(start, min(start + CHUNK, hands)) for start in range(0, hands, CHUNK)]
    results: list[Totals | None] = [None] * len(chunks)
    done = 0
    if workers <= 1 or len(chunks) <= 1:
        for i, (start, stop) in enumerate(chunks):
            results[i] = play_chunk(setup, start, stop)
            done += stop - start
            if progress:
                progress(done)
    else:
        _play_in_pool(setup, chunks, results, min(workers, len(chunks)), progress, start_method)
    total = Totals(streets=len(setup.variant.streets), seats=setup.players)
    for part in results:  # in hand order, whatever order they finished in
        assert part is not None
        total.merge(part)
    return total


class ProgressBar:
    """Progress on stderr. On a terminal, a bar redrawn in place (at most ten times a
    second); otherwise (a log, a pipe) one plain line at each tenth of the way, so that
    a CI log shows progress without control characters. ``finish`` prints the rate."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.tty = self.stream.isatty()
        self.start = time.perf_counter()
        self._drawn = 0.0
        self._tenth = 0

    def __call__(self, done: int) -> None:
        if not self.enabled or not self.total:
            return
        now = time.perf_counter()
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        if self.tty:
            if done < self.total and now - self._drawn < 0.1:
                return
            self._drawn = now
            filled = self.WIDTH * done // self.total
            eta = (self.total - done) / rate if rate else 0.0
            bar = "#" * filled + "." * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {done}/{self.total} hands  {rate:,.0f} hands/s  ETA {eta:4.0f} s ")
            self.stream.flush()
        else:
            tenth = 10 * done // self.total
            if tenth > self._tenth:
                self._tenth = tenth
                self.stream.write(f"simulate: {done}/{self.total} hands ({10 * tenth}%)\n")
                self.stream.flush()

    def finish(self, workers: int) -> float:
        """End the bar; print and return the hands per second."""
        elapsed = time.perf_counter() - self.start
        rate = self.total / elapsed if elapsed > 0 else 0.0
        if self.enabled:
            if self.tty:
                self.stream.write("\n")
            self.stream.write(
                f"simulate: {self.total} hands in {elapsed:.1f} s, {rate:,.0f} hands/s "
                f"on {workers} worker{'s' if workers != 1 else ''}\n"
            )
            self.stream.flush()
        return rate
