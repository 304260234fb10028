"""Chunks on a Ray cluster: ``--cluster ADDRESS`` of ``simulate`` and ``cases generate``.

The only module that imports Ray, and only inside :func:`connect`, so that a command without
``--cluster`` never loads it and studspec works without the ``cluster`` extra. The chunks are
the same as on a local pool (:mod:`studspec.play.chunks` drives both), sent as plain Ray
tasks rather than through ``ray.util.multiprocessing.Pool``: a task whose worker dies comes
back as its own error, so that one chunk is run again and counted, where a pool would hide
the loss in its own retries and could not say that it happened.

Ray is kept quiet: no worker output or Ray log on the terminal (``log_to_driver=False``,
errors only), and the raylet's notice of a dead worker, which Ray prints on stdout (where it
would spoil ``--json``), goes to this module's logger instead; the command says in one line
that chunks were retried. Connecting is bounded: the address must have one of the forms Ray
takes (:func:`check_address`: Ray waits half a minute on ``ray://garbage``), it is then tried
with a plain TCP connection (Ray itself may wait two minutes for a cluster that is not
there), what answers must speak gRPC, Ray's protocol (:func:`_check_speaks_ray`: Ray waits
up to a minute on a port that is something else, and leaks its log line), and Ray's own
connection must answer within :data:`CONNECT_TIMEOUT` seconds.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.metadata
import ipaddress
import logging
import os
import re
import socket
import threading
import time
import warnings
from collections.abc import Callable, Collection, Hashable, Iterable
from types import ModuleType
from typing import Any, Generic, TypeVar, cast

from studspec.errors import ClusterAddressError, ClusterError, ClusterExtraMissingError, ClusterUnreachableError
from studspec.terminal import printable

from .chunks import Dispatcher, Lost, Span

S = TypeVar("S")
R = TypeVar("R")

TASK_NAME = "studspec-chunk"
"""The name of every chunk's Ray task (worker processes show it as ``ray::studspec-chunk``)."""

REACH_TIMEOUT = 10.0
"""Seconds the address gets to accept a TCP connection (a host that drops packets)."""

PROTOCOL_TIMEOUT = 5.0
"""Seconds what listens at the address gets to greet a gRPC client as every gRPC server
does at once (its HTTP/2 settings), before it is taken for something that is not Ray."""

CONNECT_TIMEOUT = 60.0
"""Seconds Ray's own connection then gets (Ray Client takes a few seconds on an idle head)."""

INIT_TRIES = 3
"""Times a Ray Client connection is tried when the head fails to set it up."""

MISSING = "--cluster needs Ray: pip install 'studspec[cluster]'"

_LOST = ("WorkerCrashedError", "NodeDiedError", "ObjectLostError", "LocalRayletDiedError", "OutOfMemoryError")
"""The Ray errors that mean a chunk's worker (or its node) went away: the chunk is run again."""

log = logging.getLogger(__name__)


def _import_ray(address: str) -> ModuleType:
    """Ray, and gRPC for a ``ray://`` address (Ray Client), or the one-line error."""
    try:
        import ray

        if address.startswith("ray://"):
            import grpc  # noqa: F401  (Ray Client needs it; ray alone does not bring it)
    except ImportError:
        raise ClusterExtraMissingError(MISSING) from None
    return cast(ModuleType, ray)


FORMS = (
    "give ray://HOST:PORT (Ray Client, port 10001 unless the head chose another), HOST:PORT from "
    "a node of the cluster (port 6379), or auto"
)
"""The forms of address ``--cluster`` takes, as an error names them."""

_HOST_NAME = re.compile(
    r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?"
)
"""A host name (labels of letters, digits and inner dashes) or a dotted IPv4 address."""


