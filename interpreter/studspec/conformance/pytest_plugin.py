"""pytest plugin (entry point ``pytest11``): conformance cases as test items.

``pytest tests/conformance`` collects every ``.phh`` case under a directory named
``conformance`` (the ini option ``studspec_case_dirs`` names others), or any ``.phh`` file
given on the command line, as one test each, run against the reference interpreter or,
with ``--studspec-engine COMMAND``, against another engine over the protocol. Other
``.phh`` files (hand histories that are not cases) are left alone, since the plugin is
active wherever studspec is installed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from studspec.errors import StudspecError

from .adapter import InProcessEngine
from .process import ProcessEngine
from .report import failure_text
from .runner import CaseResult, Engine, run_case

_ENGINE = pytest.StashKey["Engine"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("studspec", "studspec conformance cases")
    group.addoption(
        "--studspec-engine", metavar="COMMAND", default=None,
        help="run .phh conformance cases against this engine (JSON-lines protocol) instead of the interpreter",
    )  # fmt: skip
    group.addoption(
        "--studspec-timeout", type=float, default=5.0, metavar="SECONDS",
        help="per-message timeout for --studspec-engine (default 5)",
    )  # fmt: skip
    group.addoption(
        "--studspec-all-mismatches", action="store_true", default=False,
        help="report every disagreement in a case, not only the first",
    )  # fmt: skip
    parser.addini(
        "studspec_case_dirs", type="linelist", default=["conformance"],
        help="names of directories whose .phh files are conformance cases (default: conformance)",
    )  # fmt: skip


def _is_case(file_path: Path, parent: pytest.Collector) -> bool:
    if file_path.suffix != ".phh":
        return False
    if parent.session.isinitpath(file_path):
        return True
    names = set(parent.config.getini("studspec_case_dirs"))
    return any(part in names for part in file_path.parent.parts)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    if _is_case(file_path, parent):
        return CaseFile.from_parent(parent, path=file_path)
    return None


def _engine(config: pytest.Config) -> Engine:
    engine = config.stash.get(_ENGINE, None)
    if engine is None:
        command = config.getoption("studspec_engine")
        timeout = config.getoption("studspec_timeout")
        if command:
            engine = ProcessEngine(command, timeout=timeout, startup_timeout=max(timeout, 30.0))
        else:
            engine = InProcessEngine()
        config.stash[_ENGINE] = engine
    return engine


def pytest_unconfigure(config: pytest.Config) -> None:
    engine = config.stash.get(_ENGINE, None)
    if engine is not None:
        engine.close()


class CaseFailed(StudspecError):
    """A case disagreed with the engine; carries the result for the report."""

    def __init__(self, result: CaseResult) -> None:
        super().__init__(failure_text(result))
        self.result = result


class CaseFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        yield CaseItem.from_parent(self, name="case")


class CaseItem(pytest.Item):
    """One case: passes when the engine agrees with it at every checkpoint and at the end."""

    def runtest(self) -> None:
        engine = _engine(self.config)
        result = run_case(self.path, engine, keep_going=self.config.getoption("studspec_all_mismatches"))
        start_error = getattr(engine, "start_error", None)
        if start_error is not None:  # no engine to check: one line, not a failure per case
            pytest.exit(str(start_error), returncode=pytest.ExitCode.USAGE_ERROR)
        if result.rule:
            self.user_properties.append(("rule", result.rule))
        if result.partial:
            self.user_properties.append(("partial", "true"))
        if not result.passed:
            raise CaseFailed(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, CaseFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"conformance case {self.path.name}"
