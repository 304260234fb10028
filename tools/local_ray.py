"""A two-node Ray cluster on this machine, for the cluster test and the cluster benchmark.

A head and a second node on 127.0.0.1, one CPU each, their session files in a temporary
folder. ``ray stop`` would stop every Ray on the machine, so each ``ray start`` runs in a
session of its own and the cluster is stopped by ending every process of those sessions
(Ray's daemons, and their workers, keep the session of the ``ray start`` that made them).
"""

from __future__ import annotations

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
from dataclasses import dataclass, field
from pathlib import Path

RAY_BIN = Path(sys.executable).with_name("ray")
"""The ``ray`` command of this Python's environment (installed with the cluster extra)."""


class LocalClusterError(RuntimeError):
    """The local cluster could not be started."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def ray_environment() -> dict[str, str]:
    """This environment without Ray's own settings (a ``RAY_ADDRESS`` would point elsewhere),
    and without usage reports."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("RAY_")}
    env["RAY_USAGE_STATS_ENABLED"] = "0"
    return env


def sessions_processes(sessions: set[int]) -> list[int]:
    """The live processes of the given sessions, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[3]) in sessions:
            found.append(int(entry.name))
    return found


def stop_sessions(sessions: set[int]) -> list[int]:
    """End every process of ``sessions``: SIGTERM, then SIGKILL what is left after 3 s.
    What still runs after that (it should be nothing)."""
    for sig, grace in ((signal.SIGTERM, 3.0), (signal.SIGKILL, 5.0)):
        for pid in sessions_processes(sessions):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace
        while sessions_processes(sessions) and time.monotonic() < deadline:
            time.sleep(0.2)
    return sessions_processes(sessions)


def ray_start(*args: str, folder: Path) -> int:
    """``ray start ARGS`` in a session of its own; the session's id (its pid)."""
    command = [str(RAY_BIN), "start", "--node-ip-address=127.0.0.1", "--num-cpus=1", f"--temp-dir={folder}"]
    command += ["--disable-usage-stats", "--object-store-memory=200000000", *args]
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=ray_environment(), start_new_session=True
    )
    out, _ = process.communicate(timeout=180)
    if process.returncode != 0:
        raise LocalClusterError(f"ray start failed: {out.decode(errors='replace')}")
    return process.pid


def wait_for_cpus(gcs: str, cpus: int, at_most: float = 90.0) -> None:
    """Wait until the cluster at ``gcs`` offers ``cpus`` CPUs (the second node has joined)."""
    deadline = time.monotonic() + at_most
    status = None
    while time.monotonic() < deadline:
        status = subprocess.run(
            [str(RAY_BIN), "status", f"--address={gcs}"], capture_output=True, text=True, env=ray_environment()
        )
        if f"/{cpus}.0 CPU" in status.stdout:
            return
        time.sleep(1.0)
    shown = f"{status.stdout}{status.stderr}" if status is not None else ""
    raise LocalClusterError(f"the cluster never had {cpus} CPUs: {shown}")


@dataclass
class LocalCluster:
    gcs: str
    """``127.0.0.1:PORT``: the address a node of the cluster uses."""
    client: str
    """``ray://127.0.0.1:PORT``: the Ray Client address, for a machine outside the cluster."""
    left: list[int] = field(default_factory=list)
    """Once stopped: the processes still running (it should be none)."""


@contextlib.contextmanager
def local_cluster() -> Iterator[LocalCluster]:
    """A head and a second node on 127.0.0.1, one CPU each; every process of both is ended
    when the ``with`` ends (what was left then is in :attr:`LocalCluster.left`)."""
    folder = Path(tempfile.mkdtemp(prefix="ssray-", dir="/tmp"))  # short: Ray's socket paths must fit
    port, client = free_port(), free_port()
    sessions: set[int] = set()
    cluster = LocalCluster(gcs=f"127.0.0.1:{port}", client=f"ray://127.0.0.1:{client}")
    try:
        head = ("--head", f"--port={port}", f"--ray-client-server-port={client}", "--include-dashboard=false")
        sessions.add(ray_start(*head, f"--dashboard-agent-listen-port={free_port()}", folder=folder))
        join = (f"--address={cluster.gcs}", f"--dashboard-agent-listen-port={free_port()}")
        sessions.add(ray_start(*join, folder=folder))
        wait_for_cpus(cluster.gcs, 2)
        yield cluster
    finally:
        cluster.left = stop_sessions(sessions)
        shutil.rmtree(folder, ignore_errors=True)