def _address_problem(address: str) -> str | None:
    """What makes ``address`` no Ray address, if anything (see :data:`FORMS`)."""
    if address == "auto":
        return None
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not host:
        return "no HOST:PORT"
    if not (port.isascii() and port.isdigit()) or len(port) > 5 or not 1 <= int(port) <= 65535:
        return "the port must be a number from 1 to 65535"
    if host.startswith("["):
        try:
            ipaddress.IPv6Address(host.removeprefix("[").removesuffix("]"))
        except ValueError:
            return f"{host!r} is no IPv6 address"
        return None if host.endswith("]") else f"{host!r} is no IPv6 address"
    if _HOST_NAME.fullmatch(host) is None:
        return f"{host!r} is no host name"
    return None


def check_address(address: str) -> str:
    """``address`` if it has one of the forms of :data:`FORMS`, else
    :class:`~studspec.errors.ClusterAddressError` naming them. Ray is not needed: a
    malformed address is refused at once, where Ray would wait half a minute on it."""
    problem = _address_problem(address)
    if problem is not None:
        shown = printable(address if len(address) <= 80 else f"{address[:80]}...")
        raise ClusterAddressError(f"{shown!r} is not a Ray cluster address ({problem}); {FORMS}")
    return address


def _endpoint(address: str) -> tuple[str, int] | None:
    """The host and port ``address`` names (``ray://host:port``, ``host:port``, ``auto`` read
    as Ray reads it), or ``None`` when it cannot be told without Ray."""
    if address == "auto":
        address = os.environ.get("RAY_ADDRESS") or _auto_address() or ""
    address = address.removeprefix("ray://")
    host, _, port = address.rpartition(":")
    if not host or not port.isdigit():
        return None
    return host.strip("[]"), int(port)


def _auto_address() -> str | None:
    """The cluster ``ray start`` last started or joined on this machine, as Ray finds it
    (``None`` if Ray's lookup, a private helper, cannot be used: ``ray.init`` then looks)."""
    try:
        from ray._private.services import canonicalize_bootstrap_address

        return cast(str | None, canonicalize_bootstrap_address("auto"))
    except ConnectionError:
        raise ClusterUnreachableError(
            "--cluster auto found no Ray cluster that this machine is a node of "
            "(start one with 'ray start --head', or give its address: ray://HOST:10001)"
        ) from None
    except Exception:
        return None


def _check_reachable(address: str, timeout: float, protocol_timeout: float = PROTOCOL_TIMEOUT) -> None:
    """Refuse at once an address where nothing listens (Ray would wait minutes), and within
    ``protocol_timeout`` one where what listens is not Ray (Ray would wait a minute)."""
    target = _endpoint(address)
    if target is None:
        return
    shown = address if address != "auto" else f"{target[0]}:{target[1]} (found by --cluster auto)"
    try:
        connection = socket.create_connection(target, timeout=timeout)
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise ClusterUnreachableError(f"cannot reach the Ray cluster at {shown}: {reason}") from None
    with connection:
        if not _tls_asked():
            _check_speaks_ray(connection, shown, protocol_timeout)


_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])
"""What a gRPC client sends first: the HTTP/2 connection preface and an empty SETTINGS frame."""

_SETTINGS = 4
"""The type of an HTTP/2 SETTINGS frame, the first frame every HTTP/2 (so gRPC) server sends."""


def _tls_asked() -> bool:
    """Whether Ray is told to connect with TLS (``RAY_USE_TLS``): the greeting is then
    encrypted, and the plain check of :func:`_check_speaks_ray` cannot be made."""
    return os.environ.get("RAY_USE_TLS", "0").strip().lower() not in ("", "0", "false", "no")


def _check_speaks_ray(connection: socket.socket, shown: str, timeout: float) -> None:
    """Refuse a listener that is not a gRPC server: Ray's head (``ray://`` or the GCS port)
    answers a gRPC client's greeting at once with an HTTP/2 SETTINGS frame, and a web
    server, a database or a silent port does not."""
    connection.settimeout(timeout)
    received = b""
    try:
        connection.sendall(_HTTP2_PREFACE)
        while len(received) < 9:
            piece = connection.recv(9 - len(received))
            if not piece:
                break
            received += piece
    except TimeoutError:
        raise ClusterUnreachableError(
            f"{shown} is not a Ray cluster: it accepts connections but did not answer as Ray (gRPC) "
            f"within {timeout:g} s"
        ) from None
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise ClusterUnreachableError(f"cannot reach the Ray cluster at {shown}: {reason}") from None
    if len(received) < 9 or received[3] != _SETTINGS:
        raise ClusterUnreachableError(
            f"{shown} is not a Ray cluster: what answers there does not speak Ray's protocol (gRPC)"
        )


