"""Where a command's chunks run: this machine's cores, or a Ray cluster, as its options say.

Kept apart from :mod:`.chunks` (the loop every backend shares) and :mod:`.cluster` (the Ray
backend, which builds on it), so that neither imports the other's user. The Ray backend is
loaded only for a cluster, and Ray itself only inside :func:`studspec.play.cluster.connect`.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

from .chunks import Backend, Local, default_workers


def open_backend(cluster: str | None, workers: int | None) -> AbstractContextManager[Backend]:
    """The backend a command's ``--cluster`` and ``--workers`` ask for, to use in a ``with``:
    without a cluster, :class:`~.chunks.Local` on ``workers`` processes (every core when
    ``None``); else a connection to the Ray cluster at ``cluster``, closed at the end of the
    ``with`` (``workers`` then caps the chunks running at once; the cluster's CPUs when
    ``None``). Its problems raise :class:`~studspec.errors.ClusterError`."""
    if cluster is None:
        return nullcontext(Local(workers or default_workers()))
    from .cluster import connect  # only for a cluster: a local run never loads the Ray backend

    return connect(cluster, workers=workers)
