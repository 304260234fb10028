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
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from studspec.play.chunks import Backend, Local, run_chunks
from studspec.play.players import PlayerKind
from studspec.play.simulate import CHUNK, Setup, play_chunk, run_simulation
from studspec.play.stats import Totals
from studspec.spec import load_variant

RAY = Path(sys.executable).with_name("ray")


def setup() -> Setup:
    variant = load_variant("seven-card-stud")
    return Setup(variant=variant, players=8, stakes=variant.stakes, player=PlayerKind.RULES, seed=1)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _session_pids(sessions: set[int]) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if fields[0] != "Z" and int(fields[3]) in sessions:
                    pids.append(int(entry.name))
    return pids


def _stop(sessions: set[int]) -> None:
    """End every process the ``ray start`` sessions made (Ray's daemons keep the session)."""
    for sig, grace in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 5.0)):
        for pid in _session_pids(sessions):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace
        while _session_pids(sessions) and time.monotonic() < deadline:
            time.sleep(0.2)


def _ray_start(folder: Path, *args: str) -> int:
    command = [str(RAY), "start", "--node-ip-address=127.0.0.1", "--num-cpus=1", f"--temp-dir={folder}"]
    command += ["--disable-usage-stats", "--object-store-memory=200000000", *args]
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, start_new_session=True
    )
    out, _ = process.communicate(timeout=180)
    if process.returncode != 0:
        raise RuntimeError(f"ray start failed: {out.decode(errors='replace')}")
    return process.pid


@contextlib.contextmanager
def local_cluster() -> Iterator[tuple[str, str]]:
    """A 2-node Ray cluster on 127.0.0.1: (its address, its Ray Client address)."""
    folder = Path(tempfile.mkdtemp(prefix="ssray-", dir="/tmp"))
    port, client = free_port(), free_port()
    sessions: set[int] = set()
    try:
        head = ("--head", f"--port={port}", f"--ray-client-server-port={client}", "--include-dashboard=false")
        sessions.add(_ray_start(folder, *head, f"--dashboard-agent-listen-port={free_port()}"))
        sessions.add(_ray_start(folder, f"--address=127.0.0.1:{port}", f"--dashboard-agent-listen-port={free_port()}"))
        _wait_for_cpus(f"127.0.0.1:{port}", 2)
        yield f"127.0.0.1:{port}", f"ray://127.0.0.1:{client}"
    finally:
        _stop(sessions)
        shutil.rmtree(folder, ignore_errors=True)


def _wait_for_cpus(address: str, cpus: int) -> None:
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        status = subprocess.run([str(RAY), "status", f"--address={address}"], capture_output=True, text=True)
        if f"/{cpus}.0 CPU" in status.stdout:
            return
        time.sleep(1.0)
    raise RuntimeError(f"the cluster never had {cpus} CPUs")


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
    parser.add_argument("--chunk", type=int, default=CHUNK, help="hands a chunk (default %(default)s)")
    parser.add_argument(
        "--chunks", type=int, default=200, help="empty chunks timed for the overhead (default %(default)s)"
    )
    args = parser.parse_args()
    print(f"seven-card-stud, 8 players, {args.hands:,} hands in chunks of {args.chunk}; {os.cpu_count()} cores")
    print(f"{'backend':<34} {'hands/s':>10} {'ms/chunk':>12} {'chunk = hands':>14} {'overhead':>10}")
    results = [measure("1 worker (this process)", Local(1), args)]
    results.append(measure("local pool, 2 workers", Local(2), args))
    from studspec.play.cluster import connect

    with local_cluster() as (address, client):
        for label, where in (("Ray, 2 nodes (driver on a node)", address), ("Ray, 2 nodes (Ray Client)", client)):
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