def _first_line(error: BaseException) -> str:
    """An error's message as one line: its first line, and its last when the first only
    introduces the rest (Ray's ``...failure from server:`` then a traceback)."""
    lines = [printable(line.strip()) for line in str(error).splitlines() if line.strip()]
    if not lines:
        return type(error).__name__
    return f"{lines[0]} {lines[-1]}" if lines[0].endswith(":") and len(lines) > 1 else lines[0]


def _attach(ray: ModuleType, address: str, deadline: float, timeout: float) -> BaseException | None:
    """One ``ray.init`` on ``address``, quiet, in a thread that must end by ``deadline`` (Ray
    offers no bound of its own when a cluster does not answer; ``timeout`` is the whole
    bound, for the message); what it raised, if anything."""
    failure: list[BaseException] = []

    def attach() -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
        except BaseException as error:  # SystemExit too: Ray exits when the cluster vanishes
            failure.append(error)

    thread = threading.Thread(target=attach, name="studspec-ray-connect", daemon=True)
    thread.start()
    thread.join(max(deadline - time.monotonic(), 0.0))
    if thread.is_alive():
        raise ClusterUnreachableError(f"no Ray cluster answered at {address} within {timeout:g} s")
    return failure[0] if failure else None


def _init(ray: ModuleType, address: str, timeout: float) -> None:
    """Attach to the cluster within ``timeout`` seconds in all. A Ray Client head that fails
    to set up this connection's driver (it starts a process for it, which a loaded head can
    fail to do in time) is asked again, up to :data:`INIT_TRIES` times."""
    deadline = time.monotonic() + timeout
    for attempt in range(1, INIT_TRIES + 1):
        failure = _attach(ray, address, deadline, timeout)
        if failure is None:
            return
        if isinstance(failure, ImportError):
            raise ClusterExtraMissingError(f"{MISSING} ({_first_line(failure)})") from None
        if not isinstance(failure, ConnectionAbortedError) or attempt == INIT_TRIES:
            raise ClusterUnreachableError(f"cannot use the Ray cluster at {address}: {_first_line(failure)}") from None
        with contextlib.suppress(Exception):
            ray.shutdown()
        log.info("Ray Client could not set up the connection, trying again: %s", _first_line(failure))


def _quiet_raylet_notices(ray: ModuleType) -> None:
    """Send the raylet's notices (a worker died, ...) to :data:`log` instead of stdout.

    A driver attached to the cluster directly prints them through
    ``ray._private.worker.print_to_stdstream``; a ``ray://`` client does not print them at
    all. The hook is private to Ray, so if it is not there nothing is changed.
    """
    module = getattr(getattr(ray, "_private", None), "worker", None)
    original = getattr(module, "print_to_stdstream", None)
    if module is None or original is None or getattr(original, "studspec_quiet", False):
        return

    def quiet(data: dict[str, Any], *args: Any, **kwargs: Any) -> Any:
        if data.get("pid") == "raylet":
            log.info("raylet: %s", " ".join(str(line) for line in data.get("lines", ())))
            return None
        return original(data, *args, **kwargs)

    quiet.studspec_quiet = True  # type: ignore[attr-defined]
    module.print_to_stdstream = quiet


@functools.cache
def installed_version() -> str:
    """The version of studspec installed in this process's environment."""
    try:
        return importlib.metadata.version("studspec")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def run_chunk(job: tuple[Callable[[Any, int, int], Any], Any], start: int, stop: int, version: str) -> Any:
    """A chunk, on a worker of the cluster: ``job`` is the work and its shared set-up, sent
    once for the whole run. A node with another version of studspec refuses, since its
    hands would not be the driver's."""
    if version != installed_version():
        raise ClusterError(
            f"a node of the cluster runs studspec {installed_version()}, this machine {version}: "
            "install the same studspec on every node"
        )
    work, shared = job
    return work(shared, start, stop)


