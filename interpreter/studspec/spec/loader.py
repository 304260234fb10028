"""The loading pipeline: YAML file -> documents along ``extends`` -> merged book -> Variant.

Problems are collected in stages, each stage running only on what the earlier ones accepted
(a book whose YAML does not parse cannot be schema-checked; a merge needs schema-valid
files): every file along the ``extends`` chain is read and checked against the schema on its
own, so errors point into the file that has them; then the chain is merged, the merged book
is checked against the schema again (it must now be complete) and by the semantic checks.

:func:`validate_file` returns all the problems found; :func:`load_variant` raises them as one
:class:`SpecErrors` and caches each loaded :class:`Variant`, since the interpreter compiles a
variant once and looks it up by name many times.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from studspec.errors import SpecError, SpecErrors, UnknownVariantError

from .build import build_variant
from .catalog import builtin_path, is_builtin_name
from .checks import semantic_errors
from .merge import display_path, merge, parent_of
from .model import Variant
from .nodes import unique_sorted
from .schema import schema_errors
from .yamlload import Document, load_document

PathOrName = str | os.PathLike[str]


@dataclass(frozen=True)
class _Target:
    """A rule book to read: its file, the name errors give it, and ``Variant.source``."""

    path: Path
    file: str
    source: str


def _target(name_or_path: PathOrName) -> _Target:
    """Read a bare name (no slash, no ``.yaml``) as a built-in rule book, anything else as a path."""
    if isinstance(name_or_path, str) and is_builtin_name(name_or_path):
        try:
            path = builtin_path(name_or_path)
        except UnknownVariantError as problem:
            raise SpecErrors([SpecError(name_or_path, 1, 1, f"{problem}; or give a path to a .yaml file")]) from None
        return _Target(path, display_path(path), f"builtin:{name_or_path}")
    text = os.fspath(name_or_path)
    return _Target(Path(text), text, text)


@dataclass
class Resolution:
    """The outcome of reading a rule book: the merged document or the problems, and the files read."""

    document: Document | None
    errors: list[SpecError]
    files: list[Path]


def _read_chain(target: _Target) -> tuple[list[Document], list[SpecError], list[Path]]:
    """Read the book and every book it extends, each validated against the schema on its own."""
    docs: list[Document] = []
    errors: list[SpecError] = []
    files: list[Path] = []
    seen: list[tuple[Path, str]] = []
    real, shown = target.path.resolve(), target.file
    while True:
        files.append(real)
        doc, problems = load_document(real, shown)
        errors.extend(problems)
        if doc is None:
            break
        errors.extend(schema_errors(doc))
        docs.append(doc)
        seen.append((real, shown))
        parent = parent_of(doc, real)
        if parent is None:
            break
        if isinstance(parent, SpecError):
            errors.append(parent)
            break
        if parent[0] in (path for path, _ in seen):
            chain = " -> ".join([*(name for _, name in seen), parent[1]])
            errors.append(
                doc.error(
                    ("extends",),
                    f"extends cycle: {chain}; a rule book cannot extend itself, directly or through others",
                )
            )
            break
        real, shown = parent
    return docs, errors, files


def resolve(name_or_path: PathOrName) -> Resolution:
    """Read, merge and check a rule book; every problem found, or the merged document.

    Raises :class:`SpecErrors` only for a bare name that is no built-in rule book.
    """
    target = _target(name_or_path)
    docs, errors, files = _read_chain(target)
    if errors:
        return Resolution(None, unique_sorted(errors, target.file), files)
    merged = docs[-1]
    for child in reversed(docs[:-1]):
        merged, problems = merge(merged, child)
        errors.extend(problems)
    if not errors and len(docs) > 1:
        errors.extend(schema_errors(merged))
    if not errors:
        errors.extend(_inherited(error, target.file) for error in semantic_errors(merged))
    if errors:
        return Resolution(None, unique_sorted(errors, target.file), files)
    return Resolution(merged, [], files)


def _inherited(error: SpecError, top: str) -> SpecError:
    """A problem that points into a parent book says so: the user edits the child, and a
    line in an installed file could otherwise read as a bug in the built-in book."""
    if error.path == top:
        return error
    note = f" (a value {top} inherits from this book; override it in {top})"
    return SpecError(error.path, error.line, error.col, error.message + note, error.node)


def validate_file(path: PathOrName) -> list[SpecError]:
    """Every problem of the rule book at ``path`` (or a built-in name), sorted by file and line.

    An empty list means the book loads. Nothing is cached: an editor may call this on every save.
    """
    try:
        return resolve(path).errors
    except SpecErrors as problem:
        return list(problem.errors)


def _rule_book_files(text: str) -> list[str]:
    """The files a CLI argument stands for: a file or name as given, a directory's YAML files."""
    path = Path(text)
    if path.is_dir():
        found = sorted({*path.rglob("*.yaml"), *path.rglob("*.yml")})
        return [str(p) for p in found if p.is_file()]
    return [text]


def validate_paths(paths: list[str]) -> tuple[int, list[str]]:
    """For ``studspec validate PATH...``: how many rule books were checked, and every error line.

    A directory stands for every ``*.yaml``/``*.yml`` under it; a bare name for a built-in
    book. The CLI exits 0 when the list of error lines is empty.
    """
    checked = 0
    lines: list[str] = []
    for text in paths:
        for file in _rule_book_files(text):
            checked += 1
            lines.extend(str(error) for error in validate_file(file))
    return checked, lines


_Stamp = tuple[Path, int, int]
_cache: dict[tuple[Path, str], tuple[tuple[_Stamp, ...], Variant]] = {}
_cache_lock = threading.Lock()


def _stamps(files: list[Path]) -> tuple[_Stamp, ...] | None:
    """Modification time and size of each file, to tell whether a cached Variant is stale."""
    try:
        return tuple((f, f.stat().st_mtime_ns, f.stat().st_size) for f in files)
    except OSError:
        return None


def load_variant(name_or_path: PathOrName) -> Variant:
    """The :class:`Variant` of a built-in rule book name or a YAML file path.

    Raises :class:`SpecErrors` (a :class:`SpecError`, so a ``ValueError``) holding every
    problem; ``str()`` of it is the first problem's line. Results are cached per file and
    reused while neither the file nor any book it extends has changed on disk; treat the
    returned ``Variant`` (including its ``resolved`` mapping) as read-only.
    """
    target = _target(name_or_path)
    key = (target.path.resolve(), target.source)
    with _cache_lock:
        hit = _cache.get(key)
    if hit is not None and _stamps([stamp[0] for stamp in hit[0]]) == hit[0]:
        return hit[1]
    resolution = resolve(name_or_path)
    if resolution.document is None:
        raise SpecErrors(resolution.errors)
    variant = build_variant(resolution.document.data, target.source)
    stamps = _stamps(resolution.files)
    if stamps is not None:
        with _cache_lock:
            _cache[key] = (stamps, variant)
    return variant


def clear_cache() -> None:
    """Forget every cached Variant (tests that rewrite rule books in place use it)."""
    with _cache_lock:
        _cache.clear()
