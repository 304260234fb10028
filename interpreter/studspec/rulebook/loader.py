"""The loading pipeline: YAML file -> documents along ``extends`` -> merged book -> Variant.

Every problem of a book is found in one run, so that a card room fixes them all at once:
every file along the ``extends`` chain is read and checked against the schema on its own,
so errors point into the file that has them; if every file of the chain could be read, the
chain is merged (merging does not need valid files: a refused value is merged like any
other), the merged book is checked against the schema again (it must now be complete), and
the semantic checks run on it, each check that reads no refused value. Only a file that
cannot be read, a missing parent or an ``extends`` cycle stops the pipeline early: there is
no merged book to check then.

Where rule books may come from: a bare name is a built-in book; anything else is a path.
By default a path may be anywhere (the CLI's own arguments, a book's ``extends``);
``allowed=(folder, ...)`` confines every path, the one given and each one reached through
``extends``, to those folders (:func:`.catalog.confine`); built-in books are always allowed.

:func:`validate_file` returns all the problems found; :func:`load_variant` raises them as one
:class:`SpecErrors` and caches each loaded :class:`Variant`, since the interpreter compiles a
variant once and looks it up by name many times.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from studspec.errors import SpecError, SpecErrors, UnknownVariantError

from . import (
    decision_checks,  # noqa: F401  (registers the decision checks)
    deck_checks,  # noqa: F401  (registers the checks of a stripped deck)
    roll_checks,  # noqa: F401  (registers the checks of turns until the best is beaten)
    wild_checks,  # noqa: F401  (registers the checks of changing wild cards)
)
from .advice import SpecWarning, warnings_for
from .build import build_variant
from .catalog import Folders, allowed_folders, builtin_path, confine, is_builtin_name
from .checks import semantic_errors
from .merge import display_path, merge, not_a_rule_book, parent_of
from .model import Variant
from .nodes import NodePath, node_label, unique_sorted
from .schema import SchemaCheck, schema_check
from .yamlload import Document, load_document

PathOrName = str | os.PathLike[str]
Allowed = Iterable[PathOrName] | None
"""Folders rule books may come from (``None``: anywhere); built-in books are always allowed."""


@dataclass(frozen=True)
class _Target:
    """A rule book to read: its file, the name errors give it, and ``Variant.source``."""

    path: Path
    file: str
    source: str


def _target(name_or_path: PathOrName, folders: Folders | None = None) -> _Target:
    """Read a bare name (no slash, no ``.yaml``) as a built-in rule book, anything else as a path
    (which must lie in one of ``folders``, if given)."""
    if isinstance(name_or_path, str) and is_builtin_name(name_or_path):
        try:
            path = builtin_path(name_or_path)
        except UnknownVariantError as problem:
            raise SpecErrors([SpecError(name_or_path, 1, 1, f"{problem}; or give a path to a .yaml file")]) from None
        return _Target(path, display_path(path), f"builtin:{name_or_path}")
    text = os.fspath(name_or_path)
    try:
        confine(text, folders)
    except SpecError as error:
        raise SpecErrors([error]) from None
    return _Target(Path(text), text, text)


@dataclass
class Resolution:
    """The outcome of reading a rule book: the merged document or the problems, and the files read."""

    document: Document | None
    errors: list[SpecError]
    files: list[Path]
    warnings: list[SpecWarning] = field(default_factory=list)
    """What a valid book says that its author probably did not mean (:mod:`.advice`)."""


@dataclass
class _Chain:
    """The books along ``extends``, child first, each with its own schema check."""

    docs: list[Document] = field(default_factory=list)
    checks: list[SchemaCheck] = field(default_factory=list)
    errors: list[SpecError] = field(default_factory=list)
    files: list[Path] = field(default_factory=list)
    complete: bool = False
    """Whether every book of the chain was read, up to one that extends nothing: then it merges."""


def _read_chain(target: _Target, folders: Folders | None) -> _Chain:
    """Read the book and every book it extends, each validated against the schema on its own."""
    chain = _Chain()
    seen: list[tuple[Path, str]] = []
    real, shown = target.path.resolve(), target.file
    while True:
        chain.files.append(real)
        doc, problems = load_document(real, shown)
        if doc is None:
            chain.errors.extend(problems)
            return chain
        refused = not_a_rule_book(chain.docs[-1], doc, shown) if chain.docs else None
        if refused is not None:  # say nothing of what is inside it
            chain.errors.append(refused)
            return chain
        chain.errors.extend(problems)
        chain.checks.append(schema_check(doc))
        chain.errors.extend(chain.checks[-1].errors)
        chain.docs.append(doc)
        seen.append((real, shown))
        parent = parent_of(doc, real, folders)
        if parent is None:
            chain.complete = not (isinstance(doc.data, dict) and "extends" in doc.data)
            return chain
        if isinstance(parent, SpecError):
            chain.errors.append(parent)
            return chain
        if parent[0] in (path for path, _ in seen):
            chain.errors.append(_cycle(doc, [*(name for _, name in seen), parent[1]]))
            return chain
        real, shown = parent


def _cycle(doc: Document, names: list[str]) -> SpecError:
    return doc.error(
        ("extends",),
        f"extends cycle: {' -> '.join(names)}; a rule book cannot extend itself, directly or through others",
    )


def _merged(chain: _Chain) -> tuple[Document, SchemaCheck, list[SpecError]]:
    """The chain merged, its schema check, and the merge's own problems (street patches)."""
    merged = chain.docs[-1]
    errors: list[SpecError] = []
    for child in reversed(chain.docs[:-1]):
        merged, problems = merge(merged, child)
        errors.extend(problems)
    check = schema_check(merged) if len(chain.docs) > 1 else chain.checks[0]
    return merged, check, errors


