"""Seeded chunks of work, run here, on a local process pool or on a Ray cluster, and folded
in chunk order.

``simulate`` and ``cases generate`` cut their work into chunks ``[start, stop)`` of hand (or
case) numbers. A chunk's result depends only on the shared set-up and its numbers, never on
which process ran it, so the same run gives the same result on one worker, a pool or a
cluster of any size, and a chunk whose worker died can simply be run again. What runs the
chunks is a :class:`Backend`; :func:`run_chunks` is the one loop over every backend: it keeps
a bounded number of chunks in flight (so a run of a hundred million hands holds a few dozen
tasks, not two million), runs a lost chunk again up to :data:`MAX_TRIES` times, and hands
each result to ``fold`` in chunk order, dropping it afterwards (results never pile up).

The local backends live here; the Ray one is in :mod:`studspec.play.cluster`, and
:mod:`studspec.play.backends` picks one as a command's options say, so that nothing here
needs Ray.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable, Collection, Hashable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar, overload

from studspec.errors import ChunkLostError

S = TypeVar("S")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

Span = tuple[int, int]
"""A chunk: the numbers ``start`` to ``stop - 1``."""

MAX_TRIES = 3
"""How many times a chunk is run before a run gives up on it (its worker died each time)."""

IN_FLIGHT = 2
"""Chunks in flight per worker: one running, one waiting, so a worker never idles while the
driver folds a result."""

AHEAD = 32
"""How far, in chunks per worker, the run may go past the oldest chunk not yet folded: the
results that wait for it stay bounded however slow it is (it would take a chunk 32 times
slower than the others to idle a worker)."""


CHUNKS_PER_WORKER = 16
"""A run that chooses its own chunk size cuts its work into about this many chunks a worker:
enough that the workers finish together (the last chunk of a worker is a sixteenth of its
share) and that progress moves, few enough that sending chunks costs little."""


def chunk_size(total: int, workers: int, least: int, most: int) -> int:
    """Numbers per chunk for a run of ``total`` numbers on ``workers``: about
    :data:`CHUNKS_PER_WORKER` chunks a worker, but never fewer than ``least`` numbers (a
    chunk must be worth sending) nor more than ``most`` (progress, and what a lost chunk
    costs, stay small). The chunk size never changes what a run gives, only how fast."""
    return max(least, min(most, total // (max(1, workers) * CHUNKS_PER_WORKER)))


@dataclass(frozen=True)
class Spans(Sequence[Span]):
    """``total`` numbers cut into chunks of ``size`` (the last one may be shorter), computed
    when asked for: a hundred million hands are two million chunks, never held as a list."""

    total: int
    size: int

    def __post_init__(self) -> None:
        if self.size < 1:
            raise ValueError(f"a chunk holds at least 1, not {self.size}")

    def __len__(self) -> int:
        return -(-self.total // self.size)

    @overload
    def __getitem__(self, index: int) -> Span: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Span]: ...
    def __getitem__(self, index: int | slice) -> Span | Sequence[Span]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if not -len(self) <= index < len(self):
            raise IndexError(index)
        start = (index % len(self)) * self.size
        return start, min(start + self.size, self.total)


@dataclass(frozen=True)
class Lost:
    """The outcome of a chunk whose worker went away before it answered: run it again."""

    reason: str


class Dispatcher(Protocol[R_co]):
    """Runs chunks of one piece of work somewhere; :func:`run_chunks` drives it."""

    label: str
    """Where the chunks run, for the summary line: ``2 workers``, ``the Ray cluster at ...``."""
    workers: int
    """How many chunks can run at once."""

    def submit(self, span: Span) -> Hashable:
        """Start a chunk; a handle to wait on."""
        ...

    def wait(self, handles: Collection[Hashable]) -> Iterable[Hashable]:
        """Block until at least one of ``handles`` is done; those that are."""
        ...

    def outcome(self, handle: Hashable) -> R_co | Lost:
        """A finished chunk's result, or :class:`Lost`; an error of the work itself is raised."""
        ...

    def stop(self) -> None:
        """End at once: drop the chunks not begun, stop the ones running (Ctrl-C, an error)."""
        ...

    def close(self) -> None:
        """The run is over: release what the dispatcher holds."""
        ...


