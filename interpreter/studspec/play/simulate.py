"""Play many hands of a rule book with built-in players, on every core or a Ray cluster,
reproducibly.

Each hand depends only on ``(seed, hand number)``: its shuffle and its players' choices
are seeded from those two alone, and every hand starts from the rule book's starting
stacks. Hands are played in chunks (:mod:`studspec.play.chunks`), each chunk's integer
totals are merged in chunk order, so the same seed gives the same numbers whatever the
number of workers or machines, the chunk size, and however they are scheduled; only the
totals come back from a worker, never the hands.
"""

from __future__ import annotations

import hashlib
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from studspec.engine.hand import Hand
from studspec.files import make_folder, write_atomically
from studspec.history.phh import write_history
from studspec.rulebook.model import Stakes, Variant

from .chunks import Backend, Local, Spans, chunk_size, run_chunks
from .players import Player, PlayerKind, make_player, play_out
from .stats import Totals, record

CHUNK_LEAST, CHUNK_MOST = 50, 1000
"""Hands per task when ``--chunk`` is not given: about sixteen chunks a worker
(:func:`~studspec.play.chunks.chunk_size`), between these two. A long run takes the
largest: every chunk costs its worker and the driver some sending, receiving and waking
up, and on 2 workers 100,000 hands ran 6% faster in chunks of 1,000 than of 50 (measured
with ``--chunk``, alternating, twice each). The totals do not depend on it."""


def default_chunk(hands: int, workers: int) -> int:
    """Hands per task for ``hands`` hands on ``workers`` workers, when none is asked for."""
    return chunk_size(hands, workers, CHUNK_LEAST, CHUNK_MOST)


def hand_seed(seed: int, number: int) -> int:
    """The seed of hand ``number`` of a simulation seeded ``seed`` (stable across processes
    and Python versions: a hash of both, not ``hash()``)."""
    digest = hashlib.blake2b(f"studspec/{seed}/{number}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def bots_for_hand(kind: PlayerKind, seed: int, count: int) -> list[Player]:
    """The built-in players of the hand seeded ``seed``: one player in every seat, drawing
    from one generator seeded by the hand. Seats choose one at a time, so the hand's choices
    depend on its seed alone; seeding one generator a hand rather than one a player saves a
    twentieth of a simulated hand's time (a generator's seeding fills 624 words). One player
    serves every seat because a built-in player keeps nothing of a seat's: it is told the
    seat at each choice, and reads the rest from the hand."""
    return [make_player(kind, random.Random(seed ^ 0x5EA7))] * count


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
            write_atomically(path, write_history(hand, variant_ref=setup.variant_ref), durable=False)
    return totals


@dataclass(frozen=True)
class Simulated:
    """A finished simulation: its totals, and how the run went."""

    totals: Totals
    label: str
    """Where it ran: ``2 workers``, ``the Ray cluster at ... (4 CPUs)``."""
    retried: int
    """Chunks played again after their worker was lost (their hands count once)."""


def run_simulation(
    setup: Setup,
    hands: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
    chunk: int | None = None,
) -> Simulated:
    """Play ``hands`` hands in chunks of ``chunk`` (by default :func:`default_chunk` for the
    backend's workers) on ``backend``; ``progress(done)`` after each chunk. With
    ``setup.phh_dir`` the workers write the hands there themselves (on a cluster it must be
    a folder every node shares)."""
    if chunk is None:
        chunk = default_chunk(hands, backend.workers)
    if setup.phh_dir is not None:
        make_folder(setup.phh_dir)  # a file in its place is one line before any hand is played
    total = Totals(streets=len(setup.variant.streets), seats=setup.players)
    ran = run_chunks(backend, play_chunk, setup, Spans(hands, chunk), total.merge, progress)
    return Simulated(total, ran.label, ran.retried)


def simulate(
    setup: Setup,
    hands: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    start_method: str | None = None,
) -> Totals:
    """Play ``hands`` hands on this machine and return their totals; ``progress(done)``
    after each chunk.

    ``workers`` > 1 spreads the chunks over that many processes (``start_method`` as in
    :mod:`multiprocessing`; the platform's default when ``None``). The result does not
    depend on ``workers``.
    """
    return run_simulation(setup, hands, Local(workers, start_method), progress).totals


class ProgressBar:
    """Progress on stderr. On a terminal, a bar redrawn in place (at most ten times a
    second); otherwise (a log, a pipe) one plain line at each tenth of the way, so that
    a CI log shows progress without control characters. ``finish`` prints the rate.
    ``command`` and ``unit`` name the lines (``simulate``, ``hands``)."""

    WIDTH = 30

    def __init__(
        self,
        total: int,
        stream: TextIO | None = None,
        enabled: bool = True,
        command: str = "simulate",
        unit: str = "hands",
    ) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.command, self.unit = command, unit
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
            unit = self.unit
            self.stream.write(f"\r[{bar}] {done}/{self.total} {unit}  {rate:,.0f} {unit}/s  ETA {eta:4.0f} s ")
            self.stream.flush()
        else:
            tenth = 10 * done // self.total
            if tenth > self._tenth:
                self._tenth = tenth
                self.stream.write(f"{self.command}: {done}/{self.total} {self.unit} ({10 * tenth}%)\n")
                self.stream.flush()

    def finish(self, workers: int | str) -> float:
        """End the bar; print and return the rate. ``workers`` says where the run went: a
        number of workers, or a label such as ``the Ray cluster at ... (4 CPUs)``."""
        elapsed = time.perf_counter() - self.start
        rate = self.total / elapsed if elapsed > 0 else 0.0
        if self.enabled:
            if self.tty:
                self.stream.write("\n")
            where = workers if isinstance(workers, str) else f"{workers} worker{'s' if workers != 1 else ''}"
            self.stream.write(
                f"{self.command}: {self.total} {self.unit} in {elapsed:.1f} s, {rate:,.0f} {self.unit}/s on {where}\n"
            )
            self.stream.flush()
        return rate
