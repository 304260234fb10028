"""``extends``: find the rule book a book starts from, and merge the two.

A house rule names a book and states only what differs. Mappings merge deeply (a child's
``stakes: {ante: 0}`` changes the ante alone); lists replace (a child's ``pots.shares`` is the
whole new list), except that a child may write ``streets`` as a mapping of street id to a
patch of that street, so ``fourth: {open_pair_big_bet: false}`` need not repeat the other
streets. Every merged value keeps the mark of the file it came from, so a problem found in
the merged book still points at the file and line that wrote it.

What names a book is not inherited: ``extends`` itself, and ``phh_codes`` (a house rule
plays by other rules than its parent, so a history of it must not claim the parent's PHH
variant code; a child lists its own codes, none by default).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from studspec.errors import NotARuleBookError, RuleBookOutsideError, SpecError, UnknownVariantError

from .catalog import WHERE_FROM, Folders, builtin_path, is_builtin_name, outside
from .nodes import NodePath, excerpt
from .yamlload import Document, not_regular

NOT_INHERITED = frozenset({"extends", "phh_codes"})
"""Top-level keys a child never takes from its parent."""


def display_path(path: Path) -> str:
    """How to name a file the user did not type: relative to the working directory if inside it."""
    try:
        return os.path.relpath(path) if path.is_relative_to(Path.cwd()) else str(path)
    except (OSError, ValueError):
        return str(path)


def parent_of(doc: Document, real_path: Path, folders: Folders | None = None) -> tuple[Path, str] | SpecError | None:
    """The file ``doc`` extends, as (real path, name to show), or the error that prevents it.

    ``None`` when ``doc`` extends nothing, or ``extends`` is not text (the schema reports that).
    A value with a slash or a ``.yaml``/``.yml`` suffix is a path relative to the extending
    file; anything else is a built-in rule book's name. A path must lie in one of ``folders``
    (anywhere if ``None``; see :func:`.catalog.outside`), checked before the file is looked at,
    and be a regular file (a FIFO or a device is refused from its ``stat``, never opened).
    """
    if not isinstance(doc.data, dict):
        return None
    target = doc.data.get("extends")
    if not isinstance(target, str) or not target:
        return None
    where: NodePath = ("extends",)
    if is_builtin_name(target):
        try:
            path = builtin_path(target)
        except UnknownVariantError as problem:
            return doc.error(where, f"{problem}; or give a path to a .yaml file (relative to this file)")
        return path.resolve(), display_path(path)
    path = real_path.parent / target
    why = outside(path.resolve(), folders)
    if why is not None:
        return doc.error(where, f"{excerpt(target)} {why}", kind=RuleBookOutsideError)
    try:
        mode = path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return doc.error(
            where, f"file not found: {excerpt(target)} (looked for {path}); a path is relative to this file"
        )
    except OSError as problem:
        return doc.error(where, f"cannot read {excerpt(target)}: {problem.strerror or problem}")
    why = not_regular(mode)
    if why is not None:
        return doc.error(where, f"{excerpt(target)} is not a rule book: {why}", kind=NotARuleBookError)
    shown = os.path.normpath(os.path.join(os.path.dirname(doc.file), target))
    return path.resolve(), shown


def not_a_rule_book(child: Document, parent: Document, shown: str) -> SpecError | None:
    """Why the file ``child`` extends (read as ``parent``) is no rule book, or ``None``.

    Said at the child's ``extends``, and without quoting the parent: a mistyped ``extends``
    can name any file (``../../etc/passwd``), and its content must not reach the output.
    """
    if isinstance(parent.data, dict) and "schema_version" in parent.data:
        return None
    why = "not a YAML mapping" if not isinstance(parent.data, dict) else "it does not state schema_version"
    return child.error(
        ("extends",), f"{excerpt(shown, 200)} is not a rule book: {why}; {WHERE_FROM}", kind=NotARuleBookError
    )


def _copy(source: Document, value: Any, src: NodePath, out: Document, dst: NodePath) -> Any:
    """A copy of ``value`` placed at ``dst`` in ``out``, with its marks from ``source``."""
    if src in source.values:
        out.values[dst] = source.values[src]
    if src in source.keys:
        out.keys[dst] = source.keys[src]
    if src in source.unreadable:
        out.unreadable.add(dst)
    if isinstance(value, dict):
        return {k: _copy(source, v, (*src, k), out, (*dst, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(source, v, (*src, i), out, (*dst, i)) for i, v in enumerate(value)]
    return value


class _Merger:
    """Merges one child document over its (already merged) parent."""

    def __init__(self, parent: Document, child: Document) -> None:
        self.parent = parent
        self.child = child
        self.out = Document(child.file, None)
        self.errors: list[SpecError] = []

    def mapping(
        self, pval: dict[str, Any], ppath: NodePath, cval: dict[str, Any], cpath: NodePath, dst: NodePath
    ) -> dict[str, Any]:
        """Deep merge: the child's keys win, mappings merge key by key, anything else replaces."""
        result: dict[str, Any] = {}
        for key in [*pval, *(k for k in cval if k not in pval)]:
            if dst == () and (key == "extends" or (key in NOT_INHERITED and key not in cval)):
                continue
            here = (*dst, key)
            if key not in cval:
                result[key] = _copy(self.parent, pval[key], (*ppath, key), self.out, here)
                continue
            pv, cv = pval.get(key), cval[key]
            if key not in pval:
                result[key] = _copy(self.child, cv, (*cpath, key), self.out, here)
            elif dst == () and key == "streets" and isinstance(cv, dict) and isinstance(pv, list):
                result[key] = self.streets(pv, (*ppath, key), cv, (*cpath, key), here)
            elif isinstance(pv, dict) and isinstance(cv, dict):
                result[key] = self.mapping(pv, (*ppath, key), cv, (*cpath, key), here)
            else:
                result[key] = _copy(self.child, cv, (*cpath, key), self.out, here)
            self._mark_from_child((*cpath, key), here)
        return result

    def _mark_from_child(self, src: NodePath, dst: NodePath) -> None:
        if src in self.child.keys:
            self.out.keys[dst] = self.child.keys[src]
        if src in self.child.values:
            self.out.values[dst] = self.child.values[src]
        if src in self.child.unreadable:
            self.out.unreadable.add(dst)

    def streets(
        self, plist: list[Any], ppath: NodePath, patches: dict[str, Any], cpath: NodePath, dst: NodePath
    ) -> list[Any]:
        """Patch the parent's streets by id: each patch merges into the street it names."""
        ids = [s.get("id") if isinstance(s, dict) else None for s in plist]
        result = [_copy(self.parent, s, (*ppath, i), self.out, (*dst, i)) for i, s in enumerate(plist)]
        for street_id, patch in patches.items():
            where = (*cpath, street_id)
            if street_id not in ids:
                known = ", ".join(str(i) for i in ids)
                self.errors.append(
                    self.child.error(
                        where, f"unknown street id {street_id!r}; the streets to patch are: {known}", key=True
                    )
                )
                continue
            if not isinstance(patch, dict):
                continue  # the schema reports the wrong type
            if "id" in patch and patch["id"] != street_id:
                self.errors.append(
                    self.child.error(
                        (*where, "id"),
                        f"a street patch cannot rename a street; remove id or set it to {street_id!r} "
                        "(the key names the street)",
                    )
                )
                continue
            index = ids.index(street_id)
            street = plist[index]
            result[index] = self.mapping(street, (*ppath, index), patch, where, (*dst, index))
        return result


def merge(parent: Document, child: Document) -> tuple[Document, list[SpecError]]:
    """``child`` merged over ``parent`` (both plain mappings), and the patch errors found.

    The result is named after the child's file; ``extends`` is dropped from it.
    """
    merger = _Merger(parent, child)
    merger.out.values[()] = child.locate(())
    merger.out.data = merger.mapping(parent.data, (), child.data, (), ())
    return merger.out, merger.errors