class RayCluster:
    """A connection to a Ray cluster, as a :class:`~studspec.play.chunks.Backend`; use it in a
    ``with`` (the connection is closed at its end)."""

    def __init__(self, ray: ModuleType, address: str, cpus: int, workers: int | None) -> None:
        self.ray, self.address, self.cpus = ray, address, cpus
        self.workers = workers or cpus
        self.label = f"the Ray cluster at {address} ({cpus} CPU{'s' if cpus != 1 else ''})"

    def start(self, work: Callable[[S, int, int], R], shared: S, chunks: int) -> Dispatcher[R]:
        return _RayDispatcher(self, work, shared)

    def __enter__(self) -> RayCluster:
        return self

    def __exit__(self, *_: object) -> None:
        with contextlib.suppress(Exception):
            self.ray.shutdown()


class _RayDispatcher(Generic[S, R]):
    """Chunks as Ray tasks: the work and its set-up are put in the object store once, each
    chunk is a task with Ray's own retries off (the loop retries and counts)."""

    def __init__(self, cluster: RayCluster, work: Callable[[S, int, int], R], shared: S) -> None:
        ray = self._ray = cluster.ray
        self.workers, self.label = cluster.workers, cluster.label
        self._job = ray.put((work, shared))
        self._task = ray.remote(run_chunk).options(name=TASK_NAME, num_cpus=1, max_retries=0)
        self._version = installed_version()
        self._pending: set[Hashable] = set()
        exceptions = ray.exceptions
        self._lost = tuple(getattr(exceptions, name) for name in _LOST if hasattr(exceptions, name))

    def submit(self, span: Span) -> Hashable:
        ref = cast(Hashable, self._task.remote(self._job, span[0], span[1], self._version))
        self._pending.add(ref)
        return ref

    def wait(self, handles: Collection[Hashable]) -> Iterable[Hashable]:
        ready, _ = self._ray.wait(list(handles), num_returns=1)
        return cast(list[Hashable], ready)

    def outcome(self, handle: Hashable) -> R | Lost:
        self._pending.discard(handle)
        exceptions = self._ray.exceptions
        try:
            return cast(R, self._ray.get(handle))
        except self._lost as error:
            return Lost(f"{type(error).__name__}: {_first_line(error)}")
        except exceptions.RayTaskError as error:  # the work's own error, raised as itself
            cause = getattr(error, "cause", None)
            if isinstance(cause, BaseException):
                raise cause from None
            raise
        except exceptions.RaySystemError as error:  # e.g. a node without studspec
            raise ClusterError(
                f"a node of the cluster cannot run the work ({_first_line(error)}): "
                f"install studspec {self._version} on every node"
            ) from None

    def stop(self) -> None:
        for ref in list(self._pending):
            with contextlib.suppress(Exception):
                self._ray.cancel(ref, force=True)
        self._pending.clear()

    def close(self) -> None:
        self._pending.clear()


def connect(
    address: str, workers: int | None = None, reach: float = REACH_TIMEOUT, timeout: float = CONNECT_TIMEOUT
) -> RayCluster:
    """Attach to the Ray cluster at ``address`` (``ray://host:10001`` through Ray Client, or
    ``host:port`` / ``auto`` from a node of the cluster). Every problem is a one-line
    :class:`~studspec.errors.ClusterError`: Ray missing, nothing at the address, no CPU."""
    check_address(address)
    ray = _import_ray(address)
    _check_reachable(address, reach, min(PROTOCOL_TIMEOUT, timeout))
    _init(ray, address, timeout)
    _quiet_raylet_notices(ray)
    cpus = int(cast(dict[str, float], ray.cluster_resources()).get("CPU", 0))
    if cpus < 1:
        ray.shutdown()
        raise ClusterError(f"the Ray cluster at {address} has no CPU to run chunks on")
    return RayCluster(ray, address, cpus, workers)
