"""Another team's engine as a child process speaking the protocol on stdin/stdout.

One process serves every case of a run (each ``new_hand`` starts afresh). A misbehaving
engine must never hang the harness: every reply is awaited with a deadline, writes are
non-blocking with the same deadline, stdout and stderr are drained by threads, and a crash,
a timeout or a malformed reply raises :class:`EngineFault` after the process (and its
process group) is killed; the next message starts a new process.
"""

from __future__ import annotations

import contextlib
import os
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from typing import IO

from studspec.errors import EngineFault, EngineStartError, ProtocolError

from .protocol import MAX_LINE, Message, Reply, decode_reply, encode

_EOF = None


class ProcessEngine:
    """Drive ``command`` (split like a shell would; use ``sh -c '...'`` for pipes) with a
    per-message ``timeout`` in seconds; the first reply of a freshly started process may take
    ``startup_timeout`` (a server that loads for a while is not hung)."""

    def __init__(
        self, command: str, timeout: float = 5.0, cwd: str | None = None, startup_timeout: float = 30.0
    ) -> None:
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("the engine command is empty")
        self.command = command
        self.timeout = timeout
        self.startup_timeout = startup_timeout
        self.cwd = cwd
        self._fresh = False
        self.process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=20)
        self.starts = 0
        """How many processes were started (a fault makes the next message start another)."""
        self.start_error: EngineStartError | None = None
        """Why the command could not be started, once it could not: no case can run then."""

    # ------------------------------------------------------------------ lifecycle

    def _start(self) -> subprocess.Popen[bytes]:
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=self.cwd,
                start_new_session=True,  # its own process group, killed as a whole
            )
        except OSError as error:
            self.start_error = EngineStartError(f"cannot start engine {self.command!r}: {error.strerror or error}")
            raise self.start_error from None
        self.starts += 1
        self._fresh = True
        self._lines = queue.Queue()
        self._stderr = deque(maxlen=20)
        assert process.stdout is not None and process.stderr is not None and process.stdin is not None
        threading.Thread(target=_pump_lines, args=(process.stdout, self._lines), daemon=True).start()
        threading.Thread(target=_pump_stderr, args=(process.stderr, self._stderr), daemon=True).start()
        os.set_blocking(process.stdin.fileno(), False)
        self.process = process
        return process

    def close(self) -> None:
        """End the process: close its stdin (end of input, the documented way to quit), give
        it a moment to exit, then kill what is left of its process group."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.close()
        except OSError:
            pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=min(1.0, self.timeout))
        _kill(process)

    def _fault(self, message: str) -> EngineFault:
        """Kill the process (the next new_hand starts another) and describe what went wrong."""
        process, self.process = self.process, None
        if process is not None:
            _kill(process)
        tail = self.stderr_tail()
        if tail:
            message += "\n  engine stderr (last lines):\n" + "\n".join(f"    {line}" for line in tail)
        return EngineFault(message)

    def stderr_tail(self) -> list[str]:
        time.sleep(0.05)  # let the stderr thread catch the last words of a dying process
        return list(self._stderr)

    # ------------------------------------------------------------------ messages

    def send(self, message: Message) -> Reply:
        """Write one message and wait for its one-line reply."""
        kind = message.get("type")
        process = self.process
        if process is not None and process.poll() is not None:
            # It died after its last reply: a fault of this hand unless a new one begins.
            if kind != "new_hand":
                raise self._fault(f"engine exited before the {kind} message{_status(process)}")
            self.process = process = None
        if process is None:
            if kind != "new_hand":
                raise EngineFault(f"engine is not running (a {kind} message needs a hand begun by new_hand)")
            process = self._start()
        allowed = max(self.timeout, self.startup_timeout) if self._fresh else self.timeout
        self._fresh = False
        deadline = time.monotonic() + allowed
        try:
            _write_all(process, encode(message).encode("utf-8"), deadline)
        except TimeoutError:
            raise self._fault(f"engine did not read the {kind} message within {allowed:g} s") from None
        except OSError:
            raise self._fault(f"engine closed its input before the {kind} message{_status(process)}") from None
        try:
            line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise self._fault(f"no reply to the {kind} message within {allowed:g} s") from None
        if line is _EOF:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=1.0)
            raise self._fault(
                f"engine closed its output (crashed?) instead of answering the {kind} message{_status(process)}"
            )
        try:
            return decode_reply(line.decode("utf-8", errors="replace"))
        except ProtocolError as error:
            raise self._fault(f"malformed reply to the {kind} message: {error}") from None


def _status(process: subprocess.Popen[bytes]) -> str:
    code = process.poll()
    if code is None:
        return ""
    if code < 0:
        return f" (killed by signal {-code})"
    return f" (exit status {code})"


def _kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=2.0)
    for stream in (process.stdin, process.stdout, process.stderr):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass


def _write_all(process: subprocess.Popen[bytes], data: bytes, deadline: float) -> None:
    """Write without ever blocking past ``deadline`` (an engine that stops reading its
    input would otherwise hang the harness once the pipe is full)."""
    assert process.stdin is not None
    fd = process.stdin.fileno()
    view = memoryview(data)
    while view:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        _, writable, _ = select.select([], [fd], [], remaining)
        if not writable:
            continue
        try:
            written = os.write(fd, view)
        except BlockingIOError:
            continue
        view = view[written:]


def _pump_lines(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """Queue each line the engine writes. A line over the protocol's limit is queued cut
    short (still over the limit, so it is refused as a reply) and the rest of it skipped: an
    engine writing without end cannot fill the harness's memory."""
    try:
        while line := stream.readline(_LONGEST):
            lines.put(line)
            if len(line) == _LONGEST and not line.endswith(b"\n"):
                while (rest := stream.readline(1 << 16)) and not rest.endswith(b"\n"):
                    pass
    except (OSError, ValueError):
        pass
    lines.put(_EOF)


_LONGEST = 4 * MAX_LINE + 3
"""Bytes of the longest reply line read whole (a character takes at most 4 bytes in UTF-8)."""


def _pump_stderr(stream: IO[bytes], tail: deque[str]) -> None:
    try:
        for line in iter(lambda: stream.readline(1000), b""):
            tail.append(line.decode("utf-8", errors="replace").rstrip())
    except (OSError, ValueError):
        pass