def _problem(error: SpecError) -> tuple[str, int, int, str]:
    """What makes two reports the same problem: the place and the message without the node's
    name (a street patch is ``streets.fourth`` in its file, ``streets[1]`` once merged); a
    problem about the whole book (a missing section) is the same wherever it is reported."""
    label = node_label(error.node) + ": "
    message = error.message.removeprefix(label)
    if error.node == ():
        return ("", 0, 0, message)
    return (error.path, error.line, error.col, message)


def _new_only(found: list[SpecError], more: list[SpecError]) -> list[SpecError]:
    """The problems of ``more`` not already in ``found`` (in other words)."""
    known = {_problem(error) for error in found}
    return [error for error in more if _problem(error) not in known]


def resolve(name_or_path: PathOrName, allowed: Allowed = None) -> Resolution:
    """Read, merge and check a rule book; every problem found, or the merged document.

    ``allowed``: the folders rule books may come from (see the module's docstring). Raises
    :class:`SpecErrors` only for a bare name that is no built-in rule book, or a path outside
    ``allowed``.
    """
    folders = allowed_folders(allowed)
    target = _target(name_or_path, folders)
    chain = _read_chain(target, folders)
    errors = list(chain.errors)
    if not chain.complete:
        return Resolution(None, unique_sorted(errors, target.file), chain.files)
    merged, check, problems = _merged(chain)
    errors.extend(problems)
    errors.extend(_new_only(errors, check.errors))
    semantic = semantic_errors(merged, check.invalid)
    errors.extend(_new_only(errors, [_inherited(error, chain.docs[0], merged.data) for error in semantic]))
    if errors:
        return Resolution(None, unique_sorted(errors, target.file), chain.files)
    return Resolution(merged, [], chain.files, warnings_for(chain.docs, target.path))


def _inherited(error: SpecError, own: Document, book: object) -> SpecError:
    """A problem with a value the book inherits is reported in the book itself, at its
    ``extends``: that is the file the user edits (the parent may be an installed built-in
    book), and the message names the key to set there and where the inherited value is."""
    if error.path == own.file:
        return error
    mark = own.locate(("extends",))
    what = f"set {_patch_label(error.node, book)} in this file" if error.node else "override it in this file"
    note = f" (inherited from {error.path}:{error.line}:{error.col}; {what} to change it)"
    return SpecError(mark.file, mark.line, mark.col, error.message + note, error.node)


def _patch_label(node: NodePath, book: object) -> str:
    """How a child book names ``node`` to override it: a street by its id, as a patch of
    ``streets`` writes it (``streets.fourth.open_pair_big_bet``)."""
    if len(node) > 1 and node[0] == "streets" and isinstance(node[1], int) and isinstance(book, dict):
        streets = book.get("streets")
        if isinstance(streets, list) and node[1] < len(streets) and isinstance(streets[node[1]], dict):
            street_id = streets[node[1]].get("id")
            if isinstance(street_id, str):
                return node_label(("streets", street_id, *node[2:]))
    return node_label(node)