class Backend(Protocol):
    """What runs chunks: :class:`Local` (here or a process pool) or a Ray cluster."""

    @property
    def workers(self) -> int:
        """How many chunks it runs at once (a run that is not told its chunk size cuts its
        work by it: :func:`chunk_size`)."""
        ...

    def start(self, work: Callable[[S, int, int], R], shared: S, chunks: int) -> Dispatcher[R]:
        """A dispatcher for ``chunks`` chunks of ``work(shared, start, stop)``. ``work`` must be
        a module-level function (it is sent to other processes by name)."""
        ...


@dataclass(frozen=True)
class Ran:
    """How a run went, besides its result."""

    label: str
    """Where it ran (see :attr:`Dispatcher.label`)."""
    retried: int
    """Chunks run again after their worker was lost (0 on a healthy run)."""


def retried_line(command: str, retried: int) -> str | None:
    """The stderr line that says chunks were run again, or ``None`` when none were."""
    if not retried:
        return None
    chunks = "1 chunk" if retried == 1 else f"{retried} chunks"
    return f"{command}: {chunks} retried after a worker was lost"


@dataclass
class _Run(Generic[R]):
    """The state of one :func:`run_chunks`: what is in flight, what waits to be folded."""

    dispatcher: Dispatcher[R]
    chunks: Sequence[Span]
    fold: Callable[[R], None]
    progress: Callable[[int], None] | None
    pending: dict[Hashable, int] = field(default_factory=dict)
    again: list[int] = field(default_factory=list)
    """Chunks lost once, to be submitted before any new one."""
    tries: dict[int, int] = field(default_factory=dict)
    """Failed tries of the chunks that were lost at least once."""
    finished: dict[int, R] = field(default_factory=dict)
    """Results that wait for an earlier chunk before they can be folded."""
    submitted: int = 0
    folded: int = 0
    done: int = 0

    def fill(self) -> None:
        """Submit chunks (lost ones first) until the dispatcher has enough in flight."""
        workers = max(1, self.dispatcher.workers)
        window, ahead = workers * IN_FLIGHT, workers * AHEAD
        while len(self.pending) < window:
            if self.again:
                index = self.again.pop(0)
            elif self.submitted < len(self.chunks) and self.submitted - self.folded < ahead:
                index, self.submitted = self.submitted, self.submitted + 1
            else:
                return
            self.pending[self.dispatcher.submit(self.chunks[index])] = index

    def settle(self, handle: Hashable) -> None:
        """A chunk finished: queue it again if lost, else fold every result now in order."""
        index = self.pending.pop(handle)
        outcome = self.dispatcher.outcome(handle)
        if isinstance(outcome, Lost):
            self.tries[index] = self.tries.get(index, 0) + 1
            if self.tries[index] >= MAX_TRIES:
                start, stop = self.chunks[index]
                raise ChunkLostError(
                    f"chunk {start}-{stop - 1} was lost with its worker on all {MAX_TRIES} tries ({outcome.reason})"
                )
            self.again.append(index)
            return
        self.finished[index] = outcome
        start, stop = self.chunks[index]
        self.done += stop - start
        while self.folded in self.finished:
            self.fold(self.finished.pop(self.folded))
            self.folded += 1
        if self.progress:
            self.progress(self.done)


def run_chunks(
    backend: Backend,
    work: Callable[[S, int, int], R],
    shared: S,
    chunks: Sequence[Span],
    fold: Callable[[R], None],
    progress: Callable[[int], None] | None = None,
) -> Ran:
    """Run ``work(shared, start, stop)`` for every chunk and ``fold`` the results in chunk
    order; ``progress(done)`` after each chunk, with the numbers done so far. On any
    exception (Ctrl-C included) the dispatcher is stopped at once and it is raised again."""
    dispatcher = backend.start(work, shared, len(chunks))
    run: _Run[R] = _Run(dispatcher, chunks, fold, progress)
    try:
        run.fill()
        while run.pending:
            for handle in dispatcher.wait(list(run.pending)):
                run.settle(handle)
            run.fill()
    except BaseException:
        dispatcher.stop()
        raise
    dispatcher.close()
    assert run.folded == len(chunks), "a chunk was neither folded nor in flight"
    return Ran(label=dispatcher.label, retried=len(run.tries))


