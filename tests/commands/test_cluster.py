"""``--cluster``: ``simulate`` and ``cases generate`` on a real Ray cluster (issue 12).

A real two-node cluster is started on this machine (a head and a second node on 127.0.0.1,
one CPU each, session files in a temporary folder) and stopped by the fixture itself: every
process of the two ``ray start`` sessions is ended, and the test fails if one is left. The
commands run as ``python -m studspec`` against it and their output is compared byte for byte
with the same run on the local pool; one run has a Ray worker killed in the middle of a
chunk. The error paths (Ray missing, nothing at the address) need no cluster.

Without Ray installed the cluster tests skip, except under CI (``CI=true``), where they fail:
``.ci/run`` installs the ``cluster`` extra, and CI must not pass by skipping them.
"""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import ROOT
from studspec.cli import main
from studspec.errors import ClusterError
from studspec.play.cluster import TASK_NAME, installed_version, run_chunk
from tools.local_ray import RAY_BIN, LocalCluster, free_port, local_cluster, ray_environment


def need_ray() -> None:
    """Skip without Ray, or fail under CI, which must run these tests."""
    if importlib.util.find_spec("ray") is not None and RAY_BIN.exists():
        return
    if os.environ.get("CI") == "true":
        pytest.fail("Ray is not installed: CI must run the cluster tests (.ci/run installs '.[cluster]')")
    pytest.skip("needs the cluster extra: pip install '.[cluster]'")


