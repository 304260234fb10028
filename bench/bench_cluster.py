"""Hands per second on 1 worker, the local pool and a local 2-node Ray cluster, and what a
chunk costs to send, so that a user can size ``--chunk`` (docs/cluster.md).

    python bench/bench_cluster.py                 # 4,000 hands a run, 200 empty chunks
    python bench/bench_cluster.py --hands 20000 --chunk 200 --chunks 500

It starts the Ray cluster itself (a head and a second node on 127.0.0.1, one CPU each,
session files in a temporary folder) and stops every process of it at the end. Needs
``pip install ".[cluster]"``. Every run plays the same hands (seven-card-stud, 8 players,
seed 1) and the bench checks that every backend gives the same totals.

Each backend is warmed up first (a pool's or Ray's workers start and import studspec), so
the rates are the steady state; the connection time is reported on its own. The overhead
of a chunk is the time per chunk of a run of empty chunks (``start == stop``): sending the
task, running nothing, returning empty totals and folding them.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from studspec.play.chunks import Backend, Local, run_chunks
from studspec.play.players import PlayerKind
from studspec.play.simulate import CHUNK_LEAST, Setup, play_chunk, run_simulation
from studspec.play.stats import Totals
from studspec.rulebook import load_variant

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # tools/ is the repository's, not the package's
    sys.path.insert(0, str(ROOT))

from tools.local_ray import local_cluster  # noqa: E402


def setup() -> Setup:
    variant = load_variant("seven-card-stud")
    return Setup(variant=variant, players=8, stakes=variant.stakes, player=PlayerKind.RULES, seed=1)


def rate(backend: Backend, hands: int, chunk: int) -> tuple[float, Totals]:
    """Hands per second of one run, and its totals."""
    began = time.perf_counter()
    totals = run_simulation(setup(), hands, backend, chunk=chunk).totals
    return hands / (time.perf_counter() - began), totals


def _empty_run(backend: Backend, chunks: int) -> float:
    shared = setup()
    total = Totals(streets=len(shared.variant.streets), seats=shared.players)
    began = time.perf_counter()
    run_chunks(backend, play_chunk, shared, [(0, 0)] * chunks, total.merge)
    return time.perf_counter() - began


def chunk_overhead(backend: Backend, chunks: int) -> float:
    """Seconds per empty chunk, sent, run and folded: runs of ``chunks`` and ``2 * chunks``
    empty chunks, the difference divided by ``chunks``, so that what a run pays once (a
    pool's start, putting the set-up in Ray's object store) does not count."""
    return max(0.0, _empty_run(backend, 2 * chunks) - _empty_run(backend, chunks)) / chunks


def measure(name: str, backend: Backend, args: argparse.Namespace) -> Totals:
    run_simulation(setup(), 2 * args.chunk * 2, backend, chunk=args.chunk)  # warm up the workers
    hands_per_second, totals = rate(backend, args.hands, args.chunk)
    overhead = chunk_overhead(backend, args.chunks)
    per_hand = 1 / hands_per_second
    print(
        f"{name:<34} {hands_per_second:>10,.0f} {overhead * 1e3:>12.2f} {overhead / per_hand:>14.1f} "
        f"{100 * overhead / (overhead + args.chunk * per_hand):>9.1f}%",
        flush=True,
    )
    return totals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=4000, help="hands a timed run (default %(default)s)")
    parser.add_argument("--chunk", type=int, default=CHUNK_LEAST, help="hands a chunk (default %(default)s)")
    parser.add_argument(
        "--chunks", type=int, default=200, help="empty chunks timed for the overhead (default %(default)s)"
    )
    args = parser.parse_args()
    print(f"seven-card-stud, 8 players, {args.hands:,} hands in chunks of {args.chunk}; {os.cpu_count()} cores")
    print(f"{'backend':<34} {'hands/s':>10} {'ms/chunk':>12} {'chunk = hands':>14} {'overhead':>10}")
    results = [measure("1 worker (this process)", Local(1), args)]
    results.append(measure("local pool, 2 workers", Local(2), args))
    from studspec.play.cluster import connect

    with local_cluster() as running:
        for label, where in (
            ("Ray, 2 nodes (driver on a node)", running.gcs),
            ("Ray, 2 nodes (Ray Client)", running.client),
        ):
            began = time.perf_counter()
            with connect(where) as cluster:
                connected = time.perf_counter() - began
                results.append(measure(label, cluster, args))
            print(f"  (connecting to {where} took {connected:.1f} s)")
    assert all(totals == results[0] for totals in results), "a backend gave other totals"
    print("every backend gave the same totals")
    print("ms/chunk: an empty chunk's cost; chunk = hands: that cost in hands played; overhead: its")
    print(f"share of a {args.chunk}-hand chunk")


if __name__ == "__main__":
    main()