# --- Here and on a local pool -------------------------------------------------------------


def workers_label(workers: int) -> str:
    return f"{workers} worker{'s' if workers != 1 else ''}"


class _Serial(Generic[S, R]):
    """Every chunk in this process, one after another, as it is submitted."""

    workers = 1
    label = workers_label(1)

    def __init__(self, work: Callable[[S, int, int], R], shared: S) -> None:
        self._work, self._shared = work, shared
        self._results: dict[int, R] = {}
        self._submitted = 0

    def submit(self, span: Span) -> Hashable:
        handle, self._submitted = self._submitted, self._submitted + 1
        self._results[handle] = self._work(self._shared, *span)
        return handle

    def wait(self, handles: Collection[Hashable]) -> Iterable[Hashable]:
        return handles

    def outcome(self, handle: Hashable) -> R | Lost:
        assert isinstance(handle, int)
        return self._results.pop(handle)

    def stop(self) -> None:
        self._results.clear()

    def close(self) -> None:
        self._results.clear()


def _worker_signals() -> None:
    """In a worker: Ctrl-C is the parent's to handle (a terminal sends it to the whole process
    group); the parent then stops the workers itself. SIGTERM ends a worker at once, whatever
    handler it inherited from the parent: a broken pool stops its workers with SIGTERM, and a
    Python handler would never run in a worker blocked on the lock a killed sibling held."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


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
    # Let the executor's own thread see its workers gone and close its wake-up pipe now: on
    # Python 3.11 the interpreter's exit hook may otherwise write to that pipe while the
    # thread closes it (a race CPython 3.12 fixed), and print a traceback after "interrupted".
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(timeout=2.0)


class _Pool(Generic[S, R]):
    """Chunks on a pool of worker processes. A worker that dies (the OOM killer, a kill)
    breaks the whole pool: every chunk in flight is lost, and the next submit starts a new
    pool for them."""

    def __init__(self, work: Callable[[S, int, int], R], shared: S, workers: int, start_method: str | None) -> None:
        self._work, self._shared = work, shared
        self.workers = workers
        self.label = workers_label(workers)
        self._context = multiprocessing.get_context(start_method)
        self._pool = self._new_pool()
        self._current: set[Future[Any]] = set()
        """The futures of the pool now running: a loss among them means it is broken."""
        self._broken = False

    def _new_pool(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=self._context, initializer=_worker_signals)

    def _restart(self) -> None:
        """A new pool; the broken one fails every chunk it still had (each comes back lost)."""
        self._pool.shutdown(wait=True)
        self._pool, self._current, self._broken = self._new_pool(), set(), False

    def submit(self, span: Span) -> Hashable:
        if self._broken:
            self._restart()
        try:
            future = self._pool.submit(self._work, self._shared, *span)
        except BrokenProcessPool:  # it broke before its lost chunks came back
            self._restart()
            future = self._pool.submit(self._work, self._shared, *span)
        self._current.add(future)
        return future

    def wait(self, handles: Collection[Hashable]) -> Iterable[Hashable]:
        futures: list[Future[Any]] = [h for h in handles if isinstance(h, Future)]
        return wait(futures, return_when=FIRST_COMPLETED).done

    def outcome(self, handle: Hashable) -> R | Lost:
        assert isinstance(handle, Future)
        current = handle in self._current
        self._current.discard(handle)
        try:
            result: R = handle.result()
        except BrokenProcessPool as error:
            self._broken = self._broken or current
            return Lost(f"a worker process died: {error}")
        return result

    def stop(self) -> None:
        _stop_pool(self._pool)

    def close(self) -> None:
        self._pool.shutdown()


@dataclass(frozen=True)
class Local:
    """Chunks on this machine: in this process for one worker (or a single chunk), else on a
    pool of ``workers`` processes (``start_method`` as in :mod:`multiprocessing`; the
    platform's default when ``None``)."""

    workers: int = 1
    start_method: str | None = None

    def start(self, work: Callable[[S, int, int], R], shared: S, chunks: int) -> Dispatcher[R]:
        workers = min(self.workers, chunks)
        if workers <= 1:
            return _Serial(work, shared)
        return _Pool(work, shared, workers, self.start_method)


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