def studspec(*args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    """``python -m studspec ARGS``: stdout and stderr as bytes."""
    run = subprocess.run(
        [sys.executable, "-m", "studspec", *args], capture_output=True, cwd=ROOT, env=ray_environment(), timeout=300
    )
    if check:
        assert run.returncode == 0, run.stderr.decode(errors="replace")
    return run


# --- The cluster --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    """A head and a second node on 127.0.0.1, one CPU each; stopped, every process, at the end."""
    need_ray()
    with local_cluster() as running:
        yield running
    assert running.left == [], f"Ray processes left running: {running.left}"


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


SIMULATE = ("simulate", "seven-card-stud", "--players", "8", "--seed", "11", "--json")


def test_simulate_on_the_cluster_is_byte_identical_to_the_local_run(cluster: LocalCluster, tmp_path: Path) -> None:
    """The JSON report and every hand written with --phh, through Ray Client."""
    local = studspec(*SIMULATE, "--hands", "400", "--workers", "2", "--phh", str(tmp_path / "local"))
    remote = studspec(*SIMULATE, "--hands", "400", "--cluster", cluster.client, "--phh", str(tmp_path / "remote"))
    err = remote.stderr.decode()
    assert remote.stdout == local.stdout, err
    assert b'"hands": 400' in remote.stdout
    assert f"on the Ray cluster at {cluster.client} (2 CPUs)" in err
    assert "retried" not in err
    assert [line for line in err.splitlines() if not line.startswith("simulate: ")] == [], "Ray kept quiet"
    assert err.splitlines()[0] == "simulate: 50/400 hands (10%)", "progress as on one machine"
    written = files(tmp_path / "remote")
    assert len(written) == 400 and written == files(tmp_path / "local")


def test_cases_generate_on_the_cluster_writes_the_same_files(cluster: LocalCluster, tmp_path: Path) -> None:
    """Through the cluster's own address (as from a node of the cluster), chunks of 7."""
    args = ("cases", "generate", "razz", "--count", "60", "--seed", "4", "--players", "6")
    local = studspec(*args[:3], str(tmp_path / "local"), *args[3:], "--workers", "1")
    remote = studspec(*args[:3], str(tmp_path / "remote"), *args[3:], "--cluster", cluster.gcs, "--chunk", "7")
    assert local.stdout.decode().startswith("60 case(s) written to")
    err = remote.stderr.decode()
    assert f"on the Ray cluster at {cluster.gcs} (2 CPUs)" in err
    assert [line for line in err.splitlines() if not line.startswith("cases generate: ")] == [], "Ray kept quiet"
    written = files(tmp_path / "remote")
    assert len(written) == 60 and written == files(tmp_path / "local")


def chunk_workers() -> list[int]:
    """Ray worker processes running a chunk now (their title is ``ray::studspec-chunk``)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and (entry / "cmdline").read_bytes().startswith(f"ray::{TASK_NAME}".encode()):
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def test_a_worker_killed_mid_run_changes_nothing_and_is_reported(cluster: LocalCluster) -> None:
    """SIGKILL a worker in the middle of its chunk (a chunk of 800 hands takes about a second;
    the kill comes a tenth of a second after it began): the chunk is played again, the
    report is byte-identical, stderr says one was retried."""
    args = (*SIMULATE, "--hands", "2400", "--chunk", "800")
    local = studspec(*args, "--workers", "2", "--quiet")
    process = subprocess.Popen(
        [sys.executable, "-m", "studspec", *args, "--cluster", cluster.gcs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=ray_environment(),
    )
    deadline = time.monotonic() + 60
    while not (victims := chunk_workers()) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    assert victims, "no worker ever ran a chunk"
    time.sleep(0.1)  # well inside the chunk
    os.kill(victims[0], signal.SIGKILL)
    out, err = process.communicate(timeout=180)
    text = err.decode(errors="replace")
    assert process.returncode == 0, text
    assert out == local.stdout, text
    assert "simulate: 1 chunk retried after a worker was lost" in text.splitlines(), text
    assert [line for line in text.splitlines() if not line.startswith("simulate: ")] == [], "Ray kept quiet"


# --- The error paths ----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["simulate", "cases"])
def test_without_ray_the_cluster_option_says_how_to_install_it(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    args = ["simulate", "razz", "--hands", "10"] if command == "simulate" else ["cases", "generate", "razz", "OUT"]
    args = [str(tmp_path / "out") if word == "OUT" else word for word in args]
    assert main([*args, "--cluster", "auto"]) == 1
    name = "cases generate" if command == "cases" else "simulate"
    assert capsys.readouterr().err == f"studspec {name}: --cluster needs Ray: pip install 'studspec[cluster]'\n"


@pytest.mark.parametrize("form", ["ray://127.0.0.1:{port}", "127.0.0.1:{port}"])
def test_an_address_where_nothing_listens_fails_at_once_naming_it(
    form: str, capsys: pytest.CaptureFixture[str]
) -> None:
    need_ray()
    address = form.format(port=free_port())
    began = time.monotonic()
    assert main(["simulate", "razz", "--hands", "10", "--cluster", address]) == 1
    assert time.monotonic() - began < 10
    err = capsys.readouterr().err
    assert err == f"studspec simulate: cannot reach the Ray cluster at {address}: Connection refused\n"


def test_a_port_that_is_not_ray_fails_within_the_bound() -> None:
    """Something listens but never answers as Ray: the connection gives up after its bound
    (in a subprocess: Ray's connecting thread is left behind, as the command leaves it when
    it exits)."""
    need_ray()
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        address = f"127.0.0.1:{listener.getsockname()[1]}"
        script = (
            "from studspec.errors import ClusterUnreachableError\n"
            "from studspec.play.cluster import connect\n"
            "try:\n"
            f"    connect({address!r}, timeout=3)\n"
            "except ClusterUnreachableError as error:\n"
            "    print(error)\n"
        )
        began = time.monotonic()
        run = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=ray_environment(), timeout=60
        )
    expected = f"{address} is not a Ray cluster: it accepts connections but did not answer as Ray (gRPC) within 3 s"
    assert run.stdout == f"{expected}\n", run.stderr
    assert run.stderr == "", "nothing of Ray's own on stderr (issue 21 item 15)"
    assert time.monotonic() - began < 30


def test_auto_reads_the_address_from_ray_address(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    need_ray()
    port = free_port()
    monkeypatch.setenv("RAY_ADDRESS", f"127.0.0.1:{port}")
    assert main(["simulate", "razz", "--hands", "10", "--cluster", "auto", "--quiet"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"studspec simulate: cannot reach the Ray cluster at 127.0.0.1:{port} (found by --cluster auto): Connection refused"
    ]


def test_without_cluster_ray_is_never_imported(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from studspec.cli import main\n"
        f"assert main(['simulate', 'razz', '--hands', '120', '--workers', '2', '--quiet']) == 0\n"
        f"assert main(['cases', 'generate', 'razz', {str(tmp_path)!r}, '--count', '30', '--quiet']) == 0\n"
        "assert 'ray' not in sys.modules, 'ray was imported'\n"
        "assert 'studspec.play.cluster' not in sys.modules\n"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr


def test_a_node_with_another_studspec_refuses_its_chunk() -> None:
    """Its hands would not be the driver's: the chunk fails with a one-line ClusterError."""
    with pytest.raises(ClusterError, match="install the same studspec on every node"):
        run_chunk((max, None), 0, 1, version=installed_version() + "-other")


# --- The same output on this machine, however the work is cut ------------------------------


def test_generated_cases_are_the_same_on_one_worker_a_pool_and_any_chunk(tmp_path: Path) -> None:
    """Each case is seeded by its own number: a pool with chunks of 3 writes the files one
    worker writes, and a shorter run writes the first of them."""
    base = ["cases", "generate", "seven-card-stud"]
    tail = ["--seed", "9", "--players", "7", "--quiet"]
    assert main([*base, str(tmp_path / "one"), "--count", "12", *tail, "--workers", "1"]) == 0
    assert main([*base, str(tmp_path / "pool"), "--count", "12", *tail, "--workers", "2", "--chunk", "3"]) == 0
    assert main([*base, str(tmp_path / "short"), "--count", "5", *tail, "--workers", "1"]) == 0
    one = files(tmp_path / "one")
    assert len(one) == 12 and files(tmp_path / "pool") == one
    assert files(tmp_path / "short") == {name: one[name] for name in sorted(one)[:5]}
