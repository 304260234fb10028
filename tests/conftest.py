"""Shared fixtures: the shipped rule books and the real WSOP hands in ../shared."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from studspec.rulebook import builtin_names

ROOT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path:
    """../shared beside the checkout (CI lays it beside the clone); STUDSPEC_SHARED overrides."""
    override = os.environ.get("STUDSPEC_SHARED")
    if override:
        return Path(override)
    for candidate in (ROOT.parent / "shared", ROOT / "shared"):
        if candidate.is_dir():
            return candidate
    return ROOT.parent / "shared"


CORE_BOOKS = ("seven-card-stud", "seven-card-stud-hi-lo", "razz")
BUILTIN_BOOKS = tuple(builtin_names())
"""Every shipped rule book: the property tests run over all of them, all structures included."""


def wsop_hands() -> list[Path]:
    """The 36 WSOP hands; a clear failure, not an empty list, when shared/ is not found."""
    path = shared_dir() / "phh" / "wsop-2023"
    hands = sorted(path.glob("*.phh"))
    if not hands:
        pytest.fail(
            f"the WSOP hands are not at {path}: put the project's shared/ folder beside the "
            "clone, or set STUDSPEC_SHARED to it"
        )
    return hands


@pytest.fixture(autouse=True)
def _config_folder_of_its_own(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets a configuration folder of its own, not yet made (``STUDSPEC_CONFIG_DIR``),
    so that the key saved games are sealed with (issue 21 item 11) is never the real home's,
    and no test sees another's key. Commands the test starts inherit it."""
    folder = tmp_path_factory.mktemp("home") / "config" / "studspec"
    monkeypatch.setenv("STUDSPEC_CONFIG_DIR", str(folder))
    return folder