def validate_file(path: PathOrName, allowed: Allowed = None) -> list[SpecError]:
    """Every problem of the rule book at ``path`` (or a built-in name), sorted by file and line.

    An empty list means the book loads. ``allowed``: the folders rule books may come from
    (``None``, the default: anywhere; built-in books always). Nothing is cached: an editor may
    call this on every save.

    >>> validate_file("seven-card-stud")
    []
    """
    try:
        return resolve(path, allowed).errors
    except SpecErrors as problem:
        return list(problem.errors)


def _rule_book_files(text: str) -> list[str]:
    """The files a CLI argument stands for: a file or name as given, a directory's YAML files."""
    path = Path(text)
    if path.is_dir():
        found = sorted({*path.rglob("*.yaml"), *path.rglob("*.yml")})
        return [str(p) for p in found if p.is_file()]
    return [text]


@dataclass(frozen=True)
class PathsReport:
    """What ``studspec validate PATH...`` found: books checked, error lines, warning lines."""

    checked: int
    errors: list[str]
    warnings: list[str]


def check_paths(paths: list[str], allowed: Allowed = None) -> PathsReport:
    """Check every rule book ``paths`` stand for, with the warnings of the valid ones.

    A directory stands for every ``*.yaml``/``*.yml`` under it; a bare name for a built-in
    book. ``allowed`` confines every book and what it extends to those folders (default:
    anywhere). The CLI exits 0 when there is no error line (warnings do not fail a book).
    """
    folders = allowed_folders(allowed)
    report = PathsReport(0, [], [])
    checked = 0
    for text in paths:
        for file in _rule_book_files(text):
            checked += 1
            try:
                resolution = resolve(file, folders)
            except SpecErrors as problem:
                report.errors.extend(str(error) for error in problem.errors)
                continue
            report.errors.extend(str(error) for error in resolution.errors)
            report.warnings.extend(str(warning) for warning in resolution.warnings)
    return PathsReport(checked, report.errors, report.warnings)


def validate_paths(paths: list[str], allowed: Allowed = None) -> tuple[int, list[str]]:
    """For ``studspec validate PATH...``: how many rule books were checked, and every error
    line (:func:`check_paths` gives the warnings too)."""
    report = check_paths(paths, allowed)
    return report.checked, report.errors


_Stamp = tuple[Path, int, int]
_cache: dict[tuple[Path, str, Folders | None], tuple[tuple[_Stamp, ...], Variant]] = {}
_cache_lock = threading.Lock()


def _stamps(files: list[Path]) -> tuple[_Stamp, ...] | None:
    """Modification time and size of each file, to tell whether a cached Variant is stale."""
    try:
        return tuple((f, f.stat().st_mtime_ns, f.stat().st_size) for f in files)
    except OSError:
        return None


def load_variant(name_or_path: PathOrName, allowed: Allowed = None) -> Variant:
    """The :class:`Variant` of a built-in rule book name or a YAML file path.

    ``allowed``: the folders rule books may come from, e.g. ``allowed=(case_folder,)``. The
    default ``None`` allows any path; with folders, the path given and every path reached
    through ``extends`` must lie in one of them once symlinks and ``..`` are resolved, or the
    problem is a :class:`~studspec.errors.RuleBookOutsideError`. Built-in books (a bare name,
    or a file in the built-in folder) are always allowed.

    Raises :class:`SpecErrors` (a :class:`SpecError`, so a ``ValueError``) holding every
    problem; ``str()`` of it is the first problem's line. Results are cached per file and
    reused while neither the file nor any book it extends has changed on disk; treat the
    returned ``Variant`` (including its ``resolved`` mapping) as read-only.

    >>> razz = load_variant("razz")
    >>> razz.title, razz.max_players, [street.id for street in razz.streets]
    ('Razz', 8, ['third', 'fourth', 'fifth', 'sixth', 'seventh'])
    """
    folders = allowed_folders(allowed)
    target = _target(name_or_path, folders)
    key = (target.path.resolve(), target.source, folders)
    with _cache_lock:
        hit = _cache.get(key)
    if hit is not None and _stamps([stamp[0] for stamp in hit[0]]) == hit[0]:
        return hit[1]
    resolution = resolve(name_or_path, folders)
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
